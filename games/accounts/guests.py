"""Playing without an account: a guest is a real user that belongs to one browser.

A visitor who starts a game becomes a guest: a ``User`` named ``guest:...`` (no sign-up can
choose ":") with an unusable password, logged in on that browser, so every ownership check
works for a guest as for an account. Signing up turns the guest into the account (the same
row); logging in hands the guest's games over (``hand_over``). A guest untouched for
GUEST_DAYS days is deleted with its games by ``manage.py purge_trash`` (``purge_guests``).
"""

from __future__ import annotations

import datetime
import secrets
from typing import TYPE_CHECKING, TypeGuard

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Max, Q, QuerySet
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone

from games.models import Entry, GameSession, GroupLink, MergeRecord, Player, Seat

if TYPE_CHECKING:
    from django.contrib.auth.base_user import AbstractBaseUser
    from django.contrib.auth.models import AnonymousUser, User

PREFIX = "guest:"
GUEST_DAYS = 30


def is_guest(user: AbstractBaseUser | AnonymousUser) -> TypeGuard[User]:
    """True for a guest (no query: the mark is in the user name, which is already loaded)."""
    return bool(user.is_authenticated and user.get_username().startswith(PREFIX))


def make_guest() -> User:
    """A new guest user, with no password anyone could type."""
    return get_user_model().objects.create_user(username=PREFIX + secrets.token_urlsafe(12), password=None)


def guests() -> QuerySet[User]:
    return get_user_model().objects.filter(username__startswith=PREFIX)


@transaction.atomic
def hand_over(*, guest: User, account: User) -> None:
    """Give the guest's games, players and merges to ``account``, then delete the guest. A guest's
    player whose name the account already has (in any case) becomes that player: the account keeps
    one Ann, with the games of both."""
    if not is_guest(guest) or guest.pk == account.pk:
        return
    theirs = {p.name.casefold(): p for p in Player.objects.filter(owner=account)}
    for player in Player.objects.filter(owner=guest):
        same = theirs.get(player.name.casefold())
        if same is None:
            Player.objects.filter(pk=player.pk).update(owner=account)
            continue
        # The two were never at one table (each table is one owner's), so no seat doubles up.
        Seat.objects.filter(player=player).update(player=same)
        Entry.objects.filter(player=player).update(player=same)
        Player.objects.filter(pk=same.pk).renew_figures()
        MergeRecord.objects.filter(target=player).update(target=same)
        player.delete()
    GameSession.objects.filter(owner=guest).update(owner=account)
    MergeRecord.objects.filter(owner=guest).update(owner=account)
    if not GroupLink.objects.filter(owner=account, replaced_at__isnull=True).exists():
        GroupLink.objects.filter(owner=guest).update(owner=account)
    guest.delete()


def purge_guests(*, now: datetime.datetime | None = None, days: int = GUEST_DAYS) -> int:
    """Delete every guest made ``days`` days ago and none of whose games was started, played,
    ended or trashed since, with its games; how many."""
    cutoff = (now or timezone.now()) - datetime.timedelta(days=days)
    touched = Greatest(
        "game_sessions__created",
        Coalesce("game_sessions__last_played", "game_sessions__created"),
        Coalesce("game_sessions__finished_at", "game_sessions__created"),
        Coalesce("game_sessions__deleted_at", "game_sessions__created"),
    )
    idle = (
        guests()
        .filter(date_joined__lt=cutoff)
        .annotate(last=Max(touched))
        .filter(Q(last__isnull=True) | Q(last__lt=cutoff))
    )
    ids = list(idle.values_list("pk", flat=True))
    with transaction.atomic():
        # Games first: their seats and entries hold on to the players (PROTECT).
        GameSession.objects.filter(owner_id__in=ids).delete()
        get_user_model().objects.filter(pk__in=ids).delete()
    return len(ids)
