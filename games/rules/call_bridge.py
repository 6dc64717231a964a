"""Call Bridge rules (to be completed: see the rules issue)."""

from __future__ import annotations

from .base import GameRules


class CallBridge(GameRules):
    slug = "call-bridge"
    name = "Call Bridge"
    min_players = 4
    max_players = 4
