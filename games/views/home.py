"""The start page (games in progress, recent games) and starting a new game."""

from __future__ import annotations

from django.db.models import Prefetch
from django.shortcuts import render

from ..models import GameSession, Seat
from ..registry import playable
from ..rules import GAMES
from .common import HtmxHttpRequest

RECENT = 10


def _with_names(queryset):
    return queryset.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))
    )


def home(request: HtmxHttpRequest):
    if not request.user.is_authenticated:
        return render(request, "games/welcome.html", {"games": GAMES.values()})
    mine = GameSession.objects.filter(owner=request.user)
    in_progress = _with_names(mine.filter(status=GameSession.Status.IN_PROGRESS))[:RECENT]
    finished = _with_names(mine.filter(status=GameSession.Status.FINISHED))[:RECENT]
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
