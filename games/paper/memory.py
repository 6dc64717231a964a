"""The "memory" paper layout: Memory Bridge, both halves of every deal side by side.

Per deal: the first-half tricks and scores, the contract, the second-half tricks
and scores, and both players' running totals; unnamed players are A and B.
"""

from __future__ import annotations

from typing import Any

from games.rules import GameState
from games.rules.base import Cell, Row, gettext, gettext_noop, number
from games.rules.memory_bridge import MemoryBridge, first_half_score
from games.rules.memory_bridge import contract_name as memory_contract_name

from .layout import Layout, Sheet, _head, state_total_row


def memory_notes(target: int | None) -> list[str]:
    scores = ", ".join(f"{t} = {first_half_score(t)}" for t in range(7, 14))
    if target:
        to_target = gettext("Target {target}: checked after each half; the first to reach it wins.").format(
            target=target
        )
    else:
        to_target = gettext("The target: checked after each half; the first to reach it wins.")
    return [
        gettext(
            "First half, no trumps: 7 tricks or more scores 100 plus the tricks over six ({scores})."
        ).format(scores=scores),
        gettext(
            "Second half: a made contract scores its tricks over six (no trumps 40 then 30, ♠ ♥ 30, ♦ ♣ 20), doubled ×2, redoubled ×4. A failed or passed-out contract scores nothing."
        ),
        to_target,
    ]


def _memory_sheet(
    rules: MemoryBridge, state: GameState | None, names: list[str], options: dict[str, Any], rows: int
) -> Sheet:
    options = rules.clean_options(options)
    # Unnamed players (a blank sheet) are A and B; the heading has lines for their names.
    a, b = names[0] or "A", names[1] or "B"
    head = [
        Row(
            [
                _head(gettext("Deal"), cls="label", rowspan=3),
                _head(gettext("First half (no trumps)"), colspan=4, scope="colgroup"),
                _head(gettext("Second half"), colspan=4, scope="colgroup"),
                _head(gettext("Total"), colspan=2, rowspan=2, scope="colgroup"),
            ]
        ),
        Row(
            [
                _head(gettext("Tricks"), colspan=2, scope="colgroup"),
                _head(gettext("Score"), colspan=2, scope="colgroup"),
                _head(gettext("Contract"), rowspan=2, cls="contract"),
                _head(gettext("Tricks"), rowspan=2),
                _head(gettext("Score"), colspan=2, scope="colgroup"),
            ]
        ),
        Row([_head(n, cls="sub name", title=n) for n in (a, b, a, b, a, b, a, b)]),
    ]
    sheet = Sheet(
        layout="memory",
        cols=["label", "n", "n", "pts", "pts", "contract", "n", "pts", "pts", "pts", "pts"],
        head=head,
        caption=gettext("Memory Bridge score sheet: both halves of every deal"),
        notes=memory_notes(None if state is None else options["target"]),
        blank=state is None,
    )
    count = len(state.rounds) if state else rows
    for index in range(count):
        result = state.rounds[index] if state else None
        cells = [Cell(text=str(index + 1), head=True, scope="row", cls="label")]
        if result is None:
            cells += [Cell() for _ in range(10)]
            sheet.body.append(Row(cells))
            continue
        facts = result.facts
        data = result.data
        for seat in (0, 1):
            flag = "D" if seat == result.info.dealer else ""
            cells.append(Cell(text=str(data["first_half"][seat]), flag=flag))
        for seat in (0, 1):
            points = facts["first_half_points"][seat]
            cells.append(Cell(text=str(points) if points else "", cls="score"))
        if facts["ended_after_first_half"]:
            cells.append(Cell(text=gettext("game over after the first half"), colspan=4, cls="redeal"))
        else:
            contract = data.get("contract", "missing")
            if contract is None:
                cells.append(Cell(text=gettext("passed out")))
            elif contract == "missing":
                cells.append(Cell())
            else:
                name = memory_contract_name(contract["level"], contract["strain"], contract["doubled"])
                by = gettext("by {name}").format(name=names[contract["declarer"]])
                cells.append(Cell(text=name, note=by))
            cells.append(Cell(text=str(data["tricks"]) if data.get("tricks") is not None else ""))
            second = facts.get("second_half_points")
            for seat in (0, 1):
                points = second[seat] if second else None
                cells.append(Cell(text=str(points) if points else "", cls="score"))
        assert result.totals is not None
        for seat in (0, 1):
            title = f"{names[seat]}: {result.explain[seat]}"
            cells.append(Cell(text=number(result.totals[seat]), cls="total", title=title))
        sheet.body.append(Row(cells, cls="played" if result.complete else "current"))
    sheet.foot.append(state_total_row(state, 2, label_span=9))
    return sheet


class MemoryBridgePaper(Layout[MemoryBridge]):
    intro = gettext_noop("Both halves of every deal for the two players.")
    blank_rows = 16
    draw_sheet = staticmethod(_memory_sheet)

    def lines_to_fill(self, options: dict[str, Any], *, named: bool) -> list[str]:
        return super().lines_to_fill(options, named=named) + (
            [] if named else [gettext("Player A"), gettext("Player B")]
        )
