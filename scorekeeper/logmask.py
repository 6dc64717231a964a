"""Share and group links' tokens kept out of the logs.

A token in ``/s/<token>/`` or ``/g/<token>/`` is the link's whole capability: every log line
keeps the kind of link and loses the token (``/s/…/``). Django's LOGGING puts ``MaskTokens`` on
its handler; gunicorn.conf.py on gunicorn's logs.
"""

from __future__ import annotations

import logging
import re

TOKEN_IN_PATH = re.compile(r"(/[sg]/)[^/\s?#\"']+")


def mask(text: str) -> str:
    return TOKEN_IN_PATH.sub(r"\1…", text)


class MaskTokens(logging.Filter):
    """A logging filter that writes a record's message with its tokens masked."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = mask(message)
        if masked != message:
            record.msg, record.args = masked, ()
        return True
