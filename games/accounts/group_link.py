"""The group link: the owner's standings, history and game summaries, read-only, for anyone holding it.

It follows the share links of one game (games/accounts/sharing.py): the token is an HMAC of a
random salt under the site's secret key, so the owner can be shown it again, and only
its SHA-256 is stored to find it. An owner has at most one link in force; making a new
one or revoking it stops the old one at once.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from base64 import urlsafe_b64encode
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.accounts.sharing import TOKEN_CHARS
from games.models import GroupLink

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def token_for(link: GroupLink) -> str:
    # Its own purpose in the HMAC: a group link's token can never be a game's share token.
    digest = hmac.new(settings.SECRET_KEY.encode(), f"group-link:{link.salt}".encode(), hashlib.sha256)
    return urlsafe_b64encode(digest.digest()).decode()[:TOKEN_CHARS]


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


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
        link.token_hash = _hash(token_for(link))
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
    link = GroupLink.objects.select_related("owner").filter(token_hash=_hash(token)).first()
    if link is None or not link.is_live or not hmac.compare_digest(token_for(link), token):
        return None
    return link
