"""Downloading a game's record and uploading one, in the browser."""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from games.backup.session_record import export_session, import_record
from games.models import GameSession
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


def test_download_then_upload(client, owner, django_user_model):
    session = import_record(owner=owner, record=record(rounds=BUGGER_EXAMPLE, finished_early=True))
    downloaded = client.get(reverse("games:record-download", args=[session.pk])).content
    other = Client()
    other.force_login(django_user_model.objects.create_user("other"))
    response = other.post(UPLOAD, {"record": json_file(downloaded)})
    assert response.status_code == 302
    copy = GameSession.objects.exclude(pk=session.pk).get()
    assert export_session(copy) == export_session(session)  # its dates too
    assert copy.created == session.created
    assert copy.finished_at == max(session.finished_at, session.created)


def test_a_game_already_here_is_not_imported_again(client, owner):
    session = import_record(owner=owner, record=record(rounds=BUGGER_EXAMPLE, finished_early=True))
    downloaded = client.get(reverse("games:record-download", args=[session.pk])).content
    before = counts()
    for headers in ({}, {"HX-Request": "true"}):
        response = client.post(UPLOAD, {"record": json_file(downloaded)}, headers=headers)
        assert response.status_code == 200
        html = response.content.decode()
        assert "Already here: this Bugger Bridge game is one of yours, so nothing was imported." in html
        assert f'<a href="{reverse("games:sheet", args=[session.pk])}">Open it</a>' in html
        assert counts() == before
    # The same game with a round more is another game.
    more = json.loads(downloaded)
    more["rounds"] = more["rounds"][:2]
    more["finished_early"] = False
    more.pop("ended")
    assert client.post(UPLOAD, {"record": json_file(more)}).status_code == 302
    assert GameSession.objects.count() == 2


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


def test_a_backup_with_a_bad_record_imports_nothing_and_lists_every_refusal(client):
    bad = record(rounds=BUGGER_EXAMPLE)
    bad["rounds"][1]["bids"][1] = 3
    good = record("memory-bridge", ["Ann", "Ben"], [{"first_half": [13, 0], "contract": None}])
    backup = [record(rounds=BUGGER_EXAMPLE), bad, good, {"game": "\ud800"}]
    message = refused(client, json_file(json.dumps(backup).encode()))
    assert (
        message == "2 of 4 records cannot be imported, so none was: a backup is restored whole or not at all."
    )
    response = client.post(UPLOAD, {"record": json_file(backup)}, headers={"HX-Request": "true"})
    assert response.status_code == 200  # htmx swaps only a 200: the refusal is shown in place
    html = response.content.decode()
    items = re.findall(r"<li>(.*?)</li>", html.split('id="import-refusals"')[1].split("</ol>")[0], re.S)
    assert items == [
        "Record 2: Round 2: Helen bid 3, but a bid must be 0 to 2 with 2 cards dealt.",
        "Record 4: This is not a Scorekeeper session record: &quot;format&quot; must be &quot;scorekeeper-session&quot;.",
    ]
    assert not GameSession.objects.exists()


def test_a_backup_restores_and_skips_the_games_already_here(client, owner):
    games = [
        record(rounds=BUGGER_EXAMPLE, started="2026-11-20T19:30:00+01:00"),
        record("memory-bridge", ["Ann", "Ben"], [], started="2026-11-21T20:00:00+00:00"),
        record("memory-bridge", ["Ann", "Ben"], []),  # no start: a new game each time
    ]
    response = client.post(UPLOAD, {"record": json_file(games)})
    assert response.status_code == 200
    html = response.content.decode()
    assert "<strong>3 games restored.</strong>" in html and "already here" not in html
    assert 'type="file"' in html  # the form again, for the next file
    stored = GameSession.objects.order_by("pk")
    assert [s.created.isoformat() for s in stored][:2] == [
        "2026-11-20T18:30:00+00:00",
        "2026-11-21T20:00:00+00:00",
    ]
    assert {s.owner for s in stored} == {owner}

    again = client.post(UPLOAD, {"record": json_file(games)}, headers={"HX-Request": "true"}).content.decode()
    assert "<strong>1 game restored.</strong> 2 games were already here and were skipped." in again
    assert GameSession.objects.count() == 4


def test_a_backup_counts_once_against_the_hourly_imports(client, settings):
    """A person restoring their own games gets them all back at once: the upload counts, not its records."""
    settings.IMPORTS_PER_HOUR = 3
    ann = record("memory-bridge", ["Ann", "Ben"], [])
    cat = record("memory-bridge", ["Cat", "Dan"], [])
    assert client.post(UPLOAD, {"record": json_file([ann] * 4)}).status_code == 200
    assert client.post(UPLOAD, {"record": json_file([cat] * 2)}).status_code == 200
    assert client.post(UPLOAD, {"record": json_file(ann)}).status_code == 302  # to the game
    assert GameSession.objects.count() == 7
    assert client.post(UPLOAD, {"record": json_file([cat] * 2)}).status_code == 429
    assert GameSession.objects.count() == 7


def test_a_broken_backup_imports_nothing(client):
    good = json.dumps(record("memory-bridge", ["Ann", "Ben"], []))
    assert refused(client, json_file(f"[{good}, {good}".encode())).startswith("The file is not valid JSON")


# -- every game in one file, and back (issue 22, item 3) ------------------------------------------


def test_download_every_game(client, owner, django_user_model):
    first = import_record(
        owner=owner, record=record(rounds=BUGGER_EXAMPLE, started="2026-01-02T20:00:00+00:00")
    )
    second = import_record(owner=owner, record=record("memory-bridge", ["Ann", "Ben"], []))
    trashed = import_record(owner=owner, record=record("memory-bridge", ["Cat", "Dan"], []))
    trashed.deleted_at = timezone.now()
    trashed.save()
    import_record(owner=django_user_model.objects.create_user("other"), record=record())
    response = client.get(reverse("games:record-backup"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    day = timezone.localdate().isoformat()
    assert response["Content-Disposition"] == f'attachment; filename="scorekeeper-backup-{day}.json"'
    backup = json.loads(response.content)
    assert backup == [export_session(first), export_session(second)]  # oldest first, no owner
    assert backup[0]["started"] == "2026-01-02T20:00:00+00:00"
    assert Client().get(reverse("games:record-backup")).status_code == 302  # log in first


def test_download_every_game_then_restore_into_a_new_account(client, owner, django_user_model):
    for rec in [
        record(rounds=BUGGER_EXAMPLE, finished_early=True, started="2026-01-02T20:00:00+00:00"),
        record("memory-bridge", ["Ann", "Ben"], [{"first_half": [13, 0], "contract": None}]),
    ]:
        import_record(owner=owner, record=rec)
    backup = client.get(reverse("games:record-backup")).content
    newcomer = Client()
    newcomer.force_login(django_user_model.objects.create_user("newcomer"))
    response = newcomer.post(UPLOAD, {"record": json_file(backup)}, headers={"HX-Request": "true"})
    assert "<strong>2 games restored.</strong>" in response.content.decode()
    assert newcomer.get(reverse("games:record-backup")).content == backup


def test_a_new_game_imported_through_htmx_opens_its_sheet(client):
    response = client.post(UPLOAD, {"record": json_file(record())}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert response["HX-Redirect"] == reverse("games:sheet", args=[GameSession.objects.get().pk])


def test_the_page_is_linked_from_history_and_the_user_name(client):
    html = client.get(reverse("games:history")).content.decode()
    assert f'<a class="button" href="{UPLOAD}">Back up and restore</a>' in html
    assert f'<a class="who" href="{UPLOAD}"' in html
