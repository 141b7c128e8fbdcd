"""A college bridge teams championship as a reviewer ran it (data/teams-championship): 10 teams,
a 4-round x 8-board Swiss scored in IMPs and VPs, then a knockout of the top 4 seeded from the
Swiss, `then: swiss` placing the others. What its pages, PDFs and results.json say of a
penalty, a match still waiting for a board, a tied knockout match decided by `winner:`, a tie
at the qualifying cut, and the figures that mean nothing where they are shown.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from generator.errors import ContentErrors

from generator.build import validate
from generator.cli import main
from tests.support import replace
from tests.test_hostile import pdf_text  # (the PDF's text, every whitespace removed)

DATA = Path(__file__).resolve().parent / "data/teams-championship"
SLUG = "champ-2026"


def championship(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    shutil.copytree(DATA, content)
    return content


def event_file(content: Path, name: str = "event.yaml") -> Path:
    return content / "events" / SLUG / name


def build(content: Path, out: Path) -> Path:
    assert main(["build", "--content", str(content), "--output", str(out), "--quiet"]) == 0
    return out / "events" / SLUG


# A score pair's colon as seen (a screen reader hears the hidden word in its place: test_spoken_figures)
SCORE_TO = re.compile(r'<span aria-hidden="true">:</span><span class="visually-hidden">[^<]*</span>')


def page(folder: Path, path: str) -> str:
    """The page's HTML, its score pairs as seen ("A10 0 : 1 A02")."""
    return SCORE_TO.sub(":", (folder / path / "index.html").read_text(encoding="utf-8"))


def standing(result, stage_id: str, entry: str):
    stage = next(s for s in result.stages if s.stage.id == stage_id)
    return next(s for s in stage.standings if s.entry.id == entry)


# --- a penalty in VPs ----------------------------------------------------------------------------------


PENALTIES = "adjustments: [{entry: A05, vp: -1, reason: 第2轮迟到15分钟}, {entry: A05, imps: -3, reason: 慢打}]"


@pytest.fixture(scope="module")
def penalised(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("penalised")
    content = championship(tmp_path)
    replace(event_file(content), "adjustments: [{entry: A05, imps: -3, reason: 第2轮迟到15分钟}]", PENALTIES)
    _, results, warnings = validate(content, strict=True)
    return content, results[0], build(content, tmp_path / "out")


def test_a_vp_penalty_is_taken_from_the_vp_total(penalised):
    _, result, _ = penalised
    a05 = standing(result, "swiss", "A05")
    own = [side.metrics for score in a05.tally.matches for side in score.sides if side.entry == "A05"]
    assert len(own) == 4  # (three matches and its bye)
    assert a05.tally.metrics["vp"] == pytest.approx(sum(m["vp"] for m in own) - 1)
    assert a05.tally.metrics["imps"] == sum(m["imps"] for m in own) - 3


def test_every_adjustment_is_said_with_its_reason_wherever_the_totals_are(penalised):
    _, _, folder = penalised
    said = ("罚 1 VP（第2轮迟到15分钟）", "罚 3 IMP（慢打）")
    for text in said:
        assert text in page(folder, "swiss")  # the standings' remark
        assert text in page(folder, "entries/A05")  # the entry's page, beside its matches
        assert "".join(text.split()) in pdf_text(folder / "bulletins/standings-swiss.pdf")  # (was 罚 IMP（慢打）)
    # the reasons beside the standings' 8 columns: the table keeps within the page's right margin
    # (18mm), as every word's right edge says (the bracketed reason kept on one line widened the
    # remarks to 584pt of the page's 595)
    boxes = subprocess.run(["pdftotext", "-bbox", str(folder / "bulletins/standings-swiss.pdf"), "-"],
                           capture_output=True, check=True, text=True).stdout
    width = float(re.search(r'<page width="([\d.]+)"', boxes)[1])
    assert max(float(x) for x in re.findall(r'xMax="([\d.]+)"', boxes)) <= width - 18 / 25.4 * 72
    row = next(s for s in json.loads((folder / "results.json").read_text(encoding="utf-8"))["stages"][0]["standings"]
               if s["entry"] == "A05")
    assert row["adjustments"] == [{"metric": "vp", "value": -1, "reason": "第2轮迟到15分钟"},
                                  {"metric": "imps", "value": -3, "reason": "慢打"}]
    other = next(s for s in json.loads((folder / "results.json").read_text(encoding="utf-8"))["stages"][0]["standings"]
                 if s["entry"] == "A01")
    assert "adjustments" not in other


def test_a_percentage_adjustment_in_a_teams_stage_is_refused_with_what_it_takes(tmp_path, capsys):
    content = championship(tmp_path)
    replace(event_file(content), "{entry: A05, imps: -3,", "{entry: A05, percent: -3,")
    assert main(["check", "--content", str(content)]) != 0
    err = capsys.readouterr().err
    assert "vp, imps" in err and "event.yaml" in err


# --- a match with a board still to come ----------------------------------------------------------------


def test_a_match_missing_a_board_has_no_vps_nor_winner_and_says_it_waits(tmp_path):
    content = championship(tmp_path)
    replace(event_file(content, "results/round-2.yaml"), "      12: A=           # 时间到未打：双方均无过失\n", "")
    folder = build(content, tmp_path / "out")
    table = json.loads((folder / "results.json").read_text(encoding="utf-8"))["stages"][0]["rounds"][1]["tables"][1]
    assert table["sides"] == ["A10", "A02"] and table["pending"] is True
    assert table["winner"] is None and "vp" not in table  # (its IMPs so far are kept: 0 : 1)
    round_page = page(folder, "swiss/round-2")
    match = round_page[round_page.index("A10 0 : 1 A02"):]
    match = match[:match.index("</table>")]  # its result line and its boards, to their total
    assert "还有 1 副未录入" in match
    assert not re.search(r"胜利分 \d", match) and "获胜方" not in match


# --- a tied knockout match decided by the referee ------------------------------------------------------


@pytest.fixture(scope="module")
def as_run(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("as-run")
    return build(championship(tmp_path), tmp_path / "out")


def test_a_tied_knockout_match_decided_by_winner_has_that_winner_everywhere(as_run):
    folder = as_run
    # the semi-final A08 - A04, 0 : 0 IMPs, `winner: A04` on the table (the referee's extra boards)
    ko = json.loads((folder / "results.json").read_text(encoding="utf-8"))["stages"][1]
    table = ko["rounds"][0]["tables"][0]
    assert table["sides"] == ["A08", "A04"] and table["margin"] == {"A08": 0, "A04": 0}
    assert table["winner"] == "A04" and table["settled_by"] == "winner"
    assert ko["bracket"]["matches"][0]["winner"] == "A04"
    for path in ("ko/round-1", "entries/A04", "entries/A08"):
        text = page(folder, path)
        semi = text[text.index("A08 0 : 0 A04"):]
        semi = semi[:semi.index("</p>")]
        assert "获胜方：A04（打平，由裁判判定）" in semi and "平局" not in semi, path


# --- a tie at the qualifying cut ------------------------------------------------------------------------
# A04 and A09 end the Swiss equal on VPs (42.05) and IMPs (+5), 4th, with 4 places in the knockout.


def tied_at_the_cut(tmp_path: Path, rank_by: str, drawn: bool) -> Path:
    content = championship(tmp_path)
    replace(event_file(content), "rank_by: [vp, imps, head_to_head, lot]", f"rank_by: {rank_by}")
    if not drawn:  # the moment the Swiss's last table is saved: the knockout not drawn yet
        for name in ("ko-round-1.yaml", "ko-round-2.yaml"):
            event_file(content, f"results/{name}").unlink()
    return content


def test_a_tie_at_the_cut_rank_by_cannot_break_holds_the_knockout_and_the_site_builds(tmp_path):
    content = tied_at_the_cut(tmp_path, "[vp, imps]", drawn=False)
    _, results, warnings = validate(content)
    tie = next(w for w in warnings if w.code == "qualify-tie-knockout")
    assert tie.params["ids"] == ["A04", "A09"] and tie.params["places"] == 4
    assert "lots: [A04, A09]" in tie.hint("zh-Hans")
    swiss, ko = results[0].stage_of("swiss"), results[0].stage_of("ko")
    assert [e.id for e in swiss.qualifiers] == ["A08", "A02", "A06"]  # the tied ones wait
    assert ko.bracket.seeds == [] and not ko.rounds
    folder = build(content, tmp_path / "out")  # the site builds (it stopped on knockout-rounds)
    standings = page(folder, "swiss")
    for tied in ("A04", "A09"):
        row = standings[standings.index(f'id="entry-{tied}"'):]
        assert "晋级" not in row[:row.index("</tr>")]
    assert "未开始" in page(folder, "ko")
    assert "A04、A09 在晋级名额处并列：淘汰赛等并列分出先后再编排" in standings
    # no notice posting three teams as the knockout's: who goes on is not known yet
    assert not (folder / "bulletins/qualifiers-swiss.pdf").exists()


def test_pair_says_the_tie_at_the_cut_holds_the_knockout_not_that_results_are_missing(tmp_path, capsys):
    content = tied_at_the_cut(tmp_path, "[vp, imps]", drawn=False)
    assert main(["pair", SLUG, "ko", "--content", str(content), "--dry-run"]) == 1
    refusal = capsys.readouterr().err.split("paibang: ", 1)[1]
    assert "阶段 swiss 的结果已全部录入，但第 4 名并列（A04、A09），而淘汰赛只有 4 个名额" in refusal
    assert "lots: [A04, A09]" in refusal and "rank_by 末尾加 lot" in refusal
    assert "参赛队还不确定" not in refusal and "先录入" not in refusal


def test_the_tie_broken_by_lot_draws_the_knockout_of_four(tmp_path):
    content = tied_at_the_cut(tmp_path, "[vp, imps, lot]", drawn=False)
    _, results, warnings = validate(content)
    assert "qualify-tie-knockout" not in {w.code for w in warnings}
    assert len(results[0].stage_of("swiss").qualifiers) == 4


def test_a_knockout_drawn_before_the_tie_keeps_its_draw(tmp_path):
    # the semi-finals were drawn with A04 4th; a correction then ties A09 with it: the draw stands
    content = tied_at_the_cut(tmp_path, "[vp, imps]", drawn=True)
    _, results, warnings = validate(content)
    assert not {"qualify-tie-knockout", "knockout-rounds"} & {w.code for w in warnings}
    assert [e.id for e in results[0].stage_of("swiss").qualifiers] == ["A08", "A02", "A06", "A04"]
    assert results[0].stage_of("ko").bracket.seeds == ["A08", "A02", "A06", "A04"]
    # settled by the draw, and said so: a warning naming the tie, a remark on the stage page
    tie = next(w for w in warnings if w.code == "qualify-tie-drawn")
    assert tie.params["ids"] == ["A04", "A09"] and tie.params["kept"] == ["A04"] and tie.params["left"] == ["A09"]
    assert "lots: [A04, A09]" in tie.hint("zh-Hans")
    standings = page(build(content, tmp_path / "out"), "swiss")
    assert "A04、A09 在晋级名额处并列：淘汰赛已按此前的编排进行，A04 晋级，A09 未晋级。" in standings


def test_a_draw_that_kept_none_of_the_tied_teams_names_the_ties_own_place(tmp_path):
    """The warning read the place from the qualifiers left after the draw settled the tie: "a
    tie at place 3", the kept list empty (and with every qualifier tied, none drawn, an
    IndexError). The place is the tie's, 4th."""
    content = tied_at_the_cut(tmp_path, "[vp, imps]", drawn=True)
    for name in ("ko-round-1.yaml", "ko-round-2.yaml"):
        path = event_file(content, f"results/{name}")
        path.write_text(path.read_text(encoding="utf-8").replace("A04", "A10"), encoding="utf-8")
    with pytest.raises(ContentErrors) as failure:  # (A10 drawn though it did not qualify: errors of its own)
        validate(content)
    tie = next(w for w in failure.value.problems if w.code == "qualify-tie-drawn")
    assert tie.params["count"] == 4 and tie.params["left"] == ["A04", "A09"]
    assert tie.message("zh-Hans").startswith("阶段 swiss 第 4 名并列（A04、A09），而淘汰赛 ko 已经编排：按已编排的对阵 并列者无一 晋级")


# --- figures that mean nothing where they were shown ------------------------------------------------------


def test_head_to_head_is_shown_only_where_it_decides(as_run):
    folder = as_run
    standings = page(folder, "swiss")

    def cell(entry: str) -> str:
        row = standings[standings.index(f'id="entry-{entry}"'):]
        return re.search(r'data-label="相互间成绩">([^<]*)</td>', row[:row.index("</tr>")]).group(1)

    # A04 and A09 equal on VPs and IMPs: A04 beat A09; every other team is equal with nobody
    assert (cell("A04"), cell("A09")) == ("2", "0")
    assert cell("A08") == cell("A10") == ""
    printed = subprocess.run(["pdftotext", "-layout", str(folder / "bulletins/standings-swiss.pdf"), "-"],
                             capture_output=True, check=True).stdout.decode()
    a08 = next(line for line in printed.splitlines() if " A08 " in line)
    assert a08.split()[-2:] == ["62", "晋级"]  # its IMPs, then the remark: no 0 between them


def test_a_knockout_match_shows_imps_and_no_victory_points(as_run):
    folder = as_run
    entry = page(folder, "entries/A04")
    knockout = entry[entry.index('id="stage-ko"'):]
    summary = knockout[:knockout.index("</table>")]
    assert "胜利分" not in summary and "累计" not in summary and ">IMP<" in summary
    semi = knockout[knockout.index("A08 0 : 0 A04"):]
    assert "胜利分" not in semi[:semi.index("</table>")]
    assert '<span lang="en">IMP</span> 多的一方胜' in semi
    swiss = entry[entry.index('id="stage-swiss"'):entry.index('id="stage-ko"')]
    assert "累计胜利分（VP）" in swiss and "胜利分 9.56 : 10.44" in swiss  # a Swiss's, as before


def test_the_knockout_standings_show_the_round_reached_not_victory_points(as_run):
    # a teams knockout ranks by its bracket; its default rank_by (vp) decides none of its matches
    ko = page(as_run, "ko")
    table = ko[ko.index('<table class="standings'):]
    table = table[:table.index("</table>")]
    assert "胜利分" not in table and "所达轮次" in table
    row = table[table.index('id="entry-A06"'):]
    assert '<td role="cell" data-label="所达轮次">决赛</td>' in row[:row.index("</tr>")]
    printed = subprocess.run(["pdftotext", "-layout", str(as_run / "bulletins/standings-ko.pdf"), "-"],
                             capture_output=True, check=True).stdout.decode()
    assert "胜利分" not in printed and "所达轮次" in printed
    a06 = next(line for line in printed.splitlines() if " A06 " in line)
    assert a06.split()[-2:] == ["决赛", "亚军"]  # the round reached, then the remark


def test_the_stages_imp_explanation_is_the_teams_one(as_run):
    rules = page(as_run, "swiss")
    rules = rules[rules.index('id="ranking-rule"'):]
    assert "开室南北分减闭室南北分" in rules and "Butler" not in rules and "交叉" not in rules
