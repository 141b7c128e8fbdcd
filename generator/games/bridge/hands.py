"""Hand records (牌例): the four hands of each board, high-card points, double dummy and par.

A duplicate stage names its deals with the stage key `hands: hands.pbn`, a PBN file in the event
folder (`read_hand_records`; the PBN text reader below is the one generator/interchange/pbn.py
builds on). Each board page then shows the four hands round
a compass, the dealer, the vulnerability and each hand's high-card points (A 4, K 3, Q 2, J 1).

Double dummy tricks (how many tricks each seat makes as declarer in each strain with every
card in view) and the par score come from the file itself when it carries them
(`[DoubleDummyTricks]`, `[OptimumScore]`, `[ParContract]`, what most dealing programs write),
else from the optional `endplay` package when it is installed (`pip install paibang[hands]`).
Neither is ever required: without them the page shows the hands only.

>>> deal = parse_deal("N:AKQJ.AKQ.AKQ.AKQ - - -")
>>> deal["N"].hcp, deal["E"] is None
(37, True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from generator.errors import Mark, Problems
from generator.games.bridge.scoring import dealer, vulnerability, word

SEATS = ("N", "E", "S", "W")
SUITS = ("S", "H", "D", "C")
STRAINS = ("NT", "S", "H", "D", "C")  # the order of a double dummy table's columns
RANKS = "AKQJT98765432"
POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}
_RANK_SET = frozenset(RANKS)
_RANK_ORDER = {rank: place for place, rank in enumerate(RANKS)}  # RANKS.index, looked up


@dataclass(frozen=True)
class Hand:
    """Thirteen cards by suit, spades first; each suit's ranks high to low ("" is a void)."""

    suits: tuple[str, str, str, str]

    @cached_property
    def hcp(self) -> int:
        # (counted once: a board page asks for each hand's in the hand itself and again in the
        # compass; cached_property writes the instance's __dict__, which a frozen dataclass allows)
        return sum(POINTS.get(card, 0) for suit in self.suits for card in suit)

    @property
    def cards(self) -> int:
        return sum(len(suit) for suit in self.suits)

    def suit(self, name: str) -> str:
        return self.suits[SUITS.index(name)]

    @property
    def shown(self) -> list[tuple[str, str]]:
        """(suit, ranks as printed: 10 for T, — for a void), spades first."""
        return [(name, " ".join("10" if c == "T" else c for c in ranks) or "—") for name, ranks in zip(SUITS, self.suits)]

    def pbn(self) -> str:
        return ".".join(self.suits)


class DealError(ValueError):
    """A deal that cannot be read: `problem` says why, in the three locales."""

    def __init__(self, problem: dict[str, str]) -> None:
        super().__init__(problem["en"])
        self.problem = problem




def parse_hand(text: str) -> Hand | None:
    """`AKQ.JT9..5432`: four suits, spades first, separated by dots; a void is empty (or "-");
    the whole hand "-" or "?" is unknown (None)."""
    text = text.strip()
    if text in ("-", "?", ""):
        return None
    parts = text.upper().split(".")
    if len(parts) != 4:
        raise DealError(word("br_deal_suits", text=text))
    suits = []
    for part in parts:
        part = "" if part == "-" else part.replace("10", "T")
        if not _RANK_SET.issuperset(part) or len(set(part)) != len(part):
            raise DealError(word("br_deal_suit", suit=part))
        suits.append("".join(sorted(part, key=_RANK_ORDER.__getitem__)))
    return Hand(tuple(suits))  # type: ignore[arg-type]


def parse_deal(text: str) -> dict[str, Hand | None]:
    """A PBN deal, `N:hand hand hand hand`, clockwise from the seat named (N if none)."""
    text = text.strip()
    first = "N"
    if len(text) > 1 and text[1] == ":" and text[0].upper() in SEATS:
        first, text = text[0].upper(), text[2:]
    parts = text.split()
    if len(parts) != 4:
        raise DealError(word("br_deal_hands"))
    start = SEATS.index(first)
    hands = {SEATS[(start + i) % 4]: parse_hand(part) for i, part in enumerate(parts)}
    known = [h for h in hands.values() if h is not None]
    for hand in known:
        if hand.cards != 13:
            raise DealError(word("br_deal_cards", cards=hand.cards))
    cards = [(s, c) for h in known for s, ranks in zip(SUITS, h.suits) for c in ranks]
    if len(set(cards)) != len(cards):
        raise DealError(word("br_deal_card_twice"))
    if len(known) == 3:  # the fourth hand is what is left
        missing = next(seat for seat, hand in hands.items() if hand is None)
        rest = ["".join(c for c in RANKS if (s, c) not in cards) for s in SUITS]
        hands[missing] = Hand(tuple(rest))  # type: ignore[arg-type]
    return hands


@dataclass(frozen=True)
class DoubleDummy:
    """Tricks each declarer makes in each strain, and the par result."""

    tricks: dict[str, dict[str, int]]  # declarer -> strain -> tricks
    par_score: int | None = None  # NS's
    par_contracts: tuple[str, ...] = ()
    source: str = "file"  # file (the PBN's own tags) or endplay

    def rows(self) -> list[tuple[str, list[int]]]:
        """Declarer by declarer (N, S, E, W), the strains NT, S, H, D, C."""
        return [(seat, [self.tricks[seat][s] for s in STRAINS]) for seat in ("N", "S", "E", "W")]

    def shown(self, seat: str, strain: str) -> str:
        """What the table prints: the level made (tricks - 6), or "–" when it fails."""
        made = self.tricks[seat][strain] - 6
        return str(made) if made > 0 else "–"


@dataclass(frozen=True)
class Deal:
    """One board's hands, with the double dummy analysis when known."""

    board: int
    hands: dict[str, Hand | None]
    double_dummy: DoubleDummy | None = None
    line: int = 0  # where the deal is in the file

    def hand(self, seat: str) -> Hand | None:
        return self.hands.get(seat)

    @property
    def complete(self) -> bool:
        return all(self.hands.get(seat) is not None for seat in SEATS)

    def pbn(self) -> str:
        return "N:" + " ".join(h.pbn() if h else "-" for h in (self.hands[s] for s in SEATS))


@dataclass
class HandRecords:
    """The deals of a stage, by board number, read from `path`."""

    path: Path
    deals: dict[int, Deal] = field(default_factory=dict)

    def deal(self, board: int, mode: str = "standard") -> Deal | None:
        """The board's deal, analysed double dummy when possible (`mode`: the stage's
        vulnerability key, which the par score depends on)."""
        found = self.deals.get(board)
        if found is None:
            return None
        if found.double_dummy is None and found.complete:
            analysed = analyse(found, mode)
            if analysed is not None:
                found = Deal(found.board, found.hands, analysed, found.line)
                self.deals[board] = found
        return found


def double_dummy_from_tags(tags: Any) -> DoubleDummy | None:
    """`[DoubleDummyTricks "77667775576677566775"]` (declarers N, S, E, W; strains NT, S, H,
    D, C; one hex digit each) with `[OptimumScore "NS 90"]` or `[ParContract …]`."""
    digits = (tags.get("DoubleDummyTricks") or "").strip()
    if len(digits) != 20 or any(d not in "0123456789abcdefABCDEF" for d in digits):
        return None
    tricks: dict[str, dict[str, int]] = {}
    for index, seat in enumerate(("N", "S", "E", "W")):
        tricks[seat] = {strain: int(digits[index * 5 + k], 16) for k, strain in enumerate(STRAINS)}
    if any(v > 13 for row in tricks.values() for v in row.values()):
        return None
    score = _par_score(tags.get("OptimumScore") or tags.get("ParScore"))
    contract = contract_text(tags.get("ParContract") or tags.get("OptimumContract") or "")
    return DoubleDummy(tricks, score, (contract,) if contract else (), "file")


def _par_score(text: str | None) -> int | None:
    """`NS +90`, `EW 620`, `-50` -> NS's score."""
    if not text:
        return None
    words = text.replace("+", " ").split()
    numbers = [w for w in words if w.lstrip("-").isascii() and w.lstrip("-").isdigit() and len(w) <= 6]
    if len(words) == 2 and words[0].upper() in ("NS", "EW") and numbers == words[1:]:
        value = int(words[1])
        return value if words[0].upper() == "NS" else -value
    return int(words[0]) if len(words) == 1 and numbers == words else None


def analyse(deal: Deal, mode: str = "standard") -> DoubleDummy | None:
    """Double dummy tricks and par with the optional `endplay` package; None without it."""
    try:
        from endplay.dds import calc_dd_table, par  # type: ignore[import-not-found]
        from endplay.types import Deal as EndplayDeal  # type: ignore[import-not-found]
        from endplay.types import Player, Vul  # type: ignore[import-not-found]
    except ImportError:
        return None
    table = calc_dd_table(EndplayDeal(deal.pbn()))
    # endplay's list: strains spades, hearts, diamonds, clubs, NT; declarers N, E, S, W.
    grid = table.to_list()
    order = {"S": 0, "H": 1, "D": 2, "C": 3, "NT": 4}
    tricks = {seat: {strain: int(grid[order[strain]][SEATS.index(seat)]) for strain in STRAINS} for seat in SEATS}
    players = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
    vul = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "Both": Vul.both}[vulnerability(deal.board, mode)]
    found = par(table, vul, players[dealer(deal.board)])
    contracts = tuple(dict.fromkeys(contract_text(str(c)) for c in found))
    return DoubleDummy(tricks, int(found.score), contracts, "endplay")


# --- PBN text: the tags and sections of each game ------------------------------------------------
# Read here, where a stage's hand records need it; interchange/pbn.py builds PBN's results, import
# and export on top of it.


class PbnError(ValueError):
    """A file that cannot be read as PBN: the line, and why (in the three locales)."""

    def __init__(self, line: int, problem: dict[str, str]) -> None:
        super().__init__(f"line {line}: {problem['en']}")
        self.line = line
        self.problem = problem


@dataclass
class PbnTable:
    """A table tag (`ScoreTable`, `TotalScoreTable`, …): its column names and rows."""

    columns: list[str]
    rows: list[dict[str, str | None]]


@dataclass
class PbnGame:
    """One game of a PBN file: its tags in order, the lines after each tag (auction, play,
    table rows), and where each tag was written."""

    tags: dict[str, str] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)
    line: int = 0
    # each section line's line in the file, as `sections` holds them: where a table row is
    # (an import names the row it leaves out by the file's line)
    section_lines: dict[str, list[int]] = field(default_factory=dict)

    def get(self, name: str) -> str | None:
        """A tag's value; None when absent or unknown (`?`)."""
        value = self.tags.get(name)
        if value is None or value.strip() == "?":
            return None
        return value

    def table(self, name: str) -> PbnTable | None:
        spec = self.tags.get(name)
        if spec is None:
            return None
        columns = [part.split("\\")[0].strip() for part in spec.split(";") if part.strip()]
        rows = []
        for text in self.sections.get(name, []):
            tokens = tokenize(text)
            if not tokens:
                continue
            if len(tokens) != len(columns):
                raise PbnError(self.lines.get(name, self.line),
                               word("pbn_row_fields", name=name, found=len(tokens), columns=len(columns)))
            rows.append({c: (None if t in ("-", "?") else t) for c, t in zip(columns, tokens)})
        return PbnTable(columns, rows)

    def row_lines(self, name: str) -> list[int]:
        """The file's line of each row of the table `name`, as table() gives its rows."""
        texts = self.sections.get(name, [])
        numbers = self.section_lines.get(name, [])
        return [numbers[i] if i < len(numbers) else self.lines.get(name, self.line)
                for i, text in enumerate(texts) if tokenize(text)]


# A quoted value as its runs of plain characters between escapes ("unrolled"), not one
# alternation a character: the same matches, at half the cost (a hand record's file is some
# 300 tag lines, read for every event whose stage deals by it).
_QUOTED = r'"([^"\\]*(?:\\.[^"\\]*)*)"'
_TAG = re.compile(rf'^\[\s*([A-Za-z0-9_]+)\s+{_QUOTED}\s*\]')
_TOKEN = re.compile(rf'{_QUOTED}|(\S+)')


def tokenize(text: str) -> list[str]:
    """The fields of a section line: quoted strings (unquoted) and bare words."""
    return [_unescape(quoted) if quoted is not None else bare for quoted, bare in
            ((m.group(1), m.group(2)) for m in _TOKEN.finditer(text))]


def _unescape(text: str) -> str:
    return text.replace('\\"', '"').replace("\\\\", "\\")


def _strip_comments(text: str, in_brace: bool) -> tuple[str, bool]:
    """The line without `;` and `{…}` comments (outside quotes); whether a brace comment is
    still open at its end."""
    if not in_brace and ";" not in text and "{" not in text:
        return text, False  # no comment can start on it: every character is kept (most lines)
    if in_brace and "}" not in text:
        return "", True
    out, quoted, index = [], False, 0
    while index < len(text):
        char = text[index]
        if in_brace:
            if char == "}":
                in_brace = False
        elif quoted:
            out.append(char)
            if char == "\\" and index + 1 < len(text):
                out.append(text[index + 1])
                index += 1
            elif char == '"':
                quoted = False
        elif char == '"':
            quoted = True
            out.append(char)
        elif char == ";":
            break
        elif char == "{":
            in_brace = True
        else:
            out.append(char)
        index += 1
    return "".join(out), in_brace


def parse_pbn(text: str) -> list[PbnGame]:
    """Every game of a PBN text, in order."""
    games: list[PbnGame] = []
    game = PbnGame()
    current: str | None = None
    in_brace = False
    previous: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        if raw.startswith("%") and not in_brace:
            continue
        line, in_brace = _strip_comments(raw, in_brace)
        line = line.strip()
        if not line:
            if not in_brace and raw.strip() == "" and game.tags:
                previous = dict(game.tags)
                games.append(game)
                game, current = PbnGame(), None
            continue
        if line.startswith("["):
            match = _TAG.match(line)
            if not match:
                raise PbnError(number, word("pbn_tag_unreadable", tag=line[:40]))
            name, value = match.group(1), _unescape(match.group(2))
            if value == "#" and name in previous:  # "as in the previous game"
                value = previous[name]
            if not game.tags:
                game.line = number
            game.tags[name] = value
            game.lines[name] = number
            current = name
            rest = line[match.end():].strip()
            if rest:
                game.sections.setdefault(name, []).append(rest)
                game.section_lines.setdefault(name, []).append(number)
            continue
        if current is None:
            raise PbnError(number, word("pbn_line_no_tag"))
        game.sections.setdefault(current, []).append(line)
        game.section_lines.setdefault(current, []).append(number)
    if game.tags:
        games.append(game)
    return games


def small_int(text: str | None, digits: int = 6) -> int | None:
    """A whole number of at most `digits` digits (a board, a round, tricks); None otherwise, so
    a hostile run of digits never reaches int()."""
    if text is None:
        return None
    text = text.strip()
    body = text[1:] if text[:1] in "+-" else text
    if not body.isascii() or not body.isdigit() or len(body) > digits:
        return None
    return int(text)


_PAR = re.compile(r"^([1-7])(NT|N|[SHDC♠♥♦♣])(X{0,2})\s*([NESW]{1,2})\s*([xX]{0,2})\s*([=+-]\d*)$")
_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "N": "NT"}


def contract_text(text: str) -> str:
    """A par contract as paibang writes contracts: `6NTS=` or `1♠E+2` -> `6NT S =`, `1S E +2`."""
    match = _PAR.match(text.strip())
    if not match:
        return text.strip()
    level, strain, doubled, seat, doubled_after, result = match.groups()
    return f"{level}{_SYMBOLS.get(strain, strain)}{(doubled or doubled_after).upper()} {seat} {result}"


def read_hand_records(path: Path, problems: Problems) -> HandRecords | None:
    """The deals of a PBN file in content/ (UTF-8, no larger than any content file); a deal that
    cannot be read is reported at its line."""
    from generator.content.yaml_loader import read_content_text

    text = read_content_text(path, problems)
    if text is None:
        return None
    try:
        games = parse_pbn(text)
    except PbnError as error:
        problems.add("bridge-hands-syntax", Mark(path, error.line, 1), path=path.name, line=error.line, problem=error.problem)
        return None
    records = HandRecords(path)
    read: set[str] = set()  # the deals read without a problem: a results file's repeats are not read again
    for game in games:
        board_text, deal_text = game.get("Board"), game.get("Deal")
        if not deal_text or not board_text:
            continue
        line = game.lines.get("Deal", game.line)
        board = small_int(board_text, 4)
        if board is None or board < 1:
            problems.add("bridge-hands-syntax", Mark(path, game.lines.get("Board", line), 1), path=path.name,
                         line=game.lines.get("Board", line),
                         problem=word("br_deal_board", board=board_text[:12]))
            continue
        if board in records.deals and deal_text in read:  # read, and kept, as it was
            continue
        try:
            hands = parse_deal(deal_text)
        except DealError as error:
            problems.add("bridge-hands-syntax", Mark(path, line, 1), path=path.name, line=line, problem=error.problem)
            continue
        read.add(deal_text)
        if board not in records.deals:  # a file of results repeats the deal for every table
            records.deals[board] = Deal(board, hands, double_dummy_from_tags(game.tags), line)
    return records
