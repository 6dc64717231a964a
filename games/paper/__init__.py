"""Score sheets as they look on paper: a recorded game's, or a blank one to play with.

One table model (``Sheet`` of ``Row``s of ``Cell``s, ``common``) is drawn by one template
(templates/games/print/_sheet.html) for every game; each game's layout fills it from a replayed
``GameState`` (``Layout.filled``) or from the rules' schedules alone (``Layout.blank``). Nothing
here touches the database. One module per layout (``bids``, ``call``, ``minibridge``, ``memory``,
``scores``), each with a ``Layout`` subclass per game it draws; a game's registry entry holds
its layout as ``Game.paper``, and only the registry imports a game's layout.
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
