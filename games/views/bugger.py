"""Bugger Bridge at the table: a bidding game on the shared bidding table (``bidding.BiddingTable``).

What only it shows is its screen's (games/screen/bugger_bridge.py): the whole
schedule, the hook rule's struck chip, a dash for a missed bid. What only it does
is here: the redeal with a penalty, its own action (``penalty``, read by
``round_forms.PenaltyForm``), and the new-game page with each table size's rounds.
"""

from __future__ import annotations

from django import forms
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django_htmx.http import trigger_client_event

from games.forms import SeatingForm
from games.round_forms import PenaltyForm
from games.rules.bugger_bridge import PEAK_BY_PLAYERS
from games.screen.bugger_bridge import BuggerScreen

from .bidding import BiddingTable
from .common import HtmxHttpRequest
from .table import Step, new_game_form, new_game_page, steps


class BuggerTable(BuggerScreen, BiddingTable):
    def current_panel(self, loaded):
        """As every bidding game's, except that a round redealt since its bids were made asks for new
        bids: the stored round keeps the old ones until then (its last logged change says so)."""
        current = loaded.state.current
        if current is not None and "penalties" in current.data and self.redealt_since_bids(loaded, current):
            return self.bids_panel(
                loaded, current.info, [None] * len(loaded.seats), note=gettext("Redeal: bid again.")
            )
        return super().current_panel(loaded)

    @staticmethod
    def redealt_since_bids(loaded, current) -> bool:
        said = [c for c in loaded.session.changes if c.get("round") == current.info.number]
        return bool(said) and said[-1]["kind"] == "redealt"

    def penalty_panel(self, form):
        return self.tricks_panel(form.loaded, form.info, form.bids, list(form.bids), error=form.message)

    def redealt(self, request: HtmxHttpRequest, loaded, form):
        """A redeal stored: the same dealer deals again and everyone bids again, from fresh chips."""
        if not request.htmx:
            return redirect(reverse("games:sheet", args=[loaded.session.pk]) + "?phase=bids&fresh=1")
        panel = self.bids_panel(loaded, form.info, [None] * len(loaded.seats), note=form.note(loaded))
        response = self.render_update(request, loaded, panel, sheet_changed=True)
        return trigger_client_event(response, "scorekeeper:saved")

    def actions(self):
        penalty = Step(PenaltyForm, self.penalty_panel, respond=self.redealt)
        return {**super().actions(), **steps(self, penalty=penalty)}

    def schedule_lines(self) -> list[dict]:
        """For the new-game page: the rounds each table size plays (tables that play alike, once)."""
        lines: list[dict] = []
        for players in sorted(PEAK_BY_PLAYERS):
            labels = " · ".join(info.label for info in self.rules.schedule(players, 0))
            if lines and lines[-1]["labels"] == labels:
                lines[-1]["players"] = f"{lines[-1]['first']}–{players}"
                continue
            lines.append(
                {"players": players, "first": players, "rounds": labels.count("·") + 1, "labels": labels}
            )
        return lines

    def new_game(self, request: HtmxHttpRequest):
        """Seat the players, pick the first dealer and the hook rule."""
        form = new_game_form(request, NewBuggerGameForm, self.game.slug)
        context = {"schedules": self.schedule_lines()}
        return new_game_page(request, form, game=self.game, template="games/new_bugger.html", context=context)


class NewBuggerGameForm(SeatingForm):
    """Players in seating order (the order play passes), first dealer, hook rule."""

    min_players = 3
    too_few = _("Bugger Bridge needs at least 3 players: type a name in each seat.")
    hook = forms.BooleanField(
        required=False,
        label=_("Hook rule"),
        help_text=_("The dealer bids last and may not make the bids add up to the cards dealt."),
    )

    def options(self):
        return {"hook": self.cleaned_data["hook"]}
