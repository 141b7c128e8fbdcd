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


# --- a club's archive at reduced sizes --------------------------------------------------------

import datetime as dt  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402

import pytest  # noqa: E402

from generator.render import html as html_module  # noqa: E402
from tests.support import ROOT  # noqa: E402

# Club evenings over three years: 2016 has five (January to November) and a daguai event in
# August, 2017 two, 2018 one.
DAYS = [dt.date(2016, 1, 6), dt.date(2016, 1, 20), dt.date(2016, 3, 9), dt.date(2016, 6, 1), dt.date(2016, 11, 2),
        dt.date(2017, 2, 1), dt.date(2017, 5, 10), dt.date(2018, 4, 4)]


def club_archive(folder: Path, days: list[dt.date]) -> Path:
    """The demo club evening copied once a day of `days` (its event's and its stage's date both),
    and the demo's 大怪路子 of August 2016 (a second game: the archive's filter)."""
    root = demo_content(folder, "chem-park-daguai-2016")
    for day in days:
        target = root / "events" / f"club-{day.isoformat()}"
        shutil.copytree(ROOT / "content/events" / CLUB, target)
        text = (target / "event.yaml").read_text(encoding="utf-8").replace("2024-10-16", day.isoformat())
        (target / "event.yaml").write_text(text, encoding="utf-8")
    return root


def lowered(patch: pytest.MonkeyPatch) -> None:
    """A page a year past 3 events; months headed past 2 events a year, indexed past 4; a player's
    page of 2 events."""
    patch.setattr(html_module, "ARCHIVE_EVENTS", 3)
    patch.setattr(html_module, "MONTH_HEADINGS", 2, raising=False)  # (raising: the test run without them)
    patch.setattr(html_module, "MONTH_INDEX", 4, raising=False)
    patch.setattr(html_module, "PLAYER_EVENTS", 2)
    patch.setattr(html_module, "PLAYER_YEAR_HEADINGS", 3, raising=False)


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("club")
    content = club_archive(folder, DAYS)
    with pytest.MonkeyPatch.context() as patch:
        lowered(patch)
        assert main(["build", "--no-pdf", "--content", str(content), "--output", str(folder / "site")]) == 0
    return folder / "site"


def text_of(path: Path) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8")))


def test_the_home_pages_filter_says_it_counts_every_year_and_the_page_one(club: Path) -> None:
    """The home page of a large archive read "全部项目（1269 项）" above this year's 106 events."""
    home = (club / "index.html").read_text(encoding="utf-8")
    assert "\u5404\u5e74\u5171 9 \u9879" in home  # 各年共 9 项: every year's count, said so
    assert "\uff089 \u9879\uff09" not in home  # not a bare（9 项）beside 全部项目
    shown = text_of(club / "index.html")
    assert "\u672c\u9875\u5217\u51fa 2018 \u5e74\u7684 1 \u9879\u8d5b\u4e8b" in shown  # 本页列出 2018 年的 1 项赛事
    assert 'href="#years"' in home and 'id="years"' in home
    year = text_of(club / "years/2016/index.html")
    assert "\u672c\u9875\u5217\u51fa 2016 \u5e74\u7684 6 \u9879\u8d5b\u4e8b" in year


def test_a_year_of_many_events_is_headed_by_month_with_an_index(club: Path) -> None:
    page = (club / "years/2016/index.html").read_text(encoding="utf-8")
    headings = re.findall(r'<h3 class="month" id="month-2016-(\d+)">', page)
    assert headings == ["11", "8", "6", "3", "1"]  # newest first, as the cards
    index = re.search(r'<nav class="rounds months"[^>]*>(.*?)</nav>', page, re.S)
    assert index and re.findall(r'href="#month-2016-(\d+)"', index[1]) == ["11", "8", "6", "3", "1"]
    january = page[page.index('id="month-2016-1"'):]
    assert "club-2016-01-06" in january and "club-2016-01-20" in january and "club-2016-03-09" not in january
    # a year of two events: no headings, no index
    few = (club / "years/2017/index.html").read_text(encoding="utf-8")
    assert 'class="month"' not in few and "rounds months" not in few


def test_an_events_breadcrumb_leads_to_its_years_page(club: Path) -> None:
    page = (club / "events/club-2016-03-09/index.html").read_text(encoding="utf-8")
    crumbs = re.search(r'<nav class="crumbs"[^>]*>(.*?)</nav>', page, re.S)[1]
    assert 'href="../../years/2016/index.html">2016 \u5e74</a>' in crumbs, crumbs


def test_a_players_pages_are_named_by_their_years_and_headed_by_year(club: Path) -> None:
    """A player's pages (PLAYER_EVENTS a page, newest first) were named by position, "1\u2013100", and
    a member looking for 2016 guessed page 6 of 6: each page's link now says the years it covers,
    its URL as it was (page-<n>), and the rows are headed by year."""
    player = next(p for p in (club / "players").iterdir()
                  if (p / "page-4/index.html").is_file() and "\u5362\u6c38\u521a" in (p / "index.html").read_text(encoding="utf-8"))
    first = (player / "index.html").read_text(encoding="utf-8")
    listed = re.search(r'<p class="page-list">(.*?)</p>', first, re.S)[1]
    # eight club evenings, two a page, newest first: 2018 and 2017 | 2017 and 2016 | 2016 | 2016
    assert re.findall(r'>([^<]+)</a>', listed) == ["2017\u20132018", "2016\u20132017", "2016", "2016"]
    assert f'href="../../players/{player.name}/page-2/index.html"' in listed and not (player / "page-5").exists()
    assert "\u7b2c 1\u20132 \u9879\u8d5b\u4e8b" in first  # 第 1–2 项赛事: the page's place among all still said
    heads = re.findall(r'<tr class="year" role="row"><th role="rowheader" colspan="8" scope="rowgroup">(\d+) \u5e74</th></tr>', first)
    assert heads == ["2018", "2017"]
    third = (player / "page-3/index.html").read_text(encoding="utf-8")
    assert '<tr class="year" role="row">' not in third  # a page of one year needs no heading


def test_a_players_first_page_follows_the_years_of_the_others_on_a_rebuild(tmp_path: Path, monkeypatch) -> None:
    """The pager names every page by its years: an event of page 4 moved to December 2015 renames
    page 4 on page 1 too, though no row of page 1 changed (its page was kept by its rows alone)."""
    lowered(monkeypatch)
    content = club_archive(tmp_path, DAYS)
    out = tmp_path / "site"
    build = ["build", "--no-pdf", "--content", str(content), "--output", str(out)]
    assert main(build) == 0
    event = content / "events/club-2016-01-06/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("2016-01-06", "2015-12-30"), encoding="utf-8")
    assert main(build) == 0
    player = next(p for p in (out / "players").iterdir() if (p / "page-4/index.html").is_file())
    listed = re.search(r'<p class="page-list">(.*?)</p>', (player / "index.html").read_text(encoding="utf-8"), re.S)[1]
    assert re.findall(r'>([^<]+)</a>', listed)[-1] == "2015\u20132016"
