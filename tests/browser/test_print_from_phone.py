"""Printing from a phone: one page for every game up to its usual size, and blank sheets that fill it.

A phone prints its own layout: the page laid out at the phone's width (412 or 360 CSS
pixels, the small-screen rules applying) with print media, then scaled to the paper's
width. So a sheet fits one page when its height, at that width, is at most the paper's
printable height scaled the same way. Measured here for A4 and Letter with 10 mm
margins (static/css/print.css), at both phone sizes, light scheme or dark.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.test_print_pdf import blank_path, log_in, pages_of
from tests.test_history_helpers import NAMES, bugger_rounds, every_game, record

PHONES = {"412x915": {"width": 412, "height": 915}, "360x740": {"width": 360, "height": 740}}
PAPER_MM = {"A4": (210, 297), "Letter": (215.9, 279.4)}
MARGIN_MM = 10

MEASURE = """() => {
  // Everything that prints: the page down to the end of its main part (the screen-only tools print nothing).
  const main = document.querySelector("main.paper").getBoundingClientRect();
  return {width: document.documentElement.scrollWidth, height: main.bottom + window.scrollY};
}"""


def phone_pages(phone, path: str, size: str) -> dict[str, float]:
    """How many pages (a fraction) the sheet at ``path`` takes printed from the phone, per paper size."""
    phone.page.set_viewport_size(PHONES[size])
    phone.go(path)
    phone.page.emulate_media(media="print")
    box = phone.page.evaluate(MEASURE)
    phone.page.emulate_media(media="screen")
    width = max(box["width"], PHONES[size]["width"])
    pages = {}
    for paper, (w, h) in PAPER_MM.items():
        page_height = width * (h - 2 * MARGIN_MM) / (w - 2 * MARGIN_MM)  # the page, in the phone's pixels
        pages[paper] = box["height"] / page_height
    return pages


@pytest.fixture
def keeper():
    return User.objects.create_user("keeper", password="table-talk-2026")


def usual_games(keeper):
    games = every_game(keeper)
    games["bugger-ten"] = record(
        keeper,
        "bugger-bridge",
        [f"Player {i}" for i in range(1, 11)],
        [{"bids": [c] + [0] * 9, "tricks": [c] + [0] * 9} for c in (1, 2, 3, 4, 4, 4, 4, 3, 2, 1)],
    )
    games["call-twenty"] = record(
        keeper,
        "call-bridge",
        NAMES["call-bridge"],
        [{"bids": [2] * 4, "tricks": [4, 3, 3, 3]}] * 20,
        {"target": 1000},
    )
    return games


@pytest.mark.parametrize("size", sorted(PHONES))
def test_every_game_prints_on_one_page_from_a_phone(phone, keeper, size):
    games = usual_games(keeper)
    log_in(phone, keeper)
    for kind, session in games.items():
        pages = phone_pages(phone, reverse("games:print", args=[session.pk]), size)
        for paper, count in pages.items():
            assert count <= 1, (kind, paper, round(count, 2))


BLANK = [
    ("bugger-bridge", {"players": 5}),
    ("bugger-bridge", {"players": 10}),
    ("mormon-bridge", {"players": 4}),
    ("mormon-bridge", {"players": 14}),
    ("call-bridge", {}),
    ("memory-bridge", {}),
]


@pytest.mark.parametrize("size", sorted(PHONES))
def test_blank_sheets_print_on_one_page_from_a_phone(phone, size):
    for game, params in BLANK:
        pages = phone_pages(phone, blank_path(game, params), size)
        for paper, count in pages.items():
            assert count <= 1, (game, params, paper, round(count, 2))
            if paper == "Letter" and params.get("players") != 14:
                # The rows are as tall as the page allows: little of it is left empty.
                assert count >= 0.8, (game, params, paper, round(count, 2))


def test_a_phone_prints_like_a_desktop(phone, keeper):
    """The same sheet printed to PDF at a phone's size is one page too."""
    session = every_game(keeper)["bugger-bridge"]
    log_in(phone, keeper)
    phone.page.set_viewport_size(PHONES["412x915"])
    phone.go(reverse("games:print", args=[session.pk]))
    for fmt in ("A4", "Letter"):
        assert len(pages_of(phone.page.pdf(format=fmt))) == 1


SHOTS = Path(os.environ.get("SHOTS", "/tmp/issue12-shots"))
# Call Bridge, deals where Asha and Ben bid high and miss: their totals go well below zero.
MISSING = [{"bids": [12, 11, 2, 2], "tricks": [4, 3, 3, 3]}] * 3 + [
    {"bids": [2, 2, 2, 7], "tricks": [1, 1, 1, 10]}
]


@pytest.mark.parametrize("size", sorted(PHONES))
def test_negative_numbers_stay_whole_on_a_phone(phone, keeper, size):
    session = record(keeper, "call-bridge", NAMES["call-bridge"], MISSING, {"target": 100})
    log_in(phone, keeper)
    phone.page.set_viewport_size(PHONES[size])
    phone.go(reverse("games:summary", args=[session.pk]))
    totals = phone.page.locator("table.paper-sheet tbody td.score .v")
    expect(totals.first).to_be_visible()
    assert "−38" in totals.all_inner_texts()  # Asha: −12 three times, then −2
    for total in totals.all():
        box = total.bounding_box()
        assert box["height"] < 30, (total.inner_text(), box)  # one line: never "−1" over "9"
    SHOTS.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        phone.page.emulate_media(color_scheme=scheme)
        phone.page.locator(".paper-wrap").first.screenshot(
            path=str(SHOTS / f"call-summary-{size}-{scheme}.png")
        )
    phone.page.emulate_media(color_scheme="light")
    pdf = phone.page.pdf(format="A4")
    (SHOTS / f"call-print-{size}.pdf").write_bytes(pdf)
    text = pages_of(pdf)
    assert len(text) == 1
    assert "Bold score: the bid was made; plain: missed (with the tricks taken)." in text[0]
    assert "took 4" in text[0] and "Ranking" not in text[0]  # not finished: no ranking yet


def test_filled_sheets_carry_the_ranking_and_what_a_missed_bid_took(phone, keeper):
    bugger = record(
        keeper,
        "bugger-bridge",
        NAMES["bugger-bridge"],
        [{"bids": [1, 0, 0, 1, 0], "tricks": [0, 0, 0, 1, 0]}] + bugger_rounds()[1:],
    )
    log_in(phone, keeper)
    phone.page.set_viewport_size(PHONES["360x740"])
    phone.go(reverse("games:print", args=[bugger.pk]))
    for fmt in ("A4", "Letter"):
        pdf = phone.page.pdf(format=fmt)
        (SHOTS / f"bugger-print-{fmt}.pdf").write_bytes(pdf)
        (text,) = pages_of(pdf)
        assert "Ranking 1st Bob 481 · 2nd Kim 181 · =3rd Helen 180 · =3rd Corky 180 · =3rd Randi 180" in text
        assert "took 0" in text  # Bob's missed bid of 1 in round 1: bid, tricks taken and total
    phone.go(blank_path("bugger-bridge", {"players": 5}))
    (SHOTS / "bugger-blank-A4.pdf").write_bytes(phone.page.pdf(format="A4"))
