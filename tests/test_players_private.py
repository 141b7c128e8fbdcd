"""Player pages and credits under `private: [group]`: the group is withheld from every page, and
nothing made of it either: a player's address (/players/<key>/) was a hash of their name and
the group's digest, itself an unkeyed hash of the group, so anyone could confirm a guessed
(name, group) pair by hashing it. A private group's players are keyed by name and order of
first appearance (render/players.py's _private_identity); their credits are still theirs.
"""

from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path

import pytest

from generator.cli import main
from generator.content.model import withheld_group
from generator.render.players import KEY_LENGTH, person_key
from test_players import SITE, named, people_of, render, write_event

PRIVATE_SITE = SITE + "private: [group]\n"
CREDITS = "credits: {participant: 1, finalist: 2}"


@pytest.fixture()
def content(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    root.mkdir()
    (root / "site.yaml").write_text(PRIVATE_SITE, encoding="utf-8")
    return root


def keys_by_name(content: Path) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for person in people_of(content).everyone:
        found.setdefault(person.name, set()).add(person.key)
    return found


def test_a_private_groups_players_are_keyed_by_name_and_first_appearance(content: Path) -> None:
    """One key per name and private group, made of the name and the order in which the name's
    private groups first appeared; a newer event's namesake comes after, moving no one."""
    write_event(content, "e2015", "2015-05-15",
                [("A1", ["王小明", "李华"], "13级1班"), ("A2", ["张三", "余浩"], "14级动物科学")])
    write_event(content, "e2016", "2016-05-15",
                [("B1", ["余浩", "赵六"], "结构工程系"), ("B2", ["王小明", "钱七"], "13级1班")])
    people = people_of(content)
    (wang,) = named(people, "王小明")
    assert wang.key == person_key("private:王小明") and len(wang.events) == 2 and wang.groups == []
    yu = {p.events[0].result.event.slug: p.key for p in named(people, "余浩")}
    assert yu == {"e2015": person_key("private:余浩"), "e2016": person_key("private:余浩\n2")}
    before = keys_by_name(content)
    write_event(content, "e2017", "2017-05-15",
                [("C1", ["余浩", "周九"], "土木1班"), ("C2", ["王小明", "吴十"], "13级1班")])
    after = keys_by_name(content)
    assert all(keys <= after[name] for name, keys in before.items())
    assert after["余浩"] - before["余浩"] == {person_key("private:余浩\n3")}
    assert after["王小明"] == {person_key("private:王小明")}


def test_a_public_groups_players_keep_their_keys(tmp_path: Path) -> None:
    """Without `private:`, keys are as they always were: name and group hashed."""
    root = tmp_path / "content"
    root.mkdir()
    (root / "site.yaml").write_text(SITE, encoding="utf-8")
    write_event(root, "e2015", "2015-05-15", [("A1", ["王小明", "李华"], "13级1班"), ("A2", ["张三", "余浩"], "g2")])
    assert keys_by_name(root)["王小明"] == {person_key("name:王小明\n13级1班")}


def made_of(group: str, name: str, seats: list[str]) -> list[str]:
    """Every text made of `group` that keys and digests were, or might be, made of: the group,
    its digest (content/model.py's withheld_group), and the player keys hashed from either."""
    digest = withheld_group(group)
    identities = [f"name:{name}\n{digest}", f"name:{name}\n{group}"]
    identities += [f"{identity}\n{seat}" for identity in identities[:] for seat in seats]
    return [group, digest[1:], hashlib.sha256(group.encode()).hexdigest()[:KEY_LENGTH],
            *(person_key(identity, length) for identity in identities for length in (KEY_LENGTH, 2 * KEY_LENGTH))]


def test_no_output_file_holds_anything_made_of_a_private_group(content: Path, tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """A whole build (pages, players' pages, results.json, search index, feed, PDF bulletins
    through pdftotext, and the files' own paths) holds neither a private group nor its digest
    nor any key hashed from them, namesakes kept apart within an event (rule 5) included."""
    entries = [("A1", ["王小明", "李华"], "grp_canary_one"), ("A2", ["张三", "余浩"], "grp_canary_two"),
               ("A3", ["李华", "孙八"], "grp_canary_one")]
    write_event(content, "e2015", "2015-05-15", entries, credits=CREDITS)
    write_event(content, "e2016", "2016-05-15",
                [("B1", ["余浩", "赵六"], "grp_canary_three"), ("B2", ["王小明", "钱七"], "grp_canary_one")],
                credits=CREDITS)
    output = tmp_path / "output"
    assert main(["build", "--content", str(content), "--output", str(output)]) == 0
    capsys.readouterr()
    seated = {("grp_canary_one", n) for n in ("王小明", "李华", "孙八", "钱七")} | \
        {("grp_canary_two", n) for n in ("张三", "余浩")} | {("grp_canary_three", n) for n in ("余浩", "赵六")}
    seats = ["e2015/A1", "e2015/A3"]
    forbidden = {text for group, name in seated for text in made_of(group, name, seats)}
    scanned = set()
    for path in sorted(output.rglob("*")):
        where = str(path.relative_to(output))
        assert not any(text in where for text in forbidden), where
        if not path.is_file():
            continue
        data = path.read_bytes()
        if path.suffix == ".pdf":
            data = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True).stdout
        leaked = [text for text in forbidden if text.encode() in data]
        assert not leaked, f"{leaked} in {where}"
        scanned.add(path.suffix)
    assert scanned >= {".html", ".json", ".js", ".xml", ".pdf"}
    # (李华 twice in one group of e2015: two people, each keyed by their seat, not the group)
    assert {p.key for p in named(people_of(content), "李华")} == {person_key("private:李华\ne2015/A1"),
                                                                person_key("private:李华\ne2015/A3")}


def test_a_private_groups_credits_are_each_players_own(content: Path, tmp_path: Path) -> None:
    """Credits are counted per name and group: withheld, the group was lost there, and two
    namesakes of different private groups shared one credit line (their points summed), which
    neither player's page then found (their row matched by name and group's digest), and the
    event's credits linked to neither."""
    write_event(content, "e2015", "2015-05-15",
                [("A1", ["余浩", "李华"], "14级动物科学"), ("A2", ["余浩", "张三"], "结构工程系")],
                officials="officials:\n  - {name: 赵敏, role: referee, stages: [main]}",
                credits="credits: {participant: 1, finalist: 2, referee: {main: 1}}")
    people = people_of(content)
    yus = named(people, "余浩")
    assert len(yus) == 2 and [p.credits_total for p in yus] == [2, 2]
    assert all(row.credits.group is None for p in yus for row in p.events)  # (its digest: never shown)
    (li,) = named(people, "李华")
    assert li.credits_total == 2
    out = render(content, tmp_path / "out")
    page = (out / "events/e2015/index.html").read_text(encoding="utf-8")
    credits = page[page.index('<table class="credits">'):]
    credits = credits[:credits.index("</table>")]
    for person in yus:
        assert f'players/{person.key}/index.html">余浩</a>' in credits
    assert credits.count(">+2<") == 4 and "+4" not in credits
    for group in ("14级动物科学", "结构工程系"):
        assert group not in page


@pytest.mark.parametrize("private", [True, False])
def test_a_player_who_also_refereed_has_both_credits_on_their_page(tmp_path: Path, private: bool) -> None:
    """Rule 4 makes the referee 张三 the player 张三: the credits roster has a line for each (as a
    player, by name and group; as a referee, by name), and the page counted only the first.
    (With the group private both were one line, until that line was made per group.)"""
    root = tmp_path / "content"
    root.mkdir()
    (root / "site.yaml").write_text(PRIVATE_SITE if private else SITE, encoding="utf-8")
    write_event(root, "e2015", "2015-05-15", [("A1", ["王小明", "李华"], "13级1班"), ("A2", ["张三", "李四"], "13级2班")],
                officials="officials:\n  - {name: 张三, role: referee, stages: [main]}",
                credits="credits: {participant: 1, finalist: 2, referee: {main: 1}}")
    (zhang,) = named(people_of(root), "张三")
    assert zhang.credits_total == 3 and zhang.events[0].credits.points == 3
    (li,) = named(people_of(root), "李四")
    assert li.credits_total == 2


def test_a_site_built_by_an_older_paibang_gets_the_new_keys(content: Path, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """A build takes the last one's persons when no event's names changed (PeopleIndex): the
    rules' version is among what they were matched from, or a site built before would keep
    the keys the older rules gave (hashed from the group) for as long as its names stay."""
    import generator.render.players as players

    write_event(content, "e2015", "2015-05-15", [("A1", ["王小明", "李华"], "13级1班"), ("A2", ["张三", "余浩"], "g2")])
    output = tmp_path / "output"
    with monkeypatch.context() as older:
        older.setattr(players, "MATCHING_RULES", 1, raising=False)
        older.setattr(players, "_private_identity", lambda name, ordinal: f"older:{name}")
        assert main(["build", "--content", str(content), "--output", str(output)]) == 0
    assert (output / "players" / person_key("older:王小明")).is_dir()
    results = content / "events/e2015/results/main.yaml"  # a result changed, no name: a rebuild
    results.write_text(results.read_text(encoding="utf-8").replace("4S N =", "4S N +1"), encoding="utf-8")
    assert main(["build", "--content", str(content), "--output", str(output)]) == 0
    capsys.readouterr()
    keys = {path.name for path in (output / "players").iterdir() if path.is_dir()}
    assert person_key("private:王小明") in keys and person_key("older:王小明") not in keys


def test_a_private_groups_pages_say_the_group_is_not_published_not_that_none_was_given(content: Path,
                                                                                        tmp_path: Path) -> None:
    """A page matched within a withheld group says the group is withheld; "no group given" (the
    words for an entry written without one) would tell a member something false. So do the
    namesakes' list and the players' index."""
    write_event(content, "e2015", "2015-05-15",
                [("A1", ["王小明", "李华"], "13级1班"), ("A2", ["王小明", "余浩"], "14级动物科学")])
    out = render(content, tmp_path / "out")
    wang = named(people_of(content), "王小明")[0].key  # (two: one a group)
    page = (out / "players" / wang / "index.html").read_text(encoding="utf-8")
    index = (out / "players" / "index.html").read_text(encoding="utf-8")
    for shown in (page, index):
        assert "班级/单位不公开" in shown and "未填班级/单位" not in shown
    assert "本页按姓名“王小明”及其班级/单位汇总（班级/单位不公开）。" in page
