"""How a score sheet's squares read on a phone."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tests.browser.test_print_pdf import log_in

pytestmark = pytest.mark.django_db(transaction=True)  # the live server reads the game from another thread


def test_a_missed_bid_is_a_dash_with_the_bid_in_the_corner_not_minus_one(phone, make_session):
    """Issue 19, item 13: the dash and the bid raised right after it read "–1", minus one."""
    keeper = User.objects.create_user("keeper", password="table-talk-2026")
    # Round 1 (one card): Ben bids 1 and takes nothing, a missed bid.
    rounds = [{"bids": [0, 1, 1, 0, 0], "tricks": [0, 0, 1, 0, 0]}]
    game = make_session(
        "bugger-bridge", players=["Ann", "Ben", "Cat", "Dev", "Eve"], owner=keeper, rounds=rounds
    )
    log_in(phone, keeper)
    phone.go(reverse("games:sheet", args=[game.pk]))
    square = phone.page.locator("#round-1 td.missed button")
    assert square.inner_text().startswith("–")
    box, bid = square.bounding_box(), square.locator("sup").bounding_box()
    centre = box["x"] + box["width"] / 2
    # The bid sits in the square's top right corner, well apart from the dash in the middle.
    assert bid["x"] >= centre + 8, (box, bid)
    assert box["x"] + box["width"] - (bid["x"] + bid["width"]) <= 8, (box, bid)
    assert bid["y"] - box["y"] <= 6, (box, bid)
