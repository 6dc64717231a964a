"""The start page (games in progress, recent games) and starting a new game."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from .. import services
from ..forms import NewBuggerGameForm
from ..models import GameSession, Player, Seat
from ..rules import GAMES, RuleError
from ..rules.bugger_bridge import PEAK_BY_PLAYERS
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
        {"in_progress": in_progress, "finished": finished, "games": GAMES.values()},
    )


def _schedule_lines():
    """For the new-game page: the rounds each table size plays."""
    lines = []
    for players, m in sorted(PEAK_BY_PLAYERS.items()):
        labels = [str(c) for c in range(1, m + 1)] + [f"{m}NT", f"{m}NT"] + [str(c) for c in range(m, 0, -1)]
        lines.append({"players": players, "rounds": len(labels), "labels": " · ".join(labels)})
    # Tables of 3 to 6 play the same 18 rounds: show them once.
    return [{"players": "3–6", **{k: v for k, v in lines[0].items() if k != "players"}}] + lines[4:]


@login_required
@require_http_methods(["GET", "POST"])
def new_bugger(request: HtmxHttpRequest):
    known = list(Player.objects.filter(owner=request.user).values_list("name", flat=True))
    initial_names: list[str] = []
    source = request.GET.get("from")
    if source and source.isdigit():
        previous = GameSession.objects.filter(pk=int(source), owner=request.user).first()
        if previous:
            initial_names = [s.player.name for s in previous.seats.select_related("player")]
    form = NewBuggerGameForm(request.POST or None, known_names=known, initial_names=initial_names)
    if request.method == "POST" and form.is_valid():
        try:
            session = services.start_session(
                owner=request.user,
                game="bugger-bridge",
                player_names=form.cleaned_names,
                options={"hook": form.cleaned_data["hook"]},
                first_dealer=form.cleaned_first_dealer,
            )
        except RuleError as exc:
            form.add_error(None, exc.message)
        else:
            return redirect("games:sheet", pk=session.pk)
    status = 400 if request.method == "POST" else 200
    return render(
        request,
        "games/new_bugger.html",
        {"form": form, "known": known, "schedules": _schedule_lines()},
        status=status,
    )
