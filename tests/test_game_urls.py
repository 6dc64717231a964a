"""game_url: a game's URLs from patterns reversed once, the same as Django's reverse() gives."""

import pytest
from django.test import override_settings
from django.urls import get_script_prefix, reverse, set_script_prefix

from games.table import game_url

CASES = [
    ("sheet", (7,)),
    ("undo", (123_456,)),
    ("round-action", (42, 0, "edit")),
    ("round-action", (42, 18, "bids")),
    ("watch-live", ("aB3_-x9Zq",)),
    ("watch-explain", ("9876543210",)),  # a token of digits is a slug, not a number
    ("shared", ("not a slug é",)),  # reversed as Django does, quoted
]


@pytest.mark.parametrize(("name", "args"), CASES)
def test_a_game_url_is_what_reverse_gives(name, args):
    assert game_url(name, *args) == reverse(f"games:{name}", args=args)
    assert game_url(name, *args) == reverse(f"games:{name}", args=args)  # and again, from the pattern kept


def test_a_script_prefix_is_not_served_from_another_prefix_pattern():
    before, prefix = game_url("sheet", 5), get_script_prefix()
    set_script_prefix("/club/")
    try:
        assert game_url("sheet", 5) == reverse("games:sheet", args=[5]) == "/club" + before
    finally:
        set_script_prefix(prefix)
    assert game_url("sheet", 5) == before


@override_settings(ROOT_URLCONF="scorekeeper.bench_urls")
def test_another_urlconf_has_patterns_of_its_own():
    assert game_url("live", 3) == reverse("games:live", args=[3])
