"""A French phone at 360 px: the sheets' column headings whole, the standings table within the screen
(issue 19, item 12: "Donne" showed as "Don…", the standings were wider than the phone)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from games import services
from tests.browser.conftest import check_phone, new_phone
from tests.browser.test_print_pdf import log_in

pytestmark = pytest.mark.django_db(transaction=True)  # the live server reads the games from another thread

FOUR = ["Ann", "Ben", "Cat", "Dev"]
CUT = """() => [...document.querySelectorAll('table.sheet thead th.round-col')]
    .filter(th => th.scrollWidth > th.clientWidth).map(th => th.textContent.trim())"""


def test_headings_whole_and_standings_within_a_360_px_phone(browser, site, make_session):
    keeper = User.objects.create_user("keeper", password="table-talk-2026")
    games = [
        make_session(
            "call-bridge", players=FOUR, owner=keeper, rounds=[{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}]
        ),
        make_session(
            "mormon-bridge",
            players=FOUR,
            owner=keeper,
            mode="regular",
            rounds=[{"bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0]}],
        ),
        make_session(
            "mormon-bridge",
            players=FOUR,
            owner=keeper,
            mode="four-card",
            rounds=[{"bids": [1, 1, 1, 1], "tricks": [1, 1, 1, 1]}],
        ),
        make_session("memory-bridge", players=["Ann", "Ben"], owner=keeper, rounds=[{"first_half": [8, 5]}]),
        make_session(
            "bugger-bridge",
            players=FOUR,
            owner=keeper,
            rounds=[{"bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0]}],
        ),
    ]
    phone = new_phone(
        browser, site, viewport={"width": 360, "height": 740}, extra_http_headers={"Accept-Language": "fr"}
    )
    log_in(phone, keeper)
    for game in games:
        phone.go(reverse("games:sheet", args=[game.pk]))
        assert phone.page.evaluate(CUT) == [], game.game
    services.end_early(session=games[0], key="")
    phone.go(reverse("games:standings") + "?game=call-bridge&period=all&minimum=1")
    table = phone.page.locator("table.standings-table")
    box = table.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    wrap = phone.page.locator(".table-wrap").first
    assert wrap.evaluate("w => w.scrollWidth <= w.clientWidth"), "the standings scroll sideways"
    phone.context.close()
    check_phone(phone)
