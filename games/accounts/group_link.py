"""The group link: the owner's standings, history and game summaries, read-only, for anyone holding it.

Its token is made and kept as a game's share links' are (games/accounts/sharing.py). An owner
has at most one link in force; making a new one or revoking it stops the old one at once.
"""

from __future__ import annotations

import hmac
import secrets
from typing import TYPE_CHECKING

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.accounts.sharing import TOKEN_CHARS, hashed, salted_token
from games.models import GroupLink

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def token_for(link: GroupLink) -> str:
    return salted_token("group-link", link.salt)


def live_link(owner: User) -> GroupLink | None:
    return GroupLink.objects.filter(owner=owner, replaced_at__isnull=True).first()


@transaction.atomic
def revoke(owner: User) -> None:
    """The owner's link in force stops working at once."""
    GroupLink.objects.filter(owner=owner, replaced_at__isnull=True).update(replaced_at=timezone.now())


def make_link(owner: User) -> GroupLink:
    """A new link for the owner; the one it replaces stops working at once."""
    with transaction.atomic():
        revoke(owner)
        link = GroupLink(owner=owner, salt=secrets.token_urlsafe(24))
        link.token_hash = hashed(token_for(link))
        try:
            with transaction.atomic():
                link.save()
        except IntegrityError:  # a racing tap made one first: that one stands
            pass
    return live_link(owner) or link


def find_link(token: str) -> GroupLink | None:
    """The link in force this token names, with its owner; None for no such link or a replaced one."""
    if not token or len(token) != TOKEN_CHARS:
        return None
    link = GroupLink.objects.select_related("owner").filter(token_hash=hashed(token)).first()
    if link is None or not link.is_live or not hmac.compare_digest(token_for(link), token):
        return None
    return link
