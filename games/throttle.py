"""Limits on what one address or one user may do in an hour: sign-ups, new games, imports.

Wrong passwords are django-axes's business (settings: AXES_*). The counters here are
fixed one-hour windows in Django's cache (the database cache, shared by every worker);
they are a brake on abuse, not an exact ledger, so a lost increment does no harm.
"""

from __future__ import annotations

import functools
import ipaddress
import time
from datetime import timedelta

from django.conf import settings
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext

HOUR = 3600


UNKNOWN_ADDRESS = "0.0.0.0"  # noqa: S104  (a connection with no address, e.g. a unix socket: never bound)


def client_ip(request) -> str:
    """The client's address: the connection's, or behind TRUSTED_PROXIES proxies, from X-Forwarded-For.

    Always a valid IP address (django-axes stores it in a GenericIPAddressField, an ``inet``
    on PostgreSQL): a forwarded value that is not one is ignored, and a connection with no
    address (a unix socket, Django's test client logging in) counts as 0.0.0.0.
    """
    proxies = settings.TRUSTED_PROXIES
    if proxies > 0:
        forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if a.strip()]
        if len(forwarded) >= proxies and valid_ip(forwarded[-proxies]):
            return forwarded[-proxies]
    address = request.META.get("REMOTE_ADDR", "")
    return address if valid_ip(address) else UNKNOWN_ADDRESS


def valid_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def spend(kind: str, who: str, limit: int, amount: int = 1) -> bool:
    """Count ``amount`` more ``kind`` for ``who`` this hour; False (nothing counted) if that passes ``limit``."""
    from django.core.cache import cache

    key = f"throttle:{kind}:{who}:{int(time.time()) // HOUR}"
    cache.add(key, 0, timeout=HOUR + 60)
    try:
        used = cache.get(key, 0)
        if used + amount > limit:
            return False
        cache.set(key, used + amount, timeout=HOUR + 60)
    except ValueError:  # the key expired between add and get
        pass
    return True


def too_many(request, message: str):
    """The answer once a limit is reached: 429 with the reason, in the site's own page."""
    return render(request, "games/too_many.html", {"message": message}, status=429)


def games_started_last_hour(user) -> int:
    from .models import GameSession

    return GameSession.objects.filter(owner=user, created__gte=timezone.now() - timedelta(hours=1)).count()


def game_quota(view):
    """Refuse starting a game (a POST to a new-game page) past GAMES_PER_HOUR for the user."""

    @functools.wraps(view)
    def wrapped(request, *args, **kwargs):
        limit = settings.GAMES_PER_HOUR
        posted = request.method == "POST" and request.user.is_authenticated
        if posted and games_started_last_hour(request.user) >= limit:
            return too_many(
                request,
                gettext(
                    "You have started {limit} games in the last hour, as many as this server allows. Try again in a while."
                ).format(limit=limit),
            )
        return view(request, *args, **kwargs)

    return wrapped


def locked_out(request, _original_response=None, _credentials=None):
    """django-axes's answer to a locked-out login (AXES_LOCKOUT_CALLABLE): 429, how long, what to do."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return render(request, "registration/locked_out.html", {"cooloff_minutes": minutes}, status=429)


USERNAME_KEPT = 150  # a user name's own limit; django-axes keeps at most 255 characters of it


def axes_username(request, credentials) -> str:
    """The user name django-axes counts failures under, as typed but cut to a user name's length.

    Django's log-in form does not refuse an over-long name before checking the password, and
    django-axes would store it whole (PostgreSQL refuses more than 255 characters: a 500).
    """
    if credentials:
        typed = credentials.get("username", "")
    else:
        typed = request.POST.get("username", "") if request is not None else ""
    return str(typed or "")[:USERNAME_KEPT]
