"""Several phones, one game, against the README's own server: races never give a 5xx or a silent overwrite.

Each test run starts gunicorn (gunicorn.conf.py, several worker processes) on a
database of its own: a fresh SQLite file in WAL mode, or, when the suite runs on
PostgreSQL (DATABASE_URL), a fresh database on that server. Ten phones, each
logged in on its own, draw the same page and then write at the same instant
(a barrier releases them together). Of every race exactly one phone may be told
"saved", the stored values must be that phone's, and no answer may be a 5xx.
The figures are printed (``-s``) for the closing notes.
"""

from __future__ import annotations

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
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
PHONES = 10
PLAYERS = ["Ann", "Ben", "Cat", "Dev", "Eve"]
PASSWORD = "race-table-2026"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fresh_database(tmp_path: Path):
    """A DATABASE_URL for a database nobody else uses, and a function that drops it afterwards."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        return f"sqlite:///{tmp_path / 'race.sqlite3'}", lambda: None
    import psycopg

    name = f"race_{secrets.token_hex(6)}"
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


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("race")
    database, drop = fresh_database(tmp)
    port = free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tests.settings",
        "DATABASE_URL": database,
        "ALLOWED_HOSTS": "127.0.0.1",
        "WEB_CONCURRENCY": "4",
        "GUNICORN_LOG_LEVEL": "warning",
        "SIGNUPS_PER_HOUR": "1000",
        "GAMES_PER_HOUR": "1000",
    }
    running = Server(f"http://127.0.0.1:{port}", env, database)
    running.manage("migrate", "--noinput")
    running.manage("createcachetable")
    running.manage(
        "shell",
        "-c",
        f"from django.contrib.auth.models import User; User.objects.create_user('keeper', password='{PASSWORD}')",
    )
    log = open(tmp / "gunicorn.log", "w")  # noqa: SIM115
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
                    raise RuntimeError((tmp / "gunicorn.log").read_text()) from None
                time.sleep(0.2)
        yield running
    finally:
        process.terminate()
        process.wait(timeout=30)
        log.close()
        server_log = (tmp / "gunicorn.log").read_text()
        drop()
    assert "Traceback" not in server_log, server_log[-5000:]


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


FIGURES: Counter = Counter()


def tally(answers) -> None:
    FIGURES["answers"] += len(answers)
    FIGURES["5xx"] += sum(1 for status, _, _ in answers if status >= 500)
    FIGURES["saved"] += sum(1 for a in answers if told_saved(a))
    FIGURES["races"] += 1


@pytest.fixture(scope="module")
def table(server):
    phones = [Phone(server.base).log_in() for _ in range(PHONES)]
    status, headers, _ = phones[0].request(
        "/games/new/bugger-bridge/",
        {**{f"player_{i}": n for i, n in enumerate(PLAYERS)}, "first_dealer": "0"},
        htmx=False,
    )
    assert status == 302, status
    pk = int(re.search(r"/games/(\d+)/", headers["Location"])[1])
    yield phones, pk
    print(f"\nRace figures on {server.database.split(':')[0]}: {dict(FIGURES)}")


def stored_round(server: Server, pk: int, number: int) -> dict:
    return server.query(
        f"r = Round.objects.filter(session_id={pk}, number={number}).first()\n"
        "out = None if r is None else {'bids': [e.bid for e in r.entries.order_by('position')],"
        " 'tricks': [e.tricks for e in r.entries.order_by('position')], 'complete': r.complete}"
    )


def test_ten_phones_racing_on_each_step_of_a_round(server, table):
    phones, pk = table
    for number in (1, 2, 3):
        cards = number  # Bugger Bridge: round n of a 5-player game has n cards
        # Bids: every phone has drawn the page, then all save different bids at once.
        bids_url = f"/games/{pk}/round/{number}/bids/"
        posts = []
        for i, phone in enumerate(phones):
            fields = form_fields(phone.request(f"/games/{pk}/", htmx=False)[2], bids_url)
            bids = [(i + seat) % (cards + 1) for seat in range(len(PLAYERS))]  # no hook rule: any sum
            posts.append({**fields, **{f"bid_{s}": b for s, b in enumerate(bids)}})
        answers = race(phones, bids_url, posts)
        tally(answers)
        assert not [a[0] for a in answers if a[0] >= 500]
        winners = [i for i, a in enumerate(answers) if told_saved(a)]
        assert len(winners) == 1, [(a[0], a[1].get("HX-Trigger")) for a in answers]
        stored = stored_round(server, pk, number)
        expected = [int(posts[winners[0]][f"bid_{s}"]) for s in range(len(PLAYERS))]
        assert stored["bids"] == expected
        losers = [a for i, a in enumerate(answers) if i not in winners]
        assert all(f"Round {number}&#x27;s bids were saved on another phone" in a[2] for a in losers)

        # Tricks: all phones draw the tricks form and press Save at once, each with other tricks.
        tricks_url = f"/games/{pk}/round/{number}/tricks/"
        posts = []
        for i, phone in enumerate(phones):
            fields = form_fields(phone.request(f"/games/{pk}/", htmx=False)[2], tricks_url)
            tricks = [0] * len(PLAYERS)
            tricks[i % len(PLAYERS)] = cards
            posts.append({**fields, "save": "1", **{f"tricks_{s}": t for s, t in enumerate(tricks)}})
        answers = race(phones, tricks_url, posts)
        tally(answers)
        assert not [a[0] for a in answers if a[0] >= 500]
        winners = [i for i, a in enumerate(answers) if told_saved(a)]
        assert len(winners) == 1
        stored = stored_round(server, pk, number)
        assert stored["complete"]
        assert stored["tricks"] == [int(posts[winners[0]][f"tricks_{s}"]) for s in range(len(PLAYERS))]


def test_a_stale_correction_is_refused_and_two_undos_take_back_one_round(server, table):
    phones, pk = table
    first, second = phones[0], phones[1]
    edit = f"/games/{pk}/round/1/edit/"
    a = form_fields(first.request(edit)[2], edit)
    b = form_fields(second.request(edit)[2], edit)
    before = stored_round(server, pk, 1)
    bids_a = {f"bid_{s}": "0" for s in range(5)} | {"bid_0": "1"}
    tricks_a = {f"tricks_{s}": "0" for s in range(5)} | {"tricks_0": "1"}
    answer = first.request(edit, {**a, **bids_a, **tricks_a, "save": "1"})
    assert told_saved(answer), answer[:2]
    bids_b = {f"bid_{s}": "0" for s in range(5)} | {"bid_4": "1"}
    tricks_b = {f"tricks_{s}": "0" for s in range(5)} | {"tricks_4": "1"}
    answer = second.request(edit, {**b, **bids_b, **tricks_b, "save": "1"})
    assert not told_saved(answer) and answer[0] == 200
    assert "Round 1 was corrected on another phone" in answer[2]
    assert stored_round(server, pk, 1)["bids"] == [1, 0, 0, 0, 0] != before["bids"]

    # Two phones (and a double tap on one of them) all undo from the same page at once.
    rounds_before = server.query(f"out = Round.objects.filter(session_id={pk}).count()")
    undo = f"/games/{pk}/undo/"
    posts = []
    for phone in phones[:4]:
        fields = form_fields(phone.request(f"/games/{pk}/", htmx=False)[2], undo)
        posts.append({**fields, "round": str(rounds_before)})
    posts.append(dict(posts[0]))  # the double tap: the same submit again
    answers = race([*phones[:4], phones[0]], undo, posts)
    tally(answers)
    assert not [x[0] for x in answers if x[0] >= 500]
    assert server.query(f"out = Round.objects.filter(session_id={pk}).count()") == rounds_before - 1
