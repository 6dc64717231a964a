"""Stored rows to and from the session record's round dicts.

The rules read rounds as plain dicts in the session-record format
(../shared/spec/session-record.md). The database keeps the same facts in
columns. Each game's registry entry names how its rounds map to the columns
(``Game.rows``, games/rows.py); these functions are the one way in for the
services and the import (``session_record.py`` writes the export).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from games.registry import GAMES

if TYPE_CHECKING:
    from games.models import Entry, Round

# A record holds at most MAX_ROUNDS rounds. A game with a fixed length (Bugger Bridge,
# regular Mormon Bridge, Minibridge to a number of deals) is refused by its rules after its
# last round anyway; one played to a target (Call Bridge, four-card Mormon Bridge, Memory
# Bridge, Minibridge to a target) or by elimination could in principle go on for ever, and
# 300 rounds is far more than any evening at a table (Call Bridge to 500, the largest target
# the form offers, takes about 150 deals). It keeps the largest game that can be stored
# quick to show: its sheet, summary and print each answer well within a second.
MAX_ROUNDS = 300
# Only elimination Mormon Bridge takes more than 14 players (the rest wait); the new-game
# form offers 60 seats, and a record may hold no more.
MAX_PLAYERS = 60
# A sheet draws a cell per player per round, waiting players too: a wide table gets
# fewer rounds (60 players: 66 hands, still many more than 59 players need to go out).
MAX_CELLS = 4000


def max_rounds(players: int) -> int:
    """How many rounds a game of ``players`` can hold: a record, and so a game at the table."""
    return min(MAX_ROUNDS, MAX_CELLS // players)


def round_to_data(game: str, rnd: Round, entries: Iterable[Entry]) -> dict[str, Any]:
    """The facts of a stored round as the rules (and the record) read them."""
    return GAMES[game].rows.to_data(rnd, sorted(entries, key=lambda e: e.position))


def data_to_rows(
    game: str, data: dict[str, Any], players: int
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Column values for a round and for each player's entry, from a checked round dict."""
    return GAMES[game].rows.to_rows(data, players)
