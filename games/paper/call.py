"""The "call" paper layout: Call Bridge, a bid and a score column per player.

A row per deal with each player's bid (bonus bids marked) and running score,
the totals, and the scoring notes under the table.
"""

from __future__ import annotations

from typing import Any

from games.rules import GameState
from games.rules.base import MINUS, Cell, Row, gettext, gettext_noop, number, signed
from games.rules.call_bridge import BID_MAX, BID_MIN, BONUS_FROM, BONUS_POINTS, CallBridge

from .layout import Layout, Sheet, _head, _name_head, state_total_row

# What the filled sheet's type says (templates/games/print/_sheet.html, static/css/print.css).
SCORE_KEY = gettext_noop(
    "Bold score: the bid was made; plain: missed (with the tricks taken). Under each score, the deal's points."
)


def call_notes(target: int | None) -> list[str]:
    if target:
        to_target = gettext(
            "Target {target}: after a deal where someone has reached it, the single highest total wins; a tie plays another deal."
        ).format(target=target)
    else:
        to_target = gettext(
            "The target: after a deal where someone has reached it, the single highest total wins; a tie plays another deal."
        )
    return [
        gettext(
            "Spades are always trumps. Bids are {low} to {high}. Made (tricks at least the bid): + the bid. Missed: {minus} the bid."
        ).format(low=BID_MIN, high=BID_MAX, minus=MINUS),
        gettext(
            "Bonus bid ({bonus_from} or more): exactly the bid or one trick more scores +{points}; anything else scores {minus} the bid."
        ).format(bonus_from=BONUS_FROM, points=BONUS_POINTS, minus=MINUS),
        to_target,
    ]


def _call_sheet(
    rules: CallBridge, state: GameState | None, names: list[str], options: dict[str, Any], rows: int
) -> Sheet:
    options = rules.clean_options(options)
    players = 4
    sheet = Sheet(
        layout="call",
        cols=["label"] + ["bid", "score"] * players,
        head=[
            Row(
                [_head(gettext("Deal"), cls="label", rowspan=2)]
                + [_name_head(n, colspan=2, scope="colgroup") for n in names]
            ),
            Row(
                [
                    c
                    for _ in range(players)
                    for c in (_head(gettext("Bid"), cls="sub"), _head(gettext("Score"), cls="sub"))
                ]
            ),
        ],
        caption=gettext("Call Bridge score sheet: a bid and a score column per player"),
        notes=call_notes(None if state is None else options["target"])
        + ([] if state is None else [gettext(SCORE_KEY)]),
        blank=state is None,
    )
    count = len(state.rounds) if state else rows
    for index in range(count):
        result = state.rounds[index] if state else None
        row = Row([Cell(text=str(index + 1), head=True, scope="row", cls="label")])
        for seat in range(players):
            bid_cell, score_cell = Cell(cls="bid"), Cell(cls="score")
            if result is not None:
                bid = result.data["bids"][seat]
                bid_cell.text = str(bid)
                if seat == result.info.dealer:
                    bid_cell.flag = "D"
                if bid >= BONUS_FROM:
                    bid_cell.cls += " bonus"
                    bid_cell.note = gettext("bonus")
                if result.complete:
                    assert result.totals is not None and result.points is not None
                    score_cell.text = number(result.totals[seat])
                    score_cell.note = signed(result.points[seat])
                    took = (result.data.get("tricks") or [None] * players)[seat]
                    if result.points[seat] < 0 and took is not None:
                        score_cell.note += gettext(", took {took}").format(took=took)
                    score_cell.cls += " missed" if result.points[seat] < 0 else " made"
                    score_cell.title = f"{names[seat]}: {result.explain[seat]}"
            row.cells += [bid_cell, score_cell]
        row.cls = "played" if result and result.complete else ("current" if result else "")
        sheet.body.append(row)
    sheet.foot.append(state_total_row(state, players, span=2))
    return sheet


class CallBridgePaper(Layout[CallBridge]):
    intro = gettext_noop(
        "A bid and a score column for each of the four players, with the bonus-bid rule at the foot."
    )
    blank_rows = 20
    draw_sheet = staticmethod(_call_sheet)
