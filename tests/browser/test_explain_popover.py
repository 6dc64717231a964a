"""A tapped square's explanation opens beside that square, on the screen, at a phone's width (issue 12 item 9)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games.registry import GAMES

from .conftest import new_phone
from .test_page_weight import NAMES, log_in

GAP = 12  # px: how far from the square's edge the popover may start


def assert_beside(square, pop, size: dict) -> None:
    """The popover is on the screen, whole, just under or just over the square, and across from it."""
    expect(pop).to_have_attribute("style", re.compile(r"(top|inset): \d"))  # placed (static/js/explain.js)
    cell, shown = box(square), box(pop)
    assert shown["x"] >= 0 and shown["x"] + shown["width"] <= size["width"]
    assert shown["y"] >= 0 and shown["y"] + shown["height"] <= size["height"]
    under = abs(shown["y"] - (cell["y"] + cell["height"])) <= GAP
    over = abs(shown["y"] + shown["height"] - cell["y"]) <= GAP
    assert under or over, (cell, shown)
    assert shown["x"] <= cell["x"] + cell["width"] and shown["x"] + shown["width"] >= cell["x"]


def box(locator) -> dict:
    found = locator.bounding_box()
    assert found is not None
    return found


@pytest.mark.parametrize("viewport", [{"width": 360, "height": 740}, {"width": 412, "height": 915}])
def test_the_explanation_opens_at_the_tapped_square(browser, site, make_session, viewport):
    phone = new_phone(browser, site, viewport=viewport)
    try:
        owner = log_in(phone)
        rounds = []
        for info in GAMES["bugger-bridge"].rules.schedule(6, 0)[:12]:
            bids = [0] * 6
            bids[info.number % 6] = info.cards
            rounds.append({"bids": bids, "tricks": bids})
        session = make_session("bugger-bridge", players=NAMES[:6], owner=owner, rounds=rounds)
        phone.go(f"/games/{session.pk}/")
        page = phone.page
        assert page.locator("#sheet-body [popover]").count() == 0  # explanations are fetched, not embedded
        size = page.viewport_size
        for number, seat in ((11, 5), (2, 0), (7, 3)):
            square = page.locator(f"#round-{number} td >> nth={seat} >> button")
            square.scroll_into_view_if_needed()
            phone.tap(square)
            pop = page.locator(f"#exp-{number}-{seat}")
            expect(pop).to_be_visible()
            expect(pop).to_contain_text(f"Round {info_label(number)} · {NAMES[seat]}: bid")
            assert_beside(square, pop, size)
            page.keyboard.press("Escape")
            expect(pop).to_be_hidden()
    finally:
        phone.context.close()


def info_label(number: int) -> str:
    return GAMES["bugger-bridge"].rules.schedule(6, 0)[number - 1].label
