"""Free scoring rules: points as typed, highest or lowest wins, a number of rounds or a target.

The spec (session-record.md, ``free-scoring``) gives the shape; the rest is decided in the
rules module's docstring (a target is reached at that total or more; a tie at the end is shared).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.registry import GAMES, get_rules
from games.rules.base import RuleError
from games.rules.free_scoring import FreeScoring

RULES = FreeScoring()
NAMES = ["Ann", "Ben", "Cat"]


def replay(rounds, options=None, *, players=3, first_dealer=0, finished_early=False):
    return RULES.replay(
        players=players,
        options=options,
        first_dealer=first_dealer,
        rounds=[{"scores": s} for s in rounds],
        finished_early=finished_early,
        names=NAMES[:players] if players <= 3 else None,
    )


def test_registered_under_the_spec_slug():
    assert get_rules("free-scoring").name == "Free scoring"
    assert GAMES["free-scoring"].rows.to_data(None, []) == {"scores": []}


@pytest.mark.parametrize(
    ("options", "cleaned"),
    [
        (None, {"wins": "highest", "rounds": 10, "target": None}),
        ({"wins": "lowest"}, {"wins": "lowest", "rounds": 10, "target": None}),
        ({"rounds": 3}, {"wins": "highest", "rounds": 3, "target": None}),
        ({"target": 100}, {"wins": "highest", "rounds": None, "target": 100}),
        ({"rounds": None, "target": 100}, {"wins": "highest", "rounds": None, "target": 100}),
    ],
)
def test_options(options, cleaned):
    assert RULES.clean_options(options) == cleaned


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"rounds": 5, "target": 100}, "Choose either a number of rounds or a target score, not both."),
        ({"wins": "most"}, "Option wins must be one of highest, lowest."),
        ({"rounds": 0}, "Option rounds must be at least 1."),
        ({"rounds": 201}, "Option rounds must be at most 200."),
        ({"target": 0}, "Option target must be at least 1."),
        ({"target": "100"}, "Option target must be a whole number."),
        ({"deals": 8}, "Free scoring has no option 'deals'."),
    ],
)
def test_options_refused(options, message):
    with pytest.raises(RuleError) as caught:
        RULES.clean_options(options)
    assert caught.value.message == message


def test_points_as_typed_negative_too_and_the_highest_wins_after_the_rounds():
    state = replay([[12, -5, 7], [0, 30, -2], [3, 3, 3]], {"rounds": 3})
    assert [r.points for r in state.rounds] == [[12, -5, 7], [0, 30, -2], [3, 3, 3]]
    assert [r.totals for r in state.rounds] == [[12, -5, 7], [12, 25, 5], [15, 28, 8]]
    assert state.finished and not state.finished_early and state.winners == [1]
    assert state.rounds[0].explain == ["scored 12 points", "scored −5 points", "scored 7 points"]
    assert state.next_round is None


def test_the_lowest_wins_when_chosen():
    state = replay([[12, -5, 7], [0, 30, -2]], {"wins": "lowest", "rounds": 2})
    assert state.totals == [12, 25, 5] and state.winners == [2]
    places = GAMES["free-scoring"].standings(state, NAMES)
    assert [(p.name, p.ordinal) for p in places] == [("Cat", "1st"), ("Ann", "2nd"), ("Ben", "3rd")]
    assert GAMES["free-scoring"].leader_line(NAMES, [12, 25, 5], [False] * 3, state.options) == (
        "Cat leads with 5"
    )


def test_ten_rounds_by_default():
    state = replay([[1, 2, 3]] * 9)
    assert not state.finished and state.next_round is not None and state.next_round.number == 10
    assert RULES.rounds_in_game(3, {}) == 10
    assert replay([[1, 2, 3]] * 10).finished


def test_a_target_ends_the_game_after_the_round_that_reaches_it():
    state = replay([[40, 10, 0], [40, 20, 0]], {"target": 100})
    assert not state.finished and RULES.rounds_in_game(3, {"target": 100}) is None
    state = replay([[40, 10, 0], [40, 20, 0], [20, 5, 0]], {"target": 100})
    assert state.finished and state.totals == [100, 35, 0] and state.winners == [0]
    assert state.rounds[-1].facts == {"target_reached": True}
    # Lowest wins (Hearts): reaching the target ends the game, and the lowest total wins it.
    hearts = replay([[26, 0, 0], [0, 13, 13], [80, 0, 0]], {"wins": "lowest", "target": 100})
    assert hearts.finished and hearts.winners == [1, 2]  # level: a shared win, no extra round


def test_a_round_after_the_end_is_refused():
    with pytest.raises(RuleError) as caught:
        replay([[60, 0, 0], [50, 0, 0], [1, 1, 1]], {"target": 100})
    assert caught.value.round == 3
    assert caught.value.message == "Round 3: the game ended after round 2, when a total reached 100."
    with pytest.raises(RuleError) as caught:
        replay([[1, 1, 1]] * 3, {"rounds": 2})
    assert caught.value.message == "Round 3: the game ended after round 2."


@pytest.mark.parametrize(
    ("data", "message", "player"),
    [
        (
            {"scores": [1, 10_001, 0]},
            "Round 1: Ben scored 10001, but a round scores −10,000 to 10,000 points.",
            1,
        ),
        (
            {"scores": [-10_001, 0, 0]},
            "Round 1: Ann scored −10001, but a round scores −10,000 to 10,000 points.",
            0,
        ),
        ({"scores": [1, 2]}, "Round 1: the scores must have 3 entries, one per player, not 2.", None),
        ({"scores": [1, None, 2]}, None, 1),
        ({"scores": [1, 2.5, 2]}, None, 1),
        ({"scores": [1, True, 2]}, None, 1),
        ({}, "Round 1: the scores are missing.", None),
        ({"scores": [1, 2, 3], "bids": [0, 0, 0]}, "Round 1: unknown field 'bids'.", None),
    ],
)
def test_bad_rounds_are_refused_naming_round_and_player(data, message, player):
    with pytest.raises(RuleError) as caught:
        RULES.replay(players=3, options=None, first_dealer=0, rounds=[data], names=NAMES)
    assert caught.value.round == 1 and caught.value.player == player
    if message:
        assert caught.value.message == message


def test_the_edges_of_a_round_are_allowed():
    assert replay([[10_000, -10_000, 0]]).totals == [10_000, -10_000, 0]


@pytest.mark.parametrize(("players", "allowed"), [(0, False), (1, True), (20, True), (21, False)])
def test_one_to_twenty_players(players, allowed):
    run = lambda: RULES.replay(players=players, options=None, first_dealer=0, rounds=[])  # noqa: E731
    if allowed:
        assert run().next_round is not None
    else:
        with pytest.raises(RuleError):
            run()


def test_the_deal_passes_round_the_table():
    state = replay([[1, 1, 1]] * 4, first_dealer=2)
    assert [(r.info.dealer, r.info.leader) for r in state.rounds] == [(2, 0), (0, 1), (1, 2), (2, 0)]
    assert state.next_round is not None and state.next_round.dealer == 0


def test_ended_early_the_best_total_wins():
    state = replay([[5, 9, 1]], {"wins": "lowest"}, finished_early=True)
    assert state.finished and state.finished_early and state.winners == [2]
    assert replay([[5, 9, 1]], finished_early=True).winners == [1]


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 6).flatmap(
        lambda n: st.lists(st.lists(st.integers(-10_000, 10_000), min_size=n, max_size=n), max_size=12)
    ),
    st.sampled_from(["highest", "lowest"]),
)
def test_totals_are_the_sum_of_the_points_and_the_best_total_wins(rounds, wins):
    players = len(rounds[0]) if rounds else 2
    state = RULES.replay(
        players=players,
        options={"wins": wins, "rounds": 12},
        first_dealer=0,
        rounds=[{"scores": s} for s in rounds],
        finished_early=bool(rounds) and len(rounds) < 12,
    )
    sums = [sum(r[seat] for r in rounds) for seat in range(players)]
    assert state.totals == sums
    if rounds:
        best = (min if wins == "lowest" else max)(sums)
        assert state.winners == [s for s, t in enumerate(sums) if t == best]
