"""The result card of a finished game: an SVG naming the winner and the final standings, for every
game, in the reader's language; for whoever may see the game (owner, keep-score link, watch link),
a 404 to anyone else and while the game is not over."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games import services
from games.accounts import sharing
from games.backup.session_record import import_record
from games.models import ShareLink
from tests.test_game_over import STANDINGS
from tests.test_history_helpers import every_game

from .conftest import TableClient

pytestmark = pytest.mark.django_db

SVG = "{http://www.w3.org/2000/svg}"
HEADLINES = {
    "bugger-bridge": "Bob wins!",
    "call-bridge": "Asha wins!",
    "mormon-bridge": "Mo wins!",
    "mormon-elimination": "Mo wins!",
    "minibridge": "North Nora and South Sam win!",  # a side: both partners
    "memory-bridge": "Mia wins!",
}


def free_scoring(owner, wins: str, second: list[int]):
    """A finished Free scoring game of Ann, Ben and Cat: round 1 scores 12, −5, 7, then ``second``."""
    record = {
        "format": "scorekeeper-session",
        "version": 1,
        "game": "free-scoring",
        "options": {"wins": wins, "rounds": 2},
        "players": ["Ann", "Ben", "Cat"],
        "rounds": [{"scores": [12, -5, 7]}, {"scores": second}],
    }
    return import_record(owner=owner, record=record)


def card_texts(response) -> list[str]:
    """The card's lines of text, in drawing order; the answer checked to be an SVG image."""
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml; charset=utf-8"
    assert response["Content-Disposition"].startswith('inline; filename="')
    root = ET.fromstring(response.content)
    assert root.tag == f"{SVG}svg"
    return [t.text or "" for t in root.iter(f"{SVG}text")]


def rows(texts: list[str], count: int) -> list[str]:
    """The standings' rows: the last ``count`` triples (place, name, total) before the footer."""
    body = texts[-1 - 3 * count : -1]
    return [" ".join(body[i : i + 3]) for i in range(0, len(body), 3)]


@pytest.mark.parametrize("kind", sorted(HEADLINES))
def test_every_game_has_a_card_naming_the_winner_with_the_standings(table, user, kind):
    session = every_game(user)[kind]
    texts = card_texts(table.get(reverse("games:result-card", args=[session.pk])))
    assert HEADLINES[kind] in texts
    expected = [line.replace("&amp;", "&") for line in STANDINGS[kind]]
    assert rows(texts, len(expected)) == expected
    # The game's page offers it, as a download named after the game.
    page = table.get(reverse("games:sheet", args=[session.pk])).content.decode()
    assert f'href="{reverse("games:result-card", args=[session.pk])}" download="' in page


def test_free_scoring_lowest_wins_and_a_shared_win(table, user):
    lowest = free_scoring(user, "lowest", [0, 30, -2])  # totals 12, 25, 5: the lowest wins
    texts = card_texts(table.get(reverse("games:result-card", args=[lowest.pk])))
    assert "Cat wins!" in texts
    assert rows(texts, 3) == ["1st Cat 5", "2nd Ann 12", "3rd Ben 25"]
    shared = free_scoring(user, "highest", [0, 17, 1])  # totals 12, 12, 8
    texts = card_texts(table.get(reverse("games:result-card", args=[shared.pk])))
    assert "Ann and Ben share the win" in texts
    assert rows(texts, 3) == ["=1st Ann 12", "=1st Ben 12", "3rd Cat 8"]


def test_the_card_in_french(table, user):
    session = free_scoring(user, "lowest", [0, 30, -2])
    table.cookies["django_language"] = "fr"
    texts = card_texts(table.get(reverse("games:result-card", args=[session.pk]), HTTP_ACCEPT_LANGUAGE="fr"))
    assert "Cat gagne !" in texts and "Classement final" in texts
    assert rows(texts, 3) == ["1er Cat 5", "2e Ann 12", "3e Ben 25"]
    with translation.override("fr"):
        shared = free_scoring(user, "highest", [0, 17, 1])
    texts = card_texts(table.get(reverse("games:result-card", args=[shared.pk]), HTTP_ACCEPT_LANGUAGE="fr"))
    assert "Ann et Ben se partagent la victoire" in texts
    page = table.get(reverse("games:sheet", args=[shared.pk]), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Télécharger la carte du résultat" in page and "Partager le résultat" in page


def test_a_name_is_escaped_not_markup(table, user):
    record = {
        "format": "scorekeeper-session",
        "version": 1,
        "game": "free-scoring",
        "options": {"rounds": 1},
        "players": ["<b>Zoé & Co</b>", "Ben"],
        "rounds": [{"scores": [3, 1]}],
    }
    session = import_record(owner=user, record=record)
    texts = card_texts(table.get(reverse("games:result-card", args=[session.pk])))
    assert "<b>Zoé & Co</b> wins!" in texts


def test_who_may_fetch_the_card(user, other_user, make_game):
    session = make_game(owner=user, players=("Ann", "Ben", "Cat", "Dev", "Eve"))
    watch = sharing.token_for(sharing.make_link(session, ShareLink.Kind.WATCH))
    keep = sharing.token_for(sharing.make_link(session, ShareLink.Kind.KEEP))
    own = reverse("games:result-card", args=[session.pk])
    through_watch = reverse("games:watch-result-card", args=[watch])
    owner = TableClient()
    owner.force_login(user)
    # Not over yet: no card for anyone.
    assert owner.get(own).status_code == 404
    assert Client().get(through_watch).status_code == 404
    services.end_early(session=session, key="")
    assert owner.get(own).status_code == 200
    assert Client().get(through_watch).status_code == 200  # a watcher, without an account
    keeper = Client()
    keeper.get(reverse("games:shared", args=[keep]))  # the keep-score link, opened on a phone
    assert keeper.get(own).status_code == 200
    assert keeper.get(reverse("games:watch-result-card", args=[keep])).status_code == 200
    # Anyone else: another user, a made-up token, a watcher at the game's own URL.
    stranger = Client()
    stranger.force_login(other_user)
    assert stranger.get(own).status_code == 404
    assert Client().get(reverse("games:watch-result-card", args=["not-a-token-at-all"])).status_code == 404
    watcher = Client()
    watcher.get(reverse("games:shared", args=[watch]))
    assert watcher.get(own).status_code == 302  # to log in: a watch link opens nothing at the game's URL
    # A replaced watch link stops at once.
    sharing.make_link(session, ShareLink.Kind.WATCH)
    assert Client().get(through_watch).status_code == 410


def test_a_watchers_card_link_goes_through_the_watch_link(user, make_game):
    session = make_game(owner=user, players=("Ann", "Ben", "Cat", "Dev", "Eve"))
    services.end_early(session=session, key="")
    watch = sharing.token_for(sharing.make_link(session, ShareLink.Kind.WATCH))
    page = Client().get(reverse("games:shared", args=[watch])).content.decode()
    card = reverse("games:watch-result-card", args=[watch])
    assert f'href="{card}"' in page and f'data-share-url="http://testserver{card}"' in page
    assert reverse("games:result-card", args=[session.pk]) not in page
