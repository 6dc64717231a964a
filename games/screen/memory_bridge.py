"""Memory Bridge on the screen: a deal in words, and the sheet's rows.

The lines that say what the first half scored and what the contract is (whether a
first half ends the game is the rules' ``ends_in_first_half``), then a row per
deal: both halves (or that the game ended after the first half) and each
player's running total. The entry panel is ``memory_bridge_panel``;
games/views/memory_bridge.py serves them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext

from games.rules.memory_bridge import contract_name, first_half_score, first_half_winner
from games.screen import total_explain


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


@dataclass
class PlayerCell:
    seat: int
    text: str = ""
    parts: str = ""
    explain: str = ""


@dataclass
class DealRow:
    key: str
    number: int
    state: str  # "done", "current"
    dealer: int
    dealer_name: str
    main: str = ""
    sub: str = ""
    first: str = ""
    ended: bool = False
    cells: list[PlayerCell] = field(default_factory=list)


def deal_rows(loaded) -> list[DealRow]:
    state, names = loaded.state, loaded.names
    rows = []
    for result in state.rounds:
        info, data, facts = result.info, result.data, result.facts
        fh = data["first_half"]
        row = DealRow(
            key=f"round-{info.number}",
            number=info.number,
            state="done" if result.complete else "current",
            dealer=info.dealer,
            dealer_name=names[info.dealer],
            first=gettext("1st half {first}–{second}").format(first=fh[0], second=fh[1]),
            ended=bool(facts["ended_after_first_half"]),
        )
        if facts["ended_after_first_half"]:
            row.main, row.sub = gettext("Game over"), gettext("target reached in the first half")
        elif "contract" not in data:
            row.main, row.sub = gettext("Auction"), gettext("contract to come")
        elif data["contract"] is None:
            row.main, row.sub = gettext("Passed out"), gettext("no second half")
        else:
            c = data["contract"]
            row.main = contract_name(c["level"], c["strain"], c["doubled"])
            row.sub = f"{names[c['declarer']]} · " + (
                gettext("took {tricks}").format(tricks=data["tricks"])
                if "tricks" in data
                else gettext("to play")
            )
        first_points = facts["first_half_points"]
        second_points = facts["second_half_points"] or [0, 0]
        for seat in (0, 1):
            parts = [f"+{p}" for p in (first_points[seat], second_points[seat]) if p]
            row.cells.append(
                PlayerCell(
                    seat=seat,
                    text=str(result.totals[seat]),
                    parts=" ".join(parts),
                    explain=total_explain(names, result, seat),
                )
            )
        rows.append(row)
    info = state.next_round
    if not state.finished and info is not None and state.current is None:
        rows.append(
            DealRow(
                key=f"round-{info.number}",
                number=info.number,
                state="current",
                dealer=info.dealer,
                dealer_name=names[info.dealer],
                sub=gettext("first half to come"),
                cells=[PlayerCell(0), PlayerCell(1)],
            )
        )
    return rows


def players_context(loaded) -> list[dict]:
    state, names = loaded.state, loaded.names
    target = state.options["target"]
    return [
        {
            "seat": seat,
            "name": names[seat],
            "total": state.totals[seat],
            "to_go": max(0, target - state.totals[seat]),
        }
        for seat in (0, 1)
    ]


def sheet_context(loaded, panel) -> dict:
    """What the sheet page shows around its entry ``panel``: the rows, the totals, the winners."""
    state, names = loaded.state, loaded.names
    last = state.rounds[-1] if state.rounds else None
    return {
        "session": loaded.session,
        "names": names,
        "rows": deal_rows(loaded),
        "players": players_context(loaded),
        "target": state.options["target"],
        "state": state,
        "panel": panel,
        "winners": [names[s] for s in state.winners],
        "win_detail": gettext(", reaching the target in the first half of deal {number}").format(
            number=len(state.rounds)
        )
        if state.finished and not state.finished_early and last and last.facts["ended_after_first_half"]
        else "",
        "leaders": state.winners
        if state.finished
        else ([s for s in (0, 1) if state.totals[s] == max(state.totals)] if state.rounds else []),
    }
