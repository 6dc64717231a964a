"""Bugger Bridge's table: the whole schedule on the sheet, the hook rule, and the redeal with a penalty."""

from __future__ import annotations

from typing import override

from django import forms
from django.http import HttpResponse
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.utils.translation import gettext_lazy as _

from games.forms import SeatingForm
from games.paper import Cell
from games.rules import RoundInfo, RoundResult
from games.rules.base import SUITS, label_in_words
from games.rules.bugger_bridge import (
    PEAK_BY_PLAYERS,
    PENALTY_REASONS,
    REDEAL_PENALTY,
    BuggerBridge,
    made_points,
)
from games.services import LoadedGame
from games.table import Actions, Step, new_game_form, new_game_page, steps
from games.table.bidding import TRUMP_WORDS, BiddingTable, Bids, BidWords, Panel, by_table_size
from games.table.forms import ChipField, RoundForm
from games.views.common import HtmxHttpRequest


class BuggerTable(BiddingTable[BuggerBridge]):
    sheet_template = "games/bugger_bridge/sheet.html"
    trump_words = {suit: TRUMP_WORDS[suit] for suit in SUITS}
    pick_trumps = gettext_lazy("Pick trumps from the suits shown.")

    @override
    def row_infos(self, loaded: LoadedGame) -> list[RoundInfo]:
        """Every round of the schedule, played or not, as the paper sheet has them."""
        return self.rules.schedule(loaded.state.players, loaded.state.first_dealer)

    @override
    def row_label(self, loaded: LoadedGame, info: RoundInfo) -> str:
        return label_in_words(info.label)

    @override
    def struck_bid(self, loaded: LoadedGame, info: RoundInfo, bids: Bids) -> int | None:
        """With the hook rule, the dealer's forbidden bid once everyone else has bid."""
        others = [b for s, b in enumerate(bids) if s != info.dealer]
        if not loaded.state.options.get("hook") or None in others:
            return None
        return self.rules.forbidden_dealer_bid(info, sum(b or 0 for b in others))

    @override
    def bid_words(self, loaded: LoadedGame, info: RoundInfo) -> BidWords:
        """With the hook rule, the page strikes the dealer's bid that would make the bids total ``hook``."""
        words = super().bid_words(loaded, info)
        if loaded.state.options.get("hook"):
            words["hook"] = info.dealt
            words["struck"] = gettext("Hook rule: the dealer may not bid {bid}")
        return words

    @staticmethod
    def penalty(result: RoundResult | None, seat: int) -> int:
        penalties = result.data.get("penalties", []) if result is not None else []
        return sum(int(p["points"]) for p in penalties if p["player"] == seat)

    @staticmethod
    def redealt(loaded: LoadedGame) -> bool:
        """Whether the round being played was redealt since its bids were made: the stored round keeps the
        old bids until the new ones are in (its last logged change says so), but they are void."""
        current = loaded.state.current
        if current is None or "penalties" not in current.data:
            return False
        said = [c for c in loaded.session.changes if c.get("round") == current.info.number]
        return bool(said) and said[-1]["kind"] == "redealt"

    @override
    def cell(self, loaded: LoadedGame, info: RoundInfo, result: RoundResult | None, seat: int) -> Cell:
        """The running total, or a dash for a missed bid (the total stays); the bid small (none while a
        redealt round is bid again), any penalty."""
        cell = super().cell(loaded, info, result, seat)
        if result is not None and not result.complete and self.redealt(loaded):
            cell.corner = ""
        cell.note = str(self.penalty(result, seat) or "")
        return cell

    @override
    def fill_played(self, loaded: LoadedGame, result: RoundResult, seat: int, cell: Cell) -> None:
        super().fill_played(loaded, result, seat, cell)
        # A missed bid leaves the total alone, so paper shows a dash; a penalty moves it.
        if cell.cls == "missed" and not self.penalty(result, seat):
            cell.text = "–"

    @override
    def status(self, loaded: LoadedGame) -> list[str]:
        state = loaded.state
        done = sum(r.complete for r in state.rounds)
        if not done or state.totals is None:
            return []
        left = len(self.row_infos(loaded)) - done
        rounds = ngettext("{count} round", "{count} rounds", left).format(count=left)
        alone = gettext("{who} leads with {top}; {rounds} to play.")
        shared = gettext("{who} share the lead with {top}; {rounds} to play.")
        return [self.who_leads(loaded, alone, shared, rounds=rounds)]

    @override
    def context(self, loaded: LoadedGame, panel: Panel) -> dict[str, object]:
        return super().context(loaded, panel) | {
            "points_table": [(bid, made_points(bid)) for bid in range(9)],
            "penalty_reasons": PENALTY_REASONS.items(),
            "penalty_points": REDEAL_PENALTY,
            "hook": loaded.state.options.get("hook", False),
            "schedule_length": len(self.row_infos(loaded)),
        }

    @override
    def current_panel(self, loaded: LoadedGame) -> Panel:
        """As every bidding game's, except that a round redealt since its bids were made asks for new
        bids: the stored round keeps the old ones until then (its last logged change says so)."""
        current = loaded.state.current
        if current is not None and self.redealt(loaded):
            bids: Bids = [None] * len(loaded.seats)
            return self.bids_panel(loaded, current.info, bids, note=gettext("Redeal: bid again."))
        return super().current_panel(loaded)

    def penalty_panel(self, form: PenaltyForm) -> Panel:
        return self.tricks_panel(form.loaded, form.info, form.bids, list(form.bids), error=form.message)

    @override
    def actions(self) -> Actions:
        # A redeal stored, the panel asks for bids again (``current_panel``), from fresh chips.
        return {**super().actions(), **steps(self, penalty=Step(PenaltyForm, self.penalty_panel))}

    def new_game(self, request: HtmxHttpRequest) -> HttpResponse:
        """Seat the players, pick the first dealer and the hook rule; the page lists each table size's
        rounds (tables that play alike, once)."""

        def labels(players: int) -> tuple[str, ...]:
            return tuple(info.label for info in self.rules.schedule(players, 0))

        schedules = [
            {"players": players, "rounds": len(said), "labels": " · ".join(said)}
            for players, said in by_table_size(sorted(PEAK_BY_PLAYERS), labels)
        ]
        form = new_game_form(request, NewBuggerGameForm, self.game.slug)
        return new_game_page(
            request, form, game=self.game, template="games/new_bugger.html", context={"schedules": schedules}
        )


class PenaltyForm(RoundForm):
    """Bugger Bridge's redeal: who is at fault and why; they lose 10 and everyone bids again."""

    later_step = True

    def start(self) -> None:
        # A chip the page did not draw reads as none tapped.
        self.fields["player"], self.fields["reason"] = ChipField(self.info.active), ChipField(PENALTY_REASONS)
        self.bids: Bids = list(self.current.data["bids"]) if self.current else []
        self.seat: int | None = None

    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        self.seat, reason = cleaned.get("player"), cleaned.get("reason")
        if self.seat is None or reason is None or self.current is None:
            self.add_error(None, gettext("To record a redeal, pick who is at fault and why."))
        else:
            penalty = {"player": self.seat, "points": REDEAL_PENALTY, "reason": reason}
            penalties = [*self.current.data.get("penalties", []), penalty]
            self.round_data = dict(self.current.data, penalties=penalties)
        return cleaned

    def note(self, after: LoadedGame) -> str:
        said = gettext("Round {number} is redealt by the same dealer; {name} loses {points}. Bid again.")
        name = after.names[self.seat] if self.seat is not None else ""
        return said.format(number=self.number, name=name, points=-REDEAL_PENALTY)


class NewBuggerGameForm(SeatingForm):
    """Players in seating order (the order play passes), first dealer, hook rule."""

    min_players = 3
    too_few = _("Bugger Bridge needs at least 3 players: type a name in each seat.")
    hook = forms.BooleanField(
        required=False,
        label=_("Hook rule"),
        help_text=_("The dealer bids last and may not make the bids add up to the cards dealt."),
    )
