"""Accounts: wrong passwords locked out (django-axes), sign-ups and quotas throttled, password reset only with mail."""

from __future__ import annotations

import datetime
import json
import threading

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.core import mail
from django.core.exceptions import ImproperlyConfigured
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.db import connection
from django.db.models import F
from django.test import Client
from django.urls import reverse

from games.accounts.throttle import client_ip, spend
from games.models import Allowance, GameSession
from scorekeeper.settings import env_email

from .helpers import body
from .test_session_record import NAMES, record

pytestmark = pytest.mark.django_db

LOGIN = reverse("login")
PASSWORD = "table-talk-2026"


def log_in(client, username, password, url=LOGIN, address="192.0.2.1"):
    return client.post(url, {"username": username, "password": password}, REMOTE_ADDR=address)


def cool_off():
    """As if the cool-off (15 minutes) had passed since every failure."""
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - datetime.timedelta(minutes=16))


@pytest.mark.usefixtures("user")
def test_wrong_passwords_pause_the_user_name_at_that_address_until_the_cool_off(settings):
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        response = log_in(client, "keeper", "wrong")
        assert response.status_code == 200
        assert "Please enter a correct username and password" in body(response)
    locked = log_in(client, "keeper", "wrong")
    assert locked.status_code == 429
    assert "Too many wrong passwords were tried from this address" in body(locked)
    assert "paused for 15 minutes" in body(locked)
    in_french = client.post(
        LOGIN,
        {"username": "keeper", "password": PASSWORD},
        REMOTE_ADDR="192.0.2.1",
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert in_french.status_code == 429
    assert "Trop de mauvais mots de passe ont été essayés depuis cette adresse" in body(in_french)
    # Even the right password waits for the cool-off at that address...
    assert log_in(client, "keeper", PASSWORD).status_code == 429
    # ...but not from another one, nor another name at the same address.
    assert log_in(Client(), "keeper", PASSWORD, address="198.51.100.7").status_code == 302
    User.objects.create_user("partner", password=PASSWORD)
    assert log_in(Client(), "partner", PASSWORD).status_code == 302
    cool_off()
    response = log_in(client, "keeper", PASSWORD)
    assert response.status_code == 302
    assert response["Location"] == reverse("games:home")


@pytest.mark.slow  # a thousand log-ins: about half a minute
@pytest.mark.usefixtures("user")
def test_a_thousand_wrong_passwords_from_one_address_never_keep_the_user_out_of_another():
    guesser = Client()
    for i in range(1000):
        assert log_in(guesser, "keeper", f"guess-{i}", address="203.0.113.66").status_code in (200, 429)
    assert log_in(guesser, "keeper", PASSWORD, address="203.0.113.66").status_code == 429
    response = log_in(Client(), "keeper", PASSWORD, address="192.0.2.80")
    assert response.status_code == 302
    assert response["Location"] == reverse("games:home")


@pytest.mark.usefixtures("user")
def test_wrong_passwords_for_many_names_from_one_address_pause_that_address(settings):
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 12
    client = Client()
    for i in range(11):  # under each name's limit, and under the address's
        assert log_in(client, f"guess{i % 3}", "wrong", address="203.0.113.9").status_code == 200
    assert log_in(Client(), "keeper", "wrong", address="203.0.113.9").status_code == 429  # the twelfth
    assert log_in(Client(), "keeper", PASSWORD, address="203.0.113.9").status_code == 429
    assert log_in(Client(), "keeper", PASSWORD, address="192.0.2.50").status_code == 302


@pytest.mark.usefixtures("user")
def test_logging_in_to_ones_own_account_does_not_forget_guesses_at_another(settings):
    """A good log-in forgets that name's failures at that address, not the address's others."""
    User.objects.create_user("guesser", password=PASSWORD)
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert log_in(client, "keeper", "wrong").status_code == 200
    assert log_in(Client(), "guesser", PASSWORD).status_code == 302
    assert log_in(client, "keeper", "wrong").status_code == 429
    # The keeper's own good log-in, elsewhere, forgets nothing at the guesser's address either.
    assert log_in(Client(), "keeper", PASSWORD, address="192.0.2.60").status_code == 302
    assert log_in(client, "keeper", PASSWORD).status_code == 429


@pytest.mark.usefixtures("user")
def test_the_commands_the_docs_give_unlock_a_name_and_an_address(settings):
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 8
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in(Client(), "keeper", "wrong")
    assert log_in(Client(), "keeper", PASSWORD).status_code == 429
    call_command("axes_reset_username", "keeper")
    assert log_in(Client(), "keeper", PASSWORD).status_code == 302
    for i in range(8):
        log_in(Client(), f"guess{i}", "wrong", address="203.0.113.5")
    assert log_in(Client(), "keeper", PASSWORD, address="203.0.113.5").status_code == 429
    call_command("axes_reset_ip", "203.0.113.5")
    assert log_in(Client(), "keeper", PASSWORD, address="203.0.113.5").status_code == 302


def test_the_admin_login_is_locked_out_too(settings):
    User.objects.create_superuser("boss", password=PASSWORD)
    client = Client()
    admin_login = reverse("admin:login")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert log_in(client, "boss", "wrong", url=admin_login).status_code == 200
    assert log_in(client, "boss", "wrong", url=admin_login).status_code == 429
    assert log_in(client, "boss", PASSWORD, url=admin_login).status_code == 429


@pytest.mark.usefixtures("user")
def test_behind_a_proxy_the_forwarded_address_counts(settings):
    settings.TRUSTED_PROXIES = 1
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post(
            LOGIN,
            {"username": "nobody", "password": "x"},
            REMOTE_ADDR="127.0.0.1",
            HTTP_X_FORWARDED_FOR="spoofed, 203.0.113.1",
        )
    # Another client behind the same proxy is not locked out by the first one's guesses.
    response = Client().post(
        LOGIN,
        {"username": "keeper", "password": PASSWORD},
        REMOTE_ADDR="127.0.0.1",
        HTTP_X_FORWARDED_FOR="192.0.2.2",
    )
    assert response.status_code == 302


def sign_up(name, address="192.0.2.1", email=""):
    return Client().post(
        reverse("games:signup"),
        {"username": name, "email": email, "password1": PASSWORD, "password2": PASSWORD},
        REMOTE_ADDR=address,
    )


def test_sign_ups_per_address_per_hour_are_limited(settings):
    settings.SIGNUPS_PER_HOUR = 3
    for i in range(3):
        assert sign_up(f"player{i}").status_code == 302
    refused = sign_up("player3")
    assert refused.status_code == 429
    assert "3 accounts were created from your address in the last hour" in body(refused)
    assert not User.objects.filter(username="player3").exists()
    assert sign_up("player3", address="192.0.2.99").status_code == 302


def test_an_invalid_sign_up_does_not_count(settings):
    settings.SIGNUPS_PER_HOUR = 1
    bad = Client().post(reverse("games:signup"), {"username": "x", "password1": "a", "password2": "b"})
    assert bad.status_code == 400
    assert sign_up("player").status_code == 302


def test_sign_up_takes_an_optional_email():
    assert sign_up("with", email="with@example.com").status_code == 302
    assert sign_up("without").status_code == 302
    assert User.objects.get(username="with").email == "with@example.com"
    assert User.objects.get(username="without").email == ""


def test_games_per_hour_quota(table, settings):
    settings.GAMES_PER_HOUR = 2
    post = {"player_0": "Ann", "player_1": "Ben", "player_2": "Cat", "player_3": "Dan", "first_dealer": "0"}
    for _ in range(2):
        assert (
            table.send(reverse("games:new", args=["call-bridge"]), {**post, "target": "30"}).status_code
            == 302
        )
    refused = table.send(reverse("games:new", args=["call-bridge"]), {**post, "target": "30"})
    assert refused.status_code == 429
    assert "You have started 2 games in the last hour" in body(refused)
    assert GameSession.objects.count() == 2
    # An hour later, it may start another.
    Allowance.objects.update(opened=F("opened") - datetime.timedelta(hours=1, minutes=1))
    assert table.send(reverse("games:new", args=["call-bridge"]), {**post, "target": "30"}).status_code == 302


def test_imports_per_hour_quota(table, settings):
    settings.IMPORTS_PER_HOUR = 1
    rec = json.dumps(record("call-bridge", NAMES[:4], [])).encode()
    upload = reverse("games:record-upload")
    assert table.send(upload, {"record": SimpleUploadedFile("a.json", rec)}).status_code == 302
    refused = table.send(upload, {"record": SimpleUploadedFile("a.json", rec)})
    assert refused.status_code == 429
    assert "You have imported 1 records in the last hour" in body(refused)
    assert GameSession.objects.count() == 1


def test_without_mail_the_login_page_says_how_the_owner_resets_a_password(client, settings):
    settings.PASSWORD_RESET_BY_MAIL = False
    page = body(client.get(LOGIN))
    assert "manage.py changepassword" in page
    assert reverse("password_reset") not in page
    assert client.get(reverse("password_reset")).status_code == 404
    assert client.post(reverse("password_reset"), {"email": "a@example.com"}).status_code == 404


def test_with_mail_the_login_page_offers_a_reset_that_sends_one(client, settings):
    settings.PASSWORD_RESET_BY_MAIL = True
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
    User.objects.create_user("mailed", email="mailed@example.com", password=PASSWORD)
    page = body(client.get(LOGIN))
    assert reverse("password_reset") in page
    assert "changepassword" not in page
    response = client.post(reverse("password_reset"), {"email": "mailed@example.com"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["mailed@example.com"]


@pytest.mark.parametrize(
    "url, expected",
    [
        ("", {}),
        ("console://", {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}),
        (
            "smtp://me%40example.com:p%3Ass@mail.example.com:587?tls=true",
            {
                "default": {
                    "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
                    "OPTIONS": {
                        "host": "mail.example.com",
                        "port": 587,
                        "username": "me@example.com",
                        "password": "p:ss",
                        "use_ssl": False,
                        "use_tls": True,
                    },
                }
            },
        ),
    ],
)
def test_email_url(monkeypatch, url, expected):
    monkeypatch.setenv("EMAIL_URL", url)
    assert env_email("EMAIL_URL") == expected


@pytest.mark.parametrize("url", ["mail.example.com", "http://x", "smtp://host:port"])
def test_a_bad_email_url_fails_loudly(monkeypatch, url):
    monkeypatch.setenv("EMAIL_URL", url)
    with pytest.raises(ImproperlyConfigured):
        env_email("EMAIL_URL")


@pytest.mark.parametrize(
    ("meta", "proxies", "expected"),
    [
        ({"REMOTE_ADDR": "203.0.113.7"}, 0, "203.0.113.7"),
        ({}, 0, "0.0.0.0"),  # a unix socket, or the test client's force_login
        ({"REMOTE_ADDR": "unknown"}, 0, "0.0.0.0"),
        ({"REMOTE_ADDR": "10.0.0.1", "HTTP_X_FORWARDED_FOR": "198.51.100.4"}, 1, "198.51.100.4"),
        ({"REMOTE_ADDR": "10.0.0.1", "HTTP_X_FORWARDED_FOR": "not-an-address"}, 1, "10.0.0.1"),
        ({"REMOTE_ADDR": "10.0.0.1", "HTTP_X_FORWARDED_FOR": "2001:db8::1"}, 1, "2001:db8::1"),
    ],
)
def test_the_client_address_is_always_a_valid_ip(rf, settings, meta, proxies, expected):
    """django-axes stores it as an inet on PostgreSQL: anything else would fail the login."""
    settings.TRUSTED_PROXIES = proxies
    request = rf.get("/")
    request.META.pop("REMOTE_ADDR", None)
    request.META.update(meta)
    assert client_ip(request) == expected


def test_force_login_works_without_an_address(user, client):
    client.force_login(user)  # axes logs the login with the client's address: none here
    assert client.get("/").status_code == 200


def test_an_endless_user_name_is_a_wrong_log_in_not_a_server_error(client):
    response = client.post(reverse("login"), {"username": "x" * 5000, "password": "whatever-it-is"})
    assert response.status_code in (200, 429)
    assert AccessAttempt.objects.get().username == "x" * 150


@pytest.mark.django_db(transaction=True)
def test_a_limit_holds_against_uses_at_the_same_instant():
    """Eight threads, each on its own database connection, spend twenty times each against a limit of 60."""
    barrier = threading.Barrier(8)
    granted: list[bool] = []

    def use():
        try:
            barrier.wait()
            granted.extend(spend("test", "192.0.2.1", 60) for _ in range(20))
        finally:
            connection.close()

    threads = [threading.Thread(target=use) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert granted.count(True) == 60
    assert not spend("test", "192.0.2.1", 60)
    assert spend("test", "192.0.2.2", 60)  # another address has its own
