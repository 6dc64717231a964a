"""Mormon Bridge: a Rook deck, bids revealed together, three ways to play.

Settled by RULINGS.md where the rule text is loose:

- The Rook deck has 57 cards. Regular and 4-card games are for 4 to 14 players;
  elimination takes any number from 4, at most 14 at the table at once.
- Every made bid scores +10 and every trick +1, made or not.
- Regular: hands of 1, 2, ..., peak, ..., 2, 1 cards with peak = min(6, 56 // players),
  so 2 * peak - 1 hands; the highest total after the last hand wins (shared when equal).
- 4-card: 4 cards every hand; after a hand where some total is at or above the target
  (default 100), the single highest total wins; a shared highest total means another hand.
- Elimination: 4 cards a hand and no points. A player who misses the bid is out, unless
  everyone in the hand missed (then nobody is out). Two players may not bid 4 between
  them (they turn a new trump and bid again; only the final bids are recorded). The last
  player left, with nobody waiting, wins.
- The trump colour of a hand ("rook": the first card led decides) may be recorded; it
  does not change any score.

Seating (RULINGS: players are listed in the order play passes, the deal passes to the
next player, the player after the dealer bids and leads first). In elimination, see
``MormonBridge.at_table`` and ``MormonBridge.next_dealer`` for where waiting players
sit and how the deal passes once players are out.
"""

from __future__ import annotations

from typing import Any

from .base import (
    ROOK_COLOURS,
    ExactBidRules,
    GameState,
    Lines,
    Option,
    RoundInfo,
    RoundResult,
    RuleError,
    Setup,
    gettext,
    gettext_noop,
    ngettext,
)

REGULAR = "regular"
FOUR_CARD = "four-card"
ELIMINATION = "elimination"
MODES = (REGULAR, FOUR_CARD, ELIMINATION)
MODE_NAMES = {
    REGULAR: gettext_noop("Regular"),
    FOUR_CARD: gettext_noop("4-card"),
    ELIMINATION: gettext_noop("Elimination"),
}

TABLE_MAX = 14  # players at the table at once: 14 hands of 4 and the trump card use the deck
PEAK_MAX = 6
DEALT_MAX = 56  # 57 Rook cards less the card turned up for trumps
FOUR_CARDS = 4
MADE_BONUS = 10
TRUMPS = (*ROOK_COLOURS, "rook")
ROUND_KEYS = frozenset({"bids", "tricks", "trump"})


def peak(players: int) -> int:
    """Cards in the biggest hand of a regular game: min(6, 56 // players)."""
    return min(PEAK_MAX, DEALT_MAX // players)


def hand_points(bid: int, took: int) -> int:
    """Points for one player's hand: 1 a trick, plus 10 when the bid was made exactly."""
    return took + (MADE_BONUS if bid == took else 0)


def explain_points(bid: int, took: int) -> str:
    """One line saying why the player scored what they scored (regular and 4-card)."""
    if bid == took:
        return gettext("bid {bid}, took {took}: made, 10 + {took} = {points}").format(
            bid=bid, took=took, points=MADE_BONUS + took
        )
    return ngettext(
        "bid {bid}, took {took}: missed, {took} for the trick",
        "bid {bid}, took {took}: missed, {took} for the tricks",
        took,
    ).format(bid=bid, took=took)


class MormonBridge(ExactBidRules):
    """Mormon Bridge rules, one class for the three modes (option ``mode``).

    Round record: ``{"bids": [...], "tricks": [...]}``, optionally ``"trump"``
    (a Rook colour or ``"rook"``); ``tricks`` absent (or null) while the hand is
    being played. Bids are revealed together, so all bids of a hand are entered
    at once. In elimination, players not in the hand (out, or still waiting) have
    null in both arrays and players in the hand must have numbers.

    Facts of a hand (``RoundResult.facts``), every mode:

    - ``bid_total``: the bids added up, also on an unfinished hand.

    Regular and 4-card, complete hands:

    - ``leader_seats``: seats with the highest total after the hand.

    4-card only, complete hands:

    - ``target_reached``: some total is at or above the target;
    - ``play_goes_on``: the target was reached but the highest total is shared;
    - ``winner``: the seat that won with this hand, else None.

    Elimination, complete hands (``RoundResult.out`` is every seat out so far;
    ``points`` and ``totals`` are None):

    - ``out_now``: seats out with this hand;
    - ``everyone_missed``: every player in the hand missed, so nobody is out;
    - ``still_in``: seats not out (at the table or waiting);
    - ``waiting``: seats still waiting after this hand;
    - ``joining``: waiting seats that sit down from the next hand on.
    """

    slug = "mormon-bridge"
    name = "Mormon Bridge"
    min_players = 4
    max_players = None  # elimination: more than 14 wait; the other modes stop at 14
    # True for regular and 4-card; elimination has no points: use ``has_points(options)``.
    uses_points = True
    round_word = "hand"
    options = (
        Option.choice(
            "mode",
            gettext_noop("Game"),
            REGULAR,
            (REGULAR, gettext_noop("Regular: hands of 1 up to 6 cards and back down")),
            (FOUR_CARD, gettext_noop("4-card: 4 cards a hand, play to the target")),
            (ELIMINATION, gettext_noop("Elimination: miss your bid and you are out")),
        ),
        Option.target(
            100,
            gettext_noop(
                "4-card game: after a hand, a player alone at the top with at least this total wins."
            ),
            label=gettext_noop("Target score (4-card)"),
        ),
    )

    # -- modes ---------------------------------------------------------------------

    def mode_of(self, options: dict[str, Any] | None) -> str:
        """The game's mode ("regular", "four-card" or "elimination"), options cleaned."""
        return str(self.clean_options(options)["mode"])

    def has_points(self, options: dict[str, Any] | None) -> bool:
        """Whether the game keeps points: False for elimination."""
        return self.mode_of(options) != ELIMINATION

    def win_reason(self, options: dict[str, Any] | None) -> str:
        """Elimination: the winner is the last player left."""
        return gettext("the last player left") if self.mode_of(options) == ELIMINATION else ""

    def rounds_in_game(self, players: int, options: dict[str, Any] | None) -> int | None:
        return self.hands_in_game(players, options)

    def has_target(self, options: dict[str, Any] | None) -> bool:
        """Whether the ``target`` option is used: only by the 4-card game."""
        return self.mode_of(options) == FOUR_CARD

    @staticmethod
    def max_players_for(mode: str) -> int | None:
        """Most players a mode takes: 14, or None (no limit: players wait) for elimination."""
        return None if mode == ELIMINATION else TABLE_MAX

    def seated(self, players: int) -> int:
        """Players at the table at the start: the first 14 listed; the rest wait (elimination)."""
        return min(players, TABLE_MAX)

    def check_setup(self, players: int, first_dealer: int, options: dict[str, Any]) -> None:
        """Refuse a player count or first dealer the game cannot have: only elimination lets more than 14 play."""
        mode = options["mode"]
        if mode != ELIMINATION and players > TABLE_MAX:
            said = gettext(
                "{mode} Mormon Bridge takes at most {count} players; only elimination lets more players wait for a place."
            )
            raise RuleError(said.format(mode=gettext(MODE_NAMES.get(mode, mode)), count=TABLE_MAX))
        super().check_setup(players, first_dealer, options)

    # -- hands -----------------------------------------------------------------------

    peak = staticmethod(peak)
    hand_points = staticmethod(hand_points)
    explain_points = staticmethod(explain_points)

    @classmethod
    def hand_info(cls, number: int, dealer: int, table: list[int] | tuple[int, ...], cards: int) -> RoundInfo:
        """Hand ``number`` dealt by ``dealer`` to the seats in ``table`` (in seating order)."""
        return cls.bidding_round(number, f"Hand {number}", dealer, list(table), cards)

    def schedule(self, players: int, first_dealer: int) -> list[RoundInfo]:
        """Every hand of a regular game: 1, 2, ..., peak, ..., 2, 1 cards (2 * peak - 1 hands).

        The deal passes to the next seat each hand.
        """
        m = peak(players)
        sizes = list(range(1, m + 1)) + list(range(m - 1, 0, -1))
        seats = list(range(players))
        return [
            self.hand_info(i + 1, (first_dealer + i) % players, seats, cards) for i, cards in enumerate(sizes)
        ]

    def four_card_hand(self, number: int, players: int, first_dealer: int) -> RoundInfo:
        """Hand ``number`` of a 4-card game (open-ended; the deal passes to the next seat)."""
        return self.hand_info(number, (first_dealer + number - 1) % players, list(range(players)), FOUR_CARDS)

    def hands_in_game(self, players: int, options: dict[str, Any] | None) -> int | None:
        """How many hands the game has: 2 * peak - 1 for regular, None when open-ended."""
        return 2 * peak(players) - 1 if self.mode_of(options) == REGULAR else None

    # -- elimination seating -----------------------------------------------------------

    @staticmethod
    def at_table(players: int, out: list[int] | tuple[int, ...] | set[int]) -> list[int]:
        """Seats at the table for a hand of an elimination game, in seating order.

        They are the first 14 listed players who are not out. So at the start the
        first 14 listed sit and the rest wait in listed order; from the hand after
        players go out, the first waiting players fill their places. A player who
        sits down takes their listed position in the seating order: players listed
        after the first 14 sit, in listed order, between the last listed seated
        player and the first listed one.
        """
        out = set(out)
        return [s for s in range(players) if s not in out][:TABLE_MAX]

    @classmethod
    def waiting(cls, players: int, out: list[int] | tuple[int, ...] | set[int]) -> list[int]:
        """Seats still waiting for a place (elimination), in the order they will sit down."""
        table = set(cls.at_table(players, out))
        out = set(out)
        return [s for s in range(players) if s not in out and s not in table]

    @staticmethod
    def next_dealer(previous: int, table: list[int] | tuple[int, ...], players: int) -> int:
        """The dealer after ``previous`` in elimination: the next seat at the table for this hand.

        Seats are searched in seating order after the previous dealer, who may be out
        by now; a player who just sat down can deal if their seat comes first.
        """
        seats = set(table)
        for step in range(1, players + 1):
            seat = (previous + step) % players
            if seat in seats:
                return seat
        raise ValueError("nobody is at the table")

    # -- checking ----------------------------------------------------------------------

    def check_bids(self, info: RoundInfo, bids: list[Any], *, names: list[str] | None = None) -> None:
        """Refuse a bid outside 0..cards by a player in the hand; two players may not bid 4."""
        n = info.number
        self.check_bids_fit_hand(info, bids, names=names, seats=sorted(info.active))
        if len(info.active) == 2:
            first, second = sorted(info.active)
            if bids[first] + bids[second] == FOUR_CARDS:
                said = gettext(
                    "{first} and {second} bid 4 between them, which two players may not do (both would make it or both miss): turn a new trump and bid again, and enter the new bids."
                )
                raise self.round_error(
                    n, said.format(first=self.who(names, first), second=self.who(names, second)), field="bids"
                )

    def allowed_trumps(self, info: RoundInfo) -> tuple[str, ...]:
        """Any Rook colour, or the Rook itself (the first card led then decides)."""
        return TRUMPS

    def check_bids_so_far(
        self, info: RoundInfo, bids: list[Any], options: dict[str, Any], *, names: list[str] | None = None
    ) -> None:
        """A bid outside 0..cards by a player in the hand (the two-player rule waits for both bids)."""
        self.check_bids_fit_hand(info, bids, names=names, seats=sorted(info.active))

    @classmethod
    def _check_in_hand(
        cls, info: RoundInfo, values: list[Any], out: list[int], *, field: str, names: list[str] | None = None
    ) -> None:
        """Elimination: numbers for the players in the hand, null for everyone else."""
        n = info.number
        active = set(info.active)
        for seat, value in enumerate(values):
            if seat in active and value is None:
                entered = (
                    gettext("{name} is in this hand, so their bid must be entered.")
                    if field == "bids"
                    else gettext("{name} is in this hand, so their tricks must be entered.")
                )
                raise cls.round_error(n, entered.format(name=cls.who(names, seat)), player=seat, field=field)
            if seat not in active and value is not None:
                if seat in out:
                    empty = (
                        gettext("{name} is out and not in this hand, so their bid must be left empty.")
                        if field == "bids"
                        else gettext(
                            "{name} is out and not in this hand, so their tricks must be left empty."
                        )
                    )
                else:
                    empty = (
                        gettext(
                            "{name} is waiting for a place and not in this hand, so their bid must be left empty."
                        )
                        if field == "bids"
                        else gettext(
                            "{name} is waiting for a place and not in this hand, so their tricks must be left empty."
                        )
                    )
                raise cls.round_error(n, empty.format(name=cls.who(names, seat)), player=seat, field=field)

    # -- the game ------------------------------------------------------------------------

    def play(self, setup: Setup, rounds: list[dict[str, Any]]) -> GameState:
        """Check and score every hand; see ``GameRules.replay`` and the class docstring.

        Ended early, the highest total wins (shared when equal); in elimination every
        player still in (not out: at the table or still waiting) shares the win.
        """
        if setup.options["mode"] == ELIMINATION:
            return self._replay_elimination(setup, rounds)
        return self._replay_points(setup, rounds)

    def _replay_points(self, setup: Setup, rounds: list[dict[str, Any]]) -> GameState:
        """Regular and 4-card games."""
        players, first_dealer, names = setup.players, setup.first_dealer, setup.names
        schedule = self.schedule(players, first_dealer) if setup.options["mode"] == REGULAR else None
        target = setup.options["target"]
        totals = [0] * players
        results: list[RoundResult] = []
        over: str | None = None  # what ended the game
        for n, data in enumerate(rounds, start=1):
            self._check_round_may_follow(results, n, over)
            info = schedule[n - 1] if schedule is not None else self.four_card_hand(n, players, first_dealer)
            bids = self._bids_of(n, data, setup, keys=ROUND_KEYS, trumps=TRUMPS)
            self.check_bids(info, bids, names=names)
            facts = {"bid_total": sum(bids)}
            tricks = self._tricks_of(n, data, setup)
            if tricks is None:
                results.append(RoundResult(info=info, data=data, complete=False, facts=facts))
                continue
            self.check_tricks(info, tricks, names=names)
            points = [hand_points(b, t) for b, t in zip(bids, tricks, strict=True)]
            totals = [t + p for t, p in zip(totals, points, strict=True)]
            facts["leader_seats"] = self.best(totals)
            if schedule is not None:
                if n == len(schedule):
                    over = gettext("the game ended after round {last}, the last hand.").format(last=n)
            else:
                target_facts, over = self.target_rule(totals, target, n, names)
                facts.update(target_facts)
            explain = Lines(explain_points, zip(bids, tricks, strict=True))
            results.append(self._scored(info, data, points, totals, explain, facts))

        def upcoming(number: int) -> RoundInfo:
            if schedule is not None:
                return schedule[number - 1]
            return self.four_card_hand(number, players, first_dealer)

        return self._game_state(
            setup,
            results,
            totals=totals,
            ended=over is not None,
            upcoming=upcoming,
        )

    def _replay_elimination(self, setup: Setup, rounds: list[dict[str, Any]]) -> GameState:
        """Elimination: the first dealer deals hand 1; each later hand is dealt by
        ``next_dealer`` (the next seat at the table for that hand after the previous
        dealer), and the seats at the table are ``at_table`` of the players out so far."""
        players, first_dealer, names = setup.players, setup.first_dealer, setup.names
        out: list[int] = []
        results: list[RoundResult] = []
        dealer: int | None = None
        over: str | None = None
        for n, data in enumerate(rounds, start=1):
            self._check_round_may_follow(results, n, over)
            table = self.at_table(players, out)
            dealer = first_dealer if dealer is None else self.next_dealer(dealer, table, players)
            info = self.hand_info(n, dealer, table, FOUR_CARDS)
            bids = self._bids_of(n, data, setup, keys=ROUND_KEYS, trumps=TRUMPS, allow_none=True)
            self._check_in_hand(info, bids, out, field="bids", names=names)
            self.check_bids(info, bids, names=names)
            facts = {"bid_total": sum(bids[s] or 0 for s in info.active)}  # every seat in the hand has bid
            tricks = self._tricks_of(n, data, setup, allow_none=True)
            if tricks is None:
                results.append(RoundResult(info=info, data=data, complete=False, out=list(out), facts=facts))
                continue
            self._check_in_hand(info, tricks, out, field="tricks", names=names)
            self.check_tricks(info, tricks, names=names)
            missed = sorted(s for s in info.active if bids[s] != tricks[s])
            everyone_missed = len(missed) == len(info.active)
            out_now = [] if everyone_missed else missed
            explain = []
            for seat in range(players):
                if seat in info.active:
                    if seat not in missed:
                        line = gettext("bid {bid}, took {took}: made, stays in")
                    elif everyone_missed:
                        line = gettext(
                            "bid {bid}, took {took}: missed, but everyone missed, so nobody is out"
                        )
                    else:
                        line = gettext("bid {bid}, took {took}: missed, out")
                    line = line.format(bid=bids[seat], took=tricks[seat])
                elif seat in out:
                    line = gettext("out")
                else:
                    line = gettext("waiting for a place")
                explain.append(line)
            out = sorted(out + out_now)
            still_in = [s for s in range(players) if s not in out]
            next_table = self.at_table(players, out)
            if len(still_in) == 1:
                over = gettext(
                    "the game ended after round {last}, when {name} was the last player left."
                ).format(last=n, name=self.who(names, still_in[0]))
            facts.update(
                out_now=out_now,
                everyone_missed=everyone_missed,
                still_in=still_in,
                waiting=self.waiting(players, out),
                joining=[s for s in next_table if s not in table],
            )
            results.append(
                RoundResult(
                    info=info,
                    data=data,
                    complete=True,
                    points=None,
                    totals=None,
                    out=list(out),
                    explain=explain,
                    facts=facts,
                )
            )

        def upcoming(number: int) -> RoundInfo:
            table = self.at_table(players, out)
            next_dealer = first_dealer if dealer is None else self.next_dealer(dealer, table, players)
            return self.hand_info(number, next_dealer, table, FOUR_CARDS)

        return self._game_state(
            setup,
            results,
            totals=None,
            ended=over is not None,
            winners=[s for s in range(players) if s not in out],
            upcoming=upcoming,
        )
