"""Minibridge rules (to be completed: see the rules issue)."""

from __future__ import annotations

from .base import GameRules


class Minibridge(GameRules):
    slug = "minibridge"
    name = "Minibridge"
    min_players = 4
    max_players = 4
