"""Minibridge on the screen: deals in words and numbers, and the sheets' rows.

The seats and their letters, the announcing order, who declares for which side,
the deal number of each recorded round (a 20:20 redeal and its replay share one),
and the lines that say what a contract is and what a played deal scored; then the
partnership sheet's rows (each recorded deal, the one being entered, those to
come) and each player's personal sheet, scored "our way". The entry panel is
``minibridge_panel``; games/views/minibridge.py serves them.

The Minibridge entry panel: what the panel under the heading asks for next.

The points keypad (three players announce, the fourth follows from 40), who
declares once the points are in, the contract and tricks chips, and the
correction panel for a finished deal; ``current_panel`` picks the one for the
deal in hand.

Minibridge: the partnership sheet, the deal entry on it, and each player's personal sheet.

Called through ``play.py``, which checks the login, the owner and the method.

A deal is entered in three steps, each saved by the tap that completes it:
the points as announced from the dealer (three taps on a keypad; the fourth
player's points follow from 40), then the declarer's contract (strain, then
part-score or game), then the tricks the declaring side took (one tap). The
keypad keeps its state in the form (hidden fields plus which player it is
filling), so it works as a plain form without JavaScript too, one "Next" at a
time. Refusals answer 200 to htmx and 400 to a plain POST, with the input kept.

What the pages show is built in plain Python in ``games/screen/``:
``minibridge`` (seats, deal numbers, the words for them, the sheet's rows and
the personal sheet) and ``minibridge_panel`` (the entry panel). This module is
the HTTP side: its table's ``sheet``, ``new_game`` and ``actions`` (which form,
from ``games/round_forms.py``, and which panel each step has), which
``play.py`` finds through the game's registry entry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, override

from django import forms
from django.shortcuts import render
from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext

from games import services
from games.forms import COMPASS_SEATS, SeatingForm, WholeNumberField, parse_int
from games.models import Seat
from games.paper.common import Cell, Row
from games.rules import RoundInfo, RuleError
from games.rules.cards import STRAINS, strain_symbol
from games.rules.minibridge import (
    DECK_HCP,
    GAME_TRICKS,
    HAND_CARDS,
    MAX_HAND_HCP,
    PART_SCORE_TRICKS,
    SIDE_NAMES,
    SIDES,
    UNDERTRICK,
    announcing_order,
    contract_name,
    deal_score,
    declarer_for,
    declaring_line,
    fill_fourth,
    side_of,
    tricks_needed,
)
from games.table import Chip, ScoreboardTable, Step, new_game_form, new_game_page, steps
from games.table.forms import Choice, RawField, RoundForm, strain_choice
from games.views.common import HtmxHttpRequest
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


@dataclass
class PointsRow:
    """One player in announcing order: their points so far, or that they follow from 40."""

    seat: int
    letter: str
    seat_name: str
    name: str
    value: int | None
    active: bool = False  # the keypad fills this player's points
    derived: bool = False  # the fourth to announce: 40 less the others
    error: str = ""


@dataclass
class Panel:
    """The entry panel under the heading: what to enter now for the deal in hand."""

    phase: str  # "points", "contract", "edit", "over"
    info: RoundInfo | None = None
    deal: int = 0
    hcp: list[int | None] = field(default_factory=lambda: [None] * 4)
    at: int | None = None
    points: list[PointsRow] = field(default_factory=list)
    keypad: list[Chip] = field(default_factory=list)
    strain: str = ""
    game: bool | None = None
    tricks: int | None = None
    contract_saved: bool = False
    choices: list[Choice] = field(default_factory=list)
    trick_choice: Choice | None = None
    live: str = ""
    error: str = ""
    hcp_error: str = ""
    note: str = ""
    dealer: str = ""
    facts: dict = field(default_factory=dict)  # declaring side, declarer, dummy, leader (as text)


def keypad(panel: Panel) -> list[Chip]:
    """0 to 37; values that cannot fit in the 40 points with those already announced are struck."""
    if panel.at is None or panel.info is None:
        return []
    order = announcing_order(panel.info.dealer)
    others = sum(v for s, v in enumerate(panel.hcp) if v is not None and s != panel.at and s != order[3])
    room = DECK_HCP - others
    chips = []
    for v in range(MAX_HAND_HCP + 1):
        struck = v > room
        chips.append(
            Chip(
                value=v,
                struck=struck,
                title=gettext("Only {room} points are left").format(room=room) if struck else "",
            )
        )
    return chips


def describe_declaring(panel: Panel, names: list[str], hcp: list[int]) -> None:
    """Who declares, who is dummy, who leads; the ruling on equal points when it applied."""
    assert panel.info is not None  # a panel that names the declarer is for a deal
    found = declarer_for(hcp, panel.info.dealer)
    if found is None:
        panel.facts = {"redeal": True}
        return
    side, declarer = found
    partner = (declarer + 2) % 4
    ns, ew = hcp[0] + hcp[2], hcp[1] + hcp[3]
    panel.facts = {
        "side": gettext(SIDE_NAMES[side]),
        "side_points": ns if side == "NS" else ew,
        "split": f"{ns}:{ew}",
        "declarer": who(names, declarer),
        "declarer_name": names[declarer],
        "dummy": who(names, partner),
        "leader": who(names, (declarer + 1) % 4),
        "tie": gettext(
            "{name} and {partner} hold {points} each: {name} announced first, so declares."
        ).format(name=names[declarer], partner=names[partner], points=hcp[declarer])
        if hcp[declarer] == hcp[partner]
        else "",
        "side_key": side,
        "declarer_seat": declarer,
    }


def points_rows(panel: Panel, names: list[str], errors: dict[int, str]) -> list[PointsRow]:
    assert panel.info is not None  # a panel with the points is for a deal
    order = announcing_order(panel.info.dealer)
    rows = []
    for i, seat in enumerate(order):
        rows.append(
            PointsRow(
                seat=seat,
                letter=letter(seat),
                seat_name=str(SEAT_NAMES[seat]),
                name=names[seat],
                value=panel.hcp[seat],
                active=seat == panel.at and i < 3,
                derived=i == 3,
                error=errors.get(seat, ""),
            )
        )
    return rows


def points_live(hcp: list[int | None], dealer: int) -> str:
    order = announcing_order(dealer)
    known = [v for v in (hcp[s] for s in order[:3]) if v is not None]
    if len(known) < 3:
        left = 3 - len(known)
        return ngettext(
            "{points} of {deck} points announced, {left} player to go",
            "{points} of {deck} points announced, {left} players to go",
            left,
        ).format(points=sum(known), deck=DECK_HCP, left=left)
    ns, ew = (hcp[0] or 0) + (hcp[2] or 0), (hcp[1] or 0) + (hcp[3] or 0)
    if ns == ew:
        return gettext("20:20: the same dealer deals again")
    return gettext("N-S {ns} : E-W {ew}").format(ns=ns, ew=ew)


def points_panel(
    loaded, info: RoundInfo, hcp, at=None, errors=None, error="", note="", phase="points"
) -> Panel:
    names = loaded.names
    order = announcing_order(info.dealer)
    hcp = fill_fourth(hcp, info.dealer)
    if at is None or at not in order[:3]:
        at = next((s for s in order[:3] if hcp[s] is None), order[0])
    panel = Panel(phase=phase, info=info, hcp=hcp, at=at, error=error, note=note)
    panel.deal = deal_of(loaded, info)
    panel.dealer = who(names, info.dealer)
    errors = errors or {}
    panel.points = points_rows(panel, names, errors)
    panel.keypad = keypad(panel)
    panel.live = points_live(hcp, info.dealer)
    if None not in hcp and all(0 <= v <= MAX_HAND_HCP for v in hcp):
        describe_declaring(panel, names, hcp)
    return panel


def contract_choices(panel: Panel, errors: dict[str, str]) -> None:
    strain, game = panel.strain, panel.game
    panel.choices = [
        strain_choice(strain, errors.get("strain", "")),
        Choice(
            name="game",
            legend=gettext("Part-score or game"),
            chips=[
                Chip(
                    value=0,
                    checked=game is False,
                    label=gettext("Part-score · {tricks}").format(tricks=PART_SCORE_TRICKS),
                ),
                Chip(
                    value=1,
                    checked=game is True,
                    label=gettext("Game · {tricks}").format(tricks=GAME_TRICKS[strain])
                    if strain
                    else gettext("Game · 9 to 11"),
                ),
            ],
            css="wide",
            error=errors.get("contract", ""),
        ),
    ]


def trick_choice(panel: Panel, side: str, errors: dict[str, str]) -> Choice:
    needed = tricks_needed(panel.strain, panel.game) if panel.strain and panel.game is not None else None
    return Choice(
        name="tricks",
        legend=gettext("Tricks taken by {side} (needed {needed})").format(side=side, needed=needed)
        if needed
        else gettext("Tricks taken by {side}").format(side=side),
        chips=[Chip(value=v, checked=panel.tricks == v) for v in range(HAND_CARDS + 1)],
        marked=needed,
        error=errors.get("tricks", ""),
    )


def contract_panel(
    loaded, info: RoundInfo, strain="", game=None, tricks=None, errors=None, error="", note=""
):
    current = loaded.state.current
    hcp = current.data["hcp"]
    panel = Panel(phase="contract", info=info, hcp=list(hcp), strain=strain, game=game, tricks=tricks)
    panel.deal = deal_of(loaded, info)
    panel.dealer = who(loaded.names, info.dealer)
    panel.error, panel.note = error, note
    panel.contract_saved = "contract" in current.data
    describe_declaring(panel, loaded.names, hcp)
    panel.points = points_rows(panel, loaded.names, {})
    errors = errors or {}
    contract_choices(panel, errors)
    if not panel.contract_saved and "tricks" in errors:
        panel.error = panel.error or errors["tricks"]  # no tricks row yet to show it beside
    if panel.contract_saved:
        panel.trick_choice = trick_choice(panel, panel.facts["side"], errors)
        needed = tricks_needed(strain, game) if strain and game is not None else None
        if needed:
            panel.live = gettext("{side} need {needed} tricks for {contract}").format(
                side=panel.facts["side"], needed=needed, contract=contract_name(strain, game)
            )
    return panel


def deal_of(loaded, info: RoundInfo) -> int:
    numbers = deal_numbers(loaded.state)
    if info.number <= len(numbers):
        return numbers[info.number - 1]
    return deals_played(loaded.state) + 1


def current_panel(loaded, note="") -> Panel:
    state = loaded.state
    if state.finished or state.next_round is None:
        return Panel(phase="over", note=note)
    info = state.next_round
    current = state.current
    if current is None:
        return points_panel(loaded, info, [None] * 4, note=note)
    contract = current.data.get("contract") or {}
    return contract_panel(loaded, info, contract.get("strain", ""), contract.get("game"), note=note)


def edit_panel(loaded, info, hcp, at, strain, game, tricks, errors=None, hcp_errors=None, error="") -> Panel:
    panel = points_panel(loaded, info, hcp, at, hcp_errors, error, phase="edit")
    panel.strain, panel.game, panel.tricks = strain, game, tricks
    errors = errors or {}
    contract_choices(panel, errors)
    side = panel.facts.get("side", gettext("the declaring side"))
    panel.trick_choice = trick_choice(panel, side, errors)
    panel.hcp_error = errors.get("hcp", "")
    return panel


# -- Minibridge: the points keypad, then the contract and tricks -------------------------------------


def seat_or_none(raw: Any) -> int | None:
    return int(raw) if isinstance(raw, str) and raw in ("0", "1", "2", "3") else None


class MinibridgePointsMixin(RoundForm):
    """The keypad: the points so far (hidden fields), which player it fills (``at``), the value tapped."""

    seat_fields = ("hcp",)
    at = RawField()
    goto = RawField()
    pick = RawField()

    def read_points(self) -> None:
        """Sets ``hcp`` (the fourth left None: it follows from 40), ``at`` and ``moved`` (a row tapped)."""
        n = self.number
        names = self.names
        order = announcing_order(self.info.dealer)
        self.moved = False
        hcp = self.seat_numbers("hcp", "points", seats=range(4))
        for seat, value in enumerate(hcp):
            if value is not None and not 0 <= value <= MAX_HAND_HCP:
                self.flag(
                    f"hcp_{seat}",
                    gettext(
                        "Round {round}: {name} has {points} high-card points, but a hand holds 0 to {most}."
                    ).format(round=n, name=names[seat], points=value, most=MAX_HAND_HCP),
                )
                hcp[seat] = None
        self.hcp = hcp
        at = seat_or_none(self.raw("at"))
        self.at_seat = at
        goto = seat_or_none(self.raw("goto"))
        if goto is not None and goto in order[:3]:
            hcp[order[3]] = None
            self.at_seat, self.moved = goto, True
            return
        raw = self.raw("pick")
        if raw != "":
            target = at if at in order[:3] else next((s for s in order[:3] if hcp[s] is None), None)
            if target is None:
                self.flag(
                    f"hcp_{order[0]}",
                    gettext("Round {round}: tap the player whose points you are entering first.").format(
                        round=n
                    ),
                )
            elif (picked := parse_int(raw, 0, MAX_HAND_HCP)) is None:
                self.flag(
                    f"hcp_{target}",
                    gettext(
                        "Round {round}: {name}'s points must be a number from 0 to {most}, not “{shown}”."
                    ).format(round=n, name=names[target], most=MAX_HAND_HCP, shown=raw[:12]),
                )
            else:
                hcp[target] = picked
                following = [s for s in order[order.index(target) + 1 : 3] if hcp[s] is None]
                self.at_seat = (
                    following[0] if following else next((s for s in order[:3] if hcp[s] is None), target)
                )
        first = [hcp[s] for s in order[:3]]
        if None not in first and not self.errors:
            known = [v for v in first if v is not None]
            given_fourth = hcp[order[3]]
            total = sum(known)
            if given_fourth is not None and total + given_fourth != DECK_HCP and raw == "":
                # All four were sent (a plain form or a record): they must add up to 40.
                self.flag(
                    f"hcp_{order[3]}",
                    gettext(
                        "Round {round}: the high-card points add up to {total}, but a deal holds {deck}."
                    ).format(round=n, total=total + given_fourth, deck=DECK_HCP),
                )
            elif total > DECK_HCP:
                last = self.at_seat if self.at_seat in order[:3] else order[2]
                self.flag(
                    f"hcp_{last}",
                    gettext(
                        "Round {round}: the points so far add up to {total}, {more} more than the {deck} in a deal."
                    ).format(round=n, total=total, more=total - DECK_HCP, deck=DECK_HCP),
                )
            elif DECK_HCP - total > MAX_HAND_HCP:
                self.flag(
                    f"hcp_{order[3]}",
                    gettext(
                        "Round {round}: {name} would hold {points} points, but a hand holds at most {most}."
                    ).format(round=n, name=names[order[3]], points=DECK_HCP - total, most=MAX_HAND_HCP),
                )
        hcp[order[3]] = None  # always worked out again from the other three

    def announced(self) -> bool:
        """Whether the three who announce have all been given points."""
        return None not in [self.hcp[s] for s in announcing_order(self.info.dealer)[:3]]


class MinibridgeContractMixin(RoundForm):
    """Strain, part-score or game, and the tricks the declaring side took."""

    strain = RawField()
    game = RawField()
    tricks = RawField()
    contract = RawField()  # no input: where a message on the contract as a whole is shown

    def read_contract(self) -> None:
        n = self.number
        strain = self.raw("strain")
        if strain not in ("", *STRAINS):
            self.flag(
                "strain", gettext("Round {round}: pick the strain from NT, ♠, ♥, ♦ and ♣.").format(round=n)
            )
            strain = ""
        raw_game = self.raw("game")
        if raw_game not in ("", "0", "1"):
            self.flag("contract", gettext("Round {round}: pick part-score or game.").format(round=n))
        raw_tricks = self.raw("tricks")
        tricks = None
        if raw_tricks != "":
            tricks = parse_int(raw_tricks, 0, HAND_CARDS)
            if tricks is None:
                self.flag(
                    "tricks",
                    gettext(
                        "Round {round}: the tricks must be a number from 0 to {most}, not “{shown}”."
                    ).format(round=n, most=HAND_CARDS, shown=raw_tricks[:12]),
                )
        self.strain_value: str = strain
        self.game_value: bool | None = {"": None, "0": False, "1": True}.get(raw_game)
        self.tricks_value: int | None = tricks


class MinibridgePointsForm(MinibridgePointsMixin):
    """The points as announced: saved once three are in (a 20:20 split is a redeal)."""

    def start(self) -> None:
        self.hcp: list[int | None] = [None] * 4
        self.at_seat: int | None = None
        self.changing = self.current is not None
        self.found: tuple[str, int] | None = None
        self.lost_contract = False

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        self.read_points()
        if self.errors or self.moved or not self.announced():
            return cleaned
        full = fill_fourth(self.hcp, self.info.dealer)
        self.hcp = full
        self.found = declarer_for(full, self.info.dealer)  # type: ignore[arg-type]
        data: dict[str, Any] = {"hcp": full}
        current = self.current
        if self.found is None:
            data["redeal"] = True
        elif current is not None and "contract" in current.data:
            if current.facts["declarer"] == self.found[1]:
                data["contract"] = current.data["contract"]  # same declarer: the contract stands
            else:
                self.lost_contract = True
        self.round_data = data
        return cleaned

    def refuse(self, exc: RuleError) -> None:
        self.refusal = exc
        self.flag(f"hcp_{exc.player}" if exc.player is not None else None, exc.message)

    def note(self, after: Any) -> str:
        names = after.names
        if self.found is None:
            dealer = self.info.dealer
            return gettext(
                "20:20 split: {name} ({seat}) deals again. That deal is not counted; announce the new points."
            ).format(name=names[dealer], seat=COMPASS_SEATS[dealer])
        if self.lost_contract:
            return gettext("The declarer is now {name} ({seat}): choose the contract again.").format(
                name=names[self.found[1]], seat=COMPASS_SEATS[self.found[1]]
            )
        return ""


class MinibridgeContractForm(MinibridgeContractMixin):
    """The contract (saved once strain and part-score or game are both in), then the tricks taken."""

    def fits(self) -> bool:
        return self.current is not None and not self.current.facts["redeal"]

    def start(self) -> None:
        contract = (self.current.data.get("contract") if self.current else None) or {}
        self.strain_value = contract.get("strain", "")
        self.game_value = contract.get("game")
        self.tricks_value = None

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        self.read_contract()
        if self.errors or self.current is None:
            return cleaned
        if self.strain_value == "" or self.game_value is None:
            if self.tricks_value is not None:
                self.flag(
                    "contract",
                    gettext("Round {round}: choose the contract before the tricks.").format(
                        round=self.number
                    ),
                )
            return cleaned
        data: dict[str, Any] = {
            "hcp": self.current.data["hcp"],
            "contract": {"strain": self.strain_value, "game": self.game_value},
        }
        if self.tricks_value is not None:
            data["tricks"] = self.tricks_value
        if data != self.current.data:
            self.round_data = data
        return cleaned

    def refuse(self, exc: RuleError) -> None:
        self.refusal = exc
        self.flag(exc.field or "contract", exc.message)


class MinibridgeCorrectionForm(MinibridgePointsMixin, MinibridgeContractMixin):
    """A finished deal: points, contract and tricks together; every later total follows."""

    corrects = True

    def start(self) -> None:
        data = self.target.data
        contract = data.get("contract") or {}
        self.hcp = list(data["hcp"])
        self.at_seat = announcing_order(self.info.dealer)[0]
        self.strain_value = contract.get("strain", "")
        self.game_value = contract.get("game")
        self.tricks_value = data.get("tricks")
        self.hints: dict[int, str] = {}

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        self.read_points()
        self.read_contract()
        if self.errors:
            return cleaned
        if not self.announced():
            missing = {
                s: gettext("Round {round}: enter {name}'s points.").format(
                    round=self.number, name=self.names[s]
                )
                for s in announcing_order(self.info.dealer)[:3]
                if self.hcp[s] is None
            }
            if not self.saving:
                self.hints = missing  # shown beside the rows, but nothing is refused yet
            for seat, message in missing.items() if self.saving else ():
                self.flag(f"hcp_{seat}", message)
            return cleaned
        if self.moved or not self.saving:
            return cleaned
        full = fill_fourth(self.hcp, self.info.dealer)
        data: dict[str, Any] = {"hcp": full}
        if declarer_for(full, self.info.dealer) is None:  # type: ignore[arg-type]
            data["redeal"] = True
        else:
            if self.strain_value == "" or self.game_value is None:
                self.flag(
                    "contract",
                    gettext("Round {round}: choose the strain and part-score or game.").format(
                        round=self.number
                    ),
                )
            if self.tricks_value is None:
                self.flag(
                    "tricks",
                    gettext("Round {round}: tap the tricks the declaring side took.").format(
                        round=self.number
                    ),
                )
            if self.errors:
                return cleaned
            data["contract"] = {"strain": self.strain_value, "game": self.game_value}
            data["tricks"] = self.tricks_value
        self.round_data = data
        return cleaned

    def refuse(self, exc: RuleError) -> None:
        self.place(exc, seat_prefix="hcp", seat_kinds=("hcp", "redeal", None))

    @override
    def note(self, after: Any) -> str:
        return gettext("Round {number} corrected; every total after it is worked out again.").format(
            number=self.number
        )


class MinibridgeTable(ScoreboardTable):
    sheet_template = "games/minibridge/sheet.html"
    leader_words = "announces first"

    def context(self, loaded, panel):
        del panel  # the entry panel is every sheet's (``full_context``)
        return sheet_context(loaded)

    def current_panel(self, loaded):
        return current_panel(loaded)

    def screen_rows(self, loaded):
        return rows(loaded)

    def round_title(self, loaded, info) -> str:
        """ "Deal 4": a redealt deal keeps its number."""
        return gettext("Deal {number}").format(number=deal_of(loaded, info))

    def watch_lines(self, loaded) -> list[str]:
        """Who deals (and announces first), then where the deal stands: the points being announced,
        the contract being chosen, or the hand being played."""
        state, names = loaded.state, loaded.names
        info = state.next_round
        if info is None:
            return []
        lines = [gettext("{dealer} deals and announces first").format(dealer=names[info.dealer])]
        current = state.current
        if current is None:
            return [*lines, gettext("Announcing the points.")]
        hcp = current.data["hcp"]
        lines.append(
            gettext("Points: {ns} {ns_points}, {ew} {ew_points}; {declarer} declares.").format(
                ns=gettext(SIDE_NAMES["NS"]),
                ns_points=hcp[0] + hcp[2],
                ew=gettext(SIDE_NAMES["EW"]),
                ew_points=hcp[1] + hcp[3],
                declarer=who(names, current.facts["declarer"]),
            )
        )
        contract = current.data.get("contract")
        if contract is None:
            return [*lines, gettext("Choosing the contract.")]
        said = contract_short(contract["strain"], contract["game"])
        return [*lines, gettext("Playing the hand: {contract}.").format(contract=said)]

    def stale_message(self, number):
        return gettext(
            "Round {number} is not the deal being entered; the sheet has been brought up to date."
        ).format(number=number)

    def sheet(self, request: HtmxHttpRequest, session, seats: list[Seat] | None = None):
        loaded = services.load_game(session, seats)
        seat = seat_or_none(request.GET.get("seat"))
        if seat is not None:
            return personal_sheet(request, loaded, seat)
        panel = self.current_panel(loaded)
        current = loaded.state.current
        if request.GET.get("phase") == "points" and current is not None:
            panel = points_panel(loaded, current.info, list(current.data["hcp"]))
            panel.note = str(TAP_TO_CHANGE)
        return self.show(request, loaded, panel)

    def actions(self):
        return steps(
            self,
            points=Step(MinibridgePointsForm, points_step_panel),
            contract=Step(MinibridgeContractForm, contract_step_panel, note=contract_note),
            edit=Step(MinibridgeCorrectionForm, correction_panel),
        )

    def new_game(self, request: HtmxHttpRequest):
        form = new_game_form(request, NewMinibridgeForm, self.game.slug, count=4)
        context = {"game_tricks": [(strain_symbol(s), n) for s, n in GAME_TRICKS.items()]}
        return new_game_page(
            request, form, game=self.game, template="games/minibridge/new.html", context=context
        )


def personal_sheet(request, loaded, seat: int):
    rows, totals = personal_rows(loaded, seat)
    names = loaded.names
    return render(
        request,
        "games/minibridge/personal.html",
        {
            "session": loaded.session,
            "state": loaded.state,
            "seat": seat,
            "me": who(names, seat),
            "side": gettext(SIDE_NAMES[side_of(seat)]),
            "partner": who(names, (seat + 2) % 4),
            "rows": rows,
            "totals": totals,
            "others": [{"seat": s, "label": who(names, s)} for s in range(4) if s != seat],
            "columns": [letter(s) for s in PERSONAL_ORDER],
        },
    )


TAP_TO_CHANGE = gettext_lazy("Tap a player to change their points; the fourth still follows from 40.")


def points_step_panel(form):
    note = str(TAP_TO_CHANGE) if form.changing and form.is_bound and not form.errors else ""
    return points_panel(
        form.loaded, form.info, form.hcp, form.at_seat, form.seat_errors("hcp"), form.message, note=note
    )


def contract_step_panel(form):
    return contract_panel(
        form.loaded,
        form.info,
        form.strain_value,
        form.game_value,
        form.tricks_value,
        form.field_errors(),
        form.message,
    )


def correction_panel(form):
    return edit_panel(
        form.loaded,
        form.info,
        form.hcp,
        form.at_seat,
        form.strain_value,
        form.game_value,
        form.tricks_value,
        form.field_errors(),
        {**form.hints, **form.seat_errors("hcp")},
        form.message,
    )


def contract_note(form, after) -> str:
    """Once the tricks are in: what the deal scored."""
    if form.tricks_value is None:
        return ""
    side = after.state.rounds[form.number - 1].facts["declaring_side"]
    result = result_line(form.strain_value, form.game_value, form.tricks_value, side)
    return gettext("Deal {number}: {result}.").format(number=deal_of(after, form.info), result=result)


# -- a new game ------------------------------------------------------------------------------------


class NewMinibridgeForm(SeatingForm):
    """The four players by seat, the first dealer (or a draw), and how long to play."""

    seats = 4
    seat_labels = COMPASS_SEATS
    names_required = True
    # Translators: {label} is a seat, North, East, South or West.
    name_required = gettext_lazy("Who sits {label}?")
    draw_label = gettext_lazy("Draw for me")
    already_seated = gettext_lazy("{name} already sits {label}.")
    drawn_note = gettext_lazy("Drawn: {name} ({label}) deals first.")
    ends = forms.ChoiceField(
        label=gettext_lazy("Play"),
        initial="deals",
        choices=[("deals", gettext_lazy("A number of deals")), ("target", gettext_lazy("To a target score"))],
    )
    deals = WholeNumberField(
        label=gettext_lazy("Deals"), required=False, initial=8, min_value=1, max_value=60
    )
    target = WholeNumberField(label=gettext_lazy("Target"), required=False, min_value=1, max_value=100_000)

    def already_seated_message(self, name, seat):
        # The name as it will be stored: runs of spaces made one.
        return super().already_seated_message(" ".join(name.split()), seat)

    def clean(self):
        super().clean()
        cleaned = self.cleaned_data
        ends = cleaned.get("ends")
        if ends == "deals" and cleaned.get("deals") is None and "deals" not in self.errors:
            self.add_error("deals", gettext("How many deals? (8 is usual.)"))
        if ends == "target" and cleaned.get("target") is None and "target" not in self.errors:
            self.add_error("target", gettext("Which score ends the game?"))
        return cleaned

    def options(self):
        if self.cleaned_data["ends"] == "target":
            return {"target": self.cleaned_data["target"]}
        return {"deals": self.cleaned_data["deals"]}
