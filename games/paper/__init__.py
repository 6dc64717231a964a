"""Score sheets as they look on paper: a recorded game's, or a blank one to play with.

One table model (``Sheet`` of ``Row``s of ``Cell``s, ``layout``; the cells and the printed
numbers are the rules' base module's, which the screen draws with too) is drawn by one template
(templates/games/print/_sheet.html) for every game; each game's layout fills it from a replayed
``GameState`` (``Layout.filled``) or from the rules' schedules alone (``Layout.blank``). Nothing
here touches the database. One module per layout (``bids``, ``call``, ``minibridge``, ``memory``,
``scores``), each with a ``Layout`` subclass per game it draws; a game's registry entry holds
its layout as ``Game.paper``, and only the registry imports a game's layout.
"""

from games.rules.base import Cell, Row, number, signed

from .layout import MAX_BLANK_ROWS, BlankChoice, Layout, Sheet, deal_number

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
