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

    # Tricks too are counted in the page; the server is asked who made it once they add up.
    sent.clear()
    phone.tap("label[for=tricks-2-1]")
    expect(page.get_by_test_id("tricks-live")).to_have_text("3 tricks placed: 2 too many for 1")
    phone.tap("label[for=tricks-0-0]")
    expect(page.get_by_test_id("tricks-live")).to_have_text("2 tricks placed: 1 too many for 1")
    assert sent == []
    save = page.get_by_role("button", name="Save round 1")
    before = save.bounding_box()
    phone.tap("label[for=tricks-1-0]")
    expect(page.get_by_test_id("summary")).to_contain_text("Made: Dev, Eve")
    assert len(sent) == 1
    # Who made it and who missed fill the room kept for them (two lines): Save moves down under the
    # thumb only by what wraps beyond those, here one line where it would have moved three.
    after, summary = save.bounding_box(), page.get_by_test_id("summary").bounding_box()
    assert before is not None and after is not None and summary is not None
    kept = 2 * 1.3 * 0.88 * 16  # px: static/css/app.css, .entry .summary
    assert after["y"] - before["y"] <= max(0, summary["height"] - kept) + 1, (before, after, summary)
    assert after["y"] - before["y"] < summary["height"] / 2, (before, after, summary)


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


# -- the first screen: a whole round, with everyone's place and total, without scrolling -----------

SIX = ["Annabelle", "Ben", "Cleo", "Dev", "Esmeralda", "Finn"]
PHONES = {"412x915": {"width": 412, "height": 915}, "360x740": {"width": 360, "height": 740}}


def made_everything(players: int, cards: int, bidder: int) -> dict:
    bids = [0] * players
    bids[bidder] = cards
    return {"bids": bids, "tricks": list(bids)}


def biggest_rounds(make_session, owner) -> dict:
    """Each bidding game at its biggest round for six players (Call Bridge: four), bids and tricks."""
    bugger = [made_everything(6, cards, bidder=cards % 6) for cards in range(1, 8)]  # round 8: 8 cards
    mormon = [made_everything(6, cards, bidder=cards % 6) for cards in range(1, 6)]  # hand 6: 6 cards
    call = [{"bids": [4, 3, 3, 2], "tricks": [4, 3, 3, 3]}] * 2
    games = {}
    for phase, extra in (("bids", {}), ("tricks", {"bids": True})):
        games[f"bugger-{phase}"] = make_session(
            "bugger-bridge",
            players=SIX,
            owner=owner,
            rounds=bugger + ([{"bids": [1, 2, 1, 1, 2, 0]}] if extra else []),
        )
        games[f"mormon-{phase}"] = make_session(
            "mormon-bridge",
            players=SIX,
            owner=owner,
            mode="regular",
            rounds=mormon + ([{"bids": [1, 1, 1, 1, 1, 0]}] if extra else []),
        )
        games[f"call-{phase}"] = make_session(
            "call-bridge",
            players=SIX[:4],
            owner=owner,
            target=30,
            rounds=call + ([{"bids": [4, 3, 3, 2]}] if extra else []),
        )
    return games


def boxes(locator) -> list[dict]:
    return [item.bounding_box() for item in locator.all() if item.is_visible()]


def on_screen(box: dict, viewport: dict) -> bool:
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= viewport["width"] + 0.5
        and box["y"] + box["height"] <= viewport["height"] + 0.5
    )


@pytest.mark.django_db(transaction=True)  # the live server reads the games from another thread
@pytest.mark.parametrize("size", sorted(PHONES))
def test_every_chip_is_a_thumbs_size_and_the_round_starts_on_the_first_screen(
    browser, site, keeper, make_session, size
):
    from tests.browser.conftest import check_phone, new_phone
    from tests.browser.test_at_the_table import SHOTS

    viewport = PHONES[size]
    games = biggest_rounds(make_session, keeper)
    for scheme in ("light", "dark"):
        phone = new_phone(browser, site, viewport=viewport, color_scheme=scheme)
        log_in(phone, keeper)
        for name, game in games.items():
            phone.go(reverse("games:sheet", args=[game.pk]))
            panel = phone.page.locator("#entry-panel")
            rows = panel.locator(".seat-row")
            expect(rows).to_have_count(4 if name.startswith("call") else 6)
            chips = boxes(panel.locator(".seat-row .chip"))
            assert (
                len(chips)
                == {"bugger": 6 * 9, "mormon": 6 * 7, "call": 4 * (11 if "bids" in name else 14)}[
                    name.split("-")[0]
                ]
            )
            # Every chip a thumb's size, 44 px both ways (issue 19: Call Bridge's were 26 px wide, an
            # 8-card Bugger row's 28): a player's chips take two lines where one cannot hold them.
            assert min(box["height"] for box in chips) >= 44, name
            narrowest = min(box["width"] for box in chips)
            assert narrowest >= 44, f"{name} at {size}: a chip {narrowest:.1f} px wide"
            assert all(box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] for box in chips), name
            for row in rows.all():
                tops = {round(box["y"]) for box in boxes(row.locator(".chip"))}
                assert len(tops) <= 2, f"{name} at {size}: a player's chips on {len(tops)} lines"
            # The players' rows start on the first screen (the last ones are a short scroll away).
            assert on_screen(chips[0], viewport), name
            # Everyone's place and total so far, in sight beside their chips.
            standings = panel.get_by_test_id("standing")
            expect(standings).to_have_count(4 if name.startswith("call") else 6)
            assert on_screen(boxes(standings)[0], viewport), name
            expect(standings.filter(has_text="1st")).not_to_have_count(0)
            if not name.endswith("tricks"):
                expect(panel.locator(".trumps, .round-head")).not_to_have_count(0)
            SHOTS.mkdir(parents=True, exist_ok=True)
            phone.page.screenshot(path=str(SHOTS / f"entry-{name}-{size}-{scheme}.png"))
        phone.context.close()
        check_phone(phone)


@pytest.mark.django_db(transaction=True)
def test_on_its_side_the_panel_and_the_sheet_sit_side_by_side(browser, site, keeper, make_session):
    from tests.browser.conftest import check_phone, new_phone
    from tests.browser.test_at_the_table import SHOTS

    viewport = {"width": 915, "height": 412}
    games = biggest_rounds(make_session, keeper)
    phone = new_phone(browser, site, viewport=viewport)
    log_in(phone, keeper)
    for name in ("bugger-bids", "call-tricks", "mormon-tricks"):
        phone.go(reverse("games:sheet", args=[games[name].pk]))
        panel = phone.page.locator("#entry-panel").bounding_box()
        sheet = phone.page.locator(".sheet-wrap").bounding_box()
        assert panel["x"] + panel["width"] <= sheet["x"], f"{name}: the panel is not beside the sheet"
        assert panel["y"] < viewport["height"] and sheet["y"] < viewport["height"], name
        # The first rows of the sheet and the first players' chips are both in the first screen.
        first_chip = phone.page.locator("#entry-panel .seat-row .chip").first.bounding_box()
        first_round = phone.page.locator("#sheet-body tr").first.bounding_box()
        assert on_screen(first_chip, viewport) and on_screen(first_round, viewport), name
        SHOTS.mkdir(parents=True, exist_ok=True)
        phone.page.screenshot(path=str(SHOTS / f"entry-{name}-landscape.png"))
    phone.context.close()
    check_phone(phone)


# -- Call Bridge: the dealer's tricks are the rest of the 13 -----------------------------------------


def test_call_bridge_fills_in_the_dealers_tricks_as_the_rest(phone, keeper, make_session):
    # Deal 3: Cleo deals (and bids last). Bids 4, 3, 3, 2: the others' bids leave Cleo 4 of the 13.
    deal = {"bids": [4, 3, 3, 2], "tricks": [4, 3, 3, 3]}
    game = make_session(
        "call-bridge", players=NAMES[:4], owner=keeper, target=30, rounds=[deal, deal, {"bids": [4, 3, 3, 2]}]
    )
    log_in(phone, keeper)
    phone.go(reverse("games:sheet", args=[game.pk]))
    page = phone.page
    panel = page.locator("#entry-panel")
    expect(panel.locator(".hint .js-only")).to_have_text(
        "Tricks start at each bid; Cleo's are the rest of the 13. Tap only who took another number."
    )
    expect(page.locator("#tricks-2-4")).to_be_checked()
    expect(page.get_by_test_id("tricks-live")).to_have_text("All 13 tricks placed")
    expect(page.get_by_test_id("summary").locator("li").first).to_have_text(
        "Made: Dev +2, Ann +4, Ben +3, Cleo (took 4) +3"  # in bidding order
    )
    # Ann took 5 and Dev 3: two taps, and Cleo's 2 follow (a missed bid: -3).
    phone.tap("label[for=tricks-0-5]")
    expect(page.locator("#tricks-2-3")).to_be_checked()
    phone.tap("label[for=tricks-3-3]")
    expect(page.locator("#tricks-2-2")).to_be_checked()
    expect(page.get_by_test_id("tricks-live")).to_have_text("All 13 tricks placed")
    expect(page.get_by_test_id("summary")).to_contain_text("Missed: Cleo (bid 3, took 2) −3")
    # Cleo's tapped by hand are taken as tapped, and must add up: 14 is one too many.
    phone.tap("label[for=tricks-2-3]")
    expect(page.get_by_test_id("tricks-live")).to_have_text("14 tricks placed: 1 too many for 13")
    phone.tap("label[for=tricks-1-2]")  # Ben took 2, not 3: Cleo's follow again, to 3
    expect(page.locator("#tricks-2-3")).to_be_checked()
    phone.tap(page.get_by_role("button", name="Save deal 3"))
    expect(page.locator("#entry-panel h2")).to_contain_text("Deal 4 ")
    game.refresh_from_db()
    assert services.load_game(game).state.rounds[2].data["tricks"] == [5, 2, 3, 3]


@pytest.mark.django_db(transaction=True)
def test_bids_are_counted_in_the_page_in_the_pages_language(browser, site, keeper, make_session):
    from tests.browser.conftest import check_phone, new_phone

    game = make_session("call-bridge", players=NAMES[:4], owner=keeper, target=30)
    phone = new_phone(browser, site, locale="fr-FR", extra_http_headers={"Accept-Language": "fr"})
    log_in(phone, keeper)
    phone.go(reverse("games:sheet", args=[game.pk]))
    phone.tap("label[for=bid-1-4]")
    phone.tap("label[for=bid-2-3]")
    live = phone.page.get_by_test_id("bid-live")
    expect(live).to_have_text("Les annonces font 7 pour 13 levées ; encore à annoncer : 2 joueurs")
    phone.tap("label[for=bid-3-2]")
    expect(live).to_have_text("Les annonces font 9 pour 13 levées ; encore à annoncer : 1 joueur")
    expect(phone.page.get_by_test_id("todo")).to_have_text("Reste à saisir : 1 annonce, puis les levées.")
    phone.context.close()
    check_phone(phone)
