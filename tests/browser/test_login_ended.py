"""A phone left on a sheet past its login (the session ended, the cookie was cleared): its next live
check sends the whole page to log in, and logging in brings it back to the sheet. Before, htmx
followed the redirect and swapped the login page into the entry panel."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .test_table_sharing import PASSWORD, game, keeper_at_sheet  # noqa: F401 (the game fixture)


def test_a_sheet_whose_login_ended_goes_to_log_in_and_back(phone, game):  # noqa: F811
    session = keeper_at_sheet(phone, game)
    page = phone.page
    page.context.clear_cookies()  # as when the session ends on the server
    expect(page).to_have_url(re.compile(r"/accounts/login/\?next=/games/\d+/$"), timeout=10_000)
    expect(page.locator("#entry-panel")).to_have_count(0)
    page.fill("#id_username", "keeper")
    page.fill("#id_password", PASSWORD)
    with phone.loading():
        phone.tap(page.get_by_role("button", name="Log in"))
    expect(page).to_have_url(re.compile(rf"/games/{session.pk}/$"))
    expect(page.locator("#entry-panel")).to_be_visible()
