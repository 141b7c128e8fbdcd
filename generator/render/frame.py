"""The page frame's parts (templates/_frame.html), each made once and shown again on every page
that shares it.

base.html puts the same head links, site header (name, navigation, search box) and footer around
all of a build's 8,600 pages at 200 events; they depend on the page's locale (its environment),
its depth (`root`), the site's title and organisation, and the navigation's aria-current on
whether the page is the archive's or the players' index: a few dozen different parts a build.
Rendered on every page, the frame was some thirty `{{ }}` and four calls a page; here a page asks
for three parts kept by those values (the values, not the site object: serve keeps a locale's
environment from build to build, and site.yaml may have changed between). The markup stays in
the template, and so the stock-Jinja rendering of the tests (tests/test_site.py) renders it too.

`install(env)` adds `frame_head`, `frame_header` and `frame_footer` to a locale's environment
(render/html.py's `environment`)."""

from __future__ import annotations

from typing import Any

import jinja2
from markupsafe import Markup


def install(env: jinja2.Environment) -> None:
    """The frame's part makers of one locale, as globals of its environment."""
    made: dict[tuple[Any, ...], Markup] = {}
    macros: list[Any] = []  # _frame.html's module, loaded at the first page (the desk's, a build's)
    players_url = env.globals["players_url"]

    def part(name: str, key: tuple[Any, ...], *args: Any) -> Markup:
        found = made.get(key)
        if found is None:
            if not macros:
                macros.append(env.get_template("_frame.html").module)
            found = made[key] = Markup(getattr(macros[0], name)(*args))
        return found

    def frame_head(site: Any, root: str) -> Markup:
        return part("frame_head", ("head", root, site.title), site, root)

    def frame_header(site: Any, root: str, path: str) -> Markup:
        # (only the two index pages mark their own link: every other page shares one header)
        current = path if path == "index.html" or path == players_url else ""
        return part("frame_header", ("header", root, site.title, site.organization, current), site, root, current)

    def frame_footer(site: Any, root: str) -> Markup:
        return part("frame_footer", ("footer", root, site.title), site, root)

    env.globals.update(frame_head=frame_head, frame_header=frame_header, frame_footer=frame_footer)
