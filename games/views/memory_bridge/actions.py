"""The Memory Bridge views ``play.py`` calls: the sheet, a new game, and the round actions.

``sheet`` shows the two-player sheet; the ``ACTIONS`` save the first half, save
the contract and second-half tricks, and correct a finished deal; ``new_game``
seats two players. Each answers htmx with the panel and out-of-band rows, and a
plain POST with a redirect (or 400 on a refusal).
"""

from __future__ import annotations

from ... import services
from ...forms import NewMemoryBridgeForm, rule_error_to_seat
from ...rules import RuleError
from ...rules.memory_bridge import (
    WINNING_TRICKS,
    MemoryBridge,
    contract_score,
)
from ..common import HtmxHttpRequest
from ..table import (
    being_entered,
    finished_round,
    known_players,
    new_game_page,
    previous_game,
    seated_names,
)
from .deals import contract_words, ends_in_first_half, first_half_line
from .panels import current_panel, edit_panel, first_half_panel, second_half_panel, stored_values
from .reading import contract_from, read_contract, read_first_half
from .sheets import TABLE

NEW = "games/memory_bridge/new.html"


def _field_errors(exc: RuleError) -> dict[str, str]:
    return {exc.field or "level": exc.message}


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
    return new_game_page(request, form, game=MemoryBridge.slug, template=NEW)


ACTIONS.update(
    {
        "first-half": (save_first_half, {"POST"}),
        "second-half": (save_second_half, {"POST"}),
        "edit": (edit_round, {"GET", "POST"}),
    }
)
