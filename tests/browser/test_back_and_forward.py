"""Back and Forward at the table: the page shown is the game as it stands, and a form sent once is
not sent twice by going back to it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.models import GameSession
from tests.browser.test_table_sharing import (
    bid_round_1,
    changes,
    expect_totals,
    keeper_at_sheet,
    keepers_game,
    log_in,
    open_sheet,
)


@pytest.fixture
def game(make_session):
    return keepers_game(make_session)


def fill_names(phone, names):
    for i, name in enumerate(names):
        phone.page.fill(f"#id_player_{i}", name)


def test_back_after_start_game_offers_the_game_started_and_start_opens_it(phone, game):
    game()  # the keeper, with a game of theirs already
    log_in(phone)
    page = phone.page
    phone.go("/games/new/bugger-bridge/")
    expect(page.get_by_text("This form has started a game already")).to_be_hidden()
    fill_names(phone, ["Dee", "Eve", "Fay"])
    with phone.loading():
        phone.tap(page.get_by_role("button", name="Start game"))
    expect(page.locator("#entry-panel.phase-bids")).to_be_visible()
    sheet = page.url
    started = GameSession.objects.latest("pk")
    assert sheet.endswith(f"/games/{started.pk}/")

    with phone.loading():
        page.go_back()
    assert page.url.endswith("/games/new/bugger-bridge/")
    expect(page.get_by_text("This form has started a game already: Start game opens it.")).to_be_visible()
    # Typed again (a phone may not keep what was typed), it opens the game started, not a second one.
    fill_names(phone, ["Dee", "Eve", "Fay"])
    with phone.loading():
        phone.tap(page.get_by_role("button", name="Start game"))
    assert page.url == sheet
    expect(page.get_by_text("That game was started already: here it is.")).to_be_visible()
    assert GameSession.objects.filter(seats__player__name="Dee").count() == 1

    # Another game is one tap away: a fresh form, which starts one.
    with phone.loading():
        page.go_back()
    with phone.loading():
        phone.tap(page.get_by_role("link", name="Start another game"))
    expect(page.get_by_text("This form has started a game already")).to_be_hidden()
    fill_names(phone, ["Dee", "Eve", "Fay"])
    with phone.loading():
        phone.tap(page.get_by_role("button", name="Start game"))
    expect(page.locator("#entry-panel.phase-bids")).to_be_visible()
    assert page.url != sheet
    assert GameSession.objects.filter(seats__player__name="Dee").count() == 2


def test_back_to_the_sheet_shows_the_game_as_it_stands_at_once(phone, phones, game):
    keeper = phone
    session = keeper_at_sheet(keeper, game)
    # No live check answers with anything: only the page itself can be up to date.
    keeper.context.route(lambda url: "/live/" in url, lambda route: route.fulfill(status=204))
    with keeper.loading():
        keeper.tap(keeper.page.get_by_role("link", name="Rules"))
    other = phones("keeper's second phone")
    log_in(other)
    open_sheet(other, session)
    bid_round_1(other)  # Ann 1, Ben 0, Cat 0
    assert len(changes(session, "bids", 1)) == 1

    with keeper.loading():
        keeper.page.go_back()
    expect(keeper.page.locator("#entry-panel.phase-tricks")).to_be_visible()
    expect(keeper.page.locator("#round-1 sup")).to_have_text(["1", "0", "0"])
    other.tap("label[for=tricks-0-0]")
    other.tap("label[for=tricks-1-1]")
    expect(other.page.get_by_test_id("summary")).to_contain_text("Made: Cat")
    other.tap(other.page.get_by_role("button", name="Save round 1"))
    expect(other.page.locator("#entry-panel h2")).to_contain_text("Round 2 ")

    with keeper.loading():
        keeper.page.go_forward()
    with keeper.loading():
        keeper.page.go_back()
    expect(keeper.page.locator("#entry-panel.phase-bids h2")).to_contain_text("Round 2 ")
    expect_totals(keeper.page, [0, 0, 10])
