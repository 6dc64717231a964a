"""Minibridge: the partnership sheet, the deal entry on it, and each player's personal sheet.

Called through ``play.py``, which checks the login, the owner and the method.

A deal is entered in three steps, each saved by the tap that completes it:
the points as announced from the dealer (three taps on a keypad; the fourth
player's points follow from 40), then the declarer's contract (strain, then
part-score or game), then the tricks the declaring side took (one tap). The
keypad keeps its state in the form (hidden fields plus which player it is
filling), so it works as a plain form without JavaScript too, one "Next" at a
time. Refusals answer 200 to htmx and 400 to a plain POST, with the input kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.shortcuts import render

from .. import services
from ..forms import COMPASS_SEATS, NewMinibridgeForm, parse_seat_numbers, rule_error_to_seat
from ..rules import RoundInfo, RuleError
from ..rules.base import STRAIN_NAMES, STRAINS
from ..rules.minibridge import (
    DECK_HCP,
    GAME_BONUS,
    GAME_TRICKS,
    HAND_CARDS,
    MAX_HAND_HCP,
    PART_SCORE_BONUS,
    PART_SCORE_TRICKS,
    SIDE_NAMES,
    SIDES,
    STRAIN_SYMBOLS,
    UNDERTRICK,
    contract_name,
    deal_score,
    declarer_for,
    side_of,
    trick_score,
    tricks_needed,
)
from ..sheet import Chip
from .common import HtmxHttpRequest
from .table import (
    Table,
    being_entered,
    finished_round,
    known_players,
    new_game_page,
    previous_game,
    seated_names,
)

SHEET = "games/minibridge/sheet.html"
UPDATE = "games/minibridge/update.html"
PERSONAL = "games/minibridge/personal.html"
NEW = "games/minibridge/new.html"

SEAT_NAMES = COMPASS_SEATS  # North, East, South, West: seats 0 to 3
LETTERS = "NESW"
PERSONAL_ORDER = (0, 2, 1, 3)  # the paper sheet's columns: points held by N, S, E, W


# -- what the templates draw ------------------------------------------------------


@dataclass
class Choice:
    """A labelled group of one-tap chips for one form field (templates/games/minibridge/_choice.html)."""

    name: str
    legend: str
    chips: list[Chip]
    prefix: str = ""
    error: str = ""
    marked: int | str | None = None  # the chip drawn dashed (the tricks a contract needs)
    css: str = ""

    def __post_init__(self):
        self.prefix = self.prefix or self.name


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


# -- helpers ------------------------------------------------------------------------------


def announcing_order(dealer: int) -> list[int]:
    return [(dealer + i) % 4 for i in range(4)]


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
    return f"{'Game' if game else 'Part-score'} {STRAIN_SYMBOLS[strain]}"


def result_line(strain: str, game: bool, tricks: int, side: str) -> str:
    """What a played deal scored, as the panel says it after the last tap."""
    needed = tricks_needed(strain, game)
    declaring, defending = deal_score(strain, game, tricks)
    other = "EW" if side == "NS" else "NS"
    if tricks >= needed:
        over = tricks - needed
        extra = f" with {over} over" if over else ""
        return (
            f"{SIDE_NAMES[side]} made {contract_name(strain, game)}{extra}: {SIDE_NAMES[side]} +{declaring}"
        )
    return (
        f"{SIDE_NAMES[side]} took {tricks} of {needed} in {contract_name(strain, game)}, "
        f"{needed - tricks} short: {SIDE_NAMES[other]} +{defending}"
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
        line = (
            f"{SIDE_NAMES[side]} declared {name} ({names[facts['declarer']]}), needed {needed}, took {tricks}"
        )
        if short > 0:
            return f"{line}: {short} short, 0"
        bonus = f"{GAME_BONUS} game bonus" if game else f"{PART_SCORE_BONUS} part-score bonus"
        return f"{line}: made, {trick_score(strain, tricks)} + {bonus} = {facts['declaring_points']}"
    line = (
        f"{SIDE_NAMES[side]} defended {SIDE_NAMES[declaring_side]}'s {name} (needed {needed}, took {tricks})"
    )
    if short > 0:
        return f"{line}: {short} short × {UNDERTRICK} = {facts['defending_points']}"
    return f"{line}: made, 0"


# -- the score sheet ------------------------------------------------------------------------


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
            dealer_letter=LETTERS[info.dealer],
            dealer_name=names[info.dealer],
            redeal=bool(facts["redeal"]),
        )
        if facts["redeal"]:
            row.main, row.sub = "20:20", "redealt, no score"
        else:
            declarer = facts["declarer"]
            if "contract" in data:
                row.main = contract_short(data["contract"]["strain"], data["contract"]["game"])
                row.sub = f"{names[declarer]} · " + (
                    f"took {data['tricks']}" if "tricks" in data else "to play"
                )
            else:
                row.main = f"{SIDE_NAMES[facts['declaring_side']]} declare"
                row.sub = f"{names[declarer]} to choose"
        for side in ("NS", "EW"):
            cell = SideCell(side=side)
            if result.complete:
                total = result.totals[SIDES[side][0]]
                points = result.points[SIDES[side][0]]
                cell.text = str(total)
                cell.plus = f"+{points}" if points else ""
                if facts["redeal"]:
                    cell.explain = f"20:20: redealt by the same dealer, no score; total {total}"
                else:
                    cell.explain = f"{side_explain(side, facts, data, names)}; total {total}"
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
                dealer_letter=LETTERS[info.dealer],
                dealer_name=names[info.dealer],
                sub="points to come",
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
                    dealer_letter=LETTERS[dealer],
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
                "name": SIDE_NAMES[side],
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
            seat=LETTERS[seat],
            held=[hcp[s] for s in PERSONAL_ORDER],
            side_points="",
            contract="",
            tricks="",
            plus=None,
            minus=None,
        )
        if facts["redeal"]:
            row.side_points = "20:20"
            row.contract = "Redeal"
        else:
            side = facts["declaring_side"]
            row.side_points = f"{facts['side_hcp'][side]} {SIDE_NAMES[side]}"
            if "contract" in data:
                c = data["contract"]
                row.contract = f"{contract_short(c['strain'], c['game'])} by {LETTERS[facts['declarer']]}"
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


# -- the entry panel ------------------------------------------------------------------------


def keypad(panel: Panel) -> list[Chip]:
    """0 to 37; values that cannot fit in the 40 points with those already announced are struck."""
    if panel.at is None:
        return []
    order = announcing_order(panel.info.dealer)
    others = sum(v for s, v in enumerate(panel.hcp) if v is not None and s != panel.at and s != order[3])
    room = DECK_HCP - others
    chips = []
    for v in range(MAX_HAND_HCP + 1):
        struck = v > room
        chips.append(Chip(value=v, struck=struck, title=f"Only {room} points are left" if struck else ""))
    return chips


def describe_declaring(panel: Panel, names: list[str], hcp: list[int]) -> None:
    """Who declares, who is dummy, who leads; the ruling on equal points when it applied."""
    found = declarer_for(hcp, panel.info.dealer)
    if found is None:
        panel.facts = {"redeal": True}
        return
    side, declarer = found
    partner = (declarer + 2) % 4
    ns, ew = hcp[0] + hcp[2], hcp[1] + hcp[3]
    panel.facts = {
        "side": SIDE_NAMES[side],
        "side_points": ns if side == "NS" else ew,
        "split": f"{ns}:{ew}",
        "declarer": who(names, declarer),
        "declarer_name": names[declarer],
        "dummy": who(names, partner),
        "leader": who(names, (declarer + 1) % 4),
        "tie": (
            f"{names[declarer]} and {names[partner]} hold {hcp[declarer]} each: {names[declarer]} "
            "announced first, so declares."
        )
        if hcp[declarer] == hcp[partner]
        else "",
        "side_key": side,
        "declarer_seat": declarer,
    }


def points_rows(panel: Panel, names: list[str], errors: dict[int, str]) -> list[PointsRow]:
    order = announcing_order(panel.info.dealer)
    rows = []
    for i, seat in enumerate(order):
        rows.append(
            PointsRow(
                seat=seat,
                letter=LETTERS[seat],
                seat_name=SEAT_NAMES[seat],
                name=names[seat],
                value=panel.hcp[seat],
                active=seat == panel.at and i < 3,
                derived=i == 3,
                error=errors.get(seat, ""),
            )
        )
    return rows


def fill_fourth(hcp: list[int | None], dealer: int) -> list[int | None]:
    """The last to announce holds what the other three do not."""
    order = announcing_order(dealer)
    hcp = list(hcp)
    first = [hcp[s] for s in order[:3]]
    hcp[order[3]] = DECK_HCP - sum(first) if None not in first else None
    return hcp


def points_live(hcp: list[int | None], dealer: int) -> str:
    order = announcing_order(dealer)
    known = [hcp[s] for s in order[:3] if hcp[s] is not None]
    if len(known) < 3:
        left = 3 - len(known)
        return f"{sum(known)} of {DECK_HCP} points announced, {left} player{'s' if left != 1 else ''} to go"
    ns, ew = (hcp[0] or 0) + (hcp[2] or 0), (hcp[1] or 0) + (hcp[3] or 0)
    if ns == ew:
        return "20:20: the same dealer deals again"
    return f"N-S {ns} : E-W {ew}"


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
        Choice(
            name="strain",
            legend="Strain",
            chips=[
                Chip(
                    value=s, checked=s == strain, label=STRAIN_SYMBOLS[s], title=STRAIN_NAMES[s].capitalize()
                )
                for s in STRAINS
            ],
            css="strains",
            error=errors.get("strain", ""),
        ),
        Choice(
            name="game",
            legend="Part-score or game",
            chips=[
                Chip(value=0, checked=game is False, label=f"Part-score · {PART_SCORE_TRICKS}"),
                Chip(
                    value=1,
                    checked=game is True,
                    label=f"Game · {GAME_TRICKS[strain]}" if strain else "Game · 9 to 11",
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
        legend=f"Tricks taken by {side}" + (f" (needed {needed})" if needed else ""),
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
            panel.live = f"{panel.facts['side']} need {needed} tricks for {contract_name(strain, game)}"
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
    side = panel.facts.get("side", "the declaring side")
    panel.trick_choice = trick_choice(panel, side, errors)
    panel.hcp_error = errors.get("hcp", "")
    return panel


def _context(loaded, panel: Panel) -> dict:
    state, names = loaded.state, loaded.names
    winners = sorted({side_of(s) for s in state.winners}) if state.finished else []
    return {
        "session": loaded.session,
        "names": names,
        "seats": [
            {"seat": s, "letter": LETTERS[s], "seat_name": SEAT_NAMES[s], "name": names[s]} for s in range(4)
        ],
        "rows": deal_rows(loaded),
        "sides": sides_context(loaded),
        "state": state,
        "panel": panel,
        "winners": [SIDE_NAMES[w] for w in winners],
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


class MinibridgeTable(Table):
    sheet_template = SHEET
    update_template = UPDATE  # the panel, and the scoreboard when told ``oob_scoreboard``

    def context(self, loaded, panel):
        return _context(loaded, panel)

    def current_panel(self, loaded):
        return current_panel(loaded)

    def stale_message(self, number):
        return f"Round {number} is not the deal being entered; the sheet has been brought up to date."


TABLE = MinibridgeTable()


# -- reading the forms ---------------------------------------------------------------------------


def _seat_or_none(raw) -> int | None:
    return int(raw) if isinstance(raw, str) and raw in ("0", "1", "2", "3") else None


def read_points(post, info: RoundInfo, names: list[str]):
    """The keypad form: points so far (hidden fields), which player it fills, the value tapped.

    Returns (hcp, at, moved, errors by seat): ``moved`` when a player's row was
    tapped (the keypad moves to them, nothing else changes).
    """
    n = info.number
    order = announcing_order(info.dealer)
    hcp, errors = parse_seat_numbers(
        post, prefix="hcp", players=4, required=False, round_number=n, names=names, what="points"
    )
    for seat, value in enumerate(hcp):
        if value is not None and not 0 <= value <= MAX_HAND_HCP:
            errors[seat] = (
                f"Round {n}: {names[seat]} has {value} high-card points, but a hand holds 0 to {MAX_HAND_HCP}."
            )
            hcp[seat] = None
    at = _seat_or_none(post.get("at"))
    goto = _seat_or_none(post.get("goto"))
    if goto is not None and goto in order[:3]:
        hcp[order[3]] = None
        return hcp, goto, True, errors
    raw = post.get("pick", "")
    if raw != "":
        target = at if at in order[:3] else next((s for s in order[:3] if hcp[s] is None), None)
        if target is None:
            errors[order[0]] = f"Round {n}: tap the player whose points you are entering first."
        elif not (raw.isdigit() and int(raw) <= MAX_HAND_HCP):
            errors[target] = (
                f"Round {n}: {names[target]}'s points must be a number from 0 to {MAX_HAND_HCP}, "
                f"not “{raw[:12]}”."
            )
        else:
            hcp[target] = int(raw)
            following = [s for s in order[order.index(target) + 1 : 3] if hcp[s] is None]
            at = following[0] if following else next((s for s in order[:3] if hcp[s] is None), target)
    first = [hcp[s] for s in order[:3]]
    if None not in first and not errors:
        given_fourth = hcp[order[3]]
        total = sum(first)
        if given_fourth is not None and total + given_fourth != DECK_HCP and raw == "":
            # All four were sent (a plain form or a record): they must add up to 40.
            errors[order[3]] = (
                f"Round {n}: the high-card points add up to {total + given_fourth}, but a deal holds {DECK_HCP}."
            )
        elif total > DECK_HCP:
            last = at if at in order[:3] else order[2]
            errors[last] = (
                f"Round {n}: the points so far add up to {total}, {total - DECK_HCP} more than the "
                f"{DECK_HCP} in a deal."
            )
        elif DECK_HCP - total > MAX_HAND_HCP:
            errors[order[3]] = (
                f"Round {n}: {names[order[3]]} would hold {DECK_HCP - total} points, but a hand holds "
                f"at most {MAX_HAND_HCP}."
            )
    hcp[order[3]] = None  # always worked out again from the other three
    return hcp, at, False, errors


def read_contract(post, n: int):
    """Strain, part-score or game, tricks; (strain, game, tricks, errors by field)."""
    errors: dict[str, str] = {}
    strain = post.get("strain", "")
    if strain not in ("", *STRAINS):
        errors["strain"] = f"Round {n}: pick the strain from NT, ♠, ♥, ♦ and ♣."
        strain = ""
    raw_game = post.get("game", "")
    game = {"": None, "0": False, "1": True}.get(raw_game)
    if raw_game not in ("", "0", "1"):
        errors["contract"] = f"Round {n}: pick part-score or game."
    raw_tricks = post.get("tricks", "")
    tricks = None
    if raw_tricks != "":
        if raw_tricks.isdigit() and int(raw_tricks) <= HAND_CARDS:
            tricks = int(raw_tricks)
        else:
            errors["tricks"] = (
                f"Round {n}: the tricks must be a number from 0 to {HAND_CARDS}, not “{raw_tricks[:12]}”."
            )
    return strain, game, tricks, errors


# -- the actions ----------------------------------------------------------------------------------


ACTIONS: dict = {}  # filled in below: action name -> (view, allowed methods)


def sheet(request: HtmxHttpRequest, session):
    loaded = services.load_game(session)
    seat = _seat_or_none(request.GET.get("seat"))
    if seat is not None:
        return personal_sheet(request, loaded, seat)
    panel = current_panel(loaded)
    current = loaded.state.current
    if request.GET.get("phase") == "points" and current is not None:
        panel = points_panel(loaded, current.info, list(current.data["hcp"]))
        panel.note = "Tap a player to change their points; the fourth still follows from 40."
    return TABLE.show(request, loaded, panel)


def personal_sheet(request, loaded, seat: int):
    rows, totals = personal_rows(loaded, seat)
    names = loaded.names
    return render(
        request,
        PERSONAL,
        {
            "session": loaded.session,
            "state": loaded.state,
            "seat": seat,
            "me": who(names, seat),
            "side": SIDE_NAMES[side_of(seat)],
            "partner": who(names, (seat + 2) % 4),
            "rows": rows,
            "totals": totals,
            "others": [{"seat": s, "label": who(names, s)} for s in range(4) if s != seat],
            "columns": [LETTERS[s] for s in PERSONAL_ORDER],
        },
    )


def save_points(request: HtmxHttpRequest, session, number: int):
    loaded = services.load_game(session)
    info = being_entered(loaded, number)
    if info is None:
        return TABLE.stale(request, loaded, number)
    names = loaded.names
    current = loaded.state.current
    hcp, at, moved, errors = read_points(request.POST, info, names)
    changing = current is not None
    if errors:
        panel = points_panel(loaded, info, hcp, at, errors)
        return TABLE.refused(request, loaded, panel)
    order = announcing_order(info.dealer)
    if moved or None in [hcp[s] for s in order[:3]]:
        panel = points_panel(loaded, info, hcp, at)
        if changing:
            panel.note = "Tap a player to change their points; the fourth still follows from 40."
        return TABLE.in_progress(request, loaded, panel)
    hcp = fill_fourth(hcp, info.dealer)
    found = declarer_for(hcp, info.dealer)
    data: dict = {"hcp": hcp}
    if found is None:
        data["redeal"] = True
    elif changing and "contract" in current.data and current.facts["declarer"] == found[1]:
        data["contract"] = current.data["contract"]  # same declarer: the contract stands
    try:
        loaded = services.save_round(session=loaded.session, number=number, data=data, loaded=loaded)
    except RuleError as exc:
        by_seat, message = rule_error_to_seat(exc)
        return TABLE.refused(request, loaded, points_panel(loaded, info, hcp, at, by_seat, message))
    except services.StaleVersion:
        return TABLE.changed_meanwhile(request, loaded)
    note = ""
    if found is None:
        note = (
            f"20:20 split: {who(names, info.dealer)} deals again. That deal is not counted; "
            "announce the new points."
        )
    elif changing and "contract" in current.data and "contract" not in data:
        note = f"The declarer is now {who(names, found[1])}: choose the contract again."
    return TABLE.saved(request, loaded, note, oob_scoreboard=True)


def save_contract(request: HtmxHttpRequest, session, number: int):
    """The contract (saved once strain and part-score or game are both in) and the tricks taken."""
    loaded = services.load_game(session)
    info = being_entered(loaded, number)
    current = loaded.state.current
    if info is None or current is None or current.facts["redeal"]:
        return TABLE.stale(request, loaded, number)
    strain, game, tricks, errors = read_contract(request.POST, number)
    if errors:
        return TABLE.refused(request, loaded, contract_panel(loaded, info, strain, game, tricks, errors))
    if strain == "" or game is None:
        if tricks is not None:
            errors["contract"] = f"Round {number}: choose the contract before the tricks."
            return TABLE.refused(request, loaded, contract_panel(loaded, info, strain, game, tricks, errors))
        return TABLE.in_progress(request, loaded, contract_panel(loaded, info, strain, game))
    data = {"hcp": current.data["hcp"], "contract": {"strain": strain, "game": game}}
    if tricks is not None:
        data["tricks"] = tricks
    if data == current.data:
        return TABLE.in_progress(request, loaded, contract_panel(loaded, info, strain, game))
    try:
        loaded = services.save_round(session=loaded.session, number=number, data=data, loaded=loaded)
    except RuleError as exc:
        errors = {exc.field or "contract": exc.message}
        return TABLE.refused(request, loaded, contract_panel(loaded, info, strain, game, tricks, errors))
    except services.StaleVersion:
        return TABLE.changed_meanwhile(request, loaded)
    note = ""
    if tricks is not None:
        side = loaded.state.rounds[number - 1].facts["declaring_side"]
        note = f"Deal {deal_of(loaded, info)}: {result_line(strain, game, tricks, side)}."
    return TABLE.saved(request, loaded, note, oob_scoreboard=True)


def edit_round(request: HtmxHttpRequest, session, number: int):
    """Correct a finished deal: points, contract and tricks together; every later total follows."""
    loaded = services.load_game(session)
    result = finished_round(loaded, number)
    if result is None:
        return TABLE.stale(request, loaded, number)
    info = result.info
    if request.method == "GET":
        contract = result.data.get("contract") or {}
        order = announcing_order(info.dealer)
        panel = edit_panel(
            loaded,
            info,
            list(result.data["hcp"]),
            order[0],
            contract.get("strain", ""),
            contract.get("game"),
            result.data.get("tricks"),
        )
        return TABLE.show_correction(request, loaded, panel)
    hcp, at, moved, hcp_errors = read_points(request.POST, info, loaded.names)
    strain, game, tricks, errors = read_contract(request.POST, number)
    saving = bool(request.POST.get("save"))

    def panel(error=""):
        return edit_panel(loaded, info, hcp, at, strain, game, tricks, errors, hcp_errors, error)

    if hcp_errors or errors:
        return TABLE.refused(request, loaded, panel())
    order = announcing_order(info.dealer)
    if None in [hcp[s] for s in order[:3]]:
        hcp_errors = {
            s: f"Round {number}: enter {loaded.names[s]}'s points." for s in order[:3] if hcp[s] is None
        }
        return (
            TABLE.refused(request, loaded, panel()) if saving else TABLE.in_progress(request, loaded, panel())
        )
    if moved or not saving:
        return TABLE.in_progress(request, loaded, panel())
    full = fill_fourth(hcp, info.dealer)
    data: dict = {"hcp": full}
    if declarer_for(full, info.dealer) is None:
        data["redeal"] = True
    else:
        if strain == "" or game is None:
            errors["contract"] = f"Round {number}: choose the strain and part-score or game."
        if tricks is None:
            errors["tricks"] = f"Round {number}: tap the tricks the declaring side took."
        if errors:
            return TABLE.refused(request, loaded, panel())
        data["contract"] = {"strain": strain, "game": game}
        data["tricks"] = tricks
    try:
        loaded = services.save_round(session=loaded.session, number=number, data=data, loaded=loaded)
    except RuleError as exc:
        if exc.round != number:  # the correction breaks a later deal
            return TABLE.refused(request, loaded, panel(exc.message))
        if exc.field in ("hcp", "redeal", None):
            hcp_errors, message = rule_error_to_seat(exc)
            return TABLE.refused(request, loaded, panel(message))
        errors = {exc.field: exc.message}
        return TABLE.refused(request, loaded, panel())
    except services.StaleVersion:
        return TABLE.changed_meanwhile(request, loaded)
    return TABLE.saved(
        request,
        loaded,
        f"Round {number} corrected; every total after it is worked out again.",
        oob_scoreboard=True,
    )


# -- a new game ------------------------------------------------------------------------------------


def new_game(request: HtmxHttpRequest):
    form = NewMinibridgeForm(
        request.POST or None,
        known_names=known_players(request),
        initial_names=seated_names(previous_game(request), count=4),
    )
    context = {"game_tricks": [(STRAIN_SYMBOLS[s], n) for s, n in GAME_TRICKS.items()]}
    return new_game_page(request, form, game="minibridge", template=NEW, context=context)


ACTIONS.update(
    {
        "points": (save_points, {"POST"}),
        "contract": (save_contract, {"POST"}),
        "edit": (edit_round, {"GET", "POST"}),
    }
)
