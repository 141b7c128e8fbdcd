"""Player pages (/players/<key>/): one person across events, matched by id, else name + group.

Each test writes a tiny site of one-table bridge events, so the matching rules are seen in
isolation: same name and group, homonyms in other groups, ids, officials, stable safe keys.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from generator.build import validate
from generator.errors import ContentErrors
from generator.render.html import render_site
from generator.render.output import OutputTree
from generator.render.players import KEY_LENGTH, collect_people, person_key

SITE = "title: 测试站\nlocale: zh-Hans\nbase_url: https://example.org/\n"


def player(name: str, pid: str | None = None) -> str:
    return f"{{name: {name}, id: {pid}}}" if pid else name


def write_event(root: Path, slug: str, day: str, entries: list[tuple[str, list[str], str]],
                officials: str = "", credits: str = "") -> None:
    """`entries`: (id, players as YAML items, group); the first two play one board."""
    folder = root / "events" / slug
    (folder / "results").mkdir(parents=True)
    lines = [f"title: 赛事{slug}", "game: bridge", f"dates: [{day}]", "entries:"]
    for entry_id, players, group in entries:
        lines += [f"  - id: {entry_id}", f"    players: [{', '.join(players)}]", f"    group: {group}"]
    lines += [officials, credits] if officials or credits else []
    lines += ["stages:", "  - {id: main, name: 比赛, format: matches, boards: 1, rank_by: [total]}", ""]
    (folder / "event.yaml").write_text("\n".join(lines), encoding="utf-8")
    first, second = entries[0][0], entries[1][0]
    (folder / "results" / "main.yaml").write_text(
        f"stage: main\ntables:\n  - table: 1\n    ns: {first}\n    ew: {second}\n    boards:\n      1: 4S N =\n",
        encoding="utf-8")


@pytest.fixture()
def content(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    root.mkdir()
    (root / "site.yaml").write_text(SITE, encoding="utf-8")
    return root


def people_of(content: Path):
    _, results, _ = validate(content)
    return collect_people(results)


def named(people, name: str):
    return [p for p in people.everyone if p.name == name]


def render(content: Path, out: Path) -> Path:
    site, results, _ = validate(content)
    out.mkdir()
    render_site(site, results, {}, OutputTree(out))
    return out


def test_same_name_and_group_in_two_events_is_one_person(content: Path) -> None:
    write_event(content, "e2015", "2015-05-15", [("A1", ["王小明", "李华"], "13级1班"), ("A2", ["张三", "李四"], "13级2班")])
    write_event(content, "e2016", "2016-05-15", [("B1", ["王小明", "赵六"], "13级1班"), ("B2", ["钱七", "孙八"], "13级2班")])
    people = people_of(content)
    (wang,) = named(people, "王小明")
    assert [e.result.event.slug for e in wang.events] == ["e2016", "e2015"]  # newest first
    assert [e.entry.id for e in wang.events] == ["B1", "A1"]
    assert [name for name, _ in wang.events[0].teammates] == ["赵六"]
    assert wang.events[0].final.standing.rank == 1  # 4S N = gives NS 420


def test_homonyms_in_different_groups_are_not_merged_and_link_to_each_other(content: Path, tmp_path: Path) -> None:
    write_event(content, "e2015", "2015-05-15", [("A1", ["王小明", "李华"], "13级1班"), ("A2", ["王小明", "李四"], "14级3班")])
    people = people_of(content)
    one, two = named(people, "王小明")
    assert {one.group, two.group} == {"13级1班", "14级3班"} and one.key != two.key
    assert one.homonyms == [two] and two.homonyms == [one]
    out = render(content, tmp_path / "out")
    page = (out / "players" / one.key / "index.html").read_text(encoding="utf-8")
    assert f'href="../../players/{two.key}/index.html"' in page
    assert "同名的其他选手" in page and "如何认定同一个人" in page and "同名但班级/单位不同的选手不会被合并" in page
    assert f"本页按姓名“王小明”和班级/单位“{one.group}”汇总" in page


def test_an_id_joins_results_across_groups_and_spellings(content: Path) -> None:
    write_event(content, "e2015", "2015-05-15",
                [("A1", [player("王晓明", "m-001"), "李华"], "13级1班"), ("A2", ["张三", "李四"], "13级2班")])
    write_event(content, "e2018", "2018-05-15",
                [("B1", [player("王小明", "m-001"), "赵六"], "动科学院"), ("B2", ["钱七", "孙八"], "13级2班")])
    people = people_of(content)
    (person,) = [p for p in people.everyone if p.by_id]
    assert person.name == "王小明" and person.groups == ["动科学院", "13级1班"]  # latest first
    assert len(person.events) == 2
    assert person.key == person_key("id:m-001")


def test_an_id_holding_a_member_number_is_not_read_back_from_the_address(content: Path, tmp_path: Path) -> None:
    """A club's member number (2021001) passes id-looks-personal, and /players/<sha256 of it>/
    gave it back to anyone hashing 10^7 candidates. Its key is made of the seat it first sat in
    (players._numbered_identity): not the hash of the id, the same in every build and on every
    computer (no key of the user's), unmoved by a later event; an id of letters keeps its key."""
    write_event(content, "e2015", "2015-05-15",
                [("A1", [player("王晓明", "2021001"), player("李华", "M001")], "13级1班"), ("A2", ["张三", "李四"], "g2")])
    write_event(content, "e2018", "2018-05-15",
                [("B1", ["赵六", player("王小明", "2021001")], "动科学院"), ("B2", ["钱七", "孙八"], "g2")])

    def keys() -> dict[str, str]:
        return {p.name: p.key for p in people_of(content).everyone if p.by_id}

    first = keys()
    unkeyed = {person_key("id:2021001"), hashlib.sha256(b"2021001").hexdigest()[:KEY_LENGTH],
               hashlib.sha256(b"id:2021001").hexdigest()[:KEY_LENGTH]}
    assert first["王小明"] not in unkeyed and "2021001" not in first["王小明"]
    assert first["王小明"] == person_key("numbered:e2015/A1#1")  # its first seat, of two events
    assert first["李华"] == person_key("id:M001")  # not a number: as before
    write_event(content, "e2019", "2019-05-15",
                [("C1", [player("王小明", "2021001"), "吴十"], "g3"), ("C2", ["周九", "郑七"], "g2")])
    assert keys() == first  # a newer event moves no one
    out = render(content, tmp_path / "site")
    page = (out / "players" / first["王小明"] / "index.html").read_text(encoding="utf-8")
    assert "王小明" in page and "2021001" not in page
    assert not any("2021001" in path.read_text(encoding="utf-8", errors="replace")
                   for path in out.rglob("*") if path.is_file() and path.suffix in (".html", ".json", ".xml"))


def test_a_player_without_id_joins_the_one_id_with_that_name_and_group(content: Path) -> None:
    write_event(content, "e2015", "2015-05-15", [("A1", ["王小明", "李华"], "13级1班"), ("A2", ["张三", "李四"], "13级2班")])
    write_event(content, "e2016", "2016-05-15",
                [("B1", [player("王小明", "m-001"), "赵六"], "13级1班"), ("B2", ["钱七", "孙八"], "13级2班")])
    (wang,) = named(people_of(content), "王小明")
    assert wang.by_id and len(wang.events) == 2


def test_two_ids_with_one_name_and_group_leave_the_unidentified_apart(content: Path) -> None:
    write_event(content, "e2015", "2015-05-15", [("A1", ["王小明", "李华"], "13级1班"), ("A2", ["张三", "李四"], "13级2班")])
    write_event(content, "e2016", "2016-05-15",
                [("B1", [player("王小明", "m-001"), "赵六"], "13级1班"),
                 ("B2", [player("王小明", "m-002"), "孙八"], "13级1班")])
    wangs = named(people_of(content), "王小明")
    assert len(wangs) == 3 and sum(p.by_id for p in wangs) == 2
    assert all(len(p.homonyms) == 2 for p in wangs)


def test_an_official_who_also_played_is_one_person_with_credits(content: Path) -> None:
    write_event(content, "e2015", "2015-05-15",
                [("A1", ["王小明", "李华"], "13级1班"), ("A2", ["张三", "李四"], "13级2班")],
                officials="officials:\n  - {name: 张三, role: referee, stages: [main]}\n  - {name: 赵敏, role: host, sessions: 2}",
                credits="credits: {participant: 1, finalist: 2, referee: {main: 1}, host: 1}")
    people = people_of(content)
    (zhang,) = named(people, "张三")
    assert zhang.events[0].entry.id == "A2" and zhang.events[0].roles == ["referee"]
    (zhao,) = named(people, "赵敏")
    assert zhao.events[0].entry is None and zhao.events[0].roles == ["host"]
    assert zhao.events[0].credits.points == 2 and zhao.credits_total == 2
    wang = named(people, "王小明")[0]
    assert wang.credits_total == 2  # finalist: the only stage is the last


def test_a_referee_credit_under_a_number_is_named_in_the_message(content: Path) -> None:
    """YAML keys need not be text: `referee: {0: x}` is a problem at credits.referee.0, not a crash."""
    write_event(content, "e2015", "2015-05-15", [("A1", [player("王小明")], "g"), ("A2", [player("李华")], "g")],
                credits="credits: {referee: {0: many}}")
    with pytest.raises(ContentErrors) as caught:
        validate(content)
    (problem,) = [p for p in caught.value.problems if not p.warning]
    assert problem.code == "type-expected" and problem.params["key"] == "credits.referee.0"
    assert "credits.referee.0" in problem.format("zh")


def test_player_keys_are_short_hashes_safe_in_urls_and_stable(content: Path, tmp_path: Path) -> None:
    write_event(content, "e2015", "2015-05-15",
                [("A1", ["王小明", "Zoë O'Neil"], "13级/1班"), ("A2", ["../../etc", "李四"], "<b>组</b>")])
    first = {p.name: p.key for p in people_of(content).everyone}
    second = {p.name: p.key for p in people_of(content).everyone}
    assert first == second
    assert all(re.fullmatch(rf"[0-9a-f]{{{KEY_LENGTH}}}", key) for key in first.values())
    assert first["王小明"] == person_key("name:王小明\n13级/1班")
    out = render(content, tmp_path / "out")
    assert sorted(p.name for p in (out / "players").iterdir() if p.is_dir()) == sorted(first.values())
    page = (out / "players" / first["../../etc"] / "index.html").read_text(encoding="utf-8")
    assert "&lt;b&gt;组&lt;/b&gt;" in page and "<b>组</b>" not in page


def test_player_ids_never_reach_the_output(content: Path, tmp_path: Path) -> None:
    # (a membership code: a student number, stu-2013-0599, is refused since rev34: id-looks-personal)
    write_event(content, "e2015", "2015-05-15",
                [("A1", [player("王小明", "club-wxm-0599"), "李华"], "13级1班"), ("A2", ["张三", "李四"], "13级2班")])
    out = render(content, tmp_path / "out")
    for path in out.rglob("*"):
        if path.is_file():
            assert b"club-wxm-0599" not in path.read_bytes(), path


def test_entry_and_standings_pages_link_every_player_to_their_page(content: Path, tmp_path: Path) -> None:
    write_event(content, "e2015", "2015-05-15", [("A1", ["王小明", "李华"], "13级1班"), ("A2", ["张三", "李四"], "13级2班")])
    people = people_of(content)
    out = render(content, tmp_path / "out")
    entry = (out / "events/e2015/entries/A1/index.html").read_text(encoding="utf-8")
    stage = (out / "events/e2015/main/index.html").read_text(encoding="utf-8")
    for name in ("王小明", "李华"):
        (person,) = named(people, name)
        assert f'href="../../../../players/{person.key}/index.html">{name}</a>' in entry
        assert f'href="../../../players/{person.key}/index.html">{name}</a>' in stage
    index = (out / "players/index.html").read_text(encoding="utf-8")
    assert index.index("13级1班") < index.index("13级2班") and index.count('href="') > 4


def test_player_page_shows_event_team_place_prize_and_credits(content: Path, tmp_path: Path) -> None:
    write_event(content, "e2015", "2015-05-15",
                [("A1", ["王小明", "李华"], "13级1班"), ("A2", ["张三", "李四"], "13级2班")],
                credits="credits: {participant: 1, finalist: 2}")
    event = content / "events/e2015/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace(
        "rank_by: [total]}", "rank_by: [total], prizes: [{name: 一等奖, count: 1}]}"), encoding="utf-8")
    (wang,) = named(people_of(content), "王小明")
    out = render(content, tmp_path / "out")
    page = (out / "players" / wang.key / "index.html").read_text(encoding="utf-8")
    for text in ("赛事e2015", "2015年5月15日", "桥牌", 'entries/A1/index.html">A1</a>', "李华",
                 '<span aria-hidden="true">比赛</span> <a href="../../events/e2015/main/index.html#entry-A1" aria-label="比赛排名：第 1 名">1</a>',  # the place the link
                 "一等奖", "+2", "操行分合计"):
        assert text in page, text


def test_player_page_rows_show_names_groups_and_prizes_escaped(content: Path, tmp_path: Path) -> None:
    """A player's rows are written in Python (render/html.py's history_rows), not by the template:
    a partner's name, the team's group and a prize holding < & " still come out as text."""
    write_event(content, "e2015", "2015-05-15",
                [("A1", ["王小明", "'李<&\"华'"], "'13级<1>&\"班'"), ("A2", ["张三", "李四"], "13级2班")])
    event = content / "events/e2015/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace(
        "rank_by: [total]}", "rank_by: [total], prizes: [{name: '一等<奖>&\"', count: 1}]}"), encoding="utf-8")
    (wang,) = named(people_of(content), "王小明")
    out = render(content, tmp_path / "out")
    page = (out / "players" / wang.key / "index.html").read_text(encoding="utf-8")
    for text in ('">李&lt;&amp;&#34;华</a>', '<span class="meta">13级&lt;1&gt;&amp;&#34;班</span>',
                 '>一等&lt;奖&gt;&amp;&#34;</td>'):
        assert text in page, text
    assert "<1>" not in page and "<奖>" not in page and "<&" not in page


def test_people_hold_a_bounded_number_of_events_unpacked_and_no_rows_after_a_page(content: Path, tmp_path: Path,
                                                                                  monkeypatch) -> None:
    """A render worker asks People for every event of the archive (names linked on event pages,
    rows on players' pages): it holds ROWS_HELD events' seats unpacked, the most recently used,
    and each person's rows only while their page is rendered."""
    from generator.render import players
    from generator.render.html import SiteWriter, environment, render_player

    monkeypatch.setattr(players, "ROWS_HELD", 1)
    for number, day in enumerate(["2024-03-01", "2024-04-01", "2024-05-01"], 1):
        write_event(content, f"e{number}", day, [("A", ["张三", "李四"], "一队"), ("B", ["王五", "赵六"], "二队")])
    people = people_of(content)
    zhang = named(people, "张三")[0]
    for slug in ("e1", "e2", "e3", "e1"):
        assert people.of(slug, "A", 0) is zhang and people.named_in(slug, "王五", "二队") is named(people, "王五")[0]
        assert len(people._events) == 1
    site, _, _ = validate(content)
    out = tmp_path / "out"
    out.mkdir()
    render_player(environment("zh-Hans", people), SiteWriter(site, OutputTree(out)), zhang)
    page = next(out.rglob("index.html")).read_text(encoding="utf-8")
    assert all(f"赛事e{n}" in page for n in (1, 2, 3))
    assert zhang._rows is None


def test_a_large_site_matches_its_people_in_a_process_of_its_own(content: Path, tmp_path: Path, monkeypatch) -> None:
    """Past MATCH_APART_FROM events, people are matched in a forked process (what it reads of every
    event leaves no holes in the build's heap for the render workers to copy): the same index."""
    import multiprocessing
    import os

    from generator.render import players

    if "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("matched apart only where processes fork")
    for number, day in enumerate(["2024-03-01", "2024-04-01", "2024-05-01"], 1):
        write_event(content, f"e{number}", day, [("A", ["张三", "李四"], "一队"), ("B", ["王五", "赵六"], "二队")])
    _, results, _ = validate(content)
    here = players.collect_people(results).index.data()
    match, where = players._match, tmp_path / "matched-in"

    def match_and_say_where(*args):  # noqa: ANN002, ANN202
        where.write_text(str(os.getpid()))
        return match(*args)

    monkeypatch.setattr(players, "_match", match_and_say_where)
    monkeypatch.setattr(players, "MATCH_APART_FROM", 3)
    apart = players.collect_people(results).index.data()
    assert apart == here and int(where.read_text()) != os.getpid()


def test_player_page_shows_the_score_beside_the_place_it_is_by(content: Path, tmp_path: Path) -> None:
    # the row said 比赛 1 but not by what: the stage's first rank_by metric is shown with it, as its
    # standings show it (review 11: a pairs event's place 1, and not its 74.95 %); the second
    # pair's too, and a metric after the first (a tie-break) is not
    write_event(content, "e2015", "2015-05-15",
                [("A1", ["王小明", "李华"], "13级1班"), ("A2", ["张三", "李四"], "13级2班")])
    event = content / "events/e2015/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("rank_by: [total]", "rank_by: [total, net]"),
                     encoding="utf-8")
    people = people_of(content)
    out = render(content, tmp_path / "out")
    standings = (out / "events/e2015/main/index.html").read_text(encoding="utf-8")
    labels = re.findall(r'<th role="columnheader" scope="col" class="num">([^<]+)</th>', standings)  # place, then the metrics
    for name, place, score in (("王小明", 1, 420), ("张三", 2, 0)):
        (person,) = named(people, name)
        page = (out / "players" / person.key / "index.html").read_text(encoding="utf-8")
        # the place is the link to the entry's row (as the entry page's rank is), the stage's name
        # its plain text: a link named after the stage was heard as one to the stage's page
        cell = re.search(r'<td role="cell" data-label="[^"]+"><span aria-hidden="true">比赛</span> <a href="[^"]+main/index.html#entry-A\d" aria-label="比赛排名：第 \d+ 名">(\d+)</a>'
                         r' (.*?)</td>', page)
        assert cell is not None and ">比赛</a>" not in page, page
        assert (cell[1], cell[2]) == (str(place), f"· {labels[1]} {score}"), (cell.groups(), labels)
