"""What an action changes is on the screen: a correction opened low on a long sheet, the game ended
or reopened from the tools under it, a sheet shown again by Back or Forward."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from games.registry import GAMES
from tests.browser.test_table_sharing import bid_round_1, keeper_at_sheet, keepers_game, log_in, open_sheet

PLAYED = 12  # rounds on the sheet: far longer than a phone's screen


@pytest.fixture
def game(make_session):
    return keepers_game(make_session)


def played(count: int) -> list[dict]:
    """``count`` rounds of Ann, Ben and Cat (Ann deals first) in which the first to bid took every trick."""
    rounds = []
    for info in GAMES["bugger-bridge"].rules.schedule(3, 0)[:count]:
        bids = [0, 0, 0]
        bids[info.leader] = info.cards
        rounds.append({"bids": bids, "tricks": bids})
    return rounds


def test_a_round_tapped_low_on_the_sheet_opens_its_correction_in_view(phone, game):
    keeper_at_sheet(phone, game, rounds=played(PLAYED))
    page = phone.page
    link = page.locator(f"#round-{PLAYED - 1} th a")
    link.scroll_into_view_if_needed()
    expect(page.locator("#entry-panel h2")).not_to_be_in_viewport()
    phone.tap(link)
    expect(page.locator("#entry-panel.phase-edit h2")).to_contain_text(f"Round {PLAYED - 1} ")
    expect(page.locator("#entry-panel h2")).to_be_in_viewport()


def test_ending_and_reopening_from_under_a_long_sheet_shows_the_result_and_the_round(phone, game):
    keeper_at_sheet(phone, game, rounds=played(PLAYED))
    page = phone.page
    phone.tap(page.get_by_text("End the game now…"))  # under the sheet: the phone scrolls down to it
    expect(page.locator("#entry-panel h2")).not_to_be_in_viewport()
    with phone.loading():
        phone.tap(page.get_by_role("button", name="End game now"))
    expect(page.locator("#entry-panel h2")).to_have_text("Game over")
    expect(page.locator("#entry-panel h2")).to_be_in_viewport()

    page.get_by_role("button", name="Reopen the game").scroll_into_view_if_needed()
    expect(page.locator("#entry-panel h2")).not_to_be_in_viewport()
    with phone.loading():
        phone.tap(page.get_by_role("button", name="Reopen the game"))
    expect(page.locator("#entry-panel h2")).to_contain_text(f"Round {PLAYED + 1} ")
    expect(page.locator("#entry-panel h2")).to_be_in_viewport()


def test_a_sheet_shown_again_by_back_or_forward_is_brought_up_to_date_at_once(phone, phones, game):
    """A phone's browser may keep the page whole (the back/forward cache) and show it again as it
    was: it checks for changes there and then, not at the next live check. The page's clock is
    stopped here, so only that check can bring it up to date."""
    keeper = phone
    keeper.page.clock.install()
    session = keeper_at_sheet(keeper, game)
    keeper.page.clock.pause_at(time.time() + 3600)
    other = phones("keeper's second phone")
    log_in(other)
    open_sheet(other, session)
    bid_round_1(other)  # Ann 1, Ben 0, Cat 0
    keeper.settled()
    expect(keeper.page.locator("#entry-panel.phase-bids")).to_be_visible()  # no live check came

    keeper.page.evaluate("window.dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}))")
    expect(keeper.page.locator("#entry-panel.phase-tricks")).to_be_visible()
    expect(keeper.page.locator("#round-1 sup")).to_have_text(["1", "0", "0"])
