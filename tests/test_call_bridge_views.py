"""The Call Bridge pages: full pages and htmx partials, refusals, corrections, ownership, CSRF, queries."""

from __future__ import annotations

from functools import partial

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Entry, GameSession, Round

from .conftest import TableClient, sending
from .helpers import body

pytestmark = pytest.mark.django_db

FOUR = ["Ann", "Bob", "Cat", "Dan"]
NEW = reverse("games:new", args=["call-bridge"])


def points(bid, took):
    """Call Bridge scoring written out again: bonus bids (8+) need the bid or one more."""
    if bid >= 8:
        return 13 if took in (bid, bid + 1) else -bid
    return bid if took >= bid else -bid


@pytest.fixture
def call_game(make_session):
    """A Call Bridge game: Ann, Bob, Cat and Dan, to 30 unless ``target`` says otherwise."""
    return partial(make_session, "call-bridge", players=FOUR, target=30)


def url(session, number=None, action=None):
    if action is None:
        return reverse("games:sheet", args=[session.pk])
    return reverse("games:round-action", args=[session.pk, number, action])


def bids_data(bids, save=False):
    data = {f"bid_{i}": b for i, b in enumerate(bids) if b is not None}
    if save:
        data["save"] = "1"
    return data


def tricks_data(tricks, save=True):
    data = {f"tricks_{i}": t for i, t in enumerate(tricks)}
    if save:
        data["save"] = "1"
    return data


def totals(session):
    last = Round.objects.filter(session=session, complete=True).order_by("-number").first()
    return list(last.entries.order_by("position").values_list("total", flat=True))


def has(text, response):
    content = body(response)
    return text in content or text.replace("’", "&#x27;").replace("'", "&#x27;") in content


# -- new game ------------------------------------------------------------------------


def test_new_game_page_links_the_rules_and_defaults_the_target(table):
    response = table.get(NEW)
    assert response.status_code == 200
    page = body(response)
    assert reverse("games:rules", args=["call-bridge"]) in page
    assert 'name="target" value="30"' in page
    assert page.count('name="player_') == 4


def test_new_game_seats_four_players_with_the_dealer_and_target(table, user):
    form = {f"player_{i}": n for i, n in enumerate(FOUR)}
    response = table.send(NEW, {**form, "first_dealer": "2", "target": "40"})
    assert response.status_code == 302
    session = GameSession.objects.get(owner=user)
    assert session.game == "call-bridge" and session.options == {"target": 40}
    assert session.first_dealer == 2
    assert [s.player.name for s in session.seats.order_by("position")] == FOUR
    page = body(table.get(url(session)))
    assert "<strong>Cat</strong> deals" in page and "<strong>Dan</strong> bids and leads first" in page
    assert 'first to <strong class="target">40</strong>' in page


@pytest.mark.usefixtures("user")
def test_new_game_can_draw_the_dealer(table):
    form = {f"player_{i}": n for i, n in enumerate(FOUR)}
    assert table.send(NEW, {**form, "first_dealer": "draw", "target": "30"}).status_code == 302
    assert 0 <= GameSession.objects.get().first_dealer < 4


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"player_3": ""}, "exactly 4 players"),
        ({"player_0": "Ann", "player_1": "Bob", "player_2": "Cat", "player_3": "ann"}, "already in seat 1"),
        ({"target": "0"}, "greater than or equal to 1"),
        ({"target": "thirty"}, "Enter a whole number"),
        ({"target": ""}, "This field is required"),
        ({"first_dealer": "7"}, "Select a valid choice"),
    ],
)
def test_new_game_refusals_keep_the_input(table, form, message):
    data = {**{f"player_{i}": n for i, n in enumerate(FOUR)}, "first_dealer": "draw", "target": "30", **form}
    response = table.send(NEW, data)
    assert response.status_code == 400
    assert message in body(response)
    assert 'value="Bob"' in body(response)
    assert not GameSession.objects.exists()


def test_same_players_again_prefills_names_and_target(table, call_game):
    session = call_game(target=45)
    page = body(table.get(NEW + f"?from={session.pk}"))
    for name in FOUR:
        assert f'value="{name}"' in page
    assert 'name="target" value="45"' in page


# -- the sheet ---------------------------------------------------------------------------


def test_sheet_shows_deal_facts_target_and_bonus_chips(table, call_game):
    session = call_game(first_dealer=3)
    response = table.get(url(session))
    assert response.status_code == 200
    page = body(response)
    assert 'class="sheet-page"' in page
    assert "css/bidding." in page  # bidding.css, under its collected (hashed) name
    assert "<strong>Dan</strong> deals" in page and "<strong>Ann</strong> bids and leads first" in page
    assert "First to 30 wins" in page
    assert page.count('name="bid_0"') == 11  # 2..12
    assert ">8★</label>" in page and ">7</label>" in page and ">12★</label>" in page
    assert reverse("games:rules", args=["call-bridge"]) in page
    assert reverse("games:undo", args=[session.pk]) not in page  # nothing to undo yet
    assert reverse("games:end", args=[session.pk]) in page


def test_sheet_panel_partial_for_htmx(table, call_game):
    session = call_game(rounds=[{"bids": [3, 4, 2, 9]}])
    response = table.get(
        url(session) + "?phase=bids", headers={"HX-Request": "true", "HX-Target": "entry-panel"}
    )
    assert response.status_code == 200
    page = body(response)
    assert page.lstrip().startswith('<section id="entry-panel"')
    assert "<html" not in page
    assert 'name="bid_3" value="9" checked' in page


def test_tapping_bids_counts_and_saves_when_the_last_is_in(table, call_game):
    session = call_game()
    response = table.send(url(session, 1, "bids"), bids_data([4, None, 3, None]), htmx=True)
    assert response.status_code == 200
    assert "Bids total 7 for 13 tricks, 2 players still to bid" in body(response)
    assert not Round.objects.exists()
    response = table.send(url(session, 1, "bids"), bids_data([4, 2, 3, 9]), htmx=True)
    page = body(response)
    assert "Bids total 18 for 13" in page
    assert 'name="tricks_3" value="9" checked' in page  # tricks start at the bids
    assert "18 tricks placed: 5 too many for 13" in page
    assert 'id="sheet-body" hx-swap-oob="true"' in page and 'id="totals" hx-swap-oob="true"' in page
    assert list(Entry.objects.order_by("position").values_list("bid", flat=True)) == [4, 2, 3, 9]


def test_saving_tricks_scores_and_explains_every_square(table, call_game):
    session = call_game(rounds=[{"bids": [4, 2, 3, 9]}])
    preview = table.send(url(session, 1, "tricks"), tricks_data([5, 2, 0, 11], save=False), htmx=True)
    assert "4 tricks placed" not in body(preview)
    assert "18 tricks placed" in body(preview)
    preview = table.send(url(session, 1, "tricks"), tricks_data([0, 2, 0, 11], save=False), htmx=True)
    assert "All 13 tricks placed" in body(preview)
    # In bidding order: Ann deals deal 1, so Bob bids first.
    assert "Made: Bob +2" in body(preview)
    assert "Missed: Cat (bid 3, took 0) −3, Dan (bid 9, took 11) −9, Ann (bid 4, took 0) −4" in body(preview)
    assert not Round.objects.get().complete
    response = table.send(url(session, 1, "tricks"), tricks_data([0, 2, 0, 11]), htmx=True)
    assert response.status_code == 200
    page = body(response)
    assert "Deal 2" in page
    assert totals(session) == [points(4, 0), points(2, 2), points(3, 0), points(9, 11)]
    # The squares are in the page; how each was worked out is fetched when it is tapped.
    assert "took 11" not in page.split('id="sheet-body"')[1]
    explain = reverse("games:explain", args=[session.pk])
    assert f'data-explain="{explain}"' in page
    popover = body(table.get(explain + "?r=1&k=3"))
    assert popover == (
        '<div popover id="exp-1-3" class="explain">'
        "Deal 1 · Dan: bid 9, took 11: a bonus bid fails outside 9-10, so -9; total -9</div>\n"
    )
    assert table.get(explain + "?r=1&k=9").status_code == 404
    assert table.get(explain + "?r=2&k=0").status_code == 404  # not scored yet
    assert table.get(explain + "?r=x&k=0").status_code == 404


def test_plain_posts_redirect_back_to_the_sheet(table, call_game):
    session = call_game()
    response = table.send(url(session, 1, "bids"), bids_data([3, 3, 3, 4], save=True))
    assert response.status_code == 302 and response["Location"] == url(session)
    response = table.send(url(session, 1, "tricks"), tricks_data([3, 3, 3, 4]))
    assert response.status_code == 302
    assert totals(session) == [3, 3, 3, 4]


def test_plain_post_with_a_missing_bid_is_refused_beside_the_player(table, call_game):
    session = call_game()
    response = table.send(url(session, 1, "bids"), bids_data([3, None, 3, 4], save=True))
    assert response.status_code == 400
    assert "Deal 1: Bob has not bid." in body(response)  # the screen says Deal
    assert 'name="bid_3" value="4" checked' in body(response)
    assert not Round.objects.exists()


@pytest.mark.parametrize(
    ("bids", "message"),
    [
        (["x", 3, 3, 3], "Ann’s bid must be a number"),
        ([13, 3, 3, 3], "Ann bid 13, but a bid must be 2 to 12"),
        ([3, 1, 3, 3], "Bob bid 1, but a bid must be 2 to 12"),
        ([3, 3, -2, 3], "Cat bid -2"),
        ([3, 3, 3, "99999999999999999999"], "is not possible"),
    ],
)
@pytest.mark.parametrize("htmx", [True, False])
def test_bad_bids_are_refused_and_nothing_is_stored(table, call_game, bids, message, htmx):
    session = call_game()
    response = table.send(url(session, 1, "bids"), bids_data(bids, save=True), htmx=htmx)
    assert response.status_code == (200 if htmx else 400)
    assert has(message, response)
    assert 'class="seat-row has-error"' in body(response)
    assert not Round.objects.exists()


def test_a_partial_tap_out_of_range_is_refused_too(table, call_game):
    session = call_game()
    response = table.send(url(session, 1, "bids"), bids_data([None, 40, None, None]), htmx=True)
    assert has("Bob bid 40, but a bid must be 2 to 12", response)


def test_trumps_other_than_spades_are_refused(table, call_game):
    session = call_game()
    response = table.send(url(session, 1, "bids"), {**bids_data([3, 3, 3, 3], save=True), "trump": "hearts"})
    assert response.status_code == 400
    assert not Round.objects.exists()


@pytest.mark.parametrize(
    ("tricks", "message"),
    [
        ([3, 3, 3, 3], "the tricks add up to 12, but 13 were played (1 too few)"),
        ([4, 4, 4, 4], "3 too many"),
        ([14, 0, 0, 0], "Ann took 14 tricks"),
        (["a", 3, 3, 4], "Ann’s tricks must be a number"),
        ([3, 3, 3, ""], "enter Dan’s tricks"),
    ],
)
def test_bad_tricks_are_refused_with_the_input_kept(table, call_game, tricks, message):
    session = call_game(rounds=[{"bids": [3, 3, 3, 4]}])
    response = table.send(url(session, 1, "tricks"), tricks_data(tricks), htmx=True)
    assert response.status_code == 200
    assert has(message, response)
    if tricks[1] != "":
        assert f'name="tricks_1" value="{tricks[1]}" checked' in body(response)
    assert not Round.objects.get().complete
    assert list(Entry.objects.values_list("tricks", flat=True)) == [None] * 4


def test_a_post_for_another_deal_changes_nothing(table, call_game):
    session = call_game()
    response = table.send(url(session, 4, "bids"), bids_data([3, 3, 3, 3], save=True), htmx=True)
    assert response.status_code == 200
    assert "Deal 4 is not the deal being entered" in body(response)
    response = table.send(url(session, 1, "tricks"), tricks_data([3, 3, 3, 4]))
    assert response.status_code == 400
    assert not Round.objects.exists()


def test_unknown_action_is_404(table, call_game):
    session = call_game()
    assert table.send(url(session, 1, "penalty"), {"player": "0"}).status_code == 404


# -- the end of the game ---------------------------------------------------------------------


def test_reaching_the_target_alone_wins(table, call_game):
    session = call_game(rounds=[{"bids": [9, 2, 2, 2], "tricks": [9, 2, 2, 0]}] * 2)
    table.send(url(session, 3, "bids"), bids_data([10, 2, 2, 2]), htmx=True)
    response = table.send(url(session, 3, "tricks"), tricks_data([10, 1, 1, 1]), htmx=True)
    session.refresh_from_db()
    assert session.status == GameSession.Status.FINISHED and session.winners == [0]
    assert "Ann wins with 39" in body(response)
    assert 'class="leader">39<' in body(response)
    again = table.send(url(session, 4, "bids"), bids_data([3, 3, 3, 3], save=True))
    assert again.status_code == 400 and Round.objects.count() == 3


def test_a_shared_lead_at_the_target_means_play_goes_on(table, call_game):
    # Ann and Bob make bonus bids turn about: 13 each a deal.
    rounds = [
        {"bids": [8, 2, 2, 2], "tricks": [8, 2, 2, 1]},
        {"bids": [2, 8, 2, 2], "tricks": [2, 8, 2, 1]},
        {"bids": [8, 2, 2, 2], "tricks": [8, 2, 2, 1]},
    ]
    session = call_game(rounds=rounds, target=30)
    table.send(url(session, 4, "bids"), bids_data([2, 8, 2, 2]), htmx=True)
    response = table.send(url(session, 4, "tricks"), tricks_data([2, 8, 2, 1]), htmx=True)
    page = body(response)
    expected = [0] * 4
    for r in [*rounds, {"bids": [2, 8, 2, 2], "tricks": [2, 8, 2, 1]}]:
        expected = [e + points(b, t) for e, b, t in zip(expected, r["bids"], r["tricks"], strict=True)]
    assert expected == [30, 30, 8, -8]
    assert totals(session) == expected
    assert "Play goes on: Ann and Bob share the lead at 30" in page
    assert "Deal 5" in page
    session.refresh_from_db()
    assert session.status == GameSession.Status.IN_PROGRESS


def test_ending_early_names_the_leader(table, call_game):
    session = call_game(rounds=[{"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4]}, {"bids": [3, 3, 3, 3]}])
    response = table.send(reverse("games:end", args=[session.pk]))
    assert response.status_code == 302
    session.refresh_from_db()
    assert session.finished_early and session.winners == [3]
    assert "Dan wins (game ended early)" in body(table.get(url(session)))


def test_undo_takes_back_the_last_deal(table, call_game):
    session = call_game(rounds=[{"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4]}, {"bids": [3, 3, 3, 3]}])
    page = body(table.get(url(session)))
    assert reverse("games:undo", args=[session.pk]) in page and "Undo last deal" in page
    response = table.send(reverse("games:undo", args=[session.pk]), htmx=True)
    assert response["HX-Refresh"] == "true"  # django-htmx HttpResponseClientRefresh
    assert list(Round.objects.values_list("number", flat=True)) == [1]


# -- corrections ------------------------------------------------------------------------------


def test_correcting_an_earlier_deal_recomputes_every_total_after_it(table, call_game):
    rounds = [
        {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]},
        {"bids": [2, 5, 3, 3], "tricks": [2, 5, 3, 3]},
        {"bids": [3, 3, 8, 2], "tricks": [1, 2, 8, 2]},
    ]
    session = call_game(rounds=rounds)
    assert totals(session) == [4 + 2 - 3, 3 + 5 - 3, 3 + 3 + 13, 3 + 3 + 2]
    page = table.get(url(session, 1, "edit"), headers={"HX-Request": "true"})
    assert "Correct deal 1" in body(page)
    assert 'name="tricks_0" value="4" checked' in body(page)
    full = table.get(url(session, 1, "edit"))
    assert full.status_code == 200 and "<html" in body(full)
    # Deal 1 corrected: Ann took 2 (missed 4), Bob 5.
    data = {**bids_data([4, 3, 3, 3]), **tricks_data([2, 5, 3, 3], save=False)}
    response = table.send(url(session, 1, "edit"), data, htmx=True)
    assert response.status_code == 200
    assert 'id="sheet-body" hx-swap-oob="true"' in body(response)
    expected = [0, 0, 0, 0]
    for bids, tricks in [([4, 3, 3, 3], [2, 5, 3, 3])] + [(r["bids"], r["tricks"]) for r in rounds[1:]]:
        expected = [e + points(b, t) for e, b, t in zip(expected, bids, tricks, strict=True)]
    assert totals(session) == expected
    assert list(Round.objects.get(number=1).entries.order_by("position").values_list("total", flat=True)) == [
        -4,
        3,
        3,
        3,
    ]


@pytest.mark.parametrize("htmx", [True, False])
def test_a_correction_that_breaks_the_rules_is_refused(table, call_game, htmx):
    session = call_game(rounds=[{"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}])
    data = {**bids_data([4, 3, 3, 3]), **tricks_data([4, 4, 3, 3], save=False)}
    response = table.send(url(session, 1, "edit"), data, htmx=htmx)
    assert response.status_code == (200 if htmx else 400)
    assert "the tricks add up to 14, but 13 were played" in body(response)
    assert 'name="tricks_1" value="4" checked' in body(response)
    assert totals(session) == [4, 3, 3, 3]
    response = table.send(url(session, 1, "edit"), {**data, "bid_2": "1"}, htmx=htmx)
    assert has("Cat bid 1, but a bid must be 2 to 12", response)


def test_correcting_a_deal_not_played_is_stale(table, call_game):
    session = call_game(rounds=[{"bids": [4, 3, 3, 3]}])
    response = table.get(url(session, 1, "edit"))
    assert response.status_code == 400
    assert "Deal 1 is not the deal being entered" in body(response)


def test_a_correction_after_the_game_was_won_that_changes_the_winner(table, call_game):
    session = call_game(rounds=[{"bids": [9, 2, 2, 2], "tricks": [9, 2, 2, 0]}] * 3)
    session.refresh_from_db()
    assert session.status == GameSession.Status.FINISHED
    data = {**bids_data([9, 2, 2, 2]), **tricks_data([7, 2, 2, 2], save=False)}
    response = table.send(url(session, 3, "edit"), data)
    assert response.status_code == 302
    session.refresh_from_db()
    assert session.status == GameSession.Status.IN_PROGRESS  # 26 - 9 = 17: no longer at the target
    assert totals(session) == [13 + 13 - 9, 2 + 2 + 2, 2 + 2 + 2, -2 - 2 + 2]


# -- ownership, CSRF, methods -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "method"),
    [
        ((None, None), "get"),
        ((1, "bids"), "post"),
        ((1, "tricks"), "post"),
        ((1, "edit"), "get"),
        ((1, "edit"), "post"),
        ("undo", "post"),
        ("end", "post"),
    ],
)
def test_another_users_game_is_404(other_user, call_game, target, method):
    session = call_game(rounds=[{"bids": [3, 3, 3, 4], "tricks": [3, 3, 3, 4]}])
    stranger = TableClient()
    stranger.force_login(other_user)
    address = (
        reverse(f"games:{target}", args=[session.pk]) if isinstance(target, str) else url(session, *target)
    )
    response = stranger.get(address) if method == "get" else stranger.send(address, bids_data([3, 3, 3, 4]))
    assert response.status_code == 404
    assert Round.objects.count() == 1 and not GameSession.objects.get().finished_early


def test_posts_without_the_csrf_token_are_refused(table, call_game):
    session = call_game()
    response = table.post(url(session, 1, "bids"), bids_data([3, 3, 3, 4], save=True))
    assert response.status_code == 403
    response = table.post(NEW, {f"player_{i}": n for i, n in enumerate(FOUR)} | {"first_dealer": "0"})
    assert response.status_code == 403
    assert GameSession.objects.count() == 1 and not Round.objects.exists()


def test_writes_refuse_get(table, call_game):
    session = call_game()
    assert table.get(url(session, 1, "bids")).status_code == 405
    assert table.get(url(session, 1, "tricks")).status_code == 405


@pytest.mark.django_db
def test_rules_page_in_the_apps_own_words():
    response = TableClient().get(reverse("games:rules", args=["call-bridge"]))
    assert response.status_code == 200
    page = body(response)
    assert "Call Bridge in brief" in page
    for ruling in ("2 to 12", "bid or one more", "play goes on", "the order play passes", "Target"):
        assert ruling.lower() in page.lower()


# -- queries --------------------------------------------------------------------------------------


def count(fn) -> list[str]:
    with CaptureQueriesContext(connection) as ctx:
        fn()
    return [q["sql"] for q in ctx.captured_queries]


def small_deals(n):
    # Every deal everyone bids 3 and Dan takes the 13th trick: nobody reaches 30 in 5 deals.
    return [{"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4]} for _ in range(n)]


@pytest.mark.parametrize("deals", [0, 1, 5])
def test_sheet_page_queries(table, call_game, deals):
    session = call_game(rounds=small_deals(deals), target=500)
    table.token()
    queries = count(lambda: table.get(url(session)))
    # user, django session, game session (owner check), seats with players, rounds with their entries.
    assert len(queries) == 5, queries


@pytest.mark.parametrize("deals", [0, 6])
def test_tricks_save_queries(table, call_game, deals):
    session = call_game(rounds=small_deals(deals) + [{"bids": [3, 3, 3, 3]}], target=500)
    table.token()
    queries = count(sending(table, url(session, deals + 1, "tricks"), tricks_data([3, 3, 3, 4]), htmx=True))
    # 5 reads as above; savepoint and release (2); the session's version claimed and the players'
    # figures' key renewed (2), then the round update and entries bulk update (2).
    assert len(queries) == 11, "\n".join(q[:90] for q in queries)


@pytest.mark.parametrize("deals", [0, 6])
def test_bids_save_queries(table, call_game, deals):
    session = call_game(rounds=small_deals(deals), target=500)
    table.token()
    queries = count(sending(table, url(session, deals + 1, "bids"), bids_data([3, 3, 3, 3]), htmx=True))
    # 5 reads; savepoint and release (2); the version claimed, figures' key renewed, round insert,
    # entries bulk insert (4).
    assert len(queries) == 11, "\n".join(q[:90] for q in queries)


@pytest.mark.parametrize("deals", [1, 6])
def test_correction_queries(table, call_game, deals):
    session = call_game(rounds=small_deals(deals), target=500)
    table.token()
    data = {**bids_data([3, 3, 3, 3]), **tricks_data([4, 3, 3, 3], save=False)}
    queries = count(sending(table, url(session, 1, "edit"), data, htmx=True))
    # 5 reads; savepoint and release (2); version claimed and figures' key renewed (2); every round
    # from 1 on and their entries (2).
    assert len(queries) == 11, "\n".join(q[:90] for q in queries)
