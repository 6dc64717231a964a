"""The start page (games in progress, recent games) and starting a new game."""

from __future__ import annotations

from django.shortcuts import render

from ..models import GameSession
from ..registry import playable
from ..rules import GAMES
from .common import HtmxHttpRequest, with_names

RECENT = 10


def home(request: HtmxHttpRequest):
    if not request.user.is_authenticated:
        return render(request, "games/welcome.html", {"games": GAMES.values()})
    mine = GameSession.objects.live().filter(owner=request.user)
    in_progress = with_names(mine.filter(status=GameSession.Status.IN_PROGRESS))[:RECENT]
    finished = with_names(mine.filter(status=GameSession.Status.FINISHED))[:RECENT]
    return render(
        request,
        "games/home.html",
        {
            "in_progress": in_progress,
            "finished": finished,
            "games": GAMES.values(),
            "playable": playable(),
        },
    )
