"""Call Bridge: four players, 13 cards each, spades always trumps, first to the target.

Settled by RULINGS.md where the rule text is loose: exactly 4 players, bids 2..12,
bonus bids (8 or more) score 13 when the bidder takes exactly the bid or one more,
the target (default 30) is checked after every deal and only a single leader at or
above it wins (a shared lead means another deal), seats are listed in the order
play passes so the deal passes to the next seat and the seat after the dealer bids
and leads first, and an owner may end the game early (highest total wins, shared
when equal).
"""

from __future__ import annotations

from typing import Any

from .base import GameRules, GameState, MadeBid, Option, RoundInfo, RoundResult, Setup, gettext, gettext_noop

PLAYERS = 4
CARDS = 13
TRUMP = "spades"
BID_MIN = 2
BID_MAX = 12
BONUS_FROM = 8  # a bid of this or more is a bonus bid
BONUS_POINTS = 13
ROUND_KEYS = frozenset({"bids", "tricks", "trump"})
ALWAYS_SPADES = gettext_noop("spades are always trumps in Call Bridge.")  # translated where said


def is_bonus_bid(bid: int) -> bool:
    """A bid of 8 or more: made only with exactly the bid or one trick more."""
    return bid >= BONUS_FROM


def made(bid: int, took: int) -> bool:
    """Whether a bid was made: ``took >= bid``, or ``took in (bid, bid + 1)`` for a bonus bid."""
    if is_bonus_bid(bid):
        return took in (bid, bid + 1)
    return took >= bid


def deal_points(bid: int, took: int) -> int:
    """Points for one player's deal: +bid (or +13 for a bonus bid) when made, else -bid."""
    if made(bid, took):
        return BONUS_POINTS if is_bonus_bid(bid) else bid
    return -bid


def the_rest(tricks: list[int | None], seat: int) -> int | None:
    """The tricks ``seat`` took, as the rest of the 13 once everyone else's are known.

    None when some other player's tricks are unknown, or the others took more than 13.
    The scorer never has to tap the last player's tricks (the table fills in the dealer's),
    and the saved deal is still checked to add up to 13 (``check_tricks``).
    """
    others = [t for s, t in enumerate(tricks) if s != seat]
    if any(t is None for t in others):
        return None
    rest = CARDS - sum(t for t in others if t is not None)
    return rest if 0 <= rest <= CARDS else None


def explain(bid: int, took: int) -> str:
    """One line saying why the player scored what they scored."""
    if is_bonus_bid(bid):
        if made(bid, took):
            return gettext("bid {bid}, took {took}: bonus bid made, +{points}").format(
                bid=bid, took=took, points=BONUS_POINTS
            )
        return gettext("bid {bid}, took {took}: a bonus bid fails outside {bid}-{next}, so -{bid}").format(
            bid=bid, took=took, next=bid + 1
        )
    if made(bid, took):
        return gettext("bid {bid}, took {took}: made, +{bid}").format(bid=bid, took=took)
    return gettext("bid {bid}, took {took}: missed, -{bid}").format(bid=bid, took=took)


class CallBridge(GameRules):
    """Call Bridge rules.

    Round record: ``{"bids": [4 ints], "tricks": [4 ints]}``, optionally
    ``"trump": "spades"``; ``tricks`` absent (or null) while the deal is being played.

    Facts of a complete deal (``RoundResult.facts``):

    - ``bid_total``: the four bids added up (also on an unfinished deal);
    - ``target_reached``: some total is at or above the target after this deal;
    - ``leader_seats``: seats with the highest total after this deal;
    - ``play_goes_on``: the target was reached but the highest total is shared,
      so another deal is played;
    - ``winner``: the seat that won with this deal, else None.
    """

    slug = "call-bridge"
    name = "Call Bridge"
    min_players = PLAYERS
    max_players = PLAYERS
    round_word = "deal"
    lowest_bid = BID_MIN
    # At least the bid; a bonus bid exactly or one trick more (``made``).
    made_bids = (MadeBid(lowest=BID_MIN, over=None), MadeBid(lowest=BONUS_FROM, over=1))
    options = (
        Option.target(
            30, gettext_noop("After a deal, a player alone at the top with at least this total wins.")
        ),
    )

    # -- the deals ---------------------------------------------------------------

    def deal(self, number: int, first_dealer: int) -> RoundInfo:
        """Deal ``number`` (1-based): the deal passes to the next seat each time.

        The seat after the dealer bids first and leads; ``active`` lists all four
        seats in bidding order.
        """
        dealer = (first_dealer + number - 1) % PLAYERS
        return self.bidding_round(number, f"Deal {number}", dealer, list(range(PLAYERS)), CARDS, trump=TRUMP)

    def bid_range(self, info: RoundInfo | None = None) -> range:
        """The bids a player may make: 2 to 12, whatever the deal."""
        return range(BID_MIN, BID_MAX + 1)

    def trick_range(self, info: RoundInfo | None = None) -> range:
        """The tricks one player may take: 0 to 13."""
        return range(0, CARDS + 1)

    # Module functions, exposed on the class for callers holding only the rules object.
    is_bonus_bid = staticmethod(is_bonus_bid)
    made = staticmethod(made)
    deal_points = staticmethod(deal_points)
    explain = staticmethod(explain)
    the_rest = staticmethod(the_rest)

    # -- checking ------------------------------------------------------------------

    def check_bids(self, info: RoundInfo, bids: list[Any], *, names: list[str] | None = None) -> None:
        """Refuse a bid outside 2..12 (naming the round and the player)."""
        self.check_in_range(
            bids,
            BID_MIN,
            BID_MAX,
            lambda name, bid: gettext("{name} bid {bid}, but a bid must be {low} to {high}.").format(
                name=name, bid=bid, low=BID_MIN, high=BID_MAX
            ),
            round=info.number,
            field="bids",
            names=names,
        )

    def check_bids_so_far(
        self, info: RoundInfo, bids: list[Any], options: dict[str, Any], *, names: list[str] | None = None
    ) -> None:
        """A bid outside 2..12 (those still to bid are skipped)."""
        self.check_bids(info, bids, names=names)

    def check_tricks(self, info: RoundInfo, tricks: list[Any], *, names: list[str] | None = None) -> None:
        """Refuse tricks outside 0..13 for a player, or not adding up to 13."""
        self.check_tricks_fit_hand(
            info,
            tricks,
            gettext("{name} took {took} tricks, but a player can take 0 to {cards}."),
            names=names,
        )

    # -- the game ------------------------------------------------------------------

    def play(self, setup: Setup, rounds: list[dict[str, Any]]) -> GameState:
        """Check and score every deal; see ``GameRules.replay``.

        The game ends after the first complete deal where some total is at or above
        the target and one player alone has the highest total; that player wins.
        Ended early, the highest total wins (shared when equal).
        """
        target = setup.options["target"]
        totals = [0] * setup.players
        results: list[RoundResult] = []
        over: str | None = None  # what ended the game
        for n, data in enumerate(rounds, start=1):
            self._check_round_may_follow(results, n, over)
            info = self.deal(n, setup.first_dealer)
            bids = self._bids_of(
                n, data, setup, keys=ROUND_KEYS, trumps=(TRUMP,), refused_trump=ALWAYS_SPADES
            )
            self.check_bids(info, bids, names=setup.names)
            tricks = self._tricks_of(n, data, setup)
            if tricks is None:
                results.append(
                    RoundResult(info=info, data=data, complete=False, facts={"bid_total": sum(bids)})
                )
                continue
            self.check_tricks(info, tricks, names=setup.names)
            points = [deal_points(b, t) for b, t in zip(bids, tricks, strict=True)]
            totals = [t + p for t, p in zip(totals, points, strict=True)]
            target_facts, over = self.target_rule(totals, target, n, setup.names)
            facts = {"bid_total": sum(bids), **target_facts}
            explained = [explain(b, t) for b, t in zip(bids, tricks, strict=True)]
            results.append(self._scored(info, data, points, totals, explained, facts))
        return self._game_state(
            setup,
            results,
            totals=totals,
            ended=over is not None,
            upcoming=lambda number: self.deal(number, setup.first_dealer),
        )
