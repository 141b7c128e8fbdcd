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


def test_the_last_columns_words_are_kept_whole_breaking_at_spaces_and_punctuation(tmp_path: Path, caplog) -> None:  # noqa: ANN001
    """The last column (备注, 奖品) was to break between words only, by word-break: keep-all,
    which WeasyPrint does not have: it ignored the rule, logging it invalid, and a column pressed
    by wide groups printed "轮空，直" above "接晋级" and "一卡通" above "100元/对". Its words are kept
    whole now, breaking at a space or after a comma: "荣誉证书 +" above "一卡通100元/对"."""
    import datetime as dt
    import logging

    from generator.printed import Bulletin

    names, group = "\u5510\u79c0\u82f1 / \u90d1\u4f1f", "13\u7ea7\u52a8\u7269\u79d1\u5b661\u73ed"
    bye, prize = "\u8f6e\u7a7a\uff0c\u76f4\u63a5\u664b\u7ea7", "\u8363\u8a89\u8bc1\u4e66 + \u4e00\u5361\u901a100\u5143/\u5bf9"
    rows = [[str(n), f"A{n:02}", names, group, group, group, group, (bye, prize)[n % 2]] for n in range(1, 5)]
    bulletin = Bulletin("qualifiers-prelim", "T", "", ["No", "Id", "Players", *["Group"] * 4, "Remark"], rows, "",
                        dt.date(2015, 5, 15), numeric={0}, names={2, 3, 4, 5, 6})
    html = bulletin_html(bulletin, "zh-Hans")
    path = tmp_path / "squeezed.pdf"
    with caplog.at_level(logging.WARNING, logger="weasyprint"):
        path.write_bytes(_print(html))
    assert not [record.getMessage() for record in caplog.records if "Ignored" in record.getMessage()]
    text = "\n".join(pages(path))
    remarks = [line.split("\u73ed")[-1].strip() for line in text.splitlines() if "\u73ed" in line or line.startswith(" " * 40)]
    assert text.count("\u4e00\u5361\u901a100\u5143/\u5bf9") == 2 and text.count("\u76f4\u63a5\u664b\u7ea7") == 2, text
    assert "\u8363\u8a89\u8bc1\u4e66 +" in remarks and "\u8f6e\u7a7a\uff0c\u76f4\u63a5\u664b\u7ea7" in remarks, remarks
