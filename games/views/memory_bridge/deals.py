"""What a Memory Bridge deal holds, read for the sheet, the panel and the actions.

The lines that say what the first half scored and what the contract is (whether a
first half ends the game is the rules' ``ends_in_first_half``).
"""

from __future__ import annotations

from django.utils.translation import gettext

from games.rules.memory_bridge import contract_name, first_half_score, first_half_winner


def first_half_line(names: list[str], first_half: list[int]) -> str:
    winner = first_half_winner(first_half)
    tricks = first_half[winner]
    return gettext(
        "First half: {first} {first_tricks}, {second} {second_tricks}: {name} scores 100 + {extra} = {points}"
    ).format(
        first=names[0],
        first_tricks=first_half[0],
        second=names[1],
        second_tricks=first_half[1],
        name=names[winner],
        extra=first_half_score(tricks) - 100,
        points=first_half_score(tricks),
    )


def contract_words(names: list[str], contract: dict) -> str:
    return gettext("{contract} by {name}").format(
        contract=contract_name(contract["level"], contract["strain"], contract["doubled"]),
        name=names[contract["declarer"]],
    )
