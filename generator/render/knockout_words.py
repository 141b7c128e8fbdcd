"""How a knockout ranks, in words: one source for the stage page's rule (_knockout_rule.html, a
list item a sentence) and the printed placings (bulletins.py, one paragraph), so the two cannot
say different things. The places follow the bracket actually played (its size and rounds): a
bracket of 4 names no quarter-final, one of 32 names the round of 32 too.
"""

from __future__ import annotations

from functools import reduce

from generator.content.model import Event, Stage
from generator.render.i18n import Translator
from generator.tournament import knockout
from generator.tournament.knockout import Bracket


# A team's reach is one round ("Semi-final"), where the round's heading over its matches is
# plural in English ("Semi-finals"); Final and Round of 16 read the same either way.
_REACHED = {"ko_semi": "ko_reached_semi", "ko_quarter": "ko_reached_quarter"}


def reached_words(t: Translator, bracket: Bracket) -> dict[str, str]:
    """Each bracket entry's furthest round in words (冠军 for the champion, else the round's
    name: 决赛, 半决赛, 16 强赛): what the event's final ranking says of a knockout's places,
    in place of the stage's figures, which are its matches' alone (a quarter-finalist's one
    match point is no overall score)."""
    words = {}
    for entry_id in bracket.seeds:
        number = bracket.reached(entry_id)
        if entry_id == bracket.champion:
            words[entry_id] = t("ko_champion")
        elif number is not None:
            name = bracket.round_name(number)
            words[entry_id] = t(_REACHED.get(name, name), n=bracket.round_of(number))
    return words


def ranking_rule(t: Translator, event: Event, stage: Stage, bracket: Bracket) -> list[str]:
    """The ranking's sentences: the semi-final losers (a play-off for third, or not), the places
    of the final and of each earlier round, and the places after the bracket's (`then:`)."""
    parts = []
    if bracket.rounds > 1:
        parts.append(t("ko_rule_third") if bracket.third_place else t("ko_rule_one_semi")
                     if len(bracket.round_matches(bracket.rounds - 1)) < 2 else t("ko_rule_no_third"))
    parts.append(t("ko_rule_places", earlier=_earlier_places(t, bracket)))
    parts += _void_places(t, bracket)
    knockout = stage.knockout
    if knockout is not None and knockout.then:  # the places after the bracket's (`then:`)
        parts.append(t("ko_rule_then_places" if knockout.places else "ko_rule_then", first=bracket.field_size + 1,
                       stage=event.stage(knockout.then).name, places=knockout.places))
    return parts


def no_champion(t: Translator, bracket: Bracket, key: str) -> str:
    """Why nobody is champion of a bracket over without one (Bracket.vacant_champion), as `key`
    words it (ko_no_champion on the stage page, ko_bulletin_no_champion on paper): both finalists
    withdrew; the one finalist withdrew, the other side empty; or nobody reached the final (both
    semi-finals void). It said 决赛双方均已退赛 for all three, naming withdrawn finalists where
    nobody reached the final."""
    final = bracket.final
    there = [side for side in final.sides if side is not None] if final is not None else []
    if len(there) == 2:
        return t(key)
    return t(f"{key}_one", id=there[0]) if there else t(f"{key}_nobody")


def _void_places(t: Translator, bracket: Bracket) -> list[str]:
    """A sentence for each void match (both sides withdrawn, or a side's place empty) that
    places its sides otherwise than the rule above says: a final or a third-place match, whose
    sides share the loser's place and leave the winner's empty, and a semi-final beside a
    third-place match (tournament/knockout.py, Bracket.void_place). A void match of an earlier
    round places its sides as the rule says (with that round's losers), and needs no word.
    The sentence names the sides there and the places nobody holds (Bracket.empty_places): a
    final nobody reached (both semi-finals void) was said "both sides share 2nd" beside
    standings with nobody 2nd."""
    found = []
    empty = bracket.empty_places()
    for match in bracket.matches:
        if not match.void or not (match.kind in ("final", "third") or (match.kind == "semi" and bracket.third_place)):
            continue
        label = knockout.match_label(match, t.locale)
        place = bracket.void_place(match)
        vacant = t.joiner().join(str(p) for p, of in sorted(empty.items()) if of is match)
        there = [side for side in match.sides if side is not None]
        if len(there) == 2:
            found.append(t("ko_rule_void_vacant", match=label, place=place, empty=vacant) if vacant
                         else t("ko_rule_void", match=label, place=place))
        elif there:
            found.append(t("ko_rule_void_one_vacant", match=label, id=there[0], place=place, empty=vacant) if vacant
                         else t("ko_rule_void_one", match=label, id=there[0], place=place))
        elif vacant:
            found.append(t("ko_rule_void_nobody", match=label, empty=vacant))
    return found


def _earlier_places(t: Translator, bracket: Bracket) -> str:
    """The rounds before the semi-finals, the latest first, each with the place its losers get
    (Bracket.loser_place, as tournament/knockout.py's placings gives them);
    nothing for a bracket of 4 or 2. A round of one match (5 entries: one quarter-final, the
    others byes) has one loser, who shares nothing."""
    places = []
    for number in range(bracket.rounds - 2, 0, -1):
        name = t(bracket.round_text_key(number), n=bracket.round_of(number))
        key = "ko_rule_place_shared" if len(bracket.round_matches(number)) > 1 else "ko_rule_place_one"
        places.append(t(key, round=name, place=bracket.loser_place(number)))
    return t("ko_rule_places_earlier", places=t.joiner().join(places)) if places else ""


def sentences(t: Translator, parts: list[str]) -> str:
    """Sentences as one paragraph, as the locale writes them one after another (a space between
    English ones, none between Chinese ones): the catalogues' `two_sentences` says how."""
    return reduce(lambda first, second: t("two_sentences", first=first, second=second), parts) if parts else ""
