"""Call Bridge at the table: four players, spades trumps, first alone at the target wins.

The flow (bids, then tricks, corrections) is the bidding games' (``bidding.py``)
and what Call Bridge shows is its screen's (games/screen/call_bridge.py); this
module adds only its new-game page.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.forms import SeatingForm, WholeNumberField
from games.rules.call_bridge import PLAYERS
from games.screen.call_bridge import CallBridgeScreen

from .bidding import BiddingTable
from .common import HtmxHttpRequest
from .table import new_game_form, new_game_page


class CallBridgeTable(CallBridgeScreen, BiddingTable):
    def new_game(self, request: HtmxHttpRequest):
        """Seat the four players, choose the first dealer and the target."""
        slug = self.game.slug
        form = new_game_form(request, NewCallBridgeForm, slug, same_game=True)
        return new_game_page(request, form, game=self.game, template=f"{self.template_dir}/new.html")


class NewCallBridgeForm(SeatingForm):
    """The four players, the first dealer and the target."""

    seats = PLAYERS
    min_players = PLAYERS
    too_few = _("Call Bridge is for exactly 4 players: type a name in each seat.")
    target = WholeNumberField(
        label=_("Target score"),
        initial=30,
        min_value=1,
        max_value=500,  # a typo guard: the rules set no upper limit
        help_text=_("After a deal, a player alone at the top with at least this total wins."),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )

    def options(self):
        return {"target": self.cleaned_data["target"]}
