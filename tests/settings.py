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
