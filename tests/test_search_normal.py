"""A record's text is normalised once (search.py's normalise), and the index lists it under the
grams of that text as it is: normalise leaves what it made as it is, the one OpenCC character
folded twice (薴 -> 苧 -> 苎) included, so that 薴, 苧 and 苎 find each other."""

from __future__ import annotations

from generator.render import search


def _characters() -> list[str]:
    """Latin, Greek, Cyrillic, the combining marks and the rest below U+3000, the CJK
    compatibility ideographs, the full-width forms, and every character OpenCC folds or folds to."""
    codes = [*range(0x20, 0x3000), *range(0xF900, 0xFB00), *range(0xFE00, 0xFFF0)]
    found = {chr(code) for code in codes}
    for traditional, simple in search.simplified().items():
        found.add(chr(traditional))
        found.update(simple)
    found.update(search.LETTERS)
    return sorted(found)


def test_normalise_leaves_its_own_text_as_it_is() -> None:
    for char in _characters():
        for text in (char, f"A{char}b", f"и{char}", f"{char}\u0301 T1"):
            normal = search.normalise(text)
            assert search.normalise(normal) == normal, (hex(ord(char)), text)


def test_a_character_folded_twice_is_one_to_search() -> None:
    # OpenCC folds 薴 to 苧, and 苧 to 苎: 张薴's record, its text 张苧, was listed under 张苎 (its
    # text normalised again), while site.js folded a query of 薴 or 苧 to 张苧 by the index's table
    assert {search.normalise(name) for name in ("张薴", "张苧", "张苎")} == {"张苎"}
    assert search.index_folds({"苎"}).keys() >= {"薴", "苧"}  # (site.js folds a query so)
    record = search.Record("player", "张薴", "", "players/x/", ())
    script = search.index_script([record])
    assert '"张苎":[0]' in script and "张苧\":" not in script


def test_index_grams_of_a_record_text() -> None:
    # what index_script and index_files list a record's text under: bigrams, grams_of of it
    text = search.normalise("Søren Kierkegaard 張浩然 A19")
    assert search._pairs(text) == search.bigrams(text) and "浩然" in search._pairs(text)
    assert search._grams(text) == search.grams_of(text) and {"so", "a1", "浩"} <= search._grams(text)
