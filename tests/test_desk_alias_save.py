"""A save into a round's file that a hand edit gave a YAML anchor and its alias (`&a`, `*a`)
while the desk runs (h-desk34). The content loader refuses the whole file (yaml-alias), so the
table's form was filled from no table; ruamel's round trip, which the save edits, reads the file
all the same and found the table there: every save refused as "changed since the form was
opened", reloading or not, for ever, and never a word of the alias. Now held once the file is
found so, with the loader's own words (line, what, the fix), as any file that does not read;
once mended, the same save lands."""

from __future__ import annotations

import re
import time
from pathlib import Path

from tests.test_desk import Running, audit_lines, content, drawn, post, round4, running  # noqa: F401 - (fixtures)

CHANGED_SINCE = "\u672c\u684c\u7684\u6210\u7ee9\u5df2\u88ab\u6539\u52a8"  # desk_changed_since's "本桌的成绩已被改动"


def test_a_save_into_a_file_given_an_alias_is_held_with_why_then_lands_once_mended(running: Running, content: Path) -> None:
    path = round4(content)
    text = path.read_text(encoding="utf-8")
    assert "\nround: 4\n" in text and "&" not in text
    # (a shared value named once, used twice: what an anchor is for)
    aliased = text.replace("\nround: 4\n", "\nround: &r 4\n", 1) + "# the round again: *r\nnote: *r\n"
    path.write_text(aliased, encoding="utf-8")
    time.sleep(1.2)  # (the desk's watch: a hand edit read as it would be at the venue)
    for _ in range(2):  # refused as often as it is tried, each time saying why: never "changed since"
        status, html = post(running, "main/4/2", "save", level_a="A", level_b="5")
        said = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.split("<main>")[-1]))
        assert status == 503, said[:400]
        assert CHANGED_SINCE not in said and "round-4.yaml" in said
        assert path.read_text(encoding="utf-8") == aliased  # nothing written
    held = running.desk.tokens.held("main/4/2")
    # the secretary's note of it: the loader's words ("YAML anchors and aliases (& and *) are not supported")
    assert held is not None and "\u951a\u70b9\u548c\u522b\u540d" in held["problem"], held
    assert not [line for line in audit_lines(content) if line.get("table") == 2]
    path.write_text(text, encoding="utf-8")  # mended
    time.sleep(1.2)
    status, html = post(running, "main/4/2", "save", level_a="A", level_b="5")
    assert status == 200, re.sub(r"<[^>]+>", " ", html.split("<main>")[-1])[:400]
    saved = path.read_text(encoding="utf-8")
    assert saved != text and re.search(r"levels: \{T04: A, T06: 5\}", saved)
