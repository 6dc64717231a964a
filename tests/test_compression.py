"""Pages and htmx answers go out compressed to a browser that accepts it; a live check stays bodiless."""

from __future__ import annotations

import gzip

import pytest

from .helpers import url

pytestmark = pytest.mark.django_db


def test_a_sheet_is_sent_gzipped_to_a_browser(table, make_game):
    session = make_game()
    plain = table.get(url("sheet", session))
    zipped = table.get(url("sheet", session), headers={"Accept-Encoding": "gzip, deflate, br"})
    assert zipped["Content-Encoding"] == "gzip" and "Accept-Encoding" in zipped["Vary"]
    page = gzip.decompress(zipped.content)
    # The same page (each render has its own submit keys and CSRF mask, of the same length).
    assert len(page) == len(plain.content) and b'id="entry-panel"' in page
    # A sheet is markup that repeats itself: gzip sends well under a third of it.
    assert len(zipped.content) < len(plain.content) / 3


def test_an_unchanged_live_check_has_no_body_to_compress(table, make_game):
    session = make_game()
    response = table.get(
        url("live", session) + f"?v={session.version}",
        headers={"Accept-Encoding": "gzip", "HX-Request": "true"},
    )
    assert (
        response.status_code == 204
        and response.content == b""
        and not response.has_header("Content-Encoding")
    )
