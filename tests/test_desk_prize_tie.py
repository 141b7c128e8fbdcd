"""The secretary's page says a tie over a prize's places, as check does (prize-tie-over-count):
two teams tied on every tie-break were both shown 第三名 (or 冠军) on the standings, the check
warned, and the desk's page said nothing."""

from __future__ import annotations

import re
from pathlib import Path

from tests.test_catalogue import EVENTS, SJ_RANK, demo_tree
from tests.test_desk_mass_pages import admin_page


def test_a_tie_past_a_prizes_places_is_said_on_the_admin_page(tmp_path: Path) -> None:
    from generator.desk.app import Desk, create_app

    # the 80分 round robin ranked on match points alone: T02 and T05 tie for the one 第三名
    folder = demo_tree(tmp_path / "tie", "shengji")
    path = folder / "event.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(SJ_RANK, "    rank_by: [match_points]\n"), encoding="utf-8")
    desk = Desk(folder.parents[1], EVENTS["shengji"], None, None, build=False)
    _status, _headers, page = admin_page(desk, create_app(desk))
    said = re.search(r'<section[^>]* id="prize-ties".*?</section>', page, re.S)
    assert said and "T02" in said.group(0) and "T05" in said.group(0), page[:3000]
    # the demo as it is (its tie broken by net points): nothing said
    folder = demo_tree(tmp_path / "plain", "shengji")
    desk = Desk(folder.parents[1], EVENTS["shengji"], None, None, build=False)
    assert 'id="prize-ties"' not in admin_page(desk, create_app(desk))[2]
