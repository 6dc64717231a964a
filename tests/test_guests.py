"""Playing without an account: a visitor starts a game as a guest of that browser; signing up or
logging in there makes the guest's games the account's; guests are limited per address and purged."""

from __future__ import annotations

import datetime
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from games import services
from games.accounts import group_link, guests
from games.models import Entry, GameSession, Player, Seat
from tests.conftest import TableClient
from tests.test_new_game_start import FORMS, start_key

from .helpers import body, new_session

pytestmark = pytest.mark.django_db

PASSWORD = "table-talk-2026"
ADDRESS = "192.0.2.7"


def start_as_visitor(client: TableClient, game: str = "bugger-bridge", names=None, address=ADDRESS):
    """What a visitor does: open the game's new-game page, type the names, Start."""
    new = reverse("games:new", args=[game])
    page = client.get(new, REMOTE_ADDR=address)
    assert page.status_code == 200
    form = {**FORMS[game], "start": start_key(page.content.decode())}
    for i, name in enumerate(names or ()):
        form[f"player_{i}"] = name
    return client.send(new, form, REMOTE_ADDR=address)


def the_guest(client) -> User:
    return User.objects.get(pk=client.session["_auth_user_id"])


def test_a_visitor_starts_a_game_as_a_guest_and_keeps_it():
    visitor = TableClient()
    response = start_as_visitor(visitor)
    session = GameSession.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("games:sheet", args=[session.pk])
    guest = the_guest(visitor)
    assert guests.is_guest(guest) and not guest.has_usable_password()
    assert session.owner == guest
    assert visitor.get(response["Location"]).status_code == 200
    # Everything a keeper does: a round, the Share page, the start page listing the game.
    visitor.send(
        reverse("games:round-action", args=[session.pk, 1, "bids"]), {f"bid_{s}": 0 for s in range(3)}
    )
    assert session.rounds.count() == 1
    assert visitor.send(reverse("games:share", args=[session.pk]), {"kind": "watch"}).status_code == 302
    home = body(visitor.get(reverse("games:home")))
    assert reverse("games:sheet", args=[session.pk]) in home
    assert "your games are kept on this browser only" in home
    assert reverse("games:signup") in home and "Log out" not in home
    # A second game from the same browser belongs to the same guest.
    start_as_visitor(visitor, "call-bridge")
    assert User.objects.count() == 1 and GameSession.objects.filter(owner=guest).count() == 2


def test_the_new_game_form_is_open_to_a_visitor_and_a_bad_form_makes_no_guest():
    visitor = TableClient()
    new = reverse("games:new", args=["bugger-bridge"])
    page = visitor.get(new)
    assert page.status_code == 200 and 'name="player_0"' in body(page)
    bad = visitor.send(new, {"player_0": "Ann", "first_dealer": "0", "start": start_key(body(page))})
    assert bad.status_code == 400
    assert not User.objects.exists() and not GameSession.objects.exists()


def test_guest_starts_are_limited_per_address(settings):
    limit = settings.GUESTS_PER_HOUR = 2
    for _ in range(limit):
        assert start_as_visitor(TableClient()).status_code == 302
    refused = start_as_visitor(TableClient())
    assert refused.status_code == 429
    assert "started without an account from your address" in body(refused)
    assert User.objects.count() == limit and GameSession.objects.count() == limit
    # Another address is not held back; a guest already in plays on (its own games' limit applies).
    assert start_as_visitor(TableClient(), address="198.51.100.4").status_code == 302


def test_signing_up_turns_the_guest_into_the_account():
    visitor = TableClient()
    start_as_visitor(visitor)
    guest = the_guest(visitor)
    form = body(visitor.get(reverse("games:signup")))
    assert guest.username not in form  # the guest's name is no suggestion
    response = visitor.send(
        reverse("games:signup"),
        {"username": "ann", "email": "", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    account = User.objects.get()
    assert account.pk == guest.pk and account.username == "ann" and not guests.is_guest(account)
    assert GameSession.objects.get().owner == account
    assert the_guest(visitor) == account  # still logged in, now as the account
    assert "Log out" in body(visitor.get(reverse("games:home")))
    again = TableClient().send(reverse("login"), {"username": "ann", "password": PASSWORD})
    assert again.status_code == 302


def test_logging_in_brings_the_guests_games_and_merges_players_by_name(django_user_model):
    account = django_user_model.objects.create_user("keeper", password=PASSWORD)
    own = new_session("bugger-bridge", owner=account, players=["ann", "Bob", "Cat"], rounds=[], options={})
    visitor = TableClient()
    start_as_visitor(visitor, names=["Ann", "Dee", "Eve"])
    guest = the_guest(visitor)
    played = GameSession.objects.get(owner=guest)
    visitor.send(
        reverse("games:round-action", args=[played.pk, 1, "bids"]), {f"bid_{s}": 0 for s in range(3)}
    )
    other = TableClient()  # another browser's guest: its game stays its own
    start_as_visitor(other, names=["Ann", "Fay", "Gil"])
    theirs = GameSession.objects.get(owner=the_guest(other))

    response = visitor.send(reverse("login"), {"username": "keeper", "password": PASSWORD})
    assert response.status_code == 302
    assert not User.objects.filter(pk=guest.pk).exists()
    assert set(GameSession.objects.filter(owner=account)) == {own, played}
    assert GameSession.objects.get(pk=theirs.pk).owner != account
    # One Ann (the account's, as the account spelt her), with the games of both; Dee and Eve join.
    names = sorted(Player.objects.filter(owner=account).values_list("name", flat=True))
    assert names == ["Bob", "Cat", "Dee", "Eve", "ann"]
    ann = Player.objects.get(owner=account, name="ann")
    assert set(Seat.objects.filter(player=ann).values_list("session", flat=True)) == {own.pk, played.pk}
    assert Entry.objects.filter(round__session=played, position=0).get().player == ann
    history = body(visitor.get(reverse("games:history")))
    assert reverse("games:summary", args=[played.pk]) in history
    assert visitor.get(reverse("games:sheet", args=[played.pk])).status_code == 200
    assert visitor.get(reverse("games:sheet", args=[theirs.pk])).status_code == 404


def test_an_account_logging_in_again_or_a_guest_handed_to_itself_changes_nothing(user):
    guest = guests.make_guest()
    game = new_session("bugger-bridge", owner=guest, players=["A", "B", "C"], rounds=[], options={})
    guests.hand_over(guest=user, account=guest)  # not a guest: nothing moves
    guests.hand_over(guest=guest, account=guest)
    assert GameSession.objects.get(pk=game.pk).owner == guest and User.objects.filter(pk=user.pk).exists()


def purge() -> str:
    out = StringIO()
    call_command("purge_trash", stdout=out)
    return out.getvalue()


def test_guests_untouched_for_thirty_days_are_purged_with_their_games(user):
    now = timezone.now()
    long_ago = now - datetime.timedelta(days=guests.GUEST_DAYS, hours=1)
    idle = guests.make_guest()
    idle_game = new_session("bugger-bridge", owner=idle, players=["A", "B", "C"], rounds=[], options={})
    services.end_early(session=idle_game, key="")
    GameSession.objects.filter(pk=idle_game.pk).update(
        created=long_ago, last_played=long_ago, finished_at=long_ago
    )
    playing = guests.make_guest()  # made long ago, but played yesterday
    played = new_session("bugger-bridge", owner=playing, players=["A", "B", "C"], rounds=[], options={})
    GameSession.objects.filter(pk=played.pk).update(
        created=long_ago, last_played=now - datetime.timedelta(days=1)
    )
    empty = guests.make_guest()  # never started a game (its only one was purged from the Trash)
    fresh = guests.make_guest()  # made today, nothing yet
    User.objects.filter(pk__in=[idle.pk, playing.pk, empty.pk]).update(date_joined=long_ago)
    account_game = new_session("bugger-bridge", owner=user, players=["A", "B", "C"], rounds=[], options={})
    GameSession.objects.filter(pk=account_game.pk).update(created=long_ago)
    User.objects.filter(pk=user.pk).update(date_joined=long_ago)

    assert "2 guests untouched for 30 days deleted" in purge()
    assert set(User.objects.values_list("pk", flat=True)) == {playing.pk, fresh.pk, user.pk}
    assert set(GameSession.objects.values_list("pk", flat=True)) == {played.pk, account_game.pk}
    assert not Player.objects.filter(owner_id=idle.pk).exists()
    assert "0 guests" in purge()


def test_a_sign_up_name_can_never_be_a_guests():
    page = TableClient()
    response = page.send(
        reverse("games:signup"),
        {"username": "guest:abc", "email": "", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 400 and not User.objects.exists()


def test_the_welcome_page_starts_any_game_and_offers_to_log_in(client):
    page = body(client.get(reverse("games:home")))
    for game in FORMS:
        assert f'href="{reverse("games:new", args=[game])}"' in page, game
    assert f'href="{reverse("login")}"' in page
    assert "An account keeps your history on every device, with the standings." in page


def test_a_wrong_password_moves_nothing_and_the_guest_plays_on(django_user_model):
    django_user_model.objects.create_user("keeper", password=PASSWORD)
    visitor = TableClient()
    start_as_visitor(visitor)
    guest = the_guest(visitor)
    refused = visitor.send(reverse("login"), {"username": "keeper", "password": "not-the-password"})
    assert refused.status_code == 200 and User.objects.filter(pk=guest.pk).exists()
    assert GameSession.objects.get().owner == guest and the_guest(visitor) == guest


@pytest.mark.parametrize("account_has_one", [False, True])
def test_the_guests_group_link_goes_to_an_account_without_one(django_user_model, account_has_one):
    account = django_user_model.objects.create_user("keeper", password=PASSWORD)
    if account_has_one:
        kept = group_link.token_for(group_link.make_link(account))
    guest = guests.make_guest()
    token = group_link.token_for(group_link.make_link(guest))
    guests.hand_over(guest=guest, account=account)
    live = group_link.live_link(account)
    assert live is not None
    # One link in force for the account: its own if it had one, else the guest's, still working.
    assert group_link.token_for(live) == (kept if account_has_one else token)
    assert (group_link.find_link(token) is not None) is not account_has_one


def test_a_browser_whose_guest_was_purged_starts_afresh():
    visitor = TableClient()
    start_as_visitor(visitor)
    guest = the_guest(visitor)
    GameSession.objects.filter(owner=guest).delete()
    guest.delete()  # as purge_trash does, 30 days on; the browser still holds its session
    page = visitor.get(reverse("games:new", args=["bugger-bridge"]))
    assert page.status_code == 200
    assert visitor.get(reverse("games:home")).status_code == 200
    assert start_as_visitor(visitor).status_code == 302
    assert GameSession.objects.get().owner == the_guest(visitor)
