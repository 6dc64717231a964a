"""Settings for scripts/bench only: the app's own settings, a throwaway database and two floor views.

scripts/bench selects this module (DJANGO_SETTINGS_MODULE) for the server it starts and for its
in-process figures; nothing else uses it. Everything is as scripts/serve runs the app (the same
middleware, SQLite options, DEBUG and HTTPS from the environment) except:

- the database is the SQLite file SCOREKEEPER_BENCH_DB (in a temporary directory, never db.sqlite3),
  or, with ``scripts/bench --postgres``, the throwaway PostgreSQL server that DATABASE_URL names;
- the static files are collected into SCOREKEEPER_BENCH_STATIC (beside it, not staticfiles/);
- the URLconf adds the floor views of scorekeeper/bench_urls.py beside the app's URLs.
"""

import os

from .settings import *  # noqa: F403
from .settings import DATABASES

ROOT_URLCONF = "scorekeeper.bench_urls"

if "SCOREKEEPER_BENCH_DB" in os.environ:
    DATABASES["default"]["NAME"] = os.environ["SCOREKEEPER_BENCH_DB"]
STATIC_ROOT = os.environ["SCOREKEEPER_BENCH_STATIC"]
