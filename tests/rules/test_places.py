"""Final standings and the leader of a game in progress, from the rules alone (no database)."""

from __future__ import annotations

import pytest

from games.registry import GAMES, ordinal, rank
from tests.test_history_helpers import (
    CALL_DEAL,
    ELIMINATION_ROUNDS,
    MINIBRIDGE_ROUNDS,
    NAMES,
    bugger_rounds,
)


def replay(game, rounds, options=None, names=None):
    names = names or NAMES[game]
    state = GAMES[game].rules.replay(
        players=len(names), options=options or {}, first_dealer=0, rounds=rounds, names=names
    )
    return GAMES[game].standings(state, names)


def lines(places):
    return [(p.ordinal, p.name, p.total_text or p.detail) for p in places]


@pytest.mark.parametrize(
    ("place", "word"),
    [
        (1, "1st"),
        (2, "2nd"),
        (3, "3rd"),
        (4, "4th"),
        (11, "11th"),
        (12, "12th"),
        (13, "13th"),
        (21, "21st"),
        (22, "22nd"),
    ],
)
def test_ordinals(place, word):
    assert ordinal(place) == word


@pytest.mark.parametrize(
    ("keys", "places"),
    [
        ([5, 3, 3, 1], [(0, 1, False), (1, 2, True), (2, 2, True), (3, 4, False)]),
        ([2, 2], [(0, 1, True), (1, 1, True)]),
        ([1, 9, 4], [(1, 1, False), (2, 2, False), (0, 3, False)]),
    ],
)
def test_equal_totals_share_a_place_and_the_next_is_skipped(keys, places):
    assert rank(keys) == places


def test_bugger_standings_every_player_with_ties():
    # Bob bids every trick and makes it (492); everyone else bids 0 and makes it 18 times (180 each).
    assert lines(replay("bugger-bridge", bugger_rounds())) == [
        ("1st", "Bob", "492"),
        ("=2nd", "Helen", "180"),
        ("=2nd", "Corky", "180"),
        ("=2nd", "Kim", "180"),
        ("=2nd", "Randi", "180"),
    ]


def test_call_bridge_standings():
    assert lines(replay("call-bridge", [CALL_DEAL] * 8)) == [
        ("1st", "Asha", "32"),
        ("=2nd", "Ben", "24"),
        ("=2nd", "Chen", "24"),
        ("4th", "Dee", "16"),
    ]


def test_negative_totals_print_a_real_minus():
    # Asha bids 4, takes 0: −4; the others make theirs.
    places = replay("call-bridge", [{"bids": [4, 3, 3, 2], "tricks": [0, 4, 4, 5]}], {"target": 30})
    assert places[-1].name == "Asha" and places[-1].total_text == "−4"


def test_minibridge_ranks_the_sides():
    assert lines(replay("minibridge", MINIBRIDGE_ROUNDS, {"deals": 2})) == [
        ("1st", "N-S (North Nora & South Sam)", "480"),
        ("2nd", "E-W (East Eli & West Wyn)", "0"),
    ]


def test_elimination_ranks_by_the_hand_a_player_went_out_in():
    assert lines(replay("mormon-bridge", ELIMINATION_ROUNDS, {"mode": "elimination"})) == [
        ("1st", "Mo", "still in"),
        ("=2nd", "Ned", "out in hand 2"),
        ("=2nd", "Ola", "out in hand 2"),
        ("4th", "Pia", "out in hand 1"),
    ]


@pytest.mark.parametrize(
    ("game", "names", "totals", "out", "line"),
    [
        ("bugger-bridge", ["A", "B", "C"], [], [], ""),
        ("bugger-bridge", ["A", "B", "C"], [10, 25, 3], [False] * 3, "B leads with 25"),
        ("bugger-bridge", ["A", "B", "C"], [25, 25, 3], [False] * 3, "A and B lead with 25"),
        ("bugger-bridge", ["A", "B", "C", "D"], [5, 5, 5, 1], [False] * 4, "A, B and C lead with 5"),
        ("call-bridge", ["A", "B", "C", "D"], [-3, -3, -3, -3], [False] * 4, "All level at −3"),
        ("minibridge", ["N", "E", "S", "W"], [120, 0, 120, 0], [False] * 4, "N-S lead with 120"),
        ("minibridge", ["N", "E", "S", "W"], [50, 50, 50, 50], [False] * 4, "Level at 50"),
        ("mormon-bridge", ["A", "B", "C", "D"], [None] * 4, [False, True, False, False], "3 still in"),
    ],
)
def test_leader_line(game, names, totals, out, line):
    assert GAMES[game].leader_line(names, totals, out) == line


@pytest.mark.parametrize(
    ("game", "played", "players", "options", "line"),
    [
        ("bugger-bridge", 0, 5, {}, "Round 1 of 18"),
        ("bugger-bridge", 6, 5, {}, "Round 7 of 18"),
        ("call-bridge", 2, 4, {}, "Deal 3"),
        ("mormon-bridge", 10, 4, {}, "Hand 11 of 11"),
        ("mormon-bridge", 11, 4, {}, "Hand 11 of 11"),
    ],
)
def test_round_line(game, played, players, options, line):
    assert GAMES[game].round_line(played, players, options) == line
