"""The page frame's parts (render/frame.py) are made once and shown again, kept by what they show:
`paibang serve` keeps a locale's environment from build to build, so a site renamed in site.yaml,
or an event or stage retitled, between two builds must show its new name in every page's header,
footer and crumbs, not the first build's. Each value a kept part shows is changed alone between
two renders in one environment: a value left out of the part's key shows the first render's part
again. And only the two index pages mark their own link in the navigation as the current page."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Callable

import pytest

from generator.render import html

# the values the frame's parts show, as the first build had them
FIRST = {"root": "../../", "title": "Spring Cup", "organization": "Bridge Club", "path": "events/x/index.html",
         "slug": "cup-2025", "event_title": "Spring Cup 2025", "stage_id": "final", "stage_name": "Final"}


def site(v: dict[str, str]) -> SimpleNamespace:
    return SimpleNamespace(title=v["title"], organization=v["organization"])


def event(v: dict[str, str]) -> SimpleNamespace:
    return SimpleNamespace(slug=v["slug"], title=v["event_title"])


PARTS: dict[str, Callable[[dict[str, Any], dict[str, str]], Any]] = {
    "head": lambda g, v: g["frame_head"](site(v), v["root"]),
    "header": lambda g, v: g["frame_header"](site(v), v["root"], v["path"]),
    "footer": lambda g, v: g["frame_footer"](site(v), v["root"]),
    "event's crumbs": lambda g, v: g["crumbs"](event(v), None, v["root"]),
    "stage's crumbs": lambda g, v: g["crumbs"](event(v), SimpleNamespace(id=v["stage_id"], name=v["stage_name"]),
                                               v["root"]),
}

# (part, the value changed alone, its new value, what the part then shows)
CHANGES = [
    ("head", "root", "../", 'href="../assets/style.css"'),
    ("head", "title", "Autumn Cup", 'title="Autumn Cup: events and results"'),
    ("header", "root", "../", '<a class="brand" href="../index.html">'),
    ("header", "title", "Autumn Cup", '>Autumn Cup</a>'),
    ("header", "organization", "Chess Club", '<span class="org">Chess Club</span>'),
    ("header", "path", "index.html", 'href="../../index.html" aria-current="page">'),
    ("header", "path", html.PLAYERS_URL, f'href="../../{html.PLAYERS_URL}" aria-current="page">'),
    ("footer", "root", "../", 'href="../feed.xml"'),
    ("footer", "title", "Autumn Cup", "<p>Autumn Cup · "),
    ("event's crumbs", "root", "../", '<a href="../index.html">'),
    ("event's crumbs", "slug", "cup-2026", 'href="../../events/cup-2026/index.html"'),
    ("event's crumbs", "event_title", "Autumn Cup 2025", ">Autumn Cup 2025</a></nav>"),
    ("stage's crumbs", "root", "../", '<a href="../events/cup-2025/final/index.html">'),
    ("stage's crumbs", "slug", "cup-2026", 'href="../../events/cup-2026/final/index.html"'),
    ("stage's crumbs", "event_title", "Autumn Cup 2025", ">Autumn Cup 2025</a> › "),
    ("stage's crumbs", "stage_id", "semi", 'href="../../events/cup-2025/semi/index.html"'),
    ("stage's crumbs", "stage_name", "Semifinal", ">Semifinal</a></nav>"),
]


def test_every_value_a_part_shows_is_changed_alone_below() -> None:
    # (a value the part shows, and so one its key needs, with no change below would go unchecked)
    assert {(part, value) for part, value, _, _ in CHANGES} >= {
        (part, value) for part in PARTS for value in FIRST
        if PARTS[part](html.environment("en").globals, {**FIRST, value: "changed"})
        != PARTS[part](html.environment("en").globals, FIRST)}


@pytest.mark.parametrize(("part", "value", "new", "shown"), CHANGES,
                         ids=[f"{part}-{value}-{new}" for part, value, new, _ in CHANGES])
def test_a_value_changed_alone_between_two_builds_shows_in_the_part_kept_by_its_environment(
        part: str, value: str, new: str, shown: str) -> None:
    g = html.environment("en").globals  # one environment for both builds, as `paibang serve` keeps it
    render = PARTS[part]
    first = render(g, FIRST)
    assert shown not in first
    assert render(g, dict(FIRST)) is first  # made once, shown again: the same values, other objects
    changed = render(g, {**FIRST, value: new})
    assert shown in changed, changed
    assert render(g, FIRST) is first  # the first build's part kept beside it


def test_the_parts_show_the_frame_and_crumbs_as_the_pages_had_them() -> None:
    g = html.environment("en").globals
    header = PARTS["header"](g, FIRST)
    assert '<span class="org">Bridge Club</span>' in header
    assert '<a class="brand" href="../../index.html">Spring Cup</a>' in header and "aria-current" not in header
    assert 'class="org"' not in PARTS["header"](g, {**FIRST, "organization": ""})
    assert ('<a href="../../events/cup-2025/index.html">Spring Cup 2025</a> › '
            '<a href="../../events/cup-2025/final/index.html">Final</a></nav>') in PARTS["stage's crumbs"](g, FIRST)
    assert PARTS["event's crumbs"](g, FIRST).endswith('">Spring Cup 2025</a></nav>\n')


def test_only_the_index_pages_mark_their_own_link_as_current() -> None:
    g = html.environment("en").globals
    site = SimpleNamespace(title="Club", organization="")
    assert 'href="index.html" aria-current="page">' in g["frame_header"](site, "", "index.html")
    on_players = g["frame_header"](site, "../", html.PLAYERS_URL)
    assert f'href="../{html.PLAYERS_URL}" aria-current="page">' in on_players
    assert on_players.count("aria-current") == 1
    assert "aria-current" not in g["frame_header"](site, "../", "players/abc/index.html")
