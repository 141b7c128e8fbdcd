"""The desk's saves beside the secretary's own edits of a results file: a save changes the board
lines it changes and no other (the comments on the others kept), and a save whose table was
changed in the file after its form was shown is refused, nothing written, the form offering to
load the table as it is now (event-day.md, "The results desk": nothing typed is lost, and
nothing the secretary wrote by hand is overwritten without a word)."""

from __future__ import annotations

from generator.desk.store import apply_record

KEYS = ("boards", "forfeit")
FILED = """\
# round 1
stage: main
round: 1
tables:
  - table: 1
    teams: [T01, T02]
    boards:
      # first half
      1: {open: 85, closed: 40}   # checked with the captain
      # board 2 replayed
      2: {open: 60, closed: 45}
      3: 40   # late
    # table 2: the hall's far end
  - table: 2
    teams: [T03, T04]
"""


def changed_lines(before: str, after: str) -> tuple[list[str], list[str]]:
    """(the lines only `before` has, the lines only `after` has), in order."""
    old, new = before.splitlines(), after.splitlines()
    return [line for line in old if line not in new], [line for line in new if line not in old]


def test_a_save_rewrites_only_the_board_lines_it_changes() -> None:
    """A save of one board rewrote the table's whole `boards:` block: every comment in it
    (beside a board, between two) was gone at the first save."""
    boards = {1: {"open": 85, "closed": 40}, 2: {"open": 60, "closed": 45}, 3: 45}
    new, old = apply_record(FILED, 1, {"boards": boards}, KEYS)
    assert old == {"boards": {"1": {"open": 85, "closed": 40}, "2": {"open": 60, "closed": 45}, "3": 40}}
    assert changed_lines(FILED, new) == (["      3: 40   # late"], ["      3: 45   # late"])
    assert new == FILED.replace("3: 40", "3: 45")  # every other byte as it was


def test_a_board_added_or_taken_out_leaves_the_other_lines_and_their_comments() -> None:
    # board 4 goes after board 3, above the next table's heading
    boards = {1: {"open": 85, "closed": 40}, 2: {"open": 60, "closed": 45}, 3: 40, 4: {"open": 10, "closed": 20}}
    new, _ = apply_record(FILED, 1, {"boards": boards}, KEYS)
    assert new == FILED.replace("      3: 40   # late\n", "      3: 40   # late\n      4: {open: 10, closed: 20}\n")
    # board 1 taken out (both rooms cleared): the comment above board 2 stays above it
    new, _ = apply_record(FILED, 1, {"boards": {2: {"open": 60, "closed": 45}, 3: 40}}, KEYS)
    assert new == FILED.replace("      1: {open: 85, closed: 40}   # checked with the captain\n", "")


def test_the_comment_beside_a_tables_last_line_stays_on_that_line() -> None:
    """A record written after the table's last line takes the comment lines after that line
    with it (the next table's heading stays above the next table), but it took the comment at
    the end of the line itself too: `teams: [T01, T02]   # far end` lost its comment to the
    record's line."""
    text = "stage: main\nround: 1\ntables:\n  - table: 1\n    teams: [T01, T02]   # far end\n" \
           "    # table 2 next door\n  - table: 2\n    teams: [T03, T04]\n"
    new, _ = apply_record(text, 1, {"levels": {"T01": "Q", "T02": 9}}, ("levels", "deals", "forfeit"))
    assert new == text.replace("# far end\n", "# far end\n    levels: {T01: Q, T02: 9}\n")
