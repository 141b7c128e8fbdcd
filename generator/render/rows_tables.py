"""Per-row and per-cell markup of the pages' tables, written in Python in one pass (as html.py's
standings_rows and deal_log are), for their templates: a table's sides (entry_sides: Da Guai Lu
Zi's, 80分's and bridge's, the seed's too), the Da Guai Lu Zi and 80分 tables' rows and points, a
played Da Guai match's and 80分 table's (a team match, a pairs table) whole table with its result
line, head and totals, and an 80分 board's traveller
(templates/games/daguai_table.html, shengji_table.html, shengji_traveller.html), the Guandan
table's shared parts and its deal log's box (guandan_table.html), an entry's match summary
(entry.html) and a round's links to its stage's rounds (round.html). A table's head and totals
were a few dozen `{{ }}` at each of its three showings (its round's page, both entries' pages),
more than its rows, which are made once and shown again (shared_rows).

Each was a macro of its template, called for every side and every row of every table on its
round's page and both entries' pages (some 8,700 macro calls at 16 events, each a few dozen
`{{ }}`), or a `{% call shared_part %}` block (a macro made anew at each call). Every content
string is escaped here as `{{ }}` escapes it (fast_jinja.html_text); only the markup written
here is Markup. Their words are looked up once, for the environment's locale. Their card
tables' tags carry ARIA table roles, as rows_bridge.py's say why; the frequency table's none.

`register(env, translate)` adds them to a page environment (html.environment), and takes what
they share with the templates from it (entry_url, round_url, the pct filter): this module does
not import html.py, which imports it (tests/test_layers.py: no import cycles)."""

from __future__ import annotations

import weakref
from typing import Any, Callable

import jinja2
from markupsafe import Markup

from generator.games import metric_of
from generator.games.common.figures import figure_text, number_text, two_places_of
from generator.render import fast_jinja
from generator.render.fast_jinja import markup_of
from generator.render.i18n import Translator

text = fast_jinja.html_text  # (escaped as `{{ }}` escapes, as str: no Markup made for each piece)

# A card table's fixed tags, with their ARIA roles (rows_bridge.py says why), for every writer here
# and in rows_bridge.py: each a column's heading or cell, its attributes and text to follow.
COLUMN = '<th role="columnheader" scope="col"'
COLUMN_GROUP = '<th role="columnheader" scope="colgroup"'  # (a heading over a room's or a sum's columns)
EMPTY_CELL = '<td role="cell"></td>'  # a column with nothing in this row (a running total's, in the totals)


def register(env: jinja2.Environment, translate: Translator) -> None:
    """The table templates' functions of one locale, in `env`'s globals."""
    zh_lang = env.globals["zh_lang"]
    entry_url, percent_text = env.globals["entry_url"], env.filters["pct"]
    env.globals["entry_sides"] = _entry_sides(translate, zh_lang, env.filters["zh"], entry_url)
    env.globals["shared_call"] = _shared_calls(env)
    env.globals["sj_frequency_rows"] = sj_frequency_rows
    env.globals["guandan_result"] = _guandan_results(translate)
    env.globals["guandan_log"] = _guandan_logs(translate, env.globals)
    env.globals["rounds_nav"] = _rounds_navs(translate, env.globals["round_called"], env.globals["round_url"])
    # (the environment's shared_rows and shared_part, asked for at each call, as the templates ask)
    env.globals["daguai_table"] = _daguai_tables(translate, env.globals)
    points = _shengji_points(translate, zh_lang)
    env.globals["sj_points"] = points
    env.globals["shengji_team_table"] = _shengji_team_tables(
        translate, _shengji_rows(translate, points, env.filters["signed"], env.globals), env.filters["signed"],
        env.filters["score_pair"], env.globals)
    env.globals["shengji_pairs_table"] = _shengji_pairs_tables(translate, points, env.globals, percent_text)
    env.globals["sj_traveller_rows"] = _shengji_traveller_rows(translate, zh_lang, env.filters["zh"], entry_url, percent_text)
    env.globals["summary_table"] = _summary_tables(translate, zh_lang, env.filters["zh"], env.filters["english_words"],
                                                   env.globals["summary_rows"])


def table_opening(label: str, caption_id: str, classes: str) -> str:
    """A card table's scroll box, the table and its caption (visually hidden: the heading above
    says it), the box named by `label` (escaped text) or, where an entry page's caption names its
    Chinese stage (match_heading's `caption_id`), by that caption, marked: an aria-label cannot
    mark it. The table writers' here and in rows_bridge.py."""
    if caption_id:
        said = text(caption_id)
        return (f'<div class="scroll" role="region" tabindex="0" aria-labelledby="{said}">\n<table class="{classes}" role="table">\n'
                f'<caption class="visually-hidden" id="{said}">{label}</caption>\n')
    return (f'<div class="scroll" role="region" tabindex="0" aria-label="{label}">\n<table class="{classes}" role="table">\n'
            f'<caption class="visually-hidden">{label}</caption>\n')


def _shared_calls(env: jinja2.Environment) -> Callable[..., Markup]:
    """`{{ shared_call(view, "chart", n, level_chart, ...) }}`: `make(*args)`, kept and shown again
    as the environment's shared_part keeps its body (html.py; asked for at each call, as the
    templates' `{% call shared_part %}` asks, so that one put in its place is the one used),
    without the macro `{% call %}` makes for its body at every call (a Guandan table's sides,
    result, chart and deal log on its three pages)."""
    names = env.globals

    def shared_call(owner: Any, name: str, showings: int, make: Callable[..., Any], *args: Any) -> Markup:
        return names["shared_part"](owner, name, showings, lambda: make(*args))

    return shared_call


# Each team's line in a Guandan match's level chart: the first team's blue, the second's amber.
_GUANDAN_COLOURS = ("#0b5394", "#b45309")


def _guandan_logs(translate: Translator, names: dict[str, Any]) -> Callable[..., Markup]:
    """`guandan_log(view, showings, side_index, label, caption_id)`: a Guandan match's level chart
    and its deal log (guandan_table.html, a match entered deal by deal), the log open on an
    entry's page (`side_index` not None). The chart (html.py's guandan_chart) and the log's rows
    (deal_log) are the same on the round's page and both teams' pages: made once (shared_part,
    `showings` the table's part_showings); the box around them, named by each page's caption,
    written here, its words looked up once (the template's some fifteen `{{ }}` at each showing)."""
    word = words_by(translate, "")
    head = (f'<thead role="rowgroup"><tr role="row">\n  {COLUMN} class="num">{word("gd_deal")}</th>\n'
            f'  {COLUMN}>{word("gd_in_play")}</th>\n  {COLUMN}>{word("gd_deal_winner")}</th>\n'
            f'  {COLUMN} class="num">{word("gd_gain")}</th>\n')
    notes_head = f'  {COLUMN}>{word("gd_notes")}</th>\n</tr></thead>\n'
    # The log's name and its summary by (deals, fouls), each filled once: a mass event's 52,500
    # showings of its tables asked the translator for the same few dozen (1.7 % of its build).
    log_names: dict[tuple[int, int], tuple[str, str]] = {}

    def log_words(deals: int, fouls: int) -> tuple[str, str]:
        # the log's name without its fouls, said two or three times (its summary's too, without fouls)
        name = text(translate("gd_deal_log", deals=deals, fouls=""))
        summary = text(translate("gd_deal_log", deals=deals, fouls=translate("gd_fouls", n=fouls))) if fouls else name
        found = log_names[deals, fouls] = (name, summary)
        return found

    def guandan_log(view: Any, showings: int, side_index: Any, label: Any, caption_id: str) -> Markup:
        shared_part = names["shared_part"]
        chart = shared_part(view, "chart", showings, lambda: names["guandan_chart"](view.chart, view.teams, _GUANDAN_COLOURS))
        log_name, summary = log_names.get((view.deals, view.fouls)) or log_words(view.deals, view.fouls)
        first, second = (text(team) for team in view.teams[:2])
        named = f"{text(label)} \u00b7 {log_name}"  # (the box's and its caption's name)
        deals = shared_part(view, "deals", showings, lambda: names["deal_log"](view))
        return markup_of(
            f'{chart}<details{" open" if side_index is not None else ""}>\n<summary>{summary}</summary>\n'
            f'{table_opening(named, caption_id, "boards deals cards gutter")}{head}'
            f'  {COLUMN} class="num">{first}</th>\n  {COLUMN} class="num">{second}</th>\n{notes_head}'
            f'<tbody role="rowgroup">\n{deals}</tbody>\n</table>\n</div>\n</details>\n')

    return guandan_log


def _dead() -> None:
    """A weak reference's answer once its object is gone: what rounds_nav holds before any stage."""
    return None


def _rounds_navs(translate: Translator, round_called: Callable[[Any, int], str],
                 round_url: Callable[[Any, str, Any], str]) -> Callable[..., Markup]:
    """`rounds_nav(event, stage, stage_result, round_result, page_number, root)`: a round's page's
    links to its stage's rounds (round.html), "" for a stage of one round. The round shown:
    aria-current="page" only on its first page; a later page's round link leads to the first
    page, elsewhere, and says only which round this is ("true"). Up to 4 rounds their links fit a
    line of a 320 px phone; more (a mass Swiss's 7 took two lines of a 390 px one, above the first
    table) are folded as the pager folds its pages: the rounds before and after this one, then
    every round in a <details>, all on one line while it is shut. Each link was a loop's step of
    the template on every page of every round."""
    label = text(translate("rounds_nav"))
    # The last stage's rounds, each its number, its link and its name, with the StageResult and the
    # page depth they are for: each of a stage's round pages (and each page of a round paged by
    # table) links every round of it, each name and URL made again on every page (a stage of R
    # rounds made R² of them). The StageResult held weakly: serve keeps the environment from
    # build to build, and a strong reference kept an event's replaced results alive (rev109 D3).
    known: list[Any] = [_dead, None, None, []]

    def rounds_nav(event: Any, stage: Any, stage_result: Any, round_result: Any, page_number: int, root: str) -> Markup:
        rounds = stage_result.rounds
        if len(rounds) <= 1:
            return Markup("")
        if known[0]() is not stage_result or known[1] != root or known[2] != len(rounds):
            root_text = text(root)
            known[:] = [weakref.ref(stage_result), root, len(rounds),
                        [(r.number, f'{root_text}{text(round_url(event, stage.id, r.number))}',
                          text(round_called(stage_result, r.number))) for r in rounds]]
        shown = known[3]
        here_number = round_result.number
        current = f' aria-current="{"page" if page_number == 1 else "true"}"'
        links = "".join([f'<a href="{href}"{current if number == here_number else ""}>{name}</a> '
                         for number, href, name in shown])
        if len(rounds) <= 4:
            return Markup(f'<nav class="rounds" aria-label="{label}">{links}</nav>\n')
        here = [number for number, _href, _name in shown].index(here_number)
        out = [f'<nav class="rounds pager fold" aria-label="{label}">']
        if here > 0:
            _number, href, name = shown[here - 1]
            out.append(f'<a href="{href}" rel="prev"><span aria-hidden="true">‹ </span>{name}</a> ')
        if here < len(shown) - 1:
            _number, href, name = shown[here + 1]
            out.append(f'<a href="{href}" rel="next">{name}<span aria-hidden="true"> ›</span></a> ')
        out.append(f'<details class="pages"><summary>{text(translate("rounds_all", n=len(shown)))}</summary>\n'
                   f'<p class="page-list">{links}</p>\n</details></nav>\n')
        return Markup("".join(out))

    return rounds_nav


def _guandan_results(translate: Translator) -> Callable[[Any], Markup]:
    """`guandan_result(view)`: a Guandan match's result line, a forfeit's tag, its winner and why it
    won, the same on its round's page and both teams' pages (guandan_table.html keeps it with
    shared_call: its reason is a word looked up with the match's own parameters)."""
    forfeit = f'<span class="tag forfeit">{text(translate("forfeit"))}</span>'
    winner = f'<strong>{text(translate("winner"))}{text(translate("colon"))}'

    def guandan_result(view: Any) -> Markup:
        tag = forfeit if view.kind == "forfeit" else ""
        won = f"{winner}{text(view.winner)}</strong> · " if view.winner else ""
        return Markup(f'<p class="result">\n{tag}{won}{text(translate(view.why, **view.why_params))}\n</p>\n')

    return guandan_result


def _entry_sides(translate: Translator, zh_lang: Callable[..., Markup], zh: Callable[[Any], Markup],
                 entry_url: Callable[[Any, str], str]) -> Callable[[str, Any, Any, str, Any], Markup]:
    """`entry_sides(layout, view, event, root, referee)`: the line of a table's sides, each its seat,
    its id (a link) and its names in a box of their own, so that on a phone (style.css: .named)
    each side has a line and its names wrap together beside the link; the table's referee, where
    its file names one, at the line's end. `layout`: "daguai" (a Da Guai Lu Zi match), "teams"
    (an 80分 or a bridge team match), "pairs" (an 80分 or a bridge pairs table), "seed" (the
    seed's bridge table, pairs adding points: `view` is then the table, whose `sides` are its NS
    and EW pairs, each named by its players, as its score sheet names them), each with the line
    breaks its templates' lines made."""
    home, away, ns, ew, bye = (text(translate(key)) for key in ("home_team", "away_team", "ns", "ew", "bye"))
    versus = f'<span class="vs">{text(translate("versus"))}</span>'
    referee_word = text(translate("referee")) + text(translate("colon"))

    def side(seat: str, entry_id: str, event: Any, root: str, by_players: bool = False) -> str:
        entry = event.entries[entry_id]
        if by_players:
            names = f'<span{zh_lang(entry.player_names)}>{text(entry.player_names)}</span>'
        else:
            named = (f' <span class="meta">{text(translate("paren", text=entry.player_names))}</span>'
                     if entry.name_beside_id else "")
            names = (f'<span{zh_lang(entry.label_beside_id, entry.player_names)}>{text(entry.label_beside_id)}'
                     f'{named}</span>')
        return (f'<span class="side named"><span class="seat">{seat}</span> '
                f'<a href="{text(root)}{text(entry_url(event, entry_id))}">{text(entry_id)}</a> {names}</span>')

    def entry_sides(layout: str, view: Any, event: Any, root: str, referee: Any) -> Markup:
        if layout == "pairs":
            first = side(ns, view.ns, event, root) if view.ns else ""
            second = side(ew, view.ew, event, root) if view.ew else ""
            shown = f'{first}{versus if view.ns and view.ew else ""}{second}'
        elif layout == "seed":
            shown = (f"  {side(ns, view.sides[0], event, root, True)}\n  {versus}\n"
                     f"  {side(ew, view.sides[1], event, root, True)}\n")
        else:
            # a bye's one team: its seat said as the bye, not 主队 (a home team with no match, rev66)
            first = f"  {side(home if view.away else bye, view.home, event, root)}\n"
            if not view.away:
                shown = first
            elif layout == "daguai":
                shown = f"{first}  {versus}\n  {side(away, view.away, event, root)}\n"
            else:
                shown = f"{first}{versus}\n  {side(away, view.away, event, root)}"
        said = f'<span class="referee">{referee_word}{zh(referee)}</span>' if referee else ""
        return Markup(f'<p class="sides">\n{shown}{said}</p>\n')

    return entry_sides


def _running_cells(shown: list[Markup], running: Any, label: str, shown_as: Callable[[Any], str]) -> Markup:
    """Each row's shared cells, then, on an entry's page (`running` not None), its running total."""
    if running is None:
        return Markup("".join([f"{cells}</tr>\n" for cells in shown]))
    cell = f'<td role="cell" class="num" data-label="{label}">'
    return Markup("".join([f"{cells}{cell}{text(shown_as(running[index]))}</td></tr>\n"
                           for index, cells in enumerate(shown)]))


def words_by(translate: Translator, prefix: str) -> Callable[[Any], str]:
    """The catalogue's word `prefix` + a value (an outcome, a seat), escaped, looked up once per
    value: a match's rows ask for the same few thousands of times."""
    found: dict[Any, str] = {}

    def word(value: Any) -> str:
        said = found.get(value)
        if said is None:
            said = found[value] = text(translate(prefix + str(value)))
        return said

    return word


def _daguai_tables(translate: Translator, names: dict[str, Any]) -> Callable[..., Markup]:
    """`daguai_table(view, score, root, showings, side_index, label, caption_id)`: a played Da Guai
    Lu Zi match's board table (daguai_table.html): its result line and seats, its head, its rows
    and its totals. The result line, the head's seats row, each row's cells and the totals are the
    same on its round's page and both teams' pages (the totals on the teams' pages with their
    running column): made once (shared_part, shared_rows), an entry's page (`side_index` not None)
    adding its running total. The template's three `{% call shared_part %}` blocks made a macro at
    each of the table's three showings, and its head some ten `{{ }}`."""
    word = words_by(translate, "")
    open_room, closed_room = word("open_room"), word("closed_room")
    ran_first, board_sum = word("dg_ran_first"), word("dg_board_sum")
    not_played = word("board_not_played")
    running_label = word("running")
    match_points_word = word("dg_match_points")
    outcome_word = words_by(translate, "dg_outcome_")
    rooms = (("open", open_room), ("closed", closed_room))
    score_to = str(names["score_to"])
    match_outcome = names["match_outcome"]
    head = (f'<thead role="rowgroup">\n<tr role="row">\n  {COLUMN} rowspan="2" class="num">{word("board")}</th>\n'
            f'  {COLUMN_GROUP} colspan="3">{open_room}</th>\n'
            f'  {COLUMN_GROUP} colspan="3">{closed_room}</th>\n'
            f'  {COLUMN_GROUP} colspan="2">{board_sum}</th>\n')
    running_head = f'{COLUMN} rowspan="2" class="num">{running_label}</th>'

    def rows_of(view: Any, root: str, showings: int, side_index: Any) -> str:
        h, a = text(view.home), text(view.away)
        sums = (f'<td role="cell" class="num" data-label="{board_sum} {h}">', f'<td role="cell" class="num" data-label="{board_sum} {a}">')

        def cells(row: Any) -> str:
            out = [f'<tr role="row">\n  <th role="rowheader" scope="row" class="num">{text(row.board)}</th>\n']
            if row.not_played:  # a board the match did not play (np): neither room, nothing to either team
                out.append(f'  <td role="cell" colspan="6" class="line" data-label="{open_room} · {closed_room}">{not_played}</td>\n'
                           f'  {sums[0]}</td>{sums[1]}</td>\n')
                return "".join(out)
            for name, room in ((open_room, row.open), (closed_room, row.closed)):
                outcome = f' <span class="meta">{outcome_word(room.outcome)}</span>' if room.outcome else ""
                # each figure named by its room and team ("开室 D02"; a bare "D02" read as the team)
                out.append(f'  <td role="cell" class="line" data-label="{name} {ran_first}">{text(room.first)}{outcome}</td>\n'
                           f'  <td role="cell" class="num" data-label="{name} {h}">{text(room.home)}</td>'
                           f'<td role="cell" class="num" data-label="{name} {a}">{text(room.away)}</td>\n')
            out.append(f'  {sums[0]}{text(row.home)}</td>{sums[1]}{text(row.away)}</td>\n')
            return "".join(out)

        shown = names["shared_rows"](view, root, showings, cells)
        return _running_cells(shown, view.running(side_index) if side_index is not None else None,
                              running_label, _as_is)

    def result_lines(view: Any, score: Any) -> str:
        """The match's line, each room's seats, and a note where a board was not played."""
        result, home, away = view.result, view.home, view.away
        h, a = text(home), text(away)
        if view.to_come:  # boards still to come: no match points nor winner, it waits for them
            to_come = translate("dg_boards_to_come", count=len(view.to_come),
                                boards=translate.joiner().join(map(str, view.to_come)))
            said = f'<span class="warn">{text(to_come)}</span>'
        else:
            said = (f'{match_outcome(score)}  \u00b7 {match_points_word} {text(result.match_points[home])}{score_to}'
                    f'{text(result.match_points[away])}')
        seats = word("clause_separator").join(
            f'{name}{word("colon")}{text(translate("dg_seats", team=home, seats="·".join(map(str, view.seats[room][0]))))}'
            f'{word("dg_comma")}{text(translate("dg_seats", team=away, seats="·".join(map(str, view.seats[room][1]))))}'
            for room, name in rooms)
        note = f'<p class="meta">{word("dg_not_played_note")}</p>' if any(row.not_played for row in view.rows) else ""
        return (f'<p class="result"><strong>{h} {text(result.scores[home])}{score_to}{text(result.scores[away])} {a}</strong>\n'
                f'  \u00b7 {said}</p>\n<p class="meta">{seats}</p>\n{note}')

    def seats_row(view: Any) -> str:
        """The head's second row: who ran first, then each team's seats, in each room."""
        h, a = text(view.home), text(view.away)
        out = ['<tr role="row">\n']
        for room, _name in rooms:
            home_seats, away_seats = ("·".join(map(str, seats)) for seats in view.seats[room])
            out.append(f'  {COLUMN}>{ran_first}</th>\n'
                       f'  {COLUMN} class="num" title="{text(translate("dg_seats_short", seats=home_seats))}">'
                       f'{h} <span class="seat">{text(home_seats)}</span></th>\n'
                       f'  {COLUMN} class="num" title="{text(translate("dg_seats_short", seats=away_seats))}">'
                       f'{a} <span class="seat">{text(away_seats)}</span></th>\n')
        out.append(f'  {COLUMN} class="num">{h}</th>{COLUMN} class="num">{a}</th>\n</tr>\n')
        return "".join(out)

    def totals(view: Any, score: Any, running: bool) -> str:
        """The totals: each room's points, the boards' sums, the deductions, the match score and points."""
        result, home, away = view.result, view.home, view.away
        h, a = text(home), text(away)
        end = f"{EMPTY_CELL if running else ''}</tr>\n"
        out = ['<tfoot role="rowgroup">\n<tr role="row">\n'
               f'  <th role="rowheader" scope="row" colspan="2" class="line">{word("dg_points")}</th>\n'
               f'  <td role="cell" class="num" data-label="{open_room} {h}">{text(view.room_total("open", 0))}</td>'
               f'<td role="cell" class="num" data-label="{open_room} {a}">{text(view.room_total("open", 1))}</td>\n'
               f'  {EMPTY_CELL}\n'
               f'  <td role="cell" class="num" data-label="{closed_room} {h}">{text(view.room_total("closed", 0))}</td>'
               f'<td role="cell" class="num" data-label="{closed_room} {a}">{text(view.room_total("closed", 1))}</td>\n'
               f'  <td role="cell" class="num" data-label="{h}">{text(result.points[home])}</td>'
               f'<td role="cell" class="num" data-label="{a}">{text(result.points[away])}</td>\n{end}']

        def line(label: str, home_figure: Any, away_figure: Any) -> None:
            out.append(f'<tr role="row">\n  <th role="rowheader" scope="row" colspan="7">{label}</th>\n'
                       f'  <td role="cell" class="num" data-label="{h}">{text(home_figure)}</td>'
                       f'<td role="cell" class="num" data-label="{a}">{text(away_figure)}</td>\n{end}')

        if result.violations:
            deductions = result.deductions
            line(word("dg_deductions"), -deductions[home] if deductions[home] else 0,
                 -deductions[away] if deductions[away] else 0)
        line(word("dg_match_score"), result.scores[home], result.scores[away])
        if not view.to_come:
            winner = (f'{word("winner")}{word("colon")}{text(score.winner)}' if score.winner else word("draw"))
            line(f'{match_points_word} \u00b7 {winner}', result.match_points[home], result.match_points[away])
        out.append("</tfoot>\n")
        return "".join(out)

    def daguai_table(view: Any, score: Any, root: str, showings: int, side_index: Any, label: Any,
                     caption_id: str) -> Markup:
        shared_part = names["shared_part"]
        running = side_index is not None
        return markup_of(
            f'{shared_part(view, "result", showings, lambda: result_lines(view, score))}'
            f'{table_opening(text(label), caption_id, "boards daguai cards gutter")}'
            f'{head}{running_head if running else ""}'
            f'</tr>\n{shared_part(view, "seats", showings, lambda: seats_row(view))}</thead>\n'
            f'<tbody role="rowgroup">\n{rows_of(view, root, showings, side_index)}</tbody>\n'
            f'{shared_part(view, "totals running" if running else "totals", showings, lambda: totals(view, score, running))}'
            '</table>\n</div>\n')

    return daguai_table


def _as_is(value: Any) -> Any:
    return value


def _shengji_points(translate: Translator, zh_lang: Callable[..., Markup]) -> Callable[..., Markup]:
    """`sj_points(result, score_after=None)`: an 80分 board's result in a room or at a pairs table:
    the defenders' points, the kitty, a shut-out, penalties and the score after them, an adjusted
    or unplayed board, the referee's note."""
    not_played = f'<span class="meta">{text(translate("board_not_played"))}</span>'
    adjusted_word = f'<span class="warn">{text(translate("adjusted"))}</span> '
    kitty, shut_out = text(translate("sj_kitty")), f' <span class="tag">{text(translate("sj_shut_out"))}</span>'

    def note_of(note: Any) -> str:
        return f' <span class="meta"{zh_lang(note)}>{text(note)}</span>' if note else ""

    def sj_points(result: Any, score_after: Any = None) -> Markup:
        if result.not_played:
            out = not_played
        # the referee's percentages say "adjusted" themselves (调整分：南北 40%，东西 60%): after the
        # word alone they read 调整分 调整分：…, as sheets.adjusted_text and the traveller page say them once
        elif result.adjusted and not result.offender:
            adjusted = result.adjusted
            out = (f'<span class="warn">'
                   f'{text(translate("sj_adjusted_text", ns=number_text(adjusted[0]), ew=number_text(adjusted[1])))}</span>')
        elif result.adjusted:
            out = (f'{adjusted_word}<span class="meta">'
                   f'{text(translate("sj_offender", side=translate(str(result.offender).lower())))}</span>')
        else:
            parts = [text(result.points)]
            if result.breakdown:
                parts.append(f'<br><span class="meta">{kitty} {text(result.breakdown)}</span>')
            if result.shut_out:
                parts.append(shut_out)
            for p in result.penalties:
                parts.append(f'<br><span class="warn">'
                             f'{text(translate("sj_penalty_text", side=translate(str(p.against).lower()), points=p.points))}'
                             f'</span>{note_of(p.note)}')
            if score_after is not None and result.penalties:
                parts.append(f'<br><span class="meta">{text(translate("sj_after_penalty", score=score_after))}</span>')
            out = "".join(parts)
        if result.note:
            out += f'<br><span class="meta"{zh_lang(result.note)}>{text(result.note)}</span>'
        return Markup(out)

    return sj_points


def _shengji_rows(translate: Translator, points: Callable[..., Markup], signed: Callable[[Any], str],
                  names: dict[str, Any]) -> Callable[..., Markup]:
    """`shengji_rows(view, root, showings, side_index, two)`: the rows of an 80分 team match's board
    table, both rooms side by side; shared as daguai_table's are. `two`: its match points' column
    shows two places (two_places_of)."""
    declarer, level = text(translate("sj_declarer")), text(translate("sj_level"))
    declarers, points_label = text(translate("sj_declarers")), text(translate("sj_points"))
    open_room, closed_room = text(translate("open_room")), text(translate("closed_room"))
    net_home, match_points = text(translate("sj_net_home")), text(translate("sj_match_points"))
    running_label = text(translate("running"))
    seat_word = words_by(translate, "seat_")

    def shengji_rows(view: Any, root: str, showings: int, side_index: Any, two: bool) -> Markup:
        h, a = view.home, view.away
        # each team's points in a room, named as such ("开室 T08 得分"; a bare "T08" read as the team)
        h_points, a_points = text(translate("sj_team_points", team=h)), text(translate("sj_team_points", team=a))
        mp_cells = (f'<td role="cell" class="num" data-label="{match_points} {text(h)}">',
                    f'<td role="cell" class="num" data-label="{match_points} {text(a)}">')

        def cells(row: Any) -> str:
            out = [f'<tr role="row">\n  <th role="rowheader" scope="row" class="num">{text(row.board)}</th>\n'
                   f'  <td role="cell" data-label="{declarer}">{seat_word(row.seat)}</td>\n'
                   f'  <td role="cell" data-label="{level}">{text(row.level)}</td>\n']
            for name, room in ((open_room, row.open), (closed_room, row.closed)):
                # a team's points that are the defenders' points above are not shown again on a
                # phone's card (style.css: .again; "防守方得分 85 T08 85")
                same = room.result.points
                out.append(f'  <td role="cell" class="line" data-label="{name} {declarers}">{text(room.declarers)}</td>\n'
                           f'  <td role="cell" class="num" data-label="{points_label}">{points(room.result)}</td>\n'
                           f'  <td role="cell" class="num{" again" if room.home and room.home == same else ""}" '
                           f'data-label="{name} {h_points}">{text(room.home or "")}</td>\n'
                           f'  <td role="cell" class="num{" again" if room.away and room.away == same else ""}" '
                           f'data-label="{name} {a_points}">{text(room.away or "")}</td>\n')
            # a side's 0 is said ("0", not a blank read as not played); a board not played has none
            played = not row.open.result.not_played
            net = text(signed(row.net)) if played else ""
            out.append(f'  <td role="cell" class="num line" data-label="{net_home}">{net}</td>\n'
                       f'  {mp_cells[0]}{text(figure_text(row.home_mp, two)) if played else ""}</td>\n'
                       f'  {mp_cells[1]}{text(figure_text(row.away_mp, two)) if played else ""}</td>\n')
            return "".join(out)

        shown = names["shared_rows"](view, root, showings, cells)
        return _running_cells(shown, view.running(side_index) if side_index is not None else None,
                              running_label, lambda value: figure_text(value, two))

    return shengji_rows


def _shengji_team_tables(translate: Translator, shengji_rows: Callable[..., Markup], signed: Callable[[Any], str],
                         score_pair: Callable[[str], Markup], names: dict[str, Any]) -> Callable[..., Markup]:
    """`shengji_team_table(view, score, root, showings, side_index, label, caption_id)`: a played
    80分 team match (shengji_table.html): its result line, its head, its rows (shengji_rows) and
    its totals, an entry's page (`side_index` not None) adding a running column. The template's
    head and totals were some forty `{{ }}` at each of the table's three showings; here its fixed
    words are looked up once."""
    word = words_by(translate, "")
    open_room, closed_room = word("open_room"), word("closed_room")
    net_home, match_points = word("sj_net_home"), word("sj_match_points")
    home_said = f' <span class="meta">{text(translate("paren", text=translate("home_team")))}</span></p>\n'
    match_outcome = names["match_outcome"]
    head = (f'<thead role="rowgroup">\n<tr role="row">\n  {COLUMN} rowspan="2" class="num">{word("board")}</th>\n'
            f'  {COLUMN} rowspan="2">{word("sj_declarer")}</th>\n  {COLUMN} rowspan="2">{word("sj_level")}</th>\n'
            f'  {COLUMN_GROUP} colspan="4">{open_room}</th>\n'
            f'  {COLUMN_GROUP} colspan="4">{closed_room}</th>\n'
            f'  {COLUMN} rowspan="2" class="num">{net_home}</th>\n'
            f'  {COLUMN_GROUP} colspan="2">{match_points}</th>\n')
    running_head = f'{COLUMN} rowspan="2" class="num">{word("running")}</th>'
    room_head = f'  {COLUMN}>{word("sj_declarers")}</th>\n  {COLUMN} class="num">{word("sj_points")}</th>\n'

    def shengji_team_table(view: Any, score: Any, root: str, showings: int, side_index: Any, label: Any,
                           caption_id: str) -> Markup:
        home, away = view.home, view.away
        h, a = text(home), text(away)
        running = side_index is not None
        # each team's points in a room, named as such ("开室 T08 得分"; a bare "T08" read as the team)
        h_points, a_points = text(translate("sj_team_points", team=home)), text(translate("sj_team_points", team=away))
        if view.to_come:  # boards still to come: no winner, it waits for them
            to_come = translate("sj_boards_to_come", count=len(view.to_come),
                                boards=translate.joiner().join(map(str, view.to_come)))
            outcome = f'<span class="warn">{text(to_come)}</span>'
        else:
            outcome = match_outcome(score)
        line = score_pair(translate("sj_match_line", home=home, hmp=number_text(view.match_points[home]),
                                    amp=number_text(view.match_points[away]), away=away))
        room_heads = f'{room_head}  {COLUMN} class="num">{h_points}</th>\n  {COLUMN} class="num">{a_points}</th>\n'
        two = two_places_of(view.rows, "home_mp", "away_mp")  # (as a pairs table's)
        return markup_of(
            f'<p class="result"><strong>{text(line)}</strong>\n  \u00b7 {outcome}  \u00b7 '
            f'{text(translate("sj_net_line", net=signed(view.net[home])))}{home_said}'
            f'<p class="meta">{word("sj_seats")}</p>\n'
            f'{table_opening(text(label), caption_id, "boards shengji cards gutter")}'
            f'{head}{running_head if running else ""}'
            f'</tr>\n<tr role="row">\n{room_heads}{room_heads}  {COLUMN} class="num">{h}</th>\n  {COLUMN} class="num">{a}</th>\n'
            f'</tr>\n</thead>\n<tbody role="rowgroup">\n{shengji_rows(view, root, showings, side_index, two)}</tbody>\n'
            f'<tfoot role="rowgroup">\n<tr role="row">\n'
            f'  <th role="rowheader" scope="row" colspan="5" class="line">{word("total")}</th>\n'
            f'  <td role="cell" class="num" data-label="{open_room} {h_points}">{text(view.credits("open", 0))}</td>'
            f'<td role="cell" class="num" data-label="{open_room} {a_points}">{text(view.credits("open", 1))}</td>\n'
            f'  {EMPTY_CELL}{EMPTY_CELL}\n'
            f'  <td role="cell" class="num" data-label="{closed_room} {h_points}">{text(view.credits("closed", 0))}</td>'
            f'<td role="cell" class="num" data-label="{closed_room} {a_points}">{text(view.credits("closed", 1))}</td>\n'
            f'  <td role="cell" class="num" data-label="{net_home}">{text(signed(view.net[home]))}</td>\n'
            f'  <td role="cell" class="num" data-label="{match_points} {h}">{text(figure_text(view.match_points[home], two))}</td>'
            f'<td role="cell" class="num" data-label="{match_points} {a}">{text(figure_text(view.match_points[away], two))}</td>\n'
            f'{EMPTY_CELL if running else ""}</tr>\n</tfoot>\n</table>\n</div>\n')

    return shengji_team_table


def _shengji_pairs_tables(translate: Translator, points: Callable[..., Markup], names: dict[str, Any],
                          percent_text: Callable[[Any], str]) -> Callable[..., Markup]:
    """`shengji_pairs_table(view, score, event, root, showings, side_index, label, caption_id,
    own_entry, board_page)`: a played 80分 pairs table (shengji_table.html): its result line, its
    head, its rows, its totals and its note of factored matchpoints. A row's cells are shared as a
    team match's are (shared_rows); each row's board links to its traveller, on an entry's page
    (`own_entry`) to the entry's own row of it (board_cell), and an entry's page adds its running
    total. The template's head and totals were some thirty `{{ }}` on each of the table's three
    pages, more than its rows cost."""
    declarer, level = text(translate("sj_declarer")), text(translate("sj_level"))
    defenders, points_label = text(translate("sj_defenders")), text(translate("sj_points"))
    ns_mp, ew_mp = text(translate("ns")) + " " + text(translate("mp")), text(translate("ew")) + " " + text(translate("mp"))
    top = text(translate("sj_top"))
    ns_percent, ew_percent = text(translate("ns")) + " %", text(translate("ew")) + " %"
    running_label = text(translate("running"))
    total_word, pending = text(translate("total")), text(translate("pending_mp"))
    score_to = str(names["score_to"])
    first_factored = names["first_factored"]
    head = (f'<thead role="rowgroup"><tr role="row">\n  {COLUMN} class="num">{text(translate("board"))}</th>\n'
            f'  {COLUMN}>{declarer}</th>\n  {COLUMN}>{level}</th>\n  {COLUMN}>{defenders}</th>\n'
            f'  {COLUMN} class="num">{points_label}</th>\n  {COLUMN} class="num">{ns_mp}</th>\n'
            f'  {COLUMN} class="num">{ew_mp}</th>\n  {COLUMN} class="num">{top}</th>\n'
            f'  {COLUMN} class="num">{ns_percent}</th>\n  {COLUMN} class="num">{ew_percent}</th>\n')
    running_head = f'{COLUMN} class="num">{running_label}</th>'
    word = words_by(translate, "")
    unscored = f'  {EMPTY_CELL * 5}\n'  # (a row not counted: no matchpoints, top nor percentages)

    def rows_of(view: Any, event: Any, root: str, showings: int, side_index: Any, two: bool,
                own_entry: Any, board_page: int) -> str:
        def cells(row: Any) -> str:
            out = (f'  <td role="cell" data-label="{declarer}">{word("seat_" + str(row.seat))}</td>\n'
                   f'  <td role="cell" data-label="{level}">{text(row.level)}</td>\n'
                   f'  <td role="cell" data-label="{defenders}">{word(str(row.defenders).lower())}</td>\n'
                   f'  <td role="cell" class="num" data-label="{points_label}">{points(row.result, row.score)}</td>\n')
            if row.counted and row.ns_mp is not None:
                factored = (f'<span class="meta" title="'
                            f'{text(translate("factored", played=row.played, expected=row.expected))}">*</span>'
                            if row.factored else "")
                return (f'{out}  <td role="cell" class="num" data-label="{ns_mp}">{text(figure_text(row.ns_mp, two))}</td>\n'
                        f'  <td role="cell" class="num" data-label="{ew_mp}">{text(figure_text(row.ew_mp, two))}</td>\n'
                        f'  <td role="cell" class="num" data-label="{top}">{text(row.top)}{factored}</td>\n'
                        f'  <td role="cell" class="num" data-label="{ns_percent}">{text(percent_text(row.ns_percent))}</td>\n'
                        f'  <td role="cell" class="num" data-label="{ew_percent}">{text(percent_text(row.ew_percent))}</td>\n')
            return f'{out}{unscored}'

        shown = names["shared_rows"](view, root, showings, cells)
        rows, stage, board_cell = view.rows, view.stage, names["board_cell"]
        running = view.running(side_index) if side_index is not None else None
        cell = f'<td role="cell" class="num" data-label="{running_label}">'
        out = []
        for index, shared in enumerate(shown):
            total = f"{cell}{text(figure_text(running[index], two))}</td>" if running is not None else ""
            out.append(f'<tr role="row">\n  <th role="rowheader" scope="row" class="num">{board_cell(event, stage, rows[index].board, root, own_entry, board_page)}'
                       f'</th>{shared}{total}</tr>\n')
        return "".join(out)

    def shengji_pairs_table(view: Any, score: Any, event: Any, root: str, showings: int, side_index: Any,
                            label: Any, caption_id: str, own_entry: Any, board_page: int = 1) -> Markup:
        running = side_index is not None
        scored = view.scored
        out = []
        append = out.append
        if scored:
            # each sums the rows: worked out once, for the line and the totals row
            ns_sum, ew_sum, table_top = view.ns_mp, view.ew_mp, view.top
            ns_share, ew_share = view.ns_percent, view.ew_percent
            shares = (f"\u00b7 {text(percent_text(ns_share))}%{score_to}{text(percent_text(ew_share))}%"
                      if table_top else "")
            append(f'<p class="result"><strong>{text(view.ns)} {text(number_text(ns_sum))}{score_to}'
                   f'{text(number_text(ew_sum))} {text(view.ew)}</strong>\n  \u00b7 {top} {text(table_top)}\n{shares}</p>\n')
        else:
            append(f'<p class="meta">{pending}</p>\n')
        # a column with a figure of two places shows each so, as the standings do ("16.00" among "9.60")
        two = two_places_of(view.rows, "ns_mp", "ew_mp")
        append(f'{table_opening(text(label), caption_id, "boards shengji-pairs cards gutter")}'
               f'{head}{running_head if running else ""}</tr></thead>\n'
               f'<tbody role="rowgroup">\n{rows_of(view, event, root, showings, side_index, two, own_entry, board_page)}</tbody>\n')
        if scored:
            winner = f' \u00b7 {text(translate("sj_winner", id=score.winner))}' if score.winner else ""
            append(f'<tfoot role="rowgroup"><tr role="row">\n'
                   f'  <th role="rowheader" scope="row" colspan="5" class="line">{total_word}{winner}</th>\n'
                   f'  <td role="cell" class="num" data-label="{ns_mp}">{text(figure_text(ns_sum, two))}</td>\n'
                   f'  <td role="cell" class="num" data-label="{ew_mp}">{text(figure_text(ew_sum, two))}</td>\n'
                   f'  <td role="cell" class="num" data-label="{top}">{text(table_top)}</td>\n'
                   f'  <td role="cell" class="num" data-label="{ns_percent}">{text(percent_text(ns_share))}</td>\n'
                   f'  <td role="cell" class="num" data-label="{ew_percent}">{text(percent_text(ew_share))}</td>\n'
                   f'{EMPTY_CELL if running else ""}</tr></tfoot>\n')
        append('</table>\n</div>\n')
        factored = first_factored(view.rows)
        if factored:
            append(f'<p class="meta">* {text(translate("factored", played=factored.played, expected=factored.expected))}</p>')
        return markup_of("".join(out))

    return shengji_pairs_table


# The outcome column's words of an entry's match summary: a bye and a forfeit are the words every
# page uses.
_OUTCOME_WORDS = {"won": "outcome_won", "drawn": "outcome_drawn", "lost": "outcome_lost", "bye": "bye",
                  "sit_out": "sit_out_col", "forfeit": "forfeit", "withdrawn": "withdrawn", "substitute": "substitute",
                  "late": "outcome_late", "late_bye": "outcome_late_bye", "pending": "outcome_pending",
                  "not_entered": "outcome_not_entered", "entered": "outcome_entered", "played": "outcome_played",
                  "withdrawn_sit_out": "outcome_withdrawn_sit_out", "withdrawn_not_played": "outcome_withdrawn_not_played"}


def _summary_tables(translate: Translator, zh_lang: Callable[..., Markup], zh: Callable[[Any], Markup],
                    english_words: Callable[[str], Markup], summary_rows: Callable[..., Markup]) -> Callable[..., Markup]:
    """`summary_table(event, game, stage_result, summary, root)`: an entry's match summary of one
    stage on its page (entry.html), its header and its rows (html.py's summary_rows), where it
    has lines. Each metric's label looked up once for the header and the rows; the box named by
    its caption where that marks the stage's name as Chinese (an aria-label cannot mark it). Its
    fixed words, and the outcome words, looked up once (they were a dict made on every page)."""
    outcome_words = {outcome: translate(key) for outcome, key in _OUTCOME_WORDS.items()}
    match_summary = text(translate("match_summary"))
    head = (f'<thead role="rowgroup"><tr role="row">\n  {COLUMN}>{text(translate("round"))}</th>\n'
            f'  {COLUMN}>{text(translate("table"))}</th>\n'
            f'  {COLUMN}>{text(translate("opponent"))}</th>\n')
    outcome = {True: text(translate("outcome_pairs")), False: text(translate("outcome"))}
    percent_unit = text(translate("paren", text="%"))  # (html.py's percent_unit)

    def summary_table(event: Any, game: Any, stage_result: Any, summary: Any, root: str) -> Markup:
        if not summary.lines:
            return Markup("")
        stage = stage_result.stage
        metrics = summary.metrics
        labels = [translate.pick(metric_of(game, m).label) for m in metrics]
        running_label = translate("running_metric", metric=labels[0]) if labels else ""
        stage_id = text(stage.id)
        marked = zh_lang(stage.name)
        box = (f'aria-labelledby="summary-{stage_id}"' if marked
               else f'aria-label="{text(stage.name)} · {match_summary}"')
        columns = "".join([f'{COLUMN} class="num">{english_words(label)}'
                           f'{percent_unit if metrics[index] == "percent" else ""}</th>'
                           for index, label in enumerate(labels)])
        if labels and summary.running:
            columns += (f'{COLUMN} class="num">{text(running_label)}'
                        f'{percent_unit if metrics[0] == "percent" else ""}</th>')
        rows = summary_rows(event, summary, labels, running_label, root, outcome_words, stage_result)
        caption_id = f' id="summary-{stage_id}"' if marked else ""
        return Markup(f'<div class="scroll" role="region" tabindex="0" {box}>\n<table class="summary cards" role="table">\n'
                      f'<caption{caption_id}>{zh(stage.name)} · {match_summary}'
                      f'</caption>\n{head}  {COLUMN}>{outcome[stage.format == "pairs"]}</th>\n'
                      f'{columns}</tr></thead>\n<tbody role="rowgroup">\n{rows}</tbody>\n</table>\n</div>\n')

    return summary_table


def _shengji_traveller_rows(translate: Translator, zh_lang: Callable[..., Markup], zh: Callable[[Any], Markup],
                            entry_url: Callable[[Any, str], str], percent_text: Callable[[Any], str]) -> Callable[..., Markup]:
    """`sj_traveller_rows(traveller, event, root, two)`: the rows of an 80分 pairs board's traveller
    (shengji_traveller.html), one per table that played it, and `sj_frequency_rows(traveller)`
    its frequency table's. `two`: its matchpoints' columns show two places (two_places_of)."""
    round_label, table_label = text(translate("round")), text(translate("sj_table"))
    ns, ew, own_word = text(translate("ns")), text(translate("ew")), text(translate("own_row"))
    points_label = text(translate("sj_points"))
    ns_mp, ew_mp = f"{ns} {text(translate('mp'))}", f"{ew} {text(translate('mp'))}"
    not_played = f'<span class="meta">{text(translate("board_not_played"))}</span>'
    adjusted_word = f'<span class="warn">{text(translate("adjusted"))}</span>'
    kitty, shut_out = text(translate("sj_kitty")), f' <span class="tag">{text(translate("sj_shut_out"))}</span>'
    unscored = f'  {EMPTY_CELL * 4}\n'  # (a line not counted: no matchpoints nor percentages)

    def pair_cell(event: Any, root: str, pair: str, label: str) -> str:
        return (f'<td role="cell" class="wrap named" data-own="{own_word}" id="entry-{text(pair)}" data-label="{label}">'
                f'<a href="{root}{text(entry_url(event, pair))}">{text(pair)}</a> {zh(event.entries[pair].player_names)}</td>\n')

    def points(row: Any, result: Any) -> str:
        if result.not_played:
            return not_played
        # the referee's own percentages said, as the printed sheet says them (sheets.adjusted_text):
        # a bare "adjusted" named neither side's share
        if result.adjusted and not result.offender:
            said = translate("sj_adjusted_text", ns=number_text(result.adjusted[0]), ew=number_text(result.adjusted[1]))
            return f'<span class="warn">{text(said)}</span>'
        if result.adjusted:
            said = translate("sj_offender", side=translate(str(result.offender).lower()))
            return f'{adjusted_word} <span class="meta">{text(said)}</span>'
        out = [text(row.score)]
        if result.breakdown:
            out.append(f'<br><span class="meta">{kitty} {text(result.breakdown)}</span>')
        if result.shut_out and not result.penalties:
            out.append(shut_out)
        for p in result.penalties:
            said = translate("sj_penalty_text", side=translate(str(p.against).lower()), points=p.points)
            out.append(f'<br><span class="meta">{text(said)}{text(translate("paren", text=result.points))}</span>')
        return "".join(out)

    def sj_traveller_rows(traveller: Any, event: Any, root: str, two: bool, lines: Any = None) -> Markup:
        root = text(root)
        out = []
        for line in traveller.lines if lines is None else lines:  # (`lines`: a page's, a board paged by table)
            row = line.row
            result = row.result
            note = f'<br><span class="meta"{zh_lang(result.note)}>{text(result.note)}</span>' if result.note else ""
            if row.counted and row.ns_mp is not None:
                figures = (f'  <td role="cell" class="num" data-label="{ns_mp}">{text(figure_text(row.ns_mp, two))}</td>\n'
                           f'  <td role="cell" class="num" data-label="{ew_mp}">{text(figure_text(row.ew_mp, two))}</td>\n'
                           f'  <td role="cell" class="num" data-label="{ns} %">{text(percent_text(row.ns_percent))}</td>\n'
                           f'  <td role="cell" class="num" data-label="{ew} %">{text(percent_text(row.ew_percent))}</td>\n')
            else:
                figures = unscored
            out.append(f'<tr role="row">\n  <td role="cell" class="num" data-label="{round_label}">{text(line.round)}</td>\n'
                       f'  <th role="rowheader" scope="row" class="num" data-label="{table_label}">{text(line.table)}</th>\n'
                       f'  {pair_cell(event, root, line.ns, ns)}  {pair_cell(event, root, line.ew, ew)}'
                       f'  <td role="cell" class="num" data-label="{points_label}">{points(row, result)}{note}</td>\n'
                       f'{figures}</tr>\n')
        return Markup("".join(out))

    return sj_traveller_rows


def sj_frequency_rows(traveller: Any) -> Markup:
    """An 80分 pairs board's frequency table's rows: each score, how often, its matchpoints."""
    return Markup("".join([f'<tr><th scope="row" class="num">{text(f.score)}</th><td class="num">{text(f.count)}</td>'
                           f'<td class="num">{text(number_text(f.ns_mp))}</td><td class="num">{text(number_text(f.ew_mp))}'
                           f'</td></tr>\n' for f in traveller.frequency]))
