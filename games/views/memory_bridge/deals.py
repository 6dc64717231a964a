"""What a Memory Bridge deal holds, read for the sheet, the panel and the actions.

The lines that say what the first half scored and what the contract is (whether a
first half ends the game is the rules' ``ends_in_first_half``).
"""

from __future__ import annotations

from games.rules.memory_bridge import contract_name, first_half_score, first_half_winner


def first_half_line(names: list[str], first_half: list[int]) -> str:
    winner = first_half_winner(first_half)
    tricks = first_half[winner]
    return (
        f"First half: {names[0]} {first_half[0]}, {names[1]} {first_half[1]}: {names[winner]} scores "
        f"100 + {first_half_score(tricks) - 100} = {first_half_score(tricks)}"
    )


def contract_words(names: list[str], contract: dict) -> str:
    return f"{contract_name(contract['level'], contract['strain'], contract['doubled'])} by {names[contract['declarer']]}"
