"""The winner moment: the round that ends a game shows the winner and the final standings on the
keeper's phone, a keep-score phone, a watcher and the TV by themselves, within 3 s; the result card
downloads from a phone as an SVG image naming the winner.

The screenshots (the winner on a phone at 412x915, light and dark, English and French; the TV at
1280x720; the card itself) go to the folder SCREENSHOTS names, or a temporary one, to be looked at.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from games.accounts import sharing
from games.models import ShareLink
from tests.browser.test_free_scoring_game import enter_round
from tests.browser.test_table_sharing import PASSWORD, open_sheet, shared_game

SVG = "{http://www.w3.org/2000/svg}"
WITHIN = 3_000  # ms: a live check every 2 s, then the swap (the TV: a reload)
STANDINGS = ["1st Cat 5", "2nd Ann 12", "3rd Ben 25"]  # lowest wins
TV = {"viewport": {"width": 1280, "height": 720}, "is_mobile": False, "has_touch": False}


@pytest.fixture
def lowest_wins(make_session):
    """A keeper's Free scoring game of two rounds where the lowest total wins; round 1 recorded."""
    owner = User.objects.create_user("keeper", password=PASSWORD)

    def make(rounds=()):
        options = {"wins": "lowest", "rounds": 2}
        return make_session(
            "free-scoring", players=["Ann", "Ben", "Cat"], owner=owner, rounds=rounds, options=options
        )

    return make


def standings(page) -> list[str]:
    rows = page.locator("#entry-panel table.standings tbody tr")
    return [" ".join(row.inner_text().split()) for row in rows.all()]


def card_names(path: str) -> list[str]:
    """The text lines of a downloaded card, which must be an SVG image."""
    root = ET.parse(path).getroot()
    assert root.tag == f"{SVG}svg"
    return [t.text or "" for t in root.iter(f"{SVG}text")]


def test_the_end_shows_the_winner_everywhere_and_the_card_downloads(phone, phones, lowest_wins):
    keeper = phone
    session, watch_url, keep_url = shared_game(keeper, lowest_wins, [{"scores": [12, -5, 7]}])
    keep = phones("keep")
    keep.page.goto(keep_url)
    watcher = phones("watcher")
    watcher.page.goto(watch_url)
    tv = phones("tv", **TV)
    tv.page.goto(watch_url + "big/")
    for each in (keep, watcher):
        expect(each.page.locator("#entry-panel h2")).to_contain_text("Round 2")
    expect(tv.page.locator(".big-round")).to_contain_text("Round 2")
    open_sheet(keeper, session)

    enter_round(keeper, 2, [0, 30, -2])  # totals 12, 25, 5: Cat, lowest, wins
    expect(keeper.page.locator("#entry-panel .winner")).to_contain_text("Cat wins with 5")
    assert standings(keeper.page) == STANDINGS
    for each in (keep, watcher):
        expect(each.page.locator("#entry-panel .winner")).to_contain_text("Cat wins with 5", timeout=WITHIN)
        assert standings(each.page) == STANDINGS
    expect(tv.page.locator(".big-winner")).to_have_text("Cat wins!", timeout=WITHIN)
    expect(tv.page.locator(".big-totals.final li")).to_have_text(["1st Cat 5", "2nd Ann 12", "3rd Ben 25"])

    # The card, from the keeper's phone and the watcher's: an SVG image that names the winner.
    for each in (keeper, watcher):
        with each.page.expect_download() as caught:
            each.tap(each.page.get_by_role("link", name="Download the result card"))
        download = caught.value
        assert download.suggested_filename.startswith(
            "free-scoring-"
        ) and download.suggested_filename.endswith(".svg")
        texts = card_names(download.path())
        assert "Cat wins!" in texts and "Cat" in texts


# A share sheet the test can read: what was shared, whether files may be shared, and a refusal.
SHARE_SHEET = """
window.shared = [];
window.filesOk = true;
window.refuse = false;
navigator.canShare = (data) => Boolean(data.files) && window.filesOk;
navigator.share = (data) => {
  window.shared.push({text: data.text || "", url: data.url || "",
                      files: (data.files || []).map((f) => ({name: f.name, type: f.type, size: f.size}))});
  return window.refuse ? Promise.reject(new DOMException("not now", "NotAllowedError")) : Promise.resolve();
};
"""


def test_where_there_is_a_share_sheet_the_card_is_shared_as_a_png(phones, lowest_wins):
    session = lowest_wins(rounds=[{"scores": [12, -5, 7]}, {"scores": [0, 30, -2]}])
    token = sharing.token_for(sharing.make_link(session, ShareLink.Kind.WATCH))
    watcher = phones("watcher")
    watcher.page.add_init_script(SHARE_SHEET)
    watcher.go(f"/s/{token}/")
    page = watcher.page
    share = page.get_by_role("link", name="Share the result")
    # The card itself, drawn as a PNG in the phone (chat apps take PNG, not SVG).
    watcher.tap(share)
    page.wait_for_function("() => window.shared.length === 1")
    files = page.evaluate("window.shared[0].files")
    assert len(files) == 1 and files[0]["type"] == "image/png" and files[0]["size"] > 1000
    assert files[0]["name"].startswith("free-scoring-") and files[0]["name"].endswith(".png")
    # A share sheet that takes no files gets the result in words and the card's URL (the watch link's).
    page.evaluate("window.filesOk = false")
    watcher.tap(share)
    page.wait_for_function("() => window.shared.length === 2")
    words = page.evaluate("window.shared[1]")
    assert words["files"] == [] and words["text"].startswith("Cat wins with 5")
    assert words["url"].endswith(f"/s/{token}/result.svg")
    # Sharing refused: the card downloads instead.
    page.evaluate("window.refuse = true")
    with page.expect_download() as caught:
        watcher.tap(share)
    assert "Cat wins!" in card_names(caught.value.path())


def shots_folder(tmp_path) -> Path:
    out = Path(os.environ.get("SCREENSHOTS", "") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    return out


def test_screenshots_of_the_winner_moment(phones, lowest_wins, site, tmp_path):
    out = shots_folder(tmp_path)
    session = lowest_wins(rounds=[{"scores": [12, -5, 7]}, {"scores": [0, 30, -2]}])
    keeper = phones("keeper", viewport={"width": 412, "height": 915})
    keeper.go("/accounts/login/")
    keeper.page.fill("#id_username", "keeper")
    keeper.page.fill("#id_password", PASSWORD)
    with keeper.loading():
        keeper.tap(keeper.page.get_by_role("button", name="Log in"))
    state = keeper.context.storage_state()
    for language, locale, said in (("en", "en-GB", "Cat wins"), ("fr", "fr-FR", "Cat gagne")):
        for scheme in ("light", "dark"):
            seen = phones(
                f"{language}-{scheme}",
                viewport={"width": 412, "height": 915},
                color_scheme=scheme,
                locale=locale,
                reduced_motion="reduce",
                storage_state=state,
            )
            open_sheet(seen, session)
            expect(seen.page.locator("#entry-panel .winner")).to_contain_text(said)
            seen.page.locator("#entry-panel").scroll_into_view_if_needed()
            seen.page.screenshot(path=out / f"winner-phone-{scheme}-{language}.png")
    token = sharing.token_for(sharing.make_link(session, ShareLink.Kind.WATCH))
    tv = phones("tv", reduced_motion="reduce", **TV)
    tv.go(f"/s/{token}/big/")
    expect(tv.page.locator(".big-winner")).to_have_text("Cat wins!")
    tv.page.screenshot(path=out / "winner-tv.png")
    # The card as an image viewer draws it: the SVG as it is served, in a page of its own size.
    card = phones("card", viewport={"width": 1080, "height": 900}, device_scale_factor=1)
    svg = card.page.request.get(f"{site.url}/s/{token}/result.svg").text()
    card.page.set_content(f'<body style="margin:0">{svg}</body>')
    card.page.locator("svg").screenshot(path=out / "winner-card.png")
