"""A database migrated part-way through the squashed migrations is refused, never left half-built.

``0001_squashed_0009_seat_figures`` replaces the nine migrations up to 0009, which are gone. A
database that applied all nine counts it as applied and a new one runs it; but one that applied
only some would be left as it is, silently, by ``migrate`` (Django then ignores the squashed
migration and has nothing else to run). This check (run by ``migrate`` and ``check --database``)
says so instead: migrate it first with a release that still has the nine (before the squash).
"""

from __future__ import annotations

from typing import Any

from django.core.checks import Error, Tags, register
from django.db import connections
from django.db.migrations.recorder import MigrationRecorder

SQUASHED = "0001_squashed_0009_seat_figures"
REPLACED = (
    "0001_initial",
    "0002_history_indexes",
    "0003_table_sharing",
    "0004_trash",
    "0005_merge_record",
    "0006_group_link",
    "0007_session_start_key_last_played",
    "0008_game_choices_from_the_registry",
    "0009_seat_figures",
)


def part_way(applied: set[str]) -> list[str]:
    """The squashed migrations still to apply, when a database applied some of them but not all."""
    done = applied & set(REPLACED)
    if SQUASHED in applied or not done or done == set(REPLACED):
        return []
    return [name for name in REPLACED if name not in done]


@register(Tags.database)
def squashed_history(**kwargs: Any) -> list[Error]:
    errors = []
    for alias in kwargs.get("databases") or []:
        recorder = MigrationRecorder(connections[alias])
        if not recorder.has_table():
            continue
        applied = {name for app, name in recorder.applied_migrations() if app == "games"}
        missing = part_way(applied)
        if missing:
            errors.append(
                Error(
                    f"The database {alias!r} was migrated part-way: games.{missing[0]} and later are "
                    f"not applied, and those migrations are now squashed into games.{SQUASHED}.",
                    hint="Check out a release from before the squash (its tag or commit is in docs/production.md, "
                    "'Upgrading'), run manage.py migrate there, then come back to this one.",
                    id="games.E001",
                )
            )
    return errors
