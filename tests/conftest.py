"""Shared fixtures: users, CSRF-enforcing clients, games set up through the services."""

from __future__ import annotations

import fcntl
import os
import re
import shutil
from functools import partial
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client

from games.models import GameSession

from .helpers import new_session

# What makes a test reach the database. In this process pytest-django lets a test reach it only
# through its ``django_db`` mark or one of these fixtures (any other access fails the test); the app
# served by gunicorn (tests/servers.py) reaches it from other processes, and ``served`` checks that
# the test starting it carries the ``served`` mark.
DATABASE_FIXTURES = frozenset(
    {"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback", "live_server"}
)


def pytest_addoption(parser):
    parser.addoption(
        "--db-only",
        action="store_true",
        help="run only the tests that reach the database (django_db mark, a database fixture, or the "
        "served mark): .ci/run's PostgreSQL leg, where a test that never reaches it proves nothing new",
    )


def uses_database(item: pytest.Item) -> bool:
    return (
        item.get_closest_marker("django_db") is not None
        or item.get_closest_marker("served") is not None
        or not DATABASE_FIXTURES.isdisjoint(getattr(item, "fixturenames", ()))
    )


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """``--db-only`` deselects the tests that never reach the database (after tests/browser/conftest.py
    has marked its own). Then the modules holding long tests (browser, served, slow) go first, each
    module's tests kept together and in order: the parallel workers take the long ones while there is
    work left for the other, and end on short tests instead of one waiting for the other's minute."""
    if config.getoption("--db-only"):
        kept = [item for item in items if uses_database(item)]
        dropped = [item for item in items if not uses_database(item)]
        if dropped:
            config.hook.pytest_deselected(items=dropped)
            items[:] = kept
    long_modules = {item.nodeid.split("::")[0] for item in items if is_long(item)}
    items.sort(key=lambda item: item.nodeid.split("::")[0] not in long_modules)


def is_long(item: pytest.Item) -> bool:
    return any(item.get_closest_marker(mark) is not None for mark in ("browser", "served", "slow"))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """The test about to run, for ``tests.servers.served``'s check (module fixtures start before it)."""
    from . import servers

    servers.running_test = item


@pytest.fixture(scope="session", autouse=True)
def collected_static() -> Path:
    """The static files as users get them: collected, hashed and compressed, once per test run.

    The pages name the hashed files (the manifest storage refuses a name it does not know), so
    every test needs them; the xdist workers share one folder, and the first to come collects it
    (about 3 seconds) while the others wait.
    """
    root = Path(settings.STATIC_ROOT)
    with open(f"{root}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (root / "staticfiles.json").exists():
            call_command("collectstatic", interactive=False, verbosity=0)
    return root


def pytest_unconfigure():
    """The run's collected static files go at the end, by the process that named the folder."""
    if getattr(settings, "STATIC_ROOT_OWNED", False) and not os.environ.get("PYTEST_XDIST_WORKER"):
        shutil.rmtree(settings.STATIC_ROOT, ignore_errors=True)
        Path(f"{settings.STATIC_ROOT}.lock").unlink(missing_ok=True)


class TableClient(Client):
    """A test client that enforces CSRF like a browser and sends the token like htmx does."""

    def __init__(self, **kwargs):
        super().__init__(enforce_csrf_checks=True, **kwargs)

    def token(self) -> str:
        if "csrftoken" not in self.cookies:
            self.get("/")
        return self.cookies["csrftoken"].value

    def send(self, url, data=None, *, htmx=False, **extra):
        """POST as a freshly drawn page would: with the game's version (and, for Undo, its last round)."""
        headers = {"X-CSRFToken": self.token()}
        if htmx:
            headers["HX-Request"] = "true"
        data = page_fields(url, dict(data or {}))
        return self.post(url, data, headers=headers, **extra)


GAME_WRITE = re.compile(r"^/games/(\d+)/(round/\d+/[\w-]+|undo|end|reopen)/$")


def sending(client, url, data=None, **kwargs):
    """A POST ready to send, its page fields read now: a query count around it sees only the request."""
    data = page_fields(url, dict(data or {}))
    return lambda: client.send(url, data, **kwargs)


def page_fields(url: str, data: dict) -> dict:
    """The hidden fields a sheet's forms carry (``write_fields``), unless the test gives its own."""
    match = GAME_WRITE.match(url)
    if not match or ("version" in data and (match[2] != "undo" or "round" in data)):
        return data
    session = GameSession.objects.filter(pk=int(match[1])).first()
    if session is None:
        return data
    data.setdefault("version", str(session.version))
    if match[2] == "undo":
        last = session.rounds.order_by("-number").values_list("number", flat=True).first()
        data.setdefault("round", str(last or 0))
    return data


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("keeper", password="table-talk-2026")


@pytest.fixture
def other_user(django_user_model):
    return django_user_model.objects.create_user("stranger", password="table-talk-2026")


@pytest.fixture
def table(user) -> TableClient:
    client = TableClient()
    client.force_login(user)
    return client


@pytest.fixture
def make_session(request):
    """Start a game and record its rounds through the services, as the app does.

    ``make_session("call-bridge", players=["Ann", "Bob", "Cat", "Dan"], rounds=[...], target=45)``:
    keyword options (``target=45``) go on top of ``options``; the owner is the ``user``
    fixture unless ``owner`` is given. A test module binds its game's defaults with
    ``functools.partial`` (``make_game`` below).
    """

    def make(game, *, players, rounds=(), options=None, first_dealer=0, owner=None, **option_values):
        return new_session(
            game,
            owner=owner or request.getfixturevalue("user"),
            players=players,
            rounds=rounds,
            options={**(options or {}), **option_values},
            first_dealer=first_dealer,
        )

    return make


@pytest.fixture
def make_game(make_session):
    """A Bugger Bridge game of five, without the hook rule unless ``hook=True``."""
    return partial(
        make_session, "bugger-bridge", players=("Bob", "Helen", "Corky", "Kim", "Randi"), hook=False
    )


def everyone_makes(players: int, cards: int, bidder: int = 0) -> dict:
    """A round where ``bidder`` bids every trick and everyone makes their bid."""
    bids = [0] * players
    bids[bidder] = cards
    return {"bids": bids, "tricks": list(bids)}


@pytest.fixture(autouse=True)
def _empty_sheets_cache():
    """Each test starts with the in-memory cache empty: a rolled-back test's ids come back in the next
    one (SQLite), so a key holding an id and a version could find the last test's entry."""
    from django.core.cache import caches

    caches["sheets"].clear()


@pytest.fixture(autouse=True)
def _language_reset():
    """Each test starts in English: a request activates its language for the thread (LocaleMiddleware)
    and nothing resets it, so a French request would leave a later test's plain-Python words French."""
    from django.utils import translation

    yield
    translation.deactivate()
