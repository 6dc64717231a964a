"""The Minibridge views ``play.py`` calls: the sheet, a new game, and the round actions.

``sheet`` shows the partnership sheet (or a player's personal sheet); the
``ACTIONS`` save the points, save the contract and tricks, and correct a finished
deal; ``new_game`` seats four players. Each action is a form (games/round_forms.py)
and the panel that draws it, run by ``Table.act``.
"""

from __future__ import annotations

from django.shortcuts import render
from django.utils.translation import gettext, gettext_lazy

from games import services
from games.forms import NewMinibridgeForm
from games.round_forms import (
    MinibridgeContractForm,
    MinibridgeCorrectionForm,
    MinibridgePointsForm,
    seat_or_none,
)
from games.rules.minibridge import GAME_TRICKS, SIDE_NAMES, STRAIN_SYMBOLS, Minibridge, side_of
from games.views.common import HtmxHttpRequest
from games.views.table import Step, known_players, new_game_page, previous_game, seated_names, steps

from .deals import PERSONAL_ORDER, letter, result_line, who
from .panels import contract_panel, current_panel, deal_of, edit_panel, points_panel
from .sheets import TABLE, personal_rows

PERSONAL = "games/minibridge/personal.html"
NEW = "games/minibridge/new.html"


def sheet(request: HtmxHttpRequest, session):
    loaded = services.load_game(session)
    seat = seat_or_none(request.GET.get("seat"))
    if seat is not None:
        return personal_sheet(request, loaded, seat)
    panel = current_panel(loaded)
    current = loaded.state.current
    if request.GET.get("phase") == "points" and current is not None:
        panel = points_panel(loaded, current.info, list(current.data["hcp"]))
        panel.note = str(TAP_TO_CHANGE)
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


def new_game(request: HtmxHttpRequest):
    form = NewMinibridgeForm(
        request.POST or None,
        known_names=known_players(request),
        initial_names=seated_names(previous_game(request), count=4),
    )
    context = {"game_tricks": [(STRAIN_SYMBOLS[s], n) for s, n in GAME_TRICKS.items()]}
    return new_game_page(request, form, game=Minibridge.slug, template=NEW, context=context)


ACTIONS = steps(
    TABLE,
    points=Step(MinibridgePointsForm, points_step_panel),
    contract=Step(MinibridgeContractForm, contract_step_panel, note=contract_note),
    edit=Step(MinibridgeCorrectionForm, correction_panel),
)
