"""What a stale draw note says: which results were corrected after a Swiss round was drawn on them.

`paibang pair` records, in each Swiss round's file, the primary score of every entry it drew on
(`# draw-order:`, the standings after the round before). A result corrected after the round was
drawn changes those figures for the sides of the corrected table, and the places of many more:
a correction of one table moves the opponents' scores (Buchholz) of everyone its sides met, and
the order with them. Naming every entry whose place moved reads as that many results changed;
this module names what did change: the table corrected, found from the figures, and the figures
it moved.

An entry's figure differs from the one recorded at each draw made after its corrected result
was in, and agrees at each draw made before it. So the first recorded draw whose figure for it
differs, after one that agrees (or after round 1, drawn on nothing), brackets the round the
correction is in; when those draws are consecutive rounds, that round is known exactly, and
the table is the one the entry sat at in it. When a round in between has no recorded figures
(drawn by hand), the round is not known, and the note gives the figures alone. A correction
that moves no primary figure (only a tie-break: levels changed, the winner not) moves places
only: the note says that the figures are unchanged and names the entries whose place moved.

A correction usually makes several rounds stale at once (every round drawn between the result
and its correction): one note says them all, not one note a round.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from generator import catalogues
from generator.catalogues import LOCALES
from generator.games import GAMES, metric_of
from generator.tournament.results import StageResult, StaleDraw


def corrected_tables(result: StageResult, checked: Mapping[int, Mapping[str, tuple[float, float]]],
                     stale: StaleDraw) -> list[tuple[int, int]]:
    """The (round, table) of the results corrected since `stale` was drawn, as far as the figures
    recorded at each draw tell them. `checked`: every round whose draw was checked (its recorded
    figures and the rounds before it all there), each with the figures that moved (empty: none)."""
    found: list[tuple[int, int]] = []
    numbers = sorted(number for number in checked if number <= stale.round)
    for entry in stale.moved:
        before, shift = 1, 0.0  # round 1 is drawn on nothing: every figure agrees
        for number in numbers:
            was, now = checked[number].get(entry, (0.0, 0.0))
            if now - was != shift and number - 1 == before:  # the results of round `before` moved it
                table = _table_of(result, before, entry)
                if table is not None and (before, table) not in found:
                    found.append((before, table))
            if now - was != shift:
                shift = now - was
            before = number
    return sorted(found)


def _table_of(result: StageResult, number: int, entry: str) -> int | None:
    round_result = next((r for r in result.rounds if r.number == number), None)
    if round_result is None:
        return None
    return next((s.table.number for s in round_result.tables if entry in s.table.sides), None)


# Tie-breaks named after people, their capital kept mid-sentence ("wins, Buchholz")
NAMED_METRICS = frozenset({"buchholz", "median_buchholz", "sonneborn_berger"})
PAIRED_NAMED = 12  # the entries a note names whose opponent the correction would change, at most


@dataclass
class StaleNote:
    """One note of a stage's stale draws: the rounds drawn before a result was corrected, the
    table corrected (StaleDraw.tables), and the figures the correction moved as the first of
    those rounds recorded them. Without a table: the figures that moved where no table is known,
    or, where no figure moved, the entries whose place in the draw order did. `paired`: the
    entries a draw made on today's order would seat otherwise (StaleDraw.paired), said with it."""

    rounds: list[int]
    tables: list[tuple[int, int]]
    moved: dict[str, tuple[float, float]]
    entries: list[str]
    paired: list[str] = field(default_factory=list)

    def add_paired(self, entries: list[str]) -> None:
        self.paired += [entry for entry in entries if entry not in self.paired]


def stale_notes(draws: list[StaleDraw], result: StageResult) -> list[StaleNote]:
    """The stage's stale draws, a note a corrected table naming every round drawn before it was
    corrected (one correction, one note, however many rounds it made stale)."""
    notes: list[StaleNote] = []
    by_table: dict[tuple[int, int], StaleNote] = {}
    for draw in sorted(draws, key=lambda d: d.round):
        placed: set[str] = set()
        first = len(notes)  # (a draw's notes are the ones from here, or the one it joins first)
        joined: StaleNote | None = None
        for table in draw.tables:
            sides = _sides(result, *table)
            placed.update(sides)
            if table in by_table:
                by_table[table].rounds.append(draw.round)
                joined = joined or by_table[table]
                continue
            by_table[table] = StaleNote([draw.round], [table], {e: draw.moved[e] for e in sides if e in draw.moved}, [])
            notes.append(by_table[table])
        rest = {entry: figures for entry, figures in draw.moved.items() if entry not in placed}
        if rest or not draw.moved:
            notes.append(StaleNote([draw.round], [], rest, [] if rest else list(draw.entries)))
        # Whom the draw would now seat otherwise, said once a draw: with the first of its notes
        # (the entries of a tie-break's move are not the corrected table's, and are named only here)
        if draw.paired and (joined is not None or len(notes) > first):
            (joined or notes[first]).add_paired(draw.paired)
    return notes


def note_words(note: StaleNote, result: StageResult, game: str) -> tuple[dict[str, str], dict[str, str]]:
    """The note's rounds and its changes in every locale: the parameters of the stage page's
    note (stale_draw) and of the warning (draw-standings-changed)."""
    rounds, changes = {}, {}
    label = metric_of(GAMES[game], result.primary).label if result.primary else {}
    for locale in LOCALES:
        joiner = catalogues.joiner(locale)
        rounds[locale] = catalogues.text("stale_rounds" if len(note.rounds) > 1 else "stale_round", locale,
                                         rounds=joiner.join(map(str, note.rounds)))
        primary = catalogues.in_sentence(label.get(locale) or label.get("zh-Hans", ""))  # (mid-sentence: "no wins changed")
        tables = joiner.join(catalogues.text("stale_table", locale, round=number, table=table,
                                             sides=" – ".join(_sides(result, number, table)))
                             for number, table in note.tables)
        figures = catalogues.text("stale_figures", locale, primary=primary, figures=joiner.join(
            f"{entry} {_num(was)} → {_num(now)}" for entry, (was, now) in note.moved.items())) if note.moved else ""
        # At most PAIRED_NAMED named: a result reversed in a mass event moves every place of two
        # score groups, and a warning naming a thousand entries is read by no one.
        paired = joiner.join(note.paired[:PAIRED_NAMED])
        if len(note.paired) > PAIRED_NAMED:
            paired = catalogues.text("stale_ids_more", locale, ids=paired,
                                     more=len(note.paired) - PAIRED_NAMED)
        if tables and figures:
            changes[locale] = catalogues.text("stale_changes", locale, tables=tables, figures=figures)
        elif note.moved:
            changes[locale] = figures
        elif note.paired:  # only a tie-break moved: who would meet another opponent, not every place moved
            changes[locale] = catalogues.text("stale_order_paired", locale, primary=primary, ids=paired)
            continue
        else:
            changes[locale] = catalogues.text("stale_order", locale, primary=primary, ids=joiner.join(note.entries))
        if note.paired:
            changes[locale] = catalogues.text("stale_paired", locale, changes=changes[locale], ids=paired)
    return rounds, changes


def moved_words(came: list[str], went: list[str], figures: dict[str, dict[str, str]] | None = None) -> dict[str, str]:
    """Who would qualify now and was not drawn (`came`) and who was drawn and would not (`went`),
    in every locale: only the side that has anyone when the other has no one (a field grown or
    shrunk: "T06 would qualify as well", not "no one would not"). `figures`: each entry as said
    with its figure, in every locale (_figures)."""
    def said(locale: str) -> str:
        def joined(ids: list[str]) -> str:
            return catalogues.joiner(locale).join(figures[locale].get(i, i) if figures else i for i in ids)
        if came and went:
            return catalogues.text("qualifiers_moved", locale, came=joined(came), went=joined(went))
        if came:
            return catalogues.text("qualifiers_moved_in", locale, came=joined(came))
        return catalogues.text("qualifiers_moved_out", locale, went=joined(went))
    # (Chinese: no space left after the figure's closing parenthesis, "T06\uff08...\uff09\u664b\u7ea7")
    return {locale: said(locale).replace("\uff09 ", "\uff09") if figures and locale != "en" else said(locale)
            for locale in LOCALES}


def settings_changed(game_name: str, result: StageResult, rules: Mapping[str, str],
                     field_size: int | None = None) -> tuple[dict[str, str], str] | None:
    """The settings of `result`'s stage changed since the next stage was drawn on its standings:
    what changed in every locale ("advance count 4 → 3; ranking by wins, level difference →
    wins, lot") and the settings at the draw as event.yaml writes them (the hint's way back);
    None when none changed. The draw's record (`rules`, # draw-rules:) gives their values at
    the draw; without it, the count is the size of the field it recorded (`field_size`; None:
    not known, a knockout's, whose record is the whole standings) and rank_by unknown."""
    stage, advance = result.stage, result.stage.advance
    game = GAMES[game_name]
    try:
        old_count = int(rules["count"]) if "count" in rules else field_size
    except ValueError:
        old_count = field_size
    old_rank = [m for m in rules["rank_by"].split(",") if m] if rules.get("rank_by") else list(stage.rank_by)
    parts: list[tuple[str, dict[str, str | list[str]]]] = []
    back: list[str] = []
    if advance is not None and old_count is not None and old_count != advance.count:
        parts.append(("qualifiers_setting_count", {"old": str(old_count), "new": str(advance.count)}))
        back.append(f"advance: {{count: {old_count}, to: {advance.to}}}")
    if old_rank != list(stage.rank_by):
        parts.append(("qualifiers_setting_rank_by", {"old": old_rank, "new": list(stage.rank_by)}))
        back.append(f"rank_by: [{', '.join(old_rank)}]")
    if not parts:
        return None

    def labels(names: list[str], locale: str) -> str:
        def one(name: str) -> str:
            try:
                label = metric_of(game, name).label.get(locale) or name
                return label if name in NAMED_METRICS else catalogues.in_sentence(label)
            except KeyError:
                return name
        return catalogues.joiner(locale).join(map(one, names))

    said = {locale: ("; " if locale == "en" else "\uff1b").join(
        catalogues.text(key, locale, **{k: labels(v, locale) if isinstance(v, list) else v for k, v in values.items()})
        for key, values in parts) for locale in LOCALES}
    return said, ", ".join(back)


def _sides(result: StageResult, number: int, table: int) -> tuple[str, ...]:
    round_result = next((r for r in result.rounds if r.number == number), None)
    score = next((s for s in round_result.tables if s.table.number == table), None) if round_result else None
    return tuple(score.table.sides) if score is not None else ()


def _num(value: float) -> str:
    # (pairing's own twin: pairing imports knockout, which imports this module)
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def seeding_changes(source: StageResult | None, recorded: list[tuple[str, float]] | None, entries: list[str],
                    game: str) -> tuple[StaleDraw, dict[str, str]]:
    """A knockout's round 1 drawn on the standings of `source`, the stage seeding it, that a
    correction has changed since (`entries`: whose seed it changed): the stale draw, with the
    table corrected as a Swiss round's note finds it, and what changed in every locale.
    `paibang pair` records the figures it drew the bracket on (`recorded`, # draw-order:), the
    standings after the stage's last round, as it records a Swiss round's: the knockout's draw
    is to the stage's figures what the stage's next round would be, and the first draw whose
    figure of an entry differs tells the round its result was corrected in. Without those
    figures (round 1 drawn by hand, or by an older paibang) the entries alone are said."""
    draw = StaleDraw(1, list(entries))
    if source is None or recorded is None:
        ids = ", ".join(entries)
        return draw, {locale: ids for locale in LOCALES}
    now = {s.entry.id: float(s.tally.metrics.get(source.primary, 0)) for s in source.standings}
    draw.moved = {entry: (was, now[entry]) for entry, was in recorded if entry in now and now[entry] != was}
    after = max((r.number for r in source.rounds), default=0) + 1  # drawn after the stage's last round
    draw.tables = corrected_tables(source, {**source.draw_checks, after: draw.moved},
                                   StaleDraw(after, draw.entries, draw.moved))
    note = StaleNote([1], draw.tables, draw.moved, [] if draw.moved else list(entries))
    return draw, note_words(note, source, game)[1]
