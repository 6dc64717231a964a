"""Template tags of the score sheets: ``write_fields``, what every form that writes to a game carries,
``seat_row``, a player's row of one-tap choices, ``trump_chips``, the trumps turned up, ``bids_form``, the
bidding games' bids, and ``game_tools``, every sheet's Undo, End and Share."""

from __future__ import annotations

from django import template

from games.table import game_tools, seat_row, trump_chips, write_fields
from games.table.bidding import bids_form

register = template.Library()
# Defined beside the table they serve, so that drawing a sheet runs no code of this module.
register.simple_tag(write_fields, takes_context=True)
register.simple_tag(seat_row)
register.simple_tag(trump_chips)
register.simple_tag(game_tools, takes_context=True)
register.simple_tag(bids_form, takes_context=True)
