"""A player's figures from the seats' stored figures (SQL) agree with working them out in Python.

``reference_stats`` is the figures as the page worked them out before they were stored per
seat: every seat and entry of the player read into Python and counted there. On random games
of every kind (some in the Trash, some finished, ended early or mid-round) the stored figures,
and the cached page's, must give exactly the same numbers, before and after the games change.
"""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from games import services
from games.accounts.players import merge_players
from games.backup.session_record import import_record
from games.backup.trash import trash_session
from games.figures import stats
from games.figures.stats import GameStats, Result, cached_player_stats, player_stats
from games.models import Entry, GameSession, Player, Seat
from games.registry import GAMES
from tests.test_session_record_strategies import records

from .test_history_helpers import record

pytestmark = pytest.mark.django_db

POOL = [f"P{i:02}" for i in range(64)]


def reference_stats(player: Player) -> tuple[list[GameStats], dict[str, list[Result]]]:
    """Every figure worked out in Python from every seat and entry of the player's live games."""
    by_game: dict[str, GameStats] = {}
    results: dict[str, list[Result]] = {}
    seats = Seat.objects.filter(player=player, session__deleted_at__isnull=True).select_related("session")
    for seat in sorted(seats, key=lambda s: (s.session.created, s.session_id)):
        session = seat.session
        g = by_game.setdefault(session.game, GameStats(game=session.game, name=GAMES[session.game].name))
        entries = list(
            Entry.objects.filter(round__session=session, position=seat.position).select_related("round")
        )
        g.played += 1
        if stats.has_bids(session.game):
            for e in entries:
                if e.round.complete and e.bid is not None and e.tricks is not None:
                    g.bids += 1
                    g.made += GAMES[session.game].rules.bid_made(e.bid, e.tricks)
                    g.over += e.tricks < e.bid
                    g.under += e.tricks > e.bid
                    g.zero_bids += e.bid == 0
                    g.zero_made += e.bid == 0 and e.tricks == 0
                    g.tricks_minus_bids += e.tricks - e.bid
        if not session.is_finished:
            continue
        g.finished += 1
        won = seat.position in session.winners
        g.won += won
        points = [e.points for e in entries if e.points is not None]
        total = sum(points) if points else None
        if total is not None:
            g.scored += 1
            g.score_sum += total
            g.best_score = total if g.best_score is None else max(g.best_score, total)
        when = session.finished_at or session.created
        results.setdefault(session.game, []).append(Result(session.pk, session.game, when, total, won))
    order = list(GAMES)
    return sorted(by_game.values(), key=lambda g: order.index(g.game)), results


def charted(results: dict[str, list[Result]]) -> dict[str, list[Result]]:
    """What the page's charts show: per game the latest finished games with a total."""
    return {
        game: [r for r in rs if r.total is not None][-stats.CHART_GAMES :] for game, rs in results.items()
    }


def check(player: Player) -> None:
    player = Player.objects.get(pk=player.pk)  # as the page reads it: with its figures' key as it now is
    games, results = reference_stats(player)
    for figures in (player_stats(player), cached_player_stats(player), player_stats(player)):
        assert figures.games == games
        assert charted(figures.results) == charted(results)


def seated(owner, rng: random.Random, rec: dict) -> dict:
    rec["players"] = rng.sample(POOL[: max(len(rec["players"]), 8)], len(rec["players"]))
    return import_record(owner=owner, record=rec)


@pytest.mark.slow
@settings(
    max_examples=12,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # shrinking a list of whole games takes too long
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    games=st.lists(records(), min_size=1, max_size=10),
    seed=st.integers(0, 2**32),
    shown=st.sampled_from([1, 3, 60]),
)
def test_stored_figures_match_the_python_computation(user, monkeypatch, games, seed, shown):
    monkeypatch.setattr(stats, "CHART_GAMES", shown)
    rng = random.Random(seed)
    sessions = [seated(user, rng, rec) for rec in games]
    for session in rng.sample(sessions, len(sessions) // 3):
        trash_session(session=session)
    players = list(Player.objects.filter(owner=user))
    for player in players:
        check(player)
    # The games change: figures stored at older versions are worked out again.
    for session in sessions:
        session.refresh_from_db()
        if not session.in_trash and session.rounds.exists() and rng.random() < 0.5:
            services.delete_last_round(session=session, key="")
    for player in players:
        check(player)


def test_figures_follow_every_change(user):
    kim = lambda: Player.objects.get(owner=user, name="Kim")  # noqa: E731
    first = record(user, "bugger-bridge", ["Kim", "Lee", "Max"], [{"bids": [1, 0, 0], "tricks": [1, 0, 0]}])
    check(kim())
    services.save_round(session=first, number=2, data={"bids": [2, 0, 0], "tricks": [1, 1, 0]}, key="")
    check(kim())
    services.end_early(session=GameSession.objects.get(pk=first.pk), key="")
    check(kim())
    second = record(
        user, "call-bridge", ["Kim", "Lee", "Max", "Ned"], [{"bids": [4, 3, 3, 2], "tricks": [4, 3, 3, 3]}]
    )
    check(kim())
    trash_session(session=second)
    check(kim())
    assert cached_player_stats(kim()).games[0].played == 1
    # A merge brings the other player's games; the figures follow it.
    record(user, "bugger-bridge", ["Kimberly", "Lee", "Max"], [{"bids": [0, 1, 0], "tricks": [0, 1, 0]}])
    before = cached_player_stats(kim()).games[0].played
    merge_players(source=Player.objects.get(owner=user, name="Kimberly"), target=kim())
    assert cached_player_stats(kim()).games[0].played == before + 1
    check(kim())


def test_player_page_queries_do_not_grow_with_games(user, client):
    client.force_login(user)
    record(user, "bugger-bridge", ["Kim", "Lee", "Max"], [{"bids": [1, 0, 0], "tricks": [1, 0, 0]}])
    kim = Player.objects.get(owner=user, name="Kim")
    url = reverse("games:player", args=[kim.pk])

    def queries() -> tuple[int, int]:
        """The page's queries drawn with its figures read from the cache (an address with a query string
        the page does not read is never kept), and served whole from the cache."""
        client.get(url)  # fills the cache: the figures and the page are read from it after
        counts = []
        for address in (url + "?drawn", url):
            with CaptureQueriesContext(connection) as ctx:
                assert client.get(address).status_code == 200
            counts.append(len(ctx.captured_queries))
        return counts[0], counts[1]

    few = queries()
    for _ in range(5):
        record(
            user,
            "call-bridge",
            ["Kim", "Lee", "Max", "Ned"],
            [{"bids": [4, 3, 3, 2], "tricks": [4, 3, 3, 3]}],
        )
    # Drawn: 1 django session, 2 user, 3 the owner's players (the page's key, and the player with the
    # key of the figures, which are then in the cache, in memory), 4 merges to undo, 5-6 the players to
    # merge with (any, then all). Served from the cache: the first three.
    assert few == queries() == (6, 3)
