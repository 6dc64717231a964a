"""One door to every game's table: dispatch by the session's game, plus what all games share.

Each game with screens has a table (``Game.table``, built by its registry entry from its class in
``bugger``, ``minibridge``...) offering ``sheet``, ``new_game`` and its round ``actions``;
this module checks the login, the owner (another user's game is a 404) and the HTTP method
before handing over. What the tables share lives in ``table.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from django.http import Http404, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.template.loader import select_template
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRefresh

from games import services
from games import table as screen
from games.registry import GAMES, playable
from games.rules import RuleError
from games.table import Table, posted_key
from games.views import pagecache
from games.views.access import Access, guarded
from games.views.common import HtmxHttpRequest


def table_for(game: str) -> Table:
    """A game's table, as its registry entry builds it; 404 for a game without one."""
    entry = GAMES.get(game)
    table = None if entry is None else entry.table
    if table is None:
        raise Http404("This game has no score sheet yet.")
    return table


@guarded
@require_GET
def sheet(request: HtmxHttpRequest, access: Access):
    return pagecache.served(
        request, access, lambda seats: table_for(access.session.game).sheet(request, access.session, seats)
    )


@guarded
def round_action(request: HtmxHttpRequest, access: Access, number: int, action: str):
    session = access.session
    table = table_for(session.game)
    try:
        view, methods = table.actions()[action]
    except KeyError:
        raise Http404("No such action.") from None
    if request.method not in methods:
        return HttpResponseNotAllowed(sorted(methods))
    if request.method == "POST":
        refused = table.check_write(request, session)
        if refused is not None:
            return refused
    return view(request, session, number)


def _whole_game_write(request: HtmxHttpRequest, access: Access, write: Callable[..., object]) -> HttpResponse:
    """Undo, end, reopen (``write(session=, key=)``, the submit's key): checked like every write, then the
    whole sheet is drawn again.

    The same submit sent twice (a double tap, a resend) is answered like the first;
    an out-of-date one gets the fresh panel with what changed (the forms target the panel).
    """
    session, key = access.session, posted_key(request)
    table = table_for(session.game)
    refused = table.check_write(request, session)
    if refused is None:
        try:
            write(session=session, key=key)
        except services.StaleVersion:
            refused = table.conflict(request, session)
        except RuleError:
            pass  # nothing to do (nothing to take back, already over): show the sheet as it is
    if refused is not None and not services.applied_change(session, key):
        return refused
    if not request.htmx:
        return redirect("games:sheet", pk=session.pk)
    return HttpResponseClientRefresh()


@guarded
@require_POST
def undo(request: HtmxHttpRequest, access: Access):
    """Take back the last round entered (or the bids of the round being entered): the round the page named."""
    raw = request.POST.get("round", "")
    number = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 4 else None
    if number is None:
        return table_for(access.session.game).conflict(request, access.session)

    return _whole_game_write(request, access, partial(services.delete_last_round, number=number))


@guarded
@require_POST
def end_game(request: HtmxHttpRequest, access: Access):
    """End the game now: the leader wins (shared when level)."""
    return _whole_game_write(request, access, services.end_early)


@guarded
@require_POST
def reopen(request: HtmxHttpRequest, access: Access):
    """Open again a game that was ended early."""
    return _whole_game_write(request, access, services.reopen)


def new_game(request: HtmxHttpRequest, game: str):
    """A game's new-game page; open to a visitor with no account, who starts it as a guest."""
    if game not in GAMES:
        raise Http404("No such game.")
    table = table_for(game)
    if request.method not in ("GET", "POST"):
        return HttpResponseNotAllowed(["GET", "POST"])
    return table.new_game(request)


@guarded
@require_GET
def live(request: HtmxHttpRequest, access: Access):
    """A live check: 204 with no body while the game is at the version the page has."""
    return live_answer(request, access)


@guarded
@require_GET
def explain(request: HtmxHttpRequest, access: Access):
    """A square's explanation, fetched when it is tapped (static/js/explain.js)."""
    return explain_answer(request, access)


def explain_answer(request: HtmxHttpRequest, access: Access):
    table = table_for(access.session.game)
    return table.explain(request, screen.read_game(access.session))


def live_answer(request: HtmxHttpRequest, access: Access):
    """One small query when nothing changed: the game's version, compared with the page's ``v``."""
    session = access.session
    if request.GET.get("v") == str(session.version):
        return HttpResponse(status=204)
    return table_for(session.game).live(request, screen.read_game(session))


@require_GET
def rules_page(request: HtmxHttpRequest, game: str):
    """A short page on a game's rules, in the app's own words."""
    if game not in GAMES:
        raise Http404("No such game.")
    # A game without a page of its own gets the page its rules object words (_any.html).
    template = select_template([f"games/rules/{game}.html", "games/rules/_any.html"])
    context = {"rules": GAMES[game].rules, "game": game, "can_start": game in playable()}
    return render(request, template.template.name, context)
