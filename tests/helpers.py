"""Small helpers the view tests share: URLs of a game's pages and reading a response."""

from __future__ import annotations

from django.urls import reverse


def url(name, session, *args):
    """A game's page by URL name: ``url("sheet", session)``, ``url("bids", session, 3)``."""
    return reverse(f"games:{name}", args=[session.pk, *args])


def action(session, number, name):
    """A round action of any game (``games:round-action``)."""
    return reverse("games:round-action", args=[session.pk, number, name])


def body(response) -> str:
    return response.content.decode()


def escaped(text: str) -> str:
    """Text as Django's templates escape it (apostrophes)."""
    return text.replace("'", "&#x27;")
