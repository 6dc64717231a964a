"""Scorekeeper settings, read from the environment.

Every value comes from an environment variable with a safe default; a value
that cannot be read fails loudly at start-up instead of being guessed. The
docs/production.md lists the variables for a production server.
"""

import datetime
import os
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {raw!r}.")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}.") from None


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_email(name: str) -> dict:
    """Django's MAILERS from one URL: ``smtp://user:password@host:587?tls=true``, ``smtps://...:465``
    (SSL), or ``console://`` (printed to the terminal, for development). Unset: {} (no mail at all)."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return {}
    url = urlsplit(raw)
    if url.scheme == "console":
        return {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
    if url.scheme not in ("smtp", "smtps") or not url.hostname:
        raise ImproperlyConfigured(f"{name} must look like smtp://user:password@host:587, not {raw!r}.")
    query = {key: values[-1] for key, values in parse_qs(url.query).items()}
    try:
        port = url.port or (465 if url.scheme == "smtps" else 25)
    except ValueError:
        raise ImproperlyConfigured(f"{name} has a port that is not a number: {raw!r}.") from None
    options = {
        "host": url.hostname,
        "port": port,
        "username": unquote(url.username or ""),
        "password": unquote(url.password or ""),
        "use_ssl": url.scheme == "smtps",
        "use_tls": url.scheme == "smtp" and query.get("tls", "").lower() in _TRUE,
    }
    return {"default": {"BACKEND": "django.core.mail.backends.smtp.EmailBackend", "OPTIONS": options}}


DEBUG = env_bool("DEBUG", False)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
# scripts/serve keeps a generated key here, so manage.py commands find it too.
SECRET_KEY_FILE = Path(os.environ.get("SECRET_KEY_FILE", BASE_DIR / "var" / "secret_key"))
if not SECRET_KEY and SECRET_KEY_FILE.is_file():
    SECRET_KEY = SECRET_KEY_FILE.read_text().strip()
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Set it to a long random string (or DEBUG=true for development)."
        )
    SECRET_KEY = "django-insecure-development-only-key-never-use-in-production"

# The address phones on the same Wi-Fi reach this server at (http://192.168.1.20:8000), set by
# scripts/serve with HOST=0.0.0.0: share links made on this computer (at 127.0.0.1) name it.
LAN_URL = os.environ.get("LAN_URL", "").strip()
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

# Served over HTTPS (behind a proxy that sets X-Forwarded-Proto) unless told otherwise
# (scripts/serve sets HTTPS=false for phones on the same Wi-Fi).
HTTPS = env_bool("HTTPS", not DEBUG)
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # a probe over plain HTTP gets its answer, not a redirect
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "axes",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages are never kept by a browser or a proxy (they show games and share links), unless a
    # view says otherwise; static files were answered just before, by WhiteNoise.
    "scorekeeper.middleware.NoStoreMiddleware",
    # Pages and htmx answers gzipped (WhiteNoise serves static files precompressed, brotli
    # or gzip, before this); Django pads each compressed answer at random against BREACH.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the footer switcher's choice (the language cookie), else the browser's
    # Accept-Language, else English. After the sessions, before CommonMiddleware, as Django asks.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A body over REQUEST_MAX_BYTES is refused before it is read (after the middleware that
    # give the refusal page its user, language and headers; nothing before reads the body).
    "scorekeeper.middleware.RequestSizeMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

# Wrong passwords, counted by django-axes per address (games/accounts/login_failures.py): past
# LOGIN_FAILURE_LIMIT one user name is paused at that address, past LOGIN_ADDRESS_FAILURE_LIMIT the address.
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
AXES_HANDLER = "games.accounts.login_failures.LoginFailures"
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]  # the handler reads them in this order
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
LOGIN_ADDRESS_FAILURE_LIMIT = env_int("LOGIN_ADDRESS_FAILURE_LIMIT", 20)
AXES_COOLOFF_TIME = datetime.timedelta(minutes=env_int("LOGIN_COOLOFF_MINUTES", 15))
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "games.accounts.throttle.locked_out"
AXES_CLIENT_IP_CALLABLE = "games.accounts.throttle.client_ip"
AXES_USERNAME_CALLABLE = "games.accounts.throttle.axes_username"  # cut to a user name's length
# How many proxies in front of gunicorn append to X-Forwarded-For (nginx, Caddy): the client's
# address is that many from the end; 0 (no proxy) reads the connection's own address.
TRUSTED_PROXIES = env_int("TRUSTED_PROXIES", 0)
# Sign-ups and games started without an account (guests) per address, and a user's new games and
# imports, per hour.
SIGNUPS_PER_HOUR = env_int("SIGNUPS_PER_HOUR", 5)
GUESTS_PER_HOUR = env_int("GUESTS_PER_HOUR", 10)
GAMES_PER_HOUR = env_int("GAMES_PER_HOUR", 30)
IMPORTS_PER_HOUR = env_int("IMPORTS_PER_HOUR", 30)
# The counters are database rows (games/accounts/throttle.py), and so is Django's default cache
# (scripts/serve runs createcachetable): nothing else needs running.
CACHES: dict[str, dict[str, Any]] = {
    "default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "scorekeeper_cache"},
    # Drawn parts of score sheets, under keys holding each game's version (never stale). Local memory
    # by default; several app servers may share one (docs/performance.md): SHEET_CACHE_BACKEND names a
    # Django cache backend, SHEET_CACHE_LOCATION its location (a RedisCache and redis://..., say).
    "sheets": {
        "BACKEND": os.environ.get("SHEET_CACHE_BACKEND", "django.core.cache.backends.locmem.LocMemCache"),
        "LOCATION": os.environ.get("SHEET_CACHE_LOCATION", "sheets"),
        "TIMEOUT": 24 * 3600,
    },
}
# A bound on a process's own memory; Redis and memcached bound themselves (and refuse the option).
if CACHES["sheets"]["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache":
    CACHES["sheets"]["OPTIONS"] = {"MAX_ENTRIES": 500}
# Ours: a Redis out of reach is a miss (scorekeeper/cache.py); one that hangs is given up on quickly.
elif CACHES["sheets"]["BACKEND"] == "scorekeeper.cache.RedisCache":
    CACHES["sheets"]["OPTIONS"] = {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}

ROOT_URLCONF = "scorekeeper.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
                "games.context_processors.accounts",
                "games.context_processors.kept_game_url",
                # Last: a sheet page drawn to be kept in the cache has placeholders for its CSRF token.
                "games.context_processors.placeholders",
            ]
        },
    }
]

WSGI_APPLICATION = "scorekeeper.wsgi.application"

# SQLite file in the project folder unless DATABASE_URL says otherwise. WAL lets readers go on while
# a round is written; IMMEDIATE takes the write lock at once, so two phones never deadlock on upgrade.
DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    try:
        # A connection kept between requests is checked before reuse: after the database server
        # restarts, the first request reconnects instead of failing on the dead connection.
        DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60, conn_health_checks=True)}
    except ValueError as exc:
        raise ImproperlyConfigured(f"DATABASE_URL cannot be read: {exc}") from None
else:
    DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": str(BASE_DIR / "db.sqlite3")}}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The same for the default file and a sqlite:// DATABASE_URL.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL;PRAGMA synchronous=NORMAL;PRAGMA busy_timeout=20000;",
    }

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Password reset by e-mail is offered only when EMAIL_URL says how to send mail; without
# it the login page says how the server's owner sets a new password (changepassword).
_MAILERS = env_email("EMAIL_URL")
PASSWORD_RESET_BY_MAIL = bool(_MAILERS)
if _MAILERS:  # unset, MAILERS stays undefined: the app sends no mail
    MAILERS = _MAILERS
DEFAULT_FROM_EMAIL = os.environ.get("EMAIL_FROM", "scorekeeper@localhost")

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "games:home"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en"
# The languages the app is translated into (docs/development.md says how to add one). Scores are
# never localised (the app formats numbers itself), so "−19" reads the same in every language.
LANGUAGES = [("en", "English"), ("fr", "Français")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The footer switcher's choice is kept a year.
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Uploaded session records are small JSON files.
SESSION_RECORD_MAX_BYTES = env_int("SESSION_RECORD_MAX_BYTES", 2_000_000)
# A whole backup uploaded to be restored (every game of an account): each record in it is held
# to SESSION_RECORD_MAX_BYTES. A thousand games of an evening's length take about 4 MB.
SESSION_BACKUP_MAX_BYTES = env_int("SESSION_BACKUP_MAX_BYTES", 20_000_000)
# The largest file taken, and the largest request body read at all: that file and room for the
# form around it. Anything larger is refused before a byte of it is read (scorekeeper/middleware.py).
UPLOAD_MAX_BYTES = max(SESSION_RECORD_MAX_BYTES, SESSION_BACKUP_MAX_BYTES)
REQUEST_MAX_BYTES = UPLOAD_MAX_BYTES + 64 * 1024

# Django's defaults already send X-Frame-Options DENY, nosniff and Referrer-Policy same-origin.
# Strict CSP: only our own files; htmx is told not to inject its indicator style.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "object-src": [CSP.NONE],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # Share and group links' tokens never reach the log (a 404's "Not Found: /s/…/" included).
    "filters": {"tokens": {"()": "scorekeeper.logmask.MaskTokens"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["tokens"]}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    # django-axes announces itself at every start, manage.py commands included, whose output
    # scripts read; its warnings (a lockout) and its notes on failed logins still show.
    "loggers": {"axes.apps": {"level": "WARNING"}},
}
