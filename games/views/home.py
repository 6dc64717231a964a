"""The start page (games in progress, recent games) and starting a new game."""

from __future__ import annotations

from typing import Any, NamedTuple

from django.db.models import Count, OuterRef, Q, Subquery
from django.http import HttpResponse
from django.shortcuts import render

from games.models import Entry, GameSession, Round
from games.registry import GAMES, playable

from .common import HtmxHttpRequest

RECENT = 10


def home(request: HtmxHttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "games/welcome.html", {"games": GAMES.values(), "playable": playable()})
    mine = GameSession.objects.live().filter(owner=request.user)
    in_progress = list(
        mine.filter(status=GameSession.Status.IN_PROGRESS)
        .with_names()
        .annotate(played=Count("rounds", filter=Q(rounds__complete=True)))
        .order_by("-created", "-pk")[:RECENT]  # a GROUP BY query drops Meta.ordering: say it
    )
    finished = mine.filter(status=GameSession.Status.FINISHED).with_names()[:RECENT]
    context = {"in_progress": with_progress(in_progress), "finished": finished}
    return render(request, "games/home.html", {**context, "games": GAMES.values(), "playable": playable()})


class InProgress(NamedTuple):
    """A game in progress on the start page, with where it stands."""

    session: GameSession
    round_line: str  # "Round 7 of 18"
    leader_line: str  # "Anna leads with 45", or ""


def with_progress(sessions: list[Any]) -> list[InProgress]:
    """Each game in progress with its round and its leader, from the totals stored on the last
    complete round's entries: one query for every game (none when no game has a complete round)."""
    latest: dict[int, dict[int, tuple[int | None, bool]]] = {}
    if any(s.played for s in sessions):
        last_complete = Round.objects.filter(session=OuterRef("round__session"), complete=True).order_by(
            "-number"
        )
        entries = Entry.objects.filter(
            round__session__in=[s.pk for s in sessions if s.played],
            round__number=Subquery(last_complete.values("number")[:1]),
        ).values_list("round__session_id", "position", "total", "out")
        for session_id, position, total, out in entries:
            latest.setdefault(session_id, {})[position] = (total, out)
    rows = []
    for s in sessions:
        game = GAMES[s.game]
        names = [seat.player.name for seat in s.seats.all()]
        seats = latest.get(s.pk)
        # Every seat, one not in the last hand (an elimination game's waiting player) as no total, not out.
        last = [seats.get(i, (None, False)) for i in range(len(names))] if seats else []
        leader = game.leader_line(names, [t for t, _ in last], [out for _, out in last], s.options)
        rows.append(InProgress(s, game.round_line(s.played, len(names), s.options), leader))
    return rows
