"""Which layout draws which game: a recorded game's sheet, blank sheets, and the options line.

``filled_sheets`` draws a replayed game as far as it has been played,
``blank_sheets`` draws empty sheets to play on paper, and ``options_lines`` says a
game's options in words for a sheet's heading.
"""

from __future__ import annotations

from typing import Any

from ..rules import GAMES, GameState
from ..rules.minibridge import DEFAULT_DEALS
from ..rules.mormon_bridge import FOUR_CARD, MODE_NAMES
from .bids import _bugger_sheet, _mormon_sheet
from .call import _call_sheet
from .common import BLANK_ROWS, Sheet
from .memory import _memory_sheet
from .minibridge import _minibridge_sheet, _personal_sheet


def options_lines(game: str, options: dict[str, Any]) -> list[str]:
    """A game's options in words, for the heading of a sheet."""
    rules = GAMES[game]
    options = rules.clean_options(options)
    if game == "bugger-bridge":
        return ["Hook rule: the dealer may not make the bids add up"] if options["hook"] else []
    if game == "call-bridge":
        return [f"Target {options['target']}"]
    if game == "mormon-bridge":
        mode = options["mode"]
        line = f"{MODE_NAMES[mode]} game"
        if mode == FOUR_CARD:
            line += f", target {options['target']}"
        return [line]
    if game == "minibridge":
        if options.get("target") is not None:
            return [f"Play to {options['target']} points"]
        return [f"{options['deals']} deals"]
    if game == "memory-bridge":
        return [f"Target {options['target']}"]
    return []


def _names_or_blanks(names: list[str], players: int) -> list[str]:
    return [names[i] if i < len(names) and names[i] else "" for i in range(players)]


def filled_sheets(game: str, state: GameState, names: list[str]) -> list[Sheet]:
    """A recorded game's sheet (one table), as far as it has been played."""
    players = len(names)
    if game == "bugger-bridge":
        return [_bugger_sheet(state, names, players, state.options)]
    if game == "mormon-bridge":
        return [_mormon_sheet(state, names, players, state.options, None)]
    if game == "call-bridge":
        return [_call_sheet(state, names, state.options, None)]
    if game == "minibridge":
        return [_minibridge_sheet(state, names)]
    if game == "memory-bridge":
        return [_memory_sheet(state, names, state.options, None)]
    raise KeyError(game)


def blank_sheets(
    game: str, *, players: int, names: list[str], options: dict[str, Any], rows: int | None = None
) -> list[Sheet]:
    """Empty sheets to print and play on paper; ``names`` may be empty strings.

    Minibridge gives one personal score sheet per named player (each keeps their
    own), or a single unnamed one.
    """
    names = _names_or_blanks(names, players)
    if game == "bugger-bridge":
        return [_bugger_sheet(None, names, players, GAMES[game].clean_options(options))]
    if game == "mormon-bridge":
        return [_mormon_sheet(None, names, players, options, rows)]
    if game == "call-bridge":
        return [_call_sheet(None, names, options, rows)]
    if game == "minibridge":
        count = rows or max(BLANK_ROWS["minibridge"], DEFAULT_DEALS)
        named = [n for n in names if n]
        return [_personal_sheet(n, count) for n in named] or [_personal_sheet("", count)]
    if game == "memory-bridge":
        return [_memory_sheet(None, names, options, rows)]
    raise KeyError(game)
