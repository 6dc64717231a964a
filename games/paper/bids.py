"""The "bids" paper layout: Bugger Bridge and Mormon Bridge, a box per player per round.

The bid small in the corner, the running total (in Mormon Bridge's elimination game, the tricks
taken) in the box, the dealer flagged, and the points table and notes under the table.
"""

from __future__ import annotations

from typing import Any

from games.rules import GameState
from games.rules.base import Cell, Row, gettext, gettext_noop, label_in_words, ngettext, number, signed
from games.rules.bugger_bridge import REDEAL_PENALTY, BuggerBridge, made_points
from games.rules.mormon_bridge import (
    ELIMINATION,
    FOUR_CARD,
    MODE_NAMES,
    MODES,
    REGULAR,
    TABLE_MAX,
    MormonBridge,
)

from .layout import BlankChoice, Layout, Sheet, _head, _name_head, state_total_row

TRUMP_MARKS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣", "none": "NT"}
ROOK_WORDS = {
    "red": gettext_noop("red"),
    "yellow": gettext_noop("yellow"),
    "green": gettext_noop("green"),
    "black": gettext_noop("black"),
    "rook": gettext_noop("Rook"),
}


def _bids_head(first: str, names: list[str]) -> list[Row]:
    return [Row([_head(first, cls="label")] + [_name_head(n) for n in names])]


def bugger_notes(hook: bool) -> list[str]:
    notes = [
        gettext(
            "The bid goes small in the corner, the running total in the box. A bid made exactly scores the table below; a missed bid scores nothing: write the tricks taken under the total."
        ),
        gettext(
            "A redeal for an uncorrected revoke or a wrong number of cards costs the offender {points} points."
        ).format(points=-REDEAL_PENALTY),
    ]
    if hook:
        notes.append(
            gettext("Hook rule: the dealer, bidding last, may not make the bids add up to the cards.")
        )
    return notes


def _bugger_sheet(
    rules: BuggerBridge, state: GameState | None, names: list[str], options: dict[str, Any], _rows: int
) -> Sheet:
    options = rules.clean_options(options)
    players = len(names)
    first_dealer = state.first_dealer if state else 0
    schedule = rules.schedule(players, first_dealer)
    sheet = Sheet(
        layout="bids",
        cols=["label"] + ["player"] * players,
        head=_bids_head(gettext("Cards"), names),
        caption=gettext("Bugger Bridge score sheet: a row per round, a column per player"),
        points_table=[(bid, made_points(bid)) for bid in range(rules.peak(players) + 1)],
        notes=bugger_notes(options.get("hook", False)),
        blank=state is None,
    )
    for info in schedule:
        result = state.rounds[info.number - 1] if state and info.number <= len(state.rounds) else None
        label = label_in_words(info.label)
        trump = result.data.get("trump") if result else None
        if trump and trump != "none":
            label += f" {TRUMP_MARKS.get(trump, '')}"
        row = Row([Cell(text=label, head=True, scope="row", cls="label")])
        for seat in range(players):
            cell = Cell(flag="D" if result is not None and seat == info.dealer else "")
            if result is not None:
                bid = result.data["bids"][seat]
                cell.corner = str(bid)
                penalty = sum(p["points"] for p in result.data.get("penalties", []) if p["player"] == seat)
                if penalty:
                    cell.note = signed(penalty)
                if result.complete:
                    assert result.totals is not None
                    took = result.data["tricks"][seat]
                    missed = took != bid
                    # As classic sheets have it: bid, tricks taken and the total, even for a miss.
                    cell.text = number(result.totals[seat])
                    if missed:
                        cell.note = ", ".join(
                            filter(None, (gettext("took {took}").format(took=took), cell.note))
                        )
                    cell.cls = "missed" if missed else "made"
                    cell.title = f"{names[seat]}: {result.explain[seat]}"
            row.cells.append(cell)
        row.cls = "played" if result and result.complete else ("current" if result else "")
        sheet.body.append(row)
    sheet.foot.append(state_total_row(state, players))
    return sheet


def mormon_notes(mode: str, target: int | None) -> list[str]:
    if mode == ELIMINATION:
        return [
            gettext(
                "The bid goes small in the corner, the tricks taken in the box. Miss your bid and you are out, unless everyone in the hand missed."
            ),
            gettext(
                "At most 14 sit at once; others wait and take the places of players who are out. With two players left, bids may not add up to 4. The last player left wins."
            ),
        ]
    notes = [
        gettext(
            "The bid goes small in the corner, the running total in the box. Every trick scores 1; a bid made exactly scores 10 more (bid 0, took 0: 10)."
        ),
    ]
    if mode == FOUR_CARD:
        if target:
            four = gettext(
                "4 cards every hand. After a hand where someone has reached the target ({target}), the single highest total wins; a tie plays another hand."
            ).format(target=target)
        else:
            four = gettext(
                "4 cards every hand. After a hand where someone has reached the target, the single highest total wins; a tie plays another hand."
            )
        notes.append(four)
    return notes


def _mormon_sheet(
    rules: MormonBridge, state: GameState | None, names: list[str], options: dict[str, Any], rows: int
) -> Sheet:
    players = len(names)
    options = rules.clean_options(options)
    mode = options["mode"]
    elimination = mode == ELIMINATION
    first_dealer = state.first_dealer if state else 0
    if mode == REGULAR:
        infos = rules.schedule(players, first_dealer)
    else:
        count = len(state.rounds) if state else rows
        infos = (
            [r.info for r in state.rounds]
            if state
            else [rules.four_card_hand(n, min(players, 14), 0) for n in range(1, count + 1)]
        )
    sheet = Sheet(
        layout="bids",
        cols=["label"] + ["player"] * players,
        head=_bids_head(gettext("Cards"), names),
        caption=gettext("Mormon Bridge ({mode}) score sheet: a row per hand, a column per player").format(
            mode=gettext(MODE_NAMES[mode])
        ),
        notes=mormon_notes(mode, options.get("target") if state else None),
        blank=state is None,
    )
    for index, info in enumerate(infos):
        result = state.rounds[index] if state and index < len(state.rounds) else None
        trump = result.data.get("trump") if result else None
        note = gettext(ROOK_WORDS.get(trump, "")) if trump else ""
        title = ngettext("Hand {number}: {cards} card", "Hand {number}: {cards} cards", info.dealt).format(
            number=info.number, cards=info.cards
        )
        row = Row([Cell(text=str(info.cards), head=True, scope="row", cls="label", note=note, title=title)])
        out_now = set(result.facts.get("out_now", [])) if result and result.complete else set()
        for seat in range(players):
            cell = Cell(flag="D" if result is not None and seat == info.dealer else "")
            if result is not None:
                bid = result.data["bids"][seat]
                if bid is None:
                    cell.cls = "idle"
                    cell.text = "·"
                    cell.title = gettext("{name} is not in this hand").format(name=names[seat])
                else:
                    cell.corner = str(bid)
                    if result.complete:
                        took = result.data["tricks"][seat]
                        missed = took != bid
                        cell.cls = "missed" if missed else "made"
                        if elimination:
                            cell.text = str(took)
                            if seat in out_now:
                                cell.note = gettext("out")
                                cell.cls += " out"
                            cell.title = gettext("{name}: bid {bid}, took {took}").format(
                                name=names[seat], bid=bid, took=took
                            )
                        else:
                            assert result.totals is not None and result.points is not None
                            cell.text = number(result.totals[seat])
                            cell.note = signed(result.points[seat])
                            cell.title = f"{names[seat]}: {result.explain[seat]}"
            row.cells.append(cell)
        row.cls = "played" if result and result.complete else ("current" if result else "")
        sheet.body.append(row)
    winners = state.winners if state else ()
    if elimination:
        cells = [Cell(text=gettext("Out after"), head=True, scope="row", cls="label")]
        out_after: dict[int, int] = {}
        if state:
            for r in state.rounds:
                for seat in r.facts.get("out_now", []) if r.complete else []:
                    out_after.setdefault(seat, r.info.number)
        for seat in range(players):
            if seat in winners:
                cells.append(Cell(text=gettext("wins"), cls="total winner"))
            elif seat in out_after:
                cells.append(Cell(text=gettext("hand {number}").format(number=out_after[seat]), cls="total"))
            else:
                cells.append(Cell(cls="total"))
        sheet.foot.append(Row(cells, cls="totals"))
    else:
        sheet.foot.append(state_total_row(state, players))
    return sheet


class BuggerBridgePaper(Layout[BuggerBridge]):
    intro = gettext_noop(
        "Round labels and the points table as the paper sheet has them; the schedule depends on how many play."
    )
    default_players = 5
    draw_sheet = staticmethod(_bugger_sheet)

    def describe_options(self, options: dict[str, Any]) -> list[str]:
        return [gettext("Hook rule: the dealer may not make the bids add up")] if options["hook"] else []


class MormonBridgePaper(Layout[MormonBridge]):
    intro = gettext_noop("The hand sizes of the game you choose; bids in the corner, totals in the box.")
    players = range(MormonBridge.min_players, TABLE_MAX + 1)  # elimination prints the 14 seats at the table
    default_players = 6
    blank_rows = 20
    blank_choices = (
        BlankChoice("mode", gettext_noop("Game"), tuple((m, MODE_NAMES[m]) for m in MODES), REGULAR),
    )

    draw_sheet = staticmethod(_mormon_sheet)

    def describe_options(self, options: dict[str, Any]) -> list[str]:
        mode = options["mode"]
        said = gettext("{mode} game, target {target}") if mode == FOUR_CARD else gettext("{mode} game")
        return [said.format(mode=gettext(MODE_NAMES[mode]), target=options.get("target"))]

    def lines_to_fill(self, options: dict[str, Any], *, named: bool) -> list[str]:
        return super().lines_to_fill(options, named=named) if options.get("mode") == FOUR_CARD else []
