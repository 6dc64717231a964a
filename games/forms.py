"""Forms: parse what a person tapped or typed; the rules decide whether it is allowed."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, cast

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.accounts.players import PlayerError, normal_name
from games.rules import GameRules
from games.rules.base import Option

if TYPE_CHECKING:  # django-stubs-ext is a development requirement
    from django.contrib.auth.models import User
    from django.db.models import Model
    from django_stubs_ext import StrOrPromise

    ModelChoiceField = forms.ModelChoiceField[Model]  # generic for the type checker only
    UserFormBase = UserCreationForm[User]
else:
    ModelChoiceField, UserFormBase = forms.ModelChoiceField, UserCreationForm

MAX_SEATS = 10
# A whole number exactly as it is written: ASCII digits, no leading zero (but "0" itself), a minus
# sign before any but 0. Python's int() also takes "³"-like digits, "+1", "1_0", "01" and spaces:
# nothing from a request or a record reaches it without this check.
WHOLE_NUMBER = re.compile(r"0|-?[1-9][0-9]{0,17}")
ROW_ID_MAX = 2**63 - 1  # the largest primary key a database row can have
START_KEY = re.compile(r"[A-Za-z0-9_-]{16,32}")  # a new-game form's one-time key (secrets.token_urlsafe)


def whole_number(raw: object) -> int | None:
    """``raw`` (a str) as an int if it is exactly a whole number's digits (``WHOLE_NUMBER``); else
    None. At most 18 digits: anything longer is no score, count or id this app keeps."""
    if not isinstance(raw, str):
        return None
    return int(raw) if WHOLE_NUMBER.fullmatch(raw) else None


def parse_int(raw: object, low: int, high: int) -> int | None:
    """``raw`` as a whole number from ``low`` to ``high`` (see ``whole_number``); None otherwise."""
    value = whole_number(raw)
    return value if value is not None and low <= value <= high else None


class WholeNumberField(forms.IntegerField):
    """An IntegerField that takes ASCII digits only (``whole_number``); give it min and max values."""

    def to_python(self, value: object) -> int | None:
        if value in self.empty_values:
            return None
        number = whole_number(str(value))
        if number is None:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return number


class RowChoiceField(ModelChoiceField):
    """A ModelChoiceField that takes a row's id only as its exact digits (``whole_number``): a select
    sends "12", never " 12" or "012", which the database lookup would otherwise read as 12."""

    def to_python(self, value: object) -> Model | None:
        if isinstance(value, str) and value not in self.empty_values and whole_number(value) is None:
            raise forms.ValidationError(self.error_messages["invalid_choice"], code="invalid_choice")
        return super().to_python(value)


PLAYER_BOX = {"list": "known-players", "autocomplete": "off", "autocapitalize": "words"}  # a name box


class PlayerNameField(forms.CharField):
    """A player's name as it is stored (``players.normal_name``: NFC, single spaces, no control characters)."""

    def to_python(self, value: object) -> str:
        try:
            return normal_name(super().to_python(value) or "")
        except PlayerError as exc:
            raise forms.ValidationError(exc.message) from None


class DatesForm(forms.Form):
    """From and to dates (both days included), as the history and standings filters take them."""

    since = forms.DateField(
        required=False, label=_("From"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    until = forms.DateField(
        required=False, label=_("To"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )

    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        since, until = cleaned.get("since"), cleaned.get("until")
        if since and until and until < since:
            self.add_error("until", gettext("The “to” date is before the “from” date."))
        return cleaned


def good_values(form: forms.Form) -> tuple[dict[str, Any], bool]:
    """A filter form's good values (a bad field left out, never a 500) and whether all were good."""
    if not form.is_bound:
        return {}, True
    valid = form.is_valid()
    return {k: v for k, v in form.cleaned_data.items() if k not in form.errors}, valid


class SignupForm(UserFormBase):
    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")
        help_texts = {"email": _("Optional: only to reset a forgotten password, if this server sends mail.")}


class SeatingForm(forms.Form):
    """Players by seat and the first dealer (or a draw): what every new-game form starts with.

    Each game's form adds its options (``options()``) and says in class attributes what differs:
    how many seats and their labels, whether every seat must be filled (``names_required``) or
    how many (``min_players``), and the words for a draw, a name typed twice and a drawn dealer.
    Once valid: ``cleaned_names`` (the filled seats in order), ``cleaned_first_dealer`` (an index
    into them) and ``dealer_drawn``.
    """

    # The words below are lazy (gettext_lazy): each form speaks the request's language.
    seats = MAX_SEATS
    seat_labels: tuple[StrOrPromise, ...] = ()
    names_required = False
    name_required: StrOrPromise = ""  # beside an empty seat when names_required: {label}
    min_players = 0
    too_few: StrOrPromise = ""
    draw_label: StrOrPromise = _("Draw a card for me")
    already_seated: StrOrPromise = _("{name} is already in seat {number}.")  # {name}, {number}, {label}
    drawn_note: StrOrPromise = ""  # said once the game starts with a drawn dealer: {name}, {label}
    dealer_seats: int | None = None  # how many of the first seats may deal first (None: all)
    first_dealer = forms.ChoiceField(label=_("First dealer"), initial="draw")
    # A one-time key drawn with the form: the same form sent again opens the game it started.
    start = forms.CharField(required=False, max_length=32, widget=forms.HiddenInput)
    started: Model | None = None  # the game its key started already, drawn again (games.table.just_started)

    def __init__(
        self,
        *args: Any,
        seats: int | None = None,
        known_names: Iterable[str] = (),
        initial_names: Sequence[str] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        if not self.is_bound:
            self.initial["start"] = secrets.token_urlsafe(16)
        if seats is not None:
            self.seats = seats
        self.known_names = list(known_names)
        self.dealer_drawn = False
        self.labels = [
            str(self.seat_labels[i])
            if i < len(self.seat_labels)
            else gettext("Seat {number}").format(number=i + 1)
            for i in range(self.seats)
        ]
        for i, label in enumerate(self.labels):
            required = {"required": self.name_required.format(label=label)} if self.names_required else None
            self.fields[f"player_{i}"] = PlayerNameField(
                required=self.names_required,
                max_length=40,
                label=label,
                initial=initial_names[i] if i < len(initial_names) else "",
                error_messages=required,
                widget=forms.TextInput(attrs=PLAYER_BOX),
            )
        dealers = min(self.seats, self.dealer_seats or self.seats)
        cast(forms.ChoiceField, self.fields["first_dealer"]).choices = [("draw", self.draw_label)] + [
            (str(i), self.dealer_label(i)) for i in range(dealers)
        ]

    def dealer_label(self, seat: int) -> str:
        """A first dealer to choose: the name in the seat as typed (static/js/seating.js keeps it
        so), else the seat. "Ann"; "Nora (North)" where the seats have names of their own; "Seat 3"
        while it is empty."""
        raw = self.data.get(f"player_{seat}", "") if self.is_bound else self[f"player_{seat}"].initial
        name = " ".join(raw.split()) if isinstance(raw, str) else ""
        if not name:
            return self.labels[seat]
        return f"{name} ({self.labels[seat]})" if self.seat_labels else name

    def start_key(self) -> str:
        """The form's one-time key as sent ("" for none, or one that is not what the page drew)."""
        key = self.data.get("start", "") if self.is_bound else ""
        return key if isinstance(key, str) and START_KEY.fullmatch(key) else ""

    def player_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{i}"] for i in range(self.seats)]

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        names = [(cleaned.get(f"player_{i}") or "").strip() for i in range(self.seats)]
        seated = [(i, n) for i, n in enumerate(names) if n]
        if len(seated) < self.min_players:
            raise forms.ValidationError(self.too_few)
        folded: dict[str, int] = {}
        for i, name in seated:
            key = " ".join(name.split()).casefold()
            if key in folded:
                self.add_error(f"player_{i}", self.already_seated_message(name, folded[key]))
            folded.setdefault(key, i)
        self.cleaned_names = [n for _, n in seated]
        if self.names_required and len(seated) < self.seats:
            return cleaned  # an empty seat has its own message; no dealer without everyone
        dealer = cleaned.get("first_dealer")
        if dealer == "draw":
            self.cleaned_first_dealer = secrets.randbelow(min(len(seated), self.dealer_seats or len(seated)))
            self.dealer_drawn = True
        elif dealer is not None:
            seat = int(dealer)
            filled = [i for i, _ in seated]
            if seat not in filled:
                self.add_error(
                    "first_dealer", gettext("{seat} has nobody in it.").format(seat=self.labels[seat])
                )
            else:
                self.cleaned_first_dealer = filled.index(seat)
        return cleaned

    def already_seated_message(self, name: str, seat: int) -> str:
        return self.already_seated.format(name=name, number=seat + 1, label=self.labels[seat])

    def drawn_message(self) -> str:
        """What to tell the table once the game starts, when the app drew the first dealer."""
        if not (self.drawn_note and self.dealer_drawn):
            return ""
        dealer = self.cleaned_first_dealer
        return self.drawn_note.format(name=self.cleaned_names[dealer], label=self.labels[dealer])

    def options(self) -> dict[str, Any]:
        """The game's options, for ``services.start_session``: by default, the fields its form declares."""
        added = [name for name in self.declared_fields if name not in SeatingForm.declared_fields]
        return {name: self.cleaned_data[name] for name in added}


COMPASS_SEATS = (_("North"), _("East"), _("South"), _("West"))  # a bridge table's seats 0 to 3


def option_field(option: Option) -> forms.Field:
    """A form field for one of a game's options, as the rules describe it."""
    if option.kind is bool:
        return forms.BooleanField(required=False, label=_(option.label), help_text=_(option.help))
    if option.choices:
        return forms.ChoiceField(
            choices=[(str(value), _(words)) for value, words in option.choices],
            label=_(option.label),
            help_text=_(option.help),
        )
    if option.kind is int:
        return WholeNumberField(
            required=option.default is not None,
            label=_(option.label),
            min_value=option.minimum,
            max_value=option.maximum,
            help_text=_(option.help),
            widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        )
    return forms.CharField(label=_(option.label), help_text=_(option.help), max_length=40)


class RulesGameForm(SeatingForm):
    """A new game built from its rules alone (the generic table): a seat per player and a field per
    option. Two options given as ``either_or`` (rounds, or a target) are offered as a choice
    (``ends``): the chosen one is required, the other is not sent to the rules.
    """

    def __init__(self, *args: Any, rules: GameRules, **kwargs: Any) -> None:
        self.rules = rules
        self.min_players = rules.min_players
        self.too_few = gettext("{game} needs at least {count} players: type a name in each seat.").format(
            game=rules.name, count=rules.min_players
        )
        super().__init__(*args, seats=rules.max_players or MAX_SEATS, **kwargs)
        for field in self.player_fields():  # the empty seats show one at a time (templates/games/_seats.html)
            field.field.widget.attrs["placeholder"] = gettext("Name")
        for option in rules.options:
            self.fields[option.name] = option_field(option)
            if option.name not in self.initial and option.default is not None:
                self.initial[option.name] = option.default
        self.either = [o for o in rules.options if o.name in (rules.either_or or ())]
        if self.either:
            for option in self.either:
                self.fields[option.name].required = False
            self.fields["ends"] = forms.ChoiceField(
                label=_("How long to play"),
                choices=[(o.name, _(o.label)) for o in self.either],
                initial=self.either[0].name,
            )
        self.option_fields = [self[o.name] for o in rules.options if o not in self.either]
        self.either_fields = [self[o.name] for o in self.either]

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        chosen = cleaned.get("ends")
        for option in self.either:  # the way not chosen is hidden and not used: nothing to say of it
            if option.name != chosen:
                self.errors.pop(option.name, None)
        if chosen and cleaned.get(chosen) is None and chosen not in self.errors:
            self.add_error(chosen, gettext("Fill this in, or choose the other way to end the game."))
        return cleaned

    def options(self) -> dict[str, Any]:
        typed = {o.name: o.kind for o in self.rules.options}
        unchosen = {o.name for o in self.either} - {self.cleaned_data.get("ends")}
        return {
            name: typed[name](value) if value not in (None, "") and name not in unchosen else None
            for name, value in ((o.name, self.cleaned_data.get(o.name)) for o in self.rules.options)
        }
