"""Shared fixtures: users, CSRF-enforcing clients, games set up through the services."""

from __future__ import annotations

import pytest
from django.test import Client

from games import services


class TableClient(Client):
    """A test client that enforces CSRF like a browser and sends the token like htmx does."""

    def __init__(self, **kwargs):
        super().__init__(enforce_csrf_checks=True, **kwargs)

    def token(self) -> str:
        if "csrftoken" not in self.cookies:
            self.get("/")
        return self.cookies["csrftoken"].value

    def send(self, url, data=None, *, htmx=False, **extra):
        headers = {"X-CSRFToken": self.token()}
        if htmx:
            headers["HX-Request"] = "true"
        return self.post(url, data or {}, headers=headers, **extra)


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("keeper", password="table-talk-2026")


@pytest.fixture
def other_user(django_user_model):
    return django_user_model.objects.create_user("stranger", password="table-talk-2026")


@pytest.fixture
def table(user) -> TableClient:
    client = TableClient()
    client.force_login(user)
    return client


@pytest.fixture
def make_game(user):
    """A Bugger Bridge game with some rounds already recorded."""

    def make(
        players=("Bob", "Helen", "Corky", "Kim", "Randi"), rounds=(), owner=None, hook=False, first_dealer=0
    ):
        session = services.start_session(
            owner=owner or user,
            game="bugger-bridge",
            player_names=list(players),
            options={"hook": hook},
            first_dealer=first_dealer,
        )
        for number, data in enumerate(rounds, start=1):
            services.save_round(session=session, number=number, data=data)
        session.refresh_from_db()
        return session

    return make


def everyone_makes(players: int, cards: int, bidder: int = 0) -> dict:
    """A round where ``bidder`` bids every trick and everyone makes their bid."""
    bids = [0] * players
    bids[bidder] = cards
    return {"bids": bids, "tricks": list(bids)}
