"""What goes on the notice board (公示): each bulletin's title, text, table, organiser and date.

Every notice has the same layout, the seeds' own: a title line, a short text, a table, and the
organiser and date at the bottom right (generator/printed.py's `Bulletin`). Only the words and
the rows differ; the standings' notices are computed here, the games' and the draw's by their
own modules; `templates/bulletin.html` lays them out and render/pdf.py prints them. Forms used
at the table (score sheets) are bulletins too, with their own template and one page of data
per table.

Blank forms (FORM_KINDS: score sheets, a pairs round's score slips, bidding sheets, play records, hand cards) are printed by
a build only for the rounds drawn and not yet played — a finished event's forms are paper nobody
will fill (a 400-event archive printed 1,200 of them) — one set per round; `paibang print`
prints any round's on demand (`round_forms`). Reference sheets (a board table, a movement card)
are printed always. With site.yaml's `base_url`, every bulletin carries a QR code of the page
it belongs to, in vector form.
"""

from __future__ import annotations

import dataclasses
import unicodedata
import functools
import datetime as dt
from collections.abc import Collection, Iterable
from typing import Any

from markupsafe import Markup

from generator.catalogues import in_sentence
from generator.content.model import Entry, Event, Stage
from generator.errors import columns
from generator.games import GAMES, entry_label, metric_of, stage_in_titles
from generator.printed import Bulletin
from generator.render.html import PERCENT_METRICS, two_place_metrics
from generator.render.i18n import Translator
from generator.render.knockout_words import no_champion, ranking_rule, reached_words, sentences
from generator.render.remarks import qualifier_note_texts, remark_texts
from generator.tournament import knockout
from generator.tournament.knockout import Bracket
from generator.tournament.results import EventResult, RoundResult, StageResult
from generator.tournament.event import standings_before
from generator.tournament.standings import prize_of_place
from generator.tournament.pairing import (PairsMovement, draw_sheet, draw_sheets, round_boards, round_seating,
                                         travelling_lines)

# The kinds (file-name prefixes) of the blank forms filled in at the table: what a game's
# `bulletins(…, forms=True)` builds, and `forms=False` leaves out (Game.bulletins).
FORM_KINDS = ("scoresheet", "slips", "bidding", "playrecord", "handcards")


def bulletins_for(result: EventResult, locale: str, base_url: str | None = None) -> list[Bulletin]:
    t = Translator(locale)
    event = result.event
    found = []
    for stage_result in result.stages:
        if stage_result.bracket is not None and stage_result.bracket.seeds:  # a knockout's bracket, as far as known
            found.append(_bracket(t, event, stage_result))
        if not stage_result.standings:  # no round fully played yet: nothing to rank
            continue
        # (not while a tie at the cut holds a knockout: who goes on is not known yet)
        if stage_result.stage.advance is not None and stage_result.complete and not stage_result.cut_tied:
            found.append(_qualifiers(t, event, result, stage_result))
        found.append(_standings(t, event, stage_result))
    last = result.last_stage
    # The prize list and the credits roster only once the event is over (event-day.md).
    if last is not None and result.complete and last.stage.prizes:
        found.append(_prizes(t, event, last))
    if result.credits and last is not None and result.complete:
        found.append(_credits(t, event, result))
    # the game's notices and reference sheets; its forms come per round below, only for the rounds unplayed
    found.extend(GAMES[event.game].bulletins(result, t, forms=False))
    # each round drawn and not played yet: its movement built once, for its draw notice and its
    # forms (a large pairs field's is not cheap), as paibang print does (printed_round)
    seatings = {(s.stage.id, r.number): round_seating(event, s, r) for s in result.stages for r in s.rounds
                if unplayed(r)}
    found.extend(draw_sheets(result, locale, seatings))
    for stage_id, number in seatings:
        found.extend(round_forms(result, stage_id, number, locale, seatings[(stage_id, number)]))
    return _finish(found, event, base_url, t)


def unplayed(round_result: RoundResult) -> bool:
    """Drawn and not yet played: some table of the round has no result yet (a round is played
    when every table has its result, a forfeit or a bye)."""
    return bool(round_result.pending)


def round_forms(result: EventResult, stage_id: str, number: int, locale: str,
                seating: tuple[PairsMovement | None, dict[int, tuple[int, ...]]] | None = None) -> list[Bulletin]:
    """The blank forms of one round: the game's forms made from the event with only that round
    drawn, each named <kind>-<stage>-round-<n>. `seating`: the round's movement and boards
    (round_seating), where the caller has them, not found again (a pairs round's movement built
    once more for the boards, and again for the travellers)."""
    boards = seating[1] if seating is not None else None
    t = Translator(locale)
    own = GAMES[result.event.game].bulletins
    # With the boards each table is to play, where the draw says (a pairs movement): a round not
    # played yet has no board written, and its travellers list them blank, pairs filled in.
    # A pairs round seated by its movement prints real travellers: one per board it plays, a line
    # for every round the board is played in (pairing.travelling_lines), the stage's results in.
    travelling = travelling_lines(result.event, result.stage_of(stage_id), number, seating)
    narrowed = dataclasses.replace(result, stages=[
        dataclasses.replace(s, rounds=[dataclasses.replace(r, boards=boards if boards is not None
                                                           else round_boards(result.event, s, r))
                                       if r.number == number else r
                                       for r in s.rounds if s.stage.id == stage_id and (r.number == number or travelling)],
                            travelling=travelling if s.stage.id == stage_id else {})
        for s in result.stages])
    forms = own(narrowed, t, forms=True)
    stage_result = result.stage_of(stage_id)
    several = len(stage_result.rounds) > 1 or (stage_result.stage.rounds or 1) > 1
    # A knockout's table plays a match with a name of its own: each page's title says it (the
    # final and the third-place play-off are one round, and a form titled by the round alone
    # called both 决赛), in the bracket's words.
    bracket = stage_result.bracket
    names = knockout.table_names(bracket, number, locale) if bracket is not None else {}
    # A match decided by a withdrawal (its forfeit, a walkover) is not played: the draw notice
    # says 不必入座, and a score sheet for it would seat two teams for nothing. (A pairs movement's
    # table with a pair withdrawn still plays: its opponent sits out, its pages are boards'.)
    played = next((r for r in stage_result.rounds if r.number == number), None)
    unplayed = {str(t) for t in played.unplayed} if played is not None and stage_result.stage.format != "pairs" else set()
    # Nor a match written as both teams' forfeit before play (Guandan's `forfeit: [T17, T29]`: the
    # referee knows neither came): nobody to sit, a sheet seated them. (One team's forfeit keeps its
    # sheet: the team there may still play substitutes, the result the forfeit's.)
    if played is not None:
        unplayed |= {str(s.table.number) for s in played.tables if s.table.both_forfeit}
    for form in forms:
        if unplayed:
            form.pages = [page for page in form.pages if page.get("table") not in unplayed]
        name = f"{form.kind}-{stage_id}-round-{number}"
        stage_wide = several and not form.name.endswith(f"-round-{number}")  # its title gains the round
        titled = form.title

        def with_round(table: int | None = None) -> str:
            # a knockout's round as its page names it (第 2 轮（决赛、三四名决赛）), a table's page
            # by its own match, as Guandan's and 大怪路子's sheets of a round say it: bridge's and
            # 80分's said （第 2 轮） alone
            if bracket is None:
                return t("form_round_title", title=titled, n=number)
            return t("form_knockout_round_title", title=titled,
                     round=in_sentence(knockout.round_called(bracket, number, locale, table)))

        if stage_wide:
            form.title = with_round()
        # a page of its own to title: a game's forms may share their pages (bridge's score sheet,
        # bidding sheet and play record, one seating), and the score sheet's title on them
        # headed the other two 计分表
        form.pages = [page.copy() for page in form.pages]
        form.name = name
        form.page_url = f"events/{result.event.slug}/{stage_id}/round-{number}/index.html"
        for page in form.pages:
            table = page.get("table")
            # (a page the game titled already, by its match: guandan's 第 2 轮（决赛）记分表)
            if isinstance(table, str) and table.isdecimal() and int(table) in names and "title" not in page:
                page["title"] = with_round(int(table)) if stage_wide else \
                    t("form_match_title", title=form.title, match=names[int(table)])
            if "title" in page:
                page["title_kept"] = kept_end(page["title"], result.event.title)
        form.title_kept = kept_end(form.title, result.event.title)
    # A form with no line and no page (every table of the round a bye, a sit-out or decided by a
    # withdrawal) is a blank sheet of paper, not a form: not printed (`paibang print` says why).
    return [form for form in forms if form.rows or form.pages]


FORM_KEPT = 40  # columns (a CJK character two): a form's name and round kept on one line up to this wide

# what the event's title hands the form's name after it: the English ": score sheets"'s colon
# stays on the title's line, not at the head of the next
_LEADING_SEPARATORS = ":;,.\u3001\uff0c\uff1a\uff1b \u00b7"


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def _punctuation(char: str) -> bool:
    return unicodedata.category(char).startswith("P")


def event_gap(t: Translator, title: str, event_title: str) -> str:
    """`title` with the locale's gap (title_event_gap, " \u00b7 " as the stage page heads it)
    between the event's title and the Chinese after it where the event's title ends in Latin
    letters, figures or marks: an imported Klubbkveld's standings were headed as one word,
    "Klubbkveld" run into its stage's name. A Chinese title keeps its Chinese joined on, as the
    seeds' own postings are (outputs.md)."""
    if not event_title or not title.startswith(event_title) or len(title) == len(event_title):
        return title
    last, following = event_title[-1], title[len(event_title)]
    if last.isspace() or _wide(last) or not _wide(following):
        return title
    # Nor before full-width punctuation ("Klubbkveld\uff08...", "Open\uff1a..."), whose glyph
    # carries its own space: " \u00b7 " before it read as a gap inside the title; nor after an
    # opening bracket or quote (a title ending "Cup ("), the gap standing inside it.
    if _punctuation(following) or unicodedata.category(last) in ("Ps", "Pi"):
        return title
    return event_title + t("title_event_gap") + title[len(event_title):]


def kept_end(title: str, event_title: str) -> str:
    """The end of a form's title after the event's title (its name and round, 记分表（第 7 轮）),
    which its heading keeps on one line: the 80分 team sheet's title broke before its last
    character, "…记分" above "表（第 7 轮）". Nothing where the title does not begin with the
    event's or the end is wider than FORM_KEPT (then it breaks where Chinese text breaks)."""
    if not event_title or not title.startswith(event_title):
        return ""
    end = title[len(event_title):].lstrip(_LEADING_SEPARATORS)
    return end if end and columns(end) <= FORM_KEPT else ""


def printed_round(result: EventResult, stage_id: str, number: int, locale: str,
                  base_url: str | None = None) -> list[Bulletin]:
    """What `paibang print` prints for a round: its draw notice and its blank forms."""
    stage_result = result.stage_of(stage_id)
    round_result = next(r for r in stage_result.rounds if r.number == number)
    # (any round of a Swiss, printed again once later rounds are in: with the standings it was
    # drawn on; no other draw notice shows standings)
    drawn_on = standings_before(result.event, stage_result, number) if stage_result.stage.format == "swiss" else None
    # the round's movement built once, for the notice and the forms (a large pairs field's is not cheap)
    seating = round_seating(result.event, stage_result, round_result)
    found = [draw_sheet(result.event, stage_result, round_result, locale, drawn_on, seating)]
    found.extend(round_forms(result, stage_id, number, locale, seating))
    return _finish(found, result.event, base_url, Translator(locale))


def _finish(found: list[Bulletin], event: Event, base_url: str | None, t: Translator) -> list[Bulletin]:
    for bulletin in found:  # the secretary's own words, where event.yaml gives them
        bulletin.text = event.bulletin_text.get(bulletin.kind, bulletin.text)
        bulletin.title = event_gap(t, bulletin.title, event.title)
        for page in bulletin.pages:
            if "title" in page:
                page["title"] = event_gap(t, page["title"], event.title)
                page["title_kept"] = kept_end(page["title"], event.title)
        bulletin.page_url = bulletin.page_url or page_of(event, bulletin)
        # a notice's own name after the event's kept on one line, as a form's is: the hefei prize
        # list's title broke inside its last word, "…（四人队式赛）获奖" above "名单"
        bulletin.title_kept = kept_end(bulletin.title, event.title) or bulletin.title_kept
        if base_url:
            bulletin.qr = qr_svg(_absolute(base_url, bulletin.page_url))
    return found


def page_of(event: Event, bulletin: Bulletin) -> str:
    """The site page a bulletin belongs to: its round's page for a draw or a round's sheet, its
    stage's page for standings, qualifiers and reference sheets, else the event's page."""
    stages = {stage.id for stage in event.stages}
    rest = bulletin.name.split("-", 1)[1] if "-" in bulletin.name else ""
    stage, _, number = rest.partition("-round-")
    if bulletin.kind == "round" and "-" in rest:  # guandan's round-<stage>-<n> results sheet
        stage, _, number = rest.rpartition("-")
    if stage in stages and number.isdigit():
        return f"events/{event.slug}/{stage}/round-{number}/index.html"
    if rest in stages:
        return f"events/{event.slug}/{rest}/index.html"
    return f"events/{event.slug}/index.html"


def _absolute(base_url: str, url: str) -> str:
    return base_url.rstrip("/") + "/" + url.removesuffix("index.html")


@functools.lru_cache(maxsize=4096)  # a stage's standings, qualifiers and reference sheets share one page
def qr_svg(url: str, mask: int | None = None) -> str:
    """The QR code of `url` as inline SVG: vector paths, sharp at any printer resolution. `mask`:
    the code's mask pattern (0-7) given, not chosen by segno, which tries all eight and scores
    each (three quarters of making a code: the desk's 1,000 score sheets' codes, 7.7 s of
    processor time, 1.6 s with one given); any of them makes a code every reader reads."""
    import segno

    code = segno.make(url, error="m", micro=False, mask=mask)
    return Markup(code.svg_inline(scale=1, border=2, dark="#000", omitsize=True, svgclass="qr"))


def qr_png(url: str, mask: int | None = None) -> Markup:
    """The QR code of `url` as a 1-bit PNG of a pixel a module, drawn unsmoothed (templates/sheets/
    _base.html's .qr img): on paper the modules qr_svg draws, where WeasyPrint read and drew a
    code's SVG path of some 300 strokes on every sheet (a tenth of the desk's score sheets'
    printing); an image is embedded as it is. Not kept here: its caller keeps it (app.sheet_qr)."""
    import segno

    code = segno.make(url, error="m", micro=False, mask=mask)
    return Markup(f'<img src="{code.png_data_uri(scale=1, border=2, dark="#000")}" alt="">')


def _rule(t: Translator, event: Event, stage: Stage) -> str:
    game = GAMES[event.game]
    names = [t.pick(metric_of(game, m).label) for m in stage.rank_by]
    return t.joiner().join(names)


def _metric_columns(t: Translator, event: Event, stage: Stage) -> list[str]:
    game = GAMES[event.game]
    return [t.pick(metric_of(game, m).label) for m in stage.rank_by if m != "lot"]


def _metric_cells(stage: Stage, metrics: dict[str, float], decimal: set[str] = frozenset(),
                  moot: Collection[str] = (), nothing_scored: bool = False) -> list[str]:
    """A standing's figures; those of a metric in `decimal` all with two decimals; a tie-break
    deciding nothing for it (`moot`, Tally.moot) blank; a percentage it has none of, or any
    figure of a pair with no board scored (Tally.nothing_scored: its IMPs), "—", as the pages
    show it (html.standing_metric_text)."""
    return ["" if m in moot else "—" if (m in PERCENT_METRICS or nothing_scored) and m not in metrics
            else _fmt(metrics.get(m, 0), m in decimal) for m in stage.rank_by if m != "lot"]


def _decimal(stage: Stage, standings: Iterable[Any]) -> set[str]:
    """The metrics printed with two decimals throughout: those with a fraction in any of these
    standings (two_place_metrics, as the pages have them), and a percentage always (75.00), as
    pages and the hall screen show it."""
    return two_place_metrics(stage.rank_by, standings) | (PERCENT_METRICS & set(stage.rank_by))


def _fmt(value: float, decimal: bool = False) -> str:
    return f"{value:.2f}" if decimal or not float(value).is_integer() else str(int(value))


def _qualifiers(t: Translator, event: Event, result: EventResult, stage_result: StageResult) -> Bulletin:
    stage = stage_result.stage
    assert stage.advance is not None
    target = result.stage_of(stage.advance.to).stage
    metric_columns = _metric_columns(t, event, stage)
    rows = []
    qualified = [s for s in stage_result.standings if s.qualified]
    decimal = _decimal(stage, qualified)
    for number, standing in enumerate(qualified, start=1):
        rows.append([str(number), standing.entry.id, _who(t, standing.entry), standing.entry.group or "",
                     standing.rank_label, *_metric_cells(stage, standing.tally.metrics, decimal, standing.tally.moot,
                                                      standing.tally.nothing_scored),
                     t("pair_method_lot") if standing.by_lot else ""])
    for entry in stage_result.byes:
        rows.append([str(len(rows) + 1), entry.id, _who(t, entry), entry.group or "", "—",
                     *["—"] * len(metric_columns), t("bye_note")])
    byes = t("qualifier_byes", n=len(stage_result.byes)) if stage_result.byes else ""
    going = [s.entry for s in qualified] + list(stage_result.byes)
    text = t("qualifier_text", prev=stage.name, rule=_rule(t, event, stage), entries=_counted(t, going),
             stage=target.name, byes=byes)
    # a setting changed or a result corrected after the next stage was drawn, a tie at its cut its
    # draw settled: the list is who was drawn, said as the stage page says it (qualifier_notes)
    for note in qualifier_note_texts(t, stage_result, target.name):
        text += ("" if t.locale.startswith("zh") else " ") + note
    columns = [t("no"), t("id"), t("players"), t("group"), t("stage_rank", stage=stage.name), *metric_columns, t("remark")]
    # no remark (a bye, a lot): the empty column's width goes to the names; so too no group
    return Bulletin(f"qualifiers-{stage.id}", t("qualifier_title", event=event.title, stage=target.name), text,
                    columns, rows, event.organizer or "", event.day_of(stage, stage_result.rounds_played or None),
                    numeric={4, *range(5, 5 + len(metric_columns))}, optional={GROUP_COLUMN, len(columns) - 1},
                    names={2, GROUP_COLUMN})


GROUP_COLUMN = 3  # the qualifiers' and the standings' (number or rank, id, players, group, …)
# (each notice's players and groups are Bulletin.names: a name or a group kept whole, "13级动物医学1"
# above "班" doubled every row of the English qualifiers, and pushed the 16th alone onto page 2)


def _standings(t: Translator, event: Event, stage_result: StageResult) -> Bulletin:
    stage = stage_result.stage
    metric_columns = _metric_columns(t, event, stage)
    # A knockout whose rank_by decides none of its matches (a bridge teams knockout: VPs, its
    # matches won on IMPs) shows its places, the round each reached, as its stage page does.
    reached = reached_words(t, stage_result.bracket) \
        if stage_result.bracket is not None and GAMES[event.game].knockout_figures(stage) is not None else None
    if reached is not None:
        metric_columns = []
    rows = []
    decimal = _decimal(stage, stage_result.standings)
    headings: dict[int, str] = {}  # each field's name above its first row (NS, EW ranked apart)
    for standing in stage_result.standings:
        if standing.field and (not rows or stage_result.standings[len(rows) - 1].field != standing.field):
            headings[len(rows)] = t(standing.field.lower())
        remark = remark_texts(t, standing, stage.id)  # as the stage page says it (render/remarks.py)
        # One placed by another stage played no match here: no figures, not zeros.
        cells = [reached.get(standing.entry.id, "")] if reached is not None else \
            [""] * len(metric_columns) if standing.placed_by else \
            _metric_cells(stage, standing.tally.metrics, decimal, standing.tally.moot, standing.tally.nothing_scored)
        rows.append([standing.rank_label, standing.entry.id, _who(t, standing.entry), standing.entry.group or "",
                     *cells, t.joiner().join(remark)])
    columns = [t("rank"), t("id"), t("players"), t("group"), *metric_columns,
               *([t("ko_reached")] if reached is not None else []), t("remark")]
    kept = ""
    if stage_result.bracket is not None:
        # A knockout's placings come from its bracket, never from summed scores, and exist only
        # once it is over: no "第 N 轮后", and the figures are said to be for reference.
        title = t("ko_standings_title", event=event.title, stage=stage.name)
        text = _knockout_ranking(t, stage_result.bracket, metric_columns, event, stage_result)
    else:
        # a stage named as its event (imports named their one stage so): the name said once, not
        # "XX"; the only stage under `paibang new`'s name (比赛) not said after "…大赛" either.
        # A stage of several rounds, complete, posts its final ranking (event-day.md), as its
        # pages head it, not the standings "after round 5" of its last round.
        final = stage_result.final_ranking
        named = stage_in_titles(event, stage)
        title = t("standings_final_title" if final else "standings_title", event=event.title, stage=stage.name) \
            if named else t("standings_final_title_event" if final else "standings_title_event", event=event.title)
        rule = _rule(t, event, stage)
        text = t("standings_text", rule=rule)
        if stage.rounds > 1 and not final:  # which standings these are: "第 N 轮后", the last fully played round
            kept = t("paren", text=t("after_round", n=stage_result.rounds_played)).rstrip()
            title += kept
            text = t("standings_after_text", n=stage_result.rounds_played, rule=rule)
    return Bulletin(f"standings-{stage.id}", title, text, columns, rows, event.organizer or "",
                    event.day_of(stage, stage_result.rounds_played or None),
                    numeric={0, *range(4, 4 + len(metric_columns))}, optional={GROUP_COLUMN},
                    title_kept=kept, headings=headings, names={2, GROUP_COLUMN})


def _knockout_ranking(t: Translator, bracket: Bracket, metric_columns: list[str], event: Event,
                      stage_result: StageResult) -> str:
    """How a knockout ranks, in the words of its stage page's rule (knockout_words.ranking_rule)."""
    parts = [t("ko_standings_text"), *ranking_rule(t, event, stage_result.stage, bracket)]
    if metric_columns:
        parts.append(t("ko_standings_figures", metrics=t.joiner().join(metric_columns)))
    return sentences(t, parts)


def _bracket(t: Translator, event: Event, stage_result: StageResult) -> Bulletin:
    """A knockout's bracket (对阵图): every match, round by round, with its sides as far as they
    are known ("winner of match 5" until then), its table once drawn and its winner once played;
    the champion only once the stage is over."""
    stage, bracket = stage_result.stage, stage_result.bracket

    def side(slot) -> str:  # noqa: ANN001
        if slot.entry is not None:
            seed = bracket.seed_of(slot.entry)
            return f"{slot.entry} {_who(t, event.entries[slot.entry])}" + (t("paren", text=t("ko_seed_n", n=seed)) if seed else "")
        if slot.empty:  # nobody comes from a void match (or a walkover's loser)
            return t("ko_empty_slot", n=slot.source)
        if slot.source is not None:
            return t("ko_loser_of" if slot.loser else "ko_winner_of", n=slot.source)
        return t("ko_seed_n", n=slot.seed)

    rows = []
    for match in bracket.matches:
        name = t(bracket.round_name(match.round), n=bracket.round_of(match.round))
        if match.kind == "third":
            name = t("ko_third_match")
        table = str(match.score.table.number) if match.score is not None else ""
        # a void match said so, not left blank as one still to play
        winner = match.winner or (t("ko_cell_void") if match.void else "")
        rows.append([str(match.number), f"{t('round_n', n=match.round)} {name}", side(match.slots[0]),
                     side(match.slots[1]), table, winner])
    byes = t("ko_bulletin_byes", ids=t.joiner().join(bracket.seeds[s - 1] for s in bracket.byes)) if bracket.byes else ""
    text = t("ko_bulletin_text", count=bracket.field_size, size=bracket.size, rounds=bracket.rounds, byes=byes,
             third=t("ko_bulletin_third") if bracket.third_place else "")
    if bracket.champion:
        text += t("ko_bulletin_champion", id=f"{bracket.champion} {_who(t, event.entries[bracket.champion])}")
    elif bracket.vacant_champion:  # over, and nobody won: said, as a champion is
        text += no_champion(t, bracket, "ko_bulletin_no_champion")
    columns = [t("ko_col_match"), t("pair_round_col"), t("ko_col_side_a"), t("ko_col_side_b"), t("table"),
               t("ko_col_winner")]
    title = t("ko_bulletin_title", event=event.title, stage=stage.name) if stage_in_titles(event, stage) \
        else t("ko_bulletin_title_event", event=event.title)
    return Bulletin(f"bracket-{stage.id}", title, text,
                    columns, rows, event.organizer or "", event.day_of(stage, stage_result.rounds_played or None),
                    numeric={0, 4}, words={1})


def _counted(t: Translator, entries: list[Entry]) -> str:
    """"8 支队伍" where every entry is a named team, "16 对选手" where every one is two players
    without a name (bridge pairs), else "N 组选手": a notice of teams said "以下 4 组选手"."""
    kind = ("teams" if entries and all(e.name for e in entries)
            else "pairs" if entries and all(len(e.players) == 2 for e in entries) else "entries")
    return t(f"qualifier_count_{kind}", count=len(entries))


def _who(t: Translator, entry: Entry) -> str:
    """A team as standings print it: its name, then its players; the players alone without one.
    The qualifiers' notice and the prize list print it so too: a team is known by its name."""
    return entry_label(entry, t.locale, players=entry.player_names)


def _prizes(t: Translator, event: Event, stage_result: StageResult) -> Bulletin:
    stage = stage_result.stage
    # A place whose entry withdrew keeps its row, said vacant (award_prizes): the list shows why
    # nobody is named there, and that the places after it are not moved up.
    # (one equal with others, 3=, after them: those who won the prize first)
    listed = sorted((s for s in stage_result.standings if s.rank is not None),
                    key=lambda s: (s.rank, s.prize is None))
    # A knockout's void match (both sides withdrawn) gives its sides one place to share, the one
    # its loser would have had (Bracket.void_place): its prize is one prize, vacant, in one row
    # naming them all. Each had its own row, so a void final listed 亚军 (one place, count 1)
    # vacant twice, beside standings and a bracket that name one 2nd place nobody took.
    bracket = stage_result.bracket
    void_sides = {side for match in bracket.matches if match.void for side in match.sides if side is not None} \
        if bracket is not None else set()
    together: dict[int, list[str]] = {}  # rank -> the void matches' sides that share it, vacant
    for s in listed:
        if s.prize is None and s.prize_vacant is not None and s.entry.id in void_sides:
            together.setdefault(s.rank, []).append(s.entry.id)
    placed: list[tuple[int, list[str]]] = []
    for s in listed:
        # a two-winner stage's place said with its direction (NS 1, EW 1): two "First 1" read as a tie
        place = t("field_rank", field=t(s.field.lower()), rank=s.rank_label) if s.field else s.rank_label
        if s.prize is not None:
            placed.append((s.rank, [s.prize.name, place, s.entry.id, _who(t, s.entry), s.entry.group or "",
                                    s.prize.award or ""]))
        elif s.prize_vacant is not None and s.entry.id in void_sides:
            if s.entry.id == together[s.rank][0]:
                ids = t.joiner().join(together[s.rank])
                placed.append((s.rank, [s.prize_vacant.name, place, "", t("prize_vacant", id=ids), "", ""]))
        elif s.prize_vacant is not None:
            placed.append((s.rank, [s.prize_vacant.name, place, "", t("prize_vacant", id=s.entry.id), "", ""]))
    # A knockout's place nobody holds (a void final: no 1st; a walkover's: no loser) keeps its
    # prize's row too, said vacant with the match not played: a list without 冠军 read as a
    # misprint. (sorted is stable: the empty place before the entries sharing its number)
    for place, match in (bracket.empty_places() if bracket is not None else {}).items():
        if (prize := prize_of_place(stage.prizes, place)) is not None:
            placed.append((place, [prize.name, str(place), "", t("ko_empty_slot", n=match.number), "", ""]))
    rows = [row for _, row in sorted(placed, key=lambda item: item[0])]
    columns = [t("prize"), t("rank"), t("id"), t("players"), t("group"), t("award")]
    return Bulletin("prizes", t("prize_title", event=event.title), t("prize_text", stage=stage.name), columns, rows,
                    event.organizer or "", event.day_of(stage, stage_result.rounds_played or None), numeric={1},
                    optional={4}, names={3, 4})


def _credits(t: Translator, event: Event, result: EventResult) -> Bulletin:
    stage_names = {s.stage.id: s.stage.name for s in result.stages}
    rows = []
    for number, line in enumerate(result.credits, start=1):
        reasons = t.joiner().join(_reason(t, code, stage_names) for code, _ in line.reasons)
        rows.append([str(number), line.name, line.group or "", reasons, f"{line.points:+d}"])
    columns = [t("no"), t("name"), t("group"), t("reason"), t("credits_short")]
    return Bulletin("credits", t("credits_title", event=event.title), t("credits_text"), columns, rows,
                    event.organizer or "", _last_date(event), numeric={4}, optional={2}, names={1, 2})


def _reason(t: Translator, code: str, stage_names: dict[str, str]) -> str:
    if code.startswith("referee:"):
        stage_id = code.split(":", 1)[1]
        return t("credit_referee", stage=stage_names.get(stage_id, stage_id))
    return t(f"credit_{code}")


def _last_date(event: Event) -> dt.date | None:
    return event.dates[-1] if event.dates else None
