"""`paibang import SLUG FILE.pbn | FILE.xml`: a bridge club's session scored by another program
(Ruter, BridgeComposer, a Bridgemate scorer; PBN or USEBIO) becomes a paibang event, is scored
by paibang's rules and compared with every figure the file publishes.

What is read (both formats come to one `Session`):

- every table result: round, table, NS and EW pair, board, contract, declarer, tricks, lead (a
  USEBIO line or PBN ScoreTable row (seat_pbn) with a round and no table: its meeting's table, seat_tables; with neither, in a
  file that gives none: seat_meetings, its NS 3 and EW 3 two pairs where a Mitchell numbers
  them alike, sides_apart, and so lines giving tables but no rounds unless they are
  one round, one_round, each meeting then at the file's table where those fit, file_tables; a line without its round in a file of several: refused,
  round_of_lines_without_one);
  adjusted scores as real files write them, in the score columns with an empty contract (`A+`,
  `A=`, `A-`, `60%`, `AVE+`, `A60`); a `Bye` line or a line with one pair and no result: that pair
  sits out the round (one pair and a result: refused at its line, _refuse_row_without_pair); a
  penalty column (`ScorePenalty`, `Penalty`) of the totals table: an `adjustments` item, signed
  as the file applies it;
- a board not played at a table (`NP`, Scorer's `N P`, `Not played` in the contract or a score
  column): no result, written `np` (as a result missing from the file is, missing_results), the
  board left out of that table as the rules treat a board not played;
  the import says which board, table and pairs, and what the build does with it (say_not_played).
  A line so marked that the file scores all the same as a result played, score 0 with the
  figures a 0 gets on that board among its other results (Scorer's `N P` with score 0, MPs
  20 / 4 where 0 beats most), is imported as the file applies it, a pass-out
  (scored_not_played, check_not_played); the import says so, and how to leave the board out
  instead. Other figures (MPs 0 / 0, an average 12 / 12) are no result's: the line is left
  out. A line marked NP with an adjusted score (A=) is that adjusted score;
- USEBIO SECTIONs: one stage scored across the field, or a stage a section (`pairs-a`, …) scored
  apart, as the file's own board figures show (section_scoring: USEBIO does not say which);
  `--sections field|apart` decides when they do not, and the import says which it took;
  traveller lines outside the SECTIONs (BOARDs at event level) whose sections number their
  tables alike are each their pairs' section's (section_lines), refused, said where, when a
  line's pairs do not tell it;
- the pairs and their names (`TotalScoreTable` / `PARTICIPANTS`); in a file of several sections,
  pairs listed outside them get their section's entries when the file says which section
  (place_participants: a PAIR's SECTION_ID, a number one section's travellers have, or a list
  numbering its pairs again once a section), and otherwise no names, said so (say_names); a
  number listed for several PAIRs: the one ranked, the others withdrawn (one_listing), else none's
  names, said so; the scoring (`[Scoring]`:
  `MP` / `MatchPoints`, `IMP;Butler`, `IMP;Cross`; USEBIO's BOARD_SCORING_METHOD);
- the figures published: per board and pair MPs or IMPs and percentages, the Butler datum, each
  pair's total, percentage and rank.

Matchpoints are written in several conventions: 2 a beaten result (paibang's) or 1, from zero or
centred on zero (Ruter's `MP1`: NS +3 / EW -3 on a top of 6), as integers or with one decimal;
factored (Neuberg) up to every table of the movement, a phantom's counted (Scorer); rounded or
cut at the decimals written (Scorer cuts). The comparison takes the way that fits most of the
file's board figures, and a published figure is equal when paibang's, that way, rounds to it at
the decimals its column is written with (the most any figure of the column has: 64.10 may be
written 64.1). Totals are always paibang's standings, as the site shows them; one that differs
but is the file's board figures as printed, summed (Magic Contest), is listed with that
explanation when it explains most of the totals that differ. A later session of a multi-session event (Magic Contest:
NrBoards over NrBoardsSession) is compared on its Session columns. What the file says of the
stage is written into it: a barometer (`movement: barometer`), A+ / A- given a fixed 60 / 40 %
where the session rule would not (`adjusted: fixed`, `adjusted_rule`).

Written: `events/SLUG/event.yaml` (new event: the entries, the stage with its scoring and
movement size; an existing event keeps its file and gets only the entries it lacks, and the
stage; one `paibang new` just made, still as new wrote it, takes the file's title, date and
stage in place of new's placeholders and example stages, _fill_new_event) and one results file
per round, `results/<stage>-round-N.yaml`, rewritten on a rerun (no duplicates); a PBN's deals
beside them, `results/<stage>-hands.pbn`, the stage's `hands:` (write_hands). A results file or
hand records changed by hand since the import wrote them (RESULTS_RECORD) are kept, said, unless
--replace.

Nothing is written into an event of another game, or one holding results the import did not
write, or one with a stage of the session's kind planted under another id and no results yet
(event_refusal, _stage_planted), and nothing when what would be written brings an error: it is written
into a copy of the event first and checked there (trial). A line of the file that does not read
(a contract `9Z`, no board number) is named with the file's line (Session.dropped, say_dropped);
what an earlier run wrote that the file no longer has is said (say_stale).
"""

from __future__ import annotations

import codecs
import errno
import hashlib
import json
import math
import os
import re
import stat
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal, InvalidOperation
from pathlib import Path
from typing import Any

import yaml

from generator.games import GAMES
from generator.games.bridge.hands import DealError, PbnError, PbnGame, parse_deal, parse_pbn, small_int
from generator.games.bridge.scoring import AdjustedRecord, BoardRecord, RecordError, WeightedRecord, parse_adjusted, parse_weighted
from generator import catalogues
from generator.commands.console import terminal
from generator.content import snapshot
from generator.content.reader import MAX_NAME_CHARS
from generator.content.wide_text import wide_codec
from generator.errors import visible
from generator.interchange.numbering import unused
from generator.interchange.sniff import is_database
from generator.interchange.pbn import adjusted_from, record_from, record_text, tag
from generator.messages import LOCALES
from generator.interchange.pbn import yaml_text as _yaml_text  # (one quoting for the YAML import writes)
from generator.interchange.usebio import NoEvent, element_lines
from generator.seals import make_folders_durably, write_durably

STAGE = "pairs"


def say(key: str, locale: str, **params: object) -> str:
    """One of the import's lines (`bridge_import_<key>`, a shared word) in the locale. Its text
    parameters may come from the file (a program's name, a team's): a control character among
    them is shown as its escape (\\x1b), never sent to the terminal, where it could rewrite the
    screen, nor into event.yaml's first comment."""
    shown = {name: visible(value) if isinstance(value, str) else value for name, value in params.items()}
    return catalogues.text(f"bridge_import_{key}", locale, **shown)


# Whitespace of any kind (line feeds, U+2028, NEL) and what no text shows (C0 and C1 controls,
# DEL, the format characters: bidirectional overrides, zero-width ones).
_SPACES = re.compile(r"\s+")
_UNSHOWN = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]")


def one_line(text: str, limit: int) -> str:
    """A text taken from the imported file for one line (a title, the program's name in
    event.yaml's first comment and on the terminal): one line of printable characters, at most
    `limit` long. A PBN `{ name=Generator content="…" }` may span lines: written into the comment
    as it was, its second line was a key of event.yaml of the file's choosing."""
    text = _UNSHOWN.sub("", _SPACES.sub(" ", text)).strip()
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


# --- reading: bytes, encodings ---------------------------------------------------------------------

_DECLARED = re.compile(rb"charset\s*=\s*[\"']?([A-Za-z0-9_.:-]+)|encoding\s*=\s*[\"']([A-Za-z0-9_.:-]+)", re.IGNORECASE)


def decode(data: bytes) -> str:
    """A file's text as real files come: UTF-8 with or without a BOM, what the file declares
    (`%Content-type: text/pbn; charset=ISO-8859-1`, `<?xml … encoding="GBK"?>`), GBK when the
    bytes are GBK and read as Chinese, else ISO-8859-1 (every byte is a character there)."""
    if data.startswith(codecs.BOM_UTF8):
        return data[3:].decode("utf-8", errors="replace")
    wide = wide_codec(data)  # (content/wide_text.py: the registration import reads these as this does)
    if wide is not None:  # Notepad's "Unicode", a USEBIO file saved as UTF-16: read at line 1, column 3, it broke there
        return data.decode(wide, errors="replace").lstrip("\ufeff")
    head = data[:2000]
    declared = _DECLARED.search(head)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    if declared:
        name = (declared.group(1) or declared.group(2)).decode("ascii")
        try:
            return data.decode(name)
        except (LookupError, UnicodeDecodeError):
            pass
    try:
        text = data.decode("gbk")
    except UnicodeDecodeError:
        return data.decode("latin-1")
    wide = [c for c in text if ord(c) > 127]
    # Latin-1 text may decode as GBK too ("ør" is 鴕: GBK's trail byte may be an ASCII letter),
    # into rare or traditional ideographs; Chinese written in GBK is nearly all in its GB2312
    # core (both bytes 0xA1 and up), so that is what tells the two apart.
    common = sum(1 for c in wide if _in_gb2312(c))
    return text if wide and common >= 0.95 * len(wide) else data.decode("latin-1")


def _in_gb2312(char: str) -> bool:
    try:
        char.encode("gb2312")
    except UnicodeEncodeError:
        return False
    return True


# --- one session, whatever the format ----------------------------------------------------------------


@dataclass
class Line:
    """One table result of one board as the file gives it."""

    round: int
    table: int
    board: int
    ns: str | None
    ew: str | None
    record: Any  # BoardRecord | AdjustedRecord | None (unreadable: left out)
    score: int | None = None  # the NS score the file publishes
    figures: dict[str, str] = field(default_factory=dict)  # MP_NS, IMP_EW, Percentage_NS, ButlerDatum … as written
    not_played: str | None = None  # what the file writes for a board not played at this table (NP): no result, left
    # out, unless the file scores the line (record: the result it applies, scored_not_played)
    section: str | None = None  # the file's section (USEBIO SECTION), in a file of several
    at: int | None = None  # the file's line (a PBN ScoreTable row, a USEBIO TRAVELLER_LINE): what the trial names
    given_table: int | None = None  # the table the file writes (0: none), kept once seat_meetings seats the line


@dataclass
class Dropped:
    """A line of the file the import cannot read and leaves out (its board gets no result from
    it): named, with why, so that a board is never just missing from what was imported."""

    at: int | None  # the file's line
    board: str  # as the file writes it
    ns: str | None
    ew: str | None
    why: str  # board (no board number that reads), number (its round or table), no_contract, unreadable
    written: str  # what the file writes there


def dropped_line(line: Line, at: int | None, written: dict[str, str | None]) -> Dropped | None:
    """The line left out when the file gives no result paibang reads (not a board not played,
    which is said apart, say_not_played): a contract of `9Z`, tricks of 19, no contract at all."""
    if line.record is not None or line.not_played is not None:
        return None
    shown = " ".join(f"{name} {value}" for name, value in written.items() if value and value.strip())
    why = "unreadable" if (written.get("Contract") or written.get("CONTRACT") or "").strip(" -") else "no_contract"
    return Dropped(at, str(line.board), line.ns, line.ew, why, shown)


@dataclass
class Pair:
    id: str
    names: list[str] = field(default_factory=list)
    direction: str | None = None
    figures: dict[str, str] = field(default_factory=dict)  # Rank, TotalScoreMP, TotalPercentage, TotalScoreIMP
    penalty: float = 0.0
    section: str | None = None
    handicap: float = 0.0  # USEBIO's HANDICAP (Scorer's handicap pairs): the file's totals include it, paibang's not


@dataclass
class Session:
    program: str
    title: str
    date: str | None
    scoring: str  # matchpoints | imps | butler
    lines: list[Line] = field(default_factory=list)
    pairs: dict[str, Pair] = field(default_factory=dict)
    sit_outs: list[tuple[int, str]] = field(default_factory=list)  # (round, pair)
    sit_out_at: dict[tuple[int, str], int] = field(default_factory=dict)  # (round, pair) -> the file's line
    # (round, pair) -> the directions it sits out in, when not NS alone: a Mitchell numbering NS 3 and EW 3
    # alike has two pairs 3 (entry_ids: NS3, EW3), and EW 3's sit-out was written as NS 3's
    sit_out_sides: dict[tuple[int, str], tuple[str, ...]] = field(default_factory=dict)
    by_direction: bool = False  # NS and EW ranked apart
    movement: str | None = None  # barometer, when the file says so (Magic Contest's `Barometer` META)
    cumulative: int | None = None  # the boards of several sessions the file's totals run over (its session's are compared)
    adjusted: str | None = None  # `fixed` when the file gives A+ / A- their 60 / 40 % whatever the pair's session
    seated: bool = False  # the file gives no rounds or tables: paibang seated its meetings (seat_meetings)
    sections: list[str] = field(default_factory=list)  # the file's sections (USEBIO SECTION), when it has several
    # pairs a file of several sections lists outside them (place_participants): given to sections by the
    # order listed [(section, its numbers)]; not placed [(number, the sections using it)]; naming a
    # section the file lacks [(number, the section named)]
    names_by_order: list[tuple[str, list[str]]] = field(default_factory=list)
    names_unplaced: list[tuple[str, list[str]]] = field(default_factory=list)
    names_unknown: list[tuple[str, str]] = field(default_factory=list)
    # pair numbers (as entries have them: A-7) listed for several PAIRs, none told to be the one
    # that played (one_listing): their names not taken
    names_twice: list[str] = field(default_factory=list)
    # a USEBIO event type naming no scoring paibang knows, scored as the board figures show:
    # (the event type, the figures' element)
    scoring_told: tuple[str, str] | None = None
    dropped: list[Dropped] = field(default_factory=list)  # the lines of the file left out, unreadable
    # results the file does not have at all (no line) at a table written with its other boards:
    # (round, table, board, NS, EW), written `np` (missing_results)
    absent: list[tuple[int, int, int, str, str]] = field(default_factory=list)
    # a meeting's lines written with its pairs the other way (seat_meetings): (those lines, the
    # meeting's NS and EW, its round and table), each written in a round after the movement's
    turned: list[tuple[list[Line], tuple[str, str], tuple[int, int]]] = field(default_factory=list)
    # the file gives tables but no rounds, and its tables do not fit the rounds seat_meetings worked
    # out (file_tables): how, a word's key and its values, said in one line
    tables_unfit: tuple[str, dict[str, Any]] | None = None

    def __post_init__(self) -> None:
        self.program, self.title = one_line(self.program, MAX_PROGRAM_CHARS), one_line(self.title, MAX_NAME_CHARS)


MAX_PROGRAM_CHARS = 80  # "ScorerHelper 3.2.1 (build 2024-05-01)" is the longest real one seen


class ImportRefused(Exception):
    def __init__(self, problem: dict[str, str]) -> None:
        super().__init__(problem["en"])
        self.problem = problem


@dataclass(frozen=True)
class ImportFile:
    """The file an import reads, read and parsed once for its session, a team event's matches,
    its deals and why it gives no results (each read it again): its text, decoded as content
    files are (decode), and a PBN file's games (None: a USEBIO file)."""

    path: Path
    text: str
    games: list[PbnGame] | None


# A session's file is far below this: eoq2021's teams round (every board's results and deal) is
# 300 kB; a field twenty times as large, 6 MB, and a USEBIO file of it as much; 16 times that is
# no session's, and is refused before it is read (a link to /dev/zero, a video picked by mistake).
MAX_IMPORT_BYTES = 96 * 1024 * 1024


def read_import_file(path: Path) -> ImportFile:
    """The file at `path` read; ImportRefused when it is a PBN file that cannot be parsed."""
    try:
        # never a pipe or device (a link to /dev/stdin waited for ever), nor more than any session's
        data = snapshot.read_regular(path, MAX_IMPORT_BYTES)
    except snapshot.TooLarge as exc:
        raise ImportRefused(catalogues.word("bridge_import_too_large", size=f"{exc.size / 1024 / 1024:.1f} MB",
                                            limit=f"{MAX_IMPORT_BYTES // 1024 // 1024} MB")) from None
    except snapshot.NotRegular:
        raise ImportRefused(catalogues.word("file_reason_not_regular")) from None
    if is_database(data[:32]):  # read as text, it was "this line belongs to no tag" (or a registration sheet)
        raise ImportRefused(catalogues.word("bridge_import_database")) from None
    text = decode(data)
    if "\x00" in text[:4096]:  # no PBN or USEBIO file holds a zero byte: a picture, a zip, a database
        raise ImportRefused(catalogues.word("bridge_import_binary")) from None
    if path.suffix.lower() == ".xml":
        return ImportFile(path, text, None)
    try:
        return ImportFile(path, text, parse_pbn(text))
    except PbnError as error:
        raise ImportRefused(at_line(error)) from None


def at_line(error: PbnError) -> dict[str, str]:
    """A PBN file's problem with its line, in every locale: which line of a long file is meant."""
    return {locale: catalogues.text("bridge_import_pbn_line", locale, line=error.line, problem=error.problem[locale])
            for locale in LOCALES}


def adjusted_cell(text: str | None) -> tuple[float, bool] | None:
    """An adjusted score in a score column: (percentage, written as a number)."""
    if text is None:
        return None
    text = text.strip().upper().replace("AVE", "A").replace("AVG", "A")
    words = {"A+": 60.0, "A=": 50.0, "A-": 40.0, "A": 50.0}
    if text in words:
        return words[text], False
    match = re.fullmatch(r"A?\s*(\d{1,3}(?:[.,]\d+)?)\s*%", text) or re.fullmatch(r"A(\d{1,3}(?:[.,]\d+)?)", text)
    if match:
        value = float(match.group(1).replace(",", "."))
        return (value, True) if 0 <= value <= 100 else None
    return None


_BYE = {"BYE", "SITOUT", "SIT-OUT", "SIT OUT", "PHANTOM"}
# A board not played at a table, in a contract or score column: Scorer (Bridge NZ) writes `N P`
# (scorer-to-usebio `NP`); other programs `Not played`, `N/P`.
_NOT_PLAYED = {"NP", "N P", "N/P", "N.P.", "NOT PLAYED", "NOTPLAYED", "NOT-PLAYED"}


def not_played(*cells: str | None) -> str | None:
    """The first cell that says the board was not played at the table, as written."""
    for cell in cells:
        if cell is not None and " ".join(cell.split()).upper() in _NOT_PLAYED:
            return cell.strip()
    return None


# The board figures of a result played: a line marked not played that has them and a score is
# scored by the file as that result.
_BOARD_FIGURES = ("MP_NS", "MP_EW", "IMP_NS", "IMP_EW", "Percentage_NS", "Percentage_EW")


def scored_not_played(board: int, score: int | None, figures: dict[str, str]) -> BoardRecord | None:
    """The result a line marked not played (NP) may be given by a file that scores it all the
    same: a score of 0 with board figures (MPs or IMPs) is a pass-out, the one result a score
    alone says (Scorer writes `N P` with score 0 and matchpoints it as one: "a passed in hand",
    scorer-to-usebio). A candidate only: check_not_played keeps it when the figures are what a
    0 gets on that board. None when the file gives no score, a score other than 0 (no contract
    is read from it) or no board figures: the board stays left out of that table."""
    if score == 0 and any(figures.get(column) for column in _BOARD_FIGURES):
        return BoardRecord(board, None)
    return None


def check_not_played(session: Session) -> None:
    """A line marked not played that scored_not_played read as a pass-out keeps it only when
    its figures are what a score of 0 gets on its board among the board's other results (of
    the whole board, or of its own section); otherwise it is left out (no result), as a line
    the file does not score: MPs 0 / 0, or an average 12 / 12 where 0 beats most, are no
    pass-out's figures."""
    for line in session.lines:
        if line.not_played is None or line.record is None or isinstance(line.record, AdjustedRecord):
            continue
        others = [o for o in session.lines if o is not line and o.board == line.board and isinstance(o.record, BoardRecord)
                  and o.score is not None]
        fields = [others] + ([[o for o in others if o.section == line.section]] if line.section is not None else [])
        if not any(_zero_fits(line, field, session.scoring) for field in fields):
            line.record = None


def _zero_fits(line: Line, others: list[Line], scoring: str) -> bool:
    """Whether the line's figures are what a score of 0 gets among `others` (results of its
    board, with scores). Matchpoints (MP_NS / MP_EW, else the Percentage columns): NS + EW is
    the top the other results' figures add up to, and the NS figure is what 0's place among
    the board's NS scores gives (paibang's matchpoints, 2 a score beaten and 1 a tie, in the
    file's own scale, centring and factoring: the line through the other results' figures
    against their matchpoints, 0 counted among them), within a unit of the decimals written.
    IMPs: against the line's Butler datum the IMPs of 0 minus it, else NS = -EW."""
    from generator.games.bridge.duplicate import imps
    from generator.games.common.matchpoints import matchpoints
    from generator.games.common.matchpoints import top as top_mp

    columns = [("MP_NS", "MP_EW"), ("Percentage_NS", "Percentage_EW")] if scoring == "matchpoints" else [("IMP_NS", "IMP_EW")]
    ns_column, ew_column = next(((n, e) for n, e in columns if line.figures.get(n)), columns[0])
    figure, ew = _value(line.figures.get(ns_column) or "x"), _value(line.figures.get(ew_column) or "x")
    if figure is None:
        return False
    written = [line.figures[ns_column]] + [o.figures[ns_column] for o in others if o.figures.get(ns_column)]
    step = 10.0 ** -max(_decimals(text) for text in written) + 1e-6
    if scoring != "matchpoints":
        datum = _value(line.figures.get("ButlerDatum") or "x")
        if datum is not None:
            return abs(figure - imps(0 - datum)) <= step and (ew is None or abs(figure + ew) <= step)
        return ew is not None and abs(figure + ew) <= step
    rows = [(o.score, _value(o.figures.get(ns_column) or "x"), _value(o.figures.get(ew_column) or "x")) for o in others]
    rows = [(score, ns, e) for score, ns, e in rows if ns is not None and e is not None]
    if not rows or ew is None:
        return False
    top = _most_common(round(ns + e, 6) for _, ns, e in rows)
    if abs(figure + ew - top) > step:  # type: ignore[operator]
        return False
    *theirs, zero = matchpoints([score for score, _, _ in rows] + [0])  # paibang's, 0 counted among them
    points = [(mp, ns) for mp, (_, ns, _) in zip(theirs, rows)]
    mean_x = sum(x for x, _ in points) / len(points)
    mean_y = sum(y for _, y in points) / len(points)
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    if spread:
        slope = sum((x - mean_x) * (y - mean_y) for x, y in points) / spread
        expected = mean_y + slope * (zero - mean_x)
    else:  # every other result alike: the file's top over paibang's
        expected = zero * top / top_mp(len(rows) + 1)  # type: ignore[operator]
    return abs(figure - expected) <= step


def _pair_id(text: str | None) -> str | None:
    if text is None:
        return None
    text = text.strip()
    if not text or text in ("-", "?", "0") or text.upper() in _BYE:  # (PBN: `-` irrelevant, `?` unknown)
        return None
    return text


def _adjusted_record(board: int, ns_text: str | None, ew_text: str | None, contract: str | None) -> AdjustedRecord | None:
    """A row with no contract played and adjusted scores in its score (or contract) columns."""
    ns, ew = adjusted_cell(ns_text), adjusted_cell(ew_text)
    if ns is None and ew is None and contract:
        found = parse_adjusted(board, contract)
        if found is not None:
            return found
        ns = adjusted_cell(contract)
    if ns is None and ew is None:
        return None
    if ns is None:
        assert ew is not None
        ns = (100 - ew[0], ew[1])
    if ew is None:
        ew = (100 - ns[0], ns[1])
    return AdjustedRecord(board, ns[0], ew[0], fixed=ns[1] or ew[1])


def _weighted(board: int, text: str | None) -> WeightedRecord | None:
    """A weighted score (Law 12C1(c)) as paibang's own export writes it in the contract column
    (PBN) or ADJUSTED_SCORE (USEBIO): `50% 4S N =, 50% 4S N -1`, read as the results grammar
    reads it; None when the text is not one (then the line is said as not read)."""
    try:
        return parse_weighted(board, text) if text else None
    except RecordError:
        return None


def _score_ns(row: dict[str, str | None]) -> int | None:
    ns, ew = row.get("Score_NS") or row.get("ScoreNS"), row.get("Score_EW") or row.get("ScoreEW")
    for text, sign in ((ns, 1), (ew, -1)):
        value = small_int((text or "").replace("NS", "").replace("EW", "").strip() or None)
        if value is not None:
            return sign * value
    return None


def read_pbn_session(text: str, games: list[PbnGame] | None = None) -> Session:
    """The pairs session of a PBN file's text (`games`: the text parsed already)."""
    games = parse_pbn(text) if games is None else games
    program = "PBN"
    generator = re.search(r'name=Generator\s+content="([^"]+)"', text)
    if generator:
        program = generator.group(1)
    elif any(g.get("Application") for g in games):
        program = next(g.get("Application") for g in games if g.get("Application")).split(";")[0]  # type: ignore[union-attr]
    first = games[0] if games else PbnGame()
    scoring_tag = " ".join(g.get("Scoring") or "" for g in games[:1]).upper()
    session = Session(program, first.get("Event") or "", first.get("Date"), _scoring_of(scoring_tag))
    if re.search(r'name=Barometer\s+content="Y"', text):  # every table plays the same boards each round
        session.movement = "barometer"
    for game in games:
        board = small_int(game.get("Board"))
        table = game.table("ScoreTable")
        if board is None or table is None:
            if game.table("TotalScoreTable") is not None:
                _totals(session, game)
            if table is not None:  # a board's results under a board number that does not read (abc) or none
                for row, at in zip(table.rows, game.row_lines("ScoreTable")):
                    if (row.get("Contract") or "").strip().upper() in _BYE:  # a sit-out, no result
                        continue
                    ns = _pair_id(row.get("PairId_NS") or row.get("PairNS"))
                    ew = _pair_id(row.get("PairId_EW") or row.get("PairEW"))
                    session.dropped.append(Dropped(at, game.get("Board") or "?", ns, ew, "board",
                                                   f"Board {game.get('Board') or '-'}"))
            continue
        if game.table("TotalScoreTable") is not None:
            _totals(session, game)
        for row, at in zip(table.rows, game.row_lines("ScoreTable")):
            ns, ew = _pair_id(row.get("PairId_NS") or row.get("PairNS")), _pair_id(row.get("PairId_EW") or row.get("PairEW"))
            unread = [f"{column} {row[column]}" for column in ("Round", "Table")
                      if row.get(column) is not None and small_int(row.get(column)) is None]
            if unread:  # a round or table that is no number (999999999): which table it was is not known
                session.dropped.append(Dropped(at, str(board), ns, ew, "number", ", ".join(unread)))
                continue
            number = small_int(row.get("Round")) or 1
            table_no = small_int(row.get("Table")) or 0
            contract = row.get("Contract")
            if ns is None or ew is None or (contract or "").strip().upper() in _BYE:
                _refuse_row_without_pair(row, at, board, ns, ew)
                for side, pair in (("NS", ns), ("EW", ew)):
                    if pair is not None and (number, pair) not in session.sit_outs:
                        session.sit_outs.append((number, pair))
                        session.sit_out_at[(number, pair)] = at
                    if pair is not None:
                        sit_out_side(session, number, pair, side)
                continue
            record: Any = None
            missing = not_played(contract, row.get("Score_NS") or row.get("ScoreNS"), row.get("Score_EW") or row.get("ScoreEW"))
            if contract and contract.strip() not in ("-", "") and missing is None:
                record = record_from(board, contract, row.get("Declarer"), row.get("Result"), row.get("Lead"))
            if record is None:
                # an adjusted score wins over NP (a director's ruling for a board that could not be played)
                record = _adjusted_record(board, row.get("Score_NS"), row.get("Score_EW"),
                                          None if not_played(contract) else contract) or _weighted(board, contract)
                if record is not None:
                    missing = None
            figures = {k: v for k, v in row.items() if v is not None and k in _FIGURE_COLUMNS}
            if missing is not None:
                record = scored_not_played(board, _score_ns(row), figures)
            session.lines.append(Line(number, table_no, board, ns, ew, record, _score_ns(row), figures, missing, at=at))
            written = {name: row.get(name) for name in ("Contract", "Declarer", "Result")}
            dropped = dropped_line(session.lines[-1], at, written)
            if dropped is not None:
                session.dropped.append(dropped)
    check_not_played(session)
    seat_pbn(session, games)
    return session


def seat_pbn(session: Session, games: list[PbnGame]) -> None:
    """Rounds and tables for a PBN whose ScoreTable gives no Round or no Table column, as a
    USEBIO file's are (read_usebio_session): no round given, one round when its tables say so,
    else its meetings seated (seat_meetings: a Mitchell's NS pair k at table k, or the file's own
    tables where they fit the rounds worked out, file_tables); a round given
    but no table, each meeting of a round a table (seat_tables). Read as round 1 and table 0,
    every board of a Mitchell was written at table 0 of round 1, and the import was refused with
    errors naming the trial's copy of the results, not the user's file."""
    given = [row for game in games if (table := game.table("ScoreTable")) is not None for row in table.rows]
    if not session.lines:
        return
    if not any(small_int(row.get("Round")) for row in given) and (
            not any(small_int(row.get("Table")) for row in given) or not one_round(session.lines)):
        session.seated = True
        # A Bye row without a round was read as round 1's sit-out (read_pbn_session: its round
        # or 1): every pair sat out round 1 and played it too, refused as entry-twice-in-round
        # (rev73). seat_meetings works out each round's sit-outs again.
        session.sit_outs = []
        seat_meetings(session)
    elif any(not line.table for line in session.lines):
        seat_tables(session)


# What a ScoreTable row writes of a result played or scored: a row with one of them is no sit-out.
_ROW_RESULT_COLUMNS = ("Contract", "Declarer", "Result", "Score_NS", "Score_EW", "ScoreNS", "ScoreEW")


def _refuse_row_without_pair(row: dict[str, str | None], at: int | None, board: int, ns: str | None, ew: str | None) -> None:
    """Refused (ImportRefused), naming the file's line: a ScoreTable row with a result (a
    contract, a declarer, tricks or a score) and a pair id missing (`-`, `?`, 0 or none). PBN 2.1
    writes `?` for an element unknown and `-` for one irrelevant; a result is always two pairs',
    so its missing pair is one the file does not say, not a sit-out: read as one, the pair named
    was written sitting out a round it played and the result was lost. A sit-out is its pair's
    number alone (Ruter: `Bye` in the contract, nothing else), as the USEBIO reader tells it
    (_refuse_result_without_pair)."""
    if ns is not None and ew is not None:
        return  # a Bye row naming both pairs: not this
    written = [(name, (row.get(name) or "").strip()) for name in _ROW_RESULT_COLUMNS]
    written = [(name, value) for name, value in written if value and value not in ("-", "?") and value.upper() not in _BYE]
    if not written:
        return  # a sit-out: the pair's number alone
    missing = " / ".join(next((name for name in names if name in row), names[0])  # the file's own column name
                         for names, pair in ((("PairId_NS", "PairNS"), ns), (("PairId_EW", "PairEW"), ew)) if pair is None)
    raise ImportRefused(catalogues.word(
        "bridge_import_line_no_pair", line=at or "?", board=board, missing=missing,
        written=" ".join(f"{name} {value}" for name, value in written)))


_FIGURE_COLUMNS = ("MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW", "IMP_NS", "IMP_EW", "ButlerDatum")


def _scoring_of(tag: str) -> str:
    if "BUTLER" in tag:
        return "butler"
    if "IMP" in tag:
        return "imps"
    return "matchpoints"


def _totals(session: Session, game: PbnGame) -> None:
    table = game.table("TotalScoreTable")
    assert table is not None
    ranks: dict[str, list[int]] = defaultdict(list)
    for row in table.rows:
        pair_id = _pair_id(row.get("PairId"))
        if pair_id is None:
            continue
        direction = (row.get("Direction") or "").replace("-", "").upper()
        # A Mitchell may number NS and EW pairs apart (NS 1 and EW 1): keyed by direction too.
        pair = session.pairs.setdefault(f"{direction}:{pair_id}", Pair(pair_id))
        names = row.get("Names") or ""
        pair.names = [n.strip() for n in re.split(r"\s+-\s+|\s*&\s*|\s*/\s*", names) if n.strip()]
        pair.direction = direction if direction in ("NS", "EW") else None
        pair.figures = {k: v for k, v in row.items() if v is not None and k in ("Rank", "TotalScoreMP", "TotalPercentage", "TotalScoreIMP")}
        session_boards, all_boards = small_int(row.get("NrBoardsSession")), small_int(row.get("NrBoards"))
        if session_boards is not None and all_boards is not None and all_boards > session_boards:
            # Magic Contest's totals of a later session run over every session so far; this
            # session's own figures are its Session columns, and those are what it publishes of it.
            session.cumulative = all_boards
            pair.figures = {ours: row[theirs] for ours, theirs in (("Rank", "SessionRank"), ("TotalScoreMP", "SessionScoreMP"),
                                                                   ("TotalPercentage", "SessionPercentage"))
                            if row.get(theirs) is not None}
        penalty = row.get("ScorePenalty") or row.get("Penalty")
        if penalty is not None:
            try:
                pair.penalty = float(penalty.replace(",", "."))
            except ValueError:
                pass
        rank = small_int(pair.figures.get("Rank"))
        if rank is not None and pair.direction:
            ranks[pair.direction].append(rank)
    # Two winners (a Mitchell ranked by direction): each direction's ranks start at 1.
    session.by_direction = len(ranks) == 2 and all(1 in found for found in ranks.values())


def read_usebio_session(text: str) -> Session:
    from generator.interchange.usebio import read_usebio

    event = read_usebio(text)
    default_round = round_of_lines_without_one(event)
    # BOARD_SCORING_METHOD; without it, the event type says (Compscore: BUTLER_PAIRS, CROSS_IMP, MP_PAIRS)
    method = (event.scoring or event.event_type or "").upper()
    scoring = "butler" if "BUTLER" in method else "imps" if "IMP" in method else "matchpoints"
    told = None
    if not any(word in method for word in ("BUTLER", "IMP", "MP", "MATCH")):
        # an event type that names no scoring (PAIRS, or one paibang does not know): the board
        # figures the travellers carry say it; matchpoints when they say nothing either
        given = {name for line in event.lines for name, value in line.fields.items() if value}
        told = next(((found, column) for found, columns in (("butler", ("NS_BUTLER_POINTS", "BUTLER_DATUM")),
                                                            ("imps", ("NS_CROSS_IMP_POINTS", "NS_IMPS")),
                                                            ("matchpoints", ("NS_MATCH_POINTS",)))
                     for column in columns if column in given), None)
        scoring = told[0] if told else scoring
    session = Session("USEBIO", event.description or "", event.date, scoring)
    if told is not None and event.event_type and event.event_type.upper() != "PAIRS":
        session.scoring_told = (event.event_type, told[1])
    places: dict[str, list[int]] = defaultdict(list)
    participants = place_participants(event, session)
    refuse_unsectioned_lines(event)
    section_lines(event, participants)
    qualify = _section_pair_numbers(event)
    listings: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)  # (direction, pair) -> its PAIRs
    for data in participants:
        pair_id = qualify(_pair_id(data.get("PAIR_NUMBER")), data.get("SECTION"))
        if pair_id is not None:
            listings[((data.get("DIRECTION") or "").upper(), pair_id)].append(data)
    twice = []
    for (direction, pair_id), listed in listings.items():
        data = one_listing(listed)
        if data is None:  # which of them played is not said: no names, rather than the last one's over the others'
            twice.append(pair_id)
            continue
        pair = session.pairs[f"{direction}:{pair_id}"] = Pair(pair_id)
        pair.names = [n for n in data.get("PLAYERS", []) if n]
        pair.direction = direction if direction in ("NS", "EW") else None
        pair.section = data.get("SECTION")
        pair.handicap = _value(data.get("HANDICAP") or "") or 0.0
        place = (data.get("PLACE") or "").rstrip("=")
        pair.figures = {"Rank": place} if place else {}
        if pair.direction and small_int(place) is not None:
            places[pair.direction].append(small_int(place))  # type: ignore[arg-type]
        if scoring == "matchpoints":
            if data.get("PERCENTAGE"):
                pair.figures["TotalPercentage"] = data["PERCENTAGE"]
            # a TOTAL_SCORE that is the PERCENTAGE again (scorer-to-usebio writes Scorer's result
            # in both, 55.2 and 55.20 alike) is no matchpoint total
            total, percent = data.get("TOTAL_SCORE"), data.get("PERCENTAGE")
            if total and (total != percent and (_value(total) is None or _value(total) != _value(percent or "x"))):
                pair.figures["TotalScoreMP"] = data["TOTAL_SCORE"]
        elif data.get("TOTAL_SCORE"):
            pair.figures["TotalScoreIMP"] = data["TOTAL_SCORE"]
    # Two winners (WINNER_TYPE 2, a Mitchell ranked by direction): each direction's places start at 1.
    session.by_direction = len(places) == 2 and all(1 in found for found in places.values())
    dropped: list[tuple[int, Dropped]] = []  # (the line's place among TRAVELLER_LINEs, what is left out)
    placed: list[tuple[int, Any]] = []  # (the same, a Line or a sit-out's (round, pair)): their lines, below
    for line in event.lines:
        get = line.fields.get
        ns, ew = qualify(_pair_id(get("NS_PAIR_NUMBER")), line.section), qualify(_pair_id(get("EW_PAIR_NUMBER")), line.section)
        unread = [f"{column} {get(column)}" for column in ("ROUND_NUMBER", "TABLE_NUMBER")
                  if get(column) and small_int(get(column)) is None]
        if unread:  # a round or table that is no number: which table it was is not known
            dropped.append((line.at, Dropped(None, str(line.board), ns, ew, "number", ", ".join(unread))))
            continue
        number, table = _round_number(get("ROUND_NUMBER")) or default_round, small_int(get("TABLE_NUMBER")) or 0
        if ns is None or ew is None:
            _refuse_result_without_pair(event, line, ns, ew)
            for side, pair in (("NS", ns), ("EW", ew)):
                if pair is not None:
                    session.sit_outs.append((number, pair))
                    placed.append((line.at, (number, pair)))
                    sit_out_side(session, number, pair, side)
            continue
        record: Any = None
        adjusted = get("ADJUSTED_SCORE") or _compscore_adjusted(get("SCORE"))
        missing = not_played(get("CONTRACT"), get("SCORE"), get("ADJUSTED_SCORE"))
        if adjusted and not not_played(adjusted):
            # an adjusted score wins over NP (a director's ruling for a board that could not be played)
            record = (parse_adjusted(line.board, adjusted) or _adjusted_record(line.board, adjusted, None, None)
                      or _weighted(line.board, adjusted))
            if record is not None:
                missing = None
        elif missing is None:  # NP: no result, unless the file scores the line (below): left out of this table
            contract = (get("CONTRACT") or "").replace("*", "X")
            record = record_from(line.board, contract, get("PLAYED_BY"), get("TRICKS"), get("LEAD"))
        figures = {}
        for ours, theirs in (("MP_NS", "NS_MATCH_POINTS"), ("MP_EW", "EW_MATCH_POINTS"), ("IMP_NS", "NS_IMPS"),
                             ("IMP_EW", "EW_IMPS"), ("ButlerDatum", "BUTLER_DATUM"),
                             # Compscore's names for a board's IMPs
                             ("IMP_NS", "NS_BUTLER_POINTS"), ("IMP_EW", "EW_BUTLER_POINTS"),
                             ("IMP_NS", "NS_CROSS_IMP_POINTS"), ("IMP_EW", "EW_CROSS_IMP_POINTS")):
            if get(theirs):
                figures[ours] = get(theirs)
        if missing is not None:
            record = scored_not_played(line.board, small_int(get("SCORE")), figures)
        session.lines.append(Line(number, table, line.board, ns, ew, record, small_int(get("SCORE")), figures, missing,
                                  line.section))
        placed.append((line.at, session.lines[-1]))
        left = dropped_line(session.lines[-1], None, {name: get(name) for name in ("CONTRACT", "PLAYED_BY", "TRICKS")})
        if left is not None:
            dropped.append((line.at, left))
    starts = element_lines(event.source, "TRAVELLER_LINE") if dropped or placed else []
    for place, left in dropped:
        left.at = starts[place] if place < len(starts) else None
        session.dropped.append(left)
    for place, item in placed:  # each line's own, as the trial names it when what it wrote is refused
        if place < len(starts):
            if isinstance(item, Line):
                item.at = starts[place]
            else:
                session.sit_out_at.setdefault(item, starts[place])
    playing = {pair for line in session.lines for pair in (line.ns, line.ew)} | {pair for _, pair in session.sit_outs}
    session.names_twice = [pair_id for pair_id in dict.fromkeys(twice) if pair_id in playing]
    check_not_played(session)
    found = {line.section for line in session.lines if line.section is not None}
    session.sections = [s for s in event.sections if s in found]
    if len(session.sections) < 2:
        session.sections = []
    # no round given: one round when the tables say so (each table one meeting, each pair at one
    # table), else the file's meetings are seated as in a file that gives neither round nor table
    if session.lines and not any(_round_number(line.fields.get("ROUND_NUMBER")) for line in event.lines) and (
            not any(line.fields.get("TABLE_NUMBER") for line in event.lines) or not one_round(session.lines)):
        session.seated = True
        seat_meetings(session)
    else:
        seat_tables(session)
    return session


# What a traveller line writes of a result played or scored: a line with one of them is no sit-out.
_RESULT_FIELDS = ("CONTRACT", "PLAYED_BY", "TRICKS", "SCORE", "ADJUSTED_SCORE")


def _refuse_result_without_pair(event: Any, line: Any, ns: str | None, ew: str | None) -> None:
    """Refused (ImportRefused), naming the file's line: a traveller line with a result and a pair
    number missing (NS_PAIR_NUMBER or EW_PAIR_NUMBER left out, empty, 0). Read as a pair sitting
    out (a line of one pair, no result), its other pair was written sitting out of a round it
    played, and its result was lost: the trial then refused a table of the YAML the import
    would write (entry-twice-in-round at `ns: 3EW`), not the file's line to correct."""
    written = [(name, (line.fields.get(name) or "").strip()) for name in _RESULT_FIELDS]
    written = [(name, value) for name, value in written if value and value != "-" and value.upper() not in _BYE]
    if not written:
        return  # a sit-out: the pair's number alone
    starts = element_lines(event.source, "TRAVELLER_LINE")
    missing = " / ".join(name for name, pair in (("NS_PAIR_NUMBER", ns), ("EW_PAIR_NUMBER", ew)) if pair is None)
    raise ImportRefused(catalogues.word(
        "bridge_import_line_no_pair", line=starts[line.at] if line.at < len(starts) else "?", board=line.board,
        missing=missing, written=" ".join(f"{name} {value}" for name, value in written)))


def _round_number(text: str | None) -> int | None:
    """A ROUND_NUMBER as a round (1, 2, …); None when missing, empty or not a round number (0)."""
    number = small_int(text)
    return number if number is not None and number > 0 else None


def rounds_given(items: list[Any], round_text: Callable[[Any], str | None]) -> tuple[list[int], list[Any]]:
    """The rounds a file's lines, games or matches give (sorted), and those that give none: a
    file of several rounds where some give none is refused (each kind says where)."""
    given, lacking = set(), []
    for item in items:
        number = _round_number(round_text(item))
        if number is None:
            lacking.append(item)
        else:
            given.add(number)
    return sorted(given), lacking


def round_of_lines_without_one(event: Any) -> int:
    """The round of a traveller line that gives none (no ROUND_NUMBER): 1 in a file that gives
    no rounds (one round, or meetings paibang seats: seat_meetings), the round the other lines
    give when they give one only. In a file of several rounds such a line is refused
    (ImportRefused), said where (the file's line, board, table and pairs) and what to do, before
    anything is written: put in round 1 (as it once was), its board went to the pairs sitting at
    its table in round 1, and its own pairs lost it."""
    given, lacking = rounds_given(event.lines, lambda line: line.fields.get("ROUND_NUMBER"))
    if len(given) < 2 or not lacking:
        return given[0] if given else 1
    line, get = lacking[0], lacking[0].fields.get
    raise ImportRefused(catalogues.word(
        "bridge_import_line_no_round", line=event.line_of("TRAVELLER_LINE", line.at) or "?", board=line.board,
        table=(get("TABLE_NUMBER") or "").strip() or "-", ns=(get("NS_PAIR_NUMBER") or "").strip() or "-",
        ew=(get("EW_PAIR_NUMBER") or "").strip() or "-", rounds=f"{given[0]}-{given[-1]}", n=len(lacking)))


def one_round(lines: list[Line]) -> bool:
    """Whether traveller lines that give no round but tables are one round: each table (of its
    section) one meeting of two pairs, and each pair (in its direction) in one meeting only. A
    table hosting other pairs on other boards, or a pair meeting several, is a file of rounds
    it does not give."""
    at_table: dict[tuple[str | None, int], set[tuple[str | None, str | None]]] = defaultdict(set)
    met: dict[tuple[str, str | None], set[tuple[str | None, str | None]]] = defaultdict(set)
    for line in lines:
        meeting = (line.ns, line.ew)
        if line.table:
            at_table[(line.section, line.table)].add(meeting)
        met[("NS", line.ns)].add(meeting)
        met[("EW", line.ew)].add(meeting)
    return all(len(found) == 1 for found in at_table.values()) and all(len(found) == 1 for found in met.values())


def one_listing(listed: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The PAIR of those the file lists with one number (direction and section alike) that is
    the pair that played: the only one, or the only one it ranks (a PLACE); the others, unranked,
    played no board (a withdrawn pair listed with the number it had). None when that does not
    tell them apart (two ranked, or none): whose names the number's pair has is not said."""
    if len(listed) == 1:
        return listed[0]
    ranked = [data for data in listed if (data.get("PLACE") or "").strip()]
    return ranked[0] if len(ranked) == 1 else None


def seat_tables(session: Session) -> None:
    """Tables for lines that give their round but no table (TABLE_NUMBER missing, read as 0):
    each meeting of two pairs in a round is one table, the one its other lines give, else a
    table of its own after the numbered tables of its round (of its section: sections number
    their tables apart, field_tables numbers them on when they are one stage), in the order of
    its lowest board, as seat_meetings seats a file that gives neither."""
    untabled = [line for line in session.lines if not line.table]
    if not untabled:
        return
    tables = {(line.round, line.ns, line.ew): line.table for line in session.lines if line.table}
    last: dict[tuple[str | None, int], int] = defaultdict(int)  # (section, round) -> its highest table so far
    for line in session.lines:
        last[(line.section, line.round)] = max(last[(line.section, line.round)], line.table)
    meetings: dict[tuple[int, str | None, str | None], list[Line]] = defaultdict(list)
    for line in untabled:
        meetings[(line.round, line.ns, line.ew)].append(line)
    def order(item: tuple[tuple[int, str | None, str | None], list[Line]]) -> tuple[Any, ...]:
        (number, ns, ew), lines = item
        return number, min(line.board for line in lines), _natural(ns or ""), _natural(ew or "")

    for meeting, lines in sorted(meetings.items(), key=order):
        if meeting not in tables:
            where = (lines[0].section, meeting[0])
            last[where] += 1
            tables[meeting] = last[where]
        for line in lines:
            line.table = tables[meeting]


def place_participants(event: Any, session: Session) -> list[dict[str, Any]]:
    """The pairs to read from a USEBIO event: in a file of several sections, each pair listed
    outside them (one PARTICIPANTS for the whole event, the traveller lines in SECTIONs) is put
    in its section (`SECTION`) when the file tells which: the section the PAIR names
    (read_usebio); else the one section whose travellers have its number (and no pair of its own
    so numbered), when no other pair listed outside has that number (and direction); else, where
    several sections number their pairs alike, the order listed: the list numbers its pairs again
    from the start once for each section without pairs of its own, in the sections' order, each
    time with numbers of that section, and is not one ranking over all (its places never fall
    back). A pair the file does not place so is left out, its names
    and its figures, rather than given to a section by a guess; the session says which
    (names_unplaced, names_unknown) and which were placed by the order listed (names_by_order)."""
    played = {line.section for line in event.lines if line.section is not None}
    order = [section for section in event.sections if section in played]
    if len(order) < 2:
        return event.participants
    used = numbered_in_sections(lines=event.lines)  # pair number -> the sections whose travellers have it
    listed = {(data["SECTION"], *_direction_number(data)) for data in event.participants if data.get("SECTION")}
    loose = [data for data in event.participants if not data.get("SECTION") and _direction_number(data)[1]]
    named = [data for data in loose if data.get("SECTION_NAMED")]
    session.names_unknown = [(_direction_number(data)[1], data["SECTION_NAMED"]) for data in named]
    loose = [data for data in loose if not data.get("SECTION_NAMED")]

    def candidates(data: dict[str, Any]) -> list[str]:
        direction, number = _direction_number(data)
        return [section for section in order if section in used[number] and (section, direction, number) not in listed]

    could_be = {id(data): candidates(data) for data in loose}  # each pair's possible sections
    # a number one section's travellers have, listed for two pairs (A's pair 7 and B's, B's withdrawn):
    # which of them is that section's pair is not said; neither is placed by it
    listings = Counter(_direction_number(data) for data in loose)
    alone = {id(data) for data in loose if listings[_direction_number(data)] == 1}
    unsure = [data for data in loose if len(could_be[id(data)]) > 1
              or (len(could_be[id(data)]) == 1 and id(data) not in alone)]
    placed = {id(data): could_be[id(data)][0] for data in loose if len(could_be[id(data)]) == 1 and id(data) in alone}
    if any(len(could_be[id(data)]) > 1 for data in loose):
        own = {section for section, *_ in listed}
        by_order = _placed_by_order(loose, [section for section in order if section not in own], used)
        if by_order is not None:
            placed = by_order
            for section in order:
                numbers = [_direction_number(data)[1] for data in loose if placed.get(id(data)) == section]
                if numbers:
                    session.names_by_order.append((section, numbers))
    unplaced = [data for data in unsure if id(data) not in placed]
    session.names_unplaced = [(_direction_number(data)[1], could_be[id(data)]) for data in unplaced]
    left_out = {id(data) for data in named} | {id(data) for data in unplaced}
    for data in loose:
        if id(data) in placed:
            data["SECTION"] = placed[id(data)]
    return [data for data in event.participants if id(data) not in left_out]


def refuse_unsectioned_lines(event: Any) -> None:
    """Refused (ImportRefused): traveller lines outside every SECTION (BOARDs at event level)
    with a pair number that several sections have (their pairs listed in their SECTIONs, each
    numbering from 1): nothing says which section's pair 1 played the line, and two sections'
    lines of one table would be written as one table playing each board twice."""
    having = numbered_in_sections(event.participants, event.lines)
    unsure = [(line.board, number) for line in event.lines if line.section is None
              for number in (_pair_id(line.fields.get("NS_PAIR_NUMBER")), _pair_id(line.fields.get("EW_PAIR_NUMBER")))
              if number is not None and len(having[number]) > 1]
    if unsure:
        board, number = unsure[0]
        sections = [section for section in event.sections if section in having[number]]
        raise ImportRefused(catalogues.word("bridge_import_lines_outside_sections", sections=", ".join(sections),
                                            pair=number, board=board, n=len({id(line) for line in event.lines
                                                                            if line.section is None})))


def section_lines(event: Any, participants: list[dict[str, Any]]) -> None:
    """Traveller lines outside every SECTION (BOARDs at event level) in a file of several
    sections whose tables are numbered alike in two sections (each numbering its tables from 1:
    A's table 1 and B's both in round 1, other pairs at one table) get their section: the one
    their pairs are listed in (`SECTION` of the participants, place_participants), so that the
    sections are scored and their tables numbered on as those of lines inside SECTIONs
    (section_scoring, field_tables), their pairs numbered as the section's (`A-1`,
    _section_pair_numbers: the sections are given before the pair numbers are read). A line
    whose section cannot be told, its two pairs in two sections or one in none, is refused
    (ImportRefused), said where, before anything is written; a line of one pair (a sit-out)
    gets its pair's section when that is one. Files without that (one section; lines without
    round or table numbers, whose meetings paibang seats (seat_meetings); no table played by
    other pairs in a round, or by other pairs of one section only) are left as they are."""
    loose = [line for line in event.lines if line.section is None]
    if len(event.sections) < 2 or not any(line.fields.get("ROUND_NUMBER") or line.fields.get("TABLE_NUMBER")
                                          for line in loose):
        return

    def pairs(line: Any) -> tuple[str | None, str | None]:
        return _pair_id(line.fields.get("NS_PAIR_NUMBER")), _pair_id(line.fields.get("EW_PAIR_NUMBER"))

    default_round = round_of_lines_without_one(event)

    def where(line: Any) -> dict[str, int]:
        return {"board": line.board, "table": small_int(line.fields.get("TABLE_NUMBER")) or 0,
                "round": _round_number(line.fields.get("ROUND_NUMBER")) or default_round}

    played = [line for line in loose if None not in pairs(line)]
    at: dict[tuple[int, int], list[Any]] = defaultdict(list)
    for line in played:
        at[(where(line)["round"], where(line)["table"])].append(line)
    shared = [lines for lines in at.values() if len({frozenset(pairs(line)) for line in lines}) > 1]
    if not shared:
        return
    listed = numbered_in_sections(participants)  # pair number -> the sections it is listed in

    def told(line: Any) -> str | None:
        found = [listed[pair] for pair in pairs(line) if pair is not None]
        return next(iter(found[0])) if found and len(found[0]) == 1 and all(one == found[0] for one in found) else None

    # other pairs at a table, all of one section (a file without round numbers): no section tells them apart
    if not any(len({told(line) for line in lines}) > 1 or told(lines[0]) is None for lines in shared):
        return
    for line in played:
        if told(line) is not None:
            continue
        ns_pair, ew_pair = pairs(line)
        ns, ew = listed[ns_pair or ""], listed[ew_pair or ""]
        if ns and ew:
            raise ImportRefused(catalogues.word("bridge_import_line_two_sections", ns=ns_pair, ew=ew_pair,
                                                ns_section="/".join(sorted(ns)), ew_section="/".join(sorted(ew)),
                                                **where(line)))
        raise ImportRefused(catalogues.word("bridge_import_line_no_section", pair=ew_pair if ns else ns_pair,
                                            sections={locale: catalogues.joiner(locale).join(event.sections)
                                                      for locale in catalogues.LOCALES}, **where(line)))
    for line in loose:
        line.section = told(line)


def numbered_in_sections(participants: Iterable[dict[str, Any]] = (),
                         lines: Iterable[Any] = ()) -> defaultdict[str, set[str]]:
    """Pair number -> the sections that list a pair so numbered (`participants` given a
    `SECTION`) or have a traveller line with it (`lines` in a SECTION); any other number: none."""
    found: defaultdict[str, set[str]] = defaultdict(set)
    for data in participants:
        number = _pair_id(data.get("PAIR_NUMBER"))
        if number is not None and data.get("SECTION"):
            found[number].add(data["SECTION"])
    for line in lines:
        for name in ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER"):
            number = _pair_id(line.fields.get(name))
            if line.section is not None and number is not None:
                found[number].add(line.section)
    return found


def _direction_number(data: dict[str, Any]) -> tuple[str, str]:
    """A USEBIO PAIR's direction (`NS`, `EW` or "") and number ("" without one)."""
    return (data.get("DIRECTION") or "").upper(), _pair_id(data.get("PAIR_NUMBER")) or ""


def _placed_by_order(loose: list[dict[str, Any]], sections: list[str], used: dict[str, set[str]]) -> dict[int, str] | None:
    """id(pair) -> section, when the pairs listed outside the sections are one run a section:
    a run ends where a pair number (of the same direction) comes again, the runs as many as the
    `sections` (without pairs of their own, in the file's order), every number of a run one its
    section's travellers have, and the places, when every pair has one, falling back somewhere
    (a list by places over all is no list by section). None otherwise."""
    runs: list[list[dict[str, Any]]] = [[]]
    for data in loose:
        if any(_direction_number(other) == _direction_number(data) for other in runs[-1]):
            runs.append([])
        runs[-1].append(data)
    if len(runs) != len(sections):
        return None
    if any(section not in used[_direction_number(data)[1]] for run, section in zip(runs, sections) for data in run):
        return None
    places = [small_int((data.get("PLACE") or "").rstrip("=")) for data in loose]
    known = [place for place in places if place is not None]
    if len(runs) > 1 and len(known) == len(places) and all(a <= b for a, b in zip(known, known[1:])):
        return None
    return {id(data): section for run, section in zip(runs, sections) for data in run}


def _section_pair_numbers(event: Any) -> Any:
    """How a pair number of a section reads: as written, unless two sections use the same
    numbers (each numbering its pairs from 1, where scorer-to-usebio writes `(A) 1 NS`): then
    with its section, `A-1`, so that section A's pair 1 and section B's are two pairs."""
    shared = any(len(sections) > 1 for sections in numbered_in_sections(event.participants, event.lines).values())
    names = [data["SECTION"] for data in event.participants if data.get("SECTION")] + [line.section for line in event.lines
                                                                                      if line.section]
    tags = section_tags(list(dict.fromkeys(names)))

    def qualify(number: str | None, section: str | None) -> str | None:
        return f"{tags[section]}-{number}" if shared and number is not None and section else number

    return qualify


def section_tags(sections: list[str]) -> dict[str, str]:
    """Each section's tag before its pair numbers (`A-1`): its name when that is a short ASCII
    letter or number (A, 2, B1), else `S<its place>` (甲组: S1); unique across the file, letters
    of either case alike (A and a: A and S2)."""
    found: dict[str, str] = {}
    used: set[str] = set()
    for index, section in enumerate(sections, start=1):
        tag = section if re.fullmatch(r"[A-Za-z0-9]{1,3}", section) else f"S{index}"
        if tag.lower() in used:
            tag = f"S{index}"
        base = tag
        tag = unused(tag, lambda given: given.lower() in used, lambda more: f"{base}x{more}")
        used.add(tag.lower())
        found[section] = tag
    return found


_COMPSCORE_ADJUSTED = re.compile(r"^A(\d{2})(\d{2})$")


def _compscore_adjusted(score: str | None) -> str | None:
    """Compscore writes an adjusted board in SCORE, NS's percentage then EW's: `A6040` is
    A+/A- (60 % / 40 %), `A5050` A=/A=; as the `A+/A-` or `60%/40%` paibang reads."""
    match = _COMPSCORE_ADJUSTED.match((score or "").strip())
    if not match:
        return None
    ns, ew = int(match.group(1)), int(match.group(2))
    words = {60: "A+", 50: "A=", 40: "A-"}
    return f"{words[ns]}/{words[ew]}" if ns in words and ew in words else f"{ns}%/{ew}%"


def seat_meetings(session: Session) -> None:
    """Rounds and tables for a file that gives neither (Compscore's USEBIO: only the pairs and
    the board of each traveller line): each meeting of an NS and an EW pair is one table, in the
    first round, by its lowest board, where neither pair is seated yet; a pair seated in no table
    of a round sits it out. Matchpoints and totals compare boards across the field and do not
    depend on the rounds; a movement page shows these rounds.

    Where a pair's number is the pair whichever way it sits (a Howell: no number plays a board
    twice, none listed in both directions), a meeting is its two pairs whichever way a line
    writes them: Compscore's mp_pairs_howell writes board 15 of P4 v P2 with P2 NS, boards 13-14
    with P4 NS. Seated as a meeting of its own, that line took a round, and every later meeting
    of its pairs moved a round on (10 rounds for 9, pairs meeting twice). The meeting is seated
    by its lines the way most of them are written; a line written the other way (turned) keeps
    its own seats, since its score is NS's of that line, and a table's pairs sit one way for
    all its boards: it is written at a table of a round after the movement's (said, with the
    meeting's round and table, in say_turned)."""
    for line in session.lines:
        if line.given_table is None:  # (a section seated again, section_sessions: its file's tables as first read)
            line.given_table = line.table
    per_pair: dict[tuple[int, str | None], int] = Counter(
        (line.board, pair) for line in session.lines for pair in (line.ns, line.ew))
    listed = {pair.id for pair in session.pairs.values() if pair.direction == "NS"} & {
        pair.id for pair in session.pairs.values() if pair.direction == "EW"}
    # Told section by section (a pair is one section's): a Howell beside a Mitchell that numbers
    # NS 1 and EW 1 alike in one file is still a Howell, its meetings its pairs either way.
    not_one = {line.section for line in session.lines
               if line.ns == line.ew or {line.ns, line.ew} & listed
               or per_pair[(line.board, line.ns)] > 1 or per_pair[(line.board, line.ew)] > 1}
    apart = sides_apart(session)
    meetings: dict[Any, list[Line]] = {}
    for line in session.lines:
        key = (line.section, frozenset((line.ns, line.ew)) if line.section not in not_one else (line.ns, line.ew))
        meetings.setdefault(key, []).append(line)
    # who sits where: a pair's number, or in a section numbering NS and EW alike its direction and
    # number (NS 3 and EW 3 are two pairs: seated as one, they never met in a round nor sat in the same
    # round, and a 13-round Mitchell took 28)
    seated: list[set[Any]] = []
    # a round's tables numbered in each section apart, as seat_tables numbers them (field_tables
    # numbers them on when the sections are one stage)
    tables: dict[tuple[int, str | None], int] = Counter()
    turned: list[tuple[list[Line], tuple[str, str], Line]] = []  # lines written the other way, their meeting's NS v EW, one of its lines

    def seat(pairs: tuple[str, str], lines: list[Line], first: int = 0) -> None:
        sitting = {("NS", pairs[0]), ("EW", pairs[1])} if lines[0].section in apart else set(pairs)
        number = next((i for i, met in enumerate(seated) if i >= first and not sitting & met), max(len(seated), first))
        while number >= len(seated):
            seated.append(set())
        seated[number] |= sitting
        tables[(number, lines[0].section)] += 1
        for line in lines:
            line.round, line.table = number + 1, tables[(number, lines[0].section)]

    def ways(lines: list[Line]) -> tuple[tuple[str, str], list[Line], list[Line]]:
        """The meeting's NS and EW (as most of its lines write them; as its lowest board's, when as
        many are written each way), its lines so written, the others."""
        counts = Counter((line.ns, line.ew) for line in lines)
        lowest = min(lines, key=lambda line: line.board)
        way = max(counts, key=lambda w: (counts[w], w == (lowest.ns, lowest.ew)))
        return way, [line for line in lines if (line.ns, line.ew) == way], [line for line in lines if (line.ns, line.ew) != way]  # type: ignore[return-value]

    found = [(min(line.board for line in lines), *ways(lines)) for lines in meetings.values()]
    # pair ids as numbers (1NS, 2NS … 10NS): by their text, 10NS came before 2NS and sat at table 1
    for _, way, own, other in sorted(found, key=lambda item: (item[0], _natural(item[1][0] or ""), _natural(item[1][1] or ""))):
        seat(way, own)
        if other:
            turned.append((other, way, own[0]))
    movement = len(seated)
    mitchell_tables(session, turned, apart)
    playing = set().union(*seated) if seated else set()

    def order(pair: Any) -> tuple[Any, ...]:
        return (*_natural(pair[1]), pair[0] == "EW") if isinstance(pair, tuple) else _natural(pair)

    for number, pairs in enumerate(seated, start=1):
        for pair in sorted(playing - pairs, key=order):
            side, pair = pair if isinstance(pair, tuple) else (None, pair)
            if (number, pair) not in session.sit_outs:
                session.sit_outs.append((number, pair))
            if side is not None:
                sit_out_side(session, number, pair, side)
    for other, way, first in turned:
        seat((other[0].ns, other[0].ew), other, movement)  # type: ignore[arg-type]
    file_tables(session)
    for other, way, first in turned:
        session.turned.append((other, way, (first.round, first.table)))


def file_tables(session: Session) -> None:
    """The file's own table numbers for the meetings seat_meetings seated, where it gives them
    and they fit its rounds: each meeting at one table the file names, no two meetings of a round
    (of a section) at one table. A file giving tables and no rounds had them renumbered from the
    movement (a Mitchell's NS pair k at table k), and the director's table 5 became another
    number on every page. When they do not fit (a table holding two meetings of a round, a
    meeting written at two tables), the movement's are kept and the first such is said
    (tables_unfit, say_tables)."""
    if not any(line.given_table for line in session.lines):
        return  # the file gives no tables
    given: dict[tuple[str | None, int, int], set[int]] = defaultdict(set)
    pairs: dict[tuple[str | None, int, int], Line] = {}
    for line in session.lines:
        given[(line.section, line.round, line.table)].add(line.given_table or 0)
        pairs.setdefault((line.section, line.round, line.table), line)
    held: dict[tuple[str | None, int, int], Line] = {}
    for key, found in sorted(given.items(), key=lambda item: (str(item[0][0]), item[0][1], item[0][2])):
        line = pairs[key]
        if len(found) > 1 or 0 in found:
            tables = ", ".join([str(table) for table in sorted(found) if table] + ["-"] * (0 in found))  # (-: a row giving none)
            session.tables_unfit = ("tables_unfit_split", {"ns": line.ns, "ew": line.ew, "tables": tables,
                                                           "round": line.round})
            return
        table = next(iter(found))
        other = held.setdefault((key[0], key[1], table), line)
        if other is not line:
            session.tables_unfit = ("tables_unfit_shared", {"table": table, "round": line.round, "ns": other.ns,
                                                            "ew": other.ew, "ns2": line.ns, "ew2": line.ew})
            return
    for line in session.lines:
        line.table = line.given_table  # type: ignore[assignment]


def sides_apart(session: Session) -> set[str | None]:
    """The sections whose NS and EW pairs are numbered alike, each number two pairs (NS 3 and EW
    3), as the file tells it: a line of NS 3 v EW 3, a number the file's pairs list in both
    directions, or a number playing a board both NS and EW (no pair plays a board twice). The
    same file with each direction's numbers written apart (3NS, 3EW) is seated alike."""
    listed = {(pair.section, pair.id) for pair in session.pairs.values() if pair.direction == "NS"} & {
        (pair.section, pair.id) for pair in session.pairs.values() if pair.direction == "EW"}
    sides: dict[tuple[str | None, int, str | None], set[str]] = defaultdict(set)
    for line in session.lines:
        sides[(line.section, line.board, line.ns)].add("NS")
        sides[(line.section, line.board, line.ew)].add("EW")
    return ({line.section for line in session.lines if line.ns == line.ew}
            | {line.section for line in session.lines for pair in (line.ns, line.ew) if (line.section, pair) in listed}
            | {section for (section, _, _), found in sides.items() if len(found) == 2})


def sit_out_side(session: Session, number: int, pair: str, side: str) -> None:
    """Pair `pair` sits out round `number` in direction `side` (NS, EW): its entry is the pair of
    that direction where NS and EW pairs are numbered alike (entry_ids)."""
    found = session.sit_out_sides.get((number, pair), ())
    if side not in found:
        session.sit_out_sides[(number, pair)] = tuple(d for d in ("NS", "EW") if d in found or d == side)


def sit_out_directions(session: Session, number: int, pair: str) -> tuple[str, ...]:
    """The directions pair `pair` sits out round `number` in (sit_out_side): NS unless told."""
    return session.sit_out_sides.get((number, pair)) or ("NS",)


def mitchell_tables(session: Session, turned: list[Any], apart: set[str | None] = frozenset()) -> None:
    """A Mitchell's tables as its NS pairs' (seat_meetings): NS pair k stays at table k all
    session, as it does in the room, and the tables of a round are not those of the order its
    meetings were seated in (Compscore's 19-table Mitchell had 10NS at table 1, 1NS at table 11:
    the travellers, the draw notice and a corrected file's "table 11, board 1" sent the director
    to the wrong table). A Mitchell here: no pair sits both ways and no meeting is written both
    ways. Table k is its place among the NS pairs, their numbers as numbers: NS pair k's, when
    they are 1 … n. Each section on its own (its tables numbered apart, as seat_meetings seats
    them): a Howell section beside it left the whole file's tables in the order seated. A section
    numbering NS and EW alike (`apart`, sides_apart) is a Mitchell too: its NS 3 and EW 3 are two
    pairs, each sitting one way."""
    by_section: dict[str | None, list[Line]] = {}
    for line in session.lines:
        by_section.setdefault(line.section, []).append(line)
    turning = {lines[0].section for lines, _, _ in turned}
    for section, lines in by_section.items():
        ns = {line.ns for line in lines}
        if section in turning or (section not in apart and ns & {line.ew for line in lines}) or None in ns:
            continue
        table = {pair: place for place, pair in enumerate(sorted(ns, key=_natural), start=1)}  # type: ignore[arg-type]
        for line in lines:
            line.table = table[line.ns]  # type: ignore[index]


# --- team events: one PBN game per table result ---------------------------------------------------


@dataclass
class TeamLine:
    """One room's result of one board (a team file's game): the team sitting NS and EW."""

    board: int
    table: int
    ns: str
    ew: str
    record: BoardRecord | AdjustedRecord | None
    score: int | None  # [Score "NS x"], USEBIO's SCORE
    imps: str | None  # the NS IMPs of [ScoreIMP "NS a EW -a"], USEBIO's IMPS of the team sitting NS
    players: dict[str, str] = field(default_factory=dict)
    round: int = 1
    room: str | None = None  # open | closed when the file says
    placeholders: dict[str, str] = field(default_factory=dict)  # seat -> a name the file holds no one's (PLACEHOLDER)
    at: int | None = None  # the file's line (a PBN game's Contract tag): what the trial names
    teams_at: int | None = None  # the line naming its teams (HomeTeam), for a match's header lines


@dataclass
class Team:
    name: str
    players: list[str] = field(default_factory=list)
    figures: dict[str, str] = field(default_factory=dict)  # Rank, TotalVP, as published


@dataclass
class TeamsSession:
    program: str
    title: str
    date: str | None
    round: int
    lines: list[TeamLine] = field(default_factory=list)
    teams: dict[str, Team] = field(default_factory=dict)  # file's team number or name -> team
    match_vp: dict[tuple[int, str, str], tuple[str, str]] = field(default_factory=dict)  # (round, team, opponent) -> VPs
    # the file gives no rounds and paibang seated its matches by their boards (seat_team_rounds):
    # each round's lowest and highest board, in turn
    seated: list[tuple[int, int]] = field(default_factory=list)
    # team -> the names no person has among the players the file lists for it (USEBIO's
    # PARTICIPANTS; a PBN's seats are each line's placeholders): not written as players
    placeholders: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))

    def __post_init__(self) -> None:
        self.program, self.title = one_line(self.program, MAX_PROGRAM_CHARS), one_line(self.title, MAX_NAME_CHARS)


@dataclass
class Meeting:
    """One match as a file gives it, before it has a round: its two teams, its rooms' lines, and
    the file's line it starts on (a USEBIO MATCH; a PBN file's first game of the two teams)."""

    home: str
    away: str
    lines: list[TeamLine]
    at: int | None


def seat_team_rounds(meetings: list[Meeting],
                     refuse: Callable[[Meeting, Meeting, str, str], ImportRefused]) -> list[tuple[int, int]]:
    """Rounds for a teams file that gives none (no MATCH has a ROUND_NUMBER, no game a [Round]).

    Each team playing one match: one round, round 1 (a file of one round, as RealBridge's
    `Open R2`). A team playing several: the boards tell the rounds where they can, as a teams
    event deals each round its own boards (1-8 round 1, 9-16 round 2; paibang's own files, the
    demo's): matches playing the same boards (one shared, or through other matches) are one
    round, boards apart are rounds apart, in the order of their boards, each team once a round.
    Where a team plays twice on the same boards (every round dealt 1-8 again), the file is
    refused (`refuse`: the team's first match there, its second, the team, the boards), not
    seated in the file's order, because that order is not the rounds': a file may list its
    matches by table or by team, a Swiss's rounds are its draw's, and a triangle (three teams
    in one round, three MATCHes sharing a ROUND_NUMBER, as clubs' programs write it) is no two
    rounds. Seated wrongly, every total would be right and the round pages and the draw's
    history wrong, with nothing to say so; the secretary knows the rounds, and the scoring
    program has them. Returns each round's lowest and highest board when the boards told
    several rounds (said at import), else []."""
    meetings = [meeting for meeting in meetings if meeting.lines]
    played = Counter(team for meeting in meetings for team in {meeting.home, meeting.away})
    if all(count == 1 for count in played.values()):
        for meeting in meetings:
            for line in meeting.lines:
                line.round = 1
        return []
    # boards played in one match are one round: a union of the boards each match joins
    parent: dict[int, int] = {}

    def root(board: int) -> int:
        while parent.setdefault(board, board) != board:
            parent[board] = parent[parent[board]]
            board = parent[board]
        return board

    for meeting in meetings:
        boards = sorted({line.board for line in meeting.lines})
        for board in boards[1:]:
            parent[root(board)] = root(boards[0])
    rounds: dict[int, list[Meeting]] = defaultdict(list)
    for meeting in meetings:
        rounds[root(meeting.lines[0].board)].append(meeting)
    ordered = sorted(rounds.values(), key=lambda found: min(line.board for m in found for line in m.lines))
    for found in ordered:
        boards = sorted({line.board for m in found for line in m.lines})
        first: dict[str, Meeting] = {}
        for meeting in found:
            for team in (meeting.home, meeting.away):
                if team in first and first[team] is not meeting:
                    raise refuse(first[team], meeting, team, f"{boards[0]}-{boards[-1]}")
                first[team] = meeting
    for number, found in enumerate(ordered, start=1):
        for meeting in found:
            for line in meeting.lines:
                line.round = number
    return [(min(line.board for m in found for line in m.lines), max(line.board for m in found for line in m.lines))
            for found in ordered] if len(ordered) > 1 else []


def read_teams_session(parsed: list[PbnGame]) -> TeamsSession | None:
    """A file of table results with HomeTeam (sitting NS) and VisitTeam (EW), as team events'
    programs write them, from its games (parse_pbn); None when the file is not one. The teams a
    match writes once are added to the games after it (_inherit_teams): its deals, read after,
    are not read from those tags."""
    from generator.interchange.pbn import _score_value

    _inherit_teams(parsed)
    games = [g for g in parsed if g.get("HomeTeam") and g.get("VisitTeam") and small_int(g.get("Board"))]
    if not games:
        return None
    first = games[0]
    found = TeamsSession("PBN", first.get("Event") or "", first.get("Date"), small_int(first.get("Round")) or 1)
    given, lacking = rounds_given(games, lambda game: game.get("Round"))
    if len(given) > 1 and lacking:  # a game of several rounds without its own: refused, as a USEBIO MATCH
        game = lacking[0]
        raise ImportRefused(catalogues.word(
            "bridge_import_game_no_round", line=game.lines.get("Board", game.line), board=small_int(game.get("Board")),
            home=game.get("HomeTeam").strip(), away=game.get("VisitTeam").strip(),  # type: ignore[union-attr]
            rounds=f"{given[0]}-{given[-1]}", n=len(lacking)))
    # the standings the file publishes (paibang's own: TeamId, TotalScoreVP, TotalScoreIMP,
    # Rank, Names), compared as a USEBIO file's PLACE and TOTAL_SCORE are
    table = next((t for g in parsed if (t := g.table("TotalScoreTable")) is not None), None)
    rows = [(number, row) for row in (table.rows if table is not None else [])
            if (number := (_first_of(row, "TeamId", "Team", "TeamNumber") or "").strip())]
    playing = {(game.get(name) or "").strip() for game in games for name in ("HomeTeam", "VisitTeam")}
    if not any(number in playing for number, _ in rows):
        rows = []  # a table numbering its teams otherwise than the games name them: nothing to tell whose
    for number, row in rows:
        figures = {column: value.strip() for column in ("Rank", "TotalScoreVP", "TotalScoreIMP")
                   if (value := row.get(column)) is not None and value.strip() not in ("", "-")}
        found.teams[number] = Team((row.get("Names") or "").strip() or number, [], figures)
    meetings: dict[frozenset[str], Meeting] = {}
    for game in games:
        board = small_int(game.get("Board")) or 0
        record = (record_from(board, game.get("Contract"), game.get("Declarer"), game.get("Result"))
                  or adjusted_from(board, game.get("Contract"), game.get("ScorePercentage")))
        imps = None
        words = (game.get("ScoreIMP") or "").replace("+", "").split()
        if len(words) >= 2 and words[0].upper() == "NS":
            imps = words[1]
        players = {seat: re.sub(r"#.*$", "", game.get(name) or "").strip()
                   for seat, name in (("N", "North"), ("S", "South"), ("E", "East"), ("W", "West"))}
        # the program's placeholders (Dummy 3#), and the names pairs sessions take for no person's
        # (DIRECTOR, TD, Phantom, Sitout …: NOT_A_PERSON)
        placeholders = {seat: players.pop(seat) for seat, name in (("N", "North"), ("S", "South"), ("E", "East"),
                                                                    ("W", "West"))
                        if PLACEHOLDER.match(game.get(name) or "") or NOT_A_PERSON.match(players[seat])}
        room = (game.get("Room") or "").strip().lower() or None
        line = TeamLine(board, small_int(game.get("Table")) or 0, game.get("HomeTeam").strip(),  # type: ignore[union-attr]
                        game.get("VisitTeam").strip(), record, _score_value(game.get("Score")), imps,  # type: ignore[union-attr]
                        players, _round_number(game.get("Round")) or (given[0] if given else 1),
                        room if room in ("open", "closed") else None, placeholders,
                        game.lines.get("Contract", game.line) or None, game.lines.get("HomeTeam") or None)
        found.lines.append(line)
    _seat_home_team_by_room(found.lines)
    for line, game in zip(found.lines, games):
        meetings.setdefault(frozenset((line.ns, line.ew)), Meeting(line.ns, line.ew, [], game.lines.get("Board", game.line))
                            ).lines.append(line)
    if not given:
        # not one event's matches without their rounds but several events' games (rpbridge's
        # compendium: World Championship, Spingold …): said so, not told to add [Round] tags
        events = _events_of(parsed)
        if len(events) > 1:
            raise ImportRefused(catalogues.word("bridge_import_several_events", n=len(events),
                                                events="; ".join(f"{name} ({count})" for name, count in events.items())))

        def refuse(first: Meeting, second: Meeting, team: str, boards: str) -> ImportRefused:
            return ImportRefused(catalogues.word(
                "bridge_import_game_rounds_unknown", line=second.at or "?", home=second.home, away=second.away, team=team,
                first_home=first.home, first_away=first.away, first_line=first.at or "?", boards=boards))

        found.seated = seat_team_rounds(list(meetings.values()), refuse)
    return found


def _events_of(games: list[PbnGame]) -> dict[str, int]:
    """Each event a PBN file's games name ([Event], carried on to the games after it that leave
    it out, as a compendium writes it once for a run of games), in order: how many games it has."""
    found: dict[str, int] = {}
    name = ""
    for game in games:
        written = (game.get("Event") or "").strip()
        name = written if written not in ("", "?") else name  # `?`: PBN's unknown, no event
        if name:
            found[name] = found.get(name, 0) + 1
    return found


# A seat the file fills with no one: RealBridge's export (eoq2021) writes each player as
# `Name#<member number>` and a seat it has no player for as `Dummy 3#`, a numbered "Dummy" with
# no member number. Such names are the program's placeholders, not people: never written as
# players (the import says so, say_placeholders).
PLACEHOLDER = re.compile(r"^\s*dummy\s*\d+\s*#\s*$", re.IGNORECASE)


def _inherit_teams(games: list[PbnGame]) -> None:
    """A match's teams written once: BBO's vugraph converted to PBN (LinToPbnConverter: the 2015
    Bermuda Bowl final, SWEDEN v POLAND) gives HomeTeam and VisitTeam in its first game only, each
    later game its Event, Board and Room. A game with a Room and neither team takes the teams of
    the game before it of the same Event that names them."""
    last: tuple[str | None, str, str] | None = None
    for game in games:
        home, away = game.get("HomeTeam"), game.get("VisitTeam")
        if home and away:
            last = (game.get("Event"), home, away)
        elif (last is not None and home is None and away is None and game.get("Room") and small_int(game.get("Board"))
              and game.get("Event") == last[0]):
            game.tags["HomeTeam"], game.tags["VisitTeam"] = last[1], last[2]


def _seat_home_team_by_room(lines: list[TeamLine]) -> None:
    """A file may keep a match's HomeTeam and VisitTeam the same in both rooms, the Room telling
    who sits where: the home team NS in the open room, EW in the closed (the EBL's European Youth
    Teams file: J-germany v J-austria, Room "Closed", Austria's players North-South). Where a
    board's open and closed rooms name the same teams the same way and no game names them the
    other way round, the closed room's teams are seated so (paibang's own export names the team
    sitting NS HomeTeam, in each room: left as it is)."""
    by_key: dict[tuple[int, int, str, str], list[TeamLine]] = defaultdict(list)
    for line in lines:
        by_key[(line.round, line.board, line.ns, line.ew)].append(line)
    for (number, board, ns, ew), found in by_key.items():
        if sorted(str(line.room) for line in found) == ["closed", "open"] and (number, board, ew, ns) not in by_key:
            closed = next(line for line in found if line.room == "closed")
            closed.ns, closed.ew = ew, ns


def _first_of(row: dict[str, str | None], *names: str) -> str | None:
    return next((row[name] for name in names if row.get(name) is not None), None)


# How a MATCH names its two teams: TEAM and OPPOSING_TEAM as the clubs' programs write them and
# the readers of USEBIO read them (marcshearer/ImportUsebio's Usebio Parser.swift), or
# TEAM_NUMBER and OPPOSING_TEAM_NUMBER as paibang wrote them before it wrote TEAM.
MATCH_TEAM = ("TEAM", "TEAM_NUMBER")
MATCH_OPPONENT = ("OPPOSING_TEAM", "OPPOSING_TEAM_NUMBER")


def _given(data: dict[str, Any], names: tuple[str, ...]) -> str:
    """The first of `names` the element gives, stripped; "" when it gives none."""
    return next((value for name in names if (value := (data.get(name) or "").strip())), "")


def _seated(line: dict[str, str], home: str, away: str) -> tuple[str, str]:
    """The teams sitting NS and EW at a MATCH's TRAVELLER_LINE. DIRECTION NS or EW (the
    clubs' programs, ImportUsebio) is the direction the MATCH's TEAM sat, its NS_PAIR_NUMBER and
    EW_PAIR_NUMBER then the pairs' numbers, not the teams'; otherwise (DIRECTION OPEN or CLOSED,
    paibang's own) NS_PAIR_NUMBER and EW_PAIR_NUMBER are the teams."""
    direction = (line.get("DIRECTION") or "").strip().upper()
    if direction in ("NS", "N", "S"):
        return home, away
    if direction in ("EW", "E", "W"):
        return away, home
    return (line.get("NS_PAIR_NUMBER") or "").strip(), (line.get("EW_PAIR_NUMBER") or "").strip()


def _opposite(imps: str) -> str | None:
    """The other team's IMPs on a board, from one team's as the file writes them (None when
    they are not a number: the figure is then not compared)."""
    try:
        return str(-Decimal(imps.strip()) + 0)
    except InvalidOperation:
        return None


def read_usebio_teams(event: Any) -> TeamsSession:
    """A USEBIO teams event: PARTICIPANTS / TEAM, one MATCH per match (its TEAM and
    OPPOSING_TEAM) with each BOARD's two TRAVELLER_LINEs, their seating told by DIRECTION
    (_seated). A MATCH that does not say its two teams is refused, never left out: its boards
    would be lost from every total with nothing to say so."""
    found = TeamsSession("USEBIO", event.description or "", event.date, 1)
    for data in event.participants:
        number = (data.get("TEAM_NUMBER") or data.get("TEAM_ID") or data.get("TEAM_NAME") or "").strip()
        if not number:
            continue
        figures = {}
        if (data.get("PLACE") or "").rstrip("="):
            figures["Rank"] = data["PLACE"].rstrip("=")
        if data.get("TOTAL_SCORE"):
            figures["TotalVP"] = data["TOTAL_SCORE"]
        listed = [n for n in data.get("PLAYERS", []) if n]
        found.placeholders[number] |= {n for n in listed if NOT_A_PERSON.match(n)}
        found.teams[number] = Team(data.get("TEAM_NAME") or number, [n for n in listed if not NOT_A_PERSON.match(n)], figures)
    given, lacking = rounds_given(event.matches, lambda match: match.get("ROUND_NUMBER"))
    if len(given) > 1 and lacking:  # a match of several rounds without its own: refused, as a pairs line (round_of_lines_without_one)
        match = lacking[0]
        raise ImportRefused(catalogues.word(
            "bridge_import_match_no_round", line=event.line_of("MATCH", match["AT"]) or "?",
            home=_given(match, MATCH_TEAM) or "-", away=_given(match, MATCH_OPPONENT) or "-",
            table=(match.get("TABLE_NUMBER") or "").strip() or "-", rounds=f"{given[0]}-{given[-1]}", n=len(lacking)))
    meetings: list[Meeting] = []
    placed: Counter[int] = Counter()  # matches read so far a round
    for match in event.matches:
        number = _round_number(match.get("ROUND_NUMBER")) or (given[0] if given else 1)
        placed[number] += 1
        # no TABLE_NUMBER (the clubs' programs write none): the match's place in its round
        table = small_int(match.get("TABLE_NUMBER")) or placed[number]
        home, away = _given(match, MATCH_TEAM), _given(match, MATCH_OPPONENT)
        if not home or not away:
            raise ImportRefused(catalogues.word(
                "bridge_import_match_no_teams", line=event.line_of("MATCH", match["AT"]) or "?",
                missing=" / ".join(names[0] for names, read in ((MATCH_TEAM, home), (MATCH_OPPONENT, away)) if not read),
                home=home or "-", away=away or "-", round=(match.get("ROUND_NUMBER") or "").strip() or "-",
                n=len(match.get("BOARDS", []))))
        meeting = Meeting(home, away, [], match["AT"])
        meetings.append(meeting)
        if match.get("VICTORY_POINTS") and match.get("OPPOSING_TEAM_VICTORY_POINTS"):
            found.match_vp[(number, home, away)] = (match["VICTORY_POINTS"], match["OPPOSING_TEAM_VICTORY_POINTS"])
        elif event.match_scoring == "VPS" and match.get("TEAM_SCORE") and match.get("OPPOSING_TEAM_SCORE"):
            # the clubs' programs give a match's VPs as its TEAM_SCORE, in the event's match scoring
            found.match_vp[(number, home, away)] = (match["TEAM_SCORE"], match["OPPOSING_TEAM_SCORE"])
        for board in match.get("BOARDS", []):
            board_number = small_int(board.get("BOARD_NUMBER")) or 0
            adjusted = parse_adjusted(board_number, (board.get("ADJUSTED_SCORE") or "").strip() or None)
            if adjusted is not None and not board.get("LINES"):
                # the board's adjusted score, both rooms (paibang's export): from the MATCH's
                # TEAM's side, who sits NS in the open room; the closed room the other way
                closed = AdjustedRecord(board_number, adjusted.ew, adjusted.ns)
                for ns, ew, record, imps in ((home, away, adjusted, board.get("IMPS")),
                                             (away, home, closed, board.get("OPPOSING_TEAM_IMPS")
                                              or (_opposite(board["IMPS"]) if board.get("IMPS") else None))):
                    found.lines.append(TeamLine(board_number, table, ns, ew, record, None, imps or None, {}, number,
                                                "open" if ns == home else "closed"))
                    meeting.lines.append(found.lines[-1])
                continue
            for line in board.get("LINES", []):
                room = (line.get("DIRECTION") or "").strip().lower()
                ns, ew = _seated(line, home, away)
                contract = (line.get("CONTRACT") or "").replace("*", "X").replace(" ", "")  # `4 H` as clubs write it
                record = record_from(board_number, contract, line.get("PLAYED_BY"), line.get("TRICKS"), line.get("LEAD"))
                imps = board.get("IMPS") if ns == home else board.get("OPPOSING_TEAM_IMPS")
                if ns == away and not imps and board.get("IMPS"):
                    # a board's IMPS alone is the MATCH's TEAM's: the opponents sitting NS got the opposite
                    imps = _opposite(board["IMPS"])
                found.lines.append(TeamLine(board_number, table, ns, ew, record, small_int(line.get("SCORE")), imps or None,
                                            {}, number, room if room in ("open", "closed") else None))
                meeting.lines.append(found.lines[-1])
    if not given:
        def refuse(first: Meeting, second: Meeting, team: str, boards: str) -> ImportRefused:
            return ImportRefused(catalogues.word(
                "bridge_import_match_rounds_unknown", line=event.line_of("MATCH", second.at) or "?", home=second.home,
                away=second.away, team=team, first_home=first.home, first_away=first.away,
                first_line=event.line_of("MATCH", first.at) or "?", boards=boards))

        found.seated = seat_team_rounds(meetings, refuse)
        # a match's published VPs were kept under round 1: they are the round it is seated in
        for meeting in meetings:
            if meeting.lines and meeting.lines[0].round != 1 and (1, meeting.home, meeting.away) in found.match_vp:
                found.match_vp[(meeting.lines[0].round, meeting.home, meeting.away)] = found.match_vp.pop(
                    (1, meeting.home, meeting.away))
    return found


def safe_id(text: str, prefix: str) -> str:
    """A file's pair number or team name as an entry id (letters, digits, - and _, at most 32,
    starting with a letter or digit), written bare in YAML: a number gets the prefix (7 -> P7),
    other characters become hyphens (CZECH REPUBLIC -> CZECH-REPUBLIC), and YAML's words
    (true, false, null) get the prefix too."""
    if text.isascii() and text.isdigit():
        return f"{prefix}{text}"[:32]
    found = re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-_")[:32]
    if not found or not found[:1].isalnum() or found.isdigit() or found.lower() in ("true", "false", "null"):
        found = (prefix + found)[:32]
    return found


def team_id(name: str) -> str:
    return safe_id(name, "T")


# round, table, home, away, boards: board -> (open, closed); one of the two None on a board one
# room of which is not in the file, that the file scores (its ScoreIMP): see team_matches
Match = tuple[int, int, str, str, dict[int, tuple[TeamLine | None, TeamLine | None]]]


def team_matches(session: TeamsSession) -> list[Match]:
    """(round, table, home, away, board -> (open, closed)): the two rooms of each board of each
    match; home is the team sitting NS in the open room (the file's open room, else the
    lower-numbered table). A board with one room only (the other not recorded or unreadable) is
    left out: a team board is scored on both rooms; unless the file scores it (the room's
    ScoreIMP): then the board keeps the file's IMPs in its match, the missing room None
    (written `{open: …, imps: n}`), as the file's own totals count it (eoq2021's board 20)."""
    by_key: dict[tuple[int, int, str, str], TeamLine] = {}
    for line in session.lines:
        if line.record is not None:
            by_key.setdefault((line.round, line.board, line.ns, line.ew), line)
    matches: dict[tuple[int, str, str], tuple[int, dict[int, tuple[TeamLine, TeamLine]]]] = {}
    for (number, board, ns, ew), line in by_key.items():
        other = by_key.get((number, board, ew, ns))
        if other is None:
            continue
        order = {"open": 0, "closed": 1, None: 0}
        open_, closed = (line, other) if (order[line.room], line.table, ns) <= (order[other.room], other.table, ew) else (other, line)
        key = (number, open_.ns, open_.ew)
        if (number, open_.ew, open_.ns) in matches:  # the match is known the other way round
            key = (number, open_.ew, open_.ns)
            open_, closed = closed, open_
        table, boards = matches.setdefault(key, (min(line.table, other.table), {}))
        boards[board] = (open_, closed)
    for (number, board, ns, ew), line in by_key.items():
        if ((number, board, ew, ns) in by_key or not isinstance(line.record, BoardRecord) or line.imps is None
                or _value(line.imps) is None):
            continue
        # the room is the open one when its NS is the match's home team (or the match is new)
        key, rooms = ((number, ew, ns), (None, line)) if (number, ew, ns) in matches else ((number, ns, ew), (line, None))
        matches.setdefault(key, (line.table, {}))[1][board] = rooms
    found = sorted(((n, t, h, a, b) for (n, h, a), (t, b) in matches.items()), key=lambda m: (m[0], m[1], m[2]))
    # A file giving no [Table] (BBO's vugraph converted: one match, 32 games, no table): its
    # matches take the tables their round leaves free, in the order above, from 1.
    numbered: list[Match] = []
    for number, table, home, away, boards in found:
        if not table:
            taken = {m[1] for m in found if m[0] == number and m[1]} | {m[1] for m in numbered if m[0] == number}
            table = next(t for t in range(1, len(found) + len(taken) + 2) if t not in taken)
        numbered.append((number, table, home, away, boards))
    return sorted(numbered, key=lambda m: (m[0], m[1], m[2]))


# The records left out that an import names one a line; beyond, how many more.
LEFT_OUT_SAID = 20


def left_out(session: TeamsSession, matches: list[Match]) -> list[TeamLine]:
    """The file's records no match was scored on (team_matches): a room's result whose other
    room is not in the file, or one that cannot be read; in the file's order. Counted only,
    the secretary could not tell which board of which match to look at."""
    used = {id(line) for *_, boards in matches for rooms in boards.values() for line in rooms if line is not None}
    return [line for line in session.lines if id(line) not in used]


def imps_recorded(matches: list[Match]) -> list[tuple[Match, int, TeamLine, float]]:
    """The boards a match scores on the file's IMPs, their other room not in the file
    (team_matches): (the match, the board, the room's line, the home team's IMPs)."""
    found = []
    for match in matches:
        for board, (open_, closed) in sorted(match[4].items()):
            line = open_ or closed
            if (open_ is None or closed is None) and line is not None and line.imps is not None:
                value = _value(line.imps) or 0.0
                found.append((match, board, line, value if open_ is not None else 0.0 - value))
    return found


def write_teams_event(content: Path, slug: str, session: TeamsSession, stage_called: str,
                      hands: str | None = None, origins: dict[str, dict[int, str]] | None = None,
                      replace: bool = False, kept: list[Rewritten] | None = None,
                      changed: list[Rewritten] | None = None,
                      added_back: list[AddedBack] | None = None) -> tuple[Path, list[Match]]:
    """The event's folder and the matches written; `stage_called`: the stage's name (stage_name);
    `replace`, `kept`, `changed`: a results file edited by hand since, as write_event's;
    `hands`: the stage's `hands:` (write_hands); `origins`: gets each results file's lines mapped
    to the file's lines they came from (a board its rooms', a match's header its first board's),
    as write_event's does, where the file gives them (a PBN's games; not USEBIO's MATCHes)."""
    folder = content / "events" / slug
    make_folders_durably(folder / "results")
    from generator.commands.console import site_locale

    matches = team_matches(session)
    recorded = {(id(match), board): home_imps for match, board, _, home_imps in imps_recorded(matches)}
    comment = say("teams_imps_recorded_comment", site_locale(content))
    teams: dict[str, list[str]] = {number: list(team.players) for number, team in session.teams.items()}
    for line in session.lines:
        for team, seats in ((line.ns, "NS"), (line.ew, "EW")):
            names = teams.setdefault(team, [])
            for seat in seats:
                name = line.players.get(seat)
                if name and name not in names:
                    names.append(name)
    boards = max((len(b) for *_, b in matches), default=1)
    rounds = sorted({m[0] for m in matches})
    event = folder / "event.yaml"
    entries = [(team_id(team), names, session.teams[team].name if team in session.teams else team)
               for team, names in sorted(teams.items(), key=lambda item: _natural(item[0]))]
    stage = lines_of_stage_teams(session, stage_called, boards, len(rounds), hands)
    if not event.exists():
        lines = [f"title: {_yaml_text(session.title or 'Imported match')}", "game: bridge"]
        day = _date(session.date)
        if day:
            lines.append(f"date: {day}")
        lines.append("entries:")
        for entry, names, team in entries:
            players = ", ".join(_yaml_text(n) for n in names)  # none: a team known by its name (no player named so)
            lines.append(f"  - {{id: {entry}, name: {_yaml_text(team)}, players: [{players}]}}")
        _write(event, "\n".join(lines + stage) + "\n")
    else:
        back = _add_missing_entries(event, entries)
        if added_back is not None:  # (write_event's)
            added_back += back
        _fill_new_event(event, session.title, _date(session.date), "\n".join(["", *stage]) + "\n")
        _add_missing_stage(event, STAGE_TEAMS, "\n".join(stage) + "\n")
    record = read_results_record(folder)
    recorded_before = dict(record)
    for number in rounds:
        text = [f"stage: {STAGE_TEAMS}"] + ([f"round: {number}"] if len(rounds) > 1 else []) + ["tables:"]
        came: dict[int, str] = {}
        for match in (m for m in matches if m[0] == number):
            _, table, home, away, found = match
            text += [f"  - table: {table}", f"    home: {team_id(home)}", f"    away: {team_id(away)}", "    boards:"]
            first = next((line.teams_at or line.at for pair in sorted(found.items()) for line in pair[1]
                          if line is not None and (line.teams_at or line.at)), None)
            if first is not None:
                came.update({len(text) - i: str(first) for i in range(4)})
            for board, (open_, closed) in sorted(found.items()):
                at = ", ".join(str(line.at) for line in (open_, closed) if line is not None and line.at)
                if at:
                    came[len(text) + 1] = at
                if (id(match), board) in recorded:  # one room, the file's IMPs (home's): content-format's imps
                    room, line = ("open", open_) if open_ is not None else ("closed", closed)
                    assert line is not None
                    text.append(f"      {board}: {{{room}: {record_text(line.record)}, imps: "
                                f"{_number(recorded[(id(match), board)])}}}  # {comment}")
                    continue
                assert open_ is not None and closed is not None
                # an adjusted score is the board's, both rooms: from home's side (NS in the open room)
                if isinstance(open_.record, AdjustedRecord):
                    text.append(f"      {board}: {record_text(open_.record)}")
                    continue
                text.append(f"      {board}: {{open: {record_text(open_.record)}, closed: {record_text(closed.record)}}}")
        name = f"{STAGE_TEAMS}.yaml" if len(rounds) == 1 else f"{STAGE_TEAMS}-round-{number}.yaml"
        if not _results_taken(folder, f"results/{name}", "\n".join(text) + "\n", record, replace, kept, changed):
            continue  # edited by hand since the import wrote it: kept, said (say_rewritten)
        if origins is not None:
            origins[f"results/{name}"] = came
    write_results_record(folder, record, recorded_before)
    return folder, matches


def lines_of_stage_teams(session: TeamsSession, name: str, boards: int, rounds: int = 1,
                         hands: str | None = None) -> list[str]:
    """The stage's block of event.yaml; `name`: the stage's (stage_name); `hands`: its `hands:`."""
    day = _date(session.date)
    return ["stages:", f"  - id: {STAGE_TEAMS}", f"    name: {_yaml_text(name)}",
            "    format: matches", "    scoring: imps", *([f"    rounds: {rounds}"] if rounds > 1 else []), f"    boards: {boards}",
            *([f"    date: {day}"] if day else []), *([f"    hands: {hands}"] if hands else [])]


def compare_teams(session: TeamsSession, matches: list[Match], stage_result: Any) -> tuple[int, list[Difference]]:
    """Each room's published NS score and NS IMPs, each match's VPs and each team's total
    (VPs; a PBN TotalScoreTable's TotalScoreIMP: its IMPs) and place against paibang's."""
    views = {}
    for round_result in stage_result.rounds:
        for score in round_result.tables:
            view = score.view
            if getattr(view, "kind", None) == "played":
                views[(round_result.number, view.home, view.away)] = view
    rounds = sorted({m[0] for m in matches})
    ours = {number: number if len(rounds) > 1 else 1 for number in rounds}  # one round is written without `round:`
    checks: list[tuple[dict[str, str], str, str, float | None]] = []
    for number, _, home, away, found in matches:
        view = views.get((ours[number], team_id(home), team_id(away)))
        rows = {row.board: row for row in view.rows} if view is not None else {}
        for board, (open_, closed) in sorted(found.items()):
            row = rows.get(board)
            for room, line, score, imps in (("open", open_, "open_score", "home_imps"), ("closed", closed, "closed_score", "away_imps")):
                if line is None:  # not in the file (imps_recorded)
                    continue
                if line.score is not None:
                    checks.append((say_board(board, "Score", room), team_id(line.ns), str(line.score),
                                   None if row is None else getattr(row, score)))
                if line.imps is not None and None not in (open_, closed):  # (one room: the IMPs are the file's own)
                    checks.append((say_board(board, "ScoreIMP", room), team_id(line.ns), line.imps,
                                   None if row is None else getattr(row, imps)))
        for (first, second) in ((home, away), (away, home)):
            published = session.match_vp.get((number, first, second))
            if published is not None:
                for team, value in zip((first, second), published):
                    checks.append((catalogues.word("bridge_import_round_vp", round=number), team_id(team), value,
                                   None if view is None else view.vp.get(team_id(team))))
    standings = {s.entry.id: s for s in stage_result.standings}
    for number, team in session.teams.items():
        standing = standings.get(team_id(number))
        for column, published in team.figures.items():
            computed = (None if standing is None else standing.rank if column == "Rank"
                        else standing.tally.metrics.get("imps" if column == "TotalScoreIMP" else "vp"))
            checks.append((catalogues.word("bridge_import_total", column=column), team_id(number), published, computed))
    differences = [Difference(where, pair, published, "—" if computed is None else _shown(computed))
                   for where, pair, published, computed in checks
                   if computed is None or not _equal(published, float(computed))]
    return len(checks), differences


STAGE_TEAMS = "teams"


def adjusted_rule(session: Session) -> str | None:
    """`fixed` when the file's own figures show it gives an average-plus 60 % to a pair that has
    more on its other boards (or an average-minus 40 % to one that has less), where Law 12C2 as
    paibang applies it by default (`adjusted: session`) gives that pair its own percentage; None
    (the default) when they show the session rule, or cannot tell (every adjusted pair between 40
    and 60 %). A side's figure is its Percentage column, or its MPs over the board's top (what a
    result's NS and EW MPs add up to on that board); a pair's session, as paibang's rule measures
    it (duplicate.session_adjusted), its MPs on its real boards over their tops, the mean of its
    Percentage column only when the file's MPs give no tops."""
    if session.scoring != "matchpoints":
        return None
    tops: dict[int, list[float]] = defaultdict(list)
    for line in session.lines:
        both = [_value(line.figures.get(c) or "x") for c in ("MP_NS", "MP_EW")]
        if isinstance(line.record, BoardRecord) and None not in both:
            tops[line.board].append(round(both[0] + both[1], 4))  # type: ignore[operator]
    top = {board: _most_common(values) for board, values in tops.items()}

    def percent(line: Line, side: str) -> float | None:
        written = _value(line.figures.get(f"Percentage_{side}") or "x")
        if written is not None:
            return written
        mp, board_top = _value(line.figures.get(f"MP_{side}") or "x"), top.get(line.board)
        return None if mp is None or not board_top else 100 * mp / board_top

    ids = entry_ids(session)
    own: dict[str, list[float]] = defaultdict(list)  # entry -> its real boards' percentages
    mps: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])  # entry -> its real boards' MPs and tops
    given: list[tuple[str, float, float]] = []  # (entry, written 60 / 40, the file's figure)
    for line in session.lines:
        for side, pair in (("NS", line.ns), ("EW", line.ew)):
            figure = percent(line, side)
            if figure is None or pair is None:
                continue
            record = line.record
            if isinstance(record, BoardRecord):
                own[ids[(side, pair)]].append(figure)
                mp, board_top = _value(line.figures.get(f"MP_{side}") or "x"), top.get(line.board)
                if mp is not None and board_top and board_top > 0:
                    mps[ids[(side, pair)]][0] += mp
                    mps[ids[(side, pair)]][1] += board_top
            elif isinstance(record, AdjustedRecord) and not record.fixed:
                written = record.ns if side == "NS" else record.ew
                if written in (40.0, 60.0):
                    given.append((ids[(side, pair)], written, figure))
    fixed = moved = 0
    for entry, written, figure in given:
        if abs(figure - written) > 1:  # the file moved it: the pair's own percentage
            moved += 1
            continue
        if mps:  # total MPs over total tops, as session_adjusted: boards of different tops weigh by their tops
            mp, tops = mps.get(entry, (0.0, 0.0))
            session_percent = 100 * mp / tops if tops else 50.0
        else:
            figures = own.get(entry, [])
            session_percent = sum(figures) / len(figures) if figures else 50.0
        if (written == 60.0 and session_percent > 61) or (written == 40.0 and session_percent < 39):
            fixed += 1
    return "fixed" if fixed > moved else None


def settle_penalties(session: Session) -> None:
    """A penalty column is applied as the file applies it: programs write a deduction as -1 or
    as 1. The sign that brings the pair's published board figures to its published total is
    taken (both in the file's own convention, so no conversion is needed); as written when the
    file gives nothing to tell by."""
    column, total = ("MP", "TotalScoreMP") if session.scoring == "matchpoints" else ("IMP", "TotalScoreIMP")
    sums: dict[tuple[str, str], float] = defaultdict(float)
    for line in session.lines:
        for side, pair in (("NS", line.ns), ("EW", line.ew)):
            value = _value(line.figures.get(f"{column}_{side}", "") or "x")
            if value is not None and pair is not None:
                sums[(side, pair)] += value
    for pair in session.pairs.values():
        published = _value(pair.figures.get(total, "") or "x")
        sides = [pair.direction] if pair.direction else ["NS", "EW"]
        if not pair.penalty or published is None or not any((side, pair.id) in sums for side in sides):
            continue
        board_sum = sum(sums.get((side, pair.id), 0.0) for side in sides)
        if abs(board_sum - abs(pair.penalty) - published) < abs(board_sum + abs(pair.penalty) - published):
            pair.penalty = -abs(pair.penalty)
        else:
            pair.penalty = abs(pair.penalty)


def read_session(file: ImportFile) -> Session:
    try:
        if file.games is None:
            import xml.etree.ElementTree as ET

            try:
                session = read_usebio_session(file.text)
                settle_penalties(session)
                session.adjusted = adjusted_rule(session)
                return session
            except ET.ParseError as error:  # the reason in the site's words, where it stopped; expat's after it
                line, column = error.position
                raise ImportRefused(catalogues.word("bridge_import_xml_broken", line=line, column=column + 1,
                                                    error=str(error).split(":", 1)[0])) from None
            except NoEvent:
                # Bridge NZ Scorer's own file (<session scoring_type=… event_name=…><sections>):
                # scorer-to-usebio converts it
                if re.search(r"<session\b[^>]*\bscoring_type=", file.text[:4000]):
                    raise ImportRefused(catalogues.word("bridge_import_scorer_native")) from None
                raise ImportRefused(catalogues.word("bridge_import_usebio_no_event")) from None
            except ValueError as error:
                raise ImportRefused(catalogues.word("bridge_import_not_usebio", error=error)) from None
        session = read_pbn_session(file.text, file.games)
        settle_penalties(session)
        session.adjusted = adjusted_rule(session)
        return session
    except PbnError as error:
        raise ImportRefused(at_line(error)) from None


# --- sections ---------------------------------------------------------------------------------------


def section_scoring(session: Session) -> tuple[str | None, int, int]:
    """How the file scored its sections, told by its own board figures (USEBIO does not say:
    a SECTION holds its pairs and boards, nothing says what their results were compared with).
    Across the field, a board's NS score has the same figure in every section and a better score
    never a smaller one; each section apart, results are compared with their own section's only,
    so the same score gets different figures in sections whose other results differ. Every two
    real results of a board in different sections with the file's NS score and NS figure (MP_NS,
    IMP_NS) are put side by side: (`field` when none of them disagrees with one field, `apart`
    when at least 5 % do, None when there are too few (under 20) or the figures are in between;
    the pairs compared; those that disagree with one field)."""
    by_board: dict[int, list[tuple[str, int, float]]] = defaultdict(list)
    for line in session.lines:
        if line.section is None or not isinstance(line.record, BoardRecord) or line.score is None:
            continue
        figure = _value(line.figures.get("MP_NS") or line.figures.get("IMP_NS") or "x")
        if figure is not None:
            by_board[line.board].append((line.section, line.score, figure))
    compared = disagree = 0
    for results in by_board.values():
        for at, (section, score, figure) in enumerate(results):
            for other, other_score, other_figure in results[at + 1:]:
                if other == section:
                    continue
                compared += 1
                if (score - other_score) * (figure - other_figure) < -1e-9 or (score == other_score and abs(figure - other_figure) > 1e-6):
                    disagree += 1
    if compared < 20:
        return None, compared, disagree
    if disagree == 0:
        return "field", compared, disagree
    return ("apart" if disagree >= 0.05 * compared else None), compared, disagree


def section_stage(section: str, index: int) -> str:
    """The stage id of a section scored apart: `pairs-a` for section A."""
    found = re.sub(r"[^a-z0-9]+", "-", section.lower()).strip("-")
    return f"{STAGE}-{found or index}"[:32]


def section_stages(sections: list[str]) -> list[str]:
    """Each section's stage id (section_stage), unique: one a previous section already has
    (A and a, A B and A/B, 甲 and 1, two long names alike in their first 32 characters) gets a
    number after it (`pairs-a-2`), so that no section's round files overwrite another's."""
    found: list[str] = []
    for index, section in enumerate(sections, start=1):
        found.append(_unused(section_stage(section, index), lambda stage: stage in found))
    return found


def _unused(wanted: str, taken: Callable[[str], bool]) -> str:
    """`wanted`, else it with a number after it (`-2`, `-3`, … within 32 characters), the first
    that `taken` (asked of the id in lower case: A and a are one) says is free."""
    return unused(wanted, lambda given: taken(given.lower()), lambda more: f"{wanted[:32 - len(str(more)) - 1]}-{more}")


def section_sessions(session: Session) -> list[tuple[str, Session]]:
    """Each section of the file as a session of its own, to be scored apart: its lines, its
    pairs, its sit-outs (seated again when paibang seated the file's meetings)."""
    found = []
    for section in session.sections:
        part = Session(session.program, session.title, session.date, session.scoring, by_direction=session.by_direction,
                       movement=session.movement, cumulative=session.cumulative, seated=session.seated)
        part.lines = [line for line in session.lines if line.section == section]
        part.pairs = {key: pair for key, pair in session.pairs.items() if pair.section == section}
        if session.seated:
            seat_meetings(part)
        else:
            members = {p for line in part.lines for p in (line.ns, line.ew)} | {pair.id for pair in part.pairs.values()}
            part.sit_outs = [(number, pair) for number, pair in session.sit_outs if pair in members]
            part.sit_out_at = session.sit_out_at
            part.sit_out_sides = session.sit_out_sides
        part.adjusted = adjusted_rule(part)
        found.append((section, part))
    return found


def missing_results(session: Session) -> list[tuple[int, int, int, str, str]]:
    """The results the file does not have at a table written with others (Compscore's wk04: no
    line for board 6 at round 2 table 1, 1NS v 8EW): (round, table, board, NS, EW), a board
    the table is told to have played by the tables that share its boards (the set they are
    dealt in, any round), when they make the boards every table plays a round, neither pair has it elsewhere, and the board
    has fewer results than another. The file scores such a board on the results it has, as a
    board not played at that table; written `np`, the check says nothing of it (left out, it
    said the board was left out and the table short, a warning each) and the scores are the same."""
    boards: dict[tuple[int, int], set[int]] = defaultdict(set)
    pairs: dict[tuple[int, int], tuple[str, str]] = {}
    played: dict[tuple[str, str], set[int]] = defaultdict(set)
    results: Counter[int] = Counter()
    # (a pair by its number and, in a section numbering NS and EW alike, its direction: there NS
    # 4 and EW 4 are two pairs, and a board EW 4 played was taken for NS 4's played elsewhere,
    # its missing result never found: rev69)
    apart = sides_apart(session)
    split: dict[tuple[int, int], bool] = {}
    for line in session.lines:
        if line.ns is None or line.ew is None:
            continue
        ns, ew = (line.ns, "NS" if line.section in apart else ""), (line.ew, "EW" if line.section in apart else "")
        boards[(line.round, line.table)].add(line.board)
        pairs.setdefault((line.round, line.table), (line.ns, line.ew))
        split.setdefault((line.round, line.table), line.section in apart)
        played[ns].add(line.board)
        played[ew].add(line.board)
        results[line.board] += 1
    full = max(map(len, boards.values()), default=0)
    most = max(results.values(), default=0)
    found = []
    for (number, table), own in sorted(boards.items()):
        if len(own) >= full:
            continue
        ns, ew = pairs[(number, table)]
        side = "NS" if split[(number, table)] else ""
        elsewhere = played[(ns, side)] | played[(ew, "EW" if side else "")]
        group = set(own)
        for theirs in boards.values():  # the set the board is dealt in, as the other tables play it
            if theirs & own:
                group |= theirs
        wanted = group - own
        if len(group) != full or any(board in elsewhere or results[board] >= most for board in wanted):
            continue
        found += [(number, table, board, ns, ew) for board in sorted(wanted)]
    return found


def say_missing(session: Session, stage: str, locale: str) -> None:
    """The results missing from the file (missing_results), once, by round: where, and that they
    are written `np`, with what to write instead of a board that was played."""
    if not session.absent:
        return
    by_round: dict[int, list[str]] = defaultdict(list)
    for number, table, board, ns, ew in session.absent:
        by_round[number].append(say("missing_result", locale, table=table, board=board, ns=ns, ew=ew))
    rounds = "; ".join(say("missing_round", locale, round=number, results=", ".join(found))
                       for number, found in sorted(by_round.items()))
    terminal(say("missing", locale, n=len(session.absent), rounds=rounds, stage=stage))


def say_turned(session: Session, stage: str, locale: str) -> None:
    """Each meeting's lines written with its pairs the other way (seat_meetings), what a
    director wants to know: the boards, the pairs as the line and as the meeting's other boards
    write them, where the meeting is, and where the line is written (a round of its own, its
    seats and score as the file has them), with how to put it right if it was typed turned."""
    for lines, (ns, ew), (number, table) in session.turned:
        boards = ", ".join(str(line.board) for line in sorted(lines, key=lambda line: line.board))
        terminal(say("turned", locale, n=len(lines), boards=boards, ns=lines[0].ns, ew=lines[0].ew, meeting_ns=ns,
                     meeting_ew=ew, round=number, table=table, own_round=lines[0].round, stage=stage))


def say_tables(session: Session, stage: str, locale: str) -> None:
    """In one line, that the file's table numbers could not be kept (file_tables), where first."""
    if session.tables_unfit is not None:
        key, values = session.tables_unfit
        terminal(say(key, locale, stage=stage, **values))


def field_tables(session: Session) -> None:
    """Sections scored across the field are one stage: where two sections number their tables
    alike (A's 1-3 and B's 1-3 in the same round), each section's tables follow the previous
    section's (B's become 4-6), so that no two tables of a round share a number."""
    seen: dict[tuple[int, int], str] = {}
    if not any(seen.setdefault((line.round, line.table), line.section or "") != (line.section or "") for line in session.lines):
        return
    offset = 0
    for section in session.sections:
        lines = [line for line in session.lines if line.section == section]
        for line in lines:
            line.table += offset
        offset = max((line.table for line in lines), default=offset)


# --- into content -------------------------------------------------------------------------------------


def entry_ids(session: Session, taken: dict[str, str] | None = None) -> dict[tuple[str, str], str]:
    """(direction, file's pair number) -> entry id. Numbers become `P<n>`; when the file numbers
    NS and EW pairs apart (a Mitchell: NS 1 and EW 1 play at the same time), `NS<n>`/`EW<n>`
    (a section's `A-1`: `A-NS1`/`A-EW1`). Two pair numbers never share an id: one that a
    different number already has (`1 a` and `1-a`; letters of either case alike), here or in
    `taken` (id -> pair number, the ids of the file's other sections, filled in), gets a number
    after it (`1-a-2`)."""
    seen: dict[tuple[int, str], set[int]] = defaultdict(set)
    for line in session.lines:
        for pair in (line.ns, line.ew):
            seen[(line.round, pair)].add(line.table)  # type: ignore[arg-type]
    # the same number at two tables of a round, or on both sides of one table (NS 1 v EW 1): told
    # section by section (a number is one section's), a Howell's pairs one entry each whichever
    # way they sit beside a Mitchell numbering NS 1 and EW 1 alike (it made B-NS3 and B-EW3 of B-3)
    section_of = {pair: line.section for line in session.lines for pair in (line.ns, line.ew)}
    section_of.update({p.id: p.section for p in session.pairs.values() if p.id not in section_of})
    apart_in = {section_of.get(pair) for (_, pair), tables in seen.items() if len(tables) > 1} | {
        line.section for line in session.lines if line.ns == line.ew}
    found = {}
    numbers = ({p for line in session.lines for p in (line.ns, line.ew)} | {p.id for p in session.pairs.values()}
               | {p for _, p in session.sit_outs})
    sides = ({("NS", line.ns) for line in session.lines} | {("EW", line.ew) for line in session.lines}
             | {(p.direction, p.id) for p in session.pairs.values()})
    for number in numbers:
        if number is None:
            continue
        base = safe_id(number, "P")
        # a section's number (A-1) on both sides: the direction before its digits (A-NS1, A-EW1)
        split = re.fullmatch(r"(.*?)(\d+)", number) if ("NS", number) in sides and ("EW", number) in sides else None
        apart = section_of.get(number) in apart_in
        for direction in ("NS", "EW"):
            if apart and number.isdigit():
                found[(direction, number)] = safe_id(number, direction)
            elif apart and split is not None:
                found[(direction, number)] = safe_id(f"{split.group(1)}{direction}{split.group(2)}", "P")
            else:
                found[(direction, number)] = base
    owners = {} if taken is None else taken
    chosen: dict[tuple[str, str], str] = {}  # (number, id wanted) -> id given
    for key in sorted(found, key=lambda key: (_natural(key[1]), key[0])):
        number, wanted = key[1], found[key]
        if (number, wanted) not in chosen:  # (an id is the number's own once it is asked for it)
            chosen[(number, wanted)] = _unused(wanted, lambda given: owners.setdefault(given, number) != number)
        found[key] = chosen[(number, wanted)]
    return found


def event_text(session: Session, ids: dict[tuple[str, str], str], rounds: int, boards: int, stage: str,
               name: str, hands: str | None = None) -> str:
    lines = [f"# {say('written', 'en', pairs=len(_entries(session, ids)), rounds=rounds, results=len(session.lines), program=session.program, path='')}".rstrip(" ->"),
             f"title: {_yaml_text(session.title or 'Imported session')}", "game: bridge"]
    day = _date(session.date)
    if day:
        lines.append(f"date: {day}")
    lines.append("entries:")
    for entry, names in _entries(session, ids):
        people, called = persons_of(names)
        # no person among them (DIRECTOR / PHANTOM): the pair is its name, and no player is named as it
        players = ", ".join(_yaml_text(n) for n in people) if people else "" if called else _yaml_text(entry)
        named = f", name: {_yaml_text(called)}" if called else ""
        lines.append(f"  - {{id: {entry}{named}, players: [{players}]}}")
    lines += ["stages:", f"  - id: {stage}", "    name: " + _yaml_text(name), "    format: pairs",
              f"    scoring: {session.scoring}", f"    rounds: {rounds}", f"    boards: {boards}"]
    if day:  # the session's day, also when the stage is added to an event of several days
        lines.append(f"    date: {day}")
    if hands:  # the file's deals, written beside the results (write_hands)
        lines.append(f"    hands: {hands}")
    if session.movement:
        lines.append(f"    movement: {session.movement}")
    if session.adjusted:
        lines.append(f"    adjusted: {session.adjusted}")
    if session.by_direction:
        lines.append("    field: directions")
    adjustments = [(ids[(p.direction or "NS", p.id)], p.penalty) for p in session.pairs.values() if p.penalty]
    if adjustments:
        kind = "mp" if session.scoring == "matchpoints" else "imps"
        lines.append("    adjustments:")
        lines += [f"      - {{entry: {entry}, {kind}: {_number(value)}, reason: ScorePenalty}}" for entry, value in adjustments]
    return "\n".join(lines) + "\n"


# A name a scoring program writes for a seat no person holds: the director filling in (Compscore's
# wk03 pair "YEUNG CHEUNG / DIRECTOR"), a phantom, a sit-out. Made a player, it got a player page
# merging every club's fill-ins as one person. (Chinese: \u88c1\u5224 referee, \u4e3b\u88c1 chief
# referee, \u7a7a\u4f4d empty seat.)
# The director is written with what they are doing too: Compscore's "DIRECTOR PLAYING" (EL Thu
# 1.00pm Open, partner of Kliffen), "TD playing", "Director sub", "(TD fill-in)": only those
# words after (or "playing" before) the director, so a surname beside them is still a person's.
_DIRECTOR = r"(?:(?:tournament\s*)?director|t\.?\s*d\.?)"
_FILLING_IN = r"(?:playing|plays|sub|subs|substitute|substituting|fill[\s-]*in|filling[\s-]*in|stand[\s-]*in|standing[\s-]*in|spare)"
NOT_A_PERSON = re.compile(
    r"^\s*[(\[]?\s*(?:(?:playing\s+)?" + _DIRECTOR + r"(?:\s*[-(,:/]?\s*" + _FILLING_IN + r"\s*[)]?)?"
    r"|phantom|ghost|sit[\s-]*out|bye|vacant|no\s*one|nobody"
    r"|dummy\s*\d*\s*#?|\u88c1\u5224|\u4e3b\u88c1|\u7a7a\u4f4d)\s*[)\]]?\s*$", re.IGNORECASE)


def persons_of(names: list[str]) -> tuple[list[str], str | None]:
    """A pair's names as players (the persons among them) and, when some is a placeholder
    (NOT_A_PERSON), the pair's name as the file writes it, `YEUNG CHEUNG / DIRECTOR`, kept as the
    entry's name; None otherwise."""
    people = [name for name in names if not NOT_A_PERSON.match(name)]
    return people, (" / ".join(names) if len(people) < len(names) else None)


def say_not_persons(session: Session, ids: dict[tuple[str, str], str], locale: str) -> None:
    """Each pair whose names hold a placeholder: written as its name, not as a player."""
    for entry, names in _entries(session, ids):
        people, called = persons_of(names)
        if called:
            terminal(say("not_a_person", locale, entry=entry, name=called,
                         placeholders=", ".join(n for n in names if n not in people),
                         players=", ".join(people) or "-"))


def _entries(session: Session, ids: dict[tuple[str, str], str]) -> list[tuple[str, list[str]]]:
    found: dict[str, list[str]] = {}
    for line in session.lines:
        for direction, number in (("NS", line.ns), ("EW", line.ew)):
            found.setdefault(ids[(direction, number)], [])  # type: ignore[index]
    for round_number, number in session.sit_outs:
        for direction in sit_out_directions(session, round_number, number):
            found.setdefault(ids[(direction, number)], [])
    for pair in session.pairs.values():
        entry = ids[(pair.direction or "NS", pair.id)]
        if entry in found or not session.lines:
            found[entry] = pair.names
    return sorted(found.items(), key=lambda item: _natural(item[0]))


def _natural(text: str) -> tuple[Any, ...]:
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text))


def _date(text: str | None) -> str | None:
    if not text:
        return None
    match = re.fullmatch(r"(\d{4})[.\-/](\d{1,2})[.\-/](\d{1,2})", text.strip()) or None
    if match:
        return f"{int(match.group(1)):04d}-{int(match.group(2)):02d}-{int(match.group(3)):02d}"
    match = re.fullmatch(r"(\d{1,2})[.\-/](\d{1,2})[.\-/](\d{4})", text.strip())  # USEBIO dd/mm/yyyy
    if match:
        return f"{int(match.group(3)):04d}-{int(match.group(2)):02d}-{int(match.group(1)):02d}"
    return None


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def round_texts(session: Session, ids: dict[tuple[str, str], str], stage: str = STAGE,
                origins: dict[int, dict[int, int]] | None = None) -> dict[int, str]:
    """Each round's results file; `origins`, when given, gets each round's YAML lines (1-based)
    mapped to the file's lines they were written from: a board's its result line, a table's
    header its first board's, a sit-out's its own (what the trial names beside a refused line)."""
    tables: dict[int, dict[int, list[Line]]] = defaultdict(lambda: defaultdict(list))
    for line in session.lines:
        # a line the file marks not played (NP) and does not score is written np, as a result
        # missing from the file is: left out, the build warned of a board left out of the table
        if line.record is not None or line.not_played is not None:
            tables[line.round][line.table].append(line)
    absent: dict[tuple[int, int], list[int]] = defaultdict(list)  # a result the file has not: np
    for number, table, board, _, _ in session.absent:
        absent[(number, table)].append(board)
    sit: dict[int, list[str]] = defaultdict(list)
    for number, pair in session.sit_outs:
        sit[number].append(pair)
    texts = {}
    for number in sorted(set(tables) | set(sit)):
        lines = [f"stage: {stage}", f"round: {number}", "tables:"]
        came: dict[int, int] = {}

        def add(written: list[str], at: int | None) -> None:
            if at is not None:
                came.update({len(lines) + i: at for i in range(1, len(written) + 1)})
            lines.extend(written)

        used = set()
        for table, found in sorted(tables[number].items()):
            ordered = sorted(found, key=lambda r: r.board)
            first = found[0]
            used.add(table)
            add([f"  - table: {table}", f"    ns: {ids[('NS', first.ns)]}", f"    ew: {ids[('EW', first.ew)]}", "    boards:"],  # type: ignore[index]
                first.at)
            written = [(r.board, "np" if r.record is None else record_text(r.record), r.at) for r in ordered]
            written += [(board, "np", None) for board in absent.get((number, table), ())]
            for board, text, at in sorted(written, key=lambda item: item[0]):
                add([f"      {board}: {text}"], at)
        spare = max(used, default=0)
        for pair in sit[number]:  # a sit-out: a table with one pair and no boards
            for direction in sit_out_directions(session, number, pair):  # (EW 3's own, where NS 3 is another pair)
                spare += 1
                add([f"  - table: {spare}", f"    ns: {ids[(direction, pair)]}"], session.sit_out_at.get((number, pair)))
        texts[number] = "\n".join(lines) + "\n"
        if origins is not None:
            origins[number] = came
    return texts


def write_event(content: Path, slug: str, session: Session, stage: str, name: str,
                ids: dict[tuple[str, str], str], hands: str | None = None,
                origins: dict[str, dict[int, int]] | None = None, replace: bool = False,
                kept: list[Rewritten] | None = None, changed: list[Rewritten] | None = None,
                added_back: list[AddedBack] | None = None) -> tuple[Path, dict[tuple[str, str], str], bool]:
    """The event's folder, the entry ids, and whether the stage was written (False: the event
    already had it, kept as it is). `stage`, `name`: the stage's id and name (stage_name; a
    section scored apart is a stage of its own); `ids`: the entry ids, when made with the other
    sections'; `hands`: the stage's `hands:` (write_hands), None when the deals were not written;
    `origins`: gets each results file's lines mapped to the imported file's (round_texts), by the
    file's path in the event's folder (`results/pairs-round-1.yaml`); `replace` (--replace): a
    results file changed by hand since the import wrote it is written over, else kept and added
    to `kept`; `changed`: gets each the import wrote that it now writes otherwise (_results_taken);
    `added_back`: gets each entry added back that the results files already name (AddedBack)."""
    folder = content / "events" / slug
    rounds_seen = {line.round for line in session.lines} | {r for r, _ in session.sit_outs}
    per_round: dict[tuple[int, int], set[int]] = defaultdict(set)
    for line in session.lines:
        per_round[(line.round, line.table)].add(line.board)
    boards = max((len(found) for found in per_round.values()), default=1)
    event = folder / "event.yaml"
    make_folders_durably(folder / "results")
    text = event_text(session, ids, max(rounds_seen, default=1), boards, stage, name, hands)
    if not event.exists():
        _write(event, text)
        wrote = True
    else:
        back = _add_missing_entries(event, [(e, *persons_of(names)) for e, names in _entries(session, ids)])
        if added_back is not None:
            added_back += back
        wrote = _fill_new_event(event, session.title, _date(session.date), text)
        wrote = _add_missing_stage(event, stage, text) or wrote
    came: dict[int, dict[int, int]] = {}
    record = read_results_record(folder)
    recorded = dict(record)
    for number, text in round_texts(session, ids, stage, came).items():
        name = f"results/{stage}-round-{number}.yaml"
        if not _results_taken(folder, name, text, record, replace, kept, changed):
            continue  # edited by hand since the import wrote it: kept, said (say_rewritten)
        if origins is not None:
            origins[name] = came[number]
    write_results_record(folder, record, recorded)
    return folder, ids, wrote


# What the import last wrote of each results file and hand records (its SHA-256), beside
# event.yaml: a file that is no longer that one was changed by hand since (a referee's ruling,
# `1: A+/A-`; a deal corrected from the curtain cards) and a rerun keeps it, said, unless
# --replace; a rerun wiped the ruling, saying "all figures equal", and the deal, saying nothing.
RESULTS_RECORD = "results.imported.json"
MAX_RESULTS_BYTES = 16 * 1024 * 1024


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_results_record(folder: Path) -> dict[str, str]:
    """RESULTS_RECORD's files: path in the event folder -> the digest of what import last wrote
    there. {} when there is none or it cannot be used (then every results file that differs from
    what the import would write is taken as changed by hand: kept, never written over unsaid)."""
    from generator.commands.init import own_file

    found = own_file(folder / RESULTS_RECORD, limit=MAX_RESULTS_BYTES)
    if not isinstance(found, bytes):
        return {}
    try:
        data = json.loads(found.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return {}
    files = data.get("results") if isinstance(data, dict) else None
    if not isinstance(files, dict):
        return {}
    return {str(key): value for key, value in files.items() if isinstance(value, str)}



def write_results_record(folder: Path, record: dict[str, str], before: dict[str, str]) -> None:
    """RESULTS_RECORD written again when this run changed it (what it wrote, read_results_record's
    `before`): a rerun that wrote nothing leaves the file as it was."""
    if record != before:
        _write(folder / RESULTS_RECORD, json.dumps({"results": record}, indent=1, sort_keys=True) + "\n")

@dataclass
class Rewritten:
    """A results file the import found there and what it would write: kept (changed by hand
    since the import wrote it) or written over (a corrected file imported again)."""
    name: str  # results/pairs-round-1.yaml
    was: str
    now: str
    # whether the record held what the import last wrote there: False, an event imported before
    # it kept one (or its results.imported.json deleted), the file may be an earlier import's as
    # it wrote it, not changed by hand, and is said so; kept all the same, --replace takes it once
    recorded: bool = True


def _results_taken(folder: Path, name: str, text: str, record: dict[str, str], replace: bool,
                   kept: list[Rewritten] | None, changed: list[Rewritten] | None) -> bool:
    """Writes the import's results file `name` unless one there was changed by hand since the
    import wrote it (not the digest `record` holds of it, or none recorded) and --replace was not
    given: False then, the file kept and added to `kept`. A file the import wrote that it now
    writes otherwise (a corrected file imported again) is added to `changed`."""
    from generator.commands.init import own_file

    target = folder / name
    found = own_file(target, limit=MAX_RESULTS_BYTES)
    data = text.encode("utf-8")
    if isinstance(found, bytes) and found == data:
        record[name] = _digest(data)
        return True
    if found is not None:
        was = found.decode("utf-8", "replace") if isinstance(found, bytes) else ""
        own = isinstance(found, bytes) and record.get(name) == _digest(found)
        if not own and not replace:
            if kept is not None:
                kept.append(Rewritten(name, was, text, name in record))
            return False
        if changed is not None:
            changed.append(Rewritten(name, was, text))
    _write(target, text)
    record[name] = _digest(data)
    return True


_TABLE_LINE = re.compile(r"\s*-\s*table:\s*(\S+)")
_BOARD_LINE = re.compile(r"\s+(\d+):\s*(.*?)\s*$")
_PAIR_LINE = re.compile(r"\s+(ns|ew|home|away):\s*(.*?)\s*$")


def table_lines(text: str) -> dict[tuple[str, str], str]:
    """A results file's tables, line by line as the import writes them: (table, board number or
    ns / ew) -> what is written there (a comment too: a referee's `# TD ruling`). A file
    rewritten otherwise gives what it can; what differs is said from it (say_rewritten)."""
    found: dict[tuple[str, str], str] = {}
    table = None
    for line in text.splitlines():
        if (match := _TABLE_LINE.match(line)) is not None:
            table = match.group(1)
        elif table is not None and (match := _BOARD_LINE.match(line) or _PAIR_LINE.match(line)) is not None:
            found[(table, match.group(1))] = match.group(2)
    return found


def differing_lines(item: Rewritten) -> list[tuple[str, str, str | None, str | None]]:
    """What differs between the file found and what the import writes: (table, board or ns / ew,
    found, the import's), None where one has no such line."""
    was, now = table_lines(item.was), table_lines(item.now)
    keys = sorted(set(was) | set(now), key=lambda key: (_natural(key[0]), _natural(key[1])))
    return [(table, what, was.get((table, what)), now.get((table, what)))
            for table, what in keys if was.get((table, what)) != now.get((table, what))]


def say_rewritten(kept: list[Rewritten], changed: list[Rewritten], event: Path, path: Path, locale: str) -> None:
    """Each results file kept (changed by hand since the import wrote it: a referee's ruling),
    with what it keeps over the file's and how to take the file's instead; each the import wrote
    over with results of a corrected file, with the results that changed (table, board, was, now)."""
    for item, key in [(item, "kept") for item in kept] + [(item, "changed") for item in changed]:
        lines = differing_lines(item)
        if key == "changed" and same_results(item.was, item.now):
            terminal(say("results_reseated", locale, file=event / item.name, n=len(lines)))
            continue
        said = "kept_unrecorded" if key == "kept" and not item.recorded else key
        terminal(say(f"results_{said}", locale, file=event / item.name, n=len(lines), path=path))
        for table, what, was, now in lines[:LEFT_OUT_SAID]:
            where = say("results_where_board" if what.isdigit() else "results_where_pair", locale, table=table,
                        board=what, seat=what.upper())
            terminal(say(f"results_{key}_line", locale, where=where, was=was or "-", now=now or "-"))
        if len(lines) > LEFT_OUT_SAID:
            terminal(say("dropped_more", locale, n=len(lines) - LEFT_OUT_SAID))
    if kept:
        terminal(say("results_kept_fix", locale, event=event.name, path=path,
                     files=", ".join(str(event / item.name) for item in kept)))


def same_results(was: str, now: str) -> bool:
    """Whether two results files hold the same results, each meeting's boards with the same
    pairs, whatever table a meeting sits at and whichever way round a lead is written: an event
    imported before a Compscore Mitchell's NS pair k sat at table k (mitchell_tables) and leads
    were stored suit first (lead_card) is rewritten so by a rerun of the same file, not a
    corrected file's hundred changes."""
    from generator.interchange.pbn import lead_card

    def results(text: str) -> Counter[str] | None:
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError:
            return None
        if not isinstance(data, dict) or not isinstance(data.get("tables"), list):
            return None
        found: Counter[str] = Counter()
        for table in data["tables"]:
            if not isinstance(table, dict):
                return None
            seats = {k: v for k, v in table.items() if k not in ("table", "boards")}
            for board, record in (table.get("boards") or {}).items():
                if isinstance(record, dict) and isinstance(record.get("lead"), str):
                    record = {**record, "lead": lead_card(record["lead"]) or record["lead"]}
                found[json.dumps([seats, board, record], sort_keys=True, default=str)] += 1
            if not table.get("boards"):
                found[json.dumps([seats], sort_keys=True, default=str)] += 1
        return found

    before, after = results(was), results(now)
    return was != now and before is not None and before == after and \
        {k: v for k, v in (yaml.safe_load(was) or {}).items() if k != "tables"} == \
        {k: v for k, v in (yaml.safe_load(now) or {}).items() if k != "tables"}


def _scalar(line: str) -> Any:
    """A top-level key's value as YAML reads it (`title: New event` -> New event); None if unreadable."""
    try:
        return yaml.safe_load(line.split(":", 1)[1]) if ":" in line else None
    except yaml.YAMLError:
        return None


def _fill_new_event(event: Path, title: str | None, day: str | None, written: str) -> bool:
    """An event `paibang new` made and nobody has filled in yet takes the file's title, date
    and stage in place of new's placeholders: followed as the README says (new, then import),
    the event kept "New event", today's date and the example's two stages (初赛 and 决赛 on an
    English site), shown as Scheduled for ever. Each is recognised on its own as new wrote it:
    the title (then the dates too: they are new's day, not the session's); the `stages:` block
    when it is still one of the examples, word for word (then new's commented results example
    after it goes too: it names the example's stage). Anything the secretary changed is kept.
    `written`: the event.yaml a new event gets (event_text). True when the stage was written."""
    from generator.content.load import placeholder_values

    lines = snapshot.read_text(event).splitlines()
    changed = stage_written = False
    at = {line.split(":", 1)[0].strip(): i for i, line in enumerate(lines) if _top_key(line) and ":" in line}
    if "title" in at and _scalar(lines[at["title"]]) in placeholder_values("title") and title:
        lines[at["title"]] = f"title: {_yaml_text(title)}"
        changed = True
        if day and "dates" in at:
            lines[at["dates"]] = f"dates: [{day}]"
    if "stages" in at and re.fullmatch(r"stages\s*:\s*", lines[at["stages"]]):
        start = at["stages"]
        end = _block_end(lines, start)
        block = "\n".join(lines[start + 1:end]).strip("\n")
        examples = {example.stages.strip("\n") for locale in LOCALES if (example := GAMES["bridge"].example_in(locale))}
        if block in examples:
            after = lines[end:]
            if all(not line.strip() or line.startswith("#") for line in after):
                after = []  # new's commented results example, for the example's stage
            stage = written.split("\nstages:\n", 1)[1].rstrip("\n").splitlines()
            lines = lines[:start + 1] + stage + after
            changed = stage_written = True
    if changed:
        _write(event, "\n".join(lines) + "\n")
    return stage_written


def _add_missing_stage(event: Path, stage: str, written: str) -> bool:
    """An existing event without the imported stage gets it (the stage block of a new event's
    file), at the end of its `stages:` list when that list is the file's last key (comments after
    it, such as `paibang new`'s commented results example, stay after it); otherwise it is left
    for the secretary, and the check that follows names the unknown stage. True when written."""
    text = snapshot.read_text(event)
    if re.search(rf"\bid:\s*[\"']?{re.escape(stage)}\b", text):
        return False
    block = written.split("\nstages:\n", 1)[1] if "\nstages:\n" in written else written.split("stages:\n", 1)[-1]
    lines = text.rstrip("\n").splitlines()
    tops = [i for i, line in enumerate(lines) if _top_key(line)]
    if not tops or not re.match(r"stages\s*:\s*(\[\s*\]\s*)?(#.*)?$", lines[tops[-1]]):
        return False
    at = tops[-1]
    lines[at] = re.sub(r"\[\s*\]", "", lines[at], count=1).rstrip()
    end = _block_end(lines, at)
    lines[end:end] = block.rstrip("\n").splitlines()
    _write(event, "\n".join(lines) + "\n")
    return True


def _top_key(line: str) -> bool:
    return bool(line) and not line[0].isspace() and not line.startswith(("#", "-"))


def _block_end(lines: list[str], at: int) -> int:
    """The index after the last line of the block that the top-level key on line `at` holds: its
    indented lines and list items, not the blank lines and column-0 comments after them (those
    introduce the next key)."""
    end = at + 1
    last = at + 1
    while end < len(lines) and not _top_key(lines[end]):
        if lines[end].startswith((" ", "\t", "-")) and lines[end].strip():
            last = end + 1
        end += 1
    return last


def _entry_line(entry: str, names: list[str], name: str | None = None, indent: str = "  ") -> str:
    team = f", name: {_yaml_text(name)}" if name else ""
    # an entry with a name and no person among its players lists none: no player named as it
    return f"{indent}- {{id: {entry}{team}, players: [{', '.join(_yaml_text(n) for n in names) or ('' if name else _yaml_text(entry))}]}}"


@dataclass
class AddedBack:
    """An entry the event no longer lists that its results files, an earlier import's, still
    name: deleted, or given another id, by hand since. The import adds it back, since the file's
    results name it, and says so (say_added_back)."""

    entry: str
    names: list[str]  # its players, as the file names them
    name: str | None  # a team's name
    files: list[str]  # the results files naming it, results/…
    renamed: list[str]  # listed entries of the same players or team name: the id it was given, perhaps
    listed_in: str  # the file it is added to: event.yaml, or the entries file it names


def _named_in_results(folder: Path) -> dict[str, list[str]]:
    """Each entry id the event's results files name as a side, with the files naming it
    (results/…), as they are before the import writes. A file that does not read names none
    (the check says what is wrong with it)."""
    named: dict[str, list[str]] = {}
    for item in sorted((folder / "results").glob("*.yaml")):
        try:
            text = snapshot.read_text(item)
        except (OSError, UnicodeDecodeError):
            continue
        for entry in dict.fromkeys(re.findall(r"\b(?:ns|ew|home|away):\s*[\"']?([^\s,}\"'#]+)", text)):
            named.setdefault(entry, []).append(f"results/{item.name}")
    return named


def _added_back(folder: Path, added: list[tuple[str, list[str], str | None]], listed_text: str,
                in_event: bool, listed_in: str) -> list[AddedBack]:
    """Of the entries the import adds, those the results files already name (AddedBack), each
    with the listed entries of its players or team name (`listed_text`: event.yaml's text, or
    the entries file's when `in_event` is False)."""
    named = _named_in_results(folder)
    back = [(entry, names, name) for entry, names, name in added if entry in named]
    if not back:
        return []
    try:
        data = yaml.safe_load(listed_text)
    except yaml.YAMLError:
        data = None
    listed = data.get("entries") if in_event and isinstance(data, dict) else data
    others = [item for item in listed if isinstance(item, dict)] if isinstance(listed, list) else []

    def players(item: dict) -> set[str]:
        found = item.get("players")
        return {str(p.get("name") if isinstance(p, dict) else p) for p in found} if isinstance(found, list) else set()

    return [AddedBack(entry, names, name, named[entry],
                      [str(item.get("id")) for item in others
                       if (names and players(item) == set(names)) or (not names and name and item.get("name") == name)],
                      listed_in)
            for entry, names, name in back]


def say_added_back(added: list[AddedBack], locale: str) -> None:
    """Each entry the import added back (AddedBack), named with what to do: an entry deleted by
    hand was added back in silence, and one given another id by hand came back beside it, its
    players listed twice."""
    for found in added:
        who = ", ".join(found.names) or found.name or found.entry
        terminal(say("added_back", locale, entry=found.entry, players=who, files=", ".join(found.files),
                     path=found.listed_in))
        for other in found.renamed:
            terminal(say("added_back_renamed", locale, entry=found.entry, other=other))


def _add_missing_entries(event: Path, entries: list[tuple[str, list[str], str | None]]) -> list[AddedBack]:
    """An existing event keeps its file; entries it lacks are added to its `entries:` list: below
    the key (whose `[]`, as `paibang new` writes it, becomes a block list that replaces the
    commented examples beneath it, as `paibang import` of a registration sheet replaces them), or
    at the end of the file it names (`entries: entries.yaml`, as that import writes it). An id
    only in a comment (an example) is not an entry the event has. Returns those added that the
    results files name already: deleted or renamed by hand since an earlier import (AddedBack)."""
    text = snapshot.read_text(event)
    lines = text.splitlines()
    at = next((i for i, line in enumerate(lines) if re.match(r"entries\s*:", line)), None)
    value = re.sub(r"\s+#.*$", "", lines[at].split(":", 1)[1]).strip() if at is not None else ""
    listed = (event.parent / value).resolve()
    if value and not value.startswith(("[", "{")) and listed.is_file() and listed.is_relative_to(event.parent.resolve()):
        # the entries are in their own file, in the event's folder
        own = snapshot.read_text(listed)
        present = set(re.findall(r"\bid:\s*[\"']?([A-Za-z0-9_-]+)", own))
        missing = [(e, names, name) for e, names, name in entries if e not in present]
        if missing and re.search(r"^entries\s*:", own, re.MULTILINE) is None:
            back = _added_back(event.parent, missing, own, False, value)
            _write(listed, own.rstrip("\n") + "\n" + "\n".join(_entry_line(*item, "") for item in missing) + "\n")
            return back
        return []
    written = "\n".join(line for line in lines if not line.lstrip().startswith("#"))
    present = set(re.findall(r"\bid:\s*[\"']?([A-Za-z0-9_-]+)", written))
    adding = [(e, names, name) for e, names, name in entries if e not in present]
    added = [_entry_line(*item) for item in adding]
    if not added:
        return []
    back = _added_back(event.parent, adding, text, True, event.name)
    if at is None:
        # before `stages:` (with the comments heading it), where the format has them: appended
        # after it, `stages:` was no longer the file's last key and _add_missing_stage, which
        # adds the imported stage only there, left it out (the check then said stage-unknown)
        stages = next((i for i, line in enumerate(lines) if re.match(r"stages\s*:", line)), None)
        if stages is None:
            lines += ["entries:", *added]
        else:
            while stages > 0 and lines[stages - 1].startswith("#"):
                stages -= 1
            lines[stages:stages] = ["entries:", *added]
    elif value in ("", "[]"):
        end = _block_end(lines, at)
        if value == "[]":  # nothing but comments below an empty list: `paibang new`'s examples
            lines[at + 1:end] = [line for line in lines[at + 1:end] if not line.lstrip().startswith("#")]
            end = _block_end(lines, at)
        lines[at] = re.sub(r"\[\s*\]", "", lines[at], count=1).rstrip()
        lines[end:end] = added
    else:  # a flow list written by hand, or a file that is not there: the check that follows says so
        return []
    _write(event, "\n".join(lines) + "\n")
    return back


# --- comparing with the file's figures ------------------------------------------------------------


@dataclass
class Difference:
    where: dict[str, str]  # board 3 MP_NS, total TotalPercentage: in every locale
    pair: str
    published: str
    computed: str
    printed: str | None = None  # a total that is the file's board figures as printed, summed: what that sum makes
    column: str = ""  # the figure's column as the import reads it (TotalPercentage, MP_NS), in any file
    # a total the file writes its own way, explained (explain_total): the words' key and their values
    why: tuple[str, dict[str, Any]] | None = None


def _decimals(text: str) -> int:
    """The decimals a figure is written with; at most 9 (no program writes more, and a figure
    written with hundreds is still compared, at 9)."""
    text = text.strip().replace(",", ".")
    return min(len(text.split(".", 1)[1]), 9) if "." in text else 0


def _value(text: str) -> float | None:
    try:
        return float(text.strip().replace(",", ".").replace('"', ""))
    except ValueError:
        return None


def _equal(published: str, computed: float, places: int | None = None) -> bool:
    """`places`: the decimals the file writes the column with, when it drops trailing zeros
    (Scorer: 64.10 written 64.1); else those of the figure itself."""
    value = _value(published)
    if value is None:
        return False
    places = max(_decimals(published), places or 0)
    # equal when paibang's figure, rounded at the decimals written, is the published one
    # (halves either way: programs round half up or to even)
    return abs(computed - value) <= 0.5 * 10 ** -places + 1e-6


def _shown(value: float) -> str:
    return str(Decimal(str(round(value, 4))).normalize()) if not float(value).is_integer() else str(int(value))


MP_CONVENTIONS = {  # (per beaten result, centred on zero): its words, `bridge_import_<…>`
    (2, False): "mp_2_from_zero",
    (1, False): "mp_1_from_zero",
    (2, True): "mp_2_centred",
    (1, True): "mp_1_centred",
}


def _in_convention(mp: float, top: float, convention: tuple[int, bool]) -> float:
    scale, centred = convention
    value = mp * scale / 2
    return value - top * scale / 4 if centred else value


def compare(session: Session, ids: dict[tuple[str, str], str],
            stage_result: Any) -> tuple[int, list[Difference], tuple[int, bool] | None, bool, int | None, bool]:
    """Every published figure against paibang's (the totals against its standings as the site
    shows them): (figures compared, differences, MP convention, whether the file's totals are its
    board figures as printed, summed (most of the totals that differ are that sum; those
    differences carry it), the results the file
    factors its boards to when it factors them to more than were played, whether it cuts its
    board figures at the decimals written instead of rounding them)."""
    ours: dict[tuple[int, str, str], Any] = {}
    for round_result in stage_result.rounds:
        for score in round_result.tables:
            view = score.view
            if getattr(view, "kind", None) != "played":
                continue
            for row in view.rows:
                ours[(row.board, view.ns, view.ew)] = row
    checks: list[tuple[dict[str, str], str, str, float | None, str]] = []  # (where, pair, published, computed, column)
    mp_found: list[tuple[dict[str, str], str, str, float, float, Any, str]] = []  # (where, pair, published, mp, top, row, column)
    places = _places(session)
    sums: dict[int, list[float]] = defaultdict(list)  # board -> the file's NS + EW figure of each real result
    for line in session.lines:
        ns, ew = ids[("NS", line.ns)], ids[("EW", line.ew)]  # type: ignore[index]
        row = ours.get((line.board, ns, ew))
        if row is None:
            continue
        if isinstance(line.record, BoardRecord) and line.score is not None:
            checks.append((say_board(line.board, "Score_NS"), ns, str(line.score), row.score, "Score_NS"))
        both = [_value(line.figures.get(c) or "x") for c in ("MP_NS", "MP_EW")]
        if isinstance(line.record, BoardRecord) and None not in both:
            sums[line.board].append(round(both[0] + both[1], 4))  # type: ignore[operator]
        for column, value in line.figures.items():
            side, pair = (0, ns) if column.endswith("_NS") else (1, ew)
            if column in ("MP_NS", "MP_EW"):
                mp_found.append((say_board(line.board, column), pair, value, row.value(side), row.top, row, column))
            elif column.startswith("Percentage"):
                percent = row.ns_percent if side == 0 else row.ew_percent
                checks.append((say_board(line.board, column), pair, value, percent, column))
            elif column.startswith("IMP"):
                checks.append((say_board(line.board, column), pair, value, row.value(side), column))
            elif column == "ButlerDatum":
                checks.append((say_board(line.board, column), ns, value, row.datum, column))
    convention = None
    factored: dict[int, int] = {}
    cut = False
    mp_checks: list[tuple[dict[str, str], str, str, float, float, str]] = []  # (where, pair, published, mp, top, column)
    if mp_found:
        # The file's figures of each board on paibang's top, or factored up (Neuberg) to more
        # results than the board had: Scorer (Bridge NZ) factors every board to the tables of the
        # movement, a phantom's table counted, where paibang compares the results there are.
        # And a program may cut its figures at the decimals it writes rather than round them
        # (Scorer: 47.9677 is written 47.9).
        # A board is never factored to more results than the session has tables (every pair seated, a
        # phantom's table counted): figures adding up to more say another convention (Compscore's
        # integer MPs at 2 a result beaten read as 1 a result beaten factored to twice the tables).
        most = _tables_at_most(session)
        # Cutting is a way of writing decimals (Scorer's 47.9 for 47.97): figures written whole
        # are not cut (a Compscore board played fewer times, topped on its own results, would
        # otherwise pass for cut where paibang factors it).
        cuts = (False, True) if any(places.get(column) for column in ("MP_NS", "MP_EW")) else (False,)
        candidates = [(c, to, cut) for cut in cuts
                      for c, to in [(c, {}) for c in MP_CONVENTIONS] + [(c, _factored_to(sums, c, most)) for c in MP_CONVENTIONS if not c[1]]]

        def agreeing(candidate: tuple[tuple[int, bool], dict[int, int], bool]) -> int:
            c, to, cut = candidate
            return sum(_equal(p, _cut(p, _in_convention(*_factor(mp, top, row, to), c), cut, places.get(column)), places.get(column))
                       for _, _, p, mp, top, row, column in mp_found if mp is not None)

        convention, factored, cut = max(candidates, key=agreeing)
        mp_checks = [(where, pair, published, *_factor(mp, top, row, factored), column)  # type: ignore[misc]
                     for where, pair, published, mp, top, row, column in mp_found]
        checks += [(where, pair, published,
                    None if mp is None else _cut(published, _in_convention(mp, top, convention), cut, places.get(column)), column)
                   for where, pair, published, mp, top, column in mp_checks]
    standings = {s.entry.id: s for s in stage_result.standings}
    # The totals are always paibang's own standings: place, total and percentage as the site shows them.
    exact = _pair_figures(session, ids, standings, convention)
    # Some programs (Magic Contest) total the board figures as they print them: each rounded at
    # the decimals written, then summed, the percentage and the place taken from that sum. A total
    # that differs from paibang's but is what that sum makes of it is still a difference, said
    # with that explanation when it explains most of the totals that differ (the file's way);
    # otherwise it is a coincidence of a few (Scorer's percentages), and nothing is said.
    as_printed = [check[3] for check in
                  _pair_figures(session, ids, standings, convention, _printed_sums(mp_checks, convention, cut, places))
                  ] if mp_checks else [None] * len(exact)  # each total's figure from that sum, in exact's order

    def differs(published: str, computed: float | None, column: str) -> bool:
        return computed is None or not _equal(published, float(computed), places.get(column))

    differences = [Difference(where, pair, published, "—" if computed is None else _shown(computed), column=column)
                   for where, pair, published, computed, column in checks if differs(published, computed, column)]
    totals = [(Difference(where, pair, published, "—" if computed is None else _shown(computed), column=column),
               printed is not None and not differs(published, printed, column), printed, computed)
              for (where, pair, published, computed, column), printed in zip(exact, as_printed)
              if differs(published, computed, column)]
    totals_printed = 2 * sum(explained for _, explained, _, _ in totals) > len(totals)
    played = _boards_played(session, ids)
    raw = _unrounded_mp(stage_result)
    for difference, explained, printed, computed in totals:
        if totals_printed and explained:
            difference.printed = _shown(printed)
        elif computed is not None:
            # the standings' total is rounded (2 decimals): a cut figure is told from the sum itself
            exact_total = _in_convention(*raw[difference.pair], convention or (2, False)) if (
                difference.pair in raw and difference.column == "TotalScoreMP" and not any(
                    pair.penalty for pair in session.pairs.values())) else float(computed)
            difference.why = explain_total(session, ids, difference, exact_total, played, places.get(difference.column))
        differences.append(difference)
    return len(checks) + len(exact), differences, convention, totals_printed, _most_common(factored.values()), cut


def _boards_played(session: Session, ids: dict[tuple[str, str], str]) -> Counter[str]:
    """entry -> the boards it has a result of (played or adjusted; not a board not played, np)."""
    found: Counter[str] = Counter()
    for line in session.lines:
        if line.record is None or line.ns is None or line.ew is None:
            continue
        found[ids[("NS", line.ns)]] += 1
        found[ids[("EW", line.ew)]] += 1
    return found


def _unrounded_mp(stage_result: Any) -> dict[str, tuple[float, float]]:
    """entry -> (its matchpoints, their top) summed from its boards, unrounded."""
    found: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for round_result in stage_result.rounds:
        for score in round_result.tables:
            view = score.view
            if getattr(view, "kind", None) != "played" or not getattr(view, "matchpoints", False):
                continue
            for side, entry in enumerate((view.ns, view.ew)):
                for row in view.rows:
                    value = row.summed(side)
                    if value is not None:
                        found[entry][0] += value
                        found[entry][1] += row.top
    return {entry: (mp, top) for entry, (mp, top) in found.items()}


def explain_total(session: Session, ids: dict[tuple[str, str], str], difference: Difference, computed: float,
                  played: Counter[str], places: int | None) -> tuple[str, dict[str, Any]] | None:
    """Why a matchpoint total differs from paibang's, when it is the file's own way of writing it
    (the words' key and values), else None. Compscore (mp_pairs_mitchell, board 15 not played at
    16NS v 9EW): a pair that played fewer boards than the session's gets its total scaled to the
    full session (9EW 555 x 27/26 = 576.35), its percentage and place as paibang's; and, its
    board figures factored, it cuts an EW total at the decimals it writes and gives NS what is
    left of the top (2EW 416.0556 written 416.05, 8NS 456.9444 written 456.95), where paibang
    rounds each."""
    if difference.column != "TotalScoreMP":
        return None
    published = _value(difference.published)
    if published is None:
        return None
    full, own = max(played.values(), default=0), played.get(difference.pair, 0)
    if 0 < own < full and _equal(difference.published, computed * full / own, places):
        return "scaled", {"boards": full, "played": own, "scaled": _shown(round(computed * full / own, 4))}
    directions = {ids.get((pair.direction or "NS", pair.id)): pair.direction for pair in session.pairs.values()}
    step = 10 ** -max(_decimals(difference.published), places or 0)
    if abs(published - computed) < step:
        cut, rest = math.floor(computed / step + 1e-9) * step, math.ceil(computed / step - 1e-9) * step
        if directions.get(difference.pair) == "EW" and abs(published - cut) < step / 10:
            return "cut_ew", {}
        if directions.get(difference.pair) == "NS" and abs(published - rest) < step / 10:
            return "cut_ns", {}
    return None


def _cut(published: str, computed: float, cut: bool, places: int | None = None) -> float:
    """Paibang's figure cut (not rounded: truncated toward zero, as centred MPs below zero are)
    at the decimals the file writes, when the file cuts."""
    if not cut:
        return computed
    step = 10 ** max(_decimals(published), places or 0)
    scaled = computed * step
    if not math.isfinite(scaled):
        return computed
    return math.trunc(scaled + math.copysign(1e-6, scaled)) / step


def _places(session: Session) -> dict[str, int]:
    """The decimals of each column of figures: the most any of its figures has (a program that
    drops trailing zeros writes 64.10 as 64.1 and 50.00 as 50)."""
    found: dict[str, int] = defaultdict(int)
    for line in session.lines:
        for column, value in line.figures.items():
            found[column] = max(found[column], _decimals(value))
    for pair in session.pairs.values():
        for column, value in pair.figures.items():
            found[column] = max(found[column], _decimals(value))
    return dict(found)


def _most_common(values: Any) -> int | None:
    found = list(values)
    return max(sorted(set(found)), key=found.count) if found else None


def _tables_at_most(session: Session) -> int:
    """The most results a board of the session can have: a table every two pairs of the file (its
    travellers' and its list's), and one more for a phantom's table (Scorer counts it)."""
    pairs = {(line.section, side, number) for line in session.lines
             for side, number in (("NS", line.ns), ("EW", line.ew)) if number is not None}
    listed = {(pair.section, pair.direction, pair.id) for pair in session.pairs.values()}
    return (max(len(pairs), len(listed)) + 1) // 2 + 1


def _factored_to(sums: dict[int, list[float]], convention: tuple[int, bool], most: int = 10_001) -> dict[int, int]:
    """board -> the results the file factors it to, from its figures: a result's NS and EW figures
    add up to the top (2 x (results - 1), or half that at 1 a result beaten); the boards whose
    figures say more results than paibang has, and no more than `most` (the session's tables)."""
    scale = convention[0]
    found = {}
    for board, values in sums.items():
        common = _most_common(values)
        if common is not None and common > 0 and float(common / scale).is_integer() and common / scale < min(most, 10_001):
            found[board] = int(common / scale) + 1  # 2 to 10,001 results: no other figures say results
    return found


def _factor(mp: float | None, top: float, row: Any, to: dict[int, int]) -> tuple[float | None, float]:
    """Paibang's figure of a board factored (Neuberg) up to `to[board]` results: (MP + 1) x E' / E
    - 1 on a top of 2 x (E' - 1), E being paibang's own results (its figure already factored to
    them); an adjusted score keeps its percentage. Unchanged when the file has no more results."""
    wanted = to.get(row.board)
    have = top / 2 + 1
    if mp is None or not wanted or not top or wanted <= have:
        return mp, top
    new_top = 2 * (wanted - 1)
    if row.adjusted is not None:
        return mp * new_top / top, new_top
    return (mp + 1) * wanted / have - 1, new_top


def _printed_sums(mp_checks: list[tuple[dict[str, str], str, str, float, float, str]], convention: tuple[int, bool] | None,
                  cut: bool = False, places: dict[str, int] | None = None) -> dict[str, tuple[float, float]]:
    """Each pair's board figures in the file's convention, rounded (halves up; cut when the file
    cuts them) at the decimals the file writes them with, summed; with the tops of those boards:
    entry -> (sum, top)."""
    sums: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for _, pair, published, mp, top, column in mp_checks:
        if mp is None:
            continue
        step = Decimal(1).scaleb(-(places or {}).get(column, _decimals(published)))
        figure = _in_convention(mp, top, convention or (2, False))
        try:
            value = float(Decimal(repr(figure)).quantize(step, rounding=ROUND_DOWN if cut else ROUND_HALF_UP))
        except InvalidOperation:  # a figure too large to round at those decimals: as it is
            value = figure
        sums[pair][0] += value
        sums[pair][1] += top
    return {pair: (round(total, 6), top) for pair, (total, top) in sums.items()}


# A total's figure named as the file names it (USEBIO's PAIR elements), where the import reads
# it into PBN's TotalScoreTable columns
FILE_COLUMNS = {"USEBIO": {"Rank": "PLACE", "TotalPercentage": "PERCENTAGE", "TotalScoreMP": "TOTAL_SCORE",
                           "TotalScoreIMP": "TOTAL_SCORE"}}


def _pair_figures(session: Session, ids: dict[tuple[str, str], str], standings: dict[str, Any],
                  convention: tuple[int, bool] | None,
                  printed: dict[str, tuple[float, float]] | None = None) -> list[tuple[dict[str, str], str, str, float | None, str]]:
    """Each pair's published total, percentage and place against paibang's standings, or, given
    `printed` (the board figures as printed, summed), against what that sum makes of them."""
    scale, centred = convention or (2, False)
    fields: dict[str, str] = {}
    penalty: dict[str, float] = {}  # a penalty column, in the file's own figures (settle_penalties)
    for pair in session.pairs.values():
        entry = ids.get((pair.direction or "NS", pair.id))
        if entry is not None:
            fields[entry] = (pair.direction or "") if session.by_direction else ""
            penalty[entry] = pair.penalty if session.scoring == "matchpoints" else 0.0
    percent_of: dict[str, float] = {}
    if printed is not None:
        printed = {entry: (round(total + penalty.get(entry, 0.0), 6), top) for entry, (total, top) in printed.items()}
        for entry, (total, top) in printed.items():
            mp = (total + (top * scale / 4 if centred else 0)) * 2 / scale
            percent_of[entry] = round(100 * mp / top, 6) if top else 0.0
    checks: list[tuple[dict[str, str], str, str, float | None, str]] = []
    for pair in session.pairs.values():
        entry = ids.get((pair.direction or "NS", pair.id))
        standing = standings.get(entry or "")
        if standing is None:
            continue
        metrics = standing.tally.metrics
        for column, published in pair.figures.items():
            if column == "Rank":
                computed: float | None = standing.rank
                if printed is not None and entry in percent_of:
                    computed = 1 + sum(1 for other, figure in percent_of.items()
                                       if fields.get(other) == fields.get(entry) and figure > percent_of[entry])
            elif column == "TotalPercentage":
                computed = percent_of.get(entry) if printed is not None else metrics.get("percent")  # type: ignore[arg-type]
            elif column == "TotalScoreIMP":
                computed = metrics.get("imps")
                # a pair whose every board was np has no IMPs (null: Tally.nothing_scored); a
                # file's 0 for it says the same nothing, not a difference
                if computed is None and standing.tally.nothing_scored and _value(published) == 0:
                    computed = 0.0
            elif printed is not None:
                computed = printed[entry][0] if entry in printed else None  # type: ignore[index]
            else:  # TotalScoreMP, in the file's convention, with any penalty as paibang applied it
                mp, top = metrics.get("mp", 0), metrics.get("top", 0)
                computed = _in_convention(mp, top, convention or (2, False))
            checks.append((catalogues.word("bridge_import_total", column=FILE_COLUMNS.get(session.program, {}).get(column, column)),
                           entry or pair.id, published, computed, column))
    return checks


def say_board(board: int, column: str, room: str | None = None) -> dict[str, str]:
    """Where a figure is, in every locale: the board and the file's column (MP_NS), and the
    room of a team match's board."""
    if room is None:
        return catalogues.word("bridge_import_board", board=board, column=column)
    return catalogues.word("bridge_import_board_room", board=board, room=catalogues.word(f"room_name_{room}"),
                           column=column)


# --- the command ----------------------------------------------------------------------------------------


def _report(total: int, differences: list[Difference], strict: bool, locale: str, unchecked: list[str] = ()) -> int:
    """`unchecked`: what the comparison could not check (said apart, each named): results left
    out, boards scored on the file's IMPs. Never "all equal" while there are any: the figures
    compared are, but not every result of the file is."""
    if unchecked:
        terminal(say("not_all_checked", locale, what=catalogues.joiner(locale).join(unchecked)))
    if not differences:
        terminal(say("equal_compared" if unchecked else "equal", locale, n=total))
        return 0
    printed = sum(1 for difference in differences if difference.printed is not None)
    why = sum(1 for difference in differences if difference.why is not None)
    if why:  # totals the file writes its own way: still differences, counted apart, each said why
        terminal(say("differ_explained", locale, n=total, bad=len(differences), explained=printed + why))
    elif printed:  # totals that are the file's board figures as printed, summed: still differences, counted apart
        terminal(say("differ_printed", locale, n=total, bad=len(differences), printed=printed))
    else:
        terminal(say("differ", locale, n=total, bad=len(differences)))
    for difference in differences:
        if difference.why is not None:
            key, values = difference.why
            terminal(say(f"line_{key}", locale, what=difference.where[locale], pair=difference.pair,
                         published=difference.published, computed=difference.computed, **values))
        elif difference.printed is not None:
            terminal(say("line_printed", locale, what=difference.where[locale], pair=difference.pair,
                      published=difference.published, computed=difference.computed, printed=difference.printed))
        else:
            terminal(say("line", locale, what=difference.where[locale], pair=difference.pair, published=difference.published,
                      computed=difference.computed))
    return 1 if strict else 0


def stage_name(content: Path, section: str | None = None, teams: bool = False) -> str:
    """The name of the stage a session becomes, in the site's language: what it is (`Pairs`, the
    pairs format's own word; `Teams`; a section's `Section A`), never the file's event name again:
    that is the event's title, and titles say both (the standings bulletin's `{event}{stage}成绩排名`)."""
    from generator.commands.console import site_locale

    locale = site_locale(content)
    if teams:
        return say("stage_teams", locale)
    if section is not None:
        return say("stage_section", locale, section=section)
    return catalogues.text("format_pairs", locale)


def _run_teams(content: Path, slug: str, session: TeamsSession, strict: bool, locale: str, path: Path,
               deals: tuple[str, int, list[int]] | None, replace: bool = False) -> int:
    """`deals`: the file's, as hands_text reads them."""
    from generator.build import validate
    from generator.commands.console import print_problems
    from generator.errors import ContentErrors

    def write_all(root: Path) -> tuple[Path, list[Match]]:
        hands = write_hands(root, slug, STAGE_TEAMS, deals, locale, path, replace)
        kept: list[Rewritten] = []
        changed: list[Rewritten] = []
        added_back: list[AddedBack] = []
        written = write_teams_event(root, slug, session, stage_name(root, teams=True), hands, origins, replace, kept,
                                    changed, added_back)
        say_rewritten(kept, changed, written[0], path, locale)
        say_added_back(added_back, locale)
        return written

    origins: dict[str, dict[int, str]] = {}  # (filled by write_all: the trial names the file's lines)
    if trial(content, slug, write_all, path, locale, origins):  # nothing written when it would break the event
        return 1
    folder, matches = write_all(content)
    teams = {t for line in session.lines for t in (line.ns, line.ew)}
    left = left_out(session, matches)
    terminal(say("written_teams", locale, teams=len(teams), matches=len(matches), results=len(session.lines),
              left=len(left), path=folder))
    for line in left[:LEFT_OUT_SAID]:
        why = "unreadable" if line.record is None else "one_room"
        terminal(say(f"teams_left_out_{why}", locale, board=line.board, home=line.ns, away=line.ew,
                  table=line.table or "?", round=line.round))
    if len(left) > LEFT_OUT_SAID:
        terminal(say("teams_left_out_more", locale, n=len(left) - LEFT_OUT_SAID))
    recorded = imps_recorded(matches)
    for (_, _, home, away, _), board, line, home_imps in recorded:
        terminal(say("teams_imps_recorded", locale, board=board, home=home, away=away, table=line.table or "?",
                  round=line.round, imps=_number(home_imps)))
    say_placeholders(session, locale)
    say_placeholder_passed(session, matches, len({m[0] for m in matches}), locale)
    unchecked = ([say("unchecked_left_out", locale, n=len(left), boards=catalogues.joiner(locale).join(
                     say("board_match", locale, board=line.board, home=line.ns, away=line.ew) for line in left))]
                 if left else [])
    if recorded:
        unchecked.append(say("unchecked_imps_recorded", locale, n=len(recorded), boards=catalogues.joiner(locale).join(
            say("board_match", locale, board=board, home=match[2], away=match[3]) for match, board, _, _ in recorded)))
    if session.seated:  # the file gave no rounds: say how paibang told them (seat_team_rounds)
        terminal(say("teams_seated", locale, matches=len(matches), rounds=len(session.seated),
                  boards=catalogues.joiner(locale).join(f"{low}-{high}" for low, high in session.seated)))
    try:
        _, results, _ = validate(content)
    except ContentErrors as failure:
        print_problems(failure.problems, locale, content)
        return 1
    result = next(r for r in results if r.event.slug == slug)
    total, differences = compare_teams(session, matches, result.stage_of(STAGE_TEAMS))
    return _report(total, differences, strict, locale, unchecked)


def say_placeholders(session: TeamsSession, locale: str) -> None:
    """The seats the file fills with its placeholders (PLACEHOLDER) or names no person has
    (NOT_A_PERSON: DIRECTOR, Phantom …), a team a line: not written as players; a team with no
    one else is written with none (`players: []`), known by its name: no player is named as it."""
    found: dict[str, set[str]] = defaultdict(set)
    for team, names in session.placeholders.items():
        found[team] |= names
    for line in session.lines:
        for seat, name in line.placeholders.items():
            found[line.ns if seat in "NS" else line.ew].add(name)
    for team, names in sorted(((t, n) for t, n in found.items() if n), key=lambda item: _natural(item[0])):
        terminal(say("teams_placeholders", locale, team=team, names=catalogues.joiner(locale).join(sorted(names, key=_natural))))


def placeholder_passed(session: TeamsSession, matches: list[Match]) -> list[tuple[Match, str, str, list[str]]]:
    """The matches a team of placeholders only (say_placeholders) played with every board
    passed out in both rooms: (the match, that team, its opponent, the placeholders' names).
    eoq2021's WALES (Dummy 1-4) v ITALY, all 20 records Pass: scored as played it is 0:0 IMPs,
    10 VP each, WALES ranked 15=, where it may be the file's way of writing a bye; which it was is
    the director's call, so the import says it and guesses nothing."""
    found = []
    for match in matches:
        lines = [line for rooms in match[4].values() for line in rooms]
        if not lines or not all(line is not None and isinstance(line.record, BoardRecord) and line.record.contract is None
                                for line in lines):  # (a room missing, the file's IMPs: no pass-out of both rooms)
            continue
        for team, other in ((match[2], match[3]), (match[3], match[2])):
            names: set[str] = set()
            listed = session.teams.get(team)
            if listed is not None and not listed.players and session.placeholders.get(team):
                names |= session.placeholders[team]
            else:
                seats = [(line, seat) for line in lines if line is not None for seat in ("NS" if line.ns == team else "EW")]
                if not seats or any(seat not in line.placeholders for line, seat in seats):
                    continue
                names = {line.placeholders[seat] for line, seat in seats}
            found.append((match, team, other, sorted(names, key=_natural)))
    return found


def say_placeholder_passed(session: TeamsSession, matches: list[Match], rounds: int, locale: str) -> None:
    """Each match placeholder_passed finds, with the results file and how to make it a bye."""
    for match, team, other, names in placeholder_passed(session, matches):
        name = f"{STAGE_TEAMS}.yaml" if rounds == 1 else f"{STAGE_TEAMS}-round-{match[0]}.yaml"
        terminal(say("teams_placeholder_passed", locale, round=match[0], table=match[1], team=team, other=other,
                     boards=len(match[4]), names=catalogues.joiner(locale).join(names), file=f"results/{name}",
                     id=team_id(other)))


def _no_results(file: ImportFile) -> dict[str, str]:
    """Why a file gives paibang no table results to import, in every locale: a PBN of hand records
    only (a dealer's or a hand-record program's: deals, no contract played), or of table results
    one a game that say no pairs (BBO's, or a converter's from a results page: the players' names
    only, no ScoreTable and no HomeTeam / VisitTeam); otherwise none at all."""
    if file.games is not None:
        games = [game for game in file.games if small_int(game.get("Board"))]
        played = [game for game in games if (game.get("Contract") or "").strip() and (game.get("Result") or "").strip()]
        boards = len({small_int(game.get("Board")) for game in (played or games)})
        # a ScoreTable without pair ids: the PBN standard's frequency table (Rank; Percentage_NS;
        # …; Multiplicity: each score and how many tables had it), no traveller to import
        frequency = [game.table("ScoreTable") for game in games]
        frequency = [table for table in frequency if table is not None and table.rows and not {
            column.lstrip("+-") for column in table.columns} & {"PairId_NS", "PairNS", "PairId_EW", "PairEW"}]
        if frequency:
            return catalogues.word("bridge_import_scoretable_no_pairs", n=len(frequency),
                                   columns=";".join(column.lstrip("+-") for column in frequency[0].columns))
        if played:
            return catalogues.word("bridge_import_results_unpaired", results=len(played), boards=boards)
        if games:
            return catalogues.word("bridge_import_hand_records", boards=boards)
    return catalogues.word("bridge_import_no_results")



# --- before anything is written: the event the import goes into, the files it would write ---------


def read_event_data(content: Path, slug: str) -> Any:
    """The event's event.yaml as YAML reads it, read once a run for what the import asks of it
    before it writes (event_refusal, say_date_far) and after (say_stale): it read and parsed it
    three times. None when there is none, or it does not read (the check that follows says what
    is wrong with it)."""
    event = content / "events" / slug / "event.yaml"
    if not event.is_file():
        return None
    try:
        return yaml.safe_load(snapshot.read_text(event))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None


def event_refusal(content: Path, slug: str, stages: set[str], path: Path, locale: str, data: Any) -> dict[str, str] | None:
    """Why the session may not go into the event `slug` as it is, in every locale; None when it
    may (no such event yet; one `paibang new` made; one whose results files are all the import's
    own, `<stage>-round-N.yaml` (`<stage>.yaml`) of its stages, which a rerun rewrites; one whose other stages have
    no results yet, a session of an event of several days). An event of another game, or one with
    results the import did not write (a club's own session, a 2015 event): importing there added
    a stage of pairs beside its own, or a second file of each round, and the event broke or
    silently changed; refused before anything is written. `data`: its event.yaml (read_event_data)."""
    folder = content / "events" / slug
    if not isinstance(data, dict):  # none yet, or one that does not read: the check that follows says so
        return None
    game = data.get("game")
    if isinstance(game, str) and game != "bridge":
        shown = GAMES[game].title if game in GAMES else {name: game for name in LOCALES}
        return catalogues.word("bridge_import_other_game", event=slug, game=shown, file=path)
    # (a team match of one round: teams.yaml)
    own = re.compile("(" + "|".join(re.escape(stage) for stage in sorted(stages)) + r")(-round-\d+)?\.ya?ml")
    results = folder / "results"
    files = sorted(item.name for item in results.iterdir()
                   if item.suffix in (".yaml", ".yml") and not own.fullmatch(item.name)) if results.is_dir() else []
    if files:
        return catalogues.word("bridge_import_event_taken", event=slug, file=path,
                               files=", ".join(files[:5]) + (" …" if len(files) > 5 else ""))
    return _stage_planted(data, slug, stages, path)


def _stage_planted(data: dict[Any, Any], slug: str, stages: set[str], path: Path) -> dict[str, str] | None:
    """An event with a stage the secretary planted for a session of this kind (a pairs field for
    a pairs session, team matches by IMPs for a teams one), no results yet, and not the import's
    stage: the import added its own stage beside it (_add_missing_stage), and the planted stage
    stayed without results, shown as scheduled for ever, unsaid. Refused, naming it and the fix:
    its id made the import's, or an event of the file's own. Not `paibang new`'s example stages
    (the import replaces them: _fill_new_event); not an event that has the import's stage already
    (a rerun; a stage planted as `pairs`); not a stage of another kind, another day's (the seed's
    final of total points beside an imported pairs session), which event_refusal lets be."""
    from generator.games.bridge.duplicate import DEFAULT_SCORING, stage_kind

    written = [item for item in data.get("stages") or [] if isinstance(item, dict) and item.get("id") is not None] \
        if isinstance(data.get("stages"), list) else []
    if not written or any(str(item["id"]) in stages for item in written):
        return None
    examples = [yaml.safe_load(example.stages) for locale in LOCALES
                if (example := GAMES["bridge"].example_in(locale)) is not None]
    if data.get("stages") in examples:
        return None
    kind = "teams" if STAGE_TEAMS in stages else "pairs"
    planted = [item for item in written if isinstance(item.get("format"), str) and stage_kind(
        item["format"], str(item.get("scoring") or DEFAULT_SCORING.get(item["format"], "total"))) == kind]
    if not planted:
        return None
    named = ", ".join(f"{item['id']}" + (f" ({item['name']})" if isinstance(item.get("name"), str) and item["name"] != str(item["id"]) else "")
                      for item in planted)
    imported = ", ".join(sorted(stages))
    return catalogues.word("bridge_import_stage_planted", event=slug, file=path, stages=named, imported=imported,
                           first=str(planted[0]["id"]))


FAR_DAYS = 7  # a session this many days from every day of the event is said (a week's club sessions apart)


def say_date_far(content: Path, slug: str, day: str | None, locale: str, data: Any) -> None:
    """A session whose date is far from every day of the event it goes into is said: the event
    may be the wrong one (a 2024 session into a 2015 event). Not for an event `paibang new` just
    made (its date is new's, the file's takes its place). `data`: its event.yaml (read_event_data)."""
    import datetime

    from generator.content.load import placeholder_values

    if day is None or data is None:
        return
    try:
        session_day = datetime.date.fromisoformat(day)
    except ValueError:
        return
    if not isinstance(data, dict) or data.get("title") in placeholder_values("title"):
        return
    given = data.get("dates") if isinstance(data.get("dates"), list) else [data.get("date")]
    days = [d for d in given if isinstance(d, datetime.date)]
    if not days:
        return
    apart = min(abs((session_day - d).days) for d in days)
    if apart > FAR_DAYS:
        terminal(say("date_far", locale, day=day, event=slug, dates=", ".join(d.isoformat() for d in days), days=apart))


def say_dropped(session: Session, locale: str) -> list[str]:
    """Each line of the file left out, unreadable (Session.dropped): its line, board, pairs and
    why, one a line (LEFT_OUT_SAID, then how many more); and what the comparison says of them
    (never "all equal" while one is left out)."""
    for item in session.dropped[:LEFT_OUT_SAID]:
        terminal(say(f"dropped_{item.why}", locale, at=item.at or "?", board=item.board, ns=item.ns or "?",
                  ew=item.ew or "?", written=item.written or "-"))
    if len(session.dropped) > LEFT_OUT_SAID:
        terminal(say("dropped_more", locale, n=len(session.dropped) - LEFT_OUT_SAID))
    return [say("unchecked_dropped", locale, n=len(session.dropped))] if session.dropped else []


# The most the trial copies, its two copies of the site's files and the event's folder (with
# what its links in content/ lead to) together: a large linked media folder was copied in full on
# every import (rev49); past it the import stops, said (bridge_import_trial_too_large), nothing
# written. One budget for both copies and the site's own files (rev52: counted per copy, twice
# the limit, and the site's files not at all).
TRIAL_COPY_LIMIT = 512 * 1024 * 1024


def _never_read_whole(size: int) -> bool:
    """A file larger than any content file is read (a spreadsheet of entries: MAX_SHEET_BYTES; the
    rest KEEP_AT_MOST): whatever event.yaml names it as, the check refuses it by its size alone,
    and a file nothing names (a video beside the results) is never opened. The trial's copy of it
    is then a file of the same size holding nothing (sparse: no bytes copied nor stored), which
    every check sees as it sees the file."""
    from generator.content.sheet_text import MAX_SHEET_BYTES
    from generator.content.snapshot import KEEP_AT_MOST

    return size > max(MAX_SHEET_BYTES, KEEP_AT_MOST)


class TrialTooLarge(Exception):
    """The event's folder, with what its links lead to, holds more than TRIAL_COPY_LIMIT bytes."""


def _copy_for_trial(folder: Path, target: Path, content: Path, seen: set[Path] | None = None,
                    budget: list[int] | None = None) -> None:
    """The event's `folder` copied to `target` for the trial, with no link in the copy leading out
    of it: copied as links (copytree's symlinks=True), an absolute one (results -> /home/…/content/
    events/club/results) still led to content/ itself, and the trial wrote the import's files
    there, or anywhere it led, before they were checked. A link to a file or folder of the
    content (`content`, resolved) is copied as what it leads to; any other (out of content/,
    dangling, a loop, a folder holding it) and anything but a file or folder (a pipe: never
    opened) becomes a link to itself, which the trial can neither read nor write through (an
    error in the copy, at its place: the same before and after the import writes).

    Each folder (by its real path, `seen`) is copied once: a later link to one already copied
    becomes a link to itself too; a few links to links (d0..d8, each holding four to the next)
    made 65,536 copies (rev49). `budget`: the bytes left to copy (TRIAL_COPY_LIMIT), past which
    TrialTooLarge."""
    import shutil

    seen = set() if seen is None else seen
    budget = [TRIAL_COPY_LIMIT] if budget is None else budget
    seen.add(folder.resolve())
    target.mkdir()
    for entry in sorted(os.scandir(folder), key=lambda entry: entry.name):
        source, copied = Path(entry.path), target / entry.name
        try:
            real = source.resolve(strict=True) if entry.is_symlink() else source
            found = os.stat(real, follow_symlinks=False)
            kind = found.st_mode
        except (OSError, RuntimeError):
            real, kind, found = None, 0, None
        if real is not None and entry.is_symlink() and not real.is_relative_to(content):
            real = None
        if real is not None and stat.S_ISDIR(kind) and real.resolve() not in seen:
            _copy_for_trial(real, copied, content, seen, budget)
        elif real is not None and stat.S_ISREG(kind) and found is not None and _never_read_whole(found.st_size):
            with open(copied, "xb") as placeholder:
                placeholder.truncate(found.st_size)
        elif real is not None and stat.S_ISREG(kind) and found is not None:
            budget[0] -= found.st_size
            if budget[0] < 0:
                raise TrialTooLarge
            shutil.copy2(real, copied)
        else:
            os.symlink(entry.name, copied)


def trial(content: Path, slug: str, write: Callable[[Path], object], path: Path, locale: str,
          origins: dict[str, dict[int, Any]] | None = None) -> bool:
    """Whether the import's files would bring errors, said when they would: `write` (everything
    the import writes, given a content folder) is done into a copy of the site's own files and
    the event's folder, which is checked after; the errors found after and not before are
    printed (before: checked only when there are errors after, of a copy as it was kept for
    that, so that a run whose files bring none checks the copy once, not twice), each quoting the line the import would write (its file named as it
    would be in content/), and that nothing was written. What the import writes is put in place
    only when there are none: an import that breaks the event writes nothing, rather than over
    the last good import (a table `999999999`, a pair missing). `origins` (filled by `write`:
    write_event) names, after each refused line, the imported file's line it was written from:
    the YAML quoted is the import's, the line to correct the file's."""
    import contextlib
    import io
    import shutil
    import tempfile

    from generator.build import validate
    from generator.commands.console import print_problems
    from generator.errors import ContentErrors

    def errors(root: Path) -> list[Any]:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            try:
                validate(root, workers=1)
            except ContentErrors as failure:
                return [p for p in failure.problems if not p.warning]
        return []

    def key(problem: Any, root: Path) -> tuple[str, str, str]:
        return problem.code, str(problem.file_shown(root)), problem.message("en")

    budget = [TRIAL_COPY_LIMIT]  # (both copies': TrialTooLarge past it)

    def copy(root: Path) -> None:
        (root / "events").mkdir(parents=True)
        for item in content.iterdir():  # site.yaml and the site's other files; no other event
            if item.is_file() and not item.is_symlink():
                size = item.stat().st_size
                if _never_read_whole(size):  # (a video beside site.yaml: its size alone, as in the event)
                    with open(root / item.name, "xb") as placeholder:
                        placeholder.truncate(size)
                    continue
                budget[0] -= size
                if budget[0] < 0:
                    raise TrialTooLarge
                shutil.copy2(item, root / item.name)
        folder = content / "events" / slug
        if folder.is_dir():
            _copy_for_trial(folder, root / "events" / slug, content.resolve(), budget=budget)

    with tempfile.TemporaryDirectory(prefix="paibang-import-") as spare:
        # named as content/ is, so that a problem's file reads as it would there (X/events/…)
        root = Path(spare) / content.resolve().name
        as_it_was = Path(spare) / "as-it-was"
        try:
            copy(root)
            copy(as_it_was)
        except TrialTooLarge:
            terminal(say("trial_too_large", locale, folder=content / "events" / slug,
                         size=TRIAL_COPY_LIMIT // (2 * 1024 * 1024), file=path), error=True)
            return True
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            try:
                write(root)
            except OSError as error:  # (a folder where results.imported.json goes): said at its place in content/
                raise in_content(error, root, content) from None
        after = errors(root)
        if after:
            # the errors the event had before are not the import's: the copy as it was checked
            # at root's own path (a problem naming its file whole names it alike), then put back
            written_root = Path(spare) / "written"
            root.rename(written_root)
            as_it_was.rename(root)
            before = {key(p, root) for p in errors(root)}
            root.rename(as_it_was)
            written_root.rename(root)
            after = [p for p in after if key(p, root) not in before]
        event = (root / "events" / slug).resolve()
        for problem in after:
            print_problems([problem], locale, root)
            try:
                written = problem.mark.file.resolve().relative_to(event).as_posix()
            except (ValueError, OSError):
                continue
            line = (origins or {}).get(written, {}).get(problem.mark.line or 0)
            if line is not None:
                terminal(say("written_from", locale, file=path, line=line), error=True)
        if after:
            terminal(say("nothing_written", locale, file=path), error=True)
        return bool(after)


_TEMPORARY = re.compile(r"\.tmp-\d+-\d+$")  # seals.write_durably's name for a file before it is renamed into place


def in_content(error: OSError, root: Path, content: Path) -> OSError:
    """A file system error met writing into the trial's copy of the content (trial), as it is of
    the content folder itself: the path there, not the copy's temporary one (/tmp/paibang-import-…),
    and the file the import writes, not its temporary (`….tmp-<pid>-<thread>`): a rename onto a
    folder names the folder second (filename2)."""
    shown = error.filename2 if error.filename2 is not None and error.errno == errno.EISDIR else error.filename
    if shown is None:
        return error
    path = Path(_TEMPORARY.sub("", str(shown)))
    try:
        path = content / path.relative_to(root)
    except ValueError:
        pass
    return OSError(error.errno, error.strerror, str(path))


# The fixes said for a place an import cannot write: it writes into the content folder (--content),
# where the build's fixes (another place with --output) name an option import does not take.
IMPORT_OS_FIXES = {"ENOTDIR": "bridge_import_os_fix_in_the_way", "EEXIST": "bridge_import_os_fix_in_the_way",
                   "EISDIR": "bridge_import_os_fix_in_the_way", "EACCES": "bridge_import_os_fix_no_permission",
                   "EPERM": "bridge_import_os_fix_no_permission", "EROFS": "bridge_import_os_fix_no_permission"}


_UNREAD = object()


def say_stale(content: Path, slug: str, entries: set[str], stages: dict[str, set[int]], locale: str,
              data: Any = _UNREAD) -> None:
    """What an earlier import wrote that this file no longer has: entries no results file names
    and the file does not list, and the rounds of its stages the file has not (a bad file's
    `P999999999`, a round 6 the good file lacks). Kept, not deleted (the secretary may have
    written them), and said, with what to do. `data`: event.yaml as it was before this import
    wrote (read_event_data; read now when not given): the entries the import adds are all
    `entries`, never stale, and it changes no other, so the entries it lists are those."""
    folder = content / "events" / slug
    stale_rounds = []
    for stage, rounds in stages.items():
        for item in sorted((folder / "results").glob(f"{stage}-round-*.yaml")):
            number = re.fullmatch(rf"{re.escape(stage)}-round-(\d+)\.yaml", item.name)
            if number and int(number.group(1)) not in rounds:
                stale_rounds.append(f"results/{item.name}")
    if stale_rounds:
        terminal(say("stale_rounds", locale, files=", ".join(stale_rounds)))
    if data is _UNREAD:
        data = read_event_data(content, slug)
    listed = data.get("entries") if isinstance(data, dict) else None
    if not isinstance(listed, list):
        return
    named = set()
    for item in (folder / "results").glob("*.yaml"):
        try:  # (a file re-saved in GBK, unreadable as the check says it is: no side named there, no traceback)
            text = snapshot.read_text(item)
        except (OSError, UnicodeDecodeError):
            continue
        named |= set(re.findall(r"\b(?:ns|ew|home|away):\s*[\"']?([^\s,}\"']+)", text))
    stale = [str(e.get("id")) for e in listed if isinstance(e, dict) and str(e.get("id")) not in entries | named]
    if stale:
        terminal(say("stale_entries", locale, entries=", ".join(stale)))


def run(content: Path, slug: str, path: Path, strict: bool, locale: str, sections: str | None = None,
        replace: bool = False) -> int:
    """`sections`: `field` or `apart` to score a file's sections so whatever its figures show;
    `replace` (--replace): results files changed by hand since the import wrote them take the
    file's results (else kept, said: _results_taken). A place it cannot write (a folder where
    results.imported.json goes, a read-only disk) is said in one line, with the import's fixes."""
    from generator.commands.console import os_error_text

    try:
        return _run(content, slug, path, strict, locale, sections, replace)
    except OSError as error:  # (met writing content/ itself: its file named, not its temporary)
        terminal(os_error_text(in_content(error, content, content), locale, IMPORT_OS_FIXES), error=True)
        return 1


def _run(content: Path, slug: str, path: Path, strict: bool, locale: str, sections: str | None,
         replace: bool) -> int:
    from generator.build import validate
    from generator.commands.console import print_problems
    from generator.errors import ContentErrors

    if not path.is_file():
        terminal(say("refused", locale, path=path, problem=catalogues.word("bridge_import_no_file")[locale]), error=True)
        return 2
    try:
        file = read_import_file(path)
        session = read_session(file)
        teams = None
        if not session.lines:  # a team event: one PBN game per room, or USEBIO MATCHes
            if file.games is None:
                from generator.interchange.usebio import read_usebio

                teams = read_usebio_teams(read_usebio(file.text))
            else:
                teams = read_teams_session(file.games)
    except ImportRefused as refusal:
        terminal(say("refused", locale, path=path, problem=refusal.problem[locale]), error=True)
        return 1
    if teams is not None and teams.lines:
        if not team_matches(teams):  # no board has both rooms: nothing a team match is scored on
            teams_named = {t for line in teams.lines for t in (line.ns, line.ew)}
            problem = catalogues.word("bridge_import_teams_no_match", results=len(teams.lines), teams=len(teams_named))
            terminal(say("refused", locale, path=path, problem=problem[locale]), error=True)
            return 1
        refusal = event_refusal(content, slug, {STAGE_TEAMS}, path, locale, read_event_data(content, slug))
        if refusal is not None:
            terminal(say("refused", locale, path=path, problem=refusal[locale]), error=True)
            return 1
        return _run_teams(content, slug, teams, strict, locale, path, hands_text(file), replace)
    if not session.lines:
        problem = _no_results(file)
        terminal(say("refused", locale, path=path, problem=problem[locale]), error=True)
        return 1
    parts: list[tuple[str, str | None, Session]] = [(STAGE, None, session)]  # (stage, section, its session)
    if session.sections:
        chosen, compared, disagree = section_scoring(session)
        named = ", ".join(session.sections)
        if sections is not None:
            terminal(say(f"sections_asked_{sections}", locale, sections=named, compared=compared, disagree=disagree))
        else:
            terminal(say(f"sections_{chosen or 'unknown'}", locale, sections=named, compared=compared, disagree=disagree,
                      stages=", ".join(section_stages(session.sections))))
        if (sections or chosen) == "apart":
            parts = [(stage, section, part)
                     for stage, (section, part) in zip(section_stages(session.sections), section_sessions(session))]
        else:
            field_tables(session)
    elif sections is not None:
        terminal(say("sections_ignored", locale, sections=sections))
    event_data = read_event_data(content, slug)  # (once: event_refusal, say_date_far, say_stale)
    refusal = event_refusal(content, slug, {stage for stage, _, _ in parts}, path, locale, event_data)
    if refusal is not None:
        terminal(say("refused", locale, path=path, problem=refusal[locale]), error=True)
        return 1
    say_date_far(content, slug, _date(session.date), locale, event_data)
    say_names(session, path, content / "events" / slug / "event.yaml", locale)
    unchecked = say_dropped(session, locale)
    taken: dict[str, str] = {}  # every section's entry ids, made before anything is written: none shared
    all_ids = [entry_ids(part, taken) for _, _, part in parts]
    for _, _, part in parts:
        part.absent = missing_results(part)
    deals = hands_text(file)  # (once, for every section's stage)

    def write_all(root: Path) -> list[tuple[str, str | None, Session, dict[tuple[str, str], str], bool]]:
        written = []
        for (stage, section, part), part_ids in zip(parts, all_ids):
            if section is not None:
                terminal(say("section", locale, section=section, stage=stage))
            hands = write_hands(root, slug, stage, deals, locale, path, replace)
            kept: list[Rewritten] = []
            changed: list[Rewritten] = []
            added_back: list[AddedBack] = []
            folder, ids, wrote = write_event(root, slug, part, stage, stage_name(root, section), part_ids, hands, origins,
                                             replace, kept, changed, added_back)
            say_rewritten(kept, changed, folder, path, locale)
            say_added_back(added_back, locale)
            rounds = len({line.round for line in part.lines})
            results = sum(1 for line in part.lines if line.record is not None or line.not_played is not None)
            terminal(say("written", locale, pairs=len(_entries(part, ids)), rounds=rounds,
                      results=results, program=part.program, path=folder))
            say_missing(part, stage, locale)
            say_turned(part, stage, locale)
            say_tables(part, stage, locale)
            say_not_persons(part, ids, locale)
            if part.scoring_told is not None:
                terminal(say(f"scoring_told_{part.scoring}", locale, type=part.scoring_told[0],
                          column=part.scoring_told[1]))
            written.append((stage, section, part, ids, wrote))
        return written

    origins: dict[str, dict[int, int]] = {}  # (filled by write_all: the trial names the file's lines)
    if trial(content, slug, write_all, path, locale, origins):
        return 1
    written = write_all(content)
    rounds = {stage: {line.round for line in part.lines} | {r for r, _ in part.sit_outs}
              for stage, _, part, _, _ in written}
    say_stale(content, slug, {entry for *_, ids, _ in written for entry in ids.values()}, rounds, locale, event_data)
    try:
        _, results, warnings = validate(content)
    except ContentErrors as failure:
        for stage, _, part, ids, _ in written:
            say_not_played(part, ids, stage, None, locale)
        print_problems(failure.problems, locale, content)
        return 1
    result = next(r for r in results if r.event.slug == slug)
    code = 0
    for stage, section, part, ids, wrote in written:
        if section is not None:
            terminal(say("section", locale, section=section, stage=stage))
        stage_result = result.stage_of(stage)
        say_not_played(part, ids, stage, stage_result, locale)
        code = max(code, _compare_and_report(part, ids, stage_result, wrote, strict, locale, unchecked))
    return code


def say_names(session: Session, path: Path, event: Path, locale: str) -> None:
    """What became of the pairs a file of several sections lists outside them (place_participants):
    given to sections by the order listed (to check), or left out, with what to do; and of a
    number listed for several pairs, none told to be the one that played (one_listing)."""
    if session.names_by_order:
        placed = "; ".join(f"{section} {numbers[0]}…{numbers[-1]}" if len(numbers) > 1 else f"{section} {numbers[0]}"
                           for section, numbers in session.names_by_order)
        terminal(say("names_by_order", locale, path=path, placed=placed, event=event))
    if session.names_unplaced:
        pairs = ", ".join(dict.fromkeys(f"{number} ({'/'.join(sections)})" for number, sections in session.names_unplaced))
        terminal(say("names_unplaced", locale, path=path, n=len(session.names_unplaced), pairs=pairs, event=event))
    if session.names_twice:
        terminal(say("names_twice", locale, path=path, pairs=", ".join(session.names_twice), event=event))
    for number, named in session.names_unknown:
        terminal(say("names_unknown_section", locale, path=path, pair=number, section=named,
                  sections=", ".join(session.sections), event=event))


def _compare_and_report(session: Session, ids: dict[tuple[str, str], str], stage_result: Any, wrote: bool, strict: bool,
                        locale: str, unchecked: list[str] = ()) -> int:
    total, differences, convention, totals_printed, factored, cut = compare(session, ids, stage_result)
    if convention is not None:
        terminal(say("convention", locale, convention=say(MP_CONVENTIONS[convention], locale)))
    if factored:
        terminal(say("factored", locale, results=factored))
    if cut:
        terminal(say("cut", locale))
    if totals_printed:
        terminal(say("totals_printed", locale))
    if session.adjusted == "fixed":  # written so only when this import wrote the stage
        terminal(say("adjusted_fixed" if wrote else "adjusted_fixed_kept", locale))
    if session.cumulative:  # its Session columns compared, or none to compare
        terminal(say("cumulative" if any(p.figures for p in session.pairs.values()) else "cumulative_none", locale,
                  boards=session.cumulative))
    say_handicaps(session, ids, differences, locale)
    code = _report(total, differences, strict, locale, list(unchecked))
    for board, ns, ew, score, figures, earned in unmarked_averages(session, ids, stage_result, convention):
        terminal(say("unmarked_average", locale, board=board, ns=ns, ew=ew, score=score, figures=figures, earned=earned))
    return code


def unmarked_averages(session: Session, ids: dict[tuple[str, str], str], stage_result: Any,
                      convention: tuple[int, bool] | None) -> list[tuple[int, str, str, int, str, str]]:
    """The lines whose matchpoints in the file are the same both ways (an average: 20 / 20 on a
    top of 40) where the result they carry earns otherwise (cobalt's EL Thu 1.00pm Open, board 1
    at 1NS v 1EW: a 2S making 110 written 20 / 20, where it earns 26 / 14): most likely an
    average the director gave that the file does not mark (no A5050), and then the cause of the
    other differences on that board (there, written A=/A=, 37 of its 38 go): a director is told
    to look there first. (board, NS, EW, the NS score, the file's figures, paibang's)"""
    rows: dict[tuple[int, str, str], Any] = {}
    for round_result in stage_result.rounds:
        for score in round_result.tables:
            view = score.view
            if getattr(view, "kind", None) == "played":
                rows.update({(row.board, view.ns, view.ew): row for row in view.rows})
    found = []
    for line in session.lines:
        figures = [_value(line.figures.get(column) or "x") for column in ("MP_NS", "MP_EW")]
        if not isinstance(line.record, BoardRecord) or None in figures or figures[0] != figures[1] or line.ns is None:
            continue
        ns, ew = ids[("NS", line.ns)], ids[("EW", line.ew)]  # type: ignore[index]
        row = rows.get((line.board, ns, ew))
        if row is None or row.adjusted is not None or row.score is None or None in (row.ns_value, row.ew_value):
            continue
        earned = [_in_convention(row.value(side), row.top, convention or (2, False)) for side in (0, 1)]
        if abs(earned[0] - earned[1]) < 1e-6:
            continue  # a result that earns an average, as written
        found.append((line.board, ns, ew, row.score, " / ".join(line.figures[c].strip() for c in ("MP_NS", "MP_EW")),
                      " / ".join(_shown(value) for value in earned)))
    return found


def say_handicaps(session: Session, ids: dict[tuple[str, str], str], differences: list[Difference], locale: str) -> None:
    """A handicap event (Scorer's: each PAIR's HANDICAP): the file's percentages and places
    include the handicaps, paibang's standings (a scratch ranking: it has no handicap scoring) do
    not. Said, with how many of the percentages that differ are paibang's plus half the pair's
    handicap (Scorer's way: 2-NS, HANDICAP -6.65, 53.69 % scratch, published 50.37 %)."""
    handicaps = {ids.get((pair.direction or "NS", pair.id)): pair.handicap
                 for pair in session.pairs.values() if pair.handicap}
    if not handicaps:
        return
    percentages = [d for d in differences if d.column == "TotalPercentage"]
    explained = sum(1 for d in percentages
                    if d.pair in handicaps and None not in (_value(d.published), _value(d.computed))
                    and abs(_value(d.published) - (_value(d.computed) + handicaps[d.pair] / 2)) <= 0.011)  # type: ignore[operator]
    terminal(say("handicaps", locale, pairs=len(handicaps), low=_shown(min(handicaps.values())), high=_shown(max(handicaps.values())),
              differing=len(percentages), explained=explained))


def say_not_played(session: Session, ids: dict[tuple[str, str], str], stage: str, stage_result: Any, locale: str) -> None:
    """Each board the file says was not played at a table (NP): which board, table and pairs,
    and what paibang does with it, from the stage as built (None: it could not be built, the
    board and table only): the board is left out of that table, as the rules treat a board not
    played (duplicate.py): its other results are compared among themselves, matchpoints factored
    (Neuberg) to the most results a board of the stage has; the two pairs are scored on the
    boards they played. A line so marked that the file scores all the same was imported as the
    result the file applies (scored_not_played): that is said, with what the file writes, and
    what the build would do with the board were that line deleted."""
    marked = sorted((line for line in session.lines if line.not_played is not None), key=lambda l: (l.board, l.round, l.table))
    if not marked:
        return
    boards: dict[int, list[Any]] = defaultdict(list)  # the stage's rows of each board, as built
    if stage_result is not None:
        for round_result in stage_result.rounds:
            for score in round_result.tables:
                if getattr(score.view, "kind", None) == "played":
                    for row in score.view.rows:
                        if not getattr(row, "not_played", False):  # (the line's own np: no result of the board)
                            boards[row.board].append(row)
    for line in marked:
        ns, ew = ids[("NS", line.ns)], ids[("EW", line.ew)]  # type: ignore[index]
        path = f"results/{stage}-round-{line.round}.yaml"
        figures = ", ".join(([f"SCORE {line.score}"] if line.score is not None else [])
                            + [f"{c} {v}" for c, v in line.figures.items()])
        if line.record is not None:
            terminal(say("not_played_scored", locale, board=line.board, table=line.table, round=line.round, ns=ns, ew=ew,
                      written=line.not_played, figures=figures, path=path))
            terminal(say("not_played_scored_change", locale, board=line.board, ns=ns, ew=ew, path=path))
        else:
            terminal(say("not_played", locale, board=line.board, table=line.table, round=line.round, ns=ns, ew=ew,
                      written=line.not_played, path=path))
            if figures:
                terminal(say("not_played_file", locale, board=line.board, figures=figures))
        rows = boards.get(line.board)
        if not rows:
            continue
        # a scored line: the board as the build would score it were that line deleted (one result fewer)
        row, gone = rows[0], int(line.record is not None)
        played, expected = row.played - gone, row.expected
        if gone:
            expected = max(len(found) - (board == line.board) for board, found in boards.items())
        if session.scoring != "matchpoints":
            terminal(say("not_played_imps", locale, board=line.board, played=played, ns=ns, ew=ew))
        elif played < expected:
            terminal(say("not_played_mp", locale, board=line.board, played=played, expected=expected, ns=ns, ew=ew))
        else:
            top = row.top * (len(rows) - gone - 1) / (len(rows) - 1) if len(rows) > 1 else row.top
            terminal(say("not_played_mp_plain", locale, board=line.board, played=played, top=_shown(top), ns=ns, ew=ew))
    left_out = [line for line in marked if line.record is None]
    if left_out:
        terminal(say("not_played_change", locale, board=left_out[0].board))


# The first line of the hand records an import writes: a file beginning so (or one RESULTS_RECORD
# names) is the import's own, rewritten by the next import unless changed by hand since; any
# other is the secretary's, never written over.
HANDS_MARK = "% paibang import: the deals of "
# The tags a hand record is read from (hands.py: the deal, and double dummy when the file gives it).
HAND_TAGS = ("Board", "Dealer", "Vulnerable", "Deal", "DoubleDummyTricks", "OptimumScore", "ParScore",
             "ParContract", "OptimumContract")


def hands_text(file: ImportFile) -> tuple[str, int, list[int]] | None:
    """The deals of a PBN file as hand records (UTF-8, whatever the file's encoding, as content
    files are read): each board's first deal that can be read, with its dealer, vulnerability
    and double-dummy tags; the number of boards; the boards left out because the file deals them
    differently at different tables (two sections' sets: no hand shown rather than a wrong one).
    None when it has no deal (a USEBIO file, a PBN of results only)."""
    if file.games is None:
        return None
    found: dict[int, tuple[PbnGame, Any]] = {}
    differ: set[int] = set()
    for game in file.games:
        board, deal = small_int(game.get("Board"), 4), (game.get("Deal") or "").strip()
        if board is None or board < 1 or not deal:
            continue
        try:
            hands = parse_deal(deal)
        except DealError:
            continue
        first = found.setdefault(board, (game, hands))
        if first[1] != hands:
            differ.add(board)
    kept = [(board, game) for board, (game, _) in sorted(found.items()) if board not in differ]
    if not kept:
        return None
    lines = [HANDS_MARK + one_line(file.path.name, MAX_NAME_CHARS)]
    for board, game in kept:
        lines += ["", *(tag(name, game.tags[name]) for name in HAND_TAGS if game.get(name))]
    return "\n".join(lines) + "\n", len(kept), sorted(differ)


def write_hands(content: Path, slug: str, stage: str, made: tuple[str, int, list[int]] | None, locale: str,
                path: Path, replace: bool = False) -> str | None:
    """The file's deals written beside the stage's results, `results/<stage>-hands.pbn`, for the
    stage's `hands:` (the value returned; None when the stage gets none from the import): the
    board pages showed no hands, the deals dropped. Written as the import's own files are, never
    through a link: put in place by a rename. Never over a file of the secretary's either: one
    there that is neither the import's own (HANDS_MARK) nor recorded as written by it
    (RESULTS_RECORD), a link, or anything but a regular file of the user's is left as it is,
    said in one line, and the stage gets no `hands:` from the import. The import's own, changed
    by hand since it wrote it (a deal corrected from the curtain cards), is kept, said, and named
    by `hands:`, unless `replace` (--replace), as a results file is (_results_taken, the same
    record); unchanged, it is written again only when the deals differ. `made`: the file's deals
    as hands_text reads them, once for all its sections; `path`: the file imported."""
    from generator.commands.init import own_file

    if made is None:
        return None
    text, boards, differ = made
    name = f"results/{stage}-hands.pbn"
    folder = content / "events" / slug
    target = folder / name
    record = read_results_record(folder)
    found = own_file(target, limit=MAX_RESULTS_BYTES)
    if found is not None and not (isinstance(found, bytes)
                                  and (found.startswith(HANDS_MARK.encode("utf-8")) or name in record)):
        # why, as keep_schemas says it of a schema (a link, another user's file …), or a file of theirs
        why = (catalogues.text(f"schema_left_{found.why}", locale, reason=found.reason)
               if not isinstance(found, bytes) and found.why != "changed" else say("hands_left_changed", locale))
        terminal(say("hands_left", locale, path=target, why=why))
        return None
    make_folders_durably(target.parent)
    before = dict(record)
    kept: list[Rewritten] = []
    if not _results_taken(folder, name, text, record, replace, kept, None):
        terminal(say("hands_kept" if kept[0].recorded else "hands_kept_unrecorded", locale, file=target, path=path,
                     event=slug, hands=name))
        return name
    write_results_record(folder, record, before)
    differing = say("hands_differ", locale, boards=", ".join(map(str, differ))) if differ else ""
    terminal(say("hands", locale, boards=boards, path=target, stage=stage, hands=name, differ=differing))
    return name


def _write(path: Path, text: str) -> None:
    """The secretary's files whole or not at all: a full disk or Ctrl-C while writing leaves the
    event.yaml they had, not half of it; a power cut once written, the new one."""
    write_durably(path, text.encode("utf-8"))
