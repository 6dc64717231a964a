"""Checks every game's rules make of a recorded round, and ``RuleError``, what they raise.

Each check names the round (1-based), the player (an index into the seating
order) and the round field at fault, so a form can show the message beside the
right input.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from games.words import gettext, gettext_noop, ngettext

from .cards import STRAINS

if TYPE_CHECKING:
    from .base import RoundInfo


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


def round_message(number: int, message: str) -> str:
    """A rule broken in a round: "Round 3: " and the message, in the current language."""
    return gettext("Round {number}: {message}").format(number=number, message=message)


def round_error(
    number: int, message: str, *, player: int | None = None, field: str | None = None
) -> RuleError:
    """The RuleError of a rule broken in round ``number``: its message begins "Round 3: "."""
    return RuleError(round_message(number, message), round=number, player=player, field=field)


def who(names: list[str] | None, seat: int) -> str:
    """How a message names a player: their name, else "player N" (1-based)."""
    if names and 0 <= seat < len(names):
        return names[seat]
    return gettext("player {number}").format(number=seat + 1)


def int_list(
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
                said.format(number=round, what=gettext(what), name=who(names, i)),
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
        raise round_error(round, message, player=seat, field=field)


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


def check_tricks_fit_hand(
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
    message = (
        ngettext(
            "{name} took {took} tricks, but there is only {cards} to take.",
            "{name} took {took} tricks, but there are only {cards} to take.",
            cards,
        )
        if says is None
        else says
    )
    check_shares(
        tricks,
        cards,
        cards,
        lambda name, took: message.format(name=name, took=took, cards=cards),
        round=info.number,
        field="tricks",
        what=gettext_noop("the tricks"),
        names=names,
        seats=seats,
    )


def check_shares(
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
    check_in_range(values, 0, most, says, round=round, field=field, names=names, seats=seats)
    counted = range(len(values)) if seats is None else seats
    check_adds_up(sum(values[s] for s in counted), total, round=round, field=field, what=what, but=but)


def share_list(
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
    shares = int_list(value, length=length, round=round, field=field, what=what, names=names)
    check_shares(shares, most, total, says, round=round, field=field, what=what, names=names, but=but)
    return shares


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


def check_strain(n: int, strain: Any, *, by: str, player: int) -> str:
    """Refuse a contract's strain that is not one of ``STRAINS``; ``by`` says whose contract."""
    if strain not in STRAINS:
        said = gettext(
            "Round {number}: {by} needs a strain: NT, S, H, D or C (no trumps, spades, hearts, diamonds or clubs)."
        )
        raise RuleError(said.format(number=n, by=by), round=n, player=player, field="contract")
    return str(strain)
