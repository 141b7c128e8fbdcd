"""Board numbers through a stage: which boards a round plays when a stage numbers them on through
the rounds (bridge and 80分 alike; ../shared/spec/content-format.md, board numbering)."""

from __future__ import annotations


def board_block(written: set[int], per_round: int) -> range:
    """The boards a round plays when a stage numbers its boards on through the rounds (1 to
    rounds x boards): the block of `per_round` holding the lowest board written (9-16 for a round
    of 8 whose first board is 9), so a missing board is one of the round's, not of round 1's."""
    first = (min(written) - 1) // per_round * per_round + 1
    return range(first, first + per_round)
