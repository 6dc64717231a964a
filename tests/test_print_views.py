"""Printing: a recorded session as its paper sheet, and blank sheets for every game and table size.

What the sheets say is checked here in the HTML; tests/browser/test_print_pdf.py prints
them to PDF in Chromium and checks the pages.
"""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from .conftest import TableClient
from .test_history_helpers import NAMES, bugger_rounds, every_game, record

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    """The page's words, tags dropped, whitespace squeezed."""
    body = response.content.decode()
    body = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", body, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def row_labels(response) -> list[str]:
    """The text of each body row's first cell."""
    body = response.content.decode()
    tbody = body[body.index("<tbody>") : body.index("</tbody>")]
    return re.findall(r'<th scope="row" class="label"[^>]*><span class="v">([^<]*)</span>', tbody)


def blank(client, game, **params):
    return client.get(reverse("games:print-blank", args=[game]), params)


# -- a recorded session ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        # Bob bids every trick and makes it: 10 + 1 + ... + cards each round; the others 10 a round.
        ("bugger-bridge", ["Bob wins with 492.", "Total 492 180 180 180 180"]),
        ("call-bridge", ["Asha wins with 32.", "Target 30", "Total 32 24 24 16"]),
        # Mo takes every trick: 10 + cards a hand (1..6..1 sums to 36): 110 + 36 = 146; the rest 10 a hand.
        ("mormon-bridge", ["Mo wins with 146.", "Regular game", "Total 146 110 110 110"]),
        (
            "mormon-elimination",
            ["Mo wins: the last player left.", "Elimination game", "Out after wins hand 2 hand 2 hand 1"],
        ),
        (
            "minibridge",
            ["N-S (North Nora & South Sam) win with 480.", "2 deals", "20:20: redealt by the same dealer"],
        ),
        ("memory-bridge", ["Mia wins with 520.", "Target 500", "3♥"]),
    ],
)
def test_print_a_finished_session(table, user, kind, expected):
    session = every_game(user)[kind]
    response = table.get(reverse("games:print", args=[session.pk]))
    assert response.status_code == 200
    words = text_of(response)
    for name in NAMES[session.game]:
        assert name in words
    for line in expected:
        assert line in words, line
    assert "Date" in words and session.created.strftime("%Y") in words
    body = response.content.decode()
    # No navigation or forms on the sheet: the only button (Print) sits in the screen-only bar.
    main = body[body.index("<main") :]
    assert "<form" not in main and "<button" not in main and "<nav" not in main
    assert re.search(r"css/print\.[0-9a-f]{12}\.css", body)  # as collected: a hashed name
    assert body.count('class="total winner"') == 1  # one winner (Minibridge: one winning side)


def test_print_the_bugger_sheet_has_every_round_label_and_the_points_table(table, user):
    session = every_game(user)["bugger-bridge"]
    response = table.get(reverse("games:print", args=[session.pk]))
    labels = row_labels(response)
    assert labels == "1 2 3 4 5 6 7 8 8NT 8NT 8 7 6 5 4 3 2 1".split()
    words = text_of(response)
    assert "0=10 1=11 2=13 3=16 4=20 5=25 6=31 7=38 8=46" in words


def test_print_a_session_in_progress(table, user):
    session = record(
        user,
        "call-bridge",
        NAMES["call-bridge"],
        [{"bids": [4, 3, 3, 2], "tricks": [4, 3, 3, 3]}, {"bids": [8, 2, 2, 2]}],
    )
    response = table.get(reverse("games:print", args=[session.pk]))
    assert response.status_code == 200
    words = text_of(response)
    assert "In progress: 1 deal played." in words
    assert "bonus" in words  # the bid of 8 is marked as a bonus bid


def test_print_a_session_without_rounds(table, user):
    session = record(user, "minibridge", NAMES["minibridge"], [])
    response = table.get(reverse("games:print", args=[session.pk]))
    assert response.status_code == 200
    assert "Not started" in text_of(response)


@pytest.mark.django_db
def test_print_needs_the_owner(table, other_user):
    theirs = record(other_user, "bugger-bridge", ["Xena", "Yuri", "Zed"], bugger_rounds(1, players=3))
    assert table.get(reverse("games:print", args=[theirs.pk])).status_code == 404
    anonymous = TableClient().get(reverse("games:print", args=[theirs.pk]))
    assert anonymous.status_code == 302


# -- blank sheets ---------------------------------------------------------------------------------


def bugger_labels(players: int) -> list[str]:
    """The rule text's rounds: 1..m with trumps, m NT twice, m..1 (m = 8 up to 6 players, then 7, 6, 5, 4)."""
    m = {3: 8, 4: 8, 5: 8, 6: 8, 7: 7, 8: 6, 9: 5, 10: 4}[players]
    return [str(c) for c in range(1, m + 1)] + [f"{m}NT", f"{m}NT"] + [str(c) for c in range(m, 0, -1)]


@pytest.mark.parametrize("players", range(3, 11))
def test_blank_bugger_sheet_for_every_table_size(client, players):
    response = blank(client, "bugger-bridge", players=players)
    assert response.status_code == 200
    assert row_labels(response) == bugger_labels(players)
    words = text_of(response)
    m = int(bugger_labels(players)[-3].removesuffix("NT"))
    table = " ".join(f"{b}={10 + b * (b + 1) // 2}" for b in range(m + 1))
    assert table in words
    if players <= 6:
        assert "0=10 1=11 2=13 3=16 4=20 5=25 6=31 7=38 8=46" in words
    assert response.content.decode().count('class="name write"') == players


def test_blank_sheet_with_names_filled_in(client):
    names = {f"name_{i}": n for i, n in enumerate(NAMES["bugger-bridge"])}
    response = blank(client, "bugger-bridge", players=5, **names)
    assert response.status_code == 200
    body = response.content.decode()
    for name in NAMES["bugger-bridge"]:
        assert f'title="{name}"' in body  # a column heading
        assert f'value="{name}"' in body  # kept in the form
    assert 'class="name write"' not in body


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (4, [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]),
        (9, [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]),
        (10, [1, 2, 3, 4, 5, 4, 3, 2, 1]),
        (11, [1, 2, 3, 4, 5, 4, 3, 2, 1]),
        (12, [1, 2, 3, 4, 3, 2, 1]),
        (14, [1, 2, 3, 4, 3, 2, 1]),
    ],
)
def test_blank_mormon_sheet_has_the_hand_sizes(client, players, sizes):
    response = blank(client, "mormon-bridge", players=players)
    assert response.status_code == 200
    assert row_labels(response) == [str(s) for s in sizes]
    assert "a bid made exactly scores 10 more" in text_of(response)


@pytest.mark.parametrize("mode", ["four-card", "elimination"])
def test_blank_mormon_four_card_and_elimination(client, mode):
    response = blank(client, "mormon-bridge", players=6, mode=mode, rows=12)
    assert response.status_code == 200
    assert row_labels(response) == ["4"] * 12
    words = text_of(response)
    assert ("out" in words) if mode == "elimination" else ("target" in words)


def test_blank_call_bridge_sheet(client):
    response = blank(client, "call-bridge")
    assert response.status_code == 200
    assert row_labels(response) == [str(n) for n in range(1, 21)]
    body = response.content.decode()
    assert body.count(">Bid<") == 4 and body.count(">Score<") == 4
    words = text_of(response)
    assert "Bonus bid (8 or more): exactly the bid or one trick more scores +13" in words
    assert "Target (usually 30)" in words


def test_blank_minibridge_personal_score_sheet(client):
    response = blank(client, "minibridge")
    assert response.status_code == 200
    words = text_of(response)
    head = re.findall(
        r"<th[^>]*><span class=\"v\">([^<]*)</span></th>", response.content.decode().split("<tbody>")[0]
    )
    assert head == [
        "Deal No.",
        "Seat (N, S, E or W)",
        "Points held by",
        "Total points of declaring side",
        "Contract (Game or Part-score, suit or NT)",
        "No. tricks made by declarer",
        "Score our way",
        "N",
        "S",
        "E",
        "W",
        "+",
        "−",
    ]
    assert "Personal score sheet for:" in words
    assert row_labels(response) == [str(n) for n in range(1, 17)]


def test_blank_minibridge_sheet_for_each_named_player(client):
    names = ["Nora", "Eli", "Sam", "Wyn"]
    response = blank(client, "minibridge", **{f"name_{i}": n for i, n in enumerate(names)})
    words = text_of(response)
    for name in names:
        assert f"Personal score sheet for: {name}" in words
    assert response.content.decode().count('class="page-break"') == 3


def test_blank_memory_bridge_sheet_has_both_halves(client):
    response = blank(client, "memory-bridge", name_0="Mia", name_1="Max")
    assert response.status_code == 200
    words = text_of(response)
    assert "First half (no trumps)" in words and "Second half" in words
    assert "7 = 140" in words and "13 = 320" in words
    assert row_labels(response) == [str(n) for n in range(1, 17)]
    assert response.content.decode().count('title="Mia"') == 4  # tricks, score, score, total


def test_blank_sheet_index_lists_every_game(client):
    response = client.get(reverse("games:print-blank-index"))
    assert response.status_code == 200
    for slug in ("bugger-bridge", "call-bridge", "mormon-bridge", "minibridge", "memory-bridge"):
        assert reverse("games:print-blank", args=[slug]) in response.content.decode()


@pytest.mark.parametrize(
    ("game", "params"),
    [
        ("bugger-bridge", {"players": "11"}),
        ("bugger-bridge", {"players": "two"}),
        ("bugger-bridge", {"players": "5", "name_0": "x" * 41}),
        ("mormon-bridge", {"players": "15"}),
        ("mormon-bridge", {"players": "5", "mode": "chaos"}),
        ("call-bridge", {"rows": "0"}),
        ("call-bridge", {"rows": "many"}),
        ("minibridge", {"rows": "1000"}),
        ("memory-bridge", {"players": "3"}),
    ],
)
def test_blank_sheet_bad_input_is_named_not_a_500(client, game, params):
    response = blank(client, game, **params)
    assert response.status_code == 400
    assert 'class="error"' in response.content.decode()
    assert "<table" in response.content.decode()  # a sheet with the defaults still shows


def test_blank_sheet_of_no_game_is_404(client):
    assert client.get(reverse("games:print-blank", args=["snap"])).status_code == 404
