"""What a link reaches is never kept by the browser, the "This link was replaced" page above all;
static files stay cacheable (issue 19).

A kept 410 page locked a phone out of the game after it opened the keeper's new link (which
leads to the same game URL). tests/test_no_store.py checks every other page.
"""

from __future__ import annotations

import re

import pytest

from games.accounts import sharing

from .conftest import TableClient
from .helpers import url

pytestmark = pytest.mark.django_db


def never_stored(response) -> bool:
    return "no-store" in response.get("Cache-Control", "")


def test_a_replaced_link_and_the_new_one_are_never_stored(make_game):
    session = make_game()
    old_keep = sharing.token_for(sharing.make_link(session, "keep"))
    old_watch = sharing.token_for(sharing.make_link(session, "watch"))
    keeper = TableClient()
    assert keeper.get(f"/s/{old_keep}/").status_code == 302
    new_keep = sharing.token_for(sharing.make_link(session, "keep"))  # the old ones are replaced
    sharing.make_link(session, "watch")
    for client, page, status in [
        (keeper, url("sheet", session), 410),  # the phone's grant went with its link
        (keeper, f"/s/{old_keep}/", 410),
        (keeper, f"/s/{old_watch}/", 410),
        (keeper, f"/s/{old_watch}/big/", 410),
        (keeper, f"/s/{new_keep}/", 302),
        (keeper, url("sheet", session), 200),
        (TableClient(), "/s/no-such-token/", 404),
    ]:
        response = client.get(page)
        assert response.status_code == status and never_stored(response), page


def test_static_files_keep_their_caching(client):
    page = client.get("/accounts/login/").content.decode()
    css = re.search(r'href="(/static/css/app\.[0-9a-f]{12}\.css)"', page)
    assert css
    response = client.get(css[1])
    assert response.status_code == 200
    assert "immutable" in response["Cache-Control"] and "no-store" not in response["Cache-Control"]
