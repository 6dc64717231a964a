"""One contract, every game: the same checks run against each rules class in the registry."""

from __future__ import annotations

import pytest

from games.models import GameSession
from games.registry import GAMES, game_choices
from games.rules import RuleError

RULES = {slug: game.rules for slug, game in GAMES.items()}

# A valid first round for each game at its smallest table with default options,
# and the points it scores, worked out by hand from the rule texts.
FIRST_ROUND = {
    # 3 players, 1 card: seat 2 bids 1 and takes it (11), the others bid 0 and make it (10).
    "bugger-bridge": ({"bids": [0, 0, 1], "tricks": [0, 0, 1]}, [10, 10, 11]),
    # Call Bridge: 2 made (+2), 3 took 3 (+3), 4 took 4 (+4), 2 took 3 (+2).
    "call-bridge": ({"bids": [2, 3, 4, 2], "tricks": [3, 3, 4, 3]}, [2, 3, 4, 2]),
    # Mormon regular, 1 card: made bids score 10 plus 1 a trick.
    "mormon-bridge": ({"bids": [0, 0, 0, 1], "tricks": [0, 0, 0, 1]}, [10, 10, 10, 11]),
    # Minibridge: N-S hold 22, North (10) and South (12): South declares 1NT part-score, 8 tricks:
    # 40 + 30 + 50 = 120 to both North and South.
    "minibridge": (
        {"hcp": [10, 10, 12, 8], "contract": {"strain": "NT", "game": False}, "tricks": 8},
        [120, 0, 120, 0],
    ),
    # Memory Bridge: first half 7-6 gives player 0 100 + 40; 1NT made with 7 tricks adds 40.
    "memory-bridge": (
        {
            "first_half": [7, 6],
            "contract": {"declarer": 0, "level": 1, "strain": "NT", "doubled": 0},
            "tricks": 7,
        },
        [180, 0],
    ),
    # Free scoring, one player: the points as typed.
    "free-scoring": ({"scores": [-7]}, [-7]),
}


def players_for(rules) -> int:
    return rules.min_players


@pytest.fixture(params=sorted(GAMES))
def rules(request):
    return GAMES[request.param].rules


def test_the_registry_covers_the_six_games_and_feeds_the_model_choices():
    assert set(GAMES) == {
        "bugger-bridge",
        "call-bridge",
        "mormon-bridge",
        "minibridge",
        "memory-bridge",
        "free-scoring",
    }
    assert [slug for slug, _ in game_choices()] == list(GAMES)
    assert dict(GameSession._meta.get_field("game").choices) == dict(game_choices())
    for slug, rules in RULES.items():
        assert rules.slug == slug and rules.name


def test_options_have_defaults_and_cleaning_is_idempotent(rules):
    cleaned = rules.clean_options({})
    assert set(cleaned) == {o.name for o in rules.options}
    assert rules.clean_options(cleaned) == cleaned
    with pytest.raises(RuleError) as err:
        rules.clean_options({"no-such-option": 1})
    assert err.value.field == "no-such-option"


def test_an_empty_game_is_unfinished_and_starts_with_the_first_dealer(rules):
    n = players_for(rules)
    for first_dealer in range(n):
        state = rules.replay(players=n, options={}, first_dealer=first_dealer, rounds=[])
        assert not state.finished and state.winners == []
        assert state.next_round.number == 1
        assert state.next_round.dealer == first_dealer
        assert state.next_round.leader in range(n)
        assert state.current is None


def test_too_few_players_and_a_dealer_outside_the_table_are_refused(rules):
    n = players_for(rules)
    with pytest.raises(RuleError):
        rules.replay(players=n - 1, options={}, first_dealer=0, rounds=[])
    with pytest.raises(RuleError):
        rules.replay(players=n, options={}, first_dealer=n + 20, rounds=[])


@pytest.mark.parametrize("bad", [None, [], "round", {}, {"nonsense": 1}])
def test_a_malformed_round_is_refused_naming_round_1(rules, bad):
    with pytest.raises(RuleError) as err:
        rules.replay(players=players_for(rules), options={}, first_dealer=0, rounds=[bad])
    assert err.value.round == 1
    assert "1" in err.value.message


def test_a_first_round_scores_as_worked_out_by_hand(rules):
    data, points = FIRST_ROUND[rules.slug]
    state = rules.replay(players=players_for(rules), options={}, first_dealer=0, rounds=[data])
    result = state.rounds[0]
    assert result.complete and result.info.number == 1 and result.info.label
    assert result.points == points
    assert result.totals == points == state.totals
    assert len(result.explain) == players_for(rules)
    assert all(isinstance(line, str) and line for line in result.explain)


def test_names_never_change_points(rules):
    data, _ = FIRST_ROUND[rules.slug]
    n = players_for(rules)
    plain = rules.replay(players=n, options={}, first_dealer=0, rounds=[data])
    named = rules.replay(
        players=n, options={}, first_dealer=0, rounds=[data], names=[f"Q{i}" for i in range(n)]
    )
    assert plain.totals == named.totals and plain.rounds[0].points == named.rounds[0].points


def test_a_refused_second_round_changes_nothing(rules):
    data, _ = FIRST_ROUND[rules.slug]
    n = players_for(rules)
    before = rules.replay(players=n, options={}, first_dealer=0, rounds=[data])
    # More than any game allows in a round (Free scoring takes up to 10,000 points).
    bad = {key: ([99_999] * n if isinstance(value, list) else value) for key, value in data.items()}
    with pytest.raises(RuleError) as err:
        rules.replay(players=n, options={}, first_dealer=0, rounds=[data, bad])
    assert err.value.round == 2
    after = rules.replay(players=n, options={}, first_dealer=0, rounds=[data])
    assert after.totals == before.totals and after.next_round == before.next_round


def test_ending_early_finishes_with_the_leaders_as_winners(rules):
    data, points = FIRST_ROUND[rules.slug]
    state = rules.replay(
        players=players_for(rules), options={}, first_dealer=0, rounds=[data], finished_early=True
    )
    assert state.finished and state.next_round is None
    top = max(points)
    assert state.winners == [seat for seat, p in enumerate(points) if p == top]


def test_labels_fit_the_stored_column():
    from games.models import Round

    width = Round._meta.get_field("label").max_length
    redeal = GAMES["minibridge"].rules.replay(
        players=4,
        options={"deals": 99},
        first_dealer=0,
        rounds=[{"hcp": [10, 10, 10, 10], "redeal": True}] * 120,
    )
    assert max(len(r.info.label) for r in redeal.rounds) <= width
    for slug, rules in RULES.items():
        data, _ = FIRST_ROUND[slug]
        state = rules.replay(players=players_for(rules), options={}, first_dealer=0, rounds=[data])
        assert len(state.rounds[0].info.label) <= width
