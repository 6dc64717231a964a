"""What every game view needs: the typed request, the owner check, htmx-aware responses."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.http import Http404, HttpRequest
from django_htmx.middleware import HtmxDetails

from ..models import GameSession


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails
    user: AbstractBaseUser


def owned_session(request: HtmxHttpRequest, pk: int) -> GameSession:
    """The session if the user owns it; any other session, theirs or nobody's, is a 404."""
    try:
        return GameSession.objects.get(pk=pk, owner=request.user)
    except GameSession.DoesNotExist:
        raise Http404("No such game.") from None
