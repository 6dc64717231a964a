"""Stored rows to and from the session record's round dicts.

Each game's registry entry names how its rounds map to the columns (``Game.rows``,
games/rows.py); these functions are the one way in for the services and the import.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from games.registry import GAMES

if TYPE_CHECKING:
    from games.models import Entry, Round

# A record holds at most MAX_ROUNDS rounds. A game played to a target or by elimination could
# go on for ever; 300 rounds is far more than any evening (Call Bridge to 500 takes about 150
# deals), and keeps the largest game that can be stored quick to show (well within a second).
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
