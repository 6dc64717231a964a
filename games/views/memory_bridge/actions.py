"""The Memory Bridge views ``play.py`` calls: the sheet, a new game, and the round actions.

``sheet`` shows the two-player sheet; the ``ACTIONS`` save the first half, save
the contract and second-half tricks, and correct a finished deal; ``new_game``
seats two players. Each action is a form (games/round_forms.py) and the panel
that draws it, run by ``Table.act``.
"""

from __future__ import annotations

from django.utils.translation import gettext

from games import services
from games.forms import NewMemoryBridgeForm
from games.round_forms import MemoryCorrectionForm, MemoryFirstHalfForm, MemorySecondHalfForm
from games.rules.memory_bridge import MemoryBridge, contract_score, first_half_winner
from games.views.common import HtmxHttpRequest
from games.views.table import Step, known_players, new_game_page, previous_game, seated_names, steps

from .deals import contract_words, first_half_line
from .panels import current_panel, edit_panel, first_half_panel, second_half_panel
from .sheets import TABLE

NEW = "games/memory_bridge/new.html"


def sheet(request: HtmxHttpRequest, session):
    loaded = services.load_game(session)
    panel = current_panel(loaded)
    current = loaded.state.current
    if request.GET.get("phase") == "first-half" and current is not None:
        panel = first_half_panel(loaded, current.info, current.data["first_half"], changing=True)
        panel.note = gettext("Tap either player's tricks; the other's follow from 13.")
    return TABLE.show(request, loaded, panel)


def first_half_step_panel(form):
    return first_half_panel(
        form.loaded, form.info, form.first_half, form.seat_errors("fh"), form.message, changing=form.changing
    )


def second_half_step_panel(form):
    return second_half_panel(form.loaded, form.info, form.values, form.field_errors(), form.message)


def correction_panel(form):
    return edit_panel(
        form.loaded,
        form.info,
        form.first_half,
        form.values,
        form.field_errors(),
        form.seat_errors("fh"),
        form.message,
    )


def first_half_note(form, after) -> str:
    names = after.names
    first_half = form.round_data["first_half"]
    note = first_half_line(names, first_half) + "."
    if after.state.finished:
        winner = first_half_winner(first_half)
        note = gettext("{note} That takes {name} to {total}: the game ends after the first half.").format(
            note=note, name=names[winner], total=after.state.totals[winner]
        )
    return note


def second_half_note(form, after) -> str:
    data, number = form.round_data, form.number
    contract = data["contract"]
    if contract is None:
        return gettext("Deal {number}: the auction was passed out; no second half.").format(number=number)
    if "tricks" not in data:
        return ""
    score = contract_score(contract["level"], contract["strain"], contract["doubled"], data["tricks"])
    words = contract_words(after.names, contract)
    if score:
        return gettext("Deal {number}: {contract} made with {tricks}: +{score}.").format(
            number=number, contract=words, tricks=data["tricks"], score=score
        )
    return gettext("Deal {number}: {contract} took {tricks} of {needed}: no score.").format(
        number=number, contract=words, tricks=data["tricks"], needed=contract["level"] + 6
    )


# -- a new game ------------------------------------------------------------------------------------------


def new_game(request: HtmxHttpRequest):
    form = NewMemoryBridgeForm(
        request.POST or None,
        known_names=known_players(request),
        initial_names=seated_names(previous_game(request), count=2),
    )
    return new_game_page(request, form, game=MemoryBridge.slug, template=NEW)


ACTIONS = steps(
    TABLE,
    first_half=Step(MemoryFirstHalfForm, first_half_step_panel, note=first_half_note),
    second_half=Step(MemorySecondHalfForm, second_half_step_panel, note=second_half_note),
    edit=Step(MemoryCorrectionForm, correction_panel),
)
