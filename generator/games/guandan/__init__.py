"""Guandan (掼蛋, the seed's "通俗桥牌"): the level engine, the match record, match scoring.

The rules follow ../shared/spec/rules-guandan.md (seed 001). Each team has its own level,
2 … A; a deal's winners go up +3 (双下), +2 or +1 from their own level, capped at A (A必打).
At its own A a team passes A (A+, wins the match) only by winning with +2 or +3; every other
deal played at its A is a failed attempt, and after `a_attempts` of them it goes back to 2.
A foul gives the other team +1 at once. A timed match is won by the team that passed A, else
by the higher level, else by the team that reached the common level first.

The engine is pure: `replay()` turns a deal log into each team's level after every item.

Other rule sets (rules-guandan.md, "Other rule sets"; stage keys, the seed's rules stay the
default): `match_points` (场分 win/draw/loss/absent/bye, the metric `match_points`), `draws: true`
(equal final levels at time-up are a draw), the small points `net_levels` (净积小分) and
`total_levels` (累积小分) on level values 2…10, J 11 … A 14, A+ 15, and `profile: national`,
which sets match points 3/2/1/0/3, draws and, without a `rank_by`, the national tie-break chain
of the stage's format (`default_rank_by`), where head-to-head decides only between exactly two
(`head_to_head_two_only`). Any table may carry `penalties` (levels given to the penalised team's
opponents, capped at A, applied after the deal log or on top of the recorded levels: `decide`)
and a knockout's `tiebreak_deal` (`decide`). With `team_size: 4` a match is one table
with two rooms, each recorded as a two-team table is; both rooms' net levels are added
(`four_result`).

Decisions where the seed is silent (each is said on the pages too):
- a foul is written after the deal it happened in and counts at once; the next deal is played
  at the levels as they then stand. A foul never passes A.
- "the team that reached that level first" is the one that has stood on the final common level
  longer: its last arrival there came earlier in the log (a team that never moved was there
  from the start).
- failed attempts at A send a team back to 2 (the seed's "返回2"), whatever `start_level` is.
- a forfeit is a win for the other team and a loss, not a disqualification; both teams' level
  difference for that match is 0.
- a table with teams and no record yet (`deals: []`, `levels: {}` or nothing) is not played:
  it scores no side, so the tournament layer shows it and counts nothing.

The package, by concern: rules.py (the level engine and what a match comes to, pure), records.py
(reading a results file's stage keys and tables, and the record grammar a secretary types),
views.py (a table scored into what its pages show), sheets.py (the results sheets and score
sheets) and words.py (its words, looked up in locales/, the package's catalogues). This module is
the game's surface: `GuandanRules`, the hooks of `Game`, each handing over to those modules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from generator.content.model import Stage, Table
from generator.content.reader import Reader
from generator.errors import Mark
from generator.games import EntryField, Game, TableForm, TableScore, field_text
from generator.games.common.rooms import ROOMS
from generator.games.guandan import records, sheets, views
from generator.games.guandan.records import TABLE_KEYS, penalty_item, penalty_lines
from generator.games.guandan.rules import (
    METRIC_NAMES, NATIONAL_CHAINS, NATIONAL_MATCH_POINTS, SMALL_POINTS, TEAM_SIZES, GuandanRecord, GuandanStage, level_figures, plain,
)
from generator.games.guandan.words import word


class GuandanRules(Game):
    name = "guandan"
    position = 2
    id_prefix = "T"
    formats = ("swiss", "round_robin", "matches")
    stage_keys = ("start_level", "a_attempts", "bye", "profile", "match_points", "draws", "team_size")
    table_keys = TABLE_KEYS
    # A knockout match tied at time-up is settled by one extra deal at level 2 (rules-guandan.md,
    # "Other rule sets"), written `tiebreak_deal: T05` on the table.
    tiebreak_key = "tiebreak_deal"
    # `forfeit: [T17, T29]`: neither team came, each scored `absent` (records._both_absent)
    reads_both_forfeit = True
    # A bye's forfeit is said in the bye's own error with whatever else is written there
    # (records._bye_with_record), not again by the loader (bye-with-forfeit)
    bye_error = "guandan-bye-with-record"
    tiebreak_rule = "gd_tiebreak_rule"
    word_prefix = "gd"  # its words: gd_title, gd_choice, gd_example_*, gd_metric_*
    metric_names = METRIC_NAMES
    shared_metric_words = ("match_points",)  # a label other games show too: the shared metric_<word>

    # -- records ----------------------------------------------------------------------------

    def read_stage_options(self, reader: Reader, stage_format: str) -> GuandanStage:
        return records.read_stage_options(reader, stage_format)

    def metrics_for(self, stage: Stage) -> tuple[str, ...]:
        options = getattr(stage, "options", None)
        return (options if isinstance(options, GuandanStage) else GuandanStage()).metric_names

    def match_figures(self, stage: Stage) -> tuple[str, ...]:
        """The stage's figures: with the small points (the national rules), the level difference
        is their 净积小分 and goes by that name alone, unless the stage ranks by it."""
        options = getattr(stage, "options", None)
        options = options if isinstance(options, GuandanStage) else GuandanStage()
        shown = level_figures(options, stage.rank_by)
        return tuple(m for m in self.metrics_for(stage) if m in shown or m not in ("level_diff", *SMALL_POINTS))

    def default_rank_by(self, stage: Stage) -> list[str]:
        """`profile: national`: the national rules' tie-break chain for the stage's format."""
        options = getattr(stage, "options", None)
        if isinstance(options, GuandanStage) and options.profile == "national" and stage.format in NATIONAL_CHAINS:
            return list(NATIONAL_CHAINS[stage.format])
        return super().default_rank_by(stage)

    def head_to_head_two_only(self, stage: Stage) -> bool:
        """In the national rules' chains head-to-head decides only between exactly two entries."""
        options = getattr(stage, "options", None)
        return isinstance(options, GuandanStage) and options.profile == "national"

    def metric_explained(self, name: str, stage: Stage) -> dict[str, str]:
        """Wins as the stage's rule set decides a match: with draws, equal levels win nothing; in
        teams of four, the two rooms' net levels decide (the seed's words say "first to get there")."""
        options = getattr(stage, "options", None)
        if name == "wins" and isinstance(options, GuandanStage) and (options.draws or options.team_size == 4):
            if options.team_size == 4:
                return word("gd_metric_wins_explain_four",
                            zero=word("gd_stage_note_four_draw" if options.draws else "gd_stage_note_four_tables"))
            return word("gd_metric_wins_explain_draws")
        if name == "match_points" and isinstance(options, GuandanStage) and options.match_points is not None \
                and options.match_points != NATIONAL_MATCH_POINTS:
            # The stage's own values (2/1/0 of a club): the national rules' 3/2/1/0/3 named beside
            # them would contradict the stage note saying the values the standings use.
            return word("gd_metric_match_points_explain_stage",
                        **{key: plain(value) for key, value in options.match_points.items()})
        return super().metric_explained(name, stage)

    def stage_notes(self, stage: Stage) -> list[dict[str, str]]:
        """How a stage of another rule set scores a match, in words (none for the seed's rules,
        which the metrics' own explanations say)."""
        options = getattr(stage, "options", None)
        if not isinstance(options, GuandanStage):
            return []
        notes = []
        if options.profile == "national":
            notes.append(word("gd_stage_note_national"))
        if options.match_points is not None:
            notes.append(word("gd_stage_note_match_points",
                              **{key: plain(value) for key, value in options.match_points.items()}))
        if options.draws:
            notes.append(word("gd_stage_note_draws"))
        if options.small_points:
            notes.append(word("gd_stage_note_small_points"))
        if options.profile == "national":
            notes.append(word("gd_stage_note_penalties"))
        if options.team_size == 4:
            notes.append(word("gd_stage_note_four",
                              zero=word("gd_stage_note_four_draw" if options.draws else "gd_stage_note_four_tables")))
        if self.head_to_head_two_only(stage) and "head_to_head" in stage.rank_by:
            notes.append(word("gd_stage_note_head_to_head"))
        return notes

    def read_table(self, reader: Reader, stage: Stage) -> tuple[list[tuple[str, Mark]], GuandanRecord]:
        return records.read_table(reader, stage)

    # -- scoring ----------------------------------------------------------------------------

    def both_forfeit(self, record: Any) -> bool:
        return isinstance(record, GuandanRecord) and record.both_absent

    def score_table(self, table: Table, stage: Stage, state: dict[str, Any]) -> TableScore:
        return views.score_table(table, stage)

    def scores_alone(self, stage: Stage) -> bool:
        """Yes: views.score_table reads the table and the stage's options only, and no
        score_field follows."""
        return True

    def knockout_winner(self, score: TableScore, stage: Stage) -> str | None:
        """The match's winner. A match tied at time-up is decided by one extra deal at level 2
        (rules-guandan.md, "Other rule sets"), won by the team whose player went out first and
        written `tiebreak_deal: T05` on the table (checked when the table is read: one of its
        teams, on a match whose levels, or teams-of-four net levels, are tied); scoring makes
        that team the winner (`rules.decide`, `rules.four_result`). A tie without it (None) is
        the knockout's tie error, naming `tiebreak_key`; the referee's `winner:` is not
        Guandan's way."""
        return score.winner

    # -- pages and printed matter -----------------------------------------------------------

    def bulletins(self, result: Any, t: Any, forms: bool | None = None) -> list[Any]:
        return sheets.bulletins(result, t, forms)

    # -- pair and the results desk ----------------------------------------------------------

    def table_form(self, stage: Stage | None = None) -> TableForm:
        options = getattr(stage, "options", None)
        # A rule set whose score sheet has penalty rows (small points: profile national): the
        # example shows where the referee's penalties go too, as the desk's form asks for them.
        penalties = isinstance(options, GuandanStage) and options.small_points
        if isinstance(options, GuandanStage) and options.team_size == 4:
            return TABLE_FORM_FOUR_PENALTIES if penalties else TABLE_FORM_FOUR
        return TABLE_FORM_PENALTIES if penalties else TABLE_FORM

    def players_per_entry(self, stage: Mapping[str, Any]) -> int | None:
        """`team_size: 4`: a team's two pairs play in the open and the closed room."""
        size = stage.get("team_size")
        # (a size the stage refuses, team_size: 3, fixes none: its error says so)
        return size if isinstance(size, int) and not isinstance(size, bool) and size > 2 and size in TEAM_SIZES else None

    def players_at_play(self, stage: Stage) -> int | None:
        """Teams of two, partners opposite (rules-guandan.md; seed 001: 52 teams, 104 players):
        a pair listing three is warned. A pair listing four is said by stage-teams-in-pairs (a
        team the stage does not know of), not here too (load._warn_large_teams). A team of four
        (`team_size: 4`): None, its fifth taken for a reserve, who may sit in either room, as
        check has taken it (the rules say nothing of reserves either way)."""
        options = stage.options
        team_size = options.team_size if isinstance(options, GuandanStage) else TEAM_SIZES[0]
        return TEAM_SIZES[0] if team_size == TEAM_SIZES[0] else None

    def size_without_key(self, stage: Mapping[str, Any]) -> tuple[int, int] | None:
        """Pairs (no `team_size`, or `team_size: 2`), where `team_size: 4` makes teams of four.
        (A size the stage refuses, team_size: 3, is its own error.)"""
        size = stage.get("team_size", TEAM_SIZES[0])
        return (TEAM_SIZES[0], TEAM_SIZES[-1]) if size == TEAM_SIZES[0] and not isinstance(size, bool) else None

    def entry_fields(self, stage: Stage, sides: list[str], table: dict[str, Any],
                     boards: list[int], rooms: tuple[str, ...]) -> list[EntryField]:
        """The deal log, or both final levels, and the winner when the levels do not say; with
        `team_size: 4` (the table form's `rooms`) those of each room (`open_deals` …, the room's name first), then the
        match's lot. Penalties: on every form of a stage whose score sheet has penalty rows
        (another rule set), else on the secretary's only (the referee's decision, which the
        reader takes on any table). The extra deal (`tiebreak_deal`): on a knockout's forms. What
        the table already has is always shown: a save rewrites every record key."""
        a, b = (sides + ["", ""])[:2]
        options = getattr(stage, "options", None)
        options = options if isinstance(options, GuandanStage) else GuandanStage()
        if rooms:
            written = table.get("rooms") if isinstance(table.get("rooms"), dict) else {}
            fields = [item for room in rooms
                      for item in _play_fields(a, b, written.get(room) if isinstance(written.get(room), dict) else {},
                                                options, room)]
            if not options.draws or table.get("winner"):
                fields.append(EntryField("winner", "gd_desk_lot", field_text(table.get("winner")), "select",
                                         (("", "gd_desk_no_lot"), (a, a), (b, b))))
        else:
            fields = _play_fields(a, b, table, options, "")
        if stage.format == "knockout" or table.get("tiebreak_deal"):
            fields.append(EntryField("tiebreak_deal", "gd_desk_tiebreak", field_text(table.get("tiebreak_deal")),
                                     "select", (("", "gd_desk_no_tiebreak"), (a, a), (b, b)),
                                     hint="gd_desk_tiebreak_hint"))
        return fields

    def entry_record(self, sides: list[str], values: dict[str, str]) -> dict[str, Any]:
        rooms = {room: found for room in ROOMS if (found := _play_record(sides, values, f"{room}_"))}
        record: dict[str, Any] = {"rooms": rooms} if rooms else _play_record(sides, values, "")
        if rooms and values.get("winner"):
            record["winner"] = values["winner"]
        if values.get("tiebreak_deal"):
            record["tiebreak_deal"] = values["tiebreak_deal"]
        return record

    def entry_notes(self, score: TableScore, t: Any) -> list[str]:
        """The reason, and both final levels when the table has them (each room's, for a
        teams-of-four match)."""
        lines = super().entry_notes(score, t)
        view = score.view
        parts = [(f"{t(room.name + '_room')} · ", room.view) for room in getattr(view, "rooms", ())]
        for before, shown in parts or [("", view)]:
            levels = getattr(shown, "levels", None)
            if levels and any(levels):
                lines.append(before + t("desk_final_levels", levels=" : ".join(
                    f"{team} {level}" for team, level in zip(shown.teams, levels))))
        return lines


def _play_fields(a: str, b: str, written: dict[str, Any], options: GuandanStage, room: str) -> list[EntryField]:
    """The fields of a two-team record (a table's, or one room's: names `<room>_deals` …)."""
    prefix = f"{room}_" if room else ""
    levels = written.get("levels") if isinstance(written.get("levels"), dict) else {}
    fields = [
        EntryField(f"{prefix}deals", "desk_deals", field_text(written.get("deals")), "textarea",
                   hint="desk_deals_hint", hint_params={"a": a, "b": b}, room=room),
        EntryField(f"{prefix}level_a", a, field_text(levels.get(a)), literal=True, hint="desk_level_hint", room=room),
        # (the levels' hint, after the first team's box, is the second's too: its box was labelled
        # by its team alone, "T07", and said nothing of what it takes)
        EntryField(f"{prefix}level_b", b, field_text(levels.get(b)), literal=True, room=room,
                   hint_from=f"{prefix}level_a"),
    ]
    if not options.draws or written.get("winner"):  # with draws, equal levels are a draw: no winner to say
        fields.append(EntryField(f"{prefix}winner", "desk_winner", field_text(written.get("winner")), "select",
                                 (("", "desk_winner_computed"), (a, a), (b, b)), room=room))
    penalties = written.get("penalties")
    fields.append(EntryField(f"{prefix}penalties", "gd_desk_penalties", penalty_lines(penalties), "textarea",
                             hint="gd_desk_penalties_hint", room=room,
                             secretary=not (options.small_points or penalties), item_lines=True))
    return fields


def _play_record(sides: list[str], values: dict[str, str], prefix: str) -> dict[str, Any]:
    """The record keys of a two-team record's fields (`prefix`: a room's), only what was typed."""
    record: dict[str, Any] = {}
    if values.get(f"{prefix}deals"):
        # spaces between deals and t04 for T04, as a phone types them, written canonical
        record["deals"] = records.typed_deals(values[f"{prefix}deals"], sides) or [values[f"{prefix}deals"]]
    a, b = (sides + ["", ""])[:2]
    if values.get(f"{prefix}level_a") or values.get(f"{prefix}level_b"):
        # J for j, Q for a full-width Q, A+ for passed A in Chinese: the file holds the spelling the pages show
        record["levels"] = {a: records.typed_level(values.get(f"{prefix}level_a", "")),
                            b: records.typed_level(values.get(f"{prefix}level_b", ""))}
    if values.get(f"{prefix}winner"):
        record["winner"] = values[f"{prefix}winner"]
    if values.get(f"{prefix}penalties"):
        record["penalties"] = [penalty_item(line, sides) for line in values[f"{prefix}penalties"].splitlines() if line.strip()]
    return record


# A bye is the same table with its first side only (`teams: [T09]`).
TABLE_FORM = TableForm(None, ("deals: [{a}+3, {b}+1, {b} foul]   {or}   levels: {{{a}: Q, {b}: 9}}",))
# Teams of four: one table entry, two rooms, each recorded as a two-team table is.
TABLE_FORM_FOUR = TableForm(None, ("rooms:",
                                   "  open: {{deals: [{a}+3, {b}+1]}}   {or}   open: {{levels: {{{a}: Q, {b}: 9}}}}",
                                   "  closed: {{levels: {{{a}: \"5\", {b}: \"7\"}}}}"), rooms=ROOMS, seating="ns",
                            room_players=True)

# The penalties line ({reason}: pair_penalty_reason, a reason in the site's language).
_PENALTY = "penalties: [{{team: {b}, levels: 1, reason: {reason}}}]"
TABLE_FORM_PENALTIES = replace(TABLE_FORM, hint=(*TABLE_FORM.hint, _PENALTY))
TABLE_FORM_FOUR_PENALTIES = replace(TABLE_FORM_FOUR, hint=(
    *TABLE_FORM_FOUR.hint[:-1], "  closed: {{levels: {{{a}: \"5\", {b}: \"7\"}}, " + _PENALTY + "}}"))

RULES = GuandanRules()
