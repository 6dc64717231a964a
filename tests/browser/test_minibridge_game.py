"""A whole Minibridge game played by tapping on a phone, checked against totals worked out here.

Four deals, with a 20:20 redeal, a deal where both declaring partners hold the same points,
a missed contract and a correction that changes the winner. Every deal is counted in taps:
three for the points (the fourth follows from 40), two for the contract, one for the tricks.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .test_explain_popover import assert_beside

SEATS = ["Ann", "Bob", "Cat", "Dan"]  # North, East, South, West
SIDE = {0: "NS", 1: "EW", 2: "NS", 3: "EW"}
PER_TRICK = {"NT": 30, "S": 30, "H": 30, "D": 20, "C": 20}
GAME_NEEDS = {"NT": 9, "S": 10, "H": 10, "D": 11, "C": 11}


def score(strain, game, tricks):
    """(declaring side, defenders) for a played contract, from the rule text, independently of the app."""
    needed = GAME_NEEDS[strain] if game else 7
    if tricks < needed:
        return 0, 50 * (needed - tricks)
    trick_points = (tricks - 6) * PER_TRICK[strain] + (10 if strain == "NT" else 0)
    return trick_points + (300 if game else 50), 0


def declarer(hcp, dealer):
    """The stronger side's stronger player; equal partners: the one who announced first from the dealer."""
    ns, ew = hcp[0] + hcp[2], hcp[1] + hcp[3]
    a, b = (0, 2) if ns > ew else (1, 3)
    if hcp[a] != hcp[b]:
        return a if hcp[a] > hcp[b] else b
    return min(a, b, key=lambda seat: (seat - dealer) % 4)


def sign_up(phone, username):
    phone.go("/")
    phone.tap(phone.page.get_by_role("link", name="Create an account"))
    phone.page.fill("#id_username", username)
    phone.page.fill("#id_password1", "no-trumps-game-9")
    phone.page.fill("#id_password2", "no-trumps-game-9")
    phone.tap(phone.page.get_by_role("button", name="Create account"))
    expect(phone.page.get_by_role("heading", name="New game")).to_be_visible()


def start_game(phone, first_dealer: str, deals: int):
    page = phone.page
    phone.tap(page.get_by_role("link", name="Minibridge", exact=True))
    for i, name in enumerate(SEATS):
        page.fill(f"#id_player_{i}", name)
    phone.tap(f"label[for=dealer-{first_dealer}]")
    expect(page.locator("#id_target")).to_be_hidden()  # only the chosen way to end the game shows its box
    page.fill("#id_deals", str(deals))
    phone.tap(page.get_by_role("button", name="Start game"))
    expect(page.locator("#entry-panel")).to_be_visible()


def enter_points(phone, hcp, dealer):
    """Tap the first three announcers' points on the keypad; the fourth must appear by itself."""
    page = phone.page
    order = [(dealer + i) % 4 for i in range(4)]
    for seat in order[:2]:
        expect(page.locator(f"#hcp-row-{seat}.active")).to_be_visible()
        phone.tap(f"label[for=pick-{hcp[seat]}]")
        expect(page.get_by_test_id(f"hcp-{seat}").first).to_have_text(str(hcp[seat]))
    expect(page.locator(f"#hcp-row-{order[2]}.active")).to_be_visible()
    phone.tap(f"label[for=pick-{hcp[order[2]]}]")
    # The third tap saves: the points, the fourth worked out from 40, are shown with who declares.
    if hcp[0] + hcp[2] != 20:
        expect(page.get_by_test_id("points-line")).to_have_text(
            "Points: " + " · ".join(f"{SEATS[s]} {hcp[s]}" for s in order)
        )


def enter_contract_and_tricks(phone, strain, game, tricks):
    page = phone.page
    phone.tap(f"label[for=strain-{strain}]")
    phone.tap(f"label[for=game-{1 if game else 0}]")
    expect(page.get_by_test_id("contract-live")).to_contain_text(
        f"need {GAME_NEEDS[strain] if game else 7} tricks"
    )
    phone.tap(f"label[for=tricks-{tricks}]")


def expect_totals(page, ns, ew):
    """The sides' totals read ``ns`` and ``ew`` (retried until the swap, or the page, is in)."""
    expect(page.get_by_test_id("total-NS")).to_have_text(str(ns))
    expect(page.get_by_test_id("total-EW")).to_have_text(str(ew))


def test_a_whole_game_by_tapping(phone):
    page = phone.page
    sign_up(phone, "northsouth")
    start_game(phone, first_dealer="0", deals=4)  # North deals first
    expect(page.locator("#entry-panel")).to_contain_text("Ann (North) deals and announces first")
    expect(page.locator("tbody tr")).to_have_count(4)
    page.wait_for_load_state("load")  # the page's own stylesheet is in
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # (hcp N E S W, contract or None for 20:20)
    deals = [
        ([14, 6, 16, 4], ("S", True, 11)),
        ([10, 10, 10, 10], None),  # 20:20: East deals again
        ([13, 8, 13, 6], ("NT", False, 6)),  # N-S 13 each: South announced before North, so declares
        ([7, 13, 5, 15], ("H", True, 10)),
        ([11, 9, 8, 12], ("D", False, 9)),
    ]
    dealer = 0
    recorded = []  # (hcp, dealer, contract)
    for number, (hcp, contract) in enumerate(deals, start=1):
        phone.taps = 0
        enter_points(phone, hcp, dealer)
        if contract is None:
            expect(page.locator("#entry-panel .note")).to_contain_text("20:20 split: Bob (East) deals again")
            expect(page.locator("#entry-panel")).to_contain_text("Bob (East) deals and announces first")
            assert phone.taps == 3, (number, phone.taps)
            recorded.append((hcp, dealer, None))
            continue
        who = declarer(hcp, dealer)
        expect(page.get_by_test_id("declaring")).to_contain_text(f"{SEATS[who]} (")
        if number == 3:
            expect(page.locator("#entry-panel")).to_contain_text(
                "Cat and Ann hold 13 each: Cat announced first, so declares."
            )
            assert who == 2
        enter_contract_and_tricks(phone, *contract)
        # three for the points, strain, part-score or game, tricks: no more than the facts
        assert phone.taps == 6, (number, phone.taps)
        recorded.append((hcp, dealer, contract))
        dealer = (dealer + 1) % 4
        if number < len(deals):
            expect(page.locator(f"#round-{number + 1}.row-current")).to_be_visible()

    def expected_totals():
        ns = ew = 0
        for hcp, deal_dealer, contract in recorded:
            if contract is None:
                continue
            declaring, defending = score(*contract)
            if SIDE[declarer(hcp, deal_dealer)] == "NS":
                ns, ew = ns + declaring, ew + defending
            else:
                ns, ew = ns + defending, ew + declaring
        return ns, ew

    expect(page.locator("#entry-panel h2")).to_have_text("Game over")
    ns, ew = expected_totals()
    assert (ns, ew) == (450, 50 + 420 + 110)
    expect_totals(page, ns, ew)
    expect(page.locator("#entry-panel")).to_contain_text("E-W win: Bob & Dan")

    # Deal 3 was written down wrong: E-W took 9, one short of their heart game. That changes the winner.
    phone.tap(page.get_by_role("link", name="Correct round 4 (deal 3)"))
    expect(page.locator("#entry-panel")).to_contain_text("Correct round 4 (deal 3)")
    phone.tap("label[for=tricks-9]")
    phone.tap(page.get_by_role("button", name="Save correction"))
    expect(page.locator("#entry-panel .note")).to_contain_text("Round 4 (deal 3) corrected")
    recorded[3] = (recorded[3][0], recorded[3][1], ("H", True, 9))
    ns, ew = expected_totals()
    assert (ns, ew) == (450 + 50, 50 + 110)
    expect(page.get_by_test_id("total-NS")).to_have_text(str(ns))
    expect_totals(page, ns, ew)
    expect(page.locator("#entry-panel")).to_contain_text("N-S win: Ann & Cat")

    # A reload shows the same sheet: the in-place updates matched what is stored.
    page.reload()
    expect_totals(page, ns, ew)
    expect(page.locator("#round-2")).to_contain_text("20:20")
    # Tapping a score explains it in one line.
    phone.tap("#round-1 td.side-cell >> nth=0 >> button")
    expect(page.locator("#exp-1-1")).to_be_visible()
    assert_beside(
        page.locator("#round-1 td.side-cell >> nth=0 >> button"),
        page.locator("#exp-1-1"),
        page.viewport_size,
    )
    expect(page.locator("#exp-1-1")).to_contain_text("N-S declared game in spades (Cat), needed 10, took 11")
    page.keyboard.press("Escape")

    # Bob's personal sheet: what E-W scored (+) and what N-S scored (-), deal by deal.
    phone.tap(page.get_by_role("link", name="E · Bob"))
    expect(page.get_by_role("heading", name="Personal score sheet")).to_be_visible()
    expect(page.get_by_test_id("plus-total")).to_have_text(str(ew))
    expect(page.get_by_test_id("minus-total")).to_have_text(str(ns))
    expect(page.get_by_test_id("net")).to_have_text(re.compile(f"Net for E-W: {ew - ns}"))
    page.wait_for_load_state("load")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_points_and_contract_work_without_javascript(plain_phone):
    phone = plain_phone
    page = phone.page
    sign_up(phone, "nojsbridge")
    start_game(phone, first_dealer="1", deals=2)  # East deals: East, South, West announce
    for seat, points in ((1, 20), (2, 15)):
        page.locator(f"label[for=pick-{points}]").click()
        page.get_by_role("button", name="Next").click()
        expect(page.get_by_test_id(f"hcp-{seat}").first).to_have_text(str(points))
    # 35 announced: more than 5 for West cannot fit in the 40, so those numbers are struck.
    expect(page.locator("#pick-5")).to_be_enabled()
    expect(page.locator("#pick-6")).to_be_disabled()
    # East's 20 was misheard: tap East's row and put 18.
    with phone.loading():
        page.locator("#hcp-row-1").click()
    page.locator("label[for=pick-18]").click()
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_test_id("hcp-1").first).to_have_text("18")
    page.locator("label[for=pick-3]").click()
    page.get_by_role("button", name="Next").click()
    # West 3, so North holds 40 - 18 - 15 - 3 = 4: E-W 21 against 19, East the stronger.
    expect(page.get_by_test_id("declaring")).to_contain_text("Bob (East) is declarer")
    page.locator("label[for=strain-NT]").click()
    page.locator("label[for=game-1]").click()
    with phone.loading():
        page.get_by_role("button", name="Save").click()
    page.locator("label[for=tricks-10]").click()
    page.get_by_role("button", name="Save").click()
    declaring, _ = score("NT", True, 10)
    expect(page.get_by_test_id("total-EW")).to_have_text(str(declaring))
