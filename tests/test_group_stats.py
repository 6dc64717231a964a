"""Standings, head-to-head, records and streaks against figures worked out by hand.

The fixture: four Call Bridge games of Ann, Bob, Cat and Dan (target 10), in this order.

A  3 deals, bids 4 3 3 2, tricks 4 3 3 3 each deal (Dan made his 2 with one over: not exact).
   Totals 12 9 9 6: Ann reaches the target and wins. Places 1, 2, 2, 4 (Bob and Cat level).
B  2 deals, bids 4 4 2 2, tricks 4 4 2 3; ended early at 8 8 4 4: a tie, Ann and Bob share
   the win. Places 1, 1, 3, 3.
C  1 deal with "Danny", bids 2 2 2 5, tricks 1 2 2 8: Ann -2, Bob 2, Cat 2, Danny 5; ended
   early, Danny wins. Places Ann 4, Bob 2, Cat 2, Danny 1. Danny is then merged into Dan.
D  in progress (does not count); E  finished but in the Trash (does not count).

By hand, all time:
         games wins  win rate  places  avg place  exact bids
  Ann      3    2      67%     1 1 4     2.00     3+2+0 of 3+2+1 = 5/6 = 83%
  Bob      3    1      33%     2 1 2     1.67     6/6 = 100%
  Cat      3    0       0%     2 3 2     2.33     6/6 = 100%
  Dan      3    1      33%     4 3 1     2.67     0/6 = 0%
Records: highest total 12 (Ann, A); lowest -2 (Ann, C); biggest round 5 (Dan, C);
longest winning run 2 (Ann, A and B); most exact bids in a row 3 (Ann in A, the first).
Head-to-head Ann and Bob: 3 games; Ann ahead in A, level in B, Bob ahead in C.
"""

from __future__ import annotations

import datetime
from functools import partial

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games import services
from games.accounts.players import merge_players
from games.backup.trash import trash_session
from games.figures.group_stats import Period, counted_games, finishes, head_to_head, records, standings
from games.models import GameSession, Player
from tests.test_history_helpers import ELIMINATION_ROUNDS, MINIBRIDGE_ROUNDS

pytestmark = pytest.mark.django_db

A_DEAL = {"bids": [4, 3, 3, 2], "tricks": [4, 3, 3, 3]}
B_DEAL = {"bids": [4, 4, 2, 2], "tricks": [4, 4, 2, 3]}
C_DEAL = {"bids": [2, 2, 2, 5], "tricks": [1, 2, 2, 8]}
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def ended_early(session):
    services.end_early(session=session, key="")
    session.refresh_from_db()
    return session


@pytest.fixture
def group(make_session, user):
    call = partial(make_session, "call-bridge", target=10)
    a = call(players=PLAYERS, rounds=[A_DEAL] * 3)
    b = ended_early(call(players=PLAYERS, rounds=[B_DEAL] * 2))
    c = ended_early(call(players=["Ann", "Bob", "Cat", "Danny"], rounds=[C_DEAL]))
    d = call(players=PLAYERS, rounds=[A_DEAL])  # in progress
    # A bonus bid of 12 made: 13 points, the target reached, Dan wins; then the game goes to the Trash.
    e = call(players=PLAYERS, rounds=[{"bids": [2, 2, 2, 12], "tricks": [0, 0, 0, 13]}])
    trash_session(session=e)
    merge_players(
        source=Player.objects.get(owner=user, name="Danny"), target=Player.objects.get(owner=user, name="Dan")
    )
    return {"a": a, "b": b, "c": c, "d": d, "e": e}


def player(user, name):
    return Player.objects.get(owner=user, name=name)


def table_of(user, period=None, **kwargs):
    games = counted_games(user, "call-bridge", period or Period())
    return standings(finishes(games), "call-bridge", **kwargs)


def test_the_fixture_is_what_the_docstring_says(group):
    assert group["a"].is_finished and not group["a"].finished_early and group["a"].winners == [0]
    assert group["b"].finished_early and group["b"].winners == [0, 1]
    assert group["c"].finished_early and group["c"].winners == [3]
    assert not group["d"].is_finished


@pytest.mark.usefixtures("group")
def test_standings_by_hand(user):
    table = table_of(user)
    assert table.games == 3
    rows = [
        (s.name, s.games, s.wins, round(s.win_rate, 2), round(s.average_place, 2), s.exact, s.bids)
        for s in table.ranked
    ]
    assert rows == [
        ("Ann", 3, 2, 0.67, 2.0, 5, 6),
        ("Bob", 3, 1, 0.33, 1.67, 6, 6),
        ("Dan", 3, 1, 0.33, 2.67, 0, 6),  # Danny's game counts for Dan after the merge
        ("Cat", 3, 0, 0.0, 2.33, 6, 6),
    ]
    assert table.few == []


@pytest.mark.usefixtures("group")
@pytest.mark.parametrize(
    ("sort", "order"),
    [
        ("place", ["Bob", "Ann", "Cat", "Dan"]),
        ("exact", ["Bob", "Cat", "Ann", "Dan"]),  # Bob and Cat both 100%: the better win rate first
        ("name", ["Ann", "Bob", "Cat", "Dan"]),
        ("wins", ["Ann", "Bob", "Dan", "Cat"]),
    ],
)
def test_sorting(user, sort, order):
    assert [s.name for s in table_of(user, sort=sort).ranked] == order


@pytest.mark.usefixtures("group")
def test_players_under_the_minimum_are_set_apart(user, make_session):
    make_session("call-bridge", players=["Ann", "Bob", "Cat", "Eve"], rounds=[A_DEAL] * 3, target=10)
    table = table_of(user, minimum=2)
    assert [s.name for s in table.few] == ["Eve"]
    assert "Eve" not in [s.name for s in table.ranked]


def test_period(group, user):
    last_year = timezone.now() - datetime.timedelta(days=400)
    GameSession.objects.filter(pk=group["a"].pk).update(created=last_year)
    today = timezone.localdate()
    this_year = table_of(user, Period.named("year", today))
    assert this_year.games == 2
    assert {s.name: s.wins for s in this_year.ranked} == {"Ann": 1, "Bob": 1, "Dan": 1, "Cat": 0}
    day = timezone.localtime(last_year).date()
    assert table_of(user, Period.named("dates", today, day, day)).games == 1


def test_records_by_hand(group, user):
    games = counted_games(user, "call-bridge", Period())
    found = records(games, finishes(games), "call-bridge")
    a, b, c = group["a"].pk, group["b"].pk, group["c"].pk
    assert (found.highest.name, found.highest.value, found.highest.session_id) == ("Ann", 12, a)
    assert (found.lowest.name, found.lowest.value, found.lowest.session_id) == ("Ann", -2, c)
    assert (found.biggest_round.name, found.biggest_round.value, found.biggest_round.session_id) == (
        "Dan",
        5,
        c,
    )
    assert (found.winning_run.name, found.winning_run.value, found.winning_run.session_id) == ("Ann", 2, b)
    assert (found.exact_run.name, found.exact_run.value, found.exact_run.session_id) == ("Ann", 3, a)


def test_head_to_head_by_hand(group, user):
    result = head_to_head(user, player(user, "Ann"), player(user, "Bob"), Period())
    [line] = result.lines
    assert (line.game, line.games, line.first_ahead, line.second_ahead, line.level) == (
        "call-bridge",
        3,
        1,
        1,
        1,
    )
    assert [(m.session_id, m.ahead) for m in result.meetings] == [
        (group["c"].pk, 2),
        (group["b"].pk, None),
        (group["a"].pk, 1),
    ]
    # Dan and Cat: A (Cat 2nd, Dan 4th), B (3rd and 3rd), C (Dan, as Danny, 1st).
    dan_cat = head_to_head(user, player(user, "Dan"), player(user, "Cat"), Period()).lines[0]
    assert (dan_cat.first_ahead, dan_cat.second_ahead, dan_cat.level) == (1, 1, 1)


def test_elimination_places_by_how_long_each_lasted(make_session, user):
    # Pia misses in hand 1 (out); Ned and Ola miss in hand 2; Mo wins: places 1, 2, 2, 4.
    make_session(
        "mormon-bridge",
        players=["Mo", "Ned", "Ola", "Pia"],
        mode="elimination",
        rounds=ELIMINATION_ROUNDS,
    )
    done = finishes(counted_games(user, "mormon-bridge", Period()))
    assert {f.name: (f.place, f.won) for f in done} == {
        "Mo": (1, True),
        "Ned": (2, False),
        "Ola": (2, False),
        "Pia": (4, False),
    }


def test_minibridge_partners_share_a_place_and_are_level(make_session, user):
    # 20:20 redeal; N-S make 3NT with 10 tricks (430); E-W go one down in 4H (50 to N-S): N-S 480.
    make_session("minibridge", players=["Nora", "Eli", "Sam", "Wyn"], deals=2, rounds=MINIBRIDGE_ROUNDS)
    done = finishes(counted_games(user, "minibridge", Period()))
    assert {f.name: (f.place, f.total) for f in done} == {
        "Nora": (1, 480),
        "Sam": (1, 480),
        "Eli": (3, 0),
        "Wyn": (3, 0),
    }
    line = head_to_head(user, player(user, "Nora"), player(user, "Sam"), Period()).lines[0]
    assert (line.games, line.level) == (1, 1)
    table = standings(done, "minibridge")
    assert not table.bids  # no exact-bid column: Minibridge has no bids of a player's own


@pytest.mark.usefixtures("group")
def test_standings_page_and_its_query_count_does_not_grow_with_games(table, make_session):
    url = reverse("games:standings") + "?game=call-bridge&period=all&minimum=1"
    with CaptureQueriesContext(connection) as few:
        response = table.get(url)
    assert response.status_code == 200
    for _ in range(6):
        make_session("call-bridge", players=PLAYERS, rounds=[A_DEAL] * 3, target=10)
    with CaptureQueriesContext(connection) as many:
        again = table.get(url)
    assert again.status_code == 200
    # The Django session and the user, the seats of the games that count, each seat's figures
    # (total, went out, bids), the biggest round, and the exact bids for the longest run.
    assert len(few) == len(many) == 6


def test_standings_page_shows_the_figures_and_links(group, table):
    page = table.get(reverse("games:standings") + "?game=call-bridge&minimum=1").content.decode()
    assert "67%" in page and "2.00" in page and "83%" in page
    assert reverse("games:summary", args=[group["a"].pk]) in page  # a record links to its game
    assert "?game=call-bridge&amp;minimum=1&amp;sort=place" in page  # sorting is a plain link
    assert reverse("games:player", args=[player(group["a"].owner, "Ann").pk]) in page


@pytest.mark.usefixtures("group")
def test_a_bad_filter_is_named_not_a_500(table):
    response = table.get(reverse("games:standings") + "?minimum=zero&since=2026-02-30")
    assert response.status_code == 400
    assert "Enter a whole number." in response.content.decode()


def test_head_to_head_page(group, table, user):
    ann, bob = player(user, "Ann"), player(user, "Bob")
    page = table.get(reverse("games:head-to-head") + f"?first={ann.pk}&second={bob.pk}").content.decode()
    assert "3 finished games together" in page
    assert reverse("games:summary", args=[group["c"].pk]) in page
    same = table.get(reverse("games:head-to-head") + f"?first={ann.pk}&second={ann.pk}")
    assert same.status_code == 400 and "Choose two different players." in same.content.decode()


@pytest.mark.usefixtures("group")
def test_pages_need_the_owner(client, other_user):
    assert client.get(reverse("games:standings")).status_code == 302
    client.force_login(other_user)
    page = client.get(reverse("games:standings") + "?game=call-bridge").content.decode()
    assert "Ann" not in page


@pytest.mark.usefixtures("group")
def test_links_to_standings(table, user):
    assert reverse("games:standings") in table.get(reverse("games:home")).content.decode()
    assert reverse("games:standings") in table.get(reverse("games:history")).content.decode()
    assert (
        reverse("games:standings")
        in table.get(reverse("games:player", args=[player(user, "Ann").pk])).content.decode()
    )
