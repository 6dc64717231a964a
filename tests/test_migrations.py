"""The squashed migrations: an old database has nothing to apply, a half-migrated one is refused."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.recorder import MigrationRecorder

from games.migration_history import REPLACED, SQUASHED, part_way, squashed_history


def record_history(names):
    """Make the test database's migration history say ``names`` of the games app were applied."""
    recorder = MigrationRecorder(connection)
    recorder.migration_qs.filter(app="games").delete()
    for name in names:
        recorder.record_applied("games", name)


@pytest.mark.django_db
def test_a_database_that_applied_the_nine_applies_only_what_came_after():
    record_history(REPLACED)  # as a database migrated before the squash has it
    executor = MigrationExecutor(connection)
    assert ("games", SQUASHED) in executor.loader.applied_migrations
    plan = [migration.name for migration, _ in executor.migration_plan(executor.loader.graph.leaf_nodes())]
    later = [name for app, name in executor.loader.graph.leaf_nodes() if app == "games"]
    assert SQUASHED not in plan and not set(plan) & set(REPLACED)
    assert all(name > SQUASHED for name in plan) and (plan == [] or later[0] in plan)
    assert squashed_history(databases=["default"]) == []


@pytest.mark.django_db
def test_a_new_database_runs_the_squashed_migration_alone():
    record_history([SQUASHED])
    assert squashed_history(databases=["default"]) == []
    call_command("makemigrations", "games", "--check", "--dry-run", verbosity=0)  # models and history agree


@pytest.mark.django_db
def test_a_database_migrated_part_way_is_refused_with_what_to_do():
    record_history(REPLACED[:5])
    [error] = squashed_history(databases=["default"])
    assert error.id == "games.E001"
    assert "games.0006_group_link and later are not applied" in error.msg
    assert "before the squash" in error.hint


def test_part_way_is_some_but_not_all():
    assert part_way(set()) == []
    assert part_way(set(REPLACED)) == []
    assert part_way({SQUASHED}) == []
    assert part_way(set(REPLACED[:-1])) == [REPLACED[-1]]
