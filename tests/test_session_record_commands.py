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

from games.models import GameSession
from games.session_record import export_session, import_record
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
