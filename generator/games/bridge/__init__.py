"""Contract bridge (桥牌), the game: its `RULES` for the tournament layer, the seed's total-points
format (pairs at a table adding their own column), and the forms printed before play.

The pure rules (board conditions, a contract's score, board records) are in scoring.py;
duplicate stages (pairs and teams, travellers) in duplicate.py; hand records in hands.py. The rules follow ../shared/spec/rules-bridge.md.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from generator.content.model import Stage, Table
from generator.content.reader import Reader, wrong_board_number
from generator.errors import Mark
from generator.games import EntryField, RowsWhenRead, Game, SideScore, TableForm, TableScore, scalar
from generator.games.bridge import duplicate  # the duplicate half: pairs, teams, travellers
from generator.games.bridge.scoring import (
    SCORING_METHODS,
    SEATS,
    VULNERABILITY_MODES,
    BoardRecord,
    BoardView,
    BridgeStage,
    RecordError,
    dealer,
    is_not_played,
    ns_score,
    parse_board,
    parse_weighted,
    result_text,
    typed_board,
    vulnerability,
    vulnerability_words,
    word,
)
from generator.games.common.boards import board_block, match_board_count
from generator.games.common.figures import Figures
from generator.games.common.rooms import ROOMS
from generator.games.common.shorthand import half_width, spelled



@dataclass(frozen=True)
class MatchView(Figures):
    rows: list[BoardView]
    ns_total: int
    ew_total: int
    layout = "total"  # which part of templates/games/bridge_table.html shows it
    cached = ("has_leads",)

    @cached_property
    def has_leads(self) -> bool:
        return any(r.lead for r in self.rows)

    def running(self, side: int) -> list[int]:
        """The side's own column summed board by board (side 0 NS, 1 EW)."""
        totals, total = [], 0
        for row in self.rows:
            total += row.ns if side == 0 else row.ew
            totals.append(total)
        return totals


def _warn_seats_unplayed(rounds: Any, problems: Any) -> None:
    """A total-points table decided by a forfeit with no board written: the pair that came scores
    nothing for that round's boards (a withdrawn pair's table left as drawn; a pair that did not
    come, its seat not played), while every other pair scores its own. Said, at the table, not
    mended with a score of paibang's making: the seed has substitutes play that seat (七.6
    若有玩家中途离场…由替补裁判代打, 十.1, 十.15 单组…由替补裁判代打), so the boards are played and
    the pair's own column counts, as at the demo's tables 12 and 17. An average or the Laws'
    artificial score has no measure in total points (Law 12C2's are matchpoints' and IMPs'; a
    pair's average over its other boards is none at a stage of one 8-board match, the seed's),
    and would rank the pair on boards it never played; the pairs and teams methods need no such
    mending (a pair sitting out is scored on the boards it played; a forfeit win earns `bye:`)."""
    for round_result in rounds:
        for score in round_result.tables:
            table = score.table
            if len(table.sides) != 2 or table.forfeit not in table.sides or score.view.rows or table.mark is None:
                continue
            present = next(side for side in table.sides if side != table.forfeit)
            problems.add("bridge-seat-unplayed", table.mark, warning=True, round=round_result.number,
                         table=table.number, id=present, gone=table.forfeit)


def _match_rows(rows: list[BoardView]) -> list[dict[str, Any]]:
    """A total-points table's results.json rows (RowsWhenRead)."""
    return [
        {"board": r.board, "ns": r.ns, "ew": r.ew, "contract": r.contract, "declarer": r.declarer or None,
         "result": r.result or None, "dealer": r.dealer, "vulnerability": r.vulnerability}
        for r in rows
    ]


class BridgeRules(Game):
    name = "bridge"
    position = 1
    id_prefix = "A"
    formats = ("matches", "pairs", "swiss", "round_robin")
    stage_keys = ("vulnerability", "scoring", "hands", "field", "bye", "adjusted", "adjusted_imps", "adjustments",
                  "boards_each_round")
    table_keys = ("ns", "ew", "home", "away", "boards")
    default_boards = duplicate.MATCH_BOARDS
    boards_compared = True
    boards_numbered_on = True
    # Its words and messages are in locales/ (paibang.po, messages.po), read by the base class
    # when first asked for: the title (br_title), choice, `new`'s example, the metrics' words.
    word_prefix = "br"
    # total, net, first_board (the seed's matches); percent, mp, imps, vp, top (duplicate stages:
    # pairs by matchpoints or IMPs, teams by VP).
    metric_names = ("total", "net", "first_board", "percent", "mp", "imps", "vp", "top")
    # Metric words 80分 or 大怪路子 shows too: the shared catalogue's metric_<word>, not br_metric_<word>.
    shared_metric_words = ("net", "percent", "mp", "top", "top_explain")
    first_only_metrics = ("first_board",)
    per_board_metrics = ("percent",)  # a matchpoint pair's percentage, over the boards it played

    stage_metrics = {
        "total": ("total", "net", "first_board"),
        "matchpoints": ("percent", "mp"),
        "imps": ("imps",),
        "butler": ("imps",),
        "teams": ("vp", "imps"),
    }

    @staticmethod
    def options(stage: Stage) -> BridgeStage:
        """The stage's bridge keys; a stage built without them gets the defaults of its format."""
        if isinstance(stage.options, BridgeStage):
            return stage.options
        scoring = duplicate.DEFAULT_SCORING.get(stage.format, "total")
        return BridgeStage(scoring=scoring, kind=duplicate.stage_kind(stage.format, scoring) or "total")

    def read_stage_options(self, reader: Reader, stage_format: str) -> BridgeStage:
        vul = reader.choice("vulnerability", VULNERABILITY_MODES, "standard") or "standard"
        # total for the seed's matches; matchpoints for a pairs field, IMPs for team matches.
        # A knockout reads as matches (content/knockout.py), so total too, though a bridge
        # knockout is most often a teams event: content-format.md fixes `scoring`'s default as
        # total (the seed's method) and names no other for a knockout, so a teams knockout says
        # `scoring: imps`. Its home/away tables without it get bridge-team-match-not-teams,
        # which says this default and that fix.
        default = duplicate.DEFAULT_SCORING.get(stage_format, "total")
        scoring = reader.choice("scoring", SCORING_METHODS, default) or default
        return BridgeStage(vul, scoring, **duplicate.read_duplicate_keys(reader, stage_format, scoring))

    def metric_explained(self, name: str, stage: Stage) -> dict[str, str]:
        """The percentage as the stage scores its adjusted scores: under `adjusted: session` (the
        default, Law 12C2 as club programs apply it: duplicate.session_adjusted) an A+ is the
        pair's own session percentage when above 60 %, so a 74.95 % pair given A+ shows 74.95 %;
        the page said A+ was 60 % of the top, which only `adjusted: fixed` does."""
        if name == "percent" and self.options(stage).adjusted == "session":
            return word("br_metric_percent_explain_session")
        if name == "imps":  # what this stage's IMPs are, not every way a stage may score them
            options = self.options(stage)
            if options.kind == "teams":
                return word("br_metric_imps_explain_teams")
            if options.kind == "pairs":
                return word("br_metric_imps_explain_butler" if options.scoring == "butler" else "br_metric_imps_explain_cross")
        return super().metric_explained(name, stage)

    def metrics_for(self, stage: Stage) -> tuple[str, ...]:
        options = self.options(stage)
        return self.stage_metrics[options.scoring if options.kind == "pairs" else options.kind]

    def read_table(self, reader: Reader, stage: Stage) -> tuple[list[tuple[str, Mark]], Any]:
        options = self.options(stage)
        if options.kind == "pairs":
            return duplicate.read_pairs_table(reader, stage, options, self.default_boards)
        if options.kind == "teams":
            return duplicate.read_team_table(reader, stage, options, self.default_boards)
        written = "home" if reader.has("home") else "away" if reader.has("away") else None
        if written is not None and not reader.has("ns") and not reader.has("ew"):
            # A team match (content-format.md's home/away, two rooms) in a stage scored as the
            # seed's pairs: a knockout or matches stage without `scoring: imps`. One error that
            # says so, not each key's (home and away unknown, ns and ew missing, every
            # {open, closed} board unreadable), which all pointed at the wrong fix. The table is
            # not read further: it is no table of this stage (no side).
            reader.problems.add("bridge-team-match-not-teams", reader.key_mark(written), stage=stage.id,
                                format=stage.format, scoring=options.scoring)
            return [], []
        reader.check_keys(("table", "referee", "forfeit", "ns", "ew", "boards"), required=("ns", "ew"))
        sides = [(reader.text(key) or "", reader.value_mark(key)) for key in ("ns", "ew") if reader.has(key)]
        boards = reader.mapping("boards")
        records: list[BoardRecord] = []
        if boards is None:
            return sides, records
        # Boards may be numbered on through the rounds (round 2 of 8-board rounds plays 9-16).
        limit = stage.boards * max(stage.rounds or 1, 1) if stage.boards else None
        written: set[int] = set()  # every board the secretary wrote, readable or not
        for number, value in boards.node.items():
            mark = boards.key_mark(number)
            if wrong_board_number(reader.problems, number, mark, limit):
                continue
            written.add(number)
            try:
                records.append(parse_board(number, value, boards.value_mark(number)))
            except RecordError as error:
                reader.problems.add(error.code, boards.value_mark(number), board=number, text=spelled(value),
                                    **error.params)
                continue
        options: BridgeStage = stage.options
        for record in records:
            if record.recorded is None or record.contract is None:
                continue
            vul = vulnerability(record.board, options.vulnerability)
            computed = ns_score(record, vul)
            if computed != record.recorded:
                reader.problems.add(
                    "bridge-score-mismatch", record.mark or reader.mark, board=record.board,
                    recorded=record.recorded, computed=computed, contract=str(record.contract),
                    declarer=record.declarer, result=result_text(record.result), vulnerability=vulnerability_words(vul),
                )
        # The boards the table plays by the rule every match of every game is held to
        # (common.boards.match_board_count): the stage's `boards`, else the game's default
        # where the boards written are numbered as its matches number them (1-6 written of 8:
        # 7 and 8 missing; 33-38 in round 5: 39 and 40), as the desk's form and the score sheet
        # offer them; not the stage's `boards` alone, which left a table of a stage saying none
        # with a board short unsaid.
        expected = match_board_count(stage, written, self.default_boards, self.boards_numbered_on, reader.round_number)
        if expected and written:
            missing = sorted(set(board_block(written, expected)) - written)
            if missing:
                reader.problems.add("boards-missing", boards.mark, warning=True,
                                    table=reader.raw("table"), missing=missing)
        return sides, sorted(records, key=lambda r: r.board)

    def score_table(self, table: Table, stage: Stage, state: dict[str, Any]) -> TableScore:
        options = self.options(stage)
        if options.kind == "pairs":
            return duplicate.score_pairs_table(table, stage, options, state)
        if options.kind == "teams":
            return duplicate.score_team_table(table, stage, options, self.match_boards(stage, table))
        rows: list[BoardView] = []
        for record in table.record:
            vul = vulnerability(record.board, options.vulnerability)
            score = ns_score(record, vul)
            rows.append(BoardView(
                board=record.board,
                dealer=dealer(record.board),
                vulnerability=vul,
                contract=str(record.contract) if record.contract else "pass",
                declarer=record.declarer or "",
                result=result_text(record.result) if record.contract else "",
                lead=record.lead or "",
                ns=max(score, 0),
                ew=max(-score, 0),
            ))
        ns_total = sum(r.ns for r in rows)
        ew_total = sum(r.ew for r in rows)
        first = rows[0] if rows else None
        ns_id, ew_id = table.sides
        # Seed 000 十.1: a pair that forfeits loses its place; substitutes play its seat.
        sides = [
            SideScore(ns_id, {"total": ns_total, "net": ns_total - ew_total, "first_board": first.ns if first else 0},
                      disqualified=table.forfeit == ns_id),
            SideScore(ew_id, {"total": ew_total, "net": ew_total - ns_total, "first_board": first.ew if first else 0},
                      disqualified=table.forfeit == ew_id),
        ]
        winner = ns_id if ns_total > ew_total else ew_id if ew_total > ns_total else None
        if table.forfeit in table.sides:
            # A forfeit decides the table for the other side, whatever the totals, as 80分, 大怪路子
            # and Guandan score one. The boards written there are the substitutes' (seed 000 十.1,
            # 十.11: 由替补裁判代打), who play the seat of a pair that did not come and are never
            # ranked: the opponent's column is its own play and counts, but the table is not the
            # forfeiting pair's win (it was, on totals; results.json's winner null a draw against a
            # withdrawn pair whose table was left as drawn).
            winner = ew_id if table.forfeit == ns_id else ns_id
        return TableScore(table, sides, winner, RowsWhenRead(_match_rows, rows), MatchView(rows, ns_total, ew_total))

    def substitutes_decide(self, stage: Stage) -> bool:
        """Not in the seed's total points: each pair is ranked on its own column and a table has
        no winner that counts, so one against the substitutes (替补裁判代打, the odd pair's or a
        withdrawn pair's seat) is decided by nothing. Its winner by totals named the substitutes
        the table's winner over a pair they outscored, that pair's page said it lost, and
        results.json gave the table to the substitutes, whom seed 000 十.15 leaves out of the
        scoring (裁判组不计入评分): the rules give a pair nothing to win or lose against them.
        A team match against substitutes (teams, IMPs to VPs) is a match as any other."""
        return self.options(stage).kind != "total"

    def entry_board(self, typed: str, sides: list[str]) -> Any:
        """The typed record in the grammar's canonical spelling (scoring.typed_board)."""
        return typed_board(scalar(typed))

    def entry_fields(self, stage: Stage, sides: list[str], table: dict[str, Any],
                     boards: list[int], rooms: tuple[str, ...]) -> list[EntryField]:
        """A team match's boards, each as written (duplicate.team_board_texts): its rooms, or an
        adjusted score in the open room's box. A board its boxes cannot show as written (`{adjusted:
        {NS: 60, EW: 40}}`, one room with the IMPs the scorer recorded) is shown as it is, read
        only (kind "kept"), and a save keeps it (forms.with_boards_as_filed). Shown empty, an
        adjusted board was saved as a board cleared: its line, and its comment, deleted."""
        if not rooms:
            return super().entry_fields(stage, sides, table, boards, rooms)
        written = table.get("boards") if isinstance(table.get("boards"), dict) else {}
        fields = []
        for number in boards:
            value = written.get(number)
            texts = duplicate.team_board_texts(value)
            if texts is None:
                fields.append(EntryField(f"b{number}_kept", str(number), _flow(value), "kept", literal=True,
                                         board=number))
                continue
            fields.extend(EntryField(f"b{number}_{room}", str(number), text, literal=True, board=number, room=room)
                          for room, text in zip(rooms, texts))
        return fields

    def entry_record(self, sides: list[str], values: dict[str, str]) -> dict[str, Any]:
        """`boards` as typed; a team board with an adjusted score typed in one room's box (`A=`,
        `a+/a-`, `60%/40%`) and the other left empty, or the same in both, is that adjusted score
        for the whole board (`13: A=`), as content-format.md writes it. Typed into a room, it was
        refused as a contract ("declarer or result missing"): the desk could not enter one."""
        record = super().entry_record(sides, values)
        for number, board in (record.get("boards") or {}).items():
            if not isinstance(board, dict):
                continue
            # as content-format.md spells it: A+/A-, 60%/40% (the typed case, spaces and a Chinese
            # input method's full-width signs aside, before the two boxes are compared: ６０％/４０％
            # in one and 60%/40% in the other are one score, rev29)
            texts = {re.sub(r"\s+", "", half_width(str(value))).upper() for value in board.values()}
            text = texts.pop() if len(texts) == 1 else ""
            if text and duplicate.adjusted_text(text):
                record["boards"][number] = text
            elif text and is_not_played(text):  # np in a room's box: the match did not play the board
                record["boards"][number] = "np"
        return record

    def directors_only(self, typed: str, whole: bool = False) -> str:
        """An adjusted score (A+/A-, 60%/40%, typed in any case, spaced or full-width as
        entry_record takes it: "adjusted", Law 12C2) or a weighted score (`50% 4S N =, 50% 4S N -1`,
        one whose weights or parts the grammar refuses too: "weighted", Law 12C1(c)): the
        director awards them, not the players at the table."""
        text = re.sub(r"\s+", "", half_width(typed)).upper()
        if text and duplicate.adjusted_text(text):
            return "adjusted"
        try:
            weighted = parse_weighted(0, half_width(typed)) is not None
        except RecordError:
            weighted = True  # written as one (each part a weight in %), wrongly: still the director's
        return "weighted" if weighted else ""

    def directors_ruling(self, written: str) -> bool:
        """Also a board written np (not played) before the table entered: a board not played is
        the director's to rule on (why it was not played, and what it scores), so np entered at
        the desk is the director's, as A= is. Counted the table's own, it locked the
        table's link out of its other boards ("already entered"). (A table that did not play a
        board may still type np itself: directors_only does not refuse it.)"""
        return super().directors_ruling(written) or is_not_played(re.sub(r"\s+", " ", half_width(written)).strip())

    def entry_notes(self, score: TableScore, t: Any) -> list[str]:
        """The desk's computed score, board by board, before a table saves: each board's
        contract and NS score by the rules (a pairs board, whose matchpoints need the whole
        field, as much as the table alone can say), or a team board's two rooms and the IMPs
        they give the home team."""
        lines = super().entry_notes(score, t)
        for row in getattr(score.view, "rows", None) or []:
            line = _desk_board_line(row, t)
            if line:
                lines.append(line)
        return lines

    def waiting_for_boards(self, score: TableScore, t: Any) -> tuple[str, tuple[str, ...]] | None:
        """A teams match with boards to come (TeamView.to_come, a count): the round page's note;
        its VPs held back, its IMPs so far shown."""
        to_come = getattr(score.view, "to_come", 0)
        if not isinstance(score.view, duplicate.TeamView) or not to_come:
            return None
        return t("br_boards_to_come", count=to_come), ("vp",)

    # -- duplicate stages: the hooks the tournament layer and the pages call ---------------------

    def adjusted_only(self, table: Table) -> bool:
        record = table.record
        return isinstance(record, duplicate.PairsRecord) and bool(record.boards) and all(
            isinstance(r, duplicate.AdjustedRecord) for r in record.boards)

    def score_walked_out(self, table: Table, stage: Stage, state: dict[str, Any], staying: str, gone: str,
                         boards: Any) -> TableScore | None:
        """A duplicate pairs stage: the opponent of a withdrawn pair gets average-plus on the
        boards it would have played against it (duplicate.walked_out_table); the seed's total
        points has no adjusted score, and teams no withdrawn pair's table."""
        options = self.options(stage)
        if options.kind != "pairs":
            return None
        return duplicate.walked_out_table(table, stage, options, staying, gone, boards)

    def score_field(self, stage: Stage, rounds: Any, problems: Any = None, unplayed: Any = None,
                    counted: int | None = None) -> None:
        """A pairs stage's boards compared across the field (duplicate.score_field); a teams
        stage's board numbers checked across its rounds (duplicate.check_team_boards); the seed's
        total points' seats nobody played (_warn_seats_unplayed)."""
        options = self.options(stage)
        if options.kind == "pairs":
            duplicate.score_field(stage, options, rounds, problems, unplayed, counted)
        elif options.kind == "teams" and problems is not None:
            duplicate.check_team_boards(stage, options, rounds, problems)
        elif options.kind == "total" and problems is not None:
            _warn_seats_unplayed(rounds, problems)

    def knockout_figures(self, stage: Stage) -> tuple[str, ...] | None:
        """A teams knockout's match is won on IMPs: an entry's page shows each match's IMP
        margin, not the VPs a Swiss would rank by."""
        return ("imps",) if self.options(stage).kind == "teams" else None

    def finish_metrics(self, metrics: dict[str, float]) -> None:
        duplicate.finish_metrics(metrics)

    def scored_nothing(self, metrics: dict[str, float]) -> bool:
        """A pairs pair with no board scored, by matchpoints, cross-IMPs or Butler alike: no
        figure to rank it by (duplicate.no_board_scored)."""
        return duplicate.no_board_scored(metrics)

    def sat_unentered(self, record: Any) -> bool:
        """A pairs table written `boards: {}`: sat, no board written yet (PairsRecord)."""
        return isinstance(record, duplicate.PairsRecord) and record.sat_unentered

    def adjust_tallies(self, stage: Stage, tallies: Any, finished: bool) -> None:
        """The stage's `adjustments` (penalties and awards) on the pairs' totals: MP and IMPs
        before the percentage is derived (`finished` False), percentage points after."""
        duplicate.apply_adjustments(self.options(stage), tallies, finished)

    def travellers(self, stage: Stage, rounds: Any) -> list[Any]:
        """Each board of a duplicate stage with every table's result; none for the seed's
        stages, where each table deals its own cards."""
        options = self.options(stage)
        if options.kind == "total":
            return []
        return duplicate.travellers(stage, options, rounds)

    def traveller_rows(self, stage: Stage, rounds: Any, travellers: Any = None) -> list[list[Any]] | None:
        """Each board's lines, a row each (pairs: NS and EW; teams: home and away, the open room);
        from `travellers` when the caller has found them (a build's board pages: finding them
        again for results.xlsx was a second pass over every table of the stage)."""
        if travellers is None:
            travellers = self.travellers(stage, rounds)
        return duplicate.traveller_rows(travellers) if travellers else None

    def fields(self, stage: Stage, rounds: Any) -> dict[str, list[str]] | None:
        """`field: directions`: the NS pairs and the EW pairs, ranked apart."""
        return duplicate.fields(stage, self.options(stage), rounds)

    def standings_after_rounds(self, stage: Stage, rounds: Any) -> dict[int, Any]:
        """A barometer's standings after each round (duplicate.standings_after_rounds)."""
        if getattr(stage, "movement", None) != "barometer":
            return {}
        return duplicate.standings_after_rounds(stage, rounds)

    def round_boards(self, stage: Stage, number: int, tables: Any, written: Any = None,
                     earlier: Any = ()) -> dict[int, tuple[int, ...]]:
        """A teams round's boards by the stage's numbering (duplicate.team_table_boards: 1..boards
        where the rounds before are read as `boards_each_round: same`, duplicate.read_as_same);
        with no `boards` in the stage, the game's default (Game.round_boards), as its sheets list
        them."""
        options = self.options(stage)
        return duplicate.team_table_boards(stage, options, number, tables, duplicate.read_as_same(stage, options, earlier)) \
            or super().round_boards(stage, number, tables, written, earlier)

    # Round 2 drawn after a round 1 on 1-8, the stage saying neither `boards_each_round` nor
    # `boards`: 9-16. Round 1's boards are round 1's block under either numbering, so no file
    # tells a club numbering on (the teams demo, whose event.yaml says round 2 plays 9-16) from
    # one dealing 1-8 afresh. A teams stage saying nothing numbers on (README's teams board
    # numbers, content-format.md's "round 2 plays 9-16", BridgeStage.boards_each_round unsaid
    # read as `on`), and `boards: 8` written lists 9-16 for round 2 alike (team_round_boards):
    # the stage without `boards` is that stage with the game's 8. Listing 1-8 would have the
    # club numbering on save boards its teams played in round 1 (bridge-team-board-twice), an
    # error, where the club dealing afresh sees its sheet name boards 9-16 (each row's number,
    # dealer and vulnerability printed against its own boards 1-8) and writes the key; once its
    # round 2 is written on 1-8 the stage reads as `same` (one warning naming the key) and
    # round 3 on lists 1-8 (read_as_same).
    def boards_repeat(self, stage: Stage, earlier: Any = ()) -> bool:
        """A teams stage's team plays each board number once (duplicate.team_boards_once), unless
        its rounds before are read as dealing 1..boards afresh (duplicate.read_as_same: the stage
        saying neither `boards` nor `boards_each_round`, its rounds 1 and 2 on 1-8, as `check`
        reads it with one warning): round 3 is then offered 1-8 as well, not 17-24."""
        options = self.options(stage)
        return not duplicate.team_boards_once(stage, options) or duplicate.read_as_same(stage, options, earlier)

    # By the keys alone (a board's traveller's pages): only `boards_each_round: on` says a team
    # never plays a board number twice. A teams stage saying nothing is read as numbering on until
    # two of its rounds are entered on 1-8 (read_as_same), so that reading waits for results; the
    # pages take the bound that holds under either reading, and neither round 2's results nor the
    # key bridge-team-boards-same asks for (`same`) moves a line to another page.
    def boards_may_repeat(self, stage: Stage) -> bool:
        """False only for a teams stage of numbered rounds saying `boards_each_round: on`."""
        options = self.options(stage)
        return not (duplicate.team_boards_once(stage, options) and options.boards_each_round == "on")

    def written_boards(self, stage: Stage, table: Table) -> tuple[int, ...]:
        """A duplicate table's boards as written (a pairs table's, a team match's)."""
        record = table.record
        if isinstance(record, (duplicate.PairsRecord, duplicate.TeamRecord)):
            return tuple(sorted({b.board for b in record.boards}))
        return ()

    board_count_codes = ("bridge-match-default-board-count",)

    def board_count_warning(self, stage: Stage, table: Table, written: set[int], block: range | None) -> list[Any] | None:
        """A team match's (duplicate.default_count_warning), at its `boards:`."""
        record = table.record
        if not isinstance(record, duplicate.TeamRecord) or record.boards_mark is None:
            return None
        return duplicate.default_count_warning(table.number, written, block, record.boards_mark)

    def match_boards_written(self, stage: Stage, table: Table) -> set[int]:
        """A team match's boards written (np, an adjusted score, one room in: each a board of
        the record), which boards_short counts: a board the match did not play is written np,
        one not played through a side's fault its adjusted score. A pairs table's board left
        out is one it did not play, as the rules treat it (the board's other results
        Neuberg-factored; a file another program scored is imported so), not one to come: none."""
        record = table.record
        return {board.board for board in record.boards} if isinstance(record, duplicate.TeamRecord) else set()

    def boards_twice(self, tables: Sequence[tuple[int, int, Sequence[str], Sequence[int]]]
                     ) -> list[tuple[str, int, tuple[int, int], tuple[int, int]]]:
        """A pair's board played at two tables: the field's own check (duplicate.boards_twice)."""
        return duplicate.boards_twice(tables)

    def table_form(self, stage: Stage | None = None) -> TableForm:
        if stage is not None and stage.format == "pairs":
            return PAIRS_FORM
        if stage is not None and isinstance(stage.options, BridgeStage) and stage.options.kind == "teams":
            return TEAMS_FORM
        return TABLE_FORM

    def bulletins(self, result: Any, t: Any, forms: bool | None = None) -> list[Any]:
        return bulletins(result, t, forms)


def _flow(value: Any) -> str:
    """A board's value whole, on one line as a YAML flow mapping writes it, as the desk shows a
    board it keeps read only ({adjusted: {NS: 60, EW: 40}}; `spelled`, for a message, cuts the
    inner mapping short)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_flow(key)}: {_flow(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(item) for item in value) + "]"
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    return str(value)


def _played_text(line: BoardView, t: Any) -> str:
    """`1S W -2, NS +100` in the desk's words: the contract as read, NS's score by the rules."""
    contract = " ".join(part for part in (line.contract, line.declarer, line.result) if part)
    return t("br_desk_ns", contract=contract, score=duplicate.signed(line.ns - line.ew))


def _desk_board_line(row: Any, t: Any) -> str | None:
    """One board of a checked table as the desk shows it (a total-points, pairs or teams row)."""
    if isinstance(row, BoardView):
        return t("br_desk_board", board=row.board, score=_played_text(row, t))
    if isinstance(row, duplicate.PairsRow):
        if row.adjusted is not None:
            return t("br_desk_board_adjusted", board=row.board, text=row.adjusted.text)
        if row.not_played:
            return t("br_desk_board", board=row.board, score=t("br_not_played"))
        if row.parts:
            # each part with its NS score by the rules, as a played board's (50% 3NT S =, NS +600;
            # 50% 3NT S -1, NS -100): the line as typed alone left the table to work them out
            # (WeightedRecord.text: the parts in order, ", " between them)
            return t("br_desk_board", board=row.board, score=t("clause_separator").join(
                t("br_desk_ns", contract=text, score=duplicate.signed(score))
                for text, (_, score) in zip(row.weighted.split(", "), row.parts)))
        return t("br_desk_board", board=row.board, score=_played_text(row.line, t)) if row.line else None
    if isinstance(row, duplicate.TeamRow):
        if row.not_played:
            return t("br_desk_board", board=row.board, score=t("br_not_played"))
        if row.adjusted is not None:
            return t("br_desk_board_adjusted", board=row.board, text=row.adjusted.text)
        if row.open is None or row.closed is None:
            return None
        return t("br_desk_board_teams", board=row.board, open=_played_text(row.open, t),
                 closed=_played_text(row.closed, t), imps=duplicate.signed(row.home_imps))
    return None


# The seed's matches have no bye: an odd pair out plays the substitutes (替补裁判代打).
TABLE_FORM = TableForm(("ns", "ew"), ("boards:", "  1: 4S N = 420"), bye=False)
PAIRS_FORM = TableForm(("ns", "ew"), ("boards: {{1: 4S N =, 2: 3NT E -1}}",))
TEAMS_FORM = TableForm(("home", "away"), ("boards:", "  {first}: {{open: 4S N =, closed: 4S S -1}}"),
                       rooms=ROOMS, seating="ns")

RULES = BridgeRules()


# --- forms printed before play (seed 000 附件三, 附件四, 附件五) ---------------------------------

def bulletins(result: Any, t: Any, forms: bool | None = None) -> list[Any]:
    """Score sheet and bidding sheet for every stage whose tables are drawn, and the play record
    for the last stage (the seed prints 附件五 for the final only): forms all, none built when
    `forms` is False (Game.bulletins)."""
    from generator.printed import Bulletin

    if forms is False:
        return []
    event = result.event
    found = []
    for position, stage_result in enumerate(result.stages):
        stage = stage_result.stage
        tables = [score.table for round_ in stage_result.rounds for score in round_.tables]
        if not tables:
            continue
        options = RULES.options(stage)
        if options.kind != "total":  # duplicate stages: travelling score sheets, one per board
            found.extend(duplicate.bulletins(event, stage_result, options, t))
            continue
        # the stage's boards, else those written and those its rounds play (Game.round_boards: the
        # game's default where the stage says none, as the desk's form offers them; the sheet
        # listed no board at all for a round not played yet)
        numbers = set(range(1, stage.boards + 1)) if stage.boards else \
            {r.board for table in tables for r in table.record} | {
                n for round_ in stage_result.rounds for found in round_.boards.values() for n in found}
        boards = [
            {"number": n, "dealer": t(f"seat_{dealer(n)}"), "vulnerability": t(f"vul_{vulnerability(n, options.vulnerability)}")}
            for n in range(1, max(numbers, default=0) + 1)
        ]
        words = {key: t(key) for key in ("table", "referee", "ns", "ew", "winner", "board", "dealer", "contract")}
        words |= {"totals": t("sheet_totals"), "date": t("sheet_date")}
        pages = []
        for table in tables:
            ns_id, ew_id = table.sides
            pages.append({
                "table": str(table.number),
                "seats": [
                    {"label": t("ns"), "names": f"{ns_id} {event.entries[ns_id].player_names}"},
                    {"label": t("ew"), "names": f"{ew_id} {event.entries[ew_id].player_names}"},
                ],
                "referee": table.referee or "",
                "boards": boards,
                "words": words,
                "signatures": [t("sheet_sign_referee"), t("sheet_sign_ns"), t("sheet_sign_ew")],
            })
        made = dict(organizer=event.organizer or "", date=event.day_of(stage), text="", rows=[], pages=pages)
        found.append(Bulletin(
            f"scoresheet-{stage.id}", t("sheet_score_title", event=event.title, stage=stage.name),
            columns=[t("board"), t("dealer"), t("vulnerability"), t("declarer"), t("contract"), t("result"),
                     t("ns"), t("ew")],
            template="sheets/bridge_scoresheet.html", **made))
        seats = [t(f"seat_{s}") for s in ("W", "N", "E", "S")]
        found.append(Bulletin(
            f"bidding-{stage.id}", t("sheet_bidding_title", event=event.title, stage=stage.name),
            columns=seats, template="sheets/bridge_bidding.html", **made))
        if position == len(result.stages) - 1:
            found.append(Bulletin(
                f"playrecord-{stage.id}", t("sheet_play_title", event=event.title, stage=stage.name),
                columns=[t(f"seat_{s}") for s in SEATS], template="sheets/bridge_playrecord.html", **made))
    return found

