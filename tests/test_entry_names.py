"""How an entry is named beside its id on the standings (page and printed notice), and the
Group column, shown only where an entry has a group.

An imported session (a PBN of a teams qualifier) names its teams by their names as ids: id
SWEDEN, name SWEDEN. The standings printed "SWEDEN  SWEDEN (Ola Rimstedt / …)". A club night's
pairs have no group: an empty Group column took the names' width ("Dag Flemming / Pedersen"
broken in two in the PDF).
"""

from __future__ import annotations

import re
from pathlib import Path

from generator import catalogues
from generator.build import validate
from generator.render.bulletins import bulletins_for
from generator.render.html import render_site
from generator.render.output import OutputTree

from support import demo_content

TEAMS = "hefei-80fen-teams-2012"  # 8 teams T01-T08, each with a name and a group


def teams_named_as_ids(tmp_path: Path, groups: bool) -> Path:
    """The demo teams event with each team's name its id (as an import writes them), its groups
    kept or left out."""
    content = demo_content(tmp_path, TEAMS)
    event = content / "events" / TEAMS / "event.yaml"
    head, stages = event.read_text(encoding="utf-8").split("\nstages:\n")
    lines, entry = [], ""
    for line in head.splitlines():
        if match := re.match(r"  - id: (\S+)$", line):
            entry = match.group(1)
        elif line.startswith("    name: "):
            line = f"    name: {entry}"
        elif line.startswith("    group: ") and not groups:
            continue
        lines.append(line)
    event.write_text("\n".join(lines) + "\nstages:\n" + stages, encoding="utf-8")
    return content


def test_a_team_named_as_its_id_is_named_once_on_the_standings(tmp_path: Path) -> None:
    content = teams_named_as_ids(tmp_path, groups=True)
    site, results, _ = validate(content)
    standings = next(b for b in bulletins_for(results[0], "en") if b.name == "standings-teams")
    row = next(r for r in standings.rows if r[1] == "T01")
    assert row[2] == "许长江 / 王桂兰 / 陈立新 / 张国庆"  # not "T01 (许长江 / …)" beside T01
    out = tmp_path / "output"
    render_site(site, results, {}, OutputTree(out))
    page = (out / "events" / TEAMS / "index.html").read_text(encoding="utf-8")
    assert '<span class="team">T01</span>' not in page and ">T01</a>" in page
    entry = (out / "events" / TEAMS / "entries/T01/index.html").read_text(encoding="utf-8")
    assert "<h1>T01 · 许长江 / 王桂兰 / 陈立新 / 张国庆</h1>" in entry


def test_the_group_column_is_left_out_where_no_entry_has_a_group(tmp_path: Path) -> None:
    for groups in (False, True):
        content = teams_named_as_ids(tmp_path / str(groups), groups=groups)
        site, results, _ = validate(content)
        for locale in ("en", "zh-Hans"):
            word = catalogues.text("group", locale)
            printed = [b for b in bulletins_for(results[0], locale) if b.name in ("standings-teams", "prizes")]
            assert len(printed) == 2
            for bulletin in printed:
                assert (word in bulletin.columns) is groups, (bulletin.name, locale)
                assert all(len(row) == len(bulletin.columns) for row in bulletin.rows)
        standings = next(b for b in bulletins_for(results[0], "en") if b.name == "standings-teams")
        # the figures stay right-aligned: rank, match points and net, wherever the columns went
        assert {standings.columns[i] for i in standings.numeric} == {"Rank", "Match points", "Net"}
        out = tmp_path / str(groups) / "output"
        render_site(site, results, {}, OutputTree(out))
        for page in ("index.html", "teams/index.html"):
            text = (out / "events" / TEAMS / page).read_text(encoding="utf-8")
            assert (f'<th role="columnheader" scope="col">{catalogues.text("group", "zh-Hans")}</th>' in text) is groups, page
            assert ('class="line meta-card"' in text) is groups, page


def test_a_latin_stage_name_is_spaced_from_a_latin_event_title_in_a_chinese_title(tmp_path: Path) -> None:
    """A Chinese title runs the event's name and the stage's together ({event}{stage}成绩排名),
    as Chinese words run on; Latin words meeting there are spaced: "Klubbkveld (MP) Swiss Teams",
    not "Klubbkveld (MP)Swiss Teams". Chinese names stay run on. (Not "Teams": the one stage
    named as `paibang new` names it is left out of titles, games.stage_in_titles.)"""
    content = demo_content(tmp_path, TEAMS)
    event = content / "events" / TEAMS / "event.yaml"
    text = event.read_text(encoding="utf-8")
    event.write_text(re.sub(r"(?m)^title: .*$", "title: Klubbkveld (MP)", text, count=1)
                     .replace("    name: 四人队式赛\n", "    name: Swiss Teams\n"), encoding="utf-8")
    _, results, _ = validate(content)
    printed = {b.name: b.title for b in bulletins_for(results[0], "zh-Hans")}
    assert printed["standings-teams"].startswith("Klubbkveld (MP) Swiss Teams最终排名")  # (the stage is played out)
    assert catalogues.text("standings_title", "zh-Hans", event="合肥职工运动会", stage="双人赛") == "合肥职工运动会双人赛成绩排名"
    assert catalogues.text("standings_title", "zh-Hans", event="Open 2024", stage="双人赛") == "Open 2024双人赛成绩排名"


def test_a_qualifiers_notice_names_its_rank_column_by_a_word_not_two_run_together(tmp_path: Path) -> None:
    """The qualifiers' notice headed its rank column with the stage's name and the word "rank"
    joined as written, not through a catalogue word: "初赛Rank" in English, "PrelimRank" for a
    stage named in English, where a Chinese title's {event}{stage} is spaced (catalogues.fill)."""
    content = demo_content(tmp_path, "dongke-bridge-2015")
    _, results, _ = validate(content)
    headed = {locale: next(b for b in bulletins_for(results[0], locale) if b.name == "qualifiers-prelim").columns
              for locale in ("en", "zh-Hans")}
    assert "初赛 rank" in headed["en"] and "初赛名次" in headed["zh-Hans"]
    event = content / "events/dongke-bridge-2015/event.yaml"
    event.write_text(event.read_text(encoding="utf-8").replace("    name: 初赛\n", "    name: Prelim\n"), encoding="utf-8")
    _, results, _ = validate(content)
    qualifiers = next(b for b in bulletins_for(results[0], "en") if b.name == "qualifiers-prelim")
    assert "Prelim rank" in qualifiers.columns, qualifiers.columns
    # its serial column and the entries' numbers were both "No." in English: two columns alike
    assert all(len(set(columns)) == len(columns) for columns in headed.values()), headed
