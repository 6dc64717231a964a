""" """

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django import forms
from django.forms.utils import ErrorDict
from django.utils.translation import gettext, gettext_noop

from games.forms import parse_int
from games.rules import RoundInfo, RoundResult, RuleError
from games.rules.cards import STRAIN_NAMES, STRAINS, strain_symbol

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


class RawField(forms.Field):
    """What was sent for a field, as a string ("" for nothing); the form's ``clean()`` reads it."""

    default_validators: list[Any] = []

    def __init__(self, **kwargs: Any):
        super().__init__(required=False, **kwargs)

    def to_python(self, value: Any) -> str:
        return value if isinstance(value, str) else ""


class RoundForm(forms.Form):
    """One step of entering or correcting a round.

    Built with the game as loaded (``loaded``), the round it is for (``target``: the
    ``RoundInfo`` being entered, or the ``RoundResult`` being corrected), the table
    (its rules and its words) and whether htmx sent it. ``seat_fields`` name the
    per-player fields (``bid`` makes ``bid_0``, ``bid_1``...).
    """

    seat_fields: tuple[str, ...] = ()
    corrects = False  # True: the step corrects a finished round (a GET shows the form as stored)
    save = RawField()

    def __init__(self, data: Any = None, *, table: Any, loaded: Any, target: Any, htmx: bool = False):
        super().__init__(data)
        self.table = table
        self.rules: Any = getattr(table, "rules", None)
        self.loaded = loaded
        self.state = loaded.state
        self.names: list[str] = loaded.names
        self.target = target
        self.info: RoundInfo = target.info if isinstance(target, RoundResult) else target
        self.number = self.info.number
        self.current: RoundResult | None = loaded.state.current
        self.htmx = htmx
        self.round_data: dict[str, Any] | None = None
        self.refusal: RuleError | None = None
        for prefix in self.seat_fields:
            for seat in range(len(self.names)):
                self.fields[f"{prefix}_{seat}"] = RawField()
        self.saving = self.is_bound and bool(self.data.get("save"))
        self.start()

    # -- hooks ---------------------------------------------------------------------------------

    def fits(self) -> bool:
        """Whether this step applies to the round as it stands (else the page was stale)."""
        return True

    def start(self) -> None:
        """Set the typed values the panel draws, before any POST is read (from the stored round)."""

    def note(self, after: Any) -> str:
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

    def said(self, exc: RuleError) -> str:
        """A refusal as the table's screen says it: its round named in the game's words ("Deal 2: ...")."""
        return self.table.in_round_words(self.loaded, exc.message)

    def flag(self, name: str | None, message: str) -> None:
        """Add ``message`` to field ``name`` (None: the whole round), its round named as the screen names it."""
        if name is not None and name not in self.fields:
            self.fields[name] = RawField()
        self.add_error(name, self.table.in_round_words(self.loaded, message))

    def seat_errors(self, prefix: str) -> dict[int, str]:
        """The first message beside each player's ``prefix`` field, by seat."""
        found = {}
        for seat in range(len(self.names)):
            errors = self.problems().get(f"{prefix}_{seat}")
            if errors:
                found[seat] = str(errors[0])
        return found

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

    def raw(self, name: str) -> str:
        value = self.cleaned_data.get(name, "") if hasattr(self, "cleaned_data") else ""
        return value if isinstance(value, str) else ""

    def seat_numbers(
        self, prefix: str, what: str, *, seats: Iterable[int], most: int = 100
    ) -> list[int | None]:
        """A whole number from -``most`` to ``most`` per seat in ``seats`` (others None); anything else is
        refused beside that seat."""
        values: list[int | None] = [None] * len(self.names)
        for seat in seats:
            raw = self.raw(f"{prefix}_{seat}")
            if raw == "":
                continue
            value = parse_int(raw, -most, most)
            if value is None:
                shown = raw if len(raw) <= 20 else f"{raw[:12]}…"
                name = self.names[seat]
                # Written as a number (but out of range, however long), or not a number as written
                # (" 1", "01", "-0").
                said = NOT_POSSIBLE if NUMBER_SHAPE.fullmatch(raw) else NOT_A_NUMBER
                self.flag(
                    f"{prefix}_{seat}",
                    gettext(said[what]).format(round=self.number, name=name, shown=shown),
                )
            values[seat] = value
        return values


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
    return Choice(
        name="strain",
        prefix=f"{prefix}strain",
        legend=gettext("Strain"),
        chips=[
            Chip(
                value=s,
                checked=s == strain,
                label=strain_symbol(s),
                title=gettext(STRAIN_NAMES[s]).capitalize(),
            )
            for s in STRAINS
        ],
        css="strains",
        error=error,
    )
