"""The logged-out start page offers every game as a button, and a player's statistics page is short on a phone."""

from __future__ import annotations

import os
from pathlib import Path

from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import expect

from games.models import Entry, Player
from tests.browser.test_print_pdf import log_in
from tests.test_history_helpers import every_game

SHOTS = Path(os.environ.get("SHOTS", "/tmp/issue12-shots"))


def shoot(phone, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        phone.page.emulate_media(color_scheme=scheme)
        phone.page.screenshot(path=str(SHOTS / f"{name}-{scheme}.png"), full_page=True)
    phone.page.emulate_media(color_scheme="light")


def test_the_welcome_page_offers_every_game_as_a_button_to_start_it(phone):
    phone.go("/")
    picker = phone.page.locator(".game-picker")
    for name in ("Bugger Bridge", "Call Bridge", "Mormon Bridge", "Minibridge", "Memory Bridge"):
        button = picker.get_by_role("link", name=name, exact=True)
        expect(button).to_be_visible()
        assert button.evaluate("e => getComputedStyle(e).textDecorationLine") == "none"
    shoot(phone, "welcome-360x740")


def test_a_players_statistics_fit_a_few_screens_of_a_phone(phone):
    keeper = User.objects.create_user("keeper", password="table-talk-2026")
    # Bob plays every game, several times each: the figures of every game, and a chart for each.
    for _ in range(3):
        for kind, session in every_game(keeper).items():
            if kind != "bugger-bridge":
                bob = Player.objects.get_or_create(owner=keeper, name="Bob")[0]
                session.seats.filter(position=0).update(player=bob)
                Entry.objects.filter(round__session=session, position=0).update(player=bob)
    bob = Player.objects.get(owner=keeper, name="Bob")
    log_in(phone, keeper)
    phone.go(reverse("games:player", args=[bob.pk]))
    expect(phone.page.get_by_text("Mormon Bridge", exact=True).first).to_be_visible()
    height = phone.page.evaluate("document.documentElement.scrollHeight")
    assert height <= 3 * 740, height  # it was ~8,800 px: every figure a line, every chart a card
    shoot(phone, "player-360x740")
    # A game's figures and its chart open with a tap.
    figures = phone.page.locator("details.game-figures").first
    phone.tap(figures.locator("> summary"))
    expect(figures.locator("dl.figures")).to_be_visible()
    chart = phone.page.locator("details.game-chart").first
    phone.tap(chart.locator("> summary"))
    expect(chart.locator("svg.chart")).to_be_visible()
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= 360
    shoot(phone, "player-open-360x740")
