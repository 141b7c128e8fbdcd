"""大怪路子's printed matter (generator/printed.py types, printed by render/pdf.py): each round's
score sheets (记分单), one page a match with both rooms, the totals, the violations and the
signature lines (记分后须经对方核签). Filled in from the results file when the boards are
recorded; blank cells to fill by hand when the round's file has the draw only.
"""

from __future__ import annotations

from typing import Any

from generator.catalogues import in_sentence
from generator.content.model import Stage
from generator.games import GAMES, TableScore, match_page, stage_in_titles
from generator.games.common.rooms import ROOMS
from generator.games.daguai import words
from generator.games.daguai.rules import SEATS, WIN, CountedViolation, options
from generator.games.daguai.views import MatchView
from generator.printed import Bulletin

# The form, one page per match; it ships under templates/sheets/, as the other games' do.
SHEET_TEMPLATE = "sheets/daguai_scoresheet.html"


def bulletins(result: Any, translator: Any, forms: bool | None = None) -> list[Any]:
    """One score-sheet bulletin (记分单) per round: each match's boards in both rooms, totals,
    violations and signature lines (记分后须经对方核签).

    Filled in from the results file when the boards are recorded; blank cells (to fill by hand)
    when the round's file has the draw only. Forms all: none built when `forms` is False
    (Game.bulletins).
    """
    if forms is False:
        return []
    t = translator
    event = result.event
    found = []
    for stage_result in result.stages:
        stage = stage_result.stage
        meaning = t.pick(words.meaning(options(stage).board_points))
        bracket = getattr(stage_result, "bracket", None)
        for round_result in stage_result.rounds:
            number = round_result.number
            name = f"scoresheet-{stage.id}-round-{number}"

            def title(table: int | None = None) -> str:
                # a knockout's round named as its page names it (第 2 轮（决赛、三四名决赛）), a
                # table's page by its own match (第 2 轮（三四名决赛）记分单), as Guandan's sheets
                called = in_sentence(bracket.round_called(number, t.locale, table) if bracket is not None
                                     else t("round_n", n=number))
                return t("dg_sheet_title", event=event.title, stage=stage.name, round=called) \
                    if stage_in_titles(event, stage) else t("dg_sheet_title_event", event=event.title, round=called)

            pages = [_sheet_page(t, event, stage, score, meaning, round_result.boards.get(score.table.number, ()))
                     for score in round_result.tables if len(score.table.sides) == 2]
            if bracket is not None:
                for page in pages:
                    page["title"] = title(int(page["table"]))
            found.append(Bulletin(name=name, title=title(), text="", columns=[], rows=[],
                                  organizer=event.organizer or "", date=event.day_of(stage, round_result.number),
                                  template=SHEET_TEMPLATE, pages=pages))
    return found


def _sheet_page(t: Any, event: Any, stage: Stage, score: TableScore, meaning: str,
                to_play: tuple[int, ...] = ()) -> dict[str, Any]:
    """One match's page of the score-sheet form: every value a string, blank where unrecorded.
    Its boards: those the match is to play (`to_play`, as the desk's form offers them:
    pairing.match_boards, RoundResult.boards), else 1..the stage's boards (the game's default unsaid),
    with any board written beyond them."""
    view: MatchView = score.view
    home, away = view.home, view.away or ""
    seats = lambda room, side: "·".join(map(str, SEATS[room][side]))  # noqa: E731
    words = {key: t(key) for key in ("table", "referee", "board")}
    words |= {
        "date": t("sheet_date"), "open": t("open_room"), "closed": t("closed_room"), "ran_first": t("dg_ran_first"),
        "board_sum": t("dg_board_sum"), "violations": t("dg_violations"), "home": home, "away": away,
    }
    page: dict[str, Any] = match_page(event, score, t, words) | {
        "note": "",
        "heads": {f"{room}_{side}": f"{team} {seats(room, index)}"
                  for room in ROOMS for index, (side, team) in enumerate((("home", home), ("away", away)))},
        "seating": t("clause_separator").join(
            f"{t(room + '_room')}{t('colon')}{t('dg_seats', team=home, seats=seats(room, 0))}{t('dg_comma')}"
            f"{t('dg_seats', team=away, seats=seats(room, 1))}"
            for room in ROOMS),
        "boards": [],
        "summary": [],
        "violations": "",
        "key": t("dg_sheet_key", meaning=meaning),
        "rule": t("dg_sheet_rule"),
        "signatures": [t("dg_sign_home"), t("dg_sign_away"), t("sheet_sign_referee")],
    }
    if view.kind == "forfeit":
        winner = view.away if view.forfeit == view.home else view.home
        mp = view.credit.match_points if view.credit else WIN
        page["note"] = t("dg_forfeit_text", loser=view.forfeit, winner=winner, mp=mp)
        return page
    rows = {row.board: row for row in view.rows}
    for number in sorted(set(to_play or range(1, (stage.boards or GAMES[event.game].default_boards) + 1)) | set(rows)):
        row = rows.get(number)
        cells = {"number": str(number)}
        if row is not None and row.not_played:
            # a board the match did not play (np): said in the open room's column, the rest empty
            page["boards"].append(cells | {f"{room}_{part}": "" for room in ROOMS for part in ("first", "home", "away")}
                                  | {"open_first": t("board_not_played"), "home": "", "away": ""})
            continue
        for room in ROOMS:
            room_view = getattr(row, room) if row else None
            cells[f"{room}_first"] = room_view.first if room_view else ""
            cells[f"{room}_home"] = str(room_view.home) if room_view else ""
            cells[f"{room}_away"] = str(room_view.away) if room_view else ""
        cells["home"] = str(row.home) if row else ""
        cells["away"] = str(row.away) if row else ""
        page["boards"].append(cells)
    result = view.result
    labels = ("dg_points", "dg_deductions", "dg_match_score", "dg_match_points")
    if result is None:
        page["summary"] = [{"label": t(key), "home": "", "away": "", "open_home": "", "open_away": "",
                            "closed_home": "", "closed_away": ""} for key in labels]
        return page
    values = (
        (result.points[home], result.points[away]),
        (_minus(result.deductions[home]), _minus(result.deductions[away])),
        (result.scores[home], result.scores[away]),
        # a match waiting for boards still to come (view.to_come) has no match points yet
        ("", "") if view.to_come else (result.match_points[home], result.match_points[away]),
    )
    for index, (key, (h, a)) in enumerate(zip(labels, values)):
        line = {"label": t(key), "home": str(h), "away": str(a),
                "open_home": "", "open_away": "", "closed_home": "", "closed_away": ""}
        if index == 0:
            line |= {"open_home": str(view.room_total("open", 0)), "open_away": str(view.room_total("open", 1)),
                     "closed_home": str(view.room_total("closed", 0)),
                     "closed_away": str(view.room_total("closed", 1))}
        page["summary"].append(line)
    # joined in the locale's words ("; " in English): the template joined them with "；"
    page["violations"] = t("clause_separator").join(_violation_text(t, v) for v in result.violations)
    return page


def _minus(n: int) -> str:
    return f"-{n}" if n else "0"


def _violation_text(t: Any, violation: CountedViolation) -> str:
    """"D07 累计第 2 次犯规（第 2 副，自报牌数）：扣 1 分"."""
    penalty = t("dg_violation_deduct", n=violation.deduction) if violation.deduction else t("dg_violation_warning")
    details = [t("dg_violation_board", n=violation.board)] if violation.board else []
    details += [violation.note] if violation.note else []
    where = t("paren", text=t.joiner().join(details)) if details else ""
    return f"{t('dg_violation_nth', team=violation.entry, n=violation.nth)}{where}{t('colon')}{penalty}"
