"""The site's own middleware."""

from __future__ import annotations

from django.conf import settings
from django.shortcuts import render
from django.utils.cache import add_never_cache_headers


class NoStoreMiddleware:
    """Every answer of the app is ``Cache-Control: no-store`` unless its view set its own. Pages
    show games and capability tokens: no browser cache, proxy or Back button may keep one and show
    it stale or to the next person. Static files never reach here (WhiteNoise)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if not response.has_header("Cache-Control"):
            add_never_cache_headers(response)
        return response


class RequestSizeMiddleware:
    """A request whose body is over REQUEST_MAX_BYTES is refused (413) before a byte of it is read.

    Django reads a form's files whole before any view sees them (the CSRF check reads every
    POST's form), so the announced length is checked here; a body without one (chunked) Django
    does not read at all. Last but one in MIDDLEWARE: the page has its user, language and
    headers, and nothing before reads the body. With JavaScript, static/js/upload.js refuses
    such a file before sending it.
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
