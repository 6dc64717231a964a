"""The shape every game's rules take.

A game's rules are plain Python: no Django, no database. A game is described by
its setup (how many players, options, first dealer) and by its rounds, each a
plain dict in the session-record format (``../shared/spec/session-record.md``):
only the facts people enter at the table (bids, tricks, high-card points,
contract...), never derived numbers.

``GameRules.replay`` is the one entry point: it walks the rounds in order,
checks each one against the rules, scores it, and returns a ``GameState`` with
everything a sheet, an export or a validator needs. A round that breaks a rule
raises ``RuleError`` naming the round (1-based) and the player (index into the
seating order) where that applies. Because checking a new or corrected round is
"replay the game with that round in place", there is one validation path for
entering, correcting and importing rounds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, overload

# Strains as the session record spells them; suits of a 52-card deck first.
STRAINS = ("NT", "S", "H", "D", "C")
STRAIN_NAMES = {
    "NT": "no trumps",
    "S": "spades",
    "H": "hearts",
    "D": "diamonds",
    "C": "clubs",
}
STRAIN_SYMBOLS = {"NT": "NT", "S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUITS = ("spades", "hearts", "diamonds", "clubs")
ROOK_COLOURS = ("red", "yellow", "green", "black")
# The bridge trick score (Minibridge, Memory Bridge): points for each trick over six.
PER_TRICK = {"NT": 30, "S": 30, "H": 30, "D": 20, "C": 20}
NT_FIRST_TRICK_EXTRA = 10  # the first scoring trick in no trumps is 40, not 30


def trick_score(strain: str, tricks: int) -> int:
    """Points for every trick over six: NT 40 then 30 each, majors 30, minors 20."""
    over = max(0, tricks - 6)
    if not over:
        return 0
    return over * PER_TRICK[strain] + (NT_FIRST_TRICK_EXTRA if strain == "NT" else 0)


class RuleError(ValueError):
    """A round or setup that breaks a rule.

    ``round`` is 1-based, ``player`` an index into the seating order, ``field``
    the round field at fault ("bids", "tricks", "hcp", "contract", ...), so a
    form can show the message beside the right input.
    """

    def __init__(
        self,
        message: str,
        *,
        round: int | None = None,
        player: int | None = None,
        field: str | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.round = round
        self.player = player
        self.field = field

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Option:
    """One rule option a game offers when it is created."""

    name: str
    label: str
    default: Any
    kind: type  # bool, int or str
    choices: tuple[tuple[Any, str], ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""


@dataclass(frozen=True)
class MadeBid:
    """When a bid is made, for bids from ``lowest`` up (to the next ``MadeBid``'s lowest):
    the tricks taken are the bid, or up to ``over`` more (None: any number more)."""

    lowest: int
    over: int | None


@dataclass(frozen=True)
class RoundInfo:
    """What is fixed about a round before anything is entered."""

    number: int  # 1-based
    label: str  # "3", "8NT", "Deal 4", "Hand 2"
    dealer: int  # seat index
    leader: int  # seat index of who bids (or announces) and leads first
    cards: int | None = None  # cards per player in the hand, where the game fixes it
    trump: str | None = None  # fixed trumps: "spades", "none" (no-trumps), None = turned up
    active: tuple[int, ...] = ()  # seats in the hand, in bidding order from the leader

    @property
    def dealt(self) -> int:
        """``cards``, for a game that fixes them (Bugger, Mormon Bridge); a bug to ask otherwise."""
        if self.cards is None:
            raise TypeError(f"Round {self.number} does not fix the cards dealt.")
        return self.cards


@dataclass
class RoundResult:
    """A recorded round, checked and scored."""

    info: RoundInfo
    data: dict[str, Any]  # the round as recorded (record format, entered facts only)
    complete: bool  # False: bids recorded, play not yet (or first half only)
    points: list[int] | None = None  # per player for this round; None if not scored
    totals: list[int] | None = None  # running totals after this round
    out: list[int] | None = None  # elimination: seats out after this round
    explain: list[str] = field(default_factory=list)  # per player, one line
    facts: dict[str, Any] = field(default_factory=dict)  # game-specific derived facts


@dataclass
class GameState:
    """Everything derived from a game's setup and its rounds."""

    players: int
    options: dict[str, Any]
    first_dealer: int
    rounds: list[RoundResult]
    totals: list[int] | None  # None for games without points (elimination)
    finished: bool
    finished_early: bool
    winners: list[int]  # seat indices; empty until finished
    next_round: RoundInfo | None  # the round to enter now (may be the unfinished last one)

    @property
    def current(self) -> RoundResult | None:
        """The last round if it is still being entered."""
        if self.rounds and not self.rounds[-1].complete:
            return self.rounds[-1]
        return None


class GameRules:
    """Base class of a game's rules. One subclass per game, one module per game."""

    slug: ClassVar[str]  # stable: stored in the database and the session record
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int | None]  # None: no upper limit (players wait)
    seats: ClassVar[tuple[str, ...] | None] = None  # fixed seat names (Minibridge)
    options: ClassVar[tuple[Option, ...]] = ()
    uses_points: ClassVar[bool] = True
    round_word: ClassVar[str] = "round"  # what the game calls a round: "round", "hand", "deal"
    # Sides that share one score, by name, with their seats (Minibridge: N-S and E-W); empty: each for themselves.
    partnerships: ClassVar[tuple[tuple[str, tuple[int, ...]], ...]] = ()
    # Bids of a player's own: the lowest bid allowed (None: the game has none) and when one is made.
    lowest_bid: ClassVar[int | None] = None
    made_bids: ClassVar[tuple[MadeBid, ...]] = ()

    # -- what callers ask of a game ------------------------------------------

    def has_points(self, options: dict[str, Any] | None) -> bool:
        """Whether the game, with these options, keeps points (``uses_points`` unless a mode has none)."""
        return self.uses_points

    def rounds_in_game(self, players: int, options: dict[str, Any] | None) -> int | None:
        """How many rounds a game with these players and options has; None when open-ended."""
        return None

    def win_reason(self, options: dict[str, Any] | None) -> str:
        """Why a single winner wins when not on points ("the last player left"); "" for the highest total."""
        return ""

    def bid_made(self, bid: int, took: int) -> bool:
        """Whether a player's own bid was made with ``took`` tricks, by ``made_bids``."""
        band = [b for b in self.made_bids if b.lowest <= bid][-1]
        return took >= bid and (band.over is None or took <= bid + band.over)

    # -- setup -------------------------------------------------------------

    def clean_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Options with defaults filled in; unknown or bad values raise RuleError."""
        options = dict(options or {})
        known = {o.name: o for o in self.options}
        for name in options:
            if name not in known:
                raise RuleError(f"{self.name} has no option {name!r}.", field=name)
        cleaned: dict[str, Any] = {}
        for opt in self.options:
            value = options.get(opt.name, opt.default)
            if value is None and opt.default is None:
                cleaned[opt.name] = None
                continue
            if opt.kind is bool:
                if not isinstance(value, bool):
                    raise RuleError(f"Option {opt.name} must be true or false.", field=opt.name)
            elif opt.kind is int:
                if isinstance(value, bool) or not isinstance(value, int):
                    raise RuleError(f"Option {opt.name} must be a whole number.", field=opt.name)
                if opt.minimum is not None and value < opt.minimum:
                    raise RuleError(f"Option {opt.name} must be at least {opt.minimum}.", field=opt.name)
                if opt.maximum is not None and value > opt.maximum:
                    raise RuleError(f"Option {opt.name} must be at most {opt.maximum}.", field=opt.name)
            elif opt.kind is str and not isinstance(value, str):
                raise RuleError(f"Option {opt.name} must be text.", field=opt.name)
            if opt.choices and value not in [c[0] for c in opt.choices]:
                allowed = ", ".join(str(c[0]) for c in opt.choices)
                raise RuleError(f"Option {opt.name} must be one of {allowed}.", field=opt.name)
            cleaned[opt.name] = value
        return cleaned

    def check_setup(self, players: int, first_dealer: int, options: dict[str, Any]) -> None:
        """Refuse a player count or first dealer the game cannot have (``options`` cleaned)."""
        fixed = self.min_players == self.max_players
        if fixed and players != self.min_players:
            raise RuleError(f"{self.name} is for exactly {self.min_players} players.")
        if players < self.min_players:
            raise RuleError(f"{self.name} needs at least {self.min_players} players.")
        if self.max_players is not None and players > self.max_players:
            raise RuleError(f"{self.name} takes at most {self.max_players} players.")
        if not 0 <= first_dealer < self.seated(players):
            raise RuleError("The first dealer must be one of the players at the table.")

    def seated(self, players: int) -> int:
        """How many of the players sit at the table at the start (the rest wait)."""
        return players

    # -- the game ------------------------------------------------------------

    def replay(
        self,
        *,
        players: int,
        options: dict[str, Any] | None,
        first_dealer: int,
        rounds: list[dict[str, Any]],
        finished_early: bool = False,
        names: list[str] | None = None,
    ) -> GameState:
        """Check and score every round in order; raise RuleError at the first bad one.

        ``options`` are cleaned here (defaults filled in). ``names`` are only used
        to word messages ("Round 3: Helen's bid ..."); seats are indices.
        ``finished_early`` ends the game after the recorded rounds (an unfinished
        last round is then refused); the highest total wins.
        """
        options = self.clean_options(options)
        self.check_setup(players, first_dealer, options)
        return self.play(players, options, first_dealer, rounds, finished_early, names)

    def play(
        self,
        players: int,
        options: dict[str, Any],
        first_dealer: int,
        rounds: list[dict[str, Any]],
        finished_early: bool,
        names: list[str] | None,
    ) -> GameState:
        """The game's own part of ``replay``: the options are cleaned and the setup checked."""
        raise NotImplementedError

    # -- helpers for subclasses ---------------------------------------------

    @staticmethod
    def leaders_from(dealer: int, order: list[int] | tuple[int, ...]) -> tuple[int, ...]:
        """Seats in bidding order: from the player after ``dealer`` round to the dealer."""
        i = order.index(dealer)
        return tuple(order[i + 1 :]) + tuple(order[: i + 1])

    @staticmethod
    def best(totals: list[int], among: list[int] | None = None) -> list[int]:
        """Seats with the highest total (all of them when shared)."""
        seats = list(range(len(totals))) if among is None else among
        if not seats:
            return []
        top = max(totals[s] for s in seats)
        return [s for s in seats if totals[s] == top]

    # -- steps every replay takes ---------------------------------------------

    @staticmethod
    def _check_round_object(n: int, data: Any, allowed: Iterable[str]) -> None:
        """Refuse round ``n`` unless it is an object (dict) with no keys but ``allowed``."""
        if not isinstance(data, dict):
            raise RuleError(f"Round {n} must be an object.", round=n)
        unknown = sorted(set(data) - set(allowed))
        if unknown:
            raise RuleError(f"Round {n}: unknown field {unknown[0]!r}.", round=n, field=unknown[0])

    @staticmethod
    def _check_present(n: int, data: dict[str, Any], field: str, what: str) -> None:
        """Refuse round ``n`` without ``field``: "Round n: {what} are missing."."""
        if field not in data:
            raise RuleError(f"Round {n}: {what} are missing.", round=n, field=field)

    @staticmethod
    def _check_trump(n: int, data: dict[str, Any], allowed: tuple[str, ...]) -> None:
        """Refuse a recorded ``trump`` of round ``n`` that is not one of ``allowed``."""
        if "trump" in data and data["trump"] not in allowed:
            raise RuleError(f"Round {n}: trumps must be one of {', '.join(allowed)}.", round=n, field="trump")

    @staticmethod
    def _check_previous_complete(results: list[RoundResult], n: int) -> None:
        """Refuse round ``n`` while round ``n - 1`` has no tricks: only the last round may be unfinished."""
        if results and not results[-1].complete:
            raise RuleError(
                f"Round {n}: round {n - 1} has no tricks yet; only the last round may be unfinished.",
                round=n - 1,
                field="tricks",
            )

    @staticmethod
    def _check_early_end(
        finished_early: bool, results: list[RoundResult], *, unit: str = "round", field: str | None = None
    ) -> None:
        """Refuse ending a game early on an unfinished last round (``unit``: "round" or "deal")."""
        if finished_early and results and not results[-1].complete:
            raise RuleError(
                f"Round {len(results)}: a game ended early cannot end on an unfinished {unit}.",
                round=len(results),
                field=field,
            )

    def _game_state(
        self,
        *,
        players: int,
        options: dict[str, Any],
        first_dealer: int,
        results: list[RoundResult],
        totals: list[int] | None,
        ended: bool,
        finished_early: bool,
        winners: list[int],
        upcoming: Callable[[int], RoundInfo],
    ) -> GameState:
        """The ``GameState`` after the recorded rounds.

        ``ended``: the rounds played end the game by its rules; the game is finished
        when it ``ended`` or was ``finished_early`` (which then only counts if it did
        not end anyway). ``winners`` count once the game is finished. The next round
        is None once finished, else the unfinished last round, else
        ``upcoming(number)`` for the round after the last one recorded.
        """
        finished = ended or finished_early
        if finished:
            next_round = None
        elif results and not results[-1].complete:
            next_round = results[-1].info
        else:
            next_round = upcoming(len(results) + 1)
        return GameState(
            players=players,
            options=options,
            first_dealer=first_dealer,
            rounds=results,
            totals=totals,
            finished=finished,
            finished_early=finished_early and not ended,
            winners=winners if finished else [],
            next_round=next_round,
        )


def who(names: list[str] | None, seat: int) -> str:
    """How a message names a player: their name, else "player N" (1-based)."""
    if names and 0 <= seat < len(names):
        return names[seat]
    return f"player {seat + 1}"


@overload
def int_list(
    value: Any,
    *,
    length: int,
    round: int,
    field: str,
    what: str,
    allow_none: Literal[False] = False,
    names: list[str] | None = None,
) -> list[int]: ...


@overload
def int_list(
    value: Any,
    *,
    length: int,
    round: int,
    field: str,
    what: str,
    allow_none: bool,
    names: list[str] | None = None,
) -> list[int | None]: ...


def int_list(
    value: Any,
    *,
    length: int,
    round: int,
    field: str,
    what: str,
    allow_none: bool = False,
    names: list[str] | None = None,
) -> list[int] | list[int | None]:
    """A per-player list of whole numbers, or RuleError naming the round and player."""
    if not isinstance(value, list):
        raise RuleError(f"Round {round}: {what} must be a list, one per player.", round=round, field=field)
    if len(value) != length:
        raise RuleError(
            f"Round {round}: {what} must have {length} entries, one per player, not {len(value)}.",
            round=round,
            field=field,
        )
    for i, v in enumerate(value):
        if v is None and allow_none:
            continue
        if isinstance(v, bool) or not isinstance(v, int):
            raise RuleError(
                f"Round {round}: {what} for {who(names, i)} must be a whole number.",
                round=round,
                player=i,
                field=field,
            )
    return value


def check_in_range(
    values: list[Any],
    low: int,
    high: int,
    says: Callable[[str, int], str],
    *,
    round: int,
    field: str,
    names: list[str] | None = None,
    seats: Iterable[int] | None = None,
    missing: Callable[[str], str] | None = None,
) -> None:
    """Refuse the first per-player value outside ``low..high``, naming the round and player.

    The message is "Round n: " and ``says(who, value)``. Only ``seats`` are looked
    at (every seat, in order, by default). A None value (not entered yet) is
    skipped, or refused with "Round n: " and ``missing(who)`` when that is given.
    """
    for seat in range(len(values)) if seats is None else seats:
        value = values[seat]
        if value is None:
            if missing is None:
                continue
            message = missing(who(names, seat))
        elif not low <= value <= high:
            message = says(who(names, seat), value)
        else:
            continue
        raise RuleError(f"Round {round}: {message}", round=round, player=seat, field=field)


def check_bids_fit_hand(
    info: RoundInfo,
    bids: list[Any],
    *,
    names: list[str] | None = None,
    seats: Iterable[int] | None = None,
    missing: Callable[[str], str] | None = None,
) -> None:
    """Refuse a bid outside 0 to the cards dealt (Bugger and Mormon Bridge); see ``check_in_range``."""
    cards = info.dealt
    check_in_range(
        bids,
        0,
        cards,
        lambda name, bid: (
            f"{name} bid {bid}, but a bid must be 0 to {cards} with {cards} card{'s' if cards != 1 else ''} dealt."
        ),
        round=info.number,
        field="bids",
        names=names,
        seats=seats,
        missing=missing,
    )


def check_adds_up(
    total: int, expected: int, *, round: int, field: str, what: str, but: str | None = None
) -> None:
    """Refuse a total that is not ``expected``, saying by how much it is off.

    "Round n: {what} add up to {total}, but {but} (2 too many)."; ``but`` is
    "{expected} were played" unless given.
    """
    if total != expected:
        diff = total - expected
        but = f"{expected} were played" if but is None else but
        raise RuleError(
            f"Round {round}: {what} add up to {total}, but {but} "
            f"({abs(diff)} too {'many' if diff > 0 else 'few'}).",
            round=round,
            field=field,
        )


def check_strain(n: int, strain: Any, *, by: str, player: int) -> str:
    """Refuse a contract's strain that is not one of ``STRAINS``; ``by`` says whose contract."""
    if strain not in STRAINS:
        raise RuleError(
            f"Round {n}: {by} needs a strain: NT, S, H, D or C (no trumps, spades, hearts, "
            "diamonds or clubs).",
            round=n,
            player=player,
            field="contract",
        )
    return str(strain)
