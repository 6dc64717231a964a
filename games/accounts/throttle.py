"""Limits on what one address or one user may do in an hour: sign-ups, new games, imports.

Wrong passwords are django-axes's business (settings: AXES_*). The counters are ``Allowance``
rows, shared by every worker: a window opens at the first use and lasts an hour, and each use
is one conditional UPDATE, so requests at the same instant never pass the limit between them.
"""

from __future__ import annotations

import ipaddress
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Case, F, Q, Value, When
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext

WINDOW = timedelta(hours=1)
UNKNOWN_ADDRESS = "0.0.0.0"  # noqa: S104  (a connection with no address, e.g. a unix socket: never bound)


def client_ip(request: HttpRequest) -> str:
    """The client's address: the connection's, or behind TRUSTED_PROXIES proxies, from X-Forwarded-For.
    Always a valid IP address (django-axes stores it as one): a forwarded value that is not one is
    ignored, and a connection with no address (a unix socket) counts as 0.0.0.0."""
    proxies = settings.TRUSTED_PROXIES
    if proxies > 0:
        forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if a.strip()]
        if len(forwarded) >= proxies and valid_ip(forwarded[-proxies]):
            return str(forwarded[-proxies])
    address = request.META.get("REMOTE_ADDR", "")
    return address if valid_ip(address) else UNKNOWN_ADDRESS


def valid_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def spend(kind: str, who: str, limit: int, amount: int = 1) -> bool:
    """Count ``amount`` more ``kind`` for ``who`` this hour; False (nothing counted) if that passes
    ``limit``. One query with a window open and room left; a first use opens the window (and sweeps
    away windows closed long ago). What it counted inside a transaction goes if that rolls back."""
    from games.models import Allowance

    if amount > limit:
        return False
    key = f"{kind}:{who}"
    now = timezone.now()
    if _take(key, now, limit, amount):
        return True
    Allowance.objects.filter(opened__lt=now - 2 * WINDOW).delete()
    Allowance.objects.bulk_create([Allowance(key=key, opened=now, used=0)], ignore_conflicts=True)
    return _take(key, now, limit, amount)


def _take(key: str, now: datetime, limit: int, amount: int) -> bool:
    """One UPDATE: a window closed an hour ago opens again with ``amount``; an open one adds it if it fits."""
    from games.models import Allowance

    closed = Q(opened__lte=now - WINDOW)
    taken = Allowance.objects.filter(Q(key=key) & (closed | Q(used__lte=limit - amount))).update(
        used=Case(When(closed, then=Value(amount)), default=F("used") + amount),
        opened=Case(When(closed, then=Value(now)), default=F("opened")),
    )
    return taken == 1


def too_many(request: HttpRequest, message: str) -> HttpResponse:
    """The answer once a limit is reached: 429 with the reason, in the site's own page."""
    return render(request, "games/too_many.html", {"message": message}, status=429)


def games_quota_reached(request: HttpRequest) -> HttpResponse:
    """The answer to a new game past GAMES_PER_HOUR (games/table/__init__.py counts them as they start)."""
    said = gettext(
        "You have started {limit} games in the last hour, as many as this server allows. Try again in a while."
    )
    return too_many(request, said.format(limit=settings.GAMES_PER_HOUR))


def locked_out(
    request: HttpRequest, _original_response: HttpResponse | None = None, _credentials: object = None
) -> HttpResponse:
    """django-axes's answer to a locked-out login (AXES_LOCKOUT_CALLABLE): 429, how long, what to do."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return render(request, "registration/locked_out.html", {"cooloff_minutes": minutes}, status=429)


USERNAME_KEPT = 150  # a user name's own limit; django-axes keeps at most 255 characters of it


def axes_username(request: HttpRequest | None, credentials: dict[str, Any] | None) -> str:
    """The user name django-axes counts failures under, as typed but cut to a user name's length:
    django-axes would store an over-long one whole (PostgreSQL refuses more than 255: a 500)."""
    if credentials:
        typed = credentials.get("username", "")
    else:
        typed = request.POST.get("username", "") if request is not None else ""
    return str(typed or "")[:USERNAME_KEPT]
