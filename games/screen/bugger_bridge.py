"""Bugger Bridge on the screen: what only it has, as hooks of the bidding games' screen.

The whole schedule on the sheet (every round, played or not, labelled by its
cards: "5", "8NT"), the hook rule's struck chip, trumps turned up or no-trumps,
a dash for a missed bid, a penalty beside the total, and the leader's line.
"""

from __future__ import annotations

from typing import override

from django.utils.translation import gettext, gettext_lazy, ngettext

from games.rules import RoundInfo
from games.rules.bugger_bridge import PENALTY_REASONS, REDEAL_PENALTY, made_points
from games.rules.cards import SUITS, label_in_words
from games.screen import total_explain
from games.screen.bidding import BiddingScreen, made_missed_lines, name_list
from games.sheet import TRUMP_WORDS, trump_text


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
