"""A save into a round's file that the content loader refuses whole, though ruamel's round trip
(which the save edits) reads it. The desk's guard asked the loader only of a text holding `&`,
`*` or `!` (h-desk34's anchors, aliases and tags): any other such file had its tables read as
nothing for the form, and the round trip found the table there, so every save was refused as
"changed since the form was filled", reloading or not, for ever, and the file's fault never
said. Now held, each with the loader's own words (file, line, what, the fix), as `check` says
it, the loader asked no more than before (Writer.known_of keeps its one reading's verdict);
once mended, the save lands.

And a tab before an end-of-line comment (`- table: 3<tab># by hand`): the loader's refusal
(PyYAML's, ruamel's too; libyaml reads it), not the splice's: held with the loader's words,
which now say a tab inside the line, not "indented with a tab"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.desk.app import unwritable
from tests.test_desk import Running, audit_lines, content, drawn, post, round4, running  # noqa: F401 - (fixtures)

CHANGED_SINCE = "\u672c\u684c\u7684\u6210\u7ee9\u5df2\u88ab\u6539\u52a8"  # desk_changed_since's "本桌的成绩已被改动"

# (what a hand may leave in a round's file, each refused whole by the loader, and the loader's code)
REFUSED_WHOLE = [
    ("a list as a key", lambda text: text.replace("\nround: 4\n", "\nround: 4\n? [a, b]\n: 1\n", 1), "yaml-syntax"),
    ("a list as a key in braces", lambda text: text.replace("\nround: 4\n", "\nround: 4\nnote: {[a]: 1}\n", 1),
     "yaml-syntax"),
    ("nested past the loader's depth", lambda text: text.replace("\nround: 4\n", "\nround: 4\nnote: " + "[" * 30 + "]" * 30 + "\n", 1),
     "yaml-too-deep"),
    ("a tab inside brackets", lambda text: text.replace("    teams: [T21, T13]", "    teams: [T21,\tT13]", 1), "yaml-tab-in-line"),
    ("a line separator in a value", lambda text: text.replace("\nround: 4\n", "\nround: 4\nnote: a\u2028b\n", 1),
     "yaml-line-separator"),
    ("a next line in a value", lambda text: text.replace("\nround: 4\n", "\nround: 4\nnote: a\x85b\n", 1),
     "yaml-line-separator"),
    ("a paragraph separator before a table's key", lambda text: text.replace("  - table: 3    #", "  - table: 3\u2029    winner: T05  #", 1),
     "yaml-line-separator"),
    ("a tab before a comment", lambda text: text.replace("  - table: 3    #", "  - table: 3\t#", 1), "yaml-tab-in-line"),
]


@pytest.mark.parametrize(("what", "edit", "code"), REFUSED_WHOLE, ids=[what for what, _, _ in REFUSED_WHOLE])
def test_a_save_into_a_file_the_loader_refuses_whole_is_held_with_its_words(  # noqa: F811
        running: Running, content: Path, what: str, edit, code: str) -> None:  # noqa: ANN001, F811
    path = round4(content)
    text = path.read_text(encoding="utf-8")
    broken = edit(text)
    assert broken != text and "&" not in broken and "*" not in broken and "!" not in broken, what
    path.write_text(broken, encoding="utf-8")
    running.desk.load()  # (the hand edit read, as the desk's watch reads it)
    expected = unwritable(path, ValueError())  # the loader's first error in the file, as `check` says it
    assert expected.code == code, (what, expected.code)
    for _ in range(2):  # held as often as it is tried, each time saying why: never "changed since"
        status, html = post(running, "main/4/2", "save", level_a="A", level_b="5")
        said = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.split("<main>")[-1]))
        assert status == 503, (what, said[:400])
        assert CHANGED_SINCE not in said and "round-4.yaml" in said, (what, said[:400])
        assert path.read_text(encoding="utf-8") == broken  # nothing written
    held = running.desk.tokens.held("main/4/2")
    assert held is not None and held["problem"] == expected.heading(running.desk.locale, content), (what, held)
    assert f"[{code}]" in held["problem"] and f"round-4.yaml:{expected.mark.line}:" in held["problem"]
    assert not [line for line in audit_lines(content) if line.get("table") == 2]
    path.write_text(text, encoding="utf-8")  # mended
    running.desk.load()
    status, html = post(running, "main/4/2", "save", level_a="A", level_b="5")
    assert status == 200, re.sub(r"<[^>]+>", " ", html.split("<main>")[-1])[:400]
    assert re.search(r"levels: \{T04: A, T06: 5\}", path.read_text(encoding="utf-8"))


def test_a_save_into_a_file_over_the_loaders_size_limit_is_held_with_its_words(running: Running, content: Path) -> None:  # noqa: F811
    """A round's file grown past the loader's limit (2 MiB: a pasted log, say): held, as before,
    but said as `check` says it (file-too-large, the size and the limit), not "cannot read the
    file: 2226299 bytes", the byte count given as the system's reason."""
    from generator.content.yaml_loader import MAX_FILE_BYTES

    path = round4(content)
    text = path.read_text(encoding="utf-8")
    grown = text + ("# " + "x" * 98 + "\n") * (MAX_FILE_BYTES // 100 + 1)
    path.write_text(grown, encoding="utf-8")
    running.desk.load()
    status, html = post(running, "main/4/2", "save", level_a="A", level_b="5")
    assert status == 503, re.sub(r"<[^>]+>", " ", html.split("<main>")[-1])[:400]
    held = running.desk.tokens.held("main/4/2")
    assert held is not None and "[file-too-large]" in held["problem"] and str(MAX_FILE_BYTES) in held["problem"], held
    assert path.read_text(encoding="utf-8") == grown
