"""A player's figures, checked against a set of games whose numbers are worked out by hand below."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.figures.stats import player_stats, tendency
from games.models import Player

from .test_history_helpers import record

pytestmark = pytest.mark.django_db


def ended_early(session):
    services.end_early(session=session, key="")
    session.refresh_from_db()
    return session


@pytest.fixture
def kims_games(user, other_user):
    """Kim's games, each with its figures for Kim worked out by hand.

    A. Bugger Bridge, Kim, Lee, Max, ended after 3 rounds:
       round 1 (1 card): bids 0 1 0, tricks 0 1 0: Kim makes 0 (10); Lee 11; Max 10.
       round 2 (2 cards): bids 1 0 0, tricks 2 0 0: Kim under-bids (took 2 for 1), 0; Lee 10; Max 10.
       round 3 (3 cards): bids 2 1 1, tricks 1 1 1: Kim over-bids (took 1 for 2), 0; Lee 11; Max 11.
       Totals Kim 10, Lee 32, Max 31: Lee wins. Kim: 3 bids, 1 made, 1 over, 1 under, zero bid 1 of 1.
    B. Bugger Bridge, in progress, Kim, Lee, Max: round 1 bids 1 0 0, tricks 1 0 0: Kim makes 1.
    C. Call Bridge to 10, Ann, Bo, Kim, Lee:
       deal 1: bids 2 2 4 2, tricks 2 2 5 4: Kim bid 4 took 5, made (+4), under.
       deal 2: bids 2 2 8 2, tricks 1 1 9 2: Kim's bonus bid 8 took 9, made (+13): 17, alone over 10, wins.
       Kim: 2 bids, 2 made, 0 over, 2 under, final 17, won.
    D. Mormon Bridge (regular), Kim, Ann, Bo, Lee, ended after 2 hands:
       hand 1 (1 card): bids 0 0 0 1, tricks 0 0 0 1: Kim 10, Ann 10, Bo 10, Lee 11.
       hand 2 (2 cards): bids 1 0 1 0, tricks 0 1 1 0: Kim over-bids, 0; Ann 1; Bo 11; Lee 10.
       Totals Kim 10, Ann 11, Bo 21, Lee 21: Bo and Lee share the win.
       Kim: 2 bids, 1 made, 1 over, zero bid 1 of 1, final 10.
    E. Minibridge, 1 deal, Kim North: 14 6 16 4 points, game in NT, 10 tricks: N-S 430. Kim wins.
    F. Minibridge, 1 deal, Kim East: the same deal: N-S 430, Kim 0, lost.
    G. A game without Kim, and another user's Kim: not counted.
    """
    a = record(
        user,
        "bugger-bridge",
        ["Kim", "Lee", "Max"],
        [
            {"bids": [0, 1, 0], "tricks": [0, 1, 0]},
            {"bids": [1, 0, 0], "tricks": [2, 0, 0]},
            {"bids": [2, 1, 1], "tricks": [1, 1, 1]},
        ],
    )
    ended_early(a)
    record(user, "bugger-bridge", ["Kim", "Lee", "Max"], [{"bids": [1, 0, 0], "tricks": [1, 0, 0]}])
    record(
        user,
        "call-bridge",
        ["Ann", "Bo", "Kim", "Lee"],
        [{"bids": [2, 2, 4, 2], "tricks": [2, 2, 5, 4]}, {"bids": [2, 2, 8, 2], "tricks": [1, 1, 9, 2]}],
        {"target": 10},
    )
    d = record(
        user,
        "mormon-bridge",
        ["Kim", "Ann", "Bo", "Lee"],
        [{"bids": [0, 0, 0, 1], "tricks": [0, 0, 0, 1]}, {"bids": [1, 0, 1, 0], "tricks": [0, 1, 1, 0]}],
    )
    ended_early(d)
    deal = {"hcp": [14, 6, 16, 4], "contract": {"strain": "NT", "game": True}, "tricks": 10}
    record(user, "minibridge", ["Kim", "Ann", "Bo", "Lee"], [deal], {"deals": 1})
    record(user, "minibridge", ["Ann", "Kim", "Bo", "Lee"], [deal], {"deals": 1})
    record(user, "bugger-bridge", ["Ann", "Bo", "Lee"], [{"bids": [1, 0, 0], "tricks": [1, 0, 0]}])
    record(other_user, "bugger-bridge", ["Kim", "Lee", "Max"], [{"bids": [1, 0, 0], "tricks": [0, 1, 0]}])
    return Player.objects.get(owner=user, name="Kim")


@pytest.mark.usefixtures("kims_games")
def test_games_are_as_worked_out(user):
    """The set-up itself: winners and status as the docstring says."""
    from games.models import GameSession

    sessions = list(GameSession.objects.filter(owner=user).order_by("pk"))
    assert [s.status for s in sessions] == [
        "finished",
        "in_progress",
        "finished",
        "finished",
        "finished",
        "finished",
        "in_progress",
    ]
    assert [s.winners for s in sessions[:6]] == [[1], [], [2], [2, 3], [0, 2], [0, 2]]


def test_figures_per_game(kims_games):
    stats = player_stats(kims_games)
    games = {g.game: g for g in stats.games}
    assert list(games) == ["bugger-bridge", "call-bridge", "mormon-bridge", "minibridge"]

    bugger = games["bugger-bridge"]
    assert (bugger.played, bugger.finished, bugger.won) == (2, 1, 0)
    assert (bugger.scored, bugger.average_score, bugger.best_score) == (1, 10, 10)
    # Rounds of A and B: 4 bids, made 2 (0 in A, 1 in B), over 1, under 1; zero bids 1 of 1.
    assert (bugger.bids, bugger.made, bugger.over, bugger.under) == (4, 2, 1, 1)
    assert (bugger.zero_bids, bugger.zero_made) == (1, 1)
    assert bugger.bid_accuracy == 0.5
    assert bugger.average_miss == 0  # +1 and -1

    call = games["call-bridge"]
    assert (call.played, call.finished, call.won, call.average_score, call.best_score) == (1, 1, 1, 17, 17)
    assert (call.bids, call.made, call.over, call.under, call.zero_bids) == (2, 2, 0, 2, 0)
    assert call.average_miss == 1  # took one more than bid, both times
    assert call.tendency == "under-bids: 2 times against 0"

    mormon = games["mormon-bridge"]
    assert (mormon.played, mormon.finished, mormon.won, mormon.average_score) == (1, 1, 0, 10)
    assert (mormon.bids, mormon.made, mormon.over, mormon.under) == (2, 1, 1, 0)
    assert (mormon.zero_bids, mormon.zero_made) == (1, 1)

    mini = games["minibridge"]
    assert (mini.played, mini.finished, mini.won) == (2, 2, 1)
    assert (mini.average_score, mini.best_score) == (215, 430)
    assert mini.bids == 0 and not mini.has_bids


def test_overall_figures_and_best_game(kims_games):
    stats = player_stats(kims_games)
    assert (stats.played, stats.finished, stats.won) == (6, 5, 2)
    assert (stats.bids, stats.made, stats.over, stats.under) == (8, 5, 2, 3)
    assert stats.bid_accuracy == 5 / 8
    assert (stats.zero_bids, stats.zero_made, stats.zero_success) == (2, 2, 1)
    assert stats.tendency == "under-bids: 3 times against 2"
    # Call Bridge: won 1 of 1; Minibridge 1 of 2.
    assert stats.best_game.game == "call-bridge"


def test_results_over_time(kims_games):
    stats = player_stats(kims_games)
    assert [(r.total, r.won) for r in stats.results["minibridge"]] == [(430, True), (0, False)]
    assert [(r.total, r.won) for r in stats.results["bugger-bridge"]] == [(10, False)]  # B is unfinished
    assert [(r.total, r.won) for r in stats.results["call-bridge"]] == [(17, True)]


def test_elimination_games_count_wins_but_have_no_score(user):
    record(
        user,
        "mormon-bridge",
        ["Kim", "Ned", "Ola", "Pia"],
        [
            {"bids": [2, 1, 1, 1], "tricks": [2, 1, 1, 0]},
            {"bids": [2, 1, 1, None], "tricks": [2, 2, 0, None]},
        ],
        {"mode": "elimination"},
    )
    stats = player_stats(Player.objects.get(owner=user, name="Kim"))
    (mormon,) = stats.games
    assert (mormon.played, mormon.won, mormon.scored, mormon.average_score) == (1, 1, 0, None)
    # Bids: 2 of 2 made, and they count.
    assert (mormon.bids, mormon.made) == (2, 2)
    assert [(r.total, r.won) for r in stats.results["mormon-bridge"]] == [(None, True)]


def test_a_player_without_games(user):
    player = Player.objects.create(owner=user, name="Newcomer")
    stats = player_stats(player)
    assert stats.games == [] and stats.played == 0 and stats.best_game is None
    assert stats.bid_accuracy is None and stats.tendency == ""


def test_three_queries_whatever_the_history_one_when_nothing_changed(user):
    record(user, "bugger-bridge", ["Kim", "Lee", "Max"], [{"bids": [1, 0, 0], "tricks": [1, 0, 0]}])
    kim = Player.objects.get(owner=user, name="Kim")
    with CaptureQueriesContext(connection) as few:
        player_stats(kim)
    for _ in range(5):
        record(
            user,
            "bugger-bridge",
            ["Kim", "Lee", "Max"],
            [{"bids": [c, 0, 0], "tricks": [c, 0, 0]} for c in (1, 2, 3, 4, 5, 6, 7, 8)],
        )
    with CaptureQueriesContext(connection) as many:
        player_stats(kim)
    # The seats summed per game (with those not worked out at their game's version yet),
    # those seats' entries, their figures stored.
    assert len(few.captured_queries) == len(many.captured_queries) == 3
    # Read again with nothing changed: the stored figures only.
    with CaptureQueriesContext(connection) as again:
        player_stats(kim)
    assert len(again.captured_queries) == 1


@pytest.mark.parametrize(
    ("over", "under", "bids", "words"),
    [
        (0, 0, 0, ""),
        (0, 0, 5, "took exactly the bid every time"),
        (2, 2, 9, "no lean either way"),
        (3, 1, 9, "over-bids: 3 times against 1"),
        (0, 1, 9, "under-bids: 1 time against 0"),
    ],
)
def test_tendency_in_words(over, under, bids, words):
    assert tendency(over, under, bids) == words
