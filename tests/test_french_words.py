"""What a French phone reads on the tables' screens: every word French, plurals right, the bridge
words a French player uses (issue 19, item 12)."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from games import services

from .helpers import action, body, url
from .test_history_helpers import every_game

pytestmark = pytest.mark.django_db

FR = {"Accept-Language": "fr"}
FOUR = ("Ann", "Ben", "Cat", "Dev")


def text(page: str) -> str:
    page = re.sub(r"(?s)<script.*?</script>|<style.*?</style>", " ", page)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def french(client, path: str) -> str:
    return text(body(client.get(path, headers=FR)))


def explained(client, session, number: int, key: int) -> str:
    return text(
        body(client.get(reverse("games:explain", args=[session.pk]) + f"?r={number}&k={key}", headers=FR))
    )


def test_memory_bridge_badges_contract_line_and_no_trumps(table, make_session):
    session = make_session("memory-bridge", players=("Ann", "Ben"), options={"target": 500})
    page = french(table, url("sheet", session))
    assert "Ben entame" in page and "Ann donne" in page and " leads " not in page and " deals " not in page
    contract = {"declarer": 0, "level": 3, "strain": "NT", "doubled": 0}
    session = make_session(
        "memory-bridge",
        players=("Ann", "Ben"),
        options={"target": 1000},
        rounds=[
            {"first_half": [12, 1], "contract": contract, "tricks": 9},
            {"first_half": [8, 5], "contract": contract},
        ],
    )
    page = french(table, url("sheet", session))
    assert "3SA par Ann : 9 levées demandées ; Ben entame." in page
    assert "3NT" not in page and "needs" not in page
    # Ben's first half of one trick: "1 levée", singular.
    assert "première moitié 1 levée : 0" in explained(table, session, 1, 2)


def test_mormon_elimination_says_out_and_waits_in_french(table, make_session):
    players = [f"P{n}" for n in range(1, 17)]  # 14 at the table, 2 waiting
    bids = [1] * 4 + [0] * 10 + [None, None]
    tricks = [1, 1, 1, 0] + [0] * 9 + [1] + [None, None]
    session = make_session(
        "mormon-bridge",
        players=players,
        options={"mode": "elimination"},
        rounds=[{"bids": bids, "tricks": tricks}],
    )
    page = french(table, url("sheet", session))
    assert "éliminé" in page and "attend" in page
    assert not re.search(r"\b(out|waits)\b", page)


def test_the_last_player_left_in_elimination_wins_in_french(table, user):
    session = every_game(user)["mormon-elimination"]
    page = french(table, url("sheet", session))
    assert "Mo gagne : le dernier joueur restant." in page
    assert "last player" not in page


def test_bugger_explanations_and_labels_in_french(table, make_session):
    rounds = [{"bids": [n, 0, 0, 0, 0], "tricks": [n, 0, 0, 0, 0]} for n in range(1, 9)]
    rounds += [{"bids": [8, 0, 0, 0, 0], "tricks": [8, 0, 0, 0, 0]}]
    session = make_session(
        "bugger-bridge", players=("Ann", "Ben", "Cat", "Dev", "Eve"), options={"hook": False}, rounds=rounds
    )
    page = french(table, url("sheet", session))
    assert "8SA" in page and "8NT" not in page
    said = explained(table, session, 1, 2)
    assert "annonce 0, fait 0" in said and "levées" not in said


def test_call_bridge_tricks_and_bids_lines(table, make_session):
    session = make_session("call-bridge", players=FOUR, rounds=[{"bids": [3, 3, 3, 2]}])
    page = french(table, url("sheet", session))
    assert "plis" not in page and "Les levées partent de chaque annonce" in page
    # Under-bid: the bids line says it as a French player would.
    session = make_session("call-bridge", players=FOUR)
    response = table.send(
        action(session, 1, "bids"),
        {"bid_0": "2", "bid_1": "2", "bid_2": "2", "bid_3": "2"},
        htmx=True,
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    said = text(body(response))
    assert "de moins annoncé" not in said


def test_a_conflict_names_the_round_without_an_article(table, make_session):
    session = make_session(
        "bugger-bridge", players=("Ann", "Ben", "Cat", "Dev", "Eve"), options={"hook": False}
    )
    version = session.version
    services.save_round(session=session, number=1, data={"bids": [1, 0, 0, 0, 0]}, key="")
    response = table.send(
        action(session, 1, "bids"),
        {"bid_0": "0", "bid_1": "0", "bid_2": "0", "bid_3": "0", "bid_4": "1", "version": version},
        htmx=True,
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    said = text(body(response))
    assert "Manche 1 : un autre téléphone a enregistré les annonces" in said
    assert "La Manche" not in said and "de la Manche" not in said


def test_the_start_date_standings_and_minibridge_summary(table, make_session):
    session = make_session(
        "minibridge",
        players=FOUR,
        options={"deals": 1},
        rounds=[{"hcp": [12, 10, 10, 8], "contract": {"strain": "NT", "game": False}, "tricks": 7}],
    )
    sheet = french(table, url("sheet", session))
    assert re.search(
        r"commencée le (lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d+ [a-zéû]+ ", sheet
    ), sheet
    summary = french(table, url("summary", session))
    # Its Dealer column names the dealer: no "D" key, only the hint about pointing at a score.
    assert "chaque manche" not in summary and "D indique qui a donné" not in summary
    assert "pointez un score pour voir comment il a été calculé" in summary
    played = make_session(
        "call-bridge", players=FOUR, rounds=[{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}] * 2
    )
    services.end_early(session=played, key="")  # only finished games count
    standings = french(table, reverse("games:standings") + "?game=call-bridge&period=all&minimum=1")
    assert "(2 sur 2)" in standings and " of " not in standings
    # The records name the deal in French, and no "manche" for Call Bridge's deals.
    assert ", donne 1" in standings and "deal 1" not in standings and "manche" not in standings


def test_minibridge_says_what_a_game_needs_in_french(table, make_session):
    # The points are in: the contract's panel says what a game needs, no trumps as "SA" in French, "NT"
    # in English, whichever language the page first drawn was in.
    session = make_session("minibridge", players=FOUR, rounds=[{"hcp": [12, 10, 10, 8]}])
    assert "Game needs 9 in NT, 10 in ♠" in text(body(table.get(url("sheet", session))))
    page = french(table, url("sheet", session))
    assert "La manche demande 9 à SA, 10 à ♠" in page and "NT" not in page
