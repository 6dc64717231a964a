"""Whole Mormon Bridge games played by tapping on a phone: regular, 4-card and elimination.

Scores, seating, who deals and who is out are worked out here again, independently of the app.
"""

from __future__ import annotations

import random

from playwright.sync_api import expect

FOUR = ["Ann", "Bob", "Cat", "Dan"]
SIXTEEN = [f"P{i:02d}" for i in range(16)]
REGULAR_HANDS = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]  # 4 to 9 players


def hand_points(bid, took):
    """A point a trick, and 10 more for taking exactly the bid."""
    return took + (10 if bid == took else 0)


def running_totals(hands, players):
    totals = [0] * players
    for bids, tricks in hands:
        totals = [t + hand_points(b, k) for t, b, k in zip(totals, bids, tricks, strict=True)]
    return totals


def sign_up(phone, username):
    phone.go("/")
    phone.tap(phone.page.get_by_role("link", name="Create an account"))
    phone.page.fill("#id_username", username)
    phone.page.fill("#id_password1", "rook-is-lowest-4")
    phone.page.fill("#id_password2", "rook-is-lowest-4")
    phone.tap(phone.page.get_by_role("button", name="Create account"))
    expect(phone.page.get_by_role("heading", name="New game")).to_be_visible()


def start_game(phone, names, mode, first_dealer, target=None):
    page = phone.page
    with phone.loading():
        phone.tap(page.get_by_role("link", name="Mormon Bridge", exact=True))
    expect(page.get_by_role("link", name="How Mormon Bridge is played and scored")).to_be_visible()
    phone.tap(f"label[for=mode-{mode}]")
    if target is not None:
        page.fill("#id_target", str(target))
    filled = 0
    while filled < len(names):
        boxes = page.locator("input[name^=player_]").count()
        for i in range(filled, min(boxes, len(names))):
            page.fill(f"#id_player_{i}", names[i])
        filled = min(boxes, len(names))
        if filled < len(names):
            phone.tap(page.get_by_role("button", name="More seats"))
            expect(page.locator(f"#id_player_{boxes}")).to_be_visible()
            expect(page.locator(f"#id_player_{filled - 1}")).to_have_value(names[filled - 1])
    expect(page.locator(f"#mode-{mode}")).to_be_checked()
    page.select_option("#id_first_dealer", str(first_dealer))
    phone.tap(page.get_by_role("button", name="Start game"))
    expect(page.locator("#entry-panel")).to_be_visible()


def enter_bids(phone, bids, seats, shuffle: random.Random | None = None):
    """Tap the bids of the players in the hand, in any order (they are shown together)."""
    page = phone.page
    order = list(seats)
    if shuffle:
        shuffle.shuffle(order)
    for i, seat in enumerate(order):
        phone.tap(f"label[for=bid-{seat}-{bids[seat]}]")
        if i < len(order) - 1:
            expect(page.locator(f"#bid-{seat}-{bids[seat]}")).to_be_checked()
            still = len(order) - 1 - i
            expect(page.get_by_test_id("bid-live")).to_contain_text(
                f"{still} player{'s' if still != 1 else ''} still to bid"
            )


def enter_tricks(phone, number, bids, tricks, seats, cards):
    page = phone.page
    expect(page.locator("#entry-panel.phase-tricks")).to_be_visible()
    for seat in seats:
        if tricks[seat] != bids[seat]:
            phone.tap(f"label[for=tricks-{seat}-{tricks[seat]}]")
            expect(page.locator(f"#tricks-{seat}-{tricks[seat]}")).to_be_checked()
    placed = "1 trick placed" if cards == 1 else f"All {cards} tricks placed"
    expect(page.get_by_test_id("tricks-live")).to_have_text(placed)
    # The page counts the tricks at once; the server's summary comes after and moves Save down
    # (a tap on Save before it lands wherever the swap has put something else).
    expect(page.get_by_test_id("summary")).not_to_be_empty()
    phone.tap(page.get_by_role("button", name=f"Save hand {number}"))


def deal_hand(rng, players, cards):
    bids = [rng.randint(0, min(cards, 2)) for _ in range(players)]
    tricks = [0] * players
    for _ in range(cards):
        wanting = [i for i in range(players) if tricks[i] < bids[i]]
        tricks[rng.choice(wanting) if wanting and rng.random() < 0.75 else rng.randrange(players)] += 1
    return bids, tricks


def expect_totals(page, expected):
    """The totals row reads ``expected`` (retried until the swap, or the page, is in)."""
    expect(page.locator("#totals td")).to_have_text([str(t) for t in expected])


def order_from(dealer, table):
    """Seats in the order of play from the player after the dealer round to the dealer."""
    i = table.index(dealer)
    return table[i + 1 :] + table[: i + 1]


def test_a_whole_regular_game_by_tapping(phone):
    rng = random.Random(5729)
    page = phone.page
    sign_up(phone, "mormonkeeper")
    first_dealer = 2  # Cat deals hand 1; Dan leads
    start_game(phone, FOUR, "regular", first_dealer)
    panel = page.locator("#entry-panel")
    expect(page.locator("tbody tr")).to_have_count(11)
    labels = [t.strip() for t in page.locator("tbody th").all_inner_texts()]
    assert labels == [str(c) for c in REGULAR_HANDS]
    expect(page.locator(".sheet-head")).to_contain_text(
        "11 hands of 1 · 2 · 3 · 4 · 5 · 6 · 5 · 4 · 3 · 2 · 1 cards"
    )
    page.wait_for_load_state("load")  # the page's own stylesheet is in
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    played = []
    for number, cards in enumerate(REGULAR_HANDS, start=1):
        dealer = (first_dealer + number - 1) % 4
        expect(panel.locator("h2")).to_contain_text(f"Hand {number} of 11 · {cards} card")
        expect(panel).to_contain_text(f"{FOUR[dealer]} deals · {FOUR[(dealer + 1) % 4]} leads first")
        if number in (1, 6):
            # The trump card turned up (optional, not part of the round's count).
            colour = "rook" if number == 6 else "green"
            phone.tap(f"label[for=trump-{colour}]")
            expect(page.locator(f"#trump-{colour}")).to_be_checked()
        bids, tricks = deal_hand(rng, 4, cards)
        phone.taps = 0
        enter_bids(phone, bids, range(4), shuffle=rng)
        expect(page.locator(".bidline")).to_contain_text(f"Bids total {sum(bids)} for {cards}")
        if number == 6:
            expect(panel).to_contain_text("Rook turned up: the first card led decides trumps")
        enter_tricks(phone, number, bids, tricks, range(4), cards)
        missed = sum(1 for b, t in zip(bids, tricks, strict=True) if b != t)
        assert phone.taps == 4 + missed + 1, (number, phone.taps)
        played.append((bids, tricks))
        if number < 11:
            expect(panel.locator("h2")).to_contain_text(f"Hand {number + 1} ")
        else:
            expect(panel.locator("h2")).to_have_text("Game over")
        expect_totals(page, running_totals(played, 4))
        if number == 4:
            # Hand 2 was written down wrong: the player who took a trick... took none, and the next one did.
            bids2, tricks2 = played[1]
            fixed = list(tricks2)
            giver = next(s for s in range(4) if fixed[s] > 0)
            fixed[giver] -= 1
            fixed[(giver + 1) % 4] += 1
            phone.tap(page.get_by_role("link", name="Correct hand 2"))
            expect(panel).to_contain_text("Correct hand 2")
            for seat in range(4):
                if fixed[seat] != tricks2[seat]:
                    phone.tap(f"label[for=etricks-{seat}-{fixed[seat]}]")
            phone.tap(page.get_by_role("button", name="Save correction"))
            expect(panel.locator("h2")).to_contain_text("Hand 5 ")
            played[1] = (bids2, fixed)
            expect_totals(page, running_totals(played, 4))

    expect(panel.locator("h2")).to_have_text("Game over")
    expected = running_totals(played, 4)
    best = max(expected)
    winners = [FOUR[i] for i, t in enumerate(expected) if t == best]
    if len(winners) == 1:
        expect(panel).to_contain_text(f"{winners[0]} wins with {best}")
    else:
        expect(panel).to_contain_text("Shared win: " + ", ".join(winners))
    page.reload()
    expect_totals(page, expected)
    expect(page.locator("#round-1 .swatch.rook-green")).to_have_count(1)
    expect(page.locator("#round-6 .swatch.rook-rook")).to_have_count(1)
    bid, took = played[0][0][0], played[0][1][0]
    phone.tap("#round-1 td >> nth=0 >> button")
    expect(page.locator("#exp-1-0")).to_be_visible()
    expect(page.locator("#exp-1-0")).to_contain_text(f"Ann: bid {bid}, took {took}")


def test_a_four_card_game_to_the_target(phone):
    page = phone.page
    sign_up(phone, "fourcard")
    start_game(phone, FOUR, "four-card", first_dealer=0, target=40)
    expect(page.locator(".sheet-head")).to_contain_text("first to 40")
    panel = page.locator("#entry-panel")
    # Ann and Bob bid 2 and take 2 every hand, Cat and Dan bid 0 and take none: Ann and Bob are
    # level at 48 after hand 4, past the target, so play goes on; in hand 5 Bob takes only one.
    hands = [([2, 2, 0, 0], [2, 2, 0, 0])] * 4 + [([2, 2, 0, 0], [2, 1, 1, 0])]
    played = []
    for number, (bids, tricks) in enumerate(hands, start=1):
        expect(panel.locator("h2")).to_contain_text(f"Hand {number} · 4 cards each")
        phone.taps = 0
        enter_bids(phone, bids, range(4))
        enter_tricks(phone, number, bids, tricks, range(4), 4)
        missed = sum(1 for b, t in zip(bids, tricks, strict=True) if b != t)
        assert phone.taps == 4 + missed + 1
        played.append((bids, tricks))
        if number < len(hands):
            expect(panel.locator("h2")).to_contain_text(f"Hand {number + 1} ")
        else:
            expect(panel.locator("h2")).to_have_text("Game over")
        totals = running_totals(played, 4)
        expect_totals(page, totals)
        if number == 4:
            assert totals[0] == totals[1] == 48
            expect(page.locator("#table-status")).to_contain_text(
                "Play goes on: Ann and Bob share the lead at 48"
            )
    expected = running_totals(played, 4)
    assert expected == [60, 49, 41, 50]
    expect(panel).to_contain_text("Ann wins with 60")
    expect(page.locator("#totals td.leader")).to_have_text("60")


def test_an_elimination_game_with_players_waiting(phone):
    page = phone.page
    sign_up(phone, "eliminator")
    first_dealer = 1
    start_game(phone, SIXTEEN, "elimination", first_dealer)
    panel = page.locator("#entry-panel")
    expect(page.locator(".sheet-head")).to_contain_text("16 players (14 at the table)")
    expect(panel).to_contain_text("Waiting for a place, in order: P14, P15.")
    page.wait_for_load_state("load")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # (bids, tricks) for the players in each hand, by seat.
    out: dict[int, int] = {}  # seat -> hand they went out in
    dealer = None

    def at_table():
        return [s for s in range(16) if s not in out][:14]

    hands = [
        # Hand 1: everyone bids 1; four take a trick, ten miss and are out. P14 and P15 sit down.
        lambda table: (dict.fromkeys(table, 1), {s: (1 if s in (2, 5, 9, 13) else 0) for s in table}),
        # Hand 2: everyone bids 1, two take two tricks each: all six miss, so nobody is out.
        lambda table: (dict.fromkeys(table, 1), {s: (2 if s in (5, 14) else 0) for s in table}),
        # Hand 3: four go out, P02 and P05 are left.
        lambda _table: (
            {2: 1, 5: 1, 9: 1, 13: 1, 14: 0, 15: 0},
            {2: 1, 5: 1, 9: 0, 13: 0, 14: 1, 15: 1},
        ),
        # Hand 4: two left (after a re-bid, below); P05 bids 0 but takes one.
        lambda _table: ({2: 3, 5: 0}, {2: 3, 5: 1}),
    ]
    for number, plan in enumerate(hands, start=1):
        table = at_table()
        if dealer is None:
            dealer = first_dealer
        else:
            dealer = next(s % 16 for s in range(dealer + 1, dealer + 17) if s % 16 in table)
        order = order_from(dealer, table)
        bid_of, took_of = plan(table)
        assert sorted(bid_of) == sorted(table)
        bids = [bid_of.get(s) for s in range(16)]
        tricks = [took_of.get(s) for s in range(16)]
        expect(panel.locator("h2")).to_contain_text(f"Hand {number} · 4 cards each")
        expect(panel).to_contain_text(f"{SIXTEEN[dealer]} deals · {SIXTEEN[order[0]]} leads first")
        expect(panel).to_contain_text(f"At the table: {len(table)} players.")
        expect(panel.locator(".seat-row")).to_have_count(len(table))
        if number == 2:
            expect(panel).to_contain_text("Sitting down in the freed seats this hand: P14 and P15.")
        if number == 4:
            # Two left: bids adding up to 4 are refused; a new trump is turned and they bid again.
            phone.tap("label[for=bid-2-2]")
            expect(page.locator("#bid-2-2")).to_be_checked()
            phone.tap("label[for=bid-5-2]")
            expect(panel.locator(".error")).to_contain_text("turn a new trump and bid again")
            expect(page.locator("#bid-2-2")).not_to_be_checked()
            expect(page.locator("#round-4")).not_to_contain_text("2")
        phone.taps = 0
        enter_bids(phone, bids, table)
        expect(page.locator(".bidline")).to_contain_text(f"Bids total {sum(bid_of.values())} for 4")
        enter_tricks(phone, number, bids, tricks, table, 4)
        missed = [s for s in table if bids[s] != tricks[s]]
        assert phone.taps == len(table) + len(missed) + 1, (number, phone.taps)
        if len(missed) < len(table):
            for s in missed:
                out[s] = number
        if number < len(hands):
            expect(panel.locator("h2")).to_contain_text(f"Hand {number + 1} ")

    expect(panel.locator("h2")).to_have_text("Game over")
    still_in = [s for s in range(16) if s not in out]
    assert still_in == [2]
    expect(panel).to_contain_text("P02 wins: the last player left.")
    page.reload()
    expect(page.locator("#totals td")).to_have_text(
        [("wins" if s == 2 else f"out {out[s]}") for s in range(16)]
    )
    # Hand 2's marks: everyone missed, nobody out.
    expect(page.locator("#round-2 td.out")).to_have_count(0)
    expect(page.locator("#round-2 td.missed")).to_have_count(6)
    expect(page.locator("#round-1 td.out")).to_have_count(10)
    expect(page.locator("#round-1 td.waiting")).to_have_count(2)
    phone.tap(page.locator("#round-3 td").nth(9).locator("button"))
    expect(page.locator("#exp-3-9")).to_contain_text("P09: bid 1, took 0: missed, out")
