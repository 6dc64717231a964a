"""The Bugger Bridge pages: full pages and htmx partials, refusals, ownership, CSRF."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.backup.trash import trash_session
from games.models import Entry, GameSession, Round

from .conftest import TableClient, everyone_makes
from .helpers import url

pytestmark = pytest.mark.django_db

FIVE = ["Bob", "Helen", "Corky", "Kim", "Randi"]


def bids_data(bids):
    return {f"bid_{i}": b for i, b in enumerate(bids) if b is not None}


def tricks_data(tricks, save=True):
    data = {f"tricks_{i}": t for i, t in enumerate(tricks)}
    if save:
        data["save"] = "1"
    return data


# -- accounts ---------------------------------------------------------------


@pytest.mark.django_db
def test_sign_up_logs_in_and_lands_on_the_start_page():
    client = TableClient()
    response = client.get(reverse("games:signup"))
    assert response.status_code == 200
    response = client.send(
        reverse("games:signup"),
        {"username": "newbie", "password1": "cards-at-dusk-77", "password2": "cards-at-dusk-77"},
    )
    assert response.status_code == 302 and response["Location"] == reverse("games:home")
    page = client.get(reverse("games:home"))
    assert "New game" in page.content.decode()
    assert "newbie" in page.content.decode()


@pytest.mark.django_db
def test_sign_up_refusal_keeps_input_and_says_why():
    client = TableClient()
    response = client.send(
        reverse("games:signup"), {"username": "newbie", "password1": "abc", "password2": "abd"}
    )
    assert response.status_code == 400
    body = response.content.decode()
    assert 'value="newbie"' in body
    assert "didn’t match" in body or "didn't match" in body


@pytest.mark.usefixtures("user")
def test_login_and_logout():
    client = TableClient()
    response = client.send(reverse("login"), {"username": "keeper", "password": "table-talk-2026"})
    assert response.status_code == 302
    assert client.get(reverse("games:home")).context["user"].is_authenticated
    response = client.send(reverse("logout"))
    assert response.status_code == 302
    assert not client.get(reverse("games:home")).context["user"].is_authenticated


@pytest.mark.usefixtures("user")
def test_anonymous_visitor_is_sent_to_log_in(make_game):
    session = make_game()
    response = TableClient().get(url("sheet", session))
    assert response.status_code == 302 and reverse("login") in response["Location"]


# -- new game -----------------------------------------------------------------


def test_new_game_seats_players_in_order_with_the_chosen_dealer(table, user):
    form = {f"player_{i}": name for i, name in enumerate(FIVE)}
    response = table.send(
        reverse("games:new", args=["bugger-bridge"]), {**form, "first_dealer": "2", "hook": "on"}
    )
    assert response.status_code == 302
    session = GameSession.objects.get(owner=user)
    assert response["Location"] == url("sheet", session)
    assert [s.player.name for s in session.seats.order_by("position")] == FIVE
    assert session.first_dealer == 2 and session.options == {"hook": True}
    page = table.get(url("sheet", session)).content.decode()
    assert "<strong>Corky</strong> deals" in page and "<strong>Kim</strong> bids and leads first" in page


def test_new_game_can_draw_the_first_dealer_and_skips_empty_seats(table, user):
    response = table.send(
        reverse("games:new", args=["bugger-bridge"]),
        {"player_0": "Ann", "player_3": "Ben", "player_5": "Cat", "first_dealer": "draw"},
    )
    assert response.status_code == 302
    session = GameSession.objects.get(owner=user)
    assert [s.player.name for s in session.seats.order_by("position")] == ["Ann", "Ben", "Cat"]
    assert 0 <= session.first_dealer < 3


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"player_0": "Ann", "player_1": "Ben", "first_dealer": "draw"}, "at least 3 players"),
        (
            {"player_0": "Ann", "player_1": "ann", "player_2": "Cat", "first_dealer": "draw"},
            "already in seat 1",
        ),
        ({"player_0": "Ann", "player_1": "Ben", "player_2": "Cat", "first_dealer": "7"}, "Seat 8 has nobody"),
        (
            {"player_0": "Ann", "player_1": "Ben", "player_2": "Cat", "first_dealer": "north"},
            "Select a valid choice",
        ),
        ({"player_0": "A" * 41, "player_1": "Ben", "player_2": "Cat", "first_dealer": "draw"}, "at most 40"),
    ],
)
def test_new_game_refusals_keep_the_input(table, form, message):
    response = table.send(reverse("games:new", args=["bugger-bridge"]), form)
    assert response.status_code == 400
    body = response.content.decode()
    assert message in body
    assert 'value="Ben"' in body or 'value="ann"' in body or "A" * 41 in body
    assert not GameSession.objects.exists()


def test_same_players_again_prefills_the_seats(table, make_game):
    session = make_game()
    body = table.get(reverse("games:new", args=["bugger-bridge"]) + f"?from={session.pk}").content.decode()
    for name in FIVE:
        assert f'value="{name}"' in body


# -- the sheet ------------------------------------------------------------------


def test_sheet_shows_every_round_of_the_schedule_and_the_points_table(table, make_game):
    session = make_game()
    response = table.get(url("sheet", session))
    assert response.status_code == 200
    body = response.content.decode()
    assert body.count('id="round-') == 18
    assert "8NT" in body and "0=10" in body and "8=46" in body
    assert 'class="row-current"' in body
    assert "htmx" in body and "cdn" not in body.lower()


def test_sheet_panel_partial_for_htmx(table, make_game):
    session = make_game(rounds=[{"bids": [0, 0, 0, 1, 0]}])
    response = table.get(
        url("sheet", session) + "?phase=bids", headers={"HX-Request": "true", "HX-Target": "entry-panel"}
    )
    assert response.status_code == 200
    body = response.content.decode()
    assert body.lstrip().startswith('<section id="entry-panel"')
    assert "<html" not in body
    assert 'name="bid_3" value="1" checked' in body


def test_worked_example_on_the_sheet(table, make_game):
    session = make_game(
        rounds=[
            {"bids": [0, 0, 0, 1, 1], "tricks": [0, 0, 0, 0, 1]},
            {"bids": [0, 0, 0, 0, 0], "tricks": [1, 1, 0, 0, 0]},
            {"bids": [0, 1, 2, 0, 0], "tricks": [0, 1, 2, 0, 0]},
        ]
    )
    response = table.get(url("sheet", session))
    assert response.context["totals"] == [20, 21, 33, 20, 31]
    rows = response.context["rows"]  # the paper model's rows: a heading cell, then a cell per player
    assert [c.text for c in rows[1].cells[1:]] == ["–", "–", "20", "10", "21"]
    assert [c.corner for c in rows[2].cells[1:]] == ["0", "1", "2", "0", "0"]
    assert rows[2].cells[2].explain == "Helen: bid 1, took 1: made, 10 + 1 = 11; total 21"
    assert rows[2].heading == "Round 3"


# -- entering a round ---------------------------------------------------------------


def test_tapping_bids_shows_the_live_line_and_saves_when_everyone_has_bid(table, make_game):
    session = make_game()
    response = table.send(url("bids", session, 1), bids_data([0, None, 0, 1, None]), htmx=True)
    assert response.status_code == 200
    body = response.content.decode()
    assert "Bids total 1 for 1 trick, 2 players still to bid" in body
    assert not Round.objects.exists()
    response = table.send(url("bids", session, 1), bids_data([0, 0, 0, 1, 1]), htmx=True)
    body = response.content.decode()
    assert "Bids total 2 for 1: over-bid by 1" in body
    assert 'name="tricks_3" value="1" checked' in body  # tricks start at the bids
    assert 'id="round-1"' in body and 'hx-swap-oob="true"' in body  # the row shows the bids
    assert list(Entry.objects.order_by("position").values_list("bid", flat=True)) == [0, 0, 0, 1, 1]


def test_saving_tricks_updates_the_row_and_totals_in_place(table, make_game):
    session = make_game(rounds=[{"bids": [0, 0, 0, 1, 1]}])
    preview = table.send(url("tricks", session, 1), tricks_data([0, 0, 0, 0, 1], save=False), htmx=True)
    assert "1 trick placed" in preview.content.decode()
    assert "Missed: Kim (bid 1, took 0)" in preview.content.decode()
    assert Round.objects.get().complete is False
    response = table.send(url("tricks", session, 1), tricks_data([0, 0, 0, 0, 1]), htmx=True)
    assert response.status_code == 200
    body = response.content.decode()
    assert body.count('hx-swap-oob="true"') == 4  # round 1, round 2 (now current), totals, game tools
    assert 'id="totals"' in body and 'id="round-1"' in body and 'id="round-2"' in body
    assert "Round 2" in body
    assert list(Entry.objects.order_by("position").values_list("total", flat=True)) == [10, 10, 10, 0, 11]


def test_plain_posts_redirect_back_to_the_sheet(table, make_game):
    session = make_game()
    response = table.send(url("bids", session, 1), {**bids_data([0, 0, 0, 1, 1]), "save": "1"})
    assert response.status_code == 302 and response["Location"] == url("sheet", session)
    response = table.send(url("tricks", session, 1), tricks_data([0, 0, 0, 0, 1]))
    assert response.status_code == 302
    assert Round.objects.get().complete


def test_plain_post_with_a_missing_bid_is_refused_beside_the_player(table, make_game):
    session = make_game()
    response = table.send(url("bids", session, 1), {**bids_data([0, 0, None, 1, 1]), "save": "1"})
    assert response.status_code == 400
    body = response.content.decode()
    assert "Round 1: Corky has not bid." in body
    assert 'name="bid_3" value="1" checked' in body
    assert not Round.objects.exists()


@pytest.mark.parametrize(
    ("post", "message"),
    [
        (
            {"bid_0": "x", "bid_1": "0", "bid_2": "0", "bid_3": "0", "bid_4": "0"},
            "Bob’s bid must be a number",
        ),
        (
            {"bid_0": "2", "bid_1": "0", "bid_2": "0", "bid_3": "0", "bid_4": "0"},
            "Bob bid 2, but a bid must be 0 to 1",
        ),
        ({"bid_0": "99999999999999999999", "bid_1": "0"}, "is not possible"),
        ({"bid_0": "-1", "bid_1": "0", "bid_2": "0", "bid_3": "0", "bid_4": "0"}, "Bob bid -1"),
        (
            {"bid_0": "0", "bid_1": "0", "bid_2": "0", "bid_3": "0", "bid_4": "0", "trump": "rook"},
            "Pick trumps",
        ),
    ],
)
@pytest.mark.parametrize("htmx", [True, False])
def test_bad_bids_are_refused_and_nothing_is_stored(table, make_game, post, message, htmx):
    session = make_game()
    response = table.send(url("bids", session, 1), {**post, "save": "1"}, htmx=htmx)
    assert response.status_code == (200 if htmx else 400)
    assert message.replace("’", "&#x27;") in response.content.decode() or message in response.content.decode()
    assert not Round.objects.exists()


def test_hook_rule_strikes_out_and_refuses_the_dealers_bid(table, make_game):
    # First dealer Randi (seat 4) deals round 1; the others bid 0, so Randi may not bid 1.
    session = make_game(hook=True, first_dealer=4)
    response = table.send(url("bids", session, 1), bids_data([0, 0, 0, 0, None]), htmx=True)
    assert 'id="bid-4-1" name="bid_4" value="1" disabled' in response.content.decode()
    response = table.send(url("bids", session, 1), bids_data([0, 0, 0, 0, 1]), htmx=True)
    assert "hook rule: Randi deals and may not bid 1" in response.content.decode()
    assert not Round.objects.exists()


@pytest.mark.parametrize(
    ("tricks", "message"),
    [
        ([0, 0, 0, 0, 0], "the tricks add up to 0, but 1 were played"),
        ([1, 1, 0, 0, 0], "1 too many"),
        ([0, 0, 0, 0, 2], "Randi took 2 tricks"),
        (["a", 0, 0, 0, 1], "Bob’s tricks must be a number"),
    ],
)
def test_bad_tricks_are_refused_with_the_input_kept(table, make_game, tricks, message):
    session = make_game(rounds=[{"bids": [0, 0, 0, 1, 1]}])
    response = table.send(url("tricks", session, 1), tricks_data(tricks), htmx=True)
    body = response.content.decode()
    assert response.status_code == 200
    assert message in body or message.replace("’", "&#x27;") in body
    assert not Round.objects.get().complete
    assert list(Entry.objects.values_list("tricks", flat=True)) == [None] * 5


def test_a_tampered_post_for_another_round_changes_nothing(table, make_game):
    session = make_game()
    response = table.send(url("bids", session, 5), bids_data([0, 0, 0, 0, 0]), htmx=True)
    assert response.status_code == 200
    assert "Round 5 is not the round being entered" in response.content.decode()
    response = table.send(url("tricks", session, 1), tricks_data([1, 0, 0, 0, 0]))
    assert response.status_code == 400
    assert not Round.objects.exists()


def test_correcting_an_old_round_recomputes_every_total_after_it(table, make_game):
    session = make_game(rounds=[everyone_makes(5, c) for c in (1, 2, 3)])
    assert list(Round.objects.get(number=3).entries.values_list("total", flat=True)) == [
        11 + 13 + 16,
        30,
        30,
        30,
        30,
    ]
    page = table.get(url("edit-round", session, 1), headers={"HX-Request": "true"})
    assert "Correct round 1" in page.content.decode()
    # Round 1 corrected: Bob did not take his trick, Helen did.
    data = {**bids_data([1, 0, 0, 0, 0]), **{f"tricks_{i}": t for i, t in enumerate([0, 1, 0, 0, 0])}}
    response = table.send(url("edit-round", session, 1), data, htmx=True)
    assert response.status_code == 200
    assert 'id="sheet-body" hx-swap-oob="true"' in response.content.decode()
    totals = list(Round.objects.get(number=3).entries.order_by("position").values_list("total", flat=True))
    assert totals == [13 + 16, 20, 30, 30, 30]


def test_a_correction_that_breaks_the_rules_is_refused(table, make_game):
    session = make_game(rounds=[everyone_makes(5, c) for c in (1, 2)])
    data = {**bids_data([1, 0, 0, 0, 0]), **{f"tricks_{i}": t for i, t in enumerate([1, 1, 0, 0, 0])}}
    response = table.send(url("edit-round", session, 1), data)
    assert response.status_code == 400
    assert "the tricks add up to 2, but 1 were played" in response.content.decode()
    assert list(Round.objects.get(number=1).entries.values_list("tricks", flat=True)) == [1, 0, 0, 0, 0]


def test_redeal_penalty_is_recorded_and_bidding_starts_again(table, make_game):
    session = make_game(rounds=[{"bids": [0, 0, 0, 1, 1]}])
    response = table.send(url("penalty", session, 1), {"player": "3", "reason": "revoke"}, htmx=True)
    body = response.content.decode()
    assert "Kim loses 10. Bid again." in body
    assert "checked" not in body.split('class="seat-row')[1]  # fresh bids
    assert Round.objects.get().penalties == [{"player": 3, "points": -10, "reason": "revoke"}]
    table.send(url("bids", session, 1), bids_data([0, 0, 0, 0, 1]), htmx=True)
    table.send(url("tricks", session, 1), tricks_data([0, 0, 0, 0, 1]), htmx=True)
    assert list(Entry.objects.order_by("position").values_list("total", flat=True)) == [10, 10, 10, 0, 11][
        :3
    ] + [0, 11]
    assert Entry.objects.get(position=3).points == 10 - 10


def test_after_a_redeal_a_reload_asks_for_the_bids_again(table, make_game):
    """Issue 19, item 13: the stored round keeps its old bids until new ones are in, and a reload (or
    another phone) showed the tricks form with them instead of asking for new bids."""
    session = make_game(rounds=[{"bids": [0, 0, 0, 1, 1]}])
    table.send(url("penalty", session, 1), {"player": "3", "reason": "revoke"})
    page = table.get(url("sheet", session)).content.decode()
    assert 'class="panel phase-bids"' in page and "phase-tricks" not in page
    assert "checked" not in page.partition('class="seat-row')[2].partition("</section>")[0]  # fresh bids
    # Nor does the sheet's row show the void bids (in its squares' corners) while they are made again.
    redealt = page.partition('<tr id="round-1"')[2].partition("</tr>")[0]
    assert "<sup>" not in redealt and "<small>-10</small>" in redealt  # the penalty stands
    # The new bids are in: the tricks come next, as ever, and the row shows them.
    table.send(url("bids", session, 1), bids_data([0, 0, 0, 0, 1]))
    page = table.get(url("sheet", session)).content.decode()
    assert 'class="panel phase-tricks"' in page
    assert page.partition('<tr id="round-1"')[2].partition("</tr>")[0].count("<sup>") == 5


def test_penalty_without_a_player_is_refused(table, make_game):
    session = make_game(rounds=[{"bids": [0, 0, 0, 1, 1]}])
    response = table.send(url("penalty", session, 1), {"player": "9", "reason": "revoke"})
    assert response.status_code == 400
    assert "pick who is at fault" in response.content.decode()
    assert Round.objects.get().penalties == []


def test_undo_takes_back_the_last_round(table, make_game):
    session = make_game(rounds=[everyone_makes(5, 1), {"bids": [0, 0, 0, 0, 0]}])
    response = table.send(url("undo", session), htmx=True)
    assert response["HX-Refresh"] == "true"  # django-htmx HttpResponseClientRefresh
    assert list(Round.objects.values_list("number", flat=True)) == [1]


def test_ending_early_drops_an_unfinished_round_and_names_the_winner(table, make_game):
    session = make_game(rounds=[everyone_makes(5, 1, bidder=2), {"bids": [0, 0, 0, 0, 0]}])
    response = table.send(url("end", session))
    assert response.status_code == 302
    session.refresh_from_db()
    assert session.status == GameSession.Status.FINISHED and session.finished_early
    assert session.winners == [2]
    body = table.get(url("sheet", session)).content.decode()
    assert "Corky wins (game ended early)" in body


def test_last_round_finishes_the_game_with_shared_winners(table, make_game):
    from games.registry import get_rules

    schedule = get_rules("bugger-bridge").schedule(3, 0)
    # Ann bids every trick in rounds 1..8 and the first 8NT, Ben in the second 8NT and 8..2:
    # mirror images, except Ann's 1-card round (11 against 10), so Ann leads by one.
    rounds = [
        everyone_makes(3, info.cards, bidder=0 if i <= 8 else 1) for i, info in enumerate(schedule[:-1])
    ]
    session = make_game(players=["Ann", "Ben", "Cat"], rounds=rounds)
    response = table.send(url("bids", session, 18), bids_data([0, 1, 0]), htmx=True)
    # Ben makes 1 (11), Ann makes 0 (10): level.
    response = table.send(url("tricks", session, 18), tricks_data([0, 1, 0]), htmx=True)
    session.refresh_from_db()
    assert session.status == GameSession.Status.FINISHED
    totals = list(Round.objects.get(number=18).entries.order_by("position").values_list("total", flat=True))
    assert totals[0] == totals[1] > totals[2]
    assert "Shared win: Ann, Ben" in response.content.decode()
    again = table.send(url("bids", session, 19), bids_data([0, 0, 0]), htmx=True)
    assert again.status_code == 200 and Round.objects.count() == 18


# -- ownership and CSRF --------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "args", "method"),
    [
        ("sheet", (), "get"),
        ("bids", (1,), "post"),
        ("tricks", (1,), "post"),
        ("penalty", (1,), "post"),
        ("edit-round", (1,), "get"),
        ("edit-round", (1,), "post"),
        ("undo", (), "post"),
        ("end", (), "post"),
    ],
)
def test_another_users_game_is_404(other_user, make_game, name, args, method):
    session = make_game(rounds=[everyone_makes(5, 1)])
    stranger = TableClient()
    stranger.force_login(other_user)
    target = url(name, session, *args)
    response = stranger.get(target) if method == "get" else stranger.send(target, bids_data([0] * 5))
    assert response.status_code == 404
    assert Round.objects.count() == 1


def test_missing_game_is_404(table):
    assert table.get(reverse("games:sheet", args=[999999])).status_code == 404


def test_posts_without_the_csrf_token_are_refused(table, make_game):
    session = make_game()
    response = table.post(url("bids", session, 1), {**bids_data([0, 0, 0, 0, 1]), "save": "1"})
    assert response.status_code == 403
    assert not Round.objects.exists()


def test_writes_refuse_get(table, make_game):
    session = make_game()
    assert table.get(url("bids", session, 1)).status_code == 405
    assert table.get(url("end", session)).status_code == 405


@pytest.mark.django_db
def test_rules_page_is_in_the_apps_own_words():
    response = TableClient().get(reverse("games:rules", args=["bugger-bridge"]))
    assert response.status_code == 200
    body = response.content.decode()
    assert "Bugger Bridge in brief" in body and "21" in body and "Hook rule" in body
    assert TableClient().get(reverse("games:rules", args=["snap"])).status_code == 404


def test_sheet_links_to_the_rules_and_the_record(table, make_game):
    session = make_game()
    body = table.get(url("sheet", session)).content.decode()
    assert reverse("games:rules", args=["bugger-bridge"]) in body
    assert reverse("games:record-download", args=[session.pk]) in body


def test_start_page_resumes_games_in_progress_and_shows_finished_ones_read_only(table, make_game):
    playing = make_game(players=["Ann", "Ben", "Cat"])
    done = make_game(players=["Dan", "Eve", "Fay"], rounds=[everyone_makes(3, 1, bidder=1)])
    table.send(url("end", done))
    body = table.get(reverse("games:home")).content.decode()
    assert url("sheet", playing) in body and "Resume" in body
    assert reverse("games:summary", args=[done.pk]) in body and "<b>★ Eve</b>" in body
    assert reverse("games:history") in body


def test_same_players_again_ignores_a_game_in_the_trash(table, make_game):
    session = make_game()
    trash_session(session=session)
    body = table.get(reverse("games:new", args=["bugger-bridge"]) + f"?from={session.pk}").content.decode()
    seats = body[body.index('<ol class="seats">') :]
    assert not any(f'value="{name}"' in seats for name in FIVE)
