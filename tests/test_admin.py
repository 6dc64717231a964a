"""Django's admin opens every model's list and add page: its classes, typed by their model for mypy
(games/admin.py), are plain admin classes at run time."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from games.models import Allowance, Entry, GameSession, Player, Round, Seat

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("model", [Player, GameSession, Seat, Round, Entry, Allowance])
def test_the_admin_lists_each_model_and_adds_all_but_a_games_records(client, model):
    client.force_login(User.objects.create_superuser("root", "root@example.org", "a-long-pass-2026"))
    assert client.get(reverse(f"admin:games_{model._meta.model_name}_changelist")).status_code == 200
    adding = client.get(reverse(f"admin:games_{model._meta.model_name}_add")).status_code
    assert adding == (403 if model in (GameSession, Seat, Round, Entry) else 200)


def test_a_games_records_are_shown_but_never_changed_in_the_admin(client, make_game):
    """The services alone write a game (the version, the figures, the later rounds, the kept replay move with
    each write): an admin edit would bypass them, and the next save could silently undo it."""
    session = make_game(rounds=[{"bids": [1, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0]}])
    client.force_login(User.objects.create_superuser("root", "root@example.org", "a-long-pass-2026"))
    entry = Entry.objects.first()
    assert entry is not None
    page = client.get(reverse("admin:games_entry_change", args=[entry.pk]))
    assert page.status_code == 200 and 'name="_save"' not in page.content.decode()
    posted = client.post(reverse("admin:games_entry_change", args=[entry.pk]), {"total": "99"})
    assert posted.status_code == 403 and Entry.objects.get(pk=entry.pk).total == entry.total
    assert (
        client.post(reverse("admin:games_gamesession_delete", args=[session.pk]), {"post": "yes"}).status_code
        == 403
    )
    assert GameSession.objects.filter(pk=session.pk).exists()
