"""Memory Bridge: the two-player sheet and the deal entry on it.

Called through ``play.py``, which checks the login, the owner and the method.

A deal is entered as it is played, each step saved by the tap that completes
it: the first half (one tap: one player's tricks fix the other's), then the
contract (declarer, level and strain; doubling starts at "not doubled"; or
"passed out"), then the declarer's tricks in the second half (one tap). A
first half that takes a player to the target ends the game there. Plain forms
work without JavaScript too; refusals answer 200 to htmx and 400 to a plain
POST, with the input kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import services
from ..forms import NewMemoryBridgeForm, rule_error_to_seat
from ..rules import RoundInfo, RuleError
from ..rules.base import STRAIN_NAMES, STRAINS
from ..rules.memory_bridge import (
    HAND_CARDS,
    WINNING_TRICKS,
    contract_name,
    contract_score,
    first_half_score,
)
from ..rules.minibridge import STRAIN_SYMBOLS
from ..sheet import Chip, EntryRow
from .common import HtmxHttpRequest
from .minibridge import Choice
from .table import (
    Table,
    being_entered,
    finished_round,
    known_players,
    new_game_page,
    previous_game,
    seated_names,
)

SHEET = "games/memory_bridge/sheet.html"
UPDATE = "games/memory_bridge/update.html"
NEW = "games/memory_bridge/new.html"

DOUBLED_LABELS = {0: "Not doubled", 1: "Doubled ×2", 2: "Redoubled ×4"}


@dataclass
class Panel:
    """The entry panel: what to enter now for the deal in hand."""

    phase: str  # "first-half", "second-half", "edit", "over"
    info: RoundInfo | None = None
    first_half: list[int | None] = field(default_factory=lambda: [None, None])
    first_rows: list[EntryRow] = field(default_factory=list)
    first_line: str = ""
    choices: list[Choice] = field(default_factory=list)
    trick_choice: Choice | None = None
    contract_saved: bool = False
    contract_line: str = ""
    live: str = ""
    error: str = ""
    note: str = ""
    dealer: str = ""
    leader: str = ""
    changing: bool = False


@dataclass
class PlayerCell:
    seat: int
    text: str = ""
    parts: str = ""
    explain: str = ""


@dataclass
class DealRow:
    key: str
    number: int
    state: str  # "done", "current"
    dealer: int
    dealer_name: str
    main: str = ""
    sub: str = ""
    first: str = ""
    ended: bool = False
    cells: list[PlayerCell] = field(default_factory=list)


# -- reading what a deal holds -------------------------------------------------------------


def totals_before(state, number: int) -> list[int]:
    if number <= 1:
        return [0, 0]
    return list(state.rounds[number - 2].totals)


def ends_in_first_half(state, number: int, first_half: list[int]) -> bool:
    """Would this first half take its winner to the target (the game then ends there)?"""
    winner = 0 if first_half[0] >= WINNING_TRICKS else 1
    before = totals_before(state, number)
    return before[winner] + first_half_score(first_half[winner]) >= state.options["target"]


def first_half_line(names: list[str], first_half: list[int]) -> str:
    winner = 0 if first_half[0] >= WINNING_TRICKS else 1
    tricks = first_half[winner]
    return (
        f"First half: {names[0]} {first_half[0]}, {names[1]} {first_half[1]}: {names[winner]} scores "
        f"100 + {first_half_score(tricks) - 100} = {first_half_score(tricks)}"
    )


def contract_words(names: list[str], contract: dict) -> str:
    return f"{contract_name(contract['level'], contract['strain'], contract['doubled'])} by {names[contract['declarer']]}"


# -- the score sheet -------------------------------------------------------------------------


def deal_rows(loaded) -> list[DealRow]:
    state, names = loaded.state, loaded.names
    rows = []
    for result in state.rounds:
        info, data, facts = result.info, result.data, result.facts
        fh = data["first_half"]
        row = DealRow(
            key=f"round-{info.number}",
            number=info.number,
            state="done" if result.complete else "current",
            dealer=info.dealer,
            dealer_name=names[info.dealer],
            first=f"1st half {fh[0]}–{fh[1]}",
            ended=bool(facts["ended_after_first_half"]),
        )
        if facts["ended_after_first_half"]:
            row.main, row.sub = "Game over", "target reached in the first half"
        elif "contract" not in data:
            row.main, row.sub = "Auction", "contract to come"
        elif data["contract"] is None:
            row.main, row.sub = "Passed out", "no second half"
        else:
            c = data["contract"]
            row.main = contract_name(c["level"], c["strain"], c["doubled"])
            row.sub = f"{names[c['declarer']]} · " + (
                f"took {data['tricks']}" if "tricks" in data else "to play"
            )
        first_points = facts["first_half_points"]
        second_points = facts["second_half_points"] or [0, 0]
        for seat in (0, 1):
            parts = [f"+{p}" for p in (first_points[seat], second_points[seat]) if p]
            row.cells.append(
                PlayerCell(
                    seat=seat,
                    text=str(result.totals[seat]),
                    parts=" ".join(parts),
                    explain=f"{names[seat]}: {result.explain[seat]}; total {result.totals[seat]}",
                )
            )
        rows.append(row)
    info = state.next_round
    if not state.finished and info is not None and state.current is None:
        rows.append(
            DealRow(
                key=f"round-{info.number}",
                number=info.number,
                state="current",
                dealer=info.dealer,
                dealer_name=names[info.dealer],
                sub="first half to come",
                cells=[PlayerCell(0), PlayerCell(1)],
            )
        )
    return rows


def players_context(loaded) -> list[dict]:
    state, names = loaded.state, loaded.names
    target = state.options["target"]
    return [
        {
            "seat": seat,
            "name": names[seat],
            "total": state.totals[seat],
            "to_go": max(0, target - state.totals[seat]),
        }
        for seat in (0, 1)
    ]


# -- the entry panel ---------------------------------------------------------------------------


def first_half_rows(loaded, info: RoundInfo, first_half, errors: dict[int, str]) -> list[EntryRow]:
    names = loaded.names
    rows = []
    for seat in info.active:  # the non-dealer, who leads, first
        badges = ["leads"] if seat == info.leader else ["deals"]
        rows.append(
            EntryRow(
                seat=seat,
                name=names[seat],
                badges=badges,
                chips=[Chip(value=v, checked=first_half[seat] == v) for v in range(HAND_CARDS + 1)],
                error=errors.get(seat, ""),
            )
        )
    return rows


def describe(panel: Panel, loaded, info: RoundInfo) -> Panel:
    names = loaded.names
    panel.info = info
    panel.dealer = names[info.dealer]
    panel.leader = names[info.leader]
    return panel


def first_half_panel(loaded, info, first_half=None, errors=None, error="", note="", changing=False) -> Panel:
    first_half = list(first_half or [None, None])
    panel = Panel(phase="first-half", first_half=first_half, error=error, note=note, changing=changing)
    panel.first_rows = first_half_rows(loaded, info, first_half, errors or {})
    if None not in first_half and sum(first_half) == HAND_CARDS:
        panel.live = first_half_line(loaded.names, first_half)
    return describe(panel, loaded, info)


def contract_choices(loaded, values: dict, errors: dict[str, str], prefix="") -> list[Choice]:
    names = loaded.names
    return [
        Choice(
            name="declarer",
            prefix=f"{prefix}decl",
            legend="Declarer (won the auction)",
            chips=[Chip(value=s, checked=values.get("declarer") == s, label=names[s]) for s in (0, 1)],
            css="wide",
            error=errors.get("declarer", ""),
        ),
        Choice(
            name="level",
            prefix=f"{prefix}level",
            legend="Level (tricks over six)",
            chips=[
                Chip(value=v, checked=values.get("level") == v, title=f"{v + 6} tricks") for v in range(1, 8)
            ]
            + [Chip(value="pass", checked=values.get("level") == "pass", label="Passed out")],
            error=errors.get("level", ""),
        ),
        Choice(
            name="strain",
            prefix=f"{prefix}strain",
            legend="Strain",
            chips=[
                Chip(
                    value=s,
                    checked=values.get("strain") == s,
                    label=STRAIN_SYMBOLS[s],
                    title=STRAIN_NAMES[s].capitalize(),
                )
                for s in STRAINS
            ],
            css="strains",
            error=errors.get("strain", ""),
        ),
        Choice(
            name="doubled",
            prefix=f"{prefix}dbl",
            legend="Doubling",
            chips=[
                Chip(value=d, checked=values.get("doubled", 0) == d, label=label)
                for d, label in DOUBLED_LABELS.items()
            ],
            css="wide",
            error=errors.get("doubled", ""),
        ),
    ]


def trick_choice(loaded, values: dict, errors: dict[str, str], prefix="") -> Choice:
    declarer = values.get("declarer")
    level = values.get("level")
    needed = level + 6 if isinstance(level, int) else None
    who = loaded.names[declarer] if declarer in (0, 1) else "declarer"
    return Choice(
        name="tricks",
        prefix=f"{prefix}tricks",
        legend=f"Second-half tricks taken by {who}",
        chips=[Chip(value=v, checked=values.get("tricks") == v) for v in range(HAND_CARDS + 1)],
        marked=needed,
        error=errors.get("tricks", ""),
    )


def stored_values(data: dict) -> dict:
    """The contract and tricks of a recorded deal, as the form's values."""
    values: dict = {"doubled": 0}
    if "contract" in data:
        if data["contract"] is None:
            values["level"] = "pass"
        else:
            values.update(data["contract"])
    if "tricks" in data:
        values["tricks"] = data["tricks"]
    return values


def second_half_panel(loaded, info, values=None, errors=None, error="", note="") -> Panel:
    current = loaded.state.current
    names = loaded.names
    stored = stored_values(current.data)
    values = stored if values is None else values
    errors = errors or {}
    panel = Panel(phase="second-half", first_half=list(current.data["first_half"]), error=error, note=note)
    panel.first_line = first_half_line(names, current.data["first_half"])
    panel.choices = contract_choices(loaded, values, errors)
    panel.contract_saved = isinstance(current.data.get("contract"), dict)
    if not panel.contract_saved and "tricks" in errors:
        panel.error = panel.error or errors["tricks"]  # no tricks row yet to show it beside
    if panel.contract_saved:
        contract = current.data["contract"]
        panel.trick_choice = trick_choice(loaded, values, errors)
        panel.contract_line = (
            f"{contract_words(names, contract)}: needs {contract['level'] + 6} tricks; "
            f"{names[1 - contract['declarer']]} leads."
        )
    return describe(panel, loaded, info)


def edit_panel(loaded, info, first_half, values, errors=None, fh_errors=None, error="") -> Panel:
    errors = errors or {}
    panel = Panel(phase="edit", first_half=list(first_half), error=error)
    panel.first_rows = first_half_rows(loaded, info, first_half, fh_errors or {})
    if None not in first_half and sum(first_half) == HAND_CARDS:
        panel.live = first_half_line(loaded.names, first_half)
    panel.choices = contract_choices(loaded, values, errors, prefix="e")
    panel.trick_choice = trick_choice(loaded, values, errors, prefix="e")
    return describe(panel, loaded, info)


def current_panel(loaded, note="") -> Panel:
    state = loaded.state
    if state.finished or state.next_round is None:
        return Panel(phase="over", note=note)
    info = state.next_round
    if state.current is None:
        return first_half_panel(loaded, info, note=note)
    return second_half_panel(loaded, info, note=note)


def _context(loaded, panel: Panel) -> dict:
    state, names = loaded.state, loaded.names
    last = state.rounds[-1] if state.rounds else None
    return {
        "session": loaded.session,
        "names": names,
        "rows": deal_rows(loaded),
        "players": players_context(loaded),
        "target": state.options["target"],
        "state": state,
        "panel": panel,
        "winners": [names[s] for s in state.winners],
        "win_detail": f", reaching the target in the first half of deal {len(state.rounds)}"
        if state.finished and not state.finished_early and last and last.facts["ended_after_first_half"]
        else "",
        "leaders": state.winners
        if state.finished
        else ([s for s in (0, 1) if state.totals[s] == max(state.totals)] if state.rounds else []),
    }


class MemoryBridgeTable(Table):
    sheet_template = SHEET
    update_template = UPDATE  # the panel, and the scoreboard when told ``oob_scoreboard``
    round_word = "Deal"

    def context(self, loaded, panel):
        return _context(loaded, panel)

    def current_panel(self, loaded):
        return current_panel(loaded)


TABLE = MemoryBridgeTable()


# -- reading the forms --------------------------------------------------------------------------------


def _small_int(raw, low: int, high: int) -> int | None:
    if isinstance(raw, str) and raw.isdigit() and len(raw) <= 3 and low <= int(raw) <= high:
        return int(raw)
    return None


def read_first_half(post, n: int, names: list[str]) -> tuple[list[int | None], dict[int, str]]:
    """The two first-half rows: one player's tricks fix the other's (13 in all).

    ``was_0``/``was_1`` hold what the rows showed, so a tap on one row of a
    filled pair is told apart from the other row, which then follows.
    """
    values: list[int | None] = [None, None]
    errors: dict[int, str] = {}
    for seat in (0, 1):
        raw = post.get(f"fh_{seat}", "")
        if raw == "":
            continue
        value = _small_int(raw, 0, HAND_CARDS)
        if value is None:
            errors[seat] = (
                f"Deal {n}: {names[seat]}'s first-half tricks must be a number from 0 to {HAND_CARDS}, "
                f"not “{raw[:12]}”."
            )
        values[seat] = value
    if errors:
        return values, errors
    was = [_small_int(post.get(f"was_{seat}", ""), 0, HAND_CARDS) for seat in (0, 1)]
    given = [s for s in (0, 1) if values[s] is not None]
    if len(given) == 2:
        changed = [s for s in (0, 1) if values[s] != was[s]]
        if len(changed) == 1:
            given = changed
    if len(given) == 1:
        seat = given[0]
        values[1 - seat] = HAND_CARDS - values[seat]
    return values, errors


def read_contract(post, n: int) -> tuple[dict, dict[str, str]]:
    """Declarer, level (or "pass"), strain, doubling and tricks as typed values, with errors by field."""
    values: dict = {}
    errors: dict[str, str] = {}
    raw = post.get("declarer", "")
    if raw != "":
        values["declarer"] = _small_int(raw, 0, 1)
        if values["declarer"] is None:
            errors["declarer"] = f"Deal {n}: tap who declares."
    raw = post.get("level", "")
    if raw == "pass":
        values["level"] = "pass"
    elif raw != "":
        values["level"] = _small_int(raw, 1, 7)
        if values["level"] is None:
            errors["level"] = f"Deal {n}: the level must be 1 to 7 (7 to 13 tricks), or passed out."
    raw = post.get("strain", "")
    if raw != "":
        if raw in STRAINS:
            values["strain"] = raw
        else:
            errors["strain"] = f"Deal {n}: pick the strain from NT, ♠, ♥, ♦ and ♣."
    raw = post.get("doubled", "0") or "0"
    values["doubled"] = _small_int(raw, 0, 2)
    if values["doubled"] is None:
        values["doubled"] = 0
        errors["doubled"] = f"Deal {n}: doubling is not doubled, doubled or redoubled."
    raw = post.get("tricks", "")
    if raw != "":
        values["tricks"] = _small_int(raw, 0, HAND_CARDS)
        if values["tricks"] is None:
            errors["tricks"] = (
                f"Deal {n}: the tricks must be a number from 0 to {HAND_CARDS}, not “{raw[:12]}”."
            )
    return {k: v for k, v in values.items() if v is not None}, errors


def contract_from(values: dict) -> dict | None | str:
    """The record's contract from the form: a dict, None (passed out), or "" while incomplete."""
    if values.get("level") == "pass":
        return None
    if all(k in values for k in ("declarer", "level", "strain")):
        return {
            "declarer": values["declarer"],
            "level": values["level"],
            "strain": values["strain"],
            "doubled": values.get("doubled", 0),
        }
    return ""


def _field_errors(exc: RuleError) -> dict[str, str]:
    return {exc.field or "level": exc.message}


# -- the actions ----------------------------------------------------------------------------------------


ACTIONS: dict = {}  # filled in below: action name -> (view, allowed methods)


def sheet(request: HtmxHttpRequest, session):
    loaded = services.load_game(session)
    panel = current_panel(loaded)
    current = loaded.state.current
    if request.GET.get("phase") == "first-half" and current is not None:
        panel = first_half_panel(loaded, current.info, current.data["first_half"], changing=True)
        panel.note = "Tap either player's tricks; the other's follow from 13."
    return TABLE.show(request, loaded, panel)


def save_first_half(request: HtmxHttpRequest, session, number: int):
    loaded = services.load_game(session)
    info = being_entered(loaded, number)
    if info is None:
        return TABLE.stale(request, loaded, number)
    current = loaded.state.current
    names = loaded.names
    first_half, errors = read_first_half(request.POST, number, names)
    changing = current is not None
    if errors:
        return TABLE.refused(
            request, loaded, first_half_panel(loaded, info, first_half, errors, changing=changing)
        )
    if None in first_half:
        panel = first_half_panel(loaded, info, first_half, changing=changing)
        if request.POST.get("save"):
            panel.error = f"Deal {number}: tap how many tricks either player took in the first half."
            return TABLE.refused(request, loaded, panel)
        return TABLE.in_progress(request, loaded, panel)
    data: dict = {"first_half": first_half}
    if changing and "contract" in current.data and not ends_in_first_half(loaded.state, number, first_half):
        data["contract"] = current.data["contract"]  # the auction stands
    try:
        loaded = services.save_round(session=loaded.session, number=number, data=data, loaded=loaded)
    except RuleError as exc:
        by_seat, message = rule_error_to_seat(exc)
        return TABLE.refused(
            request, loaded, first_half_panel(loaded, info, first_half, by_seat, message, changing=changing)
        )
    except services.StaleVersion:
        return TABLE.changed_meanwhile(request, loaded)
    note = first_half_line(names, first_half) + "."
    if loaded.state.finished:
        winner = 0 if first_half[0] >= WINNING_TRICKS else 1
        note = f"{note} That takes {names[winner]} to {loaded.state.totals[winner]}: the game ends after the first half."
    return TABLE.saved(request, loaded, note, oob_scoreboard=True)


def save_second_half(request: HtmxHttpRequest, session, number: int):
    """The contract (saved once declarer, level and strain are in, or passed out) and the tricks."""
    loaded = services.load_game(session)
    info = being_entered(loaded, number)
    current = loaded.state.current
    if info is None or current is None:
        return TABLE.stale(request, loaded, number)
    values, errors = read_contract(request.POST, number)
    if errors:
        return TABLE.refused(request, loaded, second_half_panel(loaded, info, values, errors))
    contract = contract_from(values)
    if contract == "":
        if "tricks" in values:
            errors["level"] = f"Deal {number}: choose declarer, level and strain before the tricks."
            return TABLE.refused(request, loaded, second_half_panel(loaded, info, values, errors))
        return TABLE.in_progress(request, loaded, second_half_panel(loaded, info, values))
    data = {"first_half": current.data["first_half"], "contract": contract}
    if "tricks" in values:
        data["tricks"] = values["tricks"]
    if data == current.data:
        return TABLE.in_progress(request, loaded, second_half_panel(loaded, info, values))
    try:
        loaded = services.save_round(session=loaded.session, number=number, data=data, loaded=loaded)
    except RuleError as exc:
        return TABLE.refused(request, loaded, second_half_panel(loaded, info, values, _field_errors(exc)))
    except services.StaleVersion:
        return TABLE.changed_meanwhile(request, loaded)
    names = loaded.names
    note = ""
    if contract is None:
        note = f"Deal {number}: the auction was passed out; no second half."
    elif "tricks" in data:
        score = contract_score(contract["level"], contract["strain"], contract["doubled"], data["tricks"])
        needed = contract["level"] + 6
        if score:
            note = f"Deal {number}: {contract_words(names, contract)} made with {data['tricks']}: +{score}."
        else:
            note = f"Deal {number}: {contract_words(names, contract)} took {data['tricks']} of {needed}: no score."
    return TABLE.saved(request, loaded, note, oob_scoreboard=True)


def edit_round(request: HtmxHttpRequest, session, number: int):
    """Correct a finished deal: both halves together; every later total follows."""
    loaded = services.load_game(session)
    result = finished_round(loaded, number)
    if result is None:
        return TABLE.stale(request, loaded, number)
    info = result.info
    names = loaded.names
    if request.method == "GET":
        panel = edit_panel(loaded, info, result.data["first_half"], stored_values(result.data))
        return TABLE.show_correction(request, loaded, panel)
    first_half, fh_errors = read_first_half(request.POST, number, names)
    values, errors = read_contract(request.POST, number)
    saving = bool(request.POST.get("save"))

    def panel(error=""):
        return edit_panel(loaded, info, first_half, values, errors, fh_errors, error)

    if fh_errors or errors:
        return TABLE.refused(request, loaded, panel())
    if None in first_half:
        if not saving:
            return TABLE.in_progress(request, loaded, panel())
        first_half = list(result.data["first_half"])  # nothing tapped: the first half stands
    if not saving:
        return TABLE.in_progress(request, loaded, panel())
    data: dict = {"first_half": first_half}
    note = f"Deal {number} corrected; every total after it is worked out again."
    if ends_in_first_half(loaded.state, number, first_half):
        if "contract" in result.data or contract_from(values) != "":
            note = f"Deal {number} corrected: the first half now ends the game, so its second half no longer counts."
    else:
        contract = contract_from(values)
        if contract == "":
            errors["level"] = f"Deal {number}: choose declarer, level and strain, or passed out."
            return TABLE.refused(request, loaded, panel())
        data["contract"] = contract
        if contract is not None:
            if "tricks" not in values:
                errors["tricks"] = f"Deal {number}: tap the tricks {names[contract['declarer']]} took."
                return TABLE.refused(request, loaded, panel())
            data["tricks"] = values["tricks"]
    try:
        loaded = services.save_round(session=loaded.session, number=number, data=data, loaded=loaded)
    except RuleError as exc:
        if exc.round != number:  # the correction breaks a later deal
            return TABLE.refused(request, loaded, panel(exc.message))
        if exc.field == "first_half":
            fh_errors, message = rule_error_to_seat(exc)
            return TABLE.refused(request, loaded, panel(message))
        errors = _field_errors(exc)
        return TABLE.refused(request, loaded, panel())
    except services.StaleVersion:
        return TABLE.changed_meanwhile(request, loaded)
    return TABLE.saved(request, loaded, note, oob_scoreboard=True)


# -- a new game ------------------------------------------------------------------------------------------


def new_game(request: HtmxHttpRequest):
    form = NewMemoryBridgeForm(
        request.POST or None,
        known_names=known_players(request),
        initial_names=seated_names(previous_game(request), count=2),
    )
    return new_game_page(request, form, game="memory-bridge", template=NEW)


ACTIONS.update(
    {
        "first-half": (save_first_half, {"POST"}),
        "second-half": (save_second_half, {"POST"}),
        "edit": (edit_round, {"GET", "POST"}),
    }
)
