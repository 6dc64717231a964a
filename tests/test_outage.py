"""The database out of reach (PostgreSQL stopped, a SQLite lock held long): the app's own 503, never a 500.

The page is drawn without the database, in the visitor's language (cookie or browser), with
Retry-After; a write answered so stores nothing, and the same write sent again once the
database is back is stored once (static/js/app.js resends it: tests/browser/test_outage.py).
"""

from __future__ import annotations

import sqlite3

import pytest
from django.db import connection
from django.urls import reverse

from games.models import Round

from .conftest import TableClient
from .helpers import action, body, database_out_of_reach, url

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def phone(user) -> TableClient:
    """A logged-in phone whose errors come back as responses (as a browser sees them), not raised."""
    client = TableClient(raise_request_exception=False)
    client.force_login(user)
    return client


def is_the_apps_503(response) -> bool:
    return (
        response.status_code == 503
        and response["Retry-After"] == "30"
        and "no-store" in response["Cache-Control"]
        and 'data-testid="outage"' in body(response)
        and "/static/css/app." in body(response)  # app.css, under its collected (hashed) name
    )


def test_a_page_while_the_database_is_out_of_reach_is_the_apps_503(phone, make_game):
    session = make_game(players=("Ann", "Ben", "Cat"))
    with database_out_of_reach():
        response = phone.get(url("sheet", session))
    assert is_the_apps_503(response)
    text = body(response)
    assert "Back in a moment" in text and "Server Error" not in text
    assert '<meta http-equiv="refresh" content="30">' in text and f'href="{url("sheet", session)}"' in text


@pytest.mark.parametrize("how", ["cookie", "browser"])
def test_the_503_speaks_the_visitors_language(phone, make_game, how):
    session = make_game(players=("Ann", "Ben", "Cat"))
    if how == "cookie":
        phone.cookies["django_language"] = "fr"
        headers = {"Accept-Language": "en"}
    else:
        headers = {"Accept-Language": "fr-FR,fr;q=0.9"}
    with database_out_of_reach():
        response = phone.get(url("sheet", session), headers=headers)
    assert is_the_apps_503(response)
    assert '<html lang="fr">' in body(response) and "De retour dans un instant" in body(response)


def test_a_write_while_the_database_is_out_of_reach_is_stored_once_when_it_is_back(phone, make_game):
    session = make_game(players=("Ann", "Ben", "Cat"))
    post = {"bid_0": "1", "bid_1": "0", "bid_2": "1", "version": str(session.version), "key": "resent-later"}
    phone.token()  # the page the phone has: drawn before the database went away
    with database_out_of_reach():
        refused = phone.send(action(session, 1, "bids"), post, htmx=True)
    assert is_the_apps_503(refused)
    assert not Round.objects.exists()
    for _ in range(2):  # the phone's resend once the database is back, and once more (a double tap)
        again = phone.send(action(session, 1, "bids"), post, htmx=True)
        assert again.status_code == 200 and "scorekeeper:saved" in again["HX-Trigger"]
    assert [e.bid for e in Round.objects.get(session=session, number=1).entries.order_by("position")] == [
        1,
        0,
        1,
    ]


def test_logging_in_while_the_database_is_out_of_reach_answers_503():
    anonymous = TableClient(raise_request_exception=False)
    token = anonymous.token()
    with database_out_of_reach():
        assert anonymous.get(reverse("login")).status_code == 200  # the form needs no database
        response = anonymous.post(
            reverse("login"), {"username": "ann", "password": "table-talk"}, headers={"X-CSRFToken": token}
        )
    assert is_the_apps_503(response)


def test_any_other_error_is_still_a_500(phone, monkeypatch):
    """Only the database being out of reach is a 503: a bug is not told to "try again"."""

    def broken(*args, **kwargs):
        raise ValueError("a bug")

    monkeypatch.setattr("games.views.home.render", broken)
    response = phone.get(reverse("games:home"))
    assert response.status_code == 500 and "Retry-After" not in response


@pytest.mark.skipif(
    connection.vendor != "sqlite", reason="a SQLite write lock: the PostgreSQL leg has no such lock"
)
def test_a_sqlite_lock_held_long_answers_503_and_the_write_is_stored_once_after(phone, make_game):
    session = make_game(players=("Ann", "Ben", "Cat"))
    post = {"bid_0": "1", "bid_1": "0", "bid_2": "1", "version": str(session.version), "key": "locked-out"}
    phone.token()
    holder = sqlite3.connect(connection.settings_dict["NAME"], isolation_level=None)
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA busy_timeout = 200")  # the server waits 20 s; the test 0.2 s
    try:
        holder.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        refused = phone.send(action(session, 1, "bids"), post, htmx=True)
        assert is_the_apps_503(refused), refused.status_code
        assert "database is locked" not in body(refused)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    again = phone.send(action(session, 1, "bids"), post, htmx=True)
    assert "scorekeeper:saved" in again["HX-Trigger"]
    assert Round.objects.filter(session=session).count() == 1
