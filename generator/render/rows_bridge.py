"""The rows of the bridge pages' tables, written in Python: a traveller's results and frequency
(bridge_traveller.html, on each board's page), a board's hand record whole (its hands round the
compass, double dummy table and par: a template of its own, with a macro made for each suit and
each par contract at every record, until it was written here), and the boards of a table on its round's page and both entries' pages
(bridge_table.html: pairs, teams and the seed's pairs adding points; a played pairs table whole,
its head and totals too, the template's part of it having cost more than its rows).

Through the templates' loops and macros a row was some twenty `{{ }}` and a dozen calls, on every
row of every table of a bridge event's round, entry and board pages; here each row is one
f-string, its fixed words looked up once for the locale. The markup is the templates' as it was,
whitespace included (the pages are byte-identical): each content value escaped as `{{ }}` escapes
it (fast_jinja.html_text, markupsafe's escape as str), Markup only for what is built here and for
the filters' own markup (suits, br_result, board_cell, bridge_contract).

A card table's tags (style.css, `table.cards`: a traveller's, a table's boards) carry their ARIA
table roles (table, rowgroup, row, columnheader, rowheader, cell): on a phone its rows and cells
are laid out as cards, not as a table, and VoiceOver then reads no table at all (no row, no
column header with a cell) unless the roles say it. A cell's role comes first, as it is written
here and in the templates (tests/test_a11y_tables.py); the frequency and double dummy tables,
never cards, need none.

`install(env, translate)` adds them to a locale's environment (render/html.py's `environment`)."""

from __future__ import annotations

from typing import Any, Callable

import jinja2
from markupsafe import Markup

from generator.games.common.figures import number_text, two_places_of
from generator.render import fast_jinja
from generator.render.fast_jinja import markup_of
from generator.render.i18n import Translator
from generator.render.rows_tables import COLUMN, COLUMN_GROUP, EMPTY_CELL, table_opening, words_by

text = fast_jinja.html_text  # (escaped as `{{ }}` escapes, as str: no Markup made for each piece)

_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
_STRAINS = ("NT", "S", "H", "D", "C")
_VOID = "\u2014"  # a void's dash (hands.Hand.shown)
_FAILS = "\u2013"  # a contract no declarer makes (hands.DoubleDummy.shown)


def install(env: jinja2.Environment, translate: Translator) -> None:
    """The bridge pages' row writers of one locale, as globals of its environment; the filters and
    globals they share with the templates (suits, br_result, signed, pct, fig, joined_word, zh_lang,
    board_cell, bridge_contract, shared_rows, entry_url) taken from it (render/html.py's, which
    imports this module), so that a cell is written alike."""
    g, filters = env.globals, env.filters
    suits: Callable[[str], Markup] = filters["suits"]
    signed: Callable[[Any], str] = filters["signed"]
    percent: Callable[[Any], str] = filters["pct"]
    figure_text: Callable[[Any, bool], str] = filters["fig"]
    br_result: Callable[[Any], Markup] = filters["br_result"]
    seat_word: Callable[[Any, str], str] = filters["joined_word"]  # `_("seat_" ~ x)`, looked up once a word
    zh_lang = g["zh_lang"]
    board_cell = g["board_cell"]
    bridge_contract = g["bridge_contract"]
    shared_rows = g["shared_rows"]
    entry_url = g["entry_url"]
    w = {key: text(translate(key)) for key in (
        "round", "table", "ns", "ew", "contract", "declarer", "lead", "result", "br_ns_score", "br_ew_score",
        "mp", "br_imps", "own_row", "adjusted", "br_walked_out", "br_not_played", "pass", "home_team", "away_team",
        "open_room", "closed_room", "br_room_not_recorded", "br_imps_home", "dealer", "vulnerability",
        "br_own_score", "br_running_percent", "br_running_imps", "running", "br_dd_fails", "br_void")}
    passed = w["pass"]

    w_of = words_by(translate, "")  # (any other fixed word of the page's locale, escaped)

    def seat(x: Any) -> str:
        return text(seat_word(x, "seat_"))

    def vul(x: Any) -> str:
        return text(seat_word(x, "vul_"))

    def adjusted_pairs(row: Any) -> str:
        """A pairs row's adjusted, not played or weighted board, as the traveller and a table say it."""
        if row.adjusted:
            said = "".join(f' \u00b7 {text(translate("br_adjusted_session_" + sign, side=translate(side)))}'
                           for side, sign in row.session_sides)
            walked = f' {w["br_walked_out"]}' if row.adjusted.walked_out else ""
            return (f'<span class="warn">{w["adjusted"]}</span> <span class="meta">{text(row.adjusted.text)}'
                    f'{walked}{said}</span>')
        if row.not_played:
            return f'<span class="warn">{w["br_not_played"]}</span>'
        return f'<span class="meta">{text(row.weighted)}</span>'

    def contract(line: Any) -> str:
        """bridge_traveller.html's `contract` macro: a contract with its suit's symbol, "pass", or nothing."""
        if line is None:
            return ""
        if line.contract == "pass":
            return passed
        return f'<span class="contract">{suits(line.contract)}</span>'

    # ------------------------------------------------------------------ a board's traveller

    def line_opening(first: str, second: str) -> tuple[str, ...]:
        """A traveller line's cells up to each side's name: its round, its table, then each side's
        cell, its id to follow (the cell's anchor, `#entry-P01`, that an entry's page links to) and
        its name; `first` and `second` the sides' labels (NS and EW, home and away)."""
        side = f'  <td role="cell" class="wrap named" data-own="{w["own_row"]}" id="entry-'
        return (f'<tr role="row">\n  <td role="cell" class="num" data-label="{w["round"]}">',
                f'</td>\n  <th role="rowheader" scope="row" class="num" data-label="{w["table"]}">',
                f'</th>\n{side}', f'" data-label="{first}">', f'</td>\n{side}', f'" data-label="{second}">')

    pairs_opening, teams_opening = line_opening(w["ns"], w["ew"]), line_opening(w["home_team"], w["away_team"])

    def teams_board_not_scored(row: Any, span: int) -> str:
        """A team board not played or adjusted, said across its rooms' `span` columns, as a board's
        traveller and a match's table say it; "" for a board played."""
        if row.not_played:
            return f'  <td role="cell" colspan="{span}" class="line"><span class="warn">{w["br_not_played"]}</span></td>\n'
        if row.adjusted:
            return (f'  <td role="cell" colspan="{span}" class="line"><span class="warn">{w["adjusted"]}</span> '
                    f'<span class="meta">{text(translate("br_adjusted_teams", text=row.adjusted.text))}</span></td>\n')
        return ""

    names_of: list[Any] = [None, None, {}]  # traveller_rows' entries' cells: the event and root they are for, then the cells

    def traveller_rows(tr: Any, event: Any, root: str, lines: Any = None) -> Markup:
        """The rows of a board's traveller (bridge_traveller.html's tbody): pairs or teams; `lines`
        those of a page of it (a board paged by table), its columns and figures the whole board's."""
        has_leads = tr.has_leads
        mp = tr.scoring == "matchpoints"
        two = tr.two_places
        root_text = text(root)
        entries = event.entries
        # An entry's cell, by its id: a pair plays a board once, a team twice, and every board of
        # the event's stages (all its board pages are as deep: the same `root`). Kept from board to
        # board while the same event is rendered (each cell was made again on each of its boards).
        if names_of[0] is not event or names_of[1] != root:
            names_of[:] = [event, root, {}]
        names: dict[str, str] = names_of[2]

        def pair(entry_id: str) -> str:
            found = names.get(entry_id)
            if found is None:
                beside = entries[entry_id].label_beside_id
                found = (f'<a href="{root_text}{text(entry_url(event, entry_id))}">{text(entry_id)}</a> '
                         + (f'<span class="meta"{zh_lang(beside)}>{text(beside)}</span>' if beside else ""))
                names[entry_id] = found
            return found

        out: list[str] = []
        append = out.append
        lead_cell = f'<td role="cell" data-label="{w["lead"]}">'
        if tr.layout == "pairs":
            value_word = w["mp"] if mp else w["br_imps"]
            opening = pairs_opening
            values = (f'  <td role="cell" class="num" data-label="{w["ns"]} {value_word}">',
                      f'</td>\n  <td role="cell" class="num" data-label="{w["ew"]} {value_word}">')
            percents = (f'  <td role="cell" class="num" data-label="{w["ns"]} %">', f'</td>\n  <td role="cell" class="num" data-label="{w["ew"]} %">')
            span = 6 if has_leads else 5
            for line in tr.lines if lines is None else lines:
                row = line.row
                append(f'{opening[0]}{text(line.round)}{opening[1]}{text(line.table)}{opening[2]}{text(line.ns)}'
                       f'{opening[3]}{pair(line.ns)}{opening[4]}{text(line.ew)}{opening[5]}{pair(line.ew)}</td>\n')
                if row.adjusted or row.not_played or row.weighted:
                    append(f'  <td role="cell" colspan="{span}" class="line">{adjusted_pairs(row)}</td>\n')
                else:
                    board = row.line
                    append(f'  <td role="cell" class="contract-cell" data-label="{w["contract"]}">{contract(board)}</td>\n'
                           f'  <td role="cell" data-label="{w["declarer"]}">{seat(board.declarer) if board.declarer else ""}</td>\n')
                    if has_leads:
                        append(f'{lead_cell}{suits(board.lead)}</td>')
                    append(f'  <td role="cell" data-label="{w["result"]}">{br_result(board.result)}</td>\n'
                           f'  <td role="cell" class="num" data-label="{w["br_ns_score"]}">{text(board.ns or "")}</td>\n'
                           f'  <td role="cell" class="num" data-label="{w["br_ew_score"]}">{text(board.ew or "")}</td>\n')
                append(f'{values[0]}{text(figure_text(row.ns_value, two))}{values[1]}'
                       f'{text(figure_text(row.ew_value, two))}</td>\n')
                if mp:
                    append(f'{percents[0]}{text(percent(row.ns_percent))}{percents[1]}'
                           f'{text(percent(row.ew_percent))}</td>\n')
                append('</tr>\n')
        else:
            opening = teams_opening
            whole, half = (8, 4) if has_leads else (6, 3)
            rooms = (w["open_room"], w["closed_room"])
            imps_cell = f'  <td role="cell" class="num line" data-label="{w["br_imps_home"]}">'
            for line in tr.lines if lines is None else lines:
                row = line.row
                append(f'{opening[0]}{text(line.round)}{opening[1]}{text(line.table)}{opening[2]}{text(line.home)}'
                       f'{opening[3]}{pair(line.home)}{opening[4]}{text(line.away)}{opening[5]}{pair(line.away)}</td>\n')
                said = teams_board_not_scored(row, whole)
                if said:
                    append(said)
                else:
                    for name, room in zip(rooms, (row.open, row.closed)):
                        if room is None:
                            append(f'<td role="cell" colspan="{half}" class="line meta" data-label="{name}">'
                                   f'{w["br_room_not_recorded"]}</td>')
                            continue
                        append(f'  <td role="cell" class="line" data-label="{name}">{contract(room)}'
                               f'{" " + seat(room.declarer) if room.declarer else ""}</td>\n')
                        if has_leads:
                            append(f'{lead_cell}{suits(room.lead)}</td>')
                        append(f'  <td role="cell" data-label="{w["result"]}">{br_result(room.result)}</td>\n'
                               f'  <td role="cell" class="num" data-label="{w["br_ns_score"]}">{text(signed(room.ns - room.ew))}</td>\n')
                imps = "" if row.not_played else text(figure_text(row.home_imps, two))
                append(f'{imps_cell}{imps}</td>\n</tr>\n')
        return markup_of("".join(out))

    def frequency_rows(tr: Any) -> Markup:
        """The rows of a board's frequency table (bridge_traveller.html)."""
        two = tr.two_places
        pairs = tr.layout == "pairs"
        out = []
        for score in tr.frequency:
            values = (f'<td class="num">{text(figure_text(score.ns_value, two))}</td>'
                      f'<td class="num">{text(figure_text(score.ew_value, two))}</td>') if pairs else ""
            out.append(f'<tr><th scope="row" class="num">{text(signed(score.score))}</th>'
                       f'<td class="num">{text(score.count)}</td>\n{values}</tr>\n')
        return markup_of("".join(out))

    # ------------------------------------------------------------------ a hand record

    suit_shown = {name: (f'<span class="suit {"red" if name in ("H", "D") else "black"}" role="img" '
                         f'aria-label="{text(translate("suit_" + name))}">{_SYMBOLS[name]}</span>') for name in _SYMBOLS}
    void_said = f'<span aria-hidden="true">\u2014</span><span class="visually-hidden">{w["br_void"]}</span>'
    dd_fails = f'<span aria-hidden="true">\u2013</span><span class="visually-hidden">{w["br_dd_fails"]}</span>'

    hcp_said: dict[int, str] = {}  # a hand's points in words, by its points (0 to 37), once each

    def deal_hand(deal: Any, at: str) -> Markup:
        """One hand of a hand record (hand_record), its seat, points and suits."""
        h = deal.hand(at)
        head = f'<div class="hand hand-{text(at)}"><strong>{seat(at)}</strong>'
        if not h:
            return markup_of(f'{head}<br><span class="meta">\u2014</span></div>\n')
        cards = "".join(f'<br>{suit_shown[name]} {void_said if shown == _VOID else text(shown)}'
                        for name, shown in h.shown)
        points = hcp_said.get(h.hcp)
        if points is None:
            points = hcp_said[h.hcp] = text(translate("br_hcp", n=h.hcp))
        return markup_of(f'{head} <span class="meta">{points}</span>\n{cards}</div>\n')

    def double_dummy_rows(dd: Any) -> Markup:
        """The rows of a hand record's double dummy table (hand_record)."""
        out = []
        for at, _ in dd.rows():
            cells = "".join(f'<td class="num">{dd_fails if made == _FAILS else text(made)}</td>'
                            for made in (dd.shown(at, strain) for strain in _STRAINS))
            out.append(f'<tr><th scope="row">{seat(at)}</th>{cells}</tr>\n')
        return markup_of("".join(out))

    nt_shown = f'<span role="img" aria-label="{text(translate("suit_NT"))}">NT</span>'
    seat_letters = ("N", "E", "S", "W")
    record_word, compass_word = w_of("br_hand_record"), w_of("br_hcp_compass")
    said_with = f'{w["dealer"]}{w_of("colon")}'
    vul_with = f'{w["vulnerability"]}{w_of("colon")}'
    dd_head = (f'<div class="scroll" role="region" tabindex="0" aria-label="{w_of("br_double_dummy")}">\n'
               f'<table class="double-dummy">\n<caption>{w_of("br_double_dummy")}</caption>\n'
               f'<thead><tr><th scope="col">{w_of("declarer")}</th>'
               + "".join(f'<th scope="col" class="num">{nt_shown if strain == "NT" else suit_shown[strain]}</th>'
                         for strain in _STRAINS)
               + '</tr></thead>\n<tbody>\n')
    dd_note = w_of("br_double_dummy_note")

    def par_contract(said: str) -> str:
        """A par contract ("4S E =", as hands.contract_text writes it) as the tables show contracts:
        the suit a symbol named in the page's language, the seat a word ("S" was both spades and
        South)."""
        parts = said.split(" ")
        if len(parts) == 3 and parts[1] in seat_letters:
            return f'<span class="contract">{suits(parts[0])}</span> {seat(parts[1])} {br_result(parts[2])}'
        return text(said)

    def hand_record(deal: Any, tr: Any) -> Markup:
        """A board's hand record (牌例; bridge_traveller.html): the four hands round the compass,
        dealer, vulnerability and each hand's high-card points; the double dummy table and par when
        known. A layout grid (style.css, .deal-grid): North on top, West and East on the sides; on a
        narrow phone West and East side by side, North above, South below, so all four hands fit at
        320 px. A void's dash is not read: the word is ("缺门"), as the double dummy table's "不能完成"."""
        board = text(tr.board)
        points = {at: (text(deal.hand(at).hcp) if deal.hand(at) else "\u2014") for at in seat_letters}
        out = [f'<section class="deal" aria-labelledby="deal-{board}">\n<h2 id="deal-{board}">{record_word}</h2>\n'
               f'<div class="scroll" role="region" tabindex="0" aria-label="{record_word}">\n<div class="deal deal-grid">\n'
               f'  <div class="deal-info meta">{text(translate("board_title", n=tr.board))}<br>{said_with}{seat(tr.dealer)}'
               f'<br>{vul_with}{vul(tr.vulnerability)}</div>\n'
               f'  {deal_hand(deal, "N")}\n  <div></div>\n  {deal_hand(deal, "W")}\n'
               f'  <div class="compass"><span class="meta">{compass_word}</span><br>\n'
               f'    {seat("N")} {points["N"]}<br>\n    {seat("W")} {points["W"]} \u00b7 {seat("E")} {points["E"]}<br>\n'
               f'    {seat("S")} {points["S"]}</div>\n'
               f'  {deal_hand(deal, "E")}\n  <div></div>\n  {deal_hand(deal, "S")}\n  <div></div>\n</div>\n</div>\n']
        dd = deal.double_dummy
        if dd:
            par = ""
            if dd.par_score is not None:
                par = f' \u00b7 {text(filters["english_words"](translate("br_par", score=signed(dd.par_score))))}'
                if dd.par_contracts:
                    before, after = translate("paren", text="|").split("|")
                    par += f'{text(before)}{", ".join(map(par_contract, dd.par_contracts))}{text(after)}'
            out.append(f'{dd_head}{double_dummy_rows(dd)}</tbody>\n</table>\n</div>\n<p class="meta">{dd_note}{par}</p>\n')
        out.append("</section>\n")
        return markup_of("".join(out))

    # ------------------------------------------------------------------ a table's boards

    def pairs_cells(has_leads: bool) -> Callable[[Any], str]:
        """A pairs row's cells but the board's, the same on its round's page and both entries' pages
        (shared_rows)."""
        lead_cell = f'<td role="cell" data-label="{w["lead"]}">'

        def cells(row: Any) -> str:
            if row.adjusted or row.not_played or row.weighted:
                shown = adjusted_pairs(row)
            else:
                shown = bridge_contract(row.line)
            lead = f'{lead_cell}{suits(row.line.lead) if row.line else ""}</td>' if has_leads else ""
            return (f'  <td role="cell" data-label="{w["dealer"]}">{seat(row.dealer)}</td>\n'
                    f'  <td role="cell" data-label="{w["vulnerability"]}">{vul(row.vulnerability)}</td>\n'
                    f'  <td role="cell" class="wrap">{shown}</td>\n{lead}')

        return cells

    def pairs_rows(view: Any, event: Any, root: str, showings: int, board_entry: str | None,
                   side_index: int | None, board_page: int = 1) -> Markup:
        """The rows of a pairs table (bridge_table.html's tbody): each board's link, its shared
        cells, and the scores, both pairs' or, on an entry's page (side_index), the pair's own."""
        shown = shared_rows(view, root, showings, pairs_cells(view.has_leads))
        mp = view.matchpoints
        two = view.two_places
        value_word = w["mp"] if mp else w["br_imps"]
        stage = view.stage
        out = []
        append = out.append
        if side_index is not None:
            running = view.running(side_index)
            own_cell = f'  <td role="cell" class="num" data-label="{w["br_own_score"]}">'
            value_cell = f'</td>\n  <td role="cell" class="num" data-label="{value_word}">'
            percent_cell = '<td role="cell" class="num" data-label="%">'
            run_cell = f'  <td role="cell" class="num" data-label="{w["br_running_percent"] if mp else w["br_running_imps"]}">'
            for i, row in enumerate(view.rows):
                own = text(signed(row.own_score(side_index))) if row.score is not None else ""
                append(f'<tr role="row">\n  <th role="rowheader" scope="row" class="num">{board_cell(event, stage, row.board, root, board_entry, board_page)}</th>'
                       f'{shown[i]}{own_cell}{own}{value_cell}{text(figure_text(row.value(side_index), two))}</td>\n')
                if mp:
                    p = row.ns_percent if side_index == 0 else row.ew_percent
                    append(f'{percent_cell}{text(percent(p))}</td>')
                so_far = running[i]
                said = "\u2014" if so_far is None else text(percent(so_far)) if mp else text(figure_text(so_far, two))
                append(f'{run_cell}{said}</td>\n</tr>\n')
        else:
            scores = (f'  <td role="cell" class="num" data-label="{w["ns"]}">', f'</td>\n  <td role="cell" class="num" data-label="{w["ew"]}">',
                      f'</td>\n  <td role="cell" class="num" data-label="{w["ns"]} {value_word}">',
                      f'</td>\n  <td role="cell" class="num" data-label="{w["ew"]} {value_word}">')
            percents = (f'  <td role="cell" class="num" data-label="{w["ns"]} %">', f'</td>\n  <td role="cell" class="num" data-label="{w["ew"]} %">')
            for i, row in enumerate(view.rows):
                board = row.line
                ns, ew = (text(board.ns or ""), text(board.ew or "")) if board else ("", "")
                append(f'<tr role="row">\n  <th role="rowheader" scope="row" class="num">{board_cell(event, stage, row.board, root, board_entry, board_page)}</th>'
                       f'{shown[i]}{scores[0]}{ns}{scores[1]}{ew}{scores[2]}{text(figure_text(row.ns_value, two))}'
                       f'{scores[3]}{text(figure_text(row.ew_value, two))}</td>\n')
                if mp:
                    append(f'{percents[0]}{text(percent(row.ns_percent))}{percents[1]}'
                           f'{text(percent(row.ew_percent))}</td>\n')
                append('</tr>\n')
        return markup_of("".join(out))

    head = (f'<thead role="rowgroup"><tr role="row">\n  {COLUMN} class="num">{text(translate("board"))}</th>{COLUMN}>{w["dealer"]}</th>'
            f'{COLUMN}>{w["vulnerability"]}</th>\n  {COLUMN}>{w["contract"]}</th>\n')
    running_heads = (f'{w["br_running_percent"]}{text(g["percent_unit"])}',
                     text(filters["english_words"](translate("br_running_imps"))))
    total_word, top_word, pending = (text(translate(key)) for key in ("total", "br_top", "pending_mp"))
    lead_head, percent_head = f'{COLUMN}>{w["lead"]}</th>', f'{COLUMN} class="num">%</th>'

    more_at: dict[str, str] = {}  # a table's winner said in its totals' line, by the winner's id

    def pairs_table(view: Any, score: Any, event: Any, root: str, showings: int, board_entry: str | None,
                    side_index: int | None, label: Any, caption_id: str, board_page: int = 1) -> Markup:
        """A played pairs table's boards (bridge_table.html): its head, its rows (pairs_rows), its
        totals, and a note while the field is not scored."""
        has_leads = view.has_leads
        mp = view.matchpoints
        two = view.two_places
        value_word = w["mp"] if mp else w["br_imps"]
        out = [f'{table_opening(text(label), caption_id, "boards cards gutter")}'
               f'{head}{lead_head if has_leads else ""}']
        append = out.append
        if side_index is not None:
            append(f'  {COLUMN} class="num">{w["br_own_score"]}</th>\n  {COLUMN} class="num">{value_word}</th>\n'
                   f'{percent_head if mp else ""}'
                   f'  {COLUMN} class="num">{running_heads[0] if mp else running_heads[1]}</th>\n')
        else:
            append(f'  {COLUMN} class="num">{w["ns"]}</th>{COLUMN} class="num">{w["ew"]}</th>\n'
                   f'  {COLUMN} class="num">{w["ns"]} {value_word}</th>\n'
                   f'  {COLUMN} class="num">{w["ew"]} {value_word}</th>\n')
            if mp:
                append(f'{COLUMN} class="num">{w["ns"]} %</th>{COLUMN} class="num">{w["ew"]} %</th>')
        append(f'</tr></thead>\n<tbody role="rowgroup">\n{pairs_rows(view, event, root, showings, board_entry, side_index, board_page)}</tbody>\n')
        # a table of np boards only has no total and no top: no footer (it read "Total · top 0" over dashes)
        if view.scored and view.any_scored:
            winner = score.winner
            top = f" \u00b7 {top_word} {text(view.top)}" if mp else ""
            more = ""
            if winner:
                more = more_at.get(winner) if type(winner) is str else None
                if more is None:
                    more = f' \u00b7 {text(translate("br_more_at_table", id=winner))}'
                    if type(winner) is str and len(more_at) < 20_000:  # (a bound: a mass pairs field's ids)
                        more_at[winner] = more
            append(f'<tfoot role="rowgroup"><tr role="row">\n  <th role="rowheader" scope="row" colspan="{5 if has_leads else 4}" class="line">{total_word}{top}{more}</th>\n')
            if side_index is not None:
                append(f'  {EMPTY_CELL}\n')
                # a table where no board was scored for the pair (each np): "—", not a total of 0
                if view.scored_for(side_index):
                    append(f'  <td role="cell" class="num" data-label="{value_word}">{text(figure_text(view.total(side_index), two))}</td>\n')
                    if mp:
                        append(f'<td role="cell" class="num" data-label="%">{text(percent(view.percent(side_index)))}</td>')
                else:
                    append(f'  <td role="cell" class="num" data-label="{value_word}">\u2014</td>')
                    if mp:
                        append('<td role="cell" class="num" data-label="%">\u2014</td>')
                append(f'  {EMPTY_CELL}\n')
            else:
                scored = (view.scored_for(0), view.scored_for(1))
                append(f'  {EMPTY_CELL}{EMPTY_CELL}\n')
                for side, name in enumerate((w["ns"], w["ew"])):
                    shown = text(figure_text(view.total(side), two)) if scored[side] else "\u2014"
                    append(f'<td role="cell" class="num" data-label="{name} {value_word}">{shown}</td>')
                if mp:
                    for side, name in enumerate((w["ns"], w["ew"])):
                        shown = text(percent(view.percent(side))) if scored[side] else "\u2014"
                        append(f'<td role="cell" class="num" data-label="{name} %">{shown}</td>')
            append('</tr></tfoot>\n')
        append('</table>\n</div>\n')
        if not view.scored:
            append(f'<p class="meta">{pending}</p>')
        return markup_of("".join(out))

    def teams_rows(view: Any, event: Any, root: str, showings: int, board_entry: str | None,
                   side_index: int | None, board_page: int = 1) -> Markup:
        """The rows of a team match's table (bridge_table.html's tbody): each board's link, its
        shared cells (both rooms, the IMPs), and on an entry's page the team's running total."""
        has_leads = view.has_leads
        h, a = view.home, view.away
        two = two_places_of(view.rows, "home_imps", "away_imps")
        whole, half = (6, 3) if has_leads else (4, 2)
        rooms = (w["open_room"], w["closed_room"])
        lead_cell = f'<td role="cell" data-label="{w["lead"]}">'
        start = f'  <td role="cell" data-label="{w["dealer"]}">'
        imps = (f'  <td role="cell" class="num" data-label="{w["br_imps"]} {text(h)}">',
                f'</td>\n  <td role="cell" class="num" data-label="{w["br_imps"]} {text(a)}">')

        def cells(row: Any) -> str:
            shown = [f'{start}{seat(row.dealer)}</td>\n'
                     f'  <td role="cell" data-label="{w["vulnerability"]}">{vul(row.vulnerability)}</td>\n']
            said = teams_board_not_scored(row, whole)
            if said:
                shown.append(said)
            else:
                for name, room in zip(rooms, (row.open, row.closed)):
                    if room is None:
                        shown.append(f'<td role="cell" colspan="{half}" class="half meta" data-label="{name}">'
                                     f'{w["br_room_not_recorded"]}</td>')
                        continue
                    shown.append(f'  <td role="cell" class="half" data-label="{name}">{bridge_contract(room)}</td>\n')
                    if has_leads:
                        shown.append(f'{lead_cell}{suits(room.lead)}</td>')
                    shown.append(f'  <td role="cell" class="num" data-label="{w["br_ns_score"]}">{text(signed(room.ns - room.ew))}</td>\n')
            home, away = row.home_imps, row.away_imps
            home_shown = text(figure_text(home, two)) if home > 0 or (row.adjusted and home) else ""
            away_shown = text(figure_text(away, two)) if away > 0 or (row.adjusted and away) else ""
            shown.append(f'{imps[0]}{home_shown}{imps[1]}{away_shown}</td>\n')
            return "".join(shown)

        shared = shared_rows(view, root, showings, cells)
        stage = view.stage
        rows = view.rows
        if side_index is not None:
            running = view.running(side_index)
            run_cell = f'<td role="cell" class="num" data-label="{w["running"]}">'
            ends = [f'{run_cell}{text(figure_text(so_far, two))}</td></tr>\n' for so_far in running]
        else:
            ends = ["</tr>\n"] * len(rows)
        return markup_of("".join([
            f'<tr role="row">\n  <th role="rowheader" scope="row" class="num">{board_cell(event, stage, rows[i].board, root, board_entry, board_page)}</th>'
            f'{cells_shown}{ends[i]}' for i, cells_shown in enumerate(shared)]))

    english_words: Callable[[str], Any] = filters["english_words"]
    score_pair: Callable[[str], Any] = filters["score_pair"]
    match_outcome = g["match_outcome"]
    score_to = str(g["score_to"])
    team_head = (f'<thead role="rowgroup">\n<tr role="row">\n  {COLUMN} rowspan="2" class="num">{text(translate("board"))}</th>\n'
                 f'  {COLUMN} rowspan="2">{w["dealer"]}</th>\n  {COLUMN} rowspan="2">{w["vulnerability"]}</th>\n')
    imps_head = f'  {COLUMN_GROUP} colspan="2">{text(english_words(translate("br_imps")))}</th>\n'
    team_running = f'{COLUMN} rowspan="2" class="num">{w["running"]}</th>'
    room_heads = {has_leads: (f'  {COLUMN}>{w["contract"]}</th>\n'
                              + (f'{COLUMN}>{w["lead"]}</th>' if has_leads else "")
                              + f'  {COLUMN} class="num">{w["br_ns_score"]}</th>\n') * 2
                  for has_leads in (False, True)}
    seats_knockout = text(english_words(translate("br_seats_knockout")))
    vp_word, total_said = w_of("br_vp"), w_of("total")

    def teams_table(view: Any, score: Any, event: Any, root: str, showings: int, board_entry: str | None,
                    side_index: int | None, label: Any, caption_id: str, board_page: int = 1) -> Markup:
        """A played team match's boards (bridge_table.html): its result line (IMPs, VPs, who won, or
        the boards it waits for), its notes, its head, its rows (teams_rows) and its totals."""
        has_leads = view.has_leads
        home, away = view.home, view.away
        h, a = text(home), text(away)
        running = side_index is not None
        # the IMP columns as the pairs' figures: each to two places where one has them (3.00 beside 1.50)
        two = two_places_of(view.rows, "home_imps", "away_imps")
        line = english_words(score_pair(translate("br_match_line", home=home, hi=number_text(view.won[home]),
                                                  ai=number_text(view.won[away]), away=away)))
        out = [f'<p class="result"><strong>{text(line)}</strong>\n']
        append = out.append
        if view.to_come:  # no VPs nor winner: it waits for its boards
            append(f'\u00b7 <span class="warn">{text(translate("br_boards_to_come", count=view.to_come))}</span></p>\n')
        else:
            if not view.knockout:
                vp = score_pair(translate("br_vp_line", hv=number_text(view.vp[home]), av=number_text(view.vp[away])))
                append(f'\u00b7 {text(vp)}')
            append(f'  \u00b7 {match_outcome(score)}</p>\n')
        seats = seats_knockout if view.knockout else text(english_words(translate("br_seats", boards=view.boards)))
        append(f'<p class="meta">{seats}</p>\n')
        if view.not_played:  # not boards of the match: 0 IMPs, and the VP scale over the boards played (duplicate.score_team_match)
            boards = ", ".join(str(row.board) for row in view.not_played)
            said = translate("br_boards_not_played_knockout" if view.knockout else "br_boards_not_played",
                             boards=boards, played=view.boards)
            append(f'<p class="meta warn">{text(said)}</p>')
        if view.rooms_missing:
            boards = ", ".join(str(row.board) for row in view.rooms_missing)
            append(f'<p class="meta warn">{text(translate("br_rooms_missing", boards=boards))}</p>')
        span = 3 if has_leads else 2
        vp_total = (f' \u00b7 {vp_word} {text(number_text(view.vp[home]))}{score_to}{text(number_text(view.vp[away]))}'
                    if not view.to_come and not view.knockout else "")
        append(f'{table_opening(text(label), caption_id, "boards teams cards gutter")}'
               f'{team_head}'
               f'  {COLUMN_GROUP} colspan="{span}">{w["open_room"]} <span class="meta">'
               f'{text(translate("br_ns_is", id=home))}</span></th>\n'
               f'  {COLUMN_GROUP} colspan="{span}">{w["closed_room"]} <span class="meta">'
               f'{text(translate("br_ns_is", id=away))}</span></th>\n'
               f'{imps_head}{team_running if running else ""}</tr>\n<tr role="row">\n{room_heads[has_leads]}'
               f'  {COLUMN} class="num">{h}</th>\n  {COLUMN} class="num">{a}</th>\n</tr>\n</thead>\n'
               f'<tbody role="rowgroup">\n{teams_rows(view, event, root, showings, board_entry, side_index, board_page)}</tbody>\n'
               f'<tfoot role="rowgroup"><tr role="row">\n'
               f'  <th role="rowheader" scope="row" colspan="{9 if has_leads else 7}" class="line">{total_said}{vp_total}</th>\n'
               f'  <td role="cell" class="num" data-label="{w["br_imps"]} {h}">{text(figure_text(view.won[home], two))}</td>\n'
               f'  <td role="cell" class="num" data-label="{w["br_imps"]} {a}">{text(figure_text(view.won[away], two))}</td>\n'
               f'{EMPTY_CELL if running else ""}</tr></tfoot>\n</table>\n</div>\n')
        return markup_of("".join(out))

    def seed_rows(view: Any, root: str, showings: int, side_index: int | None) -> Markup:
        """The rows of the seed's table, pairs adding points (bridge_table.html's tbody), the same on
        its round's page and both pairs' pages but for a pair's running total."""
        has_leads = view.has_leads
        lead_cell = f'<td role="cell" data-label="{w["lead"]}">'
        labels = (f'</th>\n  <td role="cell" data-label="{w["dealer"]}">', f'</td>\n  <td role="cell" data-label="{w["vulnerability"]}">',
                  f'</td>\n  <td role="cell" data-label="{w["declarer"]}">', f'</td>\n  <td role="cell" data-label="{w["contract"]}">',
                  f'</td>\n  <td role="cell" data-label="{w["result"]}">', f'  <td role="cell" class="num" data-label="{w["ns"]}">',
                  f'</td><td role="cell" class="num" data-label="{w["ew"]}">')

        def cells(row: Any) -> str:
            played = passed if row.contract == "pass" else f'<span class="contract">{suits(row.contract)}</span>'
            lead = f'{lead_cell}{suits(row.lead)}</td>' if has_leads else ""
            return (f'<tr role="row">\n  <th role="rowheader" scope="row" class="num">{text(row.board)}{labels[0]}{seat(row.dealer)}'
                    f'{labels[1]}{vul(row.vulnerability)}{labels[2]}{seat(row.declarer) if row.declarer else ""}'
                    f'{labels[3]}{played}{labels[4]}{br_result(row.result)}</td>\n{lead}'
                    f'{labels[5]}{text(row.ns or "")}{labels[6]}{text(row.ew or "")}</td>\n')

        shared = shared_rows(view, root, showings, cells)
        if side_index is not None:
            run_cell = f'<td role="cell" class="num" data-label="{w["running"]}">'
            return markup_of("".join([f'{cells_shown}{run_cell}{text(so_far)}</td></tr>\n'
                                      for cells_shown, so_far in zip(shared, view.running(side_index))]))
        return markup_of("".join([f"{cells_shown}</tr>\n" for cells_shown in shared]))

    seed_head = (f'<thead role="rowgroup"><tr role="row">\n  {COLUMN} class="num">{text(translate("board"))}</th>'
                 f'{COLUMN}>{w["dealer"]}</th>{COLUMN}>{w["vulnerability"]}</th>\n'
                 f'  {COLUMN}>{w["declarer"]}</th>{COLUMN}>{w["contract"]}</th>{COLUMN}>{w["result"]}</th>\n')
    seed_scores = f'  {COLUMN} class="num">{w["ns"]}</th>{COLUMN} class="num">{w["ew"]}</th>\n'
    seed_lead, seed_running = f'{COLUMN}>{w["lead"]}</th>', f'{COLUMN} class="num">{w["running"]}</th>'
    substitutes, winner_word, draw = w_of("substitute_note"), f'{w_of("winner")}{w_of("colon")}', w_of("draw")

    def seed_table(view: Any, score: Any, root: str, showings: int, side_index: int | None, label: Any,
                   caption_id: str) -> Markup:
        """The seed's table, pairs adding points (bridge_table.html): its head, its rows (seed_rows)
        and its totals, who won said in them (against the substitutes nobody wins,
        Game.substitutes_decide: said, not "draw")."""
        has_leads = view.has_leads
        running = side_index is not None
        if score.extra.get("substitute"):
            won = substitutes
        else:
            won = f'{winner_word}{text(score.winner) if score.winner else draw}'
        return markup_of(
            f'{table_opening(text(label), caption_id, "boards cards gutter")}'
            f'{seed_head}{seed_lead if has_leads else ""}'
            f'{seed_scores}{seed_running if running else ""}</tr></thead>\n<tbody role="rowgroup">\n'
            f'{seed_rows(view, root, showings, side_index)}</tbody>\n<tfoot role="rowgroup"><tr role="row">\n'
            f'  <th role="rowheader" scope="row" colspan="{7 if has_leads else 6}" class="line">{total_said} \u00b7 {won}</th>\n'
            f'  <td role="cell" class="num" data-label="{w["ns"]}">{text(view.ns_total)}</td>'
            f'<td role="cell" class="num" data-label="{w["ew"]}">{text(view.ew_total)}</td>\n'
            f'{EMPTY_CELL if running else ""}</tr></tfoot>\n</table>\n</div>\n')

    g.update(bridge_traveller_rows=traveller_rows, bridge_frequency_rows=frequency_rows, bridge_hand_record=hand_record,
             bridge_pairs_table=pairs_table, bridge_teams_table=teams_table,
             bridge_seed_table=seed_table)
