"""Minibridge rules: scoring, declarer, redeals, the end of the session, refusals.

Expected numbers are worked out by hand from the rule text and RULINGS.md.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.registry import get_rules
from games.rules.base import RuleError
from games.rules.minibridge import FACT_KEYS, Minibridge, deal_score, declarer_for, trick_score, tricks_needed

RULES = Minibridge()
NAMES = ["Ann", "Ben", "Cat", "Dan"]  # North, East, South, West
N, E, S, W = range(4)
NS_STRONG = [14, 6, 16, 4]  # N-S 30: South (16) declares, West leads, North is dummy
EW_STRONG = [4, 16, 6, 14]  # E-W 30: East (16) declares, South leads, West is dummy


def deal(hcp, strain=None, game=None, tricks=None):
    """A deal in the record format; leave out what is not known yet."""
    data = {"hcp": list(hcp)}
    if strain is not None:
        data["contract"] = {"strain": strain, "game": game}
    if tricks is not None:
        data["tricks"] = tricks
    return data


def redeal(hcp=(10, 10, 10, 10)):
    return {"hcp": list(hcp), "redeal": True}


def replay(rounds, *, options=None, first_dealer=0, finished_early=False, names=NAMES):
    return RULES.replay(
        players=4,
        options=options,
        first_dealer=first_dealer,
        rounds=rounds,
        finished_early=finished_early,
        names=names,
    )


def test_registered_with_fixed_seats():
    rules = get_rules("minibridge")
    assert isinstance(rules, Minibridge)
    assert rules.seats == ("North", "East", "South", "West")
    assert (rules.min_players, rules.max_players) == (4, 4)


# -- scoring tables ------------------------------------------------------------


@pytest.mark.parametrize(
    ("strain", "tricks", "expected"),
    [
        # the rule text's examples
        ("C", 8, 40),
        ("S", 10, 120),
        ("NT", 9, 100),
        # the rest of the table
        ("NT", 6, 0),
        ("NT", 7, 40),
        ("NT", 10, 130),
        ("NT", 13, 220),
        ("S", 7, 30),
        ("H", 13, 210),
        ("D", 7, 20),
        ("D", 11, 100),
        ("C", 13, 140),
        ("C", 0, 0),
        ("H", 3, 0),
    ],
)
def test_trick_score(strain, tricks, expected):
    assert trick_score(strain, tricks) == expected


@pytest.mark.parametrize(
    ("strain", "game", "expected"),
    [
        ("NT", False, 7),
        ("S", False, 7),
        ("H", False, 7),
        ("D", False, 7),
        ("C", False, 7),
        ("NT", True, 9),
        ("S", True, 10),
        ("H", True, 10),
        ("D", True, 11),
        ("C", True, 11),
    ],
)
def test_tricks_needed(strain, game, expected):
    assert tricks_needed(strain, game) == expected
    assert RULES.tricks_needed(strain, game) == expected


DEAL_SCORES = [
    # the rule text's examples: (strain, game, tricks) -> (declaring side, defenders)
    ("NT", True, 10, (430, 0)),  # game in no trumps making 10
    ("D", True, 12, (420, 0)),  # game in diamonds making 12
    ("H", False, 9, (140, 0)),  # part-score in hearts, 9 tricks: 30 + 60 + 50
    ("NT", False, 5, (0, 100)),  # part-score in no trumps making 5
    ("H", True, 9, (0, 50)),  # game in hearts making 9
    ("S", True, 8, (0, 100)),  # game in spades making only 8
    # the text's game totals: exactly the tricks needed
    ("NT", True, 9, (400, 0)),
    ("S", True, 10, (420, 0)),
    ("C", True, 11, (400, 0)),
    # overtricks in a game, and game tricks in a part-score earn no game bonus
    ("S", True, 12, (480, 0)),  # 6 x 30 + 300
    ("NT", False, 10, (180, 0)),  # 130 + 50
    ("C", False, 13, (190, 0)),  # 7 x 20 + 50
    ("C", True, 13, (440, 0)),  # 140 + 300
    ("NT", False, 7, (90, 0)),  # 40 + 50
    ("D", False, 7, (70, 0)),  # 20 + 50
    # failures: 50 per trick short of the target
    ("D", True, 10, (0, 50)),
    ("C", False, 6, (0, 50)),
    ("S", False, 0, (0, 350)),
    ("D", True, 0, (0, 550)),
]


@pytest.mark.parametrize(("strain", "game", "tricks", "expected"), DEAL_SCORES)
def test_deal_score(strain, game, tricks, expected):
    assert deal_score(strain, game, tricks) == expected
    assert RULES.deal_score(strain, game, tricks) == expected


@pytest.mark.parametrize(("strain", "game", "tricks", "expected"), DEAL_SCORES)
@pytest.mark.parametrize(
    ("hcp", "declaring_seats"),
    [(NS_STRONG, (N, S)), (EW_STRONG, (E, W))],
)
def test_partners_both_get_their_sides_score(strain, game, tricks, expected, hcp, declaring_seats):
    state = replay([deal(hcp, strain, game, tricks)])
    declaring, defending = expected
    points = [declaring if seat in declaring_seats else defending for seat in range(4)]
    (result,) = state.rounds
    assert result.complete
    assert result.points == points
    assert result.totals == points
    assert state.totals == points
    assert result.facts["made"] is (declaring > 0)
    assert (result.facts["declaring_points"], result.facts["defending_points"]) == expected


# -- who declares ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("hcp", "dealer", "expected"),
    [
        ([14, 6, 16, 4], N, ("NS", S)),
        ([16, 6, 14, 4], W, ("NS", N)),
        ([4, 16, 6, 14], N, ("EW", E)),
        ([4, 14, 6, 16], E, ("EW", W)),
        ([0, 37, 0, 3], S, ("EW", E)),
        # equal points inside the declaring side: who announced first, from the dealer clockwise
        ([12, 5, 12, 11], N, ("NS", N)),  # N announces first
        ([12, 5, 12, 11], E, ("NS", S)),  # E, S, W, N: South before North
        ([12, 5, 12, 11], S, ("NS", S)),  # S first
        ([12, 5, 12, 11], W, ("NS", N)),  # W, N, E, S: North before South
        ([5, 12, 11, 12], N, ("EW", E)),  # N, E, S, W: East before West
        ([5, 12, 11, 12], E, ("EW", E)),
        ([5, 12, 11, 12], S, ("EW", W)),  # S, W, N, E: West before East
        ([5, 12, 11, 12], W, ("EW", W)),
        # 20:20 between the partnerships: redeal, nobody declares
        ([10, 10, 10, 10], N, None),
        ([20, 0, 0, 20], E, None),
        ([11, 12, 9, 8], W, None),
    ],
)
def test_declarer_for(hcp, dealer, expected):
    assert declarer_for(hcp, dealer) == expected
    assert RULES.declarer_for(hcp, dealer) == expected


@pytest.mark.parametrize(
    ("hcp", "first_dealer", "side", "declarer", "dummy", "leader"),
    [
        (NS_STRONG, N, "NS", S, N, W),
        (EW_STRONG, N, "EW", E, W, S),
        ([12, 5, 12, 11], E, "NS", S, N, W),
        ([12, 5, 12, 11], W, "NS", N, S, E),
        ([5, 12, 11, 12], S, "EW", W, E, N),
        ([5, 12, 11, 12], N, "EW", E, W, S),
    ],
)
def test_roles_in_facts(hcp, first_dealer, side, declarer, dummy, leader):
    (result,) = replay([deal(hcp)], first_dealer=first_dealer).rounds
    assert result.facts["declaring_side"] == side
    assert result.facts["declarer"] == declarer
    assert result.facts["dummy"] == dummy
    assert result.facts["opening_leader"] == leader


def test_facts_of_a_scored_deal():
    (result,) = replay([deal([14, 6, 16, 4], "H", False, 9)]).rounds
    assert result.facts == {
        "redeal": False,
        "side_hcp": {"NS": 30, "EW": 10},
        "declaring_side": "NS",
        "declarer": S,
        "dummy": N,
        "opening_leader": W,
        "tricks_needed": 7,
        "made": True,
        "declaring_points": 140,
        "defending_points": 0,
    }
    assert set(result.facts) == set(FACT_KEYS)


def test_explain_lines():
    (made,) = replay([deal(NS_STRONG, "NT", True, 10)]).rounds
    assert made.explain == [
        "dummy: N-S game in no trumps, needed 9, took 10: made, 130 + 300 game bonus = 430",
        "defender: N-S game in no trumps, needed 9, took 10: made, 0",
        "declarer: N-S game in no trumps, needed 9, took 10: made, 130 + 300 game bonus = 430",
        "defender: N-S game in no trumps, needed 9, took 10: made, 0",
    ]
    (failed,) = replay([deal(EW_STRONG, "S", True, 8)]).rounds
    assert failed.explain == [
        "defender: E-W game in spades, needed 10, took 8: 2 short, 2 × 50 = 100",
        "declarer: E-W game in spades, needed 10, took 8: 2 short, 0",
        "defender: E-W game in spades, needed 10, took 8: 2 short, 2 × 50 = 100",
        "dummy: E-W game in spades, needed 10, took 8: 2 short, 0",
    ]
    (part,) = replay([deal(NS_STRONG, "H", False, 9)]).rounds
    assert (
        part.explain[S]
        == "declarer: N-S part-score in hearts, needed 7, took 9: made, 90 + 50 part-score bonus = 140"
    )


# -- dealing, redeals, rounds in progress ---------------------------------------------


def test_dealer_rotates_clockwise_and_announces_first():
    rounds = [deal(NS_STRONG, "C", False, 7)] * 5
    state = replay(rounds, first_dealer=W)
    assert [r.info.dealer for r in state.rounds] == [W, N, E, S, W]
    assert [r.info.leader for r in state.rounds] == [W, N, E, S, W]
    assert [r.info.label for r in state.rounds] == ["Deal 1", "Deal 2", "Deal 3", "Deal 4", "Deal 5"]
    assert state.rounds[0].info.active == (W, N, E, S)
    assert state.rounds[1].info.active == (N, E, S, W)
    assert state.rounds[0].info.cards == 13
    assert state.next_round.dealer == N
    assert state.next_round.label == "Deal 6"
    assert state.next_round.number == 6


def test_redeal_same_dealer_not_a_deal_scores_nothing():
    rounds = [
        deal(NS_STRONG, "NT", True, 9),  # deal 1, North deals: N-S 400
        redeal(),  # deal 2, East deals: 20:20
        redeal([20, 0, 0, 20]),  # deal 2 again, East again
        deal(EW_STRONG, "C", False, 8),  # deal 2 at last, East deals: E-W 40 + 50
    ]
    state = replay(rounds, options={"deals": 2})
    labels = [r.info.label for r in state.rounds]
    assert labels == ["Deal 1", "Deal 2 redeal", "Deal 2 redeal", "Deal 2"]
    assert [r.info.number for r in state.rounds] == [1, 2, 3, 4]
    assert [r.info.dealer for r in state.rounds] == [N, E, E, E]
    assert [r.points for r in state.rounds] == [[400, 0, 400, 0], [0] * 4, [0] * 4, [0, 90, 0, 90]]
    assert [r.totals for r in state.rounds] == [
        [400, 0, 400, 0],
        [400, 0, 400, 0],
        [400, 0, 400, 0],
        [400, 90, 400, 90],
    ]
    assert all(r.complete for r in state.rounds)
    redealt = state.rounds[1]
    assert redealt.facts["redeal"] is True
    assert redealt.facts["side_hcp"] == {"NS": 20, "EW": 20}
    assert redealt.facts["declarer"] is None
    assert redealt.explain == ["20:20: redealt by the same dealer, no score"] * 4
    # two deals played (the redeals do not count): the session is over
    assert state.finished
    assert state.winners == [N, S]


def test_redeal_does_not_end_a_session_of_deals():
    state = replay([deal(NS_STRONG, "NT", True, 9), redeal()], options={"deals": 2})
    assert not state.finished
    assert state.winners == []
    assert state.next_round.label == "Deal 2"
    assert state.next_round.dealer == E
    assert state.next_round.number == 3


@pytest.mark.parametrize(
    ("data", "tricks_needed"),
    [
        (deal(NS_STRONG), None),  # points announced, contract not yet chosen
        (deal(NS_STRONG, "D", True), 11),  # contract chosen, play not finished
    ],
)
def test_unfinished_last_deal(data, tricks_needed):
    state = replay([deal(EW_STRONG, "S", False, 7), data], first_dealer=S)
    last = state.rounds[-1]
    assert not last.complete
    assert last.points is None
    assert last.totals is None
    assert last.facts["declarer"] == S
    assert last.facts["tricks_needed"] == tricks_needed
    assert last.facts["made"] is None
    assert state.current is last
    assert state.next_round == last.info
    assert last.info.dealer == W
    assert state.totals == [0, 80, 0, 80]
    assert not state.finished
    assert state.winners == []


# -- options and the end of the session ------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (None, {"deals": 8, "target": None}),
        ({}, {"deals": 8, "target": None}),
        ({"deals": 4}, {"deals": 4, "target": None}),
        ({"target": 1000}, {"deals": None, "target": 1000}),
        ({"deals": None, "target": 600}, {"deals": None, "target": 600}),
        ({"deals": 12, "target": None}, {"deals": 12, "target": None}),
        ({"deals": None, "target": None}, {"deals": 8, "target": None}),
    ],
)
def test_clean_options(options, expected):
    assert RULES.clean_options(options) == expected
    # cleaning is idempotent: the stored options replay as they are
    assert RULES.clean_options(RULES.clean_options(options)) == expected


@pytest.mark.parametrize(
    ("options", "field", "text"),
    [
        ({"deals": 6, "target": 1000}, "target", "either a number of deals or a target score, not both"),
        ({"deals": 0}, "deals", "at least 1"),
        ({"target": 0}, "target", "at least 1"),
        ({"deals": "8"}, "deals", "whole number"),
        ({"target": True}, "target", "whole number"),
        ({"rubbers": 2}, "rubbers", "no option"),
    ],
)
def test_bad_options(options, field, text):
    with pytest.raises(RuleError) as caught:
        replay([], options=options)
    assert caught.value.field == field
    assert text in caught.value.message


def test_eight_deals_by_default():
    rounds = [deal(NS_STRONG, "S", False, 7)] * 8  # N-S 30 + 50 each deal
    state = replay(rounds[:7])
    assert not state.finished
    state = replay(rounds)
    assert state.finished
    assert not state.finished_early
    assert state.totals == [640, 0, 640, 0]
    assert state.winners == [N, S]
    assert state.next_round is None


def test_session_of_deals_ends_and_refuses_more():
    rounds = [deal(NS_STRONG, "H", True, 10), deal(EW_STRONG, "NT", True, 10), deal(NS_STRONG)]
    with pytest.raises(RuleError) as caught:
        replay(rounds, options={"deals": 2})
    err = caught.value
    assert (err.round, err.player, err.field) == (3, None, None)
    assert err.message == "Round 3: the game ended with round 2 (Deal 2)."
    # a redeal after the last deal is refused too
    with pytest.raises(RuleError) as caught:
        replay(rounds[:2] + [redeal()], options={"deals": 2})
    assert caught.value.round == 3


def test_equal_totals_share_the_win():
    # N-S part-score hearts 9 = 140; E-W part-score hearts 9 = 140
    state = replay([deal(NS_STRONG, "H", False, 9), deal(EW_STRONG, "H", False, 9)], options={"deals": 2})
    assert state.finished
    assert state.totals == [140, 140, 140, 140]
    assert state.winners == [N, E, S, W]


def test_target_ends_the_session_when_a_side_reaches_it():
    rounds = [
        deal(EW_STRONG, "NT", False, 8),  # E-W 70 + 50 = 120
        deal(NS_STRONG, "S", True, 11),  # N-S 150 + 300 = 450
        deal(NS_STRONG, "C", False, 7),  # N-S 20 + 50 = 70: 520
    ]
    state = replay(rounds[:2], options={"target": 500})
    assert not state.finished
    assert state.totals == [450, 120, 450, 120]
    state = replay(rounds, options={"target": 500})
    assert state.finished
    assert state.totals == [520, 120, 520, 120]
    assert state.winners == [N, S]
    with pytest.raises(RuleError) as caught:
        replay([*rounds, deal(EW_STRONG)], options={"target": 500})
    assert caught.value.round == 4


def test_target_reached_exactly_and_by_the_defenders():
    # E-W defend N-S's game in diamonds and beat it by 2: 100, the target exactly
    state = replay([deal(NS_STRONG, "D", True, 9)], options={"target": 100})
    assert state.finished
    assert state.winners == [E, W]


def test_target_session_has_no_deal_limit():
    rounds = [deal(NS_STRONG, "C", False, 7), deal(EW_STRONG, "C", False, 7)] * 6  # 70 a deal
    state = replay(rounds, options={"target": 1000})
    assert len(state.rounds) == 12
    assert not state.finished
    assert state.totals == [420, 420, 420, 420]


def test_finished_early_highest_total_wins():
    rounds = [deal(NS_STRONG, "C", False, 7), deal(EW_STRONG, "C", False, 8)]  # N-S 70, E-W 90
    state = replay(rounds, finished_early=True)
    assert state.finished
    assert state.finished_early
    assert state.winners == [E, W]
    assert state.next_round is None
    shared = replay(rounds[:1] + [deal(EW_STRONG, "C", False, 7)], finished_early=True)
    assert shared.winners == [N, E, S, W]


def test_finished_early_may_end_on_an_unfinished_deal_which_scores_nothing():
    played = [deal(NS_STRONG, "C", False, 7)]
    state = replay([*played, deal(EW_STRONG, "C", False)], finished_early=True)
    assert state.finished and state.finished_early and state.next_round is None
    assert state.totals == replay(played).totals


def test_finished_early_on_the_last_deal_is_a_natural_end():
    state = replay([deal(NS_STRONG, "C", False, 7)], options={"deals": 1}, finished_early=True)
    assert state.finished
    assert not state.finished_early


# -- refusals ------------------------------------------------------------------------


GOOD = deal(NS_STRONG, "NT", True, 9)


@pytest.mark.parametrize(
    ("rounds", "first_dealer", "round", "player", "field", "message"),
    [
        (["deal"], N, 1, None, None, "Round 1 must be an object."),
        ([{**GOOD, "vulnerable": True}], N, 1, None, "vulnerable", "Round 1: unknown field 'vulnerable'."),
        (
            [{"contract": {"strain": "NT", "game": True}}],
            N,
            1,
            None,
            "hcp",
            "Round 1: the high-card points are missing.",
        ),
        (
            [{"hcp": [14, 6, 16]}],
            N,
            1,
            None,
            "hcp",
            "Round 1: the high-card points must have 4 entries, one per player, not 3.",
        ),
        (
            [{"hcp": [14, 6, "16", 4]}],
            N,
            1,
            S,
            "hcp",
            "Round 1: the high-card points for Cat must be a whole number.",
        ),
        (
            [GOOD, {"hcp": [1, 38, 1, 0]}],
            N,
            2,
            E,
            "hcp",
            "Round 2: Ben has 38 high-card points, but a hand holds 0 to 37.",
        ),
        (
            [{"hcp": [14, -1, 16, 11]}],
            N,
            1,
            E,
            "hcp",
            "Round 1: Ben has -1 high-card points, but a hand holds 0 to 37.",
        ),
        (
            [{"hcp": [14, 6, 16, 3]}],
            N,
            1,
            None,
            "hcp",
            "Round 1: the high-card points add up to 39, but a deal holds 40 (1 too few).",
        ),
        (
            [{"hcp": [14, 6, 16, 6]}],
            N,
            1,
            None,
            "hcp",
            "Round 1: the high-card points add up to 42, but a deal holds 40 (2 too many).",
        ),
        (
            [deal([10, 10, 10, 10], "NT", False, 7)],
            N,
            1,
            None,
            "redeal",
            "Round 1: the points split 20:20 between the partnerships, so the deal is redealt "
            "by the same dealer: record it as a redeal.",
        ),
        (
            [redeal(NS_STRONG)],
            N,
            1,
            None,
            "redeal",
            "Round 1: the points split 30:10 (N-S:E-W); only a 20:20 deal is redealt.",
        ),
        (
            [{**redeal(), "contract": {"strain": "NT", "game": True}}],
            N,
            1,
            None,
            "contract",
            "Round 1: a 20:20 deal is redealt and has no contract.",
        ),
        (
            [{**redeal(), "tricks": 7}],
            N,
            1,
            None,
            "tricks",
            "Round 1: a 20:20 deal is redealt and has no tricks.",
        ),
        ([{**redeal(), "redeal": "yes"}], N, 1, None, "redeal", "Round 1: redeal must be true or false."),
        (
            [{"hcp": EW_STRONG, "tricks": 9}],
            N,
            1,
            E,
            "contract",
            "Round 1: tricks are recorded, but Ben (declarer) has no contract.",
        ),
        (
            [GOOD, {**deal(EW_STRONG), "contract": "3NT"}],
            N,
            2,
            E,
            "contract",
            "Round 2: Ben's contract must give a strain and whether it is game.",
        ),
        (
            [deal(NS_STRONG, "X", True, 9)],
            N,
            1,
            S,
            "contract",
            "Round 1: Cat's contract needs a strain: NT, S, H, D or C (no trumps, spades, hearts, diamonds or clubs).",
        ),
        (
            [deal(NS_STRONG, "NT", "yes", 9)],
            N,
            1,
            S,
            "contract",
            "Round 1: Cat's contract must say whether it is game or part-score (game true or false).",
        ),
        (
            [{**deal(NS_STRONG), "contract": {"strain": "NT", "game": True, "level": 3}}],
            N,
            1,
            S,
            "contract",
            "Round 1: Cat's contract has an unknown field 'level'.",
        ),
        (
            [{**deal(NS_STRONG), "contract": {"game": True}}],
            N,
            1,
            S,
            "contract",
            "Round 1: Cat's contract needs a strain: NT, S, H, D or C (no trumps, spades, hearts, diamonds or clubs).",
        ),
        (
            [deal(NS_STRONG, "NT", True, 14)],
            N,
            1,
            S,
            "tricks",
            "Round 1: Cat's side (N-S) took 14 tricks, but a deal has 0 to 13.",
        ),
        (
            [deal(EW_STRONG, "NT", True, -1)],
            N,
            1,
            E,
            "tricks",
            "Round 1: Ben's side (E-W) took -1 tricks, but a deal has 0 to 13.",
        ),
        (
            [deal(EW_STRONG, "NT", True, "9")],
            N,
            1,
            E,
            "tricks",
            "Round 1: the tricks taken by Ben's side (E-W) must be a whole number.",
        ),
        (
            [deal(EW_STRONG, "NT", True, True)],
            N,
            1,
            E,
            "tricks",
            "Round 1: the tricks taken by Ben's side (E-W) must be a whole number.",
        ),
        # equal points inside the side: the dealer decides who declares, and so whom a message names
        (
            [deal([12, 5, 12, 11], "NT", True, 14)],
            E,
            1,
            S,
            "tricks",
            "Round 1: Cat's side (N-S) took 14 tricks, but a deal has 0 to 13.",
        ),
        (
            [deal([12, 5, 12, 11], "NT", True, 14)],
            W,
            1,
            N,
            "tricks",
            "Round 1: Ann's side (N-S) took 14 tricks, but a deal has 0 to 13.",
        ),
        # only the last deal may be unfinished
        (
            [deal(NS_STRONG), GOOD],
            N,
            1,
            None,
            "contract",
            "Round 1: Deal 1 has no contract yet; only the last round may be unfinished.",
        ),
        (
            [GOOD, redeal(), deal(NS_STRONG, "S", True), GOOD],
            N,
            3,
            None,
            "tricks",
            "Round 3: Deal 2 has no tricks yet; only the last round may be unfinished.",
        ),
    ],
)
def test_refusals_name_round_player_and_field(rounds, first_dealer, round, player, field, message):
    with pytest.raises(RuleError) as caught:
        replay(rounds, first_dealer=first_dealer)
    err = caught.value
    assert (err.round, err.player, err.field) == (round, player, field)
    assert err.message == message
    assert str(err) == message


def test_messages_name_seats_without_names():
    with pytest.raises(RuleError) as caught:
        replay([{"hcp": [1, 38, 1, 0]}], names=None)
    assert caught.value.message == "Round 1: East has 38 high-card points, but a hand holds 0 to 37."
    with pytest.raises(RuleError) as caught:
        replay([{"hcp": [14, 6, "16", 4]}], names=None)
    assert caught.value.message == "Round 1: the high-card points for South must be a whole number."


@pytest.mark.parametrize(
    ("players", "first_dealer", "text"),
    [
        (3, 0, "exactly 4 players"),
        (5, 0, "exactly 4 players"),
        (4, 4, "first dealer"),
        (4, -1, "first dealer"),
    ],
)
def test_bad_setup(players, first_dealer, text):
    with pytest.raises(RuleError) as caught:
        RULES.replay(players=players, options=None, first_dealer=first_dealer, rounds=[])
    assert text in caught.value.message


def test_empty_game():
    state = replay([], first_dealer=E)
    assert state.rounds == []
    assert state.totals == [0, 0, 0, 0]
    assert not state.finished
    assert state.winners == []
    assert state.next_round.label == "Deal 1"
    assert state.next_round.dealer == E
    assert state.current is None


# -- properties --------------------------------------------------------------------------


@st.composite
def hcp_lists(draw):
    cuts = sorted(draw(st.lists(st.integers(0, 40), min_size=3, max_size=3)))
    hcp = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 40 - cuts[2]]
    return draw(st.permutations(hcp)) if max(hcp) <= 37 else [10, 10, 11, 9]


@st.composite
def deals(draw):
    if draw(st.integers(0, 7)) == 0:  # a 20:20 deal now and then
        return redeal(draw(st.sampled_from([[10, 10, 10, 10], [20, 3, 0, 17], [5, 20, 15, 0]])))
    hcp = draw(hcp_lists())
    if hcp[0] + hcp[2] == 20:
        return redeal(hcp)
    return deal(
        hcp, draw(st.sampled_from(["NT", "S", "H", "D", "C"])), draw(st.booleans()), draw(st.integers(0, 13))
    )


@st.composite
def games(draw):
    """A valid game, maybe ended, maybe with an unfinished last deal."""
    options = draw(st.sampled_from([{"deals": 3}, {"deals": 8}, {"target": 500}, {"target": 2000}]))
    first_dealer = draw(st.integers(0, 3))
    rounds = []
    for data in draw(st.lists(deals(), max_size=14)):
        try:
            RULES.replay(players=4, options=options, first_dealer=first_dealer, rounds=[*rounds, data])
        except RuleError:
            break  # the game ended before this deal
        rounds.append(data)
    if rounds and "tricks" in rounds[-1]:
        left_out = draw(st.sampled_from([(), ("tricks",), ("tricks", "contract")]))
        rounds[-1] = {k: v for k, v in rounds[-1].items() if k not in left_out}
    return options, first_dealer, rounds


@settings(max_examples=150, deadline=None)
@given(games())
def test_totals_are_the_sum_of_round_points(game):
    options, first_dealer, rounds = game
    state = RULES.replay(players=4, options=options, first_dealer=first_dealer, rounds=rounds)
    running = [0, 0, 0, 0]
    for result in state.rounds:
        if not result.complete:
            assert result.points is None
            continue
        running = [t + p for t, p in zip(running, result.points, strict=True)]
        assert result.totals == running
        assert result.points[N] == result.points[S]
        assert result.points[E] == result.points[W]
        assert 0 in (result.points[N], result.points[E])  # one side scores at most
    assert state.totals == running


@settings(max_examples=150, deadline=None)
@given(games())
def test_deal_numbers_and_dealers(game):
    options, first_dealer, rounds = game
    state = RULES.replay(players=4, options=options, first_dealer=first_dealer, rounds=rounds)
    dealt = 0
    for result in state.rounds:
        assert result.info.dealer == (first_dealer + dealt) % 4
        assert result.info.label.startswith(f"Deal {dealt + 1}")
        assert set(result.facts) == set(FACT_KEYS)
        if not result.facts["redeal"]:
            dealt += 1


@settings(max_examples=100, deadline=None)
@given(games(), st.lists(st.text(min_size=1, max_size=8), min_size=4, max_size=4, unique=True))
def test_points_do_not_depend_on_names(game, names):
    options, first_dealer, rounds = game
    plain = RULES.replay(players=4, options=options, first_dealer=first_dealer, rounds=rounds)
    named = RULES.replay(players=4, options=options, first_dealer=first_dealer, rounds=rounds, names=names)
    assert [r.points for r in named.rounds] == [r.points for r in plain.rounds]
    assert named.totals == plain.totals
    assert named.winners == plain.winners
    assert named.finished == plain.finished


@settings(max_examples=150, deadline=None)
@given(games())
def test_winners_only_when_finished(game):
    options, first_dealer, rounds = game
    state = RULES.replay(players=4, options=options, first_dealer=first_dealer, rounds=rounds)
    if not state.finished:
        assert state.winners == []
        assert state.next_round is not None
        return
    assert state.next_round is None
    assert state.winners
    top = max(state.totals)
    assert all(state.totals[seat] == top for seat in state.winners)
    played = sum(1 for r in state.rounds if not r.facts["redeal"])
    if options.get("target"):
        assert top >= options["target"]
        assert len(state.winners) == 2  # only one side can cross the target on a deal
    else:
        assert played == options["deals"]


@settings(max_examples=100, deadline=None)
@given(
    games(),
    st.sampled_from(
        [
            {"hcp": [10, 10, 10, 11]},
            {"hcp": [14, 6, 16, 4], "contract": {"strain": "Z", "game": True}, "tricks": 9},
            {"hcp": [14, 6, 16, 4], "contract": {"strain": "NT", "game": True}, "tricks": 15},
            {"hcp": [10, 10, 10, 10]},
            {"hcp": [14, 6, 16, 4], "tricks": 9},
            {"hcp": [14, 6, 16, 4], "extra": 1},
        ]
    ),
)
def test_a_refused_round_changes_nothing(game, bad):
    options, first_dealer, rounds = game
    before = RULES.replay(players=4, options=options, first_dealer=first_dealer, rounds=rounds)
    kept = copy.deepcopy(rounds)
    attempt = [*rounds, bad]
    with pytest.raises(RuleError) as caught:
        RULES.replay(players=4, options=options, first_dealer=first_dealer, rounds=attempt)
    # refused at the new round, or earlier because the game had ended or the last deal was unfinished
    assert caught.value.round in (len(rounds), len(rounds) + 1)
    assert rounds == kept
    after = RULES.replay(players=4, options=options, first_dealer=first_dealer, rounds=rounds)
    assert after == before
