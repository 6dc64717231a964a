"""A whole Memory Bridge game played by tapping on a phone, checked against totals worked out here.

A low target, so that three deals do it: a doubled contract, a passed-out auction, a correction,
and a first half that reaches the target and ends the game there. Each step is counted in taps:
one for the first half (the other player's tricks follow from 13), declarer, level and strain
for the contract (plus one when doubled), one for the second half's tricks.
"""

from __future__ import annotations

from playwright.sync_api import expect

PLAYERS = ["Ann", "Bob"]
PER_TRICK = {"NT": 30, "S": 30, "H": 30, "D": 20, "C": 20}
TARGET = 400


def trick_points(strain, tricks):
    over = max(0, tricks - 6)
    return over * PER_TRICK[strain] + (10 if strain == "NT" and over else 0)


def first_half_points(tricks):
    """100 and the no-trump trick points to whoever took 7 or more, written out again here."""
    return 100 + trick_points("NT", tricks) if tricks >= 7 else 0


def second_half_points(level, strain, doubled, tricks):
    return trick_points(strain, tricks) * (1, 2, 4)[doubled] if tricks >= level + 6 else 0


def sign_up(phone, username):
    phone.go("/")
    phone.tap(phone.page.get_by_role("link", name="Create an account"))
    phone.page.fill("#id_username", username)
    phone.page.fill("#id_password1", "seven-no-trumps-7")
    phone.page.fill("#id_password2", "seven-no-trumps-7")
    phone.tap(phone.page.get_by_role("button", name="Create account"))
    expect(phone.page.get_by_role("heading", name="New game")).to_be_visible()


def start_game(phone):
    page = phone.page
    phone.tap(page.get_by_role("link", name="Memory Bridge", exact=True))
    page.fill("#id_player_0", "Ann")
    page.fill("#id_player_1", "Bob")
    phone.tap("label[for=dealer-0]")  # Ann deals first
    page.fill("#id_target", str(TARGET))
    phone.tap(page.get_by_role("button", name="Start game"))
    expect(page.locator("#entry-panel")).to_be_visible()


def expect_totals(page, expected):
    """Both totals read ``expected`` (retried until the swap, or the page, is in)."""
    for seat in (0, 1):
        expect(page.get_by_test_id(f"total-{seat}")).to_have_text(str(expected[seat]))


def test_a_whole_game_ending_after_a_first_half(phone):
    page = phone.page
    sign_up(phone, "memorykeeper")
    start_game(phone)
    panel = page.locator("#entry-panel")
    expect(panel).to_contain_text("Ann deals · Bob leads the first trick")
    page.wait_for_load_state("load")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    totals = [0, 0]

    # Deal 1: Bob takes 5 in the first half, so Ann 8: Ann 170.
    phone.taps = 0
    phone.tap("label[for=fh-1-5]")
    expect(page.get_by_test_id("first-line")).to_have_text(
        "First half: Ann 8, Bob 5: Ann scores 100 + 70 = 170"
    )
    assert phone.taps == 1
    totals[0] += first_half_points(8)
    expect(panel).to_contain_text("Ann bids first")
    # Bob declares 2♠, Ann doubles; Bob takes 9.
    phone.taps = 0
    phone.tap("label[for=decl-1]")
    phone.tap("label[for=level-2]")
    phone.tap("label[for=strain-S]")
    expect(page.get_by_test_id("contract-line")).to_have_text("2♠ by Bob: needs 8 tricks; Ann leads.")
    phone.tap("label[for=dbl-1]")
    expect(page.get_by_test_id("contract-line")).to_have_text("2♠ doubled by Bob: needs 8 tricks; Ann leads.")
    phone.tap("label[for=tricks-9]")
    expect(panel.locator("h2")).to_contain_text("Deal 2")
    assert phone.taps == 5  # declarer, level, strain, doubled, tricks
    totals[1] += second_half_points(2, "S", 1, 9)
    assert totals == [170, 180]
    expect_totals(page, totals)

    # Deal 2: Bob deals, Ann leads; Ann takes 6, Bob 7: Bob 140. The auction is passed out.
    expect(panel).to_contain_text("Bob deals · Ann leads the first trick")
    phone.taps = 0
    phone.tap("label[for=fh-0-6]")
    expect(page.get_by_test_id("first-line")).to_contain_text("Bob scores 100 + 40 = 140")
    phone.tap("label[for=level-pass]")
    expect(panel.locator("h2")).to_contain_text("Deal 3")
    assert phone.taps == 2
    totals[1] += first_half_points(7)
    assert totals == [170, 320]
    expect_totals(page, totals)

    # Deal 1 was written down wrong: Bob took 10, not 9, in his doubled 2♠.
    phone.tap(page.get_by_role("link", name="Correct deal 1"))
    expect(panel).to_contain_text("Correct deal 1")
    phone.tap("label[for=etricks-10]")
    phone.tap(page.get_by_role("button", name="Save correction"))
    expect(panel.locator(".note")).to_contain_text("Deal 1 corrected")
    totals[1] += second_half_points(2, "S", 1, 10) - second_half_points(2, "S", 1, 9)
    assert totals == [170, 380]
    expect(page.get_by_test_id("total-1")).to_have_text(str(totals[1]))
    expect_totals(page, totals)

    # Deal 3: Ann deals; Bob takes 9 in the first half: 200 takes him past 400, and the game ends there.
    phone.taps = 0
    phone.tap("label[for=fh-1-9]")
    expect(panel.locator("h2")).to_have_text("Game over")
    assert phone.taps == 1
    totals[1] += first_half_points(9)
    assert totals == [170, 580] and totals[1] >= TARGET
    expect_totals(page, totals)
    expect(panel).to_contain_text("Bob wins, reaching the target in the first half of deal 3.")
    expect(page.locator("#round-3")).to_contain_text("Game over")
    expect(page.locator("#round-3")).to_contain_text("target reached in the first half")
    expect(page.get_by_role("button", name="Undo last deal")).to_have_count(0)

    # A reload agrees, and tapping a score explains it.
    page.reload()
    expect_totals(page, totals)
    phone.tap("#round-1 td.side-cell >> nth=1 >> button")
    expect(page.locator("#exp-1-2")).to_be_visible()
    expect(page.locator("#exp-1-2")).to_contain_text(
        "declared 2♠ doubled, needed 8, took 10: made, 120 × 2 = 240"
    )


def test_first_half_and_contract_work_without_javascript(plain_phone):
    phone = plain_phone
    page = phone.page
    sign_up(phone, "nojsmemory")
    start_game(phone)
    # Both rows tapped, not adding up to 13: refused, the taps kept.
    page.locator("label[for=fh-0-8]").click()
    page.locator("label[for=fh-1-6]").click()
    page.get_by_role("button", name="Save first half").click()
    expect(page.locator("#entry-panel .error")).to_contain_text("the first-half tricks add up to 14")
    expect(page.locator("#fh-0-8")).to_be_checked()
    page.locator("label[for=fh-1-5]").click()
    page.get_by_role("button", name="Save first half").click()
    expect(page.get_by_test_id("first-line")).to_contain_text("Ann scores 100 + 70 = 170")
    for label in ("decl-0", "level-1", "strain-NT"):
        page.locator(f"label[for={label}]").click()
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_test_id("contract-line")).to_have_text("1NT by Ann: needs 7 tricks; Bob leads.")
    page.locator("label[for=tricks-8]").click()
    page.get_by_role("button", name="Save").click()
    expected = first_half_points(8) + second_half_points(1, "NT", 0, 8)
    expect(page.get_by_test_id("total-0")).to_have_text(str(expected))
