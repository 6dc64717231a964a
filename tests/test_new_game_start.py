"""Starting a game is idempotent: the new-game form's one-time key opens the game it already started."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games import services
from games.models import GameSession

NEW = reverse("games:new", args=["bugger-bridge"])
FORM = {"player_0": "Ann", "player_1": "Ben", "player_2": "Cat", "first_dealer": "1"}
# A filled form of every game, as a person would send it.
FORMS = {
    "bugger-bridge": FORM,
    "call-bridge": {**{f"player_{i}": n for i, n in enumerate("ABCD")}, "first_dealer": "0", "target": "30"},
    "mormon-bridge": {
        **{f"player_{i}": n for i, n in enumerate("ABCD")},
        "first_dealer": "0",
        "mode": "regular",
        "target": "100",
    },
    "minibridge": {
        **{f"player_{i}": n for i, n in enumerate("NESW")},
        "first_dealer": "0",
        "ends": "deals",
        "deals": "8",
    },
    "memory-bridge": {"player_0": "Mia", "player_1": "Max", "first_dealer": "0", "target": "500"},
}


def start_key(page: str) -> str:
    return re.search(r'<input type="hidden" name="start" value="([\w-]+)"', page)[1]


@pytest.mark.parametrize("game", sorted(FORMS))
def test_the_same_form_sent_twice_starts_one_game(table, user, game):
    new = reverse("games:new", args=[game])
    response = table.get(new)
    assert "no-store" in response["Cache-Control"]  # Back from the sheet draws a fresh form
    form = {**FORMS[game], "start": start_key(response.content.decode())}
    first = table.send(new, form)
    assert first.status_code == 302
    again = table.send(new, form)  # a double tap, or Back to a page kept as it was and Start again
    assert again.status_code == 302 and again["Location"] == first["Location"]
    assert GameSession.objects.filter(owner=user).count() == 1
    page = table.get(again["Location"]).content.decode()
    assert "That game was started already: here it is." in page


def test_every_form_drawn_has_a_key_of_its_own(table):
    keys = {start_key(table.get(NEW).content.decode()) for _ in range(3)}
    assert len(keys) == 3


def test_a_fresh_form_starts_another_game(table, user):
    key = start_key(table.get(NEW).content.decode())
    assert table.send(NEW, {**FORM, "start": key}).status_code == 302
    first = GameSession.objects.get(owner=user)
    key = start_key(table.get(f"{NEW}?another={first.pk}").content.decode())
    assert table.send(NEW, {**FORM, "start": key}).status_code == 302
    assert GameSession.objects.filter(owner=user).count() == 2


def test_a_refused_form_keeps_its_key_and_is_not_cached(table, user):
    key = start_key(table.get(NEW).content.decode())
    refused = table.send(NEW, {"player_0": "Ann", "first_dealer": "draw", "start": key})
    assert refused.status_code == 400 and "no-store" in refused["Cache-Control"]
    assert start_key(refused.content.decode()) == key
    assert table.send(NEW, {**FORM, "start": key}).status_code == 302
    assert table.send(NEW, {**FORM, "start": key}).status_code == 302
    assert GameSession.objects.filter(owner=user).count() == 1


def test_a_form_without_a_key_or_with_a_bad_one_still_starts_a_game(table, user):
    assert table.send(NEW, FORM).status_code == 302
    assert table.send(NEW, {**FORM, "start": "<script>"}).status_code == 302
    assert GameSession.objects.filter(owner=user).count() == 2
    assert set(GameSession.objects.values_list("start_key", flat=True)) == {""}


def test_keys_are_the_owners_own(table, user, other_user):
    key = "k" * 22
    services.start_session(
        owner=other_user,
        game="bugger-bridge",
        player_names=["X", "Y", "Z"],
        options={},
        first_dealer=0,
        start_key=key,
    )
    assert table.send(NEW, {**FORM, "start": key}).status_code == 302
    assert GameSession.objects.filter(owner=user).count() == 1


def test_the_form_of_a_game_in_the_trash_starts_a_new_one(table, user):
    key = start_key(table.get(NEW).content.decode())
    table.send(NEW, {**FORM, "start": key})
    GameSession.objects.filter(owner=user).update(deleted_at=timezone.now())
    assert table.send(NEW, {**FORM, "start": key}).status_code == 302
    assert GameSession.objects.live().filter(owner=user).count() == 1


def test_the_service_gives_back_the_game_a_key_started(user):
    def start():
        return services.start_session(
            owner=user,
            game="bugger-bridge",
            player_names=["A", "B", "C"],
            options={},
            first_dealer=0,
            start_key="x" * 20,
        )

    assert start().pk == start().pk
    assert GameSession.objects.count() == 1


def test_last_played_is_stamped_by_every_change(make_game):
    session = make_game()
    assert session.last_played is None
    before = timezone.now()
    services.save_round(
        session=session, number=1, data={"bids": [1, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0]}, key=""
    )
    session.refresh_from_db()
    assert session.last_played >= before


@pytest.mark.parametrize("game", sorted(FORMS))
def test_back_after_start_draws_the_form_that_started_it(table, user, game):
    """Back from the new game's sheet asks for the form again (no-store): it comes as it was sent, its
    key opening that game, and says so; until something is entered in the game."""
    new = reverse("games:new", args=[game])
    key = start_key(table.get(new).content.decode())
    started = table.send(new, {**FORMS[game], "start": key})
    session = GameSession.objects.get(owner=user)
    with CaptureQueriesContext(connection) as back_queries:
        back = table.get(new).content.decode()
    # The game it started is looked up once, for the form and the page's note alike.
    assert sum('"games_gamesession"' in q["sql"] for q in back_queries.captured_queries) == 1
    assert "This form has started a game already: Start game opens it." in back
    assert start_key(back) == key
    assert 'value="' + FORMS[game]["player_1"] + '"' in back  # the names as they were sent
    assert table.send(new, {**FORMS[game], "start": key})["Location"] == started["Location"]
    # A fresh form, on demand: it starts another game.
    fresh = table.get(f"{new}?another={session.pk}").content.decode()
    assert start_key(fresh) != key and "This form has started a game" not in fresh
    # Once the game has begun, Back draws a fresh form.
    GameSession.objects.filter(pk=session.pk).update(version=1)
    assert start_key(table.get(new).content.decode()) != key
    assert GameSession.objects.filter(owner=user).count() == 1
