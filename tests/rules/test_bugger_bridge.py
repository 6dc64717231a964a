"""Bugger Bridge rules, without a database: schedule, table, checks, the worked example."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.registry import get_rules
from games.rules import RuleError

RULES = get_rules("bugger-bridge")
NAMES = ["Bob", "Helen", "Corky", "Kim", "Randi"]


def replay(rounds, players=5, first_dealer=0, **kw):
    return RULES.replay(
        players=players,
        options=kw.pop("options", {}),
        first_dealer=first_dealer,
        rounds=rounds,
        names=NAMES[:players],
        **kw,
    )


# The rule text's table, typed in by hand.
@pytest.mark.parametrize(
    ("bid", "points"), [(0, 10), (1, 11), (2, 13), (3, 16), (4, 20), (5, 25), (6, 31), (7, 38), (8, 46)]
)
def test_made_bid_scores_the_table_value(bid, points):
    # Rounds 1..7 as filler, then round 8 (eight cards) where seat 0 bids and makes ``bid``.
    rounds = [{"bids": [cards, 0, 0], "tricks": [cards, 0, 0]} for cards in range(1, 8)]
    rounds.append({"bids": [bid, 8 - bid, 1], "tricks": [bid, 8 - bid, 0]})
    state = RULES.replay(players=3, options={}, first_dealer=0, rounds=rounds)
    assert state.rounds[-1].points == [
        points,
        {0: 10, 1: 11, 2: 13, 3: 16, 4: 20, 5: 25, 6: 31, 7: 38, 8: 46}[8 - bid],
        0,
    ]


@pytest.mark.parametrize(
    ("players", "labels"),
    [
        (3, "1 2 3 4 5 6 7 8 8NT 8NT 8 7 6 5 4 3 2 1"),
        (4, "1 2 3 4 5 6 7 8 8NT 8NT 8 7 6 5 4 3 2 1"),
        (5, "1 2 3 4 5 6 7 8 8NT 8NT 8 7 6 5 4 3 2 1"),
        (6, "1 2 3 4 5 6 7 8 8NT 8NT 8 7 6 5 4 3 2 1"),
        (7, "1 2 3 4 5 6 7 7NT 7NT 7 6 5 4 3 2 1"),
        (8, "1 2 3 4 5 6 6NT 6NT 6 5 4 3 2 1"),
        (9, "1 2 3 4 5 5NT 5NT 5 4 3 2 1"),
        (10, "1 2 3 4 4NT 4NT 4 3 2 1"),
    ],
)
def test_schedule_for_every_table_size(players, labels):
    schedule = RULES.schedule(players, 0)
    assert " ".join(r.label for r in schedule) == labels
    assert len(schedule) == len(labels.split())
    # Cards per round read straight off the label.
    assert [r.cards for r in schedule] == [int(label.rstrip("NT")) for label in labels.split()]
    assert [r.trump for r in schedule if r.label.endswith("NT")] == ["none", "none"]


def test_deal_passes_round_the_table_and_the_next_player_bids_first():
    schedule = RULES.schedule(4, 2)
    assert [r.dealer for r in schedule[:6]] == [2, 3, 0, 1, 2, 3]
    assert [r.leader for r in schedule[:6]] == [3, 0, 1, 2, 3, 0]
    assert schedule[0].active == (3, 0, 1, 2)  # bidding order ends with the dealer


@pytest.mark.parametrize("players", [2, 11])
def test_table_size_outside_3_to_10_is_refused(players):
    with pytest.raises(RuleError):
        RULES.replay(players=players, options={}, first_dealer=0, rounds=[])


def test_worked_example_helen_ends_round_3_on_21():
    # The rule text prints 20 for Helen; RULINGS.md: 10 + 0 + 11 = 21.
    state = replay(
        [
            {"bids": [0, 0, 0, 1, 1], "tricks": [0, 0, 0, 0, 1]},
            {"bids": [0, 0, 0, 0, 0], "tricks": [1, 1, 0, 0, 0]},
            {"bids": [0, 1, 2, 0, 0], "tricks": [0, 1, 2, 0, 0]},
        ]
    )
    assert [r.totals for r in state.rounds] == [
        [10, 10, 10, 0, 11],
        [10, 10, 20, 10, 21],
        [20, 21, 33, 20, 31],
    ]
    assert state.rounds[1].explain[0] == "bid 0, took 1: missed, 0"
    assert [RULES.bid_total_line(r.facts["bid_total"], r.info.dealt) for r in state.rounds] == [
        "over-bid by 1",
        "under-bid by 2",
        "even",
    ]
    assert not state.finished and state.winners == []
    assert state.next_round.label == "4"


def test_redeal_penalty_costs_ten_and_totals_may_go_negative():
    state = replay(
        [
            {
                "bids": [0, 0, 0, 1, 1],
                "tricks": [0, 0, 0, 0, 1],
                "penalties": [{"player": 3, "points": -10, "reason": "revoke"}],
            },
        ]
    )
    assert state.rounds[0].points == [10, 10, 10, -10, 11]
    assert state.totals[3] == -10
    assert "redeal penalty -10" in state.rounds[0].explain[3]


def test_penalty_of_another_size_is_refused():
    with pytest.raises(RuleError) as err:
        replay([{"bids": [0] * 5, "penalties": [{"player": 1, "points": -5}]}])
    assert err.value.round == 1 and err.value.player == 1


@pytest.mark.parametrize(
    ("rounds", "round_no", "player", "field", "text"),
    [
        ([{"bids": [0, 0, 0, 2, 0]}], 1, 3, "bids", "Round 1: Kim bid 2, but a bid must be 0 to 1"),
        ([{"bids": [0, 0, 0, -1, 0]}], 1, 3, "bids", "Kim bid -1"),
        ([{"bids": [0, 0, 0, 0, "x"]}], 1, 4, "bids", "Randi must be a whole number"),
        ([{"bids": [0, 0, 0, 0]}], 1, None, "bids", "must have 5 entries"),
        ([{"bids": [0] * 5, "tricks": [0, 0, 0, 0, 0]}], 1, None, "tricks", "add up to 0, but 1 were played"),
        ([{"bids": [0] * 5, "tricks": [1, 1, 0, 0, 0]}], 1, None, "tricks", "1 too many"),
        ([{"bids": [0] * 5, "tricks": [0, 2, 0, 0, 0]}], 1, 1, "tricks", "Helen took 2 tricks"),
        ([{"bids": [0] * 5}, {"bids": [0] * 5}], 1, None, "tricks", "only the last round may be unfinished"),
        ([{"bids": [0] * 5, "colour": "red"}], 1, None, "colour", "unknown field"),
        ([{"tricks": [1, 0, 0, 0, 0]}], 1, None, "bids", "bids are missing"),
        ([{"bids": [0] * 5, "trump": "rook"}], 1, None, "trump", "trumps must be one of"),
    ],
)
def test_refusals_name_round_and_player(rounds, round_no, player, field, text):
    with pytest.raises(RuleError) as err:
        replay(rounds)
    assert err.value.round == round_no
    assert err.value.player == player
    assert err.value.field == field
    assert text in err.value.message


def test_no_trump_round_only_takes_none_as_trumps():
    rounds = [{"bids": [c, 0, 0], "tricks": [c, 0, 0]} for c in range(1, 9)]
    rounds.append({"bids": [0, 0, 0], "tricks": [8, 0, 0], "trump": "hearts"})
    with pytest.raises(RuleError) as err:
        RULES.replay(players=3, options={}, first_dealer=0, rounds=rounds)
    assert err.value.round == 9 and err.value.field == "trump"


def test_hook_rule_forbids_the_dealer_making_bids_even():
    # Round 1 of 4 players, first dealer seat 3: others bid 0, 0, 0 so the dealer may not bid 1.
    base = {"players": 4, "first_dealer": 3, "rounds": [{"bids": [0, 0, 0, 1]}]}
    RULES.replay(options={}, **base)  # fine without the hook
    with pytest.raises(RuleError) as err:
        RULES.replay(options={"hook": True}, names=["A", "B", "C", "D"], **base)
    assert err.value.player == 3
    assert "hook rule: D deals and may not bid 1" in err.value.message
    RULES.replay(options={"hook": True}, players=4, first_dealer=3, rounds=[{"bids": [0, 0, 0, 0]}])


def test_forbidden_dealer_bid_is_none_when_out_of_range():
    info = RULES.schedule(4, 0)[1]  # two cards
    assert RULES.forbidden_dealer_bid(info, 3) is None
    assert RULES.forbidden_dealer_bid(info, 1) == 1
    assert RULES.forbidden_dealer_bid(info, 0) == 2


def full_game(players, made=True):
    rounds = []
    for info in RULES.schedule(players, 0):
        bids = [0] * players
        bids[0] = info.cards
        tricks = list(bids) if made else [0] * (players - 1) + [info.cards]
        rounds.append({"bids": bids, "tricks": tricks})
    return rounds


def test_game_ends_after_the_last_round_and_a_further_round_is_refused():
    rounds = full_game(10)
    state = RULES.replay(players=10, options={}, first_dealer=0, rounds=rounds)
    assert state.finished and state.next_round is None
    assert state.winners == [0]
    with pytest.raises(RuleError) as err:
        RULES.replay(players=10, options={}, first_dealer=0, rounds=[*rounds, rounds[-1]])
    assert err.value.round == 11 and "ended after round 10" in err.value.message


def test_equal_highest_totals_share_the_win():
    rounds = [{"bids": [0, 0, 0], "tricks": [1, 0, 0]}]  # seats 1 and 2 make, seat 0 misses
    state = RULES.replay(players=3, options={}, first_dealer=0, rounds=rounds, finished_early=True)
    assert state.finished and state.finished_early
    assert state.winners == [1, 2]


def test_ending_early_on_an_unfinished_round_counts_its_bids_for_nothing():
    rounds = [{"bids": [0, 0, 0], "tricks": [1, 0, 0]}, {"bids": [0, 1, 0]}]
    state = RULES.replay(players=3, options={}, first_dealer=0, rounds=rounds, finished_early=True)
    assert state.finished and state.finished_early and state.next_round is None
    assert state.totals == [0, 10, 10] and state.winners == [1, 2]


def test_unknown_option_is_refused():
    with pytest.raises(RuleError) as err:
        RULES.replay(players=3, options={"hooks": True}, first_dealer=0, rounds=[])
    assert err.value.field == "hooks"


@st.composite
def games(draw):
    players = draw(st.integers(3, 10))
    first_dealer = draw(st.integers(0, players - 1))
    schedule = RULES.schedule(players, first_dealer)
    count = draw(st.integers(0, len(schedule)))
    rounds = []
    for info in schedule[:count]:
        bids = [draw(st.integers(0, info.cards)) for _ in range(players)]
        # Deal the tricks out one at a time to random players.
        tricks = [0] * players
        for _ in range(info.cards):
            tricks[draw(st.integers(0, players - 1))] += 1
        rounds.append({"bids": bids, "tricks": tricks})
    return players, first_dealer, rounds


@settings(max_examples=60, deadline=None)
@given(games())
def test_totals_are_sums_of_round_points(game):
    players, first_dealer, rounds = game
    state = RULES.replay(players=players, options={}, first_dealer=first_dealer, rounds=rounds)
    for seat in range(players):
        running = 0
        for result in state.rounds:
            running += result.points[seat]
            assert result.totals[seat] == running
        assert state.totals[seat] == running
    assert state.finished == (len(rounds) == len(RULES.schedule(players, 0)))
    if not state.finished:
        assert state.winners == []


@settings(max_examples=60, deadline=None)
@given(games())
def test_a_made_bid_always_beats_a_missed_one(game):
    players, first_dealer, rounds = game
    state = RULES.replay(players=players, options={}, first_dealer=first_dealer, rounds=rounds)
    for data, result in zip(rounds, state.rounds, strict=False):
        made = [p for p, b, t in zip(result.points, data["bids"], data["tricks"], strict=False) if b == t]
        missed = [p for p, b, t in zip(result.points, data["bids"], data["tricks"], strict=False) if b != t]
        if made and missed:
            assert min(made) > max(missed)
        assert all(p == 0 for p in missed)


@settings(max_examples=40, deadline=None)
@given(games())
def test_points_do_not_depend_on_names_and_a_refused_round_changes_nothing(game):
    players, first_dealer, rounds = game
    plain = RULES.replay(players=players, options={}, first_dealer=first_dealer, rounds=rounds)
    named = RULES.replay(
        players=players,
        options={},
        first_dealer=first_dealer,
        rounds=rounds,
        names=[f"P{i}" for i in range(players)],
    )
    assert [r.points for r in plain.rounds] == [r.points for r in named.rounds]
    if not plain.finished:
        bad = {"bids": [99] * players}
        with pytest.raises(RuleError):
            RULES.replay(players=players, options={}, first_dealer=first_dealer, rounds=[*rounds, bad])
        again = RULES.replay(players=players, options={}, first_dealer=first_dealer, rounds=rounds)
        assert again.totals == plain.totals
