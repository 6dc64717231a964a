"""Memory Bridge rules (to be completed: see the rules issue)."""

from __future__ import annotations

from .base import GameRules


class MemoryBridge(GameRules):
    slug = "memory-bridge"
    name = "Memory Bridge"
    min_players = 2
    max_players = 2
