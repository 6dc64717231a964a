"""PostgreSQL stopped mid-game: the phone says "not saved yet", pages are the app's 503, and the round is
stored once when the database is back.

This test runs its own throwaway PostgreSQL server (tools/throwaway.py: initdb in a temporary
folder, pg_ctl on a free port of 127.0.0.1, as .ci/run does) and a gunicorn serving the app
against it (tests/servers.py), so it can stop and start the database under a live game. It
needs Debian's postgresql package (scripts/test installs it) and runs in the SQLite leg of the
suite like every browser test: the database it stops is its own.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from types import SimpleNamespace

import pytest
from playwright.sync_api import expect

from tests.servers import PASSWORD, Server, gunicorn, prepare
from tools import throwaway

from .conftest import new_phone

PLAYERS = ["Ann", "Ben", "Cat"]
NOT_SAVED = "Not saved yet"


@pytest.fixture(scope="module")
def postgres() -> Iterator[throwaway.Postgres]:
    try:
        with throwaway.postgres_server() as server:
            yield server
    except throwaway.Missing as missing:
        pytest.fail(f"{missing} Run scripts/test, which installs it.")


@pytest.fixture(scope="module")
def served(postgres, tmp_path_factory) -> Iterator[Server]:
    """gunicorn serving the app (DEBUG off, the real middleware) against the throwaway PostgreSQL."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tests.settings",
        "DATABASE_URL": postgres.url,
        "ALLOWED_HOSTS": "127.0.0.1",
        "WEB_CONCURRENCY": "2",
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    prepare(env)
    with gunicorn(env, tmp_path_factory.mktemp("outage") / "gunicorn.log") as server:
        yield server


def stored(postgres, sql: str) -> list[tuple]:
    import psycopg

    with psycopg.connect(postgres.url) as conn:
        return conn.execute(sql).fetchall()


def test_postgresql_stopped_mid_game_shows_not_saved_yet_and_stores_the_round_once(browser, served, postgres):
    phone = new_phone(browser, SimpleNamespace(url=served.base))
    page = phone.page
    try:
        phone.go("/accounts/login/")
        page.fill("#id_username", "keeper")
        page.fill("#id_password", PASSWORD)
        with phone.loading():
            phone.tap(page.get_by_role("button", name="Log in"))
        phone.go("/games/new/bugger-bridge/")
        for i, name in enumerate(PLAYERS):
            page.fill(f"#id_player_{i}", name)
        page.select_option("#id_first_dealer", "0")  # Ann deals: Ben bids first, then Cat, then Ann
        with phone.loading():
            phone.tap(page.get_by_role("button", name="Start game"))
        sheet = page.url.removeprefix(served.base)
        # Round 1 (one card): Ben 0, Cat 0, Ann 1; the bids are saved as the last one is tapped.
        for seat, bid in ((1, 0), (2, 0), (0, 1)):
            phone.tap(f"label[for=bid-{seat}-{bid}]")
        expect(page.locator("#entry-panel.phase-tricks")).to_be_visible()
        # Ann took none, Ben the trick.
        phone.tap("label[for=tricks-0-0]")
        phone.tap("label[for=tricks-1-1]")
        expect(page.get_by_test_id("tricks-live")).to_contain_text(re.compile(r"1 tricks? placed"))

        postgres.stop()
        with page.expect_response(lambda r: r.request.method == "POST" and r.status == 503):
            phone.tap(page.get_by_role("button", name="Save round 1"))
        note = page.locator("#offline-note")
        expect(note).to_contain_text(NOT_SAVED)
        expect(page.locator("#tricks-0-0")).to_be_checked()
        expect(page.locator("#tricks-1-1")).to_be_checked()
        # The phone sends it again (every 3 s): still 503, still not saved, the taps still kept.
        with page.expect_response(lambda r: r.request.method == "POST" and r.status == 503, timeout=10_000):
            pass
        expect(note).to_contain_text(NOT_SAVED)
        expect(page.locator("#tricks-1-1")).to_be_checked()

        # Any page meanwhile is the app's own 503, not Django's bare "Server Error (500)".
        other = phone.context.new_page()
        answer = other.goto(served.base + sheet)
        assert answer is not None and answer.status == 503 and answer.headers["retry-after"] == "30"
        expect(other.get_by_role("heading", name="Back in a moment")).to_be_visible()
        expect(other.get_by_text("Server Error")).to_have_count(0)
        other.close()

        postgres.start()
        expect(page.locator("#entry-panel h2")).to_contain_text("Round 2 ", timeout=20_000)
        expect(note).to_have_count(0)
        expect(page.locator("#totals td")).to_have_text(["0", "0", "10"])
        rounds = stored(postgres, "SELECT number, complete FROM games_round ORDER BY number")
        assert rounds == [(1, True)]
        kinds = stored(
            postgres,
            "SELECT c->>'kind' FROM games_gamesession, jsonb_array_elements(changes) AS c ORDER BY (c->>'v')::int",
        )
        assert [k for (k,) in kinds] == ["bids", "saved"]  # the round saved once, however often it was sent
        failures = [line for line in phone.server_errors if not line.startswith("503 ")]
        assert failures == [], failures
        assert [e for e in phone.errors if " 503" not in e] == []
        assert phone.outside == []
    finally:
        phone.context.close()
