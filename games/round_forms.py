"""A round's entry as a Django form: one form per step of a game, read by one pipeline.

``Table.act`` (games/views/table.py) runs every round action the same way: load the
game, find the round, bind the step's form to the POST, and then

- an invalid form (``is_valid()`` False): nothing stored, the panel with the input kept
  and each message beside its field (a seat's row, or a field such as the strain);
- a valid form whose ``round_data`` is None: nothing to store yet (a chip tapped, the
  keypad moved), the panel as it now stands;
- otherwise ``round_data`` is stored; a refusal by the rules when saving comes back
  through ``refuse`` and is shown like any other error.

Every field is read as the string sent (``RawField``); ``clean()`` turns the strings
into the round's data and asks the rules (games/rules/) what is allowed, so no view
parses a request or checks a rule. A form also holds the typed values the panel draws
(``bids``, ``hcp``, ...): from the POST when bound, from the stored round when a
correction form is first shown (unbound). Messages name the round and the player, as
the rules' own do.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, override

from django import forms
from django.forms.utils import ErrorDict
from django.utils.translation import gettext, gettext_noop

from games.forms import COMPASS_SEATS, parse_int
from games.rules import RoundInfo, RoundResult, RuleError
from games.rules.bugger_bridge import PENALTY_REASONS, REDEAL_PENALTY
from games.rules.cards import STRAINS
from games.rules.memory_bridge import HAND_CARDS as MEMORY_CARDS
from games.rules.memory_bridge import ends_in_first_half
from games.rules.minibridge import (
    DECK_HCP,
    HAND_CARDS,
    MAX_HAND_HCP,
    announcing_order,
    declarer_for,
    fill_fourth,
)
from games.words import round_noun

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


# -- a number per player (games.views.scores: any game whose rounds are each player's points) ---------


class ScoresForm(RoundForm):
    """Each player's points for the round being entered, all of them whole numbers."""

    seat_fields = ("score",)
    # Any number a box takes goes to the rules, which say what a round may score (Free scoring: ±10,000).
    MOST = 10**9

    def start(self) -> None:
        self.values: list[int | None] = [None] * len(self.names)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        self.values = self.seat_numbers("score", "points", seats=range(len(self.names)), most=self.MOST)
        for seat, value in enumerate(self.values):
            if value is None and f"score_{seat}" not in self.errors:
                self.flag(
                    f"score_{seat}",
                    gettext("Round {round}: enter {name}'s points.").format(
                        round=self.number, name=self.names[seat]
                    ),
                )
        if not self.errors:
            self.round_data = {"scores": self.values}
        return cleaned


class ScoresCorrectionForm(ScoresForm):
    """A finished round's points; every later total follows."""

    corrects = True

    def start(self) -> None:
        self.values = list(self.target.data["scores"])


# -- the bidding games: bids, then tricks; a correction of both -------------------------------------


class BiddingForm(RoundForm):
    def bids_so_far(self, bids: list[int | None]) -> None:
        """The rules' check of the bids made so far, beside the bid at fault."""
        try:
            self.rules.check_bids_so_far(self.info, bids, self.state.options, names=self.names)
        except RuleError as exc:
            if exc.player is not None:
                self.flag(f"bid_{exc.player}", exc.message)

    def require(self, prefix: str, values: list[int | None], missing: str) -> None:
        for seat in self.info.active:
            if values[seat] is None and f"{prefix}_{seat}" not in self.errors:
                self.flag(f"{prefix}_{seat}", missing.format(round=self.number, name=self.names[seat]))


class BidsForm(BiddingForm):
    """Everyone's bids and the trumps turned up; saved once all are in (with htmx, a tap shows the total)."""

    seat_fields = ("bid",)
    trump = RawField()

    def start(self) -> None:
        self.bids: list[int | None] = [None] * len(self.names)
        self.trump_value = ""

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        info = self.info
        # Every seat's box is read: a bid typed for a player not in the hand (out, or waiting) is refused
        # by the rules beside that player, not dropped.
        self.bids = self.seat_numbers("bid", "bid", seats=range(len(self.names)))
        trump = self.raw("trump")
        if trump and trump not in self.rules.allowed_trumps(info):
            self.add_error(None, self.table.pick_trumps)
            return cleaned
        self.trump_value = trump
        if self.errors:
            return cleaned
        self.bids_so_far(self.bids)
        missing = [s for s in info.active if self.bids[s] is None]
        if self.errors or (missing and self.htmx and not self.saving):
            return cleaned  # a chip tapped: the running total; nothing is stored until all have bid
        self.require("bid", self.bids, gettext("Round {round}: {name} has not bid."))
        if self.errors:
            return cleaned
        # Bids entered again (after "Change bids", or a redeal) keep the round's other facts (penalties).
        current = self.current
        data = {k: v for k, v in (current.data if current else {}).items() if k != "trump"}
        data["bids"] = self.bids
        if trump:
            data["trump"] = trump
        self.round_data = data
        return cleaned


class TricksForm(BiddingForm):
    """The tricks each player took, checked against the cards when saved."""

    seat_fields = ("tricks",)

    def fits(self) -> bool:
        return self.current is not None

    def start(self) -> None:
        self.bids: list[int | None] = list(self.current.data["bids"]) if self.current else []
        self.tricks: list[int | None] = list(self.bids)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        self.tricks = self.seat_numbers("tricks", "tricks", seats=self.info.active)
        if self.saving:
            self.require("tricks", self.tricks, gettext("Round {round}: enter {name}'s tricks."))
        if self.saving and not self.errors and self.current is not None:
            self.round_data = dict(self.current.data, tricks=self.tricks)
        return cleaned


class BiddingCorrectionForm(BiddingForm):
    """A finished round's bids and tricks together; every later total follows."""

    seat_fields = ("bid", "tricks")
    corrects = True

    def start(self) -> None:
        self.bids: list[int | None] = list(self.target.data["bids"])
        self.tricks: list[int | None] = list(self.target.data["tricks"])

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        active = self.info.active
        self.bids = self.seat_numbers("bid", "bid", seats=active)
        self.require("bid", self.bids, gettext("Round {round}: {name} has not bid."))
        if not self.errors:
            self.bids_so_far(self.bids)
        self.tricks = self.seat_numbers("tricks", "tricks", seats=active)
        self.require("tricks", self.tricks, gettext("Round {round}: enter {name}'s tricks."))
        if not self.errors:
            self.round_data = dict(self.target.data, bids=self.bids, tricks=self.tricks)
        return cleaned

    def refuse(self, exc: RuleError) -> None:
        self.refusal = exc
        number = self.number
        if exc.player is not None and exc.round == number:
            self.flag(f"{'bid' if exc.field == 'bids' else 'tricks'}_{exc.player}", exc.message)
            return
        message = exc.message
        if exc.round is not None and exc.round != number:
            word = self.table.round_word.lower()
            message = gettext(
                "That correction does not fit the {rounds} played after it. {message} Undo back to {round} {number} to change it."
            ).format(rounds=round_noun(word, 2), message=message, round=round_noun(word), number=number)
        self.flag(None, message)


class PenaltyForm(RoundForm):
    """Bugger Bridge's redeal: who is at fault and why; they lose 10 and everyone bids again."""

    player = RawField()
    reason = RawField()

    def fits(self) -> bool:
        return self.current is not None

    def start(self) -> None:
        self.bids: list[int | None] = list(self.current.data["bids"]) if self.current else []
        self.seat: int | None = None

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        seat = parse_int(self.raw("player"), 0, len(self.names) - 1)
        reason = self.raw("reason")
        if seat not in self.info.active or reason not in PENALTY_REASONS or self.current is None:
            self.add_error(None, gettext("To record a redeal, pick who is at fault and why."))
            return cleaned
        self.seat = seat
        penalty = {"player": seat, "points": REDEAL_PENALTY, "reason": reason}
        self.round_data = dict(
            self.current.data, penalties=[*self.current.data.get("penalties", []), penalty]
        )
        return cleaned

    def note(self, after: Any) -> str:
        name = after.names[self.seat] if self.seat is not None else ""
        return gettext(
            "Round {number} is redealt by the same dealer; {name} loses {points}. Bid again."
        ).format(number=self.number, name=name, points=-REDEAL_PENALTY)


# -- Minibridge: the points keypad, then the contract and tricks -------------------------------------


def seat_or_none(raw: Any) -> int | None:
    return int(raw) if isinstance(raw, str) and raw in ("0", "1", "2", "3") else None


class MinibridgePointsMixin(RoundForm):
    """The keypad: the points so far (hidden fields), which player it fills (``at``), the value tapped."""

    seat_fields = ("hcp",)
    at = RawField()
    goto = RawField()
    pick = RawField()

    def read_points(self) -> None:
        """Sets ``hcp`` (the fourth left None: it follows from 40), ``at`` and ``moved`` (a row tapped)."""
        n = self.number
        names = self.names
        order = announcing_order(self.info.dealer)
        self.moved = False
        hcp = self.seat_numbers("hcp", "points", seats=range(4))
        for seat, value in enumerate(hcp):
            if value is not None and not 0 <= value <= MAX_HAND_HCP:
                self.flag(
                    f"hcp_{seat}",
                    gettext(
                        "Round {round}: {name} has {points} high-card points, but a hand holds 0 to {most}."
                    ).format(round=n, name=names[seat], points=value, most=MAX_HAND_HCP),
                )
                hcp[seat] = None
        self.hcp = hcp
        at = seat_or_none(self.raw("at"))
        self.at_seat = at
        goto = seat_or_none(self.raw("goto"))
        if goto is not None and goto in order[:3]:
            hcp[order[3]] = None
            self.at_seat, self.moved = goto, True
            return
        raw = self.raw("pick")
        if raw != "":
            target = at if at in order[:3] else next((s for s in order[:3] if hcp[s] is None), None)
            if target is None:
                self.flag(
                    f"hcp_{order[0]}",
                    gettext("Round {round}: tap the player whose points you are entering first.").format(
                        round=n
                    ),
                )
            elif (picked := parse_int(raw, 0, MAX_HAND_HCP)) is None:
                self.flag(
                    f"hcp_{target}",
                    gettext(
                        "Round {round}: {name}'s points must be a number from 0 to {most}, not “{shown}”."
                    ).format(round=n, name=names[target], most=MAX_HAND_HCP, shown=raw[:12]),
                )
            else:
                hcp[target] = picked
                following = [s for s in order[order.index(target) + 1 : 3] if hcp[s] is None]
                self.at_seat = (
                    following[0] if following else next((s for s in order[:3] if hcp[s] is None), target)
                )
        first = [hcp[s] for s in order[:3]]
        if None not in first and not self.errors:
            known = [v for v in first if v is not None]
            given_fourth = hcp[order[3]]
            total = sum(known)
            if given_fourth is not None and total + given_fourth != DECK_HCP and raw == "":
                # All four were sent (a plain form or a record): they must add up to 40.
                self.flag(
                    f"hcp_{order[3]}",
                    gettext(
                        "Round {round}: the high-card points add up to {total}, but a deal holds {deck}."
                    ).format(round=n, total=total + given_fourth, deck=DECK_HCP),
                )
            elif total > DECK_HCP:
                last = self.at_seat if self.at_seat in order[:3] else order[2]
                self.flag(
                    f"hcp_{last}",
                    gettext(
                        "Round {round}: the points so far add up to {total}, {more} more than the {deck} in a deal."
                    ).format(round=n, total=total, more=total - DECK_HCP, deck=DECK_HCP),
                )
            elif DECK_HCP - total > MAX_HAND_HCP:
                self.flag(
                    f"hcp_{order[3]}",
                    gettext(
                        "Round {round}: {name} would hold {points} points, but a hand holds at most {most}."
                    ).format(round=n, name=names[order[3]], points=DECK_HCP - total, most=MAX_HAND_HCP),
                )
        hcp[order[3]] = None  # always worked out again from the other three

    def announced(self) -> bool:
        """Whether the three who announce have all been given points."""
        return None not in [self.hcp[s] for s in announcing_order(self.info.dealer)[:3]]


class MinibridgeContractMixin(RoundForm):
    """Strain, part-score or game, and the tricks the declaring side took."""

    strain = RawField()
    game = RawField()
    tricks = RawField()
    contract = RawField()  # no input: where a message on the contract as a whole is shown

    def read_contract(self) -> None:
        n = self.number
        strain = self.raw("strain")
        if strain not in ("", *STRAINS):
            self.flag(
                "strain", gettext("Round {round}: pick the strain from NT, ♠, ♥, ♦ and ♣.").format(round=n)
            )
            strain = ""
        raw_game = self.raw("game")
        if raw_game not in ("", "0", "1"):
            self.flag("contract", gettext("Round {round}: pick part-score or game.").format(round=n))
        raw_tricks = self.raw("tricks")
        tricks = None
        if raw_tricks != "":
            tricks = parse_int(raw_tricks, 0, HAND_CARDS)
            if tricks is None:
                self.flag(
                    "tricks",
                    gettext(
                        "Round {round}: the tricks must be a number from 0 to {most}, not “{shown}”."
                    ).format(round=n, most=HAND_CARDS, shown=raw_tricks[:12]),
                )
        self.strain_value: str = strain
        self.game_value: bool | None = {"": None, "0": False, "1": True}.get(raw_game)
        self.tricks_value: int | None = tricks


class MinibridgePointsForm(MinibridgePointsMixin):
    """The points as announced: saved once three are in (a 20:20 split is a redeal)."""

    def start(self) -> None:
        self.hcp: list[int | None] = [None] * 4
        self.at_seat: int | None = None
        self.changing = self.current is not None
        self.found: tuple[str, int] | None = None
        self.lost_contract = False

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        self.read_points()
        if self.errors or self.moved or not self.announced():
            return cleaned
        full = fill_fourth(self.hcp, self.info.dealer)
        self.hcp = full
        self.found = declarer_for(full, self.info.dealer)  # type: ignore[arg-type]
        data: dict[str, Any] = {"hcp": full}
        current = self.current
        if self.found is None:
            data["redeal"] = True
        elif current is not None and "contract" in current.data:
            if current.facts["declarer"] == self.found[1]:
                data["contract"] = current.data["contract"]  # same declarer: the contract stands
            else:
                self.lost_contract = True
        self.round_data = data
        return cleaned

    def refuse(self, exc: RuleError) -> None:
        self.refusal = exc
        self.flag(f"hcp_{exc.player}" if exc.player is not None else None, exc.message)

    def note(self, after: Any) -> str:
        names = after.names
        if self.found is None:
            dealer = self.info.dealer
            return gettext(
                "20:20 split: {name} ({seat}) deals again. That deal is not counted; announce the new points."
            ).format(name=names[dealer], seat=COMPASS_SEATS[dealer])
        if self.lost_contract:
            return gettext("The declarer is now {name} ({seat}): choose the contract again.").format(
                name=names[self.found[1]], seat=COMPASS_SEATS[self.found[1]]
            )
        return ""


class MinibridgeContractForm(MinibridgeContractMixin):
    """The contract (saved once strain and part-score or game are both in), then the tricks taken."""

    def fits(self) -> bool:
        return self.current is not None and not self.current.facts["redeal"]

    def start(self) -> None:
        contract = (self.current.data.get("contract") if self.current else None) or {}
        self.strain_value = contract.get("strain", "")
        self.game_value = contract.get("game")
        self.tricks_value = None

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        self.read_contract()
        if self.errors or self.current is None:
            return cleaned
        if self.strain_value == "" or self.game_value is None:
            if self.tricks_value is not None:
                self.flag(
                    "contract",
                    gettext("Round {round}: choose the contract before the tricks.").format(
                        round=self.number
                    ),
                )
            return cleaned
        data: dict[str, Any] = {
            "hcp": self.current.data["hcp"],
            "contract": {"strain": self.strain_value, "game": self.game_value},
        }
        if self.tricks_value is not None:
            data["tricks"] = self.tricks_value
        if data != self.current.data:
            self.round_data = data
        return cleaned

    def refuse(self, exc: RuleError) -> None:
        self.refusal = exc
        self.flag(exc.field or "contract", exc.message)


class MinibridgeCorrectionForm(MinibridgePointsMixin, MinibridgeContractMixin):
    """A finished deal: points, contract and tricks together; every later total follows."""

    corrects = True

    def start(self) -> None:
        data = self.target.data
        contract = data.get("contract") or {}
        self.hcp = list(data["hcp"])
        self.at_seat = announcing_order(self.info.dealer)[0]
        self.strain_value = contract.get("strain", "")
        self.game_value = contract.get("game")
        self.tricks_value = data.get("tricks")
        self.hints: dict[int, str] = {}

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        self.read_points()
        self.read_contract()
        if self.errors:
            return cleaned
        if not self.announced():
            missing = {
                s: gettext("Round {round}: enter {name}'s points.").format(
                    round=self.number, name=self.names[s]
                )
                for s in announcing_order(self.info.dealer)[:3]
                if self.hcp[s] is None
            }
            if not self.saving:
                self.hints = missing  # shown beside the rows, but nothing is refused yet
            for seat, message in missing.items() if self.saving else ():
                self.flag(f"hcp_{seat}", message)
            return cleaned
        if self.moved or not self.saving:
            return cleaned
        full = fill_fourth(self.hcp, self.info.dealer)
        data: dict[str, Any] = {"hcp": full}
        if declarer_for(full, self.info.dealer) is None:  # type: ignore[arg-type]
            data["redeal"] = True
        else:
            if self.strain_value == "" or self.game_value is None:
                self.flag(
                    "contract",
                    gettext("Round {round}: choose the strain and part-score or game.").format(
                        round=self.number
                    ),
                )
            if self.tricks_value is None:
                self.flag(
                    "tricks",
                    gettext("Round {round}: tap the tricks the declaring side took.").format(
                        round=self.number
                    ),
                )
            if self.errors:
                return cleaned
            data["contract"] = {"strain": self.strain_value, "game": self.game_value}
            data["tricks"] = self.tricks_value
        self.round_data = data
        return cleaned

    def refuse(self, exc: RuleError) -> None:
        self.place(exc, seat_prefix="hcp", seat_kinds=("hcp", "redeal", None))

    @override
    def note(self, after: Any) -> str:
        return gettext("Round {number} corrected; every total after it is worked out again.").format(
            number=self.number
        )


# -- Memory Bridge: the first half, then the contract and the second half's tricks --------------------


class MemoryFirstHalfMixin(RoundForm):
    """The two first-half rows: one player's tricks fix the other's (13 in all).

    ``was_0``/``was_1`` hold what the rows showed, so a tap on one row of a filled
    pair is told apart from the other row, which then follows.
    """

    seat_fields = ("fh", "was")

    def read_first_half(self) -> list[int | None]:
        n = self.number
        values: list[int | None] = [None, None]
        for seat in (0, 1):
            raw = self.raw(f"fh_{seat}")
            if raw == "":
                continue
            value = parse_int(raw, 0, MEMORY_CARDS)
            if value is None:
                self.flag(
                    f"fh_{seat}",
                    gettext(
                        "Deal {number}: {name}'s first-half tricks must be a number from 0 to {most}, not “{shown}”."
                    ).format(number=n, name=self.names[seat], most=MEMORY_CARDS, shown=raw[:12]),
                )
            values[seat] = value
        if self.errors:
            return values
        was = [parse_int(self.raw(f"was_{seat}"), 0, MEMORY_CARDS) for seat in (0, 1)]
        given = [s for s in (0, 1) if values[s] is not None]
        if len(given) == 2:
            changed = [s for s in (0, 1) if values[s] != was[s]]
            if len(changed) == 1:
                given = changed
        if len(given) == 1:
            seat = given[0]
            values[1 - seat] = MEMORY_CARDS - (values[seat] or 0)
        return values

    def ends_game(self, first_half: list[int]) -> bool:
        """Would this first half take its winner to the target (the game then ends there)?"""
        rounds = self.state.rounds
        before = list(rounds[self.number - 2].totals) if self.number > 1 else [0, 0]
        return ends_in_first_half(before, first_half, self.state.options["target"])


class MemoryContractMixin(RoundForm):
    """Declarer, level (or "pass"), strain, doubling and the declarer's tricks."""

    declarer = RawField()
    level = RawField()
    strain = RawField()
    doubled = RawField()
    tricks = RawField()

    def read_contract(self) -> None:
        n = self.number
        values: dict[str, Any] = {}
        raw = self.raw("declarer")
        if raw != "":
            values["declarer"] = parse_int(raw, 0, 1)
            if values["declarer"] is None:
                self.flag("declarer", gettext("Deal {number}: tap who declares.").format(number=n))
        raw = self.raw("level")
        if raw == "pass":
            values["level"] = "pass"
        elif raw != "":
            values["level"] = parse_int(raw, 1, 7)
            if values["level"] is None:
                self.flag(
                    "level",
                    gettext(
                        "Deal {number}: the level must be 1 to 7 (7 to 13 tricks), or passed out."
                    ).format(number=n),
                )
        raw = self.raw("strain")
        if raw != "":
            if raw in STRAINS:
                values["strain"] = raw
            else:
                self.flag(
                    "strain",
                    gettext("Deal {number}: pick the strain from NT, ♠, ♥, ♦ and ♣.").format(number=n),
                )
        values["doubled"] = parse_int(self.raw("doubled") or "0", 0, 2)
        if values["doubled"] is None:
            values["doubled"] = 0
            self.flag(
                "doubled",
                gettext("Deal {number}: doubling is not doubled, doubled or redoubled.").format(number=n),
            )
        raw = self.raw("tricks")
        if raw != "":
            values["tricks"] = parse_int(raw, 0, MEMORY_CARDS)
            if values["tricks"] is None:
                self.flag(
                    "tricks",
                    gettext(
                        "Deal {number}: the tricks must be a number from 0 to {most}, not “{shown}”."
                    ).format(number=n, most=MEMORY_CARDS, shown=raw[:12]),
                )
        self.values = {k: v for k, v in values.items() if v is not None}

    def contract(self) -> dict[str, Any] | None | str:
        """The record's contract from the form: a dict, None (passed out), or "" while incomplete."""
        values = self.values
        if values.get("level") == "pass":
            return None
        if all(k in values for k in ("declarer", "level", "strain")):
            return {
                "declarer": values["declarer"],
                "level": values["level"],
                "strain": values["strain"],
                "doubled": values.get("doubled", 0),
            }
        return ""

    def refuse(self, exc: RuleError) -> None:
        self.place(exc, default="level")


def stored_values(data: dict[str, Any]) -> dict[str, Any]:
    """The contract and tricks of a recorded deal, as the contract form's values."""
    values: dict[str, Any] = {"doubled": 0}
    if "contract" in data:
        if data["contract"] is None:
            values["level"] = "pass"
        else:
            values.update(data["contract"])
    if "tricks" in data:
        values["tricks"] = data["tricks"]
    return values


class MemoryFirstHalfForm(MemoryFirstHalfMixin):
    """The first half's tricks (one tap: the other player's follow); saved at once."""

    def start(self) -> None:
        self.first_half: list[int | None] = [None, None]
        self.changing = self.current is not None

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        self.first_half = first_half = self.read_first_half()
        if self.errors:
            return cleaned
        if None in first_half:
            if self.saving:
                self.add_error(
                    None,
                    gettext(
                        "Deal {number}: tap how many tricks either player took in the first half."
                    ).format(number=self.number),
                )
            return cleaned
        full = [v or 0 for v in first_half]
        data: dict[str, Any] = {"first_half": full}
        current = self.current
        if current is not None and "contract" in current.data and not self.ends_game(full):
            data["contract"] = current.data["contract"]  # the auction stands
        self.round_data = data
        return cleaned

    def refuse(self, exc: RuleError) -> None:
        self.refusal = exc
        self.flag(f"fh_{exc.player}" if exc.player is not None else None, exc.message)


class MemorySecondHalfForm(MemoryContractMixin):
    """The contract (saved once declarer, level and strain are in, or passed out), then the tricks."""

    def fits(self) -> bool:
        return self.current is not None

    def start(self) -> None:
        self.values = stored_values(self.current.data) if self.current else {}

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        self.read_contract()
        if self.errors or self.current is None:
            return cleaned
        contract = self.contract()
        if contract == "":
            if "tricks" in self.values:
                self.flag(
                    "level",
                    gettext("Deal {number}: choose declarer, level and strain before the tricks.").format(
                        number=self.number
                    ),
                )
            return cleaned
        data = {"first_half": self.current.data["first_half"], "contract": contract}
        if "tricks" in self.values:
            data["tricks"] = self.values["tricks"]
        if data != self.current.data:
            self.round_data = data
        return cleaned


class MemoryCorrectionForm(MemoryFirstHalfMixin, MemoryContractMixin):
    """A finished deal: both halves together; every later total follows."""

    corrects = True

    def start(self) -> None:
        self.first_half = list(self.target.data["first_half"])
        self.values = stored_values(self.target.data)
        self.ended_now = False

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        self.first_half = self.read_first_half()
        self.read_contract()
        if self.errors or not self.saving:
            return cleaned
        first_half = self.first_half
        if None in first_half:
            first_half = list(self.target.data["first_half"])  # nothing tapped: the first half stands
            self.first_half = first_half
        full = [v or 0 for v in first_half]
        data: dict[str, Any] = {"first_half": full}
        contract = self.contract()
        if self.ends_game(full):
            self.ended_now = "contract" in self.target.data or contract != ""
        else:
            if contract == "":
                self.flag(
                    "level",
                    gettext("Deal {number}: choose declarer, level and strain, or passed out.").format(
                        number=self.number
                    ),
                )
                return cleaned
            data["contract"] = contract
            if isinstance(contract, dict):
                if "tricks" not in self.values:
                    self.flag(
                        "tricks",
                        gettext("Deal {number}: tap the tricks {name} took.").format(
                            number=self.number, name=self.names[contract["declarer"]]
                        ),
                    )
                    return cleaned
                data["tricks"] = self.values["tricks"]
        self.round_data = data
        return cleaned

    def refuse(self, exc: RuleError) -> None:
        self.place(exc, seat_prefix="fh", seat_kinds=("first_half",), default="level")

    @override
    def note(self, after: Any) -> str:
        if self.ended_now:
            return gettext(
                "Deal {number} corrected: the first half now ends the game, so its second half no longer counts."
            ).format(number=self.number)
        return gettext("Deal {number} corrected; every total after it is worked out again.").format(
            number=self.number
        )
