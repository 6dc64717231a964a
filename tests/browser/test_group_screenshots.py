"""Standings and head-to-head on a large phone (412x915), light and dark: they draw, and are screenshotted.

The screenshots go to a temporary folder, or to the folder SCREENSHOTS names (docs/ keeps the ones
the README and the closing notes show):

    SCREENSHOTS=docs .venv/bin/pytest -n 0 tests/browser/test_group_screenshots.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from games import services
from games.models import Player

from .test_accessibility import log_in

OUT = os.environ.get("SCREENSHOTS", "")
DEALS = [
    {"bids": [4, 3, 3, 2], "tricks": [4, 3, 3, 3]},
    {"bids": [4, 4, 2, 2], "tricks": [4, 4, 2, 3]},
    {"bids": [2, 2, 2, 5], "tricks": [1, 2, 2, 8]},
    {"bids": [3, 3, 4, 2], "tricks": [3, 3, 4, 3]},
]


@pytest.mark.parametrize("dark", [False, True])
def test_screenshots(phone, make_session, dark, tmp_path):
    phone.page.set_viewport_size({"width": 412, "height": 915})
    phone.page.emulate_media(color_scheme="dark" if dark else "light")
    log_in(phone)
    owner = User.objects.get(username="reader")
    tables = [["Ann", "Bob", "Cat", "Dan"], ["Ann", "Bob", "Cat", "Eve"], ["Bob", "Cat", "Dan", "Eve"]]
    for n in range(9):
        players = tables[n % 3]
        session = make_session(
            "call-bridge", players=players, rounds=[DEALS[n % 4]] * (2 + n % 2), target=12, owner=owner
        )
        if not services.load_game(session).state.finished:
            services.end_early(session=session, key="")
    make_session(
        "call-bridge", players=["Ann", "Bob", "Cat", "Fay"], rounds=[DEALS[0]] * 3, target=10, owner=owner
    )
    theme = "dark" if dark else "light"
    folder = Path(OUT) if OUT else tmp_path
    folder.mkdir(exist_ok=True)
    phone.go("/standings/?game=call-bridge&period=all&minimum=2")
    phone.page.screenshot(path=str(folder / f"standings-{theme}.png"), full_page=True)
    ann, bob = (Player.objects.get(owner=owner, name=n) for n in ("Ann", "Bob"))
    phone.go(f"/head-to-head/?first={ann.pk}&second={bob.pk}")
    phone.page.screenshot(path=str(folder / f"head-to-head-{theme}.png"), full_page=True)
    for page in ("standings", "head-to-head"):
        shot = folder / f"{page}-{theme}.png"
        assert shot.read_bytes().startswith(b"\x89PNG") and shot.stat().st_size > 10_000
