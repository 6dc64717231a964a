"""A whole Bugger Bridge game played by tapping on a phone, checked against totals worked out here."""

from __future__ import annotations

import random
import re

from playwright.sync_api import expect

PLAYERS = ["Bob", "Helen", "Corky", "Kim", "Randi"]
# The schedule for five players, from the rule text.
CARDS = [1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1]
TABLE = {0: 10, 1: 11, 2: 13, 3: 16, 4: 20, 5: 25, 6: 31, 7: 38, 8: 46}


def score(bids, tricks):
    """Bugger Bridge scoring written out again, independently of the app: the table or nothing."""
    return [TABLE[b] if b == t else 0 for b, t in zip(bids, tricks, strict=True)]


def deal_round(rng: random.Random, cards: int):
    """Bids anywhere in range; tricks handed out at random, adding up to the cards."""
    bids = [rng.randint(0, min(cards, 3)) for _ in PLAYERS]
    tricks = [0] * len(PLAYERS)
    for _ in range(cards):
        # Mostly give tricks to players who still need one for their bid, so many bids are made.
        wanting = [i for i in range(len(PLAYERS)) if tricks[i] < bids[i]]
        tricks[rng.choice(wanting) if wanting and rng.random() < 0.8 else rng.randrange(len(PLAYERS))] += 1
    return bids, tricks


def bidding_order(dealer: int):
    return [(dealer + 1 + i) % len(PLAYERS) for i in range(len(PLAYERS))]


def sign_up(phone, username="tablekeeper"):
    phone.go("/")
    phone.tap(phone.page.get_by_role("link", name="Create an account"))
    phone.page.fill("#id_username", username)
    phone.page.fill("#id_password1", "spades-are-trumps-9")
    phone.page.fill("#id_password2", "spades-are-trumps-9")
    phone.tap(phone.page.get_by_role("button", name="Create account"))
    expect(phone.page.get_by_role("heading", name="New game")).to_be_visible()


def start_game(phone, first_dealer_seat: int, hook=False):
    phone.tap(phone.page.get_by_role("link", name="Bugger Bridge"))
    for i, name in enumerate(PLAYERS):
        phone.page.fill(f"#id_player_{i}", name)
    phone.page.select_option("#id_first_dealer", str(first_dealer_seat))
    if hook:
        phone.page.check("#id_hook")
    phone.tap(phone.page.get_by_role("button", name="Start game"))
    expect(phone.page.locator("#entry-panel")).to_be_visible()


def enter_bids(phone, bids, dealer):
    page = phone.page
    order = bidding_order(dealer)
    for i, seat in enumerate(order):
        phone.tap(f"label[for=bid-{seat}-{bids[seat]}]")
        if i < len(order) - 1:
            expect(page.locator(f"#bid-{seat}-{bids[seat]}")).to_be_checked()
            still = len(order) - 1 - i
            expect(page.get_by_test_id("bid-live")).to_contain_text(
                f"{still} player{'s' if still != 1 else ''} still to bid"
            )
    expect(page.locator("#entry-panel.phase-tricks")).to_be_visible()


def enter_tricks(phone, number, bids, tricks):
    page = phone.page
    for seat, took in enumerate(tricks):
        if took != bids[seat]:
            phone.tap(f"label[for=tricks-{seat}-{took}]")
            expect(page.locator(f"#tricks-{seat}-{took}")).to_be_checked()
    cards = CARDS[number - 1]
    placed = "1 trick placed" if cards == 1 else f"All {cards} tricks placed"
    expect(page.get_by_test_id("tricks-live")).to_contain_text(placed)
    missed = [PLAYERS[s] for s in range(len(PLAYERS)) if tricks[s] != bids[s]]
    summary = page.get_by_test_id("summary")
    for name in missed:
        expect(summary).to_contain_text(name)
    if not missed:
        expect(summary).to_contain_text("Missed: nobody")
    phone.tap(page.get_by_role("button", name=f"Save round {number}"))
    if number < len(CARDS):
        expect(page.locator("#entry-panel h2")).to_contain_text(f"Round {number + 1} ")
    else:
        expect(page.locator("#entry-panel h2")).to_have_text("Game over")


def expect_totals(page, expected):
    """The totals row reads ``expected`` (retried until the swap, or the page, is in)."""
    expect(page.locator("#totals td")).to_have_text([str(t) for t in expected])


def expect_as_reloaded(page):
    """The sheet, after the saves' answers swapped in what changed, is what a fresh load of it draws."""
    swapped = page.locator("table.sheet").evaluate("table => table.outerHTML")
    page.reload()
    assert page.locator("table.sheet").evaluate("table => table.outerHTML") == swapped


def test_a_whole_game_by_tapping_with_a_correction_and_a_penalty(phone):
    rng = random.Random(20261121)
    page = phone.page
    sign_up(phone)
    first_dealer = 1  # Helen deals round 1
    start_game(phone, first_dealer)
    expect(page.locator("#entry-panel")).to_contain_text("Helen deals")
    expect(page.locator("#entry-panel")).to_contain_text("Corky bids and leads first")
    expect(page.locator("tbody tr")).to_have_count(18)
    page.wait_for_load_state("load")  # the page's own stylesheet is in
    # The page never scrolls sideways at phone width.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    played = []  # (bids, tricks, penalties) as finally recorded
    for number, cards in enumerate(CARDS, start=1):
        dealer = (first_dealer + number - 1) % len(PLAYERS)
        bids, tricks = deal_round(rng, cards)
        penalties = [0] * len(PLAYERS)
        if number == 7:
            # Kim revokes and it is not corrected: redeal by the same dealer, Kim loses 10, bid again.
            enter_bids(phone, [0] * len(PLAYERS), dealer)
            phone.tap(page.get_by_text("Redeal with a penalty…"))
            phone.tap("label[for=pen-3]")
            phone.tap(page.get_by_role("button", name="Redeal: -10 points"))
            expect(page.locator("#entry-panel")).to_contain_text("Kim loses 10. Bid again.")
            expect(page.locator("#round-7")).to_contain_text("-10")
            penalties[3] = -10
        phone.taps = 0
        enter_bids(phone, bids, dealer)
        enter_tricks(phone, number, bids, tricks)
        missed = sum(1 for b, t in zip(bids, tricks, strict=True) if b != t)
        # n + k + 1: one tap a bid, one a missed player's tricks, one to save.
        assert phone.taps == len(PLAYERS) + missed + 1, (number, phone.taps)
        played.append((bids, tricks, penalties))
        if number == 5:
            # Round 3 was written down wrong: Bob took one more trick, Helen one fewer.
            bids3, tricks3, pen3 = played[2]
            fixed = list(tricks3)
            giver = next(s for s in range(len(PLAYERS)) if fixed[s] > 0 and s != 0)
            fixed[giver] -= 1
            fixed[0] += 1
            phone.tap(page.get_by_role("link", name="Correct round 3"))
            expect(page.locator("#entry-panel")).to_contain_text("Correct round 3")
            for seat in range(len(PLAYERS)):
                if fixed[seat] != tricks3[seat]:
                    phone.tap(f"label[for=etricks-{seat}-{fixed[seat]}]")
            phone.tap(page.get_by_role("button", name="Save correction"))
            expect(page.locator("#entry-panel h2")).to_contain_text("Round 6 ")
            played[2] = (bids3, fixed, pen3)
            expected = [0] * len(PLAYERS)
            for b, t, p in played:
                expected = [e + s + q for e, s, q in zip(expected, score(b, t), p, strict=True)]
            expect_totals(page, expected)
            expect_as_reloaded(page)

    expected = [0] * len(PLAYERS)
    for bids, tricks, penalties in played:
        expected = [e + s + p for e, s, p in zip(expected, score(bids, tricks), penalties, strict=True)]
    expect_totals(page, expected)
    best = max(expected)
    winners = [PLAYERS[i] for i, t in enumerate(expected) if t == best]
    panel = page.locator("#entry-panel")
    if len(winners) == 1:
        expect(panel).to_contain_text(f"{winners[0]} wins")
    else:
        expect(panel).to_contain_text("Shared win: " + ", ".join(winners))

    # A full reload shows the same sheet: the in-place updates matched what is stored.
    expect_as_reloaded(page)
    expect_totals(page, expected)
    # Tapping a score explains it.
    phone.tap("#round-1 td >> nth=0 >> button")
    expect(page.locator("#exp-1-0")).to_be_visible()
    expect(page.locator("#exp-1-0")).to_contain_text(re.compile(r"Bob: bid \d, took \d"))


def test_hook_rule_strikes_the_dealers_number(phone):
    sign_up(phone, "hooked")
    start_game(phone, first_dealer_seat=0, hook=True)  # Bob deals round 1; Helen bids first
    page = phone.page
    for seat in (1, 2, 3, 4):
        phone.tap(f"label[for=bid-{seat}-0]")
        expect(page.locator(f"#bid-{seat}-0")).to_be_checked()
    # The others bid 0 for 1 trick: Bob may not bid 1.
    expect(page.locator("#bid-0-1")).to_be_disabled()
    expect(page.locator("label[for=bid-0-1]")).to_have_class(re.compile("struck"))
    phone.tap("label[for=bid-0-0]")
    expect(page.locator("#entry-panel.phase-tricks")).to_be_visible()


def test_every_step_works_without_javascript(plain_phone):
    phone = plain_phone
    page = phone.page
    sign_up(phone, "nojs")
    start_game(phone, first_dealer_seat=0)
    for seat, bid in enumerate([0, 0, 1, 0, 1]):
        page.locator(f"label[for=bid-{seat}-{bid}]").click()
    page.get_by_role("button", name="Save bids").click()
    expect(page.locator("#entry-panel.phase-tricks")).to_be_visible()
    # A bad submission first: three tricks placed for one card. Refused beside the count, input kept.
    page.locator("label[for=tricks-0-1]").click()
    page.get_by_role("button", name="Save round 1").click()
    expect(page.locator("#entry-panel .error")).to_contain_text("the tricks add up to 3, but 1 were played")
    expect(page.locator("#tricks-0-1")).to_be_checked()
    # Put right: Bob took none, Corky none; Randi took the trick.
    page.locator("label[for=tricks-0-0]").click()
    page.locator("label[for=tricks-2-0]").click()
    with phone.loading():
        page.get_by_role("button", name="Save round 1").click()
    expect(page.locator("#entry-panel h2")).to_contain_text("Round 2 ")
    expect_totals(page, [10, 10, 0, 10, 11])
    # Saving bids with a player missing is refused beside that player, the other bids kept.
    page.locator("label[for=bid-0-2]").click()
    page.get_by_role("button", name="Save bids").click()
    expect(page.locator(".seat-row.has-error").first).to_contain_text("has not bid")
    expect(page.locator("#bid-0-2")).to_be_checked()
    # Correcting a round works as a plain form too.
    page.get_by_role("link", name="Correct round 1").click()
    page.locator("label[for=etricks-4-0]").click()
    page.locator("label[for=etricks-3-1]").click()
    with phone.loading():
        page.get_by_role("button", name="Save correction").click()
    expect_totals(page, [10, 10, 0, 0, 0])
