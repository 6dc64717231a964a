"""Players: the list, a player's page, renaming, and merging two spellings of one person."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.backup.session_record import export_session
from games.models import Entry, GameSession, Player, Seat

from .conftest import TableClient
from .test_history_helpers import bugger_rounds, record

pytestmark = pytest.mark.django_db


def player(owner, name) -> Player:
    return Player.objects.get(owner=owner, name=name)


def url(name, p, *args):
    return reverse(f"games:{name}", args=[p.pk, *args])


# -- list and page ----------------------------------------------------------------------------


def test_list_shows_own_players_with_their_game_counts(table, user, other_user):
    record(user, "bugger-bridge", ["Ann", "Bo", "Cy"], bugger_rounds(1, players=3))
    record(user, "bugger-bridge", ["Ann", "Bo", "Di"], [])
    record(other_user, "bugger-bridge", ["Xena", "Yuri", "Zed"], [])
    response = table.get(reverse("games:players"))
    assert response.status_code == 200
    body = response.content.decode()
    assert "Ann" in body and "2 games" in body and "1 game" in body
    assert "Xena" not in body


def test_player_page_shows_the_figures_and_a_chart(table, user):
    # Ann bids every trick and makes it in a whole 3-player game (1..8, 8NT twice, 8..1): 18 bids
    # made of 18, and 18 * 10 plus the triangle numbers 1, 3, ..., 36 twice (2 * 120) plus 36 twice
    # more for the no-trump rounds: 180 + 240 + 72 = 492.
    record(user, "bugger-bridge", ["Ann", "Bo", "Cy"], bugger_rounds(18, players=3))
    response = table.get(url("player", player(user, "Ann")))
    assert response.status_code == 200
    body = response.content.decode()
    assert "18 of 18 (100%)" in body
    assert "1 of 1 finished (100%)" in body
    assert "Best game" in body and "Bugger Bridge: won 1 of 1" in body
    assert "492" in body
    assert 'role="img"' in body and "<desc id=" in body and "The chart as a table" in body


AVERAGES = "Average and best score: final totals of finished games."
OVER_UNDER = "Over / under: bids missed by taking fewer / more tricks than bid"
MINIBRIDGE_DEAL = {"hcp": [9, 11, 10, 10], "contract": {"strain": "NT", "game": False}, "tricks": 8}


@pytest.mark.parametrize(
    ("game", "names", "rounds", "options", "explained"),
    [
        # Unfinished: no average, no best score; Bugger Bridge's bids are counted, so over / under is shown.
        ("bugger-bridge", ["Ann", "Bo", "Cy"], bugger_rounds(2, players=3), {}, {OVER_UNDER}),
        ("minibridge", ["Ann", "Bo", "Cy", "Di"], [MINIBRIDGE_DEAL], {"deals": 4}, set()),
        # Finished Minibridge: an average and a best score, but no bids of a player's own.
        ("minibridge", ["Ann", "Bo", "Cy", "Di"], [MINIBRIDGE_DEAL], {"deals": 1}, {AVERAGES}),
        ("bugger-bridge", ["Ann", "Bo", "Cy"], bugger_rounds(18, players=3), {}, {AVERAGES, OVER_UNDER}),
    ],
)
def test_player_page_explains_only_the_figures_it_shows(table, user, game, names, rounds, options, explained):
    record(user, game, names, rounds, options=options)
    body = table.get(url("player", player(user, "Ann"))).content.decode()
    # The figures are there exactly when their explanation is expected, and the page explains nothing else.
    assert ("Average score" in body) == (AVERAGES in explained)
    assert ("Missed: over / under" in body) == (OVER_UNDER in explained)
    assert {text for text in (AVERAGES, OVER_UNDER) if text in body} == explained
    assert '<p class="hint"></p>' not in body


def test_player_pages_of_others_are_404(table, other_user):
    record(other_user, "bugger-bridge", ["Xena", "Yuri", "Zed"], [])
    xena = player(other_user, "Xena")
    assert table.get(url("player", xena)).status_code == 404
    assert table.send(url("player-rename", xena), {"name": "Mine now"}).status_code == 404
    assert table.get(url("player-merge", xena), {"into": xena.pk}).status_code == 404
    assert table.send(url("player-merge", xena), {"into": xena.pk}).status_code == 404
    assert player(other_user, "Xena").name == "Xena"


@pytest.mark.django_db
def test_player_pages_need_a_login(user):
    p = Player.objects.create(owner=user, name="Ann")
    client = TableClient()
    for target in (reverse("games:players"), url("player", p)):
        response = client.get(target)
        assert response.status_code == 302 and "login" in response["Location"]


# -- rename -------------------------------------------------------------------------------------


def test_rename_shows_everywhere(table, user):
    session = record(user, "bugger-bridge", ["Ann", "Bo", "Cy"], bugger_rounds(2, players=3))
    ann = player(user, "Ann")
    response = table.send(url("player-rename", ann), {"name": "  Annie   Smith "})
    assert response.status_code == 302 and response["Location"] == url("player", ann)
    ann.refresh_from_db()
    assert ann.name == "Annie Smith"
    assert export_session(session)["players"][0] == "Annie Smith"
    assert "Annie Smith" in table.get(reverse("games:summary", args=[session.pk])).content.decode()


def test_rename_may_change_only_the_case(table, user):
    ann = Player.objects.create(owner=user, name="ann")
    assert table.send(url("player-rename", ann), {"name": "Ann"}).status_code == 302
    ann.refresh_from_db()
    assert ann.name == "Ann"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "Type the player’s new name."),
        ("   ", "Type the player’s new name."),
        ("x" * 41, "at most 40 characters"),
        (
            "bo",
            "You already have a player called Bo. If they are the same person, merge Ann into Bo instead.",
        ),
    ],
)
def test_rename_refusals_keep_the_input_and_say_why(table, user, name, message):
    Player.objects.create(owner=user, name="Bo")
    ann = Player.objects.create(owner=user, name="Ann")
    response = table.send(url("player-rename", ann), {"name": name})
    assert response.status_code == 400
    body = response.content.decode()
    assert message.replace("'", "&#x27;") in body or message in body
    if name.strip():
        assert f'value="{name}"' in body
    ann.refresh_from_db()
    assert ann.name == "Ann"


def test_rename_is_post_only(table, user):
    ann = Player.objects.create(owner=user, name="Ann")
    assert table.get(url("player-rename", ann)).status_code == 405


# -- merge --------------------------------------------------------------------------------------


def test_merge_asks_first_then_moves_every_game(table, user):
    one = record(user, "bugger-bridge", ["Jon", "Bo", "Cy"], bugger_rounds(3, players=3))
    two = record(user, "bugger-bridge", ["John", "Bo", "Cy"], bugger_rounds(18, players=3))
    jon, john = player(user, "Jon"), player(user, "John")
    confirm = table.get(url("player-merge", jon), {"into": john.pk})
    assert confirm.status_code == 200
    assert "Merge Jon into John?" in confirm.content.decode()
    assert Player.objects.filter(pk=jon.pk).exists()  # asking changes nothing

    response = table.send(url("player-merge", jon), {"into": john.pk})
    assert response.status_code == 302 and response["Location"] == url("player", john)
    assert not Player.objects.filter(pk=jon.pk).exists()
    assert Seat.objects.filter(player=john).count() == 2
    assert Entry.objects.filter(player=john).count() == 3 + 18
    assert Entry.objects.filter(round__session=one, position=0, player=john).count() == 3
    assert export_session(one)["players"] == ["John", "Bo", "Cy"]
    assert export_session(two)["result"]["winners"] == ["John"]
    page = table.get(url("player", john)).content.decode()
    assert "Games played</dt><dd>2</dd>" in page
    assert "21 of 21 (100%)" in page  # every bid of both games, now John's


def test_merge_refuses_two_people_at_one_table(table, user):
    session = record(user, "bugger-bridge", ["Jon", "John", "Cy"], bugger_rounds(2, players=3))
    jon, john = player(user, "Jon"), player(user, "John")
    preview = table.get(url("player-merge", jon), {"into": john.pk})
    assert preview.status_code == 400
    assert "seat one player twice" in preview.content.decode()
    assert "Merge into John" not in preview.content.decode()  # nothing to confirm
    response = table.send(url("player-merge", jon), {"into": john.pk})
    assert response.status_code == 400
    body = response.content.decode()
    assert "Jon and John played in the same game" in body and "seat one player twice" in body
    assert f"(game {session.pk})" in body
    # Nothing moved.
    assert Player.objects.filter(pk=jon.pk).exists()
    assert Seat.objects.filter(player=jon).count() == 1
    assert Entry.objects.filter(player=jon).count() == 2


@pytest.mark.parametrize("into", ["", "abc", "999999", "self", "theirs"])
def test_merge_into_nothing_or_someone_elses_player_is_refused(table, user, other_user, into):
    record(user, "bugger-bridge", ["Jon", "Bo", "Cy"], [])
    record(other_user, "bugger-bridge", ["Xena", "Yuri", "Zed"], [])
    jon = player(user, "Jon")
    value = {"self": jon.pk, "theirs": player(other_user, "Xena").pk}.get(into, into)
    response = table.send(url("player-merge", jon), {"into": value})
    assert response.status_code == 400
    assert 'class="error"' in response.content.decode()
    assert Player.objects.filter(pk=jon.pk).exists()
    assert GameSession.objects.filter(seats__player=jon).count() == 1
