"""The registry of games: a stable slug to its rules class.

A stored slug is never renamed. The model's ``choices`` come from here.
"""

from .base import GameRules, GameState, RoundInfo, RoundResult, RuleError
from .bugger_bridge import BuggerBridge
from .call_bridge import CallBridge
from .memory_bridge import MemoryBridge
from .minibridge import Minibridge
from .mormon_bridge import MormonBridge

GAMES: dict[str, GameRules] = {
    rules.slug: rules
    for rules in (BuggerBridge(), CallBridge(), MormonBridge(), Minibridge(), MemoryBridge())
}

GAME_CHOICES = [(slug, rules.name) for slug, rules in GAMES.items()]


def get_rules(slug: str) -> GameRules:
    """The rules of a game by slug; KeyError for an unknown one."""
    return GAMES[slug]


__all__ = [
    "GAMES",
    "GAME_CHOICES",
    "GameRules",
    "GameState",
    "RoundInfo",
    "RoundResult",
    "RuleError",
    "get_rules",
]
