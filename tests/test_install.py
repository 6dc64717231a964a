"""Installing the app: the manifest, icons, favicon, service worker and offline page (no browser)."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db


def png_size(path: str) -> tuple[int, int]:
    """The size of a collected PNG (``icons/icon-192.abc123def456.png``, as a page names it)."""
    data = (Path(settings.STATIC_ROOT) / path).read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_manifest(client):
    response = client.get("/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Scorekeeper" and manifest["start_url"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] and manifest["background_color"]
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200
        if icon["type"] == "image/png":
            side = int(icon["sizes"].split("x")[0])
            assert png_size(icon["src"].removeprefix("/static/")) == (side, side)


def test_pages_name_the_manifest_and_icons(client):
    page = client.get("/").content.decode()
    assert 'rel="manifest" href="/manifest.webmanifest"' in page
    touch_icon = re.search(r'rel="apple-touch-icon"[^>]* href="/static/([^"]+)"', page)
    assert touch_icon and png_size(touch_icon[1]) == (180, 180)
    # The files as collected: hashed names, which may be cached for good.
    assert re.search(r'src="/static/js/install\.[0-9a-f]{12}\.js"', page)


def test_favicon_is_not_a_404(client):
    response = client.get("/favicon.ico", follow=True)
    assert response.status_code == 200
    body = b"".join(response.streaming_content) if response.streaming else response.content
    assert body[:4] == b"\x00\x00\x01\x00"  # an .ico


def test_service_worker_is_served_from_the_root_and_never_keeps_pages(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    script = response.content.decode()
    assert '"/offline/"' in script and re.search(r'"/static/css/app\.[0-9a-f]{12}\.css"', script)
    assert 'const STATIC = "/static/";' in script
    # Pages: the network's answer, the offline page only when there is none; never put in a cache.
    assert 'request.mode === "navigate"' in script
    assert "fetch(request).catch(() => caches.match(OFFLINE))" in script
    assert script.count("cache.put(") == 1 and "url.pathname.startsWith(STATIC)" in script


def test_offline_page_is_the_same_for_everyone(table):
    page = table.get("/offline/").content.decode()
    assert "No connection" in page
    assert ">keeper<" not in page and "csrf" not in page.lower()  # no user name, no token
