"""Gunicorn settings for Scorekeeper.

Gunicorn reads this file by itself when started from the project folder;
scripts/serve passes it explicitly and adds --bind from HOST and PORT.
"""

import os

from gunicorn import glogging

wsgi_app = "scorekeeper.wsgi:application"

# A few workers are plenty for one card table; WEB_CONCURRENCY overrides.
workers = int(os.environ.get("WEB_CONCURRENCY", "3"))

# Access log and errors to the terminal (stdout / stderr).
accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")


class Logger(glogging.Logger):
    """gunicorn's logger, with share and group links' tokens masked (scorekeeper/logmask.py).

    An access log format cannot hide part of a path (or of a referer) by itself.
    """

    def setup(self, cfg):
        super().setup(cfg)
        # Imported here, not above: gunicorn puts the project folder on the path only after
        # reading this file when it is started from elsewhere with --chdir.
        from scorekeeper.logmask import MaskTokens

        for log in (self.access_log, self.error_log):
            if not any(isinstance(f, MaskTokens) for f in log.filters):
                log.addFilter(MaskTokens())


logger_class = Logger

# Gunicorn's runtime control socket lives in one place per user
# (~/.gunicorn/gunicorn.ctl), which two servers would fight over; not needed here.
control_socket_disable = True
