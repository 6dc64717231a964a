"""Template context every page may need."""

from __future__ import annotations

from contextvars import ContextVar

from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse
from django.utils.functional import SimpleLazyObject

from games.accounts.guests import is_guest
from games.views.access import kept_game


def accounts(request: HttpRequest) -> dict[str, object]:
    """Whether the server can mail a password reset (EMAIL_URL), for the login and lockout pages;
    whether the visitor plays as a guest, with no account (games/accounts/guests.py)."""
    return {
        "password_reset_by_mail": settings.PASSWORD_RESET_BY_MAIL,
        # Lazy: a page that never asks (a watcher's live sheet) loads no session or user for it.
        "guest": SimpleLazyObject(lambda: hasattr(request, "user") and is_guest(request.user)),
    }


def kept_game_url(request: HttpRequest) -> dict[str, str]:
    """The sheet a keep-score phone (no account) goes back to from the logo and the rules pages, or ""."""
    pk = kept_game(request)
    return {"kept_game_url": reverse("games:sheet", args=[pk]) if pk is not None else ""}


# While a page to keep in the cache is drawn (games/views/pagecache.py): its placeholders' random part.
PAGE_MARKS: ContextVar[str | None] = ContextVar("page_marks", default=None)


def placeholders(request: HttpRequest) -> dict[str, str]:
    """While a sheet page to keep in the cache is drawn: its CSRF token is a placeholder (after Django's own
    ``csrf`` processor, so this one wins), and ``write_fields`` draws each submit key as one."""
    del request  # a context processor's signature; the marks are this drawing's, not the request's
    marks = PAGE_MARKS.get()
    return {"csrf_token": f"csrf{marks}", "write_key": f"wkey{marks}"} if marks else {}
