"""Playing without an account: a visitor starts a game from the start page, plays, shares it, then
signs up and finds it in the account's history; another browser's guest game stays its own.

Also the start page's screenshots (412x915 and 360x740, light and dark, English and French) and a
guest's start page, to /work/helpers/shots or the folder SHOTS names.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import GameSession

from .conftest import new_phone
from .test_bugger_game import PLAYERS, enter_bids, expect_totals, score

SHOTS = Path(os.environ.get("SHOTS", "/work/helpers/shots"))
ROUNDS = [([1, 0, 0, 0, 0], [1, 0, 0, 0, 0]), ([1, 1, 0, 0, 0], [1, 0, 1, 0, 0])]


def enter_tricks(phone, number, bids, tricks):
    """Tap the tricks of those who missed their bid, then Save."""
    for seat, took in enumerate(tricks):
        if took != bids[seat]:
            phone.tap(f"label[for=tricks-{seat}-{took}]")
    phone.tap(phone.page.get_by_role("button", name=f"Save round {number}"))
    expect(phone.page.locator("#entry-panel h2")).to_contain_text(f"Round {number + 1} ")


def start_from_the_start_page(phone, game: str, names, start: str = "Start game") -> GameSession:
    """One tap on the game, the names typed, Start: the sheet."""
    page = phone.page
    phone.go("/")
    phone.taps = 0
    with phone.loading():
        phone.tap(page.get_by_role("link", name=game, exact=True))
    for i, name in enumerate(names):
        page.fill(f"#id_player_{i}", name)
    with phone.loading():
        phone.tap(page.get_by_role("button", name=start))
    expect(page.locator("#entry-panel")).to_be_visible()
    assert phone.taps == 2  # the game, then Start: no account, no sign-up form in between
    return GameSession.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1]))


def test_a_visitor_plays_shares_signs_up_and_keeps_the_game(phones):
    keeper = phones("keeper")
    page = keeper.page
    session = start_from_the_start_page(keeper, "Bugger Bridge", PLAYERS)
    totals = [0] * len(PLAYERS)
    for number, (bids, tricks) in enumerate(ROUNDS, start=1):
        enter_bids(keeper, bids, (session.first_dealer + number - 1) % len(PLAYERS))
        enter_tricks(keeper, number, bids, tricks)
        totals = [t + s for t, s in zip(totals, score(bids, tricks), strict=True)]
    expect_totals(page, totals)

    # Share a watch link, as a keeper with an account would; the watcher sees the sheet.
    with keeper.loading():
        keeper.tap(page.get_by_role("link", name="Share this game…"))
    with keeper.loading():
        keeper.tap(page.get_by_role("button", name="Make a watch link"))
    expect(page.locator("#watch svg[role=img]")).to_be_visible()
    watch_url = page.get_by_test_id("watch-url").input_value()
    watcher = phones("watcher")
    watcher.page.goto(watch_url)
    expect_totals(watcher.page, totals)

    # Another browser's visitor starts a game of their own.
    other = phones("other")
    theirs = start_from_the_start_page(other, "Bugger Bridge", ["Zoe", "Yan", "Xia"])
    assert theirs.owner_id != session.owner_id

    # The keeper signs up on the same phone: the game is the account's.
    keeper.go("/")
    expect(page.get_by_test_id("guest-note")).to_contain_text("kept on this browser only")
    with keeper.loading():
        keeper.tap(page.locator(".topnav").get_by_role("link", name="Sign up"))
    page.fill("#id_username", "tablekeeper")
    page.fill("#id_password1", "spades-are-trumps-9")
    page.fill("#id_password2", "spades-are-trumps-9")
    with keeper.loading():
        keeper.tap(page.get_by_role("button", name="Create account"))
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    expect(page.get_by_test_id("guest-note")).to_have_count(0)
    with keeper.loading():
        keeper.tap(page.get_by_role("link", name="History"))
    games = page.locator(".history-list > li")
    expect(games).to_have_count(1)
    expect(games.first).to_contain_text("Helen")
    session.refresh_from_db()
    assert session.owner.username == "tablekeeper"
    # The watch link still shows the game; the other browser still has its own game, and only it.
    watcher.page.goto(watch_url)
    expect_totals(watcher.page, totals)
    other.go("/")
    expect(other.page.get_by_text("Zoe, Yan, Xia")).to_be_visible()
    expect(other.page.get_by_text("Helen")).to_have_count(0)
    assert other.page.goto(f"{other.base_url}/games/{session.pk}/").status == 404


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(412, 915), (360, 740)])
def test_the_start_page_offers_a_game_and_a_log_in(browser, site, size, language):
    width, height = size
    options = {"viewport": {"width": width, "height": height}}
    if language == "fr":
        options |= {"locale": "fr-FR", "extra_http_headers": {"Accept-Language": "fr"}}
    phone = new_phone(browser, site, **options)
    try:
        phone.go("/")
        start = "Commencer une partie" if language == "fr" else "Start a game"
        log_in = "Se connecter" if language == "fr" else "Log in"
        expect(phone.page.get_by_role("heading", name=start)).to_be_visible()
        expect(phone.page.get_by_role("link", name=log_in, exact=True)).to_be_visible()
        expect(phone.page.get_by_role("link", name="Bugger Bridge", exact=True)).to_be_visible()
        assert phone.page.evaluate("document.documentElement.scrollWidth") <= width
        SHOTS.mkdir(parents=True, exist_ok=True)
        for scheme in ("light", "dark"):
            phone.page.emulate_media(color_scheme=scheme)
            phone.page.screenshot(
                path=str(SHOTS / f"start-{width}x{height}-{scheme}-{language}.png"), full_page=True
            )
        # The same browser once it has started a game: its games, and the word on accounts.
        phone.page.emulate_media(color_scheme="light")
        start = "Commencer la partie" if language == "fr" else "Start game"
        start_from_the_start_page(phone, "Bugger Bridge", ["Ann", "Ben", "Cat"], start=start)
        phone.go("/")
        expect(phone.page.get_by_test_id("guest-note")).to_be_visible()
        assert phone.page.evaluate("document.documentElement.scrollWidth") <= width
        phone.page.screenshot(path=str(SHOTS / f"guest-home-{width}x{height}-{language}.png"), full_page=True)
    finally:
        phone.context.close()
    assert phone.errors == [] and phone.server_errors == [] and phone.outside == []
