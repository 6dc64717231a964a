"""Share and group links' tokens never reach the logs (scorekeeper/logmask.py, gunicorn.conf.py)."""

from __future__ import annotations

import logging
import urllib.error
import urllib.request

import pytest

from scorekeeper.logmask import MaskTokens, mask
from tests.servers import served

TOKEN = "Zx8_k-3PqLm0aB7cD9eF2g"


@pytest.mark.parametrize(
    ("line", "masked"),
    [
        (
            f'127.0.0.1 - - [26/Nov/2026:14:00:00 +0000] "GET /s/{TOKEN}/live/?v=3 HTTP/1.1" 204 0 '
            f'"https://scores.example.com/s/{TOKEN}/" "Mozilla/5.0"',
            '127.0.0.1 - - [26/Nov/2026:14:00:00 +0000] "GET /s/…/live/?v=3 HTTP/1.1" 204 0 '
            '"https://scores.example.com/s/…/" "Mozilla/5.0"',
        ),
        (f"Not Found: /g/{TOKEN}/games/12/", "Not Found: /g/…/games/12/"),
        (f"GET /s/{TOKEN}", "GET /s/…"),
        ("GET /static/js/app.js /games/12/ /players/", "GET /static/js/app.js /games/12/ /players/"),
    ],
)
def test_a_token_is_masked_and_the_kind_of_link_kept(line, masked):
    assert mask(line) == masked


def test_the_filter_masks_a_record_with_arguments():
    record = logging.LogRecord(
        "django.request", logging.WARNING, __file__, 1, "Not Found: %s", (f"/s/{TOKEN}/",), None
    )
    assert MaskTokens().filter(record)
    assert record.getMessage() == "Not Found: /s/…/"


SETUP = """
from django.contrib.auth.models import User
from games import services
from games.accounts import group_link
from games.accounts import sharing
owner = User.objects.get(username="keeper")
game = services.start_session(owner=owner, game="call-bridge", player_names=["Ann", "Ben", "Cat", "Dan"],
    options={"target": 30}, first_dealer=0)
out = {
    "watch": sharing.token_for(sharing.make_link(game, ShareLink.Kind.WATCH)),
    "keep": sharing.token_for(sharing.make_link(game, ShareLink.Kind.KEEP)),
    "group": group_link.token_for(group_link.make_link(owner)),
}
"""


@pytest.mark.slow
@pytest.mark.served
def test_the_served_app_logs_no_token_after_share_and_group_links_are_visited(tmp_path):
    with served(tmp_path, workers=1) as (server,):
        tokens = server.query(SETUP)
        visits = [
            f"/s/{tokens['watch']}/",
            f"/s/{tokens['watch']}/live/?v=0",
            f"/s/{tokens['watch']}/big/",
            f"/s/{tokens['keep']}/",
            f"/g/{tokens['group']}/",
            f"/g/{tokens['group']}/games/",
            f"/g/{tokens['group']}/head-to-head/",
            "/s/NoSuchLinkNoSuchLink12/",  # a 404: Django warns "Not Found: <path>"
            "/g/NoSuchLinkNoSuchLink12/",
        ]
        statuses = []
        for path in visits:
            # The pages' own requests carry the link in their Referer too.
            request = urllib.request.Request(server.base + path, headers={"Referer": server.base + visits[0]})
            try:
                with urllib.request.urlopen(request, timeout=30) as answer:
                    statuses.append(answer.status)
            except urllib.error.HTTPError as error:
                statuses.append(error.code)
        assert statuses == [200, 204, 200, 200, 200, 200, 200, 404, 404]
    log = (tmp_path / "gunicorn-0.log").read_text()  # read once gunicorn has stopped: all of it written
    for token in [*tokens.values(), "NoSuchLinkNoSuchLink12"]:
        assert token not in log
    # What kind of link was visited, and how it went, is still there.
    assert '"GET /s/…/ HTTP/1.1" 200' in log
    assert '"GET /s/…/live/?v=0 HTTP/1.1" 204' in log
    assert '"GET /g/…/games/ HTTP/1.1" 200' in log
    assert '"GET /g/…/ HTTP/1.1" 404' in log
    assert "Not Found: /s/…/" in log
    assert '"http://127.0.0.1:' in log and '/s/…/"' in log  # the referer, masked
