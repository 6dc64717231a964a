"""Ending a game early asks first and can be taken back: on a phone, end it, then reopen it and play on."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import expect

from games.models import GameSession
from tests.browser.test_print_pdf import log_in
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
