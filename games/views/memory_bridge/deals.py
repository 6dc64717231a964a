"""What a Memory Bridge deal holds, read for the sheet, the panel and the actions.

The totals before a deal, whether its first half takes a player to the target
(the game then ends there), and the lines that say what the first half scored
and what the contract is.
"""

from __future__ import annotations

from ...rules.memory_bridge import (
    WINNING_TRICKS,
    contract_name,
    first_half_score,
)


def totals_before(state, number: int) -> list[int]:
    if number <= 1:
        return [0, 0]
    return list(state.rounds[number - 2].totals)


def ends_in_first_half(state, number: int, first_half: list[int]) -> bool:
    """Would this first half take its winner to the target (the game then ends there)?"""
    winner = 0 if first_half[0] >= WINNING_TRICKS else 1
    before = totals_before(state, number)
    return before[winner] + first_half_score(first_half[winner]) >= state.options["target"]


def first_half_line(names: list[str], first_half: list[int]) -> str:
    winner = 0 if first_half[0] >= WINNING_TRICKS else 1
    tricks = first_half[winner]
    return (
        f"First half: {names[0]} {first_half[0]}, {names[1]} {first_half[1]}: {names[winner]} scores "
        f"100 + {first_half_score(tricks) - 100} = {first_half_score(tricks)}"
    )


def contract_words(names: list[str], contract: dict) -> str:
    return f"{contract_name(contract['level'], contract['strain'], contract['doubled'])} by {names[contract['declarer']]}"
