"""A whole Call Bridge game played by tapping on a phone, checked against totals worked out here."""

from __future__ import annotations

from playwright.sync_api import expect

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
TARGET = 30
# (bids, tricks) by deal, seats in the listed order. Ann and Bob take turns making bonus bids and
# are level at 30 after deal 4 (play goes on); Ann's bonus bid fails in deal 5 (12 tricks for 10);
# Bob wins in deal 6.
DEALS = [
    ([8, 2, 2, 2], [9, 2, 2, 0]),
    ([2, 8, 2, 2], [2, 8, 1, 2]),
    ([8, 2, 3, 2], [8, 3, 0, 2]),
    ([2, 9, 2, 2], [2, 10, 1, 0]),
    ([10, 2, 2, 2], [12, 1, 0, 0]),
    ([2, 8, 2, 2], [2, 8, 2, 1]),
]
# Deal 2 was written down wrong: Cat took 2 and Dan 1. Put right after deal 3.
DEAL_2_FIXED = [2, 8, 2, 1]


def deal_points(bid, took):
    """Call Bridge scoring written out again, independently of the app."""
    if bid >= 8:  # a bonus bid: made with exactly the bid or one more, for 13
        return 13 if bid <= took <= bid + 1 else -bid
    return bid if took >= bid else -bid


def running_totals(deals):
    totals = [0] * 4
    for bids, tricks in deals:
        totals = [t + deal_points(b, k) for t, b, k in zip(totals, bids, tricks, strict=True)]
    return totals


def bidding_order(dealer):
    return [(dealer + 1 + i) % 4 for i in range(4)]


def sign_up(phone, username):
    phone.go("/")
    phone.tap(phone.page.get_by_role("link", name="Create an account"))
    phone.page.fill("#id_username", username)
    phone.page.fill("#id_password1", "spades-are-trumps-9")
    phone.page.fill("#id_password2", "spades-are-trumps-9")
    phone.tap(phone.page.get_by_role("button", name="Create account"))
    expect(phone.page.get_by_role("heading", name="New game")).to_be_visible()


def start_game(phone, first_dealer_seat, target=TARGET):
    page = phone.page
    phone.tap(page.get_by_role("link", name="Call Bridge", exact=True))
    expect(page.get_by_role("link", name="How Call Bridge is played and scored")).to_be_visible()
    for i, name in enumerate(PLAYERS):
        page.fill(f"#id_player_{i}", name)
    page.select_option("#id_first_dealer", str(first_dealer_seat))
    page.fill("#id_target", str(target))
    phone.tap(page.get_by_role("button", name="Start game"))
    expect(page.locator("#entry-panel")).to_be_visible()


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
    expect(page.locator(".bidline")).to_contain_text(f"Bids total {sum(bids)} for 13 tricks")


def enter_tricks(phone, number, bids, tricks, finished=False):
    page = phone.page
    for seat, took in enumerate(tricks):
        if took != bids[seat]:
            phone.tap(f"label[for=tricks-{seat}-{took}]")
            expect(page.locator(f"#tricks-{seat}-{took}")).to_be_checked()
    expect(page.get_by_test_id("tricks-live")).to_have_text("All 13 tricks placed")
    summary = page.get_by_test_id("summary")
    for seat, name in enumerate(PLAYERS):
        made = deal_points(bids[seat], tricks[seat]) > 0
        line = summary.locator("li", has_text="Made:" if made else "Missed:")
        expect(line).to_contain_text(name)
    phone.tap(page.get_by_role("button", name=f"Save deal {number}"))
    if finished:
        expect(page.locator("#entry-panel h2")).to_have_text("Game over")
    else:
        expect(page.locator("#entry-panel h2")).to_contain_text(f"Deal {number + 1} ")


def expect_totals(page, expected):
    """The totals row reads ``expected`` (retried until the swap, or the page, is in)."""
    expect(page.locator("#totals td")).to_have_text([str(t) for t in expected])


def test_a_whole_call_bridge_game_by_tapping(phone):
    page = phone.page
    sign_up(phone, "callkeeper")
    first_dealer = 0  # Ann deals deal 1; Bob bids and leads first
    start_game(phone, first_dealer)
    panel = page.locator("#entry-panel")
    expect(panel).to_contain_text("Ann deals")
    expect(panel).to_contain_text("Bob bids and leads first")
    expect(panel).to_contain_text("Deal 1 · 13 cards · ♠ trumps")
    expect(page.get_by_test_id("todo")).to_contain_text("Still to enter: 4 bids")
    expect(page.locator(".sheet-head")).to_contain_text("first to 30")
    expect(page.locator("label[for=bid-1-8]")).to_have_text("8★")
    expect(page.locator("label[for=bid-1-7]")).to_have_text("7")
    page.wait_for_load_state("load")  # the page's own stylesheet is in
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    played = []
    for number, (bids, tricks) in enumerate(DEALS, start=1):
        dealer = (first_dealer + number - 1) % 4
        expect(panel).to_contain_text(f"{PLAYERS[dealer]} deals")
        expect(panel).to_contain_text(f"{PLAYERS[bidding_order(dealer)[0]]} bids and leads first")
        phone.taps = 0
        enter_bids(phone, bids, dealer)
        enter_tricks(phone, number, bids, tricks, finished=number == len(DEALS))
        differing = sum(1 for b, t in zip(bids, tricks, strict=True) if b != t)
        # n + k + 1: a tap a bid, a tap for each player whose tricks differ from the bid, one to save.
        assert phone.taps == 4 + differing + 1, (number, phone.taps)
        played.append((bids, tricks))
        totals = running_totals(played)
        expect_totals(page, totals)
        best = max(totals)
        leaders = [i for i, t in enumerate(totals) if t == best]
        for seat in range(4):
            cell = page.locator("#totals td").nth(seat)
            if seat in leaders:
                expect(cell).to_have_class("leader")
            else:
                expect(cell).not_to_have_class("leader")
        if number == 3:
            # Deal 2 put right: every total after it follows.
            phone.tap(page.get_by_role("link", name="Correct deal 2"))
            expect(panel).to_contain_text("Correct deal 2")
            for seat in range(4):
                if DEAL_2_FIXED[seat] != DEALS[1][1][seat]:
                    phone.tap(f"label[for=etricks-{seat}-{DEAL_2_FIXED[seat]}]")
            phone.tap(page.get_by_role("button", name="Save correction"))
            expect(panel.locator("h2")).to_contain_text("Deal 4 ")
            played[1] = (DEALS[1][0], DEAL_2_FIXED)
            expect_totals(page, running_totals(played))
        if number == 4:
            assert totals[0] == totals[1] == 30
            expect(page.locator("#table-status")).to_contain_text(
                "Play goes on: Ann and Bob share the lead at 30"
            )
        elif number < len(DEALS):
            expect(page.locator("#table-status")).not_to_contain_text("Play goes on")

    expected = running_totals(played)
    winners = [i for i, t in enumerate(expected) if t >= TARGET and t == max(expected)]
    assert winners == [1]
    expect(panel).to_contain_text(f"Bob wins with {expected[1]}")
    # The whole page drawn afresh agrees with what was swapped in.
    page.reload()
    expect_totals(page, expected)
    # Every square shows the deal's points and the running total; tapping one explains it.
    ann_deal_5 = page.locator("#round-5 td").nth(0)
    expect(ann_deal_5.locator("small")).to_have_text("−10")
    expect(ann_deal_5.locator("button")).to_contain_text(str(running_totals(played[:5])[0]))
    phone.tap(ann_deal_5.locator("button"))
    explain = page.locator("#exp-5-0")
    expect(explain).to_be_visible()
    expect(explain).to_have_text(
        f"Deal 5 · Ann: bid 10, took 12: a bonus bid fails outside 10-11, so -10; total {running_totals(played[:5])[0]}"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_call_bridge_without_javascript(plain_phone):
    phone = plain_phone
    page = phone.page
    sign_up(phone, "nojscall")
    start_game(phone, first_dealer_seat=3)  # Dan deals; Ann bids first
    for seat, bid in enumerate([4, 3, 3, 3]):
        page.locator(f"label[for=bid-{seat}-{bid}]").click()
    page.get_by_role("button", name="Save bids").click()
    expect(page.locator("#entry-panel.phase-tricks")).to_be_visible()
    # Tricks that do not add up are refused beside the count, the taps kept.
    page.locator("label[for=tricks-0-6]").click()
    page.get_by_role("button", name="Save deal 1").click()
    expect(page.locator("#entry-panel .error")).to_contain_text("the tricks add up to 15, but 13 were played")
    expect(page.locator("#tricks-0-6")).to_be_checked()
    page.locator("label[for=tricks-1-1]").click()
    page.locator("label[for=tricks-2-3]").click()
    page.get_by_role("button", name="Check the count").click()
    expect(page.get_by_test_id("tricks-live")).to_have_text("All 13 tricks placed")
    with phone.loading():
        page.get_by_role("button", name="Save deal 1").click()
    expect(page.locator("#entry-panel h2")).to_contain_text("Deal 2 ")
    expect_totals(page, [deal_points(4, 6), deal_points(3, 1), deal_points(3, 3), deal_points(3, 3)])
