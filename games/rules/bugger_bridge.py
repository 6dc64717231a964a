"""Bugger Bridge: bid exactly, score 10 plus a triangle number, or nothing.

Settled by RULINGS.md where the rule text is loose: peak hand by table size,
2m+2 rounds, bids 0..cards, the -10 redeal penalty (totals may go negative),
the optional "hook" house rule, shared wins.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .base import (
    SUITS,
    ExactBidRules,
    GameState,
    Lines,
    Option,
    RoundInfo,
    RoundResult,
    Setup,
    gettext,
    gettext_noop,
    ngettext,
)

PEAK_BY_PLAYERS = {3: 8, 4: 8, 5: 8, 6: 8, 7: 7, 8: 6, 9: 5, 10: 4}
REDEAL_PENALTY = -10
PENALTY_REASONS = {
    "revoke": gettext_noop("uncorrected revoke"),
    "cards": gettext_noop("wrong number of cards"),
}
ROUND_KEYS = frozenset({"bids", "tricks", "trump", "penalties"})


def made_points(bid: int) -> int:
    """Points for making a bid exactly: 10 plus 1+2+...+bid (0=10, 1=11, ... 8=46)."""
    return 10 + bid * (bid + 1) // 2


class BuggerBridge(ExactBidRules):
    slug = "bugger-bridge"
    name = "Bugger Bridge"
    min_players = 3
    max_players = 10
    options = (
        Option(
            name="hook",
            label=gettext_noop("Hook rule"),
            default=False,
            kind=bool,
            help=gettext_noop("The dealer, bidding last, may not make the bids add up to the cards dealt."),
        ),
    )

    # -- schedule ------------------------------------------------------------

    @staticmethod
    def peak(players: int) -> int:
        return PEAK_BY_PLAYERS[players]

    def rounds_in_game(self, players: int, options: dict[str, Any] | None) -> int | None:
        """The length of the schedule for this many players."""
        return len(self.schedule(players, 0))

    def schedule(self, players: int, first_dealer: int) -> list[RoundInfo]:
        """Every round of a game: 1..m with trumps, m NT twice, m..1 with trumps."""
        return list(_schedule(players, first_dealer))

    def allowed_trumps(self, info: RoundInfo) -> tuple[str, ...]:
        """What may be recorded as trumps: a turned-up suit, or "none" in the no-trump rounds."""
        return ("none",) if info.trump == "none" else SUITS

    def check_bids_so_far(
        self, info: RoundInfo, bids: list[Any], options: dict[str, Any], *, names: list[str] | None = None
    ) -> None:
        """A bid outside 0..cards, or the dealer's hooked bid once all the others are in."""
        self.check_bids(info, bids, hook=bool(options.get("hook")), names=names, partial=True)

    def forbidden_dealer_bid(self, info: RoundInfo, others_total: int) -> int | None:
        """With the hook rule, the one bid the dealer may not make (None if any is fine)."""
        forbidden = info.dealt - others_total
        return forbidden if 0 <= forbidden <= info.dealt else None

    # -- checking and scoring ---------------------------------------------------

    def check_bids(
        self,
        info: RoundInfo,
        bids: list[Any],
        *,
        hook: bool,
        names: list[str] | None = None,
        partial: bool = False,
    ) -> None:
        """Refuse a bid outside 0..cards, or the dealer's hooked bid.

        With ``partial`` some bids may be None (still to bid); the hook rule is
        only checked once every other player has bid.
        """
        n = info.number
        not_bid = None if partial else (lambda name: gettext("{name} has not bid.").format(name=name))
        self.check_bids_fit_hand(info, bids, names=names, missing=not_bid)
        others = [b for s, b in enumerate(bids) if s != info.dealer]
        if hook and bids[info.dealer] is not None and None not in others:
            forbidden = self.forbidden_dealer_bid(info, sum(others))
            if bids[info.dealer] == forbidden:
                said = ngettext(
                    "hook rule: {name} deals and may not bid {bid}, which would make the bids add up to the {cards} card.",
                    "hook rule: {name} deals and may not bid {bid}, which would make the bids add up to the {cards} cards.",
                    info.dealt,
                )
                raise self.round_error(
                    n,
                    said.format(name=self.who(names, info.dealer), bid=forbidden, cards=info.cards),
                    player=info.dealer,
                    field="bids",
                )

    def check_penalties(
        self, info: RoundInfo, penalties: Any, players: int, *, names: list[str] | None = None
    ) -> list[Any]:
        n = info.number
        if not isinstance(penalties, list):
            raise self.round_error(n, gettext("penalties must be a list."), field="penalties")
        for p in penalties:
            if not isinstance(p, dict) or set(p) - {"player", "points", "reason"}:
                raise self.round_error(
                    n, gettext("a penalty has player, points and reason."), field="penalties"
                )
            seat = p.get("player")
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
                raise self.round_error(
                    n, gettext("a penalty names no player at the table."), field="penalties"
                )
            if p.get("points") != REDEAL_PENALTY:
                said = gettext("a redeal costs {name} {cost} points (points {points}).")
                raise self.round_error(
                    n,
                    said.format(name=self.who(names, seat), cost=-REDEAL_PENALTY, points=REDEAL_PENALTY),
                    player=seat,
                    field="penalties",
                )
            if "reason" in p and not isinstance(p["reason"], str):
                raise self.round_error(
                    n, gettext("a penalty's reason must be text."), player=seat, field="penalties"
                )
        return penalties

    def score(self, bids: list[int], tricks: list[int]) -> list[int]:
        return [made_points(b) if b == t else 0 for b, t in zip(bids, tricks, strict=False)]

    @staticmethod
    def explain(bid: int, took: int, penalty: int) -> str:
        if bid == took:
            line = gettext("bid {bid}, took {took}: made, 10 + {extra} = {points}").format(
                bid=bid, took=took, extra=bid * (bid + 1) // 2, points=made_points(bid)
            )
        else:
            line = gettext("bid {bid}, took {took}: missed, 0").format(bid=bid, took=took)
        if penalty:
            line += gettext("; redeal penalty {penalty}").format(penalty=penalty)
        return line

    def play(self, setup: Setup, rounds: list[dict[str, Any]]) -> GameState:
        schedule = self.schedule(setup.players, setup.first_dealer)
        totals = [0] * setup.players
        results: list[RoundResult] = []
        for index, data in enumerate(rounds):
            n = index + 1
            if index >= len(schedule):
                raise self.round_error(
                    n, gettext("the game ended after round {last}.").format(last=len(schedule))
                )
            self._check_previous_complete(results, n)
            info = schedule[index]
            bids = self._bids_of(n, data, setup, keys=ROUND_KEYS, trumps=self.allowed_trumps(info))
            self.check_bids(info, bids, hook=setup.options["hook"], names=setup.names)
            penalties = self.check_penalties(
                info, data.get("penalties", []), setup.players, names=setup.names
            )
            penalty = [0] * setup.players
            for p in penalties:
                penalty[p["player"]] += p["points"]
            tricks = self._tricks_of(n, data, setup)
            if tricks is None:
                results.append(RoundResult(info=info, data=data, complete=False))
                continue
            self.check_tricks(info, tricks, names=setup.names)
            points = [p + q for p, q in zip(self.score(bids, tricks), penalty, strict=False)]
            totals = [t + p for t, p in zip(totals, points, strict=False)]
            explain = Lines(self.explain, zip(bids, tricks, penalty, strict=False))
            facts = {"bid_total": sum(bids)}
            results.append(self._scored(info, data, points, totals, explain, facts))
        return self._game_state(
            setup,
            results,
            totals=totals,
            ended=len(results) == len(schedule) and results[-1].complete,
            upcoming=lambda number: schedule[number - 1],
        )


@cache
def _schedule(players: int, first_dealer: int) -> tuple[RoundInfo, ...]:
    """``BuggerBridge.schedule``, worked out once per table size and first dealer: every replay (each
    save's) and every sheet asks for it, and a ``RoundInfo`` never changes."""
    m = BuggerBridge.peak(players)
    shape = (
        [(c, False) for c in range(1, m + 1)] + [(m, True), (m, True)] + [(c, False) for c in range(m, 0, -1)]
    )
    seats = tuple(range(players))
    return tuple(
        BuggerBridge.bidding_round(
            i + 1,
            f"{cards}NT" if no_trumps else str(cards),
            (first_dealer + i) % players,
            seats,
            cards,
            trump="none" if no_trumps else None,
        )
        for i, (cards, no_trumps) in enumerate(shape)
    )
