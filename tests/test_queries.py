"""Query counts pinned: the sheet and a round save cost the same for any game length or table size."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.registry import get_rules

from .conftest import everyone_makes, sending

pytestmark = pytest.mark.django_db

NAMES = [f"Player {i}" for i in range(10)]


def played(players: int, rounds: int) -> list[dict]:
    schedule = get_rules("bugger-bridge").schedule(players, 0)
    return [
        everyone_makes(players, info.cards, bidder=i % players) for i, info in enumerate(schedule[:rounds])
    ]


def count(fn) -> list[str]:
    with CaptureQueriesContext(connection) as ctx:
        fn()
    return [q["sql"] for q in ctx.captured_queries]


@pytest.mark.parametrize(("players", "rounds"), [(3, 1), (3, 17), (10, 1), (10, 9)])
def test_sheet_page_queries(table, make_game, players, rounds):
    session = make_game(players=NAMES[:players], rounds=played(players, rounds))
    target = reverse("games:sheet", args=[session.pk])
    # 1 session (auth) user, 2 django session, 3 game session (owner check),
    # 4 seats with players, 5 rounds with their entries (one query: one consistent snapshot).
    table.token()
    queries = count(lambda: table.get(target))
    assert len(queries) == 5, queries


@pytest.mark.parametrize(("players", "rounds"), [(3, 0), (3, 16), (10, 0), (10, 8)])
def test_round_save_queries(table, make_game, players, rounds):
    session = make_game(players=NAMES[:players], rounds=played(players, rounds) + [{"bids": [0] * players}])
    info = get_rules("bugger-bridge").schedule(players, 0)[rounds]
    tricks = [0] * players
    tricks[0] = info.cards
    data = {f"tricks_{i}": t for i, t in enumerate(tricks)} | {"save": "1"}
    target = reverse("games:round-action", args=[session.pk, rounds + 1, "tricks"])
    table.token()
    queries = count(sending(table, target, data, htmx=True))
    # Reading: django session, user, game session (owner check), seats, rounds with entries (5).
    # Writing, in one transaction (a savepoint inside the test's own transaction, 2):
    # the session's status and next version, claimed against the version the page named (1), the
    # players' figures' key renewed (1), then this round's update, its entries' and every later
    # round's derived numbers (bulk, 2). The answer is drawn from what was just written: no re-read.
    assert len(queries) == 11, "\n".join(q[:90] for q in queries)


@pytest.mark.parametrize("players", [3, 10])
def test_new_round_queries(table, make_game, players):
    session = make_game(players=NAMES[:players], rounds=played(players, 3))
    target = reverse("games:round-action", args=[session.pk, 4, "bids"])
    bids = {f"bid_{i}": 0 for i in range(players)}
    table.token()
    queries = count(sending(table, target, bids, htmx=True))
    # 5 reads as above; savepoint and release (2); version claimed, figures' key renewed, round
    # insert, entries bulk insert (4).
    assert len(queries) == 11, "\n".join(q[:90] for q in queries)
