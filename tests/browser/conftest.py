"""Browser tests: Debian's Chromium driven by Playwright, at a phone's size, on the live server.

Nothing here downloads a browser. Every request the page makes is checked: a
request to anywhere but the live server on 127.0.0.1 fails the test.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit

import pytest
from django.core.cache import cache

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 360, "height": 740}

# Playwright's sync API runs an event loop in this thread; the live server and the
# test's own database checks are ordinary synchronous Django code.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)
            if {"phone", "plain_phone", "phones"} & set(item.fixturenames):
                # The live server answers from another thread: it sees only committed data.
                item.add_marker(pytest.mark.django_db(transaction=True))


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: run scripts/test, which installs Debian's chromium package.")
    from playwright.sync_api import expect, sync_playwright

    # A loaded CI machine (two workers, two browsers, two live servers on two cores)
    # can take a few seconds over one answer; give every expectation the same room as
    # every action.
    expect.set_options(timeout=10_000)

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


# Every htmx step the page takes, written to the console for the flight log below (a
# failed request or swap as an error the test fails on); a flag that the page's
# scripts have run (htmx processes the page on DOMContentLoaded); and a count of the
# requests in flight (``data-requests`` on <html> while there are any; an answer's
# swap is done before its request counts as over, ``loadend`` coming after ``load``).
# An out-of-band part that found no target is named, with the answer it came in (the
# request whose answer is being swapped: its readystatechange to DONE comes before
# htmx's onload, which swaps).
PAGE_SCRIPT = """
document.addEventListener("DOMContentLoaded", () => { document.documentElement.dataset.scriptsRan = "yes"; });
let answering = "";
(() => {
  let inFlight = 0;
  const mark = () => {
    const root = document.documentElement;
    if (!root) return;
    if (inFlight) root.dataset.requests = String(inFlight); else delete root.dataset.requests;
  };
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    this.asked = method + " " + new URL(url, location.href).pathname + new URL(url, location.href).search;
    return open.call(this, method, url, ...rest);
  };
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (...args) {
    inFlight += 1;
    mark();
    this.addEventListener("readystatechange", () => {
      if (this.readyState === 4) answering = this.asked + " " + this.status;
    });
    this.addEventListener("loadend", () => { answering = ""; inFlight -= 1; mark(); });
    return send.apply(this, args);
  };
})();
for (const name of ["click", "change", "htmx:confirm", "htmx:validation:halted", "htmx:beforeRequest",
                    "htmx:beforeSend", "htmx:afterRequest", "htmx:beforeSwap", "htmx:afterSettle",
                    "htmx:abort", "htmx:sendError", "htmx:responseError", "htmx:swapError",
                    "htmx:targetError", "htmx:oobErrorNoTarget"]) {
  document.addEventListener(name, (e) => {
    const elt = (e.detail && e.detail.elt) || e.target;
    const xhr = e.detail && e.detail.xhr;
    let line = "[" + name + "] " + (elt ? elt.tagName + (elt.id ? "#" + elt.id : "") : "")
               + (xhr && xhr.status ? " " + xhr.status : "");
    const part = e.detail && e.detail.content;
    if (part && part.outerHTML) {
      line += " " + e.detail.target + " " + part.outerHTML.slice(0, 80) + " in the answer to " + (answering || "?");
    }
    if (name.includes("Error")) console.error("htmx failed: " + line); else console.debug(line);
  }, true);
}
"""


class Phone:
    """A phone-sized page that counts taps and refuses to talk to anything but the live server.

    It keeps a flight log (taps, requests, responses, htmx events, console lines,
    with times) that a failing test prints, so a failure on CI can be read later.
    """

    def __init__(self, context, base_url, javascript=True):
        self.context = context
        self.javascript = javascript
        self.base_url = base_url
        self.page = context.new_page()
        self.taps = 0
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.server_errors: list[str] = []
        self.log: list[str] = []
        self._start = time.monotonic()
        host = urlsplit(base_url).hostname
        context.route("**/*", self._guard(host))
        self.page.add_init_script(PAGE_SCRIPT)
        self.page.on("pageerror", lambda exc: (self.errors.append(str(exc)), self.note(f"page error: {exc}")))
        self.page.on("console", self._console)
        self.page.on("request", lambda r: self.note(f"-> {r.method} {self._path(r.url)}"))
        self.page.on("requestfailed", lambda r: self.note(f"xx {r.method} {self._path(r.url)} {r.failure}"))
        self.page.on("response", self._response)

    def note(self, line: str) -> None:
        self.log.append(f"{time.monotonic() - self._start:8.3f}s {line}")

    def _path(self, url: str) -> str:
        return url.removeprefix(self.base_url)

    def _console(self, message):
        self.note(f"console {message.type}: {message.text}")
        if message.text.startswith("htmx failed: "):
            self.errors.append(message.text)

    def _response(self, response):
        self.note(f"<- {response.status} {response.request.method} {self._path(response.url)}")
        if response.status >= 500:
            self.server_errors.append(f"{response.status} {response.url}")

    def _guard(self, host):
        def handle(route):
            url = route.request.url
            if urlsplit(url).hostname != host:
                self.outside.append(url)
                return route.abort()
            return route.continue_()

        return handle

    def go(self, path):
        self.page.goto(self.base_url + path)  # returns once the new page has loaded

    @contextmanager
    def loading(self) -> Iterator[None]:
        """Wait, after the block, until the page it navigated to (a link, a plain form) has loaded.

        A click returns before its navigation is over: a check right after it may
        read the old page, or a page still being replaced (axe then finds no
        ``document``). Nothing that reads the page without retrying (axe, evaluate,
        inner texts, a PDF) may follow a navigating click without this. It waits for
        the next page's load event, not for one navigation: a double tap aborts the
        first submission and only the second page loads.
        """
        with self.page.expect_event("load"):
            yield

    def settled(self) -> None:
        """Wait until every request the page has sent is answered and its answer swapped in.

        For checking that nothing more happens after a step (a second tap's answer, a
        draft put back): a request already sent is waited for, never a fixed time.
        """
        self.page.locator("html:not([data-requests])").wait_for(state="attached")

    def tap(self, selector_or_locator):
        locator = (
            self.page.locator(selector_or_locator)
            if isinstance(selector_or_locator, str)
            else selector_or_locator
        )
        self.note(f"tap {selector_or_locator}")
        if self.javascript:
            # A person cannot tap before the page has loaded its scripts; a test can, right
            # after a navigation: the tap would then change a chip that htmx never hears of.
            # (A locator, not wait_for_function: the page's CSP forbids evaluating strings.)
            self.page.locator("html[data-scripts-ran]").wait_for(state="attached")
        locator.tap()
        self.taps += 1


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item):
    report = yield
    if report.failed:
        funcargs = getattr(item, "funcargs", {})
        named = [(name, funcargs.get(name)) for name in ("phone", "plain_phone")]
        extra = funcargs.get("phones")
        named += list(extra.made.items()) if isinstance(extra, Phones) else []
        for name, phone in named:
            if isinstance(phone, Phone) and phone.log:
                report.sections.append(
                    (f"flight log of {name} (last 150 lines)", "\n".join(phone.log[-150:]))
                )
    return report


@pytest.fixture
def site(live_server):
    """The live server, with no sign-ups or games counted against this test's throttles yet.

    The counts live in the database cache, which the flush after a transactional test
    leaves alone: a dozen sign-ups in one worker's browser tests would be refused.
    """
    cache.clear()
    return live_server


def new_phone(browser, site, **options) -> Phone:
    settings = {"viewport": PHONE, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
    context = browser.new_context(**{**settings, **options})  # options may change the viewport
    context.set_default_timeout(10_000)
    return Phone(context, site.url)


def check_phone(phone: Phone) -> None:
    assert phone.outside == [], f"requests left 127.0.0.1: {phone.outside}"
    assert phone.errors == [], f"JavaScript or htmx errors: {phone.errors}"
    assert phone.server_errors == [], f"server errors: {phone.server_errors}"


@pytest.fixture
def phone(browser, site):
    phone = new_phone(browser, site)
    yield phone
    phone.context.close()
    check_phone(phone)


class Phones:
    """More phones at the same table, each its own browser context (its own cookies and storage)."""

    def __init__(self, browser, site):
        self.browser = browser
        self.site = site
        self.made: dict[str, Phone] = {}

    def __call__(self, name: str, **options) -> Phone:
        """A new phone, called ``name`` in the flight logs; ``options`` go to the browser context."""
        self.made[name] = new_phone(self.browser, self.site, **options)
        return self.made[name]


@pytest.fixture
def phones(browser, site):
    """``phones("watcher")``: another phone; each is checked like ``phone`` at the end."""
    made = Phones(browser, site)
    yield made
    for each in made.made.values():
        each.context.close()
    for each in made.made.values():
        check_phone(each)


@pytest.fixture
def plain_phone(browser, site):
    """The same phone with JavaScript switched off."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=False)
    context.set_default_timeout(10_000)
    phone = Phone(context, site.url, javascript=False)
    yield phone
    context.close()
    assert phone.outside == []
    assert phone.server_errors == []
