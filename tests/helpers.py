"""Small helpers the view tests share: URLs of a game's pages and reading a response."""

from __future__ import annotations

from contextlib import contextmanager
from unittest.mock import patch

from django.urls import reverse

from games import services

ROUND_ACTIONS = {"bids": "bids", "tricks": "tricks", "penalty": "penalty", "edit-round": "edit"}


def url(name, session, *args):
    """A game's page by URL name, or a round action by its name: ``url("sheet", session)``, ``url("bids", session, 3)``."""
    if name in ROUND_ACTIONS:
        return reverse("games:round-action", args=[session.pk, *args, ROUND_ACTIONS[name]])
    return reverse(f"games:{name}", args=[session.pk, *args])


def action(session, number, name):
    """A round action of any game (``games:round-action``)."""
    return reverse("games:round-action", args=[session.pk, number, name])


def body(response) -> str:
    return response.content.decode()


def explanation(client, session, number: int, key: int) -> str:
    """What a tapped square of the sheet says (fetched from the game's explanation URL), as text."""
    from django.urls import reverse

    response = client.get(reverse("games:explain", args=[session.pk]) + f"?r={number}&k={key}")
    assert response.status_code == 200
    return response.content.decode()


def escaped(text: str) -> str:
    """Text as Django's templates escape it (apostrophes)."""
    return text.replace("'", "&#x27;")


@contextmanager
def database_out_of_reach(message: str = "connection to server at 127.0.0.1 failed: Connection refused"):
    """Every use of the database fails as it does with PostgreSQL stopped: an OperationalError."""
    from django.db import OperationalError
    from django.db.backends.base.base import BaseDatabaseWrapper

    def refuse(_wrapper):
        raise OperationalError(message)

    with patch.object(BaseDatabaseWrapper, "ensure_connection", refuse):
        yield


def new_session(game, *, owner, players, rounds=(), options=None, first_dealer=0):
    """A game started and its ``rounds`` recorded through the services, as the app does it.

    Tests use the ``make_session`` fixture (tests/conftest.py); this is for helpers with no fixtures.
    """
    session = services.start_session(
        owner=owner, game=game, player_names=list(players), options=options or {}, first_dealer=first_dealer
    )
    for number, data in enumerate(rounds, start=1):
        services.save_round(session=session, number=number, data=data, key="")
    session.refresh_from_db()
    return session


def cpu_share(client, path: str, *, repeats: int = 3):
    """How many times the cheapest logged-in page's CPU a GET of ``path`` costs, and its response.

    House rule 5: no absolute time in a test (the machines are shared and noisy). Both pages are
    asked in turn in this process (the floor view of scorekeeper/bench_urls.py: session, user, one
    query, a one-line template), each timed as this process's CPU, and the fastest of each is
    compared: whatever slows the machine slows both. The caches are emptied before each GET of
    ``path``, so it is drawn afresh (a sheet is cached under its version). The client must be
    logged in.
    """
    import time

    from django.core.cache import caches
    from django.test import override_settings

    def cost(url: str):
        started = time.process_time()
        response = client.get(url)
        return time.process_time() - started, response

    with override_settings(ROOT_URLCONF="scorekeeper.bench_urls"):
        floor: list[float] = []
        page: list[float] = []
        response = None
        for _ in range(repeats):
            for _ in range(5):
                spent, answer = cost("/bench/floor/")
                assert answer.status_code == 200
                floor.append(spent)
            for cache in caches.all():
                cache.clear()
            spent, response = cost(path)
            page.append(spent)
    print(f"cheapest page {min(floor) * 1000:.1f} ms CPU; {path} {min(page) * 1000:.0f} ms")
    return min(page) / max(min(floor), 1e-4), response
