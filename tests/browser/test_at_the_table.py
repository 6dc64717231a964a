"""At the table on 412×915 and 360×740 phones: one game per new-game form, Back, the start page, the standings.

Screenshots, light and dark, go to $SHOTS (default /tmp/issue12-shots) to be looked at.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import expect

from games.models import GameSession
from tests.browser.test_print_pdf import log_in
from tests.conftest import everyone_makes
from tests.test_history_helpers import CALL_DEAL, every_game

SHOTS = Path(os.environ.get("SHOTS", "/tmp/issue12-shots"))
PHONES = {"412x915": {"width": 412, "height": 915}, "360x740": {"width": 360, "height": 740}}
NAMES = ["Ann", "Ben", "Cleo", "Dev"]


def shoot(phone, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        phone.page.emulate_media(color_scheme=scheme)
        phone.page.screenshot(path=str(SHOTS / f"{name}-{scheme}.png"), full_page=True)
    phone.page.emulate_media(color_scheme="light")


@pytest.fixture
def keeper():
    return User.objects.create_user("keeper", password="table-talk-2026")


@pytest.mark.parametrize("size", sorted(PHONES))
def test_one_form_starts_one_game_and_back_never_starts_another(phone, keeper, size):
    phone.page.set_viewport_size(PHONES[size])
    log_in(phone, keeper)
    page = phone.page
    phone.go(reverse("games:new", args=["bugger-bridge"]))
    dealer = page.locator("#id_first_dealer option")
    expect(dealer.nth(1)).to_have_text("Seat 1")
    for i, name in enumerate(NAMES):
        page.locator(f"#id_player_{i}").press_sequentially(name)
    # The first-dealer list says the names just typed, and the seats still empty.
    expect(dealer).to_contain_text(["Draw a card for me", *NAMES, "Seat 5"])
    page.select_option("#id_first_dealer", label="Ben")
    shoot(phone, f"new-game-{size}")
    with phone.loading():
        phone.tap(page.get_by_role("button", name="Start game"))
    expect(page.locator("#entry-panel")).to_be_visible()
    sheet = page.url
    assert GameSession.objects.filter(owner=keeper).count() == 1
    assert GameSession.objects.get().first_dealer == 1

    # Back: the new-game page again, whatever the browser puts back in it; Start again opens the same game.
    with phone.loading():
        page.go_back()
    expect(page.get_by_role("heading", name="New Bugger Bridge game")).to_be_visible()
    names = [page.locator(f"#id_player_{i}").input_value() for i in range(4)]
    if any(names):
        with phone.loading():
            phone.tap(page.get_by_role("button", name="Start game"))
        assert page.url == sheet
        expect(page.locator(".messages")).to_contain_text("That game was started already")
    assert GameSession.objects.filter(owner=keeper).count() == 1

    # A form filled in afresh starts a second game. While nothing is entered in the first, the page
    # offers it (it is the form that started it); "Start another game" draws a fresh one.
    phone.go(reverse("games:new", args=["bugger-bridge"]))
    with phone.loading():
        phone.tap(page.get_by_role("link", name="Start another game"))
    for i, name in enumerate(NAMES[:3]):
        page.fill(f"#id_player_{i}", name)
    with phone.loading():
        phone.tap(page.get_by_role("button", name="Start game"))
    expect(page.locator("#entry-panel")).to_be_visible()
    assert GameSession.objects.filter(owner=keeper).count() == 2


@pytest.mark.parametrize("size", sorted(PHONES))
def test_a_double_tap_on_start_starts_one_game(phone, keeper, size):
    phone.page.set_viewport_size(PHONES[size])
    log_in(phone, keeper)
    page = phone.page
    phone.go(reverse("games:new", args=["call-bridge"]))
    for i, name in enumerate(NAMES):
        page.fill(f"#id_player_{i}", name)
    start = page.get_by_role("button", name="Start game")
    with phone.loading():
        start.dblclick()
    expect(page.locator("#entry-panel")).to_be_visible()
    assert GameSession.objects.filter(owner=keeper).count() == 1


@pytest.mark.parametrize("size", sorted(PHONES))
def test_the_start_page_tells_games_in_progress_apart(phone, keeper, make_session, size):
    phone.page.set_viewport_size(PHONES[size])
    make_session(
        "bugger-bridge",
        players=NAMES,
        owner=keeper,
        rounds=[everyone_makes(4, c, bidder=2) for c in range(1, 7)],
    )
    make_session("bugger-bridge", players=NAMES, owner=keeper)
    make_session("call-bridge", players=NAMES, owner=keeper, rounds=[CALL_DEAL] * 3, target=30)
    log_in(phone, keeper)
    phone.go(reverse("games:home"))
    games = phone.page.locator(".session-list").first.locator("li")
    expect(games).to_have_count(3)
    expect(games.nth(0)).to_contain_text("Call Bridge · Deal 4")
    expect(games.nth(0)).to_contain_text("Ann leads with 12")
    expect(games.nth(1)).to_contain_text("Bugger Bridge · Round 1 of 18")
    expect(games.nth(1)).to_contain_text("started")
    expect(games.nth(2)).to_contain_text("Bugger Bridge · Round 7 of 18")
    expect(games.nth(2)).to_contain_text("Cleo leads with 116")
    expect(games.nth(2)).to_contain_text("played")
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= PHONES[size]["width"]
    shoot(phone, f"start-page-{size}")


@pytest.mark.parametrize("size", sorted(PHONES))
def test_game_over_shows_the_standings(phone, keeper, size):
    phone.page.set_viewport_size(PHONES[size])
    games = every_game(keeper)
    log_in(phone, keeper)
    for kind in ("bugger-bridge", "minibridge", "mormon-elimination"):
        phone.go(reverse("games:sheet", args=[games[kind].pk]))
        panel = phone.page.locator("#entry-panel")
        expect(panel.get_by_role("heading", name="Game over")).to_be_visible()
        standings = panel.get_by_role("table", name="Final standings")
        expect(standings).to_be_visible()
        expect(standings.locator("tbody tr").first).to_contain_text("1st")
        box = standings.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONES[size]["width"]
        panel.screenshot(path=str(SHOTS / f"game-over-{kind}-{size}-light.png"))
        phone.page.emulate_media(color_scheme="dark")
        panel.screenshot(path=str(SHOTS / f"game-over-{kind}-{size}-dark.png"))
        phone.page.emulate_media(color_scheme="light")
    rows = phone.page.locator("#entry-panel .standings tbody tr")
    assert [" ".join(c.strip() for c in r.all_inner_texts()[0].split("\t")) for r in rows.all()] == [
        "1st Mo still in",
        "=2nd Ned out in hand 2",
        "=2nd Ola out in hand 2",
        "4th Pia out in hand 1",
    ]


def test_the_first_dealer_chips_say_the_names_too(phone, keeper):
    log_in(phone, keeper)
    page = phone.page
    phone.go(reverse("games:new", args=["minibridge"]))
    chips = page.locator("label.chip[for^=dealer-]")
    expect(chips).to_have_text(["Draw for me", "North", "East", "South", "West"])
    page.locator("#id_player_0").press_sequentially("Nora")
    page.locator("#id_player_2").press_sequentially("Sam")
    expect(chips).to_have_text(["Draw for me", "Nora (North)", "East", "Sam (South)", "West"])
    page.locator("#id_player_0").fill("")
    expect(chips.nth(1)).to_have_text("North")
