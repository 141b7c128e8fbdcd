"""The Atom feed (render/feed.py) through an event in progress: a feed reader tells what is new
by an entry's id and date, and every date in the feed is the content's (never the clock), which
does not move while a stage's rounds are played. Each round posted is then an entry of its own,
titled with "after round N", and the final result another; an event over keeps the ids it had."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from generator.build import build
from test_event_in_progress import SLUG, fill, pair, small_event

ATOM = "{http://www.w3.org/2005/Atom}"


def stage_entry(content: Path, out: Path) -> tuple[str, str, str]:
    """(id, title, summary) of the stage's entry in the feed built from `content`."""
    build(content, out, bulletins=False)
    feed = ET.parse(out / "feed.xml").getroot()
    entries = [e for e in feed.iter(f"{ATOM}entry")
               if e.find(f"{ATOM}link").get("href").rstrip("/").endswith(f"events/{SLUG}/main")]
    assert len(entries) == 1
    entry = entries[0]
    return entry.findtext(f"{ATOM}id"), entry.findtext(f"{ATOM}title"), entry.findtext(f"{ATOM}summary")


def test_each_round_posted_and_the_final_result_are_new_entries_of_the_feed(tmp_path: Path) -> None:
    content = small_event(tmp_path, 4, "  - {id: main, name: 比赛, format: swiss, rounds: 3}\n")
    seen = []
    for number in (1, 2, 3):
        assert pair(content) == 0
        fill(content, number)
        seen.append(stage_entry(content, tmp_path / f"out-{number}"))
    ids = [found[0] for found in seen]
    assert len(set(ids)) == 3  # after round 1, after round 2, the final result
    assert "第 1 轮后" in seen[0][1] and "第 2 轮后" in seen[1][1]
    assert "轮后" not in seen[2][1] and "进行中" not in seen[2][2]
    # the event's one stage, named 比赛 as `new` names it: the title says the event's results
    assert seen[2][1] == "小赛成绩" and seen[0][1].startswith("小赛成绩 · ")
    # the same content, built again: the same ids (nothing from the clock)
    assert stage_entry(content, tmp_path / "again")[0] == ids[2]
