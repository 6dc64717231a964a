"""Template tags of the score sheets: ``write_fields``, what every form that writes to a game carries, and
``seat_row``, a player's row of one-tap choices."""

from __future__ import annotations

from django import template

from games.table import seat_row, write_fields

register = template.Library()
# Defined beside the table they serve, so that drawing a sheet runs no code of this module.
register.simple_tag(write_fields, takes_context=True)
register.simple_tag(seat_row)
