"""The app served by gunicorn as scripts/serve serves it, for tests that need real servers.

``served(tmp, count)`` gives ``count`` gunicorn servers (gunicorn.conf.py, several worker
processes each) on one database of their own: a fresh SQLite file in WAL mode, or, when the
suite runs on PostgreSQL (DATABASE_URL), a fresh database on that server, dropped afterwards.
A user ``keeper`` (password ``PASSWORD``) is made. ``Phone`` is a phone at the table talking
plain HTTP (its own cookies, htmx headers); ``race`` sends several phones' posts at one instant.
No server's log may hold a traceback.
"""

from __future__ import annotations

import contextlib
import http.cookiejar
import json
import os
import re
import secrets
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "race-table-2026"
# The test running now (tests/conftest.py sets it): ``served`` checks that it carries the served mark.
running_test = None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fresh_database(tmp_path: Path):
    """A DATABASE_URL for a database nobody else uses, and a function that drops it afterwards."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        return f"sqlite:///{tmp_path / 'served.sqlite3'}", lambda: None
    import psycopg

    name = f"served_{secrets.token_hex(6)}"
    parts = urllib.parse.urlsplit(url)
    admin = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')

    def drop():
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return parts._replace(path=f"/{name}").geturl(), drop


@dataclass
class Server:
    base: str
    env: dict
    database: str

    def manage(self, *args: str, stdin: str | None = None) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
        return done.stdout

    def query(self, code: str) -> object:
        """Run Django code in a separate process and read back the JSON it prints (``out = ...``)."""
        script = f"import json\nfrom games.models import *\n{code}\nprint('RESULT' + json.dumps(out))"
        printed = self.manage("shell", "-c", script)
        return json.loads(printed.split("RESULT", 1)[1])


def prepare(env: dict) -> Server:
    """The fresh database set up as scripts/serve sets it up, with the user ``keeper``."""
    running = Server("", env, env["DATABASE_URL"])
    running.manage("migrate", "--noinput")
    running.manage("createcachetable")
    running.manage(
        "shell",
        "-c",
        f"from django.contrib.auth.models import User; User.objects.create_user('keeper', password='{PASSWORD}')",
    )
    return running


@contextlib.contextmanager
def gunicorn(env: dict, log_path: Path) -> Iterator[Server]:
    """One gunicorn server of the app on a free port, with this environment, until the block ends."""
    port = free_port()
    running = Server(f"http://127.0.0.1:{port}", env, env["DATABASE_URL"])
    log = log_path.open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 180  # a loaded 2-core machine starts four workers slowly
        while True:
            try:
                urllib.request.urlopen(running.base + "/accounts/login/", timeout=10)
                break
            except (urllib.error.URLError, OSError):  # refused, reset, or timed out: not up yet
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError(log_path.read_text()) from None
                time.sleep(0.2)
        yield running
    finally:
        process.terminate()
        process.wait(timeout=30)
        log.close()


@contextlib.contextmanager
def served(tmp: Path, count: int = 1, env: dict | None = None, workers: int = 4) -> Iterator[list[Server]]:
    """``count`` servers of the app on one fresh database; ``env`` is added to their environment."""
    if running_test is not None and running_test.get_closest_marker("served") is None:
        raise AssertionError(
            f"{running_test.nodeid} starts the served app without the 'served' mark: mark it "
            "(pytestmark = pytest.mark.served) so that .ci/run's PostgreSQL leg (--db-only) keeps it"
        )
    database, drop = fresh_database(tmp)
    full_env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tests.settings",
        "DATABASE_URL": database,
        "ALLOWED_HOSTS": "127.0.0.1",
        "WEB_CONCURRENCY": str(workers),
        "GUNICORN_LOG_LEVEL": "warning",
        "SIGNUPS_PER_HOUR": "1000",
        "GAMES_PER_HOUR": "1000",
        **(env or {}),
    }
    logs = [tmp / f"gunicorn-{i}.log" for i in range(count)]
    try:
        prepare(full_env)
        with contextlib.ExitStack() as stack:
            yield [stack.enter_context(gunicorn(full_env, log)) for log in logs]
    finally:
        drop()
    for log in logs:
        text = log.read_text()
        assert "Traceback" not in text, text[-5000:]


class Phone:
    """One phone at the table: its own cookies, logged in as the keeper, talking htmx."""

    def __init__(self, base: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect())

    def csrf(self) -> str:
        return next(c.value for c in self.jar if c.name == "csrftoken")

    def request(self, path: str, data: dict | None = None, *, htmx: bool = True):
        headers = {"Referer": self.base + "/"}
        body = None
        if data is not None:
            body = urllib.parse.urlencode(data).encode()
            headers["X-CSRFToken"] = self.csrf()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if htmx:
            headers["HX-Request"] = "true"
        req = urllib.request.Request(self.base + path, data=body, headers=headers)
        try:
            with self.opener.open(req, timeout=60) as response:
                return response.status, dict(response.headers), response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read().decode()

    def log_in(self):
        self.request("/accounts/login/", htmx=False)
        status, _, _ = self.request(
            "/accounts/login/", {"username": "keeper", "password": PASSWORD}, htmx=False
        )
        assert status == 302, status
        return self


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def form_fields(page: str, action: str) -> dict:
    """The hidden version and key of the form that posts to ``action`` on a drawn page."""
    start = page.index(f'action="{action}"')
    form = page[start : page.index("</form>", start)]
    return {
        "version": re.search(r'name="version" value="(\d+)"', form)[1],
        "key": re.search(r'name="key" value="([\w-]+)"', form)[1],
    }


def drawn_posts(phones: list[Phone], pk: int, url: str, values) -> list[dict]:
    """What each phone posts to ``url`` from the sheet it has just drawn: its form's version and key,
    and ``values(i)`` for phone ``i``."""
    return [
        {**form_fields(phone.request(f"/games/{pk}/", htmx=False)[2], url), **values(i)}
        for i, phone in enumerate(phones)
    ]


def race_tricks(phones: list[Phone], pk: int, number: int, cards: int, seats: int):
    """Every phone draws round ``number``'s tricks form, then all press Save at once, phone ``i``
    giving all ``cards`` tricks to seat ``i % seats``. Returns the posts and the answers."""
    url = f"/games/{pk}/round/{number}/tricks/"
    posts = drawn_posts(
        phones,
        pk,
        url,
        lambda i: {"save": "1", **{f"tricks_{s}": cards if s == i % seats else 0 for s in range(seats)}},
    )
    return posts, race(phones, url, posts)


def race(phones: list[Phone], path: str, posts: list[dict]) -> list[tuple[int, dict, str]]:
    """Every phone sends its post at the same instant; their answers, in phone order."""
    barrier = threading.Barrier(len(phones))
    answers: list = [None] * len(phones)

    def send(i):
        barrier.wait()
        answers[i] = phones[i].request(path, posts[i])

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(phones))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return answers


def told_saved(answer) -> bool:
    status, headers, _ = answer
    return status == 200 and "scorekeeper:saved" in headers.get("HX-Trigger", "")
