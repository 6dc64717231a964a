"""Downloading a game's record and uploading one, in the browser."""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from games.models import GameSession
from games.session_record import export_session, import_record
from tests.test_session_record import BUGGER_EXAMPLE, counts, record

pytestmark = pytest.mark.django_db

UPLOAD = reverse("games:record-upload")


@pytest.fixture
def owner(django_user_model):
    return django_user_model.objects.create_user("owner", password="pw")


@pytest.fixture
def client(owner):
    client = Client()
    client.force_login(owner)
    return client


def json_file(content, name="game.json") -> SimpleUploadedFile:
    raw = content if isinstance(content, bytes) else json.dumps(content).encode()
    return SimpleUploadedFile(name, raw, content_type="application/json")


# -- download ------------------------------------------------------------------------------------


def test_download(client, owner):
    session = import_record(owner=owner, record=record(rounds=BUGGER_EXAMPLE))
    response = client.get(reverse("games:record-download", args=[session.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    day = timezone.localdate(session.created).isoformat()
    assert response["Content-Disposition"] == f'attachment; filename="bugger-bridge-{session.pk}-{day}.json"'
    assert json.loads(response.content) == export_session(session)


def test_download_keeps_names_readable(client, owner):
    session = import_record(owner=owner, record=record(players=["Zoë", "Øyvind", "Łucja"]))
    response = client.get(reverse("games:record-download", args=[session.pk]))
    assert "Zoë".encode() in response.content


def test_download_of_someone_elses_game_is_404(client, django_user_model):
    other = django_user_model.objects.create_user("other")
    session = import_record(owner=other, record=record())
    assert client.get(reverse("games:record-download", args=[session.pk])).status_code == 404
    assert client.get(reverse("games:record-download", args=[session.pk + 1])).status_code == 404


def test_download_needs_login(owner):
    session = import_record(owner=owner, record=record())
    response = Client().get(reverse("games:record-download", args=[session.pk]))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_download_is_get_only(client, owner):
    session = import_record(owner=owner, record=record())
    assert client.post(reverse("games:record-download", args=[session.pk])).status_code == 405


# -- upload ----------------------------------------------------------------------------------------


def test_upload_page(client):
    response = client.get(UPLOAD)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'enctype="multipart/form-data"' in html
    assert 'type="file"' in html and 'name="record"' in html
    assert "csrfmiddlewaretoken" in html


def test_upload_needs_login():
    response = Client().get(UPLOAD)
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_upload_imports_and_goes_to_the_sheet(client, owner):
    response = client.post(UPLOAD, {"record": json_file(record(rounds=BUGGER_EXAMPLE))})
    session = GameSession.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("games:sheet", args=[session.pk])
    assert session.owner == owner
    assert export_session(session)["rounds"][-1]["totals"] == [20, 21, 33, 20, 31]


def test_download_then_upload(client, owner):
    session = import_record(owner=owner, record=record(rounds=BUGGER_EXAMPLE, finished_early=True))
    downloaded = client.get(reverse("games:record-download", args=[session.pk])).content
    response = client.post(UPLOAD, {"record": json_file(downloaded)})
    assert response.status_code == 302
    copy = GameSession.objects.exclude(pk=session.pk).get()
    assert export_session(copy) == export_session(session)


def refused(client, upload) -> str:
    before = counts()
    response = client.post(UPLOAD, {"record": upload})
    assert response.status_code == 400
    assert counts() == before
    html = response.content.decode()
    # The message sits beside the file field, in the page again.
    match = re.search(r'<p class="error" role="alert" id="record-error">(.*?)</p>', html, re.S)
    assert match, html
    return match.group(1)


def test_invalid_record_shows_round_and_player(client):
    rec = record(rounds=BUGGER_EXAMPLE)
    rec["rounds"][1]["bids"][1] = 3
    assert (
        refused(client, json_file(rec))
        == "Round 2: Helen bid 3, but a bid must be 0 to 2 with 2 cards dealt."
    )


def test_invalid_json(client):
    message = refused(client, json_file(b'{"format": '))
    assert message.startswith("The file is not valid JSON: Expecting value (line 1, column 12).")


def test_not_a_record(client):
    assert "not a Scorekeeper session record" in refused(client, json_file({"hello": "world"}))


def test_empty_file(client):
    assert refused(client, json_file(b"")) == "The submitted file is empty."


def test_no_file(client):
    response = client.post(UPLOAD, {})
    assert response.status_code == 400
    assert "This field is required." in response.content.decode()


@override_settings(SESSION_RECORD_MAX_BYTES=100)
def test_file_too_big(client):
    big = json_file(record(rounds=BUGGER_EXAMPLE))
    assert big.size > 100
    message = refused(client, big)
    assert message.startswith("The file is ") and message.endswith(
        "a session record may be at most 100\xa0bytes."
    )


def test_csrf_is_enforced(owner):
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    response = client.post(UPLOAD, {"record": json_file(record())})
    assert response.status_code == 403
    assert not GameSession.objects.exists()

    token = client.get(UPLOAD).cookies["csrftoken"].value
    response = client.post(UPLOAD, {"record": json_file(record()), "csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert GameSession.objects.count() == 1


def test_upload_refuses_other_methods(client):
    assert client.put(UPLOAD).status_code == 405


# -- a whole backup (a JSON array of records) ---------------------------------------------------


def test_upload_a_backup_imports_each_record_on_its_own(client, owner):
    bad = record(rounds=BUGGER_EXAMPLE)
    bad["rounds"][1]["bids"][1] = 3
    good = record("memory-bridge", ["Ann", "Ben"], [{"first_half": [13, 0], "contract": None}])
    backup = [record(rounds=BUGGER_EXAMPLE), bad, good]
    response = client.post(UPLOAD, {"record": json_file(backup)})
    assert response.status_code == 400  # one record was refused
    first, second = GameSession.objects.order_by("pk")
    assert (first.owner, second.owner) == (owner, owner)
    assert export_session(second)["players"] == ["Ann", "Ben"]
    html = response.content.decode()
    items = re.findall(r"<li>(.*?)</li>", html.split('id="import-outcomes"')[1].split("</ol>")[0], re.S)
    assert items == [
        f'<a href="{reverse("games:sheet", args=[first.pk])}">Bugger Bridge: Bob, Helen, Corky, Kim, Randi</a>',
        '<span class="error">Not imported: Round 2: Helen bid 3, but a bid must be 0 to 2 with 2 cards dealt.</span>',
        f'<a href="{reverse("games:sheet", args=[second.pk])}">Memory Bridge: Ann, Ben</a>',
    ]
    assert "1 of 3 records not imported" in html
    # All imported: 200, and the form is there for the next file.
    again = client.post(UPLOAD, {"record": json_file([good, good])})
    assert again.status_code == 200
    assert "All 2 records imported" in again.content.decode() and 'type="file"' in again.content.decode()
    assert GameSession.objects.count() == 4


def test_a_backup_counts_each_record_against_the_hourly_imports(client, settings):
    settings.IMPORTS_PER_HOUR = 3
    good = record("memory-bridge", ["Ann", "Ben"], [])
    message = refused(client, json_file([good] * 4))
    assert message.startswith(
        "The file holds 4 records, more than this server lets you import in an hour (3)."
    )
    assert client.post(UPLOAD, {"record": json_file([good] * 2)}).status_code == 200
    assert client.post(UPLOAD, {"record": json_file(good)}).status_code == 429
    assert GameSession.objects.count() == 2


def test_a_broken_backup_imports_nothing(client):
    good = json.dumps(record("memory-bridge", ["Ann", "Ben"], []))
    assert refused(client, json_file(f"[{good}, {good}".encode())).startswith("The file is not valid JSON")
