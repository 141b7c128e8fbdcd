"""A decade's archive browsed as a member: dates that disagree, the home page's filter, year
pages, a player's pages and what the feed and sitemap say when a result is corrected."""

from __future__ import annotations

from pathlib import Path

from generator.cli import main
from tests.support import demo_content, replace

CLUB = "qiaoyou-club-pairs-2024"


def test_a_stage_dated_years_from_its_event_is_said_with_its_line_and_fix(tmp_path: Path, capsys) -> None:
    """A secretary copies last week's folder and changes only the event's date: the event said
    2016-01-09, its stage still 2024-11-02, the page showed both and the sitemap took the
    stage's; nothing was said."""
    content = demo_content(tmp_path, CLUB)
    event = content / "events" / CLUB / "event.yaml"
    replace(event, "\ndate: 2024-10-16\n", "\ndate: 2016-01-09\n")
    assert main(["check", "--content", str(content)]) == 0  # a warning: the results still stand
    err = capsys.readouterr().err
    line = event.read_text(encoding="utf-8").splitlines().index("    date: 2024-10-16") + 1
    assert "[stage-date-outside]" in err
    assert f"event.yaml:{line}" in err, err
    assert "2024-10-16" in err and "2016-01-09" in err and "dates" in err
    assert "\u4e0d\u5728\u8d5b\u4e8b\u65e5\u671f" in err  # said in the site's language (zh-Hans)


def test_a_stage_within_a_multi_day_events_dates_is_not_said(tmp_path: Path, capsys) -> None:
    """An event of 15 and 22 May: a stage on the 18th (between its days) is no mistake."""
    content = demo_content(tmp_path, "dongke-bridge-2015")
    replace(content / "events/dongke-bridge-2015/event.yaml", "    date: 2015-05-15\n", "    date: 2015-05-18\n")
    assert main(["check", "--content", str(content)]) == 0
    assert "stage-date-outside" not in capsys.readouterr().err
