"""Several phones, one game: every write names its page's version; applied once, or refused with what changed."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.models import GameSession, Round

from .conftest import TableClient
from .helpers import action, body, escaped, url

pytestmark = pytest.mark.django_db

FIVE = ("Ann", "Ben", "Cat", "Dev", "Eve")


@pytest.fixture
def game(make_game):
    return make_game(players=FIVE)


def bids(values, **extra) -> dict:
    return {f"bid_{s}": v for s, v in enumerate(values)} | extra


def tricks(values, **extra) -> dict:
    return {f"tricks_{s}": v for s, v in enumerate(values)} | {"save": "1"} | extra


def saved(response) -> bool:
    return "scorekeeper:saved" in response.headers.get("HX-Trigger", "")


def test_every_form_on_a_sheet_carries_the_version_and_a_fresh_key(table, game):
    page = body(table.get(url("sheet", game)))
    assert page.count(f'name="version" value="{game.version}"') == page.count('name="key"') >= 2
    again = body(table.get(url("sheet", game)))
    keys = {line.split('name="key" value="')[1][:16] for line in page.split("\n") if 'name="key"' in line}
    assert not any(key in again for key in keys)


def test_bids_from_an_old_page_are_refused_with_what_changed(table, game):
    old = game.version
    table.send(url("bids", game, 1), bids([0, 1, 0, 0, 1]), htmx=True)
    response = table.send(url("bids", game, 1), bids([1, 1, 1, 1, 1], version=str(old)), htmx=True)
    assert response.status_code == 200 and not saved(response)
    page = body(response)
    assert escaped("Round 1's bids were saved on another phone: Ann 0, Ben 1, Cat 0, Dev 0, Eve 1.") in page
    assert [e.bid for e in Round.objects.get(number=1).entries.order_by("position")] == [0, 1, 0, 0, 1]
    assert "scorekeeper:refused" in response.headers["HX-Trigger"]
    # The answer is the fresh state: the tricks of those bids, with the sheet brought up to date.
    assert 'id="sheet-body" hx-swap-oob="true"' in page and "tricks_0" in page


def test_a_plain_post_from_an_old_page_is_refused_too(table, game):
    response = table.send(url("bids", game, 1), bids([0, 0, 0, 0, 1], version=str(game.version + 5)))
    assert response.status_code == 400
    assert "This page was out of date" in body(response)
    assert not Round.objects.exists()


def test_a_write_without_a_version_is_refused(table, game):
    response = table.send(url("bids", game, 1), bids([0, 0, 0, 0, 1], version=""), htmx=True)
    assert not saved(response) and "This page was out of date" in body(response)
    assert not Round.objects.exists()


def test_a_double_tap_on_save_stores_once_and_says_nothing_of_another_phone(table, game):
    table.send(url("bids", game, 1), bids([0, 0, 0, 0, 1]), htmx=True)
    game.refresh_from_db()
    post = tricks([0, 0, 0, 0, 1], version=str(game.version), key="double-tap-key-1")
    first = table.send(url("tricks", game, 1), post, htmx=True)
    second = table.send(url("tricks", game, 1), post, htmx=True)
    assert saved(first) and saved(second)
    assert "another phone" not in body(second) and "out of date" not in body(second)
    assert 'id="sheet-body" hx-swap-oob="true"' in body(second)  # the right sheet, all of it
    game.refresh_from_db()
    assert game.version == 2 and Round.objects.get(number=1).complete
    assert [c["key"].partition(".")[0] for c in game.changes] == ["", "double-tap-key-1"]


def test_a_resent_submit_after_a_lost_answer_is_answered_as_saved(table, game):
    post = bids([0, 0, 0, 0, 1], version=str(game.version), key="sent-twice")
    assert saved(table.send(url("bids", game, 1), post, htmx=True))
    again = table.send(url("bids", game, 1), post)
    assert again.status_code == 302  # a plain POST: back to the sheet, as after any save
    assert Round.objects.count() == 1


def test_a_resend_with_other_values_is_refused_and_the_first_values_stay(table, game):
    """The key is bound to what the form says: the same hidden fields with other bids are not "saved"."""
    before = game.version
    post = bids([0, 0, 0, 0, 1], version=str(before), key="sent-then-changed")
    assert saved(table.send(url("bids", game, 1), post, htmx=True))
    changed = post | bids([1, 0, 0, 0, 0])
    response = table.send(url("bids", game, 1), changed, htmx=True)
    assert not saved(response) and "scorekeeper:refused" in response["HX-Trigger"]
    assert "This page was out of date; here is the game as it stands now." in body(response)
    assert "another phone" not in body(response)
    plain = table.send(url("bids", game, 1), changed)
    assert plain.status_code == 400 and "This page was out of date" in body(plain)
    assert [e.bid for e in Round.objects.get(number=1).entries.order_by("position")] == [0, 0, 0, 0, 1]
    # The same values once more are still answered as saved.
    assert saved(table.send(url("bids", game, 1), post, htmx=True))
    game.refresh_from_db()
    assert game.version == before + 1


def test_a_correction_page_brought_back_by_back_cannot_overwrite_with_its_old_key(table, make_game):
    session = make_game(players=FIVE, rounds=[{"bids": [1, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0]}])
    first = bids([0, 0, 0, 0, 1]) | {f"tricks_{s}": t for s, t in enumerate([0, 0, 0, 0, 1])}
    page = {"version": str(session.version), "key": "correction-page"}
    assert saved(table.send(action(session, 1, "edit"), first | page, htmx=True))
    second = bids([0, 1, 0, 0, 0]) | {f"tricks_{s}": t for s, t in enumerate([0, 1, 0, 0, 0])}
    response = table.send(action(session, 1, "edit"), second | page, htmx=True)
    assert not saved(response) and "This page was out of date" in body(response)
    assert [e.bid for e in Round.objects.get(number=1).entries.order_by("position")] == [0, 0, 0, 0, 1]


def test_undo_sent_again_from_another_round_is_not_answered_as_done(table, make_game):
    rounds = [{"bids": [1, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0]}, {"bids": [0, 0, 0, 0, 2]}]
    session = make_game(players=FIVE, rounds=rounds)
    post = {"version": str(session.version), "round": "2", "key": "undo-key"}
    assert table.send(url("undo", session), post, htmx=True)["HX-Refresh"] == "true"
    other = table.send(url("undo", session), post | {"round": "1"}, htmx=True)
    assert "HX-Refresh" not in other and "This page was out of date" in body(other)
    assert list(Round.objects.values_list("number", flat=True)) == [1]


def test_a_stale_correction_is_refused_and_names_the_correction(table, make_game):
    session = make_game(players=FIVE, rounds=[{"bids": [1, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0]}])
    old = session.version
    correction = bids([0, 0, 0, 0, 1]) | {f"tricks_{s}": t for s, t in enumerate([0, 0, 0, 0, 1])}
    assert saved(table.send(action(session, 1, "edit"), correction, htmx=True))
    other = bids([0, 1, 0, 0, 0]) | {f"tricks_{s}": t for s, t in enumerate([0, 1, 0, 0, 0])}
    response = table.send(action(session, 1, "edit"), other | {"version": str(old)}, htmx=True)
    assert not saved(response)
    assert "Round 1 was corrected on another phone: Ann +10, Ben +10, Cat +10, Dev +10, Eve +11." in body(
        response
    )
    assert [e.bid for e in Round.objects.get(number=1).entries.order_by("position")] == [0, 0, 0, 0, 1]


def test_undo_takes_back_the_round_it_names_once(table, make_game):
    rounds = [{"bids": [1, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0]}, {"bids": [0, 0, 0, 0, 2]}]
    session = make_game(players=FIVE, rounds=rounds)
    page = body(table.get(url("sheet", session)))
    assert 'name="round" value="2"' in page and "Take back round 2 and everything entered for it?" in page
    post = {"version": str(session.version), "round": "2", "key": "undo-tap"}
    assert table.send(url("undo", session), post, htmx=True)["HX-Refresh"] == "true"
    # A double tap, and another phone's Undo drawn from the same page: round 1 stays.
    again = table.send(url("undo", session), post, htmx=True)
    other = table.send(url("undo", session), post | {"key": "other-phone"}, htmx=True)
    assert "Round 2 was taken back on another phone." in body(other)
    assert again.status_code == 200 and "another phone" not in body(again)
    assert list(Round.objects.values_list("number", flat=True)) == [1]
    # A tampered form naming a round that is not the last takes nothing back.
    session.refresh_from_db()
    table.send(url("undo", session), {"version": str(session.version), "round": "7"}, htmx=True)
    assert list(Round.objects.values_list("number", flat=True)) == [1]


@pytest.mark.parametrize("htmx", [True, False])
def test_a_double_tap_on_end_and_on_reopen_applies_each_once_and_says_done(table, make_game, htmx):
    session = make_game(players=FIVE, rounds=[{"bids": [1, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0]}])
    before = session.version
    for what, kind in (("end", "ended"), ("reopen", "reopened")):
        post = {"version": str(GameSession.objects.get(pk=session.pk).version), "key": f"{what}-tap"}
        first = table.send(url(what, session), post, htmx=htmx)
        second = table.send(url(what, session), post, htmx=htmx)
        for response in (first, second):
            if htmx:
                assert response["HX-Refresh"] == "true", what
            else:
                assert response.status_code == 302 and response["Location"] == url("sheet", session), what
            assert "another phone" not in body(response) and "out of date" not in body(response)
        session.refresh_from_db()
        assert [c["kind"] for c in session.changes].count(kind) == 1, what
    assert session.version == before + 2
    assert session.status == GameSession.Status.IN_PROGRESS and not session.finished_early


def test_end_then_undo_keeps_the_status_consistent_and_an_ended_game_reopens(table, make_game):
    session = make_game(players=FIVE, rounds=[{"bids": [1, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0]}])
    table.send(url("end", session), htmx=True)
    session.refresh_from_db()
    assert session.status == GameSession.Status.FINISHED and session.finished_early
    page = body(table.get(url("sheet", session)))
    assert "Reopen the game" in page and "Undo last round" not in page
    # An Undo drawn before the end (a second phone) is refused: the game was ended meanwhile.
    response = table.send(
        url("undo", session), {"version": str(session.version - 1), "round": "1"}, htmx=True
    )
    assert "The game was ended on another phone." in body(response)
    assert Round.objects.count() == 1
    table.send(url("reopen", session), htmx=True)
    session.refresh_from_db()
    assert session.status == GameSession.Status.IN_PROGRESS and not session.finished_early
    assert services.load_game(session).state.finished is False
    # Undo on an ended game (from the services, as an import might): status follows the rounds left.
    services.end_early(session=session, key="")
    services.delete_last_round(session=session, key="")
    session.refresh_from_db()
    assert session.status == GameSession.Status.IN_PROGRESS and not services.load_game(session).state.finished


def test_a_game_that_ended_by_its_rules_is_not_reopened(make_game):
    session = make_game(players=FIVE)
    with pytest.raises(services.RuleError):
        services.reopen(session=session, key="")


def test_an_unchanged_live_check_is_one_small_query_and_no_body(table, game):
    live = url("live", game)
    table.get(live)  # the login's session is read once
    with CaptureQueriesContext(connection) as ctx:
        response = table.get(f"{live}?v={game.version}", headers={"HX-Request": "true"})
    assert response.status_code == 204 and response.content == b""
    # django session, user (as on the cheapest logged-in page), and the game's row (owner and version).
    assert len(ctx.captured_queries) == 3, [q["sql"][:80] for q in ctx.captured_queries]


def test_a_changed_live_check_brings_the_whole_sheet_up_to_date(table, game):
    old = game.version
    services.save_round(session=game, number=1, data={"bids": [0, 0, 1, 0, 0]}, key="")
    response = table.get(f"{url('live', game)}?v={old}", headers={"HX-Request": "true"})
    page = body(response)
    assert response.status_code == 200
    assert 'id="sheet-body" hx-swap-oob="true"' in page and 'id="totals" hx-swap-oob="true"' in page
    assert f'data-version="{old + 1}"' in page and "tricks_0" in page
    assert "HX-Reswap" not in response.headers
    # A correction being made on this phone stays on screen; the rest is brought up to date.
    kept = table.get(f"{url('live', game)}?v={old}&panel=edit", headers={"HX-Request": "true"})
    assert kept["HX-Reswap"] == "none" and 'id="sheet-body" hx-swap-oob="true"' in body(kept)


def test_live_checks_stop_once_the_game_is_over(table, game):
    services.end_early(session=game, key="")
    assert "data-over" in body(table.get(url("sheet", game)))


@pytest.mark.parametrize(
    ("game_slug", "players", "first", "word"),
    [
        ("call-bridge", ["Ann", "Ben", "Cat", "Dev"], {"bids": [3, 3, 3, 4]}, "Deal"),
        ("mormon-bridge", ["Ann", "Ben", "Cat", "Dev", "Eve"], {"bids": [0, 0, 0, 0, 0]}, "Hand"),
    ],
)
def test_other_games_say_what_changed_in_their_own_words(
    table, make_session, game_slug, players, first, word
):
    session = make_session(game_slug, players=players)
    old = session.version
    services.save_round(session=session, number=1, data=first, key="")
    response = table.send(action(session, 1, "bids"), {"bid_0": "1", "version": str(old)}, htmx=True)
    assert escaped(f"{word} 1's bids were saved on another phone") in body(response)


def test_a_second_phone_of_the_keeper_sees_the_same_game(user, game):
    other_phone = TableClient()
    other_phone.force_login(user)
    assert other_phone.get(url("sheet", game)).status_code == 200


def test_a_sheet_is_never_kept_by_the_browser(table, make_session):
    """Back or Forward to a sheet asks the server again: never a stale game out of the browser's cache."""
    for game, players in (("bugger-bridge", FIVE[:3]), ("minibridge", FIVE[:4]), ("memory-bridge", FIVE[:2])):
        session = make_session(game, players=players)
        assert "no-store" in table.get(url("sheet", session))["Cache-Control"], game


def test_a_live_answer_says_what_changed_since_the_page(table, game):
    """For a page whose taps the change overtook: it says so, as a refused save would."""
    table.send(url("bids", game, 1), bids([0, 1, 0, 0, 1]), htmx=True)
    response = table.get(url("live", game) + "?v=0", headers={"HX-Request": "true"})
    assert response.status_code == 200
    said = json.loads(response["HX-Trigger"])["scorekeeper:changed"]["said"]
    assert said == "Round 1's bids were saved on another phone: Ann 0, Ben 1, Cat 0, Dev 0, Eve 1."
