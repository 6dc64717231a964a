"""What a game's paper layout offers: its recorded sheet, its blank sheets and their form, its options in words.

Each layout module (``bids``, ``call``, ``minibridge``, ``memory``) has a
subclass of ``Layout`` per game it draws; the game's registry entry
(games/registry.py) holds one, made with the game's rules. What every layout draws
is here too: the printed table (``Sheet``, of the ``Row``s of ``Cell``s the
screen draws as well, games/rules/base.py), its heading cells and its totals row.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any, ClassVar

from games.rules import GameRules, GameState
from games.rules.base import Cell, Row, gettext, in_words, number

MAX_BLANK_ROWS = 60  # the most rows a blank sheet's form takes (one page each)
# Printed, a blank sheet's rows share this much of the page's height (in vw: Letter's page is 132vw
# tall, A4's 146vw, less the heading and notes), at one of these heights (tenths of a vw).
FILL_HEIGHT = 90
FILL_ROWS = (80, 70, 65, 60, 55, 50)


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


@dataclass(frozen=True)
class BlankChoice:
    """A choice the blank-sheet form offers because it changes the sheet (Mormon Bridge: which game)."""

    name: str  # the option it sets
    label: str
    choices: tuple[tuple[str, str], ...]
    default: str


def names_or_blanks(names: list[str], players: int) -> list[str]:
    """``players`` names, an empty string (a line to write on) where none was given."""
    return [names[i] if i < len(names) and names[i] else "" for i in range(players)]


class Layout[R: GameRules]:
    """A game on paper, drawn for its rules ``R``. Subclasses draw the sheets; the hooks below have defaults."""

    intro: ClassVar[str]  # what the list of blank sheets says about this one
    # Rows of a blank sheet for a game without a fixed number of rounds (the form
    # then offers another number); None: the game's schedule fixes the rows.
    blank_rows: ClassVar[int | None] = None
    blank_choices: ClassVar[tuple[BlankChoice, ...]] = ()
    names_hint: ClassVar[str] = ""  # said under the blank sheet's names, after how to order them
    flags_dealer: ClassVar[bool] = True  # a D beside a score marks who dealt (the pages' key says so)

    # Draws the layout's one sheet: (rules, a recorded game or None for a blank sheet, a name or ""
    # per player, options, rows of a blank sheet). A layout that draws several overrides ``draw``.
    draw_sheet: Callable[[R, GameState | None, list[str], dict[str, Any], int], Sheet]

    def __init__(self, rules: R):
        self.rules = rules

    @property
    def players(self) -> range:
        """Table sizes a blank sheet is printed for: the rules' limits."""
        return range(self.rules.min_players, (self.rules.max_players or self.rules.min_players) + 1)

    @property
    def default_players(self) -> int:
        """The table size a blank sheet shows first."""
        return self.players[0]

    def draw(
        self, state: GameState | None, names: list[str], options: dict[str, Any], rows: int
    ) -> list[Sheet]:
        """The sheets of a recorded game (``state``), or blank ones (``state`` None) of ``rows`` rows
        (0: as the schedule has them), with a name (or "") for every player."""
        return [self.draw_sheet(self.rules, state, names, options, rows)]

    def filled(self, state: GameState, names: list[str]) -> list[Sheet]:
        """A recorded game's sheet, as far as it has been played."""
        return self.draw(state, names, state.options, 0)

    def screen(self, state: GameState, names: list[str]) -> Sheet:
        """The sheet on the screen, which games/table/__init__.py draws: the recorded sheet's first table with each
        row numbered by its round, a played round's heading linking to its correction, and its squares
        explained (the words the paper gives them as titles). A layout whose screen differs overrides it."""
        sheet = self.filled(state, names)[0]
        word = in_words(self.rules.round_word.capitalize())
        for index, row in enumerate(sheet.body):
            row.number = index + 1
            result = state.rounds[index] if index < len(state.rounds) else None
            played = result is not None and result.complete
            row.heading = f"{word} {result.info.label if result else row.number}"
            for cell in row.cells:
                if cell.head:
                    cell.link, cell.cls = played, ""  # the screen styles it as #sheet-body th
                elif played and cell.title:
                    cell.explain, cell.title = cell.title, ""
        for row in sheet.foot:
            row.cls = "totals-row"
            for cell in row.cells:
                cell.cls = "round-col" if cell.head else ("leader" if "winner" in cell.cls.split() else "")
        return sheet

    def blank(
        self, *, players: int, names: list[str], options: dict[str, Any], rows: int | None = None
    ) -> list[Sheet]:
        """Empty sheets to print and play on paper; ``names`` may be empty strings."""
        return self.draw(None, names_or_blanks(names, players), options, rows or self.blank_rows or 0)

    def options_lines(self, options: dict[str, Any]) -> list[str]:
        """A game's options in words, for the heading of a sheet; RuleError for options the rules refuse."""
        return self.describe_options(self.rules.clean_options(options))

    def describe_options(self, options: dict[str, Any]) -> list[str]:
        """``options_lines`` for cleaned options: the target, if the game is played to one."""
        target = options.get("target")
        return [gettext("Target {target}").format(target=target)] if target is not None else []

    def blank_heading_options(self, options: dict[str, Any]) -> list[str]:
        """A blank sheet's heading names the options its form chose, and no others."""
        return self.options_lines(options) if self.blank_choices else []

    def blank_lines(self, options: dict[str, Any], *, named: bool) -> list[str]:
        """Labels of the lines to fill in by hand at the top of a blank sheet."""
        return [gettext("Date"), *self.lines_to_fill(options, named=named)]

    def lines_to_fill(self, options: dict[str, Any], *, named: bool) -> list[str]:
        """``blank_lines`` after the date: the target, if the game is played to one by default."""
        target = next((o.default for o in self.rules.options if o.name == "target"), None)
        return [gettext("Target (usually {target})").format(target=target)] if target is not None else []
