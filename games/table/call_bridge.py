"""Call Bridge on the screen: what only it has, as hooks of the bidding games' screen.

Bids 2 to 12 with the bonus bids (8 and up) marked, the dealer's tricks filled
in as the rest of the 13, each score square with the deal's points and the
running total, the target and who leads, and "play goes on" when the lead is
shared at the target.

Call Bridge at the table: four players, spades trumps, first alone at the target wins.

The flow (bids, then tricks, corrections) is the bidding games' (``bidding.py``)
and what Call Bridge shows is its screen's (games/screen/call_bridge.py); this
module adds only its new-game page.
"""

from __future__ import annotations

from typing import override

from django import forms
from django.utils.translation import gettext, gettext_lazy
from django.utils.translation import gettext_lazy as _

from games.forms import SeatingForm, WholeNumberField
from games.rules.call_bridge import BONUS_FROM, BONUS_POINTS, PLAYERS
from games.table import Chip, new_game_form, new_game_page, total_explain
from games.table.bidding import BiddingScreen, BiddingTable, made_missed_lines, name_list, signed
from games.views.common import HtmxHttpRequest


class CallBridgeScreen(BiddingScreen):
    template_dir = "games/call_bridge"
    round_word = "Deal"
    leader_badge = gettext_lazy("bids first")

    @override
    def trump_text(self, info, recorded):
        return gettext("Spades are trumps")

    @override
    def wide_chips(self, info):
        return True

    @override
    def bid_chips(self, info, seat, bid):
        return [
            Chip(
                value=v,
                checked=bid == v,
                label=f"{v}★" if v >= BONUS_FROM else "",
                title=gettext("Bonus bid: {points} for taking {bid} or {next}, else -{bid}").format(
                    points=BONUS_POINTS, bid=v, next=v + 1
                )
                if v >= BONUS_FROM
                else "",
            )
            for v in self.rules.bid_range(info)
        ]

    def rest_seat(self, info):
        """The dealer, last to bid: their tricks are the rest of the 13, filled in as the others' are
        tapped (the score never depends on an overtrick, and the saved deal still adds up to 13)."""
        return info.dealer

    def first_tricks(self, info, bids):
        """Everyone at their bid, and the dealer at the rest of the 13 (their bid if the others bid more)."""
        tricks = list(bids)
        rest = self.rules.the_rest(tricks, info.dealer)
        if rest is not None:
            tricks[info.dealer] = rest
        return tricks

    def made(self, bid, took):
        return self.rules.made(bid, took)

    @override
    def bid_line(self, info, bids):
        total = sum(b for b in bids if b is not None)
        return gettext("Bids total {total} for 13 tricks").format(total=total)

    def outcome(self, loaded, info, bids, tricks):
        names = loaded.names
        made, missed = [], []
        for seat in info.active:
            bid, took = bids[seat], tricks[seat]
            points = signed(self.rules.deal_points(bid, took))
            if self.rules.made(bid, took):
                # Overtricks score nothing, but say them: the scorer checks the rest given to the dealer.
                if took != bid:
                    made.append(
                        gettext("{name} (took {took}) {points}").format(
                            name=names[seat], took=took, points=points
                        )
                    )
                else:
                    made.append(f"{names[seat]} {points}")
            else:
                missed.append(
                    gettext("{name} (bid {bid}, took {took}) {points}").format(
                        name=names[seat], bid=bid, took=took, points=points
                    )
                )
        return made_missed_lines(made, missed)

    @override
    def bid_corner(self, bid):
        return f"{bid}★" if bid >= BONUS_FROM else str(bid)

    @override
    def fill_played(self, loaded, result, seat, cell):
        cell.text = str(result.totals[seat])
        cell.note = signed(result.points[seat])
        cell.cls = "" if result.points[seat] > 0 else "missed"
        cell.explain = total_explain(loaded.names, result, seat)

    def extra(self, loaded):
        state = loaded.state
        played = any(r.complete for r in state.rounds)
        return {
            "target": state.options["target"],
            "totals": state.totals,
            "leaders": self.rules.best(state.totals) if played else [],
            "bonus_from": BONUS_FROM,
            "bonus_points": BONUS_POINTS,
            "winner_total": state.totals[state.winners[0]] if len(state.winners) == 1 else None,
        }

    def status(self, loaded):
        state = loaded.state
        names = loaded.names
        target = state.options["target"]
        done = [r for r in state.rounds if r.complete]
        if state.finished or not done:
            return (
                []
                if state.finished
                else [gettext("First to {target} wins; spades are always trumps.").format(target=target)]
            )
        last = done[-1]
        leaders = last.facts["leader_seats"]
        top = state.totals[leaders[0]]
        who = name_list([names[s] for s in leaders])
        if last.facts["play_goes_on"]:
            return [
                gettext(
                    "Play goes on: {who} share the lead at {top}, at or past the target of {target}; the next deal that leaves one player alone at the top decides."
                ).format(who=who, top=top, target=target)
            ]
        if len(leaders) == 1:
            said = gettext("{who} leads with {top}; {more} more to reach {target}.")
        else:
            said = gettext("{who} share the lead with {top}; {more} more to reach {target}.")
        return [said.format(who=who, top=top, more=max(target - top, 0), target=target)]


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
