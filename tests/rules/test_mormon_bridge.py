"""Mormon Bridge rules: regular, 4-card and elimination games.

Expected values are worked out by hand from mormon-bridge.txt and RULINGS.md.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.base import RoundInfo, RuleError
from games.rules.mormon_bridge import MormonBridge

RULES = MormonBridge()
NAMES4 = ["Ann", "Bob", "Cat", "Dan"]
NAMES17 = [f"P{i}" for i in range(17)]
_ = None  # not in the hand (elimination)


def play(rounds, *, players=4, mode="regular", target=None, first_dealer=0, finished_early=False, names=None):
    options = {"mode": mode}
    if target is not None:
        options["target"] = target
    if names is None and players == 4:
        names = NAMES4
    return RULES.replay(
        players=players,
        options=options,
        first_dealer=first_dealer,
        rounds=rounds,
        finished_early=finished_early,
        names=names,
    )


def sweep(players, cards, taker):
    """A hand where ``taker`` bids and takes every trick and everyone else bids and takes 0."""
    bids = [cards if s == taker else 0 for s in range(players)]
    return {"bids": bids, "tricks": list(bids)}


# -- scoring --------------------------------------------------------------------------------

# (bid, took, points): 1 a trick, plus 10 when the bid is made exactly.
SCORING = [
    (0, 0, 10),
    (0, 1, 1),
    (0, 4, 4),
    (1, 0, 0),
    (1, 1, 11),
    (1, 3, 3),
    (2, 2, 12),
    (2, 1, 1),
    (2, 3, 3),
    (3, 3, 13),
    (3, 0, 0),
    (4, 4, 14),
    (4, 3, 3),
    (5, 5, 15),
    (5, 6, 6),
    (6, 6, 16),
    (6, 0, 0),
    (6, 5, 5),
]


@pytest.mark.parametrize(("bid", "took", "points"), SCORING)
def test_scoring_table(bid, took, points):
    assert RULES.hand_points(bid, took) == points


@pytest.mark.parametrize(
    ("bid", "took", "line"),
    [
        (3, 3, "bid 3, took 3: made, 10 + 3 = 13"),
        (0, 0, "bid 0, took 0: made, 10 + 0 = 10"),
        (0, 1, "bid 0, took 1: missed, 1 for the trick"),
        (1, 3, "bid 1, took 3: missed, 3 for the tricks"),
        (2, 0, "bid 2, took 0: missed, 0 for the tricks"),
    ],
)
def test_explain(bid, took, line):
    assert RULES.explain_points(bid, took) == line


def test_a_four_card_hand_scores_every_player():
    # The rule text's examples: bid 0 get 1 = 1; bid 3 get 3 = 13; bid 1 get 3 = 3 (not here).
    state = play([{"bids": [0, 3, 1, 0], "tricks": [1, 3, 0, 0]}], mode="four-card")
    r = state.rounds[0]
    assert r.points == [1, 13, 0, 10]
    assert r.totals == [1, 13, 0, 10]
    assert r.facts == {
        "bid_total": 4,
        "leader_seats": [1],
        "target_reached": False,
        "play_goes_on": False,
        "winner": None,
    }
    assert r.explain == [
        "bid 0, took 1: missed, 1 for the trick",
        "bid 3, took 3: made, 10 + 3 = 13",
        "bid 1, took 0: missed, 0 for the tricks",
        "bid 0, took 0: made, 10 + 0 = 10",
    ]


# -- modes and setup ------------------------------------------------------------------------


def test_options_and_mode_helpers():
    assert RULES.clean_options(None) == {"mode": "regular", "target": 100}
    assert RULES.mode_of(None) == "regular"
    assert RULES.mode_of({"mode": "elimination"}) == "elimination"
    assert RULES.has_points({}) is True
    assert RULES.has_points({"mode": "four-card"}) is True
    assert RULES.has_points({"mode": "elimination"}) is False
    assert RULES.has_target({"mode": "four-card"}) is True
    assert RULES.has_target({"mode": "regular"}) is False
    assert RULES.has_target({"mode": "elimination"}) is False
    assert RULES.max_players_for("regular") == 14
    assert RULES.max_players_for("four-card") == 14
    assert RULES.max_players_for("elimination") is None
    assert RULES.max_players is None
    assert RULES.min_players == 4
    assert RULES.seated(4) == 4
    assert RULES.seated(14) == 14
    assert RULES.seated(20) == 14


@pytest.mark.parametrize(
    ("players", "first_dealer", "options", "message", "field"),
    [
        (3, 0, {}, "Mormon Bridge needs at least 4 players.", None),
        (3, 0, {"mode": "elimination"}, "Mormon Bridge needs at least 4 players.", None),
        (
            15,
            0,
            {},
            "Regular Mormon Bridge takes at most 14 players; only elimination lets more players "
            "wait for a place.",
            None,
        ),
        (
            15,
            0,
            {"mode": "four-card"},
            "4-card Mormon Bridge takes at most 14 players; only elimination lets more players "
            "wait for a place.",
            None,
        ),
        (4, 4, {}, "The first dealer must be one of the players at the table.", None),
        (16, 14, {"mode": "elimination"}, "The first dealer must be one of the players at the table.", None),
        (4, 0, {"mode": "pairs"}, "Option mode must be one of regular, four-card, elimination.", "mode"),
        (4, 0, {"target": 0, "mode": "four-card"}, "Option target must be at least 1.", "target"),
        (4, 0, {"hook": True}, "Mormon Bridge has no option 'hook'.", "hook"),
    ],
)
def test_setup_refusals(players, first_dealer, options, message, field):
    with pytest.raises(RuleError) as e:
        RULES.replay(players=players, options=options, first_dealer=first_dealer, rounds=[])
    assert e.value.message == message
    assert e.value.field == field
    assert e.value.round is None


def test_elimination_takes_any_number_of_players():
    state = RULES.replay(players=30, options={"mode": "elimination"}, first_dealer=13, rounds=[])
    assert state.next_round.dealer == 13
    assert state.next_round.active == (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
    assert state.totals is None


# -- regular schedule -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "peak", "hands"),
    [
        (4, 6, 11),
        (5, 6, 11),
        (6, 6, 11),
        (7, 6, 11),
        (8, 6, 11),
        (9, 6, 11),
        (10, 5, 9),
        (11, 5, 9),
        (12, 4, 7),
        (13, 4, 7),
        (14, 4, 7),
    ],
)
def test_regular_schedule_sizes(players, peak, hands):
    assert RULES.peak(players) == peak
    schedule = RULES.schedule(players, 0)
    assert len(schedule) == hands
    assert RULES.hands_in_game(players, {}) == hands
    assert max(i.cards for i in schedule) == peak
    # the deal plus the turned-up trump fits the 57-card deck
    assert players * peak + 1 <= 57


@pytest.mark.parametrize(
    ("players", "cards"),
    [
        (4, [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]),
        (10, [1, 2, 3, 4, 5, 4, 3, 2, 1]),
        (12, [1, 2, 3, 4, 3, 2, 1]),
    ],
)
def test_regular_schedule_cards(players, cards):
    assert [i.cards for i in RULES.schedule(players, 0)] == cards


def test_regular_schedule_rotation_and_labels():
    schedule = RULES.schedule(5, 3)
    assert schedule[0] == RoundInfo(
        number=1, label="Hand 1", dealer=3, leader=4, cards=1, trump=None, active=(4, 0, 1, 2, 3)
    )
    assert schedule[1] == RoundInfo(
        number=2, label="Hand 2", dealer=4, leader=0, cards=2, trump=None, active=(0, 1, 2, 3, 4)
    )
    assert schedule[2].dealer == 0 and schedule[2].leader == 1
    assert schedule[10] == RoundInfo(
        number=11, label="Hand 11", dealer=3, leader=4, cards=1, trump=None, active=(4, 0, 1, 2, 3)
    )


def test_open_ended_modes_have_no_fixed_length():
    assert RULES.hands_in_game(4, {"mode": "four-card"}) is None
    assert RULES.hands_in_game(20, {"mode": "elimination"}) is None


def test_bid_and_trick_ranges_follow_the_cards():
    schedule = RULES.schedule(4, 0)
    assert RULES.bid_range(schedule[0]) == range(0, 2)
    assert RULES.bid_range(schedule[5]) == range(0, 7)
    assert RULES.trick_range(schedule[5]) == range(0, 7)
    assert RULES.bid_range(RULES.four_card_hand(7, 4, 0)) == range(0, 5)


# -- regular games --------------------------------------------------------------------------

# Cards of the 11 hands with 4 players: 1 2 3 4 5 6 5 4 3 2 1.
CARDS4 = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]


def test_regular_game_single_winner():
    # Ann sweeps every hand: 11 * 10 + 36 tricks = 146; everyone else makes 0 each hand: 110.
    rounds = [sweep(4, c, 0) for c in CARDS4]
    state = play(rounds)
    assert state.totals == [146, 110, 110, 110]
    assert state.finished and not state.finished_early
    assert state.winners == [0]
    assert state.next_round is None
    assert state.rounds[5].points == [16, 10, 10, 10]
    assert state.rounds[5].totals == [11 + 12 + 13 + 14 + 15 + 16, 60, 60, 60]


def test_regular_game_shared_win():
    # Ann sweeps hands 6, 7, 8, 10, 11 (6+5+4+2+1 = 18 tricks), Bob hands 1-5 and 9
    # (1+2+3+4+5+3 = 18); everyone makes every hand: 110 + 18 = 128 for both.
    ann = {6, 7, 8, 10, 11}
    rounds = [sweep(4, c, 0 if n in ann else 1) for n, c in enumerate(CARDS4, start=1)]
    state = play(rounds)
    assert state.totals == [128, 128, 110, 110]
    assert state.winners == [0, 1]


def test_regular_game_in_progress():
    rounds = [sweep(4, c, 2) for c in CARDS4[:3]]
    state = play([*rounds, {"bids": [1, 1, 1, 1], "trump": "rook"}])
    assert not state.finished and state.winners == []
    assert state.totals == [30, 30, 36, 30]
    assert state.current.info.number == 4
    assert state.current.facts == {"bid_total": 4}
    assert state.next_round == RULES.schedule(4, 0)[3]


def test_regular_hand_after_the_last_is_refused():
    rounds = [sweep(4, c, 0) for c in CARDS4]
    with pytest.raises(RuleError) as e:
        play([*rounds, sweep(4, 1, 0)])
    assert (e.value.round, e.value.player, e.value.field) == (12, None, None)
    assert e.value.message == "Round 12: the game ended after round 11, the last hand."


def test_regular_finished_early():
    # Hand 1 (1 card): Ann bid 1 took 1 = 11, Bob bid 1 took 0 = 0, Cat and Dan bid 0 took 0 = 10.
    state = play([{"bids": [1, 1, 0, 0], "tricks": [1, 0, 0, 0]}], finished_early=True)
    assert state.totals == [11, 0, 10, 10]
    assert state.finished and state.finished_early and state.winners == [0]
    assert state.next_round is None


# -- 4-card games --------------------------------------------------------------------------


def test_four_card_hands_rotate():
    info = RULES.four_card_hand(6, 5, 2)
    assert info == RoundInfo(
        number=6, label="Hand 6", dealer=2, leader=3, cards=4, trump=None, active=(3, 4, 0, 1, 2)
    )


def test_four_card_target_with_a_shared_lead_plays_on():
    hands = [
        # Ann 2/2 = 12, Bob 2/2 = 12, Cat 1/0 = 0, Dan 0/0 = 10
        {"bids": [2, 2, 1, 0], "tricks": [2, 2, 0, 0]},
        {"bids": [2, 2, 1, 0], "tricks": [2, 2, 0, 0], "trump": "green"},
        # Ann 4/4 = 14, Bob 1/0 = 0, Cat 0/0 = 10, Dan 0/0 = 10
        {"bids": [4, 1, 0, 0], "tricks": [4, 0, 0, 0]},
    ]
    state = play(hands[:2], mode="four-card", target=20)
    assert state.totals == [24, 24, 0, 20]
    assert not state.finished and state.winners == []
    assert state.rounds[1].facts["target_reached"] is True
    assert state.rounds[1].facts["play_goes_on"] is True
    assert state.rounds[1].facts["leader_seats"] == [0, 1]
    assert state.next_round == RULES.four_card_hand(3, 4, 0)

    state = play(hands, mode="four-card", target=20)
    assert state.totals == [38, 24, 10, 30]
    assert state.finished and state.winners == [0]
    assert state.rounds[2].facts["winner"] == 0
    assert state.rounds[2].facts["play_goes_on"] is False

    with pytest.raises(RuleError) as e:
        play([*hands, hands[0]], mode="four-card", target=20)
    assert (e.value.round, e.value.player) == (4, None)
    assert e.value.message == "Round 4: the game ended after round 3, when Ann won."


def test_four_card_default_target_is_100():
    # Dan sweeps every hand: 14 a hand; the others 10 a hand.
    hands = [sweep(4, 4, 3)] * 7
    state = play(hands, mode="four-card")
    assert state.totals == [70, 70, 70, 98]
    assert not state.finished
    state = play([*hands, sweep(4, 4, 3)], mode="four-card")
    assert state.totals == [80, 80, 80, 112]
    assert state.finished and state.winners == [3]


def test_four_card_refuses_a_five_card_bid():
    with pytest.raises(RuleError) as e:
        play([{"bids": [5, 0, 0, 0], "tricks": [4, 0, 0, 0]}], mode="four-card")
    assert (e.value.round, e.value.player, e.value.field) == (1, 0, "bids")
    assert e.value.message == "Round 1: Ann bid 5, but a bid must be 0 to 4 with 4 cards dealt."


# -- refusals ---------------------------------------------------------------------------------

HAND1 = {"bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0]}  # regular hand 1: 1 card


@pytest.mark.parametrize(
    ("bad", "player", "field", "message"),
    [
        (
            {"bids": [0, 3, 0, 0], "tricks": [1, 1, 0, 0]},
            1,
            "bids",
            "Round 2: Bob bid 3, but a bid must be 0 to 2 with 2 cards dealt.",
        ),
        (
            {"bids": [0, 0, -1, 0], "tricks": [1, 1, 0, 0]},
            2,
            "bids",
            "Round 2: Cat bid -1, but a bid must be 0 to 2 with 2 cards dealt.",
        ),
        (
            {"bids": [0, 0, 0, 0], "tricks": [0, 0, 0, 3]},
            3,
            "tricks",
            "Round 2: Dan took 3 tricks, but there are only 2 to take.",
        ),
        (
            {"bids": [0, 0, 0, 0], "tricks": [1, 0, 0, 0]},
            None,
            "tricks",
            "Round 2: the tricks add up to 1, but 2 were played (1 too few).",
        ),
        (
            {"bids": [0, 0, 0, 0], "tricks": [1, 1, 1, 0]},
            None,
            "tricks",
            "Round 2: the tricks add up to 3, but 2 were played (1 too many).",
        ),
        (
            {"bids": [0, None, 0, 0], "tricks": [1, 1, 0, 0]},
            1,
            "bids",
            "Round 2: the bids for Bob must be a whole number.",
        ),
        (
            {"bids": [0, 0, 0, 0, 0], "tricks": [1, 1, 0, 0]},
            None,
            "bids",
            "Round 2: the bids must have 4 entries, one per player, not 5.",
        ),
        (
            {"bids": [0, 0, 0, 0], "tricks": [1, 1, 0, 0], "trump": "spades"},
            None,
            "trump",
            "Round 2: trumps must be one of red, yellow, green, black, rook.",
        ),
        (
            {"bids": [0, 0, 0, 0], "tricks": [1, 1, 0, 0], "points": [0, 0, 0, 0]},
            None,
            "points",
            "Round 2: unknown field 'points'.",
        ),
        ({"tricks": [1, 1, 0, 0]}, None, "bids", "Round 2: the bids are missing."),
        ("2 2 0 0", None, None, "Round 2 must be an object."),
    ],
)
def test_refusals_name_round_and_player(bad, player, field, message):
    with pytest.raises(RuleError) as e:
        play([HAND1, bad, sweep(4, 3, 0)])
    err = e.value
    assert (err.round, err.player, err.field) == (2, player, field)
    assert err.message == message


def test_refusals_without_names_say_player_n():
    with pytest.raises(RuleError) as e:
        RULES.replay(players=5, options={}, first_dealer=0, rounds=[{"bids": [0, 0, 0, 0, 2]}])
    assert e.value.message == "Round 1: player 5 bid 2, but a bid must be 0 to 1 with 1 card dealt."
    assert e.value.player == 4


@pytest.mark.parametrize("trump", ["red", "yellow", "green", "black", "rook"])
def test_trumps_may_be_recorded(trump):
    state = play([{**HAND1, "trump": trump}])
    assert state.rounds[0].points == [11, 10, 10, 10]


def test_only_the_last_hand_may_be_unfinished():
    with pytest.raises(RuleError) as e:
        play([HAND1, {"bids": [0, 0, 1, 1]}, sweep(4, 3, 0)])
    assert (e.value.round, e.value.player, e.value.field) == (2, None, "tricks")
    assert e.value.message == "Round 3: round 2 has no tricks yet; only the last round may be unfinished."


def test_finished_early_may_end_on_an_unfinished_hand_whose_bids_count_nothing():
    state = play([HAND1, {"bids": [0, 0, 1, 1]}], finished_early=True)
    assert state.finished and state.finished_early and state.next_round is None
    assert state.totals == play([HAND1]).totals


# -- elimination ------------------------------------------------------------------------------


def eliminate(rounds, *, players=4, first_dealer=0, finished_early=False, names=None):
    return play(
        rounds,
        players=players,
        mode="elimination",
        first_dealer=first_dealer,
        finished_early=finished_early,
        names=names,
    )


ELIM4 = [
    # hand 1, dealer Ann: everyone bids 1 and takes 1, nobody out
    {"bids": [1, 1, 1, 1], "tricks": [1, 1, 1, 1]},
    # hand 2, dealer Bob: Cat (1, took 2) and Dan (1, took 0) miss and are out
    {"bids": [0, 2, 1, 1], "tricks": [0, 2, 2, 0]},
    # hand 3, dealer Ann (after Bob come Cat and Dan, both out): Ann makes 1, Bob misses 2
    {"bids": [1, 2, _, _], "tricks": [1, 3, _, _], "trump": "rook"},
]


def test_elimination_to_the_last_player():
    state = eliminate(ELIM4[:2])
    r1, r2 = state.rounds
    assert r1.info == RoundInfo(
        number=1, label="Hand 1", dealer=0, leader=1, cards=4, trump=None, active=(1, 2, 3, 0)
    )
    assert r1.out == [] and r1.points is None and r1.totals is None
    assert r1.explain == ["bid 1, took 1: made, stays in"] * 4
    assert r2.info.dealer == 1 and r2.info.active == (2, 3, 0, 1)
    assert r2.out == [2, 3]
    assert r2.facts == {
        "bid_total": 4,
        "out_now": [2, 3],
        "everyone_missed": False,
        "still_in": [0, 1],
        "waiting": [],
        "joining": [],
    }
    assert r2.explain == [
        "bid 0, took 0: made, stays in",
        "bid 2, took 2: made, stays in",
        "bid 1, took 2: missed, out",
        "bid 1, took 0: missed, out",
    ]
    assert state.totals is None
    assert not state.finished and state.winners == []
    assert state.next_round == RoundInfo(
        number=3, label="Hand 3", dealer=0, leader=1, cards=4, trump=None, active=(1, 0)
    )

    state = eliminate(ELIM4)
    r3 = state.rounds[2]
    assert r3.info.dealer == 0 and r3.info.active == (1, 0)
    assert r3.out == [1, 2, 3]
    assert r3.explain == ["bid 1, took 1: made, stays in", "bid 2, took 3: missed, out", "out", "out"]
    assert state.finished and not state.finished_early
    assert state.winners == [0]
    assert state.totals is None
    assert state.next_round is None


def test_elimination_hand_after_the_end_is_refused():
    with pytest.raises(RuleError) as e:
        eliminate([*ELIM4, {"bids": [1, _, _, _], "tricks": [4, _, _, _]}])
    assert (e.value.round, e.value.player, e.value.field) == (4, None, None)
    assert e.value.message == "Round 4: the game ended after round 3, when Ann was the last player left."


def test_everyone_misses_nobody_is_out():
    state = eliminate([{"bids": [0, 0, 0, 0], "tricks": [1, 1, 1, 1]}])
    r = state.rounds[0]
    assert r.out == []
    assert r.facts["everyone_missed"] is True
    assert r.facts["out_now"] == []
    assert r.explain == ["bid 0, took 1: missed, but everyone missed, so nobody is out"] * 4
    # and with two players left
    state = eliminate([*ELIM4[:2], {"bids": [1, 1, _, _], "tricks": [2, 2, _, _]}])
    assert state.rounds[2].out == [2, 3]
    assert state.rounds[2].facts["everyone_missed"] is True
    assert not state.finished
    assert state.next_round.dealer == 1 and state.next_round.active == (0, 1)


@pytest.mark.parametrize(("ann", "bob"), [(0, 4), (1, 3), (2, 2), (3, 1), (4, 0)])
def test_two_players_may_not_bid_four_between_them(ann, bob):
    with pytest.raises(RuleError) as e:
        eliminate([*ELIM4[:2], {"bids": [ann, bob, _, _], "tricks": [2, 2, _, _]}])
    err = e.value
    assert (err.round, err.player, err.field) == (3, None, "bids")
    assert err.message == (
        "Round 3: Ann and Bob bid 4 between them, which two players may not do (both would "
        "make it or both miss): turn a new trump and bid again, and enter the new bids."
    )
    # the same bids, still unplayed, are refused as well
    with pytest.raises(RuleError):
        eliminate([*ELIM4[:2], {"bids": [ann, bob, _, _]}])


def test_more_than_two_players_may_bid_four():
    state = eliminate([{"bids": [1, 1, 1, 1], "tricks": [1, 1, 1, 1]}])
    assert state.rounds[0].facts["bid_total"] == 4


@pytest.mark.parametrize(
    ("bad", "player", "field", "message"),
    [
        (
            {"bids": [1, 1, 0, _], "tricks": [1, 3, _, _]},
            2,
            "bids",
            "Round 3: Cat is out and not in this hand, so their bid must be left empty.",
        ),
        (
            {"bids": [1, 1, _, _], "tricks": [1, 3, _, 0]},
            3,
            "tricks",
            "Round 3: Dan is out and not in this hand, so their tricks must be left empty.",
        ),
        (
            {"bids": [_, 1, _, _], "tricks": [1, 3, _, _]},
            0,
            "bids",
            "Round 3: Ann is in this hand, so their bid must be entered.",
        ),
        (
            {"bids": [1, 1, _, _], "tricks": [4, _, _, _]},
            1,
            "tricks",
            "Round 3: Bob is in this hand, so their tricks must be entered.",
        ),
        (
            {"bids": [1, 5, _, _], "tricks": [1, 3, _, _]},
            1,
            "bids",
            "Round 3: Bob bid 5, but a bid must be 0 to 4 with 4 cards dealt.",
        ),
        (
            {"bids": [1, 1, _, _], "tricks": [1, 2, _, _]},
            None,
            "tricks",
            "Round 3: the tricks add up to 3, but 4 were played (1 too few).",
        ),
        (
            {"bids": [1, 1, _, _], "tricks": [5, -1, _, _]},
            0,
            "tricks",
            "Round 3: Ann took 5 tricks, but there are only 4 to take.",
        ),
        (
            {"bids": [1, "1", _, _], "tricks": [1, 3, _, _]},
            1,
            "bids",
            "Round 3: the bids for Bob must be a whole number.",
        ),
    ],
)
def test_elimination_refusals(bad, player, field, message):
    with pytest.raises(RuleError) as e:
        eliminate([*ELIM4[:2], bad])
    err = e.value
    assert (err.round, err.player, err.field) == (3, player, field)
    assert err.message == message


def test_elimination_finished_early_players_still_in_share():
    state = eliminate(ELIM4[:2], finished_early=True)
    assert state.finished and state.finished_early
    assert state.winners == [0, 1]
    assert state.totals is None
    # Ended on a hand whose bids are in: the bids put nobody out.
    state = eliminate([*ELIM4[:2], {"bids": [1, 2, _, _]}], finished_early=True)
    assert state.finished and state.winners == [0, 1]


def test_elimination_unfinished_hand():
    state = eliminate([ELIM4[0], {"bids": [0, 2, 1, 1]}])
    assert state.current is state.rounds[1]
    assert state.rounds[1].out == []
    assert state.rounds[1].facts == {"bid_total": 4}
    assert state.next_round == state.rounds[1].info
    assert state.winners == []


# Seventeen players P0..P16, first dealer P13: P0..P13 sit, P14, P15, P16 wait.
W = None


def row(players, values):
    """A 17-long array: ``values`` maps seat -> number; every other seat at the table gets 0."""
    return [values.get(s, 0) if s in players else W for s in range(17)]


TABLE1 = set(range(14))
HAND1_17 = {
    # P0, P1 bid 1 take 1; P2 bids 1 takes 2; P3 bids 1 takes 0: P2 and P3 are out
    "bids": row(TABLE1, {0: 1, 1: 1, 2: 1, 3: 1}),
    "tricks": row(TABLE1, {0: 1, 1: 1, 2: 2}),
}
TABLE2 = {0, 1, *range(4, 16)}  # P14 and P15 take the two free places; P16 still waits
HAND2_17 = {
    # P14 bids 4 takes 3, P15 bids 0 takes 1: both out
    "bids": row(TABLE2, {14: 4}),
    "tricks": row(TABLE2, {14: 3, 15: 1}),
}
TABLE3 = {0, 1, *range(4, 14), 16}  # P16 sits down; 13 at the table


def test_elimination_with_waiting_players():
    state = eliminate([], players=17, first_dealer=13, names=NAMES17)
    assert state.next_round == RoundInfo(
        number=1, label="Hand 1", dealer=13, leader=0, cards=4, trump=None, active=tuple(range(14))
    )

    state = eliminate([HAND1_17], players=17, first_dealer=13, names=NAMES17)
    r1 = state.rounds[0]
    assert r1.out == [2, 3]
    assert r1.facts["out_now"] == [2, 3]
    assert r1.facts["still_in"] == [0, 1, *range(4, 17)]
    assert r1.facts["waiting"] == [16]
    assert r1.facts["joining"] == [14, 15]
    assert r1.explain[14:] == ["waiting for a place"] * 3
    # hand 2: the deal passes from P13 to the next seat at the table, P14, who just sat down
    assert state.next_round == RoundInfo(
        number=2,
        label="Hand 2",
        dealer=14,
        leader=15,
        cards=4,
        trump=None,
        active=(15, 0, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14),
    )

    state = eliminate([HAND1_17, HAND2_17], players=17, first_dealer=13, names=NAMES17)
    r2 = state.rounds[1]
    assert r2.out == [2, 3, 14, 15]
    assert r2.facts["out_now"] == [14, 15]
    assert r2.facts["waiting"] == []
    assert r2.facts["joining"] == [16]
    assert r2.explain[2] == "out" and r2.explain[16] == "waiting for a place"
    # hand 3: after P14 comes P15 (out) then P16, who has just sat down
    assert state.next_round == RoundInfo(
        number=3,
        label="Hand 3",
        dealer=16,
        leader=0,
        cards=4,
        trump=None,
        active=(0, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16),
    )
    assert set(state.next_round.active) == TABLE3
    assert not state.finished


def test_a_waiting_player_cannot_bid_before_sitting_down():
    bad = {"bids": [*HAND1_17["bids"][:16], 0], "tricks": HAND1_17["tricks"]}
    with pytest.raises(RuleError) as e:
        eliminate([bad], players=17, first_dealer=13, names=NAMES17)
    err = e.value
    assert (err.round, err.player, err.field) == (1, 16, "bids")
    assert (
        err.message
        == "Round 1: P16 is waiting for a place and not in this hand, so their bid must be left empty."
    )


def test_an_out_player_cannot_come_back():
    bids = row(TABLE3, {0: 4})
    bids[2] = 0  # P2 went out in hand 1
    with pytest.raises(RuleError) as e:
        eliminate(
            [HAND1_17, HAND2_17, {"bids": bids, "tricks": row(TABLE3, {0: 4})}],
            players=17,
            first_dealer=13,
            names=NAMES17,
        )
    assert (e.value.round, e.value.player, e.value.field) == (3, 2, "bids")
    assert e.value.message == "Round 3: P2 is out and not in this hand, so their bid must be left empty."


def test_nobody_wins_while_players_wait():
    # 15 players: 14 sit; in hand 1 thirteen miss and only P0 makes it, but P14 is waiting.
    table = set(range(14))
    hand = {
        "bids": [4 if s == 0 else (1 if s in table else None) for s in range(15)],
        "tricks": [4 if s == 0 else (0 if s in table else None) for s in range(15)],
    }
    state = eliminate([hand], players=15)
    assert state.rounds[0].out == list(range(1, 14))
    assert not state.finished and state.winners == []
    assert state.rounds[0].facts["joining"] == [14]
    # P0 dealt hand 1; the next seat at the table is P14
    assert state.next_round.dealer == 14 and state.next_round.active == (0, 14)
    # Two left: P0 bids 1, P14 bids 2; P0 takes 1, P14 takes 3: P14 is out, P0 wins.
    final = {"bids": [1, *[None] * 13, 2], "tricks": [1, *[None] * 13, 3]}
    state = eliminate([hand, final], players=15)
    assert state.finished and state.winners == [0]
    assert state.rounds[1].out == list(range(1, 15))


def test_seating_helpers():
    assert RULES.at_table(17, []) == list(range(14))
    assert RULES.waiting(17, []) == [14, 15, 16]
    assert RULES.at_table(17, [2, 3]) == [0, 1, *range(4, 16)]
    assert RULES.waiting(17, [2, 3]) == [16]
    assert RULES.at_table(6, [0, 5]) == [1, 2, 3, 4]
    assert RULES.next_dealer(3, [0, 1, 4], 6) == 4
    assert RULES.next_dealer(4, [0, 1, 4], 6) == 0
    assert RULES.next_dealer(5, [0, 1, 4], 6) == 0
    assert RULES.next_dealer(13, [*range(14), 14], 17) == 14


# -- properties --------------------------------------------------------------------------------


def composition(cards, seats):
    """Hypothesis: tricks for ``seats`` adding up to ``cards`` (who won each trick)."""
    return st.lists(st.sampled_from(seats), min_size=cards, max_size=cards).map(
        lambda winners: {s: winners.count(s) for s in seats}
    )


@st.composite
def scored_game(draw):
    """A valid regular or 4-card game, possibly unfinished, possibly with a bids-only last hand."""
    mode = draw(st.sampled_from(["regular", "four-card"]))
    players = draw(st.integers(4, 14))
    first_dealer = draw(st.integers(0, players - 1))
    options = {"mode": mode, "target": draw(st.integers(1, 120))}
    rounds: list[dict] = []
    state = RULES.replay(players=players, options=options, first_dealer=first_dealer, rounds=rounds)
    for _ in range(draw(st.integers(0, 12))):
        if state.finished:
            break
        info = state.next_round
        bids = draw(st.lists(st.integers(0, info.cards), min_size=players, max_size=players))
        tricks = draw(composition(info.cards, list(range(players))))
        rounds.append({"bids": bids, "tricks": [tricks[s] for s in range(players)]})
        state = RULES.replay(players=players, options=options, first_dealer=first_dealer, rounds=rounds)
    return players, options, first_dealer, rounds, state


@settings(deadline=None, max_examples=60)
@given(scored_game())
def test_totals_are_the_sum_of_round_points(game):
    players, _options, _first_dealer, rounds, state = game
    for i, r in enumerate(state.rounds):
        assert r.totals == [sum(x.points[s] for x in state.rounds[: i + 1]) for s in range(players)]
        for s in range(players):
            bid, took = rounds[i]["bids"][s], rounds[i]["tricks"][s]
            assert r.points[s] == took + (10 if bid == took else 0)
    assert state.totals == [sum(r.points[s] for r in state.rounds) for s in range(players)]


@settings(deadline=None, max_examples=60)
@given(scored_game(), st.data())
def test_points_do_not_depend_on_names(game, data):
    players, options, first_dealer, rounds, _state = game
    names = data.draw(st.lists(st.text(min_size=1), min_size=players, max_size=players))
    a = RULES.replay(players=players, options=options, first_dealer=first_dealer, rounds=rounds)
    b = RULES.replay(players=players, options=options, first_dealer=first_dealer, rounds=rounds, names=names)
    assert a == b


@settings(deadline=None, max_examples=60)
@given(scored_game(), st.data())
def test_an_unfinished_game_never_has_winners(game, data):
    players, options, first_dealer, rounds, state = game
    if not state.finished and data.draw(st.booleans()):
        bids = data.draw(st.lists(st.integers(0, state.next_round.cards), min_size=players, max_size=players))
        rounds = [*rounds, {"bids": bids}]
        state = RULES.replay(players=players, options=options, first_dealer=first_dealer, rounds=rounds)
    if state.finished:
        assert state.winners
        assert state.next_round is None
    else:
        assert state.winners == []
        assert state.next_round is not None


@settings(deadline=None, max_examples=60)
@given(scored_game(), st.data())
def test_a_refused_round_changes_nothing(game, data):
    players, options, first_dealer, rounds, before = game
    if before.finished:
        return
    info = before.next_round
    seat = data.draw(st.integers(0, players - 1))
    bids = [0] * players
    tricks = [0] * players
    tricks[0] = info.cards
    fault = data.draw(st.sampled_from(["bid", "took", "sum"]))
    if fault == "bid":
        bids[seat] = data.draw(st.sampled_from([-1, info.cards + 1]))
    elif fault == "took":
        tricks[0] = 0
        tricks[seat] = info.cards + 1
    else:
        tricks[seat] += data.draw(st.sampled_from([1, 2]))
    record = copy.deepcopy(rounds)
    with pytest.raises(RuleError) as e:
        RULES.replay(
            players=players,
            options=options,
            first_dealer=first_dealer,
            rounds=[*rounds, {"bids": bids, "tricks": tricks}],
        )
    assert e.value.round == len(rounds) + 1
    assert f"Round {len(rounds) + 1}" in e.value.message
    if fault in ("bid", "took"):
        assert e.value.player == seat
    assert rounds == record
    after = RULES.replay(players=players, options=options, first_dealer=first_dealer, rounds=rounds)
    assert after == before


@st.composite
def elimination_game(draw):
    """A valid elimination game of 4 to 20 players, hand by hand, possibly finished."""
    players = draw(st.integers(4, 20))
    first_dealer = draw(st.integers(0, min(players, 14) - 1))
    options = {"mode": "elimination"}
    rounds: list[dict] = []
    state = RULES.replay(players=players, options=options, first_dealer=first_dealer, rounds=rounds)
    for _ in range(draw(st.integers(0, 15))):
        if state.finished:
            break
        active = list(state.next_round.active)
        bids = {s: draw(st.integers(0, 4)) for s in active}
        if len(active) == 2 and sum(bids.values()) == 4:
            bids[active[0]] = (bids[active[0]] + 1) % 5
        took = draw(composition(4, active))
        rounds.append(
            {
                "bids": [bids.get(s) for s in range(players)],
                "tricks": [took.get(s) for s in range(players)],
            }
        )
        state = RULES.replay(players=players, options=options, first_dealer=first_dealer, rounds=rounds)
    return players, first_dealer, rounds, state


@settings(deadline=None, max_examples=80)
@given(elimination_game())
def test_elimination_invariants(game):
    players, first_dealer, rounds, state = game
    assert state.totals is None
    out: list[int] = []
    previous_dealer = None
    for r, data in zip(state.rounds, rounds, strict=True):
        assert r.points is None and r.totals is None
        active = set(r.info.active)
        assert len(active) <= 14
        assert not active & set(out)
        # the active seats are the first 14 listed players not yet out
        assert sorted(active) == [s for s in range(players) if s not in out][:14]
        assert r.info.dealer in active
        if previous_dealer is None:
            assert r.info.dealer == first_dealer
        missed = sorted(s for s in active if data["bids"][s] != data["tricks"][s])
        if len(missed) < len(active):
            out = sorted(out + missed)
        assert r.out == out
        previous_dealer = r.info.dealer
    still_in = [s for s in range(players) if s not in out]
    assert still_in  # never everyone out
    if state.finished:
        assert state.winners == still_in and len(still_in) == 1
    else:
        assert state.winners == []
        assert len(still_in) > 1


@settings(deadline=None, max_examples=60)
@given(elimination_game(), st.data())
def test_elimination_refused_round_changes_nothing(game, data):
    players, first_dealer, rounds, before = game
    if before.finished:
        return
    active = list(before.next_round.active)
    bids = [0 if s in active else None for s in range(players)]
    tricks = [0 if s in active else None for s in range(players)]
    tricks[active[0]] = 4
    seat = data.draw(st.integers(0, players - 1))
    if seat in active:
        bids[seat] = 5
    else:
        bids[seat] = 0
    record = copy.deepcopy(rounds)
    with pytest.raises(RuleError) as e:
        RULES.replay(
            players=players,
            options={"mode": "elimination"},
            first_dealer=first_dealer,
            rounds=[*rounds, {"bids": bids, "tricks": tricks}],
        )
    assert (e.value.round, e.value.player, e.value.field) == (len(rounds) + 1, seat, "bids")
    assert rounds == record
    after = RULES.replay(
        players=players, options={"mode": "elimination"}, first_dealer=first_dealer, rounds=rounds
    )
    assert after == before
