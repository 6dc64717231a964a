"""Odd digits, huge and signed numbers: each path that once answered 500 now answers a clear 4xx (or works)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.forms import parse_int
from games.models import GameSession, Round

from .helpers import action, body, new_session
from .rules.test_contract import FIRST_ROUND

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "raw, low, high, expected",
    [
        ("7", 0, 10, 7),
        (" 7 ", 0, 10, 7),
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
