"""Odd digits, huge and signed numbers: each path that once answered 500 now answers a clear 4xx (or works).

A number is exactly the digits of a whole number: no spaces, no leading zero, no "-0". A
name is compared as people read it: spaces trimmed and made single, case kept, and a
character nobody sees (control, zero-width) refused beside the field.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import services
from games.forms import parse_int
from games.models import GameSession, Player, Round
from games.rules import RuleError

from .helpers import action, body, new_session
from .rules.test_contract import FIRST_ROUND

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "raw, low, high, expected",
    [
        ("7", 0, 10, 7),
        ("0", 0, 10, 0),
        ("10", 0, 10, 10),
        (" 7 ", 0, 10, None),
        (" 1", 0, 10, None),
        ("1 ", 0, 10, None),
        ("01", 0, 10, None),
        ("00", 0, 10, None),
        ("-0", -5, 5, None),
        ("-01", -5, 5, None),
        ("- 1", -5, 5, None),
        ("\u00a01", 0, 10, None),
        ("-3", -5, 5, -3),
        ("-3", 0, 5, None),
        ("+3", 0, 5, None),
        ("³", 0, 10, None),
        ("²", 0, 10, None),
        ("٣", 0, 10, None),
        ("１", 0, 10, None),
        ("1_0", 0, 100, None),
        ("1e3", 0, 10_000, None),
        ("11", 0, 10, None),
        ("9" * 5001, 0, 10, None),
        ("", 0, 10, None),
        ("\x00", 0, 10, None),
        (None, 0, 10, None),
        (["1"], 0, 10, None),
        (3, 0, 10, None),
    ],
)
def test_parse_int_takes_ascii_digits_in_range_only(raw, low, high, expected):
    assert parse_int(raw, low, high) == expected


def start(user, slug, names=("Ann", "Ben", "Cat", "Dan")):
    return new_session(slug, owner=user, players=names, rounds=FIRST_ROUND[slug][:1])


def test_new_mormon_game_with_odd_seat_count(table):
    response = table.send(reverse("games:new", args=["mormon-bridge"]), {"seats": "³", "more": "1"})
    assert response.status_code in (200, 400)
    assert GameSession.objects.count() == 0


@pytest.mark.parametrize("source", ["³", "٣", "99999999999999999999999", "-1", "1" * 5001])
def test_same_players_again_from_an_odd_number(table, source):
    response = table.get(reverse("games:new", args=["call-bridge"]), {"from": source})
    assert response.status_code == 200


@pytest.mark.parametrize("player", ["³", "٣", "-1", "99999999999999999999999"])
def test_bugger_penalty_with_odd_player(table, user, player):
    session = start(user, "bugger-bridge", ["Ann", "Ben", "Cat"])
    table.send(action(session, 2, "bids"), {"bid_0": "0", "bid_1": "0", "bid_2": "1"})
    response = table.send(action(session, 2, "penalty"), {"player": player, "reason": "revoke"}, htmx=True)
    assert response.status_code < 500
    assert "pick who is at fault" in body(response)
    assert Round.objects.get(session=session, number=2).penalties == []


@pytest.mark.parametrize("field", ["pick", "hcp_0", "hcp_1", "hcp_2"])
@pytest.mark.parametrize("value", ["³", "٣", "99999999999999999999999", "-4"])
def test_minibridge_points_with_odd_digits(table, user, field, value):
    session = start(user, "minibridge")
    post = {"hcp_0": "10", "pick": "5", field: value}
    response = table.send(action(session, 2, "points"), post, htmx=True)
    assert response.status_code < 500
    assert not Round.objects.filter(session=session, number=2).exists()


@pytest.mark.parametrize("post", [{"fh_0": "³"}, {"fh_0": "7", "was_0": "²"}, {"fh_0": "7", "was_0": "٣"}])
def test_memory_bridge_first_half_with_odd_digits(table, user, post):
    session = start(user, "memory-bridge", ["Ann", "Ben"])
    response = table.send(action(session, 2, "first-half"), post, htmx=True)
    assert response.status_code < 500


# -- numbers as typed or tapped: exactly a whole number's digits -------------------------------------


@pytest.mark.parametrize("bid", [" 1", "1 ", "01", "-0", "00"])
def test_a_bid_not_written_as_a_number_is_refused_beside_the_player(table, user, bid):
    session = start(user, "bugger-bridge", ["Ann", "Ben", "Cat"])
    response = table.send(action(session, 2, "bids"), {"bid_0": bid, "bid_1": "0", "bid_2": "1"}, htmx=True)
    assert response.status_code == 200
    assert "Round 2: Ann&#x27;s bid must be a number, not “" in body(response)
    assert not Round.objects.filter(session=session, number=2).exists()


def test_a_bid_written_as_a_number_is_saved(table, user):
    session = start(user, "bugger-bridge", ["Ann", "Ben", "Cat"])
    table.send(action(session, 2, "bids"), {"bid_0": "0", "bid_1": "0", "bid_2": "1"}, htmx=True)
    assert Round.objects.get(session=session, number=2).entries.order_by("position")[2].bid == 1


@pytest.mark.parametrize("target", [" 30", "030", "30 ", "-0"])
def test_a_new_game_target_not_written_as_a_number_is_refused(table, target):
    names = {f"player_{i}": name for i, name in enumerate(["Ann", "Ben", "Cat", "Dan"])}
    post = {**names, "first_dealer": "0", "target": target}
    response = table.send(reverse("games:new", args=["call-bridge"]), post)
    assert response.status_code == 400
    assert "Enter a whole number." in body(response)
    assert not GameSession.objects.exists()


@pytest.mark.parametrize("into", [" {pk}", "0{pk}", "{pk} "])
def test_a_merge_into_an_id_not_written_as_digits_is_refused(table, user, into):
    start(user, "bugger-bridge", ["Ann", "Ben", "Cat"])
    ann = Player.objects.create(owner=user, name="Annie")
    ben = Player.objects.get(owner=user, name="Ben")
    response = table.send(reverse("games:player-merge", args=[ann.pk]), {"into": into.format(pk=ben.pk)})
    assert response.status_code == 400
    assert Player.objects.filter(pk=ann.pk).exists()


def test_standings_minimum_is_digits_only(table):
    response = table.get(reverse("games:standings"), {"minimum": "03"})
    assert response.status_code < 500
    assert "Enter a whole number." in body(response)


# -- names as people read them -----------------------------------------------------------------------

INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u202e", "\x07"]


@pytest.mark.parametrize("char", INVISIBLE)
def test_a_name_with_an_invisible_character_is_refused_beside_the_seat(table, user, char):
    Player.objects.create(owner=user, name="Ann")
    names = {"player_0": f"Ann{char}", "player_1": "Ben", "player_2": "Cat"}
    response = table.send(reverse("games:new", args=["bugger-bridge"]), {**names, "first_dealer": "0"})
    assert response.status_code == 400
    text = body(response)
    assert "A name cannot hold" in text and f"(U+{ord(char):04X})" in text
    assert not GameSession.objects.exists()
    assert list(Player.objects.filter(owner=user).values_list("name", flat=True)) == ["Ann"]


def test_a_name_is_trimmed_and_its_spaces_made_single_and_its_case_kept(table, user):
    Player.objects.create(owner=user, name="Ann Lee")
    names = {"player_0": "  Ann \u00a0  Lee ", "player_1": "BEN", "player_2": "cat"}
    response = table.send(reverse("games:new", args=["bugger-bridge"]), {**names, "first_dealer": "0"})
    assert response.status_code == 302
    assert sorted(Player.objects.filter(owner=user).values_list("name", flat=True)) == [
        "Ann Lee",
        "BEN",
        "cat",
    ]


def test_a_rename_to_a_name_with_a_zero_width_space_is_refused(table, user):
    ann = Player.objects.create(owner=user, name="Ann")
    response = table.send(reverse("games:player-rename", args=[ann.pk]), {"name": "An\u200bn"})
    assert response.status_code == 400
    assert "A name cannot hold an invisible character (U+200B)." in body(response)
    ann.refresh_from_db()
    assert ann.name == "Ann"


def test_the_names_the_services_store_are_read_as_people_read_them():
    """``services.clean_names`` serves every new game and the JSON import."""
    assert services.clean_names([" Ann  Lee ", "Ben"]) == ["Ann Lee", "Ben"]
    with pytest.raises(RuleError, match="U\\+200B"):
        services.clean_names(["Ann", "Ann\u200b"])
    with pytest.raises(RuleError, match="twice"):
        services.clean_names(["Ann", " ann"])


def test_an_imported_record_with_a_zero_width_name_is_refused(user):
    from games.backup.session_record import RecordError, import_record

    from .test_session_record import record

    with pytest.raises(RecordError, match="U\\+200B"):
        import_record(owner=user, record=record(players=["Bob", "Bob\u200b", "Kim"]))
    assert not GameSession.objects.exists() and not Player.objects.exists()
