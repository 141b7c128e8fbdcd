"""Guandan's printed matter: a results sheet per round for the notice board (各轮成绩公示) and
the score sheets (记分表), one page per match (teams of four: per room)."""

from __future__ import annotations

from typing import Any

from generator.catalogues import in_sentence
from generator.content.model import Stage, Table
from generator.games import side_label, stage_in_titles
from generator.games.common.rooms import ROOMS, seats_in
from generator.games.guandan.rules import GuandanRecord, GuandanStage, level_name
from generator.games.guandan.views import MatchView


def bulletins(result: Any, t: Any, forms: bool | None = None) -> list[Any]:
    """A results sheet per round (各轮成绩公示): table, both teams, their levels, winner and why,
    for the notice board before the next round's draw is posted; and the score sheets (forms).
    `forms` False: the results sheets only; True: the score sheets only (Game.bulletins)."""
    from generator.printed import Bulletin

    event = result.event
    found = []
    for stage_result in result.stages:
        stage = stage_result.stage
        for round_result in stage_result.rounds if forms is not True else ():
            if getattr(round_result, "drawn_only", False):
                continue  # a draw with no result yet: the draw bulletin (对阵表) posts it
            if getattr(round_result, "partial", False):
                continue  # partly entered: shown on its round page only until every table is in
            number = round_result.number
            # A knockout round holding the final and the third-place play-off names each
            # table's match, as its draw notice did (the bracket's words, Bracket.named_tables).
            bracket = getattr(stage_result, "bracket", None)
            names = bracket.named_tables(number, t.locale) if bracket is not None else {}
            rows = []
            for score in round_result.tables:
                view: MatchView = score.view
                cells = [str(score.table.number)]
                if names:
                    cells.append(names.get(score.table.number, ""))
                for side in range(2):
                    if side < len(view.teams):
                        team = view.teams[side]
                        level = view.levels[side] or "—"
                        if view.kind == "rooms":  # both rooms' final levels, open / closed
                            level = " / ".join(room.view.levels[side] or "—" for room in view.rooms)
                        # named as the draw notice and the score sheets name it (its team name, then
                        # its players): a team looks for its name on the board, not its players'
                        cells += [side_label(event, team, t.locale), level]
                    else:
                        cells += ["", ""]
                why = view.why[len("gd_why_"):]
                # a win on the higher level needs no remark: the levels say it
                remark = "" if why == "higher" else t(f"gd_short_{why}", **view.why_params)
                penalties = [*view.penalties, *(p for room in view.rooms for p in room.view.penalties)]
                if penalties:
                    remark = t.joiner().join([*([remark] if remark else []), *(
                        # with its reason, as the match's page says it (gd_penalty)
                        t("gd_short_penalty", team=p.team, levels=p.levels,
                          reason=t("paren", text=p.reason) if p.reason else "") for p in penalties)])
                cells += [view.winner or "", remark]
                rows.append(cells)
            key = "gd_round_title" if stage.rounds > 1 else "gd_stage_results_title"
            # a knockout's round named as its page names it (第 3 轮（决赛、三四名决赛）): the notice
            # board's sheet said 第 3 轮 alone, and a member looked for the final
            called = in_sentence(bracket.round_called(number, t.locale) if bracket is not None else t("round_n", n=number))
            title = t(key, event=event.title, stage=stage.name, n=number, round=called) if stage_in_titles(event, stage) \
                else t(key + "_event", event=event.title, n=number, round=called)
            columns = [t("table"), *([t("ko_col_match")] if names else []), t("entry"), t("gd_level"), t("entry"),
                       t("gd_level"), t("winner"), t("remark")]
            name = f"round-{stage.id}-{number}" if stage.rounds > 1 else f"results-{stage.id}"
            options = stage.options if isinstance(stage.options, GuandanStage) else GuandanStage()
            text = t(("gd_round_text_knockout" if stage.format == "knockout" else "gd_round_text_draws")
                     if options.draws else "gd_round_text")
            # the two teams' cells: a line breaks between players, never inside a name (Bulletin.names)
            teams = {2, 4} if names else {1, 3}
            found.append(Bulletin(name, title, text, columns, rows, event.organizer or "",
                                  event.day_of(stage, number), numeric={0},
                                  words={1} if names else set(),  # the match's name, as the draw's
                                  names=teams))
        if forms is not False:
            found.extend(score_sheets(t, event, stage, stage_result, Bulletin))
    return found


SHEET_TEMPLATE = "sheets/guandan_scoresheet.html"
SHEET_DEAL_ROWS = 20  # a 60-minute round is 15–20 deals (seed 001); a long one goes on the back


def score_sheets(t: Any, event: Any, stage: Stage, stage_result: Any, bulletin: Any) -> list[Any]:
    """记分表, one per round, one page per match: the table, both teams with their players, the
    deal log to fill in deal by deal (who went out first, the gain, fouls, both levels after it),
    the final levels, the winner, and the signatures of both captains and the referee. Printed
    blank for a round drawn and not yet played (render/bulletins.py chooses the rounds); a
    round printed again once entered (`paibang print`) carries each table's results."""
    options: GuandanStage = stage.options if isinstance(stage.options, GuandanStage) else GuandanStage()
    found = []
    for round_result in stage_result.rounds:
        pages = [_sheet_page(t, event, stage, options, score.table, room, _entered(score.view, room))
                 for score in round_result.tables if len(score.table.sides) == 2
                 for room in (ROOMS if options.team_size == 4 else (None,))]
        if not pages:
            continue
        number = round_result.number
        bracket = getattr(stage_result, "bracket", None)

        def title(table: int | None = None) -> str:
            # a knockout's round named as the results sheet and the round's page name it; a
            # table's page by its own match (第 2 轮（三四名决赛）记分表), not the round's two
            called = in_sentence(bracket.round_called(number, t.locale, table) if bracket is not None
                                 else t("round_n", n=number))
            return t("gd_sheet_title", event=event.title, stage=stage.name, round=called) \
                if stage_in_titles(event, stage) else t("gd_sheet_title_event", event=event.title, round=called)

        if bracket is not None:
            for page in pages:
                page["title"] = title(int(page["table"]))
        found.append(bulletin(
            name=f"scoresheet-{stage.id}-round-{number}",
            title=title(),
            text="", columns=[], rows=[], organizer=event.organizer or "",
            date=event.day_of(stage, number), template=SHEET_TEMPLATE, pages=pages))
    return found


def _room_seats(t: Any, event: Any, teams: tuple[str, str], room: str) -> list[dict[str, str]]:
    """A teams-of-four room's sides: each team with the seats it takes in this room (the draw
    notice says the same: TableForm.seating), then its players, to tick the two who played here
    (which pair plays in which room is the team's to choose; the sheet records it)."""
    seats = []
    for team, label, seat in zip(teams, (t("gd_sheet_side_a"), t("gd_sheet_side_b")), seats_in(room)):
        entry = event.entries.get(team)
        # a team named as its id is named once ("T01", not "T01 T01"), as the other pages name it
        name = f"{team} {entry.name_beside_id}" if entry is not None and entry.name_beside_id else team
        seats.append({"label": t("gd_sheet_side_seat", side=label, seat=t(seat)), "names": name})
        players = [player.name for player in entry.players] if entry is not None else []
        seats.append({"label": t("gd_sheet_room_pair"), "names": " ".join(f"\u25a1{p}" for p in players)})
    return seats


SHEET_PENALTY_ROWS = 2  # rows for penalties (more when more are recorded)
SHEET_DEAL_ROWS_PENALTIES = 16  # deal rows on a sheet that has them; a long match goes on the back


def _entered(view: MatchView | None, room: str | None) -> MatchView | None:
    """The match (teams of four: the room) as its results are entered, for its sheet: None
    when nothing is entered yet (the sheet prints blank)."""
    if view is not None and room is not None:
        view = next((r.view for r in view.rooms if r.name == room), None)
    return view if view is not None and view.kind in ("log", "levels") else None


SHEET_PASSED = "\u25a0"  # the 过A box, filled for the team that passed A (the bundled fonts draw it)


def _deal_rows(t: Any, view: MatchView | None) -> list[list[str]]:
    """The deal log's rows as the sheet's cells (deal, in play, first out, gain, foul, both
    levels after, notes): the entered log, then numbered blank rows to fill, SHEET_DEAL_ROWS in
    all at least (a longer log takes as many as it has, and goes on the back)."""
    rows: list[list[str]] = []
    for row in view.rows if view is not None else ():
        notes = t.joiner().join(t(key, **params) for key, params in row.notes)
        if row.foul:  # a foul is no deal: its row has no number, its team in the foul column
            rows.append(["", "", "", "", row.team, *row.levels, notes])
        else:
            # the level alone, as the referee writes it (whose it is: the previous deal's first out)
            rows.append([str(row.number), row.in_play, row.team, f"+{row.gain}", "", *row.levels, notes])
    deals = view.deals if view is not None else 0
    blank = max(SHEET_DEAL_ROWS - len(rows), 0)
    rows += [[str(deals + n), "", "", "", "", "", "", ""] for n in range(1, blank + 1)]
    return rows


SHEET_TICK = "\u221a"  # the tick the draw box asks for (打√), as its words write it


def _equal_levels(view: MatchView | None, box: str) -> str:
    """The box for equal levels at time-up (`box`: what it asks), as the match was decided: who
    got there first (the deal log says, or the recorded `winner:`), the draw ticked (a stage
    with draws), or who won the extra deal (`tiebreak_deal:`, a knockout with draws). Blank when
    the levels were not equal, or nothing is entered. (The end time beside it stays blank: the
    results file has no key for it.)"""
    if view is None:
        return ""
    answers = {"first": ("gd_why_first", "gd_why_first_start", "gd_why_recorded"), "draw": ("gd_why_draw",),
               "tiebreak": ("gd_why_tiebreak",)}
    if view.why not in answers[box]:
        return ""
    return SHEET_TICK if box == "draw" else view.winner or ""


def _sheet_page(t: Any, event: Any, stage: Stage, options: GuandanStage, table: Table,
                room: str | None = None, view: MatchView | None = None) -> dict[str, Any]:
    """One match's page (teams of four: one room's); every value a string (the glyph check
    reads them all). Blank to fill in, but for what is entered (`view`: the match or room
    scored, `paibang print` of a played round, as the other games' sheets): its deal log, its
    final levels as recorded (before penalties, which have their own rows), the 过A box of the
    team that passed A, the winner; and the penalties recorded, in its penalty rows."""
    a, b = table.sides
    attempts = t("gd_sheet_attempts", n=options.a_attempts) if options.a_attempts else t("gd_sheet_no_attempts")
    record = table.record if isinstance(table.record, GuandanRecord) else None
    # the extra deal of a teams-of-four knockout is the match's (both rooms), not a room's
    match_tiebreak = record.tiebreak if record is not None else None
    if record is not None and room is not None:
        record = (record.rooms or {}).get(room)
    penalties = [[p.team, str(p.levels), p.reason] for p in (record.penalties if record is not None else [])]
    # A knockout match cannot end level: equal levels at time-up go to one extra deal at level 2.
    # In teams of four the match is the two rooms together: a room may end level (its net 0),
    # and the extra deal is played only when both rooms' net levels add up to 0. Each room's
    # sheet says so; the extra deal's box is printed once, on the closed room's sheet, so that
    # two sheets never carry two answers to one question (the closed room is the sheet the key
    # of both names, and the room whose end closes the match as the rooms' deals are passed on).
    knockout = stage.format == "knockout"
    rooms_tie = knockout and room is not None and options.draws
    # what the box for equal levels at time-up asks (gd_sheet_<box>), and is filled with
    box = ("tiebreak" if knockout and not rooms_tie else "draw") if options.draws else "first"
    page = {
        "table": str(table.number),
        "seats": [{"label": t("gd_sheet_side_a"), "names": side_label(event, a, t.locale)},
                  {"label": t("gd_sheet_side_b"), "names": side_label(event, b, t.locale)}] if room is None
        else _room_seats(t, event, (a, b), room),
        "referee": table.referee or "",
        "teams": [a, b],
        # the levels at time-up as the referee writes them: a penalty's raise is in its own rows
        "finals": [[team, ((view.before or view.levels)[side] if view is not None else ""),
                    SHEET_PASSED if view is not None and view.passed == team else "\u25a1"]
                   for side, team in enumerate((a, b))],
        "winner": (view.winner or "") if view is not None else "",
        "first": _equal_levels(view, box),
        "words": {
            "table": t("table"), "referee": t("referee"), "date": t("sheet_date"), "deal": t("gd_deal"),
            "in_play": t("gd_in_play"), "deal_winner": t("gd_deal_winner"), "gain": t("gd_gain"),
            "foul": t("gd_sheet_foul"), "level_after": t("gd_sheet_level_after"), "notes": t("gd_notes"),
            "final": t("gd_final"), "team": t("gd_sheet_team"), "level": t("gd_level"),
            "passed": t("gd_passed_tag"), "winner": t("gd_sheet_winner"),
            "first": t(f"gd_sheet_{box}"),
            "time": t("gd_sheet_time"), "penalties": t("gd_sheet_penalties"),
            "penalty_team": t("gd_sheet_penalty_team"), "penalty_levels": t("gd_sheet_penalty_levels"),
            "penalty_reason": t("gd_sheet_penalty_reason"),
        },
        "start": level_name(options.start_level),
        "rows": _deal_rows(t, view),
        "key": t(("gd_sheet_key_knockout_rooms" if rooms_tie else "gd_sheet_key_knockout" if knockout
                  else "gd_sheet_key_draws") if options.draws else "gd_sheet_key",
                 start=level_name(options.start_level), attempts=attempts),
        "signatures": [t("sheet_sign_captain", team=a), t("sheet_sign_captain", team=b),
                       t("sheet_sign_referee")],
    }
    if rooms_tie and room == ROOMS[-1]:
        page["words"]["tiebreak"] = t("gd_sheet_tiebreak_rooms")
        page["tiebreak"] = match_tiebreak or ""
    if room is not None:  # the number alone stays the table's, as the desk finds its pages (its QR)
        page["table_label"] = t("gd_sheet_room_table", table=table.number, room=t(f"{room}_room"))
    # Penalty rows on a sheet of another rule set, or with penalties recorded (the seed's form has none).
    if options.small_points or penalties:
        page["penalties"] = (penalties + [["", "", ""]] * SHEET_PENALTY_ROWS)[:max(SHEET_PENALTY_ROWS, len(penalties))]
        # room for them on the page (an entered log longer than that keeps its rows: on the back)
        page["rows"] = page["rows"][:max(SHEET_DEAL_ROWS_PENALTIES, len(view.rows) if view is not None else 0)]
    return page


