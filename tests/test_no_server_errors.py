"""Whatever a phone (or a tampered form) posts to any game's table, the server never answers 500."""

from __future__ import annotations

from importlib import import_module

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import services
from games.models import GameSession
from games.rules import GAMES
from games.views.play import TABLES

from .rules.test_contract import FIRST_ROUND

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]
FIELDS = [
    "save",
    "check",
    "trump",
    "player",
    "reason",
    "seat",
    "strain",
    "game",
    "level",
    "doubled",
    "declarer",
    "passed_out",
    "redeal",
    "tricks",
    "phase",
    "value",
    "contract",
    "number",
    *[
        f"{prefix}_{i}"
        for prefix in ("bid", "tricks", "hcp", "first_half", "fh", "points")
        for i in range(-1, 6)
    ],
]
VALUES = st.one_of(
    st.integers(-5, 60).map(str),
    st.sampled_from(
        [
            "",
            " ",
            "x",
            "1e3",
            "NT",
            "S",
            "H",
            "none",
            "rook",
            "red",
            "true",
            "-0",
            "٣",
            "99999999999999999999",
        ]
    ),
    st.text(max_size=12),
)
POSTS = st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=10)


@pytest.fixture
def games_in_progress(user):
    """Each game with screens, one round recorded and the next one waiting."""
    sessions = {}
    for slug in TABLES:
        rules = GAMES[slug]
        players = NAMES[: rules.min_players]
        session = services.start_session(
            owner=user, game=slug, player_names=players, options={}, first_dealer=0
        )
        services.save_round(session=session, number=1, data=FIRST_ROUND[slug][0])
        sessions[slug] = session.pk
    return sessions


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(post=POSTS, number=st.sampled_from([0, 1, 2, 3, 9999]), htmx=st.booleans())
def test_random_posts_to_every_action_never_break_the_server(table, games_in_progress, post, number, htmx):
    for slug, pk in games_in_progress.items():
        actions = import_module(TABLES[slug]).ACTIONS
        for action, (_, methods) in actions.items():
            target = reverse("games:round-action", args=[pk, number, action])
            if "POST" in methods:
                response = table.send(target, post, htmx=htmx)
            else:
                response = table.get(target, post)
            assert response.status_code < 500, (slug, action, post)
        response = table.get(reverse("games:sheet", args=[pk]), post)
        assert response.status_code < 500, (slug, "sheet", post)
    assert GameSession.objects.count() == len(games_in_progress)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(post=POSTS)
def test_random_new_game_forms_never_break_the_server(table, post):
    for slug in TABLES:
        response = table.send(reverse("games:new", args=[slug]), post)
        assert response.status_code < 500, (slug, post)
