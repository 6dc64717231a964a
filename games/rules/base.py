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

The pure layer's shared parts live here too, so a round can be followed in few files:

- words in people's language: the plain-Python modules (the rules, the paper layouts, the
  registry) import nothing from Django, yet what they say is shown in the request's language.
  They mark strings with ``gettext``, ``ngettext``, ``pgettext`` and ``gettext_noop`` below
  (makemessages finds them by name) and format them afterwards with named placeholders:
  ``gettext("{name} leads with {total}").format(...)``. Outside Django these answer English; the
  app installs Django's functions at start-up (``games.apps``). A string fixed at import (a game's
  name) is marked with ``gettext_noop`` and translated where it is shown. Points are written with
  a real minus sign (``number``, ``signed``);
- the cards: strains, suits, Rook colours, the bridge trick score;
- ``RuleError``, what a broken rule raises; the checks every game's rules make of a recorded round
  (and the bids' total in words) are ``GameRules``' own methods, so a game calls ``self.who(...)``;
- ``Cell`` and ``Row``, what a sheet is drawn in, on paper (``games/paper/``) and on the screen
  (``games/table/``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, overload

# Words in the current language, for the plain-Python modules (see the module's docstring).

_gettext: Callable[[str], str] = lambda message: message  # noqa: E731
_ngettext: Callable[[str, str, int], str] = lambda singular, plural, n: singular if n == 1 else plural  # noqa: E731
_pgettext: Callable[[str, str], str] = lambda _context, message: message  # noqa: E731


def install_translations(
    gettext: Callable[[str], str],
    ngettext: Callable[[str, str, int], str],
    pgettext: Callable[[str, str], str],
) -> None:
    """Translate with these from now on (Django's, for the request's language)."""
    global _gettext, _ngettext, _pgettext
    _gettext, _ngettext, _pgettext = gettext, ngettext, pgettext


def gettext(message: str) -> str:
    """``message`` in the current language."""
    return _gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the current language."""
    return _ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where the same English says different things
    ("Game": a whole game, or a game contract as against a part-score)."""
    return _pgettext(context, message)


def gettext_noop(message: str) -> str:
    """Marks ``message`` for translation and returns it unchanged: translated where it is shown."""
    return message


ROUND_WORDS = {"round", "deal", "hand"}


def in_words(word: str) -> str:
    """A game's word for its rounds as English code holds it ("round", "deals", "Hand"), in the
    current language: singular or plural, capitalised as given; any other word as it is."""
    text = str(word)
    base = text.lower()
    plural = base.endswith("s") and base[:-1] in ROUND_WORDS
    noun = base[:-1] if plural else base
    if noun not in ROUND_WORDS:
        return text
    said = round_noun(noun, 2 if plural else 1)
    return said[:1].upper() + said[1:] if text[:1].isupper() else said


def round_noun(word: str, n: int = 1) -> str:
    """A game's word for a round ("round", "hand", "deal"), for ``n`` of them, in the current language."""
    if word == "hand":
        return ngettext("hand", "hands", n)
    if word == "deal":
        return ngettext("deal", "deals", n)
    return ngettext("round", "rounds", n)


class Translated:
    """A class attribute read as ``message`` in the current language: a game's name that is words
    ("Free scoring"), said in the request's language wherever ``rules.name`` is read."""

    def __init__(self, message: str) -> None:
        self.message = message

    def __get__(self, instance: object, owner: type | None = None) -> str:
        return gettext(self.message)


# Points as written on a sheet, on paper and on the screen: a real minus sign.
MINUS = "−"


def signed(points: int | None, zero: str = "0") -> str:
    """A round's points as printed: +5, −5, and ``zero`` for 0 (``number`` with a plus sign)."""
    if points == 0:
        return zero
    return f"+{points}" if points is not None and points > 0 else number(points)


def number(value: int | None) -> str:
    """A total as printed: a real minus sign."""
    if value is None:
        return ""
    return f"{MINUS}{-value}" if value < 0 else str(value)


# The cards the games are played with.

# Strains as the session record spells them; suits of a 52-card deck first.
STRAINS = ("NT", "S", "H", "D", "C")
# Marked here, translated where shown: gettext(STRAIN_NAMES[strain]).
STRAIN_NAMES = {
    "NT": gettext_noop("no trumps"),
    "S": gettext_noop("spades"),
    "H": gettext_noop("hearts"),
    "D": gettext_noop("diamonds"),
    "C": gettext_noop("clubs"),
}
STRAIN_SYMBOLS = {"NT": "NT", "S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def strain_symbol(strain: str) -> str:
    """A strain as a contract shows it: a suit's symbol, or no trumps' letters in the page's language
    ("NT"; "SA" in French). ``STRAIN_SYMBOLS`` keeps the record's English."""
    return pgettext("no trumps, as in 3NT", "NT") if strain == "NT" else STRAIN_SYMBOLS[strain]


def label_in_words(label: str) -> str:
    """A round's label as a page shows it: Bugger Bridge's "8NT" is "8SA" in French."""
    return label.replace("NT", strain_symbol("NT"))


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


# What a broken rule raises (the checks that raise it are ``GameRules``' own).


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

    @classmethod
    def target(cls, default: int | None, help: str, label: str = gettext_noop("Target score")) -> Option:
        """A game's ``target``: a total (a whole number from 1) whose reaching can end the game."""
        return cls(name="target", label=label, default=default, kind=int, minimum=1, help=help)

    @classmethod
    def rounds(cls, name: str, label: str, default: int, help: str, most: int | None = None) -> Option:
        """A game's number of rounds (or deals): a whole number from 1, after which the game ends."""
        return cls(name=name, label=label, default=default, kind=int, minimum=1, maximum=most, help=help)

    @classmethod
    def choice(cls, name: str, label: str, default: str, *choices: tuple[str, str]) -> Option:
        """A game's way of playing, one of ``choices`` (its value as stored, and its label)."""
        return cls(name=name, label=label, default=default, kind=str, choices=choices)


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


class Lines(Sequence[str]):
    """A round's line per player, each worked out when first read (``line(*args)``, an args tuple a player):
    a replay scores every round on each save, and a save reads the lines of almost none. The replay is kept
    (pickled) with the arguments, or with the lines once read; ``line`` must be a module's or a class's
    function, which pickle names."""

    def __init__(self, line: Callable[..., str], args: Iterable[tuple[Any, ...]]) -> None:
        self.line, self.args = line, list(args)

    @cached_property
    def lines(self) -> list[str]:
        return [self.line(*args) for args in self.args]

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> list[str]: ...
    def __getitem__(self, index: int | slice) -> str | list[str]:
        return self.lines[index]

    def __len__(self) -> int:
        return len(self.args)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and self.lines == list(other)

    __hash__ = None  # type: ignore[assignment]  # equal to a list, so unhashable as one is

    def __repr__(self) -> str:
        return repr(self.lines)


@dataclass
class RoundResult:
    """A recorded round, checked and scored."""

    info: RoundInfo
    data: dict[str, Any]  # the round as recorded (record format, entered facts only)
    complete: bool  # False: bids recorded, play not yet (or first half only)
    points: list[int] | None = None  # per player for this round; None if not scored
    totals: list[int] | None = None  # running totals after this round
    out: list[int] | None = None  # elimination: seats out after this round
    explain: Sequence[str] = field(default_factory=list)  # per player, one line (a list, or ``Lines``)
    facts: dict[str, Any] = field(default_factory=dict)  # game-specific derived facts


@dataclass(frozen=True)
class Setup:
    """What a game is played with, as ``replay`` checked it: handed to every game's ``play``.

    ``options`` are cleaned (defaults filled in); ``names`` only word messages
    ("Round 3: Helen's bid ..."), seats are indices; ``finished_early``: the owner
    ended the game after the recorded rounds.
    """

    players: int
    options: dict[str, Any]
    first_dealer: int
    finished_early: bool = False
    names: list[str] | None = None

    def per_player(
        self, value: Any, *, round: int, field: str, what: str, allow_none: bool = False
    ) -> list[Any]:
        """A list of whole numbers, one per player (None allowed with ``allow_none``); see ``int_list``."""
        return GameRules.int_list(
            value,
            length=self.players,
            round=round,
            field=field,
            what=what,
            allow_none=allow_none,
            names=self.names,
        )


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
    # False: some options make the lowest total win (``lowest_wins``), so a player's highest total
    # across games is not their best one.
    highest_always_wins: ClassVar[bool] = True
    # Two options of which a game is set with one or the other (a number of rounds, or a target; neither:
    # the first one's default), and the refusal of both: the new-game form offers them as a choice.
    # None: every option stands on its own.
    either_or: ClassVar[tuple[str, str] | None] = None
    both_refused: ClassVar[str] = ""

    # -- what callers ask of a game ------------------------------------------

    def has_points(self, options: dict[str, Any] | None) -> bool:
        """Whether the game, with these options, keeps points (``uses_points`` unless a mode has none)."""
        return self.uses_points

    def rounds_in_game(self, players: int, options: dict[str, Any] | None) -> int | None:
        """How many rounds a game with these players and options has; None when open-ended."""
        return None

    def lowest_wins(self, options: dict[str, Any] | None) -> bool:
        """Whether, with these options, the lowest total wins (and ranks first); by default the highest does."""
        return False

    def win_reason(self, options: dict[str, Any] | None) -> str:
        """Why a single winner wins when not on points ("the last player left"); "" for the highest total."""
        return ""

    def contract_words(self, contract: dict[str, Any], names: list[str]) -> str:
        """A round's recorded contract in words, for a spreadsheet ("3♥ doubled by Ann"); "" for a game
        without contracts."""
        return ""

    def bid_made(self, bid: int, took: int) -> bool:
        """Whether a player's own bid was made with ``took`` tricks, by ``made_bids``."""
        band = [b for b in self.made_bids if b.lowest <= bid][-1]
        return took >= bid and (band.over is None or took <= bid + band.over)

    def allowed_trumps(self, info: RoundInfo) -> tuple[str, ...]:
        """The trumps that may be recorded for a round (empty: none is recorded, they are fixed)."""
        return ()

    def check_bids_so_far(
        self, info: RoundInfo, bids: list[Any], options: dict[str, Any], *, names: list[str] | None = None
    ) -> None:
        """Refuse, before everyone has bid, a bid already made that no full set could allow.

        ``bids`` has None for a player still to bid. Games without bids allow anything.
        """

    # -- setup -------------------------------------------------------------

    def clean_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Options with defaults filled in; unknown or bad values raise RuleError.

        Of the ``either_or`` options, the one not used is None: the second one when
        neither is given (the first one's default then stands).
        """
        options = dict(options or {})
        if self.either_or is None:
            return self._clean_each(options)
        one, other = self.either_or
        if options.get(one) is None:
            options.pop(one, None)  # its default, unless the other one is given
        if options.get(other) is None:
            return self._clean_each(options)
        if one in options:
            raise RuleError(gettext(self.both_refused), field=other)
        return self._clean_each(options) | {one: None}

    def _clean_each(self, options: dict[str, Any]) -> dict[str, Any]:
        """``clean_options`` for options that each stand on their own."""
        known = {o.name: o for o in self.options}
        for name in options:
            if name not in known:
                said = gettext("{game} has no option {option}.")
                raise RuleError(said.format(game=self.name, option=repr(name)), field=name)
        cleaned: dict[str, Any] = {}
        for opt in self.options:
            value = options.get(opt.name, opt.default)
            if value is None and opt.default is None:
                cleaned[opt.name] = None
                continue
            if opt.kind is bool:
                if not isinstance(value, bool):
                    said = gettext("Option {option} must be true or false.")
                    raise RuleError(said.format(option=opt.name), field=opt.name)
            elif opt.kind is int:
                if isinstance(value, bool) or not isinstance(value, int):
                    said = gettext("Option {option} must be a whole number.")
                    raise RuleError(said.format(option=opt.name), field=opt.name)
                if opt.minimum is not None and value < opt.minimum:
                    said = gettext("Option {option} must be at least {minimum}.")
                    raise RuleError(said.format(option=opt.name, minimum=opt.minimum), field=opt.name)
                if opt.maximum is not None and value > opt.maximum:
                    said = gettext("Option {option} must be at most {maximum}.")
                    raise RuleError(said.format(option=opt.name, maximum=opt.maximum), field=opt.name)
            elif opt.kind is str and not isinstance(value, str):
                raise RuleError(
                    gettext("Option {option} must be text.").format(option=opt.name), field=opt.name
                )
            if opt.choices and value not in [c[0] for c in opt.choices]:
                allowed = ", ".join(str(c[0]) for c in opt.choices)
                said = gettext("Option {option} must be one of {allowed}.")
                raise RuleError(said.format(option=opt.name, allowed=allowed), field=opt.name)
            cleaned[opt.name] = value
        return cleaned

    def check_setup(self, players: int, first_dealer: int, options: dict[str, Any]) -> None:
        """Refuse a player count or first dealer the game cannot have (``options`` cleaned)."""
        fixed = self.min_players == self.max_players
        if fixed and players != self.min_players:
            said = gettext("{game} is for exactly {count} players.")
            raise RuleError(said.format(game=self.name, count=self.min_players))
        if players < self.min_players:
            said = gettext("{game} needs at least {count} players.")
            raise RuleError(said.format(game=self.name, count=self.min_players))
        if self.max_players is not None and players > self.max_players:
            said = gettext("{game} takes at most {count} players.")
            raise RuleError(said.format(game=self.name, count=self.max_players))
        if not 0 <= first_dealer < self.seated(players):
            raise RuleError(gettext("The first dealer must be one of the players at the table."))

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
        last round counts for what it scored already); the highest total wins.
        """
        options = self.clean_options(options)
        self.check_setup(players, first_dealer, options)
        return self.play(Setup(players, options, first_dealer, finished_early, names), rounds)

    def play(self, setup: Setup, rounds: list[dict[str, Any]]) -> GameState:
        """The game's own part of ``replay``: the options are cleaned and the setup checked."""
        raise NotImplementedError

    # -- helpers for subclasses ---------------------------------------------

    @staticmethod
    def leaders_from(dealer: int, order: list[int] | tuple[int, ...]) -> tuple[int, ...]:
        """Seats in bidding order: from the player after ``dealer`` round to the dealer."""
        i = order.index(dealer)
        return tuple(order[i + 1 :]) + tuple(order[: i + 1])

    @classmethod
    def bidding_round(
        cls,
        number: int,
        label: str,
        dealer: int,
        seats: list[int] | tuple[int, ...],
        cards: int,
        trump: str | None = None,
    ) -> RoundInfo:
        """A round of ``cards`` each dealt to ``seats``: the player after the dealer bids and leads first."""
        order = cls.leaders_from(dealer, seats)
        return RoundInfo(
            number=number, label=label, dealer=dealer, leader=order[0], cards=cards, trump=trump, active=order
        )

    @staticmethod
    def _scored(
        info: RoundInfo,
        data: dict[str, Any],
        points: list[int],
        totals: list[int],
        explain: Sequence[str],
        facts: dict[str, Any],
    ) -> RoundResult:
        """A complete round, scored: its points, the running totals after it, a line per player and facts."""
        return RoundResult(info, data, True, points, list(totals), explain=explain, facts=facts)

    @staticmethod
    def best(totals: list[int], among: list[int] | None = None) -> list[int]:
        """Seats with the highest total (all of them when shared)."""
        seats = list(range(len(totals))) if among is None else among
        if not seats:
            return []
        top = max(totals[s] for s in seats)
        return [s for s in seats if totals[s] == top]

    @classmethod
    def target_rule(
        cls, totals: list[int], target: int, n: int, names: list[str] | None = None
    ) -> tuple[dict[str, Any], str | None]:
        """The target rule after round ``n`` (Call Bridge, 4-card Mormon Bridge): a player alone
        at the top with at least ``target`` wins. Its facts (target_reached, leader_seats,
        play_goes_on, winner: a seat or None), and what ended the game (None while it goes on)."""
        leaders = cls.best(totals)
        reached = max(totals) >= target
        winner = leaders[0] if reached and len(leaders) == 1 else None
        facts = {
            "target_reached": reached,
            "leader_seats": leaders,
            "play_goes_on": reached and len(leaders) > 1,
            "winner": winner,
        }
        if winner is None:
            return facts, None
        return facts, gettext("the game ended after round {last}, when {name} won.").format(
            last=n, name=cls.who(names, winner)
        )

    # -- steps every replay takes ---------------------------------------------

    @staticmethod
    def _check_round_object(n: int, data: Any, allowed: Iterable[str]) -> None:
        """Refuse round ``n`` unless it is an object (dict) with no keys but ``allowed``."""
        if not isinstance(data, dict):
            raise RuleError(gettext("Round {number} must be an object.").format(number=n), round=n)
        unknown = sorted(set(data) - set(allowed))
        if unknown:
            said = gettext("Round {number}: unknown field {field}.")
            raise RuleError(said.format(number=n, field=repr(unknown[0])), round=n, field=unknown[0])

    @staticmethod
    def _check_present(n: int, data: dict[str, Any], field: str, what: str) -> None:
        """Refuse round ``n`` without ``field``: "Round n: {what} are missing."."""
        if field not in data:
            said = gettext("Round {number}: {what} are missing.")
            raise RuleError(said.format(number=n, what=gettext(what)), round=n, field=field)

    @classmethod
    def _check_trump(cls, n: int, data: dict[str, Any], allowed: tuple[str, ...], refused: str = "") -> None:
        """Refuse a recorded ``trump`` of round ``n`` that is not one of ``allowed`` (saying ``refused``)."""
        if "trump" in data and data["trump"] not in allowed:
            said = (
                gettext(refused)
                if refused
                else gettext("trumps must be one of {allowed}.").format(allowed=", ".join(allowed))
            )
            raise cls.round_error(n, said, field="trump")

    def _bids_of(
        self,
        n: int,
        data: Any,
        setup: Setup,
        *,
        keys: Iterable[str],
        trumps: tuple[str, ...],
        refused_trump: str = "",
        allow_none: bool = False,
    ) -> list[Any]:
        """A bidding game's round ``n``: an object of known ``keys`` with allowed trumps, and its bids."""
        self._check_round_object(n, data, keys)
        self._check_trump(n, data, trumps, refused_trump)
        self._check_present(n, data, "bids", gettext_noop("the bids"))
        return setup.per_player(
            data["bids"], round=n, field="bids", what=gettext_noop("the bids"), allow_none=allow_none
        )

    @staticmethod
    def _tricks_of(
        n: int, data: dict[str, Any], setup: Setup, *, allow_none: bool = False
    ) -> list[Any] | None:
        """A bidding game's tricks of round ``n``, one per player; None while the round is being played."""
        tricks = data.get("tricks")
        if tricks is None:
            return None
        return setup.per_player(
            tricks, round=n, field="tricks", what=gettext_noop("the tricks"), allow_none=allow_none
        )

    @staticmethod
    def _check_previous_complete(results: list[RoundResult], n: int) -> None:
        """Refuse round ``n`` while round ``n - 1`` has no tricks: only the last round may be unfinished."""
        if results and not results[-1].complete:
            said = gettext(
                "Round {number}: round {previous} has no tricks yet; only the last round may be unfinished."
            )
            raise RuleError(said.format(number=n, previous=n - 1), round=n - 1, field="tricks")

    @classmethod
    def _check_round_may_follow(cls, results: list[RoundResult], n: int, over: str | None) -> None:
        """Refuse round ``n`` once the game is ``over`` (what ended it: "the game ended after
        round 8, when Ann won."; None while it goes on), or while round ``n - 1`` is unfinished."""
        if over is not None:
            raise cls.round_error(n, over)
        cls._check_previous_complete(results, n)

    @classmethod
    def _game_state(
        cls,
        setup: Setup,
        results: list[RoundResult],
        *,
        totals: list[int] | None,
        ended: bool,
        upcoming: Callable[[int], RoundInfo],
        winners: list[int] | None = None,
    ) -> GameState:
        """The ``GameState`` after the recorded rounds.

        ``ended``: the rounds played end the game by its rules; the game is finished
        when it ``ended`` or was ``finished_early`` (which then only counts if it did
        not end anyway). A game ended early may end on an unfinished round: what that
        round scored already (a Memory Bridge first half) counts, bids alone count nothing. ``winners`` (default: the highest totals) count once the game
        is finished. The next round is None once finished, else the unfinished last
        round, else ``upcoming(number)`` for the round after the last one recorded.
        """
        if winners is None:
            winners = cls.best(totals or [])
        finished = ended or setup.finished_early
        if finished:
            next_round = None
        elif results and not results[-1].complete:
            next_round = results[-1].info
        else:
            next_round = upcoming(len(results) + 1)
        return GameState(
            players=setup.players,
            options=setup.options,
            first_dealer=setup.first_dealer,
            rounds=results,
            totals=totals,
            finished=finished,
            finished_early=setup.finished_early and not ended,
            winners=winners if finished else [],
            next_round=next_round,
        )

    # -- the checks of a recorded round ----------------------------------------
    # Every game's rules make them, in ``play`` and its own checks. Each names the round (1-based), the
    # player (an index into the seating order) and the round field at fault, so a form can show the
    # message beside the right input.

    @staticmethod
    def round_error(
        number: int, message: str, *, player: int | None = None, field: str | None = None
    ) -> RuleError:
        """The RuleError of a rule broken in round ``number``: its message begins "Round 3: "."""
        said = gettext("Round {number}: {message}").format(number=number, message=message)
        return RuleError(said, round=number, player=player, field=field)

    @staticmethod
    def who(names: list[str] | None, seat: int) -> str:
        """How a message names a player: their name, else "player N" (1-based)."""
        if names and 0 <= seat < len(names):
            return names[seat]
        return gettext("player {number}").format(number=seat + 1)

    @classmethod
    def int_list(
        cls,
        value: Any,
        *,
        length: int,
        round: int,
        field: str,
        what: str,
        allow_none: bool = False,
        names: list[str] | None = None,
    ) -> list[Any]:
        """A per-player list of whole numbers, or RuleError naming the round and player."""
        if not isinstance(value, list):
            said = gettext("Round {number}: {what} must be a list, one per player.")
            raise RuleError(said.format(number=round, what=gettext(what)), round=round, field=field)
        if len(value) != length:
            said = gettext("Round {number}: {what} must have {length} entries, one per player, not {given}.")
            raise RuleError(
                said.format(number=round, what=gettext(what), length=length, given=len(value)),
                round=round,
                field=field,
            )
        for i, v in enumerate(value):
            if v is None and allow_none:
                continue
            if isinstance(v, bool) or not isinstance(v, int):
                said = gettext("Round {number}: {what} for {name} must be a whole number.")
                raise RuleError(
                    said.format(number=round, what=gettext(what), name=cls.who(names, i)),
                    round=round,
                    player=i,
                    field=field,
                )
        return value

    @classmethod
    def check_in_range(
        cls,
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
                message = missing(cls.who(names, seat))
            elif not low <= value <= high:
                message = says(cls.who(names, seat), value)
            else:
                continue
            raise cls.round_error(round, message, player=seat, field=field)

    @classmethod
    def check_bids_fit_hand(
        cls,
        info: RoundInfo,
        bids: list[Any],
        *,
        names: list[str] | None = None,
        seats: Iterable[int] | None = None,
        missing: Callable[[str], str] | None = None,
    ) -> None:
        """Refuse a bid outside 0 to the cards dealt (Bugger and Mormon Bridge); see ``check_in_range``."""
        cards = info.dealt
        cls.check_in_range(
            bids,
            0,
            cards,
            lambda name, bid: ngettext(
                "{name} bid {bid}, but a bid must be 0 to {cards} with {cards} card dealt.",
                "{name} bid {bid}, but a bid must be 0 to {cards} with {cards} cards dealt.",
                cards,
            ).format(name=name, bid=bid, cards=cards),
            round=info.number,
            field="bids",
            names=names,
            seats=seats,
            missing=missing,
        )

    @classmethod
    def check_tricks_fit_hand(
        cls,
        info: RoundInfo,
        tricks: list[Any],
        says: str | None = None,
        *,
        names: list[str] | None = None,
        seats: list[int] | None = None,
    ) -> None:
        """Refuse tricks outside 0 to the cards dealt, or not adding up to them (the bidding games).

        ``says`` words a player's tricks out of range (see ``check_in_range``): a translated
        message with the player's ``{name}``, the tricks they ``{took}`` and the ``{cards}``
        dealt; "... but there are only {cards} to take." by default. Only ``seats`` are
        looked at and added up (every seat by default).
        """
        cards = info.dealt

        def refusal(name: str, took: int) -> str:  # worded only for a refusal: a replay checks every round
            message = (
                says
                if says is not None
                else ngettext(
                    "{name} took {took} tricks, but there is only {cards} to take.",
                    "{name} took {took} tricks, but there are only {cards} to take.",
                    cards,
                )
            )
            return message.format(name=name, took=took, cards=cards)

        cls.check_shares(
            tricks,
            cards,
            cards,
            refusal,
            round=info.number,
            field="tricks",
            what=gettext_noop("the tricks"),
            names=names,
            seats=seats,
        )

    @classmethod
    def check_shares(
        cls,
        values: list[Any],
        most: int,
        total: int,
        says: Callable[[str, int], str],
        *,
        round: int,
        field: str,
        what: str,
        names: list[str] | None = None,
        seats: list[int] | None = None,
        but: str | None = None,
    ) -> None:
        """Refuse a player's share outside 0 to ``most``, or shares not adding up to ``total``.

        Tricks taken, points held: ``says(who, value)`` words one out of range (see
        ``check_in_range``), ``what`` and ``but`` a wrong sum (see ``check_adds_up``).
        Only ``seats`` are looked at and added up (every seat by default).
        """
        cls.check_in_range(values, 0, most, says, round=round, field=field, names=names, seats=seats)
        counted = range(len(values)) if seats is None else seats
        cls.check_adds_up(
            sum(values[s] for s in counted), total, round=round, field=field, what=what, but=but
        )

    @classmethod
    def share_list(
        cls,
        value: Any,
        most: int,
        total: int,
        says: Callable[[str, int], str],
        *,
        length: int,
        round: int,
        field: str,
        what: str,
        names: list[str] | None = None,
        but: str | None = None,
    ) -> list[int]:
        """A list of whole numbers, one per player, each 0 to ``most`` and adding up to ``total`` (points
        held, tricks taken), or RuleError: ``int_list``, then ``check_shares``."""
        shares = cls.int_list(value, length=length, round=round, field=field, what=what, names=names)
        cls.check_shares(shares, most, total, says, round=round, field=field, what=what, names=names, but=but)
        return shares

    @staticmethod
    def check_adds_up(
        total: int, expected: int, *, round: int, field: str, what: str, but: str | None = None
    ) -> None:
        """Refuse a total that is not ``expected``, saying by how much it is off.

        "Round n: {what} add up to {total}, but {but} (2 too many)."; ``but`` is
        "{expected} were played" unless given.
        """
        if total != expected:
            diff = total - expected
            but = gettext("{expected} were played").format(expected=expected) if but is None else but
            off = gettext("{count} too many") if diff > 0 else gettext("{count} too few")
            said = gettext("Round {number}: {what} add up to {total}, but {but} ({off}).")
            raise RuleError(
                said.format(
                    number=round, what=gettext(what), total=total, but=but, off=off.format(count=abs(diff))
                ),
                round=round,
                field=field,
            )

    @staticmethod
    def check_strain(n: int, strain: Any, *, by: str, player: int) -> str:
        """Refuse a contract's strain that is not one of ``STRAINS``; ``by`` says whose contract."""
        if strain not in STRAINS:
            said = gettext(
                "Round {number}: {by} needs a strain: NT, S, H, D or C (no trumps, spades, hearts, diamonds or clubs)."
            )
            raise RuleError(said.format(number=n, by=by), round=n, player=player, field="contract")
        return str(strain)

    @staticmethod
    def bid_total_line(total: int, cards: int) -> str:
        """How the scorekeeper announces the bids: even, over-bid by N or under-bid by N."""
        if total == cards:
            return gettext("even")
        if total > cards:
            return gettext("over-bid by {count}").format(count=total - cards)
        return gettext("under-bid by {count}").format(count=cards - total)


class ExactBidRules(GameRules):
    """A game whose players each bid 0 to the cards dealt and make the bid only by taking exactly that
    many tricks (Bugger and Mormon Bridge): what a round allows, and the check of its tricks."""

    lowest_bid = 0
    made_bids = (MadeBid(lowest=0, over=0),)  # exactly

    def bid_range(self, info: RoundInfo) -> range:
        """The bids a player may make in a round: 0 to the cards dealt."""
        return range(info.dealt + 1)

    def trick_range(self, info: RoundInfo) -> range:
        """The tricks one player may take in a round: 0 to the cards dealt."""
        return range(info.dealt + 1)

    def check_tricks(self, info: RoundInfo, tricks: list[Any], *, names: list[str] | None = None) -> None:
        """Refuse tricks outside 0 to the cards dealt for a player in the round, or not adding up to them."""
        self.check_tricks_fit_hand(info, tricks, names=names, seats=sorted(info.active))


# What a sheet is drawn in: a paper layout's ``Sheet`` (games/paper/layout.py) is rows of cells, and the
# screen draws the same rows (games/table/__init__.py).


@dataclass
class Cell:
    text: str = ""
    corner: str = ""  # small, top right: the bid, where the scorekeeper writes it
    flag: str = ""  # small, top left: "D" for the dealer
    note: str = ""  # small, under the text: this round's points
    cls: str = ""
    title: str = ""
    colspan: int = 1
    rowspan: int = 1
    head: bool = False  # drawn as <th>
    scope: str = ""
    # On the screen (games/table/__init__.py draws the same cells): how the number was worked out, shown when
    # the cell is tapped; a heading cell that links to the correction of its row's round; a swatch's class.
    explain: str = ""
    link: bool = False
    swatch: str = ""
    lines: tuple[str, ...] = ()  # the screen's lines under a square with no ``explain`` (a contract)


@dataclass
class Row:
    cells: list[Cell]
    cls: str = ""
    number: int = 0  # the round the row draws (0: none), for the screen: its id, correction and explanations
    heading: str = ""  # what an explanation in the row starts with: "Round 7NT", "Hand 3 (4 cards)"
    link_label: str = ""  # what its correction link says, when not "Correct round <heading's text>"
    key: str = ""  # the screen's id for a row that draws no round (a Minibridge deal not begun)

    @property
    def dom_id(self) -> str:
        return self.key or f"round-{self.number}"
