"""Free scoring on phones, as a new user meets it: start, three rounds, a correction, a watch link,
the printed sheet, the record downloaded and imported again.

The screenshots (sheet and entry at 412x915 and 360x740, light and dark, and the printed sheet)
go to a temporary folder, or to the folder SCREENSHOTS names, to be looked at.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import GameSession

PASSWORD = "free-scoring-10"
OUT = os.environ.get("SCREENSHOTS", "")
MINUS = "−"


def shown(total: int) -> str:
    return f"{MINUS}{-total}" if total < 0 else str(total)


def sign_up(phone, username):
    phone.go("/")
    phone.tap(phone.page.get_by_role("link", name="Create an account"))
    phone.page.fill("#id_username", username)
    phone.page.fill("#id_password1", PASSWORD)
    phone.page.fill("#id_password2", PASSWORD)
    phone.tap(phone.page.get_by_role("button", name="Create account"))
    expect(phone.page.get_by_role("heading", name="New game")).to_be_visible()


def start_game(phone, names, *, lowest=False, rounds=3, shot=None):
    page = phone.page
    with phone.loading():
        phone.tap(page.get_by_role("link", name="Free scoring", exact=True))
    expect(page.get_by_role("heading", name="New Free scoring game")).to_be_visible()
    # Four seats show; past them, an empty seat shows once the one before it is filled.
    expect(page.locator("#id_player_3")).to_be_visible()
    expect(page.locator("#id_player_4")).to_be_hidden()
    for seat, name in enumerate(names):
        page.fill(f"#id_player_{seat}", name)
    expect(page.locator(f"#id_player_{len(names)}")).to_be_visible()
    expect(page.locator(f"#id_player_{max(len(names) + 1, 4)}")).to_be_hidden()
    page.select_option("#id_first_dealer", "0")
    if lowest:
        phone.tap("label[for=wins-lowest]")
    # Only the chosen way to end the game shows its box.
    phone.tap("label[for=ends-target]")
    expect(page.locator("#id_target")).to_be_visible()
    expect(page.locator("#id_rounds")).to_be_hidden()
    phone.tap("label[for=ends-rounds]")
    expect(page.locator("#id_target")).to_be_hidden()
    page.fill("#id_rounds", str(rounds))
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    if shot:
        page.screenshot(path=str(shot), full_page=True)
    with phone.loading():
        phone.tap(page.get_by_role("button", name="Start game"))
    expect(page.locator("#entry-panel")).to_be_visible()
    return GameSession.objects.latest("pk")


def enter_round(phone, number, scores, button=None):
    page = phone.page
    for seat, points in enumerate(scores):
        page.fill(f"#score-{seat}", str(points))
    phone.tap(page.get_by_role("button", name=button or f"Save round {number}"))


def expect_totals(page, totals):
    expect(page.locator("#totals td")).to_have_text([shown(t) for t in totals])


def pdftotext(pdf: bytes) -> str:
    with tempfile.NamedTemporaryFile(suffix=".pdf") as f:
        f.write(pdf)
        f.flush()
        return subprocess.run(["pdftotext", f.name, "-"], capture_output=True, text=True, check=True).stdout


def test_a_whole_game_shared_printed_exported_and_imported(phone, phones, tmp_path):
    page = phone.page
    sign_up(phone, "freekeeper")
    session = start_game(phone, ["Ann", "Ben", "Cat"], lowest=True)
    panel = page.locator("#entry-panel")
    expect(page.locator(".sheet-head")).to_contain_text("Lowest total wins · 3 rounds")
    expect(panel).to_contain_text("Ann deals · Ben plays first")

    # Round 1, with a point lost; a refusal first, beside the player, what was typed kept.
    enter_round(phone, 1, [12, 20000, 7])
    expect(panel.locator(".score-row.has-error")).to_contain_text(
        "Round 1: Ben scored 20000, but a round scores −10,000 to 10,000 points."
    )
    expect(page.locator("#score-0")).to_have_value("12")
    enter_round(phone, 1, [12, -5, 7])
    expect(panel.get_by_role("heading", name="Round 2")).to_be_visible()
    expect_totals(page, [12, -5, 7])
    expect(panel).to_contain_text("Ben deals · Cat plays first")

    # A watcher with the watch link sees the sheet and follows it live.
    with phone.loading():
        phone.tap(page.get_by_role("link", name="Share this game…"))
    with phone.loading():
        phone.tap(page.get_by_role("button", name="Make a watch link"))
    watch_url = page.get_by_test_id("watch-url").input_value()
    watcher = phones("watcher")
    watcher.page.goto(watch_url)
    expect_totals(watcher.page, [12, -5, 7])
    expect(watcher.page.locator("#entry-panel")).to_contain_text("You are watching")
    expect(watcher.page.locator("#score-0")).to_have_count(0)
    with phone.loading():
        phone.go(f"/games/{session.pk}/")

    # Round 2, then round 1 corrected from its heading on the sheet: every total follows.
    enter_round(phone, 2, [0, 30, -2])
    expect_totals(page, [12, 25, 5])
    phone.tap(page.get_by_role("link", name="Correct round 1"))
    expect(panel.get_by_role("heading", name="Correct round 1")).to_be_visible()
    expect(page.locator("#score-1")).to_have_value("-5")
    enter_round(phone, 1, [10, -5, 7], button="Save correction")
    expect_totals(page, [10, 25, 5])
    expect_totals(watcher.page, [10, 25, 5])  # the watcher's sheet follows by itself

    shots(phone, phones, session, tmp_path)

    # Round 3 ends the game: the lowest total wins; the watcher sees it too.
    enter_round(phone, 3, [5, 0, 9])
    expect(panel).to_contain_text("Game over")
    expect(panel).to_contain_text("Cat wins with 14.")
    expect(panel.locator("table.standings tbody tr")).to_have_count(3)
    expect(panel.locator("table.standings tbody th")).to_have_text(["Cat", "Ann", "Ben"])
    expect(watcher.page.locator("#entry-panel")).to_contain_text("Cat wins with 14.", timeout=10_000)

    # Printed: the print view draws the sheet, and its PDF has the names and totals.
    phone.go(f"/games/{session.pk}/print/")
    expect(page.locator("table").first).to_contain_text("Ann")
    text = pdftotext(page.pdf(format="A4"))
    for word in ("Free scoring", "Ann", "Ben", "Cat", "Lowest total wins", "14", "25"):
        assert word in text, word
    printed = Path(OUT or tmp_path) / "free-print.pdf"
    printed.write_bytes(page.pdf(format="A4"))
    subprocess.run(
        ["pdftoppm", "-png", "-r", "60", "-singlefile", str(printed), str(printed.with_suffix(""))],
        check=True,
    )

    # A blank sheet for four, to play on paper: the lines to fill in and a row per round.
    phone.go("/print/free-scoring/?players=4")
    blank = page.pdf(format="A4")
    text = pdftotext(blank)
    for word in ("Free scoring", "Game played", "Rounds or target", "Highest or lowest total wins", "15"):
        assert word in text, word
    printed = Path(OUT or tmp_path) / "free-blank.pdf"
    printed.write_bytes(blank)
    subprocess.run(
        ["pdftoppm", "-png", "-r", "60", "-singlefile", str(printed), str(printed.with_suffix(""))],
        check=True,
    )

    # Exported from the sheet, imported again: the same game.
    with phone.loading():
        phone.go(f"/games/{session.pk}/")
    with page.expect_download() as download:
        phone.tap(page.get_by_role("link", name="Download record"))
    path = tmp_path / "record.json"
    download.value.save_as(path)
    record = json.loads(path.read_text())
    assert record["game"] == "free-scoring" and record["options"] == {"wins": "lowest", "rounds": 3}
    assert [r["scores"] for r in record["rounds"]] == [[10, -5, 7], [0, 30, -2], [5, 0, 9]]
    # Imported by its owner it is already here; by a friend on another phone, it is theirs.
    phone.go("/games/import/")
    page.set_input_files("input[name=record]", str(path))
    phone.tap(page.get_by_role("button", name="Restore or import"))
    expect(page.locator("#import-outcomes")).to_contain_text(
        "Already here: this Free scoring game is one of yours"
    )
    friend = phones("friend")
    sign_up(friend, "freefriend")
    friend.go("/games/import/")
    friend.page.set_input_files("input[name=record]", str(path))
    friend.tap(friend.page.get_by_role("button", name="Restore or import"))
    # One record: its sheet opens at once.
    imported = friend.page
    expect(imported.get_by_role("heading", name="Free scoring", exact=True)).to_be_visible()
    expect(imported.locator("#entry-panel")).to_contain_text("Cat wins with 14.")
    expect_totals(imported, [15, 25, 14])
    assert imported.url.endswith(f"/games/{GameSession.objects.latest('pk').pk}/")
    assert GameSession.objects.count() == 2


def shots(phone, phones, session, tmp_path):
    """The sheet and the entry panel at 412x915 and 360x740, light and dark."""
    folder = Path(OUT or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    cookies = phone.context.cookies()
    sizes = [(412, 915, "light", "en"), (412, 915, "dark", "en"), (360, 740, "light", "en")]
    sizes += [(360, 740, "dark", "en"), (360, 740, "light", "fr")]
    for width, height, scheme, language in sizes:
        name = f"{width}-{scheme}" if language == "en" else f"{language}-{width}-{scheme}"
        other = phones(name, viewport={"width": width, "height": height}, color_scheme=scheme)
        other.context.add_cookies(cookies)
        other.context.add_cookies([{"name": "django_language", "value": language, "url": other.base_url}])
        other.go(f"/games/{session.pk}/")
        expect(other.page.locator("#score-0")).to_be_visible()
        other.page.wait_for_load_state("load")
        assert other.page.evaluate("document.documentElement.scrollWidth") <= width
        other.page.screenshot(path=str(folder / f"free-sheet-{name}.png"), full_page=True)
        other.context.close()


@pytest.mark.parametrize("players", [1, 8])
def test_the_new_game_page_fits_a_small_phone(phone, players, tmp_path):
    sign_up(phone, "smallkeeper")
    shot = Path(OUT or tmp_path) / f"free-new-{players}.png"
    session = start_game(phone, [f"Player {n + 1}" for n in range(players)], rounds=2, shot=shot)
    enter_round(phone, 1, list(range(players)))
    expect_totals(phone.page, list(range(players)))
    assert session.rounds.count() == 1
