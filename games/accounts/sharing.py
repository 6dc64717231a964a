"""Share links: a game opened to people without an account, to watch it or to keep its score.

A link is a capability for one game. Its token is an HMAC of a random salt under the site's
secret key, so the owner can be shown it again; only its SHA-256 is kept, to find the link.
A new link of a kind replaces the old one, which then answers "this link was replaced".
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from base64 import urlsafe_b64encode

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.models import GameSession, ShareLink

TOKEN_CHARS = 32  # 192 bits of the HMAC, URL-safe


def salted_token(purpose: str, salt: str) -> str:
    """A link's token: the HMAC of its salt, with a purpose of its own (a group link's token is never a game's)."""
    digest = hmac.new(settings.SECRET_KEY.encode(), f"{purpose}:{salt}".encode(), hashlib.sha256)
    return urlsafe_b64encode(digest.digest()).decode()[:TOKEN_CHARS]


def token_for(link: ShareLink) -> str:
    return salted_token("share-link", link.salt)


def hashed(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def live_links(session: GameSession) -> dict[str, ShareLink]:
    """The game's links in force, by kind."""
    return {link.kind: link for link in session.share_links.filter(replaced_at__isnull=True)}


@transaction.atomic
def make_link(session: GameSession, kind: str) -> ShareLink:
    """A new link of ``kind`` for the game; the one it replaces stops working at once."""
    if kind not in ShareLink.Kind.values:
        raise ValueError(kind)
    # Lock the game's row: two taps on "New link" make one link after the other, never two at once.
    GameSession.objects.select_for_update().filter(pk=session.pk).first()
    session.share_links.filter(kind=kind, replaced_at__isnull=True).update(replaced_at=timezone.now())
    link = ShareLink(session=session, kind=kind, salt=secrets.token_urlsafe(24))
    link.token_hash = hashed(token_for(link))
    try:
        with transaction.atomic():
            link.save()
    except IntegrityError:  # a racing tap made one first: show that one
        return live_links(session)[kind]
    return link


def find_link(token: str) -> ShareLink | None:
    """The link this token names (in force or replaced), with its game; None for no such link."""
    if not token or len(token) != TOKEN_CHARS:
        return None
    link = ShareLink.objects.select_related("session").filter(token_hash=hashed(token)).first()
    # The hash was looked up; compare the token itself in constant time too.
    if link is None or not hmac.compare_digest(token_for(link), token):
        return None
    return link
