"""Template tags of a game's result: its final standings, asked of the game's registry entry."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django import template

from games.registry import GAMES

if TYPE_CHECKING:
    from games.models import GameSession
    from games.registry import Place
    from games.rules import GameState

register = template.Library()


@register.simple_tag
def final_standings(session: GameSession, state: GameState, names: list[str]) -> list[Place]:
    """The game's standings (games.standings.Place, best first): every player, or every side."""
    return GAMES[session.game].standings(state, names)
