"""A Redis that goes away under a live game: the shared ``sheets`` cache (scorekeeper/cache.py) turns into
misses, so the pages are drawn afresh and the saves go through (rule 3: never a 500, never a tap lost).

A Redis server of its own is started from Debian's redis-server (tools/throwaway.py), the sheets cache is
pointed at it as docs/production.md says for several app servers, then the server is stopped.
"""

from __future__ import annotations

import pytest
from django.core.cache import caches
from django.test import override_settings
from django.urls import reverse

from games import services
from games.models import Entry
from tools import throwaway

from .conftest import everyone_makes
from .helpers import action, body, url

pytestmark = pytest.mark.django_db


def sheets_on(location: str) -> dict:
    return {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "sheets": {
            "BACKEND": "scorekeeper.cache.RedisCache",
            "LOCATION": location,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        },
    }


def test_a_game_goes_on_when_the_shared_cache_goes_away(table, make_game):
    session = make_game(rounds=[{"bids": [1, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0]}])
    with throwaway.redis() as location, override_settings(CACHES=sheets_on(location)):
        table.get(url("sheet", session))
        assert caches["sheets"].get("never-kept", "missing") == "missing"
        stopped = location
    # The server is stopped: the same settings now point at nothing.
    with override_settings(CACHES=sheets_on(stopped)):
        assert caches["sheets"].get("anything", "missing") == "missing"  # a miss, not an error
        caches["sheets"].set("anything", 1)  # kept nowhere, not an error
        page = table.get(url("sheet", session))
        assert page.status_code == 200 and "Round 2" in body(page)
        info = services.load_game(session).state.next_round
        played = everyone_makes(5, info.dealt, bidder=1)
        bids = {f"bid_{seat}": str(bid) for seat, bid in enumerate(played["bids"])}
        assert table.send(action(session, info.number, "bids"), bids).status_code == 302
        tricks = {f"tricks_{seat}": str(took) for seat, took in enumerate(played["tricks"])}
        saved = table.send(action(session, info.number, "tricks"), tricks | {"save": "1"}, htmx=True)
        assert saved.status_code == 200 and "Round 3" in body(saved), body(saved)[:500]
        stored = Entry.objects.filter(round__number=info.number).order_by("position")
        assert list(stored.values_list("tricks", flat=True)) == played["tricks"]
        player = Entry.objects.filter(round__number=1).first().player_id
        for page in (reverse("games:history"), reverse("games:player", args=[player])):
            assert table.get(page).status_code == 200, page
