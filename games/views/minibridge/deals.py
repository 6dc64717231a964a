"""Minibridge deals in words and numbers, shared by the sheet, the entry panel and the actions.

The seats and their letters, the announcing order, who declares for which side,
the deal number of each recorded round (a 20:20 redeal and its replay share one),
and the lines that say what a contract is and what a played deal scored.
"""

from __future__ import annotations

from django.utils.translation import gettext, pgettext

from games.forms import COMPASS_SEATS
from games.rules.minibridge import (
    SIDE_NAMES,
    SIDES,
    STRAIN_SYMBOLS,
    UNDERTRICK,
    contract_name,
    deal_score,
    declaring_line,
    tricks_needed,
)

SEAT_NAMES = COMPASS_SEATS  # North, East, South, West: seats 0 to 3
LETTERS = "NESW"  # as the session record and the code know the seats


def letter(seat: int) -> str:
    """A seat's letter in the page's language (N, E, S, O in French)."""
    # Translators: the first letters of North, East, South and West, in that order.
    return gettext("NESW")[seat]


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
    kind = pgettext("a game contract, as against a part-score", "Game") if game else gettext("Part-score")
    return f"{kind} {STRAIN_SYMBOLS[strain]}"


def result_line(strain: str, game: bool, tricks: int, side: str) -> str:
    """What a played deal scored, as the panel says it after the last tap."""
    needed = tricks_needed(strain, game)
    declaring, defending = deal_score(strain, game, tricks)
    other = "EW" if side == "NS" else "NS"
    us, them = gettext(SIDE_NAMES[side]), gettext(SIDE_NAMES[other])
    if tricks >= needed:
        over = tricks - needed
        if over:
            return gettext("{side} made {contract} with {over} over: {side} +{points}").format(
                side=us, contract=contract_name(strain, game), over=over, points=declaring
            )
        return gettext("{side} made {contract}: {side} +{points}").format(
            side=us, contract=contract_name(strain, game), points=declaring
        )
    return gettext("{side} took {tricks} of {needed} in {contract}, {short} short: {other} +{points}").format(
        side=us,
        tricks=tricks,
        needed=needed,
        contract=contract_name(strain, game),
        short=needed - tricks,
        other=them,
        points=defending,
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
        line = gettext("{side} declared {contract} ({name}), needed {needed}, took {tricks}").format(
            side=gettext(SIDE_NAMES[side]),
            contract=name,
            name=names[facts["declarer"]],
            needed=needed,
            tricks=tricks,
        )
        return declaring_line(line, strain, game, tricks, facts["declaring_points"])
    line = gettext("{side} defended {other}'s {contract} (needed {needed}, took {tricks})").format(
        side=gettext(SIDE_NAMES[side]),
        other=gettext(SIDE_NAMES[declaring_side]),
        contract=name,
        needed=needed,
        tricks=tricks,
    )
    if short > 0:
        return gettext("{line}: {short} short × {each} = {points}").format(
            line=line, short=short, each=UNDERTRICK, points=facts["defending_points"]
        )
    return gettext("{line}: made, 0").format(line=line)
