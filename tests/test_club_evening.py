"""A club's pairs evening as a reviewer ran it: 9 pairs, a Howell of 9 rounds of 3 boards, one
pair sitting out each round, an English site. What the pages, prints, hall screen and check say
before, during and after play."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from generator import catalogues
from generator.build import validate
from generator.cli import main
from generator.render.html import render_site
from generator.render.output import OutputTree

SLUG = "tue"
RESULTS = ("3NT N =", "4S N +1", "2H W =", "3NT N -1", "1NT S +1", "4H E =")


def club_evening(tmp_path: Path, locale: str = "en") -> Path:
    """The evening drawn (`paibang pair --all`), no result entered yet."""
    content = tmp_path / "content"
    (content / f"events/{SLUG}/results").mkdir(parents=True)
    (content / "site.yaml").write_text(f"title: Club\nlocale: {locale}\n", encoding="utf-8")
    entries = "".join(f"  - {{id: P{i}, players: [North{i}, South{i}]}}\n" for i in range(1, 10))
    (content / f"events/{SLUG}/event.yaml").write_text(
        "title: Tuesday Pairs\ngame: bridge\ndates: [2026-12-01]\nentries:\n" + entries
        + "stages:\n  - id: pairs\n    name: Pairs\n    format: pairs\n    scoring: matchpoints\n"
          "    movement: howell\n    rounds: 9\n    boards: 3\n    rank_by: [percent]\n", encoding="utf-8")
    assert main(["pair", SLUG, "pairs", "--all", "--content", str(content)]) == 0
    return content


def play(content: Path, *rounds: int, tables: tuple[int, ...] = (1, 2, 3, 4), results: tuple[str, ...] = RESULTS) -> None:
    """Every board of these rounds' `tables` entered, the tables' results differing (`results`
    taken in turn)."""
    for number in rounds:
        path = content / f"events/{SLUG}/results/round-{number}.yaml"
        count = iter(range(1000))
        head, *blocks = path.read_text(encoding="utf-8").split("  - table: ")
        for place, block in enumerate(blocks):
            if int(re.match(r"\d+", block)[0]) in tables:
                blocks[place] = re.sub(r"# (\d+):", lambda m: f"{m[1]}: {results[(int(m[1]) + number + next(count)) % len(results)]}",
                                       block)
        path.write_text("  - table: ".join([head, *blocks]), encoding="utf-8")


def build(content: Path, tmp_path: Path) -> Path:
    site, results, _ = validate(content)
    out = tmp_path / "output"
    render_site(site, results, {}, OutputTree(out))
    return out


def page(out: Path, path: str) -> str:
    return (out / path).read_text(encoding="utf-8")


# --- 1. the session's boards ---------------------------------------------------------------------


@pytest.mark.parametrize("played", [(), (1, 2, 3), tuple(range(1, 10))])
def test_the_stage_counts_the_sessions_27_boards_before_during_and_after_play(played, tmp_path):
    content = club_evening(tmp_path)
    play(content, *played)
    out = build(content, tmp_path)
    for path in (f"events/{SLUG}/index.html", f"events/{SLUG}/pairs/index.html"):
        text = page(out, path)
        assert "27 boards" in text, path
        assert not re.search(r"(?<!of )\b(3|24) boards", text), path


# --- 2. the hall screen ----------------------------------------------------------------------------


@pytest.fixture()
def desk_in_round_two(tmp_path: Path):
    """The evening at its desk: round 1 played, round 2's tables 1 and 3 in."""
    from tests.test_desk import start

    content = club_evening(tmp_path)
    play(content, 1)
    play(content, 2, tables=(1, 3))
    running = start(content, slug=SLUG)
    yield running
    running.stop()


def screen_text(running) -> str:  # noqa: ANN001
    from tests.test_desk import fetch

    status, html = fetch(f"{running.base}/screen")
    assert status == 200, html
    return re.sub(r"<[^>]+>", "", html)


def test_the_hall_screen_shows_a_pairs_tables_boards_in_not_a_winner(desk_in_round_two) -> None:
    text = screen_text(desk_in_round_two)
    assert "Winner" not in text
    assert text.count("3 boards in") == 2


# --- 3. the sit-out is no table ------------------------------------------------------------------


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True, text=True).stdout


def test_pair_says_four_tables_and_the_sit_out_unnumbered(tmp_path, capsys):
    club_evening(tmp_path)
    out = capsys.readouterr().out
    assert "round 1 (4 tables)" in out and "5 tables" not in out
    assert re.search(r"^\s+Sit-out\s+P1 North1 / South1$", out, re.M), out
    assert "Table 5" not in out and "bye" not in out


def test_the_round_file_keeps_its_table_key_and_calls_it_the_sit_out(tmp_path):
    content = club_evening(tmp_path)
    text = (content / f"events/{SLUG}/results/round-1.yaml").read_text(encoding="utf-8")
    assert "  - table: 5    # Sit-out\n    ns: P1\n" in text


def test_the_draw_pdf_lists_the_sit_out_without_a_table_number(tmp_path):
    content = club_evening(tmp_path)
    out = tmp_path / "output"
    assert main(["build", "--content", str(content), "--output", str(out)]) == 0
    draw = pdf_text(out / f"events/{SLUG}/bulletins/draw-pairs-round-1.pdf")
    assert re.search(r"^\s+Sit-out\s+P1\s+North1 / South1\s*$", draw, re.M), draw
    assert "Sitting out this round: P1." in " ".join(draw.split())
    assert not re.search(r"\bbye\b|Bye|^\s+5\s", draw, re.M), draw
    card = pdf_text(out / f"events/{SLUG}/bulletins/movement-pairs.pdf")
    assert re.search(r"^\s+1\s+Sit-out\s+P1\s*$", card, re.M) and "bye" not in card


def test_the_hall_screen_lists_the_sit_out_without_a_table_number(desk_in_round_two) -> None:
    html = __import__("tests.test_desk", fromlist=["fetch"]).fetch(f"{desk_in_round_two.base}/screen")[1]
    assert ('<span class="no">Sit-out</span> <span class="side" title="P2 North2 / South2"><span class="id">P2</span> '
            '<span class="name">North2 / South2</span></span></li>') in html, html
    assert '<span class="no">5</span>' not in html


def test_the_round_page_names_the_sit_out_without_a_table_number(tmp_path):
    content = club_evening(tmp_path)
    play(content, 1)
    text = page(build(content, tmp_path), f"events/{SLUG}/pairs/round-1/index.html")
    assert '<h2 id="table-5-h">Sit-out</h2>' in text and "Table 5" not in text


# --- 4. a sit-out in a pair's match-by-match table -------------------------------------------------


def test_a_pairs_sit_out_is_shown_as_the_sit_out_without_a_score(tmp_path):
    content = club_evening(tmp_path)
    play(content, 1, 2)
    text = page(build(content, tmp_path), f"events/{SLUG}/entries/P1/index.html")
    row = re.search(r'<th role="rowheader" scope="row">Round 1</th>.*?</tr>', text, re.S)[0]
    assert '<td role="cell" class="outcome sit_out">Sit-out</td>' in row and "Bye" not in row
    cells = re.findall(r'<td role="cell" class="num" data-label="[^"]*">([^<]*)</td>', row)
    assert cells == ["—", "—"], row  # no 0% for the round, and no percentage yet before a board
    row = re.search(r'<th role="rowheader" scope="row">Round 2</th>.*?</tr>', text, re.S)[0]
    # P1 sits EW against P3 on boards 10-12 (NS before the Howell's directions were balanced: 66.67)
    assert re.findall(r'<td role="cell" class="num" data-label="[^"]*">([^<]*)</td>', row) == ["33.33", "33.33"], row
    text = page(tmp_path / "output", f"events/{SLUG}/entries/P2/index.html")  # P2 sits out round 2
    first, second = (re.search(rf'<th role="rowheader" scope="row">Round {n}</th>.*?</tr>', text, re.S)[0] for n in (1, 2))
    so_far = re.findall(r'<td role="cell" class="num" data-label="[^"]*">([^<]*)</td>', first)[1]
    assert re.findall(r'<td role="cell" class="num" data-label="[^"]*">([^<]*)</td>', second) == ["—", so_far] != ["—", "—"]


# --- 5. check during the session -----------------------------------------------------------------


def check_out(content: Path, capsys) -> str:  # noqa: ANN001
    capsys.readouterr()
    main(["check", "--content", str(content)])
    captured = capsys.readouterr()
    return captured.out + captured.err


def test_check_does_not_warn_of_boards_whose_later_rounds_are_not_entered(tmp_path, capsys):
    content = club_evening(tmp_path)
    play(content, 1, 2, 3)
    play(content, 4, tables=(1, 2))  # round 4 being entered
    assert "board-short" not in check_out(content, capsys)


def test_a_table_left_out_is_warned_naming_round_and_table(tmp_path, capsys):
    content = club_evening(tmp_path)
    play(content, 1, 3, 4)
    play(content, 2, tables=(1, 2, 4))  # round 2's table 3 (boards 16-18) left out
    out = check_out(content, capsys)
    assert out.count("[bridge-board-short]") == 3, out
    # board 16: round 3 table 1 has it, round 2 table 3 was left out; round 6 and 8 are to come
    assert "board 16 has results from 1 table (round 3 table 1), of the 2 it should have" in out, out
    # each said at the table left out, round 2's table 3 (its file and line), not at round 3's
    # table 1, which has a result for board 16
    path = content / f"events/{SLUG}/results/round-2.yaml"
    line = path.read_text(encoding="utf-8").split("  - table: 3")[0].count("\n") + 1
    assert re.findall(r"(\S+:\d+):\d+: \S+ \[bridge-board-short\]", out) == [f"content/events/{SLUG}/results/round-2.yaml:{line}"] * 3, out


def test_a_table_missing_from_its_rounds_file_is_warned_in_that_file(tmp_path, capsys):
    """A table not written at all (deleted with its boards): its boards are said short in its
    round's file, where it is to be written again, not in a file of a round that has them."""
    content = club_evening(tmp_path)
    play(content, 1, 2, 3, 4)
    path = content / f"events/{SLUG}/results/round-2.yaml"
    head, *blocks = path.read_text(encoding="utf-8").split("  - table: ")
    path.write_text("  - table: ".join([head, *[b for b in blocks if not re.match(r"3\b", b)]]), encoding="utf-8")
    out = check_out(content, capsys)
    assert re.findall(r"(\S+): \S+ \[bridge-board-short\]", out) == [f"content/events/{SLUG}/results/round-2.yaml"] * 3, out


# --- 6. a player's count of events ------------------------------------------------------------------


def test_a_players_events_count_those_played_apart_from_one_not_played_yet(tmp_path):
    content = club_evening(tmp_path)
    play(content, *range(1, 10))
    earlier = content / "events/earlier"
    earlier.mkdir()
    (earlier / "event.yaml").write_text(
        (content / f"events/{SLUG}/event.yaml").read_text(encoding="utf-8").replace("2026-12-01", "2026-11-24")
        .replace("Tuesday Pairs", "Tuesday Pairs 24 November"), encoding="utf-8")
    (earlier / "results").mkdir()
    for path in (content / f"events/{SLUG}/results").iterdir():
        (earlier / "results" / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    for path in (content / f"events/{SLUG}/results").iterdir():  # tonight's: drawn, nothing entered
        path.unlink()
    assert main(["pair", SLUG, "pairs", "--content", str(content)]) == 0
    out = build(content, tmp_path)
    [player] = [p for p in (out / "players").glob("*/index.html") if "<h1>North1</h1>" in p.read_text(encoding="utf-8")]
    text = player.read_text(encoding="utf-8")
    assert "<dt>Events</dt><dd>1 played, 1 scheduled</dd>" in text, re.search(r"<dl.*?</dl>", text, re.S)[0]


# --- 7. percentages, two decimals everywhere -------------------------------------------------------


def test_a_whole_percentage_is_shown_with_two_decimals_on_pages_screen_and_prints(tmp_path):
    content = club_evening(tmp_path)
    play(content, *range(1, 10), results=("3NT N =",))  # every board flat: every pair 50%
    out = tmp_path / "output"
    assert main(["build", "--content", str(content), "--output", str(out)]) == 0
    stage = page(out, f"events/{SLUG}/pairs/index.html")
    assert stage.count('data-label="Percentage">50.00</td>') == 9, stage
    entry = page(out, f"events/{SLUG}/entries/P1/index.html")
    assert 'data-label="Percentage">50.00</td>' in entry and 'data-label="Percentage so far">50.00</td>' in entry
    assert not re.search(r'data-label="[^"]*(Percentage|%)[^"]*">50</td>', entry), entry
    board = page(out, f"events/{SLUG}/pairs/boards/1/index.html") if (out / f"events/{SLUG}/pairs/boards/1/index.html").exists() \
        else next(p.read_text(encoding="utf-8") for p in (out / f"events/{SLUG}/pairs").rglob("*.html") if "traveller" in p.read_text(encoding="utf-8"))
    assert 'data-label="NS %">50.00</td>' in board
    printed = " ".join(pdf_text(next((out / f"events/{SLUG}/bulletins").glob("standings-*.pdf"))).split())
    assert "50.00" in printed and not re.search(r"\b50\b(?!\.)", printed.split("Percentage", 1)[1].split("Page")[0])


def test_the_hall_screen_shows_percentages_with_two_decimals(tmp_path):
    from tests.test_desk import fetch, start

    content = club_evening(tmp_path)
    play(content, 1, 2, results=("3NT N =",))
    running = start(content, slug=SLUG)
    try:
        html = fetch(f"{running.base}/screen")[1]
    finally:
        running.stop()
    cells = re.findall(r'<td role="cell" class="num"[^>]*>([^<]*)</td>', html)
    assert cells and set(cells) == {"50.00"}, cells


# --- 8. prints: the lead's ten, the prize list's opening ------------------------------------------


def test_an_opening_leads_ten_is_spelled_10_as_the_hand_record_spells_it(tmp_path):
    content = club_evening(tmp_path)
    play(content, *range(1, 10))
    path = content / f"events/{SLUG}/results/round-1.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"(\n {6}4: )[^\n]+", r"\1{contract: 3NT, by: N, result: '=', lead: ST}", text, count=1),
                    encoding="utf-8")
    board = page(build(content, tmp_path), f"events/{SLUG}/pairs/boards/4/index.html")
    cell = re.search(r'<td role="cell" data-label="Lead">(.*?)</td>', board)[1]
    assert cell.endswith("</span>10") and "T" not in re.sub(r"<[^>]+>", "", cell), cell


def test_the_prize_list_does_not_put_the_stage_name_into_a_sentence(tmp_path):
    content = club_evening(tmp_path)
    event = content / f"events/{SLUG}/event.yaml"
    event.write_text(event.read_text(encoding="utf-8") + "    prizes:\n      - {name: Winners, count: 1}\n",
                     encoding="utf-8")
    play(content, *range(1, 10))
    out = tmp_path / "output"
    assert main(["build", "--content", str(content), "--output", str(out)]) == 0
    text = " ".join(pdf_text(out / f"events/{SLUG}/bulletins/prizes.pdf").split())
    assert "Pairs: play is over. The prize winners are:" in text and "The Pairs is over" not in text


# --- 9. the desk's form on a phone ---------------------------------------------------------------


def test_a_pairs_tables_form_says_who_sits_ns_and_ew_how_to_write_a_result_and_has_no_forfeit(
        desk_in_round_two) -> None:
    from tests.test_desk import fetch

    running = desk_in_round_two
    status, html = fetch(running.desk.link("pairs/2/2"))  # round 2, table 2: P4 NS, P9 EW
    assert status == 200, html
    ns, ew = (re.sub(r"<[^>]+>", "", line).split()[:2]
              for line in re.search(r'<p class="sides">(.*?)</p>', html, re.S)[1].strip().split("<br>"))
    assert ns == ["NS", "P4"] and ew == ["EW", "P9"], (ns, ew)
    assert 'placeholder="e.g. 4S N = or 3NT E -1"' in html
    assert "Each board: contract, declarer, result, as 4S N = (made), 3NT E -1 (one down)" in html
    assert 'name="forfeit"' not in html and "Forfeit" not in html


def test_on_a_390_px_phone_the_example_shows_whole_in_a_boards_box(desk_in_round_two, tmp_path) -> None:
    from tests.test_browser import chromium_context

    with chromium_context(tmp_path / "chromium", {"width": 390, "height": 844}, 15_000) as context:
        tab = context.new_page()
        tab.goto(desk_in_round_two.desk.link("pairs/2/2"))
        box = tab.locator("#b1")
        # the placeholder fits its box, the box the screen: nothing of the example cut off
        width = box.evaluate("e => e.clientWidth")
        needed = box.evaluate("e => { const c = document.createElement('canvas').getContext('2d');"
                              " c.font = getComputedStyle(e).font; return c.measureText(e.placeholder).width; }")
        assert 0 < needed < width <= 390, (needed, width)
        assert tab.evaluate("document.documentElement.scrollWidth") <= 390
        tab.screenshot(path=str(tmp_path / "desk-form.png"), full_page=True)


# --- 10. help in an English site's folder ----------------------------------------------------------


@pytest.fixture()
def no_language(monkeypatch):  # noqa: ANN001, ANN201
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.mark.parametrize("command", [[], ["build"], ["check"], ["pair"]])
def test_help_under_lang_c_in_an_english_sites_folder_is_in_english(command, tmp_path, monkeypatch, capsys,
                                                                    no_language):
    club_evening(tmp_path)  # tmp_path/content/site.yaml says locale: en
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    assert main([*command, "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: paibang") and not re.search(r"[\u4e00-\u9fff]", out), out[:300]


def test_help_under_lang_c_follows_no_link_and_ignores_a_site_file_it_cannot_read(tmp_path, monkeypatch, capsys,
                                                                                  no_language):
    from generator.commands.console import environment_locale, folder_site_locale

    english = club_evening(tmp_path / "real")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "content").symlink_to(english)  # a linked folder: not followed
    assert folder_site_locale() is None and environment_locale() == "zh-Hans"
    (tmp_path / "content").unlink()
    (tmp_path / "content").mkdir()
    (tmp_path / "content/site.yaml").symlink_to(english / "site.yaml")  # a linked file: not followed
    assert folder_site_locale() is None
    (tmp_path / "content/site.yaml").unlink()
    __import__("os").mkfifo(tmp_path / "content/site.yaml")  # would block a plain open
    assert folder_site_locale() is None
    (tmp_path / "content/site.yaml").unlink()
    (tmp_path / "content/site.yaml").write_bytes(b"title: x\n" + b"#" * 100_000 + b"\nlocale: en\n")
    assert folder_site_locale() is None  # read no further than its head
    (tmp_path / "content/site.yaml").write_text("\ufefflocale: en\n", encoding="utf-8")  # a BOM, as the loader reads it
    assert folder_site_locale() == "en"
    (tmp_path / "content/site.yaml").write_text("title: x\nnotice:\n  locale: en\n", encoding="utf-8")
    assert folder_site_locale() is None  # a key indented under another is not the site's
    (tmp_path / "content/site.yaml").write_text("title: x\nlocale: zh-Hant\n", encoding="utf-8")
    assert environment_locale() == "zh-Hant"
    capsys.readouterr()
    assert main(["--help"]) == 0
    assert capsys.readouterr().out.startswith(catalogues.text("cli_usage", "zh-Hant"))


# --- a director's own evening: paibang new --format pairs, a late pair ---------------------------


def mitchell_evening(tmp_path: Path, pairs: int) -> Path:
    """`paibang new --game bridge --format pairs` on an English site, its Mitchell of 7 rounds of
    2 boards given `pairs` entries, as a director fills it in."""
    content = tmp_path / "content"
    assert main(["init", str(content), "--locale", "en"]) == 0
    assert main(["new", "mon", "--game", "bridge", "--format", "pairs", "--content", str(content)]) == 0
    path = content / "events/mon/event.yaml"
    entries = "".join(f"  - {{id: P{i:02d}, players: [North{i}, South{i}]}}\n" for i in range(1, pairs + 1))
    path.write_text(path.read_text(encoding="utf-8").replace("entries: []\n", "entries:\n" + entries, 1), encoding="utf-8")
    return content


def test_new_writes_a_directors_matchpoint_pairs_evening_with_its_two_winners(tmp_path, capsys):
    """`paibang new --game bridge` wrote only the seed's total-points prelim and final: a club
    director's Mitchell (format: pairs) had to be written from the docs, and `field: directions`
    (NS and EW winners) was found only in README's results.json line (rev48)."""
    content = mitchell_evening(tmp_path, 14)
    text = (content / "events/mon/event.yaml").read_text(encoding="utf-8")
    for line in ("    format: pairs\n", "    scoring: matchpoints", "    movement: mitchell", "    field: directions",
                 "    rounds: 7\n", "    boards: 2 "):
        assert line in text, text
    assert "field: one" in text  # (said in its comment: one list, a Howell's or an arrow-switched Mitchell's)
    assert main(["pair", "mon", "pairs", "--all", "--content", str(content)]) == 0
    round_1 = (content / "events/mon/results/round-1.yaml").read_text(encoding="utf-8")
    assert "  - table: 7\n    ns: P07\n    ew: P14\n" in round_1
    capsys.readouterr()
    assert main(["check", "--content", str(content)]) == 0
    assert " error " not in capsys.readouterr().err
    # NS and EW ranked apart, a winner each (results.json's `field`, each ranked from 1)
    count = iter(range(1000))
    for path in (content / "events/mon/results").glob("round-*.yaml"):
        path.write_text(re.sub(r"# (\d+):", lambda m: f"{m[1]}: {RESULTS[next(count) % len(RESULTS)]}",
                               path.read_text(encoding="utf-8")), encoding="utf-8")
    out = build(content, tmp_path)
    assert "14 boards" in page(out, "events/mon/index.html")
    standings = json.loads(page(out, "events/mon/results.json"))["stages"][0]["standings"]
    assert {(s["field"], s["rank"]) for s in standings if s["rank"] == 1} == {("NS", 1), ("EW", 1)}


def test_new_refuses_a_format_it_has_no_example_of_naming_those_it_has(tmp_path, capsys):
    content = tmp_path / "content"
    assert main(["init", str(content), "--locale", "en"]) == 0
    capsys.readouterr()
    assert main(["new", "mon", "--game", "bridge", "--format", "swiss", "--content", str(content)]) == 2
    assert "no example of format swiss for bridge (one of pairs)" in capsys.readouterr().err
    assert not (content / "events/mon").exists()


def test_a_late_pairs_mitchell_counts_its_14_boards_not_those_entered(tmp_path):
    """A 7-table Mitchell of 2 boards a round (14 boards) drawn for 13 pairs, round 1 played,
    a 14th pair entered late and the rounds after drawn for 14: the event page said "12 boards",
    the boards entered so far, as the movement for 14 does not seat round 1 (rev48's club-late)."""
    content = tmp_path / "content"  # (as rev48 wrote it, without new's comments)
    (content / "events/mon/results").mkdir(parents=True)
    (content / "site.yaml").write_text("title: Club\nlocale: en\n", encoding="utf-8")
    entries = "".join(f"  - {{id: P{i:02d}, players: [North{i}, South{i}]}}\n" for i in range(1, 14))
    (content / "events/mon/event.yaml").write_text(
        "title: Monday Pairs\ngame: bridge\ndates: [2026-12-07]\nentries:\n" + entries
        + "stages:\n  - id: pairs\n    name: Pairs\n    format: pairs\n    scoring: matchpoints\n"
          "    movement: mitchell\n    rounds: 7\n    boards: 2\n    rank_by: [percent, mp]\n", encoding="utf-8")
    assert main(["pair", "mon", "pairs", "--content", str(content)]) == 0
    path = content / "events/mon/results/round-1.yaml"
    path.write_text(re.sub(r"# (\d+):", r"\1: 3NT N =", path.read_text(encoding="utf-8")), encoding="utf-8")
    event = content / "events/mon/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace(
        "  - {id: P13, players: [North13, South13]}\n",
        "  - {id: P13, players: [North13, South13]}\n  - {id: P14, players: [Late14, Late14b]}\n"), encoding="utf-8")
    assert main(["pair", "mon", "pairs", "--all", "--content", str(content)]) == 0
    out = build(content, tmp_path)
    for path in ("events/mon/index.html", "events/mon/pairs/index.html"):
        assert "14 boards" in page(out, path) and "12 boards" not in page(out, path), path
