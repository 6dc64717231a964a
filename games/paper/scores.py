"""The "scores" paper layout: a column per player, each round's points under the running total.

For any game whose rounds are nothing but each player's points (``registry.SCORES``). A blank sheet
has as many rows as the game has rounds (``rounds_in_game``), else ``blank_rows``.
"""

from __future__ import annotations

from typing import Any

from games.rules import GameRules, GameState
from games.rules.base import Cell, Row, gettext, gettext_noop, in_words, ngettext, number, signed

from .layout import Layout, Sheet, _head, _name_head, state_total_row


def _scores_sheet(
    rules: GameRules, state: GameState | None, names: list[str], options: dict[str, Any], rows: int
) -> Sheet:
    players = len(names)
    word = in_words(rules.round_word.capitalize())
    sheet = Sheet(
        layout="scores",
        cols=["label"] + ["score"] * players,
        head=[Row([_head(word, cls="label")] + [_name_head(n, scope="col") for n in names])],
        caption=gettext("{game} score sheet: a column per player").format(game=rules.name),
        notes=[gettext("Big number: the running total; under it, the round's points.")] if state else [],
        blank=state is None,
    )
    count = len(state.rounds) if state else (rows or rules.rounds_in_game(players, options) or 20)
    for index in range(count):
        result = state.rounds[index] if state else None
        label = result.info.label if result else str(index + 1)
        row = Row([Cell(text=label, head=True, scope="row", cls="label")])
        for seat in range(players):
            cell = Cell(cls="score", flag="D" if result is not None and seat == result.info.dealer else "")
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


class FreeScoringPaper(ScoresPaper):
    """Free scoring: the "scores" sheet, headed with who wins and how long the game is played."""

    intro = gettext_noop(
        "Any card game: a column for each player, each round's points under the running total."
    )
    blank_rows = 15
    default_players = 4

    def describe_options(self, options: dict[str, Any]) -> list[str]:
        wins = (
            gettext("Lowest total wins") if self.rules.lowest_wins(options) else gettext("Highest total wins")
        )
        if options.get("target") is not None:
            return [
                wins,
                gettext("Ends when a total reaches {target}").format(target=number(options["target"])),
            ]
        rounds = options["rounds"]
        return [wins, ngettext("{count} round", "{count} rounds", rounds).format(count=rounds)]

    def lines_to_fill(self, options: dict[str, Any], *, named: bool) -> list[str]:
        return [gettext("Game played"), gettext("Rounds or target"), gettext("Highest or lowest total wins")]
