"""The group link page hands out its link as a game's Share page does: a QR code and a Copy button."""

from __future__ import annotations

from django.contrib.auth.models import User
from playwright.sync_api import expect

from tests.browser.test_print_pdf import log_in


def test_the_group_link_is_shown_as_a_qr_code_and_copied_with_a_tap(phones):
    owner = User.objects.create_user("keeper", password="table-talk-2026")
    phone = phones("owner", permissions=["clipboard-read", "clipboard-write"])
    log_in(phone, owner)
    phone.go("/group-link/")
    with phone.loading():
        phone.tap(phone.page.get_by_role("button", name="Make a group link"))
    url = phone.page.get_by_test_id("group-url").input_value()
    assert "/g/" in url
    expect(phone.page.locator("figure.qr svg[role=img]")).to_be_visible()
    copy = phone.page.locator("button[data-copy=group-url]")
    expect(copy).to_have_text("Copy")
    phone.tap(copy)
    expect(copy).to_have_text("Copied")
    assert phone.page.evaluate("navigator.clipboard.readText()") == url
