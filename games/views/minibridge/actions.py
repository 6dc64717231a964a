"""The Minibridge views ``play.py`` calls: the sheet, a new game, and the round actions.

``sheet`` shows the partnership sheet (or a player's personal sheet); the
``ACTIONS`` save the points, save the contract and tricks, and correct a finished
deal; ``new_game`` seats four players. Each answers htmx with the panel and
out-of-band rows, and a plain POST with a redirect (or 400 on a refusal).
"""

from __future__ import annotations

from django.shortcuts import render

from ... import services
from ...forms import NewMinibridgeForm, rule_error_to_seat
from ...rules import RuleError
from ...rules.minibridge import (
    GAME_TRICKS,
    SIDE_NAMES,
    STRAIN_SYMBOLS,
    Minibridge,
    declarer_for,
    side_of,
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
from .deals import (
    LETTERS,
    PERSONAL_ORDER,
    announcing_order,
    result_line,
    who,
)
from .panels import (
    contract_panel,
    current_panel,
    deal_of,
    edit_panel,
    fill_fourth,
    points_panel,
)
from .reading import _seat_or_none, read_contract, read_points
from .sheets import TABLE, personal_rows

PERSONAL = "games/minibridge/personal.html"
NEW = "games/minibridge/new.html"


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
    return new_game_page(request, form, game=Minibridge.slug, template=NEW, context=context)


ACTIONS.update(
    {
        "points": (save_points, {"POST"}),
        "contract": (save_contract, {"POST"}),
        "edit": (edit_round, {"GET", "POST"}),
    }
)
