"""Browser tests: Debian's Chromium driven by Playwright, at a phone's size, on the live server.

Nothing here downloads a browser. Every request the page makes is checked: a
request to anywhere but the live server on 127.0.0.1 fails the test.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit

import pytest

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 360, "height": 740}

# Playwright's sync API runs an event loop in this thread; the live server and the
# test's own database checks are ordinary synchronous Django code.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: run scripts/test, which installs Debian's chromium package.")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-quic",
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()


class Phone:
    """A phone-sized page that counts taps and refuses to talk to anything but the live server."""

    def __init__(self, context, base_url):
        self.context = context
        self.base_url = base_url
        self.page = context.new_page()
        self.taps = 0
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.server_errors: list[str] = []
        host = urlsplit(base_url).hostname
        context.route("**/*", self._guard(host))
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on(
            "response",
            lambda r: self.server_errors.append(f"{r.status} {r.url}") if r.status >= 500 else None,
        )

    def _guard(self, host):
        def handle(route):
            url = route.request.url
            if urlsplit(url).hostname != host:
                self.outside.append(url)
                return route.abort()
            return route.continue_()

        return handle

    def go(self, path):
        self.page.goto(self.base_url + path)

    def tap(self, selector_or_locator):
        locator = (
            self.page.locator(selector_or_locator)
            if isinstance(selector_or_locator, str)
            else selector_or_locator
        )
        locator.tap()
        self.taps += 1


@pytest.fixture
def phone(browser, live_server):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    context.set_default_timeout(10_000)
    phone = Phone(context, live_server.url)
    yield phone
    context.close()
    assert phone.outside == [], f"requests left 127.0.0.1: {phone.outside}"
    assert phone.errors == [], f"JavaScript errors: {phone.errors}"
    assert phone.server_errors == [], f"server errors: {phone.server_errors}"


@pytest.fixture
def plain_phone(browser, live_server):
    """The same phone with JavaScript switched off."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=False)
    context.set_default_timeout(10_000)
    phone = Phone(context, live_server.url)
    yield phone
    context.close()
    assert phone.outside == []
    assert phone.server_errors == []
