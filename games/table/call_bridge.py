"""Call Bridge's table: bids 2 to 12 with bonus bids, the dealer's tricks as the rest of the 13, a target."""

from __future__ import annotations

from typing import override

from django import forms
from django.http import HttpResponse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.forms import SeatingForm, WholeNumberField
from games.rules import RoundInfo
from games.rules.call_bridge import BONUS_FROM, BONUS_POINTS, PLAYERS, CallBridge, deal_points, made, the_rest
from games.services import LoadedGame
from games.table import new_game_form, new_game_page
from games.table.bidding import BiddingTable, Bids, Panel, signed
from games.table.forms import Chip
from games.views.common import HtmxHttpRequest


class CallBridgeTable(BiddingTable[CallBridge]):
    sheet_template = "games/call_bridge/sheet.html"
    round_word = "Deal"
    wide_from = 0
    # The dealer, last to bid: their tricks are the rest of the 13, filled in as the others' are tapped
    # (the score never depends on an overtrick, and the saved deal still adds up to 13).
    dealer_rests = True
    made = staticmethod(made)  # the rules' own: the bid or more, a bonus bid exactly or one over

    @override
    def trump_text(self, info: RoundInfo, recorded: str = "") -> str:
        return gettext("Spades are trumps")

    @override
    def bid_chips(self, info: RoundInfo, bid: int | None) -> list[Chip]:
        bonus = gettext("Bonus bid: {points} for taking {bid} or {next}, else -{bid}")
        chips = []
        for v in self.rules.bid_range(info):
            said = bonus.format(points=BONUS_POINTS, bid=v, next=v + 1) if v >= BONUS_FROM else ""
            chips.append(Chip(value=v, checked=bid == v, label=f"{v}★" if said else "", title=said))
        return chips

    @override
    def first_tricks(self, info: RoundInfo, bids: Bids) -> Bids:
        """Everyone at their bid, and the dealer at the rest of the 13 (their bid if the others bid more)."""
        tricks, rest = list(bids), the_rest(bids, info.dealer)
        if rest is not None:
            tricks[info.dealer] = rest
        return tricks

    @override
    def bid_line(self, info: RoundInfo, bids: Bids) -> str:
        return gettext("Bids total {total} for 13 tricks").format(total=sum(b or 0 for b in bids))

    @override
    def outcome_name(self, name: str, bid: int, took: int, made: bool) -> str:
        if not made:
            said = gettext("{name} (bid {bid}, took {took}) {points}")
        elif took != bid:  # overtricks score nothing, but say them: the scorer checks the dealer's rest
            said = gettext("{name} (took {took}) {points}")
        else:
            said = "{name} {points}"
        return said.format(name=name, bid=bid, took=took, points=signed(deal_points(bid, took)))

    @override
    def bid_corner(self, bid: int) -> str:
        return f"{bid}★" if bid >= BONUS_FROM else str(bid)

    @override
    def context(self, loaded: LoadedGame, panel: Panel) -> dict[str, object]:
        state = loaded.state
        return super().context(loaded, panel) | {
            "target": state.options["target"],
            "bonus_points": BONUS_POINTS,
            "winner_total": (state.totals or [])[state.winners[0]] if len(state.winners) == 1 else None,
        }

    @override
    def status(self, loaded: LoadedGame) -> list[str]:
        opening = gettext("First to {target} wins; spades are always trumps.")
        goes_on = gettext(
            "Play goes on: {who} share the lead at {top}, at or past the target of {target}; the next deal that leaves one player alone at the top decides."
        )
        return self.race_status(loaded, opening, goes_on)

    def new_game(self, request: HtmxHttpRequest) -> HttpResponse:
        """Seat the four players, choose the first dealer and the target."""
        form = new_game_form(request, NewCallBridgeForm, self.game.slug, same_game=True)
        return new_game_page(request, form, game=self.game, template="games/call_bridge/new.html")


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
