"""The Minibridge score sheets: the partnership sheet page and each player's personal sheet rows.

A row per recorded deal (20:20 redeals included), the deal being entered and
those still to come, the two sides' totals and what each deal scored for them;
the personal sheet of the rule text, scored "our way"; and ``TABLE``, which draws
the sheet page with its entry panel.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext

from games.rules.minibridge import GAME_TRICKS, SIDE_NAMES, SIDES, STRAIN_SYMBOLS, side_of
from games.views.table import ScoreboardTable

from .deals import (
    PERSONAL_ORDER,
    SEAT_NAMES,
    contract_short,
    deal_numbers,
    deals_played,
    letter,
    side_explain,
    side_players,
)
from .panels import (
    Panel,
    current_panel,
)

SHEET = "games/minibridge/sheet.html"
UPDATE = "games/minibridge/update.html"


@dataclass
class SideCell:
    side: str  # "NS" or "EW"
    text: str = ""  # running total, or "–" when the deal scored nothing for anyone
    plus: str = ""  # what the deal scored for this side
    explain: str = ""


@dataclass
class DealRow:
    key: str
    deal: int
    number: int | None  # the round number (redeals included); None for deals not begun
    state: str  # "done", "current", "future"
    dealer_letter: str
    dealer_name: str
    main: str = ""  # contract column, first line
    sub: str = ""  # contract column, second line
    redeal: bool = False
    cells: list[SideCell] = field(default_factory=list)


@dataclass
class PersonalRow:
    deal: str
    seat: str
    held: list[int | None]  # N, S, E, W
    side_points: str
    contract: str
    tricks: str
    plus: int | None
    minus: int | None


def deal_rows(loaded) -> list[DealRow]:
    """Every round recorded, the deal being entered, and (when playing a number of deals) those to come."""
    state, names = loaded.state, loaded.names
    rows: list[DealRow] = []
    numbers = deal_numbers(state)
    for result, deal in zip(state.rounds, numbers, strict=True):
        info, facts, data = result.info, result.facts, result.data
        row = DealRow(
            key=f"round-{info.number}",
            deal=deal,
            number=info.number,
            state="done" if result.complete else "current",
            dealer_letter=letter(info.dealer),
            dealer_name=names[info.dealer],
            redeal=bool(facts["redeal"]),
        )
        if facts["redeal"]:
            row.main, row.sub = "20:20", gettext("redealt, no score")
        else:
            declarer = facts["declarer"]
            if "contract" in data:
                row.main = contract_short(data["contract"]["strain"], data["contract"]["game"])
                row.sub = f"{names[declarer]} · " + (
                    gettext("took {tricks}").format(tricks=data["tricks"])
                    if "tricks" in data
                    else gettext("to play")
                )
            else:
                row.main = gettext("{side} declare").format(side=gettext(SIDE_NAMES[facts["declaring_side"]]))
                row.sub = gettext("{name} to choose").format(name=names[declarer])
        for side in ("NS", "EW"):
            cell = SideCell(side=side)
            if result.complete:
                total = result.totals[SIDES[side][0]]
                points = result.points[SIDES[side][0]]
                cell.text = str(total)
                cell.plus = f"+{points}" if points else ""
                if facts["redeal"]:
                    cell.explain = gettext(
                        "20:20: redealt by the same dealer, no score; total {total}"
                    ).format(total=total)
                else:
                    cell.explain = gettext("{explain}; total {total}").format(
                        explain=side_explain(side, facts, data, names), total=total
                    )
            row.cells.append(cell)
        rows.append(row)
    if state.finished:
        return rows
    next_deal = deals_played(state) + 1
    info = state.next_round
    if state.current is None and info is not None:
        rows.append(
            DealRow(
                key=f"round-{info.number}",
                deal=next_deal,
                number=info.number,
                state="current",
                dealer_letter=letter(info.dealer),
                dealer_name=names[info.dealer],
                sub=gettext("points to come"),
                cells=[SideCell("NS"), SideCell("EW")],
            )
        )
    deals = state.options.get("deals")
    if deals:
        for deal in range(next_deal + 1, deals + 1):
            dealer = (state.first_dealer + deal - 1) % 4
            rows.append(
                DealRow(
                    key=f"deal-{deal}",
                    deal=deal,
                    number=None,
                    state="future",
                    dealer_letter=letter(dealer),
                    dealer_name=names[dealer],
                    cells=[SideCell("NS"), SideCell("EW")],
                )
            )
    return rows


def sides_context(loaded) -> list[dict]:
    state, names = loaded.state, loaded.names
    target = state.options.get("target")
    sides = []
    for side in ("NS", "EW"):
        total = state.totals[SIDES[side][0]]
        sides.append(
            {
                "key": side,
                "name": gettext(SIDE_NAMES[side]),
                "players": side_players(names, side),
                "total": total,
                "target": target,
                "to_go": max(0, target - total) if target else None,
            }
        )
    return sides


def personal_rows(loaded, seat: int) -> tuple[list[PersonalRow], dict]:
    """The personal score sheet of the rule text, one line a deal, "score our way" + and -."""
    state = loaded.state
    ours = side_of(seat)
    rows = []
    plus_total = minus_total = 0
    for result, deal in zip(state.rounds, deal_numbers(state), strict=True):
        data, facts = result.data, result.facts
        hcp = data["hcp"]
        row = PersonalRow(
            deal=str(deal),
            seat=letter(seat),
            held=[hcp[s] for s in PERSONAL_ORDER],
            side_points="",
            contract="",
            tricks="",
            plus=None,
            minus=None,
        )
        if facts["redeal"]:
            row.side_points = "20:20"
            row.contract = gettext("Redeal")
        else:
            side = facts["declaring_side"]
            row.side_points = f"{facts['side_hcp'][side]} {gettext(SIDE_NAMES[side])}"
            if "contract" in data:
                c = data["contract"]
                row.contract = gettext("{contract} by {seat}").format(
                    contract=contract_short(c["strain"], c["game"]), seat=letter(facts["declarer"])
                )
            if "tricks" in data:
                row.tricks = str(data["tricks"])
        if result.complete and not facts["redeal"]:
            mine = result.points[seat]
            theirs = result.points[(seat + 1) % 4]
            if mine:
                row.plus = mine
                plus_total += mine
            if theirs:
                row.minus = theirs
                minus_total += theirs
        rows.append(row)
    return rows, {"plus": plus_total, "minus": minus_total, "net": plus_total - minus_total, "side": ours}


def _context(loaded, panel: Panel) -> dict:
    state, names = loaded.state, loaded.names
    winners = sorted({side_of(s) for s in state.winners}) if state.finished else []
    return {
        "session": loaded.session,
        "names": names,
        "seats": [
            {"seat": s, "letter": letter(s), "seat_name": SEAT_NAMES[s], "name": names[s]} for s in range(4)
        ],
        "rows": deal_rows(loaded),
        "sides": sides_context(loaded),
        "state": state,
        "panel": panel,
        "winners": [gettext(SIDE_NAMES[w]) for w in winners],
        "win_detail": f": {side_players(names, winners[0])}" if len(winners) == 1 else "",
        "deals_option": state.options.get("deals"),
        "target": state.options.get("target"),
        "played": deals_played(state),
        "game_tricks": [(STRAIN_SYMBOLS[s], n) for s, n in GAME_TRICKS.items()],
        "last_deal": deal_numbers(state)[-1] if state.rounds else None,
        "leaders": leading_sides(state),
    }


def leading_sides(state) -> list[str]:
    if not any(r.complete and not r.facts["redeal"] for r in state.rounds):
        return []
    ns, ew = state.totals[0], state.totals[1]
    return [side for side, total in (("NS", ns), ("EW", ew)) if total == max(ns, ew)]


class MinibridgeTable(ScoreboardTable):
    sheet_template = SHEET
    update_template = UPDATE  # the panel, and the scoreboard when told ``oob_scoreboard``
    leader_words = "announces first"

    def context(self, loaded, panel):
        return _context(loaded, panel)

    def current_panel(self, loaded):
        return current_panel(loaded)

    def stale_message(self, number):
        return gettext(
            "Round {number} is not the deal being entered; the sheet has been brought up to date."
        ).format(number=number)


TABLE = MinibridgeTable()
