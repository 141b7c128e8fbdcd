"""The page frame's parts (render/frame.py) are made once and shown again, kept by what they show:
`paibang serve` keeps a locale's environment from build to build, so a site renamed in site.yaml,
or an event retitled, between two builds must show its new name in every page's header, footer
and crumbs, not the first build's. And only the two index pages mark their own link in the
navigation as the current page."""

from __future__ import annotations

from types import SimpleNamespace

from generator.render import html


def test_a_renamed_site_or_event_shows_its_new_name_in_the_frame_kept_by_its_environment() -> None:
    env = html.environment("en")
    g = env.globals
    before = SimpleNamespace(title="Spring Cup", organization="Bridge Club")
    after = SimpleNamespace(title="Autumn Cup", organization="")
    header = g["frame_header"](before, "../../", "events/x/index.html")
    assert 'href="../../index.html">Spring Cup</a>' in header and '<span class="org">Bridge Club</span>' in header
    assert g["frame_header"](before, "../../", "events/y/index.html") is header  # made once, shown again
    renamed = g["frame_header"](after, "../../", "events/x/index.html")
    assert '>Autumn Cup</a>' in renamed and "Spring Cup" not in renamed and 'class="org"' not in renamed
    assert "<p>Autumn Cup · " in g["frame_footer"](after, "")
    assert 'title="Autumn Cup: events and results"' in g["frame_head"](after, "")

    event = SimpleNamespace(slug="cup-2025", title="Spring Cup 2025")
    stage = SimpleNamespace(id="final", name="Final")
    crumbs = g["crumbs"](event, stage, "../../")
    assert ('<a href="../../events/cup-2025/index.html">Spring Cup 2025</a> › '
            '<a href="../../events/cup-2025/final/index.html">Final</a></nav>') in crumbs
    assert g["crumbs"](event, None, "../../").endswith('">Spring Cup 2025</a></nav>\n')
    event.title = "Autumn Cup 2025"
    assert ">Autumn Cup 2025</a>" in g["crumbs"](event, stage, "../../")


def test_only_the_index_pages_mark_their_own_link_as_current() -> None:
    g = html.environment("en").globals
    site = SimpleNamespace(title="Club", organization="")
    assert 'href="index.html" aria-current="page">' in g["frame_header"](site, "", "index.html")
    on_players = g["frame_header"](site, "../", html.PLAYERS_URL)
    assert f'href="../{html.PLAYERS_URL}" aria-current="page">' in on_players
    assert on_players.count("aria-current") == 1
    assert "aria-current" not in g["frame_header"](site, "../", "players/abc/index.html")
