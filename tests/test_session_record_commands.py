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

from games.backup.session_record import (
    BackupRefused,
    RecordError,
    export_session,
    import_record,
    restore,
    restore_one,
)
from games.models import GameSession, Player
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
def test_a_backup_stores_each_good_record_and_lists_every_refused_one(tmp_path):
    """As the spec says: each record checked and stored on its own, a line per record, exit non-zero."""
    good = record(rounds=BUGGER_EXAMPLE)
    other = record(rounds=BUGGER_EXAMPLE, players=["Ann", "Ben", "Cat", "Dan", "Eve"])
    bad = record(rounds=BUGGER_EXAMPLE)
    bad["rounds"][2]["tricks"] = [0, 1, 1, 0, 0]
    repeated_key = '{"format": "scorekeeper-session", "format": "scorekeeper-session"}'
    text = f"[{json.dumps(good)}, {json.dumps(bad)},\n {repeated_key}, 7, {json.dumps(other)}]"
    lines, error = run_refused("import_session", write(tmp_path, text))
    stored = list(GameSession.objects.order_by("pk"))
    assert len(stored) == 2
    # Every refused record is listed with its reason, not only the first; the others by their ids.
    assert lines.splitlines() == [
        str(stored[0].pk),
        "Record 2: not imported: Round 3: the tricks add up to 2, but 3 were played (1 too few).",
        "Record 3: not imported: The file is not a valid record: the key 'format' appears twice in one object.",
        "Record 4: not imported: A session record must be a JSON object.",
        str(stored[1].pk),
    ]
    assert error.endswith("3 of 5 records refused (listed above); 2 imported.")


@pytest.mark.usefixtures("owner")
def test_a_broken_backup_imports_nothing(tmp_path, monkeypatch):
    good = json.dumps(record(rounds=BUGGER_EXAMPLE))
    lines, error = run_refused("import_session", write(tmp_path, f"[{good},\n{good[:-1]}, {good}]"))
    assert lines == "" and not GameSession.objects.exists()
    assert error.startswith(f"{tmp_path / 'record.json'}: The file is not valid JSON: Expecting")
    assert "(line 2, column" in error and error.endswith("Nothing was imported.")
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"[{good}, {good}"))
    lines, error = run_refused("import_session", "-")
    assert lines == "" and "not valid JSON" in error
    for trailing in (f"[{good}] []", "[] x", "[ ]\n]"):  # an empty backup is one too
        monkeypatch.setattr(sys, "stdin", io.StringIO(trailing))
        lines, error = run_refused("import_session", "-")
        assert lines == "" and "Extra data after the array" in error, trailing
    assert not GameSession.objects.exists()


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
    assert GameSession.objects.count() == 3  # the good ones, each on its own (no start time: not matched)
    assert lines.splitlines()[2].startswith("Record 3: not imported: The record is more than")
    assert "1 of 4 records refused" in error
    # One record over the limit is refused as before, unread past the limit.
    with pytest.raises(CommandError, match="a session record may be at most"):
        run("import_session", write(tmp_path, json.dumps(big)))
    assert len(run("import_session", write(tmp_path, f"[{good}, {good}, {good}]")).splitlines()) == 3


def test_backup_batches_keep_order_and_fixed_queries(owner, django_user_model):
    records = some_records()
    outcomes = restore(owner=owner, records=records, batch=2)
    assert [o.new for o in outcomes] == [True] * len(records)
    stored = [o.session for o in outcomes]
    assert [export_session(s)["game"] for s in stored] == [r["game"] for r in records]
    assert [s.pk for s in stored] == sorted(s.pk for s in stored)

    bad = record(rounds=BUGGER_EXAMPLE, first_dealer=9)
    before = counts()
    with pytest.raises(BackupRefused) as refused:
        restore(owner=owner, records=[records[0], bad, *records[1:4], bad], batch=2)
    assert [number for number, _ in refused.value.refused] == [2, 6]
    assert counts() == before

    # A batch costs the same queries whatever it holds: sessions, players (read, new ones
    # made and read again), seats, rounds and entries, in savepoints inside one transaction.
    other, third = (django_user_model.objects.create_user(name) for name in ("other", "third"))
    with CaptureQueriesContext(connection) as few:
        restore(owner=other, records=records[:2])
    with CaptureQueriesContext(connection) as many:
        restore(owner=third, records=records * 20)
    assert len(few.captured_queries) == len(many.captured_queries) == 11


# -- a whole server moved: owners and dates kept (issue 20, item 8) ----------------------------------


def test_a_whole_server_moves_with_its_owners_and_dates(django_user_model, tmp_path):
    """export_session --all from a server with three users into a fresh one with --keep-owners, and
    export again: identical, dates included (so periods, standings by date and streaks are the same)."""
    ann = django_user_model.objects.create_superuser("ann", password="pw")
    ben = django_user_model.objects.create_user("ben", password="pw")
    cat = django_user_model.objects.create_user("cat.é", password="pw")
    games = some_records()
    for i, rec in enumerate(games):
        rec["started"] = f"2025-0{i + 1}-1{i}T19:30:00.{i}5+02:00"
        if i == 5:  # finished (two deals of two): it ended that evening
            rec["ended"] = f"2025-0{i + 1}-1{i}T23:05:00+02:00"
    owners = [ann, ben, cat, ben, cat, ann, ben]
    for rec, owner in zip(games, owners, strict=True):
        import_record(owner=owner, record=rec)
    import_record(owner=cat, record=record("memory-bridge", ["Ann", "Ben"], []))  # started now
    backup = run("export_session", "--all")
    exported = json.loads(backup)
    assert [r["owner"] for r in exported] == ["ann", "ben", "cat.é", "ben", "cat.é", "ann", "ben", "cat.é"]
    assert exported[0]["started"] == "2025-01-10T17:30:00.050000+00:00"
    assert exported[5]["ended"] == "2025-06-15T21:05:00+00:00"

    # A fresh server: no game, no player, no user at all.
    GameSession.objects.all().delete()
    Player.objects.all().delete()
    django_user_model.objects.all().delete()
    lines = run("import_session", "--keep-owners", write(tmp_path, backup)).splitlines()
    assert [GameSession.objects.get(pk=int(pk)).owner.username for pk in lines] == [
        r["owner"] for r in exported
    ]
    assert run("export_session", "--all") == backup
    made = {u.username: u for u in django_user_model.objects.all()}
    assert sorted(made) == ["ann", "ben", "cat.é"]
    assert not any(u.has_usable_password() for u in made.values())
    assert [g.owner.username for g in GameSession.objects.order_by("created")] == [
        r["owner"] for r in exported
    ]

    # The same backup again adds nothing: every game is already there, for its owner.
    again = run("import_session", "--keep-owners", write(tmp_path, backup)).splitlines()
    assert again[0] == f"Record 1: already here as {lines[0]}; not imported again."
    assert len(again) == 8 and GameSession.objects.count() == 8


def test_without_keep_owners_the_owner_is_ignored(django_user_model, tmp_path):
    kim = django_user_model.objects.create_user("kim")
    rec = record(owner="nobody here", started="2026-11-21T19:30:00+00:00")
    run("import_session", "--user", "kim", write(tmp_path, rec))
    assert GameSession.objects.get().owner == kim
    assert not django_user_model.objects.filter(username="nobody here").exists()


def test_keep_owners_gives_games_to_existing_accounts_and_refuses_bad_names(django_user_model, tmp_path):
    kim = django_user_model.objects.create_user("kim", password="secret")
    lines = run(
        "import_session", "--keep-owners", write(tmp_path, [record(owner="kim"), record()])
    ).splitlines()
    assert [GameSession.objects.get(pk=int(pk)).owner for pk in lines] == [
        kim,
        kim,
    ]  # no owner: the only user
    kim.refresh_from_db()
    assert kim.check_password("secret")
    before = counts()
    out, error = run_refused(
        "import_session", "--keep-owners", write(tmp_path, [record(owner="a b/c"), record(owner=7)])
    )
    assert out.splitlines() == [
        'Record 1: not imported: owner must be the user name of the account the game belongs to, not "a b/c".',
        "Record 2: not imported: owner must be the user name of the account the game belongs to, not 7.",
    ]
    assert counts() == before and django_user_model.objects.count() == 1


def test_dates_are_checked(owner):
    def refusal(**dates) -> str:
        with pytest.raises(RecordError) as caught:
            restore_one(owner=owner, record=record(**dates))
        return caught.value.message

    assert refusal(started="2026-11-21T19:30:00") == (
        "started must be a date and time with its offset from UTC, as 2026-11-21T19:30:00+00:00, "
        'not "2026-11-21T19:30:00".'
    )
    assert refusal(started="yesterday").startswith("started must be a date and time")
    assert refusal(ended=1700000000).startswith("ended must be a date and time")
    assert refusal(started="0001-01-01T00:00:00+05:00").startswith(
        "started must be a date from the year 1900"
    )
    assert refusal(started="2026-11-21T19:30:00+00:00", ended="2026-11-21T19:29:59+00:00").startswith(
        "The game ended (2026-11-21T19:29:59+00:00) before it started"
    )
    assert refusal(ended="2026-11-21T19:30:00+00:00") == (
        "The record says when the game ended, but the game is not over."
    )
    assert not GameSession.objects.exists()


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
    assert printed == [export_session(first, owner=True), export_session(second, owner=True)]
    assert [r["owner"] for r in printed] == ["owner", "other"]


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

    backup = shell("import_session", "-", stdin=f"[{json.dumps(record())}, {json.dumps(bad)}]")
    assert backup.returncode != 0
    first, second = backup.stdout.splitlines()
    assert shell("export_session", first).returncode == 0  # the good record is stored on its own
    assert second == "Record 2: not imported: Round 3: the tricks add up to 2, but 3 were played (1 too few)."
    assert "1 of 2 records refused (listed above); 1 imported." in backup.stderr
    assert "Traceback" not in backup.stderr
    # The server's own backup again: each game is already there, nothing is added.
    again = shell("import_session", "-", stdin=everything.stdout)
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines() == [f"Record 1: already here as {pk}; not imported again."]
