"""Installing the app, in Chromium over localhost: the manifest and icons, the service worker, offline."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from .conftest import BROWSER_ARGS, CHROMIUM, PHONE, Phone, check_phone
from .test_accessibility import log_in


@pytest.fixture
def installing_phone(browser, site, tmp_path):
    """A phone with a profile on disk: Chromium never offers to install from an incognito context,
    which is what a plain browser context is."""
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile",
        executable_path=CHROMIUM,
        args=BROWSER_ARGS,
        viewport=PHONE,
        is_mobile=True,
        has_touch=True,
    )
    context.set_default_timeout(10_000)
    phone = Phone(context, site.url)
    yield phone
    context.close()
    check_phone(phone)


@pytest.mark.django_db(transaction=True)
def test_the_start_page_is_installable(installing_phone):
    phone = installing_phone
    log_in(phone)
    page = phone.page
    page.locator("html[data-service-worker=registered]").wait_for(state="attached")
    cdp = phone.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest")
    assert manifest["errors"] == []
    assert '"name": "Scorekeeper"' in manifest["data"]
    # Chromium's own verdict: the page can be installed as an app.
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    for icon in ("icon-192.png", "icon-512.png", "maskable-512.png", "apple-touch-icon.png"):
        response = page.request.get(f"{phone.base_url}/static/icons/{icon}")
        assert response.ok and response.headers["content-type"] == "image/png", icon
    assert page.request.get(f"{phone.base_url}/favicon.ico").ok
    registration = page.evaluate(
        "navigator.serviceWorker.ready.then(r => ({scope: r.scope, script: r.active.scriptURL}))"
    )
    assert registration == {"scope": f"{phone.base_url}/", "script": f"{phone.base_url}/sw.js"}


def test_offline_shows_the_friendly_page_and_never_a_stale_sheet(phone, make_session):
    log_in(phone)
    session = make_session(
        "call-bridge", players=["Ann", "Bob", "Cat", "Dan"], owner=User.objects.get(username="reader")
    )
    page = phone.page
    page.locator("html[data-service-worker=registered]").wait_for(state="attached")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone.go(f"/games/{session.pk}/")  # the sheet, seen once online
    expect(page.locator("h1, h2").first).to_be_visible()
    assert page.evaluate("Boolean(navigator.serviceWorker.controller)")
    phone.context.set_offline(True)
    try:
        page.reload()
        expect(page.get_by_role("heading", name="No connection")).to_be_visible()
        phone.go("/games/")
        expect(page.get_by_role("heading", name="No connection")).to_be_visible()
        cached_pages = page.evaluate(
            """caches.keys().then(keys => Promise.all(keys.map(k => caches.open(k).then(c => c.keys()))))
               .then(lists => lists.flat().map(r => new URL(r.url).pathname)
               .filter(p => !p.startsWith('/static/') && p !== '/offline/'))"""
        )
        assert cached_pages == []  # no page of a game, no answer of the server, is kept
    finally:
        phone.context.set_offline(False)


def test_a_sheet_reloaded_offline_shows_the_offline_page_and_keeps_the_taps(phone, make_session):
    """Issue 19: under the served app the worker installs; offline, a reload shows the app's own
    page, not the browser's; back online, Try again brings the same sheet with the taps kept."""
    log_in(phone)
    session = make_session(
        "bugger-bridge", players=["Ann", "Ben", "Cat"], owner=User.objects.get(username="reader"), hook=False
    )
    page = phone.page
    page.locator("html[data-service-worker=registered]").wait_for(state="attached")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone.go(f"/games/{session.pk}/")
    assert page.evaluate("Boolean(navigator.serviceWorker.controller)")
    for seat, value in ((1, 0), (2, 1)):  # Ben and Cat bid; Ann, last, has not: nothing is sent yet
        phone.tap(f"label[for=bid-{seat}-{value}]")
        expect(page.locator(f"#bid-{seat}-{value}")).to_be_checked()
    phone.context.set_offline(True)
    try:
        page.reload()
        expect(page.get_by_role("heading", name="No connection")).to_be_visible()
        assert page.url == f"{phone.base_url}/games/{session.pk}/"
    finally:
        phone.context.set_offline(False)
    with phone.loading():
        phone.tap(page.get_by_role("link", name="Try again"))
    assert page.url == f"{phone.base_url}/games/{session.pk}/"
    expect(page.locator("#bid-1-0")).to_be_checked()
    expect(page.locator("#bid-2-1")).to_be_checked()
    session.refresh_from_db()
    assert session.version == 0  # kept on the phone, not sent
