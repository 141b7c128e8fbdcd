"""A printed notice's table laid out by its content: a name or a group kept whole (no "范玉" above
"兰）", no "13级动物医学1" above "班" doubling every row), a heading of words breaking between them
to leave the names room, and no last page holding a single row. Read back with pdftotext."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.build import validate
from generator.render.bulletins import bulletins_for
from generator.render.pdf import _print, bulletin_html

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow


def printed(tmp_path: Path, locale: str, slug: str, name: str) -> Path:
    """One bulletin of the demo's event `slug`, printed, the site in `locale`."""
    content = tmp_path / "content"
    (content / "events").mkdir(parents=True)
    site_yaml = (ROOT / "content/site.yaml").read_text(encoding="utf-8")
    (content / "site.yaml").write_text(re.sub(r"(?m)^locale: .*$", f"locale: {locale}", site_yaml), encoding="utf-8")
    shutil.copytree(ROOT / "content/events" / slug, content / "events" / slug)
    site, results, _ = validate(content)
    bulletin = next(b for b in bulletins_for(results[0], site.locale) if b.name == name)
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(_print(bulletin_html(bulletin, site.locale)))
    return path


def pages(path: Path) -> list[str]:
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True, text=True).stdout
    return text.split("\f")[:-1]


def test_the_english_qualifiers_keep_each_group_whole_on_one_page(tmp_path: Path) -> None:
    sheet = pages(printed(tmp_path, "en", "dongke-bridge-2015", "qualifiers-prelim"))
    assert len(sheet) == 1  # the 16th qualifier went alone onto page 2
    rows = [line for line in sheet[0].splitlines() if re.match(r"\s*\d+\s+A\d+\s", line)]
    assert len(rows) == 16
    assert all(re.search(r"\d\d级动物\w\w\d班", row) for row in rows), rows
    assert not re.search(r"(?m)^\s+班\s*$", sheet[0])  # no "班" on a line of its own


def test_a_guandan_rounds_team_cell_breaks_between_players_not_inside_a_name(tmp_path: Path) -> None:
    text = "\n".join(pages(printed(tmp_path, "zh-Hans", "tongxin-guandan-2025", "round-swiss-1")))
    assert "范玉兰" in text and "孙佳琪" in text  # (was "范玉" above "兰）")
    for line in text.splitlines():
        # a wrapped team cell's second line starts with a whole player's name, not a piece of one
        assert not re.match(r"\s+[\u4e00-\u9fff]{1,2}）", line) or re.match(r"\s+[\u4e00-\u9fff]{2,4}）", line), line


def test_no_last_page_holds_a_single_row(tmp_path: Path) -> None:
    sheet = pages(printed(tmp_path, "zh-Hans", "dongke-bridge-2015", "credits"))
    last = [line for line in sheet[-1].splitlines() if re.match(r"\s*\d+\s+\S", line)]
    assert len(sheet) > 1 and len(last) >= 2, sheet[-1]
