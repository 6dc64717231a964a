"""/healthz: 200 when the database answers and is migrated, 503 otherwise; no login."""

from __future__ import annotations

import pytest
from django.db import DatabaseError
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db


def test_healthy_without_logging_in(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok\n"
    assert response["Content-Type"].startswith("text/plain")
    assert "no-cache" in response["Cache-Control"]


def test_a_pending_migration_is_unhealthy(client, monkeypatch):
    monkeypatch.setattr(MigrationExecutor, "migration_plan", lambda *_: [("games", False)])
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.content == b"1 migrations not applied\n"


def test_an_unreachable_database_is_unhealthy(client, monkeypatch):
    def refuse(*_):
        raise DatabaseError("connection refused")

    monkeypatch.setattr("django.db.backends.base.base.BaseDatabaseWrapper.ensure_connection", refuse)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.content == b"database unreachable\n"


def test_only_get(client):
    assert client.post("/healthz").status_code == 405
