"""The entry panel at the table: bids counted in the page (no request until the last one is in)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import expect

from games import services
from tests.browser.test_print_pdf import log_in

NAMES = ["Ann", "Ben", "Cleo", "Dev", "Eve"]


@pytest.fixture
def keeper():
    return User.objects.create_user("keeper", password="table-talk-2026")


def posts_of(phone) -> list[str]:
    """The POSTs the page sends from now on (their paths)."""
    sent: list[str] = []
    phone.page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    return sent


def test_bid_taps_send_nothing_until_the_last_one(phone, keeper, make_session):
    # Round 1 of a hooked game: one card, Ann deals, Ben bids first.
    game = make_session("bugger-bridge", players=NAMES, owner=keeper, hook=True)
    log_in(phone, keeper)
    phone.go(reverse("games:sheet", args=[game.pk]))
    page = phone.page
    sent = posts_of(phone)
    live = page.get_by_test_id("bid-live")
    dealer_nought = page.locator("#bid-0-0")

    # The dealer taps first, a bid the others will make the hook rule forbid.
    phone.tap("label[for=bid-0-0]")
    expect(live).to_have_text("Bids total 0 for 1 trick, 4 players still to bid")
    for seat, bid in ((1, 1), (2, 0), (3, 0)):
        phone.tap(f"label[for=bid-{seat}-{bid}]")
    expect(live).to_have_text("Bids total 1 for 1 trick, 1 player still to bid")
    expect(dealer_nought).to_be_checked()
    phone.tap("label[for=bid-4-0]")
    # Everyone else has bid 1 in all: the dealer's 0 would make it even, so it is struck and untapped.
    expect(dealer_nought).to_be_disabled()
    expect(dealer_nought).not_to_be_checked()
    expect(page.locator("label[for=bid-0-0]")).to_have_class("chip struck")
    expect(page.locator("label[for=bid-0-0]")).to_have_attribute(
        "title", "Hook rule: the dealer may not bid 0"
    )
    expect(live).to_have_text("Bids total 1 for 1 trick, 1 player still to bid")
    # Ben changes his mind: nothing is struck while the others' total lets any dealer's bid through.
    phone.tap("label[for=bid-1-0]")
    expect(dealer_nought).to_be_enabled()
    expect(page.locator("#bid-0-1")).to_be_disabled()
    phone.tap("label[for=bid-1-1]")
    assert sent == [], f"bid taps sent requests: {sent}"
    assert services.load_game(game).state.current is None  # nothing stored yet

    # The last bid sends them all, once; the tricks come next.
    phone.tap("label[for=bid-0-1]")
    expect(page.locator("#entry-panel.phase-tricks")).to_be_visible()
    expect(page.locator(".bidline")).to_have_text("Bids total 2 for 1: over-bid by 1")
    assert len(sent) == 1, sent
    assert sent[0].endswith(reverse("games:round-action", args=[game.pk, 1, "bids"]))
    game.refresh_from_db()
    assert services.load_game(game).state.current.data["bids"] == [1, 1, 0, 0, 0]


def test_bids_tapped_before_a_reload_are_counted_again_and_sent_once(phone, keeper, make_session):
    game = make_session("call-bridge", players=NAMES[:4], owner=keeper, target=30)
    log_in(phone, keeper)
    sheet = reverse("games:sheet", args=[game.pk])
    phone.go(sheet)
    page = phone.page
    # Deal 1: Ann deals, Ben bids first.
    phone.tap("label[for=bid-1-4]")
    phone.tap("label[for=bid-2-3]")
    expect(page.get_by_test_id("bid-live")).to_have_text("Bids total 7 for 13 tricks, 2 players still to bid")
    expect(page.get_by_test_id("todo")).to_have_text("Still to enter: 2 bids, then the tricks.")
    phone.go(sheet)
    sent = posts_of(phone)
    expect(page.locator("#bid-2-3")).to_be_checked()
    expect(page.get_by_test_id("bid-live")).to_have_text("Bids total 7 for 13 tricks, 2 players still to bid")
    phone.tap("label[for=bid-3-2]")
    expect(page.get_by_test_id("todo")).to_have_text("Still to enter: 1 bid, then the tricks.")
    assert sent == []
    phone.tap("label[for=bid-0-5]")
    expect(page.locator("#entry-panel.phase-tricks")).to_be_visible()
    assert len(sent) == 1
    game.refresh_from_db()
    assert services.load_game(game).state.current.data["bids"] == [5, 4, 3, 2]
