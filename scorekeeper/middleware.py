"""The site's own middleware."""

from __future__ import annotations

from django.conf import settings
from django.shortcuts import render
from django.utils.cache import add_never_cache_headers


class NoStoreMiddleware:
    """Every page and answer of the app is ``Cache-Control: no-store`` unless its view says otherwise.

    Pages show games, totals and capability tokens (share links, the group link, a
    record's download): no browser cache, proxy or Back button may keep one and show it
    stale or to the next person on a shared computer. A view that may be cached (the web
    app manifest, the service worker) sets its own Cache-Control, which is kept. Static
    files never reach here: WhiteNoise, before this, answers them with their own headers.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if not response.has_header("Cache-Control"):
            add_never_cache_headers(response)
        return response


class RequestSizeMiddleware:
    """A request whose body is over REQUEST_MAX_BYTES is refused (413) before a byte of it is read.

    Django reads a form's files whole (to a temporary file) before any view or limit sees
    them, and the CSRF check reads the form of every POST: a 300 MB upload would be
    received whole before the import refused it. The body's announced length is checked
    here instead, before anything reads it; a body without one (chunked) is not read by
    Django at all. Last but one in MIDDLEWARE, so that the page has the user, the
    language and the security headers, while nothing before it reads the body.

    A browser with JavaScript never gets here: static/js/upload.js refuses such a file
    before sending it (a browser's script reports an answer that comes before its upload
    is sent as a dropped connection; a form posted without script shows this page).
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > settings.REQUEST_MAX_BYTES:
            context = {"sent": length, "limit": settings.UPLOAD_MAX_BYTES}
            return render(request, "too_big.html", context, status=413)
        return self.get_response(request)
