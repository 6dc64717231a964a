"""Wrong passwords, as django-axes counts them here (settings: AXES_HANDLER, AXES_LOCKOUT_PARAMETERS).

Two counts over the cool-off, both of one address: a user name's wrong passwords (past
LOGIN_FAILURE_LIMIT, that name is paused there) and all of them, whatever the names (past
LOGIN_ADDRESS_FAILURE_LIMIT, the address is). Nothing is counted per name across addresses:
guesses from one address never keep Ann out when she logs in from another. django-axes has one
limit for all its lockout parameters; this handler gives the address its own.
"""

from __future__ import annotations

from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest


class LoginFailures(AxesDatabaseHandler):  # type: ignore[misc]  # django-axes has no type information
    """AXES_HANDLER, with AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"] (in that order)."""

    def get_failures(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
        """The name's failures at this address; the failure limit itself once the address has passed its own."""
        by_name, by_address = (
            attempts.aggregate(n=Sum("failures_since_start"))["n"] or 0
            for attempts in self.get_user_attempts(request, credentials)
        )
        if by_address >= settings.LOGIN_ADDRESS_FAILURE_LIMIT:
            return max(by_name, settings.AXES_FAILURE_LIMIT)
        return by_name

    def reset_user_attempts(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
        """On a good log-in, forget that name's failures at this address only. django-axes would
        forget every failure from the address: anyone could then guess another user's password, log
        in to an account of their own, and guess again."""
        by_name = self.filter_user_attempts(request, credentials)[0]
        count, _ = by_name.delete()
        return int(count)
