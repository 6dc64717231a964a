"""Minibridge: the partnership sheet, the deal entry on it, and each player's personal sheet.

Called through ``play.py``, which checks the login, the owner and the method.

A deal is entered in three steps, each saved by the tap that completes it:
the points as announced from the dealer (three taps on a keypad; the fourth
player's points follow from 40), then the declarer's contract (strain, then
part-score or game), then the tricks the declaring side took (one tap). The
keypad keeps its state in the form (hidden fields plus which player it is
filling), so it works as a plain form without JavaScript too, one "Next" at a
time. Refusals answer 200 to htmx and 400 to a plain POST, with the input kept.

The package holds the screens by concern: ``deals`` (seats, announcing order,
deal numbers and the words for them), ``panels`` (the entry panel),
``sheets`` (the partnership sheet page and the personal sheet rows)
and ``actions`` (which form and panel each step has; the forms that read
them are in ``games/round_forms.py``). ``play.py`` finds
``sheet``, ``new_game`` and ``ACTIONS`` here.
"""

from .actions import ACTIONS, new_game, sheet
from .sheets import TABLE

__all__ = ["ACTIONS", "TABLE", "new_game", "sheet"]
