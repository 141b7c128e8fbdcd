"""A knockout stage's own keys (`format: knockout`, content-format.md), read while loading:
`seeding` (`{from: <stage>}` or a list of entry ids, best first), `third_place`, `then: <stage>`
(the places after the bracket's, in that stage's order) and `places`, the rounds its
bracket will have, and a table's `winner:` (the referee's decision on a tie). Rules of play (the
bracket, winners, placings) live in tournament/knockout.py; this module only reads and checks.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from generator.content.model import LIMITS, Event, Knockout, Stage
from generator.content.reader import Reader, known_stage, suggestion
from generator.content.yaml_loader import YamlMap
from generator.errors import Mark, Problems


def game_format(game: Any, stage_format: str) -> str:
    """The format a game reads its stage keys and tables for: a knockout's matches are the game's
    fixed matches, unless the game plays knockouts its own way (lists `knockout` in its formats)."""
    return "matches" if stage_format == "knockout" and "knockout" not in game.formats else stage_format


def read_knockout(stage_reader: Reader, stage: Stage, event: Event, problems: Problems) -> Knockout | None:
    """A knockout stage's `seeding` (`{from: <stage>}` or a list of entry ids, best first),
    `third_place`, `then` and `places`; on another format these keys are unused (a warning; an
    error for `then` and `places`)."""
    if stage.format != "knockout":
        for key in ("seeding", "third_place", "then", "places"):
            if stage_reader.has(key):
                # `then`/`places` unused is an error, not a warning: the event would publish a
                # final ranking without the places the secretary meant to award (5–8).
                problems.add("knockout-key-unused", stage_reader.key_mark(key), warning=key not in ("then", "places"),
                             key=key, id=stage.id, format=stage.format)
        return None
    knockout = _read_then(stage_reader, stage, Knockout(third_place=stage_reader.boolean("third_place")))
    value = stage_reader.raw("seeding")
    if value is None:
        return knockout
    if isinstance(value, YamlMap):
        seeding = stage_reader.mapping("seeding")
        assert seeding is not None
        seeding.check_keys(("from",), required=("from",))
        return replace(knockout, from_stage=seeding.text("from"), from_mark=seeding.value_mark("from"))
    seeds: list[str] = []
    for seed, mark in stage_reader.items("seeding"):
        entry_id = str(seed)
        if entry_id not in event.entries:
            problems.add("seeding-unknown", mark, id=entry_id, suggestion=suggestion(entry_id, event.entries))
        elif entry_id in seeds:
            problems.add("seeding-duplicate", mark, id=entry_id, seed=seeds.index(entry_id) + 1)
        else:
            seeds.append(entry_id)
    return replace(knockout, seeds=tuple(seeds))


def _read_then(stage_reader: Reader, stage: Stage, knockout: Knockout) -> Knockout:
    """`then: <stage>` (the stage whose ranking places the entries the bracket did not) and
    `places: N` (how far the final ranking goes); `places` means nothing without `then`, since
    the bracket places its whole field."""
    then = stage_reader.text("then")
    places = stage_reader.integer("places", None, low=1, high=LIMITS["entries"])
    if places is not None and then is None:
        stage_reader.problems.add("knockout-places-without-then", stage_reader.key_mark("places"), id=stage.id,
                                  places=places)
        places = None
    return replace(knockout, then=then, places=places,
                   then_mark=stage_reader.value_mark("then") if then is not None else None)


def knockout_rounds(stages: list[Stage], event: Event, reader: Reader, problems: Problems) -> None:
    """A knockout's rounds follow from its field: a bracket of the next power of two, one round
    per halving (12 entries: 16 places, 4 rounds). The field's size is known before play: its seed
    list, the qualifiers of the stage advancing to it, or the field of the stage it is seeded from."""
    ids = [s.id for s in stages]
    for position, stage in enumerate(stages):
        if stage.knockout is None:
            continue
        source = stage.knockout.from_stage
        mark = stage.mark or reader.mark
        if source is not None and not known_stage(source, ids, event, stage.knockout.from_mark or mark, problems):
            stage.knockout = replace(stage.knockout, from_stage=None)
        elif source is not None and ids.index(source) >= position:
            problems.add("seeding-stage-order", mark, id=stage.id, source=source)
            stage.knockout = replace(stage.knockout, from_stage=None)
        then = stage.knockout.then
        then_mark = stage.knockout.then_mark or mark
        if then is not None and not known_stage(then, ids, event, then_mark, problems):
            stage.knockout = replace(stage.knockout, then=None, places=None)
        elif then is not None and ids.index(then) >= position:
            # Its ranking must be final when the knockout's is (a stage played before it).
            problems.add("knockout-then-order", then_mark, id=stage.id, then=then)
            stage.knockout = replace(stage.knockout, then=None, places=None)
        entries = _field_size(stage, stages, ids, event)
        if entries < 2:
            problems.add("knockout-field-small", mark, id=stage.id, count=entries)
        stage.rounds = _bracket_rounds(entries)
        stage.knockout = replace(stage.knockout, size=entries)


def rounds_as_drawn(event: Event, marks: dict[tuple[str, int], Mark | None], problems: Problems) -> None:
    """A knockout's rounds once its round 1 is drawn: those of the bracket drawn. The advance
    count of the stage feeding it changed in event.yaml after the draw (4 -> 2) leaves the bracket
    drawn standing (its `seeds:`, tournament/knockout.drawn_field: qualifiers-advance-changed says
    the setting, its value at the draw and how to put it back or draw again); its rounds were the
    count's (1), and the bracket of 4 drawn ended in knockout-rounds beside that warning, its hint
    saying to change the count, and its final refused as a round past the stage's. Its rounds
    are the bracket's drawn (2) while the draw stands; a round past them is said here
    (results-round-range at its `round:`, `marks`) and left out, as the loader does for any
    other format's. Read every time from the planned size (Knockout.size), never written over."""
    for stage in event.stages:
        if stage.knockout is None:
            continue
        first = next((r for r in event.rounds.get(stage.id, []) if r.number == 1), None)
        feeder = next((s for s in event.stages if s.advance and s.advance.to == stage.id), None)
        drawn_count = (first.drawn_by or {}).get("count") if first is not None else None
        size = stage.knockout.size
        if first is not None and first.seeds and feeder is not None and feeder.advance is not None \
                and drawn_count is not None and drawn_count != str(feeder.advance.count):
            size = len(first.seeds)  # (the count the draw read, as drawn_field keeps its seeds: count_changed)
        stage.rounds = _bracket_rounds(size)
        rounds = event.rounds.get(stage.id, [])
        for round_ in [r for r in rounds if r.number > stage.rounds]:
            problems.add("results-round-range", marks.get((stage.id, round_.number)) or Mark(round_.source),
                         stage=stage.id, rounds=stage.rounds, round=round_.number)
            rounds.remove(round_)


def _bracket_rounds(entries: int) -> int:
    """A bracket's rounds: one per halving of the next power of two (12 entries: 16 places, 4)."""
    return max(1, (max(entries, 2) - 1).bit_length())


def _field_size(stage: Stage, stages: list[Stage], ids: list[str], event: Event, depth: int = 0) -> int:
    """How many entries a knockout's field has (knockout_rounds). A function of the module, not
    one nested in knockout_rounds: a nested function calling itself holds itself, and with it the
    event, in a cycle that kept each event read in memory until the cycle collector ran."""
    knockout = stage.knockout
    if knockout is not None and knockout.seeds is not None:
        return len(knockout.seeds)
    feeder = next((s for s in stages if s.advance and s.advance.to == stage.id), None)
    if feeder is not None and feeder.advance is not None:
        byes = sum(1 for e in event.entries.values() if e.bye) if feeder is stages[0] else 0
        return feeder.advance.count + byes
    if knockout is not None and knockout.from_stage in ids and depth < len(stages):
        return _field_size(stages[ids.index(knockout.from_stage)], stages, ids, event, depth + 1)
    return sum(1 for e in event.entries.values() if not e.bye and not e.substitute)


def takes_winner(game: Any, stage_format: str) -> bool:
    """Whether a stage's tables take the referee's `winner:` (a knockout's tie decided by the
    referee, tournament/knockout.py): a knockout's, unless the game reads `winner:` itself
    (Guandan: who reached the level first). The loader reads the key then, as it reads forfeit,
    and so does the desk's form."""
    return stage_format == "knockout" and "winner" not in game.table_keys


def read_referee_winner(table: Reader, game: Any, stage_format: str) -> tuple[Reader, tuple[str | None, Mark] | None]:
    """A table's referee `winner:` when its stage takes one (takes_winner) and the table writes
    it: the reader of the rest of the table (the game's reader never sees the key), and the
    winner as written with its mark, else None. winner_at_table checks it against the sides."""
    if not takes_winner(game, stage_format) or "winner" not in table.node:
        return table, None
    winner = (table.text("winner"), table.value_mark("winner"))
    return Reader(without(table.node, "winner"), table.problems, table.where), winner


def winner_at_table(winner: tuple[str | None, Mark] | None, sides: list[str], problems: Problems) -> str | None:
    """The referee's winner (read_referee_winner) if it is one of the table's sides; a problem if not."""
    if winner is None or winner[0] is None:
        return None
    if winner[0] not in sides:
        problems.add("knockout-winner-not-at-table", winner[1], id=winner[0], sides=", ".join(sides))
        return None
    return winner[0]


def without(item: YamlMap, key: str) -> YamlMap:
    """A copy of a mapping without `key`, its marks kept (for a game reading the rest)."""
    copy = YamlMap({k: v for k, v in item.items() if k != key})
    copy.mark = item.mark
    copy.key_marks = dict(item.key_marks)
    copy.value_marks = dict(item.value_marks)
    return copy
