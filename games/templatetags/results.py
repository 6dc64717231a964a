"""Template tags of a game's result: its final standings, asked of the game's registry entry."""

from __future__ import annotations

from django import template

from games.registry import GAMES

register = template.Library()


@register.simple_tag
def final_standings(session, state, names):
    """The game's standings (games.standings.Place, best first): every player, or every side."""
    return GAMES[session.game].standings(state, names)
