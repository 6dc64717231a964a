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

    A page kept in the cache is drawn with placeholders for the token and the keys, put in
    when it is served (games/views/pagecache.py).
    """
    return format_html(
        '<input type="hidden" name="csrfmiddlewaretoken" value="{}">'
        '<input type="hidden" name="version" value="{}">'
        '<input type="hidden" name="key" value="{}">',
        context.get("csrf_token") or get_token(context["request"]),
        context["session"].version,
        context.get("write_key") or secrets.token_urlsafe(12),
    )
