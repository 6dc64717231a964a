"""One door to every game's table: dispatch by the session's game, plus what all games share.

Each game with screens has a module or package here (``bugger``, ``minibridge``...) offering ``sheet``,
``new_game`` and an ``ACTIONS`` map of round actions; this module checks the
login, the owner (another user's game is a 404) and the HTTP method before
handing over. What the game modules share in between lives in ``table.py``.
"""

from __future__ import annotations

from importlib import import_module

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.template import TemplateDoesNotExist
from django.template.loader import select_template
from django.views.decorators.http import require_GET, require_POST

from .. import registry, services
from ..rules import GAMES, RuleError
from .common import HtmxHttpRequest, owned_session

# Game slug -> the module with its screens (``Game.table``). A game without screens yet is left out.
TABLES = {slug: game.table for slug, game in registry.GAMES.items() if game.table}


def table_for(game: str):
    """The module with a game's screens, as its registry entry names it; 404 for a game without any."""
    entry = registry.GAMES.get(game)
    if entry is None or entry.table is None:
        raise Http404("This game has no score sheet yet.")
    return import_module(entry.table)


@login_required
@require_GET
def sheet(request: HtmxHttpRequest, pk: int):
    session = owned_session(request, pk)
    return table_for(session.game).sheet(request, session)


@login_required
def round_action(request: HtmxHttpRequest, pk: int, number: int, action: str):
    session = owned_session(request, pk)
    try:
        view, methods = table_for(session.game).ACTIONS[action]
    except KeyError:
        raise Http404("No such action.") from None
    if request.method not in methods:
        return HttpResponseNotAllowed(sorted(methods))
    return view(request, session, number)


@login_required
def new_game(request: HtmxHttpRequest, game: str):
    if game not in GAMES:
        raise Http404("No such game.")
    table = table_for(game)
    if request.method not in ("GET", "POST"):
        return HttpResponseNotAllowed(["GET", "POST"])
    return table.new_game(request)


@login_required
@require_POST
def undo(request: HtmxHttpRequest, pk: int):
    """Take back the last round entered (or the bids of the round being entered)."""
    session = owned_session(request, pk)
    try:
        services.delete_last_round(session=session)
    except RuleError:
        pass  # nothing to take back: show the sheet as it is
    return _after_whole_change(request, session)


@login_required
@require_POST
def end_game(request: HtmxHttpRequest, pk: int):
    """End the game now: the leader wins (shared when level)."""
    session = owned_session(request, pk)
    try:
        services.end_early(session=session)
    except RuleError:
        pass  # already over
    return _after_whole_change(request, session)


def _after_whole_change(request, session):
    if not request.htmx:
        return redirect("games:sheet", pk=session.pk)
    response = HttpResponse(status=204)
    response["HX-Refresh"] = "true"
    return response


@require_GET
def rules_page(request: HtmxHttpRequest, game: str):
    """A short page on a game's rules, in the app's own words."""
    if game not in GAMES:
        raise Http404("No such game.")
    try:
        template = select_template([f"games/rules/{game}.html"])
    except TemplateDoesNotExist:
        raise Http404("This game has no rules page yet.") from None
    return render(request, template.template.name, {"rules": GAMES[game], "game": game})
