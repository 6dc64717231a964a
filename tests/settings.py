"""Settings for the test suite: the real settings with a test key and plain static storage."""

import os

os.environ.setdefault("SECRET_KEY", "test-suite-only-secret-key-not-for-production-0123456789")
os.environ.setdefault("HTTPS", "false")
os.environ.setdefault("DEBUG", "false")

from scorekeeper.settings import *  # noqa: E402,F403

# Tests and the live server read static files straight from the apps, no collectstatic.
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# The live server of the browser tests answers each request in a thread of its own. An in-memory
# SQLite test database would be one connection shared by all of them, so two phones' requests at
# once (a live check during a save, a double tap) could interleave in one transaction or fail with
# "table is locked". A file, one per process (two test runs in one tree don't meet), behaves like
# the server's own SQLite: a connection per thread, WAL, the busy timeout, IMMEDIATE transactions.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    import tempfile

    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": os.path.join(tempfile.gettempdir(), f"scorekeeper-test-{os.getpid()}.sqlite3")
    }
