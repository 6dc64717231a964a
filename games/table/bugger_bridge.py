"""Bugger Bridge on the screen: what only it has, as hooks of the bidding games' screen.

The whole schedule on the sheet (every round, played or not, labelled by its
cards: "5", "8NT"), the hook rule's struck chip, trumps turned up or no-trumps,
a dash for a missed bid, a penalty beside the total, and the leader's line.

Bugger Bridge at the table: a bidding game on the shared bidding table (``bidding.BiddingTable``).

What only it shows is its screen's (games/screen/bugger_bridge.py): the whole
schedule, the hook rule's struck chip, a dash for a missed bid. What only it does
is here: the redeal with a penalty, its own action (``penalty``, read by
``round_forms.PenaltyForm``), and the new-game page with each table size's rounds.
"""

from __future__ import annotations

from typing import Any, override

from django import forms
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.utils.translation import gettext_lazy as _
from django_htmx.http import trigger_client_event

from games.forms import SeatingForm, parse_int
from games.rules import RoundInfo
from games.rules.bugger_bridge import PEAK_BY_PLAYERS, PENALTY_REASONS, REDEAL_PENALTY, made_points
from games.rules.cards import SUITS, label_in_words
from games.table import TRUMP_WORDS, Step, new_game_form, new_game_page, steps, total_explain, trump_text
from games.table.bidding import BiddingScreen, BiddingTable, made_missed_lines, name_list
from games.table.forms import RawField, RoundForm
from games.views.common import HtmxHttpRequest


class BuggerScreen(BiddingScreen):
    template_dir = "games/bugger_bridge"
    trump_words = {suit: TRUMP_WORDS[suit] for suit in SUITS}
    pick_trumps = gettext_lazy("Pick trumps from the suits shown.")

    def trump_text(self, info, recorded):
        return trump_text(info, recorded)

    def row_infos(self, loaded):
        """Every round of the schedule, played or not, as the paper sheet has them."""
        return self.rules.schedule(loaded.state.players, loaded.state.first_dealer)

    @override
    def row_label(self, loaded, info):
        return label_in_words(info.label)

    def struck_bid(self, loaded, info: RoundInfo, bids: list) -> int | None:
        """With the hook rule, the dealer's forbidden bid once everyone else has bid."""
        if not loaded.state.options.get("hook"):
            return None
        others = [b for s, b in enumerate(bids) if s != info.dealer]
        if None in others:
            return None
        return self.rules.forbidden_dealer_bid(info, sum(others))

    def bid_words(self, loaded, info):
        """With the hook rule, the page strikes the dealer's bid that would make the bids total ``hook``."""
        words = super().bid_words(loaded, info)
        if loaded.state.options.get("hook"):
            words["hook"] = info.dealt
            words["struck"] = gettext("Hook rule: the dealer may not bid {bid}")
        return words

    def outcome(self, loaded, info, bids, tricks):
        names = loaded.names
        made = [names[s] for s in info.active if tricks[s] == bids[s]]
        missed = [
            gettext("{name} (bid {bid}, took {took})").format(name=names[s], bid=bids[s], took=tricks[s])
            for s in info.active
            if tricks[s] != bids[s]
        ]
        return made_missed_lines(made, missed)

    @staticmethod
    def penalty(result, seat: int) -> int:
        return sum(p["points"] for p in result.data.get("penalties", []) if p["player"] == seat)

    @override
    def cell(self, loaded, info, result, seat):
        """The running total, or a dash for a missed bid (the total stays); the bid small, any penalty."""
        cell = super().cell(loaded, info, result, seat)
        penalty = self.penalty(result, seat) if result is not None else 0
        cell.note = str(penalty) if penalty else ""
        return cell

    @override
    def fill_played(self, loaded, result, seat, cell):
        missed = result.data["tricks"][seat] != result.data["bids"][seat]
        # A missed bid leaves the total alone, so paper shows a dash; a penalty moves it.
        cell.text = "–" if missed and not self.penalty(result, seat) else str(result.totals[seat])
        cell.cls = "missed" if missed else ""
        cell.explain = total_explain(loaded.names, result, seat)

    def status(self, loaded):
        state = loaded.state
        done = [r for r in state.rounds if r.complete]
        if state.finished or not done:
            return []
        leaders = self.rules.best(state.totals)
        who = name_list([loaded.names[s] for s in leaders])
        left = len(self.row_infos(loaded)) - len(done)
        if len(leaders) == 1:
            said = gettext("{who} leads with {total}; {rounds} to play.")
        else:
            said = gettext("{who} share the lead with {total}; {rounds} to play.")
        rounds = ngettext("{count} round", "{count} rounds", left).format(count=left)
        return [said.format(who=who, total=state.totals[leaders[0]], rounds=rounds)]

    def extra(self, loaded):
        state = loaded.state
        played = any(r.complete for r in state.rounds)
        return {
            "totals": state.totals,
            "leaders": self.rules.best(state.totals) if played else [],
            "points_table": [(bid, made_points(bid)) for bid in range(9)],
            "penalty_reasons": PENALTY_REASONS.items(),
            "penalty_points": REDEAL_PENALTY,
            "hook": state.options.get("hook", False),
            "schedule_length": len(self.row_infos(loaded)),
        }


class PenaltyForm(RoundForm):
    """Bugger Bridge's redeal: who is at fault and why; they lose 10 and everyone bids again."""

    player = RawField()
    reason = RawField()

    def fits(self) -> bool:
        return self.current is not None

    def start(self) -> None:
        self.bids: list[int | None] = list(self.current.data["bids"]) if self.current else []
        self.seat: int | None = None

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        seat = parse_int(self.raw("player"), 0, len(self.names) - 1)
        reason = self.raw("reason")
        if seat not in self.info.active or reason not in PENALTY_REASONS or self.current is None:
            self.add_error(None, gettext("To record a redeal, pick who is at fault and why."))
            return cleaned
        self.seat = seat
        penalty = {"player": seat, "points": REDEAL_PENALTY, "reason": reason}
        self.round_data = dict(
            self.current.data, penalties=[*self.current.data.get("penalties", []), penalty]
        )
        return cleaned

    def note(self, after: Any) -> str:
        name = after.names[self.seat] if self.seat is not None else ""
        return gettext(
            "Round {number} is redealt by the same dealer; {name} loses {points}. Bid again."
        ).format(number=self.number, name=name, points=-REDEAL_PENALTY)


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
