"""The group link: standings, head-to-head, history and summaries without login; nothing else."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.accounts import group_link, sharing
from games.models import GroupLink, Player

pytestmark = pytest.mark.django_db

DEAL = {"bids": [4, 3, 3, 2], "tricks": [4, 3, 3, 3]}


@pytest.fixture
def games(make_session):
    return [make_session("call-bridge", players=["Ann", "Bob", "Cat", "Dan"], rounds=[DEAL] * 8)]


def test_the_owner_makes_replaces_and_revokes_the_link(table, user):
    page = table.get(reverse("games:group-link")).content.decode()
    assert "No group link" in page
    table.send(reverse("games:group-link"), {"action": "new"})
    first = group_link.live_link(user)
    token = group_link.token_for(first)
    assert token in table.get(reverse("games:group-link")).content.decode()
    assert GroupLink.objects.get().token_hash != token  # only the hash is stored
    table.send(reverse("games:group-link"), {"action": "new"})
    second = group_link.live_link(user)
    assert second.pk != first.pk and group_link.find_link(token) is None
    table.send(reverse("games:group-link"), {"action": "revoke"})
    assert group_link.live_link(user) is None


def test_the_link_shows_the_standings_history_and_summaries_without_login(user, games):
    token = group_link.token_for(group_link.make_link(user))
    anyone = Client()
    standings = anyone.get(reverse("games:group-standings", args=[token]) + "?game=call-bridge&minimum=1")
    assert standings.status_code == 200
    page = standings.content.decode()
    assert "Ann" in page and "100%" in page
    summary = reverse("games:group-summary", args=[token, games[0].pk])
    assert summary in page  # records link to the summary under the link, never the owner's
    assert reverse("games:summary", args=[games[0].pk]) not in page
    assert reverse("games:player", args=[Player.objects.get(name="Ann").pk]) not in page
    history = anyone.get(reverse("games:group-history", args=[token]))
    assert history.status_code == 200 and summary in history.content.decode()
    shown = anyone.get(summary)
    assert shown.status_code == 200
    text = shown.content.decode()
    for owner_only in (
        "games:record-download",
        "games:delete",
        "games:print",
        "games:game-csv",
        "games:sheet",
    ):
        assert reverse(owner_only, args=[games[0].pk]) not in text
    ann, bob = Player.objects.get(name="Ann"), Player.objects.get(name="Bob")
    h2h = anyone.get(reverse("games:group-head-to-head", args=[token]) + f"?first={ann.pk}&second={bob.pk}")
    assert h2h.status_code == 200 and "1 finished game together" in h2h.content.decode()


def test_the_link_opens_nothing_else(user, games):
    token = group_link.token_for(group_link.make_link(user))
    anyone = Client()
    anyone.get(reverse("games:group-standings", args=[token]))
    pk = games[0].pk
    for name, args in [
        ("sheet", [pk]),
        ("summary", [pk]),
        ("print", [pk]),
        ("record-download", [pk]),
        ("game-csv", [pk]),
        ("delete", [pk]),
        ("share", [pk]),
        ("history", []),
        ("history-csv", []),
        ("standings", []),
        ("players", []),
        ("group-link", []),
    ]:
        response = anyone.get(reverse(f"games:{name}", args=args))
        assert response.status_code in (302, 404), name
        if response.status_code == 302:
            assert response["Location"].startswith("/accounts/login/"), name
    # Writes: refused the same way (a login, never a change).
    assert anyone.post(reverse("games:end", args=[pk])).status_code in (302, 403, 404)
    # Only the link's owner's games: another user's game is a 404 under the link.
    other = Client()
    assert other.get(reverse("games:group-summary", args=[token, pk + 999])).status_code == 404


def test_the_link_page_shows_the_link_with_a_qr_code_and_a_copy_button(table, user):
    """The Share page's parts, not a copy of them: the same QR code and Copy button a game's link has."""
    table.send(reverse("games:group-link"), {"action": "new"})
    url = "http://testserver" + reverse(
        "games:group-standings", args=[group_link.token_for(group_link.live_link(user))]
    )
    page = table.get(reverse("games:group-link")).content.decode()
    assert f'id="group-url" class="share-url" type="text" readonly value="{url}"' in page
    assert 'data-copy="group-url"' in page
    qr = re.search(
        r'<figure class="qr"><svg role="img" aria-label="QR code of the link".*?</svg></figure>', page, re.S
    )
    assert qr is not None
    assert qr.group(0).count("<path") >= 1  # the code is drawn, not an empty box


def test_a_replaced_or_revoked_link_stops_at_once(user, games):
    old = group_link.token_for(group_link.make_link(user))
    url = reverse("games:group-standings", args=[old])
    assert Client().get(url).status_code == 200
    new = group_link.token_for(group_link.make_link(user))
    assert Client().get(url).status_code == 404
    assert Client().get(reverse("games:group-summary", args=[old, games[0].pk])).status_code == 404
    assert Client().get(reverse("games:group-standings", args=[new])).status_code == 200
    group_link.revoke(user)
    assert Client().get(reverse("games:group-standings", args=[new])).status_code == 404


@pytest.mark.parametrize("token", ["x", "A" * 32, "not-a-real-token-but-32-chars-lo"])
def test_a_made_up_token_is_a_404(token, user):
    group_link.make_link(user)
    assert Client().get(reverse("games:group-standings", args=[token])).status_code == 404


def test_a_game_share_token_is_not_a_group_token(games):
    share = sharing.token_for(sharing.make_link(games[0], "watch"))
    assert Client().get(reverse("games:group-standings", args=[share])).status_code == 404
