"""What every paper sheet is made of: the table model and how numbers are printed.

``Sheet`` (header, body and footer rows of ``Cell``) is drawn by one template for every game;
``signed`` and ``number`` print points with a real minus sign; the totals row is here too.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from games.words import gettext

if TYPE_CHECKING:
    from games.rules import GameState

MINUS = "−"

MAX_BLANK_ROWS = 60  # the most rows a blank sheet's form takes (one page each)
# Printed, a blank sheet's rows share this much of the page's height (in vw: Letter's page is 132vw
# tall, A4's 146vw, less the heading and notes), at one of these heights (tenths of a vw).
FILL_HEIGHT = 90
FILL_ROWS = (80, 70, 65, 60, 55, 50)


@dataclass
class Cell:
    text: str = ""
    corner: str = ""  # small, top right: the bid, where the scorekeeper writes it
    flag: str = ""  # small, top left: "D" for the dealer
    note: str = ""  # small, under the text: this round's points
    cls: str = ""
    title: str = ""
    colspan: int = 1
    rowspan: int = 1
    head: bool = False  # drawn as <th>
    scope: str = ""
    # On the screen (games/table/__init__.py draws the same cells): how the number was worked out, shown when
    # the cell is tapped; a heading cell that links to the correction of its row's round; a swatch's class.
    explain: str = ""
    link: bool = False
    swatch: str = ""
    lines: tuple[str, ...] = ()  # the screen's lines under a square with no ``explain`` (a contract)


@dataclass
class Row:
    cells: list[Cell]
    cls: str = ""
    number: int = 0  # the round the row draws (0: none), for the screen: its id, correction and explanations
    heading: str = ""  # what an explanation in the row starts with: "Round 7NT", "Hand 3 (4 cards)"
    link_label: str = ""  # what its correction link says, when not "Correct round <heading's text>"
    key: str = ""  # the screen's id for a row that draws no round (a Minibridge deal not begun)

    @property
    def dom_id(self) -> str:
        return self.key or f"round-{self.number}"


@dataclass
class Sheet:
    """One printed table, with what goes under it."""

    layout: str  # "bids", "call", "personal", "memory": a CSS hook for column widths
    cols: list[str]  # a class per column
    head: list[Row]
    body: list[Row] = field(default_factory=list)
    foot: list[Row] = field(default_factory=list)
    heading: str = ""  # e.g. "Personal score sheet for: Ann"
    caption: str = ""  # for screen readers
    points_table: list[tuple[int, int]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    blank: bool = False

    @property
    def fill(self) -> int:
        """A blank sheet's printed row height, in tenths of a vw (static/css/print.css ``fill-N``): as tall as
        the page allows, so the rows fill it for handwriting; 0 for the usual height."""
        if not self.blank or not self.body:
            return 0
        fits = FILL_HEIGHT / len(self.body)
        return next((h for h in FILL_ROWS if h <= fits * 10), 0)


def signed(points: int | None, zero: str = "0") -> str:
    """A round's points as printed: +5, −5, and ``zero`` for 0 (``number`` with a plus sign)."""
    if points == 0:
        return zero
    return f"+{points}" if points is not None and points > 0 else number(points)


def number(value: int | None) -> str:
    """A total as printed: a real minus sign."""
    if value is None:
        return ""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def deal_number(label: str) -> str:
    """The number in a deal's or hand's label ("Deal 4 redeal" gives "4"); other labels as they are."""
    found = re.match(r"(?:Deal|Hand) (\d+)", label)
    return found.group(1) if found else label


def _head(text: str, **kwargs: Any) -> Cell:
    kwargs.setdefault("scope", "col")
    return Cell(text=text, head=True, **kwargs)


def _name_head(name: str, **kwargs: Any) -> Cell:
    """A player's column heading; an empty one is a line to write a name on."""
    if name:
        return _head(name, cls="name", title=name, **kwargs)
    return _head("", cls="name write", **kwargs)


def total_row(
    totals: list[int] | None,
    columns: int,
    winners: Collection[int] = (),
    *,
    label: str = "",
    label_span: int = 1,
    span: int = 1,
) -> Row:
    """The footer row of totals (empty cells to write in when ``totals`` is None); winners marked."""
    cells = [Cell(text=label or gettext("Total"), head=True, scope="row", cls="label", colspan=label_span)]
    for column in range(columns):
        won = column in winners
        cells.append(
            Cell(
                text=number(totals[column]) if totals is not None else "",
                cls="total winner" if won else "total",
                title=gettext("won") if won else "",
                colspan=span,
            )
        )
    return Row(cells, cls="totals")


def state_total_row(state: GameState | None, columns: int, **kwargs: Any) -> Row:
    """``total_row`` of a sheet drawing ``state``: its totals once a round is recorded (before
    that, and on a blank sheet, cells to write in), its winners marked."""
    totals = state.totals if state and state.rounds else None
    return total_row(totals, columns, state.winners if state else (), **kwargs)
