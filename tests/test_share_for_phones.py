"""The Share page's links and QR codes name an address the phones at the table can reach (issue 19).

Served by ``scripts/serve`` and opened on this computer at 127.0.0.1, a link naming 127.0.0.1
would open, on a phone, the phone itself. With ``HOST=0.0.0.0`` scripts/serve tells the app this
computer's address on the Wi-Fi (LAN_URL), which the links use; served on 127.0.0.1 alone, the
page says plainly that phones cannot open the link, and how to serve for them.
"""

from __future__ import annotations

import re

import pytest

from games.accounts import group_link, sharing

from .helpers import body, url

pytestmark = pytest.mark.django_db

NOTE = 'data-testid="phones-cannot-open"'


@pytest.fixture
def served_here(settings):
    settings.ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]", "192.168.1.20", "scores.example.com"]
    settings.LAN_URL = ""
    return settings


def links_on(page: str) -> list[str]:
    return re.findall(r'class="share-url" type="text" readonly value="([^"]+)"', page)


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000"])
def test_on_this_computer_the_links_name_its_wifi_address(table, make_game, served_here, host):
    served_here.LAN_URL = "http://192.168.1.20:8000"
    session = make_game()
    watch = sharing.token_for(sharing.make_link(session, "watch"))
    keep = sharing.token_for(sharing.make_link(session, "keep"))
    page = body(table.get(url("share", session), headers={"Host": host}))
    assert links_on(page) == [f"http://192.168.1.20:8000/s/{watch}/", f"http://192.168.1.20:8000/s/{keep}/"]
    assert NOTE not in page and "127.0.0.1" not in page
    group = group_link.token_for(group_link.make_link(session.owner))
    page = body(table.get("/group-link/", headers={"Host": host}))
    assert links_on(page) == [f"http://192.168.1.20:8000/g/{group}/"] and NOTE not in page


@pytest.mark.usefixtures("served_here")
def test_served_on_this_computer_alone_the_page_says_phones_cannot_open_it(table, make_game):
    session = make_game()
    keep = sharing.token_for(sharing.make_link(session, "keep"))
    page = body(table.get(url("share", session), headers={"Host": "127.0.0.1:8000"}))
    assert links_on(page) == [f"http://127.0.0.1:8000/s/{keep}/"]
    assert NOTE in page and "HOST=0.0.0.0 scripts/serve" in page
    group_link.make_link(session.owner)
    assert NOTE in body(table.get("/group-link/", headers={"Host": "localhost:8000"}))


@pytest.mark.parametrize("host", ["192.168.1.20:8000", "scores.example.com"])
def test_opened_at_an_address_phones_reach_the_links_name_it(table, make_game, served_here, host):
    served_here.LAN_URL = "http://192.168.1.20:8000"
    session = make_game()
    watch = sharing.token_for(sharing.make_link(session, "watch"))
    page = body(table.get(url("share", session), headers={"Host": host}))
    assert links_on(page) == [f"http://{host}/s/{watch}/"] and NOTE not in page
