"""Ending a game early asks first and can be taken back: on a phone, end it, then reopen it and play on."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import expect

from games.models import GameSession
from tests.browser.test_print_pdf import log_in
from tests.browser.test_table_sharing import keepers_game, open_sheet, shared_game
from tests.test_history_helpers import NAMES, bugger_rounds, record


def test_end_the_game_then_reopen_it_and_play_on(phone):
    keeper = User.objects.create_user("keeper", password="table-talk-2026")
    game = record(keeper, "bugger-bridge", NAMES["bugger-bridge"], bugger_rounds(3))
    log_in(phone, keeper)
    page = phone.page
    phone.go(reverse("games:sheet", args=[game.pk]))

    # One tap opens the question; nothing has ended yet.
    phone.tap(page.get_by_text("End the game now…"))
    expect(page.get_by_text("You can reopen the game afterwards.")).to_be_visible()
    assert not GameSession.objects.get(pk=game.pk).is_finished
    with phone.loading():
        phone.tap(page.get_by_role("button", name="End game now"))
    expect(page.locator("#entry-panel h2")).to_have_text("Game over")
    expect(page.locator("#entry-panel")).to_contain_text("game ended early")
    ended = GameSession.objects.get(pk=game.pk)
    assert ended.is_finished and ended.finished_early

    with phone.loading():
        phone.tap(page.get_by_role("button", name="Reopen the game"))
    expect(page.locator("#entry-panel h2")).to_contain_text("Round 4 ")
    reopened = GameSession.objects.get(pk=game.pk)
    assert not reopened.is_finished and not reopened.finished_early and reopened.finished_at is None
    # Play goes on where it stopped: the next round's bids are taken as before.
    expect(page.locator("#entry-panel.phase-bids")).to_be_visible()
    expect(page.get_by_role("button", name="Undo last round")).to_be_visible()


# An ended game's pages go on checking, more slowly: every third live check (6 s), and a reload
# of the big screen; well within this.
OVER_WITHIN = 15_000


@pytest.fixture
def game(make_session):
    return keepers_game(make_session)


def test_end_then_reopen_comes_back_on_every_phone_and_the_tv(phone, phones, game):
    """Ended on the keeper's phone, then reopened: the keep-score phone, the watcher and the TV
    show the game over, then the game again, without a reload."""
    keeper = phone
    session, watch_url, keep_url = shared_game(keeper, game, [{"bids": [1, 0, 0], "tricks": [1, 0, 0]}])
    keep = phones("keep")
    keep.page.goto(keep_url)
    watcher = phones("watcher")
    watcher.page.goto(watch_url)
    tv = phones("tv", viewport={"width": 1280, "height": 720}, is_mobile=False, has_touch=False)
    tv.page.goto(watch_url + "big/")
    expect(tv.page.locator(".big-round")).to_contain_text("Round 2")
    open_sheet(keeper, session)

    keeper.tap(keeper.page.get_by_text("End the game now…"))
    with keeper.loading():
        keeper.tap(keeper.page.get_by_role("button", name="End game now"))
    expect(keeper.page.locator("#entry-panel h2")).to_have_text("Game over")
    for each in (keep, watcher):
        expect(each.page.locator("#entry-panel .winner")).to_contain_text("Ann wins (game ended early)")
    expect(tv.page.locator(".big-winner")).to_have_text("Ann wins!")

    with keeper.loading():
        keeper.tap(keeper.page.get_by_role("button", name="Reopen the game"))
    expect(keeper.page.locator("#entry-panel.phase-bids h2")).to_contain_text("Round 2 ")
    expect(keep.page.locator("#entry-panel.phase-bids h2")).to_contain_text("Round 2 ", timeout=OVER_WITHIN)
    expect(watcher.page.locator("#entry-panel h2")).to_contain_text("Round 2", timeout=OVER_WITHIN)
    expect(watcher.page.locator("#entry-panel")).to_contain_text("You are watching")
    expect(tv.page.locator(".big-round")).to_contain_text("Round 2", timeout=OVER_WITHIN)
    # And the game goes on from the keep-score phone (Ben deals round 2: Cat, Ann, Ben bid).
    keep.tap("label[for=bid-2-0]")
    keep.tap("label[for=bid-0-0]")
    keep.tap("label[for=bid-1-0]")
    expect(keep.page.locator("#entry-panel.phase-tricks")).to_be_visible()
    expect(watcher.page.locator("#entry-panel")).to_contain_text(
        "Bids: Ann 0, Ben 0, Cat 0", timeout=OVER_WITHIN
    )
