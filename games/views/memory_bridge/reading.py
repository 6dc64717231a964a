"""Reading the Memory Bridge forms: the first-half tricks and the contract and tricks chips.

Each reader returns what the form holds, typed, with a message for each field or
player that cannot be taken as it is, and ``contract_from`` turns the chips into the
record's contract; nothing here saves anything.
"""

from __future__ import annotations

from ...forms import parse_int
from ...rules.cards import STRAINS
from ...rules.memory_bridge import (
    HAND_CARDS,
)


def read_first_half(post, n: int, names: list[str]) -> tuple[list[int | None], dict[int, str]]:
    """The two first-half rows: one player's tricks fix the other's (13 in all).

    ``was_0``/``was_1`` hold what the rows showed, so a tap on one row of a
    filled pair is told apart from the other row, which then follows.
    """
    values: list[int | None] = [None, None]
    errors: dict[int, str] = {}
    for seat in (0, 1):
        raw = post.get(f"fh_{seat}", "")
        if raw == "":
            continue
        value = parse_int(raw, 0, HAND_CARDS)
        if value is None:
            errors[seat] = (
                f"Deal {n}: {names[seat]}'s first-half tricks must be a number from 0 to {HAND_CARDS}, "
                f"not “{raw[:12]}”."
            )
        values[seat] = value
    if errors:
        return values, errors
    was = [parse_int(post.get(f"was_{seat}", ""), 0, HAND_CARDS) for seat in (0, 1)]
    given = [s for s in (0, 1) if values[s] is not None]
    if len(given) == 2:
        changed = [s for s in (0, 1) if values[s] != was[s]]
        if len(changed) == 1:
            given = changed
    if len(given) == 1:
        seat = given[0]
        values[1 - seat] = HAND_CARDS - values[seat]
    return values, errors


def read_contract(post, n: int) -> tuple[dict, dict[str, str]]:
    """Declarer, level (or "pass"), strain, doubling and tricks as typed values, with errors by field."""
    values: dict = {}
    errors: dict[str, str] = {}
    raw = post.get("declarer", "")
    if raw != "":
        values["declarer"] = parse_int(raw, 0, 1)
        if values["declarer"] is None:
            errors["declarer"] = f"Deal {n}: tap who declares."
    raw = post.get("level", "")
    if raw == "pass":
        values["level"] = "pass"
    elif raw != "":
        values["level"] = parse_int(raw, 1, 7)
        if values["level"] is None:
            errors["level"] = f"Deal {n}: the level must be 1 to 7 (7 to 13 tricks), or passed out."
    raw = post.get("strain", "")
    if raw != "":
        if raw in STRAINS:
            values["strain"] = raw
        else:
            errors["strain"] = f"Deal {n}: pick the strain from NT, ♠, ♥, ♦ and ♣."
    raw = post.get("doubled", "0") or "0"
    values["doubled"] = parse_int(raw, 0, 2)
    if values["doubled"] is None:
        values["doubled"] = 0
        errors["doubled"] = f"Deal {n}: doubling is not doubled, doubled or redoubled."
    raw = post.get("tricks", "")
    if raw != "":
        values["tricks"] = parse_int(raw, 0, HAND_CARDS)
        if values["tricks"] is None:
            errors["tricks"] = (
                f"Deal {n}: the tricks must be a number from 0 to {HAND_CARDS}, not “{raw[:12]}”."
            )
    return {k: v for k, v in values.items() if v is not None}, errors


def contract_from(values: dict) -> dict | None | str:
    """The record's contract from the form: a dict, None (passed out), or "" while incomplete."""
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
