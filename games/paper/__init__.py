"""Score sheets as they look on paper: a recorded game's, or a blank one to play with.

One table model (``Sheet``: header rows, body rows, footer rows of ``Cell``) is
drawn by one template (templates/games/print/_sheet.html) for every game; each
game's layout fills it from a replayed ``GameState`` (``Layout.filled``) or from
the rules' schedules alone (``Layout.blank``):

- Bugger Bridge and Mormon Bridge: a row per round, a column per player, the
  bid small in the corner and the running total in the box;
- Call Bridge: a bid and a score column per player;
- Minibridge: the personal score sheet of the rule text (deal, seat, points
  held, declaring side, contract, tricks, score);
- Memory Bridge: both halves of every deal side by side;
- Free Scoring: a column per player, each round's points under the running total.

Nothing here touches the database.

The package holds one module per layout (``bids``, ``call``, ``minibridge``,
``memory``, ``scores``) with a ``Layout`` subclass per game it draws (``layout``:
what a layout offers); what they share is in ``common``. A game's registry entry
(games/registry.py) holds its layout as ``Game.paper``; only the registry
imports a game's layout, from its module.
"""

from .common import MAX_BLANK_ROWS, Cell, Row, Sheet, deal_number, number, signed
from .layout import BlankChoice, Layout

__all__ = [
    "MAX_BLANK_ROWS",
    "BlankChoice",
    "Cell",
    "Layout",
    "Row",
    "Sheet",
    "deal_number",
    "number",
    "signed",
]
