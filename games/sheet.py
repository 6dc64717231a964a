"""What a score sheet shows, built from a replayed game: rows, cells, the current round.

Views hand these plain objects to templates; nothing here touches the database.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .rules import GameState, RoundInfo
from .rules.bugger_bridge import BuggerBridge, bid_total_line, made_points

TRUMP_WORDS = {
    "none": "No trumps",
    "spades": "Spades ♠",
    "hearts": "Hearts ♥",
    "diamonds": "Diamonds ♦",
    "clubs": "Clubs ♣",
}


@dataclass
class Chip:
    """One tap-able choice in an entry row (a radio button styled as a chip)."""

    value: int | str
    checked: bool = False
    struck: bool = False  # not allowed now (shown struck out, disabled)
    label: str = ""  # shown instead of the value when set
    title: str = ""  # why it is struck, or what it means


@dataclass
class EntryRow:
    """A player's row in an entry panel: their name, badges, chips and any refusal."""

    seat: int
    name: str
    badges: list[str]
    chips: list[Chip]
    bid: int | None = None
    error: str = ""


@dataclass
class Cell:
    seat: int
    text: str = ""  # what the paper sheet shows: running total, or "–" for a missed bid
    bid: int | None = None
    missed: bool = False
    explain: str = ""
    penalty: int = 0


@dataclass
class Row:
    number: int
    label: str
    cards: int | None
    dealer: int
    dealer_name: str
    trump_text: str
    state: str  # "done", "current", "future"
    cells: list[Cell] = field(default_factory=list)
    bid_line: str = ""

    @property
    def dom_id(self) -> str:
        return f"round-{self.number}"


def trump_text(info: RoundInfo, recorded: str = "") -> str:
    if info.trump == "none":
        return TRUMP_WORDS["none"]
    if recorded:
        return TRUMP_WORDS.get(recorded, recorded.title())
    return "Trumps turned up"


def bugger_rows(state: GameState, names: list[str], rules: BuggerBridge) -> list[Row]:
    """Every round of the schedule, played or not, as the paper sheet has them."""
    rows = []
    current_number = state.next_round.number if state.next_round else None
    for info in rules.schedule(state.players, state.first_dealer):
        result = state.rounds[info.number - 1] if info.number <= len(state.rounds) else None
        if result and result.complete:
            row_state = "done"
        elif info.number == current_number:
            row_state = "current"
        else:
            row_state = "future"
        row = Row(
            number=info.number,
            label=info.label,
            cards=info.cards,
            dealer=info.dealer,
            dealer_name=names[info.dealer],
            trump_text=trump_text(info, result.data.get("trump", "") if result else ""),
            state=row_state,
        )
        for seat in range(state.players):
            cell = Cell(seat=seat)
            if result:
                cell.bid = result.data["bids"][seat]
                penalty = sum(p["points"] for p in result.data.get("penalties", []) if p["player"] == seat)
                cell.penalty = penalty
                if result.complete:
                    assert result.totals is not None
                    took = result.data["tricks"][seat]
                    cell.missed = took != cell.bid
                    # A missed bid leaves the total alone, so paper shows a dash;
                    # a penalty moves it, so then the new total is shown.
                    cell.text = "–" if cell.missed and not penalty else str(result.totals[seat])
                    cell.explain = f"{names[seat]}: {result.explain[seat]}; total {result.totals[seat]}"
            row.cells.append(cell)
        if result:
            row.bid_line = bid_total_line(sum(result.data["bids"]), info.dealt)
        rows.append(row)
    return rows


POINTS_TABLE = [(bid, made_points(bid)) for bid in range(0, 9)]
