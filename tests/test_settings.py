"""Settings come from the environment, fail loudly on bad values, and pass Django's deploy checks."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PRODUCTION = {
    "DEBUG": "false",
    "HTTPS": "true",
    "SECRET_KEY": "x" * 20 + "a-long-random-production-secret-Zq8#pL2@vN5!kR7$wT1%",
    "ALLOWED_HOSTS": "scores.example.com",
    "CSRF_TRUSTED_ORIGINS": "https://scores.example.com",
}


def manage(*args, env: dict[str, str]) -> subprocess.CompletedProcess:
    # The environment of a deployment: none of the test run's own switches (the browser tests
    # set DJANGO_ALLOW_ASYNC_UNSAFE in this process).
    dropped = {
        "DEBUG",
        "SECRET_KEY",
        "HTTPS",
        "DATABASE_URL",
        "DJANGO_ALLOW_ASYNC_UNSAFE",
        "DJANGO_SETTINGS_MODULE",
    }
    clean = {k: v for k, v in os.environ.items() if k not in dropped}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_production_settings_pass_check_deploy_without_a_warning():
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


@pytest.mark.parametrize(
    ("env", "message"),
    [
        (
            {"DEBUG": "false", "SECRET_KEY": "", "SECRET_KEY_FILE": "/nonexistent/key"},
            "SECRET_KEY is not set",
        ),
        ({"DEBUG": "maybe"}, "DEBUG must be true or false, not 'maybe'"),
        ({**PRODUCTION, "SECURE_HSTS_SECONDS": "a year"}, "SECURE_HSTS_SECONDS must be a whole number"),
        ({"DEBUG": "true", "DATABASE_URL": "nosuchdb://x"}, "DATABASE_URL cannot be read"),
    ],
)
def test_bad_settings_fail_loudly(env, message):
    result = manage("check", env=env)
    assert result.returncode != 0
    assert message in result.stderr


def test_default_database_is_sqlite_in_wal_mode_with_immediate_transactions():
    result = manage(
        "shell",
        "-c",
        "from django.db import connection; c = connection.cursor(); c.execute('PRAGMA journal_mode');"
        "print(c.fetchone()[0], connection.transaction_mode, connection.settings_dict['NAME'])",
        env={"DEBUG": "true"},
    )
    assert result.returncode == 0, result.stderr
    mode, transaction_mode, name = result.stdout.strip().splitlines()[-1].split()
    assert mode == "wal" and transaction_mode == "IMMEDIATE" and name.endswith("db.sqlite3")


def test_secret_key_is_read_from_the_key_file_scripts_serve_keeps(tmp_path):
    key_file = tmp_path / "secret_key"
    key_file.write_text("k" * 60 + "\n")
    env = {"DEBUG": "false", "HTTPS": "false", "SECRET_KEY_FILE": str(key_file)}
    result = manage("shell", "-c", "from django.conf import settings; print(settings.SECRET_KEY)", env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "k" * 60
    missing = manage("check", env={"DEBUG": "false", "SECRET_KEY_FILE": str(tmp_path / "absent")})
    assert missing.returncode != 0 and "SECRET_KEY is not set" in missing.stderr
