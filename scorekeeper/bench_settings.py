"""Settings for scripts/bench only: the app's own settings, a throwaway database and two floor views.

Everything is as scripts/serve runs the app except the database (the SQLite file
SCOREKEEPER_BENCH_DB, or with ``--postgres`` the one DATABASE_URL names), the static files
(collected into SCOREKEEPER_BENCH_STATIC) and the URLconf (scorekeeper/bench_urls.py).
"""

import os

from .settings import *  # noqa: F403
from .settings import DATABASES

ROOT_URLCONF = "scorekeeper.bench_urls"

if "SCOREKEEPER_BENCH_DB" in os.environ:
    DATABASES["default"]["NAME"] = os.environ["SCOREKEEPER_BENCH_DB"]
STATIC_ROOT = os.environ["SCOREKEEPER_BENCH_STATIC"]
