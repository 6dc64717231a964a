"""No page of a game or a token is kept by a browser or a proxy: every answer is no-store.

A sheet kept in a browser's cache (or its Back button) shows stale totals and posts an old
version; a share page, the group link page or a record's download kept on a shared computer
hands its capability token to the next person. scorekeeper.middleware.NoStoreMiddleware marks
every answer of the app, unless its view chose caching of its own (the manifest, the worker).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.accounts import sharing
from games.models import Player, ShareLink

from .test_no_server_errors import every_url, games_in_progress  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db

CACHED_ON_PURPOSE = {"/manifest.webmanifest", "/sw.js", "/favicon.ico"}


def no_store(response) -> bool:
    return "no-store" in response.get("Cache-Control", "") and "private" in response["Cache-Control"]


def test_every_page_of_the_app_is_no_store(table, games_in_progress, user):  # noqa: F811
    player = Player.objects.filter(owner=user).first()
    checked = 0
    for url in every_url(games_in_progress, player.pk):
        if url in CACHED_ON_PURPOSE:
            continue
        for response in (table.get(url), table.get(url, headers={"HX-Request": "true"})):
            if response.status_code == 405:
                continue
            assert no_store(response), (url, response.status_code, response.get("Cache-Control"))
            checked += 1
    assert checked > 100


def test_a_game_its_share_links_and_its_record_are_no_store(table, make_game):
    session = make_game(players=("Ann", "Ben", "Cat"))
    watch = sharing.token_for(sharing.make_link(session, ShareLink.Kind.WATCH))
    pages = [
        reverse("games:sheet", args=[session.pk]),
        reverse("games:share", args=[session.pk]),
        reverse("games:record-download", args=[session.pk]),
        reverse("games:shared", args=[watch]),
    ]
    for url in pages:
        response = table.get(url)
        assert response.status_code == 200 and no_store(response), url
    posted = table.send(reverse("games:share", args=[session.pk]), {"kind": ShareLink.Kind.KEEP})
    assert no_store(posted)


def test_what_may_be_cached_keeps_its_own_header(client):
    assert client.get("/manifest.webmanifest")["Cache-Control"] == "max-age=3600"
    assert "no-store" not in client.get("/sw.js")["Cache-Control"]
