"""A phone whose browser asks for French plays a round of Bugger Bridge in French, then switches to English.

The sheet is also screenshotted at 412x915, light and dark: to a temporary folder, or to the folder
SCREENSHOTS names (docs/ keeps the ones the closing notes show):

    SCREENSHOTS=docs .venv/bin/pytest -n 0 tests/browser/test_in_french.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

OUT = os.environ.get("SCREENSHOTS", "")
PLAYERS = ["Bob", "Hélène", "Corky", "Kim", "Randi"]
FRENCH = {"locale": "fr-FR", "extra_http_headers": {"Accept-Language": "fr-FR,fr;q=0.9"}}


def start_in_french(phone):
    page = phone.page
    phone.go("/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    phone.tap(page.get_by_role("link", name="Créer un compte"))
    page.fill("#id_username", "marqueur")
    page.fill("#id_password1", "pique-est-atout-9")
    page.fill("#id_password2", "pique-est-atout-9")
    phone.tap(page.get_by_role("button", name="Créer le compte"))
    expect(page.get_by_role("heading", name="Nouvelle partie")).to_be_visible()
    phone.tap(page.get_by_role("link", name="Bugger Bridge"))
    expect(page.get_by_role("heading", name="Nouvelle partie de Bugger Bridge")).to_be_visible()
    for i, name in enumerate(PLAYERS):
        page.fill(f"#id_player_{i}", name)
    page.select_option("#id_first_dealer", "1")  # Hélène deals round 1
    phone.tap(page.get_by_role("button", name="Commencer la partie"))
    expect(page.locator("#entry-panel")).to_be_visible()


@pytest.mark.parametrize("dark", [False, True])
def test_a_round_in_french(phones, dark, tmp_path):
    phone = phones("french", **FRENCH)
    page = phone.page
    page.set_viewport_size({"width": 412, "height": 915})
    page.emulate_media(color_scheme="dark" if dark else "light")
    start_in_french(phone)
    panel = page.locator("#entry-panel")
    expect(panel.locator("h2")).to_contain_text("Manche 1 sur 18 · 1 carte")
    expect(panel).to_contain_text("Hélène donne · Corky annonce et entame en premier")
    expect(page.locator(".sheet-head")).to_contain_text("5 joueurs · 18 manches")
    expect(page.get_by_test_id("bid-live")).to_contain_text("annonce")

    # Round 1, one card each: Corky bids 1 and takes the trick; everyone else bids 0 and makes it.
    bids = [0, 0, 1, 0, 0]
    for seat in (2, 3, 4, 0, 1):  # the bidding order, from the player after the dealer
        phone.tap(f"label[for=bid-{seat}-{bids[seat]}]")
    expect(page.locator("#entry-panel.phase-tricks")).to_be_visible()
    expect(page.locator(".bidline")).to_contain_text("Les annonces font 1 pour 1 : juste")
    expect(page.get_by_test_id("tricks-live")).to_contain_text("1 levée placée")
    phone.tap(page.get_by_role("button", name="Enregistrer la manche 1"))
    expect(panel.locator("h2")).to_contain_text("Manche 2 sur 18 · 2 cartes")
    expect(page.locator("#totals td")).to_have_text(["10", "10", "11", "10", "10"])
    expect(page.locator("#table-status")).to_contain_text("Corky mène avec 11")
    # The score says how it was worked out, in French.
    phone.tap("#round-1 td >> nth=2 >> button")
    expect(page.locator("#exp-1-2")).to_be_visible()
    expect(page.locator("#exp-1-2")).to_contain_text(
        "Corky : annonce 1, fait 1 : réussie, 10 + 1 = 11 ; total 11"
    )

    theme = "dark" if dark else "light"
    folder = Path(OUT) if OUT else tmp_path
    folder.mkdir(exist_ok=True)
    shot = folder / f"sheet-fr-412-{theme}.png"
    page.keyboard.press("Escape")
    page.screenshot(path=str(shot), full_page=True)
    assert shot.read_bytes().startswith(b"\x89PNG") and shot.stat().st_size > 10_000

    # The footer's switcher: English from now on, whatever the browser asks for.
    with phone.loading():
        phone.tap(page.locator(".site-footer").get_by_role("button", name="English"))
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(panel.locator("h2")).to_contain_text("Round 2 of 18 · 2 cards")
    phone.go("/")
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
