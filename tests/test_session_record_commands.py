"""manage.py import_session and export_session."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import GameSession, Player
from games.session_record import RecordError, export_session, import_record, import_records
from tests.test_session_record import BUGGER_EXAMPLE, NAMES, counts, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(django_user_model):
    return django_user_model.objects.create_user("owner")


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def write(tmp_path: Path, rec, name="record.json") -> str:
    path = tmp_path / name
    path.write_text(rec if isinstance(rec, str) else json.dumps(rec), encoding="utf-8")
    return str(path)


# -- import_session ----------------------------------------------------------------------


def test_import_prints_the_id_last(owner, tmp_path):
    output = run("import_session", write(tmp_path, record(rounds=BUGGER_EXAMPLE)))
    lines = output.splitlines()
    session = GameSession.objects.get()
    assert lines[-1] == str(session.pk)
    assert lines[0] == "Imported Bugger Bridge for owner: 3 rounds, in progress."
    assert session.owner == owner
    assert export_session(session)["rounds"][-1]["totals"] == [20, 21, 33, 20, 31]


@pytest.mark.usefixtures("owner")
def test_import_from_standard_input_text(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(record(rounds=BUGGER_EXAMPLE))))
    pk = run("import_session", "-").splitlines()[-1]
    assert GameSession.objects.get(pk=int(pk)).rounds.count() == 3


@pytest.mark.usefixtures("owner")
def test_import_from_standard_input_bytes(monkeypatch):
    raw = json.dumps(record(players=["Zoë", "Øyvind", "Łucja"]), ensure_ascii=False).encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw), encoding="ascii"))
    pk = run("import_session", "-").splitlines()[-1]
    assert export_session(GameSession.objects.get(pk=int(pk)))["players"] == ["Zoë", "Øyvind", "Łucja"]


@pytest.mark.usefixtures("owner")
def test_invalid_record_names_round_and_player_and_stores_nothing(tmp_path):
    rec = record(rounds=BUGGER_EXAMPLE)
    rec["rounds"][1]["bids"][1] = 3
    path = write(tmp_path, rec)
    before = counts()
    with pytest.raises(CommandError) as caught:
        run("import_session", path)
    assert str(caught.value) == (
        f"{path}: not imported: Round 2: Helen bid 3, but a bid must be 0 to 2 with 2 cards dealt."
    )
    assert counts() == before


@pytest.mark.usefixtures("owner")
def test_invalid_json(tmp_path, monkeypatch):
    with pytest.raises(CommandError, match=r"not valid JSON: Expecting .* \(line 1, column \d+\)"):
        run("import_session", write(tmp_path, '{"format": "scorekeeper-session",'))
    monkeypatch.setattr(sys, "stdin", io.StringIO("not json"))
    with pytest.raises(CommandError, match="^standard input: not imported: The file is not valid JSON"):
        run("import_session", "-")
    assert not GameSession.objects.exists()


@pytest.mark.usefixtures("owner")
def test_unreadable_file(tmp_path):
    with pytest.raises(CommandError, match="Cannot read .*missing.json: No such file or directory"):
        run("import_session", str(tmp_path / "missing.json"))


@pytest.mark.usefixtures("owner")
def test_owner_by_user_option(django_user_model, tmp_path):
    django_user_model.objects.create_user("kim")
    run("import_session", "--user", "kim", write(tmp_path, record()))
    assert GameSession.objects.get().owner.username == "kim"


@pytest.mark.usefixtures("owner")
def test_unknown_user(tmp_path):
    with pytest.raises(CommandError, match="There is no user 'nobody'"):
        run("import_session", "--user", "nobody", write(tmp_path, record()))


@pytest.mark.usefixtures("owner")
def test_owner_is_the_only_superuser(django_user_model, tmp_path):
    django_user_model.objects.create_superuser("admin")
    run("import_session", write(tmp_path, record()))
    assert GameSession.objects.get().owner.username == "admin"


@pytest.mark.usefixtures("owner")
def test_several_users_need_the_user_option(django_user_model, tmp_path):
    django_user_model.objects.create_user("kim")
    with pytest.raises(CommandError, match="Pass --user USERNAME"):
        run("import_session", write(tmp_path, record()))
    django_user_model.objects.create_superuser("admin1")
    django_user_model.objects.create_superuser("admin2")
    with pytest.raises(CommandError, match="Pass --user USERNAME"):
        run("import_session", write(tmp_path, record()))
    assert not GameSession.objects.exists()


def test_no_users_at_all(tmp_path):
    with pytest.raises(CommandError, match="There are no users yet"):
        run("import_session", write(tmp_path, record()))


# -- import_session with a whole backup (a JSON array of records) ------------------------------


def run_refused(*args) -> tuple[str, str]:
    """The lines printed and the CommandError's message of a command that exits non-zero."""
    out = io.StringIO()
    with pytest.raises(CommandError) as caught:
        call_command(*args, stdout=out)
    return out.getvalue(), str(caught.value)


def some_records() -> list[dict]:
    """A record of every game, and an unfinished, a finished and an ended-early one."""
    deal = {"hcp": [14, 6, 16, 4], "contract": {"strain": "NT", "game": True}, "tricks": 10}
    return [
        record(rounds=BUGGER_EXAMPLE),
        record("call-bridge", NAMES[:4], [{"bids": [4, 8, 3, 2], "tricks": [5, 8, 0, 0]}, {"bids": [2] * 4}]),
        record("mormon-bridge", NAMES[:4], [{"bids": [0, 0, 1, 0], "tricks": [0, 0, 1, 0]}]),
        record("minibridge", NAMES[:4], [{"hcp": [10, 10, 10, 10], "redeal": True}]),
        record("memory-bridge", NAMES[:2], [{"first_half": [13, 0], "contract": None}]),
        record("minibridge", ["Ann", "Ben", "Cat", "Dan"], [deal] * 2, options={"deals": 2}),
        record(rounds=BUGGER_EXAMPLE[:1], finished_early=True, first_dealer=2),
    ]


def test_backup_restores_every_session_exactly(owner, tmp_path):
    for rec in some_records():
        import_record(owner=owner, record=rec)
    backup = run("export_session", "--all")
    # A fresh installation: no game and no player, the one user.
    GameSession.objects.all().delete()
    Player.objects.all().delete()
    lines = run("import_session", write(tmp_path, backup)).splitlines()
    sessions = list(GameSession.objects.order_by("pk"))
    assert lines == [str(s.pk) for s in sessions]
    assert json.loads(run("export_session", "--all")) == json.loads(backup)
    assert {s.owner for s in sessions} == {owner}


@pytest.mark.usefixtures("owner")
def test_backup_record_refused_alone(tmp_path):
    good = record(rounds=BUGGER_EXAMPLE)
    bad = record(rounds=BUGGER_EXAMPLE)
    bad["rounds"][2]["tricks"] = [0, 1, 1, 0, 0]
    repeated_key = '{"format": "scorekeeper-session", "format": "scorekeeper-session"}'
    text = f"[{json.dumps(good)}, {json.dumps(bad)},\n {repeated_key}, 7, {json.dumps(good)}]"
    lines, error = run_refused("import_session", write(tmp_path, text))
    lines = lines.splitlines()
    pks = [s.pk for s in GameSession.objects.order_by("pk")]
    assert len(pks) == 2
    assert lines == [
        str(pks[0]),
        "Record 2: not imported: Round 3: the tricks add up to 2, but 3 were played (1 too few).",
        "Record 3: not imported: The file is not a valid record: the key 'format' appears twice in one object.",
        "Record 4: not imported: A session record must be a JSON object.",
        str(pks[1]),
    ]
    assert error.endswith("3 of 5 records not imported (see the lines above); the others were.")


@pytest.mark.usefixtures("owner")
def test_broken_backup_keeps_what_came_before(tmp_path, monkeypatch):
    good = json.dumps(record(rounds=BUGGER_EXAMPLE))
    lines, error = run_refused("import_session", write(tmp_path, f"[{good},\n{good[:-1]}, {good}]"))
    assert lines.splitlines() == [str(GameSession.objects.get().pk)]
    assert error.startswith(f"{tmp_path / 'record.json'}: The file is not valid JSON: Expecting")
    assert "(line 2, column" in error and error.endswith("nothing after it was read.")
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"[{good}, {good}"))
    lines, error = run_refused("import_session", "-")
    assert len(lines.splitlines()) == 2 and "not valid JSON" in error
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"[{good}] []"))
    lines, error = run_refused("import_session", "-")
    assert len(lines.splitlines()) == 1 and "Extra data after the array" in error


@pytest.mark.usefixtures("owner")
def test_empty_backup(tmp_path):
    assert run("import_session", write(tmp_path, " [ ]\n")) == ""
    assert not GameSession.objects.exists()


@pytest.mark.usefixtures("owner")
def test_backup_larger_than_the_record_limit(tmp_path, settings):
    """The size limit is each record's: a backup may be larger; a record over it is refused alone."""
    good = json.dumps(record(rounds=BUGGER_EXAMPLE))
    settings.SESSION_RECORD_MAX_BYTES = len(good) + 10
    big = record(rounds=BUGGER_EXAMPLE, players=["Ann" * 13, "Ben" * 13, "Cat" * 13, "Dan" * 13, "Eve" * 13])
    path = write(tmp_path, f"[{good}, {good}, {json.dumps(big)}, {good}]")
    lines, error = run_refused("import_session", path)
    assert GameSession.objects.count() == 3
    assert lines.splitlines()[2].startswith("Record 3: not imported: The record is more than")
    assert error.endswith("1 of 4 records not imported (see the lines above); the others were.")
    # One record over the limit is refused as before, unread past the limit.
    with pytest.raises(CommandError, match="a session record may be at most"):
        run("import_session", write(tmp_path, json.dumps(big)))


def test_backup_batches_keep_order_and_fixed_queries(owner, django_user_model):
    records = some_records()
    bad = record(rounds=BUGGER_EXAMPLE, first_dealer=9)
    mixed = [records[0], bad, *records[1:4], bad, *records[4:]]
    outcomes = list(import_records(owner=owner, records=mixed, batch=2))
    refused = [i for i, o in enumerate(outcomes) if isinstance(o, RecordError)]
    assert refused == [1, 5]
    stored = [o for o in outcomes if not isinstance(o, RecordError)]
    assert [export_session(s)["game"] for s in stored] == [r["game"] for r in records]
    assert [s.pk for s in stored] == sorted(s.pk for s in stored)

    # A batch costs the same queries whatever it holds: sessions, players (read, new ones
    # made and read again), seats, rounds and entries, in one savepoint.
    other, third = (django_user_model.objects.create_user(name) for name in ("other", "third"))
    with CaptureQueriesContext(connection) as few:
        list(import_records(owner=other, records=records[:2]))
    with CaptureQueriesContext(connection) as many:
        list(import_records(owner=third, records=records * 20))
    assert len(few.captured_queries) == len(many.captured_queries) == 9


# -- export_session --------------------------------------------------------------------------


def test_export_one(owner):
    session = import_record(owner=owner, record=record(rounds=BUGGER_EXAMPLE))
    printed = json.loads(run("export_session", str(session.pk)))
    assert printed == export_session(session)
    assert printed["result"]["totals"] == [20, 21, 33, 20, 31]


@pytest.mark.usefixtures("owner")
def test_export_unknown_id():
    with pytest.raises(CommandError, match="There is no session with id 999"):
        run("export_session", "999")


def test_export_needs_an_id_or_all():
    with pytest.raises(CommandError, match="one of the arguments ID --all is required"):
        run("export_session")


def test_export_all(owner, django_user_model):
    other = django_user_model.objects.create_user("other")
    first = import_record(owner=owner, record=record(rounds=BUGGER_EXAMPLE))
    second = import_record(owner=other, record=record("memory-bridge", ["Ann", "Ben"]))
    printed = json.loads(run("export_session", "--all"))
    assert printed == [export_session(first), export_session(second)]


def test_export_all_with_no_sessions():
    assert json.loads(run("export_session", "--all")) == []


def test_export_then_import_gives_the_same_record(owner, tmp_path):
    session = import_record(owner=owner, record=record("call-bridge", NAMES[:4], [{"bids": [4, 8, 3, 2]}]))
    exported = run("export_session", str(session.pk))
    pk = run("import_session", write(tmp_path, exported)).splitlines()[-1]
    assert export_session(GameSession.objects.get(pk=int(pk))) == json.loads(exported)


# -- as a shell runs them: exit codes and a pipe --------------------------------------------------


def test_exit_codes_through_manage_py(tmp_path):
    """The real commands in a fresh database: 0 and the id on success, non-zero and a message on refusal."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tests.settings",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    manage = [sys.executable, str(Path(settings.BASE_DIR) / "manage.py")]

    def shell(*args, stdin=None):
        return subprocess.run(
            [*manage, *args], input=stdin, capture_output=True, text=True, env=env, cwd=settings.BASE_DIR
        )

    assert shell("migrate", "--verbosity", "0").returncode == 0
    assert (
        shell(
            "shell", "-c", "from django.contrib.auth.models import User; User.objects.create_user('bob')"
        ).returncode
        == 0
    )

    ok = shell("import_session", "-", stdin=json.dumps(record(rounds=BUGGER_EXAMPLE)))
    assert ok.returncode == 0, ok.stderr
    pk = ok.stdout.splitlines()[-1]
    assert pk.isdigit()

    bad = record(rounds=BUGGER_EXAMPLE)
    bad["rounds"][2]["tricks"] = [0, 1, 1, 0, 0]
    refused = shell("import_session", "-", stdin=json.dumps(bad))
    assert refused.returncode != 0
    assert "Round 3: the tricks add up to 2, but 3 were played" in refused.stderr

    exported = shell("export_session", pk)
    assert exported.returncode == 0
    assert json.loads(exported.stdout)["rounds"][-1]["totals"] == [20, 21, 33, 20, 31]
    missing = shell("export_session", "12345")
    assert missing.returncode != 0 and "There is no session with id 12345" in missing.stderr
    everything = shell("export_session", "--all")
    assert [r["players"] for r in json.loads(everything.stdout)] == [NAMES]

    backup = shell("import_session", "-", stdin=f"[{everything.stdout[1:-2]}, {json.dumps(bad)}]")
    assert backup.returncode != 0
    assert backup.stdout.splitlines()[0].isdigit()
    assert backup.stdout.splitlines()[1].startswith("Record 2: not imported: Round 3: the tricks add up to 2")
    assert "1 of 2 records not imported" in backup.stderr
