"""An entry withdrawn from a round still to come (`withdrawn: 3`, written after round 1: the team
leaves after round 2) is in the event until then. The standings after round 1, published between
rounds while it still plays round 2, marked it 退赛 already, on the stage page and in the printed
standings (event-day.md: right at every moment). Now marked from the standings before the round
it withdrew from on, in every game with rounds (80分, Guandan, 大怪路子, bridge)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.build import validate
from generator.render.bulletins import bulletins_for
from generator.render.html import render_site
from generator.render.output import OutputTree
from tests.support import demo_content, withdraw

WITHDRAWN = "\u9000\u8d5b"  # 退赛

EVENTS = [("hefei-80fen-teams-2012", "T05"), ("tumu-guandan-2020", "T05"), ("chem-park-daguai-2016", "D05"),
          ("gaoxiao-bridge-teams-2024", "T2")]


def _text(page: Path) -> str:
    html = page.read_text(encoding="utf-8")
    return " ".join(re.sub(r"<[^>]+>", " ", re.sub(r"(?s)<(script|style)\b.*?</\1>", "", html)).split())


def _after(tmp_path: Path, slug: str, entry: str, played: int, since: int = 3):
    """`slug` with rounds 1..`played` alone, `entry` withdrawn from round `since`: the built
    stage page's text and the standings bulletin's row of `entry` (its remark last)."""
    content = demo_content(tmp_path, slug)
    folder = content / "events" / slug
    for path in (folder / "results").glob("*.yaml"):
        if not path.name.startswith("round-") or int(path.stem.split("-")[1]) > played:
            path.unlink()
    withdraw(folder, entry, since)
    site, results, _ = validate(content)
    result = next(r for r in results if r.event.slug == slug)
    stage = result.stages[0]
    assert stage.rounds_played == played
    standings = next(b for b in bulletins_for(result, "zh-Hans") if b.kind == "standings")
    row = next(row for row in standings.rows if row[1] == entry)
    out = tmp_path / "out"
    out.mkdir()
    render_site(site, [result], {}, OutputTree(out))
    page = _text(out / "events" / slug / stage.stage.id / "index.html")
    return page, row


@pytest.mark.parametrize(("slug", "entry"), EVENTS)
def test_not_marked_after_round_1_while_it_still_plays_round_2(tmp_path: Path, slug: str, entry: str) -> None:
    page, row = _after(tmp_path, slug, entry, 1)
    assert WITHDRAWN not in row[-1], row
    assert WITHDRAWN not in page, page


@pytest.mark.parametrize(("slug", "entry"), EVENTS)
def test_marked_after_round_2_before_the_round_it_withdrew_from(tmp_path: Path, slug: str, entry: str) -> None:
    page, row = _after(tmp_path, slug, entry, 2)
    assert WITHDRAWN in row[-1], row
    assert WITHDRAWN in page
