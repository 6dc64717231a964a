"""The "scores" paper layout: a column per player, each round's points under the running total.

For any game whose rounds are nothing but each player's points (``rows.SCORES``):
a row per round and the totals, the winners marked. A blank sheet has as many rows
as the game has rounds (``rounds_in_game``), else ``blank_rows``.
"""

from __future__ import annotations

from typing import Any

from games.rules import GameRules, GameState
from games.words import gettext, gettext_noop

from .common import Cell, Row, Sheet, _head, _name_head, number, signed, state_total_row
from .layout import Layout


def _scores_sheet(
    rules: GameRules, state: GameState | None, names: list[str], options: dict[str, Any], rows: int
) -> Sheet:
    players = len(names)
    word = rules.round_word.capitalize()
    sheet = Sheet(
        layout="scores",
        cols=["label"] + ["score"] * players,
        head=[Row([_head(word, cls="label")] + [_name_head(n, scope="col") for n in names])],
        caption=gettext("{game} score sheet: a column per player").format(game=rules.name),
        notes=[]
        if state is None
        else [gettext("Big number: the running total; under it, the round's points.")],
        blank=state is None,
    )
    count = len(state.rounds) if state else (rows or rules.rounds_in_game(players, options) or 20)
    for index in range(count):
        result = state.rounds[index] if state else None
        row = Row(
            [Cell(text=result.info.label if result else str(index + 1), head=True, scope="row", cls="label")]
        )
        for seat in range(players):
            cell = Cell(cls="score")
            if result is not None and result.complete and result.totals and result.points:
                cell.text = number(result.totals[seat])
                cell.note = signed(result.points[seat])
                cell.title = f"{names[seat]}: {result.explain[seat]}" if result.explain else ""
            row.cells.append(cell)
        row.cls = "played" if result and result.complete else ""
        sheet.body.append(row)
    sheet.foot.append(state_total_row(state, players))
    return sheet


class ScoresPaper(Layout[GameRules]):
    intro = gettext_noop("A column for each player: each round's points under the running total.")
    draw_sheet = staticmethod(_scores_sheet)
