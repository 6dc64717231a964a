"""Hourly limits hold when the requests come all at once, to several gunicorn workers.

The README's own server (gunicorn.conf.py, four worker processes) on a fresh database
(SQLite in WAL mode, or PostgreSQL when the suite runs on it: tests/servers.py's
``served``). Twice the limit's worth of requests is released together by a barrier;
exactly the limit's worth may pass, the rest get the "too many" page (429), and no
answer is a 5xx.
"""

from __future__ import annotations

import json
import secrets
import threading
import urllib.error
import urllib.request

import pytest

from .servers import PASSWORD, Phone, served
from .test_session_record import NAMES, record

pytestmark = [pytest.mark.slow, pytest.mark.served]

SIGNUPS, GAMES, IMPORTS = 5, 30, 30


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    limits = {
        "SIGNUPS_PER_HOUR": str(SIGNUPS),
        "GAMES_PER_HOUR": str(GAMES),
        "IMPORTS_PER_HOUR": str(IMPORTS),
    }
    with served(tmp_path_factory.mktemp("limits"), env=limits) as (running,):
        yield running


def at_once(count: int, send) -> list[tuple[int, str]]:
    """``send(i)`` in ``count`` threads released together; their (status, body), in order."""
    barrier = threading.Barrier(count)
    answers: list = [None] * count

    def run(i):
        barrier.wait()
        answers[i] = send(i)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    return answers


def outcome(answers, passed: int) -> None:
    """Exactly ``passed`` answers passed (a redirect), every other one is the readable 429."""
    statuses = sorted(status for status, _ in answers)
    assert statuses == [302] * passed + [429] * (len(answers) - passed), statuses
    assert all("as many as this server allows" in body for status, body in answers if status == 429)


def upload(phone: Phone, path: str, content: bytes) -> tuple[int, str]:
    """A file posted as the import page's form does (multipart)."""
    boundary = secrets.token_hex(16)
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="record"; filename="game.json"\r\n'
            "Content-Type: application/json\r\n\r\n"
        ).encode()
        + content
        + f"\r\n--{boundary}--\r\n".encode()
    )
    headers = {
        "Content-Type": f"multipart/form-data; boundary={boundary}",
        "X-CSRFToken": phone.csrf(),
        "Referer": phone.base + "/",
    }
    request = urllib.request.Request(phone.base + path, data=body, headers=headers)
    try:
        with phone.opener.open(request, timeout=120) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_sixty_new_games_at_once_start_exactly_the_limit(server):
    phone = Phone(server.base).log_in()
    players = {f"player_{i}": name for i, name in enumerate(["Ann", "Ben", "Cat", "Dan"])}

    def start(_):
        post = {**players, "first_dealer": "0", "target": "30", "start": secrets.token_urlsafe(16)}
        status, _, body = phone.request("/games/new/call-bridge/", post, htmx=False)
        return status, body

    outcome(at_once(2 * GAMES, start), GAMES)
    assert server.query("out = GameSession.objects.count()") == GAMES


def test_sign_ups_at_once_from_one_address_create_exactly_the_limit(server):
    phones = [Phone(server.base) for _ in range(3 * SIGNUPS)]
    for phone in phones:
        phone.request("/accounts/signup/", htmx=False)  # the CSRF cookie

    def sign_up(i):
        post = {"username": f"newcomer{i}", "password1": PASSWORD, "password2": PASSWORD}
        status, _, body = phones[i].request("/accounts/signup/", post, htmx=False)
        return status, body

    outcome(at_once(len(phones), sign_up), SIGNUPS)
    newcomers = "out = User.objects.filter(username__startswith='newcomer').count()"
    assert server.query(f"from django.contrib.auth.models import User\n{newcomers}") == SIGNUPS


def test_sixty_imports_at_once_import_exactly_the_limit(server):
    phone = Phone(server.base).log_in()
    phone.request("/games/import/", htmx=False)
    before = server.query("out = GameSession.objects.count()")
    content = json.dumps(record("call-bridge", NAMES[:4], [])).encode()
    outcome(at_once(2 * IMPORTS, lambda _: upload(phone, "/games/import/", content)), IMPORTS)
    assert server.query("out = GameSession.objects.count()") - before == IMPORTS
