"""Memory Bridge: the two-player sheet and the deal entry on it.

Called through ``play.py``, which checks the login, the owner and the method.

A deal is entered as it is played, each step saved by the tap that completes
it: the first half (one tap: one player's tricks fix the other's), then the
contract (declarer, level and strain; doubling starts at "not doubled"; or
"passed out"), then the declarer's tricks in the second half (one tap). A
first half that takes a player to the target ends the game there. Plain forms
work without JavaScript too; refusals answer 200 to htmx and 400 to a plain
POST, with the input kept.

What the pages show is built in plain Python in ``games/screen/``:
``memory_bridge`` (a deal in words, the sheet's rows) and
``memory_bridge_panel`` (the entry panel). This module is the HTTP side: its
table's ``sheet``, ``new_game`` and ``actions`` (which form, from
``games/round_forms.py``, and which panel each step has), which ``play.py``
finds through the game's registry entry.
"""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import services
from games.forms import SeatingForm, WholeNumberField
from games.models import Seat
from games.round_forms import MemoryCorrectionForm, MemoryFirstHalfForm, MemorySecondHalfForm
from games.rules.memory_bridge import DEFAULT_TARGET, contract_score, first_half_winner
from games.screen import memory_bridge_panel
from games.screen.memory_bridge import contract_words, first_half_line, rows, sheet_context
from games.screen.memory_bridge_panel import edit_panel, first_half_panel, second_half_panel
from games.views.common import HtmxHttpRequest
from games.views.table import ScoreboardTable, Step, new_game_form, new_game_page, steps


class MemoryBridgeTable(ScoreboardTable):
    sheet_template = "games/memory_bridge/sheet.html"
    round_word = "Deal"

    def context(self, loaded, panel):
        del panel  # the entry panel is every sheet's (``full_context``)
        return sheet_context(loaded)

    def current_panel(self, loaded):
        return memory_bridge_panel.current_panel(loaded)

    def screen_rows(self, loaded):
        return rows(loaded)

    def watch_lines(self, loaded) -> list[str]:
        """Who deals and who leads the first half, then where the deal stands: the first half being
        played, the auction (the dealer bids first), or the second half's contract being played."""
        state, names = loaded.state, loaded.names
        info = state.next_round
        if info is None:
            return []
        lines = [
            gettext("{dealer} deals · {leader} leads the first trick").format(
                dealer=names[info.dealer], leader=names[info.leader]
            )
        ]
        current = state.current
        if current is None:
            return [*lines, gettext("Playing the first half: 13 tricks, no trumps.")]
        lines.append(first_half_line(names, current.data["first_half"]))
        if "contract" not in current.data:
            return [*lines, gettext("The auction: {dealer} bids first.").format(dealer=names[info.dealer])]
        contract = contract_words(names, current.data["contract"])
        return [*lines, gettext("Playing the second half: {contract}.").format(contract=contract)]

    def sheet(self, request: HtmxHttpRequest, session, seats: list[Seat] | None = None):
        loaded = services.load_game(session, seats)
        panel = self.current_panel(loaded)
        current = loaded.state.current
        if request.GET.get("phase") == "first-half" and current is not None:
            panel = first_half_panel(loaded, current.info, current.data["first_half"], changing=True)
            panel.note = gettext("Tap either player's tricks; the other's follow from 13.")
        return self.show(request, loaded, panel)

    def actions(self):
        return steps(
            self,
            first_half=Step(MemoryFirstHalfForm, first_half_step_panel, note=first_half_note),
            second_half=Step(MemorySecondHalfForm, second_half_step_panel, note=second_half_note),
            edit=Step(MemoryCorrectionForm, correction_panel),
        )

    def new_game(self, request: HtmxHttpRequest):
        form = new_game_form(request, NewMemoryBridgeForm, self.game.slug, count=2)
        return new_game_page(request, form, game=self.game, template="games/memory_bridge/new.html")


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


class NewMemoryBridgeForm(SeatingForm):
    """The two players, the first dealer (or a draw) and the target."""

    seats = 2
    seat_labels = (_("First player"), _("Second player"))
    names_required = True
    name_required = _("Type a name.")
    draw_label = _("Draw for me")
    already_seated = _("{name} is already the first player.")
    drawn_note = _("Drawn: {name} deals first.")
    target = WholeNumberField(label=_("Target score"), initial=DEFAULT_TARGET, min_value=1, max_value=100_000)

    def options(self):
        return {"target": self.cleaned_data["target"]}
