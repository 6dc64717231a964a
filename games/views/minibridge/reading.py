"""Reading the Minibridge forms: the points keypad and the contract and tricks chips.

Each reader returns what the form holds, typed, with a message for each field or
player that cannot be taken as it is; nothing here saves anything.
"""

from __future__ import annotations

from ...forms import parse_int, parse_seat_numbers
from ...rules import RoundInfo
from ...rules.cards import STRAINS
from ...rules.minibridge import (
    DECK_HCP,
    HAND_CARDS,
    MAX_HAND_HCP,
)
from .deals import (
    announcing_order,
)


def _seat_or_none(raw) -> int | None:
    return int(raw) if isinstance(raw, str) and raw in ("0", "1", "2", "3") else None


def read_points(post, info: RoundInfo, names: list[str]):
    """The keypad form: points so far (hidden fields), which player it fills, the value tapped.

    Returns (hcp, at, moved, errors by seat): ``moved`` when a player's row was
    tapped (the keypad moves to them, nothing else changes).
    """
    n = info.number
    order = announcing_order(info.dealer)
    hcp, errors = parse_seat_numbers(
        post, prefix="hcp", players=4, required=False, round_number=n, names=names, what="points"
    )
    for seat, value in enumerate(hcp):
        if value is not None and not 0 <= value <= MAX_HAND_HCP:
            errors[seat] = (
                f"Round {n}: {names[seat]} has {value} high-card points, but a hand holds 0 to {MAX_HAND_HCP}."
            )
            hcp[seat] = None
    at = _seat_or_none(post.get("at"))
    goto = _seat_or_none(post.get("goto"))
    if goto is not None and goto in order[:3]:
        hcp[order[3]] = None
        return hcp, goto, True, errors
    raw = post.get("pick", "")
    if raw != "":
        target = at if at in order[:3] else next((s for s in order[:3] if hcp[s] is None), None)
        if target is None:
            errors[order[0]] = f"Round {n}: tap the player whose points you are entering first."
        elif (picked := parse_int(raw, 0, MAX_HAND_HCP)) is None:
            errors[target] = (
                f"Round {n}: {names[target]}'s points must be a number from 0 to {MAX_HAND_HCP}, "
                f"not “{raw[:12]}”."
            )
        else:
            hcp[target] = picked
            following = [s for s in order[order.index(target) + 1 : 3] if hcp[s] is None]
            at = following[0] if following else next((s for s in order[:3] if hcp[s] is None), target)
    first = [hcp[s] for s in order[:3]]
    if None not in first and not errors:
        given_fourth = hcp[order[3]]
        total = sum(first)
        if given_fourth is not None and total + given_fourth != DECK_HCP and raw == "":
            # All four were sent (a plain form or a record): they must add up to 40.
            errors[order[3]] = (
                f"Round {n}: the high-card points add up to {total + given_fourth}, but a deal holds {DECK_HCP}."
            )
        elif total > DECK_HCP:
            last = at if at in order[:3] else order[2]
            errors[last] = (
                f"Round {n}: the points so far add up to {total}, {total - DECK_HCP} more than the "
                f"{DECK_HCP} in a deal."
            )
        elif DECK_HCP - total > MAX_HAND_HCP:
            errors[order[3]] = (
                f"Round {n}: {names[order[3]]} would hold {DECK_HCP - total} points, but a hand holds "
                f"at most {MAX_HAND_HCP}."
            )
    hcp[order[3]] = None  # always worked out again from the other three
    return hcp, at, False, errors


def read_contract(post, n: int):
    """Strain, part-score or game, tricks; (strain, game, tricks, errors by field)."""
    errors: dict[str, str] = {}
    strain = post.get("strain", "")
    if strain not in ("", *STRAINS):
        errors["strain"] = f"Round {n}: pick the strain from NT, ♠, ♥, ♦ and ♣."
        strain = ""
    raw_game = post.get("game", "")
    game = {"": None, "0": False, "1": True}.get(raw_game)
    if raw_game not in ("", "0", "1"):
        errors["contract"] = f"Round {n}: pick part-score or game."
    raw_tricks = post.get("tricks", "")
    tricks = None
    if raw_tricks != "":
        tricks = parse_int(raw_tricks, 0, HAND_CARDS)
        if tricks is None:
            errors["tricks"] = (
                f"Round {n}: the tricks must be a number from 0 to {HAND_CARDS}, not “{raw_tricks[:12]}”."
            )
    return strain, game, tricks, errors
