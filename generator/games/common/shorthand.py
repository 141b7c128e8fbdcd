"""What a secretary copies from a paper score sheet, brought to the canonical record form.

Shared by the games' record grammars: full-width characters typed with a Chinese input method
(４Ｓ　Ｎ　＋１, ＝) become their ASCII forms before a record is read. Games add their own words
(suits, seats, results) on top; the page always shows the canonical form back.
"""

from __future__ import annotations

import re

# U+FF01..U+FF5E are the full-width forms of ASCII ! .. ~; U+3000 is the ideographic space.
FULLWIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}
# Minus signs that look like "-" on paper or in a word processor.
MINUS_SIGNS = {ord(c): "-" for c in "−–—－﹣"}
# Chinese punctuation outside the full-width block that a Chinese input method gives for the
# ASCII a record uses: the enumeration comma between items (T13+2、T07+2), brackets, quotes.
PUNCTUATION = {ord("、"): ",", ord("【"): "[", ord("】"): "]", ord("〔"): "[", ord("〕"): "]",
               ord("“"): '"', ord("”"): '"', ord("‘"): "'", ord("’"): "'"}
_HALF = FULLWIDTH | PUNCTUATION
# What separates the items of a list typed on one line, once half-width: ， 、 ；  become , , ;
_SEPARATORS = re.compile(r"[,;]")


def half_width(text: str) -> str:
    """４Ｓ　Ｎ　＝ -> 4S N =, every look-alike minus to '-', Chinese punctuation to its ASCII."""
    if text.isascii():  # no character of the tables is ASCII: most records are typed so
        return text
    return text.translate(MINUS_SIGNS).translate(_HALF)


# A board a table did not play, as a secretary writes it in any game's records (bridge's,
# 80分's): np first, as the pages and messages say it.
NOT_PLAYED_WORDS = ("np", "n/p", "not played", "notplayed", "未打", "未打牌")


def not_played_written(value: object) -> bool:
    """`np`, `not played`, 未打 (any case, full-width too): a board not played, written as a word."""
    return isinstance(value, str) and " ".join(half_width(value).split()).lower() in NOT_PLAYED_WORDS


def split_items(text: str) -> list[str]:
    """A list typed as one text, as a Chinese input method gives it: `T13+2，T07+2`,
    `［Ｔ１３＋２、Ｔ０７＋２］` -> ["T13+2", "T07+2"]. Each item half-width and stripped; empty items
    (a trailing comma) dropped."""
    text = half_width(text).strip()
    if text.isascii() and "," not in text and ";" not in text and "[" not in text:
        return [text] if text else []  # one item, as most are typed: what the split below gives
    if text.startswith("[") and text.endswith("]"):
        text = text[1:-1]
    return [item.strip() for item in _SEPARATORS.split(text) if item.strip()]


def side_named(typed: str, sides: list[str] | tuple[str, ...]) -> str:
    """The table's entry a typed id names: itself, or the one side equal to it but for case
    (t04 typed on a phone for T04). Anything else as typed, for the check to point out."""
    if typed in sides:
        return typed
    same = [side for side in sides if side.casefold() == typed.casefold()]
    return same[0] if len(same) == 1 else typed


def replace_words(text: str, words: dict[str, str]) -> str:
    """Replace each word by its canonical token, longest words first (再加倍 before 加倍).
    `words` is one of the games' constant word tables."""
    ordered, all_wide = _ordered(words)
    if all_wide and text.isascii():
        return text  # most records are typed in ASCII: no word of the table can be there
    for word, token in ordered:
        text = text.replace(word, token)
    return text


_ORDERED: dict[int, tuple[dict[str, str], list[tuple[str, str]], bool]] = {}


def _ordered(words: dict[str, str]) -> tuple[list[tuple[str, str]], bool]:
    """The table's words longest first, and whether none is ASCII: worked out once per table
    (a results file asks for every record)."""
    known = _ORDERED.get(id(words))
    if known is None or known[0] is not words:
        ordered = [(word, words[word]) for word in sorted(words, key=len, reverse=True)]
        known = _ORDERED[id(words)] = (words, ordered, not any(word.isascii() for word in words))
    return known[1], known[2]


def shown(value: object) -> str:
    """A written value as a message quotes it: a mapping or a list only by its shape (it may be
    long), null and true/false as YAML writes them (not Python's None, True), anything else as
    written."""
    if isinstance(value, dict):  # YamlMap is a dict
        return "{…}"
    if isinstance(value, list):  # YamlList is a list
        return "[…]"
    if isinstance(value, bool):
        return "true" if value else "false"
    return "null" if value is None else str(value)


def spelled(value: object) -> str:
    """A board's record as a message quotes it: a mapping by its keys and values, on one line as
    a flow mapping writes it ({contract: 1NT, by: N, result: +82}), each value as `shown` has it;
    anything else as `shown`. Quoted as {…}, a mapping's message read as if the record were
    unseen, and its hint's shorthand (4S N = 420) as the thing to fix."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {shown(item)}" for key, item in value.items()) + "}"
    return shown(value)
