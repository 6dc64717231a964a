"""The start page tells games in progress apart: each one's round, leader and when it was last played."""

from __future__ import annotations

import re

from django.urls import reverse
from django.utils import timezone

from games.models import GameSession
from games.registry import GAMES
from tests.conftest import everyone_makes
from tests.test_history_helpers import CALL_DEAL, ELIMINATION_ROUNDS, MINIBRIDGE_ROUNDS

HOME = reverse("games:home")


def in_progress(body: str) -> list[str]:
    """Each game in progress, its words squeezed."""
    listed = body.split("<h2>In progress</h2>", 1)[1].split("</section>", 1)[0]
    items = re.findall(r"<li>(.*?)</li>", listed, re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", item).split()) for item in items]


def test_each_game_in_progress_says_its_round_leader_and_last_played(table, make_session):
    make_session("bugger-bridge", players=["Ann", "Ben", "Cat"])
    bugger = make_session(
        "bugger-bridge",
        players=["Dan", "Eve", "Fay"],
        rounds=[everyone_makes(3, c, bidder=1) for c in (1, 2)],
    )
    GameSession.objects.filter(pk=bugger.pk).update(
        last_played=timezone.datetime(2026, 3, 7, 21, 5, tzinfo=timezone.UTC)
    )
    make_session("call-bridge", players=["Asha", "Ben", "Chen", "Dee"], rounds=[CALL_DEAL] * 2, target=30)
    make_session("minibridge", players=["N", "E", "S", "W"], rounds=MINIBRIDGE_ROUNDS[:2], deals=8)
    make_session(
        "mormon-bridge",
        players=["Mo", "Ned", "Ola", "Pia"],
        rounds=ELIMINATION_ROUNDS[:1],
        mode="elimination",
    )
    games = in_progress(table.get(HOME).content.decode())
    assert games[4].startswith("Bugger Bridge · Round 1 of 18 Ann, Ben, Cat started ")
    assert (
        games[3]
        == "Bugger Bridge · Round 3 of 18 Dan, Eve, Fay Eve leads with 24 played Sat 7 Mar, 21:05 · Resume ›"
    )
    assert games[2].startswith("Call Bridge · Deal 3 Asha, Ben, Chen, Dee Asha leads with 8 played ")
    assert games[1].startswith("Minibridge · Deal 3 N, E, S, W N-S lead with 430 played ")
    assert games[0].startswith("Mormon Bridge · Hand 2 Mo, Ned, Ola, Pia 3 still in played ")


def test_the_start_page_reads_every_game_in_a_constant_number_of_queries(
    table, make_session, django_assert_max_num_queries
):
    for i in range(6):
        make_session(
            "bugger-bridge",
            players=[f"A{i}", f"B{i}", f"C{i}"],
            rounds=[everyone_makes(3, c, bidder=i % 3) for c in range(1, i + 2)],
        )
    # The Django session and the user; the games in progress with their complete rounds counted;
    # their seats and players; the last complete round's entries of every game; the finished games
    # and their seats (none here, so no seats query).
    with django_assert_max_num_queries(6):
        body = table.get(HOME).content.decode()
    assert len(in_progress(body)) == 6


def test_blank_sheets_are_offered_from_the_start_page_signed_in_or_not(table, client):
    blank = f'href="{reverse("games:print-blank-index")}"'
    assert blank in table.get(HOME).content.decode()
    assert blank in client.get(HOME).content.decode()


def test_every_games_rules_page_links_to_its_blank_sheet(client):
    for slug in GAMES:
        page = client.get(reverse("games:rules", args=[slug]))
        assert page.status_code == 200
        assert f'href="{reverse("games:print-blank", args=[slug])}"' in page.content.decode(), slug
