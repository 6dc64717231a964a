"""Mormon Bridge rules (to be completed: see the rules issue)."""

from __future__ import annotations

from .base import GameRules


class MormonBridge(GameRules):
    slug = "mormon-bridge"
    name = "Mormon Bridge"
    min_players = 4
    max_players = None
