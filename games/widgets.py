"""Form widgets drawn in Python where Django's templates cost too much for what they draw.

Django draws a ``<select>`` through a template per option: a filter with a player per option
costs more than the page's queries. ``QuickSelect`` draws the same HTML from the same context
(``get_context``) with no template.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.forms.utils import flatatt
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe


class QuickSelect(forms.Select):
    def render(
        self,
        name: str,
        value: Any,
        attrs: dict[str, Any] | None = None,
        renderer: Any = None,  # noqa: ARG002 (Widget.render's signature; no template to render with)
    ) -> SafeString:
        widget = self.get_context(name, value, attrs)["widget"]
        parts = [format_html('<select name="{}"{}>', widget["name"], flatatt(widget["attrs"]))]
        for group_name, options, _ in widget["optgroups"]:
            if group_name:
                parts.append(format_html('<optgroup label="{}">', group_name))
            parts.append(
                format_html_join(
                    "",
                    '<option value="{}"{}>{}</option>',
                    ((str(o["value"]), flatatt(o["attrs"]), o["label"]) for o in options),
                )
            )
            if group_name:
                parts.append(mark_safe("</optgroup>"))  # noqa: S308 (a constant)
        parts.append(mark_safe("</select>"))  # noqa: S308 (a constant)
        return mark_safe("".join(parts))  # noqa: S308 (every part is escaped above)
