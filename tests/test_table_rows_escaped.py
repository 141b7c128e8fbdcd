"""The Da Guai Lu Zi and 80分 tables' sides, rows, points and travellers are written in Python
(render/rows_tables.py), no longer by the templates' autoescaping `{{ }}`: an entry's name, a
player's name, a referee and a note holding < & " are shown as text on every page that shows
them, never as markup."""

from __future__ import annotations

import re
from pathlib import Path

from generator.build import validate
from generator.render.html import render_site
from generator.render.output import OutputTree

from support import demo_content

DAGUAI, TEAMS, PAIRS = "chem-park-daguai-2016", "hefei-80fen-teams-2012", "hefei-80fen-pairs-2012"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def marked_content(tmp_path: Path) -> Path:
    """The three demo events with names, a referee and notes holding markup's characters."""
    content = demo_content(tmp_path, DAGUAI, TEAMS, PAIRS)
    events = content / "events"
    edit(events / DAGUAI / "event.yaml", "name: 赛科石化", 'name: "赛<b>&\\"科"')
    daguai_round = events / DAGUAI / "results/round-7.yaml"
    daguai_round.write_text(re.sub(r"referee: .*", 'referee: "A<u>&\\\\"x"', daguai_round.read_text(encoding="utf-8"),
                                   count=1), encoding="utf-8")
    edit(events / TEAMS / "event.yaml", "name: 供电公司队", 'name: "供电<s>&\\"队"')
    edit(events / TEAMS / "results/round-7.yaml", "- table: 1\n", '- table: 1\n    referee: "R<q>&\\"林"\n')
    edit(events / PAIRS / "event.yaml", "players: [许长江, 王桂兰]", 'players: ["许<i>长江", "王&桂\\"兰"]')
    pairs_round = events / PAIRS / "results/round-7.yaml"
    text = pairs_round.read_text(encoding="utf-8")
    board = re.search(r"\n      (\d+): (\d+)\n", text)
    pairs_round.write_text(text.replace(board[0], f"\n      {board[1]}: {{points: {board[2]}, penalty: "
                                        f'{{against: EW, points: 10, note: "q<em>&"}}}}\n', 1), encoding="utf-8")
    return content


def test_names_referees_and_notes_are_text_in_the_tables_written_in_python(tmp_path: Path) -> None:
    site, results, _ = validate(marked_content(tmp_path))
    out = tmp_path / "output"
    render_site(site, results, {}, OutputTree(out))
    events = out / "events"
    daguai = (events / DAGUAI / "swiss/round-7/index.html").read_text(encoding="utf-8")
    d01 = (events / DAGUAI / "entries/D01/index.html").read_text(encoding="utf-8")
    for page in (daguai, d01):  # a side's name, on its round's page and its own page
        assert '<span>赛&lt;b&gt;&amp;&#34;科 <span class="meta">' in page
        assert "<b>" not in page
    assert '<span class="referee">裁判：A&lt;u&gt;&amp;&#34;x</span></p>' in daguai and "<u>" not in daguai
    teams = (events / TEAMS / "teams/round-7/index.html").read_text(encoding="utf-8")
    assert "供电&lt;s&gt;&amp;&#34;队" in teams and "<s>" not in teams
    assert '<span class="referee">裁判：R&lt;q&gt;&amp;&#34;林</span></p>' in teams and "<q>" not in teams
    pairs = (events / PAIRS / "pairs/round-7/index.html").read_text(encoding="utf-8")
    assert "许&lt;i&gt;长江 / 王&amp;桂&#34;兰" in pairs and "<i>" not in pairs
    assert '<span class="meta">q&lt;em&gt;&amp;</span>' in pairs and "<em>" not in pairs  # a penalty's note
    boards = sorted((events / PAIRS / "pairs/boards").glob("*/index.html"))
    shown = [page.read_text(encoding="utf-8") for page in boards]
    assert any("许&lt;i&gt;长江 / 王&amp;桂&#34;兰</td>" in page for page in shown)  # a traveller's row
    assert not any("<i>" in page or "<em>" in page for page in shown)
