"""The HTML site: archive, events, stages, rounds, entries, players, search, feed and sitemap.

Pages link to each other with relative URLs ending in index.html, so the site works opened
from disk as well as from any web server. Numbers arrive computed; templates only lay them out.
Each event's pages are in the event's locale (event.yaml `locale:`), everything else in the
site's; words come from the gettext catalogues (render/i18n.py).
"""

from __future__ import annotations

import datetime as dt
import functools
import gc
import hashlib
import json
import os
import pickle
import re
import sys
import weakref
import zlib
from collections.abc import Collection, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import jinja2
import markdown
import nh3
from markdown.extensions.sane_lists import SaneListExtension
from markdown.extensions.tables import TableExtension
from markupsafe import Markup, escape, soft_str

from generator import caches, page_sizes
from generator.content.model import Event, Site
from generator.content.yaml_loader import read_content_text
from generator.errors import Problems, columns
from generator.forking import can_fork, forked_pool
from generator.page_sizes import planned_boards
from generator.catalogues import fill, in_sentence
from generator.games import GAMES, Game, RowsWhenRead, metric_of
from generator.games.common.figures import figure_text, number_text, two_places, two_places_of  # (pages and prints alike)
from generator.games.common.rooms import seating_text
from generator.render import fast_jinja, frame, incremental, rows_bridge, rows_entry, rows_tables
from generator.render.fast_jinja import escaped, html_text, markup_of
from generator.render.feed import absolute, atom_feed, sitemap_index, sitemap_parts, updates
from generator.render.i18n import CJK_FACE, HTML_LANG, Translator
from generator.render.knockout_words import no_champion, ranking_rule, reached_words
from generator.render.incremental import (EventPages, PreviousBuild, code_digest, event_key, folder_digest, listed_digest,
                                          player_key, player_part, rendered_pages, site_digest, with_a_child)
from generator.render.output import OutputTree
from generator.render.ruled import ruled_rows
from generator.render.players import People, PeopleInOneEvent, Person, collect_people, people_by_group
from generator.render.remarks import qualifier_note_texts, remark_text, remark_texts
from generator.render.search import index_files, listed_order, packed_records
from generator.tournament.after_rounds import standings_after_rounds
from generator.tournament.knockout import named_tables, round_called as knockout_round_called
from generator.tournament.results import EventResult, StageResult, StaleDraw
from generator.tournament.summary import (EventSummary, archive_card, card_digest, credits_digest, entry_count, first_day,
                                          last_day, names_of, placings_digest)
from generator.tournament.pairing import (drawn_sides, followed_movement, movement_card, named_ids, no_table_word,
                                         withdrawn_undrawn)
from generator.tournament.running import MatchRow, StageFacts, running_totals, seated, stage_facts
from generator.tournament.standings import Remark, Standing, marked_withdrawn, remarks

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
# Where templates are looked up, first match wins (a site could put its own folder first).
TEMPLATE_DIRS: list[Path] = [TEMPLATES]

# Markdown notices may format text, make tables and link out; nothing else survives.
NOTICE_TAGS = {
    "a", "abbr", "b", "blockquote", "br", "code", "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr",
    "i", "li", "ol", "p", "pre", "strong", "sub", "sup", "table", "tbody", "td", "th", "thead",
    "tr", "ul", "del",
}
NOTICE_ATTRIBUTES = {"a": {"href", "title"}, "abbr": {"title"}, "th": {"align"}, "td": {"align"}}


class PeopleNow:
    """Who is who in the build rendering now, for an environment kept between builds (serve's,
    `render_site`'s `kept`): its templates' globals, and the modules Jinja made of their macros
    (each a copy of the globals as they were), keep this object, which follows each build's
    People; a bound `people.of` would link the names as the first build matched them."""

    def __init__(self) -> None:
        self.people: Callable[[], People | None] = lambda: None  # (weakly: kept past its build, it would hold the archive's people)

    def follow(self, people: People) -> None:
        self.people = weakref.ref(people)

    def of(self, slug: str, entry_id: str, index: int) -> Person | None:
        people = self.people()
        return people.of(slug, entry_id, index) if people is not None else None

    def named_in(self, slug: str, name: str, group: str | None) -> Person | None:
        people = self.people()
        return people.named_in(slug, name, group) if people is not None else None


def environment(locale: str, people: People | PeopleNow | None = None, stock: bool = False,
                content: str | None = None) -> jinja2.Environment:
    """The Jinja2 environment of one locale; `people` lets pages link names to player pages;
    `content`: the language names and titles are written in (content_locale_of), the page's when
    not given.

    `stock`: Jinja's own context and compiler, and no FixedWords. The tests render the demo both
    ways and require the same bytes, so a Jinja upgrade that breaks fast_jinja's shortcuts (they
    lean on Jinja 3.1's compiler and Macro internals) is caught before it reaches a page."""
    env = (jinja2.Environment if stock else fast_jinja.Environment)(
        extensions=[] if stock else [fast_jinja.FixedWords],
        loader=jinja2.FileSystemLoader([*TEMPLATE_DIRS, *(g.templates for g in GAMES.values() if g.templates)]),
        autoescape=True,  # every template, whatever its extension: all content is untrusted text
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        bytecode_cache=None if stock else fast_jinja.CompiledTemplates(
            TEMPLATES / "__pycache__", code_digest(), locale),
    )
    translate = Translator(locale)
    zh_lang, zh, env.filters["zh_runs"] = _content_lang(locale, content or locale)
    env.globals["zh_lang"], env.filters["zh"] = zh_lang, zh
    # the language site.js marks a search result's Chinese in (_search_form.html), where zh_lang marks any
    marked = content or locale  # (as _content_lang decides)
    env.globals["content_lang"] = HTML_LANG[marked] if marked != locale and marked.startswith("zh") else ""
    env.globals["notice_lang"] = _notice_lang(zh_lang, bool(env.globals["content_lang"]))
    env.filters["zh_parts"] = _zh_parts(zh)
    env.globals.update(_=translate, t=translate, lang=HTML_LANG[locale], cjk=CJK_FACE[locale], GAMES=GAMES,
                       metric_of=metric_of, in_sentence=in_sentence, event_url=event_url, stage_url=stage_url,
                       round_url=round_url,
                       entry_url=entry_url, board_url=board_url, player_url=player_url, game_url=game_url, players_url=PLAYERS_URL,
                       table_url=table_url, standing_url=standing_url, first_page=first_page, shared_part=shared_part, shared_rows=shared_rows,
                       part_showings=part_showings, table_showings=table_showings, level_chart=level_chart,
                       search_url=SEARCH_URL, lang_of=_lang_attribute(locale), game_title=_game_titles(translate),
                       person_of=people.of if people else (lambda slug, entry_id, index: None),
                       person_named=people.named_in if people else (lambda slug, name, group: None))
    env.globals["search_form"] = _search_forms(env)
    frame.install(env)  # base.html's head links, header and footer, made once for each depth
    env.globals["knockout_ranking"] = ranking_rule  # _knockout_rule.html's words, the printed placings' too
    env.globals["knockout_no_champion"] = no_champion  # _bracket.html's words, the printed bracket's too
    env.globals["ko_reached"] = lambda bracket: reached_words(translate, bracket)  # the event's final ranking
    env.globals["round_called"] = _round_called(translate)  # a round's page's title, heading and links
    env.globals["ranking_caption"] = _ranking_caption(translate)  # a stage's ranking's caption, on its three pages
    env.globals["ranked_fields"] = lambda rows: ranked_fields(translate, rows)  # _standings.html: NS, EW apart
    env.filters["joined_word"] = _joined_words(translate)
    env.filters["format_word"] = _formatted_words()  # what _("key", n=…) does
    env.filters["signed"] = _signed
    env.filters["num"] = number_text
    env.filters["name_pieces"] = name_pieces  # a printed notice's names, each kept whole (bulletin.html)
    env.filters["kept_pieces"] = kept_pieces  # its titles' and cells' round numbers and reasons, kept whole
    env.filters["joined_words"] = joined_words  # its last column's Chinese words, joined
    env.filters["ruled_rows"] = ruled_rows  # a score sheet's rows to fill (render/ruled.py), shown or printed
    env.filters["heading_words"] = heading_words  # its headings' words, each kept whole
    # `x|num if x is not none else ""`, with x worked out once (a view's percentage sums its rows)
    env.filters["num_or_blank"] = lambda n: "" if n is None else number_text(n)
    env.filters["pct"] = percent_text  # a percentage: two decimals, as the standings and prints show it
    # a column of a round's or an entry's table shows its figures alike, as the standings' do:
    # {% set two = two_places(column, ...) %}, then each figure |fig(two) ("16.00" among "9.60")
    env.globals["two_places"] = two_places
    env.globals["two_places_of"] = two_places_of
    env.globals["file_size"] = file_size  # a bulletin's, beside its link
    env.filters["fig"] = figure_text
    env.globals["metric_text"] = metric_text
    env.filters["suits"] = _suits_in(translate)
    env.filters["br_result"] = _bridge_results(translate)
    env.globals["bridge_contract"] = _bridge_contracts(translate, env.filters["joined_word"], env.filters["suits"],
                                                       env.filters["br_result"])
    env.globals["first_factored"] = first_factored
    # a score pair, "30 : 0": the colon is not read, a word is ("30 比 0", "30 to 0")
    score_to = Markup(' <span aria-hidden="true">:</span><span class="visually-hidden">{}</span> ').format(translate("score_to"))
    env.globals["score_to"] = score_to
    # (Markup.replace escapes its arguments, which need none: the escaped text's own replace)
    env.filters["score_pair"] = lambda text: markup_of(html_text(text).replace(" : ", score_to))
    env.filters["english_words"] = _english_words(locale)
    env.globals["percent_unit"] = translate("paren", text="%")  # a percentage column's header: 得分率（%）
    env.globals["room_seating"] = _room_seating(locale)
    env.globals["deal_log"] = _deal_logs(translate)
    env.globals["guandan_sides"] = _guandan_sides(translate, zh_lang, zh)
    env.globals["guandan_chart"] = _guandan_charts(translate)
    env.globals["summary_rows"] = _summary_rows(translate, env.globals["round_called"], zh)
    env.globals["table_name_of"] = _table_name_of(translate)
    env.globals["board_cell"] = _board_cells(translate)
    env.globals["traveller_page"] = traveller_page
    env.globals["match_heading"] = _match_headings(translate, env.globals["table_name_of"], zh_lang, zh)
    env.globals["metric_line"] = _metric_lines(translate)
    env.globals["match_outcome"] = _match_outcomes(translate)
    env.globals["has_groups"] = has_groups
    env.globals["player_links_of"] = _player_links(env.globals["person_of"])
    env.globals["rank_shown"] = rank_shown_in(translate)
    env.globals["history_rows"] = _history_rows(translate, env.globals["lang_of"], zh_lang, env.globals["game_title"],
                                                env.globals["rank_shown"])  # a player's page's rows
    env.globals["round_entered"] = lambda round_result: round_entered_text(translate, round_result)
    env.globals["ranks_said"] = ranks_said(translate)  # what a page of standings holds (standings_pages)
    env.globals["standings_rows"] = _standings_rows(translate, env.globals["player_links_of"], env.globals["rank_shown"],
                                                  zh_lang, env.filters["zh_runs"])
    # a standings row's remark, each in words (entry.html's heading of a stage; render/remarks.py)
    env.globals["remarks_of"] = lambda standing, stage: remark_texts(translate, standing, stage)
    _table_rows(env, translate)
    rows_bridge.install(env, translate)  # the bridge pages' rows (bridge_traveller_rows, bridge_pairs_rows, …)
    rows_entry.install(env, translate)  # an entry's page's heading and facts, its stages' headings
    # the notes on the next stage's draw, in the order the qualifier list says them too
    env.globals["qualifier_notes"] = lambda stage_result, stage: qualifier_note_texts(translate, stage_result, stage)
    return env


def _table_rows(env: jinja2.Environment, translate: Translator) -> None:
    """The Da Guai Lu Zi, 80分 and Guandan tables' rows and sides, an entry's match summary and a
    round's links to its stage's rounds (render/rows_tables.py)."""
    rows_tables.register(env, translate)


def _joined_words(translate: Translator) -> Callable[[Any, str], str]:
    """The `joined_word` filter of one locale (fast_jinja.FixedWords): `_("seat_" ~ row.dealer)`.
    A few dozen words (seats, vulnerabilities, outcomes) asked for some 300,000 times a build:
    each looked up in the catalogues once, then found again in a dict."""
    words: dict[str, str] = {}

    def joined_word(end: Any, start: str) -> str:
        key = start + (end if type(end) is str else soft_str(end))
        word = words.get(key)
        if word is None:
            word = words[key] = translate(key)
        return word

    return joined_word


def _search_forms(env: jinja2.Environment) -> Callable[[str], Markup]:
    """`search_form(root)`: the header's search box (_search_form.html), which depends on the
    page's locale and depth alone, rendered once for each depth instead of on every page."""
    forms: dict[str, Markup] = {}

    def search_form(root: str) -> Markup:
        form = forms.get(root)
        if form is None:
            form = forms[root] = Markup(env.get_template("_search_form.html").render(root=root))
        return form

    return search_form


def _game_titles(translate: Translator) -> Callable[[str], str]:
    """`game_title(event.game)`: a game's name in the page's locale, looked up once (a player's
    page names the game on each of their events' rows; Game.title reads three catalogues)."""
    titles: dict[str, str] = {}

    def game_title(game: str) -> str:
        title = titles.get(game)
        if title is None:
            title = titles[game] = translate.pick(GAMES[game].title)
        return title

    return game_title


def _lang_attribute(page_locale: str):  # noqa: ANN202
    """` lang="zh-Hant"` for content of an event written in another locale than the page's."""

    # Made once per locale, and the empty one once: player pages ask three or four times for
    # every event row (34,000 at 200 events), and Markup("") is made in Python.
    attributes = {locale: Markup(' lang="{}"').format(lang) for locale, lang in HTML_LANG.items()}
    none = Markup("")

    def lang_of(event: Event) -> Markup:
        locale = event.locale
        if locale and locale != page_locale:
            return attributes[locale]
        return none

    return lang_of


def content_locale_of(site: Site) -> str:
    """The language the site's names, titles and notices are written in: site.yaml's
    content_locale, else the site's own, but Chinese (zh-Hans) on an English site, whose content
    is a Chinese club's as the demo's is."""
    return site.content_locale or (site.locale if site.locale != "en" else "zh-Hans")


# Chinese characters (CJK ideographs, their extensions and compatibility forms)
_CHINESE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]")
# a run of Chinese in a sentence of another language: its characters, with the digits, CJK and
# full-width punctuation and curly quotes among them (13级动物医学1班, “同心杯”), none of the
# sentence's Latin words or ASCII punctuation; from its opening bracket or quote (a stage named
# "（四人队式赛）" in a title: its "（" was left outside the mark), and the word joiners of a
# notice's last column (joined_words: a run cut at each marked every character apart)
_CHINESE_RUN = re.compile(r"[\u3000-\u303f\uff00-\uffef\u2018\u201c\u2060]*[0-9\u2060]*[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]"
                          r"[\u3000-\u303f\uff00-\uffef\u2018\u2019\u201c\u201d0-9\u2060"
                          r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]*")


def content_marks(page_locale: str, content: str):  # noqa: ANN201
    """(zh_lang, zh, zh_runs) of a page in `page_locale` whose content is in `content` (the desk's)."""
    return _content_lang(page_locale, content)


def _content_lang(page_locale: str, content: str):  # noqa: ANN202
    """`zh_lang(*texts)`, ` lang="zh-Hans"` for an element of content (a name, a title) holding
    Chinese characters on a page in another language, and the `zh` filter, such a text in a span
    of that language (a heading that mixes it with the page's words): an English page's stage and
    player names were read by an English voice. Nothing where the page is in the content's language
    (a Chinese site's pages do not change) or the content is not Chinese. An attribute on the
    element that holds the content, not a span per name: every byte is on thousands of pages."""
    none = Markup("")
    if content == page_locale or not content.startswith("zh"):
        return (lambda *texts: none), escaped, escaped  # (escape's Markup, without Markup.__new__: on every page)
    attribute = Markup(' lang="{}"').format(HTML_LANG[content])
    search = _CHINESE.search

    def zh_lang(*texts: Any) -> Markup:
        return attribute if any(type(t) is str and search(t) for t in texts) else none

    def zh(text: Any) -> Markup:
        shown = escaped(text)
        return markup_of(f"<span{attribute}>{shown}</span>") if type(text) is str and search(text) else shown

    def zh_runs(text: Any) -> Markup:
        # (a printed notice's sentence, "动物科学学院桥牌大赛: 初赛 standings": each Chinese run marked)
        return markup_of(_CHINESE_RUN.sub(lambda run: f"<span{attribute}>{run[0]}</span>", html_text(text)))

    return zh_lang, zh, zh_runs


def _notice_lang(zh_lang: Callable[..., Markup], marks: bool) -> Callable[[Any], Markup]:
    """`notice_lang(notice)`: zh_lang of a notice's text, its tags stripped (event.html marks the
    box of a Chinese notice so). Where zh_lang marks nothing (the content in the page's language,
    or not Chinese: `marks` false), its tags are not stripped first: a notice of a few pages'
    length was stripped on every event's page of a Chinese site, for no mark."""
    if not marks:
        return lambda notice: zh_lang()
    return lambda notice: zh_lang(Markup(str(notice)).striptags())


def _zh_parts(zh: Callable[[Any], Markup]) -> Callable[[Any], Markup]:
    """The `zh_parts` filter: a caption joined with " · " from a stage's name and the page's words
    ("学院赛 · Final ranking"), each part marked as the zh filter marks it, so that the Chinese
    name is read by a Chinese voice and "Final ranking" by the page's."""
    def zh_parts(text: Any) -> Markup:
        return Markup(" \u00b7 ").join(zh(part) for part in str(text).split(" \u00b7 "))

    return zh_parts


_SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_CONTRACT_TEXT = re.compile(r"^([1-7])(C|D|H|S|NT)(X{0,2})$")
_CARD_TEXT = re.compile(r"^(C|D|H|S)([2-9TJQKA]|10)$")


def _suits_in(translate: Translator) -> Callable[[str], Markup]:
    """The `suits` filter of one locale: a screen reader says the suit in the page's language
    (黑桃, spades), not the letter of the content (S, read as an English letter)."""
    words = tuple(sorted((suit, translate("suit_" + suit)) for suit in (*_SUIT_SYMBOL, "NT", "X", "XX")))
    # Each contract or card once a locale, then found in a dict: suit_symbols' cache hashed the
    # tuple of words again at each of a build's 100,000 calls (a tuple keeps no hash).
    shown: dict[str, Markup] = {}

    def suits(text: str) -> Markup:
        found = shown.get(text) if type(text) is str else None
        if found is None:
            found = suit_symbols(text, words)
            if type(text) is str and len(shown) < WORDS_KEPT:
                shown[text] = found
        return found

    return suits


@functools.lru_cache(maxsize=4096)  # a few dozen contracts and cards, on every bridge table
def suit_symbols(text: str, words: tuple[tuple[str, str], ...] = ()) -> Markup:
    """4H -> 4♥, HK -> ♥K, ST -> ♠10, red suits marked for colour; anything else is shown as typed. The
    symbol is an image named by `words` (suit letter -> word; the letter without one)."""
    match = _CONTRACT_TEXT.match(text) or _CARD_TEXT.match(text)
    if not match:
        return escape(text)
    parts = match.groups()
    suit_at = 1 if _CONTRACT_TEXT.match(text) else 0
    suit = parts[suit_at]
    named = dict(words)
    # NT and X/XX are letters, read as letters: each is named as a suit is (无将, 加倍; notrump)
    named_letters = Markup('<span role="img" aria-label="{}">{}</span>')
    if suit == "NT":
        symbol = named_letters.format(named.get("NT", "NT"), "NT")
    else:
        colour = "red" if suit in "DH" else "black"
        symbol = Markup('<span class="suit {}" role="img" aria-label="{}">{}</span>').format(
            colour, named.get(suit, suit), _SUIT_SYMBOL[suit])
    # a card's ten as the hand record spells it (10), not the files' T: ♠10 beside a diagram's 10
    pieces = [escape("10" if p == "T" and suit_at == 0 and i == 1 else p) for i, p in enumerate(parts)]
    pieces[suit_at] = symbol
    if suit_at == 1 and parts[2]:
        pieces[2] = named_letters.format(named.get(parts[2], parts[2]), parts[2])
    return Markup("").join(pieces)


# English words a Chinese page's words use as they are (IMP, par): marked as English, so that a
# screen reader says them as English words, not letter by letter in a Chinese voice
_ENGLISH_WORDS = re.compile(r"(?<![A-Za-z])(IMPs?|MPs?|VPs?|par|WBF|Butler)(?![A-Za-z])")


def _english_words(locale: str) -> Callable[[str], Markup]:
    """The `english_words` filter of one locale: on a Chinese page each of _ENGLISH_WORDS in `text`
    in a span of lang="en"; an English page's text as it is."""
    if HTML_LANG[locale].startswith("en"):
        return escaped
    # Each text marked once, then found in a dict: the same few dozen words and lines (a column's
    # head, a match's line) on every table of a build. By its type too: a str is escaped, Markup not.
    marked: dict[tuple[type, str], Markup] = {}

    def english_words(text: Any) -> Markup:
        kind = type(text)
        if kind is not str and kind is not Markup:
            return markup_of(_ENGLISH_WORDS.sub(r'<span lang="en">\1</span>', html_text(text)))
        found = marked.get((kind, text))
        if found is None:
            found = markup_of(_ENGLISH_WORDS.sub(r'<span lang="en">\1</span>', html_text(text)))
            if len(marked) < WORDS_KEPT:
                marked[(kind, text)] = found
        return found

    return english_words


def _formatted_words() -> Callable[..., str]:
    """The `format_word` filter (fast_jinja.FixedWords): `_("table_n", n=score.table.number)`,
    the word filled as `_` fills it. Some 300,000 a build at 200 events, most of them a table's,
    a round's or a board's number (each board's link on every page showing its table, twice):
    a word with one whole number is filled once for each number and found again in a dict.
    (Only an int: 1 and 1.0 are the same key, and show differently.)"""
    words: dict[tuple[Any, ...], str] = {}

    def format_word(word: str, **params: Any) -> str:
        if len(params) == 1:
            (name, value), = params.items()
            if type(value) is int:
                key = (word, name, value)
                text = words.get(key)
                if text is None:
                    text = words[key] = fill(word, params)
                return text
        # Words of other parameters, each a str or an int (the feed's title, a board's dealer and vulnerability,
        # a factored board's counts): filled once, then found again as the one-number words are.
        # (Only str and int: 1, 1.0 and True are the same key, and show differently.)
        if len(words) < WORDS_KEPT and all(map(_PLAIN_TYPES.__contains__, map(type, params.values()))):
            key = (word, *params.items())
            text = words.get(key)
            if text is None:
                text = words[key] = fill(word, params)
            return text
        return fill(word, params)

    return format_word


_PLAIN_TYPES = frozenset((str, int))  # the values format_word keeps its words by
WORDS_KEPT = 20_000  # texts a locale's filters keep once made (format_word, suits, english_words): a bound on a worker's memory


# A part of a page that is the same wherever it is shown, kept while render_event renders one
# event: {(id(owner), name): (owner, the part, showings left, its size)}. None outside render_event.
_SHARED_PARTS: dict[tuple[int, str], tuple[Any, Any, int, int]] | None = None
# Which pages of that event render_event renders (part_showings): (share, shares, the share that
# renders each entry's page (entry_shares), 1 when it renders the event's own pages else 0).
_SHOWN_HERE: tuple[int, int, dict[str, int], int] | None = None
SHARED_PARTS_LIMIT = 32_000_000  # bytes (rows: characters) kept at a time; past it, parts are rendered again
SHARED_TEXT_LIMIT = 4_000_000  # bytes kept, up to which a shared_part is kept as text, not UTF-8
_shared_bytes = 0


def _shown_again(owner: Any, name: str, showings: int, make: Callable[[], tuple[Any, int]]) -> Any:
    """The part `name` of `owner`, made by `make` (the part and its size) the first time and kept
    for its `showings` (a guess: fewer only makes it again), and forgotten at the event's end;
    `owner` is held meanwhile, so its id names no other object (shared_part, shared_rows)."""
    global _shared_bytes
    parts = _SHARED_PARTS
    if parts is None:
        return make()[0]
    key = (id(owner), name)
    found = parts.get(key)
    if found is None:
        part, size = make()
        if showings > 1 and _shared_bytes < SHARED_PARTS_LIMIT:
            parts[key] = (owner, part, showings - 1, size)
            _shared_bytes += size
        return part
    _, part, left, size = found
    if left > 1:
        parts[key] = (owner, part, left - 1, size)
    else:
        del parts[key]
        _shared_bytes -= size
    return part


def shared_part(owner: Any, name: str, showings: int, caller: Callable[[], str]) -> Markup:
    """`{% call shared_part(view, "chart", 3) %}…{% endcall %}`: the body, rendered once per
    event for `owner` and shown again as it was. For a part that depends on `owner` (and the
    page's locale) alone: a Guandan table's level chart and deal log appear on its round's page
    and on both teams' pages (part_showings: those this process renders). Kept only when it is
    to be shown again: a part shown once here is written as it is made. Kept as the str it is
    while those kept hold under SHARED_TEXT_LIMIT bytes (an archive's small events: theirs never
    do), else as UTF-8 (a mass event's charts are many, and a str with Chinese in it holds two
    bytes for each ASCII character of its markup): encoded once and decoded at every showing,
    the 200-event archive's 23,000 parts, shown 64,000 times (62 million characters), were 3%
    of the processor time of rendering its events (render_event, either way in turn in one
    process, twice). Outside
    render_event (a table rendered alone: the desk, the tests), nothing is kept, and `showings`
    is not asked."""
    if _SHARED_PARTS is None or (showings <= 1 and (id(owner), name) not in _SHARED_PARTS):
        return markup_of(caller())

    def make() -> tuple[Markup | bytes, int]:
        text = markup_of(caller())
        if _shared_bytes < SHARED_TEXT_LIMIT:
            return text, sys.getsizeof(text)  # (a str with Chinese in it holds two bytes a character, ASCII ones too)
        data = text.encode("utf-8")
        return data, len(data)

    part = _shown_again(owner, name, showings, make)
    return markup_of(part.decode("utf-8")) if type(part) is bytes else part


def shared_rows(owner: Any, root: str, showings: int, cells: Callable[[Any], str]) -> list[Markup]:
    """`shared_rows(view, root, showings, row_cells)`: each of `view.rows`' `row_cells(row)`, the
    text of its cells, rendered once per event for `owner` at the page depth `root` and shown
    again as it was. A game's table is on its round's page and on both entries' pages (a
    20-board table: 20 rows, each a few dozen template calls), and its rows' cells are the same
    on all three but for the running total an entry's page adds after them (the template adds
    it, then closes the row). The links in them are relative: only pages as deep share them (an
    entry's page and the round's first page are; a round's later pages are a folder deeper).
    `showings`: how many pages at this depth show the table (table_showings), kept and forgotten
    as shared_part's parts are (a mass event's entries rendered in several processes see fewer:
    the rest is forgotten at the event's end)."""
    def make() -> tuple[list[Markup], int]:
        shown = list(map(markup_of, map(fast_jinja.one_argument(cells), owner.rows)))
        return shown, sum(map(len, shown))

    return _shown_again(owner, "rows " + root, showings, make)


def part_showings(teams: tuple[str, ...]) -> int:
    """How many of the pages rendered now show a part of a table of `teams` that is the same on
    all of them (shared_part's `showings`): its round's page, where the event's own pages are
    rendered, and its teams' pages that are rendered here (render_event's share of a large
    event: a mass event's entries' pages are rendered in shares by two processes, and a table's
    parts were kept, encoded, for showings another process made). Outside render_event, all
    of them."""
    here = _SHOWN_HERE
    if here is None:
        return 1 + len(teams)
    share, _, places, own_pages = here
    count = own_pages
    for team in dict.fromkeys(teams):  # (a team twice at a table: its page shows the table once)
        if places.get(team) == share:
            count += 1
    return count


def table_showings(pages: RoundPages, stage_id: str, number: int, score: Any) -> int:
    """How many pages as deep as an entry's page show a round's table (shared_rows, and its
    sides' shared_part): its sides' entry pages, and the round's page when the table is on its
    first page (the later pages are a folder deeper); of a large event's pages rendered in
    shares, those of this share (part_showings), so that no part is kept for pages another
    process renders."""
    found = pages.get((stage_id, number))
    on_first = found is None or found.page_of.get(score.table.number, 1) == 1
    if _SHOWN_HERE is None:
        return len(score.table.sides) + on_first
    return part_showings(score.table.sides) - (0 if on_first else _SHOWN_HERE[3])


def _guandan_charts(translate: Translator) -> Callable[[Any, tuple[str, ...], tuple[str, str]], Markup]:
    """`guandan_chart(chart, teams, colours)`: level_chart named in the page's words, for
    guandan_table.html's shared_call. Its two names (both teams in each) are looked up when the
    chart is made, not at each of its showings: as the template's arguments they were filled at
    every showing, kept chart or not (a mass event's 52,500, two in five of the words filled on
    its tables' pages)."""

    def guandan_chart(chart: Any, teams: tuple[str, ...], colours: tuple[str, str]) -> Markup:
        a, b = teams[0], teams[1]
        return level_chart(chart, teams, colours, translate("gd_chart", a=a, b=b), translate("gd_chart_box", a=a, b=b))

    return guandan_chart


def level_chart(chart: Any, teams: tuple[str, ...], colours: tuple[str, str], label: str, box_label: str) -> Markup:
    """A Guandan match's level chart (games/guandan/views.py's ChartView) as SVG: 17,500 of them
    in a 5,000-team event, each a few dozen elements, written here in one pass (1.6 times as fast
    as the template's loops were: bench figures in the commit). `label` names it for a screen
    reader, `box_label` its scroll box (a name of its own: the same name twice was read twice).
    On a phone it is drawn narrower to fit the screen, down to 3/4 of its size (its 14 px labels
    10.5 px), and scrolls beyond that: a 13-deal match's chart, 380 units wide, ran past
    a 390 px screen, its last deal numbers cut at the scroll box's edge, with nothing to say that
    it scrolled (style.css: .level-chart). Its grid, its ticks and each dot are the same in many
    charts: each written once (_chart_grid, _chart_ticks, _chart_dot), the chart joined from them
    (a mass event's charts, rendered some 46,000 times by its render workers, took a fifth of
    their entries' pages)."""
    text = fast_jinja.html_text  # (escaped as `{{ }}` escapes, as str: no Markup made for each piece)
    label_text, first, second = text(label), text(teams[0]), text(teams[1])
    box_text = text(box_label)
    height = chart.height
    dot = _chart_dot
    return Markup("".join((
        f'<figure class="level-chart">\n<div class="scroll" role="region" tabindex="0" aria-label="{box_text}">\n'
        f'<svg width="{chart.width}" height="{height}" viewBox="0 0 {chart.width} {height}" '
        f'style="min-width:{chart.width * 3 // 4}px" role="img" aria-label="{label_text}">\n',
        _chart_grid(chart.grid, chart.left, chart.right), _chart_ticks(chart.ticks, height),
        f'  <polyline points="{text(chart.lines[0])}" fill="none" stroke="{colours[0]}" stroke-width="2" '
        f'stroke-linejoin="round"/>\n'
        f'  <polyline points="{text(chart.lines[1])}" fill="none" stroke="{colours[1]}" stroke-width="2" '
        f'stroke-dasharray="5 3" stroke-linejoin="round"/>\n',
        *[dot(point, colours[0]) for point in chart.dots[0]], *[dot(point, colours[1]) for point in chart.dots[1]],
        f'</svg>\n</div>\n<figcaption class="meta">\n'
        f'  <svg width="22" height="8" aria-hidden="true"><line x1="0" x2="22" y1="4" y2="4" '
        f'stroke="{colours[0]}" stroke-width="2"/></svg> {first}\n'
        f'  <svg width="22" height="8" aria-hidden="true"><line x1="0" x2="22" y1="4" y2="4" '
        f'stroke="{colours[1]}" stroke-width="2" stroke-dasharray="5 3"/></svg> {second}\n'
        f'</figcaption>\n</figure>\n',
    )))


@functools.lru_cache(maxsize=256)
def _chart_grid(grid: tuple[tuple[int, str], ...], left: int, right: int) -> str:
    """A level chart's grid lines and level names (a few grids: one per top level and width)."""
    return "".join(f'  <line x1="{left}" x2="{right}" y1="{y}" y2="{y}" stroke="#d6d6d6" stroke-width="1"/>\n'
                   f'  <text x="{left - 6}" y="{y + 3}" text-anchor="end" font-size="14" fill="#595959">'
                   f'{fast_jinja.html_text(name)}</text>\n' for y, name in grid)


@functools.lru_cache(maxsize=1024)
def _chart_ticks(ticks: tuple[tuple[int, str], ...], height: int) -> str:
    """A level chart's deal numbers along the bottom (most charts number deals 1 to n)."""
    return "".join(f'  <text x="{x}" y="{height - 6}" text-anchor="middle" font-size="14" fill="#595959">'
                   f'{fast_jinja.html_text(tick)}</text>\n' for x, tick in ticks)


@functools.lru_cache(maxsize=4096)
def _chart_dot(point: tuple[int, int], colour: str) -> str:
    """One dot of a level chart (a chart's points take a few hundred places)."""
    return f'<circle cx="{point[0]}" cy="{point[1]}" r="2.2" fill="{colour}"/>'


def _room_seating(locale: str) -> Callable[[Any, Any, Any], str]:
    """`room_seating(event, stage, sides)`: under a drawn match of two rooms, who sits where in
    each (_room_seating.html), the seats the draw notice gives (TableForm.seating); "" for a
    bye or a game whose stage seats no rooms."""
    def seats(event: Any, stage: Any, sides: Any) -> str:
        form = GAMES[event.game].table_form(stage)
        return seating_text(form.seating if form is not None and form.rooms else "", sides, locale)
    return seats


def _deal_logs(translate: Translator) -> Callable[[Any], Markup]:
    """The `deal_log(view)` of one locale: the rows of a Guandan match's deal log (the start,
    then games/guandan/views.py's RowView each), as the body of its table, written here in one
    pass as level_chart is: through the template's loops they were a quarter of a mass event's
    rendering (a row, a few dozen template expressions; 46,000 logs rendered, each of 5 to 10
    rows). Its words are looked up once."""
    text = fast_jinja.html_text  # (escaped as `{{ }}` escapes, as str: no Markup made for each piece)
    start_word, in_play_label = text(translate("gd_start")), text(translate("gd_in_play"))
    foul_word = text(translate("gd_foul_row"))  # a foul row's header, read as a word as the start row's is
    winner_label, gain_label = text(translate("gd_deal_winner")), text(translate("gd_gain"))
    joiner = text(translate.joiner())

    levels_shown: dict[tuple[str, bool], str] = {}  # a level's cell's text, changed or not (a few dozen)

    def level_cell(level: str, changed: bool) -> str:
        shown = levels_shown.get((level, changed))
        if shown is None:
            shown = levels_shown[level, changed] = (f"<strong>{text(level)}</strong></td>" if changed
                                                    else f"{text(level)}</td>")
        return shown

    def deal_log(view: Any) -> Markup:
        a, b = view.teams[0], view.teams[1]
        teams = {a: text(a), b: text(b)}  # each row names one of them: escaped once
        parens = {a: text(translate("paren", text=a)), b: text(translate("paren", text=b))}
        first, second = f'<td role="cell" class="num" data-label="{teams[a]}">', f'<td role="cell" class="num" data-label="{teams[b]}">'
        start = text(view.start)
        # the start row's header is read as the start word (gd_start; it was read "—", a dash,
        # as the header of each of the row's cells); the word is shown where it always was and
        # read once, as the header
        out = [f'<tr role="row">\n  <th role="rowheader" scope="row" class="num"><span aria-hidden="true">—</span>'
               f'<span class="visually-hidden">{start_word}</span></th>'
               f'<td role="cell" colspan="3"><span aria-hidden="true">{start_word}</span></td>\n'
               f'  {first}{start}</td>{second}{start}</td><td role="cell"></td>\n</tr>\n']
        append = out.append
        for row in view.rows:
            if row.foul:
                append(f'<tr class="foul" role="row">\n  <th role="rowheader" scope="row" class="num"><span aria-hidden="true">—</span>'
                       f'<span class="visually-hidden">{foul_word}</span></th>\n  <td role="cell"></td>\n'
                       f'  <td role="cell" class="warn">{text(translate("gd_foul", team=row.team))}</td>\n  <td role="cell"></td>\n')
            else:
                in_play = text(row.in_play)
                if row.in_play_team:
                    in_play += parens.get(row.in_play_team) or text(translate("paren", text=row.in_play_team))
                append(f'<tr role="row">\n  <th role="rowheader" scope="row" class="num">{text(row.number)}</th>\n'
                       f'  <td role="cell" data-label="{in_play_label}">{in_play}</td>\n'
                       f'  <td role="cell" data-label="{winner_label}">{teams.get(row.team) or text(row.team)}</td>\n'
                       f'  <td role="cell" class="num" data-label="{gain_label}">+{text(row.gain)}</td>\n')
            levels, changed = row.levels, row.changed
            append(f'{first}{level_cell(levels[0], changed[0])}{second}{level_cell(levels[1], changed[1])}'
                   '  <td role="cell" class="line">')
            if row.notes:
                append(joiner.join([text(translate(key, **params)) for key, params in row.notes]))
            append("</td>\n</tr>\n")
        return Markup("".join(out))

    return deal_log


def _guandan_sides(translate: Translator, zh_lang: Callable[..., Markup],
                   zh: Callable[[Any], Markup]) -> Callable[[Any, Event, str, Any], Markup]:
    """The `guandan_sides(view, event, root, referee)` of one locale: a Guandan match's line of
    sides (the teams, each linked, named and with its level; a bye's one team), as the body of
    its `<p class="sides">`, written here in one pass as deal_log is: the template's six macros,
    made anew and called each time the sides were rendered (some 48,000 times in a mass event's
    render workers), were 7% of its entries' pages' processor time (the same pages rendered
    in one process, alternately with the macros and without). `referee`: the table's, or None
    where none is shown (a room's). Its words are looked up once."""
    text = fast_jinja.html_text  # (escaped as `{{ }}` escapes, as str: no Markup made for each piece)
    level_title, net_title = text(translate("gd_level")), text(translate("gd_net_levels"))
    # a level said as one ("唐嘉豪 打到 A"): a title is seldom read, and "唐嘉豪 A" sounds like the name
    level_said = f'<span class="visually-hidden">{text(translate("gd_level_said"))} </span>'
    net_said = f'<span class="visually-hidden">{net_title} </span>'
    passed_tag, bye_tag = text(translate("gd_passed_tag")), text(translate("bye"))
    versus = text(translate("versus"))  # (between the teams of a table not played yet: no level to set apart)
    # between the levels a colon, read as the word between the teams ("对"): a colon is not read
    levels_between = f'<span aria-hidden="true">:</span><span class="visually-hidden">{versus}</span>'
    referee_word = text(translate("referee")) + text(translate("colon"))

    def named(event: Event, root: str, team: str) -> tuple[str, str, str]:
        """The team's link, its label and its players after it (where it has a name)."""
        entry = event.entries[team]
        link = f'<a href="{text(root)}{text(entry_url(event, team))}">{text(team)}</a>'
        players = (f' <span class="meta players"{zh_lang(entry.player_names)}>{text(translate("paren", text=entry.player_names))}</span>'
                   if entry.name else "")
        return link, zh(entry.label), players

    def sides(view: Any, event: Event, root: str, referee: Any) -> Markup:
        # Each side in its own span: on a phone (style.css) one line per side, the second's level
        # after its team, so that a level is never read with the other team's line. The team's
        # id (a link) and the rest in a box of their own (.named, as every game's sides): a
        # wrapped name's lines stay together beside the 44 px link. The team's name where it has
        # one, its players after its level, as the other games' tables show an entry. The second
        # side's level leads it on a wide screen ("K : A+ T17 ..."), and follows its name on a
        # phone: written in both places, one shown (.lead, .trail), so that each box holds its
        # own words.
        teams, levels = view.teams, view.levels
        out = ['<p class="sides">\n']
        if view.kind == "rooms" or len(teams) == 2:
            if view.kind == "rooms":
                shown = [f'<strong class="level" title="{net_title}">{net_said}{text(levels[side])}</strong>' for side in (0, 1)]
                between = levels_between
            else:
                shown = [(f'<strong class="level" title="{level_title}">{level_said}{text(levels[side])}</strong>'
                          + (f' <span class="tag p">{passed_tag}</span>' if view.passed == teams[side] else ""))
                         if levels[side] else "" for side in (0, 1)]
                between = levels_between if levels[0] else versus
            (link, label, players), (other_link, other_label, other_players) = (
                named(event, root, teams[0]), named(event, root, teams[1]))
            out.append(f'  <span class="side named">{link} <span>{label} {shown[0]}{players}</span></span>\n'
                       f'  <span class="vs">{between}</span>\n'
                       f'  <span class="side second named"><span class="lead">{shown[1]}</span> {other_link} '
                       f'<span>{other_label}<span class="trail"> {shown[1]}</span>{other_players}</span></span>\n')
        else:
            link, label, players = named(event, root, teams[0])
            out.append(f'  <span class="side named">{link} <span>{label}{players} '
                       f'<span class="tag">{bye_tag}</span></span></span>\n')
        if referee:
            out.append(f'<span class="referee">{referee_word}{zh(referee)}</span>')
        out.append("</p>\n")
        return Markup("".join(out))

    return sides


def _player_links(person_of: Callable[[str, str, int], Any]) -> Callable[[Event, Any, str], Markup]:
    """`player_links_of(event, entry, root)`: an entry's players, each linked to their page when
    they have one (`person_of`: the environment's), joined by " / ", on every standings row,
    entry page and bracket (13,000 times at 200 events: a template's loop made a LoopContext and
    a dozen `{{ }}` each time), called by the templates directly."""
    text = fast_jinja.html_text  # (escaped as `{{ }}` escapes, as str: no Markup made for each piece)

    def player_links_of(event: Event, entry: Any, root: str) -> Markup:
        slug, entry_id, root_text = event.slug, entry.id, text(root)
        shown = []
        for index, player in enumerate(entry.players):
            person = person_of(slug, entry_id, index)
            name = text(player.name)
            shown.append(f'<a class="person" href="{root_text}{text(player_url(person))}">{name}</a>' if person else name)
        return markup_of(" / ".join(shown))

    return player_links_of


def round_entered_text(translate: Translator, round_result: Any) -> str:
    """"第 3 轮：已录 5/6 桌" as the round and stage pages and the desk (its standings, the hall's
    screen) all say it: the tables with a result to enter, and apart those not played because a
    side withdrew, which the round's page lists too ("5/5 桌" beside six tables read as a table
    lost). One rule for the site and the desk."""
    said = translate("round_entered", n=round_result.number, k=round_result.entered, total=round_result.matches)
    if round_result.not_played:
        said += translate("round_entered_not_played", n=round_result.not_played)
    return said


def _history_rows(translate: Translator, lang_of: Callable[[Any], Markup], zh_lang: Callable[..., Markup],
                  game_title: Callable[[str], str], rank_shown: Callable[[Any], Markup]) -> Callable[..., Markup]:
    """The `history_rows(rows, root, place_label)` of one locale: a player's page's rows, one per
    event (player.html, render/players.py's PersonEvent), written here in one pass as
    summary_rows writes an entry's. Through the template's loop a row was some forty `{{ }}`
    and a dozen calls (a fiftieth of a 16-event build's instructions, the player pages being
    a third of its pages); the markup is the template's as it was, each value escaped as
    `{{ }}` escapes it. Its fixed words are looked up once."""
    text = fast_jinja.html_text  # (escaped as `{{ }}` escapes, as str: no Markup made for each piece)
    words = {key: text(translate(key)) for key in (
        "entry", "partners", "prize", "credits_short", "substitute", "served_as", "colon", "forfeit", "withdrawn",
        "sat_no_board_scored", "not_played", "qualified")}
    words["under_half"] = text(remark_text(translate, Remark("under_half")))
    roles = {role: text(translate("role_" + role)) for role in ("referee", "host")}
    joiner = translate.joiner()
    joined = text(joiner)
    placed_by, after_round = translate.unformatted("placed_by"), translate.unformatted("after_round")

    def history_rows(rows: Iterable[Any], root: str, place_label: str) -> Markup:
        root_text = text(root)
        opening = (f'  <td role="cell" class="line" data-label="{words["entry"]}">', f'  <td role="cell" class="line" data-label="{words["partners"]}"',
                   f'  <td role="cell" data-label="{text(place_label)}">', f'  <td role="cell" data-label="{words["prize"]}"',
                   f'  <td role="cell" class="num" data-label="{words["credits_short"]}">')
        out = []
        append = out.append
        for row in rows:
            event = row.result.event
            marked = lang_of(event)
            dates = event.dates
            when = f'<time datetime="{text(dates[0].isoformat())}">{text(translate.date(dates[0]))}</time>' if dates else ""
            append(f'<tr role="row">\n  <td role="cell">{when}</td>\n'
                   f'  <th role="rowheader" scope="row" class="wrap"><a href="{root_text}{text(event_url(event))}"'
                   f'{marked or zh_lang(event.title)}>{text(event.title)}</a></th>\n'
                   f'  <td role="cell" class="meta-card">{text(game_title(event.game))}</td>\n{opening[0]}')
            entry = row.entry
            if entry:
                append(f'<a href="{root_text}{text(entry_url(event, entry.id))}">{text(entry.id)}</a>')
                if entry.name_beside_id:
                    append(f' <span{marked or zh_lang(entry.name_beside_id)}>{text(entry.name_beside_id)}</span>')
                if entry.group:
                    append(f'<br><span class="meta"{marked or zh_lang(entry.group)}>{text(entry.group)}</span>')
                if entry.substitute:
                    append(f' <span class="tag">{words["substitute"]}</span>')
            if row.roles:
                served = joined.join([roles[role] if role in roles else text(role) for role in row.roles])
                append(f'{"<br>" if entry else ""}<span class="meta">{words["served_as"]}{words["colon"]}{served}</span>')
            teammates = row.teammates
            append(f'</td>\n{opening[1]}{zh_lang(*[name for name, _ in teammates])}>')
            append(joined.join([f'<a class="person" href="{root_text}{text(player_url(other))}">{text(name)}</a>'
                                for name, other in teammates]))
            append(f'</td>\n{opening[2]}')
            final = row.final
            if final:
                standing = final.standing
                stage_mark = marked or zh_lang(final.stage_name)
                rank_words = "rank_link_tied" if standing.tied and standing.rank is not None else "rank_link"
                rank_n = standing.rank if standing.rank is not None else standing.rank_label
                stage_name = text(final.stage_name)
                # the stage's name shown before the link, which says it ("双人赛排名：第 14 名"): hidden
                # from a screen reader, which read it twice ("双人赛 双人赛排名：第 14 名")
                append(f'<span{stage_mark} aria-hidden="true">{stage_name}</span> <a href="{root_text}'
                       f'{text(standing_url(event, final.stage_id, final.position, entry.id))}"')
                # the place's link (its text a number, "3") is named by what it leads to: the stage's standings
                if not stage_mark:
                    append(f' aria-label="{text(translate(rank_words, stage=final.stage_name, n=rank_n))}">'
                           f'{text(rank_shown(standing))}')
                else:  # the stage's name marked in what a screen reader reads (the template's `stage_named`)
                    stage_named = markup_of(f"<span{stage_mark}>{stage_name}</span>")
                    append(f'><span aria-hidden="true">{text(rank_shown(standing))}</span>'
                           f'<span class="visually-hidden">{text(translate(rank_words, stage=stage_named, n=rank_n))}</span>')
                append("</a>")
                if standing.metric:
                    label = translate.pick(metric_of(GAMES[event.game], standing.metric).label)
                    append(f" · {text(label)} {text(metric_text(standing.metric, standing.score))}")
                if standing.placed_by:
                    append(f" · {text(fill(placed_by, {'stage': standing.placed_by}))}")
                if final.after_round:
                    append(f" · {text(fill(after_round, {'n': final.after_round}))}")
                if standing.qualified:
                    append(f' <span class="tag q">{words["qualified"]}</span>')
                if standing.withdrawn:
                    append(f' <span class="tag withdrawn">{words["withdrawn"]}</span>')
            elif row.stages:
                mark = row.stages[-1]
                append(f'<a href="{root_text}{text(stage_url(event, mark.stage_id))}"'
                       f'{marked or zh_lang(mark.stage_name)}>{text(mark.stage_name)}</a> ')
                shown = mark.standing
                if shown.forfeited:
                    append(f'<span class="tag forfeit">{words["forfeit"]}</span>')
                elif shown.withdrawn:
                    append(f'<span class="tag withdrawn">{words["withdrawn"]}</span>')
                    if shown.under_half:  # (why it has no place: the standings' remark, remarks())
                        append(f' <span class="tag withdrawn">{words["under_half"]}</span>')
                else:
                    append(words["sat_no_board_scored"] if shown.nothing_scored else words["not_played"])
            prizes = row.prizes
            credits = row.credits
            append(f'</td>\n{opening[3]}{zh_lang(*prizes)}>{text(joiner.join(prizes))}</td>\n{opening[4]}'
                   f'{text(_signed(credits.points)) if credits else ""}</td>\n</tr>\n')
        return markup_of("".join(out))

    return history_rows


def _signed(n: Any) -> str:
    """The `signed` filter: a whole number with its sign, "+3", "-2"; 0 and anything else as it is."""
    return f"{n:+d}" if isinstance(n, int) and n else str(n)


def rank_shown_in(translate: Translator) -> Callable[[Any], Markup]:
    """`rank_shown(standing)`: its place as pages show it, "3=" for a tie; a screen reader is
    given "并列第 3" instead (it read "3=" as "3 等于"). One definition for the standings rows,
    the entry pages' headings and the player pages."""
    text = fast_jinja.html_text

    def rank_shown(standing: Any) -> Markup:
        label = text(standing.rank_label)
        if standing.tied and standing.rank is not None:
            return markup_of(f'<span aria-hidden="true">{label}</span>'
                          f'<span class="visually-hidden">{text(translate("rank_tied", n=standing.rank))}</span>')
        return markup_of(label)

    return rank_shown


# Each remark's tag on the site's standings (style.css's .tag.*): a withdrawal from the next
# stage is marked as one from this stage is; "did not play" has none.
_REMARK_TAGS = {"forfeit": "forfeit", "withdrawn": "withdrawn", "withdrawn_next": "withdrawn", "under_half": "withdrawn",
                "qualified": "q", "by_lot": "lot", "placed_by": "placed", "prize": "p", "prize_vacant": "vacant", "adjustment": "adjust"}


def _standings_rows(translate: Translator, player_links_of: Callable[[Event, Any, str], Markup],
                    rank_shown: Callable[[Any], Markup], zh_lang: Callable[..., Markup],
                    zh_runs: Callable[[Any], Markup] = escape,
                    ) -> Callable[[Event, list[Any], list[tuple[str, str]], str], Markup]:
    """`standings_rows(event, rows, metric_cells, root)`: the rows of a standings table
    (_standings.html: an event's, a stage's and the standings' later pages), one per Standing
    of `rows`, written here in one pass as summary_rows is (through the template's loop, some
    twenty `{{ }}` a row: 2% of rendering the demo's pages). `metric_cells`: each shown metric
    with its label. Its words are looked up once."""
    text = fast_jinja.html_text  # (escaped as `{{ }}` escapes, as str: no Markup made for each piece)

    def said(remark: Remark) -> str:
        """A remark (render/remarks.py: the printed standings and the desk say the same) in its tag."""
        tag = _REMARK_TAGS.get(remark.kind)
        if remark.kind == "prize":  # (a prize's name as the event writes it: marked whole)
            word = text(remark_text(translate, remark))
            return f'<span class="tag {tag}"{zh_lang(word)}>{word}</span>'
        word = zh_runs(remark_text(translate, remark))  # (a Chinese prize or reason in the page's words)
        return f'<span class="tag {tag}">{word}</span>' if tag else word

    def standings_rows(event: Event, rows: list[Any], metric_cells: list[tuple[str, str]], root: str,
                       stage: str | None = None, reached: dict[str, str] | None = None,
                       lots: dict[str, int] | None = None) -> Markup:
        """`lots`: the stage's lot order (StageResult.lots), each row's place in it said in its
        remark, where the stage's standings are paginated (_macros.html's lot_order says why)."""
        root_text = text(root)
        grouped = has_groups(event)  # (_standings.html heads the column so)
        cells = [(m, f'<td role="cell" class="num" data-label="{text(label)}">') for m, label in metric_cells]
        two_places = two_place_metrics((m for m, _ in cells), rows)
        reached_cell = f'<td role="cell" data-label="{text(translate("ko_reached"))}">'
        out = []
        append = out.append
        for s in rows:
            entry, tally, prize = s.entry, s.tally, s.prize
            unranked = s.rank is None
            name = entry.name_beside_id  # (a team named as its id: not named twice)
            # (its id: an entry's and a player's page link to its row, standing_url; a traveller's
            # row is named so too)
            append(f'<tr id="entry-{text(entry.id)}" class="{"qualified" if s.qualified else ""}{" prize" if prize else ""}{" unranked" if unranked else ""}" role="row">\n'
                   f'  <td role="cell" class="num">{rank_shown(s)}</td>\n'
                   f'  <th role="rowheader" scope="row"><a href="{root_text}{text(entry_url(event, entry.id))}">{text(entry.id)}</a></th>\n'
                   f'  <td role="cell" class="wrap"{zh_lang(name, entry.player_names)}>{f"""<span class="team">{text(name)}</span> """ if name else ""}'
                   f'{player_links_of(event, entry, root)}</td>\n'
                   + (f'  <td role="cell" class="line meta-card"{zh_lang(entry.group)}>{text(entry.group or "")}</td>\n' if grouped else ""))
            metrics = tally.metrics
            placed_by = s.placed_by  # (a knockout's row placed by an earlier stage's ranking: no figures)
            moot = tally.moot  # (a tie-break deciding nothing for it: blank, not 0)
            for m, cell in cells:
                shown = standing_metric_text(m, metrics, two_places, tally.nothing_scored)
                append(f"{cell}</td>" if placed_by or m in moot else f"{cell}{text(shown)}</td>")
            if reached is not None:  # a knockout's round reached, in place of its figures (the event's final ranking)
                append(f'{reached_cell}{text(reached.get(entry.id, ""))}</td>')
            append('  <td role="cell">')
            said_any = False
            for remark in remarks(s, stage):
                append(said(remark))
                said_any = True
            if lots is not None and entry.id in lots:
                append(f'{" " if said_any else ""}<span class="lot-place">{text(translate("lot_place", n=lots[entry.id]))}</span>')
            append("</td>\n</tr>\n")
        return Markup("".join(out))

    return standings_rows


NAME_WHOLE = 26  # columns (a CJK character two): a player's name up to this wide is kept on one line


# Where a cell of players' names may break: between two players of a pair (" / "), between a team's
# players (", "; in Chinese "、"), and between a team's name and its players in brackets ("赢创 (顾颖,
# 施雯, 许振华)"; in Chinese full-width, no space: "民生队（孙佳琪、范玉兰）" broke as "范玉" above "兰）").
_NAME_BREAKS = re.compile(r"( / |, |\u3001| (?=\()|(?=\uff08))")


def name_pieces(cell: object) -> list[tuple[str, bool]]:
    """A printed notice's cell of names (Bulletin.names) in pieces, each with whether it is kept on
    one line: every player's name up to NAME_WHOLE wide; the separators between them, and a team's
    name, may break.
    "Maximilian" above "Oppenheimer" read as two people at A4; a whole team kept on one line (its
    name and its three players) widened its column past the page's edge."""
    pieces = _NAME_BREAKS.split(str(cell))
    # (a team's name, before its players in brackets, may break: kept whole, a long one widened
    # the column past the page's edge as the whole team did; its short words still joined)
    found = [(piece, index % 2 == 0 and columns(piece) <= NAME_WHOLE and pieces[index + 1:index + 2] not in ([" "], [""]))
             for index, piece in enumerate(pieces) if piece]
    return [(piece if whole else joined_names(piece), whole) for piece, whole in found]


# A Chinese word of 2 to 4 characters standing alone among a cell's separators, spaces, brackets
# and quotes: a person's name ("A01 陈建国 / 王美华 / 周立军（赛科石化）"), a team's, a unit's
# ("理工大学（唐秀英 / 郑伟）"). Not a run inside a longer word ("13级动物科学1班").
_SHORT_WORD = re.compile(r"(?<![\w\u2060])[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]{2,4}(?![\w\u2060])")


def joined_names(text: str) -> str:
    """`text` with a word joiner (U+2060) between the characters of each Chinese word of 2 to 4
    characters standing alone (_SHORT_WORD): a player's name in any column of a notice, marked
    as names or not, never breaks inside ("A01 陈建国 / 王美" above "华 / 周立军", a round's
    teams beside a long remark). Joined, not kept in a no-wrap span (WeasyPrint dropped a lone
    digit so kept at a line break); a name is at most 4 characters, so its column's least width
    grows little."""
    return _SHORT_WORD.sub(lambda word: WORD_JOINER.join(word[0]), text)


KEPT_WHOLE = 30  # columns (a CJK character two): a bracketed reason up to this wide is kept on one line

# What a printed notice keeps on one line within its title or a cell: a round's ordinal with its
# number (the Chinese "di 12 lun", either script; "round 12") and a bracketed reason or note, in
# full-width brackets or plain ones.
_KEPT_TOGETHER = re.compile(r"(\u7b2c ?\d+ ?[\u8f6e\u8f2a]|\b[Rr]ound \d+|\uff08[^\uff08\uff09]*\uff09|\([^()]*\))")


def kept_pieces(text: object) -> list[tuple[str, bool]]:
    """A printed notice's title or cell in pieces, each with whether it is kept on one line: a
    round's ordinal with its number, and a bracketed reason up to KEPT_WHOLE wide, joined
    (kept_joined); the rest breaks where Chinese text breaks, never inside a short word of it (a
    name: joined_names), between a number and its unit, or before closing punctuation
    (joined_marks). A round's results bulletin broke its title between the ordinal's first
    character and the number, and a penalty's reason inside its brackets in the remark column; a
    longer reason still breaks rather than widen its column past the page."""
    return [(piece if isinstance(piece, Markup) else kept_joined(piece) if whole else joined_marks(joined_names(piece)), whole)
            for piece, whole in _kept_pieces(text)]


def _kept_pieces(text: object) -> list[tuple[str, bool]]:
    if isinstance(text, Markup):
        return [(text, False)]  # made as markup (a QR code): as it is
    pieces = _KEPT_TOGETHER.split(str(text))
    return [(piece, index % 2 == 1 and columns(piece) <= KEPT_WHOLE) for index, piece in enumerate(pieces) if piece]


# Every place a kept piece could break: either side of a space or of anything not printable ASCII
# (between two Latin letters or digits a line never breaks anyway: "(slow play)" is joined at its
# space only, its letters left as they are for the PDF's text).
_KEPT_JOINS = re.compile(r"(?<=[^\x21-\x7e\u2060])(?=[^\u2060])|(?<=[^\u2060])(?=[^\x21-\x7e\u2060])")


def kept_joined(piece: str) -> str:
    """A piece kept on one line (a bracketed reason, a round's ordinal) joined by word joiners,
    not in a no-wrap span: a span's width is its column's least, and three groups of 8
    characters beside a penalty's reason took the table to 586pt of the page's 595; joined, it
    breaks only where it alone is wider than its column (the last column's overflow-wrap), and
    WeasyPrint drops no lone digit kept in a span of its own."""
    return _KEPT_JOINS.sub(WORD_JOINER, piece)


# Closing punctuation (、，。：；！？ and closing brackets and quotes) never starts a line, and an
# opening bracket or quote never ends one (kinsoku): each joined to its neighbour. WeasyPrint has
# no line-break: strict, and the breaks between a kept piece and what follows it, or at the
# least width of the last column, put "、" at the head of a line.
_CLOSING = "\u3001\u3002\uff0c\uff1a\uff1b\uff01\uff1f\uff09\u300d\u300f\u3011\u300b\u3009\u201d\u2019"
_OPENING = "\uff08\u300c\u300e\u3010\u300a\u3008\u201c\u2018"
# A number's unit in a notice: 元 分 轮(輪) 副 桌 名 级(級) 人 对(對) 队(隊) 局 盘(盤) 场(場) 次 个(個)
# 张(張) 位 届(屆) 组(組) 页(頁) 号(號) 天 秒 岁(歲) 年 月 日, a percent sign, VP and IMP (raw: the
# escapes read by the pattern, so the file's strings hold no Chinese words).
_UNITS = (r"\u5143\u5206\u8f6e\u8f2a\u526f\u684c\u540d\u7ea7\u7d1a\u4eba\u5bf9\u5c0d\u961f\u968a\u5c40\u76d8"
          r"\u76e4\u573a\u5834\u6b21\u4e2a\u500b\u5f20\u5f35\u4f4d\u5c4a\u5c46\u7ec4\u7d44\u9875\u9801\u53f7"
          r"\u865f\u5929\u79d2\u5c81\u6b72\u5e74\u6708\u65e5%\uff05")
# A unit of two characters, kept whole after its number too ("迟到15分" above "钟"), as its first
# character and the seconds it takes: 分钟 分鐘, 小时 小時 (raw, as _UNITS).
_TWO_CHARACTER_UNITS = ((r"\u5206", r"\u949f\u9418"), (r"\u5c0f", r"\u65f6\u6642"))
_MARKS = re.compile(rf"(?<=[^\s\u2060])(?=[{_CLOSING}])|(?<=[{_OPENING}])(?=[^\s\u2060])"
                    rf"|(?<=\d)(?=[{_UNITS}]|VPs?\b|IMPs?\b)|(?<=\d) (?=[{_UNITS}]|VPs?\b|IMPs?\b)"
                    + "".join(rf"|(?<=\d)(?={first}[{seconds}])|(?<=\d{first})(?=[{seconds}])|(?<=\d {first})(?=[{seconds}])"
                              for first, seconds in _TWO_CHARACTER_UNITS))


def joined_marks(text: str) -> str:
    """`text` with a word joiner before each closing punctuation mark and after each opening
    one, and between a number and its unit, its space kept ("3 元" joined as 3, joiner, space,
    joiner, 元): a long remark printed "奖金 3" above "元，"."""
    return _MARKS.sub(lambda mark: f"{WORD_JOINER} {WORD_JOINER}" if mark[0] else WORD_JOINER, text)


WORD_WHOLE = 16  # columns (a CJK character two): a Chinese word of a notice's last column up to this wide is joined

# Where a notice's last column (备注, 奖品) may break between its words: at a space, after a Chinese
# comma, stop or colon, and before an opening bracket.
_WORD_BREAKS = re.compile(r"(\s+|(?<=[\u3001\u3002\uff0c\uff1a\uff1b\uff01\uff1f])(?=\S)|(?<=\S)(?=\uff08))")
WORD_JOINER = "\u2060"


def joined_words(text: object) -> list[tuple[str, bool]]:
    """A notice's last cell in kept_pieces, each word of Chinese in the rest up to WORD_WHOLE wide
    with a word joiner (U+2060: no break either side, no width, not in the PDF's text) between its
    characters: it breaks between words ("轮空，" above "直接晋级"), never inside one ("直接晋"
    above "级"), as CSS's word-break: keep-all would have it, which WeasyPrint ignores. Not kept in
    no-wrap spans: WeasyPrint dropped a lone digit so kept at a line break ("罚 3 IMP（慢打）"
    printed "罚 IMP（慢打）"), and a span's width is its column's least, which widened the table
    past the page's right margin; joined, a word still breaks anywhere where it alone is wider
    than its column (overflow-wrap: anywhere), and the column is no wider than it was."""
    found: list[tuple[str, bool]] = []
    for piece, whole in _kept_pieces(text):
        if whole or isinstance(piece, Markup):
            found.append((piece if isinstance(piece, Markup) else kept_joined(piece), whole))
            continue
        found.append((joined_marks("".join(WORD_JOINER.join(word) if _CHINESE.search(word) and columns(word) <= WORD_WHOLE
                                           else joined_names(word) for word in _WORD_BREAKS.split(piece) if word)), False))
    return found


# A heading's word before a full-width opening bracket, where it may break ("国际比赛分" above
# "（IMP）", bulletin.html): kept whole, a teams standings' headings left its remarks too narrow
# for a penalty's reason, and the table went past the page's right margin (584pt of 595).
_HEADING_BREAKS = re.compile(r"(?=\uff08)")


def heading_words(part: str) -> list[str]:
    """A printed notice's heading word in the pieces kept on one line (bulletin.html)."""
    return [piece for piece in _HEADING_BREAKS.split(part) if piece]


def has_groups(event: Event) -> bool:
    """Whether any entry of the event has a group (组别): the standings and the field show their
    Group column only then; empty, it took the names' width (a pair's names broke in two)."""
    return any(entry.group for entry in event.entries.values())


def _ranking_caption(translate: Translator) -> Callable[[Any], str]:
    """`ranking_caption(stage_result)`: what a stage's ranking is, as its table's caption (and its
    region's name) says it on the event page, the stage page and every further page of the
    standings: "Final · Final ranking", "Swiss · Standings · after round 5", a knockout's placings
    (from its bracket: no "after round N", StageResult.shows_after_round). One expression, once
    copied into the three templates. Plain text: the templates escape it (the stage's name is the
    secretary's)."""
    def ranking_caption(stage_result: Any) -> str:
        if stage_result.bracket:
            what = translate("ko_placings")
        elif stage_result.final_ranking:
            what = translate("final_ranking")
        elif stage_result.shows_after_round:
            what = f'{translate("standings")} \u00b7 {translate("after_round", n=stage_result.rounds_played)}'
        else:
            what = translate("standings")
        return f"{stage_result.stage.name} \u00b7 {what}"

    return ranking_caption


def ranked_fields(translate: Translator, rows: list[Any]) -> list[tuple[str, list[Any]]]:
    """A page of standings in the fields its stage ranks apart (Standing.field: a two-winner
    Mitchell's NS and EW), each with its field's name ("" for one field): two rankings, each under
    its own caption. One caption over both read as ranks 1-8 and then 1-8 again, with nothing
    saying who won what."""
    parts: list[tuple[str | None, list[Any]]] = []
    for standing in rows:
        if parts and parts[-1][0] == standing.field:
            parts[-1][1].append(standing)
        else:
            parts.append((standing.field, [standing]))
    return [(translate(field.lower()) if field else "", part) for field, part in parts]


def _table_name_of(translate: Translator) -> Callable[[str, Any], str]:
    """`table_name_of(stage_format, score)`: a scored table as the pages name it, "Table 3"; a
    table of one side is none anyone sits at, named the bye or the sit-out in place of its number
    (pairing.no_table_word, as the round page, the draw print and the hall screen name it). A
    pairs table whose pair withdrew, its opponent scored alone, is named as drawn
    (pairing.drawn_sides): table 5, as its draw notice lists it, not the sit-out."""
    # Each table number's name, filled once, as board_cell's words are: every table is named on
    # its round's page and both entries' pages (some 31,000 names at 200 events, each a call of
    # the translator filling the word again).
    numbered: dict[int, str] = {}

    def table_name_of(stage_format: str, score: Any) -> str:
        table = score.table
        word = no_table_word(stage_format, drawn_sides(score))
        if word is not None:
            return translate(word)
        number = table.number
        if type(number) is not int:  # (only an int: 1 and 1.0 are the same key, and show differently)
            return translate("table_n", n=number)
        name = numbered.get(number)
        if name is None:
            name = numbered[number] = translate("table_n", n=number)
        return name

    return table_name_of


def _board_cells(translate: Translator) -> Callable[..., Markup]:
    """`board_cell(event, stage_id, n, root, own_entry, page)`: a board's number in a table's row, a
    link to its traveller, on an entry's page (`own_entry`, else None) to that entry's row of it;
    `page`: the traveller's page holding the table's line (traveller_page), where it is paged.
    It was a macro in each table template, called for every row of every table on its round's
    page and both entries' pages (some 80,000 times at 200 events): here its words are formatted
    once for each board number, as `_("board_title", n=n)` formats them."""
    title_word, link_word = translate.unformatted("board_title"), translate.unformatted("board_link")
    text = fast_jinja.html_text
    ends: dict[int, str] = {}  # a board number's link, after its URL: its words and the number

    def board_cell(event: Event, stage_id: str, n: Any, root: str, own_entry: str | None = None, page: int = 1) -> Markup:
        end = ends.get(n) if type(n) is int else None
        if end is None:
            params = {"n": n}
            end = f'" aria-label="{text(fill(title_word, params))}" title="{text(fill(link_word, params))}">{text(n)}</a>'
            if type(n) is int:
                ends[n] = end
        url = text(board_page_url(event, stage_id, n, page))
        if own_entry is not None:
            return markup_of(f'<a href="{text(root)}{url}#entry-{text(own_entry)}{end}')
        return markup_of(f'<a href="{text(root)}{url}{end}')

    return board_cell


def _metric_lines(translate: Translator) -> Callable[..., Markup]:
    """`metric_line(game, names, values)`: each named metric's label and its value in `values`
    (0 when absent), joined by middle dots, as a daguai team's page says where a match left it
    (daguai_table.html). A loop of the template's, a call through the game's registry and the
    translator for each label, on every match of every team's page: each label is looked up
    once here."""
    text = fast_jinja.html_text
    labels: dict[tuple[str, str], str] = {}  # (game, metric) -> its label, escaped

    def metric_line(game: str, names: Sequence[str], values: Any) -> Markup:
        shown = []
        for name in names:
            label = labels.get((game, name))
            if label is None:
                label = labels[game, name] = text(translate.pick(GAMES[game].metrics[name].label))
            shown.append(f"{label} {text(number_text(values.get(name, 0)))}")
        return markup_of(" \u00b7 ".join(shown))

    return metric_line


def _match_outcomes(translate: Translator) -> Callable[[Any], Markup]:
    """`match_outcome(score)`: how a team match ended, as its result line says it after the
    score: "Winner: T3", with "(tied; decided by the referee)" where the referee named the
    winner of a tie, or "Draw". One text for the three games' team tables (bridge_table.html,
    daguai_table.html, shengji_table.html), which each wrote it out."""
    text = fast_jinja.html_text
    winner = text(translate("winner")) + text(translate("colon"))
    settled, draw = text(translate("tie_settled_by_referee")), text(translate("draw"))

    def match_outcome(score: Any) -> Markup:
        if not score.winner:
            return markup_of(draw)
        return markup_of(f"{winner}{text(score.winner)}{settled if score.extra.get('settled_by') == 'winner' else ''}")

    return match_outcome


def _bridge_results(translate: Translator) -> Callable[[Any], Markup]:
    """The `br_result` filter of one locale: a bridge result as the tables show it (=, +1, -2),
    the "=" said in words (br_made_exactly): a screen reader said nothing for it, as for the
    double dummy table's dash."""
    made = Markup('<span aria-hidden="true">=</span><span class="visually-hidden">{}</span>').format(
        translate("br_made_exactly"))
    # Each result's markup made once: a site's results are a score of texts (=, +1 ... -13), each
    # escaped for every row that showed it. Only a plain str is kept: a Markup equal to a str
    # would be taken for it (unescaped) by a dict. Bounded, for a site of unusual results.
    shown: dict[str, Markup] = {"=": made}

    def br_result(result: Any) -> Markup:
        found = shown.get(result) if type(result) is str else None
        if found is None:
            found = made if result == "=" else escape(result)
            if type(result) is str and len(shown) < 256:
                shown[result] = found
        return found

    return br_result


def _bridge_contracts(translate: Translator, joined_word: Callable[[Any, str], str],
                      suits: Callable[[str], Markup], result: Callable[[Any], Markup]) -> Callable[[Any], Markup]:
    """`bridge_contract(line)`: a bridge table's line as its rows show it, the contract with
    its suit's symbol, the declarer's seat and the result (4♥ N =), "pass" for a board passed
    out, nothing without a line. It was a macro of bridge_table.html, called for each room of
    each row: the same words, by the same `suits` and `joined_word` filters."""
    text = fast_jinja.html_text
    passed = Markup(text(translate("pass")))
    nothing = Markup("")

    def bridge_contract(line: Any) -> Markup:
        if line is None:
            return nothing
        if line.contract == "pass":
            return passed
        return markup_of(f'<span class="contract">{suits(line.contract)}</span> '
                      f'{text(joined_word(line.declarer, "seat_"))} {result(line.result)}')

    return bridge_contract


def first_factored(rows: Sequence[Any]) -> Any:
    """The first of a table's rows whose matchpoints are factored (`rows|selectattr("factored")|first`,
    without Jinja's filters at every table), else None."""
    return next((row for row in rows if row.factored), None)


def _match_headings(translate: Translator, table_name_of: Callable[[str, Any], str],
                    zh_lang: Callable[..., Markup], zh: Callable[[Any], Markup]) -> Callable[..., tuple]:
    """`match_heading(event, stage_result, number, score, root, pages)`: a match on an entry's
    page (entry.html): the opening of its section and its heading, a link to the table on its
    round's page ("Round 2 · Table 5", the round left out of a one-round stage's), with the
    table's caption ("Swiss · Round 2 · Table 5") that the table's template takes, and the
    caption's id when its stage's name is marked as Chinese (zh_lang), else "". The table's box
    is then named by the caption (aria-labelledby), not by an aria-label repeating it: an
    attribute cannot mark part of its text as Chinese, the caption can. Some 20,000 matches at 200 events, each a dozen `{{ }}` in the
    template; written here in one pass, the words as `_("round_n", n=…)` and table_name_of give them.
    Last, the table's `showings` (table_showings), which its template takes: the same on both
    sides' pages, and so kept with the heading (a call and a `{% set %}` fewer a match)."""
    text = fast_jinja.html_text
    round_n = translate.unformatted("round_n")
    rounds: dict[int, str] = {}  # each round number's word

    def match_heading(event: Event, stage_result: StageResult, number: Any, score: Any, root: str,
                      pages: RoundPages) -> tuple[Markup, Markup, str, int]:
        # The same on both sides' pages (all of its arguments but `root` are the table's and its
        # event's, and entries' pages are as deep): made once while render_event renders the
        # event, kept as shared_part keeps a part (a guess of two showings: a bye's one only keeps
        # it to the event's end). 20,000 headings at 200 events, each nine escapes and a URL.
        if _SHARED_PARTS is None:
            return made(event, stage_result, number, score, root, pages)
        return _shown_again(score, "heading " + root, 2,
                            lambda: _sized(made(event, stage_result, number, score, root, pages)))

    def made(event: Event, stage_result: StageResult, number: Any, score: Any, root: str,
             pages: RoundPages) -> tuple[Markup, Markup, str, int]:
        round_word = rounds.get(number) if type(number) is int else None
        if round_word is None:
            round_word = fill(round_n, {"n": number})
            if type(number) is int:
                rounds[number] = round_word
        stage = stage_result.stage
        table = score.table
        table_word = table_name_of(stage.format, score)
        anchor = f"{text(stage.id)}-r{text(number)}-t{text(table.number)}"
        url = text(table_url(event, stage_result, number, table.number, pages))
        said = f"{text(round_word)} \u00b7 {text(table_word)}" if len(stage_result.rounds) > 1 or stage.rounds > 1 \
            else text(table_word)
        heading = markup_of(f'<section class="table-result" id="{anchor}" aria-labelledby="{anchor}-h">\n'
                         f'<h3 id="{anchor}-h"><a href="{text(root)}{url}">{said}</a></h3>\n')
        caption = markup_of(f"{zh(stage.name)} \u00b7 {text(round_word)} \u00b7 {text(table_word)}")
        return (heading, caption, f"{anchor}-c" if zh_lang(stage.name) else "",
                table_showings(pages, stage.id, number, score))

    return match_heading


def _sized(parts: tuple[Any, ...]) -> tuple[tuple[Any, ...], int]:
    """`parts` (strs) with their size in memory, as _shown_again's `make` gives a part."""
    return parts, sum(map(sys.getsizeof, parts))


def _summary_rows(translate: Translator, round_called: Callable[[Any, int], str],
                  zh: Callable[[Any], Markup]) -> Callable[..., Markup]:
    """The `summary_rows(event, summary, labels, running_label, root, outcome_words, stage_result)`
    of one locale: the rows of an entry's match summary (entry.html), one per match, written here in
    one pass as deal_log is (through the template's loops, a dozen `{{ }}` a row: 1.3% more
    instructions to render the demo's pages). `labels`: the metrics' labels (the columns after
    the outcome); `running_label`: the running total's; `outcome_words`: each outcome's word.
    An opponent's names are marked as zh marks them (an English page's Chinese names).
    A match the standings do not count yet (event-day.md: "after round N" counts fully played
    rounds): drawn and not played, or a bye or result of a round not fully played, is
    shown without a score or a running total. Its words are looked up once."""
    text = fast_jinja.html_text  # (escaped as `{{ }}` escapes, as str: no Markup made for each piece)
    round_word, table_word = translate.unformatted("round_n"), translate.unformatted("table_n")
    no_table: dict[str, str] = {}  # a table of one side's word (no_table_word), once looked up
    opponent_label = text(translate("opponent"))
    not_counted = text(translate("paren", text=translate("outcome_not_counted")))
    late_not_counted = text(translate("outcome_late_not_counted"))  # (a late entry's missed round: one bracket)
    # (a missed round of a stage without `late:`, scored as a bye: running.py's late_bye)
    late_bye_not_counted = text(translate("outcome_late_bye_not_counted"))
    joiner = text(translate.joiner())

    def summary_rows(event: Event, summary: Any, labels: list[str], running_label: str, root: str,
                     outcome_words: dict[str, str], stage_result: Any = None) -> Markup:
        root_text = text(root)
        entries = event.entries
        label_cells = [f'<td role="cell" class="num" data-label="{text(label)}">' for label in labels]
        running_cell = f'<td role="cell" class="num" data-label="{text(running_label)}">' if summary.metrics and summary.running else None
        blank = "".join(cell + "—</td>" for cell in label_cells) + (running_cell + "—</td>" if running_cell else "")
        out = []
        append = out.append
        played = False  # a counted match with a score before this line
        knockout = stage_result is not None and stage_result.bracket is not None
        # a column with a figure of two places shows each of its figures so, as the standings do
        # (a MP column's "32" among "34.62"); percentages have two always (metric_text)
        counted = [line for line in summary.lines if line.counted and line.outcome not in UNSCORED_OUTCOMES]
        metrics = summary.metrics
        two = [two_places(*(line.values[index:index + 1] for line in counted)) for index in range(len(metrics))]
        two_running = two_places(*(line.running[:1] for line in summary.lines if line.counted))

        def shown(index: int, value: Any, two_here: bool) -> str:
            if value is None:  # nothing scored (running.MatchRow: a pairs table all np), as a sit-out's
                return "—"
            return figure_text(value, True) if two_here and metrics[index] not in PERCENT_METRICS else metric_text(metrics[index], value)
        for line in summary.lines:
            table = line.table
            # (a knockout's round with its name, as its round's page: 第 3 轮（决赛）)
            shown_round = text(round_called(stage_result, line.round, table) if knockout else round_word.format(n=line.round))
            # (a sit-out is no table, but for one at the table its withdrawn opponent was drawn at:
            # MatchRow.sides two, named as the round page names it, pairing.drawn_sides)
            if table and (line.outcome not in UNSCORED_OUTCOMES or len(line.sides) != 1):
                # a bye's table, which nobody sits at: no number, named as the round page names it
                word = no_table_word(summary.stage_format, line.sides)
                if word is None:
                    name = text(table_word.format(n=table))
                elif (name := no_table.get(word)) is None:
                    name = no_table[word] = text(translate(word))
                # named with its round too: nine links all called "第 1 桌" were one to a screen
                # reader's list of links
                shown_table = f'<a href="{root_text}{text(line.url)}" aria-label="{shown_round} · {name}">{name}</a>'
            else:
                shown_table = "—"
            opponents = line.opponents
            shown_opponents = joiner.join([
                f'<a href="{root_text}{text(entry_url(event, o))}">{text(o)}</a> '
                f'{zh(entries[o].label)}' for o in opponents]) if opponents else "—"
            outcome = line.outcome
            if line.counted:
                shown_outcome = text(outcome_words[outcome])
            elif outcome == "late":
                shown_outcome = late_not_counted
            elif outcome == "late_bye":
                shown_outcome = late_bye_not_counted
            else:
                shown_outcome = text(outcome_words[outcome]) + (not_counted if outcome not in NOT_COUNTED_UNSAID else "")
            # (one opponent: its id and names side by side, the names wrapping in their own box)
            named = " named" if opponents and len(opponents) == 1 else ""
            append(f'<tr role="row">\n  <th role="rowheader" scope="row">{shown_round}</th>\n  <td role="cell">{shown_table}</td>\n'
                   f'  <td role="cell" class="line{named}" data-label="{opponent_label}">{shown_opponents}</td>\n'
                   f'  <td role="cell" class="outcome {text(outcome)}">{shown_outcome}</td>\n')
            if line.counted and outcome in UNSCORED_OUTCOMES:
                # no score of its own; its running total only once a board is played (a pair
                # sitting out round 1 has no percentage yet, not 0)
                append("".join(cell + "—</td>" for cell in label_cells))
                if running_cell is not None:
                    append(f"{running_cell}{text(shown(0, line.running[0], two_running)) if played else '—'}</td>")
            elif line.counted:
                played = True
                for index, value in enumerate(line.values):  # (a value without a label fails, as it did)
                    append(f"{label_cells[index]}{text(shown(index, value, two[index]))}</td>")
                if running_cell is not None:
                    append(f"{running_cell}{text(shown(0, line.running[0], two_running))}</td>")
            else:
                append(blank)
            append("</tr>\n")
        return markup_of("".join(out))

    return summary_rows


# An entry's matches with no score of their own (running.MatchRow's outcomes): a pairs
# movement's sit-out, and a withdrawn pair's table nobody plays (its own sit-out, or a table
# scored without it). Its row shows "—" for each figure, its table only where it was drawn at
# one (a sit-out is none).
UNSCORED_OUTCOMES = frozenset({"sit_out", "withdrawn_sit_out", "withdrawn_not_played"})
# The outcomes of a match not counted yet said without "(not counted yet)": a table waiting for
# its result says so itself, and a withdrawn pair's table nobody plays is never counted.
NOT_COUNTED_UNSAID = frozenset({"pending", "not_entered", "withdrawn_sit_out", "withdrawn_not_played"})


# Metrics that are percentages: shown with two decimals always, on pages, the hall screen and
# prints alike (a whole 75 beside 57.50 read as another kind of figure, or a misprint).
PERCENT_METRICS = frozenset({"percent"})


def percent_text(value: Any) -> str:
    """A percentage as every page, screen and print shows it: two decimals (75.00); blank for None;
    a text as it is (a running percentage left blank for a pair that walked out: '')."""
    if isinstance(value, (int, float)):
        return f"{float(value):.2f}"
    return "" if value is None else str(value)


def two_place_metrics(names: Iterable[str], standings: Iterable[Any]) -> set[str]:
    """The metrics of `names` with a fraction in any of these standings: a column of them shows
    each of its figures with two decimals (257.00 among 252.12, not 257: a whole figure beside
    43.30 read as a misprint), a column of whole numbers whole numbers; on the standings pages
    and in the printed standings and qualifiers alike."""
    names = set(names)
    return {m for s in standings for m, value in s.tally.metrics.items()
            if m in names and isinstance(value, float) and not value.is_integer()}


def metric_text(name: str, value: Any) -> str:
    """A metric's figure: a percentage with two decimals, others as number_text."""
    return percent_text(value) if name in PERCENT_METRICS else number_text(value)


def column_metric_text(name: str, value: Any, two_places: Collection[str]) -> str:
    """A standings column's figure: with two decimals in a column of `two_places` (two_place_metrics
    of the standings shown), else as metric_text; the site's standings and the desk's alike."""
    return f"{value:.2f}" if name in two_places and isinstance(value, (int, float)) else metric_text(name, value)


def standing_metric_text(name: str, metrics: Mapping[str, Any], two_places: Collection[str],
                         nothing_scored: bool = False) -> str:
    """A standings row's figure of `name`, as column_metric_text: the site's standings and the
    desk's alike. A percentage the entry has none of (a pair with no board scored: no top, so
    matchpoints.finish_percent set none) is "—", not 0.00, read as every board lost; so is any
    figure a pair with no board scored (Tally.nothing_scored) has none of (its IMPs: a 0 read as
    an average session); any other metric it has nothing summed in is 0."""
    value = metrics.get(name)
    if value is None:
        return "—" if name in PERCENT_METRICS or nothing_scored else column_metric_text(name, 0, two_places)
    return column_metric_text(name, value, two_places)


def file_size(size: int) -> str:
    """A file's size as its link says it: 87 KB, 1.2 MB."""
    if size < 1024 * 1024:
        return f"{max(1, round(size / 1024))} KB"
    return f"{size / (1024 * 1024):.1f} MB"


def _round_called(translate: Translator) -> Callable[..., str]:
    """`round_called(stage_result, number, table=None)`: a round as its page, its stage's and its
    own round links name it: 第 3 轮; a knockout's with its name as its bracket heads it, 第 3 轮（决赛、三四名决赛）
    (a member looking for the final found rounds 1, 2 and 3). With `table` (an entry's match
    list), the name of the match played there: 第 3 轮（三四名决赛）."""
    def round_called(stage_result: Any, number: int, table: int | None = None) -> str:
        # one source with the printed bulletins' titles (tournament/knockout.py)
        return knockout_round_called(stage_result.bracket, number, translate.locale, table)

    return round_called


def render_notice(path: Path) -> str:
    """Markdown to HTML, then sanitised with an allow-list: a notice can never carry script."""
    text = read_content_text(path, Problems()) or ""  # as hashed and checked when the event was read
    return _notice_html(text)


NOTICES_KEPT = 8  # notices' HTML kept by their text (_notice_html)


@functools.lru_cache(maxsize=NOTICES_KEPT)
def _notice_html(text: str) -> str:
    """A notice's HTML, made from its text alone: the same text makes the same HTML, so the last
    few are kept by their text. `paibang serve` renders the saved event's page twice a save (its
    first step, then the whole rebuild), with the notice as it was: its Markdown and sanitising
    were a twentieth of the first step (bench/archive.py)."""
    html = _markdown().reset().convert(text)
    clean = nh3.clean(
        html,
        tags=NOTICE_TAGS,
        attributes=NOTICE_ATTRIBUTES,
        url_schemes={"http", "https", "mailto"},
        link_rel="noopener noreferrer",
    )
    # The page's own title is its one <h1>: a notice's headings sit one level below it.
    return _named_tables(_HEADING.sub(lambda m: f"<{m.group(1)}h{min(int(m.group(2)) + 1, 6)}>", clean), text)


_HEADING = re.compile(r"<(/?)h([1-6])>")
_HEADING_OR_TABLE = re.compile(r"<h([2-6])>|<table>(\s*<thead>\s*<tr)?")


def _named_tables(html: str, text: str) -> str:
    """Each table of a notice in a scroll box named as the other tables' are (site.js makes it a
    region while it scrolls): by the heading before it, else by its header row. A wide table
    scrolled in an unnamed box. The ids are the notice text's digest and a count, one page's
    notices apart; added after sanitising, which keeps no id."""
    prefix = "notice-" + hashlib.sha1(text.encode("utf-8")).hexdigest()[:8]
    out, at, count, heading = [], 0, 0, None  # heading: the index in `out` of the last heading's tag, until it names a table
    for match in _HEADING_OR_TABLE.finditer(html):
        out.append(html[at:match.start()])
        at = match.end()
        if match.group(1):
            out.append(match.group(0))
            heading = len(out) - 1
            continue
        count += 1
        name = f"{prefix}-{count}"
        # the table is named as its box (a screen reader's list of tables named none of them)
        table = match.group(0).replace("<table>", f'<table aria-labelledby="{name}">', 1)
        if heading is not None:
            out[heading] = out[heading][:-1] + f' id="{name}">'
            out.append(f'<div class="scroll" role="region" tabindex="0" aria-labelledby="{name}">{table}')
            heading = None
        else:  # no heading before it (one heading names one table): its header row
            row = match.group(0)
            out.append(f'<div class="scroll" role="region" tabindex="0" aria-labelledby="{name}">'
                       f'{table} id="{name}"' if match.group(2) else f'<div class="scroll">{row}')
    out.append(html[at:])
    # a header row's cells head their columns (scope="col", as the site's own tables' do)
    named = _HEAD_ROW.sub(lambda m: _HEAD_CELL.sub('<th scope="col"', m.group(0)), "".join(out))
    return named.replace("</table>", "</table></div>")


_HEAD_ROW = re.compile(r"<thead>.*?</thead>", re.S)
_HEAD_CELL = re.compile(r"<th(?=[\s>])")


@functools.cache
def _markdown() -> markdown.Markdown:
    """One converter per process, reset before each notice: setting one up (its extensions)
    took longer than converting a notice."""
    # The extensions as objects: named by strings, Markdown looks them up among the installed
    # packages' entry points (importlib.metadata), 18 ms in every process.
    return markdown.Markdown(extensions=[TableExtension(), SaneListExtension()])


@dataclass
class Page:
    """Where a page sits: its path under output/ and the way back to the root."""

    path: str  # e.g. "events/x/prelim/index.html"

    @property
    def root(self) -> str:
        return "../" * self.path.count("/")


def event_url(event: Event) -> str:
    return f"events/{event.slug}/index.html"


def stage_url(event: Event, stage_id: str) -> str:
    return f"events/{event.slug}/{stage_id}/index.html"


def round_url(event: Event, stage_id: str, number: int) -> str:
    return f"events/{event.slug}/{stage_id}/round-{number}/index.html"


def entry_url(event: Event, entry_id: str) -> str:
    return f"events/{event.slug}/entries/{entry_id}/index.html"


def board_url(event: Event, stage_id: str, number: int) -> str:
    """A duplicate stage's board (traveller): every table's result on it."""
    return f"events/{event.slug}/{stage_id}/boards/{number}/index.html"


def player_url(person: Person) -> str:
    return f"players/{person.key}/index.html"


def game_url(game: str | None) -> str:
    return f"games/{game}/index.html" if game else "index.html"


# Large events' pages are split so that no HTML page passes PAGE_LIMIT (a 5,000-team Swiss made a
# 3.5 MB standings page and rounds of 35 MB). Below each threshold a page is exactly as before;
# above it the first page keeps the page's URL and the others are `page-<n>/` beneath it, so
# every URL stays where it was as results come in (README, "What a build writes"):
PAGE_ROWS = 200  # standings rows a page: <stage>/index.html ranks 1-200, <stage>/page-2/index.html 201-400, …
# A round's tables a page, PAGE_TABLES, in table order: round-<n>/index.html, round-<n>/page-2/index.html, …,
# and fewer when its tables show many boards each, PAGE_BOARDS boards' rows at most, counted by the
# stage's planned boards (generator/page_sizes.py, where `check` reads them too: 8 boards a table or
# fewer, 50 tables a page).
PAGE_TABLES, PAGE_BOARDS = page_sizes.PAGE_TABLES, page_sizes.PAGE_BOARDS
ARCHIVE_EVENTS = 300  # the archive on one page up to this many events; beyond, one page a year (years/<year>/)
# A year of many events was one long list (116 club evenings: 17,000 px on a phone, January at
# the bottom): past MONTH_HEADINGS events its cards are headed by month, past MONTH_INDEX the
# year begins with a link to each month.
MONTH_HEADINGS = 12
MONTH_INDEX = 40
PLAYERS_PAGE = 5_000  # people the players' index shows a page: players/index.html, players/page-2/index.html, …
PAGE_LIMIT = 1_000_000  # bytes: no HTML page is larger at these thresholds (tests, bench/scale.py)


def page_url(url: str, number: int) -> str:
    """Page `number` of a paginated page: the page's own URL for the first, else `page-<n>/`
    in its folder (…/main/index.html -> …/main/page-2/index.html)."""
    return url if number == 1 else f"{url.removesuffix('index.html')}page-{number}/index.html"


def chunks(items: list[Any], size: int) -> list[list[Any]]:
    """`items` in pages of `size` (one page, maybe empty, when they fit)."""
    return [items[start:start + size] for start in range(0, len(items), size)] or [items[:0]]


def first_page(rows: list[Any]) -> list[Any]:
    """The rows a standings' first page shows (the event page's ranking too): chunks()[0]."""
    return rows[:PAGE_ROWS]


def paged(pages: list[list[Any]], url: str, label_of: Callable[[int, list[Any]], str]) -> list[tuple[str, str]]:
    """(URL, label) of each page of a paginated page, none when there is one page: page 1 at
    `url`, the others at page_url's; `label_of(start, items)` says what a page holds ("1–200",
    "T1–T50"), `start` the position of its first item among all the pages'."""
    if len(pages) <= 1:
        return []
    starts = [0]
    for page in pages[:-1]:
        starts.append(starts[-1] + len(page))
    return [(page_url(url, n), label_of(start, page)) for n, (start, page) in enumerate(zip(starts, pages), 1)]


def standings_pages(event: Event, stage_id: str, rows: list[Any], said: Callable[[list[Any]], str] | None = None,
                    ) -> list[tuple[str, str]]:
    """(URL, label) of each page of a stage's standings: the label what the page holds, `said`
    of its rows (ranks_said: "第 1–200 名"); without `said` (a field before any result) the
    entries' places, "1–200"."""
    def neighbours(start: int, page: list[Any]) -> tuple[Any, Any]:  # the rows just before and after the page
        end = start + len(page)
        return rows[start - 1] if start else None, rows[end] if end < len(rows) else None

    return paged(chunks(rows, PAGE_ROWS), stage_url(event, stage_id),
                 (lambda start, page: said(page, *neighbours(start, page))) if said
                 else (lambda start, page: _span(start + 1, start + len(page))))


def ranks_said(translate: Translator) -> Callable[[list[Any]], str]:
    """`ranks_said(rows, before, after)`: what a page of standings holds, by the ranks it shows
    ("第 1–49 名"), and its unranked rows apart ("第 551–599 名，另有未排名 1 队"): a withdrawn or
    forfeited entry's row, ranked "—" at the end, counted as a rank made the last page say
    "第 551–600 名". `before`, `after`: the rows just before and after the page, if any. A place
    shared across the page break is said tied, at both pages' ends ("第 1–199（并列）名",
    "第 199（并列）–400 名"): said bare, the next page's "第 199–400 名" read as a span like a
    knockout's "5–8", and the first page as holding 199 places where it holds 200 rows. In words,
    not as its rows show it ("199="): a screen reader read "第 194=–398= 名" in the page links,
    captions and titles as "194 等于"; the rows' cells have a spoken form, a <title> cannot."""

    def said(rows: list[Any], before: Any = None, after: Any = None) -> str:
        ranks = [row.rank for row in rows if row.rank is not None]
        unranked = len(rows) - len(ranks)
        if not ranks:
            return translate("unranked_rows", n=unranked)
        low, high = min(ranks), max(ranks)
        shared_low = before is not None and before.rank == low  # the tie began on the page before
        shared_high = after is not None and after.rank == high  # and goes on to the next
        if not shared_high:
            # the places its last tie holds, to its end: 200 rows ending on three sharing 198 were
            # "第 1–198 名" and the next page "第 201–400 名", places 199 and 200 seemingly missing
            high = max(high, after.rank - 1) if after is not None and after.rank is not None \
                else high + sum(row.rank == high for row in rows) - 1
        span = _span(*(translate("rank_shared", n=rank) if shared else str(rank)
                       for rank, shared in ((low, shared_low), (high, shared_high))))
        words = translate("ranks_span_unranked", span=span, n=unranked) if unranked else translate("ranks_span", span=span)
        return words.replace("\uff09 ", "\uff09")  # "（并列） 名": no space after a full-width bracket

    return said


def standing_url(event: Event, stage_id: str, position: int | None, entry_id: str) -> str:
    """An entry's row in a stage's standings: on the page holding it (`position`, its place in
    the standings list from 0, PAGE_ROWS a page), at its row. "名次 483=" linked to the stage's
    first page (ranks 1-200), the team on page 3 and no row to jump to. Without a position (not
    in the standings), the stage page."""
    url = stage_url(event, stage_id)
    if position is None:
        return url
    return f"{page_url(url, position // PAGE_ROWS + 1)}#entry-{entry_id}"


def standings_positions(standings: list[Any]) -> dict[str, int]:
    """Each entry's place in a standings list (from 0), the first where it is twice, as
    standings_by_entry finds it: which page of the standings holds it (standing_url)."""
    found: dict[str, int] = {}
    for position, standing in enumerate(standings):
        found.setdefault(standing.entry.id, position)
    return found


def _span(first: Any, last: Any) -> str:
    return f"{first}–{last}" if first != last else str(first)


@dataclass
class TablePages:
    """A round's tables in pages (PAGE_TABLES a page, or tables_a_page's fewer, in table order;
    the first page keeps the round's URL) and each table's page number."""

    chunks: list[list[Any]]
    page_of: dict[int, int]  # table number -> its page; empty when the round has one page


def tables_a_page(boards: int) -> int:
    """page_sizes.tables_a_page at this module's PAGE_TABLES and PAGE_BOARDS (lowered by the tests)."""
    return page_sizes.tables_a_page(boards, PAGE_TABLES, PAGE_BOARDS)


def table_pages(round_result: Any, boards: int = 0) -> TablePages:
    """A round's tables in pages, its tables each to show `boards` boards (planned_boards)."""
    shown = chunks(round_result.tables, tables_a_page(boards))
    page_of = {score.table.number: n for n, tables in enumerate(shown, 1) for score in tables} if len(shown) > 1 else {}
    return TablePages(shown, page_of)


# A board's traveller (its board page: every table's line of one board) is paged as a round is,
# by table: a line a table of a 1.3 kB row (a simultaneous pairs scored across the field, 770
# tables: a page of 1 MB), so a page holds the lines of PAGE_BOARDS tables at most, tables 1-400
# on `boards/<n>/index.html`, 401-800 on `boards/<n>/page-2/index.html`, … A line's page is its
# table number's block, nothing else: the same at the draw and at the last result, whichever
# tables have entered the board (a page counted by the lines entered moved them, rev100).


@dataclass(frozen=True)
class TravellerPages:
    """How a stage's boards' travellers are paged: `tables` tables a page, in table number
    order, `count` pages for each board of the stage (1: one page, the board's URL as ever),
    `last` the stage's highest table number, `drawn` its tables' numbers, in order (a page says
    the first and last of its own, and their count: "tables 4-9 (of 10)", not its highest)."""

    tables: int
    count: int
    last: int
    drawn: tuple[int, ...] = ()

    def spans(self) -> list[str]:
        """Each page's tables as its words say them: the first and last drawn on it (a block
        with none drawn, its numbers)."""
        found = []
        for n in range(1, self.count + 1):
            first, last = (n - 1) * self.tables + 1, min(n * self.tables, self.last)
            held = [t for t in self.drawn if first <= t <= last]
            found.append(_span(held[0], held[-1]) if held else _span(first, last))
        return found

    def page_of(self, table: Any) -> int:
        """The page of a board's traveller holding the line of table `table`."""
        if self.count <= 1 or type(table) is not int:
            return 1
        return min(self.count, max(1, (table - 1) // self.tables + 1))


def traveller_pages(game: Game | None, event: Event, stage_result: StageResult) -> TravellerPages:
    """A stage's TravellerPages, by its draw and its keys: its rounds' table numbers (written from
    the draw on, before any result), never the lines or boards entered. A table plays a board once
    in a pairs stage (a Mitchell, a Howell, a barometer) and in a team stage whose keys say it
    numbers its boards on (bridge's `boards_each_round: on`); elsewhere (Game.boards_may_repeat:
    `boards_each_round: same`, a teams stage saying neither, a `matches` stage's sessions each
    from 1, 80分's teams) a table may play board 1 in each of the stage's rounds, and a page holds
    so many fewer tables. Not Game.boards_repeat, which reads the rounds entered: a bridge teams
    stage saying no `boards_each_round` turned `same` once round 2 was entered on 1-8, and its
    pages from 400 tables to 400 / rounds, moving tables 58-60 of 60 (7 rounds) to page 2 under
    links shared after round 1. Nor the rounds drawn: the stage's `rounds` (a round beyond it is
    an error, a knockout's counted from its bracket)."""
    stage, rounds = stage_result.stage, stage_result.rounds
    # (a bye or a sit-out is no table, as a round's page counts them: no_table_word)
    drawn = tuple(sorted({score.table.number for r in rounds for score in r.tables
                          if type(score.table.number) is int and no_table_word(stage.format, drawn_sides(score)) is None}))
    last = max((score.table.number for r in rounds for score in r.tables if type(score.table.number) is int), default=0)
    plays = 1
    if game is not None and stage.format != "pairs" and game.boards_may_repeat(stage):
        plays = max(int(stage.rounds or 0), 1)
    tables = max(1, PAGE_BOARDS // plays)
    return TravellerPages(tables, max(1, -(-last // tables)), last, drawn)


def traveller_page(pages_of_boards: Any, stage_id: str, table: Any) -> int:
    """The page of a board's traveller holding table `table`'s line (a table template's board
    links): 1 where the stage's boards have one page or the pages are not known (the desk's
    pages render a table without them)."""
    paging = pages_of_boards.get(stage_id) if isinstance(pages_of_boards, dict) else None
    return paging.page_of(table) if paging is not None else 1


def board_page_url(event: Event, stage_id: str, number: int, page: int = 1) -> str:
    """Page `page` of a board's traveller (TravellerPages.page_of)."""
    return page_url(board_url(event, stage_id, number), page)


# Every round's TablePages of an event, by (stage id, round number): made once by render_event
# (5,000 entry pages ask for a table's page 7 times each) and passed to the pages.
RoundPages = dict[tuple[str, int], TablePages]


def round_pages(result: EventResult) -> RoundPages:
    game = GAMES.get(result.event.game)
    return {(s.stage.id, r.number): table_pages(r, planned_boards(game, s.stage)) for s in result.stages for r in s.rounds}


def table_url(event: Event, stage_result: StageResult, number: int, table: int, pages: RoundPages | None = None) -> str:
    """A table of a round, on its round page (the page holding it when the round is paginated).
    `pages`: the event's round_pages (render_event's); without them (the desk) the round's are
    worked out here."""
    url = round_url(event, stage_result.stage.id, number)
    found = pages.get((stage_result.stage.id, number)) if pages is not None else None
    if found is None and pages is None:
        round_result = next((r for r in stage_result.rounds if r.number == number), None)
        found = table_pages(round_result, planned_boards(GAMES.get(event.game), stage_result.stage)) \
            if round_result is not None else None
    if found is not None and found.page_of:
        url = page_url(url, found.page_of.get(table, 1))
    return url + (f"#table-{table}" if table else "")


def year_url(game: str | None, year: str) -> str:
    """A large archive's page of one year (ARCHIVE_EVENTS), of every game or of one; events
    without a date are under `undated`."""
    folder = "" if game is None else f"games/{game}/"
    return f"{folder}years/{year if year.isdigit() else 'undated'}/index.html"


PLAYERS_URL = "players/index.html"
SEARCH_URL = "search/index.html"
SEARCH_PART = "indexes/search"  # how the search index's files are recorded beside the events' (incremental.py)
ASSETS = ("style.css", "site.js", "favicon.svg")  # copied from templates/ to output/assets/


class SiteWriter:
    """Renders pages into the output tree and remembers them (with a content date) for the sitemap."""

    def __init__(self, site: Site, out: OutputTree) -> None:
        self.site = site
        self.out = out
        self.pages: list[tuple[str, dt.date | None]] = []

    def page(self, env: jinja2.Environment, path: str, template: str, day: dt.date | None = None,
             canonical_path: str | None = None, **context: Any) -> None:
        """`canonical_path`: the page that shows the same under another URL, which search engines
        are to take (and the sitemap lists) in its place."""
        page = Page(path)
        canonical = absolute(self.site, canonical_path or path) if self.site.base_url else None
        html = env.get_template(template).render(page=page, root=page.root, site=self.site, canonical=canonical,
                                                 **context)
        self.out.write_text(path, html)
        if canonical_path is None or canonical_path == path:
            self.pages.append((path, day))


def render_site(site: Site, results: list[EventResult | EventSummary], bulletins: dict[str, list[tuple[str, str, int]]],
                out: OutputTree, previous: PreviousBuild | None = None, workers: int | None = None,
                stock_jinja: bool = False, whole: Callable[[Any], EventResult] | None = None,
                kept: dict[Any, Any] | None = None, meanwhile: Callable[[], None] | None = None,
                ) -> dict[str, EventPages]:
    """The whole HTML site, plus its search index, feed and sitemap, into `out`. Events whose
    inputs are unchanged since `previous` are linked from it; the others are rendered in
    parallel, one process per core. Returns what each event wrote, for the next build.
    `results` may hold events' summaries (tournament/summary.py): the indexes read only what a
    summary has, and an event whose pages are rendered again is first made whole by `whole`
    (build.py's WholeResults), in the process that renders it.
    `stock_jinja`: render with Jinja's own environment (see `environment`), for the tests.
    `kept`: what rendering keeps between builds in a process that makes many (serve's builder:
    event_cache.EventMemory.rendering), see `_environment_for`.
    `meanwhile`: called while the workers render, once the indexes are written (build.py keeps
    the events it read in the event cache so)."""
    known_people = previous.people if previous is not None else None
    people = collect_people(results, known_people)
    if previous is not None:
        previous.people = people.index.data()  # recorded for the next build
    envs: dict[str, jinja2.Environment] = {}

    def env_for(locale: str) -> jinja2.Environment:
        if locale not in envs:
            envs[locale] = _environment_for(locale, people, stock_jinja, kept, content_locale_of(site))
        return envs[locale]

    env = env_for(site.locale)
    writer = SiteWriter(site, out)
    for asset in ASSETS:
        out.write_bytes(f"assets/{asset}", (TEMPLATES / asset).read_bytes())

    # What each event and each player page is made from: kept from the previous build when the same.
    global _YEAR_PAGES
    _YEAR_PAGES = len(results) > ARCHIVE_EVENTS
    shared = site_digest(site) + ("\0years" if _YEAR_PAGES else "")
    made: dict[str, EventPages] = {}
    to_render: list[tuple[EventResult, str]] = []
    keys = _event_keys(shared, results, bulletins, people, kept)
    changed = {slug for slug, key in keys.items() if previous is None or not previous.has(slug, key)}
    if previous is not None:
        previous.expect(len(keys) - len(changed), len(keys))
    for result in results:
        slug = result.event.slug
        # (`reused`, not `kept`: env_for reads the parameter `kept`, serve's environments, after
        # this loop; the name taken by the loop gave it a RecordedPages, a rebuild's traceback)
        reused = previous.reuse(slug, keys[slug], out) if previous is not None else None
        if reused is not None:
            made[slug] = reused
        else:
            to_render.append((result, keys[slug]))
    # A player's page, and past PLAYER_EVENTS events each further page of their events: each
    # made of the events it lists; the first shows the person's totals too, made of every
    # event's credits (so that a change to an old event renders the page that lists it alone).
    persons: list[tuple[Person, str, int]] = []
    # Each event's, once, however many of its players' pages ask (a dict, not a cached function:
    # 400 players of 250 events each ask 100,000 times). What a player's row shows of the event
    # is its placings and names (not its own key, which follows every file: a results file that
    # moves no one renders no player's page), and whom its names link to.
    # Each as 32 bytes: a person of 250 events hashes 250 of them for each page (their texts,
    # 130 characters each, were a tenth of a 2,000-event rebuild's rendering).
    credits_of = _Made(lambda slug: bytes.fromhex(credits_digest(people.results[slug])))
    shown_in_rows = _Made(lambda slug: hashlib.sha256(
        f"{placings_digest(people.results[slug])}\0{people.keys_in(slug)}".encode()).digest())
    # Who is who as the last build matched it (the same PeopleIndex: the same persons, names,
    # namesakes and events each): a person none of whose events changed since (each event's key
    # as recorded, which follows its files, the code and site.yaml) has the pages, and the keys,
    # the last build recorded; they are taken from the record, not made again (each of 1,200
    # persons' keys hashed from their events' rows: a fifth of a 2,000-event rebuild's rendering).
    same_people = previous is not None and known_people is not None and known_people[0] == people.index.inputs
    for person in people.everyone:
        pages = chunks(person.slugs, PLAYER_EVENTS)
        parts = [player_page_part(person, number) for number in range(1, len(pages) + 1)]
        keys = ([previous.recorded_key(part) for part in parts]
                if same_people and changed.isdisjoint(person.slugs) else [None])
        if None in keys:
            shown = person.shown
            # (the pager names each page by its years: a page's key follows the other pages' too)
            years = "\0" + " ".join(player_pages_years(person, pages)) if len(pages) > 1 else ""
            keys = []
            for number, slugs in enumerate(pages, 1):
                made_of = list(map(shown_in_rows.__getitem__, slugs))
                if number == 1 and len(pages) > 1:
                    made_of += map(credits_of.__getitem__, person.slugs)
                keys.append(player_key(shared, f"{shown}\0{number}/{len(person.slugs)}{years}", made_of))
        for number, (part, key) in enumerate(zip(parts, keys), 1):
            reused = previous.reuse(part, key, out) if previous is not None else None
            if reused is not None:
                made[part] = reused
            else:
                persons.append((person, key, number))
    # In the order of the events they list (not of names): a worker takes the persons a batch at a
    # time, and People holds the rows of the last ROWS_HELD events asked for (render/players.py),
    # so that a batch of persons who played the same events unpacks those events' rows once
    # (teammates, a club's members; in name order, each person's events were mostly unpacked
    # anew). The pages are the same in any order.
    persons.sort(key=lambda found: chunks(found[0].slugs, PLAYER_EVENTS)[found[2] - 1])
    # Each event's key, digests and whether it changed are not asked again: let go before the
    # indexes and the workers (held to the last page, some 300 bytes an event: 0.6 MiB of the
    # build's own heap at 2,000 events while the workers rendered, inherited by each of them).
    del keys, changed, credits_of, shown_in_rows
    for result in {r.event.locale or site.locale for r, _ in to_render}:
        # Made before forking, so every worker has them. Their templates compile when first used, in
        # each worker: compiling them all here first was measured no faster with two workers.
        env_for(result)
    # The archive and the indexes (which need none of the events' or players' pages), before the
    # workers are forked, not while they render: they read every event's card, and each object
    # this process touched once the workers shared its pages was a page copied, held until that
    # wave's workers ended (the first wave's 16 MiB at 2,000 events, 9 MiB at 200, for 0.4 s and
    # 0.06 s of writing).
    made.update(_write_indexes(site, results, people, env, writer, previous, shared))
    # A site of many people in few events (a mass event): its search index is made by a render
    # worker, one task among the pages' (_search_alongside), not by a process forked once the
    # workers are done, which kept one core idle at the end of the build.
    alongside = _search_alongside(site, results, people, out, previous, shared)
    # Every event's pages and every player's page, in parallel (a player page needs no other page).
    search_key, search_task = alongside if alongside is not None else (None, None)
    rendering = _Rendering(site, to_render, persons, bulletins, env_for, out, workers, whole, search_task)
    try:
        if meanwhile is not None:
            meanwhile()
        # A small site's search index, made here while the workers render: this process waited
        # for them idle, then made it with the other core idle (0.15 s of a 4 s build at 200
        # events). A large site's is still made once they are done, by a process of its own
        # (_write_search: the workers' peak and the index's do not add up).
        searched = None if _search_apart(results, people) else _search_index(site, results, people, out, previous, shared)
    except BaseException:
        rendering.abandon()
        raise
    rendering.wait()
    if search_task is not None and rendering.alongside is not None:
        searched = (search_key, rendering.alongside)
    # The search index once the workers are done: its records (every entry of every event, 46,000
    # of them at 2,000 events) are the largest thing a build makes, and the workers' peak and
    # the index's then do not add up; and before what the workers wrote is unpacked (`finish`),
    # which is the next largest (87,000 files and their stamps at 2,000 events). A large site's
    # index is made by a process forked for it, so its holes in the heap go with that process;
    # so is the index of a site of many people in few events (a mass event's), while this
    # process unpacks what the workers wrote (`meanwhile`), which is then little.
    finished: list[dict[str, EventPages]] = []
    search = _write_search(site, results, people, env, writer, previous, shared,
                           meanwhile=lambda: finished.append(rendering.finish()), searched=searched, key=search_key)
    made.update(finished[0] if finished else rendering.finish())
    made.update(search)
    made.update(_write_sitemap(site, writer, made, previous))
    return made


def _event_keys(shared: str, results: list[EventResult | EventSummary], bulletins: dict[str, list[tuple[str, str, int]]],
                people: People, kept: dict[Any, Any] | None) -> dict[str, str]:
    """Each event's key (incremental.py's event_key). With `kept` (serve's), each is kept with
    what it was made of, and made again only when that changed: comparing the few strings is
    cheaper than hashing them, and a rebuild after one results file was saved hashes one event's
    key, not the archive's (2,000 keys were a thirtieth of such a rebuild's time, profiled)."""
    if kept is None:
        return {r.event.slug: event_key(shared, r, bulletins.get(r.event.slug, []), people.keys_in(r.event.slug))
                for r in results}
    known = kept.get("event keys", {})
    keys, now = {}, {}
    for result in results:
        slug = result.event.slug
        made_of = (shared, folder_digest(result.event.folder), bulletins.get(slug, []), people.keys_in(slug))
        found = known.get(slug)
        if found is None or found[0] != made_of:
            found = (made_of, event_key(shared, result, made_of[2], made_of[3]))
        now[slug] = found
        keys[slug] = found[1]
    kept["event keys"] = now  # (the events of this build alone)
    return keys


def _environment_for(locale: str, people: People, stock: bool, kept: dict[Any, Any] | None,
                     content: str | None = None) -> jinja2.Environment:
    """The locale's environment for this build. Made for one build, it lives while the templates
    do not change: Jinja need not look at each template file's time again at every page and
    every include (a system call). With `kept` (serve's), the environment is kept there for the
    next build while the code and templates are the same (code_digest, which serve makes again
    when one of their files changed): a rebuild after a results file was saved then neither
    makes it again nor reads and unmarshals each template it renders (28 files, sealed); only
    who is who follows the build (PeopleNow). Those of older code are let go."""
    if kept is None:
        env = environment(locale, people, stock=stock, content=content)
        env.auto_reload = False
        return env
    key = ("jinja", locale, stock, code_digest(), content)
    found = kept.get(key)
    if found is None:
        for older in [k for k in kept if isinstance(k, tuple) and k[0] == "jinja" and k[3] != key[3]]:
            del kept[older]
        now = PeopleNow()
        env = environment(locale, now, stock=stock, content=content)
        env.auto_reload = False
        found = kept[key] = (env, now)
    env, now = found
    now.follow(people)
    return env


class _Made(dict):
    """A value for each key, made by `make` when first asked."""

    def __init__(self, make: Callable[[str], bytes]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: str) -> bytes:
        value = self[key] = self.make(key)
        return value


SITEMAP_URLS = 50_000  # the sitemaps protocol's limit for one file (sitemaps.org)
SITEMAP_PART = "sitemaps/"  # how a large site's sitemap files are recorded beside the events'


def _write_sitemap(site: Site, writer: SiteWriter, made: dict[str, EventPages],
                   previous: PreviousBuild | None) -> dict[str, EventPages]:
    """sitemap.xml (only with a base_url: it needs absolute URLs), by `_sitemap_files`. A site of
    SITEMAP_APART_FROM pages or more has its sitemap made by a process forked for it, which
    writes its files and says which (`_sitemap_apart`): each file lists its pages sorted, all of
    them unpacked and held at once (up to 12,500 a file), the last thing the build makes after
    its render workers are done, and the holes they left in this process's heap stayed to its
    end (2,000 events: 3.4 to 3.9 MiB of the build's own peak, there). Returns the large site's
    files as parts, for the record."""
    if not site.base_url:
        return {}
    out = writer.out
    loose = [shown for shown in writer.pages if shown[0] != SEARCH_URL]  # (the same pairs, not made again)
    parts = [(name, made[name]) for name in sorted(made) if not name.startswith(SITEMAP_PART)]
    total = len(loose) + sum(pages.page_count for _, pages in parts)
    if total >= SITEMAP_APART_FROM and incremental.can_fork_alone():
        found = _sitemap_apart(site, loose, parts, total, previous, out)
        if found is not None:
            return found
    return _sitemap_files(site, loose, parts, total, previous, out)


SITEMAP_APART_FROM = 5_000  # pages from which the sitemap is made by a process of its own (_write_sitemap)


def _sitemap_apart(site: Site, loose: list[tuple[str, dt.date | None]], parts: list[tuple[str, EventPages]],
                   total: int, previous: PreviousBuild | None, out: OutputTree) -> dict[str, EventPages] | None:
    """`_sitemap_files` by a process forked for it, into a tree of its own; what it did is done
    again here, in its order, without its pages: each file it wrote added to `out` with its
    stamp, each it kept from the last build kept (the record's own part, whose file it found as
    written), and the parts' `listed` digests it made set (the record keeps them). None when it
    failed before it said: the caller makes the sitemap itself."""
    unlisted = [number for number, (_, pages) in enumerate(parts) if not pages.listed]

    def files() -> tuple[list[tuple[str, str, tuple[int, int] | None]], bytes]:
        tree = _Noted(out.root)
        made = _sitemap_files(site, loose, parts, total, previous, tree)
        # The digests as 32 bytes each, in one bytes object, not a text each: 2,000 events' 12,000
        # parts have none yet (the workers rendered them), and they come back when the build's
        # own process is at its peak.
        return ([(path, made[path].key if path in made else "", stamp) for path, stamp in tree.done],
                b"".join([bytes.fromhex(parts[number][1].listed or _NONE_LISTED) for number in unlisted]))

    _, found = with_a_child(files, lambda: None)
    if found is None or len(found[1]) != 32 * len(unlisted):
        return None
    done, listed = found
    for place, number in enumerate(unlisted):
        digest = listed[32 * place:32 * place + 32].hex()
        if digest != _NONE_LISTED:  # (a part split among files has none of its own)
            parts[number][1].listed = digest
    written: dict[str, EventPages] = {}
    for path, key, stamp in done:
        if stamp is None:  # kept from the last build: as `previous.reuse` keeps it, the record's own part
            written[path] = previous.events[path]  # type: ignore[union-attr]
            out.keep_part(written[path])
        else:  # as if written here (OutputTree.write_parts)
            out.written.append(path)
            out.stamps[path] = stamp
            if key:
                written[path] = EventPages(key, [path])
    return written


_NONE_LISTED = "0" * 64  # a part's `listed`, sent back by the sitemap's process, when it has none


class _Noted(OutputTree):
    """A tree that notes, in order, each file written (with its stamp) and each part kept (by its
    one file, without a stamp): what a forked process did, to be done again by its parent."""

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.done: list[tuple[str, tuple[int, int] | None]] = []

    def write_parts(self, relative: str, parts: Any) -> None:
        super().write_parts(relative, parts)
        self.done.append((relative, self.stamps[relative]))

    def keep_part(self, part: Any) -> None:
        self.done.append((part.files[0], None))


def _sitemap_files(site: Site, loose: list[tuple[str, dt.date | None]], parts: list[tuple[str, EventPages]],
                   total: int, previous: PreviousBuild | None, out: OutputTree) -> dict[str, EventPages]:
    """The sitemap's files (`loose`: the pages of no part; `parts`: the site's, by name; `total`:
    their pages). A site of more than SITEMAP_URLS pages (2,000 events make 87,000) gets an
    index instead: sitemap.xml lists sitemaps/0.xml (the pages of no part: the players' index)
    and sitemaps/<n>.xml, each the pages of the whole parts (events, player pages, archive pages) whose name falls in its
    bucket. A part stays in its bucket while the count of buckets stands (it doubles as the site
    grows past a quarter of SITEMAP_URLS a file), whatever the other parts do, and a file is
    kept while its parts list the same pages with the same dates (listed_digest), though they
    were rendered again: a results file saved writes none of them, and a round added writes the
    one file, a quarter of the limit or less, that lists its event. A bucket over SITEMAP_URLS
    is written as <n>-<k>.xml files. Returns those files as parts, for the record."""
    if total <= SITEMAP_URLS:
        pages = loose + [page for _, made_part in parts for page in made_part.pages]
        out.write_parts("sitemap.xml", sitemap_parts(site, pages))
        return {}
    buckets = 1
    while total > buckets * (SITEMAP_URLS // 4):
        buckets *= 2
    grouped: list[list[tuple[str, EventPages]]] = [[] for _ in range(buckets)]
    for name, pages in parts:
        grouped[zlib.crc32(name.encode()) % buckets].append((name, pages))  # the same in every run
    files = [f"{SITEMAP_PART}0.xml"]
    out.write_parts(files[0], sitemap_parts(site, loose))
    written: dict[str, EventPages] = {}
    for number, group in enumerate(grouped, 1):
        in_bucket = [chunk for chunk in _sitemap_chunks(group) if any(share.page_count for _, share in chunk)]
        # (a bucket of no page, such as the search index's alone, has no file)
        for k, chunk in enumerate(in_bucket, 1):
            path = f"{SITEMAP_PART}{number}.xml" if len(in_bucket) == 1 else f"{SITEMAP_PART}{number}-{k}.xml"
            # (each part by its name and listed_digest: 3,000 parts, no JSON of them). A part the
            # workers rendered holds its pages packed, and has no digest yet: its pages are
            # unpacked once, for the digest and for the file (they were twice: 2,000 events'
            # 87,000 pages unpacked and let go twice over).
            unpacked = [None if share.listed else share.pages for _, share in chunk]
            listed = "".join([f"{n}\0{listed_digest(p, held)}\n" for (n, p), held in zip(chunk, unpacked)])
            key = hashlib.sha256(f"{site.base_url}\0{code_digest()}\0{listed}".encode()).hexdigest()
            kept = previous.reuse(path, key, out) if previous is not None else None
            if kept is None:
                pages = [page for (_, share), held in zip(chunk, unpacked)
                         for page in (share.pages if held is None else held)]
                unpacked.clear()  # (let go before the file's text is made)
                out.write_parts(path, sitemap_parts(site, pages))
                del pages  # (before the next file's are unpacked)
                kept = EventPages(key, [path])
            del unpacked
            written[path] = kept
            files.append(path)
    out.write_text("sitemap.xml", sitemap_index(site, files))
    return written


def _sitemap_chunks(parts: list[tuple[str, EventPages]]) -> list[list[tuple[str, EventPages]]]:
    """Parts into files of SITEMAP_URLS pages at most, in order; a part larger than a file is split."""
    files: list[list[tuple[str, EventPages]]] = [[]]
    room = SITEMAP_URLS
    for name, pages in parts:
        for start in range(0, max(pages.page_count, 1), SITEMAP_URLS):
            share = pages if pages.page_count <= SITEMAP_URLS else EventPages(
                pages.key, [], pages.pages[start:start + SITEMAP_URLS])
            if share.page_count > room:
                files.append([])
                room = SITEMAP_URLS
            files[-1].append((name, share))
            room -= share.page_count
    return files


def _write_indexes(site: Site, results: list[EventResult | EventSummary], people: People, env: jinja2.Environment,
                   writer: SiteWriter, previous: PreviousBuild | None, shared: str) -> dict[str, EventPages]:
    """The archive, the players' index and the feed. Returns what the archive's pages wrote,
    recorded as parts beside the events' (`previous` keeps each as it was when made of the same:
    by the cards of the events they list, tournament/summary.py's card_digest)."""
    out, t = writer.out, Translator(site.locale)
    parts: dict[str, EventPages] = {}

    def archive_page(path: str, listed: str, **context: Any) -> None:
        # Each event as its card shows it (`listed`: the cards of its years, in order): a page is
        # kept when a results file of an event on it changes nothing its card shows (not the
        # event's own key, which follows every file).
        shown = {name: value for name, value in context.items() if name not in ("years", "card_of", "months_of")}
        key = hashlib.sha256(json.dumps([shared, path, str(newest), shown], ensure_ascii=False, default=str).encode()
                             + b"\0" + listed.encode()).hexdigest()
        part = f"indexes/{path}"
        kept = previous.reuse(part, key, out) if previous is not None else None
        if kept is None:
            before = len(writer.pages)
            writer.page(env, path, "index.html", newest, **context)
            kept = EventPages(key, [path], writer.pages[before:])
            del writer.pages[before:]  # the sitemap has it from the part
        parts[part] = kept

    # The archive: newest first, by year; one filtered copy per game (works without JavaScript).
    # Each event looked at once, for its place (first day, slug), game, year and card; each
    # year's cards joined once (the archive's page shows the newest year's, as its own page
    # does): 2,000 events' attributes were looked up again for each game's pages.
    ordered_cards = sorted(((_first_day(r), r.event.slug, r.event.game, _year(r), card_digest(r), r) for r in results),
                           reverse=True)  # (by first day and slug: no two are alike)
    ordered = [r for *_, r in ordered_cards]
    games = sorted({game for _, _, game, _, _, _ in ordered_cards},
                   key=lambda g: GAMES[g].position if g in GAMES else 99)
    newest = max((last_day(r) for r in results if first_day(r) is not None), default=None)
    counts = {g: 0 for g in games}
    for _, _, game, _, _, _ in ordered_cards:
        counts[game] += 1
    for game in (None, *games):
        years: list[tuple[str, list[EventResult | EventSummary]]] = []
        cards: list[list[str]] = []
        for _, _, its_game, year, card, result in ordered_cards:
            if game is not None and its_game != game:
                continue
            if not years or years[-1][0] != year:
                years.append((year, []))
                cards.append([])
            years[-1][1].append(result)
            cards[-1].append(card)
        listed = [f"{year}\0{' '.join(found)}\n" for (year, _), found in zip(years, cards)]
        common = dict(games=games, counts=counts, total=len(ordered), current_game=game, card_of=archive_card,
                      months_of=by_month, month_headings=MONTH_HEADINGS, month_index=MONTH_INDEX)
        if sum(len(events) for _, events in years) <= ARCHIVE_EVENTS:
            archive_page(game_url(game), "".join(listed), years=years, year_pages=[], current_year=None, **common)
            continue
        # A large archive: a page a year (years/<year>/index.html), the newest year's also at the
        # archive's own URL; each lists the years.
        year_pages = [(year_url(game, year), year, len(events)) for year, events in years]
        archive_page(game_url(game), listed[0], years=years[:1], year_pages=year_pages, current_year=years[0][0],
                     **common)
        # The newest year's page is the archive's page over again: its canonical URL is the
        # archive's (and the sitemap lists that alone), the URL people know and link to, which
        # always shows the newest year. The year's own URL stays, for links made to it, and is
        # its own canonical once a newer year comes (years/2025/ then no longer the home page).
        for (year, events), its_cards in zip(years, listed):
            archive_page(year_url(game, year), its_cards, years=[(year, events)], year_pages=year_pages,
                         current_year=year, canonical_path=game_url(game) if year == years[0][0] else None,
                         **common)

    # People across events: the index here, each person's page comes with the events.
    _players_index(env, writer, people_by_group(people.everyone, t("group_withheld" if "group" in site.private else "no_group")), newest)
    out.write_text("feed.xml", atom_feed(site, updates(site, results, event_url, stage_url), t))
    return parts


def _write_search(site: Site, results: list[EventResult | EventSummary], people: People, env: jinja2.Environment,
                  writer: SiteWriter, previous: PreviousBuild | None, shared: str,
                  meanwhile: Callable[[], None] | None = None, searched: Searched | None = None,
                  key: str | None = None) -> dict[str, EventPages]:
    """The search page, and the index it loads (`_search_index`, unless `searched` holds what it
    made already); kept as the last build wrote it when the records are the same (most
    rebuilds: a results file changes no name, title or group)."""
    out = writer.out
    writer.page(env, SEARCH_URL, "search.html", None)
    key, found = searched if searched is not None else _search_index(site, results, people, out, previous, shared,
                                                                     meanwhile, key)
    if isinstance(found, EventPages):  # kept
        return {SEARCH_PART: found}
    for path, stamp in found:  # as if written here, after the search page (OutputTree.write_parts)
        out.written.append(path)
        out.stamps[path] = stamp
    # In the index's order, the script that searches shards last (the order the record has always had).
    files = sorted([path for path, _ in found], key=lambda path: (path == SEARCH_SHARDS, listed_order(path)))
    return {SEARCH_PART: EventPages(key, files)}


Searched = tuple[str, "EventPages | list[tuple[str, tuple[int, int]]]"]  # _search_index's: key, the part kept or the files written


def _search_apart(results: list[EventResult | EventSummary], people: People) -> bool:
    """Whether the site's search index is made by a process of its own (_search_index)."""
    return len(results) >= SEARCH_APART_FROM or len(people.everyone) >= SEARCH_APART_PERSONS


def _search_index(site: Site, results: list[EventResult | EventSummary], people: People, out: OutputTree,
                  previous: PreviousBuild | None, shared: str, meanwhile: Callable[[], None] | None = None,
                  key: str | None = None) -> Searched:
    """The search index's files written into `out`'s folder (each file and its stamp, for
    `_write_search` to add to `out` after the search page), or the part kept as the last build
    wrote it, with its key.
    A large site's index is made by a process forked for it (SEARCH_APART_FROM events), which
    writes its files and says which, while this one waits: its records and postings are the
    largest thing the build makes after its render workers are done, and the holes they left
    in this process's heap stayed to its end (2,000 events: 10 MB, this process's peak).
    So is the index of a site of SEARCH_APART_PERSONS people in fewer events, while this
    process does `meanwhile` (a mass event's 15,000 records took 0.3 s with the other core
    idle); `meanwhile` is left to the caller when it is not called here."""
    key = key or _records_key(shared, results, people)  # (given: made already, _search_alongside)
    search = previous.reuse(SEARCH_PART, key, out) if previous is not None else None
    if search is not None:
        return key, search
    index = functools.partial(_search_files, site, results, people, out.root)
    large = len(results) >= SEARCH_APART_FROM
    if not _search_apart(results, people) or not incremental.can_fork_alone():
        return key, index()
    _, written = with_a_child(index, meanwhile if meanwhile is not None and not large else lambda: None)
    if written is None:  # it failed before it said what it wrote: made here
        written = index()
    return key, written


def _search_files(site: Site, results: list[EventResult | EventSummary], people: People,
                  root: Path) -> list[tuple[str, tuple[int, int]]]:
    """The search index's files written under `root`: each file written, with its stamp."""
    tree = OutputTree(root)  # (its own list of the files written: made before the search page)
    # The records handed over, not kept here: index_files lets them go as it writes them.
    for path, text in index_files(packed_records(results, people, Translator(site.locale), event_url, entry_url,
                                                 player_url)):
        tree.write_text(path, text)  # one file, or a large site's chunks and shards
    if len(tree.written) > 1:  # and the script that searches them, which site.js loads then
        tree.write_bytes(SEARCH_SHARDS, (TEMPLATES / "search-shards.js").read_bytes())
    return [(path, tree.stamps[path]) for path in tree.written]


def _search_alongside(site: Site, results: list[EventResult | EventSummary], people: People, out: OutputTree,
                      previous: PreviousBuild | None, shared: str,
                      ) -> tuple[str, Callable[[], list[tuple[str, tuple[int, int]]]] | None] | None:
    """(its key, what makes its files) when the search index is to be made by a render worker
    as one of its tasks (_Rendering's `alongside`): a site of SEARCH_APART_PERSONS people in
    fewer than SEARCH_APART_FROM events, the index not kept from the last build. Such a site's
    index (a mass event's 15,000 records) was made by a process forked for it once the workers
    were done, one core idle meanwhile but for the build's unpacking of what they wrote. A
    worker inherits the records' makings as it inherits the events (no pickling); its index
    adds to that worker's memory what the forked process held after it, the mass event's
    alone. A large site's (SEARCH_APART_FROM events) is still made apart once the workers are
    done: its records are the largest thing the build makes, and the workers' peak and its
    must not add up (_write_search). (its key, None) when the last build made it from the same
    key; None for any other site: _write_search makes it as before, and so it does when the
    workers did not (not forked, or the task failed), the key not made again."""
    if not _search_apart(results, people) or len(results) >= SEARCH_APART_FROM:
        return None
    key = _records_key(shared, results, people)
    if previous is not None and previous.has(SEARCH_PART, key):
        return key, None  # kept as the last build wrote it, most likely (_search_index looks)
    return key, functools.partial(_search_files, site, results, people, out.root)


SEARCH_SHARDS = "assets/search-shards.js"  # the script site.js loads to search a large site's shards
SEARCH_APART_FROM = 500  # events from which the search index is made by a process of its own (_write_search)
SEARCH_APART_PERSONS = 2_000  # and people from which it is, while the build does something else meanwhile


def _records_key(shared: str, results: list[EventResult | EventSummary], people: People) -> str:
    """What the search records are made of, without making them (search.py's `records`, which
    took a tenth of a rebuild of 2,000 events): the shared part (code, site.yaml: the words
    that join a record's detail), what names each event and its entries (its summary's
    `names`, made once), and each person as their record shows them (name, groups, latest
    event). The index's files are kept when the same: a results file changes none of these."""
    digest = hashlib.sha256(shared.encode())
    digest.update("".join([f"{names_of(result)}\0" for result in results]).encode())
    # One repr of them all (their values alone, where a pickle would also say which were the
    # same object): a json.dumps a person was a seventh of a mass event's build in its own process.
    digest.update(repr([(person.key, person.name, person.groups, person.slugs[0] if person.slugs else "")
                        for person in people.everyone]).encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def players_pages(groups: list[tuple[str, list[Person]]], size: int) -> list[list[tuple[int, str, list[Person]]]]:
    """The players' index in pages of at most `size` people: each page's (group number from 1,
    group, its people there)."""
    shown: list[list[tuple[int, str, list[Person]]]] = [[]]
    room = size
    for number, (group, people) in enumerate(groups, 1):
        # A group that does not fit starts the next page when this one is at least half full;
        # else it fills this page and goes on on the next: kept whole, the next unit not
        # fitting beside it, a unit of 38 had a page of its own (players/page-3/).
        if len(people) > room and size - room >= size / 2:
            shown.append([])
            room = size
        rest = people
        while rest:
            if not room:
                shown.append([])
                room = size
            part, rest = rest[:room], rest[room:]
            shown[-1].append((number, group, part))
            room -= len(part)
    return shown


def _players_index(env: jinja2.Environment, writer: SiteWriter, groups: list[tuple[str, list[Person]]],
                   newest: dt.date | None) -> None:
    """players/index.html; past PLAYERS_PAGE people, pages of whole groups (a group larger than a
    page is split) under players/page-<n>/, each with every group's link and the list of pages."""
    if sum(len(people) for _, people in groups) <= PLAYERS_PAGE:
        writer.page(env, PLAYERS_URL, "players.html", newest, groups=groups, first_group=0, group_links=[], pages=[],
                    page_number=1)
        return
    shown = players_pages(groups, PLAYERS_PAGE)
    urls = [page_url(PLAYERS_URL, n) for n in range(1, len(shown) + 1)]
    links: dict[int, tuple[str, str]] = {}
    for url, page in zip(urls, shown):
        for number, group, _ in page:
            links.setdefault(number, (group, f"{url}#g{number}"))
    pages = paged(shown, PLAYERS_URL, lambda _, page: _span(page[0][1], page[-1][1]))
    for number, (url, page) in enumerate(zip(urls, shown), 1):
        writer.page(env, url, "players.html", newest, groups=[(group, people) for _, group, people in page],
                    first_group=page[0][0] - 1, group_links=[links[n] for n in sorted(links)], pages=pages,
                    page_number=number)


SMALL_SHARE = 64  # player pages that, with one event, are rendered without forking

# Set just before forking, read by the workers (which inherit it instead of unpickling results).
_JOB: dict[str, Any] = {}


class _Rendering:
    """The events' pages and the persons' pages, rendered by one process per core while the
    caller goes on (a large site's in waves: the first meanwhile, the others in `finish`);
    `finish` waits for them and says what each wrote, by event slug and by `player_part`."""

    def __init__(self, site: Site, jobs: list[tuple[EventResult, str]], persons: list[tuple[Person, str]],
                 bulletins: dict[str, list[tuple[str, str, int]]], env_for: Any, out: OutputTree, workers: int | None,
                 whole: Callable[[Any], EventResult] | None = None, alongside: Callable[[], Any] | None = None) -> None:
        self.out = out
        self.pool: ProcessPoolExecutor | None = None
        # `alongside`: a task of its own among the pages' (render_site's search index), made by a
        # worker of the last wave; what it returned, once waited for (None: not made, or failed).
        self.alongside: Any = None
        self._alongside_future: Any = None
        self._reports: caches.Spill | None = None  # the workers' reports as they come (`wait`); None: held
        cores = workers or os.cpu_count() or 1
        # (an event known by its line is not read again here for its entries: a large archive's
        # 2,000 summaries read in turn left 23 MB of holes in the heap the workers are forked from)
        sizes = [entry_count(result) for result, _ in jobs]
        big = sum(1 for size in sizes if size >= SPLIT_ENTRIES)  # each in one share a core
        workers = min(cores, max(len(jobs) + len(persons) + big * (cores - 1), 1))
        if len(jobs) <= 1 and len(persons) <= SMALL_SHARE and not big:
            # A rebuild after one file was saved: one event and its players. Forking workers
            # from a process that holds a large archive (its page tables copied) cost more
            # than rendering them here; not so a mass event's pages (a round saved in it).
            workers = 1
        if not can_fork():  # the workers inherit _JOB: where the platform cannot fork, here
            workers = 1
        _JOB.update(site=site, jobs=jobs, persons=persons, bulletins=bulletins, env_for=env_for, root=out.root,
                    whole=whole or (lambda result: result), alongside=alongside)
        try:
            if workers <= 1:
                self.shares = [_render_share(([(i, 0, 1) for i in range(len(jobs))], list(range(len(persons)))))]
                return
            # One event per task, big events first (a mass event's entries' pages in several
            # tasks), then the persons in small batches: each worker takes the next task when it
            # is free, so that all finish together.
            order = sorted(range(len(jobs)), key=lambda i: -sizes[i])
            shares: list[Share | int] = []
            for i in order:
                # One share a worker (entry_shares: share 0, which renders the event's own pages
                # too, has fewer entries): a table's shared parts are made again in each share
                # that shows it, and a mass event's 2 x workers shares made them again for a
                # third more of its tables (a 1,000-team Swiss: 8,086 tables rendered for
                # 3,500 in its four shares, 6,412 in two).
                parts = workers if sizes[i] >= SPLIT_ENTRIES else 1
                # An event's whole pages as its number alone (_share): held, wave after wave, by
                # this process and every worker forked from it (as three tuples each, 0.3 MiB
                # at 2,000 events, while the workers rendered).
                shares += [i] if parts == 1 else [(((i, k, parts),), ()) for k in range(parts)]
            by_persons, rows = _person_tasks(persons, workers)
            # In waves of WAVE_TASKS tasks a worker, each forked afresh: a worker copies pages of
            # the heap it inherits as it renders (generator/forking.py), and a large archive's
            # workers grew by 30 MB each over their thousand events. The persons' pages, which
            # read the rows of many events each, in waves of their own, of PERSON_WAVE_ROWS rows
            # a worker: a persons' worker touches every event its rows list (their lines, in
            # the build's heap, are copied), and the lone wave of 2,000 events' persons grew
            # each worker from 33 to 47 MiB, the build's peak (its processes' PSS, summed).
            # The first wave renders while the caller goes on; the others, in `finish`.
            wave = WAVE_TASKS * workers
            if len(shares) <= wave and (sum(rows) <= PERSON_WAVE_ROWS * workers or _few_events(persons)):
                # A small site: one wave. So too a site whose persons' pages list few events (a
                # mass event's 10,000 players, one row each): a persons' worker copies what their
                # rows touch, those few events, however many rows; in waves of PERSON_WAVE_ROWS,
                # two workers more were forked, each copying the mass event's pages again as it
                # read them (a tenth of a second of processor time each and every task after), and
                # each wave waited for its slower worker.
                self.waves = [shares + by_persons]
            else:
                self.waves = [shares[start:start + wave] for start in range(0, len(shares), wave)]
                persons_waves = _person_waves(by_persons, rows, PERSON_WAVE_ROWS * workers)
                # A mass event's shares are few and uneven (its share 0 renders the event's own
                # pages too): alone in their wave, one worker waited for the other's last share
                # before the persons' first wave was forked. That wave joins them, so that a
                # worker done with its shares takes persons' pages meanwhile. So too when the
                # events' pages are one wave (up to WAVE_TASKS tasks a worker: a few hundred
                # events): the persons' first wave was forked anew after it, a wait for the
                # slower worker and two processes more (200 events: one events' wave, then three
                # persons' waves). Such a worker renders at most what an events' wave and a
                # persons' wave render apart, whatever the archive; a larger archive's (several
                # events' waves: 2,000 events) keep them apart, as measured for its peak.
                if self.waves and persons_waves and (len(self.waves) == 1 or _one_event_split(self.waves[-1])):
                    self.waves[-1] = self.waves[-1] + persons_waves.pop(0)
                self.waves += persons_waves
            if alongside is not None:
                # After the events' shares of the last wave (the largest tasks: taken first), before
                # the persons' small ones, which the other worker takes meanwhile: all end together.
                last = self.waves[-1]
                at = next((n for n, task in enumerate(last) if isinstance(task, tuple) and not task[0]), len(last))
                last.insert(at, ALONGSIDE)
            self.workers = workers
            self._fork(self.waves.pop(0))
        finally:
            if self.pool is None:
                _JOB.clear()

    def _fork(self, shares: list[Share | int]) -> None:
        # The workers inherit the heap, frozen: their cycle collector then walks only their own
        # objects and copies no inherited page (_start_worker). They are all forked at the
        # first submit.
        gc.freeze()
        try:
            self.pool = forked_pool(min(self.workers, len(shares)), initializer=_start_worker)
            try:
                self.futures = []
                for share in shares:
                    if share is ALONGSIDE:
                        self._alongside_future = self.pool.submit(_render_alongside)
                    else:
                        self.futures.append(self.pool.submit(_render_share_packed, _share(share)))
            except BaseException:  # not forked (out of memory?), or interrupted: nothing left behind
                self.abandon()
                raise
        finally:
            gc.unfreeze()

    def wait(self) -> None:
        """Wait for the workers (forking each wave after the last). What each task wrote is kept
        as it came, packed (`_render_share_packed`), until `finish`: unpacked as they came, the
        files and pages of a 2,000-event archive grew this process by 35 MB while the workers
        rendered, and every wave's workers were forked from it (and copied from it). Packed, each
        lies in a file (caches.Spill: `_reports`) once it has come, its future let go: held in
        the heap, they grew this process with the archive to the workers' end, the build's own
        peak (2 MB at 2,000 events, 0.2 MB at 200)."""
        if self.pool is not None:
            self.shares = []
            self._reports = caches.file_spill()
            try:
                while True:
                    futures, self.futures = self.futures, []
                    for number, future in enumerate(futures):
                        packed = future.result()
                        futures[number] = None  # (the future held its result)
                        self.shares.append(self._reports.put(packed) if self._reports and isinstance(packed, bytes) else packed)
                        del packed, future
                    if self._alongside_future is not None:
                        try:
                            self.alongside = self._alongside_future.result()
                        except Exception:  # noqa: BLE001 - it failed: its caller makes it itself (render_site)
                            self.alongside = None
                        self._alongside_future = None
                    self.pool.shutdown()
                    if not self.waves:
                        break
                    self._fork(self.waves.pop(0))
            finally:
                self.pool.shutdown(cancel_futures=True)
                _JOB.clear()
                self.pool = None

    def finish(self) -> dict[str, EventPages]:
        """What each part wrote, packed again part by part as the record keeps it
        (RenderedPages) as each task's report is unpacked, and the report let go: the parts'
        files, stamps and pages are never all unpacked at once (at 2,000 events they were,
        from here until the record was written: 40 MB of this process's peak)."""
        self.wait()
        made: dict[str, EventPages] = {}
        spill = caches.file_spill()  # what is packed of each part, out of the heap (RenderedPages)
        shares, self.shares = self.shares[::-1], []
        while shares:
            packed = shares.pop()
            if isinstance(packed, int):  # where it lies (`wait`)
                packed = self._reports.get(packed)
            share, stamps = pickle.loads(zlib.decompress(packed)) if isinstance(packed, bytes) else packed
            del packed
            for part, pages in share.items():
                if part in made:  # another share of a large event's pages (its shares come in order)
                    before = made[part]
                    stamps.update(zip(before.files, before.stamps))
                    pages = EventPages(pages.key, before.files + pages.files, before.pages + pages.pages)
                made[part] = rendered_pages(pages, stamps, spill)
            del share, stamps
        self.out.rendered_parts.extend(made.values())
        return made

    def abandon(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
            _JOB.clear()
            self.pool = None


SPLIT_ENTRIES = 1_000  # entries from which an event's pages are rendered by several tasks
ALONGSIDE = "alongside"  # where, among a wave's tasks, _Rendering's `alongside` task is taken
PERSON_WAVE_EVENTS = 8  # events the persons' pages list in all, up to which they are one wave (_few_events)
WAVE_TASKS = 250  # tasks a render worker takes before it is forked afresh (_Rendering)
PERSON_TASK_ROWS = 500  # rows (a person's events on one page) in a task of persons' pages, about
PERSON_WAVE_ROWS = 2_500  # rows a render worker takes in a wave of persons' pages, about


Share = tuple[list[tuple[int, int, int]], list[int]]  # a render task: (event, k, n) shares, persons' indexes


def _person_tasks(persons: list[tuple[Person, str, int]], workers: int) -> tuple[list[Share], list[int]]:
    """The persons' pages in tasks, in their order: a task ends at PERSON_TASK_ROWS rows, or at
    an eighth of a worker's share of the persons (a small site's: each worker takes the next
    task when it is free, so that all finish together). The tasks, and each one's rows."""
    most = max(1, len(persons) // (8 * workers))
    tasks: list[Share] = []
    rows: list[int] = []
    for index, (person, _, number) in enumerate(persons):
        page = min(PLAYER_EVENTS, len(person.slugs) - (number - 1) * PLAYER_EVENTS)
        if not tasks or rows[-1] >= PERSON_TASK_ROWS or len(tasks[-1][1]) >= most:
            tasks.append(([], []))
            rows.append(0)
        tasks[-1][1].append(index)
        rows[-1] += max(page, 1)
    return tasks, rows


def _few_events(persons: list[tuple[Person, str, int]]) -> bool:
    """Whether the pages of `persons` list PERSON_WAVE_EVENTS events or fewer in all."""
    listed: set[str] = set()
    for person, _, number in persons:
        listed.update(person.slugs[(number - 1) * PLAYER_EVENTS:number * PLAYER_EVENTS])
        if len(listed) > PERSON_WAVE_EVENTS:
            return False
    return True


def _share(task: Share | int) -> Share:
    """A render task as _render_share takes it: an event's number alone stands for its whole pages."""
    return (((task, 0, 1),), ()) if isinstance(task, int) else task


def _one_event_split(tasks: list[Share | int]) -> bool:
    """Whether `tasks` are the shares of one event alone, split among the workers (SPLIT_ENTRIES)."""
    parts = [part for event_parts, persons in map(_share, tasks) for part in event_parts]
    return (len(parts) == len(tasks) and len({index for index, _, _ in parts}) == 1
            and all(shares > 1 for _, _, shares in parts))


def _person_waves(tasks: list[Share], rows: list[int], limit: int) -> list[list[Share]]:
    """The persons' tasks in waves of about `limit` rows each (every wave at least one task)."""
    waves: list[list[Share]] = []
    held = limit
    for task, count in zip(tasks, rows):
        if held + count > limit and (not waves or waves[-1]):
            waves.append([])
            held = 0
        waves[-1].append(task)
        held += count
    return waves

# In a worker (_start_worker): the cycle collector runs at the start of each task.
_COLLECT_EACH_TASK = False
WORKER_COLLECTS_AFTER = 50_000  # new objects a worker makes before its collector runs by itself


def _start_worker() -> None:
    """A render worker's cycle collector: run once at the start of each task (an event, or a
    batch of persons) on what the tasks before made, and by itself only past
    WORKER_COLLECTS_AFTER new objects (a mass event's share of its pages), not every 700. A page
    no longer leaves cycles (fast_jinja empties its contexts once it is rendered), but run every
    700 new objects the collector would still walk, again and again, the event being rendered and
    all the worker kept. Between tasks, the last task's objects are garbage, walked once (workers'
    processor time 6% less at 200 events, the same peak memory)."""
    global _COLLECT_EACH_TASK
    gc.set_threshold(WORKER_COLLECTS_AFTER, 1_000, 1_000)  # the older generations: hardly ever
    gc.enable()
    _COLLECT_EACH_TASK = True


def _render_share(share: tuple[list[tuple[int, int, int]], list[int]],
                  ) -> tuple[dict[str, EventPages], dict[str, tuple[int, int]]]:
    """What each event (its share k of n: render_event's `part`) and each person of the share
    wrote, and the files' stamps (OutputTree.stamps)."""
    if _COLLECT_EACH_TASK:
        gc.collect(1)  # the young objects: what the worker made since (survivors go to the oldest)
    site, jobs, persons = _JOB["site"], _JOB["jobs"], _JOB["persons"]
    event_parts, person_indexes = share
    made, stamps = {}, {}
    for index, k, n in event_parts:
        summary, key = jobs[index]
        result = _JOB["whole"](summary)  # read back here, and let go once its pages are written
        tree = OutputTree(_JOB["root"])
        writer = SiteWriter(site, tree)
        render_event(_JOB["env_for"](result.event.locale or site.locale), site, result,
                     _JOB["bulletins"].get(result.event.slug, []), writer, (k, n))
        made[result.event.slug] = EventPages(key, tree.written, writer.pages)
        stamps.update(tree.stamps)
    env = _JOB["env_for"](site.locale)
    for index in person_indexes:
        person, key, number = persons[index]
        tree = OutputTree(_JOB["root"])
        writer = SiteWriter(site, tree)
        render_player(env, writer, person, number)
        made[player_page_part(person, number)] = EventPages(key, tree.written, writer.pages)
        stamps.update(tree.stamps)
    return made, stamps


def _render_alongside() -> Any:
    """_Rendering's `alongside` task, in a worker, which inherited it (_JOB): what it returns is
    sent back pickled. Made, as by the build's own process, without the cycle collector."""
    if _COLLECT_EACH_TASK:
        gc.collect(1)
    gc.disable()
    try:
        return _JOB["alongside"]()
    finally:
        if _COLLECT_EACH_TASK:
            gc.enable()


def _render_share_packed(share: tuple[list[tuple[int, int, int]], list[int]]) -> bytes:
    """_render_share in a worker, what it wrote pickled and compressed (its paths repeat):
    held so by the build until every worker is done (`_Rendering.wait`)."""
    return zlib.compress(pickle.dumps(_render_share(share), protocol=pickle.HIGHEST_PROTOCOL), 1)


PLAYER_YEAR_HEADINGS = 20  # past this many events in all, a player's rows are headed by year
PLAYER_EVENTS = 100  # events a player's page lists: players/<key>/ the newest 100, players/<key>/page-2/ the next, …


def player_page_part(person: Person, number: int) -> str:
    """How page `number` of a player's pages is recorded beside the events (incremental.py)."""
    return player_part(person.key) if number == 1 else f"{player_part(person.key)}/page-{number}"


def player_pages_years(person: Person, pages: list[list[str]]) -> list[str]:
    """Each page of a person's events by the years it covers, oldest to newest ("2016\u20132017"):
    the pages are split by position (PLAYER_EVENTS, newest first, page-<n> URLs stable), and a
    member looking for 2016 guessed "page 6 of 6". A page of undated events alone: "\u2014"."""
    labels = []
    for page in pages:
        years = person.years(page)
        labels.append(_span(min(years), max(years)) if years else "\u2014")
    return labels


def rows_by_year(rows: list[Any]) -> list[tuple[int | None, list[Any]]]:
    """A page's rows (newest first) as runs of one year each, (year, rows); an undated event's year None."""
    runs: list[tuple[int | None, list[Any]]] = []
    for row in rows:
        dates = row.result.event.dates
        year = dates[0].year if dates else None
        if not runs or runs[-1][0] != year:
            runs.append((year, []))
        runs[-1][1].append(row)
    return runs


def render_player(env: jinja2.Environment, writer: SiteWriter, person: Person, number: int = 1) -> None:
    """Page `number` of a person's page: their events, newest first, PLAYER_EVENTS a page (the
    first with their totals); the pager names each page by its years, and the rows of a person of
    many events are headed by year."""
    pages = chunks(person.slugs, PLAYER_EVENTS)
    slugs = pages[number - 1]
    rows = person.rows(slugs) if len(pages) > 1 else person.events
    days = [last_day(row.result) for row in rows if row.result.event.dates]
    links = [(url, label) for (url, _), label in zip(paged(pages, player_url(person), lambda start, page: ""),
                                                      player_pages_years(person, pages))]
    positions = _span((number - 1) * PLAYER_EVENTS + 1, (number - 1) * PLAYER_EVENTS + len(slugs))
    runs = rows_by_year(rows) if len(person.slugs) > PLAYER_YEAR_HEADINGS else [(None, rows)]
    # the places column is headed "final place" only where every place shown is one (player.html)
    places_final = not any(row.final and not row.final_place for row in rows)
    writer.page(env, page_url(player_url(person), number), "player.html", max(days, default=None), person=person,
                runs=runs if len(runs) > 1 else [(None, rows)], pages=links, page_number=number,
                positions=positions, places_final=places_final)
    person.forget_rows()


def _first_day(result: EventResult) -> str:
    day = first_day(result)
    return day.isoformat() if day is not None else ""


def by_month(results: list[EventResult | EventSummary]) -> list[tuple[int, list[EventResult | EventSummary]]]:
    """A year's events (newest first) as runs of one month each, (month, events); the undated's month is 0."""
    months: list[tuple[int, list[EventResult | EventSummary]]] = []
    for result in results:
        day = first_day(result)
        month = day.month if day is not None else 0
        if not months or months[-1][0] != month:
            months.append((month, []))
        months[-1][1].append(result)
    return months


def year_page_of(result: EventResult | EventSummary) -> str | None:
    """The archive's page of the event's year, when the archive is split by year (render_site
    says so, before any event's page is made); None while the archive is one page."""
    return year_url(None, _year(result)) if _YEAR_PAGES else None


# Whether this build's archive is split into a page a year (more than ARCHIVE_EVENTS events): an
# event's breadcrumb leads to its year's page then. Set by render_site before the workers fork
# (they inherit it) and part of every page's key (`shared`), so that an event's pages kept from a
# build on the other side of the threshold are made again.
_YEAR_PAGES = False


def _year(result: EventResult | EventSummary) -> str:
    """The year the archive lists the event in: its first day's."""
    day = first_day(result)
    return str(day.year) if day is not None else "—"


def render_event(env: jinja2.Environment, site: Site, result: EventResult, bulletins: list[tuple[str, str, int]],
                 writer: SiteWriter, part: tuple[int, int] = (0, 1), entries: bool = True) -> None:
    """The event's pages and files; `part` (k, n): only its share k of n, for a large event
    rendered by several processes (`_Rendering`): the entries' pages whose place in the entry
    list is k modulo n, and, in share 0, every other page and file. `entries`: False, without
    the entries' pages."""
    global _SHARED_PARTS, _shared_bytes, _SHOWN_HERE
    _SHARED_PARTS, _shared_bytes = {}, 0
    places = entry_shares(result, part[1]) if entries else {}
    _SHOWN_HERE = (part[0], part[1], places, 1 if part[0] == 0 else 0)
    try:
        _render_event(env, site, result, bulletins, writer, part, entries)
    finally:
        _SHARED_PARTS, _shared_bytes, _SHOWN_HERE = None, 0, None


def entry_shares(result: EventResult, shares: int) -> dict[str, int]:
    """Which of `shares` processes renders each entry's page (render_event's `part`): the entries
    in the order they sat at the last round's tables (the rest after them, in entry order), cut
    into runs, share 0's half as long as the others' (it renders the event's own pages too, a
    quarter of a mass event's work: so its worker is done with the others when the event is
    rendered alone, a round saved). A table's shared parts (shared_part, shared_rows) are made
    once in each share that shows them, and share 0 shows every table on its round's page:
    dealt out in turn (k modulo n), a table's teams were spread over the shares; opponents of a
    Swiss sit near each other in its later rounds, at tables in the order of their standing.
    A 1,000-team, 7-round Swiss (3,500 tables) in two shares: 6,412 tables rendered, against
    6,103 dealt in turn in equal shares (their balance left to the persons' pages) and 8,086 in
    the four shares dealt in turn it had before (3,000 teams: 19,209, 18,388, 24,305)."""
    ids = list(result.event.entries)
    if shares <= 1:
        return dict.fromkeys(ids, 0)
    order: dict[str, None] = {}
    for stage in reversed(result.stages):
        if stage.rounds:
            for score in stage.rounds[-1].tables:
                order.update(dict.fromkeys(team for team in score.table.sides if team in result.event.entries))
            break
    order.update(dict.fromkeys(ids))
    units = 2 * shares - 1  # share 0 one unit of entries, each other share two
    return {entry_id: (place * units // len(order) + 1) // 2 for place, entry_id in enumerate(order)}


def render_event_alone(site: Site, result: EventResult, bulletins: list[tuple[str, str, int]], out: OutputTree,
                       people: People | PeopleInOneEvent, kept: dict[Any, Any] | None = None) -> None:
    """One event's own pages and files but its entries' pages into `out`, as `render_site`
    renders them (the same environment, kept in `kept` between serve's builds, following
    `people`: who is who in this event is all its pages ask of it), in this process and nothing
    else: serve's first step after a results file was saved (build.py's build_event_first),
    before the whole site is rebuilt. The entries' pages (half the event's rendering: each shows
    every table its entry played) come with the whole rebuild, a moment later."""
    env = _environment_for(result.event.locale or site.locale, people, False, kept, content_locale_of(site))
    render_event(env, site, result, bulletins, SiteWriter(site, out), entries=False)


def _render_event(env: jinja2.Environment, site: Site, result: EventResult, bulletins: list[tuple[str, str, int]],
                  writer: SiteWriter, part: tuple[int, int] = (0, 1), entries: bool = True) -> None:
    event = result.event
    game = GAMES[event.game]
    day = last_day(result) if event.dates else None
    pages_of_rounds = round_pages(result)
    # (each stage's boards' pages: a table's board links lead to the page holding its line)
    pages_of_boards = {s.stage.id: traveller_pages(game, event, s) for s in result.stages}
    common = dict(event=event, game=game, result=result, pages_of_rounds=pages_of_rounds, pages_of_boards=pages_of_boards)
    table_template = f"games/{event.game}_table.html"
    share, shares = part
    if share == 0:
        _event_pages(env, result, bulletins, writer, day, common)
    if not entries:  # (serve's first step: the entries' pages come with the whole rebuild)
        return
    # Each stage's tables, by entry, gathered once (not searched again for every entry).
    seats = [seated(s) for s in result.stages]
    # The list of matches names a round partly entered too (its tables uncounted, their results
    # on the round's page): the same seats where no round is partly entered.
    listed = [seated(s, every=True) if any(r.partial for r in s.rounds) else found
              for s, found in zip(result.stages, seats)]
    standings = [s.standings_by_entry() for s in result.stages]
    positions = [standings_positions(s.standings) for s in result.stages]
    facts = [stage_facts(game, s) for s in result.stages]  # (once a stage, not once an entry)
    # A share's entries in the order entry_shares deals them (opponents at the last round's
    # tables one after the other), not in the entries' order: a table's shared parts are kept
    # from its first showing to its last (shared_part), and so for fewer pages between.
    share_of = entry_shares(result, shares) if shares > 1 else dict.fromkeys(event.entries, 0)
    for entry in [event.entries[entry_id] for entry_id, dealt in share_of.items() if dealt == share]:
        appearances = [
            EntryStage(s, ranked.get(entry.id), matches.get(entry.id, []),
                       match_lines(game, event, s, entry.id, lines.get(entry.id, []), pages_of_rounds, found))
            for s, matches, lines, ranked, found in zip(result.stages, seats, listed, standings, facts)
        ]
        appearances = [a for a in appearances if a.standing is not None or a.matches or a.summary.lines]
        places = {s.stage.id: found.get(entry.id) for s, found in zip(result.stages, positions)}  # (its row on which page)
        writer.page(env, entry_url(event, entry.id), "entry.html", day, entry=entry, appearances=appearances,
                    row_positions=places, table_template=table_template, own_entry=entry.id, **common)


def _event_pages(env: jinja2.Environment, result: EventResult, bulletins: list[tuple[str, str, int]],
                 writer: SiteWriter, day: dt.date | None, common: dict[str, Any]) -> None:
    """Every page and file of the event but its entries' pages."""
    event = result.event
    game = GAMES[event.game]
    pages_of_rounds = common["pages_of_rounds"]
    notices = [render_notice(path) for path in event.notices]
    travellers_of = {s.stage.id: _travellers(game, s) for s in result.stages}
    # The boards a stage's header counts: the session's, by its movement (27 before, during and
    # after play, not the boards entered so far), else those its board-by-board pages show (an
    # imported 13-round session's 26, not `boards:`, the 2 a round); `boards:` where the game has
    # no such pages or no board has a result yet.
    # (a late pair's rounds drawn since round 1 follow the movement with it in the sit-out's
    # seat, or at a table added: followed, and counting its 14 boards, not the 12 entered)
    followed = {s.stage.id: followed_movement(event, s) for s in result.stages}  # (built once a stage)
    boards_played = {s.stage.id: (followed[s.stage.id].session_boards if followed[s.stage.id] else 0)
                     or len(travellers_of[s.stage.id]) or s.stage.boards for s in result.stages}
    writer.page(env, event_url(event), "event.html", day, notices=notices, bulletins=bulletins,
                boards_played=boards_played, year_page=year_page_of(result), **common)
    table_template = f"games/{event.game}_table.html"
    for stage_result in result.stages:
        stage = stage_result.stage
        travellers = travellers_of[stage.id]
        # The standings, PAGE_ROWS a page: the first on the stage page, with its rules. Before any
        # of its tables has a result, its entries in their place (a scheduled event shows its
        # entries, event-day.md), on the same pages: a knockout's bracket lists its own.
        field = not stage_result.standings and not stage_result.bracket and bool(stage_result.field)
        listed = list(stage_result.field) if field else stage_result.standings
        pages = standings_pages(event, stage.id, listed, None if field else env.globals["ranks_said"])
        rows = chunks(listed, PAGE_ROWS)
        writer.page(env, stage_url(event, stage.id), "stage.html", day, stage_result=stage_result,
                    stage=stage, next_stage=_next_stage(result, stage_result), travellers=travellers,
                    boards_played=boards_played[stage.id],
                    movement=movement_card(event, stage_result, followed[stage.id]) if followed[stage.id] else None,
                    rows=rows[0], pages=pages, page_number=1,
                    field=field, **common)
        for number in range(2, len(pages) + 1):
            writer.page(env, pages[number - 1][0], "standings.html", day, stage_result=stage_result, stage=stage,
                        rows=rows[number - 1], pages=pages, page_number=number, field=field, **common)
        # Each board's traveller, its lines in pages by table (TravellerPages): every page with the
        # board's hands and frequency, its lines those of its tables.
        paging = common["pages_of_boards"][stage.id]
        spans = paging.spans()
        for position, traveller in enumerate(travellers):
            neighbours = [travellers[i].board if 0 <= i < len(travellers) else None
                          for i in (position - 1, position + 1)]
            url = board_url(event, stage.id, traveller.board)
            if paging.count == 1:
                writer.page(env, url, "board.html", day,
                            stage_result=stage_result, stage=stage, traveller=traveller, neighbours=neighbours,
                            traveller_template=f"games/{event.game}_traveller.html", pages=[], page_lines=None,
                            **common)
                continue
            by_page: list[list[Any]] = [[] for _ in spans]
            for line in traveller.lines:
                by_page[paging.page_of(line.table) - 1].append(line)
            links = [(page_url(url, n), span) for n, span in enumerate(spans, 1)]
            for number, lines in enumerate(by_page, 1):
                writer.page(env, page_url(url, number), "board.html", day,
                            stage_result=stage_result, stage=stage, traveller=traveller, neighbours=neighbours,
                            traveller_template=f"games/{event.game}_traveller.html", page_lines=lines,
                            pages=links, page_number=number,
                            page_tables=env.globals["t"]("tables_span", span=spans[number - 1], total=len(paging.drawn)),
                            **common)
        # A barometer's standings after each round (tournament/after_rounds.py: the game's, as of
        # each round by the stage's rule for a withdrawn pair).
        after = _standings_after(event, stage_result, env.globals["t"])
        for round_result in stage_result.rounds:
            # A knockout round of the final and the third-place play-off: each table's heading
            # names its match, as the round's draw and results notices do.
            match_names = named_tables(stage_result.bracket, round_result.number, env.globals["t"].locale) \
                if stage_result.bracket is not None else {}
            # PAGE_TABLES tables a page (tables_a_page), in table order; the first keeps the round's URL.
            shown = pages_of_rounds[(stage.id, round_result.number)].chunks
            url = round_url(event, stage.id, round_result.number)
            # A bye or a sit-out is no table (no_table_word): not counted among the round's
            # tables, nor in a page's span of table numbers; a page of it alone is named so.
            say, name_of = env.globals["t"], env.globals["table_name_of"]
            # (a pairs table whose pair withdrew, its opponent sitting out, is the table drawn:
            # pairing.drawn_sides)
            played = [[score.table.number for score in tables if no_table_word(stage.format, drawn_sides(score)) is None]
                      for tables in shown]
            # (A round written with no tables yet, `tables: []`, is one page of none: no label.)
            labels = [_span(numbers[0], numbers[-1]) if numbers else name_of(stage.format, tables[0]) if tables else ""
                      for numbers, tables in zip(played, shown)]
            label_of = dict(zip(map(id, shown), labels))
            links = paged(shown, url, lambda _, tables: label_of[id(tables)])
            total = sum(map(len, played))
            # the same on each of the round's pages, so found once a round: each asked at every page
            # of a mass round (50 tables a page) went through all of its tables (issue 23)
            left_out = named_ids(event, withdrawn_undrawn(event, stage_result, round_result))
            for number, tables in enumerate(shown, 1):
                # what the page holds: its tables of the round's, or the bye it holds alone
                page_tables = say("tables_span", span=labels[number - 1], total=total) if played[number - 1] \
                    else labels[number - 1]
                writer.page(env, page_url(url, number), "round.html", day,
                            stage_result=stage_result, stage=stage, round_result=round_result, tables=tables,
                            pages=links, page_number=number, table_template=table_template, match_names=match_names,
                            page_tables=page_tables, left_out=left_out,
                            after_round=after.get(round_result.number) if number == 1 else None, **common)
    # Compact: json's C encoder only runs without `indent` (indented, this file took a tenth of
    # the whole build). Without its check for cycles: results_json makes a tree (its 160,000
    # dicts at 200 events, each one's id kept and dropped again by the check, were an eighth
    # of the encoding); the same text.
    writer.out.write_text(f"events/{event.slug}/results.json", json.dumps(
        results_json(result), ensure_ascii=False, separators=(",", ":"), check_circular=False, default=_json_list)
        + "\n")
    # The same results as a spreadsheet (standings, tables, travellers), byte-reproducible, in
    # the event's words as its pages are; its travellers sheet from the board pages' travellers,
    # not found again (a second pass over every table of every duplicate stage).
    from generator.interchange.spreadsheet import workbook_bytes

    writer.out.write_bytes(f"events/{event.slug}/results.xlsx",
                           workbook_bytes(result, env.globals["t"], travellers_of))


def _standings_after(event: Any, stage_result: StageResult, translate: Translator) -> dict[int, Any]:
    """Each round's standings so far (tournament/after_rounds.py: the game's, with the stage's
    rule for a withdrawn pair as of that round), each figure said as the stage's standings say
    it: a percentage to two places (50.00, where 50.0 was printed), IMPs as number_text, "—" for
    a pair with no board scored yet (its figure None); its remarks (退赛, and why it has no
    place) in the words, order and tags of the stage's standings (remark_text, _REMARK_TAGS)."""
    found = standings_after_rounds(event, stage_result)
    metric = next((m for m in stage_result.stage.rank_by if m != "lot"), "")
    return {number: [(place, entry, "—" if figure is None else metric_text(metric, figure),
                      [(_REMARK_TAGS.get(remark.kind, ""), remark_text(translate, remark)) for remark in remarks]
                      if remarks else ())
                     for place, entry, figure, remarks in rows] for number, rows in found.items()}


def _travellers(game: Any, stage_result: StageResult) -> list[Any]:
    """A duplicate stage's boards, each with every table's result, when the game provides them
    (`RULES.travellers(stage, rounds)`, each item with a `board` number); else none."""
    if not stage_result.rounds:
        return []
    return list(game.travellers(stage_result.stage, stage_result.rounds))


def _next_stage(result: EventResult, stage_result: StageResult) -> StageResult | None:
    advance = stage_result.stage.advance
    return result.stage_of(advance.to) if advance else None


# --- an entry's whole event, match by match -------------------------------------------------


@dataclass
class MatchLine(MatchRow):
    """One match of an entry as the entry page's summary shows it (tournament/running.py's
    row), with its link: the round page, at this table."""

    url: str = ""


@dataclass
class MatchSummary:
    metrics: list[str]  # metric names, the stage's rank_by order
    lines: list[MatchLine]
    running: bool = True  # a running total column (not a knockout's: RunningTotals.running)
    stage_format: str = ""  # (a table of one side is named for it: pairing.no_table_word)


@dataclass
class EntryStage:
    stage_result: StageResult
    standing: Standing | None
    matches: list[tuple[int, Any, int]]
    summary: MatchSummary


def match_lines(game: Any, event: Event, stage_result: StageResult, entry_id: str,
                matches: list[tuple[int, Any, int]] | None = None, pages: RoundPages | None = None,
                facts: StageFacts | None = None) -> MatchSummary:
    """The entry's matches in one stage with each ranking metric, match by match and running
    (tournament/running.py computes them), each linked to its table on the round's page.
    `facts`: the stage's (running.stage_facts), when the caller has them for every entry."""
    totals = running_totals(game, stage_result, entry_id, matches, facts)
    lines: list[MatchLine] = []
    new = object.__new__
    for row in totals.rows:
        # The row's fields and its link, as MatchLine(**vars(row), url=…) makes them, without
        # the keywords' dict and the dataclass's __init__ (some 30,000 lines at 200 events).
        line = new(MatchLine)
        line.__dict__.update(row.__dict__, url=table_url(event, stage_result, row.round, row.table, pages))
        lines.append(line)
    return MatchSummary(totals.metrics, lines, totals.running, stage_result.stage.format)


def results_json(result: EventResult) -> dict[str, Any]:
    """The machine-readable result of outputs.md; only public fields, by construction."""
    event = result.event
    stages = []
    for stage_result in result.stages:
        stage = stage_result.stage
        standings = [
            {
                "rank": s.rank,
                "entry": s.entry.id,
                "metrics": {m: _json_number(s.tally.metrics.get(m)) for m in stage.rank_by},
                "qualified": s.qualified,
                "prize": s.prize.name if s.prize else None,
                # the prize of its place, left vacant because it withdrew (award_prizes); absent
                # otherwise, so that results.json is unchanged where nobody withdrew
                **({"prize_vacant": s.prize_vacant.name} if s.prize_vacant else {}),
                "forfeit": s.tally.forfeited,
                "withdrawn": marked_withdrawn(s, stage.id),  # in this stage, by now (standings.marked_withdrawn)
                # not ranked (rank null): withdrawn having taken part in under half the rounds of a
                # stage ranked by a percentage (Standing.under_half); absent otherwise, so that
                # results.json is unchanged where nobody withdrew so
                **({"under_half": True} if s.under_half else {}),
                # the lot decided whether it qualifies (抽签: equal on every metric before `lot`
                # with an entry across the cut; the stage page's mark, the qualify-lot warning's)
                "by_lot": s.by_lot,
                # a knockout's place after its bracket's, given by this stage's ranking (`then:`);
                # absent otherwise, so that results.json is unchanged where no stage has `then:`
                **({"placed_by": s.placed_by} if s.placed_by else {}),
                # the field it is ranked in where a stage ranks fields apart (a two-winner
                # Mitchell: "NS", "EW"), or its rank 1 is one of two with nothing saying which;
                # absent otherwise, so that results.json is unchanged for one field
                **({"field": s.field} if s.field else {}),
                # ranked to go on to this stage's next one but withdrawn from it, so not qualified
                # (its `withdrawn` here is false: it played this stage through); absent otherwise
                **({"withdrawn_next": s.withdrawn_next} if s.withdrawn_next else {}),
                # penalties and awards in its totals (bridge `adjustments`), with their reasons: its
                # metrics are not the sum of its matches; absent where there are none
                **({"adjustments": [{"metric": metric, "value": _json_number(value), "reason": reason or None}
                                    for metric, value, reason in s.tally.adjustments]}
                   if s.tally.adjustments else {}),
            }
            for s in stage_result.standings
        ]
        rounds = [
            {
                "round": r.number,
                "complete": r.complete,
                "tables": [
                    {
                        "table": score.table.number,
                        "sides": score.table.sides,
                        "winner": score.winner,
                        # no result yet (drawn, or one room in): its `winner` null is not a
                        # draw (outputs.md's null), nor does it count in the standings
                        "pending": r.drawn_only or score.table.number in r.pending_tables,
                        # a double forfeit's both sides, as the file writes it (`winner` null
                        # alone reads as a draw: outputs.md)
                        "forfeit": list(score.table.sides) if score.table.both_forfeit else score.table.forfeit,
                        "boards": score.boards,
                        **score.extra,
                    }
                    for score in r.tables
                ],
            }
            for r in stage_result.rounds
        ]
        stages.append({
            "id": stage.id, "name": stage.name, "format": stage.format, "rank_by": stage.rank_by,
            "status": stage_result.status, "rounds_played": stage_result.rounds_played,
            "standings": standings, "byes": [e.id for e in stage_result.byes],
            "qualifiers": [e.id for e in stage_result.qualifiers], "rounds": rounds,
            "late": {entry_id: missed for entry_id, missed in stage_result.late.items()},
            # Rounds drawn on standings a corrected result has changed since (the stage page's
            # note): the round, the entries concerned, and the standings it was drawn on, those
            # after the round before, or a knockout's round 1 the seeding stage's.
            "stale_draws": [_stale_draw_json(stage_result, draw) for draw in stage_result.stale_draws],
            **({"bracket": _bracket_json(stage_result.bracket)} if stage_result.bracket is not None else {}),
        })
    return {
        "event": {
            "slug": event.slug, "title": event.title, "game": event.game, "organizer": event.organizer,
            "venue": event.venue, "dates": [d.isoformat() for d in event.dates], "status": result.status,
        },
        "entries": [
            {"id": e.id, "name": e.name, "players": [p.name for p in e.players], "group": e.group,
             "bye": e.bye, "substitute": e.substitute, "withdrawn": e.withdrawn,
             # the stage whose rounds `withdrawn` counts, in an event of several (None: one stage)
             "withdrawn_stage": e.withdrawn_stage}
            for e in event.entries.values()
        ],
        "stages": stages,
        "credits": [{"name": c.name, "group": c.group, "points": c.points} for c in result.credits],
    }


def _stale_draw_json(stage_result: StageResult, draw: StaleDraw) -> dict[str, Any]:
    # what the correction moved: the primary scores the draw read and today's, and the tables
    # corrected where those figures tell them (tournament/stale.py); a knockout's, of the stage
    # seeding it (its round 1 drawn on that stage's standings after its last round)
    # (a Swiss or round robin drawn from qualifiers corrected since: its round 1, as a knockout's)
    drawn_on = {"stage": stage_result.drawn_from} if stage_result.drawn_from and draw.round == 1 \
        else {"after_round": draw.round - 1}
    return {"round": draw.round, "entries": list(draw.entries), "drawn_on": drawn_on,
            "moved": {entry: {"drawn_on": _json_number(was), "now": _json_number(now)} for entry, (was, now) in draw.moved.items()},
            "tables": [{"round": number, "table": table} for number, table in draw.tables],
            # whom a draw made on today's standings would seat otherwise (pairing.pairing_changes)
            "paired": list(draw.paired)}


def _bracket_json(bracket: Any) -> dict[str, Any]:
    """A knockout's bracket (tournament/knockout.py): seeds, byes, and every match with its sides
    (an entry id, or where it comes from: {"winner_of": 5}, {"seed": 3}; null when nobody comes
    from there), its table and winner (`void`: not played, nobody through, both sides withdrawn;
    the key only then, so results.json is unchanged where no match is), `pending` as a table's:
    not decided yet, so its `winner` null is no result; the champion only once the stage is over."""
    def side(slot: Any) -> Any:
        if slot.entry is not None:
            return slot.entry
        if slot.empty:
            return None
        if slot.source is not None:
            return {"loser_of" if slot.loser else "winner_of": slot.source}
        return {"seed": slot.seed}

    return {
        "seeds": bracket.seeds, "byes": [bracket.seeds[s - 1] if bracket.seeds else {"seed": s} for s in bracket.byes],
        "third_place": bracket.third_place, "champion": bracket.champion,
        "matches": [{"match": m.number, "round": m.round, "kind": m.kind, "sides": [side(s) for s in m.slots],
                     "table": m.score.table.number if m.score is not None else None, "winner": m.winner,
                     "pending": not m.decided, **({"void": True} if m.void else {})}
                    for m in bracket.matches],
    }


def _json_list(value: Any) -> list[Any]:
    """What results.json writes of a value json does not know: a sequence a game makes when
    first read (games.RowsWhenRead: a table's rows, a Guandan match's deals), as the list it is."""
    if type(value) is RowsWhenRead:
        return value.made()
    if isinstance(value, Sequence) and not isinstance(value, (str, bytes)):
        return list(value)
    raise TypeError(f"results.json cannot hold {type(value).__name__}")


def _json_number(value: float | None) -> float | int | None:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value
