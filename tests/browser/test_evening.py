"""A whole evening at one table: a short game of Call Bridge on four screens.

The keeper (the game's owner) starts it, goes Back and Starts again (one game); shares it: a phone
keeps score through a keep-score link (replaced once: the old link is refused, the new one gets
in on the same phone), a watcher follows the watch link, a TV shows the big screen. On the way:
bids overtaken by another phone, a phone that loses its connection mid-deal and reloads, the
game ended and reopened, the watcher switching to French. Ann, Bob, Cat and Dan play to 12;
every deal Ann bids 4 and the others 2, Dan takes 3 and the dealer the rest: everyone makes
their bid, so Ann gains 4 a deal, the others 2, and Ann wins after deal 3.

Every wait is for something the page shows; a page that follows the game by itself gets the
time its live check needs (every 2 s while the game goes on, 6 s once it is over).
"""

from __future__ import annotations

from contextlib import suppress

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from games.models import GameSession
from tests.browser.test_table_sharing import NOT_SAVED, PASSWORD, changes, log_in, make_link

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
BIDS = [4, 2, 2, 2]
# The whole evening runs on PostgreSQL too in .ci/run, against the app served on it.
pytestmark = pytest.mark.postgres_too

FOLLOWS = 15_000  # ms: room for a page that follows the game by its live checks, on a loaded machine


def bidding_order(dealer: int) -> list[int]:
    return [(dealer + 1 + i) % 4 for i in range(4)]


def tap_bids(phone, dealer: int, seats=None) -> None:
    """Tap the deal's bids in the bidding order (only ``seats``' when given).

    The last bid of a whole deal sends the bids at once, and the answer may replace the chips
    before a check could see that one checked: only the earlier taps are checked.
    """
    order = [seat for seat in bidding_order(dealer) if seats is None or seat in seats]
    for seat in order:
        phone.tap(f"label[for=bid-{seat}-{BIDS[seat]}]")
        if seats is not None or seat != order[-1]:
            expect(phone.page.locator(f"#bid-{seat}-{BIDS[seat]}")).to_be_checked()


def save_deal(phone, number: int, *, last=False) -> None:
    """The deal's bids are in: Dan took 3, the dealer the rest; Save."""
    page = phone.page
    phone.tap("label[for=tricks-3-3]")
    expect(page.get_by_test_id("tricks-live")).to_have_text("All 13 tricks placed")
    expect(page.get_by_test_id("summary")).to_contain_text("Missed: nobody")
    phone.tap(page.get_by_role("button", name=f"Save deal {number}"))
    if last:
        expect(page.locator("#entry-panel h2")).to_have_text("Game over")
    else:
        expect(page.locator("#entry-panel h2")).to_contain_text(f"Deal {number + 1} ")


def expect_totals(page, totals, timeout=None) -> None:
    expect(page.locator("#totals td")).to_have_text([str(t) for t in totals], timeout=timeout)


def test_a_whole_evening(phone, phones):
    User.objects.create_user("keeper", password=PASSWORD)
    keeper = phone
    page = keeper.page
    log_in(keeper)

    # -- the game starts; Back and Start again open it, not a second one ------------------------
    keeper.go("/games/new/call-bridge/")
    for i, name in enumerate(PLAYERS):
        page.fill(f"#id_player_{i}", name)
    page.select_option("#id_first_dealer", "0")  # Ann deals first
    page.fill("#id_target", "12")
    with keeper.loading():
        keeper.tap(page.get_by_role("button", name="Start game"))
    expect(page.locator("#entry-panel h2")).to_contain_text("Deal 1 ")
    session = GameSession.objects.get()
    with keeper.loading():
        page.go_back()
    expect(page.get_by_text("This form has started a game already: Start game opens it.")).to_be_visible()
    with keeper.loading():
        keeper.tap(page.get_by_role("button", name="Start game"))
    expect(page.get_by_text("That game was started already: here it is.")).to_be_visible()
    assert page.url.endswith(f"/games/{session.pk}/")
    assert GameSession.objects.count() == 1

    # -- shared: a keep-score phone, a watcher, the TV --------------------------------------------
    watch_url = make_link(keeper, session, "watch link")
    old_keep_url = make_link(keeper, session, "keep-score link")
    keep = phones("keep-score phone")
    keep.page.goto(old_keep_url)
    expect(keep.page.locator("#entry-panel.phase-bids h2")).to_contain_text("Deal 1 ")
    keep_url = make_link(keeper, session, "keep-score link")  # the old one went too far: replaced
    expect(keep.page.get_by_role("heading", name="This link was replaced")).to_be_visible(timeout=FOLLOWS)
    assert keep.page.goto(old_keep_url).status == 410
    keep.page.goto(keep_url)  # the same phone, through the new link
    expect(keep.page.locator("#entry-panel.phase-bids h2")).to_contain_text("Deal 1 ")
    watcher = phones("watcher")
    watcher.page.goto(watch_url)
    expect(watcher.page.locator("#entry-panel")).to_contain_text("You are watching")
    tv = phones("tv", viewport={"width": 1280, "height": 720}, is_mobile=False, has_touch=False)
    tv.page.goto(watch_url + "big/")
    expect(tv.page.locator(".big-round")).to_contain_text("Deal 1")
    keeper.go(f"/games/{session.pk}/")

    # -- deal 1: the keeper is part-way through the bids when the keep-score phone saves them -----
    tap_bids(keeper, 0, seats={1, 2})
    tap_bids(keep, 0)
    expect(keep.page.locator("#entry-panel.phase-tricks")).to_be_visible()
    expect(page.locator("#entry-panel .error")).to_have_text(
        "Deal 1's bids were saved on another phone: Ann 4, Bob 2, Cat 2, Dan 2.", timeout=FOLLOWS
    )
    expect(page.locator("#entry-panel.phase-tricks")).to_be_visible()
    expect(watcher.page.locator("#entry-panel")).to_contain_text(
        "Bids: Ann 4, Bob 2, Cat 2, Dan 2", timeout=FOLLOWS
    )
    save_deal(keeper, 1)
    for each in (keep, watcher):
        expect_totals(each.page, [4, 2, 2, 2], timeout=FOLLOWS)
    expect(tv.page.locator(".big-totals .name")).to_have_text(["Ann", "Bob", "Cat", "Dan"], timeout=FOLLOWS)
    expect(tv.page.locator(".big-round")).to_contain_text("Deal 2")

    # -- deal 2: the keep-score phone loses its connection as its last bid is sent, and reloads ----
    expect(keep.page.locator("#entry-panel.phase-bids h2")).to_contain_text("Deal 2 ", timeout=FOLLOWS)
    keep.context.set_offline(True)
    tap_bids(keep, 1)
    expect(keep.page.locator("#offline-note")).to_contain_text(NOT_SAVED)
    with suppress(PlaywrightError):  # no connection: the browser's (or the app's) offline page
        keep.page.reload()
    # The cut came as the bids were sent. Chromium's emulated offline may still let that request
    # out once the service worker controls the page (its network fallback is not cut), as a real
    # connection may drop after the request left and before its answer came: stored at most once.
    assert len(changes(session, "bids", 2)) <= 1
    keep.context.set_offline(False)
    keep.errors[:] = [e for e in keep.errors if "htmx:sendError" not in e]  # the cut connection's
    with keep.loading():
        keep.page.goto(keep.base_url + f"/games/{session.pk}/")
    expect(keep.page.locator("#entry-panel.phase-tricks h2")).to_contain_text("Deal 2 ")
    expect(keep.page.locator("#offline-note")).to_have_count(0)
    expect(keep.page.locator("#entry-panel .error")).to_have_count(0)
    assert [c["what"] for c in changes(session, "bids", 2)] == ["Ann 4, Bob 2, Cat 2, Dan 2"]
    save_deal(keep, 2)
    expect_totals(page, [8, 4, 4, 4], timeout=FOLLOWS)

    # -- ended, then reopened: every screen follows -----------------------------------------------
    keeper.tap(page.get_by_text("End the game now…"))
    with keeper.loading():
        keeper.tap(page.get_by_role("button", name="End game now"))
    expect(page.locator("#entry-panel h2")).to_have_text("Game over")
    expect(page.locator("#entry-panel h2")).to_be_in_viewport()
    for each in (keep, watcher):
        expect(each.page.locator("#entry-panel .winner")).to_contain_text(
            "Ann wins (game ended early)", timeout=FOLLOWS
        )
    expect(tv.page.locator(".big-winner")).to_have_text("Ann wins!", timeout=FOLLOWS)
    with keeper.loading():
        keeper.tap(page.get_by_role("button", name="Reopen the game"))
    expect(page.locator("#entry-panel.phase-bids h2")).to_contain_text("Deal 3 ")
    expect(page.locator("#entry-panel h2")).to_be_in_viewport()
    expect(keep.page.locator("#entry-panel.phase-bids h2")).to_contain_text("Deal 3 ", timeout=FOLLOWS)
    expect(watcher.page.locator("#entry-panel h2")).to_contain_text("Deal 3", timeout=FOLLOWS)
    expect(tv.page.locator(".big-round")).to_contain_text("Deal 3", timeout=FOLLOWS)

    # -- the watcher reads on in French ----------------------------------------------------------
    with watcher.loading():
        watcher.tap(watcher.page.get_by_role("button", name="Français"))
    expect(watcher.page.locator("#entry-panel")).to_contain_text("Vous regardez")
    expect(watcher.page.locator("#entry-panel h2")).to_contain_text("Donne 3")

    # -- deal 3, the last: Ann reaches 12 ------------------------------------------------------------
    tap_bids(keeper, 2)
    expect(page.locator("#entry-panel.phase-tricks")).to_be_visible()
    save_deal(keeper, 3, last=True)
    expect_totals(page, [12, 6, 6, 6])
    expect(page.locator("#entry-panel .winner")).to_contain_text("Ann wins with 12")
    expect(keep.page.locator("#entry-panel h2")).to_have_text("Game over", timeout=FOLLOWS)
    expect(watcher.page.locator("#entry-panel h2")).to_have_text("Partie terminée", timeout=FOLLOWS)
    expect(watcher.page.locator("#entry-panel .winner")).to_contain_text("Ann gagne")
    expect_totals(watcher.page, [12, 6, 6, 6])
    expect(tv.page.locator(".big-winner")).to_have_text("Ann wins!", timeout=FOLLOWS)
    session.refresh_from_db()
    assert session.is_finished and not session.finished_early
    for number in (1, 2, 3):
        assert len(changes(session, "saved", number)) == 1
