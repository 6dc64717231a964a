"""The "personal" paper layout (Minibridge): the personal score sheet of the rule text.

Blank, one sheet per player scored "our way"; or a recorded session on the same columns,
scored for both sides.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.rules import GameState, RoundResult
from games.rules.base import (
    MINUS,
    Cell,
    Row,
    gettext,
    gettext_noop,
    ngettext,
    number,
    pgettext,
    signed,
    strain_symbol,
)
from games.rules.minibridge import DEFAULT_DEALS, SIDES, Minibridge, side_name

from .layout import Layout, Sheet, _head, deal_number, state_total_row, total_row

SEAT_LETTERS = (
    gettext_noop("N"),
    gettext_noop("E"),
    gettext_noop("S"),
    gettext_noop("W"),
)  # translated where shown


def seat_letter(seat: int) -> str:
    """North's letter, East's ... in the current language (N, E, S, O in French)."""
    return gettext(SEAT_LETTERS[seat])


def contract_short(contract: dict[str, Any]) -> str:
    """A contract as the sheets write it: "Game ♠", "Part-score ♥"."""
    game = pgettext("a game contract, as against a part-score", "Game")
    return f"{game if contract['game'] else gettext('Part-score')} {strain_symbol(contract['strain'])}"


def side_players(names: list[str], side: str) -> str:
    """A partnership's players: "Ann & Cat"."""
    return " & ".join(names[s] for s in SIDES[side])


# The personal score sheet lists the points held in this order.
PAPER_SEATS = (0, 2, 1, 3)
COLUMNS = ["label", "seat", "hcp", "hcp", "hcp", "hcp", "side", "contract", "tricks", "score", "score"]


def minibridge_notes() -> list[str]:
    return [
        gettext(
            "Tricks over six score: no trumps 40 for the first and 30 for each other, ♠ ♥ 30, ♦ ♣ 20. A made contract adds 50 (part-score) or 300 (game)."
        ),
        gettext(
            "Tricks needed: part-score 7; game 9 in no trumps, 10 in ♠ ♥, 11 in ♦ ♣. Short of that, the defenders score 50 a trick."
        ),
        gettext("Points split 20:20: the same dealer deals again; it is not a deal."),
    ]


def _points_head(
    seat: str, contract: str, score: str, score_subs: list[Cell], names: list[str] | None = None
) -> list[Row]:
    """The two heading rows of the rule text's sheet: ``seat``, ``contract`` and ``score`` head those columns,
    the seat letters (with the players' ``names``, when known) and ``score_subs`` stand under them."""
    return [
        Row(
            [
                _head(gettext("Deal No."), cls="label", rowspan=2),
                _head(seat, rowspan=2, cls="seat"),
                _head(gettext("Points held by"), colspan=4, scope="colgroup"),
                _head(gettext("Total points of declaring side"), rowspan=2),
                _head(contract, rowspan=2, cls="contract"),
                _head(gettext("No. tricks made by declarer"), rowspan=2),
                _head(score, colspan=2, scope="colgroup"),
            ]
        ),
        Row(
            [_head(seat_letter(s), cls="sub", title=names[s] if names else "") for s in PAPER_SEATS]
            + score_subs
        ),
    ]


def _personal_sheet(name: str, rows: int) -> Sheet:
    """The rule text's personal score sheet, blank, for one player."""
    head = _points_head(
        gettext("Seat (N, S, E or W)"),
        gettext("Contract (Game or Part-score, suit or NT)"),
        gettext("Score our way"),
        [_head("+", cls="sub"), _head(MINUS, cls="sub")],
    )
    sheet = Sheet(
        layout="personal",
        cols=COLUMNS,
        head=head,
        heading=gettext("Personal score sheet for: {name}").format(name=name)
        if name
        else gettext("Personal score sheet for:"),
        caption=gettext("Minibridge personal score sheet"),
        notes=minibridge_notes(),
        blank=True,
    )
    for deal in range(1, rows + 1):
        sheet.body.append(
            Row([Cell(text=str(deal), head=True, scope="row", cls="label")] + [Cell() for _ in range(10)])
        )
    sheet.foot.append(total_row(None, 2, label_span=9))
    return sheet


@dataclass
class PersonalRow:
    """A deal's line on one player's personal sheet as the screen shows it (templates/games/minibridge/
    personal.html); ``plus``: what their side scored, ``minus``: the other."""

    deal: str
    held: list[int]  # N, S, E, W
    side_points: str = ""
    contract: str = ""
    tricks: str = ""
    plus: int | None = None
    minus: int | None = None


def personal_row(result: RoundResult, seat: int) -> PersonalRow:
    """A recorded deal on ``seat``'s personal sheet, scored "our way"."""
    data, facts = result.data, result.facts
    row = PersonalRow(deal_number(result.info.label), held=[data["hcp"][s] for s in PAPER_SEATS])
    if facts["redeal"]:
        row.side_points, row.contract = "20:20", gettext("Redeal")
        return row
    side = facts["declaring_side"]
    row.side_points = f"{facts['side_hcp'][side]} {side_name(side)}"
    if "contract" in data:
        said = gettext("{contract} by {seat}")
        row.contract = said.format(
            contract=contract_short(data["contract"]), seat=seat_letter(facts["declarer"])
        )
    row.tricks = str(data.get("tricks", ""))
    if result.points is not None:  # the deal is played
        row.plus, row.minus = result.points[seat] or None, result.points[(seat + 1) % 4] or None
    return row


def _minibridge_sheet(state: GameState, names: list[str]) -> Sheet:
    """A recorded Minibridge session on the personal sheet's columns, scored for both sides."""
    sides = [_head(f"{side_name(s)} ({side_players(names, s)})", cls="sub name") for s in ("NS", "EW")]
    head = _points_head(gettext("Dealer"), gettext("Contract"), gettext("Score"), sides, names)
    sheet = Sheet(
        layout="personal",
        cols=COLUMNS,
        head=head,
        caption=gettext("Minibridge score sheet"),
        notes=minibridge_notes(),
    )
    for result in state.rounds:
        facts = result.facts
        data = result.data
        cells = [
            Cell(text=deal_number(result.info.label), head=True, scope="row", cls="label"),
            Cell(
                text=seat_letter(result.info.dealer),
                title=gettext("{name} deals").format(name=names[result.info.dealer]),
            ),
        ]
        cells += [Cell(text=str(data["hcp"][s]), title=names[s]) for s in PAPER_SEATS]
        if facts.get("redeal"):
            cells.append(Cell(text=gettext("20:20: redealt by the same dealer"), colspan=5, cls="redeal"))
            sheet.body.append(Row(cells, cls="played redeal"))
            continue
        side = facts["declaring_side"]
        declarer = facts["declarer"]
        cells.append(Cell(text=f"{side_name(side)} {facts['side_hcp'][side]}"))
        contract = data.get("contract")
        by = gettext("by {name}").format(name=seat_letter(declarer))
        if contract:
            title = gettext("{name} declares").format(name=names[declarer])
            cells.append(Cell(text=contract_short(contract), note=by, title=title))
        else:
            cells.append(Cell(note=by))
        cells.append(Cell(text=str(data["tricks"]) if data.get("tricks") is not None else ""))
        for seat in (0, 1):
            if result.complete:
                assert result.totals is not None and result.points is not None
                text = signed(result.points[seat]) if result.points[seat] else ""
                note = f"= {number(result.totals[seat])}"
                cells.append(Cell(text=text, note=note, cls="score", title=result.explain[seat]))
            else:
                cells.append(Cell(cls="score"))
        sheet.body.append(Row(cells, cls="played" if result.complete else "current"))
    sheet.foot.append(state_total_row(state, 2, label_span=9))
    return sheet


class MinibridgePaper(Layout[Minibridge]):
    intro = gettext_noop("The personal score sheet from the rules: one page for each player you name.")
    blank_rows = max(16, DEFAULT_DEALS)
    names_hint = gettext_noop("Each player named gets a personal score sheet of their own.")
    flags_dealer = False  # its Dealer column names who dealt

    def draw(
        self, state: GameState | None, names: list[str], options: dict[str, Any], rows: int
    ) -> list[Sheet]:
        """A recorded game on the personal sheet's columns; blank: one personal score sheet per
        named player (each keeps their own), or a single unnamed one."""
        if state is not None:
            return [_minibridge_sheet(state, names)]
        named = [n for n in names if n]
        return [_personal_sheet(n, rows) for n in named] or [_personal_sheet("", rows)]

    def describe_options(self, options: dict[str, Any]) -> list[str]:
        if options.get("target") is not None:
            return [gettext("Play to {target} points").format(target=options["target"])]
        return [ngettext("{count} deal", "{count} deals", options["deals"]).format(count=options["deals"])]

    def lines_to_fill(self, options: dict[str, Any], *, named: bool) -> list[str]:
        return [gettext("Deals or target")]
