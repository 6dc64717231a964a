"""Past games, summaries, players and print pages on a 360px phone, light and dark, with and without JavaScript."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import expect

from games.models import GameSession, Player
from tests.browser.test_print_pdf import log_in
from tests.test_history_helpers import NAMES, bugger_rounds, every_game, record


def no_sideways_scroll(phone, path):
    phone.go(path)
    width = phone.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, (path, width)


def test_every_page_fits_a_phone_light_and_dark(phone):
    keeper = User.objects.create_user("keeper", password="table-talk-2026")
    games = every_game(keeper)
    record(keeper, "bugger-bridge", NAMES["bugger-bridge"], bugger_rounds(3))
    bob = Player.objects.get(owner=keeper, name="Bob")
    log_in(phone, keeper)
    paths = [
        reverse("games:history"),
        reverse("games:history") + f"?player={bob.pk}&status=finished",
        reverse("games:players"),
        reverse("games:player", args=[bob.pk]),
        reverse("games:print-blank-index"),
        reverse("games:print-blank", args=["mormon-bridge"]) + "?players=14",
        reverse("games:delete", args=[games["call-bridge"].pk]),
    ]
    for session in games.values():
        paths += [reverse("games:summary", args=[session.pk]), reverse("games:print", args=[session.pk])]
    for scheme in ("light", "dark"):
        phone.page.emulate_media(color_scheme=scheme)
        for path in paths:
            no_sideways_scroll(phone, path)
    # The chart is drawn and has its words for screen readers.
    phone.go(reverse("games:summary", args=[games["bugger-bridge"].pk]))
    chart = phone.page.get_by_role("img", name="Running totals, round by round")
    expect(chart).to_be_visible()
    assert chart.bounding_box()["width"] <= 360


def test_history_filter_delete_and_rename_without_javascript(plain_phone):
    keeper = User.objects.create_user("keeper", password="table-talk-2026")
    bugger = record(keeper, "bugger-bridge", NAMES["bugger-bridge"], bugger_rounds(18))
    record(keeper, "call-bridge", NAMES["call-bridge"], [])
    log_in(plain_phone, keeper)
    page = plain_phone.page

    plain_phone.go(reverse("games:history"))
    page.select_option("#id_game", "bugger-bridge")
    plain_phone.tap(page.get_by_role("button", name="Show"))
    expect(page.locator(".history-list li")).to_have_count(1)
    expect(page.locator(".history-list")).to_contain_text("★ Bob")

    plain_phone.tap(page.get_by_role("link", name="Bugger Bridge"))
    expect(page.get_by_role("heading", name="Bugger Bridge")).to_be_visible()
    plain_phone.tap(page.get_by_role("link", name="Delete…"))
    plain_phone.tap(page.get_by_role("button", name="Delete the game"))
    expect(page.locator(".messages")).to_contain_text("is in the Trash")
    assert not GameSession.objects.live().filter(pk=bugger.pk).exists()

    plain_phone.go(reverse("games:player", args=[Player.objects.get(owner=keeper, name="Ben").pk]))
    page.fill("#id_name", "Benjamin")
    plain_phone.tap(page.get_by_role("button", name="Rename"))
    expect(page.get_by_role("heading", name="Benjamin")).to_be_visible()
    expect(page.locator(".messages")).to_contain_text("Ben is now called Benjamin")
