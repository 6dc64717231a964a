"""Score sheets as they look on paper: a recorded game's, or a blank one to play with.

One table model (``Sheet``: header rows, body rows, footer rows of ``Cell``) is
drawn by one template (templates/games/print/_sheet.html) for every game; the
functions here fill it from a replayed ``GameState`` (``filled_sheets``) or from
the rules' schedules alone (``blank_sheets``), in each game's own layout:

- Bugger Bridge and Mormon Bridge: a row per round, a column per player, the
  bid small in the corner and the running total in the box;
- Call Bridge: a bid and a score column per player;
- Minibridge: the personal score sheet of the rule text (deal, seat, points
  held, declaring side, contract, tricks, score);
- Memory Bridge: both halves of every deal side by side.

Nothing here touches the database.

The package holds one module per layout (``bids``, ``call``, ``minibridge``,
``memory``), what they share (``common``) and which layout draws which game
(``sheets``).
"""

from .common import BLANK_ROWS, MAX_BLANK_ROWS, Cell, Row, Sheet, deal_number, number, signed
from .sheets import blank_sheets, filled_sheets, options_lines

__all__ = [
    "BLANK_ROWS",
    "MAX_BLANK_ROWS",
    "Cell",
    "Row",
    "Sheet",
    "blank_sheets",
    "deal_number",
    "filled_sheets",
    "number",
    "options_lines",
    "signed",
]
