"""Paper sheets: a missed bid shows the tricks taken, blank rows fill the page, finished sheets are ranked."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.paper.layout import FILL_HEIGHT, Sheet
from games.registry import GAMES
from tests.test_history_helpers import NAMES, bugger_rounds, every_game


def blank(game, players, **options):
    return GAMES[game].paper.blank(players=players, names=[""] * players, options=options)[0]


@pytest.mark.parametrize(
    ("game", "players", "options", "fill"),
    [
        ("bugger-bridge", 5, {}, 50),  # 18 rounds
        ("bugger-bridge", 8, {}, 60),  # 14 rounds
        ("bugger-bridge", 10, {}, 80),  # 10 rounds
        ("mormon-bridge", 4, {}, 80),  # 11 hands
        ("call-bridge", 4, {}, 0),  # 20 deals: the usual height
    ],
)
def test_blank_rows_are_as_tall_as_the_page_allows(game, players, options, fill):
    sheet = blank(game, players, **options)
    assert sheet.fill == fill
    assert not sheet.fill or sheet.fill * len(sheet.body) <= FILL_HEIGHT * 10


def test_filled_sheets_keep_the_usual_row_height():
    assert Sheet(layout="bids", cols=[], head=[], body=[], blank=False).fill == 0


def test_a_missed_bugger_bid_shows_the_total_and_the_tricks_taken():
    rules = GAMES["bugger-bridge"].rules
    rounds = [{"bids": [1, 0, 0, 0, 0], "tricks": [0, 1, 0, 0, 0]}] + bugger_rounds()[1:3]
    names = NAMES["bugger-bridge"]
    state = rules.replay(players=5, options={}, first_dealer=0, rounds=rounds, names=names)
    row = GAMES["bugger-bridge"].paper.filled(state, names)[0].body[0]
    bob, helen = row.cells[1], row.cells[2]
    assert (bob.corner, bob.text, bob.note, bob.cls) == ("1", "0", "took 0", "missed")
    assert (helen.corner, helen.text, helen.note, helen.cls) == ("0", "0", "took 1", "missed")
    assert row.cells[3].text == "10" and row.cells[3].note == ""


def test_a_finished_sheet_prints_its_ranking_and_the_call_bridge_key(table, user):
    games = every_game(user)
    page = table.get(reverse("games:print", args=[games["call-bridge"].pk])).content.decode()
    assert "<dt>Ranking</dt>" in page
    assert '<span class="place">1st Asha 32</span> · <span class="place">=2nd Ben 24</span>' in page
    assert "Bold score: the bid was made; plain: missed" in page
    elimination = table.get(reverse("games:print", args=[games["mormon-elimination"].pk])).content.decode()
    assert '<span class="place">4th Pia out in hand 1</span>' in elimination
    blank_page = table.get(reverse("games:print-blank", args=["call-bridge"])).content.decode()
    assert "Ranking" not in blank_page and "Bold score" not in blank_page
