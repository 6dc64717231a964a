"""Minibridge deals in words and numbers, shared by the sheet, the entry panel and the actions.

The seats and their letters, the announcing order, who declares for which side,
the deal number of each recorded round (a 20:20 redeal and its replay share one),
and the lines that say what a contract is and what a played deal scored.
"""

from __future__ import annotations

from games.forms import COMPASS_SEATS
from games.rules.cards import trick_score
from games.rules.minibridge import (
    GAME_BONUS,
    PART_SCORE_BONUS,
    SIDE_NAMES,
    SIDES,
    STRAIN_SYMBOLS,
    UNDERTRICK,
    contract_name,
    deal_score,
    tricks_needed,
)

SEAT_NAMES = COMPASS_SEATS  # North, East, South, West: seats 0 to 3
LETTERS = "NESW"
PERSONAL_ORDER = (0, 2, 1, 3)  # the paper sheet's columns: points held by N, S, E, W


def who(names: list[str], seat: int) -> str:
    return f"{names[seat]} ({SEAT_NAMES[seat]})"


def side_players(names: list[str], side: str) -> str:
    a, b = SIDES[side]
    return f"{names[a]} & {names[b]}"


def deal_numbers(state) -> list[int]:
    """Deal number of each recorded round: a 20:20 redeal and its replay share one."""
    numbers, played = [], 0
    for result in state.rounds:
        numbers.append(played + 1)
        if result.complete and not result.facts["redeal"]:
            played += 1
    return numbers


def deals_played(state) -> int:
    return sum(1 for r in state.rounds if r.complete and not r.facts["redeal"])


def contract_short(strain: str, game: bool) -> str:
    return f"{'Game' if game else 'Part-score'} {STRAIN_SYMBOLS[strain]}"


def result_line(strain: str, game: bool, tricks: int, side: str) -> str:
    """What a played deal scored, as the panel says it after the last tap."""
    needed = tricks_needed(strain, game)
    declaring, defending = deal_score(strain, game, tricks)
    other = "EW" if side == "NS" else "NS"
    if tricks >= needed:
        over = tricks - needed
        extra = f" with {over} over" if over else ""
        return (
            f"{SIDE_NAMES[side]} made {contract_name(strain, game)}{extra}: {SIDE_NAMES[side]} +{declaring}"
        )
    return (
        f"{SIDE_NAMES[side]} took {tricks} of {needed} in {contract_name(strain, game)}, "
        f"{needed - tricks} short: {SIDE_NAMES[other]} +{defending}"
    )


def side_explain(side: str, facts: dict, data: dict, names: list[str]) -> str:
    """One line on what a played deal scored for one partnership."""
    strain, game = data["contract"]["strain"], data["contract"]["game"]
    tricks = data["tricks"]
    declaring_side = facts["declaring_side"]
    needed = tricks_needed(strain, game)
    name = contract_name(strain, game)
    short = needed - tricks
    if side == declaring_side:
        line = (
            f"{SIDE_NAMES[side]} declared {name} ({names[facts['declarer']]}), needed {needed}, took {tricks}"
        )
        if short > 0:
            return f"{line}: {short} short, 0"
        bonus = f"{GAME_BONUS} game bonus" if game else f"{PART_SCORE_BONUS} part-score bonus"
        return f"{line}: made, {trick_score(strain, tricks)} + {bonus} = {facts['declaring_points']}"
    line = (
        f"{SIDE_NAMES[side]} defended {SIDE_NAMES[declaring_side]}'s {name} (needed {needed}, took {tricks})"
    )
    if short > 0:
        return f"{line}: {short} short × {UNDERTRICK} = {facts['defending_points']}"
    return f"{line}: made, 0"
