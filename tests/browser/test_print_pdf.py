"""Printing to PDF in Chromium, A4 and Letter: page counts, what the pages say, rows never cut.

The PDFs are read back with poppler's pdftotext (Debian's poppler-utils, installed by scripts/test).
"""

from __future__ import annotations

import re
import subprocess
import tempfile
from dataclasses import dataclass

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from tests.test_history_helpers import NAMES, every_game, record

FORMATS = ("A4", "Letter")


def pdftotext(pdf: bytes, *args: str) -> str:
    with tempfile.NamedTemporaryFile(suffix=".pdf") as f:
        f.write(pdf)
        f.flush()
        return subprocess.run(
            ["pdftotext", *args, f.name, "-"], capture_output=True, text=True, check=True
        ).stdout


def pages_of(pdf: bytes) -> list[str]:
    """Each page's text, whitespace squeezed."""
    pages = pdftotext(pdf).split("\f")
    if pages and not pages[-1].strip():
        pages.pop()
    return [" ".join(p.split()) for p in pages]


@dataclass
class Word:
    page: int
    text: str
    x: float
    y: float


def words_of(pdf: bytes) -> list[Word]:
    """Every word with its page and position (points from the top left)."""
    out = []
    bbox = pdftotext(pdf, "-bbox")
    for number, page in enumerate(bbox.split("<page ")[1:]):
        for x_min, y_min, text in re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]*)</word>', page
        ):
            out.append(Word(number, text, float(x_min), float(y_min)))
    return out


def log_in(phone, user):
    client = Client()
    client.force_login(user)
    name = settings.SESSION_COOKIE_NAME
    phone.context.add_cookies([{"name": name, "value": client.cookies[name].value, "url": phone.base_url}])


def print_both(phone, path: str) -> dict[str, bytes]:
    phone.go(path)
    return {fmt: phone.page.pdf(format=fmt) for fmt in FORMATS}


@pytest.fixture
def keeper():
    return User.objects.create_user("keeper", password="table-talk-2026")


# -- recorded sessions ---------------------------------------------------------------------------

EXPECTED = {
    "bugger-bridge": ["Bob wins with 492.", "8NT", "0=10 1=11 2=13 3=16 4=20 5=25 6=31 7=38 8=46"],
    "call-bridge": ["Asha wins with 32.", "Bonus bid (8 or more)"],
    "mormon-bridge": ["Mo wins with 146.", "Regular game"],
    "mormon-elimination": ["Mo wins: the last player left.", "Elimination game"],
    "minibridge": ["N-S (North Nora & South Sam) win with 480.", "Points held by"],
    "memory-bridge": ["Mia wins with 520.", "First half (no trumps)", "Second half"],
}


def test_every_game_prints_on_one_page(phone, keeper):
    games = every_game(keeper)
    log_in(phone, keeper)
    for kind, session in games.items():
        for fmt, pdf in print_both(phone, reverse("games:print", args=[session.pk])).items():
            pages = pages_of(pdf)
            assert len(pages) == 1, (kind, fmt, len(pages))
            text = pages[0]
            for name in NAMES[session.game]:
                assert name in text, (kind, fmt, name)
            for words in EXPECTED[kind]:
                assert words in text, (kind, fmt, words)
            # Nothing of the screen: no Print button, no back link, no site navigation.
            assert "← Back to the game" not in text and "Log out" not in text


def test_the_largest_tables_print_on_one_page(phone, keeper):
    ten = [f"Player number {i}" for i in range(1, 11)]
    bugger = record(
        keeper,
        "bugger-bridge",
        ten,
        [{"bids": [c] + [0] * 9, "tricks": [c] + [0] * 9} for c in (1, 2, 3, 4, 4, 4, 4, 3, 2, 1)],
    )
    fourteen = [f"Seat {i}" for i in range(1, 15)]
    mormon = record(
        keeper,
        "mormon-bridge",
        fourteen,
        [{"bids": [c] + [0] * 13, "tricks": [c] + [0] * 13} for c in (1, 2, 3, 4, 3, 2, 1)],
    )
    call = record(
        keeper,
        "call-bridge",
        NAMES["call-bridge"],
        [{"bids": [2] * 4, "tricks": [4, 3, 3, 3]}] * 20,
        {"target": 1000},
    )
    memory = record(
        keeper,
        "memory-bridge",
        NAMES["memory-bridge"],
        [{"first_half": [7, 6], "contract": None}, {"first_half": [6, 7], "contract": None}] * 8,
        {"target": 5000},
    )
    mini = record(
        keeper,
        "minibridge",
        NAMES["minibridge"],
        [{"hcp": [14, 6, 16, 4], "contract": {"strain": "S", "game": False}, "tricks": 8}] * 16,
        {"deals": 16},
    )
    log_in(phone, keeper)
    for session in (bugger, mormon, call, memory, mini):
        for fmt, pdf in print_both(phone, reverse("games:print", args=[session.pk])).items():
            pages = pages_of(pdf)
            assert len(pages) == 1, (session.game, fmt, len(pages))
            assert session.get_game_display() in pages[0]
    # Bugger, ten players: Player number 1 bids every trick: 11, 13, 16, 20, 20, 20, 20, 16, 13, 11 = 160.
    text = pages_of(print_both(phone, reverse("games:print", args=[bugger.pk]))["A4"])[0]
    assert "wins with 160" in text


# -- blank sheets -----------------------------------------------------------------------------------

BLANK = (
    [("bugger-bridge", {"players": n}) for n in range(3, 11)]
    + [("mormon-bridge", {"players": n}) for n in (4, 9, 10, 12, 14)]
    + [
        ("mormon-bridge", {"players": 14, "mode": "four-card"}),
        ("mormon-bridge", {"players": 14, "mode": "elimination"}),
        ("call-bridge", {}),
        ("minibridge", {}),
        ("memory-bridge", {}),
    ]
)


def blank_path(game, params):
    query = "&".join(f"{k}={v}" for k, v in params.items())
    return reverse("games:print-blank", args=[game]) + (f"?{query}" if query else "")


def test_every_blank_sheet_prints_on_one_page(phone):
    for game, params in BLANK:
        for fmt, pdf in print_both(phone, blank_path(game, params)).items():
            pages = pages_of(pdf)
            assert len(pages) == 1, (game, params, fmt, len(pages))
            text = pages[0]
            assert "Date" in text
            # The form to fill in names stays on the screen.
            assert "Fill in the players" not in text and "Change" not in text


def test_blank_sheets_say_what_the_paper_sheet_says(phone):
    bugger = pages_of(print_both(phone, blank_path("bugger-bridge", {"players": 5}))["A4"])[0]
    labels = re.findall(r"(?<![=\d])(\d NT|\dNT|\d)(?![=\d])", bugger.split("Cards", 1)[1].split("Total")[0])
    assert labels == "1 2 3 4 5 6 7 8 8NT 8NT 8 7 6 5 4 3 2 1".split()
    assert "0=10 1=11 2=13 3=16 4=20 5=25 6=31 7=38 8=46" in bugger

    call = pages_of(print_both(phone, blank_path("call-bridge", {}))["Letter"])[0]
    assert call.count("Bid") >= 4 and call.count("Score") >= 4
    assert "Bonus bid (8 or more): exactly the bid or one trick more scores +13" in call

    mini = pages_of(print_both(phone, blank_path("minibridge", {}))["A4"])[0]
    for words in (
        "Personal score sheet for:",
        "Deal No.",
        "Seat (N, S, E or W)",
        "Points held by",
        "Total points of declaring side",
        "No. tricks made by declarer",
        "Score our way",
    ):
        assert words in mini, words

    memory = pages_of(print_both(phone, blank_path("memory-bridge", {}))["A4"])[0]
    assert "First half (no trumps)" in memory and "Second half" in memory and "13 = 320" in memory


def test_names_filled_in_without_javascript_then_printed(plain_phone):
    page = plain_phone.page
    plain_phone.go(reverse("games:print-blank", args=["bugger-bridge"]))
    page.select_option("#id_players", "4")
    with plain_phone.loading():
        page.get_by_role("button", name="Change").click()
    page.locator("summary").click()
    for i, name in enumerate(["Ann", "Bo", "Cy", "Di"]):
        page.fill(f"#id_name_{i}", name)
    with plain_phone.loading():
        page.get_by_role("button", name="Put the names on the sheet").click()
    expect(page.locator("thead th.name")).to_have_text(["Ann", "Bo", "Cy", "Di"])
    text = pages_of(page.pdf(format="A4"))
    assert len(text) == 1 and "Ann Bo Cy Di" in text[0]


def test_minibridge_prints_a_personal_sheet_for_each_player(phone):
    names = ["Nora", "Eli", "Sam", "Wyn"]
    path = blank_path("minibridge", {f"name_{i}": n for i, n in enumerate(names)})
    for fmt, pdf in print_both(phone, path).items():
        pages = pages_of(pdf)
        assert len(pages) == 4, (fmt, len(pages))
        for page, name in zip(pages, names, strict=True):
            assert f"Personal score sheet for: {name}" in page


# -- a long game: pages break between rows -----------------------------------------------------------


def test_a_long_game_breaks_pages_between_rows_and_repeats_the_heading(phone, keeper):
    # 45 deals where everyone bids 2 and makes it: after deal n every total is 2n (target 1000).
    deals = 45
    session = record(
        keeper,
        "call-bridge",
        NAMES["call-bridge"],
        [{"bids": [2] * 4, "tricks": [4, 3, 3, 3]}] * deals,
        {"target": 1000},
    )
    log_in(phone, keeper)
    for fmt, pdf in print_both(phone, reverse("games:print", args=[session.pk])).items():
        pages = pages_of(pdf)
        assert len(pages) >= 2, fmt
        for page in pages:
            assert "Asha" in page and "Bid" in page and "Score" in page  # the heading rows, on every page
        words = words_of(pdf)
        last_score = max(w.x for w in words if w.text == "Score")  # Dee's score column
        labels = [w for w in words if w.x < 60 and re.fullmatch(r"\d+", w.text)]
        assert sorted(int(w.text) for w in labels) == list(range(1, deals + 1)), fmt  # every deal, once
        for label in labels:
            n = int(label.text)
            # Dee's total 2n sits on the same page, level with the deal's number: the row is whole.
            same_row = [
                w
                for w in words
                if w.text == str(2 * n)
                and w.page == label.page
                and w.x >= last_score - 30
                and abs(w.y - label.y) < 12
            ]
            assert same_row, (fmt, n, label.page)
