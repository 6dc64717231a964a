"""Browser tests: Debian's Chromium driven by Playwright, at a phone's size, on the app as users get it.

The app is served the way scripts/serve serves it: gunicorn (two workers), DEBUG off, the
static files collected and hashed, the real settings and middleware; only the database is the
test's. Nothing here downloads a browser. Every request the page makes is checked: a
request to anywhere but the served app on 127.0.0.1 fails the test.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import connection

REPO_ROOT = Path(__file__).resolve().parents[2]

CHROMIUM = "/usr/bin/chromium"
# No name but the served app's resolves: a request to anywhere else fails in the browser itself
# (and the phones note it, failing the test). Not Playwright's request routing, which switches
# the browser's HTTP cache off: the tests would not see what a phone keeps.
BROWSER_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
PHONE = {"width": 360, "height": 740}

# Playwright's sync API runs an event loop in this thread; the test's own database
# checks are ordinary synchronous Django code.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)
            if {"site", "phone", "plain_phone", "phones"} & set(item.fixturenames):
                # The served app answers from other processes: it sees only committed data.
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
            args=BROWSER_ARGS,
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
    """A phone-sized page that counts taps and refuses to talk to anything but the served app.

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
        self.host = urlsplit(base_url).hostname
        context.on("request", self._outside)
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

    def _outside(self, request) -> None:
        if urlsplit(request.url).hostname != self.host and not request.url.startswith(("data:", "blob:")):
            self.outside.append(request.url)

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
        served = funcargs.get("site")
        if isinstance(served, Served):
            start = getattr(item, "served_log_start", 0)
            report.sections.append(("gunicorn's log during the test", served.log_tail(150, start)))
    return report


@dataclass
class Served:
    """The app served by gunicorn for this test process: ``url`` is its address, ``log`` its output."""

    url: str
    log: Path
    process: subprocess.Popen

    def log_tail(self, lines: int = 60, start: int = 0) -> str:
        with open(self.log, "rb") as log:
            log.seek(start)
            return "\n".join(log.read().decode(errors="replace").splitlines()[-lines:])


# Starts gunicorn so that it gets SIGTERM when the test process dies, even killed outright
# (Linux's PR_SET_PDEATHSIG, kept across exec); elsewhere it just starts gunicorn.
GUNICORN = """
import ctypes, os, signal, sys
if sys.platform == "linux":
    ctypes.CDLL(None).prctl(1, signal.SIGTERM)
    if os.getppid() != int(sys.argv[1]):
        sys.exit("the test process is gone")
os.execv(sys.executable, [sys.executable, "-m", "gunicorn", *sys.argv[2:]])
"""


def _wait_until_up(served: Served, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if served.process.poll() is not None:
            pytest.fail(f"gunicorn stopped at start (exit {served.process.returncode}):\n{served.log_tail()}")
        try:
            with urllib.request.urlopen(served.url + "/healthz", timeout=5) as answer:
                if answer.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.2)
    pytest.fail(f"gunicorn did not answer /healthz within {timeout:.0f}s:\n{served.log_tail()}")


@contextmanager
def serving(database: str, log: Path, **extra_env: str) -> Iterator[Served]:
    """gunicorn serving the app on a free port of 127.0.0.1, on ``database``, until the block ends.

    The settings are tests.settings (the real ones, the test key and database) and the
    environment, with ``extra_env`` on top (a setting a test needs, as a server's owner sets
    it); the static files are the run's collected ones. Two workers spare the CI's two
    cores. It is stopped at the end of the block, whatever happened, and dies with the
    test process if that is killed.
    """
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))  # a free port, held from now on: no race with another run
    listener.listen(64)
    port = listener.getsockname()[1]
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tests.settings",
        "SCOREKEEPER_TEST_SERVED_DATABASE": database,
        "SCOREKEEPER_TEST_STATIC_ROOT": str(settings.STATIC_ROOT),
        "DEBUG": "false",
        "HTTPS": "false",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "WEB_CONCURRENCY": "2",
        "PYTHONUNBUFFERED": "1",
        **extra_env,
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [
                sys.executable, "-c", GUNICORN, str(os.getpid()),
                "--config", str(REPO_ROOT / "gunicorn.conf.py"),
                "--bind", f"fd://{listener.fileno()}",
                "--graceful-timeout", "5",
                "scorekeeper.wsgi:application",
            ],
            cwd=REPO_ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            pass_fds=(listener.fileno(),),
        )  # fmt: skip
    listener.close()
    served = Served(url=f"http://127.0.0.1:{port}", log=log, process=process)
    try:
        _wait_until_up(served)
        yield served
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="session")
def test_database(request, django_db_blocker) -> str:
    """The name of this process's test database (made first), which the served app opens too."""
    for needed in ("django_db_setup", "collected_static"):  # the test database, the static files
        request.getfixturevalue(needed)
    with django_db_blocker.unblock():
        return str(connection.settings_dict["NAME"])


@pytest.fixture(scope="session")
def served_app(test_database, tmp_path_factory) -> Iterator[Served]:
    """The app as scripts/serve serves it, for the whole session (see ``serving``)."""
    with serving(test_database, tmp_path_factory.mktemp("served") / "gunicorn.log") as served:
        yield served


@pytest.fixture
def site(served_app, request):
    """The served app, with no sign-ups or games counted against this test's throttles yet.

    The counts live in the database cache, which the flush after a transactional test
    leaves alone: a dozen sign-ups in one worker's browser tests would be refused. The
    cache is a table of the test database, so clearing it here clears it for gunicorn too.
    """
    cache.clear()
    request.node.served_log_start = served_app.log.stat().st_size
    yield served_app
    if served_app.process.poll() is not None:
        pytest.fail(f"gunicorn stopped during the test:\n{served_app.log_tail()}")


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
