"""Django's admin opens every model's list and add page: its classes, typed by their model for mypy
(games/admin.py), are plain admin classes at run time."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from games.models import Allowance, Entry, GameSession, Player, Round, Seat

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("model", [Player, GameSession, Seat, Round, Entry, Allowance])
def test_the_admin_lists_and_adds_each_model(client, model):
    client.force_login(User.objects.create_superuser("root", "root@example.org", "a-long-pass-2026"))
    for page in ("changelist", "add"):
        url = reverse(f"admin:games_{model._meta.model_name}_{page}")
        assert client.get(url).status_code == 200, url
