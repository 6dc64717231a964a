"""Score sheets as they look on paper: a recorded game's, or a blank one to play with.

One table model (``Sheet``: header rows, body rows, footer rows of ``Cell``) is
drawn by one template (templates/games/print/_sheet.html) for every game; the
functions here fill it from a replayed ``GameState`` (``filled_sheets``) or from
the rules' schedules alone (``blank_sheets``), in each game's own layout:

- Bugger Bridge and Mormon Bridge: a row per round, a column per player, the
  bid small in the corner and the running total in the box;
- Call Bridge: a bid and a score column per player;
- Minibridge: the personal score sheet of the rule text (deal, seat, points
  held, declaring side, contract, tricks, score);
- Memory Bridge: both halves of every deal side by side.

Nothing here touches the database.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .rules import GAMES, GameState
from .rules.bugger_bridge import REDEAL_PENALTY, made_points
from .rules.call_bridge import BID_MAX, BID_MIN, BONUS_FROM, BONUS_POINTS
from .rules.memory_bridge import contract_name as memory_contract_name
from .rules.memory_bridge import first_half_score
from .rules.minibridge import DEFAULT_DEALS, SIDE_NAMES, STRAIN_SYMBOLS
from .rules.mormon_bridge import ELIMINATION, FOUR_CARD, MODE_NAMES, REGULAR

SEAT_LETTERS = ("N", "E", "S", "W")
# The personal score sheet lists the points held in this order.
PAPER_SEATS = (0, 2, 1, 3)
TRUMP_MARKS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣", "none": "NT"}
ROOK_WORDS = {"red": "red", "yellow": "yellow", "green": "green", "black": "black", "rook": "Rook"}
MINUS = "−"

# Blank sheets: rows printed for games without a fixed number of rounds (one page each).
BLANK_ROWS = {"call-bridge": 20, "mormon-bridge": 20, "minibridge": 16, "memory-bridge": 16}
MAX_BLANK_ROWS = 60


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


@dataclass
class Row:
    cells: list[Cell]
    cls: str = ""


@dataclass
class Sheet:
    """One printed table, with what goes under it."""

    layout: str  # "bids", "call", "minibridge", "memory": a CSS hook for column widths
    cols: list[str]  # a class per column
    head: list[Row]
    body: list[Row] = field(default_factory=list)
    foot: list[Row] = field(default_factory=list)
    heading: str = ""  # e.g. "Personal score sheet for: Ann"
    caption: str = ""  # for screen readers
    points_table: list[tuple[int, int]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    blank: bool = False


def signed(points: int | None) -> str:
    if points is None:
        return ""
    if points > 0:
        return f"+{points}"
    if points < 0:
        return f"{MINUS}{-points}"
    return "0"


def number(value: int | None) -> str:
    """A total as printed: a real minus sign."""
    if value is None:
        return ""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def deal_number(label: str) -> str:
    """The number in a deal's or hand's label ("Deal 4 redeal" gives "4"); other labels as they are."""
    found = re.match(r"(?:Deal|Hand) (\d+)", label)
    return found.group(1) if found else label


def options_lines(game: str, options: dict) -> list[str]:
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


def _head(text: str, **kwargs) -> Cell:
    kwargs.setdefault("scope", "col")
    return Cell(text=text, head=True, **kwargs)


def _names_or_blanks(names: list[str], players: int) -> list[str]:
    return [names[i] if i < len(names) and names[i] else "" for i in range(players)]


def _name_head(name: str, **kwargs) -> Cell:
    """A player's column heading; an empty one is a line to write a name on."""
    if name:
        return _head(name, cls="name", title=name, **kwargs)
    return _head("", cls="name write", **kwargs)


# -- Bugger Bridge and Mormon Bridge: a box per player per round -------------------------------


def _bids_head(first: str, names: list[str]) -> list[Row]:
    return [Row([_head(first, cls="label")] + [_name_head(n) for n in names])]


def _total_row(totals: list[int] | None, players: int, winners=(), label="Total") -> Row:
    cells = [Cell(text=label, head=True, scope="row", cls="label")]
    for seat in range(players):
        text = number(totals[seat]) if totals is not None else ""
        won = seat in winners
        cells.append(Cell(text=text, cls="total winner" if won else "total", title="won" if won else ""))
    return Row(cells, cls="totals")


def bugger_notes(hook: bool, players: int) -> list[str]:
    notes = [
        "The bid goes small in the corner. A bid made exactly scores the table below; a missed bid "
        "scores nothing and gets a dash.",
        f"A redeal for an uncorrected revoke or a wrong number of cards costs the offender "
        f"{-REDEAL_PENALTY} points.",
    ]
    if hook:
        notes.append("Hook rule: the dealer, bidding last, may not make the bids add up to the cards.")
    return notes


def _bugger_sheet(state: GameState | None, names: list[str], players: int, options: dict) -> Sheet:
    rules = GAMES["bugger-bridge"]
    first_dealer = state.first_dealer if state else 0
    schedule = rules.schedule(players, first_dealer)
    sheet = Sheet(
        layout="bids",
        cols=["label"] + ["player"] * players,
        head=_bids_head("Cards", names),
        caption="Bugger Bridge score sheet: a row per round, a column per player",
        points_table=[(bid, made_points(bid)) for bid in range(rules.peak(players) + 1)],
        notes=bugger_notes(options.get("hook", False), players),
        blank=state is None,
    )
    for info in schedule:
        result = state.rounds[info.number - 1] if state and info.number <= len(state.rounds) else None
        label = info.label
        trump = result.data.get("trump") if result else None
        if trump and trump != "none":
            label += f" {TRUMP_MARKS.get(trump, '')}"
        row = Row([Cell(text=label, head=True, scope="row", cls="label")])
        for seat in range(players):
            cell = Cell()
            if state is not None and seat == info.dealer and result is not None:
                cell.flag = "D"
            if result is not None:
                bid = result.data["bids"][seat]
                cell.corner = str(bid)
                penalty = sum(p["points"] for p in result.data.get("penalties", []) if p["player"] == seat)
                if penalty:
                    cell.note = signed(penalty)
                if result.complete:
                    missed = result.data["tricks"][seat] != bid
                    cell.text = "–" if missed and not penalty else number(result.totals[seat])
                    cell.cls = "missed" if missed else "made"
                    cell.title = f"{names[seat]}: {result.explain[seat]}"
            row.cells.append(cell)
        row.cls = "played" if result and result.complete else ("current" if result else "")
        sheet.body.append(row)
    winners = state.winners if state else ()
    sheet.foot.append(_total_row(state.totals if state and state.rounds else None, players, winners))
    return sheet


def mormon_notes(mode: str, target: int | None) -> list[str]:
    if mode == ELIMINATION:
        return [
            "The bid goes small in the corner, the tricks taken in the box. Miss your bid and you are "
            "out, unless everyone in the hand missed.",
            "At most 14 sit at once; others wait and take the places of players who are out. With two "
            "players left, bids may not add up to 4. The last player left wins.",
        ]
    notes = [
        "The bid goes small in the corner, the running total in the box. Every trick scores 1; a bid "
        "made exactly scores 10 more (bid 0, took 0: 10).",
    ]
    if mode == FOUR_CARD:
        notes.append(
            f"4 cards every hand. After a hand where someone has reached the target{f' ({target})' if target else ''}, "
            "the single highest total wins; a tie plays another hand."
        )
    return notes


def _mormon_sheet(
    state: GameState | None, names: list[str], players: int, options: dict, rows: int | None
) -> Sheet:
    rules = GAMES["mormon-bridge"]
    options = rules.clean_options(options)
    mode = options["mode"]
    elimination = mode == ELIMINATION
    first_dealer = state.first_dealer if state else 0
    if mode == REGULAR:
        infos = rules.schedule(players, first_dealer)
    else:
        count = len(state.rounds) if state else (rows or BLANK_ROWS["mormon-bridge"])
        infos = (
            [r.info for r in state.rounds]
            if state
            else [rules.four_card_hand(n, min(players, 14), 0) for n in range(1, count + 1)]
        )
    sheet = Sheet(
        layout="bids",
        cols=["label"] + ["player"] * players,
        head=_bids_head("Cards", names),
        caption=f"Mormon Bridge ({MODE_NAMES[mode]}) score sheet: a row per hand, a column per player",
        notes=mormon_notes(mode, options.get("target") if state else None),
        blank=state is None,
    )
    for index, info in enumerate(infos):
        result = state.rounds[index] if state and index < len(state.rounds) else None
        label = str(info.cards)
        trump = result.data.get("trump") if result else None
        row = Row(
            [
                Cell(
                    text=label,
                    head=True,
                    scope="row",
                    cls="label",
                    note=ROOK_WORDS.get(trump, "") if trump else "",
                    title=f"Hand {info.number}: {info.cards} card{'s' if info.cards != 1 else ''}",
                )
            ]
        )
        out_now = set(result.facts.get("out_now", [])) if result and result.complete else set()
        for seat in range(players):
            cell = Cell()
            if result is not None:
                bid = result.data["bids"][seat]
                if state is not None and seat == info.dealer:
                    cell.flag = "D"
                if bid is None:
                    cell.cls = "idle"
                    cell.text = "·"
                    cell.title = f"{names[seat]} is not in this hand"
                else:
                    cell.corner = str(bid)
                    if result.complete:
                        took = result.data["tricks"][seat]
                        missed = took != bid
                        cell.cls = "missed" if missed else "made"
                        if elimination:
                            cell.text = str(took)
                            if seat in out_now:
                                cell.note = "out"
                                cell.cls += " out"
                            cell.title = f"{names[seat]}: bid {bid}, took {took}"
                        else:
                            cell.text = number(result.totals[seat])
                            cell.note = signed(result.points[seat])
                            cell.title = f"{names[seat]}: {result.explain[seat]}"
            row.cells.append(cell)
        row.cls = "played" if result and result.complete else ("current" if result else "")
        sheet.body.append(row)
    winners = state.winners if state else ()
    if elimination:
        cells = [Cell(text="Out after", head=True, scope="row", cls="label")]
        out_after: dict[int, int] = {}
        if state:
            for r in state.rounds:
                for seat in r.facts.get("out_now", []) if r.complete else []:
                    out_after.setdefault(seat, r.info.number)
        for seat in range(players):
            if seat in winners:
                cells.append(Cell(text="wins", cls="total winner"))
            elif seat in out_after:
                cells.append(Cell(text=f"hand {out_after[seat]}", cls="total"))
            else:
                cells.append(Cell(cls="total"))
        sheet.foot.append(Row(cells, cls="totals"))
    else:
        sheet.foot.append(_total_row(state.totals if state and state.rounds else None, players, winners))
    return sheet


# -- Call Bridge: a bid and a score column per player ---------------------------------------------------


def call_notes(target: int | None) -> list[str]:
    return [
        f"Spades are always trumps. Bids are {BID_MIN} to {BID_MAX}. Made (tricks at least the bid): "
        f"+ the bid. Missed: {MINUS} the bid.",
        f"Bonus bid ({BONUS_FROM} or more): exactly the bid or one trick more scores +{BONUS_POINTS}; "
        f"anything else scores {MINUS} the bid.",
        f"{f'Target {target}' if target else 'The target'}: after a deal where someone has reached it, "
        "the single highest total wins; a tie plays another deal.",
    ]


def _call_sheet(state: GameState | None, names: list[str], options: dict, rows: int | None) -> Sheet:
    rules = GAMES["call-bridge"]
    options = rules.clean_options(options)
    players = 4
    sheet = Sheet(
        layout="call",
        cols=["label"] + ["bid", "score"] * players,
        head=[
            Row(
                [_head("Deal", cls="label", rowspan=2)]
                + [_name_head(n, colspan=2, scope="colgroup") for n in names]
            ),
            Row([c for _ in range(players) for c in (_head("Bid", cls="sub"), _head("Score", cls="sub"))]),
        ],
        caption="Call Bridge score sheet: a bid and a score column per player",
        notes=call_notes(None if state is None else options["target"]),
        blank=state is None,
    )
    count = len(state.rounds) if state else (rows or BLANK_ROWS["call-bridge"])
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
                    bid_cell.note = "bonus"
                if result.complete:
                    score_cell.text = number(result.totals[seat])
                    score_cell.note = signed(result.points[seat])
                    score_cell.cls += " missed" if result.points[seat] < 0 else " made"
                    score_cell.title = f"{names[seat]}: {result.explain[seat]}"
            row.cells += [bid_cell, score_cell]
        row.cls = "played" if result and result.complete else ("current" if result else "")
        sheet.body.append(row)
    totals = state.totals if state and state.rounds else None
    winners = state.winners if state else ()
    cells = [Cell(text="Total", head=True, scope="row", cls="label")]
    for seat in range(players):
        cls = "total" + (" winner" if seat in winners else "")
        cells.append(Cell(text=number(totals[seat]) if totals else "", cls=cls, colspan=2))
    sheet.foot.append(Row(cells, cls="totals"))
    return sheet


# -- Minibridge: the personal score sheet -----------------------------------------------------------------


def minibridge_notes() -> list[str]:
    return [
        "Tricks over six score: no trumps 40 for the first and 30 for each other, ♠ ♥ 30, ♦ ♣ 20. "
        "A made contract adds 50 (part-score) or 300 (game).",
        "Tricks needed: part-score 7; game 9 in no trumps, 10 in ♠ ♥, 11 in ♦ ♣. Short of that, "
        "the defenders score 50 a trick.",
        "Points split 20:20: the same dealer deals again; it is not a deal.",
    ]


def _points_head(last: list[Cell]) -> list[Row]:
    """The two heading rows of the rule text's sheet, with ``last`` for the score columns."""
    return [
        Row(
            [
                _head("Deal No.", cls="label", rowspan=2),
                _head("Seat (N, S, E or W)", rowspan=2, cls="seat"),
                _head("Points held by", colspan=4, scope="colgroup"),
                _head("Total points of declaring side", rowspan=2),
                _head("Contract (Game or Part-score, suit or NT)", rowspan=2, cls="contract"),
                _head("No. tricks made by declarer", rowspan=2),
            ]
            + last
        ),
    ]


def _personal_sheet(name: str, rows: int) -> Sheet:
    """The rule text's personal score sheet, blank, for one player."""
    head = _points_head([_head("Score our way", colspan=2, scope="colgroup")])
    head.append(
        Row(
            [_head(SEAT_LETTERS[s], cls="sub") for s in PAPER_SEATS]
            + [_head("+", cls="sub"), _head(MINUS, cls="sub")]
        )
    )
    sheet = Sheet(
        layout="minibridge",
        cols=["label", "seat", "hcp", "hcp", "hcp", "hcp", "side", "contract", "tricks", "score", "score"],
        head=head,
        heading=f"Personal score sheet for: {name}" if name else "Personal score sheet for:",
        caption="Minibridge personal score sheet",
        notes=minibridge_notes(),
        blank=True,
    )
    for deal in range(1, rows + 1):
        sheet.body.append(
            Row([Cell(text=str(deal), head=True, scope="row", cls="label")] + [Cell() for _ in range(10)])
        )
    sheet.foot.append(
        Row(
            [
                Cell(text="Total", head=True, scope="row", cls="label", colspan=9),
                Cell(cls="total"),
                Cell(cls="total"),
            ],
            cls="totals",
        )
    )
    return sheet


def _minibridge_sheet(state: GameState, names: list[str]) -> Sheet:
    """A recorded Minibridge session on the personal sheet's columns, scored for both sides."""
    ns = f"N-S ({names[0]} & {names[2]})"
    ew = f"E-W ({names[1]} & {names[3]})"
    head = [
        Row(
            [
                _head("Deal No.", cls="label", rowspan=2),
                _head("Dealer", rowspan=2, cls="seat"),
                _head("Points held by", colspan=4, scope="colgroup"),
                _head("Total points of declaring side", rowspan=2),
                _head("Contract", rowspan=2, cls="contract"),
                _head("No. tricks made by declarer", rowspan=2),
                _head("Score", colspan=2, scope="colgroup"),
            ]
        ),
        Row(
            [_head(SEAT_LETTERS[s], cls="sub", title=names[s]) for s in PAPER_SEATS]
            + [_head(ns, cls="sub name"), _head(ew, cls="sub name")]
        ),
    ]
    sheet = Sheet(
        layout="minibridge",
        cols=["label", "seat", "hcp", "hcp", "hcp", "hcp", "side", "contract", "tricks", "score", "score"],
        head=head,
        caption="Minibridge score sheet",
        notes=minibridge_notes(),
    )
    for result in state.rounds:
        facts = result.facts
        data = result.data
        cells = [
            Cell(text=deal_number(result.info.label), head=True, scope="row", cls="label"),
            Cell(text=SEAT_LETTERS[result.info.dealer], title=f"{names[result.info.dealer]} deals"),
        ]
        cells += [Cell(text=str(data["hcp"][s]), title=names[s]) for s in PAPER_SEATS]
        if facts.get("redeal"):
            cells.append(Cell(text="20:20: redealt by the same dealer", colspan=5, cls="redeal"))
            sheet.body.append(Row(cells, cls="played redeal"))
            continue
        side = facts["declaring_side"]
        declarer = facts["declarer"]
        cells.append(Cell(text=f"{SIDE_NAMES[side]} {facts['side_hcp'][side]}"))
        contract = data.get("contract")
        if contract:
            kind = "Game" if contract["game"] else "Part-score"
            cells.append(
                Cell(
                    text=f"{kind} {STRAIN_SYMBOLS[contract['strain']]}",
                    note=f"by {SEAT_LETTERS[declarer]}",
                    title=f"{names[declarer]} declares",
                )
            )
        else:
            cells.append(Cell(note=f"by {SEAT_LETTERS[declarer]}"))
        cells.append(Cell(text=str(data["tricks"]) if data.get("tricks") is not None else ""))
        for seat in (0, 1):
            if result.complete:
                cells.append(
                    Cell(
                        text=signed(result.points[seat]) if result.points[seat] else "",
                        note=f"= {number(result.totals[seat])}",
                        cls="score",
                        title=result.explain[seat],
                    )
                )
            else:
                cells.append(Cell(cls="score"))
        sheet.body.append(Row(cells, cls="played" if result.complete else "current"))
    totals = state.totals if state.rounds else None
    winners = state.winners
    sheet.foot.append(
        Row(
            [Cell(text="Total", head=True, scope="row", cls="label", colspan=9)]
            + [
                Cell(
                    text=number(totals[s]) if totals else "",
                    cls="total" + (" winner" if s in winners else ""),
                )
                for s in (0, 1)
            ],
            cls="totals",
        )
    )
    return sheet


# -- Memory Bridge: both halves -----------------------------------------------------------------------------


def memory_notes(target: int | None) -> list[str]:
    scores = ", ".join(f"{t} = {first_half_score(t)}" for t in range(7, 14))
    return [
        f"First half, no trumps: 7 tricks or more scores 100 plus the tricks over six ({scores}).",
        "Second half: a made contract scores its tricks over six (no trumps 40 then 30, ♠ ♥ 30, ♦ ♣ 20), "
        "doubled ×2, redoubled ×4. A failed or passed-out contract scores nothing.",
        f"{f'Target {target}' if target else 'The target'}: checked after each half; the first to reach it wins.",
    ]


def _memory_sheet(state: GameState | None, names: list[str], options: dict, rows: int | None) -> Sheet:
    rules = GAMES["memory-bridge"]
    options = rules.clean_options(options)
    # Unnamed players (a blank sheet) are A and B; the heading has lines for their names.
    a, b = names[0] or "A", names[1] or "B"
    head = [
        Row(
            [
                _head("Deal", cls="label", rowspan=3),
                _head("First half (no trumps)", colspan=4, scope="colgroup"),
                _head("Second half", colspan=4, scope="colgroup"),
                _head("Total", colspan=2, rowspan=2, scope="colgroup"),
            ]
        ),
        Row(
            [
                _head("Tricks", colspan=2, scope="colgroup"),
                _head("Score", colspan=2, scope="colgroup"),
                _head("Contract", rowspan=2, cls="contract"),
                _head("Tricks", rowspan=2),
                _head("Score", colspan=2, scope="colgroup"),
            ]
        ),
        Row([_head(n, cls="sub name", title=n) for n in (a, b, a, b, a, b, a, b)]),
    ]
    sheet = Sheet(
        layout="memory",
        cols=["label", "n", "n", "pts", "pts", "contract", "n", "pts", "pts", "pts", "pts"],
        head=head,
        caption="Memory Bridge score sheet: both halves of every deal",
        notes=memory_notes(None if state is None else options["target"]),
        blank=state is None,
    )
    count = len(state.rounds) if state else (rows or BLANK_ROWS["memory-bridge"])
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
            cells.append(
                Cell(text=str(data["first_half"][seat]), flag="D" if seat == result.info.dealer else "")
            )
        for seat in (0, 1):
            points = facts["first_half_points"][seat]
            cells.append(Cell(text=str(points) if points else "", cls="score"))
        if facts["ended_after_first_half"]:
            cells.append(Cell(text="game over after the first half", colspan=4, cls="redeal"))
        else:
            contract = data.get("contract", "missing")
            if contract is None:
                cells.append(Cell(text="passed out"))
            elif contract == "missing":
                cells.append(Cell())
            else:
                cells.append(
                    Cell(
                        text=memory_contract_name(contract["level"], contract["strain"], contract["doubled"]),
                        note=f"by {names[contract['declarer']]}",
                    )
                )
            cells.append(Cell(text=str(data["tricks"]) if data.get("tricks") is not None else ""))
            second = facts.get("second_half_points")
            for seat in (0, 1):
                points = second[seat] if second else None
                cells.append(Cell(text=str(points) if points else "", cls="score"))
        for seat in (0, 1):
            cells.append(
                Cell(
                    text=number(result.totals[seat]),
                    cls="total",
                    title=f"{names[seat]}: {result.explain[seat]}",
                )
            )
        sheet.body.append(Row(cells, cls="played" if result.complete else "current"))
    totals = state.totals if state and state.rounds else None
    winners = state.winners if state else ()
    sheet.foot.append(
        Row(
            [Cell(text="Total", head=True, scope="row", cls="label", colspan=9)]
            + [
                Cell(
                    text=number(totals[s]) if totals else "",
                    cls="total" + (" winner" if s in winners else ""),
                )
                for s in (0, 1)
            ],
            cls="totals",
        )
    )
    return sheet


# -- entry points ------------------------------------------------------------------------------------------------


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
    game: str, *, players: int, names: list[str], options: dict, rows: int | None = None
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
