"""scripts/bench's own pieces: its floor views, and that the data it stores in bulk is the app's data.

The benchmark itself runs in CI in smoke mode (.ci/run); these check, in a second, what its
figures stand on: the floor views cost what the README says, and the sessions it writes with
raw inserts read back exactly as the same records imported through import_record.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext, override_settings

from games import services
from games.backup.session_record import export_session, import_record
from games.models import GameSession

pytestmark = pytest.mark.django_db

spec = importlib.util.spec_from_file_location(
    "scripts_bench", Path(__file__).parent.parent / "scripts" / "bench.py"
)
assert spec is not None and spec.loader is not None
bench = sys.modules.setdefault("scripts_bench", importlib.util.module_from_spec(spec))
spec.loader.exec_module(bench)


@override_settings(ROOT_URLCONF="scorekeeper.bench_urls")
def test_floor_views(client, user):
    with CaptureQueriesContext(connection) as ctx:
        bare = client.get("/bench/bare/")
    assert (bare.status_code, bare.content, len(ctx.captured_queries)) == (200, b"ok", 0)
    assert client.get("/bench/floor/").status_code == 302  # to the login page
    client.force_login(user)
    with CaptureQueriesContext(connection) as ctx:
        floor = client.get("/bench/floor/")
    assert floor.status_code == 200
    assert b"csrfmiddlewaretoken" in floor.content
    # The Django session, the user, and the view's own query.
    assert len(ctx.captured_queries) == 3, [q["sql"] for q in ctx.captured_queries]


def test_seating_gives_each_statistics_player_exactly_their_share():
    n = 1000
    seen = dict.fromkeys(bench.STATS_PLAYERS, 0)
    for i in range(n):
        names = bench.seating(i, 4 + i % 3)
        assert len(names) == len(set(names)) == 4 + i % 3
        for name in seen:
            seen[name] += name in names
    assert seen == {name: k * n // 10_000 for name, k in bench.STATS_PLAYERS.items()}


def test_sessions_stored_in_bulk_read_back_as_imported(user, other_user):
    variants = bench.history_variants(random.Random(3))
    bench.store_sessions(user, len(variants), variants)
    stored = list(GameSession.objects.filter(owner=user).order_by("pk"))
    assert len(stored) == len(variants)
    for session, v in zip(stored, variants, strict=True):
        loaded = services.load_game(session)  # the rules replay what was stored
        assert [e.total for e in loaded.entries[len(loaded.rounds)]] == (
            loaded.state.totals or [None] * v.players
        )
        imported = import_record(owner=other_user, record=v.record)
        mine, theirs = export_session(session), export_session(imported)
        for record in (mine, theirs):  # the bench seats other players and dates; the rest is the same
            del record["players"], record["result"]["winners"]
            record.pop("started"), record.pop("ended", None)  # no end while a game goes on
        assert mine == theirs
        assert (session.status, session.winners) == (imported.status, imported.winners)
