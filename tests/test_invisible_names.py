"""Invisible formatting characters in names (rev40's finding 2).

A bidi override (U+202E) or an invisible character (U+200B, U+2066) in a name passed `import`
and `check`; `build` then failed on the bulletins' glyphs at import's JSON record, and with
--no-pdf published U+202E, which shows a name reversed ("\\u202eevil" reads "live"). Now import
refuses the cell, and check and build refuse the name where the YAML holds it, with the fix.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.build import _first_written, build, validate
from generator.commands.registrations import import_registrations
from generator.content.reader import invisible
from generator.errors import ContentErrors
from generator.messages import render_message
from tests.test_catalogue import G, demo_tree
from tests.test_never_destroy import small_site


def test_which_formatting_characters_a_name_may_hold() -> None:
    assert invisible("\u5f20\u4e09") is None and invisible("Ann\u00b7Lee") is None  # the middle dot is no Cf
    assert invisible("\u202eevil") == "\u202e" and invisible("a\u2066b\u2069") == "\u2066"
    assert invisible("Li\u200b") == "\u200b" and invisible("\ufeffLi") == "\ufeff" and invisible("Jo\u00adan") == "\u00ad"
    # The joiners between two visible characters: a Persian name, an emoji sequence; not at an end.
    assert invisible("\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645") is None
    assert invisible("\U0001f468\u200d\U0001f469\u200d\U0001f467") is None
    # Real text (rev44): the Mongolian vowel separator between Mongolian letters; the tags of a
    # subdivision flag (England's) after the black flag. Alone, or after anything else: refused.
    england = "\U0001f3f4" + "".join(chr(0xE0000 + ord(c)) for c in "gbeng") + "\U000e007f"
    assert invisible("\u182e\u1823\u1837\u180e\u1820") is None and invisible("Ann " + england) is None
    assert invisible("Li\u180e") == "\u180e" and invisible("\u1820 \u180e\u1820") == "\u180e"
    assert invisible("Li\U000e0067\U000e007f") == "\U000e0067" and invisible("\U0001f3f4\U000e007f") == "\U000e007f"
    assert invisible("\U0001f3f4\U000e0067") == "\U000e0067"  # no cancel tag: no flag
    assert invisible("\u200dLi") == "\u200d" and invisible("Li \u200c Wu") == "\u200c" and invisible("a\u200d\u200bb") == "\u200d"


def test_check_and_build_refuse_a_reversed_name_where_the_yaml_holds_it(tmp_path: Path) -> None:
    content = small_site(tmp_path)
    event = content / "events" / "e1" / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("[\u5f20\u4e00, ", '["\\u202e\u5f20\u4e00", '),
                     encoding="utf-8")
    with pytest.raises(ContentErrors) as failed:
        validate(content)
    (problem,) = [p for p in failed.value.problems if p.code == "name-invisible-char"]
    assert problem.mark.file == event and problem.mark.line == 6
    said, fix = render_message(problem.code, "en", problem.params)
    assert "\\u202e\u5f20\u4e00" in said and "U+202E RIGHT-TO-LEFT OVERRIDE" in said and "\u202e" not in said, said
    assert "type the name again" in fix
    output = tmp_path / "output"
    with pytest.raises(ContentErrors):
        build(content, output, bulletins=False)  # --no-pdf: nothing published
    assert not output.exists()


def test_a_name_with_joiners_between_letters_is_built(tmp_path: Path) -> None:
    content = small_site(tmp_path)
    event = content / "events" / "e1" / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("\u5f20\u4e00", "\U0001f468\u200d\U0001f469"),
                     encoding="utf-8")
    _, _, warnings = validate(content)
    assert not [p for p in warnings if p.code == "name-invisible-char"]


@pytest.mark.parametrize("char", ["\u202e", "\u2066", "\u200b"])
def test_import_refuses_a_cell_with_an_invisible_formatting_character(tmp_path: Path, char: str) -> None:
    event = demo_tree(tmp_path, G)
    entries = event / "entries.yaml"
    before = entries.read_bytes() if entries.exists() else None
    sheet = tmp_path / "sheet.csv"
    sheet.write_text(f"\u59d3\u540d,\u7ec4\u53f7\n\u5f20\u4e09,1\nEvil{char}x,1\n", encoding="utf-8")
    with pytest.raises(ContentErrors) as failed:
        import_registrations(event.parents[1], event.name, sheet)
    (problem,) = [p for p in failed.value.problems if p.code == "registration-invisible-char"]
    assert problem.params["row"] == 3 and problem.params["char"] == f"U+{ord(char):04X}"
    said, _ = render_message(problem.code, "en", problem.params)
    assert "invisible formatting character" in said and "control" not in said, said
    assert (entries.read_bytes() if entries.exists() else None) == before


def test_a_missing_glyph_is_placed_in_the_yaml_not_in_imports_record(tmp_path: Path) -> None:
    """The character is in entries.yaml and in entries.imported.json (import's record, whose name
    sorts first): the place to fix is the YAML."""
    folder = tmp_path / "e1"
    folder.mkdir()
    (folder / "event.yaml").write_text("title: x\nentries: entries.yaml\n", encoding="utf-8")
    (folder / "entries.imported.json").write_text(json.dumps({"T01": "\u4dc0"}, ensure_ascii=False), encoding="utf-8")
    (folder / "entries.yaml").write_text("- id: T01\n  name: ab\u4dc0\n", encoding="utf-8")
    (folder / "a-link.yaml").symlink_to(folder / "entries.yaml")  # never read through
    mark = _first_written(folder / "event.yaml", {"\u4dc0"})
    assert tuple(mark) == (folder / "entries.yaml", 2, 11)
