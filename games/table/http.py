"""The HTTP entry points of every game's pages: each checks the access, the method and the game's table,
then hands over to the table (``Game.table``) or a service."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from django.http import Http404, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import render
from django.template.loader import select_template
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRefresh

from games import services
from games.registry import GAMES, playable
from games.rules import RuleError
from games.table import Panel, Table, posted_key, read_game, to_sheet
from games.views import pagecache
from games.views.access import Access, guarded
from games.views.common import HtmxHttpRequest


def table_for(game: str) -> Table[Panel]:
    """A game's table, as its registry entry builds it; 404 for a game without one."""
    table = GAMES[game].table if game in GAMES else None
    if table is None:
        raise Http404("This game has no score sheet yet.")
    return table


@guarded
@require_GET
def sheet(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    table = table_for(access.session.game)
    draw = partial(table.sheet, request, access.session)
    return pagecache.served(request, access, table.reads(), draw)


@guarded
def round_action(request: HtmxHttpRequest, access: Access, number: int, action: str) -> HttpResponse:
    session, key = access.session, posted_key(request)
    table = table_for(session.game)
    if action not in (actions := table.actions()):
        raise Http404("No such action.")
    view, methods = actions[action]
    if request.method not in methods:
        return HttpResponseNotAllowed(sorted(methods))
    refused = table.check_write(request, session, key) if request.method == "POST" else None
    return refused if refused is not None else view(request, session, number, key)


def _whole_game_write(request: HtmxHttpRequest, access: Access, write: Callable[..., object]) -> HttpResponse:
    """Undo, end, reopen (``write(session=, key=)``): checked like every write, then the whole sheet is
    drawn again. The same submit sent twice is answered like the first; an out-of-date one gets the
    fresh panel with what changed (the forms target the panel)."""
    session, key = access.session, posted_key(request)
    table = table_for(session.game)
    refused = table.check_write(request, session, key)
    if refused is None:
        try:
            write(session=session, key=key)
        except services.StaleVersion:
            refused = table.conflict(request, session, key)
        except RuleError:
            pass  # nothing to do (nothing to take back, already over): show the sheet as it is
    if refused is not None and not services.applied_change(session, key):
        return refused
    if not request.htmx:
        return to_sheet(session)
    return HttpResponseClientRefresh()


@guarded
@require_POST
def undo(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    """Take back the last round entered (or the bids of the round being entered): the round the page named."""
    raw = request.POST.get("round", "")
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 4):
        return table_for(access.session.game).conflict(request, access.session, posted_key(request))
    return _whole_game_write(request, access, partial(services.delete_last_round, number=int(raw)))


@guarded
@require_POST
def end_game(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    """End the game now: the leader wins (shared when level)."""
    return _whole_game_write(request, access, services.end_early)


@guarded
@require_POST
def reopen(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    """Open again a game that was ended early."""
    return _whole_game_write(request, access, services.reopen)


def new_game(request: HtmxHttpRequest, game: str) -> HttpResponse:
    """A game's new-game page; open to a visitor with no account, who starts it as a guest."""
    table = table_for(game)
    if request.method not in ("GET", "POST"):
        return HttpResponseNotAllowed(["GET", "POST"])
    return table.new_game(request)


def explain_answer(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    """A square's explanation, fetched when it is tapped (static/js/explain.js)."""
    return table_for(access.session.game).explain(request, read_game(access.session))


def live_answer(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    """A live check: 204 with no body while the game is at the version the page has (the page's ``v``),
    after one small query; else what changed."""
    session = access.session
    if request.GET.get("v") == str(session.version):
        return HttpResponse(status=204)
    return table_for(session.game).live(request, read_game(session))


# The game's own URLs; games/views/share.py gives the same answers through a share link.
live = guarded(require_GET(live_answer))
explain = guarded(require_GET(explain_answer))


@require_GET
def rules_page(request: HtmxHttpRequest, game: str) -> HttpResponse:
    """A short page on a game's rules, in the app's own words."""
    if game not in GAMES:
        raise Http404("No such game.")
    # A game without a page of its own gets the page its rules object words (_any.html).
    template = select_template([f"games/rules/{game}.html", "games/rules/_any.html"])
    context = {"rules": GAMES[game].rules, "game": game, "can_start": game in playable()}
    return render(request, template.template.name, context)
