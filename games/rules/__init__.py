"""A game's rules: plain Python, no Django (see base.py).

One module per game, each a ``GameRules`` subclass with its stable ``slug``. The
games are registered in ``games/registry.py`` (one entry per game), which the
rules do not import.
"""

from .base import GameRules, GameState, RoundInfo, RoundResult, RuleError

__all__ = [
    "GameRules",
    "GameState",
    "RoundInfo",
    "RoundResult",
    "RuleError",
]
