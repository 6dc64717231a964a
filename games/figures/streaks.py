"""Places across many games, and runs: plain Python over numbers already read from the database.

Nothing here touches Django. The standings, head-to-head and records (games/figures/group_stats.py)
read stored figures in a fixed number of queries and hand them to these functions.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

NEVER_OUT = 10**6  # an elimination player still in outlasted everyone who went out


def place_key(
    *, won: bool, total: int | None, out_round: int | None, lowest_wins: bool = False
) -> tuple[int, int]:
    """What a finishing place is ranked by, higher first: a winner ahead of everyone, then the
    final total (the lower the better where the ``lowest_wins``), or in a game without points
    (Mormon elimination) how long the player lasted."""
    if total is not None:
        return (int(won), -total if lowest_wins else total)
    return (int(won), NEVER_OUT if out_round is None else out_round)


@dataclass(frozen=True)
class Run[T]:
    """An unbroken run: its length and the items it started and ended on."""

    length: int
    first: T
    last: T


def longest_run[T](items: Iterable[tuple[T, bool]]) -> Run[T] | None:
    """The longest unbroken run of items marked True (the earliest when two are as long); None if none."""
    best: Run[T] | None = None
    current: Run[T] | None = None
    for item, hit in items:
        if not hit:
            current = None
            continue
        current = Run(1, item, item) if current is None else Run(current.length + 1, current.first, item)
        if best is None or current.length > best.length:
            best = current
    return best
