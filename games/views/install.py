"""Installing the app on a phone: the web app manifest, the service worker, the favicon, the offline page.

The service worker keeps the app shell (the offline page, style sheets, scripts and icons) so
the app opens with a friendly page when the network is gone. It never stores a page or an
answer of the server: a live sheet is never shown stale. It is served from the site root so
that its scope is the whole site.
"""

from __future__ import annotations

import hashlib
import json

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

NAME = "Scorekeeper"
THEME = "#14532d"  # the top bar's green (templates/base.html's theme-color)
BACKGROUND = "#f6f5f0"  # the page's background (static/css/app.css --bg)

# The app shell: what the offline page and every page need to look right.
SHELL_STATIC = (
    "css/app.css css/history.css css/standings.css css/print.css js/app.js js/install.js "
    "icons/icon-192.png icons/icon-512.png icons/favicon.ico"
).split()


@require_GET
@cache_control(max_age=3600)
def manifest(_request: HttpRequest) -> HttpResponse:
    icons = [
        {"src": static(f"icons/{name}"), "sizes": sizes, "type": kind, "purpose": purpose}
        for name, sizes, kind, purpose in (
            ("icon-192.png", "192x192", "image/png", "any"),
            ("icon-512.png", "512x512", "image/png", "any"),
            ("maskable-512.png", "512x512", "image/png", "maskable"),
            ("icon.svg", "any", "image/svg+xml", "any"),
        )
    ]
    data = {
        "id": "/",
        "name": NAME,
        "short_name": NAME,
        "description": "Keeps the score of Bugger Bridge, Call Bridge, Mormon Bridge, Minibridge and Memory Bridge.",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": icons,
    }
    return HttpResponse(json.dumps(data, indent=2), content_type="application/manifest+json")


@require_GET
@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    """The worker, with the shell's URLs (hashed names in production); its cache is named after them."""
    urls = [reverse("games:offline"), *(static(path) for path in SHELL_STATIC)]
    version = hashlib.sha256("\n".join(urls).encode()).hexdigest()[:12]
    response = render(
        request,
        "games/install/sw.js",
        {
            "shell": json.dumps(urls),
            "version": json.dumps(f"shell-{version}"),
            "offline": json.dumps(reverse("games:offline")),
            # The folder, not a file: the manifest storage knows only files (static("") is an error).
            "static_prefix": json.dumps(settings.STATIC_URL),
        },
        content_type="text/javascript; charset=utf-8",
    )
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def favicon(_request: HttpRequest) -> HttpResponseRedirect:
    return HttpResponseRedirect(static("icons/favicon.ico"))


@require_GET
def offline(request: HttpRequest) -> HttpResponse:
    """What the service worker shows when a page cannot be reached: the same for everyone (no names)."""
    return render(request, "games/install/offline.html")
