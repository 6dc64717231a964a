"""What a page that hands out a link shows with it (a game's Share page, the group link page)."""

from __future__ import annotations

import segno
from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

register = template.Library()


@register.filter
def qr_code(url: str) -> SafeString:
    """The link as a QR code, drawn here as inline SVG (no script, no outside service)."""
    svg = segno.make(url, error="m").svg_inline(scale=4, dark="#000", light="#fff", border=3)
    label = escape(gettext("QR code of the link"))
    return mark_safe(svg.replace("<svg ", f'<svg role="img" aria-label="{label}" ', 1))  # noqa: S308
