"""Minibridge on the screen: deals in words and numbers, and the sheets' rows.

The seats and their letters, the announcing order, who declares for which side,
the deal number of each recorded round (a 20:20 redeal and its replay share one),
and the lines that say what a contract is and what a played deal scored; then the
partnership sheet's rows (each recorded deal, the one being entered, those to
come) and each player's personal sheet, scored "our way". The entry panel is
``minibridge_panel``; games/views/minibridge.py serves them.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, pgettext

from games.forms import COMPASS_SEATS
from games.paper.common import Cell, Row
from games.rules.cards import strain_symbol
from games.rules.minibridge import (
    GAME_TRICKS,
    SIDE_NAMES,
    SIDES,
    UNDERTRICK,
    contract_name,
    deal_score,
    declaring_line,
    side_of,
    tricks_needed,
)
from games.words import in_words

SEAT_NAMES = COMPASS_SEATS  # North, East, South, West: seats 0 to 3


def letter(seat: int) -> str:
    """A seat's letter in the page's language (N, E, S, O in French)."""
    # Translators: the first letters of North, East, South and West, in that order.
    return gettext("NESW")[seat]


PERSONAL_ORDER = (0, 2, 1, 3)  # the paper sheet's columns: points held by N, S, E, W


def who(names: list[str], seat: int) -> str:
    return f"{names[seat]} ({SEAT_NAMES[seat]})"


def side_players(names: list[str], side: str) -> str:
    a, b = SIDES[side]
    return f"{names[a]} & {names[b]}"


def deal_numbers(state) -> list[int]:
    """Deal number of each recorded round: a 20:20 redeal and its replay share one."""
    numbers, played = [], 0
    for result in state.rounds:
        numbers.append(played + 1)
        if result.complete and not result.facts["redeal"]:
            played += 1
    return numbers


def deals_played(state) -> int:
    return sum(1 for r in state.rounds if r.complete and not r.facts["redeal"])


def contract_short(strain: str, game: bool) -> str:
    kind = pgettext("a game contract, as against a part-score", "Game") if game else gettext("Part-score")
    return f"{kind} {strain_symbol(strain)}"


def result_line(strain: str, game: bool, tricks: int, side: str) -> str:
    """What a played deal scored, as the panel says it after the last tap."""
    needed = tricks_needed(strain, game)
    declaring, defending = deal_score(strain, game, tricks)
    other = "EW" if side == "NS" else "NS"
    us, them = gettext(SIDE_NAMES[side]), gettext(SIDE_NAMES[other])
    if tricks >= needed:
        over = tricks - needed
        if over:
            return gettext("{side} made {contract} with {over} over: {side} +{points}").format(
                side=us, contract=contract_name(strain, game), over=over, points=declaring
            )
        return gettext("{side} made {contract}: {side} +{points}").format(
            side=us, contract=contract_name(strain, game), points=declaring
        )
    return gettext("{side} took {tricks} of {needed} in {contract}, {short} short: {other} +{points}").format(
        side=us,
        tricks=tricks,
        needed=needed,
        contract=contract_name(strain, game),
        short=needed - tricks,
        other=them,
        points=defending,
    )


def side_explain(side: str, facts: dict, data: dict, names: list[str]) -> str:
    """One line on what a played deal scored for one partnership."""
    strain, game = data["contract"]["strain"], data["contract"]["game"]
    tricks = data["tricks"]
    declaring_side = facts["declaring_side"]
    needed = tricks_needed(strain, game)
    name = contract_name(strain, game)
    short = needed - tricks
    if side == declaring_side:
        line = gettext("{side} declared {contract} ({name}), needed {needed}, took {tricks}").format(
            side=gettext(SIDE_NAMES[side]),
            contract=name,
            name=names[facts["declarer"]],
            needed=needed,
            tricks=tricks,
        )
        return declaring_line(line, strain, game, tricks, facts["declaring_points"])
    line = gettext("{side} defended {other}'s {contract} (needed {needed}, took {tricks})").format(
        side=gettext(SIDE_NAMES[side]),
        other=gettext(SIDE_NAMES[declaring_side]),
        contract=name,
        needed=needed,
        tricks=tricks,
    )
    if short > 0:
        return gettext("{line}: {short} short × {each} = {points}").format(
            line=line, short=short, each=UNDERTRICK, points=facts["defending_points"]
        )
    return gettext("{line}: made, 0").format(line=line)


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


def rows(loaded) -> list[Row]:
    """The sheet's body, as games.screen draws it: every round recorded (20:20 redeals included), the
    deal being entered, and (when playing a number of deals) those to come."""
    state, names = loaded.state, loaded.names
    rows: list[Row] = []
    numbers = deal_numbers(state)
    for result, deal in zip(state.rounds, numbers, strict=True):
        info, facts, data = result.info, result.facts, result.data
        done = result.complete
        if facts["redeal"]:
            main, sub = "20:20", gettext("redealt, no score")
        else:
            declarer = facts["declarer"]
            if "contract" in data:
                main = contract_short(data["contract"]["strain"], data["contract"]["game"])
                sub = f"{names[declarer]} · " + (
                    gettext("took {tricks}").format(tricks=data["tricks"])
                    if "tricks" in data
                    else gettext("to play")
                )
            else:
                main = gettext("{side} declare").format(side=gettext(SIDE_NAMES[facts["declaring_side"]]))
                sub = gettext("{name} to choose").format(name=names[declarer])
        cells = [
            _number(deal, info.dealer, names, link=done),
            Cell(text=main, lines=(sub,), cls="contract-col"),
        ]
        for side in ("NS", "EW"):
            cell = Cell(cls="side-cell")
            if done:
                total = result.totals[SIDES[side][0]]
                points = result.points[SIDES[side][0]]
                cell.text = str(total)
                cell.corner = f"+{points}" if points else ""
                if facts["redeal"]:
                    cell.explain = gettext(
                        "20:20: redealt by the same dealer, no score; total {total}"
                    ).format(total=total)
                else:
                    cell.explain = gettext("{explain}; total {total}").format(
                        explain=side_explain(side, facts, data, names), total=total
                    )
            cells.append(cell)
        redeal = " row-redeal" if facts["redeal"] else ""
        if facts["redeal"]:
            link = gettext("Correct round {number} (deal {deal}, 20:20 redeal)")
        else:
            link = gettext("Correct round {number} (deal {deal})")
        rows.append(
            Row(
                cells,
                cls=f"row-{'done' if done else 'current'}{redeal}",
                number=info.number,
                heading=f"{in_words('Deal')} {deal}",
                link_label=link.format(number=info.number, deal=deal),
            )
        )
    if state.finished:
        return rows
    next_deal = deals_played(state) + 1
    info = state.next_round
    if state.current is None and info is not None:
        cells = [
            _number(next_deal, info.dealer, names, link=False),
            Cell(lines=(gettext("points to come"),), cls="contract-col"),
            Cell(cls="side-cell"),
            Cell(cls="side-cell"),
        ]
        rows.append(Row(cells, cls="row-current", number=info.number))
    deals = state.options.get("deals")
    if deals:
        for deal in range(next_deal + 1, deals + 1):
            dealer = (state.first_dealer + deal - 1) % 4
            cells = [_number(deal, dealer, names, link=False), Cell(cls="contract-col")]
            cells += [Cell(cls="side-cell"), Cell(cls="side-cell")]
            rows.append(Row(cells, cls="row-future", key=f"deal-{deal}"))  # no round yet
    return rows


def _number(deal: int, dealer: int, names: list[str], *, link: bool) -> Cell:
    """A row's heading: the deal's number with the dealer's letter small beside it (who, as its title)."""
    title = gettext("{name} deals").format(name=names[dealer])
    return Cell(text=str(deal), flag=letter(dealer), title=title, head=True, link=link, cls="round-col")


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


def leading_sides(state) -> list[str]:
    if not any(r.complete and not r.facts["redeal"] for r in state.rounds):
        return []
    ns, ew = state.totals[0], state.totals[1]
    return [side for side, total in (("NS", ns), ("EW", ew)) if total == max(ns, ew)]


def sheet_context(loaded) -> dict:
    """What the sheet page shows besides its entry panel and its drawn rows: the totals, the winners."""
    state, names = loaded.state, loaded.names
    winners = sorted({side_of(s) for s in state.winners}) if state.finished else []
    return {
        "seats": [
            {"seat": s, "letter": letter(s), "seat_name": SEAT_NAMES[s], "name": names[s]} for s in range(4)
        ],
        "sides": sides_context(loaded),
        "winners": [gettext(SIDE_NAMES[w]) for w in winners],
        "win_detail": f": {side_players(names, winners[0])}" if len(winners) == 1 else "",
        "deals_option": state.options.get("deals"),
        "target": state.options.get("target"),
        "played": deals_played(state),
        "game_tricks": [(strain_symbol(s), n) for s, n in GAME_TRICKS.items()],
        "last_deal": deal_numbers(state)[-1] if state.rounds else None,
        "leaders": leading_sides(state),
    }
