"""Past sessions: the list and its filters, a session's summary page with its chart, deleting a session."""

from __future__ import annotations

import datetime
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games.models import Entry, GameSession, Player, Round, Seat

from .conftest import TableClient
from .helpers import cpu_share
from .test_history_helpers import CALL_DEAL, NAMES, bugger_rounds, every_game, record

pytestmark = pytest.mark.django_db

HISTORY = reverse("games:history")


def ids_on(page_html: str) -> list[int]:
    """Session ids in the order the list shows them (from their summary links)."""
    return [int(pk) for pk in re.findall(r'href="/games/(\d+)/summary/"', page_html)]


def set_created(session, when):
    GameSession.objects.filter(pk=session.pk).update(created=when)


# -- the list -------------------------------------------------------------------------------


def test_list_shows_own_sessions_newest_first_with_players_winner_and_status(table, user, other_user):
    old = record(user, "bugger-bridge", NAMES["bugger-bridge"], bugger_rounds())
    new = record(user, "call-bridge", NAMES["call-bridge"], [CALL_DEAL] * 3)
    theirs = record(other_user, "bugger-bridge", ["Xena", "Yuri", "Zed"], [])
    set_created(old, timezone.now() - datetime.timedelta(days=2))
    response = table.get(HISTORY)
    assert response.status_code == 200
    body = response.content.decode()
    assert ids_on(body) == [new.pk, old.pk]
    assert theirs.pk not in ids_on(body) and "Xena" not in body
    assert "★ Bob" in body  # the winner
    assert "In progress" in body and "Finished" in body
    assert "2 games" in body


def test_in_progress_games_resume_from_the_list(table, user):
    game = record(user, "bugger-bridge", NAMES["bugger-bridge"], bugger_rounds(3))
    body = table.get(HISTORY).content.decode()
    assert f'href="{reverse("games:sheet", args=[game.pk])}"' in body
    assert "Resume" in body
    # And the sheet it links to opens.
    assert table.get(reverse("games:sheet", args=[game.pk])).status_code == 200


def test_filters_by_game_player_status_and_dates(table, user):
    games = every_game(user)
    unfinished = record(user, "bugger-bridge", ["Bob", "Ivy", "Jo"], bugger_rounds(2, players=3))
    now = timezone.now()
    set_created(games["bugger-bridge"], now - datetime.timedelta(days=10))
    set_created(games["call-bridge"], now - datetime.timedelta(days=5))

    def shown(**params):
        response = table.get(HISTORY, params)
        assert response.status_code == 200, response.content.decode()[:500]
        return set(ids_on(response.content.decode()))

    assert shown(game="bugger-bridge") == {games["bugger-bridge"].pk, unfinished.pk}
    assert shown(game="mormon-bridge") == {games["mormon-bridge"].pk, games["mormon-elimination"].pk}
    bob = Player.objects.get(owner=user, name="Bob")
    assert shown(player=bob.pk) == {games["bugger-bridge"].pk, unfinished.pk}
    assert shown(player=bob.pk, status="in_progress") == {unfinished.pk}
    assert shown(status="finished") == {s.pk for s in games.values()}
    today = timezone.localdate()
    assert shown(until=(today - datetime.timedelta(days=4)).isoformat()) == {
        games["bugger-bridge"].pk,
        games["call-bridge"].pk,
    }
    assert shown(
        since=(today - datetime.timedelta(days=6)).isoformat(),
        until=(today - datetime.timedelta(days=4)).isoformat(),
    ) == {games["call-bridge"].pk}
    assert games["call-bridge"].pk not in shown(since=today.isoformat())


@pytest.mark.parametrize(
    "params",
    [
        {"game": "poker"},
        {"status": "lost"},
        {"player": "99999"},
        {"player": "Bob"},
        {"since": "yesterday"},
        {"until": "2026-02-31"},
        {"since": "2026-05-02", "until": "2026-05-01"},
        {"page": "abc"},
        {"page": "99999"},
        {"page": "-1"},
        {"game": "x" * 5000},
    ],
)
def test_bad_filters_never_fail(table, user, params):
    record(user, "bugger-bridge", NAMES["bugger-bridge"], bugger_rounds(1))
    response = table.get(HISTORY, params)
    assert response.status_code in (200, 400)
    body = response.content.decode()
    assert "Past games" in body
    if "page" not in params:
        assert response.status_code == 400
        assert 'class="error"' in body


@pytest.mark.usefixtures("user")
def test_another_users_player_is_not_a_filter(table, other_user):
    record(other_user, "bugger-bridge", ["Xena", "Yuri", "Zed"], bugger_rounds(1, players=3))
    xena = Player.objects.get(owner=other_user, name="Xena")
    response = table.get(HISTORY, {"player": xena.pk})
    assert response.status_code == 400
    assert "not one of yours" in response.content.decode()
    assert ids_on(response.content.decode()) == []


def test_pages_keep_the_filters_and_hold_twenty(table, user):
    sessions = [record(user, "bugger-bridge", ["Al", "Bea", "Cy"], []) for _ in range(25)]
    record(user, "call-bridge", NAMES["call-bridge"], [])
    first = table.get(HISTORY, {"game": "bugger-bridge"}).content.decode()
    assert len(ids_on(first)) == 20
    assert "page=2" in first and "game=bugger-bridge" in first
    second = table.get(HISTORY, {"game": "bugger-bridge", "page": 2}).content.decode()
    assert len(ids_on(second)) == 5
    assert set(ids_on(first)) | set(ids_on(second)) == {s.pk for s in sessions}


def list_queries(table, params=None) -> list[str]:
    table.token()
    with CaptureQueriesContext(connection) as ctx:
        response = table.get(HISTORY, params or {})
    assert response.status_code == 200
    return [q["sql"] for q in ctx.captured_queries]


@pytest.mark.parametrize("params", [{}, {"game": "bugger-bridge"}, {"status": "finished"}])
def test_list_queries_do_not_grow_with_the_page(table, user, params):
    record(user, "bugger-bridge", ["Al", "Bea", "Cy"], bugger_rounds(18, players=3))
    few = list_queries(table, params)
    for i in range(30):
        record(user, "bugger-bridge", [f"P{i}", "Bea", "Cy", "Dot"], bugger_rounds(18, players=4))
    many = list_queries(table, params)
    # 1 django session, 2 user, 3 the owner's players (the page's key and the filter's options),
    # 4 the count, 5 the page, 6 its seats with their players (one prefetch for the whole page).
    assert len(few) == len(many) == 6, "\n".join(many)
    # Then served from the cache until a player's game or name changes: the first three.
    assert len(list_queries(table, params)) == 3


def test_player_filter_costs_one_more_query_at_most(table, user):
    record(user, "bugger-bridge", ["Al", "Bea", "Cy"], [])
    al = Player.objects.get(owner=user, name="Al")
    # The chosen player is checked against the user's players: 7 in all.
    assert len(list_queries(table, {"player": al.pk})) == 7


def test_ten_thousand_sessions_list_quickly(table, user):
    """10,000 sessions of 4 seats: the first page, a deep page and a filtered page stay quick."""
    names = [f"Regular {i}" for i in range(8)]
    Player.objects.bulk_create([Player(owner=user, name=n) for n in names])
    players = list(Player.objects.filter(owner=user).order_by("name"))
    start = timezone.now() - datetime.timedelta(days=3650)
    field = GameSession._meta.get_field("created")
    field.auto_now_add = False  # let the test set the dates (restored below)
    try:
        sessions = GameSession.objects.bulk_create(
            [
                GameSession(
                    owner=user,
                    game=("bugger-bridge", "call-bridge", "mormon-bridge")[i % 3],
                    status="finished" if i % 4 else "in_progress",
                    winners=[i % 4] if i % 4 else [],
                    created=start + datetime.timedelta(hours=8 * i),
                )
                for i in range(10_000)
            ],
            batch_size=2000,
        )
    finally:
        field.auto_now_add = True
    Seat.objects.bulk_create(
        [
            Seat(session=s, player=players[(i + k) % 8], position=k)
            for i, s in enumerate(sessions)
            for k in range(4)
        ],
        batch_size=5000,
    )
    table.token()
    # Each view's CPU against the cheapest logged-in page's, measured in turn (house rule 5: no
    # absolute time). Issue 10's goal is half that page's speed, 2x; this guards against growth
    # with the sessions (a page that read every session would cost hundreds of times more).
    shares = {}
    for label, params in {
        "first": "",
        "deep": "?page=400",
        "player": f"?player={players[3].pk}&page=30",
        "game and dates": "?game=call-bridge&since=2020-01-01&until=2030-01-01",
    }.items():
        shares[label], response = cpu_share(table, HISTORY + params)
        assert response.status_code == 200
        assert len(ids_on(response.content.decode())) == 20
    assert "10000 games" in table.get(HISTORY).content.decode()
    assert max(shares.values()) < 30, shares


@pytest.mark.django_db
def test_list_needs_a_login():
    response = TableClient().get(HISTORY)
    assert response.status_code == 302 and "login" in response["Location"]


# -- a session's summary page ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "kind",
    ["bugger-bridge", "call-bridge", "mormon-bridge", "mormon-elimination", "minibridge", "memory-bridge"],
)
def test_summary_of_every_game(table, user, kind):
    session = every_game(user)[kind]
    response = table.get(reverse("games:summary", args=[session.pk]))
    assert response.status_code == 200
    body = response.content.decode()
    for name in NAMES[session.game]:
        assert name in body
    assert reverse("games:print", args=[session.pk]) in body
    assert reverse("games:record-download", args=[session.pk]) in body
    assert reverse("games:delete", args=[session.pk]) in body
    assert "Resume" not in body  # finished
    if kind == "mormon-elimination":
        assert "<svg" not in body  # no points, no chart of totals
    else:
        assert 'role="img"' in body and "<title id=" in body and "<desc id=" in body
        assert "The chart as a table" in body


def test_summary_chart_follows_the_running_totals(table, user):
    # Call Bridge: +4, +3, +3, +2 a deal, so after deal n: 4n, 3n, 3n, 2n.
    session = record(user, "call-bridge", NAMES["call-bridge"], [CALL_DEAL] * 8)
    body = table.get(reverse("games:summary", args=[session.pk])).content.decode()
    table_html = body[body.index("The chart as a table") :]
    rows = re.findall(r'<tr><th scope="row">(\d+)</th>((?:<td>[^<]*</td>)+)</tr>', table_html)
    assert [int(n) for n, _ in rows] == list(range(1, 9))
    for n, cells in rows:
        n = int(n)
        assert re.findall(r"<td>([^<]*)</td>", cells) == [str(4 * n), str(3 * n), str(3 * n), str(2 * n)]
    svg = body[body.index("<svg") : body.index("</svg>")]
    assert svg.count("<polyline") == 4  # one line per player
    assert "Asha 32; Ben 24; Chen 24; Dee 16" in svg  # the description says how it ended


def test_summary_of_a_game_in_progress_links_back_to_its_sheet(table, user):
    session = record(user, "bugger-bridge", NAMES["bugger-bridge"], bugger_rounds(4) + [{"bids": [0] * 5}])
    body = table.get(reverse("games:summary", args=[session.pk])).content.decode()
    assert "Resume the game" in body and reverse("games:sheet", args=[session.pk]) in body
    assert "In progress: 4 of 18 rounds played." in body


def test_summary_of_a_game_without_rounds(table, user):
    session = record(user, "memory-bridge", NAMES["memory-bridge"], [])
    response = table.get(reverse("games:summary", args=[session.pk]))
    assert response.status_code == 200
    assert "Not started" in response.content.decode()
    assert "<svg" not in response.content.decode()


def test_summary_and_print_of_another_users_game_are_404(table, other_user):
    theirs = record(other_user, "bugger-bridge", ["Xena", "Yuri", "Zed"], bugger_rounds(1, players=3))
    for name in ("summary", "print", "delete"):
        assert table.get(reverse(f"games:{name}", args=[theirs.pk])).status_code == 404
    assert table.get(reverse("games:summary", args=[999999])).status_code == 404


# -- deleting ------------------------------------------------------------------------------------


def test_delete_asks_first_then_moves_the_game_to_the_trash_on_post(table, user):
    session = record(user, "bugger-bridge", NAMES["bugger-bridge"], bugger_rounds(3))
    url = reverse("games:delete", args=[session.pk])
    confirm = table.get(url)
    assert confirm.status_code == 200
    assert "Delete this game?" in confirm.content.decode() and "3 rounds recorded" in confirm.content.decode()
    assert GameSession.objects.filter(pk=session.pk).exists()  # asking deletes nothing
    response = table.send(url)
    assert response.status_code == 302 and response["Location"] == HISTORY
    assert not GameSession.objects.live().filter(pk=session.pk).exists()
    # In the Trash, whole: its rounds and entries wait with it (tests/test_trash.py restores them).
    assert GameSession.objects.trashed().filter(pk=session.pk).exists()
    assert Round.objects.filter(session_id=session.pk).count() == 3
    assert Entry.objects.filter(round__session_id=session.pk).count() == 3 * len(NAMES["bugger-bridge"])
    assert Player.objects.filter(owner=user, name="Bob").exists()  # players stay
    assert "is in the Trash" in table.get(HISTORY).content.decode()


def test_delete_needs_post_with_csrf_and_the_owner(table, user, other_user):
    mine = record(user, "bugger-bridge", NAMES["bugger-bridge"], [])
    theirs = record(other_user, "bugger-bridge", ["Xena", "Yuri", "Zed"], [])
    assert table.send(reverse("games:delete", args=[theirs.pk])).status_code == 404
    assert GameSession.objects.filter(pk=theirs.pk).exists()
    # Without the CSRF token the POST is refused.
    assert table.post(reverse("games:delete", args=[mine.pk])).status_code == 403
    put = table.put(reverse("games:delete", args=[mine.pk]), headers={"X-CSRFToken": table.token()})
    assert put.status_code == 405
    assert GameSession.objects.filter(pk=mine.pk).exists()
