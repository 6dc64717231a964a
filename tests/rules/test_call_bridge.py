"""Call Bridge rules: scoring, the deal rotation, the target, refusals, properties.

Expected values are worked out by hand from call-bridge.txt and RULINGS.md.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.base import RoundInfo, RuleError
from games.rules.call_bridge import CallBridge, the_rest

RULES = CallBridge()
NAMES = ["Ann", "Bob", "Cat", "Dan"]


def play(rounds, *, target=None, first_dealer=0, finished_early=False, names=NAMES):
    options = {} if target is None else {"target": target}
    return RULES.replay(
        players=4,
        options=options,
        first_dealer=first_dealer,
        rounds=rounds,
        finished_early=finished_early,
        names=names,
    )


# -- scoring --------------------------------------------------------------------------

# (bid, tricks taken, points): bids below 8 make with tricks >= bid and score the bid;
# bonus bids (8+) make only with tricks == bid or bid + 1 and score 13; a miss costs the bid.
SCORING = [
    (2, 0, -2),
    (2, 1, -2),
    (2, 2, 2),
    (2, 3, 2),
    (2, 13, 2),
    (3, 2, -3),
    (3, 3, 3),
    (3, 4, 3),
    (3, 10, 3),
    (4, 3, -4),
    (4, 4, 4),
    (4, 5, 4),
    (4, 13, 4),
    (5, 0, -5),
    (5, 4, -5),
    (5, 5, 5),
    (5, 7, 5),
    (6, 5, -6),
    (6, 6, 6),
    (6, 8, 6),
    (7, 6, -7),
    (7, 7, 7),
    (7, 8, 7),
    (7, 9, 7),
    (7, 13, 7),
    # bonus bids: bid - 1, bid, bid + 1, bid + 2, and the extremes
    (8, 0, -8),
    (8, 7, -8),
    (8, 8, 13),
    (8, 9, 13),
    (8, 10, -8),
    (8, 13, -8),
    (9, 8, -9),
    (9, 9, 13),
    (9, 10, 13),
    (9, 11, -9),
    (10, 9, -10),
    (10, 10, 13),
    (10, 11, 13),
    (10, 12, -10),
    (11, 10, -11),
    (11, 11, 13),
    (11, 12, 13),
    (11, 13, -11),
    (12, 0, -12),
    (12, 11, -12),
    (12, 12, 13),
    (12, 13, 13),
]


@pytest.mark.parametrize(("bid", "took", "points"), SCORING)
def test_scoring_table(bid, took, points):
    assert RULES.deal_points(bid, took) == points


@pytest.mark.parametrize(("bid", "took", "points"), SCORING)
def test_scoring_table_through_replay(bid, took, points):
    # The player at seat 0 bids and takes as in the table; the rest of the 13 tricks
    # go to seat 1, who bids 2; seats 2 and 3 bid 2 and take nothing (-2 each).
    rest = 13 - took
    state = play([{"bids": [bid, 2, 2, 2], "tricks": [took, rest, 0, 0]}], target=100)
    assert state.rounds[0].points == [points, 2 if rest >= 2 else -2, -2, -2]


def oracle(bid, took):
    """The rule as worded in call-bridge.txt, written independently of the module."""
    if bid >= 8:
        return 13 if bid <= took <= bid + 1 else -bid
    return bid if took >= bid else -bid


def test_every_bid_and_trick_count_follows_the_rule_text():
    for bid in range(2, 13):
        for took in range(0, 14):
            assert RULES.deal_points(bid, took) == oracle(bid, took), (bid, took)


@pytest.mark.parametrize(
    ("bid", "took", "line"),
    [
        (9, 11, "bid 9, took 11: a bonus bid fails outside 9-10, so -9"),
        (9, 8, "bid 9, took 8: a bonus bid fails outside 9-10, so -9"),
        (4, 5, "bid 4, took 5: made, +4"),
        (4, 4, "bid 4, took 4: made, +4"),
        (4, 3, "bid 4, took 3: missed, -4"),
        (8, 9, "bid 8, took 9: bonus bid made, +13"),
        (12, 12, "bid 12, took 12: bonus bid made, +13"),
    ],
)
def test_explain(bid, took, line):
    assert RULES.explain(bid, took) == line


@pytest.mark.parametrize(("bid", "bonus"), [(2, False), (7, False), (8, True), (10, True), (12, True)])
def test_is_bonus_bid(bid, bonus):
    assert RULES.is_bonus_bid(bid) is bonus


def test_a_deal_scores_and_explains_every_player():
    state = play([{"bids": [4, 8, 2, 3], "tricks": [4, 9, 0, 0]}], target=100)
    r = state.rounds[0]
    assert r.complete
    assert r.points == [4, 13, -2, -3]
    assert r.totals == [4, 13, -2, -3]
    assert state.totals == [4, 13, -2, -3]
    assert r.explain == [
        "bid 4, took 4: made, +4",
        "bid 8, took 9: bonus bid made, +13",
        "bid 2, took 0: missed, -2",
        "bid 3, took 0: missed, -3",
    ]
    assert r.facts == {
        "bid_total": 17,
        "target_reached": False,
        "leader_seats": [1],
        "play_goes_on": False,
        "winner": None,
    }


# -- the deals --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first_dealer", "number", "dealer", "active"),
    [
        (0, 1, 0, (1, 2, 3, 0)),
        (0, 2, 1, (2, 3, 0, 1)),
        (0, 4, 3, (0, 1, 2, 3)),
        (0, 5, 0, (1, 2, 3, 0)),
        (2, 1, 2, (3, 0, 1, 2)),
        (2, 2, 3, (0, 1, 2, 3)),
        (2, 3, 0, (1, 2, 3, 0)),
        (3, 9, 3, (0, 1, 2, 3)),
    ],
)
def test_deal_rotation(first_dealer, number, dealer, active):
    info = RULES.deal(number, first_dealer)
    assert info == RoundInfo(
        number=number,
        label=f"Deal {number}",
        dealer=dealer,
        leader=active[0],
        cards=13,
        trump="spades",
        active=active,
    )


def test_bid_and_trick_ranges():
    assert RULES.bid_range(RULES.deal(1, 0)) == range(2, 13)
    assert RULES.bid_range() == range(2, 13)
    assert RULES.trick_range() == range(0, 14)


def test_options():
    assert RULES.clean_options(None) == {"target": 30}
    assert RULES.clean_options({"target": 12}) == {"target": 12}
    assert RULES.min_players == RULES.max_players == 4
    assert RULES.uses_points is True


def test_next_round_follows_the_record():
    state = play([], first_dealer=1)
    assert state.next_round == RULES.deal(1, 1)
    assert state.next_round.dealer == 1 and state.next_round.leader == 2
    assert not state.finished and state.winners == [] and state.totals == [0, 0, 0, 0]
    state = play([{"bids": [2, 2, 2, 2], "tricks": [4, 3, 3, 3]}], first_dealer=1)
    assert state.next_round == RULES.deal(2, 1)
    assert state.next_round.dealer == 2


def test_unfinished_last_deal():
    state = play([{"bids": [2, 2, 2, 2], "tricks": [4, 3, 3, 3]}, {"bids": [3, 4, 2, 8]}])
    assert not state.finished
    assert state.winners == []
    assert state.current is state.rounds[1]
    assert state.rounds[1].complete is False
    assert state.rounds[1].points is None
    assert state.rounds[1].facts == {"bid_total": 17}
    assert state.next_round == state.rounds[1].info == RULES.deal(2, 0)
    assert state.totals == [2, 2, 2, 2]


def test_unfinished_deal_with_null_tricks_counts_as_unfinished():
    state = play([{"bids": [3, 4, 2, 8], "tricks": None}])
    assert state.current is not None


# -- the target ---------------------------------------------------------------------------


def test_target_reached_with_a_shared_lead_plays_on_then_a_single_leader_wins():
    deals = [
        # all make: +5 +4 +2 +2
        {"bids": [5, 4, 2, 2], "tricks": [5, 4, 2, 2]},
        # +5 +6, Cat and Dan miss 2: totals 10 10 0 0, target 10 reached but shared
        {"bids": [5, 6, 2, 2], "tricks": [5, 6, 1, 1]},
        # Ann +2, Bob misses 3, Cat +2, Dan +2: totals 12 7 2 2
        {"bids": [2, 3, 2, 2], "tricks": [2, 2, 4, 5]},
    ]
    state = play(deals[:2], target=10)
    assert state.totals == [10, 10, 0, 0]
    assert not state.finished
    assert state.winners == []
    assert state.rounds[1].facts["target_reached"] is True
    assert state.rounds[1].facts["play_goes_on"] is True
    assert state.rounds[1].facts["leader_seats"] == [0, 1]
    assert state.rounds[1].facts["winner"] is None
    assert state.next_round == RULES.deal(3, 0)

    state = play(deals, target=10)
    assert state.totals == [12, 7, 2, 2]
    assert state.finished
    assert not state.finished_early
    assert state.winners == [0]
    assert state.next_round is None
    assert state.rounds[2].facts == {
        "bid_total": 9,
        "target_reached": True,
        "leader_seats": [0],
        "play_goes_on": False,
        "winner": 0,
    }


def test_default_target_is_30():
    # Each deal: Ann bids 8, takes 8 (+13); Bob and Cat bid 2, take 2 (+2); Dan bids 2, takes 1 (-2).
    deal = {"bids": [8, 2, 2, 2], "tricks": [8, 2, 2, 1]}
    state = play([deal, deal])
    assert state.totals == [26, 4, 4, -4]
    assert not state.finished
    state = play([deal, deal, deal])
    assert state.totals == [39, 6, 6, -6]
    assert state.finished and state.winners == [0]


def test_reaching_the_target_exactly_wins():
    state = play([{"bids": [8, 2, 2, 2], "tricks": [8, 2, 2, 1]}], target=13)
    assert state.totals == [13, 2, 2, -2]
    assert state.finished and state.winners == [0]


def test_the_single_highest_total_wins_when_two_cross_the_target_together():
    deals = [
        # Ann +5, Bob +5, Cat +2, Dan misses 2: totals 5 5 2 -2
        {"bids": [5, 5, 2, 2], "tricks": [5, 5, 2, 1]},
        # Ann +5 (10), Bob makes a bonus 8 (+13: 18), Cat and Dan miss 2: 0 and -4
        {"bids": [5, 8, 2, 2], "tricks": [5, 8, 0, 0]},
    ]
    state = play(deals, target=10)
    assert state.totals == [10, 18, 0, -4]
    assert state.finished and state.winners == [1]


def test_a_deal_after_the_win_is_refused():
    deal = {"bids": [8, 2, 2, 2], "tricks": [8, 2, 2, 1]}
    with pytest.raises(RuleError) as e:
        play([deal, deal], target=13)
    err = e.value
    assert (err.round, err.player, err.field) == (2, None, None)
    assert err.message == "Round 2: the game ended after round 1, when Ann won."


# -- ending early ---------------------------------------------------------------------------


def test_finished_early_highest_total_wins():
    state = play([{"bids": [2, 3, 2, 2], "tricks": [2, 2, 4, 5]}], finished_early=True)
    assert state.totals == [2, -3, 2, 2]
    assert state.finished and state.finished_early
    assert state.winners == [0, 2, 3]
    assert state.next_round is None


def test_finished_early_single_leader():
    state = play([{"bids": [4, 3, 2, 2], "tricks": [4, 2, 4, 3]}], finished_early=True)
    assert state.totals == [4, -3, 2, 2]
    assert state.winners == [0]


def test_finished_early_may_end_on_an_unfinished_deal_whose_bids_count_nothing():
    state = play(
        [{"bids": [2, 2, 2, 2], "tricks": [4, 3, 3, 3]}, {"bids": [2, 2, 2, 2]}], finished_early=True
    )
    assert state.finished and state.finished_early and state.next_round is None
    assert state.totals == play([{"bids": [2, 2, 2, 2], "tricks": [4, 3, 3, 3]}]).totals


def test_finished_early_flag_is_dropped_when_the_game_was_won_anyway():
    state = play([{"bids": [8, 2, 2, 2], "tricks": [8, 2, 2, 1]}], target=13, finished_early=True)
    assert state.finished and not state.finished_early and state.winners == [0]


# -- refusals -------------------------------------------------------------------------------

GOOD = {"bids": [2, 2, 2, 2], "tricks": [4, 3, 3, 3]}


@pytest.mark.parametrize(
    ("bad", "player", "field", "message"),
    [
        (
            {"bids": [2, 1, 2, 2], "tricks": [4, 3, 3, 3]},
            1,
            "bids",
            "Round 2: Bob bid 1, but a bid must be 2 to 12.",
        ),
        (
            {"bids": [2, 2, 2, 13], "tricks": [4, 3, 3, 3]},
            3,
            "bids",
            "Round 2: Dan bid 13, but a bid must be 2 to 12.",
        ),
        (
            {"bids": [2, 2, 0, 2]},
            2,
            "bids",
            "Round 2: Cat bid 0, but a bid must be 2 to 12.",
        ),
        (
            {"bids": [2, 2, 2, 2], "tricks": [14, 0, 0, -1]},
            0,
            "tricks",
            "Round 2: Ann took 14 tricks, but a player can take 0 to 13.",
        ),
        (
            {"bids": [2, 2, 2, 2], "tricks": [4, 3, 7, -1]},
            3,
            "tricks",
            "Round 2: Dan took -1 tricks, but a player can take 0 to 13.",
        ),
        (
            {"bids": [2, 2, 2, 2], "tricks": [4, 3, 3, 2]},
            None,
            "tricks",
            "Round 2: the tricks add up to 12, but 13 were played (1 too few).",
        ),
        (
            {"bids": [2, 2, 2, 2], "tricks": [4, 3, 3, 5]},
            None,
            "tricks",
            "Round 2: the tricks add up to 15, but 13 were played (2 too many).",
        ),
        (
            {"bids": [2, "3", 2, 2], "tricks": [4, 3, 3, 3]},
            1,
            "bids",
            "Round 2: the bids for Bob must be a whole number.",
        ),
        (
            {"bids": [2, 2, 2, True], "tricks": [4, 3, 3, 3]},
            3,
            "bids",
            "Round 2: the bids for Dan must be a whole number.",
        ),
        (
            {"bids": [2, 2, 2, 2], "tricks": [4, 3, 3.0, 3]},
            2,
            "tricks",
            "Round 2: the tricks for Cat must be a whole number.",
        ),
        (
            {"bids": [2, 2, 2], "tricks": [4, 3, 3, 3]},
            None,
            "bids",
            "Round 2: the bids must have 4 entries, one per player, not 3.",
        ),
        (
            {"bids": [2, 2, 2, 2], "tricks": "13"},
            None,
            "tricks",
            "Round 2: the tricks must be a list, one per player.",
        ),
        (
            {"tricks": [4, 3, 3, 3]},
            None,
            "bids",
            "Round 2: the bids are missing.",
        ),
        (
            {"bids": [2, 2, 2, 2], "tricks": [4, 3, 3, 3], "trump": "hearts"},
            None,
            "trump",
            "Round 2: spades are always trumps in Call Bridge.",
        ),
        (
            {"bids": [2, 2, 2, 2], "tricks": [4, 3, 3, 3], "hcp": [10, 10, 10, 10]},
            None,
            "hcp",
            "Round 2: unknown field 'hcp'.",
        ),
        (
            {"bids": [2, 2, 2, 2], "tricks": [4, 3, 3, 3], "penalties": []},
            None,
            "penalties",
            "Round 2: unknown field 'penalties'.",
        ),
    ],
)
def test_refusals_name_round_and_player(bad, player, field, message):
    with pytest.raises(RuleError) as e:
        play([GOOD, bad, GOOD])
    err = e.value
    assert err.round == 2
    assert err.player == player
    assert err.field == field
    assert err.message == message
    assert str(err) == message


def test_refusals_without_names_say_player_n():
    with pytest.raises(RuleError) as e:
        play([{"bids": [2, 2, 14, 2]}], names=None)
    assert e.value.message == "Round 1: player 3 bid 14, but a bid must be 2 to 12."
    assert e.value.player == 2


def test_trump_spades_may_be_recorded():
    state = play([{"bids": [2, 2, 2, 2], "tricks": [4, 3, 3, 3], "trump": "spades"}])
    assert state.rounds[0].info.trump == "spades"


def test_round_not_an_object():
    with pytest.raises(RuleError) as e:
        play([GOOD, [2, 2, 2, 2]])
    assert (e.value.round, e.value.message) == (2, "Round 2 must be an object.")


def test_only_the_last_deal_may_be_unfinished():
    with pytest.raises(RuleError) as e:
        play([GOOD, {"bids": [2, 2, 2, 2]}, GOOD])
    err = e.value
    assert (err.round, err.player, err.field) == (2, None, "tricks")
    assert err.message == "Round 3: round 2 has no tricks yet; only the last round may be unfinished."


@pytest.mark.parametrize(
    ("players", "first_dealer", "options", "message", "field"),
    [
        (3, 0, {}, "Call Bridge is for exactly 4 players.", None),
        (5, 0, {}, "Call Bridge is for exactly 4 players.", None),
        (4, 4, {}, "The first dealer must be one of the players at the table.", None),
        (4, -1, {}, "The first dealer must be one of the players at the table.", None),
        (4, 0, {"target": 0}, "Option target must be at least 1.", "target"),
        (4, 0, {"target": "30"}, "Option target must be a whole number.", "target"),
        (4, 0, {"mode": "regular"}, "Call Bridge has no option 'mode'.", "mode"),
    ],
)
def test_setup_refusals(players, first_dealer, options, message, field):
    with pytest.raises(RuleError) as e:
        RULES.replay(players=players, options=options, first_dealer=first_dealer, rounds=[])
    assert e.value.message == message
    assert e.value.field == field
    assert e.value.round is None


# -- properties -------------------------------------------------------------------------------

bids_st = st.lists(st.integers(2, 12), min_size=4, max_size=4)
# who won each of the 13 tricks
tricks_st = st.lists(st.integers(0, 3), min_size=13, max_size=13).map(
    lambda winners: [winners.count(s) for s in range(4)]
)
deal_st = st.builds(lambda b, t: {"bids": b, "tricks": t}, bids_st, tricks_st)


def grow(data, target, first_dealer, most=12):
    """A valid game: deals drawn one by one until the game ends or ``most`` are drawn."""
    rounds = []
    state = RULES.replay(players=4, options={"target": target}, first_dealer=first_dealer, rounds=[])
    for _ in range(data.draw(st.integers(0, most))):
        if state.finished:
            break
        rounds.append(data.draw(deal_st))
        state = RULES.replay(players=4, options={"target": target}, first_dealer=first_dealer, rounds=rounds)
    return rounds, state


@settings(deadline=None)
@given(st.data(), st.integers(1, 80), st.integers(0, 3))
def test_totals_are_the_sum_of_round_points(data, target, first_dealer):
    rounds, state = grow(data, target, first_dealer)
    for i, r in enumerate(state.rounds):
        assert r.totals == [sum(x.points[s] for x in state.rounds[: i + 1]) for s in range(4)]
    assert state.totals == [sum(r.points[s] for r in state.rounds) for s in range(4)]
    for r, d in zip(state.rounds, rounds, strict=True):
        for s in range(4):
            bid, took = d["bids"][s], d["tricks"][s]
            assert r.points[s] == oracle(bid, took)


@settings(deadline=None)
@given(st.data(), st.integers(1, 80), st.lists(st.text(min_size=1), min_size=4, max_size=4))
def test_points_do_not_depend_on_names(data, target, names):
    rounds, _ = grow(data, target, 0)
    a = RULES.replay(players=4, options={"target": target}, first_dealer=0, rounds=rounds, names=None)
    b = RULES.replay(players=4, options={"target": target}, first_dealer=0, rounds=rounds, names=names)
    assert a == b


@settings(deadline=None)
@given(st.data(), st.integers(1, 80), st.booleans())
def test_an_unfinished_game_never_has_winners(data, target, bids_only):
    rounds, state = grow(data, target, 0)
    if bids_only and not state.finished:
        rounds = [*rounds, {"bids": data.draw(bids_st)}]
        state = RULES.replay(players=4, options={"target": target}, first_dealer=0, rounds=rounds)
    if not state.finished:
        assert state.winners == []
        assert state.next_round is not None
    else:
        assert len(state.winners) == 1
        winner = state.winners[0]
        assert state.totals[winner] >= target
        assert all(state.totals[s] < state.totals[winner] for s in range(4) if s != winner)


@settings(deadline=None)
@given(st.data(), st.integers(20, 200), st.integers(0, 3), st.sampled_from(["bid", "took", "sum"]))
def test_a_refused_round_changes_nothing(data, target, seat, fault):
    rounds, before = grow(data, target, 0)
    if before.finished:
        return
    bad = copy.deepcopy(data.draw(deal_st))
    if fault == "bid":
        bad["bids"][seat] = data.draw(st.sampled_from([-1, 0, 1, 13, 20]))
    elif fault == "took":
        bad["tricks"][seat] = data.draw(st.sampled_from([-1, 14]))
    else:
        bad["tricks"][seat] += data.draw(st.sampled_from([-2, -1, 1, 2]))
        if bad["tricks"][seat] < 0:
            bad["tricks"][seat] += 4
    record = copy.deepcopy(rounds)
    with pytest.raises(RuleError) as e:
        RULES.replay(players=4, options={"target": target}, first_dealer=0, rounds=[*rounds, bad])
    assert e.value.round == len(rounds) + 1
    assert f"Round {len(rounds) + 1}" in e.value.message
    if fault == "bid":
        assert e.value.player == seat and e.value.field == "bids"
    elif fault == "took":
        assert e.value.player == seat and e.value.field == "tricks"
    else:
        assert e.value.field == "tricks"
    assert rounds == record
    after = RULES.replay(players=4, options={"target": target}, first_dealer=0, rounds=rounds)
    assert after == before


@pytest.mark.parametrize(
    ("tricks", "seat", "rest"),
    [
        ([4, 3, 3, None], 3, 3),  # the others took 10 of the 13
        ([4, 3, 3, 9], 3, 3),  # whatever was there before
        ([5, 3, 3, 0], 0, 7),
        ([13, 0, 0, 5], 3, 0),
        ([13, 1, 0, 0], 3, None),  # the others took more than 13: no rest to give
        ([4, None, 3, 3], 3, None),  # someone's tricks unknown
    ],
)
def test_the_rest_of_the_thirteen(tricks, seat, rest):
    assert the_rest(tricks, seat) == rest
