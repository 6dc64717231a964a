"""Small things a phone showed wrong: facts run together, a keypad forgetting its value, links on paper.

Each is checked at 412x915 and 360x740, light and dark; screenshots go to $SHOTS to be looked at.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.conftest import check_phone, new_phone
from tests.browser.test_at_the_table import SHOTS
from tests.browser.test_print_pdf import log_in
from tests.conftest import everyone_makes

PHONES = {"412x915": {"width": 412, "height": 915}, "360x740": {"width": 360, "height": 740}}
FIVE = ["Bob", "Helen", "Corky", "Kim", "Randi"]
MINIBRIDGE_DEAL = {"hcp": [9, 11, 10, 10], "contract": {"strain": "NT", "game": False}, "tricks": 8}


@pytest.fixture
def keeper():
    return User.objects.create_user("keeper", password="table-talk-2026")


def phones_at_every_size(browser, site, keeper):
    """A logged-in phone per size and colour scheme, with its name for the screenshots; each is checked."""
    for size, viewport in PHONES.items():
        for scheme in ("light", "dark"):
            phone = new_phone(browser, site, viewport=viewport, color_scheme=scheme)
            log_in(phone, keeper)
            yield phone, f"{size}-{scheme}"
            phone.context.close()
            check_phone(phone)


def apart(bid: dict, standing: dict, rule: float, padding: float) -> bool:
    """Whether the place reads apart from the bid: on a line of its own under it, or set off by a rule and
    room on both sides of it (``rule`` and ``padding``: the place's left border and padding, in px)."""
    below = standing["y"] >= bid["y"] + bid["height"] - 1
    return below or (rule >= 1 and standing["x"] - (bid["x"] + bid["width"]) >= 3 and padding >= 4)


@pytest.mark.django_db(transaction=True)
def test_a_players_bid_and_place_read_as_two_things(browser, site, keeper, make_session):
    # Round 2 (two cards: three chips a player, the name above its facts) and round 8 (eight cards: nine
    # chips, the name and its facts on one line), each with the bids in: the tricks panel says each
    # player's bid and, after it, their place so far ("bid 1" then "=2nd · 10").
    played = {
        "round-2": [everyone_makes(5, 1)],
        "round-8": [everyone_makes(5, c, bidder=c % 5) for c in range(1, 8)],
    }
    bids = {"round-2": [1, 0, 1, 0, 1], "round-8": [2, 1, 2, 1, 1]}
    games = {
        name: make_session(
            "bugger-bridge",
            players=FIVE,
            owner=keeper,
            hook=False,
            rounds=[*played[name], {"bids": bids[name]}],
        )
        for name in played
    }
    for phone, shot in phones_at_every_size(browser, site, keeper):
        for name, game in games.items():
            phone.go(reverse("games:sheet", args=[game.pk]))
            rows = phone.page.locator("#entry-panel.phase-tricks .seat-row")
            expect(rows).to_have_count(5)
            for row in rows.all():
                bid, standing = row.locator(".bidtag"), row.get_by_test_id("standing")
                style = standing.evaluate(
                    "e => [getComputedStyle(e).borderLeftWidth, getComputedStyle(e).paddingLeft].map(parseFloat)"
                )
                bid_box, standing_box = bid.bounding_box(), standing.bounding_box()
                assert bid_box is not None and standing_box is not None
                assert apart(bid_box, standing_box, *style), (
                    name,
                    shot,
                    row.inner_text(),
                    bid_box,
                    standing_box,
                )
            phone.page.locator("#entry-panel").screenshot(
                path=str(SHOTS / f"bid-and-place-{name}-{shot}.png")
            )


def background(locator) -> str:
    return str(locator.evaluate("e => getComputedStyle(e).backgroundColor"))


@pytest.mark.django_db(transaction=True)
def test_correcting_a_deal_the_keypad_shows_the_points_stored(browser, site, keeper, make_session):
    # Deal 1 is in: Bob 9, Helen 11, Corky 10 (Kim's 10 follow from 40). Correcting it, the keypad fills
    # Bob's points and shows his 9 picked, as a tapped key shows, and so on for each player tapped.
    game = make_session("minibridge", players=FIVE[:4], owner=keeper, deals=4, rounds=[MINIBRIDGE_DEAL])
    for phone, shot in phones_at_every_size(browser, site, keeper):
        page = phone.page
        phone.go(reverse("games:sheet", args=[game.pk]))
        phone.tap(page.get_by_role("link", name="Correct round 1"))
        expect(page.locator("#hcp-row-0.active")).to_be_visible()
        on = background(page.locator("label[for=strain-NT]"))  # a chip tapped: the contract's strain
        off = background(page.locator("label[for=pick-10]"))
        assert on != off
        assert background(page.locator("label[for=pick-9]")) == on, shot
        page.locator("#entry-panel").screenshot(path=str(SHOTS / f"keypad-correction-{shot}.png"))
        phone.tap("#hcp-row-1")
        expect(page.locator("#hcp-row-1.active")).to_be_visible()
        assert background(page.locator("label[for=pick-11]")) == on, shot
        assert background(page.locator("label[for=pick-9]")) == off, shot
        # Nothing picked is sent: a tap elsewhere on the form leaves the keypad with the player it fills.
        phone.tap("label[for=tricks-9]")
        expect(page.locator("#tricks-9")).to_be_checked()
        phone.settled()
        expect(page.locator("#hcp-row-1.active")).to_be_visible()
        assert [page.get_by_test_id(f"hcp-{seat}").inner_text() for seat in range(4)] == [
            "9",
            "11",
            "10",
            "10",
        ]


# The colour of every text in a table, and of every background it paints turned negative, as [r, g, b]
# each: all dark, the text is dark and the backgrounds light. (A transparent one is the paper: left out.)
INKS = """table => [...table.querySelectorAll("th, td, th *, td *")].flatMap(e => {
  const style = getComputedStyle(e), rgb = c => c.match(/[0-9.]+/g).slice(0, 3).map(Number);
  const paint = style.backgroundColor === "rgba(0, 0, 0, 0)" ? [] : [rgb(style.backgroundColor).map(v => 255 - v)];
  return e.textContent.trim() ? [rgb(style.color), ...paint] : paint;
})"""


@pytest.mark.django_db(transaction=True)
def test_the_live_sheet_prints_without_its_links(browser, site, keeper, make_session):
    # Printed from the browser (Ctrl-P), the live sheet prints the sheet: not its links to the rules, the
    # record and the summary, nor Minibridge's personal sheets, all of them for the screen.
    games = {
        "bugger": make_session(
            "bugger-bridge", players=FIVE, owner=keeper, hook=False, rounds=[everyone_makes(5, 1)]
        ),
        "minibridge": make_session(
            "minibridge", players=FIVE[:4], owner=keeper, deals=4, rounds=[MINIBRIDGE_DEAL]
        ),
    }
    links = ["Rules", "Download record", "Summary and print", "N · Bob"]
    for phone, shot in phones_at_every_size(browser, site, keeper):
        page = phone.page
        for name, game in games.items():
            phone.go(reverse("games:sheet", args=[game.pk]))
            shown = [link for link in links if page.get_by_role("link", name=link).count()]
            assert shown == (links if name == "minibridge" else links[:3])
            page.emulate_media(media="print")
            for link in shown:
                expect(page.get_by_role("link", name=link)).to_be_hidden()
            expect(page.locator(".sheet-head")).to_contain_text("started")
            expect(page.locator("table.sheet")).to_be_visible()
            # Dark text on white paper, whatever the phone's colour scheme.
            colours = page.locator("table.sheet").evaluate(INKS)
            assert all(max(colour) <= 0x80 for colour in colours), (name, shot, colours)
            page.screenshot(path=str(SHOTS / f"print-{name}-{shot}.png"), full_page=True)
            page.emulate_media(media="screen")
            expect(page.get_by_role("link", name="Rules")).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_correcting_a_round_every_row_says_whether_it_holds_bids_or_tricks(
    browser, site, keeper, make_session
):
    # Correcting round 1 of a 5-player Bugger game: ten rows, five of bids then five of tricks, each told
    # apart only by the word after the name ("Maximilian · tricks"). On a narrow phone a long name used
    # to cut that word off ("Maximilian · tr…"); the word now takes a line of its own, whole.
    players = ["Maximilian", "Bartholomew", "Corky", "Kim", "Randi"]
    game = make_session(
        "bugger-bridge", players=players, owner=keeper, hook=False, rounds=[everyone_makes(5, 1)]
    )
    for phone, shot in phones_at_every_size(browser, site, keeper):
        page = phone.page
        phone.go(reverse("games:round-action", args=[game.pk, 1, "edit"]))
        rows = page.locator("#entry-panel .seat-row")
        expect(rows).to_have_count(10)
        for i, row in enumerate(rows.all()):
            what, name = row.locator(".seat-name .what"), row.locator(".seat-name")
            expect(what).to_have_text("· bid" if i < 5 else "· tricks")
            box, room = what.bounding_box(), name.bounding_box()
            assert box is not None and room is not None
            assert (
                room["x"] - 0.5 <= box["x"] and box["x"] + box["width"] <= room["x"] + room["width"] + 0.5
            ), (
                shot,
                row.inner_text(),
                box,
                room,
            )
            assert box["y"] + box["height"] <= room["y"] + room["height"] + 0.5, (shot, box, room)
        page.locator("#entry-panel").screenshot(path=str(SHOTS / f"correction-rows-{shot}.png"))
