"""`paibang print` of a large round (1,000 tables: minutes of printing) says how far it is on the
terminal, in the site's language, as a build's progress line does: each part of a long form
printed counted, its page numbers too; the line redrawn in place, at most once every few
seconds, and erased once the sheets are written."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from generator.cli import main
from generator.commands import printing
from generator.render import pdf
from support import demo_content
from tests.test_forms import GD

# 26 tables in parts of 10: the draw notice, 3 parts, their 3 page numbers' documents
ALL = 1 + 3 + 3


def printed_saying(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                   every: float) -> tuple[int, str]:
    monkeypatch.setattr(pdf, "FORM_PART_PAGES", 10)
    monkeypatch.setattr(printing, "PROGRESS_EVERY", every)
    content = demo_content(tmp_path, GD)
    capsys.readouterr()
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)  # (the captured stderr, as a terminal)
    code = main(["print", GD, "main", "--round", "1", "--content", str(content), "--output", str(tmp_path / "r1.pdf")])
    return code, capsys.readouterr().err


def test_print_says_each_part_printed_of_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    code, said = printed_saying(tmp_path, monkeypatch, capsys, 0)
    assert code == 0
    drawn = [piece for piece in said.split("\r\033[K") if piece]
    assert drawn == [f"\u6253\u5370 PDF\uff1a{n}/{ALL} \u4efd" for n in range(1, ALL + 1)]
    assert said.endswith("\r\033[K")  # erased: the next line printed starts clean


def test_the_progress_line_is_not_redrawn_more_often_than_every_few_seconds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # (an interval no print reaches: the first part said, then only the last)
    code, said = printed_saying(tmp_path, monkeypatch, capsys, 10.0 ** 6)
    assert code == 0
    drawn = [piece for piece in said.split("\r\033[K") if piece]
    assert drawn == [f"\u6253\u5370 PDF\uff1a1/{ALL} \u4efd", f"\u6253\u5370 PDF\uff1a{ALL}/{ALL} \u4efd"]
