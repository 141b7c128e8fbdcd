"""Words live in the catalogues, once each, in every locale (generator/catalogues.py).

UI words (domain `paibang`) and content problems (domain `messages`) are gettext catalogues:
the shared ones in generator/locales/, each game's in its package. These tests read every
catalogue there is, so a word added in one locale only, a placeholder lost in translation, a
word defined twice (one of them then says the wrong thing) or a Chinese sentence typed into a
Python file fails here.
"""

from __future__ import annotations

import ast
import gettext
import io
import re
import string
from pathlib import Path

import pytest

from generator import catalogues
from generator.catalogues import LOCALES, MESSAGES, WORDS
from generator.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
GENERATOR = ROOT / "generator"

# Every folder holding catalogues: generator/ and each game package that has its own, and the
# tests' toy game (tests/toygame/), whose catalogues are read the same way.
FOLDERS = sorted({path.parents[3] for path in GENERATOR.rglob("locales/*/LC_MESSAGES/*.po")} | {ROOT / "tests" / "toygame"})

# Python files that may hold Chinese text: record grammar a secretary types (full-width digits,
# seat and suit words, 光头), which is the language of the records, not of the pages.
RECORD_GRAMMAR = {
    "generator/commands/headings.py",  # the headings and marks of registration sheets `paibang import` reads
    # 80分's seat and direction words (北, 南北), 光头, 单/对, 主队/客队, 开室/闭室, band ranges
    "generator/games/shengji/records.py",
    # 大怪路子's words for a message's room keys (开室、闭室), and a violation's board on the desk's form (D07 第2副 自报牌数)
    "generator/games/daguai/records.py",
    # Guandan's records: the foul word (犯规), 过A for a level past A, the desk's penalty lines
    "generator/games/guandan/records.py",
    # bridge's records: suit, seat, double and result words (黑桃 北 宕2), 全不叫, the IMP column (国际比赛分)
    "generator/games/bridge/scoring.py",
    # a team board's room keys (开室/闭室) for every game that plays in two rooms
    "generator/games/common/rooms.py",
    # a board not played as every game's records write it (未打)
    "generator/games/common/shorthand.py",
}

CHINESE = re.compile(r"[\u4e00-\u9fff]")


def entries(folder: Path, domain: str, locale: str) -> dict[tuple[str | None, str], str]:
    return catalogues.entries(catalogues.catalogue_path(folder, domain, locale))


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("domain", [WORDS, MESSAGES])
@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: str(f.relative_to(ROOT)))
def test_every_locale_has_the_same_ids_and_placeholders(folder: Path, domain: str) -> None:
    found = {locale: entries(folder, domain, locale) for locale in LOCALES}
    assert set(found["zh-Hans"]) == set(found["zh-Hant"]) == set(found["en"])
    for key in found["zh-Hans"]:
        assert len({frozenset(placeholders(found[locale][key])) for locale in LOCALES}) == 1, key


def malformed_plurals(text: str) -> list[str]:
    """The placeholders of `text` that catalogues.fill cannot take: a word in a number's form is
    `{n:one|many}`, each form free of braces and bars (catalogues._PLURAL); anything else with a
    bar or a brace after the colon (`{n:a|b|c}`, `{n:{x}|b}`) is taken by str.format for a format
    spec, a ValueError when the text is filled, at run time. The text unparsable: its error."""
    rest = catalogues._PLURAL.sub(lambda found: "{" + found.group(1) + "}", text)
    try:
        fields = list(string.Formatter().parse(rest))
    except ValueError as error:
        return [str(error)]
    return [f"{{{name}:{spec}}}" for _, name, spec, _ in fields if name is not None and spec and set(spec) & set("|{}")]


def test_the_plural_lint_finds_what_fill_cannot_take() -> None:
    for broken in ("{n} {n:entry|entries|more}", "{n:{x}|b}", "{n:one|many"):
        assert malformed_plurals(broken), broken
        with pytest.raises(ValueError):
            catalogues.fill(broken, {"n": 2, "x": 1})
    assert not malformed_plurals("{n} {n:event|events}, {count:d}")
    assert catalogues.fill("{n} {n:event|events}", {"n": 1}) == "1 event"


@pytest.mark.parametrize("domain", [WORDS, MESSAGES])
@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: str(f.relative_to(ROOT)))
def test_every_word_in_a_numbers_form_is_well_formed(folder: Path, domain: str) -> None:
    """Every entry of every catalogue (the UI's words, the problems' messages and fixes, each
    game's), in every locale: its `{n:one|many}` placeholders are ones fill takes (malformed_plurals);
    a malformed one was a ValueError only when that line was said."""
    bad = {(locale, context, key): found for locale in LOCALES
           for (context, key), text in entries(folder, domain, locale).items() if (found := malformed_plurals(text))}
    assert not bad

@pytest.mark.parametrize("domain", [WORDS, MESSAGES])
def test_each_id_is_defined_once_among_all_catalogues(domain: str) -> None:
    """Two words under one id: gettext keeps one, and the other's pages say the wrong thing (a
    merge once gave "after_round" two meanings). A word every game uses is the shared one."""
    seen: dict[tuple[str | None, str], Path] = {}
    for folder in FOLDERS:
        for locale in LOCALES:
            path = catalogues.catalogue_path(folder, domain, locale)
            if not path.exists():
                continue
            # Babel keeps one entry of an id written twice in a file: count the ids as written.
            ids = written_ids(path.read_text(encoding="utf-8"))
            assert len(ids) == len(set(ids)), (path, sorted({i for i in ids if ids.count(i) > 1}))
        path = catalogues.catalogue_path(folder, domain, "zh-Hans")
        for key in catalogues.entries(path):
            assert key not in seen, f"{key} in {path} and in {seen[key]}"
            seen[key] = path


def written_ids(text: str) -> list[tuple[str | None, str]]:
    """Every (msgctxt, msgid) of a .po file as written, a long id continued over several lines
    joined, the header (msgid "") left out."""
    ids: list[tuple[str | None, str]] = []
    context: str | None = None
    lines = text.splitlines()
    for number, line in enumerate(lines):
        if line.startswith("msgctxt "):
            context = ast.literal_eval(line[len("msgctxt "):])
        elif line.startswith("msgid "):
            parts = [ast.literal_eval(line[len("msgid "):])]
            for more in lines[number + 1:]:
                if not more.startswith('"'):
                    break
                parts.append(ast.literal_eval(more))
            if "".join(parts):
                ids.append((context, "".join(parts)))
            context = None
    return ids


def test_an_id_written_twice_in_one_file_is_counted_twice() -> None:
    text = 'msgid ""\nmsgstr ""\n\nmsgid "a"\nmsgstr "x"\n\nmsgid ""\n"a"\nmsgstr "y"\n\nmsgctxt "hint"\nmsgid "a"\nmsgstr "z"\n'
    assert written_ids(text) == [(None, "a"), (None, "a"), ("hint", "a")]


# Keys whose texts are the same in every locale today but whose roles differ, so that a translator
# may word them apart. Any other two keys with one text are one word defined twice: keep one
# (the shared catalogue's when two games or parts use it) and let every user ask for it.
SAME_TEXT_OTHER_ROLE = {
    ("new_organizer_value", "organizer"): "the sample value `paibang new` writes into event.yaml, not the field's label",
    ("ns", "vul_NS"): "a table's side vs a board's vulnerability (vul_<None|NS|EW|Both>, looked up by value)",
    ("ew", "vul_EW"): "a table's side vs a board's vulnerability (vul_<None|NS|EW|Both>, looked up by value)",
    ("role_referee", "schema_referee"): "a role on a player's page vs the schema's description of the referee field",
    ("metric_top", "sj_top"): "the metric's label on standings vs 80分's column heading of a board's top",
    ("br_imps", "br_metric_imps"): "bridge's column heading vs the metric's label on standings",
    ("dg_match_points", "metric_match_points"): "大怪路子's column heading vs the metric's label on standings",
    ("gd_short_bye", "pair_bye"): "Guandan's results sheet's remark vs the comment paibang pair writes on a bye",
    ("gd_note_passed", "gd_short_passed_a"): "the match page's note vs the results sheet's remark",
    ("gd_short_first", "gd_short_first_start", "gd_short_recorded"): "one results-sheet remark per reason a match"
    " was decided (looked up by the reason): each can be worded apart",
    ("gd_short_draw", "gd_short_rooms_draw"): "one results-sheet remark per reason (looked up by the reason): a"
    " draw at one table vs a teams-of-four match drawn on both rooms",
    ("gd_desk_penalties", "gd_penalties"): "the desk form's field label vs the match page's heading",
    ("sj_match_points", "sj_metric_match_points"): "80分's column heading vs the metric's label on standings",
    ("gd_metric_wins", "hc_metric_wins"): "Guandan's metric vs the tests' toy game's, which keeps its own words",
}

def test_no_two_keys_hold_the_same_word() -> None:
    """A word every game or part shows is defined once (bye, forfeit, open room, the sheets'
    headings): two keys with identical texts in all three locales drift apart the first time one
    is translated again. Keys that only look alike are listed, with why, in SAME_TEXT_OTHER_ROLE."""
    by_texts: dict[tuple[str, str, str], list[str]] = {}
    for folder in FOLDERS:
        for key, texts in catalogues.words(folder).items():
            by_texts.setdefault(texts, []).append(key)
    twice = {tuple(sorted(keys)): texts[2] for texts, keys in by_texts.items() if len(keys) > 1}
    unlisted = {keys: en for keys, en in twice.items() if keys not in SAME_TEXT_OTHER_ROLE}
    assert not unlisted, f"one word under several keys, keep one of each: {unlisted}"
    every_key = {key for keys in by_texts.values() for key in keys}
    gone = {key for keys in SAME_TEXT_OTHER_ROLE for key in keys} - every_key
    assert not gone, f"take these off SAME_TEXT_OTHER_ROLE, no catalogue has them any more: {sorted(gone)}"


def test_babel_reads_continuations_escapes_plurals_and_skips_fuzzy(tmp_path: Path) -> None:
    folder = tmp_path
    path = catalogues.catalogue_path(folder, WORDS, "en")
    path.parent.mkdir(parents=True)
    path.write_text(
        'msgid ""\nmsgstr "Language: en\\n"\n\n'
        '# a comment\nmsgid "long"\nmsgstr ""\n"first \\"part\\" "\n"second\\n"\n\n'
        '#, fuzzy\nmsgid "draft"\nmsgstr "not yet"\n\n'
        'msgid "plural"\nmsgid_plural "plurals"\nmsgstr[0] "one"\nmsgstr[1] "many"\n',
        encoding="utf-8")
    assert catalogues.entries(path) == {(None, "long"): 'first "part" second\n', (None, "plural"): "one"}
    compiled = gettext.GNUTranslations(io.BytesIO(catalogues.compile_mo(catalogues.read_catalogue(path))))
    assert compiled.gettext("long") == 'first "part" second\n' and compiled.gettext("draft") == "draft"


def test_a_message_is_its_code_and_its_fix_under_the_hint_context() -> None:
    shared = catalogues.messages(catalogues.SHARED)
    assert shared["file-missing"]["en"] == ("file not found: {path}",
                                            "check the spelling of the file name, or create the file.")
    assert shared["_error"]["zh-Hant"] == ("錯誤", "")


def test_python_files_hold_no_chinese_words_outside_record_grammar() -> None:
    """UI words and messages live only in the catalogues: Chinese text in a Python string is
    record grammar, in a file listed above with its reason."""
    offenders = set()
    for path in sorted(GENERATOR.rglob("*.py")):
        name = str(path.relative_to(ROOT))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        strings = [node for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)]
        docstrings = {id(body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                      and (body := node.body) and isinstance(body[0], ast.Expr)
                      and isinstance(body[0].value, ast.Constant)}
        if any(CHINESE.search(s.value) for s in strings if id(s) not in docstrings):
            offenders.add(name)
    assert offenders <= RECORD_GRAMMAR, sorted(offenders - RECORD_GRAMMAR)
    assert not RECORD_GRAMMAR - offenders, f"no record grammar left in {sorted(RECORD_GRAMMAR - offenders)}: unlist them"


def test_no_module_fills_the_message_catalogue_at_import() -> None:
    """Messages are data the registry collects: no `CATALOGUE.update(...)` anywhere."""
    for path in GENERATOR.rglob("*.py"):
        assert "CATALOGUE.update(" not in path.read_text(encoding="utf-8"), path


def test_one_lookup_formats_always_and_takes_a_word_per_locale_as_a_parameter() -> None:
    """`catalogues.word` / `catalogues.text`: the game's word or else the shared one; `{{` is a
    brace even without parameters; a {locale: text} parameter gives each locale its own text;
    `folder` and `key` may be parameter names."""
    guandan = GENERATOR / "games" / "guandan"
    assert catalogues.word("gd_expected_penalty", guandan)["en"].startswith("a mapping, e.g. {team: T02")
    assert catalogues.word("bye", guandan) == catalogues.word("bye")  # a shared word, from a game's folder
    note = catalogues.word("gd_stage_note_four", guandan, zero=catalogues.word("gd_stage_note_four_draw", guandan))
    assert note["zh-Hant"] == catalogues.text("gd_stage_note_four", "zh-Hant", guandan,
                                              zero=catalogues.text("gd_stage_note_four_draw", "zh-Hant", guandan))
    assert "{" not in note["en"]
    assert catalogues.text("new_exists", "en", folder="x/y").startswith("x/y")
    assert catalogues.text("round_n", "xx", n=2) == catalogues.text("round_n", "zh-Hans", n=2)  # unknown locale


def test_words_read_again_reach_metrics_titles_and_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    """A page holds a game's metric words lazily (`Metric.worded`): a catalogue read again
    (`i18n.reload_words`) changes them, and the content problems' messages are read again too."""
    from generator import messages
    from generator.render import i18n

    guandan = GAMES["guandan"]
    label = guandan.metrics["wins"].label
    assert label["en"] == "Wins" and guandan.title["en"] == "Guandan"
    real = catalogues.words
    edited = {"gd_metric_wins": ("胜", "勝", "Won"), "gd_title": ("掼蛋", "摜蛋", "Guan Dan")}
    monkeypatch.setattr(catalogues, "words", lambda folder: {**real(folder), **edited} if folder == guandan.folder
                        else real(folder))
    assert label["en"] == "Won" and guandan.metrics["wins"].label["zh-Hant"] == "勝"
    assert guandan.title["en"] == "Guan Dan"
    monkeypatch.undo()
    monkeypatch.setitem(messages.CATALOGUE, "file-missing", {"en": ("stale {path}", "")})
    i18n.reload_words()
    assert messages.render_message("file-missing", "en", {"path": "x"})[0] == "file not found: x"
    assert messages.render_message("guandan-rooms-draw-winner", "en", {})[0].startswith("both rooms'")


def test_no_two_codes_hold_the_same_message_and_fix() -> None:
    """A content problem two games share (a bye with boards, a Mitchell's pairs meeting twice) is
    one code, in the shared catalogue: two codes with the same message and fix in every locale
    are one message defined twice, and drift apart the first time one is reworded. Codes whose
    messages read alike but whose fixes differ (each game's own example) are distinct."""
    by_texts: dict[tuple[tuple[str, str], ...], list[str]] = {}
    for folder in FOLDERS:
        for code, entry in catalogues.messages(folder).items():
            by_texts.setdefault(tuple(entry.get(locale, ("", "")) for locale in LOCALES), []).append(code)
    twice = sorted(sorted(codes) for codes in by_texts.values() if len(codes) > 1)
    assert not twice, f"one message under several codes, keep one (shared) code for each: {twice}"


def test_no_english_word_says_its_number_with_s_in_brackets() -> None:
    """"board(s) 5", "1 foul(s)": an English word follows its number's form ({n:one|many},
    catalogues.fill), in the problems (messages) as in the UI words, every catalogue's."""
    said = [(str(folder.relative_to(ROOT)), key) for folder in FOLDERS for domain in (WORDS, MESSAGES)
            for (_, key), text in entries(folder, domain, "en").items() if "(s)" in text]
    assert not said


# Words that count boards, rounds, tables, entries, events or pages with one form, and why the
# count is never one there.
NEVER_ONE = {
    "pair-late-several": "two late pairs or more, by its name",
    "pairs-late-grown": "an odd field of three pairs or more: two tables or more",
    "field_all": "linked only where the standings list fewer than the field: two or more",
    "pages_all": "the pager's list of pages, shown past four", "rounds_all": "the list of rounds, shown past four",
    "ko_rule_seeds_list": "a knockout's field: two or more (knockout-field-small)",
    "ko_rule_seeds_from": "the same", "ko_rule_seeds_order": "the same", "ko_bulletin_text": "the same",
    "knockout-rounds": "the same", "knockout-no-third-place": "the same",
    "bridge_import_cumulative": "totals over several sessions' boards", "bridge_import_cumulative_none": "the same",
    "pair_summary_berger": "a round robin's field: two or more", "pair_summary_berger_partial": "the same",
    "draw_rule_round_robin_2_partial": "the same, and a partial one's full rounds: two or more",
    "draw_rule_round_robin_2_partial_substitute": "the same", "draw_rule_round_robin_by_hand_partial": "the same",
    "round-robin-partial": "the same", "pair-robin-complete": "the same",
    "pair-impossible": "a rematch needs two entries or more",
    "bridge_import_teams_seated": "teams playing several matches: two rounds or more",
    "pair-movement-rounds": "more rounds than a movement's most: two or more",
    "pair_howell_line": "a movement's field: two pairs or more", "pair_barometer_line": "the same",
    "pair-howell-size": "a Howell's largest field: many pairs",
    "bridge_import_factored": "factored to the most results a board has: more than it was played, two or more",
    "bridge_import_not_played_mp": "the same",
    "bridge_import_teams_no_match": "a team result names two teams: two or more",
    "matched_apart": "namesakes kept apart: two people or more", "import_namesakes": "the same",
    "players-separator": "one item read as several players: two or more",
    "entry-team-large": "more players than a team or pair seats, one at least: two or more",
    "stage-teams-in-pairs": "a team's size in a stage of pairs: four",
    "ko_rule_bracket": "a knockout's bracket: two places or more", "qualify-tie-knockout": "the same",
    "pair-knockout-tied": "the same",
    "bridge-impossible-result": "tricks below 0 or above 13, never 1",
    "id_too_long": "more than 32 characters", "text-too-long": "over a limit of many characters",
    "name-too-long": "the same", "notice-too-complex": "a paragraph long enough to take minutes",
    "file-too-large": "over a limit of many bytes", "event-file-too-large": "the same",
    "registration-sheet-rows": "a sheet's limit of many rows",
}

# Placeholders before a counted word that name a thing and count nothing: "{stage} results".
NAMES_NOT_COUNTS = frozenset({"event", "stage", "round", "metrics"})


# A count followed by a counted word in the plural ("{n} boards"), or by a list in brackets and
# "are" ("the first {tables} ({ns}) are": "the first 1 (A01) are" of a one-table Mitchell).
_COUNTED = re.compile(r"\{(\w+)\} (?:(?:boards|rounds|tables|entries|events|pages|figures|pairs|teams|results|matches"
                      r"|days|players|people|places|tricks|rows|fields|columns|bytes|characters)\b|\([^()]*\) are\b)")


def counts_without_a_singular(text: str) -> list[str]:
    """The counts of `text` said in the plural whatever the number: a count is followed by its
    word in the number's form, `{n} {n:board|boards}`; a placeholder naming a thing
    (NAMES_NOT_COUNTS: "{stage} results") counts nothing."""
    return [found.group(0) for found in _COUNTED.finditer(text)
            if found.group(1) not in NAMES_NOT_COUNTS and "{" + found.group(1) + ":" not in text]


def test_the_count_lint_finds_a_count_with_no_singular() -> None:
    """What reviews found said "1 figures" or "the first 1 (A01) are", unseen by the rule."""
    for said in ("all {n} figures equal", "imported {pairs} pairs", "the first {tables} ({ns}) are NS",
                 "{days} days from", "{n} teams", "{count} players", "{found} fields for {columns} columns",
                 "{tricks} tricks", "more than {limit} rows", "{length} characters", "{size} bytes"):
        assert counts_without_a_singular(said), said
    for said in ("{n:the|all} {n} {n:figure|figures} {n:is |}equal", "{stage} results", "{ns} {tables:is|are} NS"):
        assert not counts_without_a_singular(said), said
    assert catalogues.fill("{n:the|all} {n} {n:figure|figures} {n:is |}equal", {"n": 1}) == "the 1 figure is equal"
    assert catalogues.fill("{n:the|all} {n} {n:figure|figures} {n:is |}equal", {"n": 114}) == "all 114 figures equal"
    assert catalogues.text("pbn_row_fields", "en", name="Score", found=1, columns=1) == "a row of Score has 1 field for 1 column"


def test_an_english_count_of_one_is_said_in_the_singular() -> None:
    """"1 boards", "1 rounds" (a one-board club evening, a knockout of two), "all 1 figures
    equal" (an import's): a count of the domain's things is followed by its word in the
    number's form, `{n} {n:board|boards}`, unless listed in NEVER_ONE with why it is never one."""
    said = {key for folder in FOLDERS for domain in (WORDS, MESSAGES)
            for (_, key), text in entries(folder, domain, "en").items() if counts_without_a_singular(text)}
    assert not said - set(NEVER_ONE), sorted(said - set(NEVER_ONE))
    assert not set(NEVER_ONE) - said, f"take these off NEVER_ONE: {sorted(set(NEVER_ONE) - said)}"


def test_a_problem_names_its_list_in_the_lists_number() -> None:
    """A problem's list is as many as its items (messages.fill), a run of boards ("1–3") many."""
    from generator.messages import render_message

    assert render_message("boards-missing", "en", {"table": 3, "missing": [5]})[0] == "table 3 has no record for board 5"
    assert render_message("boards-missing", "en", {"table": 3, "missing": [5, 7]})[0] == "table 3 has no record for boards 5, 7"
    pending = {"table": 2, "room": "open room", "other": "closed room", "example": "x"}
    assert render_message("room-pending", "en", {**pending, "boards": ["4"]})[0].startswith("table 2, board 4: ")
    assert render_message("room-pending", "en", {**pending, "boards": ["1\u20133"]})[0].startswith("table 2, boards 1\u20133: ")
    assert render_message("results-round-range", "en", {"stage": "s1", "rounds": 1, "round": 2})[0] == \
        "stage s1 has 1 round; this is round 2"


# Where UI words are asked for: the code, the templates (HTML, JS, XML) and the scripts.
_WORD_USERS = [path for top in ("generator", "templates", "scripts") for path in sorted((ROOT / top).rglob("*"))
               if path.suffix in {".py", ".html", ".js", ".xml", ".txt"} and "locales" not in path.parts]


def used_words(text: str, keys: list[str]) -> set[str]:
    """The keys `text` asks for: written whole as a string ("key", 'key'), or built from a prefix
    written as a string's start up to one of its _ or - ("metric_" + name, f"{command}-port-busy"
    does not count: only a literal start does, f"status_{x}" and "status_" + x both do). A dead
    word that shares a built prefix passes; a word nothing writes or builds fails."""
    found = set()
    for key in keys:
        if f'"{key}"' in text or f"'{key}'" in text:
            found.add(key)
            continue
        pieces = re.split(r"(?<=[_-])", key)
        starts = ("".join(pieces[:i]) for i in range(len(pieces) - 1, 0, -1))
        if any(re.search(r"""["']""" + re.escape(start) + r"""(["'{]|$)""", text, re.M) for start in starts):
            found.add(key)
    return found


def test_the_word_lookup_tells_a_used_word_a_built_one_and_a_dead_one() -> None:
    code = 'x = t("rank")\ny = t(f"status_{s}")\nz = t("draw_rule_" + n)\n'
    keys = ["rank", "status_complete", "draw_rule_swiss_2", "back_to_event", "rank_extra"]
    assert used_words(code, keys) == {"rank", "status_complete", "draw_rule_swiss_2"}


# Words whose key is built around a variable's value, and where.
BUILT_AROUND = {
    "serve-port-busy": "commands/serve.py: f\"{command}-port-busy\"", "desk-port-busy": "the same, for the desk",
    "serve-cannot-listen": "commands/serve.py: f\"{command}-cannot-listen\"", "desk-cannot-listen": "the same",
    "build_failed_strict": "cli.py: the failure's key + \"_strict\"", "check_failed_strict": "the same",
    "pair_refused_errors_strict": "the same",
    "init_title_value": "content/load.py: f\"{command}_{key}_value\"", "init_organization_value": "the same",
}


def test_every_ui_word_is_asked_for_somewhere() -> None:
    """A word no code or template asks for is dead text to translate three times (ten dead
    大怪路子 words were once found by hand). Words a game builds from its word_prefix
    (`<prefix>_title`, `<prefix>_metric_<name>`) count through the prefix's literal start."""
    text = "\n".join(path.read_text(encoding="utf-8") for path in _WORD_USERS)
    text += "".join(f'"{game.word_prefix}_"' for game in GAMES.values())  # each game's words (games/__init__.py)
    keys = [key for folder in FOLDERS if folder.parent != ROOT / "tests"
            for context, key in entries(folder, WORDS, "en") if context is None and key]
    unused = sorted(set(keys) - used_words(text, keys) - set(BUILT_AROUND))
    assert not unused, f"UI words nothing asks for (remove them from every locale): {unused}"
