"""The Minibridge pages: full pages and htmx partials, refusals, corrections, ownership, CSRF, queries.

Expected scores are worked out here from the rule text, never by calling the rules module.
"""

from __future__ import annotations

from functools import partial

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.accounts.players import rename_player
from games.models import Entry, GameSession, Player, Round

from .conftest import TableClient, sending
from .helpers import action, body, escaped, explanation, url

pytestmark = pytest.mark.django_db

SEATS = ["Ann", "Bob", "Cat", "Dan"]  # North, East, South, West
N, E, S, W = range(4)
PER_TRICK = {"NT": 30, "S": 30, "H": 30, "D": 20, "C": 20}
GAME_NEEDS = {"NT": 9, "S": 10, "H": 10, "D": 11, "C": 11}


def score(strain, game, tricks):
    """(declaring side, defending side) for a played contract, written out again from the rule text."""
    needed = GAME_NEEDS[strain] if game else 7
    if tricks < needed:
        return 0, 50 * (needed - tricks)
    over = tricks - 6
    trick_points = over * PER_TRICK[strain] + (10 if strain == "NT" else 0)
    return trick_points + (300 if game else 50), 0


@pytest.fixture
def make_mini(make_session):
    """A Minibridge session of 8 deals unless ``options`` say otherwise."""
    return partial(make_session, "minibridge", players=SEATS, options={"deals": 8})


def played(hcp, strain, game, tricks):
    return {"hcp": list(hcp), "contract": {"strain": strain, "game": game}, "tricks": tricks}


# -- a new game -----------------------------------------------------------------------------


NEW = {"player_0": "Ann", "player_1": "Bob", "player_2": "Cat", "player_3": "Dan"}


def test_new_game_page_offers_seats_dealer_and_length(table):
    response = table.get(reverse("games:new", args=["minibridge"]))
    assert response.status_code == 200
    page = body(response)
    for seat in ("North", "East", "South", "West"):
        assert f">{seat}</label>" in page
    assert 'name="first_dealer" value="draw" checked' in page
    assert 'name="ends" value="deals" checked' in page and 'name="deals"' in page and 'value="8"' in page
    assert reverse("games:rules", args=["minibridge"]) in page
    assert "css/bridge." in page  # bridge.css, under its collected (hashed) name


def test_new_game_with_a_number_of_deals_and_a_chosen_dealer(table, user):
    response = table.send(
        reverse("games:new", args=["minibridge"]), {**NEW, "first_dealer": "2", "ends": "deals", "deals": "4"}
    )
    session = GameSession.objects.get(owner=user)
    assert response.status_code == 302 and response["Location"] == url("sheet", session)
    assert [s.player.name for s in session.seats.order_by("position")] == SEATS
    assert session.first_dealer == S and session.options == {"deals": 4, "target": None}
    page = body(table.get(url("sheet", session)))
    assert 'Deal 1 <span class="of">of 4</span>' in page
    assert "<strong>Cat (South)</strong> deals and announces first" in page


def test_new_game_to_a_target_with_a_drawn_dealer(table, user):
    response = table.send(
        reverse("games:new", args=["minibridge"]),
        {**NEW, "first_dealer": "draw", "ends": "target", "deals": "8", "target": "1000"},
    )
    assert response.status_code == 302
    session = GameSession.objects.get(owner=user)
    assert session.options == {"deals": None, "target": 1000}
    page = body(table.get(url("sheet", session)))
    assert "Drawn: " in page and "deals first." in page
    assert "N-S</strong> 0 / 1000" in page and "<progress" in page


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({**NEW, "player_3": "", "first_dealer": "0", "ends": "deals", "deals": "8"}, "Who sits West?"),
        (
            {**NEW, "player_2": "ann", "first_dealer": "0", "ends": "deals", "deals": "8"},
            "already sits North",
        ),
        ({**NEW, "first_dealer": "north", "ends": "deals", "deals": "8"}, "Select a valid choice"),
        ({**NEW, "first_dealer": "0", "ends": "deals", "deals": "eight"}, "Enter a whole number"),
        ({**NEW, "first_dealer": "0", "ends": "deals", "deals": "0"}, "greater than or equal to 1"),
        (
            {**NEW, "first_dealer": "0", "ends": "target", "deals": "8", "target": ""},
            "Which score ends the game?",
        ),
        ({**NEW, "first_dealer": "0", "ends": "forever", "deals": "8"}, "Select a valid choice"),
        ({**NEW, "player_0": "A" * 41, "first_dealer": "0", "ends": "deals", "deals": "8"}, "at most 40"),
    ],
)
def test_new_game_refusals_keep_the_input(table, form, message):
    response = table.send(reverse("games:new", args=["minibridge"]), form)
    assert response.status_code == 400
    page = body(response)
    assert message in page
    assert 'value="Bob"' in page
    assert not GameSession.objects.exists()


def test_same_seats_again_prefills_the_names(table, make_mini):
    session = make_mini()
    page = body(table.get(reverse("games:new", args=["minibridge"]) + f"?from={session.pk}"))
    for name in SEATS:
        assert f'value="{name}"' in page


# -- the sheet ---------------------------------------------------------------------------------


def test_sheet_shows_every_deal_to_play_the_personal_links_and_the_rules(table, make_mini):
    session = make_mini(first_dealer=E)
    response = table.get(url("sheet", session))
    assert response.status_code == 200
    page = body(response)
    assert 'class="sheet-page"' in page
    assert page.count('class="row-future"') == 7 and 'class="row-current"' in page
    assert "N-S<small>Ann &amp; Cat</small>" in page and "E-W<small>Bob &amp; Dan</small>" in page
    assert reverse("games:rules", args=["minibridge"]) in page
    assert reverse("games:record-download", args=[session.pk]) in page
    for seat in range(4):
        assert f"{url('sheet', session)}?seat={seat}" in page
    # The keypad fills the dealer's points first; the fourth to announce (North) follows from 40.
    assert 'name="at" value="1"' in page
    assert 'id="hcp-row-0"' in page and "follows from 40" in page
    assert page.count('name="pick"') == 38
    assert "cdn" not in page.lower()


def test_entry_panel_partial_for_htmx(table, make_mini):
    session = make_mini(rounds=[{"hcp": [14, 6, 16, 4]}])
    response = table.get(
        url("sheet", session) + "?phase=points", headers={"HX-Request": "true", "HX-Target": "entry-panel"}
    )
    page = body(response)
    assert page.lstrip().startswith('<section id="entry-panel"')
    assert "<html" not in page
    assert 'name="hcp_0" value="14"' in page and 'name="hcp_2" value="16"' in page


# -- points -------------------------------------------------------------------------------------


def test_three_taps_enter_the_points_and_name_the_declarer(table, make_mini):
    session = make_mini(first_dealer=W)  # West deals: West, North, East announce; South follows
    target = action(session, 1, "points")
    first = table.send(target, {"at": "3", "pick": "4"}, htmx=True)
    assert first.status_code == 200
    page = body(first)
    assert 'name="hcp_3" value="4"' in page and 'name="at" value="0"' in page
    assert "4 of 40 points announced, 2 players to go" in page
    assert "hx-swap-oob" not in page  # nothing stored, nothing else to redraw
    second = table.send(target, {"hcp_3": "4", "at": "0", "pick": "14"}, htmx=True)
    assert 'name="at" value="1"' in body(second)
    # 4 + 14 announced: values above 22 no longer fit in the 40.
    assert 'id="pick-22" name="pick" value="22">' in body(second)
    assert 'id="pick-23" name="pick" value="23" disabled' in body(second)
    assert not Round.objects.exists()
    third = table.send(target, {"hcp_3": "4", "hcp_0": "14", "at": "1", "pick": "6"}, htmx=True)
    page = body(third)
    assert list(Entry.objects.order_by("position").values_list("hcp", flat=True)) == [14, 6, 16, 4]
    assert "N-S declare with 30" in page
    assert (
        "<strong>Cat (South)</strong> is declarer, Ann (North) dummy; <strong>Dan (West)</strong> leads."
        in page
    )
    assert 'id="scoreboard" hx-swap-oob="true"' in page
    assert "Cat's contract" in page


def test_plain_form_points_one_next_at_a_time(table, make_mini):
    session = make_mini()
    target = action(session, 1, "points")
    response = table.send(target, {"at": "0", "pick": "10", "next": "1"})
    assert response.status_code == 200 and "<html" in body(response)
    assert not Round.objects.exists()
    response = table.send(target, {"hcp_0": "10", "hcp_1": "12", "at": "2", "pick": "9", "next": "1"})
    assert response.status_code == 302 and response["Location"] == url("sheet", session)
    assert list(Entry.objects.order_by("position").values_list("hcp", flat=True)) == [10, 12, 9, 9]


def test_a_player_row_moves_the_keypad(table, make_mini):
    session = make_mini()
    response = table.send(action(session, 1, "points"), {"hcp_0": "10", "at": "1", "goto": "0"}, htmx=True)
    page = body(response)
    assert 'name="at" value="0"' in page and 'id="hcp-row-0" class="hcp-row active"' in page
    assert not Round.objects.exists()


def test_a_20_20_split_is_a_redeal_by_the_same_dealer(table, make_mini):
    session = make_mini(first_dealer=E)
    response = table.send(
        action(session, 1, "points"), {"hcp_1": "10", "hcp_2": "12", "at": "3", "pick": "10"}, htmx=True
    )
    page = body(response)
    rnd = Round.objects.get()
    assert rnd.redeal and rnd.complete and rnd.label == "Deal 1 redeal"
    assert "20:20 split: Bob (East) deals again" in page
    assert "<strong>Bob (East)</strong> deals and announces first" in page  # the same dealer
    assert 'Deal 1 <span class="of">of 8</span>' in page  # not counted
    assert "redealt, no score" in page


def test_the_sheet_rows_are_drawn_like_the_other_games(table, make_mini):
    """games/table/ draws the rows: each deal's number with its dealer's letter, the correction link
    naming the round and the deal, the deals to come, and no explanation until a square is tapped."""
    session = make_mini(
        first_dealer=E,
        rounds=[
            {"hcp": [10, 10, 10, 10], "redeal": True},
            {"hcp": [14, 6, 16, 4], "contract": {"strain": "S", "game": True}, "tricks": 11},
        ],
    )
    page = body(table.get(url("sheet", session)))
    redealt = page[page.index('<tr id="round-1"') : page.index('<tr id="round-2"')]
    assert 'class="row-done row-redeal"' in redealt
    assert 'aria-label="Correct round 1 (deal 1, 20:20 redeal)"' in redealt
    assert '1<small title="Bob deals">E</small>' in redealt  # the same dealer deals again
    assert 'aria-label="Correct round 2 (deal 1)"' in page
    assert '<tr id="round-3" class="row-current">' in page and '<tr id="deal-8" class="row-future">' in page
    assert "[popover]" not in page and "needed 10, took 11" not in page
    assert "needed 10, took 11: made" in explanation(table, session, 2, 1)


def test_a_renamed_player_is_renamed_on_the_drawn_rows_too(table, make_mini):
    """A rename moves no version, but the rows name the players: they are not served from the cache."""
    session = make_mini(
        rounds=[{"hcp": [14, 6, 16, 4], "contract": {"strain": "S", "game": True}, "tricks": 11}]
    )

    def rows() -> str:
        page = body(table.get(url("sheet", session)))
        return page[page.index('<tbody id="sheet-body"') : page.index("</tbody>")]

    assert "Cat · took 11" in rows()
    rename_player(player=Player.objects.get(name="Cat"), name="Zed")
    assert "Zed · took 11" in rows() and "Cat" not in rows()


def test_equal_points_in_the_declaring_side_go_to_who_announced_first(table, make_mini):
    session = make_mini(first_dealer=S)  # South announces first, then West, North
    response = table.send(
        action(session, 1, "points"), {"hcp_2": "13", "hcp_3": "7", "at": "0", "pick": "13"}, htmx=True
    )
    page = body(response)
    assert "<strong>Cat (South)</strong> is declarer" in page
    assert "Cat and Ann hold 13 each: Cat announced first, so declares." in page


@pytest.mark.parametrize(
    ("post", "message"),
    [
        ({"at": "0", "pick": "x"}, "Ann's points must be a number from 0 to 37"),
        ({"at": "0", "pick": "38"}, "Ann's points must be a number from 0 to 37"),
        ({"hcp_0": "abc", "at": "1", "pick": "3"}, "Ann's points must be a number, not"),
        ({"hcp_0": "40", "at": "1", "pick": "0"}, "Ann has 40 high-card points, but a hand holds 0 to 37"),
        (
            {"hcp_0": "20", "hcp_1": "15", "at": "2", "pick": "9"},
            "the points so far add up to 44, 4 more than the 40",
        ),
        ({"hcp_0": "1", "hcp_1": "1", "at": "2", "pick": "0"}, "Dan would hold 38 points"),
        (
            {"hcp_0": "10", "hcp_1": "10", "hcp_2": "10", "hcp_3": "11", "save": "1"},
            "the high-card points add up to 41, but a deal holds 40",
        ),
    ],
)
@pytest.mark.parametrize("htmx", [True, False])
def test_bad_points_are_refused_with_the_input_kept(table, make_mini, post, message, htmx):
    session = make_mini()
    response = table.send(action(session, 1, "points"), post, htmx=htmx)
    assert response.status_code == (200 if htmx else 400)
    assert escaped(message) in body(response)
    assert not Round.objects.exists()
    for key, value in post.items():
        if key.startswith("hcp_") and key != "hcp_3" and value.isdigit() and int(value) <= 37:
            assert f'name="{key}" value="{value}"' in body(response)


def test_changing_points_keeps_the_contract_while_the_declarer_stays(table, make_mini):
    session = make_mini(rounds=[{"hcp": [14, 6, 16, 4], "contract": {"strain": "H", "game": False}}])
    page = body(table.get(url("sheet", session) + "?phase=points"))
    assert "Tap a player to change their points" in page
    # North 15 instead of 14: East's... no, West (last) follows: 40 - 15 - 6 - 16 = 3.
    table.send(
        action(session, 1, "points"),
        {"hcp_0": "14", "hcp_1": "6", "hcp_2": "16", "at": "0", "pick": "15"},
        htmx=True,
    )
    rnd = Round.objects.get()
    assert rnd.contract == {"strain": "H", "game": False}
    assert list(rnd.entries.order_by("position").values_list("hcp", flat=True)) == [15, 6, 16, 3]
    # Now North holds more than South: North declares, so the contract is chosen again.
    response = table.send(
        action(session, 1, "points"),
        {"hcp_0": "15", "hcp_1": "6", "hcp_2": "16", "at": "0", "pick": "17"},
        htmx=True,
    )
    rnd.refresh_from_db()
    assert rnd.contract is None
    assert "The declarer is now Ann (North): choose the contract again." in body(response)


# -- contract and tricks ------------------------------------------------------------------------------


def test_contract_is_saved_once_strain_and_length_are_in_then_the_tricks_finish_the_deal(table, make_mini):
    session = make_mini(rounds=[{"hcp": [14, 6, 16, 4]}])
    target = action(session, 1, "contract")
    response = table.send(target, {"strain": "S"}, htmx=True)
    assert "Game · 10" in body(response)
    assert Round.objects.get().contract is None
    response = table.send(target, {"strain": "S", "game": "1"}, htmx=True)
    page = body(response)
    assert Round.objects.get().contract == {"strain": "S", "game": True}
    assert "N-S need 10 tricks for game in spades" in page
    assert 'class="chip is-bid"' in page and 'for="tricks-10" class="chip is-bid"' in page
    response = table.send(target, {"strain": "S", "game": "1", "tricks": "11"}, htmx=True)
    page = body(response)
    declaring, defending = score("S", True, 11)
    assert (declaring, defending) == (450, 0)
    assert f"Deal 1: N-S made game in spades with 1 over: N-S +{declaring}." in page
    assert list(Entry.objects.order_by("position").values_list("total", flat=True)) == [450, 0, 450, 0]
    assert 'data-testid="total-NS">450<' in page
    said = explanation(table, session, 1, 1)  # N-S's square, after the contract's
    assert (
        "N-S declared game in spades (Cat), needed 10, took 11: made, 150 + 300 game bonus = 450; total 450"
        in said
    )
    assert "Deal 2" in page


def test_a_missed_contract_scores_for_the_defenders(table, make_mini):
    session = make_mini(rounds=[{"hcp": [4, 16, 6, 14], "contract": {"strain": "NT", "game": True}}])
    response = table.send(
        action(session, 1, "contract"), {"strain": "NT", "game": "1", "tricks": "6"}, htmx=True
    )
    _, defending = score("NT", True, 6)
    assert defending == 150
    assert list(Entry.objects.order_by("position").values_list("points", flat=True)) == [150, 0, 150, 0]
    assert f"E-W took 6 of 9 in game in no trumps, 3 short: N-S +{defending}." in body(response)
    said = explanation(table, session, 1, 1)
    assert escaped("N-S defended E-W's game in no trumps (needed 9, took 6): 3 short × 50 = 150") in said


def test_plain_contract_form_saves_and_redirects(table, make_mini):
    session = make_mini(rounds=[{"hcp": [14, 6, 16, 4]}])
    response = table.send(action(session, 1, "contract"), {"strain": "C", "game": "0", "save": "1"})
    assert response.status_code == 302
    response = table.send(
        action(session, 1, "contract"), {"strain": "C", "game": "0", "tricks": "8", "save": "1"}
    )
    assert response.status_code == 302
    assert Round.objects.get().complete


@pytest.mark.parametrize(
    ("post", "message"),
    [
        ({"strain": "X", "game": "1"}, "pick the strain from NT"),
        ({"strain": "S", "game": "maybe"}, "pick part-score or game"),
        ({"strain": "S", "game": "1", "tricks": "14"}, "the tricks must be a number from 0 to 13"),
        ({"strain": "S", "game": "1", "tricks": "ten"}, "the tricks must be a number from 0 to 13"),
        ({"tricks": "9"}, "choose the contract before the tricks"),
    ],
)
@pytest.mark.parametrize("htmx", [True, False])
def test_bad_contracts_are_refused_and_nothing_is_stored(table, make_mini, post, message, htmx):
    session = make_mini(rounds=[{"hcp": [14, 6, 16, 4]}])
    response = table.send(action(session, 1, "contract"), post, htmx=htmx)
    assert response.status_code == (200 if htmx else 400)
    assert message in body(response)
    rnd = Round.objects.get()
    assert rnd.contract is None and rnd.tricks is None and not rnd.complete


def test_a_tampered_post_for_another_round_changes_nothing(table, make_mini):
    session = make_mini(rounds=[{"hcp": [10, 10, 10, 10], "redeal": True}])
    response = table.send(action(session, 1, "contract"), {"strain": "S", "game": "1"}, htmx=True)
    assert "Round 1 is not the deal being entered" in body(response)
    response = table.send(action(session, 5, "points"), {"at": "0", "pick": "5"})
    assert response.status_code == 400
    response = table.send(action(session, 2, "contract"), {"strain": "S", "game": "1"})
    assert response.status_code == 400  # round 2 has no points yet
    assert Round.objects.count() == 1


# -- corrections ----------------------------------------------------------------------------------------


def test_correcting_an_old_deal_recomputes_every_total_after_it(table, make_mini):
    rounds = [
        played([14, 6, 16, 4], "S", True, 10),  # N-S 420
        played([4, 16, 6, 14], "H", False, 8),  # E-W 30*2 + 50 = 110
        played([12, 9, 11, 8], "NT", False, 7),  # N-S 90
    ]
    session = make_mini(rounds=rounds)
    page = body(table.get(action(session, 1, "edit"), headers={"HX-Request": "true"}))
    assert "<h3>Correct round 1 (deal 1)</h3>" in page and 'name="tricks" value="10" checked' in page
    assert page.lstrip().startswith('<section id="entry-panel"')
    full = body(table.get(action(session, 1, "edit")))
    assert "<html" in full and "Correct round 1" in full and 'name="hcp_0" value="14"' in full
    # Deal 1 was written down wrong: N-S took 9, one short of game.
    post = {
        "hcp_0": "14",
        "hcp_1": "6",
        "hcp_2": "16",
        "at": "0",
        "strain": "S",
        "game": "1",
        "tricks": "9",
        "save": "1",
    }
    response = table.send(action(session, 1, "edit"), post, htmx=True)
    assert response.status_code == 200
    assert "Round 1 (deal 1) corrected" in body(response)
    assert 'id="scoreboard" hx-swap-oob="true"' in body(response)
    d1 = score("S", True, 9)
    d2 = score("H", False, 8)
    d3 = score("NT", False, 7)
    ns = d1[1] * 0 + d1[0] + d2[1] + d3[0]
    ew = d1[1] + d2[0] + d3[1]
    assert (ns, ew) == (90, 50 + 110)
    totals = list(Round.objects.get(number=3).entries.order_by("position").values_list("total", flat=True))
    assert totals == [ns, ew, ns, ew]


def test_a_correction_can_make_a_deal_a_redeal(table, make_mini):
    session = make_mini(rounds=[played([14, 6, 16, 4], "S", True, 10)], options={"deals": 3})
    post = {
        "hcp_0": "10",
        "hcp_1": "10",
        "hcp_2": "10",
        "at": "0",
        "strain": "S",
        "game": "1",
        "tricks": "10",
        "save": "1",
    }
    response = table.send(action(session, 1, "edit"), post)
    assert response.status_code == 302
    rnd = Round.objects.get()
    assert rnd.redeal and rnd.contract is None and rnd.tricks is None
    assert list(rnd.entries.values_list("total", flat=True)) == [0, 0, 0, 0]


def test_a_correction_that_breaks_a_later_deal_is_refused(table, make_mini):
    rounds = [
        {"hcp": [10, 10, 10, 10], "redeal": True},
        played([14, 6, 16, 4], "S", True, 10),
        played([14, 6, 16, 4], "D", False, 9),
    ]
    session = make_mini(rounds=rounds, options={"deals": 2})
    assert GameSession.objects.get().is_finished
    # Round 1 was no redeal after all: then round 3 would be a third deal in a game of two.
    post = {
        "hcp_0": "11",
        "hcp_1": "10",
        "hcp_2": "10",
        "at": "0",
        "strain": "NT",
        "game": "0",
        "tricks": "7",
        "save": "1",
    }
    response = table.send(action(session, 1, "edit"), post, htmx=True)
    assert "Round 3: the game ended with round 2" in body(response)
    assert Round.objects.get(number=1).redeal
    assert 'name="hcp_0" value="11"' in body(response)


@pytest.mark.parametrize(
    ("post", "message"),
    [
        (
            {"hcp_0": "14", "hcp_1": "6", "hcp_2": "16", "at": "0", "strain": "S", "game": "1", "save": "1"},
            "tap the tricks",
        ),
        (
            {"hcp_0": "14", "hcp_1": "6", "hcp_2": "16", "at": "0", "tricks": "9", "save": "1"},
            "choose the strain",
        ),
        (
            {"hcp_0": "14", "hcp_2": "16", "at": "0", "strain": "S", "game": "1", "tricks": "9", "save": "1"},
            "enter Bob",
        ),
        (
            {
                "hcp_0": "30",
                "hcp_1": "6",
                "hcp_2": "16",
                "at": "0",
                "strain": "S",
                "game": "1",
                "tricks": "9",
                "save": "1",
            },
            "add up to 52",
        ),
    ],
)
def test_bad_corrections_are_refused_and_change_nothing(table, make_mini, post, message):
    session = make_mini(rounds=[played([14, 6, 16, 4], "S", True, 10)])
    response = table.send(action(session, 1, "edit"), post)
    assert response.status_code == 400
    assert escaped(message) in body(response) or message in body(response)
    rnd = Round.objects.get()
    assert rnd.tricks == 10 and list(rnd.entries.order_by("position").values_list("hcp", flat=True)) == [
        14,
        6,
        16,
        4,
    ]


def test_correction_preview_moves_the_keypad_without_saving(table, make_mini):
    session = make_mini(rounds=[played([14, 6, 16, 4], "S", True, 10)])
    post = {
        "hcp_0": "14",
        "hcp_1": "6",
        "hcp_2": "16",
        "at": "0",
        "pick": "13",
        "strain": "S",
        "game": "1",
        "tricks": "10",
    }
    response = table.send(action(session, 1, "edit"), post, htmx=True)
    page = body(response)
    assert 'name="hcp_0" value="13"' in page and 'data-testid="hcp-3">5<' in page
    assert list(Round.objects.get().entries.order_by("position").values_list("hcp", flat=True)) == [
        14,
        6,
        16,
        4,
    ]


# -- personal sheets ------------------------------------------------------------------------------------


def test_personal_sheet_has_the_paper_columns_and_scores_our_way(table, make_mini):
    rounds = [
        played([14, 6, 16, 4], "S", True, 10),  # N-S +420
        {"hcp": [10, 10, 10, 10], "redeal": True},
        played([4, 16, 6, 14], "H", True, 8),  # E-W 2 short: N-S +100
        played([5, 15, 7, 13], "C", False, 9),  # E-W 3 × 20 + 50 = +110
        {"hcp": [12, 9, 11, 8]},  # in progress
    ]
    session = make_mini(rounds=rounds)
    response = table.get(url("sheet", session) + f"?seat={E}")
    assert response.status_code == 200
    page = body(response)
    assert "Bob (East)" in page and "partner Dan (West)" in page
    for heading in ("Points held by", "Decl. pts", "Contract", "Tricks", "Score our way"):
        assert heading in page
    rows = response.context["rows"]
    assert [r.deal for r in rows] == ["1", "2", "2", "3", "4"]  # the 20:20 deal is dealt again
    assert rows[0].held == [14, 16, 6, 4]  # N, S, E, W
    assert rows[0].side_points == "30 N-S" and rows[0].contract == "Game ♠ by S" and rows[0].tricks == "10"
    assert rows[1].contract == "Redeal"
    plus = score("C", False, 9)[0]
    minus = score("S", True, 10)[0] + score("H", True, 8)[1]
    assert [(r.plus, r.minus) for r in rows] == [
        (None, 420),
        (None, None),
        (None, 100),
        (110, None),
        (None, None),
    ]
    assert response.context["totals"] == {"plus": plus, "minus": minus, "net": plus - minus, "side": "EW"}
    assert 'data-testid="plus-total">110<' in page and 'data-testid="minus-total">520<' in page


# -- undo, end, the end of the game ---------------------------------------------------------------------


def test_undo_takes_back_the_last_round(table, make_mini):
    session = make_mini(rounds=[played([14, 6, 16, 4], "S", True, 10), {"hcp": [4, 16, 6, 14]}])
    page = body(table.get(url("sheet", session)))
    assert "Undo last deal" in page and reverse("games:undo", args=[session.pk]) in page
    response = table.send(url("undo", session), htmx=True)
    assert response["HX-Refresh"] == "true"  # django-htmx HttpResponseClientRefresh
    assert list(Round.objects.values_list("number", flat=True)) == [1]


def test_ending_early_drops_the_deal_in_hand_and_names_the_winning_side(table, make_mini):
    session = make_mini(rounds=[played([4, 16, 6, 14], "NT", True, 9), {"hcp": [14, 6, 16, 4]}])
    response = table.send(url("end", session))
    assert response.status_code == 302
    session.refresh_from_db()
    assert session.finished_early and session.winners == [E, W]
    page = body(table.get(url("sheet", session)))
    assert "E-W win: Bob &amp; Dan (game ended early)" in page
    assert "End the game now" not in page


def test_the_last_deal_ends_the_game_and_later_posts_change_nothing(table, make_mini):
    session = make_mini(rounds=[played([14, 6, 16, 4], "S", True, 10)], options={"deals": 2})
    table.send(
        action(session, 2, "points"), {"hcp_1": "10", "hcp_2": "10", "at": "3", "pick": "12"}, htmx=True
    )
    response = table.send(
        action(session, 2, "contract"), {"strain": "D", "game": "0", "tricks": "13"}, htmx=True
    )
    page = body(response)
    # East deals deal 2: East 10, South 10, West 12, North 8; E-W 22 declare, West declares.
    ew = score("D", False, 13)[0]
    assert ew == 20 * 7 + 50
    assert "Game over" in page and ("N-S win" if ew < 420 else "E-W win") in page
    session.refresh_from_db()
    assert session.is_finished and session.winners == [N, S]
    again = table.send(action(session, 3, "points"), {"at": "0", "pick": "5"}, htmx=True)
    assert "Round 3 is not the deal being entered" in body(again) and Round.objects.count() == 2


def test_a_target_game_ends_when_a_side_reaches_it(table, make_mini):
    session = make_mini(rounds=[played([14, 6, 16, 4], "S", True, 10)], options={"target": 500})
    page = body(table.get(url("sheet", session)))
    assert "N-S</strong> 420 / 500 · 80 to go" in page
    table.send(action(session, 2, "points"), {"hcp_1": "4", "hcp_2": "16", "at": "3", "pick": "6"}, htmx=True)
    response = table.send(
        action(session, 2, "contract"), {"strain": "NT", "game": "0", "tricks": "7"}, htmx=True
    )
    assert "N-S win: Ann &amp; Cat" in body(response)
    assert GameSession.objects.get().is_finished


# -- ownership, CSRF, methods, rules page ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "method"),
    [
        (lambda s: url("sheet", s), "get"),
        (lambda s: url("sheet", s) + "?seat=0", "get"),
        (lambda s: action(s, 2, "points"), "post"),
        (lambda s: action(s, 2, "contract"), "post"),
        (lambda s: action(s, 1, "edit"), "get"),
        (lambda s: action(s, 1, "edit"), "post"),
        (lambda s: url("undo", s), "post"),
        (lambda s: url("end", s), "post"),
    ],
)
def test_another_users_game_is_404(other_user, make_mini, target, method):
    session = make_mini(rounds=[played([14, 6, 16, 4], "S", True, 10)])
    stranger = TableClient()
    stranger.force_login(other_user)
    address = target(session)
    response = stranger.get(address) if method == "get" else stranger.send(address, {"at": "0", "pick": "5"})
    assert response.status_code == 404
    assert Round.objects.count() == 1


def test_posts_without_the_csrf_token_are_refused(table, make_mini):
    session = make_mini(rounds=[{"hcp": [14, 6, 16, 4]}])
    response = table.post(action(session, 1, "contract"), {"strain": "S", "game": "1"})
    assert response.status_code == 403
    assert Round.objects.get().contract is None


def test_writes_refuse_get_and_unknown_actions_are_404(table, make_mini):
    session = make_mini()
    assert table.get(action(session, 1, "points")).status_code == 405
    assert table.get(action(session, 1, "contract")).status_code == 405
    assert table.get(action(session, 1, "bids")).status_code == 404


@pytest.mark.django_db
def test_rules_page_in_the_apps_own_words():
    response = TableClient().get(reverse("games:rules", args=["minibridge"]))
    assert response.status_code == 200
    page = body(response)
    assert "Minibridge in brief" in page
    for ruling in ("same dealer", "not counted", "spoke first", "8 unless", "share the win"):
        assert ruling in page


# -- queries ---------------------------------------------------------------------------------------------


def many_deals(count: int) -> list[dict]:
    return [played([14, 6, 16, 4] if i % 2 else [4, 16, 6, 14], "NT", False, 7) for i in range(count)]


def queries(fn) -> list[str]:
    with CaptureQueriesContext(connection) as ctx:
        fn()
    return [q["sql"] for q in ctx.captured_queries]


@pytest.mark.parametrize("deals", [0, 1, 12])
def test_sheet_and_personal_page_queries(table, make_mini, deals):
    session = make_mini(rounds=many_deals(deals), options={"deals": 20})
    table.token()
    # django session, user, game session (owner check), seats with players, rounds with their entries.
    expected = 5
    assert len(queries(lambda: table.get(url("sheet", session)))) == expected
    assert len(queries(lambda: table.get(url("sheet", session) + "?seat=2"))) == expected


@pytest.mark.parametrize("deals", [0, 12])
def test_entry_queries(table, make_mini, deals):
    session = make_mini(rounds=many_deals(deals), options={"deals": 20})
    n = deals + 1
    table.token()
    reads = 5  # django session, user, game session, seats, rounds with their entries
    # A keypad tap stores nothing: the reads only.
    tap = queries(sending(table, action(session, n, "points"), {"at": "0", "pick": "5"}, htmx=True))
    assert len(tap) == reads, tap
    # From here the replay of this version is kept, with the rows of the deal being entered once it
    # is stored: no rounds read. The third tap saves: the reads; savepoint and release (2); the
    # session's version claimed against the page's and the players' figures' key renewed (2), round
    # insert, entries insert (2).
    reads = 4
    dealer = n - 1
    order = [(dealer + i) % 4 for i in range(3)]
    post = {f"hcp_{order[0]}": "14", f"hcp_{order[1]}": "6", "at": str(order[2]), "pick": "16"}
    saved = queries(sending(table, action(session, n, "points"), post, htmx=True))
    assert len(saved) == reads + 6, "\n".join(q[:90] for q in saved)
    # The contract and the tricks update the round: 4 reads, 2 savepoint, version claimed and
    # figures' key renewed (2), round and entries bulk updates (2).
    contract = queries(
        sending(table, action(session, n, "contract"), {"strain": "H", "game": "0"}, htmx=True)
    )
    assert len(contract) == 10, "\n".join(q[:90] for q in contract)
    tricks = queries(
        sending(table, action(session, n, "contract"), {"strain": "H", "game": "0", "tricks": "8"}, htmx=True)
    )
    assert len(tricks) == 10, "\n".join(q[:90] for q in tricks)
    assert Round.objects.get(number=n).complete


def test_printed_and_summary_sheets_explain_only_what_they_show(table, make_mini, make_game):
    """Minibridge names the dealer in a column of its own: no key promises a D that never appears;
    a game whose sheet flags the dealer with a D still says what it means."""
    mini = make_mini(rounds=[played([14, 6, 16, 4], "NT", False, 8)])
    bugger = make_game(rounds=[{"bids": [0, 0, 0, 1, 1], "tricks": [0, 0, 0, 1, 0]}])
    for name in ("print", "summary"):
        page = body(table.get(url(name, mini)))
        assert "D marks who dealt" not in page and ">D<" not in page
        assert ("point at a score" in page) == (name == "summary")
        assert "D marks who dealt" in body(table.get(url(name, bugger)))
