"""What callers ask of a game's rules instead of comparing slugs: words, counts, sides, bids."""

from __future__ import annotations

import pytest

from games.registry import GAMES
from games.rules.call_bridge import made
from games.rules.mormon_bridge import peak

RULES = {slug: game.rules for slug, game in GAMES.items()}


@pytest.mark.parametrize(
    ("slug", "word"),
    [
        ("bugger-bridge", "round"),
        ("call-bridge", "deal"),
        ("mormon-bridge", "hand"),
        ("minibridge", "deal"),
        ("memory-bridge", "deal"),
    ],
)
def test_round_word(slug, word):
    assert GAMES[slug].rules.round_word == word


def test_bugger_bridge_rounds_are_its_schedule():
    rules = GAMES["bugger-bridge"].rules
    for players in range(3, 11):
        assert rules.rounds_in_game(players, {}) == len(rules.schedule(players, 0))


@pytest.mark.parametrize("players", [4, 6, 9, 14])
def test_mormon_bridge_hands_in_a_regular_game_only(players):
    rules = GAMES["mormon-bridge"].rules
    assert rules.rounds_in_game(players, {"mode": "regular"}) == 2 * peak(players) - 1
    assert rules.rounds_in_game(players, {"mode": "four-card"}) is None
    assert rules.rounds_in_game(players, {"mode": "elimination"}) is None


@pytest.mark.parametrize("slug", ["call-bridge", "minibridge", "memory-bridge"])
def test_open_ended_games_have_no_round_count(slug):
    rules = GAMES[slug].rules
    assert rules.rounds_in_game(rules.min_players, {}) is None


def test_only_elimination_wins_by_being_left():
    rules = GAMES["mormon-bridge"].rules
    assert rules.win_reason({"mode": "elimination"}) == "the last player left"
    assert rules.win_reason({"mode": "regular"}) == ""
    assert not rules.has_points({"mode": "elimination"})
    assert all(r.win_reason({}) == "" and r.has_points({}) for s, r in RULES.items() if s != "mormon-bridge")


def test_minibridge_partnerships():
    assert GAMES["minibridge"].rules.partnerships == (("N-S", (0, 2)), ("E-W", (1, 3)))
    assert all(not r.partnerships for s, r in RULES.items() if s != "minibridge")


@pytest.mark.parametrize(("slug", "lowest"), [("bugger-bridge", 0), ("mormon-bridge", 0), ("call-bridge", 2)])
def test_games_with_bids(slug, lowest):
    assert GAMES[slug].rules.lowest_bid == lowest


@pytest.mark.parametrize("slug", ["minibridge", "memory-bridge"])
def test_games_without_bids_of_a_players_own(slug):
    assert GAMES[slug].rules.lowest_bid is None


@pytest.mark.parametrize("slug", ["bugger-bridge", "mormon-bridge"])
def test_a_bid_is_made_exactly(slug):
    rules = GAMES[slug].rules
    for bid in range(0, 9):
        for took in range(0, 14):
            assert rules.bid_made(bid, took) == (bid == took), (bid, took)


def test_call_bridge_bid_made_agrees_with_its_scoring():
    rules = GAMES["call-bridge"].rules
    for bid in range(2, 13):
        for took in range(0, 14):
            assert rules.bid_made(bid, took) == made(bid, took), (bid, took)
