"""Memory Bridge rules: both halves' scores, the target after each half, refusals.

Expected numbers are worked out by hand from the rule text and RULINGS.md.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.registry import get_rules
from games.rules.base import RuleError
from games.rules.memory_bridge import FACT_KEYS, MemoryBridge, contract_name, contract_score, first_half_score

RULES = MemoryBridge()
NAMES = ["Ann", "Bob"]
A, B = 0, 1


def contract(declarer, level, strain, doubled=0):
    return {"declarer": declarer, "level": level, "strain": strain, "doubled": doubled}


def deal(first_half, *rest):
    """A deal: first half; then the contract (None = passed out); then the declarer's tricks."""
    data = {"first_half": list(first_half)}
    if rest:
        data["contract"] = rest[0]
    if len(rest) > 1:
        data["tricks"] = rest[1]
    return data


def replay(rounds, *, target=None, first_dealer=0, finished_early=False, names=NAMES):
    return RULES.replay(
        players=2,
        options=None if target is None else {"target": target},
        first_dealer=first_dealer,
        rounds=rounds,
        finished_early=finished_early,
        names=names,
    )


def test_registered():
    rules = get_rules("memory-bridge")
    assert isinstance(rules, MemoryBridge)
    assert (rules.min_players, rules.max_players) == (2, 2)
    assert rules.clean_options(None) == {"target": 500}


# -- first half -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tricks", "expected"),
    [
        (0, 0),
        (3, 0),
        (6, 0),
        (7, 140),  # 100 + 40
        (8, 170),  # 100 + 40 + 30
        (9, 200),
        (10, 230),
        (11, 260),
        (12, 290),
        (13, 320),  # 100 + 40 + 6 x 30
    ],
)
def test_first_half_score(tricks, expected):
    assert first_half_score(tricks) == expected
    assert RULES.first_half_score(tricks) == expected


@pytest.mark.parametrize(
    ("first_half", "points"),
    [
        ([7, 6], [140, 0]),
        ([6, 7], [0, 140]),
        ([8, 5], [170, 0]),
        ([9, 4], [200, 0]),
        ([3, 10], [0, 230]),
        ([11, 2], [260, 0]),
        ([1, 12], [0, 290]),
        ([13, 0], [320, 0]),
        ([0, 13], [0, 320]),
    ],
)
def test_first_half_through_replay(first_half, points):
    (result,) = replay([deal(first_half, None)], target=10_000).rounds
    assert result.points == points
    assert result.facts["first_half_points"] == points
    assert result.facts["first_half_winner"] == (A if points[A] else B)
    assert result.facts["second_half_points"] == [0, 0]


# -- second half --------------------------------------------------------------------


CONTRACTS = [
    # (level, strain, doubled, declarer's tricks, score)
    (1, "NT", 0, 7, 40),
    (3, "NT", 0, 9, 100),
    (3, "NT", 0, 10, 130),
    (7, "NT", 0, 13, 220),
    (4, "S", 0, 10, 120),
    (1, "S", 0, 13, 210),
    (2, "H", 0, 8, 60),
    (4, "H", 0, 11, 150),
    (5, "D", 0, 11, 100),
    (1, "D", 0, 9, 60),
    (1, "C", 0, 7, 20),
    (3, "C", 0, 13, 140),
    # doubled: x2
    (1, "NT", 1, 7, 80),
    (3, "NT", 1, 11, 320),  # (40 + 4 x 30) x 2
    (4, "S", 1, 10, 240),
    (3, "H", 1, 9, 180),
    (2, "D", 1, 9, 120),
    (5, "C", 1, 11, 200),
    # redoubled: x4
    (2, "NT", 2, 8, 280),
    (4, "S", 2, 11, 600),
    (3, "H", 2, 9, 360),
    (6, "D", 2, 12, 480),
    (1, "C", 2, 7, 80),
    # failed: nobody scores, doubled or not
    (4, "S", 0, 9, 0),
    (4, "S", 1, 9, 0),
    (4, "S", 2, 9, 0),
    (7, "NT", 0, 12, 0),
    (1, "H", 0, 6, 0),
    (5, "D", 1, 0, 0),
    (3, "C", 2, 8, 0),
]


@pytest.mark.parametrize(("level", "strain", "doubled", "tricks", "expected"), CONTRACTS)
def test_contract_score(level, strain, doubled, tricks, expected):
    assert contract_score(level, strain, doubled, tricks) == expected
    assert RULES.contract_score(level, strain, doubled, tricks) == expected


@pytest.mark.parametrize(("level", "strain", "doubled", "tricks", "expected"), CONTRACTS)
@pytest.mark.parametrize("declarer", [A, B])
def test_second_half_through_replay(level, strain, doubled, tricks, expected, declarer):
    # first half: Ann 8 tricks = 170
    data = deal([8, 5], contract(declarer, level, strain, doubled), tricks)
    (result,) = replay([data], target=10_000).rounds
    second = [0, 0]
    second[declarer] = expected
    assert result.complete
    assert result.facts["second_half_points"] == second
    assert result.points == [170 + second[A], second[B]]
    assert result.totals == result.points
    assert result.facts["made"] is (tricks >= level + 6)
    assert result.facts["tricks_needed"] == level + 6
    assert result.facts["declarer"] == declarer
    assert result.facts["second_half_leader"] == 1 - declarer
    assert result.facts["passed_out"] is False


def test_passed_out_scores_nothing_in_the_second_half():
    (result,) = replay([deal([4, 9], None)]).rounds
    assert result.complete
    assert result.points == [0, 200]
    assert result.facts["passed_out"] is True
    assert result.facts["second_half_points"] == [0, 0]
    assert result.facts["declarer"] is None
    assert result.explain == [
        "first half 4 tricks: 0; second half passed out: 0",
        "first half 9 tricks: 100 + 100 = 200; second half passed out: 0",
    ]


@pytest.mark.parametrize(
    ("level", "strain", "doubled", "expected"),
    [
        (3, "H", 0, "3♥"),
        (4, "NT", 1, "4NT doubled"),
        (1, "C", 2, "1♣ redoubled"),
        (7, "S", 0, "7♠"),
        (5, "D", 0, "5♦"),
    ],
)
def test_contract_name(level, strain, doubled, expected):
    assert contract_name(level, strain, doubled) == expected


def test_explain_lines():
    (made,) = replay([deal([8, 5], contract(A, 3, "H", 1), 10)]).rounds
    assert made.explain == [
        "first half 8 tricks: 100 + 70 = 170; declared 3♥ doubled, needed 9, took 10: made, 120 × 2 = 240",
        "first half 5 tricks: 0; defended 3♥ doubled (declarer needed 9, took 10): 0",
    ]
    (failed,) = replay([deal([6, 7], contract(B, 4, "S"), 8)]).rounds
    assert failed.explain == [
        "first half 6 tricks: 0; defended 4♠ (declarer needed 10, took 8): 0",
        "first half 7 tricks: 100 + 40 = 140; declared 4♠, needed 10, took 8: 2 short, 0",
    ]
    (plain,) = replay([deal([6, 7], contract(B, 1, "NT"), 8)]).rounds
    assert plain.explain[B] == "first half 7 tricks: 100 + 40 = 140; declared 1NT, needed 7, took 8: made, 70"


def test_facts_of_a_scored_deal():
    (result,) = replay([deal([8, 5], contract(B, 2, "D", 2), 9)], first_dealer=B).rounds
    assert result.facts == {
        "opens_bidding": B,
        "first_half_winner": A,
        "first_half_points": [170, 0],
        "ended_after_first_half": False,
        "passed_out": False,
        "declarer": B,
        "second_half_leader": A,
        "tricks_needed": 8,
        "made": True,
        "second_half_points": [0, 240],  # 3 x 20 x 4
    }
    assert set(result.facts) == set(FACT_KEYS)
    assert result.points == [170, 240]


# -- dealing and deals in progress ---------------------------------------------------


@pytest.mark.parametrize("first_dealer", [A, B])
def test_dealer_alternates(first_dealer):
    state = replay([deal([7, 6], None)] * 3, target=10_000, first_dealer=first_dealer)
    other = 1 - first_dealer
    assert [r.info.dealer for r in state.rounds] == [first_dealer, other, first_dealer]
    assert [r.info.leader for r in state.rounds] == [other, first_dealer, other]  # non-dealer leads
    assert [r.facts["opens_bidding"] for r in state.rounds] == [first_dealer, other, first_dealer]
    assert [r.info.label for r in state.rounds] == ["Deal 1", "Deal 2", "Deal 3"]
    assert state.rounds[0].info.active == (other, first_dealer)
    assert state.next_round.dealer == other
    assert state.next_round.label == "Deal 4"
    assert state.totals == [420, 0]


def test_first_half_only_is_unfinished_but_scored():
    state = replay([deal([7, 6], None), deal([2, 11])])
    last = state.rounds[-1]
    assert not last.complete
    assert last.points == [0, 260]
    assert last.totals == [140, 260]
    assert state.totals == [140, 260]
    assert last.facts["second_half_points"] is None
    assert last.facts["passed_out"] is None
    assert last.explain == [
        "first half 2 tricks: 0; second half to come",
        "first half 11 tricks: 100 + 160 = 260; second half to come",
    ]
    assert state.current is last
    assert state.next_round == last.info
    assert not state.finished
    assert state.winners == []


def test_contract_without_tricks_is_unfinished():
    state = replay([deal([7, 6], contract(B, 4, "H", 1))])
    (last,) = state.rounds
    assert not last.complete
    assert last.points == [140, 0]
    assert last.facts["declarer"] == B
    assert last.facts["tricks_needed"] == 10
    assert last.facts["made"] is None
    assert state.next_round == last.info


# -- the target ----------------------------------------------------------------------


def test_game_ends_after_a_first_half():
    rounds = [
        deal([8, 5], None),  # Ann 170
        deal([9, 4]),  # Ann 200: 370, the target of 300 is reached in the first half
    ]
    state = replay(rounds, target=300)
    last = state.rounds[-1]
    assert last.complete
    assert last.points == [200, 0]
    assert state.totals == [370, 0]
    assert last.facts["ended_after_first_half"] is True
    assert last.facts["second_half_points"] is None
    assert last.explain == [
        "first half 9 tricks: 100 + 100 = 200; game over after the first half",
        "first half 4 tricks: 0; game over after the first half",
    ]
    assert state.finished
    assert not state.finished_early
    assert state.winners == [A]
    assert state.next_round is None
    assert state.current is None


def test_target_reached_exactly_in_a_first_half():
    state = replay([deal([5, 8], None), deal([5, 8])], target=340)  # Bob 170 + 170
    assert state.finished
    assert state.winners == [B]
    assert state.rounds[-1].facts["ended_after_first_half"] is True


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"contract": None}, "contract"),
        ({"contract": contract(B, 1, "C")}, "contract"),
        ({"contract": contract(B, 1, "C"), "tricks": 7}, "contract"),
        ({"tricks": 7}, "tricks"),
    ],
)
def test_no_second_half_after_a_first_half_ended_the_game(extra, field):
    rounds = [deal([8, 5], None), {**deal([9, 4]), **extra}]
    with pytest.raises(RuleError) as caught:
        replay(rounds, target=300)
    err = caught.value
    assert (err.round, err.player, err.field) == (2, None, field)
    assert err.message == (
        f"Round 2: Ann reached the target of 300 in the first half, so the game ended there; no {field} can follow."
    )


def test_game_ends_after_a_second_half():
    rounds = [
        deal([7, 6], contract(A, 4, "S", 1), 10),  # Ann 140 + 240 = 380
    ]
    state = replay(rounds, target=300)
    (result,) = state.rounds
    assert result.facts["ended_after_first_half"] is False
    assert state.totals == [380, 0]
    assert state.finished
    assert state.winners == [A]
    with pytest.raises(RuleError) as caught:
        replay([*rounds, deal([7, 6])], target=300)
    err = caught.value
    assert (err.round, err.player, err.field) == (2, None, None)
    assert err.message == "Round 2: the game ended with deal 1."


def test_second_half_winner_can_overtake():
    rounds = [
        deal([10, 3], None),  # Ann 230
        deal([7, 6], contract(B, 3, "NT", 2), 9),  # Ann 140 (370, short of 500); Bob 100 x 4 = 400
        deal([6, 7], contract(B, 1, "C"), 7),  # Bob 140 in the first half: 540, game over
    ]
    state = replay(rounds[:2])
    assert state.totals == [370, 400]
    assert not state.finished
    with pytest.raises(RuleError) as caught:
        replay(rounds)
    assert (caught.value.round, caught.value.field) == (3, "contract")
    state = replay([*rounds[:2], deal([6, 7])])
    assert state.totals == [370, 540]
    assert state.finished
    assert state.winners == [B]


def test_default_target_is_500():
    rounds = [deal([13, 0], None)]  # 320
    assert not replay(rounds).finished
    state = replay([*rounds, deal([7, 6], contract(A, 3, "D"), 9)])  # 140 + 60 = 520, not stopped at 460
    assert state.totals == [520, 0]
    assert state.rounds[-1].facts["ended_after_first_half"] is False
    assert state.finished
    assert state.winners == [A]


def test_finished_early_highest_total_or_shared():
    state = replay([deal([8, 5], None), deal([4, 9], None)], finished_early=True)
    assert state.finished
    assert state.finished_early
    assert state.totals == [170, 200]
    assert state.winners == [B]
    shared = replay([deal([8, 5], None), deal([5, 8], None)], finished_early=True)
    assert shared.winners == [A, B]


def test_finished_early_on_a_first_half_counts_it():
    """RULINGS: ended early, the highest total wins; the first half recorded scored already."""
    state = replay([deal([8, 5], None), deal([4, 9])], finished_early=True)
    assert state.finished and state.finished_early and state.next_round is None
    assert state.totals == [170, 200] and state.winners == [B]
    assert state.rounds[-1].explain[B].endswith("game ended before the second half")


def test_finished_early_after_a_natural_end():
    state = replay([deal([13, 0])], target=300, finished_early=True)
    assert state.finished
    assert not state.finished_early
    assert state.winners == [A]


# -- refusals ---------------------------------------------------------------------------


GOOD = deal([8, 5], contract(A, 3, "NT"), 9)


@pytest.mark.parametrize(
    ("rounds", "round", "player", "field", "message"),
    [
        ([[8, 5]], 1, None, None, "Round 1 must be an object."),
        ([{**GOOD, "bids": [1]}], 1, None, "bids", "Round 1: unknown field 'bids'."),
        ([{"contract": None}], 1, None, "first_half", "Round 1: the first-half tricks are missing."),
        (
            [GOOD, deal([8, 5, 0], None)],
            2,
            None,
            "first_half",
            "Round 2: the first-half tricks must have 2 entries, one per player, not 3.",
        ),
        (
            [deal([8, 5.0], None)],
            1,
            B,
            "first_half",
            "Round 1: the first-half tricks for Bob must be a whole number.",
        ),
        (
            [deal([14, -1], None)],
            1,
            A,
            "first_half",
            "Round 1: Ann took 14 tricks in the first half, but there are only 13.",
        ),
        (
            [deal([-1, 14], None)],
            1,
            A,
            "first_half",
            "Round 1: Ann took -1 tricks in the first half, but there are only 13.",
        ),
        (
            [deal([7, 7], None)],
            1,
            None,
            "first_half",
            "Round 1: the first-half tricks add up to 14, but 13 were played (1 too many).",
        ),
        (
            [deal([6, 5], None)],
            1,
            None,
            "first_half",
            "Round 1: the first-half tricks add up to 11, but 13 were played (2 too few).",
        ),
        (
            [deal([8, 5], "3NT", 9)],
            1,
            None,
            "contract",
            "Round 1: the contract must give declarer, level, strain and doubled "
            "(or be null when the auction was passed out).",
        ),
        (
            [deal([8, 5], {**contract(A, 3, "NT"), "vulnerable": True}, 9)],
            1,
            None,
            "contract",
            "Round 1: the contract has an unknown field 'vulnerable'.",
        ),
        (
            [deal([8, 5], contract(2, 3, "NT"), 9)],
            1,
            None,
            "contract",
            "Round 1: the contract's declarer must be one of the two players (0 or 1).",
        ),
        (
            [deal([8, 5], contract(True, 3, "NT"), 9)],
            1,
            None,
            "contract",
            "Round 1: the contract's declarer must be one of the two players (0 or 1).",
        ),
        (
            [deal([8, 5], contract(B, 0, "NT"), 9)],
            1,
            B,
            "contract",
            "Round 1: Bob's contract level must be 1 to 7 (7 to 13 tricks), not 0.",
        ),
        (
            [deal([8, 5], contract(A, 8, "S"), 13)],
            1,
            A,
            "contract",
            "Round 1: Ann's contract level must be 1 to 7 (7 to 13 tricks), not 8.",
        ),
        (
            [deal([8, 5], {"declarer": 0, "strain": "S", "doubled": 0}, 13)],
            1,
            A,
            "contract",
            "Round 1: Ann's contract level must be 1 to 7 (7 to 13 tricks), not None.",
        ),
        (
            [deal([8, 5], contract(A, 3, "hearts"), 9)],
            1,
            A,
            "contract",
            "Round 1: Ann's contract needs a strain: NT, S, H, D or C (no trumps, spades, hearts, diamonds or clubs).",
        ),
        (
            [deal([8, 5], contract(B, 3, "H", 3), 9)],
            1,
            B,
            "contract",
            "Round 1: Bob's contract must say doubled 0 (not doubled), 1 (doubled) or 2 (redoubled).",
        ),
        (
            [deal([8, 5], contract(B, 3, "H", True), 9)],
            1,
            B,
            "contract",
            "Round 1: Bob's contract must say doubled 0 (not doubled), 1 (doubled) or 2 (redoubled).",
        ),
        (
            [GOOD, deal([8, 5], contract(B, 3, "H"), 14)],
            2,
            B,
            "tricks",
            "Round 2: Bob (declarer) took 14 tricks in the second half; it must be a whole number from 0 to 13.",
        ),
        (
            [deal([8, 5], contract(A, 3, "H"), "9")],
            1,
            A,
            "tricks",
            "Round 1: Ann (declarer) took '9' tricks in the second half; it must be a whole number from 0 to 13.",
        ),
        (
            [{**deal([8, 5]), "tricks": 9}],
            1,
            None,
            "contract",
            "Round 1: second-half tricks are recorded without a contract.",
        ),
        (
            [deal([8, 5], None, 0)],
            1,
            None,
            "tricks",
            "Round 1: the auction was passed out, so the second half has no tricks.",
        ),
        # only the last deal may be unfinished
        (
            [deal([8, 5]), GOOD],
            1,
            None,
            "contract",
            "Round 1: deal 1 has no contract yet; only the last deal may be unfinished.",
        ),
        (
            [GOOD, deal([8, 5], contract(A, 1, "C")), GOOD],
            2,
            None,
            "tricks",
            "Round 2: deal 2 has no tricks yet; only the last deal may be unfinished.",
        ),
    ],
)
def test_refusals_name_round_player_and_field(rounds, round, player, field, message):
    with pytest.raises(RuleError) as caught:
        replay(rounds)
    err = caught.value
    assert (err.round, err.player, err.field) == (round, player, field)
    assert err.message == message


def test_messages_without_names():
    with pytest.raises(RuleError) as caught:
        replay([deal([8, 5], contract(B, 9, "NT"), 9)], names=None)
    assert (
        caught.value.message == "Round 1: player 2's contract level must be 1 to 7 (7 to 13 tricks), not 9."
    )


@pytest.mark.parametrize(
    ("players", "first_dealer", "options", "text"),
    [
        (1, 0, None, "exactly 2 players"),
        (3, 0, None, "exactly 2 players"),
        (2, 2, None, "first dealer"),
        (2, 0, {"target": 0}, "at least 1"),
        (2, 0, {"target": "500"}, "whole number"),
        (2, 0, {"deals": 8}, "no option"),
    ],
)
def test_bad_setup(players, first_dealer, options, text):
    with pytest.raises(RuleError) as caught:
        RULES.replay(players=players, options=options, first_dealer=first_dealer, rounds=[])
    assert text in caught.value.message


def test_empty_game():
    state = replay([], first_dealer=B)
    assert state.rounds == []
    assert state.totals == [0, 0]
    assert not state.finished
    assert state.winners == []
    assert state.next_round.dealer == B
    assert state.next_round.leader == A


# -- properties ------------------------------------------------------------------------------


@st.composite
def deals(draw):
    first = draw(st.integers(0, 13))
    data = deal([first, 13 - first])
    if draw(st.integers(0, 5)) == 0:
        data["contract"] = None
        return data
    data["contract"] = contract(
        draw(st.integers(0, 1)),
        draw(st.integers(1, 7)),
        draw(st.sampled_from(["NT", "S", "H", "D", "C"])),
        draw(st.integers(0, 2)),
    )
    data["tricks"] = draw(st.integers(0, 13))
    return data


@st.composite
def games(draw):
    """A valid game, maybe ended (after either half), maybe with an unfinished last deal."""
    target = draw(st.sampled_from([300, 500, 1000, 100_000]))
    first_dealer = draw(st.integers(0, 1))
    rounds = []
    for data in draw(st.lists(deals(), max_size=10)):
        # the whole deal, or its first half alone when that half ended the game
        for candidate in (data, {"first_half": data["first_half"]}):
            try:
                RULES.replay(
                    players=2,
                    options={"target": target},
                    first_dealer=first_dealer,
                    rounds=[*rounds, candidate],
                )
            except RuleError:
                continue
            rounds.append(candidate)
            break
        else:
            break  # the game had ended before this deal
    if rounds and "tricks" in rounds[-1]:
        left_out = draw(st.sampled_from([(), ("tricks",), ("tricks", "contract")]))
        rounds[-1] = {k: v for k, v in rounds[-1].items() if k not in left_out}
    return {"target": target}, first_dealer, rounds


def run(game, **kw):
    options, first_dealer, rounds = game
    return RULES.replay(players=2, options=options, first_dealer=first_dealer, rounds=rounds, **kw)


@settings(max_examples=150, deadline=None)
@given(games())
def test_totals_are_the_sum_of_round_points(game):
    state = run(game)
    running = [0, 0]
    for result in state.rounds:
        first = result.facts["first_half_points"]
        second = result.facts["second_half_points"] or [0, 0]
        assert result.points == [first[A] + second[A], first[B] + second[B]]
        assert sorted(first)[0] == 0 and sorted(first)[1] >= 140  # one player wins the first half
        assert 0 in second  # at most the declarer scores in the second half
        running = [t + p for t, p in zip(running, result.points, strict=True)]
        assert result.totals == running
    assert state.totals == running


@settings(max_examples=100, deadline=None)
@given(games(), st.lists(st.text(min_size=1, max_size=8), min_size=2, max_size=2, unique=True))
def test_points_do_not_depend_on_names(game, names):
    plain = run(game)
    named = run(game, names=names)
    assert [r.points for r in named.rounds] == [r.points for r in plain.rounds]
    assert named.totals == plain.totals
    assert named.winners == plain.winners
    assert named.finished == plain.finished


@settings(max_examples=150, deadline=None)
@given(games())
def test_winners_only_when_finished(game):
    state = run(game)
    target = game[0]["target"]
    if not state.finished:
        assert state.winners == []
        assert max(state.totals) < target
        return
    # the first player to reach the target wins alone, and nothing follows the half that did it
    assert state.current is None
    assert len(state.winners) == 1
    (winner,) = state.winners
    assert state.totals[winner] >= target
    assert state.totals[1 - winner] < target
    last = state.rounds[-1]
    if last.facts["ended_after_first_half"]:
        assert "contract" not in last.data
        assert last.facts["first_half_winner"] == winner


@settings(max_examples=100, deadline=None)
@given(
    games(),
    st.sampled_from(
        [
            {"first_half": [7, 7], "contract": None},
            {
                "first_half": [8, 5],
                "contract": {"declarer": 0, "level": 0, "strain": "NT", "doubled": 0},
                "tricks": 7,
            },
            {
                "first_half": [8, 5],
                "contract": {"declarer": 1, "level": 1, "strain": "NT", "doubled": 0},
                "tricks": 14,
            },
            {"first_half": [8, 5], "contract": None, "tricks": 3},
            {"first_half": [8, 5], "score": 3},
        ]
    ),
)
def test_a_refused_round_changes_nothing(game, bad):
    options, first_dealer, rounds = game
    before = run(game)
    kept = copy.deepcopy(rounds)
    with pytest.raises(RuleError) as caught:
        run((options, first_dealer, [*rounds, bad]))
    assert caught.value.round in (len(rounds), len(rounds) + 1)
    assert rounds == kept
    assert run(game) == before
