"""A finished game's result card (games/figures/card.py), for whoever may see the game.

The owner and a keep-score phone fetch it at the game's own URL (``access.guarded``), a watcher
through the watch link's (``share.watch_card``); anyone else gets a 404.
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.views.decorators.http import require_GET

from games.figures.card import result_card
from games.table import read_game

from .access import Access, guarded
from .common import HtmxHttpRequest


def card_answer(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    """The card as an SVG image; a 404 while the game is not over."""
    del request  # the share link's answers all take it
    loaded = read_game(access.session)
    if not loaded.state.finished:
        raise Http404("The game is not over.")
    card = result_card(access.session, loaded.state, loaded.names)
    response = HttpResponse(card.svg, content_type="image/svg+xml; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{card.filename}"'
    # An image, never a document that runs anything (it is served from the app's own origin).
    response["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'"
    return response


@guarded
@require_GET
def result(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    return card_answer(request, access)
