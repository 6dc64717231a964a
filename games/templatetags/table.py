"""Template tags of the score sheets: what every form that writes to a game carries."""

from __future__ import annotations

import secrets

from django import template
from django.middleware.csrf import get_token
from django.template import Context
from django.utils.html import format_html

register = template.Library()


@register.simple_tag(takes_context=True)
def write_fields(context: Context) -> str:
    """The CSRF token, the game's version the page was drawn from, and a fresh key for this submit.

    The server applies a write only on that version, and recognises a submit sent twice
    (a double tap, a retry after a dropped connection) by its key.
    """
    request = context["request"]
    session = context["session"]
    return format_html(
        '<input type="hidden" name="csrfmiddlewaretoken" value="{}">'
        '<input type="hidden" name="version" value="{}">'
        '<input type="hidden" name="key" value="{}">',
        get_token(request),
        session.version,
        secrets.token_urlsafe(12),
    )
