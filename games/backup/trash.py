"""The Trash: a deleted game waits here, restorable, for TRASH_DAYS days; then it is purged.

Deleting only stamps ``GameSession.deleted_at``, so restoring gives back exactly the game that
was deleted. Every list, figure and page reads ``GameSession.objects.live()`` (or filters by
``session__deleted_at``), so a game in the Trash is nowhere else.
"""

from __future__ import annotations

import datetime

from django.utils import timezone

from games.models import GameSession, Player

TRASH_DAYS = 30


def purge_date(session: GameSession) -> datetime.datetime | None:
    """When a game in the Trash is deleted for good (None for a game not in it)."""
    if session.deleted_at is None:
        return None
    return session.deleted_at + datetime.timedelta(days=TRASH_DAYS)


def trash_session(*, session: GameSession) -> None:
    """Move a game to the Trash (its share links stop answering until it is restored)."""
    _set_deleted(session, timezone.now())


def restore_session(*, session: GameSession) -> None:
    """Bring a game back from the Trash, as it was."""
    _set_deleted(session, None)


def _set_deleted(session: GameSession, at: datetime.datetime | None) -> None:
    """The game in the Trash since ``at`` (None: out of it); its players' figures change with it."""
    session.deleted_at = at
    session.save(update_fields=["deleted_at"])
    Player.objects.filter(seats__session=session).renew_figures()


def purge_trash(*, now: datetime.datetime | None = None, days: int = TRASH_DAYS) -> int:
    """Delete for good every game that went to the Trash more than ``days`` ago; how many."""
    cutoff = (now or timezone.now()) - datetime.timedelta(days=days)
    # Deleting a session deletes its seats, rounds, entries and share links (CASCADE); players stay.
    _, deleted = GameSession.objects.trashed().filter(deleted_at__lt=cutoff).delete()
    return deleted.get(GameSession._meta.label, 0)
