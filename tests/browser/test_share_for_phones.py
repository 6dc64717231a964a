"""The Share page opened on the serving computer at 127.0.0.1 says phones cannot open its links, and why.

Served as the quick start serves it (scripts/serve, HOST=127.0.0.1), no phone reaches the
server, and a link naming 127.0.0.1 opens, on a phone, the phone itself (issue 19).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .test_table_sharing import game, make_link, shared_game  # noqa: F401 (the game fixture)

SHOTS = Path(os.environ.get("SCREENSHOTS", "test-artifacts/screenshots"))


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_share_page_says_phones_cannot_open_a_link_to_this_computer(phone, game, language):  # noqa: F811
    keeper = phone
    session, _watch, keep = shared_game(keeper, game)
    assert keep.startswith(keeper.base_url)  # served at 127.0.0.1: the link names it
    note = keeper.page.get_by_test_id("phones-cannot-open")  # once, above the links
    if language == "fr":
        with keeper.loading():
            keeper.tap(keeper.page.get_by_role("button", name="Français"))
        expect(note).to_contain_text("Les téléphones ne peuvent pas encore ouvrir ces liens.")
    else:
        expect(note).to_contain_text("Phones cannot open these links yet.")
    expect(note).to_contain_text("127.0.0.1:")
    expect(note.locator("code")).to_have_text("HOST=0.0.0.0 scripts/serve")
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size in ({"width": 412, "height": 915}, {"width": 360, "height": 740}):
        keeper.page.set_viewport_size(size)
        note.scroll_into_view_if_needed()
        for theme in ("light", "dark"):
            keeper.page.emulate_media(color_scheme=theme)
            name = f"share-phones-note-{language}-{size['width']}-{theme}.png"
            keeper.page.screenshot(path=str(SHOTS / name), full_page=False)
