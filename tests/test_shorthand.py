"""Score entry shorthand: what a secretary copies from paper is read as the canonical record."""

from __future__ import annotations

import pytest

from generator.games.bridge import Contract, canonical_text, parse_board
from generator.games.shorthand import half_width


@pytest.mark.parametrize(("typed", "canonical"), [
    ("４Ｓ　Ｎ　＝　４２０", "4S N = 420"),
    ("3NT E ＋１", "3NT E +1"),
    ("４黑桃加倍 南 宕２", "4SX S -2"),
    ("3无将 东 超1 -630", "3NT E +1 -630"),
    ("2红心再加倍 西 正好", "2HXX W ="),
    ("1梅花 北 下1", "1C N -1"),
    ("5方块 東 剛好", "5D E ="),
    ("4♥ 北 = 420", "4H N = 420"),
    ("4sn=", "4S N ="),
    ("1nt w =", "1NT W ="),
    ("4hx s −2 −300", "4HX S -2 -300"),
    ("全不叫", "pass"),
    ("PASS", "pass"),
])
def test_paper_forms_read_as_the_canonical_record(typed: str, canonical: str) -> None:
    assert canonical_text(typed) == canonical
    assert parse_board(1, typed) == parse_board(1, canonical)


def test_chinese_contract_scores_like_the_canonical_one() -> None:
    record = parse_board(4, "４黑桃加倍 南 宕２")
    assert record.contract == Contract(4, "S", doubled=1) and record.declarer == "S" and record.result == -2


def test_mapping_form_accepts_chinese_words() -> None:
    record = parse_board(1, {"contract": "4红心", "by": "北", "result": "超1", "score": "４５０"})
    assert record.contract == Contract(4, "H") and record.declarer == "N" and record.result == 1
    assert record.recorded == 450


def test_half_width_keeps_chinese_text() -> None:
    assert half_width("王小明　＋１") == "王小明 +1"
