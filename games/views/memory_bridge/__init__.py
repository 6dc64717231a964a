"""Memory Bridge: the two-player sheet and the deal entry on it.

Called through ``play.py``, which checks the login, the owner and the method.

A deal is entered as it is played, each step saved by the tap that completes
it: the first half (one tap: one player's tricks fix the other's), then the
contract (declarer, level and strain; doubling starts at "not doubled"; or
"passed out"), then the declarer's tricks in the second half (one tap). A
first half that takes a player to the target ends the game there. Plain forms
work without JavaScript too; refusals answer 200 to htmx and 400 to a plain
POST, with the input kept.

The package holds the screens by concern: ``deals`` (what a deal holds, in
words), ``panels`` (the entry panel), ``sheets`` (the sheet page),
and ``actions`` (which form and panel each step has; the forms that read
them are in ``games/round_forms.py``). ``play.py`` finds
``sheet``, ``new_game`` and ``ACTIONS`` here.
"""

from .actions import ACTIONS, new_game, sheet
from .sheets import TABLE

__all__ = ["ACTIONS", "TABLE", "new_game", "sheet"]
