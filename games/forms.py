"""Forms: parse what a person tapped or typed; the rules decide whether it is allowed."""

from __future__ import annotations

import secrets

from django import forms
from django.contrib.auth.forms import UserCreationForm

from .rules import RuleError

MAX_SEATS = 10


class SignupForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        fields = ("username",)


class NewBuggerGameForm(forms.Form):
    """Players in seating order (the order play passes), first dealer, hook rule."""

    hook = forms.BooleanField(
        required=False,
        label="Hook rule",
        help_text="The dealer bids last and may not make the bids add up to the cards dealt.",
    )
    first_dealer = forms.ChoiceField(label="First dealer", initial="draw")

    def __init__(self, *args, known_names: list[str] = (), initial_names: list[str] = (), **kwargs):
        super().__init__(*args, **kwargs)
        self.known_names = list(known_names)
        for i in range(MAX_SEATS):
            self.fields[f"player_{i}"] = forms.CharField(
                required=False,
                max_length=40,
                label=f"Seat {i + 1}",
                initial=initial_names[i] if i < len(initial_names) else "",
                widget=forms.TextInput(
                    attrs={"list": "known-players", "autocomplete": "off", "autocapitalize": "words"}
                ),
            )
        self.fields["first_dealer"].choices = [("draw", "Draw a card for me")] + [
            (str(i), f"Seat {i + 1}") for i in range(MAX_SEATS)
        ]

    def player_fields(self):
        return [self[f"player_{i}"] for i in range(MAX_SEATS)]

    def clean(self):
        cleaned = super().clean()
        names = [cleaned.get(f"player_{i}", "").strip() for i in range(MAX_SEATS)]
        seated = [(i, n) for i, n in enumerate(names) if n]
        if len(seated) < 3:
            raise forms.ValidationError("Bugger Bridge needs at least 3 players: type a name in each seat.")
        folded = {}
        for i, name in seated:
            key = " ".join(name.split()).casefold()
            if key in folded:
                self.add_error(f"player_{i}", f"{name} is already in seat {folded[key] + 1}.")
            folded.setdefault(key, i)
        self.cleaned_names = [n for _, n in seated]
        dealer = cleaned.get("first_dealer")
        if dealer == "draw":
            self.cleaned_first_dealer = secrets.randbelow(len(seated))
            self.dealer_drawn = True
        elif dealer is not None:
            seat = int(dealer)
            filled = [i for i, _ in seated]
            if seat not in filled:
                self.add_error("first_dealer", f"Seat {seat + 1} has nobody in it.")
            else:
                self.cleaned_first_dealer = filled.index(seat)
            self.dealer_drawn = False
        return cleaned


def parse_seat_numbers(
    data, *, prefix: str, players: int, required: bool, round_number: int, names: list[str], what: str
) -> tuple[list[int | None], dict[int, str]]:
    """Numbers per seat from POST data (``bid_0``, ``bid_1``...), with an error per seat.

    Anything that is not a whole number is refused here, beside that player's row;
    ranges and sums are the rules' business.
    """
    values: list[int | None] = []
    errors: dict[int, str] = {}
    for seat in range(players):
        raw = data.get(f"{prefix}_{seat}", "")
        raw = raw.strip() if isinstance(raw, str) else ""
        if raw == "":
            values.append(None)
            if required:
                errors[seat] = f"Round {round_number}: enter {names[seat]}'s {what}."
            continue
        try:
            value = int(raw)
        except ValueError:
            values.append(None)
            errors[seat] = f"Round {round_number}: {names[seat]}'s {what} must be a number, not “{raw[:12]}”."
            continue
        if not -100 <= value <= 100:
            values.append(None)
            errors[seat] = f"Round {round_number}: {names[seat]}'s {what} of {value} is not possible."
            continue
        values.append(value)
    return values, errors


def rule_error_to_seat(error: RuleError) -> tuple[dict[int, str], str]:
    """A rules refusal as (message by seat) or (message for the whole round)."""
    if error.player is not None:
        return {error.player: error.message}, ""
    return {}, error.message
