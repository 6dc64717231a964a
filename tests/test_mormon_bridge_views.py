"""The Mormon Bridge pages, all three games: full pages and htmx partials, refusals, corrections, queries."""

from __future__ import annotations

from functools import partial

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Entry, GameSession, Round

from .conftest import TableClient, sending
from .helpers import body, explanation

pytestmark = pytest.mark.django_db

FIVE = ["Ann", "Bob", "Cat", "Dan", "Eve"]
NEW = reverse("games:new", args=["mormon-bridge"])
SIXTEEN = [f"P{i:02d}" for i in range(16)]


def points(bid, took):
    """Mormon scoring written out again: a point a trick, 10 more for the exact bid."""
    return took + (10 if bid == took else 0)


@pytest.fixture
def mormon_game(make_session):
    """A Mormon Bridge game of five, regular unless ``mode`` says otherwise."""
    return partial(make_session, "mormon-bridge", players=FIVE, mode="regular", target=100)


def url(session, number=None, action=None):
    if action is None:
        return reverse("games:sheet", args=[session.pk])
    return reverse("games:round-action", args=[session.pk, number, action])


def bids_data(bids, save=False, **extra):
    data = {f"bid_{i}": b for i, b in enumerate(bids) if b is not None}
    if save:
        data["save"] = "1"
    return data | extra


def tricks_data(tricks, save=True):
    data = {f"tricks_{i}": t for i, t in enumerate(tricks) if t is not None}
    if save:
        data["save"] = "1"
    return data


def has(text, response):
    content = body(response)
    return text in content or text.replace("’", "&#x27;").replace("'", "&#x27;") in content


def totals(session):
    last = Round.objects.filter(session=session, complete=True).order_by("-number").first()
    return list(last.entries.order_by("position").values_list("total", flat=True))


def everyone_makes(players, cards, bidder=0):
    bids = [0] * players
    bids[bidder] = cards
    return {"bids": bids, "tricks": list(bids)}


# -- new game -------------------------------------------------------------------------------


def form_data(names, **extra):
    data = {f"player_{i}": n for i, n in enumerate(names)}
    data.update(
        {"mode": "regular", "target": "100", "first_dealer": "draw", "seats": str(max(8, len(names)))}
    )
    data.update(extra)
    return data


def test_new_game_page_offers_the_three_games_and_the_schedules(table):
    response = table.get(NEW)
    assert response.status_code == 200
    page = body(response)
    for mode in ("regular", "four-card", "elimination"):
        assert f'id="mode-{mode}" name="mode" value="{mode}"' in page
    assert 'value="regular" checked' in page
    assert 'name="target" value="100"' in page
    assert reverse("games:rules", args=["mormon-bridge"]) in page
    assert "1 · 2 · 3 · 4 · 3 · 2 · 1" in page and "12–14" in page
    assert page.count('name="player_') == 8


@pytest.mark.parametrize(
    ("mode", "target", "options"),
    [
        ("regular", "100", {"mode": "regular", "target": 100}),
        ("four-card", "60", {"mode": "four-card", "target": 60}),
        ("four-card", "", {"mode": "four-card", "target": 100}),
        ("elimination", "100", {"mode": "elimination", "target": 100}),
    ],
)
def test_new_game_in_each_mode(table, user, mode, target, options):
    response = table.send(NEW, form_data(FIVE, mode=mode, target=target, first_dealer="3"))
    assert response.status_code == 302
    session = GameSession.objects.get(owner=user)
    assert session.options == options and session.first_dealer == 3
    assert [s.player.name for s in session.seats.order_by("position")] == FIVE


@pytest.mark.usefixtures("user")
def test_more_seats_keeps_what_was_typed_and_elimination_takes_sixteen(table):
    typed = form_data(SIXTEEN[:8], mode="elimination", more="1")
    response = table.send(NEW, typed)
    assert response.status_code == 200
    page = body(response)
    assert page.count('name="player_') == 14
    assert 'value="P07"' in page and 'value="elimination" checked' in page
    assert not GameSession.objects.exists()
    response = table.send(NEW, form_data(SIXTEEN[:14], mode="elimination", seats="14", more="1"))
    page = body(response)
    assert page.count('name="player_') == 20
    assert "waits</small>" in page
    response = table.send(NEW, form_data(SIXTEEN, mode="elimination", seats="20", first_dealer="13"))
    assert response.status_code == 302
    session = GameSession.objects.get()
    assert session.seats.count() == 16 and session.first_dealer == 13
    page = body(table.get(url(session)))
    assert "16 players (14 at the table)" in page
    assert "Waiting for a place, in order: P14, P15." in page


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (form_data(FIVE[:3]), "at least 4 players"),
        (form_data(SIXTEEN, seats="20"), "Regular Mormon Bridge takes at most 14 players (16 named)"),
        (form_data(SIXTEEN, mode="four-card", seats="20"), "4-card Mormon Bridge takes at most 14"),
        (form_data(FIVE, mode="four-card", target="0"), "greater than or equal to 1"),
        (form_data(FIVE, mode="four-card", target="lots"), "Enter a whole number"),
        (form_data(FIVE, mode="poker"), "Select a valid choice"),
        (form_data([*FIVE[:4], "ann"]), "already in seat 1"),
        (form_data(FIVE, first_dealer="6"), "Seat 7 has nobody in it"),
        (form_data(SIXTEEN, mode="elimination", seats="20", first_dealer="15"), "Select a valid choice"),
    ],
)
def test_new_game_refusals_keep_the_input(table, data, message):
    response = table.send(NEW, data)
    assert response.status_code == 400
    assert message in body(response)
    assert f'value="{data["player_1"]}"' in body(response)
    assert not GameSession.objects.exists()


def test_same_players_again_prefills_names_and_game(table, mormon_game):
    session = mormon_game(mode="four-card", target=80)
    page = body(table.get(NEW + f"?from={session.pk}"))
    for name in FIVE:
        assert f'value="{name}"' in page
    assert 'value="four-card" checked' in page and 'name="target" value="80"' in page


# -- regular ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "sizes"), [(5, "1234565432 1"), (10, "123454321"), (14, "1234321")])
def test_regular_sheet_shows_every_hand_capped_for_big_tables(table, mormon_game, players, sizes):
    session = mormon_game(players=[f"N{i}" for i in range(players)])
    response = table.get(url(session))
    page = body(response)
    sizes = sizes.replace(" ", "")
    assert page.count('id="round-') == len(sizes)
    assert [r.cells[0].text for r in response.context["rows"]] == list(sizes)
    assert f"{len(sizes)} hands of {' · '.join(sizes)} cards" in page
    assert 'class="sheet-page"' in page


def test_sheet_panel_partial_for_htmx(table, mormon_game):
    session = mormon_game(rounds=[{"bids": [0, 1, 0, 0, 0], "trump": "green"}])
    response = table.get(
        url(session) + "?phase=bids", headers={"HX-Request": "true", "HX-Target": "entry-panel"}
    )
    page = body(response)
    assert page.lstrip().startswith('<section id="entry-panel"')
    assert "<html" not in page
    assert 'name="bid_1" value="1" checked' in page
    assert 'name="trump" value="green" checked' in page


def test_bids_in_any_order_save_with_the_last_and_show_the_total_against_the_cards(table, mormon_game):
    session = mormon_game(first_dealer=1)  # Bob deals, Cat leads
    page = body(table.get(url(session)))
    assert "<strong>Bob</strong> deals" in page and "<strong>Cat</strong> leads first" in page
    for value in ("red", "yellow", "green", "black", "rook"):
        assert f'name="trump" value="{value}"' in page
    response = table.send(
        url(session, 1, "bids"), bids_data([None, None, None, 1, None], trump="rook"), htmx=True
    )
    assert "Bids total 1 for 1 trick, 4 players still to bid" in body(response)
    assert 'name="trump" value="rook" checked' in body(response)
    assert not Round.objects.exists()
    response = table.send(url(session, 1, "bids"), bids_data([1, 0, 0, 1, 0], trump="rook"), htmx=True)
    page = body(response)
    assert "Bids total 2 for 1: over-bid by 1" in page
    assert "Rook turned up: the first card led decides trumps" in page
    assert Round.objects.get().trump == "rook"
    assert 'name="tricks_3" value="1" checked' in page


def test_tricks_score_ten_for_the_bid_and_one_a_trick(table, mormon_game):
    session = mormon_game(rounds=[{"bids": [1, 0, 0, 1, 0], "trump": "red"}])
    response = table.send(url(session, 1, "tricks"), tricks_data([0, 0, 0, 1, 0]), htmx=True)
    page = body(response)
    assert totals(session) == [points(1, 0), points(0, 0), points(0, 0), points(1, 1), points(0, 0)]
    assert 'Hand 2 <span class="of">of 11</span>' in page
    assert "Ann: bid 1, took 0: missed, 0 for the tricks; total 0" in explanation(table, session, 1, 0)
    assert "Dan: bid 1, took 1: made, 10 + 1 = 11; total 11" in explanation(table, session, 1, 3)
    assert 'class="swatch rook-red"' in page


def test_preview_names_who_made_it_and_who_missed(table, mormon_game):
    session = mormon_game(rounds=[everyone_makes(5, 1), {"bids": [1, 1, 0, 0, 0]}])
    response = table.send(url(session, 2, "tricks"), tricks_data([2, 0, 0, 0, 0], save=False), htmx=True)
    page = body(response)
    assert "All 2 tricks placed" in page
    # Bob deals hand 2, so Cat leads and the lines follow the order of play.
    assert "Made: Cat +10, Dan +10, Eve +10" in page
    assert "Missed: Ann (bid 1, took 2) +2, Bob (bid 1, took 0) ±0" in page


@pytest.mark.parametrize(
    ("post", "message"),
    [
        (bids_data([2, 0, 0, 0, 0], save=True), "Ann bid 2, but a bid must be 0 to 1"),
        (bids_data(["x", 0, 0, 0, 0], save=True), "Ann’s bid must be a number"),
        (bids_data([0, 0, 0, 0, -1], save=True), "Eve bid -1"),
        (bids_data([0, 0, 0, 0, 0], save=True, trump="spades"), "Pick trumps from the colours shown"),
        (bids_data([0, 0, None, 0, 0], save=True), "Hand 1: Cat has not bid."),
    ],
)
@pytest.mark.parametrize("htmx", [True, False])
def test_bad_bids_are_refused_and_nothing_is_stored(table, mormon_game, post, message, htmx):
    session = mormon_game()
    response = table.send(url(session, 1, "bids"), post, htmx=htmx)
    assert response.status_code == (200 if htmx else 400)
    assert has(message, response)
    assert 'name="bid_1" value="0" checked' in body(response)
    assert not Round.objects.exists()


@pytest.mark.parametrize(
    ("tricks", "message"),
    [
        ([1, 1, 0, 0, 0], "the tricks add up to 2, but 1 were played"),
        ([0, 0, 0, 0, 0], "1 too few"),
        ([0, 0, 0, 0, 3], "Eve took 3 tricks"),
        (["?", 0, 0, 0, 1], "Ann’s tricks must be a number"),
    ],
)
def test_bad_tricks_are_refused_with_the_input_kept(table, mormon_game, tricks, message):
    session = mormon_game(rounds=[{"bids": [0, 0, 0, 0, 1]}])
    response = table.send(url(session, 1, "tricks"), tricks_data(tricks), htmx=True)
    assert response.status_code == 200
    assert has(message, response)
    assert f'name="tricks_4" value="{tricks[4]}" checked' in body(response) or tricks[4] == 3  # no chip for 3
    assert list(Entry.objects.values_list("tricks", flat=True)) == [None] * 5


def test_a_post_for_another_hand_changes_nothing(table, mormon_game):
    session = mormon_game()
    response = table.send(url(session, 2, "bids"), bids_data([0] * 5, save=True))
    assert response.status_code == 400
    assert "Hand 2 is not the hand being entered" in body(response)
    response = table.send(url(session, 1, "tricks"), tricks_data([0, 0, 0, 0, 1]), htmx=True)
    assert "Hand 1 is not the hand being entered" in body(response)
    assert not Round.objects.exists()


def test_the_last_hand_ends_a_regular_game(table, mormon_game):
    schedule = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    rounds = [everyone_makes(5, c, bidder=1) for c in schedule[:-1]]
    session = mormon_game(rounds=rounds)
    table.send(url(session, 11, "bids"), bids_data([1, 0, 0, 0, 0]), htmx=True)
    response = table.send(url(session, 11, "tricks"), tricks_data([1, 0, 0, 0, 0]), htmx=True)
    session.refresh_from_db()
    assert session.status == GameSession.Status.FINISHED
    bob = sum(points(c, c) for c in schedule[:-1]) + points(0, 0)
    assert totals(session)[1] == bob and session.winners == [1]
    assert f"Bob wins with {bob}" in body(response)


def test_correcting_an_earlier_hand_recomputes_the_totals(table, mormon_game):
    rounds = [everyone_makes(5, c) for c in (1, 2, 3)]
    session = mormon_game(rounds=rounds)
    page = body(table.get(url(session, 2, "edit"), headers={"HX-Request": "true"}))
    assert "Correct hand 2" in page
    data = {**bids_data([2, 0, 0, 0, 0]), **tricks_data([1, 1, 0, 0, 0], save=False)}
    response = table.send(url(session, 2, "edit"), data, htmx=True)
    assert response.status_code == 200
    assert 'id="sheet-body" hx-swap-oob="true"' in body(response)
    played = [
        (rounds[0]["bids"], rounds[0]["tricks"]),
        ([2, 0, 0, 0, 0], [1, 1, 0, 0, 0]),
        (rounds[2]["bids"], rounds[2]["tricks"]),
    ]
    expected = [0] * 5
    for bids, tricks in played:
        expected = [e + points(b, t) for e, b, t in zip(expected, bids, tricks, strict=True)]
    assert totals(session) == expected


# -- 4-card ------------------------------------------------------------------------------------------


def test_four_card_game_shows_the_target_and_goes_on_when_the_lead_is_shared(table, mormon_game):
    # Ann and Bob bid 2 and take 2 every hand (12 each); the others bid 0 and take 0 (10 each).
    hand = {"bids": [2, 2, 0, 0], "tricks": [2, 2, 0, 0]}
    session = mormon_game(players=FIVE[:4], mode="four-card", target=40, rounds=[hand] * 3)
    page = body(table.get(url(session)))
    assert 'first to <strong class="target">40</strong>' in page
    assert "Ann and Bob share the lead with 36; 4 more to reach 40." in page
    assert "Hand 4 · 4 cards each" in page
    table.send(url(session, 4, "bids"), bids_data([2, 2, 0, 0]), htmx=True)
    response = table.send(url(session, 4, "tricks"), tricks_data([2, 2, 0, 0]), htmx=True)
    assert "Play goes on: Ann and Bob share the lead at 48" in body(response)
    table.send(url(session, 5, "bids"), bids_data([2, 2, 0, 0]), htmx=True)
    response = table.send(url(session, 5, "tricks"), tricks_data([2, 1, 1, 0]), htmx=True)
    assert "Ann wins with 60" in body(response)
    assert totals(session) == [60, 48 + 1, 40 + 1, 50]


# -- elimination ---------------------------------------------------------------------------------------


def first_hand_sixteen():
    """Everyone at the table bids 1; P00..P03 take a trick each, the other ten miss."""
    return {"bids": [1] * 14 + [None, None], "tricks": [1, 1, 1, 1] + [0] * 10 + [None, None]}


def test_elimination_marks_players_out_and_seats_the_waiting(table, mormon_game):
    session = mormon_game(players=SIXTEEN, mode="elimination")
    page = body(table.get(url(session)))
    assert page.count('name="bid_') == 14 * 5  # 14 at the table, bids 0..4
    assert "waits" in page
    assert 'id="totals"' in page and ">in<" in page
    for seat in range(14):
        table.send(url(session, 1, "bids"), bids_data([1] * (seat + 1)), htmx=True)
    assert Round.objects.get().complete is False
    response = table.send(url(session, 1, "tricks"), tricks_data(first_hand_sixteen()["tricks"]), htmx=True)
    page = body(response)
    assert "Sitting down in the freed seats this hand: P14 and P15." in page
    assert "At the table: 6 players." in page
    assert page.count(">out 1<") == 10
    assert "P05: bid 1, took 0: missed, out" in explanation(table, session, 1, 5)
    # The next hand: only the six at the table bid.
    assert page.count('name="bid_') == 6 * 5
    assert 'name="bid_14"' in page and 'name="bid_5"' not in page


def test_bids_for_players_not_in_the_hand_are_refused(table, mormon_game):
    """Once ignored (issue 19, item 13): a bid for a player out of the hand is refused, nothing stored."""
    session = mormon_game(players=SIXTEEN, mode="elimination", rounds=[first_hand_sixteen()])
    response = table.send(
        url(session, 2, "bids"), bids_data([1, 1, 1, 1, 1] + [None] * 9 + [0, 0]), htmx=True
    )
    assert "so their bid must be left empty." in body(response)
    assert not Round.objects.filter(number=2).exists()


def test_everyone_missing_puts_nobody_out(table, mormon_game):
    session = mormon_game(players=FIVE[:4], mode="elimination", rounds=[{"bids": [0, 0, 0, 0]}])
    response = table.send(url(session, 1, "tricks"), tricks_data([1, 1, 1, 1], save=False), htmx=True)
    assert "Everyone missed: nobody is out this hand." in body(response)
    response = table.send(url(session, 1, "tricks"), tricks_data([1, 1, 1, 1]), htmx=True)
    assert ">out" not in body(response)
    assert "At the table: 4 players." in body(response)


def two_left():
    """Four players: Cat and Dan go out in hand 1, Ann and Bob are left."""
    return {"bids": [1, 1, 1, 1], "tricks": [1, 1, 2, 0]}


@pytest.mark.parametrize("htmx", [True, False])
def test_two_left_may_not_bid_four(table, mormon_game, htmx):
    session = mormon_game(players=FIVE[:4], mode="elimination", rounds=[two_left()])
    page = body(table.get(url(session)))
    assert "Two players left: bids adding up to 4 are not allowed" in page
    response = table.send(url(session, 2, "bids"), bids_data([3, 1, None, None], save=True), htmx=htmx)
    assert response.status_code == (200 if htmx else 400)
    assert "turn a new trump and bid again" in body(response)
    assert "checked" not in body(response).split('id="entry-panel"')[1].split("</section>")[0]
    assert Round.objects.count() == 1
    response = table.send(url(session, 2, "bids"), bids_data([3, 0, None, None], save=True), htmx=htmx)
    assert Round.objects.count() == 2
    table.send(url(session, 2, "tricks"), tricks_data([3, 1, None, None]), htmx=htmx)
    session.refresh_from_db()
    assert session.status == GameSession.Status.FINISHED and session.winners == [0]
    assert "Ann wins: the last player left." in body(table.get(url(session)))


def test_an_elimination_correction_that_changes_later_hands_is_refused(table, mormon_game):
    session = mormon_game(
        players=FIVE[:4], mode="elimination", rounds=[two_left(), {"bids": [2, 1, None, None]}]
    )
    # Saying Cat made her bid in hand 1 would put her in hand 2, where no bid of hers is recorded.
    data = {**bids_data([1, 1, 2, 1]), **tricks_data([1, 1, 2, 0], save=False)}
    response = table.send(url(session, 1, "edit"), data, htmx=True)
    assert "That correction does not fit the hands played after it" in body(response)
    assert "Undo back to hand 1" in body(response)
    assert (
        list(Round.objects.get(number=1).entries.order_by("position").values_list("bid", flat=True))
        == [1] * 4
    )


def test_correcting_the_last_elimination_hand(table, mormon_game):
    session = mormon_game(players=FIVE[:4], mode="elimination", rounds=[two_left()])
    data = {**bids_data([1, 1, 1, 1]), **tricks_data([1, 1, 1, 1], save=False)}
    table.send(url(session, 1, "edit"), data, htmx=True)
    page = body(table.get(url(session)))
    assert "At the table: 4 players." in page


def test_ending_an_elimination_game_early_shares_the_win(table, mormon_game):
    session = mormon_game(players=SIXTEEN, mode="elimination", rounds=[first_hand_sixteen()])
    table.send(reverse("games:end", args=[session.pk]))
    session.refresh_from_db()
    assert session.winners == [0, 1, 2, 3, 14, 15]
    assert "Shared win: P00, P01, P02, P03, P14, P15 (game ended early)" in body(table.get(url(session)))


# -- ownership, CSRF, methods, rules -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "method"),
    [
        ((None, None), "get"),
        ((2, "bids"), "post"),
        ((1, "tricks"), "post"),
        ((1, "edit"), "get"),
        ((1, "edit"), "post"),
        ("undo", "post"),
        ("end", "post"),
    ],
)
def test_another_users_game_is_404(other_user, mormon_game, target, method):
    session = mormon_game(rounds=[everyone_makes(5, 1)])
    stranger = TableClient()
    stranger.force_login(other_user)
    address = (
        reverse(f"games:{target}", args=[session.pk]) if isinstance(target, str) else url(session, *target)
    )
    response = (
        stranger.get(address) if method == "get" else stranger.send(address, bids_data([0] * 5, save=True))
    )
    assert response.status_code == 404
    assert Round.objects.count() == 1


def test_posts_without_the_csrf_token_are_refused(table, mormon_game):
    session = mormon_game()
    assert table.post(url(session, 1, "bids"), bids_data([0, 0, 0, 0, 1], save=True)).status_code == 403
    assert table.post(NEW, form_data(FIVE)).status_code == 403
    assert GameSession.objects.count() == 1 and not Round.objects.exists()


@pytest.mark.django_db
def test_rules_page_in_the_apps_own_words():
    response = TableClient().get(reverse("games:rules", args=["mormon-bridge"]))
    assert response.status_code == 200
    page = body(response)
    assert "Mormon Bridge in brief" in page
    for ruling in (
        "57 cards",
        "56 ÷ players",
        "nobody is out that hand",
        "bid again",
        "waits",
        "play goes on",
    ):
        assert ruling in page


# -- queries ---------------------------------------------------------------------------------------------


def count(fn) -> list[str]:
    with CaptureQueriesContext(connection) as ctx:
        fn()
    return [q["sql"] for q in ctx.captured_queries]


@pytest.mark.parametrize(("players", "hands"), [(4, 1), (4, 10), (14, 1), (14, 6)])
def test_sheet_page_queries(table, mormon_game, players, hands):
    schedule = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1] if players == 4 else [1, 2, 3, 4, 3, 2, 1]
    rounds = [everyone_makes(players, c, bidder=i % players) for i, c in enumerate(schedule[:hands])]
    session = mormon_game(players=[f"N{i}" for i in range(players)], rounds=rounds)
    table.token()
    queries = count(lambda: table.get(url(session)))
    # user, django session, game session (owner check), seats with players, rounds with their entries.
    assert len(queries) == 5, queries


@pytest.mark.parametrize("players", [4, 16])
def test_elimination_queries_do_not_grow(table, mormon_game, players):
    if players == 16:
        first = first_hand_sixteen()
        bids = [1, 1, 1, 1] + [None] * 10 + [0, 0]
        tricks = [1, 1, 1, 1] + [None] * 10 + [0, 0]
    else:
        first = {"bids": [1] * 4, "tricks": [1, 1, 1, 1]}
        bids, tricks = [1] * 4, [1] * 4
    session = mormon_game(players=SIXTEEN[:players], mode="elimination", rounds=[first, {"bids": bids}])
    table.token()
    # user, django session, game session (owner check), seats with players, rounds with their entries.
    assert len(count(lambda: table.get(url(session)))) == 5
    queries = count(sending(table, url(session, 2, "tricks"), tricks_data(tricks), htmx=True))
    # 4 reads (not the hand's rows: kept with the replay of the version the page was drawn from);
    # savepoint and release (2); version claimed and figures' key renewed (2); round update, entries
    # bulk update (2).
    assert len(queries) == 10, "\n".join(q[:90] for q in queries)


@pytest.mark.parametrize("htmx", [True, False])
def test_elimination_refuses_a_bid_typed_for_a_player_who_is_out(table, mormon_game, htmx):
    """A bid for a player out of the hand is refused beside that player, not dropped (issue 19, item 13)."""
    first = {"bids": [1, 1, 1, 1, 0], "tricks": [1, 1, 1, 0, 1]}  # Dan and Eve miss: out
    session = mormon_game(mode="elimination", rounds=[first])
    response = table.send(url(session, 2, "bids"), bids_data([1, 1, 1, 2], save=True), htmx=htmx)
    page = body(response)
    assert response.status_code == (200 if htmx else 400)
    message = "Hand 2: Dan is out and not in this hand, so their bid must be left empty."
    row = page.partition(message)[0].rpartition('class="seat-row')[2]
    assert message in page and 'data-seat="3"' in row  # beside Dan, in a row of Dan's own
    assert Round.objects.count() == 1
