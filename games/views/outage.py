"""When the database cannot be reached (PostgreSQL stopped, a SQLite lock held past its timeout).

Instead of Django's bare "Server Error (500)", the app answers 503 with a page of its own and
Retry-After: static/js/app.js takes a 503 to a write as "not saved yet" and sends it again. The
page is drawn without the database, in the language of the cookie or the browser.
"""

from __future__ import annotations

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.cache import add_never_cache_headers
from django.views import defaults

RETRY_AFTER = 30  # seconds: what the 503 says in Retry-After, and how soon its page reloads itself


def database_unreachable(exc: BaseException | None) -> bool:
    """Whether ``exc`` says the database cannot be reached or used for now, rather than a bug:
    a refused or dropped connection, SQLite's "database is locked", a connection closed under it."""
    return isinstance(exc, OperationalError | InterfaceError)


def unavailable(request: HttpRequest) -> HttpResponse:
    """The app's own 503 page, in the visitor's language, read without the database."""
    again = request.get_full_path() if request.method == "GET" else ""
    with translation.override(translation.get_language_from_request(request)):
        page = render_to_string("503.html", {"again": again, "retry_after": RETRY_AFTER})
    response = HttpResponse(page, status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    add_never_cache_headers(response)
    return response


def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: the 503 page when the error is the database being out of reach, else Django's."""
    if database_unreachable(sys.exception()):
        return unavailable(request)
    return defaults.server_error(request)
