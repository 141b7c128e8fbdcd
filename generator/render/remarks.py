"""A standings row's remark (备注) in a locale's words: the facts are tournament/standings.py's
`remarks`, worded here once for the site's standings and entry pages, the printed standings
and the desk's standings, so that they all say the same."""

from __future__ import annotations

from generator.render.i18n import Translator
from generator.tournament.results import StageResult
from generator.tournament.standings import Remark, Standing, remarks

# The catalogue word of each kind that is said by a word alone (a prize is said by its name,
# a vacant prize by one of two words, the others name a stage).
_WORDS = {"forfeit": "forfeit", "not_played": "not_played", "nothing_scored": "sat_no_board_scored",
          "withdrawn": "withdrawn", "under_half": "withdrawn_under_half", "qualified": "qualified",
          "by_lot": "pair_method_lot"}


def remark_text(t: Translator, remark: Remark) -> str:
    """One remark in `t`'s words."""
    kind = remark.kind
    if kind == "prize":
        return remark.name  # as the event writes it
    if kind == "prize_vacant":
        # the withdrawal named only where the row does not say it already (remarks)
        if remark.withdrew:
            return t("prize_vacant_of", prize=remark.name, id=remark.withdrew)
        return t("prize_vacant_here", prize=remark.name)
    if kind in ("withdrawn_next", "placed_by"):
        return t(kind, stage=remark.name)
    if kind == "adjustment":  # "penalty 1 VP (late)": what its total holds besides its matches
        amount = abs(remark.value)
        return t("adjustment_penalty" if remark.value < 0 else "adjustment_award",
                 amount=int(amount) if float(amount).is_integer() else amount,
                 unit=t(f"adjustment_unit_{remark.metric}"),
                 reason=t("paren", text=remark.name) if remark.name else "")
    return t(_WORDS[kind])


def remark_texts(t: Translator, standing: Standing, stage: str | None) -> list[str]:
    """Each remark of `standing`'s row in stage `stage`'s standings, in `t`'s words, in order."""
    return [remark_text(t, remark) for remark in remarks(standing, stage)]


def qualifier_note_texts(t: Translator, stage_result: StageResult, stage: str) -> list[str]:
    """The notes on a stage's next stage drawn (StageResult.qualifier_notes), in `t`'s words, in
    their order: the stage page says them under its standings, the qualifier list after its text,
    so that both say the same (`stage`: the next stage's name). Entries as a list joined, none
    said as such; words in every locale picked."""
    def said(value: object) -> str:
        if isinstance(value, dict):
            return t.pick(value)
        return t.joiner().join(value) or t("qualifiers_none")  # type: ignore[arg-type]

    return [t(word, stage=stage, **{name: said(value) for name, value in figures.items()})
            for word, figures in stage_result.qualifier_notes()]
