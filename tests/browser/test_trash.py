"""The Trash in a phone's browser: delete a game, find it in the Trash, restore it."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import expect

from games.backup.session_record import export_session
from games.models import GameSession
from tests.browser.test_print_pdf import log_in
from tests.test_history_helpers import NAMES, bugger_rounds, record


def test_delete_a_game_find_it_in_the_trash_and_restore_it(phone):
    keeper = User.objects.create_user("keeper", password="table-talk-2026")
    game = record(keeper, "bugger-bridge", NAMES["bugger-bridge"], bugger_rounds(5))
    record(keeper, "call-bridge", NAMES["call-bridge"], [])
    before = export_session(game)
    log_in(phone, keeper)
    page = phone.page

    phone.go(reverse("games:summary", args=[game.pk]))
    phone.tap(page.get_by_role("link", name="Delete…"))
    expect(page.get_by_role("heading", name="Delete this game?")).to_be_visible()
    expect(page.get_by_text("you can restore it, as it was, for 30 days")).to_be_visible()
    phone.tap(page.get_by_role("button", name="Delete the game"))
    expect(page.locator(".messages")).to_contain_text("is in the Trash")
    # Gone from the list: only the Call Bridge game is left.
    expect(page.locator(".history-list li")).to_have_count(1)
    expect(page.locator(".history-list")).not_to_contain_text("Bugger Bridge")

    phone.tap(page.get_by_role("link", name="the Trash"))
    expect(page.get_by_role("heading", name="Trash", exact=True)).to_be_visible()
    entry = page.locator(".trash-list li")
    expect(entry).to_have_count(1)
    expect(entry).to_contain_text("Bugger Bridge")
    expect(entry).to_contain_text("Bob, Helen, Corky, Kim, Randi")
    expect(entry).to_contain_text("Deleted ")
    phone.tap(entry.get_by_role("button", name="Restore"))

    expect(page.locator(".messages")).to_contain_text("is back in your games")
    expect(page).to_have_url(phone.base_url + reverse("games:summary", args=[game.pk]))
    assert export_session(GameSession.objects.get(pk=game.pk)) == before
    phone.go(reverse("games:history"))
    expect(page.locator(".history-list li")).to_have_count(2)
    phone.go(reverse("games:trash"))
    expect(page.get_by_text("The Trash is empty.")).to_be_visible()
