"""Game over: the winner and the final standings (1st, 2nd, ... with ties), drawn without an emoji."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.test_history_helpers import every_game

# What each game's panel says once it is over, as worked out in tests/test_history_helpers.py.
STANDINGS = {
    "bugger-bridge": ["1st Bob 492", "=2nd Helen 180", "=2nd Corky 180", "=2nd Kim 180", "=2nd Randi 180"],
    "call-bridge": ["1st Asha 32", "=2nd Ben 24", "=2nd Chen 24", "4th Dee 16"],
    "mormon-bridge": ["1st Mo 146", "=2nd Ned 110", "=2nd Ola 110", "=2nd Pia 110"],
    "mormon-elimination": [
        "1st Mo still in",
        "=2nd Ned out in hand 2",
        "=2nd Ola out in hand 2",
        "4th Pia out in hand 1",
    ],
    "minibridge": ["1st N-S (North Nora &amp; South Sam) 480", "2nd E-W (East Eli &amp; West Wyn) 0"],
    "memory-bridge": ["1st Mia 520", "2nd Max 0"],
}


def standings_rows(page: str) -> list[str]:
    table = page.split('class="plain standings"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr><td>(.*?)</td><th scope=\"row\">(.*?)</th><td>(.*?)</td></tr>", table)
    return [" ".join(r) for r in rows]


@pytest.mark.parametrize("kind", sorted(STANDINGS))
def test_game_over_shows_the_final_standings_without_an_emoji(table, user, kind):
    session = every_game(user)[kind]
    page = table.get(reverse("games:sheet", args=[session.pk])).content.decode()
    assert "Game over" in page and "Final standings" in page
    assert standings_rows(page) == STANDINGS[kind]
    panel = page.split("<h2>Game over</h2>", 1)[1].split("New game, same", 1)[0]
    assert "🏆" not in panel  # an empty box on a phone without an emoji font
    assert '<svg class="cup" aria-hidden="true"' in panel
