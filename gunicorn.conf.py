"""Gunicorn settings for Scorekeeper.

Gunicorn reads this file by itself when started from the project folder;
scripts/serve passes it explicitly and adds --bind from HOST and PORT.
"""

import os

wsgi_app = "scorekeeper.wsgi:application"

# A few workers are plenty for one card table; WEB_CONCURRENCY overrides.
workers = int(os.environ.get("WEB_CONCURRENCY", "3"))

# Access log and errors to the terminal (stdout / stderr).
accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")

# Gunicorn's runtime control socket lives in one place per user
# (~/.gunicorn/gunicorn.ctl), which two servers would fight over; not needed here.
control_socket_disable = True
