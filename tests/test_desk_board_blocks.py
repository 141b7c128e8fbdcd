"""A team stage saying no `boards` whose matches are longer than the game's default 8, its boards
numbered on through the rounds (content-format.md: "round 2 plays 9-16 … The same holds for 80分,
whose board table repeats every 16"): the next round's score sheet and the desk's form follow on
in blocks of the matches' length, for 80分 as for bridge, and from a round half entered as from a
whole one (rev65).

80分 after a round 1 on 1-12 was offered 1-8 (boards its teams had just played, levels 2-9 where
13-24 play K, Q, A …); a round half entered (13-16 of 13-24 in) was taken for round 2's block of
8, its form offering 9-16, and the round after it was offered no block (bridge) or 1-8 (80分).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.build import validate
from generator.tournament.pairing import round_boards
from tests.test_desk import post
from tests.test_desk_records import Secretary, desk_of, make, results  # noqa: F401 - desk_of is a fixture

# (game, the entries' prefix, a board as the file writes it, what a table types for a board's rooms)
GAMES = [("shengji", "H", "{open: 85, closed: 40}", {"open": "85", "closed": "40"}),
         ("bridge", "T", "{open: 3NT N =, closed: 3NT S -1}", {"open": "4S N =", "closed": "4S N -1"})]
STAGE = {"shengji": "format: swiss\nrounds: 3\n", "bridge": "format: swiss\nrounds: 3\nscoring: imps\n"}
# each round's two tables (home, away): no team meets another twice
SIDES = [(("01", "02"), ("03", "04")), (("01", "03"), ("02", "04")), (("01", "04"), ("02", "03"))]


def stage_of(tmp_path: Path, game: str, prefix: str, board: str, rounds: list[tuple[range, range]]) -> Path:
    """content/ with a Swiss of 4 teams saying no `boards`, rounds 1..len(rounds) written with
    each table's boards (an empty range: none written yet), the next round drawn with none."""
    def tables(number: int, boards: tuple[range, range] = (range(0), range(0))) -> str:
        text = ""
        for table, ((home, away), written) in enumerate(zip(SIDES[number - 1], boards, strict=True), start=1):
            text += f"  - table: {table}\n    home: {prefix}{home}\n    away: {prefix}{away}\n"
            if written:
                text += "    boards:\n" + "".join(f"      {n}: {board}\n" for n in written)
        return text

    root = make(tmp_path, STAGE[game], tables(1, rounds[0]), game=game, prefix=prefix, players=4)
    for number in range(2, len(rounds) + 2):
        text = tables(number, rounds[number - 1]) if number <= len(rounds) else tables(number)
        results(root).with_name(f"round-{number}.yaml").write_text(
            f"stage: main\nround: {number}\ntables:\n{text}", encoding="utf-8")
    return root


def drawn(root: Path, number: int) -> dict[int, tuple[int, ...]]:
    """Round `number`'s boards as its draw notice and score sheets list them (pairing.round_boards)."""
    _, found, _ = validate(root)
    [stage] = found[0].stages
    [round_] = [r for r in stage.rounds if r.number == number]
    return round_boards(found[0].event, stage, round_)


def offered(page: str) -> list[int]:
    return sorted(int(n) for n in set(re.findall(r'name="b([0-9]+)_open"', page)))


WHOLE, NONE = range(1, 13), range(0)


@pytest.mark.parametrize(("game", "prefix", "board", "typed"), GAMES)
def test_round_2_after_a_round_of_12_boards_follows_on_13_to_24(tmp_path: Path, desk_of, game: str, prefix: str,  # noqa: F811
                                                                board: str, typed: dict[str, str]) -> None:
    """Round 1 half entered, table 1 on 1-12 and table 2 not yet: round 2 plays 13-24, on its sheets
    and on the table's form, and the table's save of them is the match, `check` passing."""
    root = stage_of(tmp_path, game, prefix, board, [(WHOLE, NONE)])
    assert drawn(root, 2) == {1: tuple(range(13, 25)), 2: tuple(range(13, 25))}
    running = desk_of(root)
    assert offered(Secretary(running).page("main/2/1")) == list(range(13, 25))
    fields = {f"b{n}_{room}": result for n in range(13, 25) for room, result in typed.items()}
    status, page = post(running, "main/2/1", "save", **fields)
    assert status == 200 and 'id="saved"' in page, page
    written = results(root).with_name("round-2.yaml").read_text(encoding="utf-8")
    assert "      13: " in written and "      24: " in written and "      1: " not in written
    validate(root)  # (raises on an error: no board played twice, none past the stage's)


@pytest.mark.parametrize(("game", "prefix", "board", "typed"), GAMES)
def test_a_round_half_entered_on_13_to_16_is_13_to_24_and_the_next_25_to_36(
        tmp_path: Path, desk_of, game: str, prefix: str, board: str, typed: dict[str, str]) -> None:  # noqa: F811
    """Round 1 on 1-12, round 2 begun on 13-16 at table 1 (its first results in): round 2 is
    13-24 at both its tables, not round 2's block of 8 (9-16: 9-12 played in round 1), and round
    3, drawn already, 25-36, not none (bridge) nor 1-8 (80分)."""
    root = stage_of(tmp_path, game, prefix, board, [(WHOLE, WHOLE), (range(13, 17), NONE)])
    assert drawn(root, 2) == {1: tuple(range(13, 25)), 2: tuple(range(13, 25))}
    assert drawn(root, 3) == {1: tuple(range(25, 37)), 2: tuple(range(25, 37))}
    running = desk_of(root)
    secretary = Secretary(running)
    assert offered(secretary.page("main/2/1")) == list(range(13, 25))
    assert offered(secretary.page("main/2/2")) == list(range(13, 25))
    assert offered(secretary.page("main/3/1")) == list(range(25, 37))


def test_an_80fen_stage_dealing_1_to_12_afresh_is_offered_1_to_12(tmp_path: Path) -> None:
    """80分 deals a board number again where a club deals its boards afresh each round (no team
    board-twice rule, Game.boards_repeat): rounds 1 and 2 on 1-12, round 3 is 1-12 too, not
    1-8 (boards 9-12 left off the sheet) nor 25-36."""
    root = stage_of(tmp_path, "shengji", "H", "{open: 85, closed: 40}", [(WHOLE, WHOLE), (WHOLE, WHOLE)])
    assert drawn(root, 3) == {1: tuple(range(1, 13)), 2: tuple(range(1, 13))}


def test_a_round_1_numbered_otherwise_leaves_an_80fen_round_2_its_files(tmp_path: Path) -> None:
    """Round 1 on 1-10 and 12 (a board left out, or numbered its own way): nothing says round 2's
    boards, as for bridge (test_desk_default_boards), not 1-8."""
    root = stage_of(tmp_path, "shengji", "H", "{open: 85, closed: 40}",
                    [([*range(1, 11), 12], [*range(1, 11), 12])])  # type: ignore[list-item]
    assert drawn(root, 2) == {}



@pytest.mark.parametrize(("written", "number", "earlier", "repeats", "block"), [
    # round 2 begun on 13-16 after a round 1 on 1-12: 12 a round (its form's boxes 13-24)
    ({13, 14, 15, 16}, 2, [(1, range(1, 13))], True, range(13, 25)),
    # round 2 begun on 9 after a round 1 half entered on 1-6 of 8: the default's round 2, not a
    # block of 6 (7-12, boards 7 and 8 round 1's)
    ({9, 10, 11}, 2, [(1, range(1, 7))], False, range(9, 17)),
    # round 2 begun on 17 after 1-12 (a round 1 of 16 half entered): 16 a round
    ({17, 18}, 2, [(1, range(1, 13))], False, range(17, 33)),
    # nothing written in round 3, round 2 begun on 13-16 after 1-12: 25-36, either game
    (set(), 3, [(1, range(1, 13)), (2, range(13, 17))], True, range(25, 37)),
    (set(), 3, [(1, range(1, 13)), (2, range(13, 17))], False, range(25, 37)),
    # 80分 dealing 1-12 afresh (round 2 on 1-12 again): 1-12; bridge teams: the file's (none)
    (set(), 3, [(1, range(1, 13)), (2, range(1, 13))], True, range(1, 13)),
    (set(), 3, [(1, range(1, 13)), (2, range(1, 13))], False, None),
    # rev67: after a round 1 whole on 1-8, round 2 with its second half in first (13-16), or
    # 11-12, is the default's 9-16, either game, and round 3 begun on 19-20 17-24; nothing
    # written in round 3 after those, 17-24 (13-24 was offered, check warning 9-12 missing)
    ({13, 14, 15, 16}, 2, [(1, range(1, 9))], True, range(9, 17)),
    ({13, 14, 15, 16}, 2, [(1, range(1, 9))], False, range(9, 17)),
    ({11, 12}, 2, [(1, range(1, 9))], False, range(9, 17)),
    ({19, 20}, 3, [(1, range(1, 9))], False, range(17, 25)),
    (set(), 3, [(1, range(1, 9)), (2, range(13, 17))], True, range(17, 25)),
    (set(), 3, [(1, range(1, 9)), (2, range(13, 17))], False, range(17, 25)),
])
def test_a_rounds_block_is_read_from_its_first_board_and_the_rounds_before(
        written: set[int], number: int, earlier: list, repeats: bool, block: range | None) -> None:
    from generator.games.common.boards import default_block

    assert default_block(written, 8, True, number, earlier, repeats) == block


# --- a match whose boards' numbers the table types (desk-board-numbers): rows as it types ---

def numbers_asked(tmp_path: Path) -> Path:
    """A bridge teams round 2 whose boards nothing says (round 1 on 1-10 and 12): its form asks
    for the boards' numbers (test_desk_default_boards)."""
    from tests.test_desk_default_boards import LONG_ROUND_1, STAGE as TEAMS_STAGE

    tables = LONG_ROUND_1.replace("      11: {open: 3NT N =, closed: 3NT S -1}\n", "")
    root = make(tmp_path, TEAMS_STAGE["bridge"], tables, game="bridge", prefix="T", players=4)
    results(root).with_name("round-2.yaml").write_text(
        "stage: main\nround: 2\ntables:\n  - table: 1\n    home: T01\n    away: T03\n"
        "  - table: 2\n    home: T02\n    away: T04\n", encoding="utf-8")
    return root


def test_the_live_check_brings_the_rows_of_the_boards_numbers_typed(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """The table types "13-20" in the boards' numbers box: the live check's answer (what the page
    asks while it is typed, no submit) carries those boards' rows, with what was typed in them
    kept; the page had drawn them only on "Check the score", sent whole. A box that names no
    board (20-13, refused) brings no rows. A form whose boards are known brings none at all."""
    import json

    from tests.test_desk import fetch

    root = numbers_asked(tmp_path)
    running = desk_of(root)
    status, page = fetch(running.desk.link("main/2/1"))
    assert status == 200 and '<div id="board-rows" data-boards="">' in page and 'name="b13_open"' not in page, page
    status, body = post(running, "main/2/1", "check", board_numbers="13-20", b13_open="4S N =")
    assert status == 200, body
    answer = json.loads(body)
    assert answer["boards"] == list(range(13, 21)), answer
    assert sorted(int(n) for n in set(re.findall(r'name="b([0-9]+)_closed"', answer["rows"]))) == list(range(13, 21))
    assert re.search(r'name="b13_open" value="4S N ="', answer["rows"]), answer["rows"]
    # the rows' own markup, as the page draws them on "Check the score" (the same template)
    status, previewed = post(running, "main/2/1", "preview", board_numbers="13-20", b13_open="4S N =")
    assert f'<div id="board-rows" data-boards="{" ".join(str(n) for n in range(13, 21))}">' in previewed
    assert answer["rows"].strip() in previewed
    status, body = post(running, "main/2/1", "check", board_numbers="20-13")
    answer = json.loads(body)
    assert answer["boards"] == [] and 'name="b13_open"' not in answer["rows"] and answer["problems"], answer
    # a match whose boards are known: no rows in the answer (the page keeps its own)
    root_known = stage_of(tmp_path / "known", "bridge", "T", GAMES[1][2], [(WHOLE, NONE)])
    known = desk_of(root_known)
    status, body = post(known, "main/2/1", "check", b13_open="4S N =")
    assert status == 200 and "rows" not in json.loads(body), body


# A page for the form's script to run in (node, no browser): the elements it asks for, the rows'
# box parsed from the markup it is given (each input's and textarea's name and value), and the
# desk's answers handed out in turn, each when the test says (what a phone types meanwhile).
PAGE_JS = r"""
const answers = JSON.parse(process.argv[process.argv.length - 1]);
function element(id) {
  return {id, hidden: false, textContent: "", children: [], attributes: {},
          appendChild(child) { this.children.push(child); return child; },
          setAttribute(name, value) { this.attributes[name] = String(value); },
          getAttribute(name) { return name in this.attributes ? this.attributes[name] : null; },
          removeAttribute(name) { delete this.attributes[name]; }};
}
function boxesOf(html) {
  const found = [];
  for (const m of html.matchAll(/<input[^>]*?name="([^"]+)"(?:[^>]*?value="([^"]*)")?/g)) found.push(box(m[1], m[2] || ""));
  for (const m of html.matchAll(/<textarea[^>]*?name="([^"]+)"[^>]*>\n?([^<]*)<\/textarea>/g)) found.push(box(m[1], m[2]));
  return found;
}
function box(name, value) { const b = element(name); b.name = name; b.value = value; return b; }
const rows = element("board-rows");
rows.boxes = [];
rows.setAttribute("data-boards", "");
Object.defineProperty(rows, "innerHTML", {set(html) { this.boxes = boxesOf(html); }});
rows.querySelectorAll = function () { return this.boxes; };
rows.contains = function (b) { return this.boxes.includes(b); };
const numbers = box("board_numbers", "");
const form = element("entry");
form.listeners = {};
form.addEventListener = function (kind, fn) { this.listeners[kind] = fn; };
Object.defineProperty(form, "elements", {get() {
  const all = [numbers, ...rows.boxes];
  for (const b of all) all[b.name] = b;
  return all;
}});
const others = {};
const document = {
  activeElement: numbers,
  getElementById(id) {
    if (id === "entry") return form;
    if (id === "board-rows") return rows;
    if (id === "confirm-text") return null;
    return others[id] || (others[id] = element(id));
  },
  createElement(tag) { return element(tag); },
  createTextNode(text) { return {text}; },
};
let pending = [];
const window = {fetch: () => new Promise((resolve) => pending.push(resolve))};
global.document = document; global.window = window; global.fetch = window.fetch;
global.location = {href: "http://desk/t"};
global.setTimeout = (fn) => { fn(); return 0; }; global.clearTimeout = () => {};
global.FormData = function () {}; global.URLSearchParams = function () { this.set = () => {}; };
eval(require("fs").readFileSync(0, "utf8"));
const settle = () => new Promise((resolve) => setImmediate(resolve));
const shown = () => ({boards: rows.getAttribute("data-boards"),
                      boxes: Object.fromEntries(rows.boxes.map((b) => [b.name, b.value]))});
(async () => {
  const seen = [];
  for (const step of answers) {
    if (step.type) numbers.value = step.type;
    form.listeners.input();
    for (const [name, value] of Object.entries(step.meanwhile || {})) form.elements[name].value = value;
    pending.shift()({ok: true, json: () => Promise.resolve(step.answer)});
    await settle();
    seen.push(shown());
  }
  console.log(JSON.stringify(seen));
})();
"""


@pytest.mark.skipif(__import__("shutil").which("node") is None, reason="node runs the form's script")
def test_the_form_draws_the_rows_of_the_boards_numbers_as_they_are_typed(tmp_path: Path, desk_of) -> None:  # noqa: F811
    """The form's own script, run on the desk's answers: "13-20" typed draws boards 13-20's rows;
    a result typed in board 13's box while the next check is asked ("13-21") is kept when board
    21's row is added; an answer for the boards already drawn leaves the rows (and what is being
    typed in them) as they are."""
    import json
    import subprocess

    from tests.test_desk import fetch

    root = numbers_asked(tmp_path)
    running = desk_of(root)
    status, page = fetch(running.desk.link("main/2/1"))
    script = re.search(r"<script>\n(// Live checking while typing.*?)</script>", page, re.S).group(1)

    def answer(**typed: str) -> dict:
        status, body = post(running, "main/2/1", "check", **typed)
        assert status == 200, body
        return json.loads(body)

    steps = [{"type": "13-20", "answer": answer(board_numbers="13-20")},
             {"type": "13-21", "meanwhile": {"b13_open": "4S N ="}, "answer": answer(board_numbers="13-21")},
             {"type": "13-21", "meanwhile": {"b21_open": "3NT S +1"},
              "answer": answer(board_numbers="13-21", b13_open="4S N =")}]
    ran = subprocess.run(["node", "-e", PAGE_JS, "--", json.dumps(steps)], input=script, capture_output=True,
                         text=True, timeout=60, check=False)
    assert ran.returncode == 0, ran.stderr
    first, second, third = json.loads(ran.stdout)
    assert first["boards"] == " ".join(str(n) for n in range(13, 21))
    assert sorted(first["boxes"]) == sorted(f"b{n}_{room}" for n in range(13, 21) for room in ("open", "closed"))
    assert second["boards"].endswith(" 21") and "b21_closed" in second["boxes"]
    assert second["boxes"]["b13_open"] == "4S N ="  # typed while the check was asked: kept
    assert third["boxes"]["b21_open"] == "3NT S +1"  # the same boards: not drawn again over it
