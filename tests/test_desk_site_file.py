"""content/site.yaml is read with the event (load_site): the desk follows a change to it as it
follows one to the event's own files, at the next request's stat check (h-desk15's, with no file
watcher to tell it) and from the file watcher. It kept the site's old language and `private:`
keys until it was restarted (rev65)."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

from generator import catalogues
from tests.test_desk import fetch
from tests.test_desk_late import ROUND_1, SWISS
from tests.test_desk_records import SITE, Secretary, desk_of, make  # noqa: F401 - desk_of is a fixture


def unwatched(monkeypatch) -> None:  # noqa: ANN001
    """No file watcher reports a change: what the desk reads, it reads by its own stat check."""
    from generator.desk.app import Desk

    async def never(_desk: Desk) -> None:
        return None

    monkeypatch.setattr(Desk, "watch", never)


def test_the_site_s_language_changed_is_the_desk_s_at_the_next_form(tmp_path: Path, desk_of, monkeypatch) -> None:  # noqa: F811
    unwatched(monkeypatch)
    root = make(tmp_path, SWISS, ROUND_1)
    running = desk_of(root)
    secretary = Secretary(running)
    page = secretary.page("main/1/1")
    assert '<html lang="zh-Hans">' in page and "\u4fdd\u5b58" in page  # (保存, save)
    (root / "site.yaml").write_text(SITE.replace("zh-Hans", "en"), encoding="utf-8")
    assert running.desk.behind()
    page = secretary.page("main/1/1")
    assert '<html lang="en">' in page and re.search(r">\s*Save\s*<", page), page
    assert not running.desk.behind()
    # the live check's answer, in the app's own words (its headings), as the page's
    status, body = secretary.post("main/1/1", "check", level_a="J", level_b="8")
    assert status == 200 and json.loads(body)["headings"]["score"] == catalogues.text("desk_computed", "en"), body
    # the standings view too, a page no table's form reads the event for
    status, shown = fetch(f"{running.desk.base}/standings")
    assert status == 200 and '<html lang="en">' in shown


def test_a_private_key_added_to_site_yaml_clears_the_entries_error(tmp_path: Path, desk_of, monkeypatch) -> None:  # noqa: F811
    """An entry writing `wechat:` is an unknown key until site.yaml's `private:` names it: the
    secretary adds it there, and the desk's admin page stops saying the error at once."""
    unwatched(monkeypatch)
    root = make(tmp_path, SWISS, ROUND_1)
    event = root / "events" / "gd" / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("{id: T01,", "{id: T01, wechat: w123,"), encoding="utf-8")
    running = desk_of(root)
    assert [p.code for p in running.desk.errors] == ["key-unknown"], running.desk.errors
    secretary = Secretary(running)
    status, admin = fetch(f"{running.secretary}/admin", opener=secretary.opener)
    assert status == 200 and "wechat" in admin
    (root / "site.yaml").write_text(SITE + "private: [wechat]\n", encoding="utf-8")
    status, admin = fetch(f"{running.secretary}/admin", opener=secretary.opener)
    assert status == 200 and running.desk.errors == [] and "wechat" not in admin, admin


def test_the_file_watcher_follows_site_yaml_and_the_event_s_folder_alone(tmp_path: Path, desk_of, monkeypatch) -> None:  # noqa: F811
    """The watcher is given the event's folder (through) and content/ (itself only, for
    site.yaml): a site.yaml saved is read once; another file of content/ is not the event's."""
    import watchfiles
    from watchfiles import Change

    from generator.desk.app import Desk

    watch = Desk.watch
    unwatched(monkeypatch)  # (the running desk's own watcher: this test runs it by hand)
    root = make(tmp_path, SWISS, ROUND_1)
    running = desk_of(root)
    desk = running.desk
    content = root.resolve()
    site = content / "site.yaml"
    site.write_text(SITE.replace("zh-Hans", "en"), encoding="utf-8")
    # what the system reports of each path watched: site.yaml saved, a file of content/ beside
    # it, and the event's notice (as the last reading found it: nothing to read)
    changes = {(Change.modified, str(site)), (Change.added, str(content / "notes.yaml")),
               (Change.modified, str(desk.folder / "event.yaml"))}
    asked = []
    told = []

    async def reported(path: Path, watch_filter, step: int, recursive: bool):  # noqa: ANN001, ANN202
        asked.append((Path(path), recursive))
        found = {(change, name) for change, name in changes
                 if (Path(name).parent == Path(path) or recursive and Path(path) in Path(name).parents)
                 and watch_filter(change, name)}
        if found:
            yield found

    monkeypatch.setattr(watchfiles, "awatch", reported)
    monkeypatch.setattr(desk, "changed", lambda: told.append(1))
    asyncio.run(watch(desk))
    assert sorted(asked) == sorted([(desk.folder, True), (content, False)])
    assert told == [1]  # site.yaml's change, the one the last reading did not see
    desk.load()
    assert desk.locale == "en" and not desk.unread({(Change.modified, str(site))})
