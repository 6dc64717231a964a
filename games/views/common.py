"""What every game view needs: the typed request, the owner check, htmx-aware responses."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib.auth.models import User
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django_htmx.middleware import HtmxDetails

from games.models import GameSession

if TYPE_CHECKING:
    from .access import Access


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails
    user: User  # the views that read it are behind a login (or check is_authenticated first)
    # The visitor's right to the game a page is of: set once, by the decorator that resolves it
    # (``access.guarded`` for a game's own URL, ``access.through_link`` for a share link's).
    access: Access


def owned_session(request: HtmxHttpRequest, pk: int) -> GameSession:
    """The session if the user owns it and it is not in the Trash; any other session is a 404."""
    return get_object_or_404(GameSession.objects.live(), pk=pk, owner=request.user)
