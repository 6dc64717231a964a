"""Settings for the test suite: the real settings, with a test key, a fast password hasher and the
test database. Nothing a browser receives differs from what users get: the static files are the
production ones (collected, hashed, compressed; tests/conftest.py collects them once per run into a
temporary STATIC_ROOT), and the browser tests talk to gunicorn serving these same settings
(tests/browser/conftest.py).
"""

import os
import tempfile
from pathlib import Path

os.environ.setdefault("SECRET_KEY", "test-suite-only-secret-key-not-for-production-0123456789")
os.environ.setdefault("HTTPS", "false")
os.environ.setdefault("DEBUG", "false")

from scorekeeper.settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# The collected static files, one folder per test run: named by the first process that reads these
# settings (pytest itself, before its xdist workers start), which hands it on in the environment to
# the workers and to the gunicorn of the browser tests, and removes it at the end (tests/conftest.py).
STATIC_ROOT_OWNED = "SCOREKEEPER_TEST_STATIC_ROOT" not in os.environ
if STATIC_ROOT_OWNED:
    os.environ["SCOREKEEPER_TEST_STATIC_ROOT"] = os.path.join(
        tempfile.gettempdir(), f"scorekeeper-test-static-{os.getpid()}"
    )
STATIC_ROOT = Path(os.environ["SCOREKEEPER_TEST_STATIC_ROOT"])

# The served app (gunicorn, started by the browser tests) uses the database pytest made for them.
SERVED_DATABASE = os.environ.get("SCOREKEEPER_TEST_SERVED_DATABASE")
if SERVED_DATABASE:
    DATABASES["default"]["NAME"] = SERVED_DATABASE  # noqa: F405

# The test database on SQLite is a file, one per process (two test runs in one tree don't meet),
# which behaves like the server's own SQLite and which the served app can open too: a connection
# per thread, WAL, the busy timeout, IMMEDIATE transactions.
elif DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": os.path.join(tempfile.gettempdir(), f"scorekeeper-test-{os.getpid()}.sqlite3")
    }
