"""The Memory Bridge pages: full pages and htmx partials, refusals, corrections, ownership, CSRF, queries.

Expected scores are worked out here from the rule text, never by calling the rules module.
"""

from __future__ import annotations

from functools import partial

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Entry, GameSession, Round

from .conftest import TableClient, sending
from .helpers import action, body, escaped, explanation, url

pytestmark = pytest.mark.django_db

ANN, BOB = 0, 1
PER_TRICK = {"NT": 30, "S": 30, "H": 30, "D": 20, "C": 20}


def trick_points(strain: str, tricks: int) -> int:
    over = max(0, tricks - 6)
    return over * PER_TRICK[strain] + (10 if strain == "NT" and over else 0)


def first_half(tricks: int) -> int:
    """The first-half winner's score: 100 and the no-trump trick points (7 = 140 ... 13 = 320)."""
    return 100 + trick_points("NT", tricks) if tricks >= 7 else 0


def second_half(level: int, strain: str, doubled: int, tricks: int) -> int:
    if tricks < level + 6:
        return 0
    return trick_points(strain, tricks) * (1, 2, 4)[doubled]


@pytest.fixture
def make_memory(make_session):
    """A Memory Bridge game of Ann and Bob to 500 unless ``target`` says otherwise."""
    return partial(make_session, "memory-bridge", players=("Ann", "Bob"), target=500)


def contract(declarer, level, strain, doubled=0):
    return {"declarer": declarer, "level": level, "strain": strain, "doubled": doubled}


def deal(fh, con="absent", tricks=None):
    data = {"first_half": list(fh)}
    if con != "absent":
        data["contract"] = con
    if tricks is not None:
        data["tricks"] = tricks
    return data


def totals() -> list[int]:
    last = Round.objects.order_by("-number").first()
    return list(last.entries.order_by("position").values_list("total", flat=True))


# -- a new game ------------------------------------------------------------------------------


def test_new_game_page_and_start(table, user):
    page = body(table.get(reverse("games:new", args=["memory-bridge"])))
    assert 'name="target"' in page and 'value="500"' in page
    assert reverse("games:rules", args=["memory-bridge"]) in page
    response = table.send(
        reverse("games:new", args=["memory-bridge"]),
        {"player_0": "Ann", "player_1": "Bob", "first_dealer": "1", "target": "300"},
    )
    session = GameSession.objects.get(owner=user)
    assert response.status_code == 302 and response["Location"] == url("sheet", session)
    assert session.options == {"target": 300} and session.first_dealer == BOB
    page = body(table.get(url("sheet", session)))
    assert "<strong>Bob</strong> deals · <strong>Ann</strong> leads the first trick" in page
    assert "Ann</strong> 0 / 300 · 300 to go" in page


def test_a_drawn_dealer_is_announced(table, user):
    table.send(
        reverse("games:new", args=["memory-bridge"]),
        {"player_0": "Ann", "player_1": "Bob", "first_dealer": "draw", "target": "500"},
    )
    session = GameSession.objects.get(owner=user)
    assert "deals first." in body(table.get(url("sheet", session)))


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"player_0": "Ann", "player_1": "", "first_dealer": "0", "target": "500"}, "Type a name."),
        (
            {"player_0": "Ann", "player_1": "ANN", "first_dealer": "0", "target": "500"},
            "already the first player",
        ),
        (
            {"player_0": "Ann", "player_1": "Bob", "first_dealer": "2", "target": "500"},
            "Select a valid choice",
        ),
        (
            {"player_0": "Ann", "player_1": "Bob", "first_dealer": "0", "target": "lots"},
            "Enter a whole number",
        ),
        (
            {"player_0": "Ann", "player_1": "Bob", "first_dealer": "0", "target": "0"},
            "greater than or equal to 1",
        ),
    ],
)
def test_new_game_refusals_keep_the_input(table, form, message):
    response = table.send(reverse("games:new", args=["memory-bridge"]), form)
    assert response.status_code == 400
    assert message in body(response) and 'value="Ann"' in body(response)
    assert not GameSession.objects.exists()


# -- the sheet ----------------------------------------------------------------------------------


def test_sheet_full_page_and_panel_partial(table, make_memory):
    session = make_memory(rounds=[deal([8, 5])])
    response = table.get(url("sheet", session))
    page = body(response)
    assert response.status_code == 200 and 'class="sheet-page"' in page
    assert reverse("games:rules", args=["memory-bridge"]) in page
    assert "First half: Ann 8, Bob 5: Ann scores 100 + 70 = 170" in page
    assert "Deal the other 26 cards. <strong>Ann</strong> bids first." in page
    assert "contract to come" in page
    partial = table.get(
        url("sheet", session) + "?phase=first-half",
        headers={"HX-Request": "true", "HX-Target": "entry-panel"},
    )
    assert body(partial).lstrip().startswith('<section id="entry-panel"') and "<html" not in body(partial)
    assert 'name="was_0" value="8"' in body(partial) and 'name="fh_0" value="8" checked' in body(partial)


# -- the first half ------------------------------------------------------------------------------


def test_one_tap_records_the_first_half(table, make_memory):
    session = make_memory()
    response = table.send(action(session, 1, "first-half"), {"fh_1": "5"}, htmx=True)
    page = body(response)
    assert list(Entry.objects.order_by("position").values_list("first_half", flat=True)) == [8, 5]
    assert totals() == [first_half(8), 0] == [170, 0]
    # Said once, heading the contract step: not again in a note above it.
    assert page.count("First half: Ann 8, Bob 5: Ann scores 100 + 70 = 170") == 1
    assert 'id="scoreboard" hx-swap-oob="true"' in page
    assert "Declarer (won the auction)" in page


def test_plain_first_half_form(table, make_memory):
    session = make_memory()
    response = table.send(action(session, 1, "first-half"), {"fh_0": "7", "save": "1"})
    assert response.status_code == 302
    response = table.send(action(session, 1, "first-half"), {"save": "1"})
    assert response.status_code == 400  # the first half is recorded; deal 1 now wants its contract
    assert list(Entry.objects.order_by("position").values_list("first_half", flat=True)) == [7, 6]


def test_changing_the_first_half_follows_the_tapped_row_and_keeps_the_contract(table, make_memory):
    session = make_memory(rounds=[deal([8, 5], contract(BOB, 2, "S"))])
    # The rows showed 8 and 5; Bob's row was tapped to 6: Ann's follows to 7.
    table.send(
        action(session, 1, "first-half"), {"was_0": "8", "was_1": "5", "fh_0": "8", "fh_1": "6"}, htmx=True
    )
    rnd = Round.objects.get()
    assert list(rnd.entries.order_by("position").values_list("first_half", flat=True)) == [7, 6]
    assert rnd.contract == contract(BOB, 2, "S")


@pytest.mark.parametrize(
    ("post", "message"),
    [
        ({"fh_0": "14"}, "Ann's first-half tricks must be a number from 0 to 13"),
        ({"fh_0": "x"}, "Ann's first-half tricks must be a number from 0 to 13, not “x”"),
        ({"fh_0": "8", "fh_1": "6"}, "the first-half tricks add up to 14, but 13 were played"),
        ({"save": "1"}, "tap how many tricks either player took"),
    ],
)
@pytest.mark.parametrize("htmx", [True, False])
def test_bad_first_halves_are_refused(table, make_memory, post, message, htmx):
    session = make_memory()
    response = table.send(action(session, 1, "first-half"), post, htmx=htmx)
    assert response.status_code == (200 if htmx else 400)
    assert escaped(message) in body(response)
    assert not Round.objects.exists()


def test_a_first_half_that_reaches_the_target_ends_the_game(table, make_memory):
    session = make_memory(rounds=[deal([8, 5], None)], target=300)
    response = table.send(action(session, 2, "first-half"), {"fh_0": "9"}, htmx=True)
    page = body(response)
    assert totals() == [first_half(8) + first_half(9), 0] == [370, 0]
    assert "That takes Ann to 370: the game ends after the first half." in page
    assert "Ann wins, reaching the target in the first half of deal 2." in page
    assert "Game over" in page and "target reached in the first half" in page
    session.refresh_from_db()
    assert session.is_finished and session.winners == [ANN]
    again = table.send(
        action(session, 2, "second-half"), {"declarer": "0", "level": "1", "strain": "NT"}, htmx=True
    )
    assert "Deal 2 is not the deal being entered" in body(again)
    assert Round.objects.get(number=2).contract is None


# -- the second half -----------------------------------------------------------------------------


def test_contract_then_tricks(table, make_memory):
    session = make_memory(rounds=[deal([8, 5])])
    target = action(session, 1, "second-half")
    response = table.send(target, {"declarer": "1", "level": "3"}, htmx=True)
    assert Round.objects.get().contract is None and "Second-half tricks" not in body(response)
    response = table.send(target, {"declarer": "1", "level": "3", "strain": "H"}, htmx=True)
    assert Round.objects.get().contract == contract(BOB, 3, "H")
    assert "3♥ by Bob: needs 9 tricks; Ann leads." in body(response)
    response = table.send(target, {"declarer": "1", "level": "3", "strain": "H", "doubled": "1"}, htmx=True)
    assert Round.objects.get().contract == contract(BOB, 3, "H", 1)
    assert "3♥ doubled by Bob" in body(response)
    response = table.send(
        target, {"declarer": "1", "level": "3", "strain": "H", "doubled": "1", "tricks": "10"}, htmx=True
    )
    page = body(response)
    bob = second_half(3, "H", 1, 10)
    assert bob == 4 * 30 * 2
    assert totals() == [170, bob]
    assert f"Deal 1: 3♥ doubled by Bob made with 10: +{bob}." in page
    said = explanation(table, session, 1, 2)  # Bob's square, after the contract's
    assert f"declared 3♥ doubled, needed 9, took 10: made, 120 × 2 = {bob}; total {bob}" in said
    assert "<h2>Deal 2" in page and "<strong>Bob</strong> deals" in page


def test_a_failed_contract_scores_nothing(table, make_memory):
    session = make_memory(rounds=[deal([6, 7], contract(ANN, 4, "S"))])
    response = table.send(
        action(session, 1, "second-half"),
        {"declarer": "0", "level": "4", "strain": "S", "tricks": "9"},
        htmx=True,
    )
    assert totals() == [0, first_half(7)]
    assert "4♠ by Ann took 9 of 10: no score." in body(response)


def test_passed_out_is_one_tap(table, make_memory):
    session = make_memory(rounds=[deal([6, 7])])
    response = table.send(action(session, 1, "second-half"), {"level": "pass", "doubled": "0"}, htmx=True)
    rnd = Round.objects.get()
    assert rnd.passed_out and rnd.complete
    assert "the auction was passed out; no second half" in body(response)
    assert "Passed out" in body(response) and "no second half" in body(response)


@pytest.mark.parametrize(
    ("post", "message"),
    [
        ({"declarer": "2", "level": "1", "strain": "NT"}, "tap who declares"),
        ({"declarer": "0", "level": "8", "strain": "NT"}, "the level must be 1 to 7"),
        ({"declarer": "0", "level": "1", "strain": "Z"}, "pick the strain from NT"),
        (
            {"declarer": "0", "level": "1", "strain": "NT", "doubled": "3"},
            "doubling is not doubled, doubled or redoubled",
        ),
        (
            {"declarer": "0", "level": "1", "strain": "NT", "tricks": "99"},
            "the tricks must be a number from 0 to 13",
        ),
        ({"declarer": "0", "tricks": "9"}, "choose declarer, level and strain before the tricks"),
        ({"level": "pass", "tricks": "7"}, "the auction was passed out, so the second half has no tricks"),
    ],
)
@pytest.mark.parametrize("htmx", [True, False])
def test_bad_second_halves_are_refused(table, make_memory, post, message, htmx):
    session = make_memory(rounds=[deal([8, 5])])
    response = table.send(action(session, 1, "second-half"), post, htmx=htmx)
    assert response.status_code == (200 if htmx else 400)
    assert message in body(response)
    rnd = Round.objects.get()
    assert rnd.contract is None and not rnd.passed_out and rnd.tricks is None


def test_plain_second_half_form_saves_contract_and_tricks_at_once(table, make_memory):
    session = make_memory(rounds=[deal([8, 5])])
    response = table.send(
        action(session, 1, "second-half"),
        {"declarer": "0", "level": "1", "strain": "NT", "doubled": "2", "tricks": "8", "save": "1"},
    )
    assert response.status_code == 302
    assert totals() == [170 + second_half(1, "NT", 2, 8), 0] == [170 + 70 * 4, 0]


def test_second_half_reaching_the_target_ends_the_game(table, make_memory):
    session = make_memory(
        rounds=[deal([8, 5], contract(ANN, 4, "S"))], target=first_half(8) + second_half(4, "S", 0, 10)
    )
    response = table.send(
        action(session, 1, "second-half"),
        {"declarer": "0", "level": "4", "strain": "S", "tricks": "10"},
        htmx=True,
    )
    assert "Ann wins." in body(response) and "first half of deal" not in body(response)
    assert GameSession.objects.get().is_finished


# -- corrections ------------------------------------------------------------------------------------


def test_correcting_an_old_deal_recomputes_every_total_after_it(table, make_memory):
    session = make_memory(
        rounds=[
            deal([8, 5], contract(BOB, 3, "H", 1), 9),
            deal([5, 8], None),
            deal([7, 6], contract(ANN, 1, "C"), 8),
        ],
        target=2000,
    )
    page = body(table.get(action(session, 1, "edit"), headers={"HX-Request": "true"}))
    assert "Correct deal 1" in page and 'name="fh_0" value="8" checked' in page
    assert page.lstrip().startswith('<section id="entry-panel"')
    full = body(table.get(action(session, 1, "edit")))
    assert "<html" in full and "Correct deal 1" in full and 'name="doubled" value="1" checked' in full
    # Deal 1 was really 9-4 in the first half, and Bob's contract went one down.
    post = {
        "was_0": "8",
        "was_1": "5",
        "fh_0": "9",
        "fh_1": "5",
        "declarer": "1",
        "level": "3",
        "strain": "H",
        "doubled": "1",
        "tricks": "8",
        "save": "1",
    }
    response = table.send(action(session, 1, "edit"), post, htmx=True)
    assert "Deal 1 corrected" in body(response)
    assert list(
        Round.objects.get(number=1).entries.order_by("position").values_list("first_half", flat=True)
    ) == [9, 4]
    ann = first_half(9) + first_half(7) + second_half(1, "C", 0, 8)
    bob = second_half(3, "H", 1, 8) + first_half(8)
    assert totals() == [ann, bob] == [200 + 140 + 40, 170]


def test_correction_preview_fills_in_the_other_first_half(table, make_memory):
    session = make_memory(rounds=[deal([8, 5], None)])
    post = {"was_0": "8", "was_1": "5", "fh_0": "8", "fh_1": "3", "level": "pass"}
    page = body(table.send(action(session, 1, "edit"), post, htmx=True))
    assert 'name="fh_0" value="10" checked' in page and 'name="was_1" value="3"' in page
    assert list(Round.objects.get().entries.order_by("position").values_list("first_half", flat=True)) == [
        8,
        5,
    ]


def test_a_correction_that_ends_the_game_in_a_first_half_drops_the_second(table, make_memory):
    session = make_memory(rounds=[deal([8, 5], contract(ANN, 1, "NT"), 7)], target=300)
    post = {
        "was_0": "8",
        "was_1": "5",
        "fh_0": "13",
        "declarer": "0",
        "level": "1",
        "strain": "NT",
        "tricks": "7",
        "save": "1",
    }
    response = table.send(action(session, 1, "edit"), post)
    assert response.status_code == 302
    rnd = Round.objects.get()
    assert rnd.contract is None and rnd.tricks is None and rnd.complete
    assert totals() == [first_half(13), 0] == [320, 0]
    assert GameSession.objects.get().is_finished


def test_a_correction_that_breaks_a_later_deal_is_refused(table, make_memory):
    session = make_memory(rounds=[deal([8, 5], None), deal([5, 8], None)], target=300)
    # Deal 1 at 13-0 would take Ann to 320 in its first half: the game would have ended there.
    post = {"was_0": "8", "was_1": "5", "fh_0": "13", "level": "pass", "save": "1"}
    response = table.send(action(session, 1, "edit"), post, htmx=True)
    assert "Deal 2: the game ended with deal 1" in body(response)
    assert 'name="fh_0" value="13" checked' in body(response)
    assert list(
        Round.objects.get(number=1).entries.order_by("position").values_list("first_half", flat=True)
    ) == [8, 5]


@pytest.mark.parametrize(
    ("post", "message"),
    [
        (
            {"was_0": "8", "was_1": "5", "fh_0": "8", "fh_1": "5", "declarer": "0", "save": "1"},
            "choose declarer, level and strain, or passed out",
        ),
        (
            {
                "was_0": "8",
                "was_1": "5",
                "fh_0": "8",
                "fh_1": "5",
                "declarer": "0",
                "level": "2",
                "strain": "D",
                "save": "1",
            },
            "tap the tricks Ann took",
        ),
        (
            {"was_0": "3", "was_1": "3", "fh_0": "8", "fh_1": "6", "level": "pass", "save": "1"},
            "add up to 14",
        ),
    ],
)
def test_bad_corrections_change_nothing(table, make_memory, post, message):
    session = make_memory(rounds=[deal([8, 5], None)])
    response = table.send(action(session, 1, "edit"), post)
    assert response.status_code == 400
    assert message in body(response)
    assert Round.objects.get().passed_out


# -- undo, end, ownership, CSRF, rules -----------------------------------------------------------------


def test_undo_and_end_early(table, make_memory):
    session = make_memory(rounds=[deal([5, 8], None), deal([8, 5])])
    assert "Undo last deal" in body(table.get(url("sheet", session)))
    response = table.send(url("undo", session), htmx=True)
    assert response["HX-Refresh"] == "true" and Round.objects.count() == 1
    table.send(action(session, 2, "first-half"), {"fh_0": "9"}, htmx=True)
    response = table.send(url("end", session))
    assert response.status_code == 302
    session.refresh_from_db()
    # The deal in hand ends the game on its first half, which counts: Ann's 200 against Bob's 170
    # (RULINGS: the highest total wins; issue 19, item 10).
    assert session.finished_early and session.winners == [ANN]
    assert Round.objects.count() == 2 and totals() == [200, 170]
    page = body(table.get(url("sheet", session)))
    assert "Ann wins (game ended early)" in page and "Auction" not in page


@pytest.mark.parametrize(
    ("target", "method"),
    [
        (lambda s: url("sheet", s), "get"),
        (lambda s: action(s, 2, "first-half"), "post"),
        (lambda s: action(s, 2, "second-half"), "post"),
        (lambda s: action(s, 1, "edit"), "get"),
        (lambda s: action(s, 1, "edit"), "post"),
        (lambda s: url("undo", s), "post"),
        (lambda s: url("end", s), "post"),
    ],
)
def test_another_users_game_is_404(other_user, make_memory, target, method):
    session = make_memory(rounds=[deal([8, 5], None)])
    stranger = TableClient()
    stranger.force_login(other_user)
    address = target(session)
    response = stranger.get(address) if method == "get" else stranger.send(address, {"fh_0": "7"})
    assert response.status_code == 404
    assert Round.objects.count() == 1


def test_posts_without_the_csrf_token_are_refused(table, make_memory):
    session = make_memory()
    assert table.post(action(session, 1, "first-half"), {"fh_0": "7"}).status_code == 403
    assert not Round.objects.exists()


def test_writes_refuse_get(table, make_memory):
    session = make_memory()
    assert table.get(action(session, 1, "first-half")).status_code == 405
    assert table.get(action(session, 1, "second-half")).status_code == 405
    assert table.get(action(session, 1, "points")).status_code == 404


@pytest.mark.django_db
def test_rules_page_in_the_apps_own_words():
    response = TableClient().get(reverse("games:rules", args=["memory-bridge"]))
    page = body(response)
    assert response.status_code == 200 and "Memory Bridge in brief" in page
    for ruling in ("alternates", "checked after each half", "500 unless", "nobody scores", "by 2"):
        assert ruling in page


# -- queries ------------------------------------------------------------------------------------------


def queries(fn) -> list[str]:
    with CaptureQueriesContext(connection) as ctx:
        fn()
    return [q["sql"] for q in ctx.captured_queries]


@pytest.mark.parametrize("deals", [1, 15])
def test_queries_do_not_grow_with_deals(table, make_memory, deals):
    session = make_memory(
        rounds=[deal([7, 6] if i % 2 else [6, 7], None) for i in range(deals)], target=100_000
    )
    n = deals + 1
    table.token()
    # django session, user, game session (owner check), seats with players, rounds with their entries.
    assert len(queries(lambda: table.get(url("sheet", session)))) == 5
    # The first half: 5 reads; savepoint and release (2); version claimed, figures' key renewed,
    # round insert, entries insert (4).
    first = queries(sending(table, action(session, n, "first-half"), {"fh_0": "7"}, htmx=True))
    assert len(first) == 11, "\n".join(q[:90] for q in first)
    # A contract tap that does not complete it stores nothing. From here the deal's rows are kept with
    # the replay of the version the first half stored: 4 reads, not 5.
    assert len(queries(sending(table, action(session, n, "second-half"), {"level": "2"}, htmx=True))) == 4
    # The contract, then the tricks: 4 reads, 2 savepoint, version claimed and figures' key renewed
    # (2), round and entries updates (2).
    post = {"declarer": "0", "level": "2", "strain": "C"}
    assert len(queries(sending(table, action(session, n, "second-half"), post, htmx=True))) == 10
    done = queries(sending(table, action(session, n, "second-half"), {**post, "tricks": "9"}, htmx=True))
    assert len(done) == 10, "\n".join(q[:90] for q in done)
    assert Round.objects.get(number=n).complete
