"""CSV exports read back with Python's csv module give the sheet's own figures."""

from __future__ import annotations

import csv
import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import services
from games.backup.trash import trash_session
from tests.test_history_helpers import MINIBRIDGE_ROUNDS

pytestmark = pytest.mark.django_db

DEAL = {"bids": [4, 3, 3, 2], "tricks": [4, 3, 3, 3]}


def read_csv(response) -> list[dict]:
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].startswith("attachment;")
    raw = response.content
    assert raw.startswith(b"\xef\xbb\xbf")  # the BOM: Excel then reads UTF-8
    return list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"))))


def test_history_csv_has_one_row_per_game_with_the_sheets_totals(table, make_session):
    done = make_session("call-bridge", players=["Zoë", "Bob", "Cat", "Dan"], rounds=[DEAL] * 8, target=30)
    going = make_session("call-bridge", players=["Ann", "=SUM(A1)", "Cat", "Dan"], rounds=[DEAL])
    gone = make_session("call-bridge", players=["Ann", "Bob", "Cat", "Dan"], rounds=[DEAL])
    trash_session(session=gone)
    rows = read_csv(table.get(reverse("games:history-csv")))
    assert [r["Status"] for r in rows] == ["in progress", "finished"]  # newest first, the Trash left out
    for row, session in zip(rows, [going, done], strict=True):
        state = services.load_game(session).state
        totals = state.totals if state.finished else state.rounds[-1].totals
        assert [int(row[f"Total {n}"]) for n in range(1, 5)] == totals
    assert rows[1]["Winners"] == "Zoë" and rows[1]["Finished"] == "yes" and rows[1]["Game"] == "Call Bridge"
    assert rows[1]["Player 1"] == "Zoë" and rows[1]["Total 1"] == "32"
    # A name a spreadsheet would run as a formula is written as text.
    assert rows[0]["Player 2"] == "'=SUM(A1)"
    assert rows[0]["Date"][:4].isdigit() and rows[0]["Date"][4] == "-"


def test_history_csv_follows_the_filters(table, make_session):
    make_session("call-bridge", players=["Ann", "Bob", "Cat", "Dan"], rounds=[DEAL])
    make_session("bugger-bridge", players=["Ann", "Bob", "Cat"], rounds=[], hook=False)
    rows = read_csv(table.get(reverse("games:history-csv") + "?game=bugger-bridge"))
    assert [r["Game"] for r in rows] == ["Bugger Bridge"]
    assert rows[0]["Total 1"] == ""  # no round yet: no total


def test_history_csv_costs_the_same_queries_for_more_games(table, make_session):
    make_session("call-bridge", players=["Ann", "Bob", "Cat", "Dan"], rounds=[DEAL])
    with CaptureQueriesContext(connection) as one:
        table.get(reverse("games:history-csv"))
    for _ in range(5):
        make_session("call-bridge", players=["Ann", "Bob", "Cat", "Dan"], rounds=[DEAL] * 2)
    with CaptureQueriesContext(connection) as six:
        table.get(reverse("games:history-csv"))
    # The Django session and the user; the games; their seats with players; each seat's total.
    assert len(one) == len(six) == 5


def test_game_csv_one_row_per_round_and_player(table, make_session):
    session = make_session(
        "bugger-bridge",
        players=["Ann", "Bob", "Cat"],
        hook=False,
        rounds=[{"bids": [1, 0, 0], "tricks": [1, 0, 0]}, {"bids": [1, 1, 0], "tricks": [0, 2, 0]}],
    )
    loaded = services.load_game(session)
    rows = read_csv(table.get(reverse("games:game-csv", args=[session.pk])))
    assert list(rows[0]) == ["Round", "Label", "Dealer", "Seat", "Player", "Bid", "Tricks", "Points", "Total"]
    assert len(rows) == 2 * 3
    for row in rows:
        r = loaded.state.rounds[int(row["Round"]) - 1]
        seat = int(row["Seat"]) - 1
        assert row["Player"] == loaded.names[seat]
        assert int(row["Points"]) == r.points[seat]
        assert int(row["Total"]) == r.totals[seat]
        assert int(row["Bid"]) == r.data["bids"][seat] and int(row["Tricks"]) == r.data["tricks"][seat]


def test_game_csv_of_minibridge_names_the_contract(table, make_session):
    session = make_session(
        "minibridge",
        players=["Nora", "Eli", "Sam", "Wyn"],
        deals=2,
        rounds=MINIBRIDGE_ROUNDS[:2],
    )
    rows = read_csv(table.get(reverse("games:game-csv", args=[session.pk])))
    assert "High-card points" in rows[0] and "Bid" not in rows[0]
    assert {r["Contract"] for r in rows if r["Round"] == "1"} == {"redeal"}
    deal = [r for r in rows if r["Round"] == "2"]
    assert {r["Contract"] for r in deal} == {"game in no trumps"}
    totals = services.load_game(session).state.rounds[1].totals
    assert [int(r["Total"]) for r in deal] == totals


def test_csv_is_the_owners_only(client, other_user, make_session):
    session = make_session("call-bridge", players=["Ann", "Bob", "Cat", "Dan"], rounds=[DEAL])
    assert client.get(reverse("games:game-csv", args=[session.pk])).status_code == 302
    client.force_login(other_user)
    assert client.get(reverse("games:game-csv", args=[session.pk])).status_code == 404
    assert read_csv(client.get(reverse("games:history-csv"))) == []
