"""The page frame's parts (templates/_frame.html), each made once and shown again on every page
that shares it, and an event's pages' crumbs.

base.html puts the same head links, site header (name, navigation, search box) and footer around
every page of a build (2,442 at 50 events of bench/site.py's archive); they depend on the page's
locale (its environment), its depth (`root`), the site's title and organisation, and the
navigation's aria-current on whether the page is the archive's or the players' index: a few
dozen different parts a build. Rendered on every page, the frame was some thirty `{{ }}` and
four calls a page; here a page asks for three parts kept by those values (the values, not the
site object: serve keeps a locale's environment from build to build, and site.yaml may have
changed between). An event's crumbs are the same on all its pages as deep (a stage's on its
own): its entries' pages share one. The markup stays in the template, and so the stock-Jinja
rendering of the tests (tests/test_site.py) renders it too.

`install(env)` adds `frame_head`, `frame_header`, `frame_footer` and `crumbs` to a locale's
environment (render/html.py's `environment`)."""

from __future__ import annotations

from typing import Any

import jinja2
from markupsafe import Markup


PARTS_KEPT = 20_000  # parts a locale's environment keeps: a bound on memory in a long serve


def install(env: jinja2.Environment) -> None:
    """The frame's part makers of one locale, as globals of its environment."""
    made: dict[tuple[Any, ...], Markup] = {}
    macros: list[Any] = []  # _frame.html's module, loaded at the environment's first page (serve's kept after)
    players_url = env.globals["players_url"]

    def part(name: str, key: tuple[Any, ...], *args: Any) -> Markup:
        found = made.get(key)
        if found is None:
            if len(made) >= PARTS_KEPT:  # (serve keeps the environment for build after build)
                made.clear()
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

    def crumbs(event: Any, stage: Any, root: str) -> Markup:
        # (the same on every page of an event, or of a stage, as deep: its entries' pages share one)
        key = ("crumbs", root, event.slug, event.title) + ((stage.id, stage.name) if stage is not None else ())
        return part("crumbs_of", key, event, stage, root)

    env.globals.update(frame_head=frame_head, frame_header=frame_header, frame_footer=frame_footer, crumbs=crumbs)
