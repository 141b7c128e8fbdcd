"""`paibang init`, `new`, `import` and the first `pair`: starting one's own site (issue 19, item 4)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from generator import catalogues
from generator.build import validate
from generator.cli import main


def test_init_writes_a_commented_site_yaml_and_events(tmp_path: Path, capsys) -> None:
    content = tmp_path / "content"
    assert main(["init", str(content)]) == 0
    assert "已创建" in capsys.readouterr().out
    assert sorted(p.name for p in content.iterdir()) == ["events", "schema", "site.yaml"]
    assert (content / "events").is_dir() and not any((content / "events").iterdir())
    text = (content / "site.yaml").read_text(encoding="utf-8")
    for key in ("title", "organization", "locale", "base_url", "private"):  # every key explained
        line = next(n for n, line in enumerate(text.splitlines()) if line.lstrip("# ").startswith(f"{key}:"))
        assert text.splitlines()[line - 1].startswith("# "), key
    assert "网站标题" in text and "locale: zh-Hans" in text
    site, results, _ = validate(content)  # a site with no event yet is valid
    assert site.locale == "zh-Hans" and results == [] and site.base_url is None


@pytest.mark.parametrize(("locale", "words"), [("zh-Hant", "網站標題"), ("en", "site title")])
def test_init_writes_the_comments_in_the_locale_asked(tmp_path: Path, locale: str, words: str) -> None:
    content = tmp_path / "site"
    assert main(["init", str(content), "--locale", locale]) == 0
    text = (content / "site.yaml").read_text(encoding="utf-8")
    assert words in text and f"locale: {locale}" in text
    assert validate(content)[0].locale == locale


@pytest.mark.parametrize(("locale", "written"), [("en", "zh-Hans"), ("zh-Hans", None), ("zh-Hant", None)])
def test_init_names_the_contents_language_on_an_english_site_only(tmp_path: Path, locale: str,
                                                                   written: str | None) -> None:
    """An English site's names are a Chinese club's: site.yaml says so, explained, where the
    secretary of a club writing 繁體 or Latin names corrects it; a Chinese site's content is in its
    pages' own language, and its site.yaml has no such line."""
    content = tmp_path / "site"
    main(["init", str(content), "--locale", locale])
    lines = (content / "site.yaml").read_text(encoding="utf-8").splitlines()
    found = [n for n, line in enumerate(lines) if "content_locale" in line]
    assert found == ([] if written is None else [found[0]])
    if written:
        assert lines[found[0]] == f"content_locale: {written}" and "screen readers" in lines[found[0] - 1]
    assert validate(content)[0].content_locale == written


def test_init_defaults_to_content_in_the_current_folder(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["init"]) == 0
    assert (tmp_path / "content/site.yaml").is_file() and (tmp_path / "content/events").is_dir()


def test_init_refuses_a_folder_that_is_not_empty(tmp_path: Path, capsys) -> None:
    content = tmp_path / "content"
    content.mkdir()
    (content / "notes.txt").write_text("mine", encoding="utf-8")
    assert main(["init", str(content)]) == 2
    assert "不是空目录" in capsys.readouterr().err
    assert [p.name for p in content.iterdir()] == ["notes.txt"]
    assert main(["init", str(content), "--locale", "en"]) == 2
    assert "not an empty folder" in capsys.readouterr().err
    # --lang says the words, before the command or after it (rev34: the refusal was the new
    # site's language, zh-Hans by default, whatever --lang asked)
    for argv in (["--lang", "en", "init", str(content)], ["init", str(content), "--lang", "en"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "not an empty folder" in err and "不是空目录" not in err
    assert main(["init", str(content), "--locale", "en", "--lang", "zh-Hant"]) == 2
    assert "不是空" in capsys.readouterr().err
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["init", str(empty)]) == 0  # an empty folder is fine


@pytest.mark.parametrize("game", ["bridge", "guandan", "daguai", "shengji"])
def test_new_writes_no_entries_and_no_results_file(tmp_path: Path, game: str) -> None:
    content = tmp_path / "content"
    main(["init", str(content)])
    assert main(["new", f"new-{game}", "--game", game, "--content", str(content)]) == 0
    folder = content / f"events/new-{game}"
    assert not any((folder / "results").iterdir())
    event = yaml.safe_load((folder / "event.yaml").read_text(encoding="utf-8"))
    assert event["entries"] == [] and event["officials"] == []
    text = (folder / "event.yaml").read_text(encoding="utf-8")
    assert "players: [王小明" in text  # the examples stay, as comments
    assert "results/round-<n>.yaml" in text
    validate(content)


@pytest.mark.parametrize(("locale", "title", "organizer", "notice"), [
    ("zh-Hans", "新赛事", "主办单位", "# 比赛通知\n\n## 比赛时间和地点\n"),
    ("zh-Hant", "新賽事", "主辦單位", "# 比賽通知\n\n## 比賽時間和地點\n"),
    ("en", "New event", "Organiser", "# Notice\n\n## Time and place\n"),
])
def test_new_fills_its_placeholders_in_the_sites_language(tmp_path: Path, locale: str, title: str, organizer: str,
                                                          notice: str) -> None:
    """An English site's new event says "New event", not 新赛事: the placeholders, the referee's
    example and notice.md's headings are in the site's locale, as the comments are."""
    content = tmp_path / "content"
    main(["init", str(content), "--locale", locale])
    assert main(["new", "club-2026", "--game", "guandan", "--content", str(content)]) == 0
    folder = content / "events/club-2026"
    event = yaml.safe_load((folder / "event.yaml").read_text(encoding="utf-8"))
    assert (event["title"], event["organizer"]) == (title, organizer)
    assert (folder / "notice.md").read_text(encoding="utf-8").startswith(notice)
    text = (folder / "event.yaml").read_text(encoding="utf-8")
    assert ("赵敏" in text) == (locale == "zh-Hans") and ("趙敏" in text) == (locale == "zh-Hant")
    site, _, _ = validate(content)
    assert site.events[0].title == title


@pytest.mark.parametrize(("locale", "stages"), [
    ("zh-Hans", {"bridge": ["初赛", "决赛"], "guandan": ["比赛"], "daguai": ["瑞士制积分赛"], "shengji": ["团体赛"]}),
    ("zh-Hant", {"bridge": ["初賽", "決賽"], "guandan": ["比賽"], "daguai": ["瑞士制積分賽"], "shengji": ["團體賽"]}),
    ("en", {"bridge": ["Preliminary", "Final"], "guandan": ["Competition"], "daguai": ["Swiss"], "shengji": ["Teams"]}),
])
def test_new_names_its_example_stages_in_the_sites_language(tmp_path: Path, locale: str, stages: dict) -> None:
    """An English site's new bridge event had stages 初赛 and 决赛 (and prizes 一等奖…), published
    so: the example's stage and prize names are the site's language's, its ids the same. The one
    stage a game's example names is left out of titles in any of them (stage_in_titles)."""
    from generator.games import GAMES, stage_in_titles

    content = tmp_path / "content"
    main(["init", str(content), "--locale", locale])
    for game in stages:
        assert main(["new", f"new-{game}", "--game", game, "--content", str(content)]) == 0
    site, _, _ = validate(content)
    for event in site.events:
        assert [s.name for s in event.stages] == stages[event.game], event.game
        text = (event.folder / "event.yaml").read_text(encoding="utf-8")
        assert ("一等奖" in text) == (locale == "zh-Hans" and event.game in ("bridge", "guandan"))
        assert (len(event.stages) == 1) != stage_in_titles(event, event.stages[0])
    assert GAMES["guandan"].default_stage_names == {"比赛", "比賽", "Competition"}


def fill_site(content: Path) -> None:
    """site.yaml's title and organisation in place of init's."""
    site = content / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace("title: Card tournament results", "title: Tuesday results")
                    .replace("organization: Our club", "organization: Tuesday Bridge Club"), encoding="utf-8")


@pytest.mark.parametrize("locale", ["zh-Hans", "zh-Hant", "en"])
def test_check_warns_of_a_site_still_holding_inits_placeholders(tmp_path: Path, capsys, locale: str) -> None:
    """init, then check: it said 0 warnings, and every page header and the feed showed init's
    title and organisation. A warning each (the site builds), naming site.yaml and its line."""
    content = tmp_path / "content"
    main(["init", str(content), "--locale", locale])
    _, _, warnings = validate(content)
    found = sorted((w.code, w.params["key"], w.mark.file.name, w.mark.line) for w in warnings)
    lines = (content / "site.yaml").read_text(encoding="utf-8").splitlines()
    at = {key: next(n for n, line in enumerate(lines, 1) if line.startswith(f"{key}:")) for key in ("title", "organization")}
    assert found == [("site-placeholder", "organization", "site.yaml", at["organization"]),
                     ("site-placeholder", "title", "site.yaml", at["title"])]
    assert main(["check", "--content", str(content), "--lang", "en"]) == 0
    said = capsys.readouterr()
    value = catalogues.text("init_organization_value", locale)
    assert f"site.yaml:{at['organization']}:" in said.err
    assert f"organization is still “{value}”, what paibang init wrote" in said.err
    if locale == "en":
        fill_site(content)
        assert validate(content)[2] == []


def test_check_warns_of_an_event_still_holding_news_placeholders(tmp_path: Path, capsys) -> None:
    """new, then check: it said OK, and the site built an event "New event" by "Organiser" with a
    notice of four empty headings, at the venue new wrote ("7201", a room number no check could
    tell from a real one; now a word). Each is a warning (the event builds), gone once written."""
    content = tmp_path / "content"
    main(["init", str(content), "--locale", "en"])
    fill_site(content)
    assert main(["new", "weekly", "--game", "bridge", "--content", str(content)]) == 0
    _, _, warnings = validate(content)
    found = sorted((w.code, w.params.get("key") or w.params.get("path")) for w in warnings)
    assert found == [("event-placeholder", "organizer"), ("event-placeholder", "title"),
                     ("event-placeholder", "venue"), ("notice-headings-only", "notice.md")]
    assert main(["check", "--content", str(content), "--lang", "en"]) == 0
    said = capsys.readouterr()
    assert "title is still “New event”, what paibang new wrote" in said.out + said.err
    assert "venue is still “Venue”, what paibang new wrote" in said.out + said.err
    folder = content / "events/weekly"
    event = folder / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("title: New event", "title: Club night")
                     .replace("organizer: Organiser", "organizer: Tuesday Bridge Club")
                     .replace("venue: Venue", 'venue: "7201"'), encoding="utf-8")
    (folder / "notice.md").write_text("# Notice\n\n## Time and place\n\nTuesdays at 7pm.\n", encoding="utf-8")
    assert validate(content)[2] == []


def test_first_pair_works_on_an_event_fresh_from_new_and_import(tmp_path: Path, capsys) -> None:
    content = tmp_path / "content"
    assert main(["init", str(content)]) == 0
    assert main(["new", "union-2025", "--game", "guandan", "--content", str(content)]) == 0
    sheet = tmp_path / "报名.csv"
    rows = ["队名,选手,所在系"] + [f"队{n},甲{n},系{n}\n队{n},乙{n},系{n}".strip() for n in range(1, 21)]
    sheet.write_text("\n".join(rows) + "\n", encoding="utf-8")
    assert main(["import", "union-2025", str(sheet), "--content", str(content), "--prefix", "T"]) == 0
    capsys.readouterr()
    site, _, _ = validate(content)
    entries = site.events[0].entries
    assert sorted(entries) == [f"T{n:02d}" for n in range(1, 21)]  # the examples T01/T02 were never entries
    assert main(["pair", "union-2025", "main", "--content", str(content)]) == 0
    out = capsys.readouterr().out
    results = content / "events/union-2025/results"
    assert [p.name for p in results.iterdir()] == ["round-1.yaml"] and "round-1.yaml" in out
    assert main(["pair", "union-2025", "main", "--content", str(content)]) == 1  # round 1 not played yet


def test_the_stage_name_new_gives_is_kept_out_of_titles_only_for_a_one_stage_example() -> None:
    """`new` names a Guandan event's one stage 比赛: titles leave it out ("{event}成绩", not
    "{event}：比赛成绩"). Bridge's example has two stages (初赛, 决赛), so neither is a default."""
    from generator.games import GAMES

    assert GAMES["guandan"].default_stage_name == "比赛"
    assert GAMES["shengji"].default_stage_name == "团体赛"
    assert GAMES["bridge"].default_stage_name is None


SCHEMA_LINE = "# yaml-language-server: $schema="


def named_schema(path: Path) -> Path:
    """The schema a file's first line names, as the editor finds it: relative to the file's folder."""
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith(SCHEMA_LINE), first
    return path.parent / first[len(SCHEMA_LINE):]


def test_the_schema_each_written_file_names_is_in_the_site_wherever_it_goes(tmp_path: Path, capsys) -> None:
    """init and new wrote `$schema=../schema/…` lines: right in the repository's content/, where
    schema/ is its sibling, and pointing nowhere in a site made anywhere else, so the editor's
    completion the README promises never came. The schemas are in the site, named relative to
    each file: the site copied to another laptop (paibang's own folder not there) still has them."""
    import json
    import shutil

    import jsonschema

    from generator.content.schema import schema_texts
    from generator.content.yaml_loader import _CoreLoader

    site = tmp_path / "anywhere" / "mysite"
    assert main(["init", str(site)]) == 0
    assert main(["new", "club-2025", "--game", "guandan", "--content", str(site)]) == 0
    assert "JSON Schema 已写入" in capsys.readouterr().out
    copied = tmp_path / "other-laptop" / "site"
    shutil.copytree(site, copied)
    shutil.rmtree(site)
    for path, kind in ((copied / "site.yaml", "site"), (copied / "events/club-2025/event.yaml", "event")):
        schema = named_schema(path)
        assert schema.resolve().is_relative_to(copied.resolve()), schema
        assert schema.read_text(encoding="utf-8") == schema_texts()[f"{kind}.schema.json"]
        document = yaml.load(path.read_text(encoding="utf-8"), Loader=_CoreLoader)  # noqa: S506
        jsonschema.Draft7Validator(json.loads(schema.read_text(encoding="utf-8"))).validate(document)
    validate(copied)  # the schema/ folder is no part of the content read


def test_pair_in_a_new_site_says_to_import_the_entries_then_names_the_results_schema(tmp_path: Path, capsys) -> None:
    """pair on the event new made (no entries yet) said its entries came from the previous
    stage's qualifiers, which it has none of: it says to import the sign-up sheet. Once they are
    in, the round's results file names the site's results schema, as event.yaml names its own."""
    import json

    import jsonschema

    from generator.content.yaml_loader import _CoreLoader

    site = tmp_path / "site"
    assert main(["init", str(site)]) == 0
    assert main(["new", "club", "--game", "guandan", "--content", str(site)]) == 0
    capsys.readouterr()
    assert main(["pair", "club", "main", "--content", str(site)]) != 0
    said = capsys.readouterr().err
    assert "赛事 club 还没有参赛队" in said and "paibang import club" in said and "前一阶段" not in said
    event = site / "events/club/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace(
        "entries: []", "entries:\n  - {id: T01, players: [甲, 乙]}\n  - {id: T02, players: [丙, 丁]}"), encoding="utf-8")
    assert main(["pair", "club", "main", "--content", str(site)]) == 0
    written = site / "events/club/results/round-1.yaml"
    schema = named_schema(written)
    assert schema.resolve() == (site / "schema/results.schema.json").resolve()
    document = yaml.load(written.read_text(encoding="utf-8"), Loader=_CoreLoader)  # noqa: S506
    jsonschema.Draft7Validator(json.loads(schema.read_text(encoding="utf-8"))).validate(document)


def test_new_brings_the_sites_schemas_up_to_date(tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    """A site made before init wrote the schemas, or by an older paibang: new writes those
    missing or an older paibang's (a key added since), and leaves those that are current as they are."""
    import hashlib

    import generator.commands.init as init

    site = tmp_path / "site"
    assert main(["init", str(site)]) == 0
    monkeypatch.setattr(init, "WRITTEN", init.WRITTEN | {hashlib.sha256(b"{}").hexdigest()})  # an older paibang's
    (site / "schema/event.schema.json").write_text("{}", encoding="utf-8")
    (site / "schema/site.schema.json").unlink()
    results = site / "schema/results.schema.json"
    stamp = results.stat().st_mtime_ns
    capsys.readouterr()
    assert main(["new", "club-2025", "--game", "bridge", "--content", str(site)]) == 0
    assert "schema" in capsys.readouterr().out
    from generator.content.schema import schema_texts

    assert {p.name: p.read_text(encoding="utf-8") for p in (site / "schema").iterdir()} == schema_texts()
    assert results.stat().st_mtime_ns == stamp
    assert main(["new", "club-2026", "--game", "bridge", "--content", str(site)]) == 0
    assert "JSON Schema" not in capsys.readouterr().out  # nothing to bring up to date: nothing said


def new_in(site: Path, slug: str, capsys) -> tuple[int, str]:
    code = main(["new", slug, "--game", "guandan", "--content", str(site)])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.out + captured.err


def test_new_leaves_a_schema_that_is_not_a_regular_file_of_its_own_and_says_so(tmp_path: Path, capsys) -> None:
    """A folder at schema/event.schema.json gave an IsADirectoryError traceback, exit 1, after
    event.yaml was written; a link there was replaced by a file (the link gone). Neither is
    read or written through: each is left as it is, said in one line, and new does its work."""
    import shutil

    site = tmp_path / "site"
    assert main(["init", str(site)]) == 0
    capsys.readouterr()
    (site / "schema/event.schema.json").unlink()
    (site / "schema/event.schema.json").mkdir()
    mine = tmp_path / "my-site-schema.json"
    mine.write_text('{"title": "mine"}', encoding="utf-8")
    (site / "schema/site.schema.json").unlink()
    (site / "schema/site.schema.json").symlink_to(mine)
    code, said = new_in(site, "club-2025", capsys)
    assert code == 0 and (site / "events/club-2025/event.yaml").is_file()
    assert (site / "schema/event.schema.json").is_dir()
    assert (site / "schema/site.schema.json").is_symlink() and mine.read_text(encoding="utf-8") == '{"title": "mine"}'
    assert f"paibang: {site / 'schema/event.schema.json'} 保持原样（不是普通文件）" in said
    assert f"paibang: {site / 'schema/site.schema.json'} 保持原样（是符号链接）" in said
    assert main(["new", "club-2026", "--game", "guandan", "--content", str(site), "--lang", "en"]) == 0
    assert f"{site / 'schema/event.schema.json'} left as it is (not a regular file)" in capsys.readouterr().out
    shutil.rmtree(site / "schema")
    (site / "schema").write_text("", encoding="utf-8")  # a file where the folder goes: nothing written through it
    code, said = new_in(site, "club-2027", capsys)
    assert code == 0 and f"paibang: {site / 'schema'} 保持原样（不是文件夹）" in said


def test_new_does_not_wait_on_a_named_pipe_at_a_schema(tmp_path: Path, capsys) -> None:
    """A FIFO at schema/site.schema.json made new hang for ever, reading it for a writer that
    never comes: it is opened without waiting, seen not to be a file, and left, said."""
    import threading

    site = tmp_path / "site"
    assert main(["init", str(site)]) == 0
    capsys.readouterr()
    fifo = site / "schema/site.schema.json"
    fifo.unlink()
    os.mkfifo(fifo)
    done: list[int] = []
    worker = threading.Thread(target=lambda: done.append(main(["new", "club", "--game", "guandan",
                                                               "--content", str(site)])), daemon=True)
    worker.start()
    worker.join(20)
    if worker.is_alive():  # (a writer that opens and closes it lets the reader go)
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(20)
        pytest.fail("new waited on the named pipe")
    assert done == [0] and fifo.exists() and not fifo.is_file()
    assert "保持原样（不是普通文件）" in capsys.readouterr().out


def test_new_replaces_a_schema_paibang_wrote_and_leaves_one_it_did_not(tmp_path: Path, capsys,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Any schema file unlike this paibang's was replaced: one the user edited (a key of their
    own), or one a newer paibang wrote, taken back to this one's. Only a file equal to a version
    paibang wrote (init.WRITTEN) is brought up to date; any other is left, said."""
    import hashlib

    import generator.commands.init as init
    from generator.content.schema import schema_texts

    site = tmp_path / "site"
    assert main(["init", str(site)]) == 0
    older = '{"title": "paibang of last month"}\n'
    monkeypatch.setattr(init, "WRITTEN", init.WRITTEN | {hashlib.sha256(older.encode()).hexdigest()})
    (site / "schema/event.schema.json").write_text(older, encoding="utf-8")
    edited = schema_texts()["site.schema.json"].replace('"properties": {', '"properties": {"my_key": {},', 1)
    (site / "schema/site.schema.json").write_text(edited, encoding="utf-8")
    capsys.readouterr()
    code, said = new_in(site, "club-2025", capsys)
    assert code == 0
    assert (site / "schema/event.schema.json").read_text(encoding="utf-8") == schema_texts()["event.schema.json"]
    assert (site / "schema/site.schema.json").read_text(encoding="utf-8") == edited
    assert f"paibang: {site / 'schema/site.schema.json'} 保持原样（不是 paibang 写过的任何一版：改过，或是更新的 paibang 写的）" in said
    assert "JSON Schema 已写入" in said  # the event's, brought up to date
    assert "event.schema.json 保持原样" not in said


def test_every_schema_this_paibang_writes_is_one_it_knows_it_wrote() -> None:
    """new brings a site's schema up to date only when it is a version paibang wrote: a schema
    changed (a key, a description) and not added to init.WRITTEN would be left in every site
    as the user's own. Add the digest printed here to WRITTEN."""
    import hashlib

    from generator.commands.init import WRITTEN
    from generator.content.schema import schema_texts

    for name, text in schema_texts().items():
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        assert digest in WRITTEN, f"{name}: add {digest!r} to generator/commands/init.py's WRITTEN"


@pytest.mark.skipif(getattr(os, "getuid", lambda: -1)() != 0, reason="only root can give a file to another user")
def test_new_leaves_another_users_schema(tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    """A schema file of another user's, even one equal to a version paibang wrote, is theirs."""
    import hashlib

    import generator.commands.init as init

    site = tmp_path / "site"
    assert main(["init", str(site)]) == 0
    monkeypatch.setattr(init, "WRITTEN", init.WRITTEN | {hashlib.sha256(b"{}").hexdigest()})
    theirs = site / "schema/event.schema.json"
    theirs.write_text("{}", encoding="utf-8")
    os.chown(theirs, 54321, 54321)
    capsys.readouterr()
    code, said = new_in(site, "club-2025", capsys)
    assert code == 0 and theirs.read_text(encoding="utf-8") == "{}" and theirs.stat().st_uid == 54321
    assert f"paibang: {theirs} 保持原样（属于另一个用户）" in said


def test_schema_writes_the_sites_schemas_as_init_does_and_never_paibangs_own(tmp_path: Path, monkeypatch, capsys) -> None:
    """`paibang schema`, run from any folder, rewrote paibang's own repository's schema/ and had no
    --content: it writes the site's schema/, the files init writes, a file of the user's left as
    it is; and refuses a folder that is not a site."""
    from generator.content.schema import SCHEMA_DIR, schema_texts

    repository = {path.name: path.stat().st_mtime_ns for path in SCHEMA_DIR.iterdir()}
    monkeypatch.chdir(tmp_path)
    assert main(["init", "site"]) == 0
    site = tmp_path / "site"
    (site / "schema/site.schema.json").unlink()
    (site / "schema/event.schema.json").write_text("{}  // mine\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["schema", "--content", "site", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert f"the editors' JSON Schemas written to {Path('site/schema')}" in out
    assert f"{Path('site/schema/event.schema.json')} left as it is" in out
    assert (site / "schema/site.schema.json").read_text(encoding="utf-8") == schema_texts()["site.schema.json"]
    assert (site / "schema/event.schema.json").read_text(encoding="utf-8") == "{}  // mine\n"
    (site / "schema/event.schema.json").unlink()
    assert main(["schema", "--content", "site"]) == 0
    assert {p.name: p.read_text(encoding="utf-8") for p in (site / "schema").iterdir()} == schema_texts()
    capsys.readouterr()
    assert main(["schema", "--content", "site", "--lang", "en"]) == 0
    assert "are this paibang's already" in capsys.readouterr().out
    assert main(["schema"]) == 2  # no content/ here
    assert "content" in capsys.readouterr().err and not (tmp_path / "schema").exists()
    assert {path.name: path.stat().st_mtime_ns for path in SCHEMA_DIR.iterdir()} == repository


def test_init_writes_a_gitignore_beside_the_site_that_git_reads(tmp_path: Path, capsys) -> None:
    """What paibang makes beside content/ (the built site, the desk's tokens, the cache) is left out
    of a repository there; content/ itself, a folder `output` of an event's included, is not."""
    import subprocess

    content = tmp_path / "content"
    assert main(["init", str(content)]) == 0
    assert ".gitignore" in capsys.readouterr().out
    text = (tmp_path / ".gitignore").read_text(encoding="utf-8")
    assert text.startswith("# 由 paibang init 写入") and text.splitlines()[1:] == ["/output/", "/.paibang-desk/",
                                                                                 "/.paibang-cache/"]
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    paths = ["output/index.html", ".paibang-desk/content/e.json", ".paibang-cache/pdf/x", "content/site.yaml",
             "content/events/e/output/x.md"]
    found = subprocess.run(["git", "-C", str(tmp_path), "check-ignore", *paths], capture_output=True, text=True).stdout
    assert found.split() == paths[:3]


def test_init_leaves_a_gitignore_there_as_it_is_and_says_what_it_lacks(tmp_path: Path, capsys) -> None:
    """The user's .gitignore is never written to (its order is theirs: a `!output/` would be undone
    by a line put after it): the lines it lacks are said."""
    mine = b"*.log\n!output/\n.paibang-desk\n"
    (tmp_path / ".gitignore").write_bytes(mine)
    assert main(["--lang", "en", "init", str(tmp_path / "content")]) == 0
    out = capsys.readouterr().out
    assert (tmp_path / ".gitignore").read_bytes() == mine
    assert "is yours and was left as it is; it does not list /output/ /.paibang-cache/:" in out, out
