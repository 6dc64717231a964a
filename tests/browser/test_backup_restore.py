"""Every game in one file and back, in a phone's browser (issue 22, item 3).

Download every game from the backup page, restore the file into a new account, download
again: the same file. Restoring it twice adds nothing. A thousand records restore in well
under 30 s, the upload's progress shown. Screenshots of the page, light and dark, go to
$SHOTS (default /tmp/records-shots) to be looked at.
"""

from __future__ import annotations

import json
import os
import re
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import expect

from games.backup.session_record import dump_record, export_session, import_record
from games.models import GameSession
from tests.browser.test_print_pdf import log_in
from tests.test_session_record import BUGGER_EXAMPLE, NAMES, record

FIRST_EVENING = datetime(2020, 1, 3, 19, 30, tzinfo=UTC)
SHOTS = Path(os.environ.get("SHOTS", "/tmp/records-shots"))
PAGE = reverse("games:record-upload")

# Every text the upload's status line shows, kept on <html> for the test to read afterwards.
WATCH_PROGRESS = """
document.addEventListener("DOMContentLoaded", () => {
  const seen = [];
  new MutationObserver(() => {
    const note = document.getElementById("upload-note");
    if (note && note.textContent && seen[seen.length - 1] !== note.textContent) {
      seen.push(note.textContent);
      document.documentElement.dataset.progress = JSON.stringify(seen);
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
});
"""


def games(count: int) -> list[dict]:
    """``count`` records of several games, each started on its own evening."""
    kinds = [
        lambda: record(rounds=BUGGER_EXAMPLE),
        lambda: record(rounds=BUGGER_EXAMPLE[:1], finished_early=True, first_dealer=2),
        lambda: record("call-bridge", NAMES[:4], [{"bids": [4, 8, 3, 2], "tricks": [5, 8, 0, 0]}]),
        lambda: record("memory-bridge", NAMES[:2], [{"first_half": [13, 0], "contract": None}]),
        lambda: record("minibridge", NAMES[:4], [{"hcp": [10, 10, 10, 10], "redeal": True}]),
    ]
    out = []
    for i in range(count):
        rec = kinds[i % len(kinds)]()
        rec["started"] = (FIRST_EVENING + timedelta(days=i)).isoformat()
        out.append(rec)
    return out


def download_everything(phone, into: Path) -> bytes:
    page = phone.page
    phone.go(PAGE)
    with page.expect_download() as download:
        phone.tap(page.get_by_role("link", name="Download all games"))
    download.value.save_as(into)
    return into.read_bytes()


def restore(phone, path: Path) -> None:
    page = phone.page
    phone.go(PAGE)
    page.get_by_label("Session record file").set_input_files(str(path))
    phone.tap(page.get_by_role("button", name="Restore or import"))


def shoot(phone, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((412, 915), (360, 740)):
        phone.page.set_viewport_size({"width": width, "height": height})
        for scheme in ("light", "dark"):
            phone.page.emulate_media(color_scheme=scheme)
            phone.page.screenshot(path=str(SHOTS / f"{name}-{width}-{scheme}.png"), full_page=True)
    phone.page.emulate_media(color_scheme="light")


def test_download_everything_restore_into_a_new_account_and_download_again(phone, tmp_path):
    keeper = User.objects.create_user("keeper", password="table-talk-2026")
    for rec in games(7):
        import_record(owner=keeper, record=rec)
    import_record(owner=keeper, record=record("memory-bridge", ["Ann", "Ben"], []))  # started now
    log_in(phone, keeper)
    page = phone.page
    phone.go(reverse("games:history"))
    with phone.loading():
        phone.tap(page.get_by_role("link", name="Back up and restore"))
    expect(page.get_by_role("heading", name="Back up and restore")).to_be_visible()
    expect(page.locator("#your-data")).to_contain_text("Your 8 games, with every round")
    first = download_everything(phone, tmp_path / "first.json")
    assert [r["players"][0] for r in json.loads(first)][:2] == ["Bob", "Bob"]

    newcomer = User.objects.create_user("newcomer", password="table-talk-2026")
    phone.context.clear_cookies()
    log_in(phone, newcomer)
    restore(phone, tmp_path / "first.json")
    expect(page.locator("#import-outcomes")).to_have_text(
        re.compile(r"^\s*8 games restored\.\s+See them in History\s*$")
    )
    assert GameSession.objects.filter(owner=newcomer).count() == 8
    shoot(phone, "backup-restored")
    assert download_everything(phone, tmp_path / "again.json") == first

    # The same file again: every game is already here, nothing is added.
    restore(phone, tmp_path / "first.json")
    expect(page.locator("#import-outcomes")).to_contain_text(
        "0 games restored. 8 games were already here and were skipped."
    )
    assert GameSession.objects.filter(owner=newcomer).count() == 8

    # A file with a bad record: refused whole, every refusal listed, nothing stored.
    broken = json.loads(first)
    broken[2]["rounds"][0]["tricks"] = [13, 13, 0, 0]
    broken[5]["game"] = "poker"
    (tmp_path / "broken.json").write_text(json.dumps(broken))
    GameSession.objects.filter(owner=newcomer).delete()
    restore(phone, tmp_path / "broken.json")
    expect(page.locator("#record-error")).to_have_text(
        "2 of 8 records cannot be imported, so none was: a backup is restored whole or not at all."
    )
    expect(page.locator("#import-refusals li")).to_have_count(2)
    expect(page.locator("#import-refusals li").nth(1)).to_contain_text('Record 6: Unknown game "poker"')
    assert not GameSession.objects.filter(owner=newcomer).exists()
    shoot(phone, "backup-refused")


@pytest.mark.slow
def test_a_thousand_records_restore_in_under_30_s_with_progress_shown(phone, tmp_path):
    keeper = User.objects.create_user("keeper", password="table-talk-2026")
    # As a download writes them: derived fields, dates, indented (about 3 MB).
    scratch = User.objects.create_user("scratch")  # another account: its games are not restored
    exported = [export_session(import_record(owner=scratch, record=rec)) for rec in games(5)]
    backup = [
        exported[i % 5] | {"started": (FIRST_EVENING + timedelta(days=i)).isoformat()} for i in range(1000)
    ]
    path = tmp_path / "backup.json"
    path.write_text(dump_record(backup))
    log_in(phone, keeper)
    phone.page.add_init_script(WATCH_PROGRESS)
    # A home connection's upload (1 MB/s), so that the progress has something to show.
    cdp = phone.context.new_cdp_session(phone.page)
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 20, "downloadThroughput": -1, "uploadThroughput": 1_000_000},
    )
    page = phone.page
    started = time.monotonic()
    restore(phone, path)
    expect(page.locator(".upload-progress")).to_be_visible()
    expect(page.locator("#import-outcomes")).to_contain_text("1000 games restored.", timeout=30_000)
    took = time.monotonic() - started
    print(f"1,000 records ({path.stat().st_size} bytes) restored in {took:.1f} s")
    assert took < 30
    assert GameSession.objects.filter(owner=keeper).count() == 1000
    shown = json.loads(page.locator("html").get_attribute("data-progress") or "[]")
    assert shown[0] == "Sending the file: 0%"
    assert any(re.fullmatch(r"Sending the file: [1-9]\d?%", text) for text in shown), shown
    assert shown[-1] == "Checking and storing the games…"
