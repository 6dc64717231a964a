"""A round step's form: typed fields for each player's number and the taps, errors placed beside them."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django import forms
from django.forms.utils import ErrorDict
from django.http import QueryDict
from django.utils.translation import gettext, gettext_noop

from games.forms import WHOLE_NUMBER
from games.rules import GameRules, RoundInfo, RoundResult, RuleError
from games.rules.base import STRAIN_NAMES, STRAINS, in_words, strain_symbol

if TYPE_CHECKING:
    from games.services import LoadedGame
    from games.table import Table

# A number a player's row refused, by what it is: whole sentences, so a language words each its own way.
NOT_POSSIBLE = {
    "bid": gettext_noop("Round {round}: {name}'s bid of {shown} is not possible."),
    "tricks": gettext_noop("Round {round}: {name}'s tricks of {shown} are not possible."),
    "points": gettext_noop("Round {round}: {name}'s points of {shown} are not possible."),
}
NUMBER_SHAPE = re.compile(r"0|-?[1-9][0-9]*")  # a whole number as written, of any length
NOT_A_NUMBER = {
    "bid": gettext_noop("Round {round}: {name}'s bid must be a number, not “{shown}”."),
    "tricks": gettext_noop("Round {round}: {name}'s tricks must be a number, not “{shown}”."),
    "points": gettext_noop("Round {round}: {name}'s points must be a number, not “{shown}”."),
}


class SeatNumber(forms.IntegerField):
    """A player's number in a round (``what``: "bid", "tricks", "points"), from -``most`` to ``most``, or None.

    Exactly what ``parse_int`` takes; anything else is refused in the project's words, naming the player
    and the round (``words`` names the round as the game's screen does). The rules say what is possible.
    """

    def __init__(self, *, what: str, name: str, number: int, most: int, words: Callable[[str], str]) -> None:
        super().__init__(required=False)
        self.what, self.name, self.number, self.most, self.words = what, name, number, most, words

    def to_python(self, value: object) -> int | None:
        if value in self.empty_values:
            return None
        raw = value if isinstance(value, str) else ""
        number = int(raw) if WHOLE_NUMBER.fullmatch(raw) else None  # as ``parse_int`` reads it
        if number is None or not -self.most <= number <= self.most:
            # Written as a number (but out of range, however long), or not as one (" 1", "01", "-0").
            said = NOT_POSSIBLE if NUMBER_SHAPE.fullmatch(raw) else NOT_A_NUMBER
            shown = raw if len(raw) <= 20 else f"{raw[:12]}…"
            message = gettext(said[self.what]).format(round=self.number, name=self.name, shown=shown)
            raise forms.ValidationError(self.words(message), code="invalid")
        return number


class RoundForm(forms.Form):
    """One step of entering or correcting a round.

    Built with the game as loaded, the round it is for (``target``: the ``RoundInfo`` being entered,
    or the ``RoundResult`` being corrected), the table (its rules and words) and whether htmx sent
    it. ``seat_fields`` name the per-player numbers (``bid`` makes ``bid_0``, ``bid_1``...: a
    ``SeatNumber`` each, for the seats ``seats_for`` gives).
    """

    seat_fields: tuple[str, ...] = ()
    # What each prefix's number is, as NOT_POSSIBLE words it ("points"; "bid" and "tricks" are themselves).
    seat_words: dict[str, str] = {}
    most = 100  # a seat's number is at most this far from 0 (the rules say what a round may hold)
    corrects = False  # True: the step corrects a finished round (a GET shows the form as stored)
    later_step = False  # True: the step fits only a round already started (its bids or first step stored)
    save = forms.BooleanField(required=False)

    def __init__(
        self,
        data: QueryDict | None = None,
        *,
        table: Table[Any],
        loaded: LoadedGame,
        target: RoundInfo | RoundResult,
        htmx: bool = False,
    ) -> None:
        super().__init__(data)
        self.table = table
        self.rules: GameRules = table.game.rules
        self.info: RoundInfo = target.info if isinstance(target, RoundResult) else target
        self.loaded = loaded
        self.state = loaded.state
        self.names: list[str] = loaded.names
        self.target = target
        self.number = self.info.number
        self.current: RoundResult | None = loaded.state.current
        self.htmx = htmx
        self.round_data: dict[str, object] | None = None
        self.refusal: RuleError | None = None
        for prefix in self.seat_fields:
            what = self.seat_words.get(prefix, prefix)
            for seat in self.seats_for(prefix):
                self.fields[f"{prefix}_{seat}"] = SeatNumber(
                    what=what, name=self.names[seat], number=self.number, most=self.most, words=self.words
                )
        self.start()

    @property
    def corrected(self) -> RoundResult:
        """The finished round a correction is of (its ``target``, typed)."""
        assert isinstance(self.target, RoundResult)
        return self.target

    @property
    def saving(self) -> bool:
        """Whether Save was pressed (else a tap asks for the panel as it now stands)."""
        return bool(getattr(self, "cleaned_data", {}).get("save"))

    # -- hooks ---------------------------------------------------------------------------------

    def seats_for(self, prefix: str) -> Iterable[int]:
        """The seats whose ``prefix`` number this step reads (default: everyone's)."""
        del prefix  # a hook: the default needs no more
        return range(len(self.names))

    def fits(self) -> bool:
        """Whether this step applies to the round as it stands (else the page was stale)."""
        return self.current is not None or not self.later_step

    def start(self) -> None:
        """Set the typed values the panel draws, before any POST is read (from the stored round)."""

    def note(self, after: LoadedGame) -> str:
        """What the answer says once the round is stored (``after``: the game as it now stands)."""
        del after  # by default, nothing: the sheet shows what changed
        return ""

    def refuse(self, exc: RuleError) -> None:
        """The rules refused the round when it was saved: the message beside the field at fault."""
        self.refusal = exc
        prefix = self.seat_fields[0] if self.seat_fields else ""
        self.flag(f"{prefix}_{exc.player}" if prefix and exc.player is not None else None, exc.message)

    def place(
        self,
        exc: RuleError,
        *,
        seat_prefix: str = "",
        seat_kinds: tuple[str | None, ...] = (),
        default: str | None = None,
    ) -> None:
        """A refusal beside its field: a seat's row for ``seat_kinds``, else the field it names (or ``default``).

        A correction that breaks a later round is said for the whole round.
        """
        self.refusal = exc
        if self.corrects and exc.round != self.number:
            self.flag(None, exc.message)
        elif exc.field in seat_kinds:
            self.flag(f"{seat_prefix}_{exc.player}" if exc.player is not None else None, exc.message)
        else:
            self.flag(exc.field or default, exc.message)

    # -- errors ----------------------------------------------------------------------------------

    def words(self, message: str) -> str:
        """A message that starts "Round n: " (as the rules and the forms word a refusal), its round named as
        the game's screen names it: "Deal 2: ...", "Hand 3: ..."."""
        pattern = re.escape(gettext("Round {number}: {message}"))
        pattern = pattern.replace(r"\{number\}", r"(?P<number>\d+)").replace(r"\{message\}", "(?P<rest>.*)")
        found = re.fullmatch(pattern, message, flags=re.DOTALL)
        if found is None:
            return message
        name = f"{in_words(self.table.round_word)} {found['number']}"
        return gettext("{round}: {message}").format(round=name, message=found["rest"])

    def flag(self, name: str | None, message: str) -> None:
        """Add ``message`` beside ``name`` (None: the whole round; a name with no input of its own, such as
        Minibridge's ``contract``, is a place the panel shows it), its round named in the game's words."""
        if name is None or name in self.fields:
            self.add_error(name, self.words(message))
        else:
            self.errors.setdefault(name, self.error_class(renderer=self.renderer)).append(self.words(message))

    def seat_errors(self, prefix: str) -> dict[int, str]:
        """The first message beside each player's ``prefix`` field, by seat."""
        errors = self.field_errors()
        named = {seat: f"{prefix}_{seat}" for seat in range(len(self.names))}
        return {seat: errors[name] for seat, name in named.items() if name in errors}

    def field_errors(self) -> dict[str, str]:
        """The first message beside each field that has one."""
        return {name: str(errors[0]) for name, errors in self.problems().items() if name != "__all__"}

    @property
    def message(self) -> str:
        """A message for the whole round, or ""."""
        errors = self.problems().get("__all__")
        return str(errors[0]) if errors else ""

    def problems(self) -> ErrorDict:
        return self.errors if self.is_bound else ErrorDict()

    def seat_numbers(self, prefix: str, *, seats: Iterable[int]) -> list[int | None]:
        """Each player's ``prefix`` number as its field read it, for ``seats`` (the others None)."""
        cleaned = getattr(self, "cleaned_data", {})
        wanted = set(seats)
        return [
            cleaned.get(f"{prefix}_{seat}") if seat in wanted else None for seat in range(len(self.names))
        ]


@dataclass
class Chip:
    """One tap-able choice in an entry row (a radio button styled as a chip)."""

    value: int | str
    checked: bool = False
    struck: bool = False  # not allowed now (shown struck out, disabled)
    label: str = ""  # shown instead of the value when set
    title: str = ""  # why it is struck, or what it means


@dataclass
class Choice:
    """A labelled group of one-tap chips for one form field (templates/games/minibridge/_choice.html)."""

    name: str
    legend: str
    chips: list[Chip]
    prefix: str = ""
    error: str = ""
    marked: int | str | None = None  # the chip drawn dashed (the tricks a contract needs)
    css: str = ""

    def __post_init__(self) -> None:
        self.prefix = self.prefix or self.name


def strain_choice(strain: str | None, error: str, prefix: str = "") -> Choice:
    """A contract's strain (the four suits and no trumps), one chip each, ``strain`` checked."""
    chips = [
        Chip(s, checked=s == strain, label=strain_symbol(s), title=gettext(STRAIN_NAMES[s]).capitalize())
        for s in STRAINS
    ]
    return Choice("strain", gettext("Strain"), chips, prefix=f"{prefix}strain", error=error, css="strains")


class ChipField(forms.Field):
    """One chip tapped: one of ``values`` (whole numbers and words, each given back as itself), or ``empty``.

    Anything else is refused with ``refusal(shown=<what was sent, cut short>)``, a message that may name
    players (never %-formatted); with no ``refusal`` (a hidden field the page wrote)
    it reads as ``empty``.
    """

    def __init__(
        self,
        values: Iterable[int | str],
        *,
        refusal: Callable[..., str] | None = None,
        empty: int | None = None,
    ) -> None:
        super().__init__(required=False)
        self.values = {str(v): v for v in values}
        self.refusal = refusal
        self.empty = empty

    def to_python(self, value: object) -> int | str | None:
        if value in self.empty_values:
            return self.empty
        found = self.values.get(value) if isinstance(value, str) else None
        if found is not None:
            return found
        if self.refusal is None:
            return self.empty
        raise forms.ValidationError(self.refusal(shown=str(value)[:12]))  # no params: nothing %-formatted
