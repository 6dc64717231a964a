"""Minibridge: the partnership sheet, the deal entry on it, and each player's personal sheet.

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

from django import forms
from django.shortcuts import render
from django.utils.translation import gettext, gettext_lazy

from games import services
from games.forms import COMPASS_SEATS, SeatingForm, WholeNumberField
from games.models import Seat
from games.round_forms import (
    MinibridgeContractForm,
    MinibridgeCorrectionForm,
    MinibridgePointsForm,
    seat_or_none,
)
from games.rules.cards import strain_symbol
from games.rules.minibridge import GAME_TRICKS, SIDE_NAMES, side_of
from games.screen import minibridge_panel
from games.screen.minibridge import (
    PERSONAL_ORDER,
    contract_short,
    letter,
    personal_rows,
    result_line,
    rows,
    sheet_context,
    who,
)
from games.screen.minibridge_panel import contract_panel, deal_of, edit_panel, points_panel
from games.views.common import HtmxHttpRequest
from games.views.table import ScoreboardTable, Step, new_game_form, new_game_page, steps


class MinibridgeTable(ScoreboardTable):
    sheet_template = "games/minibridge/sheet.html"
    leader_words = "announces first"

    def context(self, loaded, panel):
        del panel  # the entry panel is every sheet's (``full_context``)
        return sheet_context(loaded)

    def current_panel(self, loaded):
        return minibridge_panel.current_panel(loaded)

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
