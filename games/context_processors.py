"""Template context every page may need."""

from __future__ import annotations

from django.conf import settings


def accounts(_request) -> dict:
    """Whether the server can mail a password reset (EMAIL_URL), for the login and lockout pages."""
    return {"password_reset_by_mail": settings.PASSWORD_RESET_BY_MAIL}
