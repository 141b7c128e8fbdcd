"""80分's printed matter (generator/printed.py types, printed by render/pdf.py): each stage's
score sheets (记分表: the team event's a page a match, its teams, players, seats and signature
lines, board by board; the pairs event's travelling score sheets, 随牌记分单), the table of boards (牌套顺序号及打牌阶数) and the hand cards (牌型卡).
Filled in where results are recorded, blank where a round is drawn only.
"""

from __future__ import annotations

from typing import Any

from generator.content.model import Stage
from generator.games import GAMES, TableScore, match_page, stage_in_titles
from generator.games.common.figures import figure_text, two_places
from generator.games.common.rooms import ROOMS
from generator.games.common.withdrawn import withdrawn_tables
from generator.games.shengji.rules import RoomResult, ShengjiStage, options, room_sides
from generator.games.shengji.views import PairsRow, PairsView, TeamView
from generator.printed import Bulletin


def bulletins(result: Any, t: Any, forms: bool | None = None) -> list[Any]:
    """One score sheet per stage: the team event's a page a match (_team_page), the pairs
    event's travelling score sheets (随牌记分单), one block per board with every table that
    plays it. Filled in where results are recorded, blank
    where a round is drawn only, so the same sheet serves before and after play. The score
    sheets and hand cards are forms, the table of boards a reference sheet: `forms` False builds
    the table of boards only, True the forms only (Game.bulletins)."""
    event = result.event
    found = []
    for stage_result in result.stages:
        stage = stage_result.stage
        if not stage_result.rounds:
            continue
        stage_options = options(stage)
        made = dict(organizer=event.organizer or "", date=event.day_of(stage))
        # "…（四人队式赛）记分表" rather than "…（四人队式赛）记分表（四人队式赛）".
        named = "" if not stage_in_titles(event, stage) else t("paren", text=stage.name)
        sheet = forms is not False
        if sheet and stage_options.pairs:
            rows = _pairs_sheet_rows(t, stage, stage_result, stage_options)
            found.append(Bulletin(
                f"scoresheet-{stage.id}", t("sheet_pairs_title", event=event.title, stage=named),
                t("sj_sheet_pairs_text"),
                [t("board"), t("sj_sheet_seat_level"), t("round"), t("sj_table"), t("ns"), t("ew"),
                 t("sj_points"), f"{t('ns')} {t('mp')}", f"{t('ew')} {t('mp')}"],
                rows, numeric={0, 2, 3, 6, 7, 8}, **made))
        elif sheet:
            # A page per match, as the other games' score sheets (the desk puts each table's own
            # QR code on its page: desk/app.table_sheets); a bye has no sheet.
            pages = [_team_page(t, event, stage, stage_options, round_result, score)
                     for round_result in stage_result.rounds for score in round_result.tables
                     if isinstance(score.view, TeamView) and score.view.away is not None]
            found.append(Bulletin(
                f"scoresheet-{stage.id}", t("sheet_teams_title", event=event.title, stage=named),
                t("sj_sheet_team_text", single=stage_options.kitty.single, pair=stage_options.kitty.pair),
                [], [], template=TEAMS_SHEET, pages=pages, **made))
        # a round's hand cards are for the boards its tables play (round_forms hands the round
        # its boards: a team round's by pairing.match_boards, 17-24 in round 3 after 9-16; a
        # pairs round's by its movement, 1-16 at 8 tables of 2), as its score sheets list them;
        # they were for 1..boards in every round
        played = tuple(sorted(
            {n for round_result in stage_result.rounds for boards in round_result.boards.values() for n in boards}))
        found.extend(_board_forms(t, event, stage, stage_options, named, made, forms, played))
    return found


def _board_forms(t: Any, event: Any, stage: Stage, options: ShengjiStage, named: str, made: dict,
                 forms: bool | None = None, played: tuple[int, ...] = ()) -> list[Any]:
    """The seed's table of boards (牌套顺序号及打牌阶数), to print and put with the board sets
    (not when `forms` is True), and the hand cards (牌型卡, a form: not when `forms` is False)
    on which each player copies his hand after the board: one for each of the boards `played`
    (the round's), else of 1..boards."""
    boards = range(1, (stage.boards or options.board_table.period) + 1)
    found = []
    if forms is not True:
        table_rows = [[str(n), t(f"seat_{options.board_table.declarer(n)}"), options.board_table.level(n)]
                      for n in boards]
        found.append(Bulletin(f"boardtable-{stage.id}", t("sj_boardtable_title", event=event.title, stage=named),
                              t("sj_boardtable_text"), [t("board"), t("sj_card_declarer"), t("sj_card_level")],
                              table_rows, numeric={0}, **made))
    if forms is False:
        return found
    cards = [
        {"board": str(n), "declarer": t(f"seat_{options.board_table.declarer(n)}"),
         "level": options.board_table.level(n),
         "seat_names": [t(f"seat_{seat}") for seat in ("N", "E", "S", "W")],
         "suits": [t("sj_card_trumps"), t("sj_card_spades"), t("sj_card_hearts"), t("sj_card_diamonds"),
                   t("sj_card_clubs")],
         "words": {"board": t("board"), "declarer": t("sj_card_declarer"), "level": t("sj_card_level"),
                   "seat": t("sj_card_seat"), "table": t("table"), "round": t("round")}}
        for n in played or boards
    ]
    found.append(Bulletin(f"handcards-{stage.id}", t("sj_handcard_title", event=event.title, stage=named), "", [],
                          [], template="sheets/shengji_handcard.html", pages=cards, **made))
    return found


def _seat_level(t: Any, options: ShengjiStage, board: int) -> str:
    seat, level = options.board_table.row(board)
    return t("sj_sheet_board", seat=t(f"seat_{seat}"), level=level)


TEAMS_SHEET = "sheets/shengji_scoresheet.html"


def _team_page(t: Any, event: Any, stage: Stage, options: ShengjiStage, round_result: Any,
               score: TableScore) -> dict[str, Any]:
    """One match's page of the team score sheet (记分表), every value a string: its teams and
    players, where each sits in each room (as the draw seats them: home NS in the open room, EW
    in the closed room), each board with its declarer and level and the team defending it in
    each room, both rooms' defenders' points, home's net and the match points where written,
    blank (to fill in at the table) where not; the totals and the signature lines."""
    view: TeamView = score.view
    home, away = view.home, view.away or ""
    words = {"table": t("table"), "referee": t("referee"), "date": t("sheet_date"), "board": t("board"),
             "seat_level": t("sj_sheet_seat_level"), "open": t("open_room"), "closed": t("closed_room"),
             "defending": t("sj_sheet_defending"), "points": t("sj_points"), "net": t("sj_net_home"),
             "mp": t("sj_sheet_mp"), "remarks": t("sj_sheet_remarks")}
    page: dict[str, Any] = match_page(event, score, t, words) | {
        "seating": t("room_seats_ns", a=home, b=away),
        "note": "",
        "remarks": "",
        "key": t("sj_sheet_team_text", single=options.kitty.single, pair=options.kitty.pair),
        "boards": [],
        "summary": [],
        "signatures": [t("sheet_sign_captain", team=home), t("sheet_sign_captain", team=away),
                       t("sheet_sign_referee")],
    }
    if view.kind == "forfeit":
        page["note"] = t("forfeit") + t("colon") + str(view.forfeit)
        return page
    teams = {"home": home, "away": away}
    written: dict[int, tuple[RoomResult | None, RoomResult | None]] = {
        row.board: (row.open.result, row.closed.result) for row in view.rows}
    for waiting in view.waiting:  # a match waiting for a room (one_room): what each room has
        written[waiting.board] = (waiting.open, waiting.closed)
    rows = {row.board: row for row in view.rows}
    # The match-point figures all to two places where one has them (a conversion of halves:
    # "1.50 : 0.00" beside "2.00 : 0.00", not "1.50 : 0" beside "2 : 0"), boards and totals
    # together, as the pairs sheet says its matchpoints (figures.two_places).
    played = view.kind == "played"
    totals = [view.match_points[home], view.match_points[away]] if played else []
    two = two_places([row.home_mp for row in view.rows], [row.away_mp for row in view.rows], totals)

    def mp(h: float, a: float) -> str:
        return f"{figure_text(h, two)} : {figure_text(a, two)}"

    numbers = round_result.boards.get(score.table.number) or \
        range(1, (stage.boards or GAMES[event.game].default_boards) + 1)
    for number in sorted(set(numbers) | set(written)):
        defending = options.board_table.defending(number)
        line = {"number": str(number), "seat_level": _seat_level(t, options, number), "net": "", "mp": ""}
        for room, result in zip(ROOMS, written.get(number, (None, None))):
            line[f"{room}_defending"] = teams[room_sides(room)[defending]]
            line[f"{room}_points"] = _room_cell(t, result) if result is not None else ""
        row = rows.get(number)
        if row is not None:
            line |= {"net": f"{row.net:+d}" if row.net else "0", "mp": mp(row.home_mp, row.away_mp)}
        page["boards"].append(line)
    page["remarks"] = _remarks(t, score.table.record, written)
    page["summary"] = [{
        "label": t("total"),
        "net": (f"{view.net[home]:+d}" if view.net[home] else "0") if played else "",
        "mp": mp(view.match_points[home], view.match_points[away]) if played else ""}]
    return page


def _remarks(t: Any, record: Any, written: dict[int, tuple[RoomResult | None, RoomResult | None]]) -> str:
    """The sheet's 罚分/备注 line as written: each board's penalties (its room's cell shows them
    too, beside the points) and notes, the board's own and each room's; "" leaves the line blank
    for the referee to write on (the rules' penalties, 第六条, are the referee's)."""
    notes = {board.board: board.note for board in getattr(record, "boards", ()) if getattr(board, "note", None)}
    said = []
    for number in sorted(set(written) | set(notes)):
        parts = [notes[number]] if number in notes else []
        for room, result in zip(ROOMS, written.get(number, (None, None))):
            if result is None:
                continue
            items = [t("sj_penalty_text", side=t(p.against.lower()), points=p.points) for p in result.penalties]
            items += [result.note] if result.note else []
            if items:
                parts.append(t(f"{room}_room") + t("colon") + t.joiner().join(items))
        if parts:
            said.append(t("board_title", n=number) + " " + t.joiner().join(parts))
    return t("clause_separator").join(said)


def _pairs_sheet_rows(t: Any, stage: Stage, stage_result: Any, options: ShengjiStage) -> list[list[str]]:
    """The travelling score sheets' lines, a block a board: each table's result, and a blank
    line, its pairs filled in, for each board a table of the printed round is to play and has no
    result of (RoundResult.boards), as bridge's. A round its movement seats prints real
    travellers (StageResult.travelling): the round's boards only, a line for every round and
    table the movement plays each at. A drawn round's sheet had no line at all (only results
    made lines), its boards left to write in by hand."""
    # (round, table) -> the table's score and row, its pairs
    by_board: dict[int, dict[tuple[int, int], tuple[TableScore | None, PairsRow | None, str, str]]] = {}
    for round_result in stage_result.rounds:
        for score in round_result.tables:
            view = score.view
            if not isinstance(view, PairsView) or view.ns is None or view.ew is None:
                continue
            for row in view.rows:
                by_board.setdefault(row.board, {})[(round_result.number, score.table.number)] = \
                    (score, row, view.ns, view.ew)
    travelling = getattr(stage_result, "travelling", None)
    # (round, table) -> the pairs withdrawn from a table the movement seats: its line says the
    # table is not played, and who left, where it was left blank to fill in, under the round's
    # draw notice saying so
    left = withdrawn_tables(stage_result, stage.id) if travelling else {}
    if travelling:
        by_board = {board: {(number, table): by_board.get(board, {}).get((number, table), (None, None, ns, ew))
                            for number, table, ns, ew in seats}
                    for board, seats in travelling.items()}
    for round_result in [] if travelling else stage_result.rounds:
        to_play = round_result.boards  # the movement's or the file's (RoundResult.boards)
        for score in round_result.tables:
            view = score.view
            if (not to_play.get(score.table.number) or not isinstance(view, PairsView) or view.forfeit is not None
                    or len(score.table.sides) != 2 or score.table.number in round_result.unplayed):
                continue
            ns, ew = view.ns or score.table.sides[0], view.ew or score.table.sides[-1]
            for number in to_play[score.table.number]:
                by_board.setdefault(number, {}).setdefault((round_result.number, score.table.number),
                                                           (None, None, ns, ew))
    # The matchpoint columns' figures all to two places where one has them ("7.20" beside "7.00",
    # not "0"), as the traveller pages show them (figures.two_places): one kind of figure, said
    # one way. Over the sheet's NS and EW columns together, as the pages decide for theirs.
    counted = [row for lines in by_board.values() for _, row, _, _ in lines.values() if row is not None and row.counted]
    two = two_places((row.ns_mp for row in counted), (row.ew_mp for row in counted))
    rows: list[list[str]] = []
    for board in sorted(by_board):
        for index, ((number, table), (_, row, ns, ew)) in enumerate(sorted(by_board[board].items())):
            cells = [str(board) if index == 0 else "", _seat_level(t, options, board) if index == 0 else "",
                     str(number), str(table), ns, ew]
            if row is None and (number, table) in left:
                cells += [t("sj_sheet_withdrawn", id=t.series(left[(number, table)])), "", ""]
            elif row is None or not row.counted:
                cells += [t("board_not_played") if row is not None else "", "", ""]
            elif row.result.adjusted is not None:
                # as the round page and the traveller page say it ("调整分 南北违例"): a bare
                # "调整分" did not say whose fault it was
                cells += [adjusted_text(t, row.result), figure_text(row.ns_mp, two), figure_text(row.ew_mp, two)]
            else:
                cells += [str(row.score), figure_text(row.ns_mp, two), figure_text(row.ew_mp, two)]
            rows.append(cells)
    return rows


def adjusted_text(t: Any, result: RoomResult) -> str:
    """An adjusted board as the round page says it: "调整分 南北违例" (`adjusted: NS`), or the
    referee's percentages ("调整分：南北 40%，东西 60%")."""
    if result.offender:
        return f"{t('adjusted')} {t('sj_offender', side=t(result.offender.lower()))}"
    assert result.adjusted is not None
    return t("sj_adjusted_text", ns=_n(result.adjusted[0]), ew=_n(result.adjusted[1]))


def pairs_points_text(t: Any, row: PairsRow) -> str:
    """A pairs board's result as its round page says it, on one line: the defenders' points
    (their parts, 光头), each penalty and the score after it; not played; adjusted."""
    result = row.result
    if result.not_played:
        return t("board_not_played")
    if result.adjusted is not None:
        return adjusted_text(t, result)
    parts = [str(result.points)]
    if result.breakdown:
        parts[0] += t("paren", text=f"{t('sj_kitty')} {result.breakdown}")
    if result.shut_out:
        parts.append(t("sj_shut_out"))
    parts += [t("sj_penalty_text", side=t(p.against.lower()), points=p.points) for p in result.penalties]
    if result.penalties:
        parts.append(t("sj_after_penalty", score=row.score))
    return " · ".join(parts)


def _room_cell(t: Any, result: RoomResult) -> str:
    if result.not_played:
        return t("board_not_played")
    if result.points is None:
        return ""
    text = str(result.points)
    if result.breakdown:
        text += t("paren", text=result.breakdown)
    for penalty in result.penalties:
        text += f" · {t(penalty.against.lower())}{t('sj_penalty')} {penalty.points}"
    return text


def _n(value: float | None) -> str:
    if value is None:
        return ""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}"
