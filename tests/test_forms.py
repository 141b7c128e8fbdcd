"""Printed for each round (issue 19, item 3; event-day.md "Printed for each round"): the draw
notice with the players, every game's score sheets (Guandan's 记分表 too), blank forms printed
by a build only for rounds drawn and not yet played, `paibang print` for any round, and a vector
QR code on every bulletin when base_url is set."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.build import build, validate
from generator.cli import main
from generator.render.bulletins import FORM_KINDS, bulletins_for, printed_round, round_forms

from support import demo_content, withdraw

GD = "tumu-guandan-2020"
TEAMS = "gaoxiao-bridge-teams-2024"


def result_of(content: Path, slug: str):
    site, results, _ = validate(content)
    return site, next(r for r in results if r.event.slug == slug)


def names(bulletins) -> list[str]:
    return sorted(b.name for b in bulletins)


def pdf_text(path: Path, page: int | None = None) -> str:
    pages = ["-f", str(page), "-l", str(page)] if page else []
    return subprocess.run(["pdftotext", "-layout", *pages, str(path), "-"], capture_output=True, check=True,
                          text=True).stdout


def pdf_pages(path: Path) -> int:
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, check=True, text=True).stdout
    return int(re.search(r"Pages:\s+(\d+)", info).group(1))


@pytest.fixture()
def guandan_round_4(tmp_path: Path) -> Path:
    """The Guandan demo with a fourth round drawn by `paibang pair` and not played."""
    content = demo_content(tmp_path, GD)
    event = content / f"events/{GD}/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("rounds: 3", "rounds: 4", 1), encoding="utf-8")
    assert main(["pair", GD, "main", "--content", str(content)]) == 0
    return content


# --- which forms a build prints ------------------------------------------------------------------


def test_a_finished_event_prints_no_blank_form(tmp_path: Path) -> None:
    for slug in ("dongke-bridge-2015", "chem-park-daguai-2016", "hefei-80fen-teams-2012", "hefei-80fen-pairs-2012",
                 "gaoxiao-bridge-teams-2024", GD):
        content = demo_content(tmp_path / slug, slug)
        site, result = result_of(content, slug)
        printed = bulletins_for(result, site.locale)
        assert not [b.name for b in printed if b.kind in FORM_KINDS], slug
        assert any(b.kind == "standings" for b in printed), slug


def test_reference_sheets_stay_for_a_finished_event(tmp_path: Path) -> None:
    content = demo_content(tmp_path, "hefei-80fen-teams-2012", "qiaoyou-club-pairs-2024")
    site, result = result_of(content, "hefei-80fen-teams-2012")
    assert "boardtable-teams" in names(bulletins_for(result, site.locale))  # the board table, not a form
    site, result = result_of(content, "qiaoyou-club-pairs-2024")
    assert any(b.kind == "movement" for b in bulletins_for(result, site.locale))  # the movement card


def test_a_drawn_round_gets_its_draw_and_guandan_score_sheets(guandan_round_4: Path) -> None:
    site, result = result_of(guandan_round_4, GD)
    printed = bulletins_for(result, site.locale)
    assert [b.name for b in printed if b.kind in FORM_KINDS] == ["scoresheet-main-round-4"]
    assert "draw-main-round-4" in names(printed)
    sheet = next(b for b in printed if b.name == "scoresheet-main-round-4")
    assert sheet.template == "sheets/guandan_scoresheet.html" and "第 4 轮记分表" in sheet.title
    assert len(sheet.pages) == 26  # 52 teams: one page per table
    first = sheet.pages[0]
    assert first["table"] == "1" and [s["label"] for s in first["seats"]] == ["甲方", "乙方"]
    a, b = first["teams"]
    entries = result.event.entries
    assert first["seats"][0]["names"] == f"{a} {entries[a].player_names}"
    assert first["signatures"] == [f"{a} 队长签名", f"{b} 队长签名", "裁判签名"]
    assert len(first["rows"]) >= 15 and first["start"] == "2"


def enter_first_table(path: Path) -> re.Match:
    """Round 4's first table given a result (its first team +3); the match of its two teams."""
    text = path.read_text(encoding="utf-8")
    first_table = re.search(r"teams: \[(\w+), (\w+)\]", text)
    path.write_text(text.replace(first_table.group(0), first_table.group(0) + f"\n    deals: [{first_table.group(1)}+3]", 1),
                    encoding="utf-8")
    return first_table


def enter_every_table(path: Path) -> None:
    """Every table of the round without a result given one."""
    played = re.sub(r"(teams: \[(\w+), \w+\])(?!\n    deals)", r"\1\n    deals: [\2+3]", path.read_text(encoding="utf-8"))
    path.write_text(played, encoding="utf-8")


def test_a_partly_entered_round_still_gets_its_forms_and_a_played_one_none(guandan_round_4: Path) -> None:
    path = guandan_round_4 / f"events/{GD}/results/round-4.yaml"
    enter_first_table(path)
    site, result = result_of(guandan_round_4, GD)
    assert "scoresheet-main-round-4" in names(bulletins_for(result, site.locale))
    # every table played: the round's forms are no longer printed by the build
    enter_every_table(path)
    site, result = result_of(guandan_round_4, GD)
    assert not [b for b in bulletins_for(result, site.locale) if b.kind in FORM_KINDS]


def test_the_draw_notice_stays_up_until_the_round_is_played(guandan_round_4: Path) -> None:
    """event-day.md: only the blank forms are limited to rounds not played; the draw notice
    stays while any table is still playing (it went with the first table entered), and goes
    once every table is in (the round's results bulletin replaces it)."""
    path = guandan_round_4 / f"events/{GD}/results/round-4.yaml"
    first_table = enter_first_table(path)
    site, result = result_of(guandan_round_4, GD)
    draw = next((b for b in bulletins_for(result, site.locale) if b.name == "draw-main-round-4"), None)
    assert draw is not None and draw.title.endswith("第 4 轮对阵表")
    assert len(draw.rows) == 26 and draw.rows[0][0] == "1" and first_table.group(1) in draw.rows[0]
    enter_every_table(path)
    site, result = result_of(guandan_round_4, GD)
    printed = names(bulletins_for(result, site.locale))
    assert "draw-main-round-4" not in printed and "round-main-4" in printed


def test_a_round_with_only_a_withdrawn_teams_forfeit_in_keeps_its_draw_notice(tmp_path: Path) -> None:
    """A round robin: T04 withdraws from round 2, its table there is the stage's forfeit, in
    of itself; the round's other table is still to play, so its draw notice is posted (it never
    was: the forfeit counted as a table entered)."""
    from tests.test_event_in_progress import SLUG, fill, pair, small_event

    content = small_event(tmp_path, 4, "  - {id: main, format: round_robin, rounds: 3}\n")
    assert pair(content, "--all") == 0
    fill(content, 1)
    withdraw(content / "events" / SLUG, "T04", 2)
    site, result = result_of(content, SLUG)
    round_2 = result.stages[0].rounds[1]
    # the forfeit is in of itself (the round is partial), the other table not; the forfeit is no
    # table to enter, so 已录 k/n 桌 reads 0/1 (RoundResult.unplayed)
    assert round_2.partial and round_2.pending and (round_2.entered, round_2.matches) == (0, 1)
    printed = names(bulletins_for(result, site.locale))
    assert "draw-main-round-2" in printed and "draw-main-round-3" in printed


# Every game, each demo event of it: a demo event of each kind of stage (bridge totals, teams, pairs).
GAME_EVENTS = ("dongke-bridge-2015", "gaoxiao-bridge-teams-2024", "qiaoyou-club-pairs-2024", "chem-park-daguai-2016",
               "hefei-80fen-teams-2012", "hefei-80fen-pairs-2012", GD, "tongxin-guandan-2025")


def test_a_game_builds_only_the_bulletins_asked_for(tmp_path: Path) -> None:
    """Game.bulletins' `forms`: False, notices and reference sheets only; True, forms only; None,
    both, the same as the two together."""
    from generator.games import GAMES
    from generator.render.i18n import Translator

    content = demo_content(tmp_path, *GAME_EVENTS)
    site, results, _ = validate(content)
    assert {r.event.game for r in results} == {"bridge", "daguai", "shengji", "guandan"}
    t = Translator(site.locale)
    for result in results:
        game, slug = GAMES[result.event.game], result.event.slug
        notices, forms = game.bulletins(result, t, forms=False), game.bulletins(result, t, forms=True)
        assert not [b.name for b in notices if b.kind in FORM_KINDS], slug
        assert forms and not [b.name for b in forms if b.kind not in FORM_KINDS], slug
        assert sorted(b.name for b in game.bulletins(result, t)) == names(notices + forms), slug


def test_a_build_never_builds_a_form_it_does_not_print(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A finished event's forms are not printed, so not built either (a 5,000-team Swiss built
    17,500 score-sheet pages a build, to drop them); a drawn round's are built once, for it."""
    from generator.games import GAMES
    from generator.games.guandan import sheets as guandan_sheets

    asked: list[tuple[str, bool | None, list[str]]] = []  # (event, forms, kinds built)
    for game in {type(game) for game in GAMES.values()}:
        def counted(self, result, t, forms=None, _own=game.bulletins):  # noqa: ANN001, ANN202
            found = _own(self, result, t, **({} if forms is None else {"forms": forms}))
            asked.append((result.event.slug, forms, sorted({b.kind for b in found})))
            return found
        monkeypatch.setattr(game, "bulletins", counted)
    sheets_for: list[list[int]] = []  # the rounds of each call of Guandan's score-sheet builder
    real = guandan_sheets.score_sheets
    monkeypatch.setattr(guandan_sheets, "score_sheets", lambda t, event, stage, stage_result, made: (
        sheets_for.append([r.number for r in stage_result.rounds]) or real(t, event, stage, stage_result, made)))

    content = demo_content(tmp_path, *GAME_EVENTS)
    site, results, _ = validate(content)
    for result in results:
        assert not [b.name for b in bulletins_for(result, site.locale) if b.kind in FORM_KINDS]
    assert sorted(slug for slug, _, _ in asked) == sorted(GAME_EVENTS)  # each game asked once an event …
    assert not [(slug, kinds) for slug, forms, kinds in asked if forms is not False or set(kinds) & set(FORM_KINDS)]
    assert sheets_for == []  # … for its notices only: no score sheet built

    content = demo_content(tmp_path / "drawn", GD)  # a fourth round drawn, not played: its forms only
    event = content / f"events/{GD}/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("rounds: 3", "rounds: 4", 1), encoding="utf-8")
    assert main(["pair", GD, "main", "--content", str(content)]) == 0
    asked.clear()
    site, result = result_of(content, GD)
    assert "scoresheet-main-round-4" in names(bulletins_for(result, site.locale))
    assert [(forms, kinds) for _, forms, kinds in asked] == [(False, ["round"]), (True, ["scoresheet"])]
    assert sheets_for == [[4]]


def test_every_game_has_score_sheets_for_a_round(tmp_path: Path) -> None:
    for slug, stage, kinds in (("dongke-bridge-2015", "final", {"scoresheet", "bidding", "playrecord"}),
                               ("dongke-bridge-2015", "prelim", {"scoresheet", "bidding"}),
                               ("chem-park-daguai-2016", "swiss", {"scoresheet"}),
                               ("hefei-80fen-teams-2012", "teams", {"scoresheet", "handcards"}),
                               ("hefei-80fen-pairs-2012", "pairs", {"scoresheet", "handcards"}),
                               (GD, "main", {"scoresheet"})):
        content = demo_content(tmp_path / f"{slug}-{stage}", slug)
        site, result = result_of(content, slug)
        forms = round_forms(result, stage, 1, site.locale)
        assert {f.kind for f in forms} == kinds, slug
        assert all(f.name == f"{f.kind}-{stage}-round-1" for f in forms)


def test_every_form_renders_with_the_fast_pages_code_as_with_jinjas(tmp_path: Path, monkeypatch) -> None:
    """A form's pages are dicts (printed.py's FormPage), read in the sheets' templates with dots
    (`page.words.table`, `page.qr is defined`): fast_jinja's pages read a dict as Jinja does, so
    that no form is rendered twice (its exact twin, fast_jinja.Environment.exact, never asked
    for), and each prints the HTML stock Jinja renders."""
    from generator.render import fast_jinja, pdf
    from generator.render.html import environment

    monkeypatch.setattr(fast_jinja.Environment, "exact", lambda self: pytest.fail("a form rendered twice"))
    pdf._environment.cache_clear()  # environments made before, with the exact twin of theirs
    forms = []
    for slug, stage in (("dongke-bridge-2015", "final"), ("chem-park-daguai-2016", "swiss"),
                        ("hefei-80fen-teams-2012", "teams"), (GD, "main"), (TEAMS, "teams")):
        content = demo_content(tmp_path / slug, slug)
        site, result = result_of(content, slug)
        forms += [(form, site.locale) for form in round_forms(result, stage, 1, site.locale)]
    assert len(forms) >= 6
    fast = [pdf.bulletin_html(form, locale) for form, locale in forms]
    def stock(locale: str, content: str | None) -> object:
        return environment(locale, stock=True, content=content)  # (its ruled_rows html.environment's own)

    monkeypatch.setattr(pdf, "_environment", stock)
    assert [pdf.bulletin_html(form, locale) for form, locale in forms] == fast


PAIRS = "qiaoyou-club-pairs-2024"


@pytest.fixture()
def pairs_drawn(tmp_path: Path) -> Path:
    """The bridge pairs demo on the day: no result yet, round 1 drawn by `paibang pair` (its
    tables' boards written as comments, to be filled in)."""
    content = demo_content(tmp_path, PAIRS)
    shutil.rmtree(content / f"events/{PAIRS}/results")
    assert main(["pair", PAIRS, "pairs", "--content", str(content)]) == 0
    return content


def test_a_pairs_rounds_travellers_list_every_board_with_its_table_and_pairs(pairs_drawn: Path) -> None:
    """The blank travellers (随牌记分单) of a round not played: one per board, numbered, with
    dealer and vulnerability, a line for each round the movement plays it (a Mitchell of 10
    tables and 9 rounds: 9), each with its table and pairs, the result columns blank
    (outputs.md); round 1's as the movement deals the boards out (the draw notice's 牌号)."""
    site, result = result_of(pairs_drawn, PAIRS)
    sheet = next(b for b in bulletins_for(result, site.locale) if b.name == "scoresheet-pairs-round-1")
    draw = next(b for b in printed_round(result, "pairs", 1, site.locale) if b.kind == "draw")
    assert sheet.rows == next(b for b in printed_round(result, "pairs", 1, site.locale) if b.kind == "scoresheet").rows
    firsts = [row for row in sheet.rows if row[0]]
    assert [row[0] for row in firsts] == [str(n) for n in range(1, 31)]  # 10 tables, 3 boards each
    assert len(sheet.rows) == 30 * 9  # each board a line a round
    assert firsts[0][:2] == ["1", "北·无"] and firsts[4][:2] == ["5", "北·南北"]
    assert firsts[6][:2] == ["7", "南·双方"] and firsts[29][:2] == ["30", "东·无"]
    table_of = {}  # board -> (table, NS, EW), from the draw notice
    for row in draw.rows:
        first, last = map(int, row[-1].split("–"))
        table_of |= {n: [row[0], row[1], row[3]] for n in range(first, last + 1)}
    for row in firsts:
        assert row[2] == "1" and row[3:6] == table_of[int(row[0])], row
    at = sheet.rows.index(firsts[0])
    assert [row[2] for row in sheet.rows[at:at + 9]] == [str(n) for n in range(1, 10)]
    for row in sheet.rows:
        assert row[6:] == ["", "", "", ""], row  # contract, lead, score, matchpoints: blank


def test_a_partly_entered_pairs_table_keeps_its_results_and_a_blank_line_for_the_rest(pairs_drawn: Path) -> None:
    path = pairs_drawn / f"events/{PAIRS}/results/round-1.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("      # 1:\n", "      1: 4S N = 420\n", 1), encoding="utf-8")
    site, result = result_of(pairs_drawn, PAIRS)
    rows = next(b for b in printed_round(result, "pairs", 1, site.locale) if b.kind == "scoresheet").rows
    assert rows[0][:7] == ["1", "北·无", "1", "1", "P01", "P11", "4S 北 ="] and rows[0][8] == "+420"
    assert rows[1][:3] == ["", "", "2"] and rows[1][6:] == ["", "", "", ""]  # board 1 in round 2: to play
    assert rows[9][:6] == ["2", "东·南北", "1", "1", "P01", "P11"] and rows[9][6:] == ["", "", "", ""]
    assert len(rows) == 30 * 9


def test_the_draw_notice_names_each_team_with_its_players(tmp_path: Path) -> None:
    content = demo_content(tmp_path, GD)
    event = content / f"events/{GD}/event.yaml"
    text = event.read_text(encoding="utf-8")
    entry = re.search(r"- \{id: (T\d+), players: \[(\S+), (\S+)\]", text)
    assert entry, "the demo's entries are written one a line"
    event.write_text(text.replace(entry.group(0), entry.group(0).replace("players:", "name: 结构一队, players:")),
                     encoding="utf-8")
    site, result = result_of(content, GD)
    draw = next(b for b in printed_round(result, "main", 1, site.locale) if b.kind == "draw")
    cells = [cell for row in draw.rows for cell in row]
    assert f"结构一队（{entry.group(2)}、{entry.group(3).rstrip(']')}）" in cells
    team_a_players = draw.rows[0][2]
    assert "/" in team_a_players or "（" in team_a_players  # players, not only a name


def test_a_draw_printed_again_shows_the_standings_it_was_drawn_on(tmp_path: Path) -> None:
    """Round 2 printed once round 3 is played shows each team's wins after round 1, as its text
    says ("按第 1 轮后的成绩编排") and as the notice printed before round 2 did, not today's;
    round 1, printed again, was drawn by lot (no scores, no "after round 0")."""
    played = demo_content(tmp_path / "played", GD)
    drawn = demo_content(tmp_path / "drawn", GD)  # the same event the day round 2 was drawn
    results = drawn / f"events/{GD}/results"
    (results / "round-3.yaml").unlink()
    path = results / "round-2.yaml"
    path.write_text("".join(line for line in path.read_text(encoding="utf-8").splitlines(keepends=True)
                            if re.match(r"(stage|round|tables):|  - table:|    teams:|    forfeit:", line)), encoding="utf-8")
    # (T12's forfeit kept: a no-show known when the notice was printed, marked on it then and again)

    def draw(content: Path, number: int):  # noqa: ANN202
        site, result = result_of(content, GD)
        return next(b for b in printed_round(result, "main", number, site.locale) if b.kind == "draw")

    then, again = draw(drawn, 2), draw(played, 2)
    assert "按第 1 轮后的成绩编排" in then.text and then.columns[3] == "胜场"
    assert {row[3] for row in then.rows} <= {"0", "1"}  # one round played: 0 or 1 win
    assert (again.text, again.columns, again.rows) == (then.text, then.columns, then.rows)
    first = draw(played, 1)
    assert "胜场" not in first.columns and "抽签" in first.text and "第 0 轮" not in first.text


# --- QR codes ------------------------------------------------------------------------------------


def test_every_bulletin_carries_a_qr_code_of_its_page_when_base_url_is_set(guandan_round_4: Path) -> None:
    site, result = result_of(guandan_round_4, GD)
    assert site.base_url == "https://example.org/paibang/"
    printed = bulletins_for(result, site.locale, site.base_url)
    assert printed and all(b.qr.startswith("<svg") and "<path" in b.qr and "<image" not in b.qr for b in printed)
    pages = {b.name: b.page_url for b in printed}
    assert pages["draw-main-round-4"] == pages["scoresheet-main-round-4"] == f"events/{GD}/main/round-4/index.html"
    assert pages["standings-main"] == f"events/{GD}/main/index.html"
    assert pages["round-main-2"] == f"events/{GD}/main/round-2/index.html"
    assert not any(b.qr for b in bulletins_for(result, site.locale))  # no base_url, no QR code


def test_qr_code_encodes_the_absolute_page_address() -> None:
    import segno

    from generator.render.bulletins import qr_svg

    url = f"https://example.org/paibang/events/{GD}/main/round-4/"
    assert qr_svg(url) == segno.make(url, error="m", micro=False).svg_inline(
        scale=1, border=2, dark="#000", omitsize=True, svgclass="qr")


# --- printed, read back ----------------------------------------------------------------------------


@pytest.mark.slow
def test_build_prints_the_drawn_rounds_guandan_score_sheet_with_a_vector_qr_code(guandan_round_4: Path,
                                                                                    tmp_path: Path) -> None:
    build(guandan_round_4, tmp_path / "out")
    folder = tmp_path / f"out/events/{GD}/bulletins"
    assert sorted(p.name for p in folder.iterdir() if p.name.startswith(FORM_KINDS)) == ["scoresheet-main-round-4.pdf"]
    sheet = folder / "scoresheet-main-round-4.pdf"
    assert pdf_pages(sheet) == 26  # one page a table
    page = pdf_text(sheet, 1)
    for words in ("记分表", "桌号：1", "甲方：", "乙方：", "头游方", "升级", "犯规方", "本副后级数", "最终级数", "过A",
                  "胜方", "队长签名", "裁判签名"):
        assert words in page.replace("\n", ""), words
    draw = pdf_text(folder / "draw-main-round-4.pdf")
    assert "选手" in draw and " / " in draw  # the players of every team
    images = subprocess.run(["pdfimages", "-list", str(sheet)], capture_output=True, check=True, text=True).stdout
    assert len(images.strip().splitlines()) == 2  # the header only: the QR code is paths, not a raster


@pytest.mark.slow
def test_print_any_round_on_demand(tmp_path: Path, capsys) -> None:
    content = demo_content(tmp_path, GD)
    out = tmp_path / "r2.pdf"
    assert main(["print", GD, "main", "--round", "2", "--content", str(content), "--output", str(out)]) == 0
    assert "r2.pdf" in capsys.readouterr().out
    # the draw notice (its 26 tables, then its index of teams by number on a page of its own:
    # pairing.DRAW_INDEX_TABLES), then a sheet a table
    assert pdf_pages(out) - 26 in (2, 3)
    text = pdf_text(out)
    assert "第2轮对阵表" in text.replace("\n", "").replace(" ", "") and "记分表" in text
    folder = tmp_path / "forms"
    assert main(["print", GD, "main", "--content", str(content), "--output", str(folder)]) == 0  # the last round
    assert sorted(p.name for p in folder.iterdir()) == ["draw-main-round-3.pdf", "scoresheet-main-round-3.pdf"]
    assert main(["print", GD, "main", "--round", "9", "--content", str(content)]) == 2
    assert "没有第 9 轮" in capsys.readouterr().err
    assert main(["print", GD, "mian", "--content", str(content)]) == 2
    assert main(["print", "nope", "main", "--content", str(content)]) == 2


@pytest.mark.slow
def test_print_a_pairs_round_before_play_prints_its_travellers_filled_in(pairs_drawn: Path, tmp_path: Path) -> None:
    folder = tmp_path / "printed"
    assert main(["print", PAIRS, "pairs", "--round", "1", "--content", str(pairs_drawn), "--output", str(folder)]) == 0
    lines = [line.split() for line in pdf_text(folder / "scoresheet-pairs-round-1.pdf").splitlines()]
    boards = [row for row in lines if len(row) == 6 and row[0].isdigit() and row[4].startswith("P")]
    assert [row[0] for row in boards] == [str(n) for n in range(1, 31)]
    assert boards[0] == ["1", "北·无", "1", "1", "P01", "P11"] and boards[-1][:2] == ["30", "东·无"]



@pytest.fixture()
def teams_round_3(tmp_path: Path) -> Path:
    """The bridge teams demo (8 boards a match, numbered on through the rounds: round 2 plays
    9-16) with its round robin drawn by `paibang pair` from round 1, none played: round 3 is
    one of them. (The demo's own rounds were written by hand from another schedule: pair
    refuses to draw its round 3 from the Berger table, which meets two teams who have met.)"""
    content = demo_content(tmp_path, TEAMS)
    for number in (1, 2, 3, 4, 5):
        (content / f"events/{TEAMS}/results/round-{number}.yaml").unlink()
    assert main(["pair", TEAMS, "teams", "--all", "--content", str(content)]) == 0
    return content


def _teams_pages(content: Path, number: int) -> list[dict]:
    site, result = result_of(content, TEAMS)
    return next(b for b in printed_round(result, "teams", number, site.locale) if b.kind == "scoresheet").pages


def test_a_teams_rounds_score_sheet_lists_its_boards_before_play(teams_round_3: Path) -> None:
    """outputs.md: a score sheet per match, boards numbered, dealer and vulnerability filled in,
    the result columns blank; round 3 of 8-board rounds plays 17-24 (content-format.md "Board
    numbers", as the demo's rounds 1 and 2 play 1-8 and 9-16); each match names its teams and
    players, a page each."""
    pages = _teams_pages(teams_round_3, 3)
    assert [page["table"] for page in pages] == ["1", "2", "3"]  # 6 teams, 3 matches
    names = [seat["names"] for seat in pages[1]["seats"]]
    assert names == ["T1 理工大学（唐秀英、郑伟、汤宏、谭淑珍）", "T5 农业大学（谭一鸣、付桂英、梁明、顾国庆）"]
    for page in pages:
        assert [board["number"] for board in page["boards"]] == [str(n) for n in range(17, 25)]
        assert all(board["open"] == board["closed"] == board["imps"] == "" for board in page["boards"])
        assert all(line["value"] == "" for line in page["summary"])
    conditions = [board["conditions"] for board in pages[0]["boards"]]
    assert conditions[0] == "北·无" and conditions[1] == "东·南北" and conditions[7] == "西·无"  # as boards 1, 2, 8


def test_a_teams_stage_playing_the_same_boards_each_round_says_so(teams_round_3: Path) -> None:
    event = teams_round_3 / f"events/{TEAMS}/event.yaml"
    text = event.read_text(encoding="utf-8")
    event.write_text(text.replace("    boards: 8 ", "    boards_each_round: same\n    boards: 8 "), encoding="utf-8")
    pages = _teams_pages(teams_round_3, 3)
    assert [board["number"] for board in pages[0]["boards"]] == [str(n) for n in range(1, 9)]


def test_a_partly_entered_teams_match_keeps_its_boards_and_a_blank_line_for_the_rest(teams_round_3: Path) -> None:
    path = teams_round_3 / f"events/{TEAMS}/results/round-3.yaml"
    text = path.read_text(encoding="utf-8")
    assert "#   17: {open: 4S N =, closed: 4S S -1}" in text  # pair's example numbers the round's first board
    path.write_text(text.replace("    # boards:\n", "    boards: {18: {open: 4S N =, closed: 4S S -1}}\n", 1),
                    encoding="utf-8")
    boards = _teams_pages(teams_round_3, 3)[0]["boards"]
    assert [board["number"] for board in boards] == [str(n) for n in range(17, 25)]
    assert (boards[1]["open"], boards[1]["open_score"], boards[1]["closed"]) == ("4S 北 =", "+620", "4S 南 -1")
    assert boards[0]["open"] == "" and boards[2]["open"] == ""
    # board 19's open room in, its closed room not yet (the match waits): what each room has
    path.write_text(text.replace("    # boards:\n", "    boards: {18: {open: 4S N =, closed: 4S S -1}, 19: {open: 3NT N =}}\n",
                                 1), encoding="utf-8")
    boards = _teams_pages(teams_round_3, 3)[0]["boards"]
    assert [board["number"] for board in boards] == [str(n) for n in range(17, 25)]
    assert (boards[1]["open"], boards[1]["closed"], boards[1]["closed_score"]) == ("4S 北 =", "4S 南 -1", "-100")
    assert (boards[2]["open"], boards[2]["open_score"], boards[2]["closed"]) == ("3NT 北 =", "+400", "")


@pytest.mark.slow
def test_print_a_teams_round_before_play_prints_a_page_a_match(teams_round_3: Path, tmp_path: Path) -> None:
    folder = tmp_path / "printed"
    assert main(["print", TEAMS, "teams", "--round", "3", "--content", str(teams_round_3), "--output", str(folder)]) == 0
    path = folder / "scoresheet-teams-round-3.pdf"
    for page in (1, 2, 3):
        lines = [line.split() for line in pdf_text(path, page).splitlines()]
        assert [row[0] for row in lines if len(row) == 2 and row[0].isdigit()] == [str(n) for n in range(17, 25)]
    assert "T1 理工大学（唐秀英、郑伟、汤宏、谭淑珍）" in pdf_text(path, 2)


def test_a_bridge_teams_sheet_says_who_sits_where_in_each_room_played_or_not(teams_round_3: Path,
                                                                              tmp_path: Path) -> None:
    """Each match's page names the teams' seats in both rooms, as 80分's and 大怪路子's sheets do:
    a played round's (the demo's round 1) as a drawn one's (round 3); the note said it of home
    and away only."""
    played = tmp_path / "played"
    assert main(["print", TEAMS, "teams", "--round", "1", "--content", str(demo_content(tmp_path / "demo", TEAMS)),
                 "--output", str(played)]) == 0
    page = "".join(pdf_text(played / "scoresheet-teams-round-1.pdf", 1).split())
    assert "开室：T1坐南北、T6坐东西；闭室：T6坐南北、T1坐东西。" in page and "+90" in page
    drawn = tmp_path / "drawn"
    assert main(["print", TEAMS, "teams", "--round", "3", "--content", str(teams_round_3), "--output", str(drawn)]) == 0
    assert "开室：" in "".join(pdf_text(drawn / "scoresheet-teams-round-3.pdf", 1).split())

@pytest.mark.slow
def test_the_one_stage_of_paibang_news_name_is_left_out_of_printed_titles(tmp_path: Path) -> None:
    """An event's only stage named as `paibang new` names it (Guandan's 比赛): the titles say the
    event once, "…比赛第 4 轮对阵表", not "…比赛比赛第 4 轮对阵表" — the draw notice and the score
    sheets `paibang print` prints, the standings bulletin and the PDF's own title."""
    content = demo_content(tmp_path, GD)
    event = content / f"events/{GD}/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("rounds: 3", "rounds: 4", 1)
                     .replace("name: 学院赛", "name: 比赛", 1), encoding="utf-8")
    assert main(["pair", GD, "main", "--content", str(content)]) == 0
    title = "土木学院教职工“迎新春通俗桥牌”（掼蛋）比赛"
    out = tmp_path / "r4.pdf"
    assert main(["print", GD, "main", "--round", "4", "--content", str(content), "--output", str(out)]) == 0
    text = pdf_text(out).replace(" ", "").replace("\n", "")
    assert f"{title}第4轮对阵表" in text and f"{title}第4轮记分表" in text
    assert "比赛比赛" not in text
    _, result = result_of(content, GD)
    printed = {b.name: b.title for b in bulletins_for(result, "zh-Hans")}
    assert printed["standings-main"] == f"{title}成绩排名（第 3 轮后）"
    assert not [name for name, said in printed.items() if "比赛比赛" in said]
    assert main(["build", "--content", str(content), "--output", str(tmp_path / "site")]) == 0
    # the built PDF's own title (its page's <title>), which a PDF reader shows in its title bar
    info = subprocess.run(["pdfinfo", str(tmp_path / f"site/events/{GD}/bulletins/draw-main-round-4.pdf")],
                          capture_output=True, check=True, text=True).stdout
    assert re.search(r"^Title:\s+(.*)$", info, re.M).group(1) == f"{title}第 4 轮对阵表"


def test_a_rounds_bulletins_carry_its_day_of_play(tmp_path: Path) -> None:
    """A Swiss over two days posted round 2's results dated the second day, as every bulletin
    took the event's last day: a round's `date:` (its results file) dates its draw notice,
    score sheets and results bulletin, and the standings after it; `pair`, drawing on a day of
    the event, writes that day there, which the secretary corrects for a round played later."""
    import datetime as dt

    content = demo_content(tmp_path, "tongxin-guandan-2025")
    folder = content / "events/tongxin-guandan-2025"
    for name in ("round-5.yaml", "ko-round-1.yaml", "ko-round-2.yaml", "ko-round-3.yaml"):
        (folder / "results" / name).unlink()
    today = dt.date.today()
    event = folder / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace(
        "\ndate: 2025-11-15", f"\ndates: [{today - dt.timedelta(days=1)}, {today}]", 1), encoding="utf-8")
    round_4 = folder / "results/round-4.yaml"
    round_4.write_text(round_4.read_text(encoding="utf-8").replace("\nround: 4\n", "\nround: 4\ndate: 2025-11-15\n", 1),
                       encoding="utf-8")
    site, results, _ = validate(content)
    [result] = results
    printed = {b.name: b.date for b in bulletins_for(result, site.locale)}
    assert printed["round-swiss-4"] == printed["standings-swiss"] == dt.date(2025, 11, 15)
    assert printed["round-swiss-3"] == today  # no date: of its own: the event's last day, as before
    # the next round drawn today, a day of the event: its file says so, and its notice and sheets
    assert main(["pair", "tongxin-guandan-2025", "swiss", "--content", str(content)]) == 0
    written = (folder / "results/round-5.yaml").read_text(encoding="utf-8")
    assert f"\nround: 5\ndate: {today.isoformat()}\ntables:\n" in written
    written = written.replace(f"date: {today.isoformat()}", f"date: {today - dt.timedelta(days=1)}")
    (folder / "results/round-5.yaml").write_text(written, encoding="utf-8")
    site, results, _ = validate(content)
    printed = {b.name: b.date for b in bulletins_for(results[0], site.locale)}
    assert printed["draw-swiss-round-5"] == printed["scoresheet-swiss-round-5"] == today - dt.timedelta(days=1)
