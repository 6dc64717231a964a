"""A manage.py command prints what it is for and nothing else: scripts read its output."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent


def test_a_command_prints_only_its_own_output(tmp_path):
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",  # the settings a server's owner runs
        "SECRET_KEY": "command-output-test-key-0123456789-abcdefghijklmnopqrstuvwxyz",
        "DEBUG": "false",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    env.pop("LOG_LEVEL", None)
    done = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        "System check identified no issues (0 silenced).\n",
        "",
    )
