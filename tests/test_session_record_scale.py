"""A long game imports in a fixed number of queries, and quickly."""

from __future__ import annotations

import time

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.backup.session_record import MAX_ROUNDS, export_session, import_record
from games.models import Entry, Round
from games.rules import RuleError
from tests.test_session_record import NAMES, record

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

# Deals that never give one player the lead at a high target: the game goes on.
DEALS = [
    {"bids": [2, 2, 2, 2], "tricks": [4, 3, 3, 3]},
    {"bids": [3, 2, 8, 2], "tricks": [3, 2, 8, 0], "trump": "spades"},
    {"bids": [2, 3, 2, 8], "tricks": [0, 3, 2, 8]},
]


def call_bridge(rounds: int) -> dict:
    deals = [DEALS[i % len(DEALS)] for i in range(rounds)]
    return record("call-bridge", NAMES[:4], deals, options={"target": 1_000_000})


@pytest.fixture
def owner(django_user_model):
    return django_user_model.objects.create_user("owner")


def test_import_queries_do_not_grow_with_rounds(owner, django_user_model, django_assert_max_num_queries):
    other = django_user_model.objects.create_user("other")  # new players for both imports
    with CaptureQueriesContext(connection) as short:
        import_record(owner=other, record=call_bridge(10))
    # 1 SAVEPOINT (the import's transaction, nested in the test's)
    # 2 INSERT the session
    # 3 SELECT the owner's players by name
    # 4 INSERT the new players (a second import finds them all and skips 4 and 5)
    # 5 SELECT the players again, with their ids
    # 6 INSERT the seats
    # 7 INSERT the rounds (one statement returning their ids)
    # 8 INSERT the entries
    # 9 RELEASE SAVEPOINT
    with django_assert_max_num_queries(9) as long:
        session = import_record(owner=owner, record=call_bridge(MAX_ROUNDS))
    assert len(long.captured_queries) == len(short.captured_queries) == 9
    assert Round.objects.filter(session=session).count() == MAX_ROUNDS
    assert Entry.objects.filter(round__session=session).count() == 4 * MAX_ROUNDS


def test_long_game_imports_and_exports_fast(owner):
    rec = call_bridge(MAX_ROUNDS)

    # Import and export grow with the rounds, no faster: 300 rounds cost at most twice the CPU per
    # round of 10 (measured in turn, fastest of three; no absolute time: house rule 5).
    def cost(rounds: int) -> tuple[float, float]:
        record = call_bridge(rounds)
        started = time.process_time()
        session = import_record(owner=owner, record=record)
        imported = time.process_time()
        export_session(session)
        return imported - started, time.process_time() - imported

    short = [cost(10) for _ in range(3)]
    long = [cost(MAX_ROUNDS) for _ in range(3)]
    per_round = MAX_ROUNDS / 10
    assert min(t[0] for t in long) < 2 * per_round * min(t[0] for t in short), (short, long)
    assert min(t[1] for t in long) < 2 * per_round * min(t[1] for t in short), (short, long)
    session = import_record(owner=owner, record=rec)
    out = export_session(session)
    assert len(out["rounds"]) == MAX_ROUNDS
    # Every third deal: +2 each; +3 +2 +13 -2; -2 +3 +2 +13.
    assert out["rounds"][2]["totals"] == [3, 7, 17, 13]
    # 300 deals (MAX_ROUNDS): 100 of each kind.
    assert MAX_ROUNDS == 300
    assert out["result"]["totals"] == [
        100 * (2 + 3 - 2),
        100 * (2 + 2 + 3),
        100 * (2 + 13 + 2),
        100 * (2 - 2 + 13),
    ]


def test_a_game_at_the_table_stops_where_a_record_would(owner):
    session = import_record(owner=owner, record=call_bridge(MAX_ROUNDS))
    with pytest.raises(
        RuleError, match=f"A game can hold {MAX_ROUNDS} deals: end this one and start another."
    ):
        services.save_round(session=session, number=MAX_ROUNDS + 1, data=DEALS[0], key="")
    assert Round.objects.filter(session=session).count() == MAX_ROUNDS
