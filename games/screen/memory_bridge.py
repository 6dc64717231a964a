"""Memory Bridge on the screen: a deal in words, and the sheet's rows.

The lines that say what the first half scored and what the contract is (whether a
first half ends the game is the rules' ``ends_in_first_half``), then a row per
deal: both halves (or that the game ended after the first half) and each
player's running total. The entry panel is ``memory_bridge_panel``;
games/views/memory_bridge.py serves them.
"""

from __future__ import annotations

from django.utils.translation import gettext

from games.paper.common import Cell, Row
from games.rules import RoundInfo
from games.rules.memory_bridge import contract_name, first_half_score, first_half_winner
from games.screen import total_explain
from games.words import in_words


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


def rows(loaded) -> list[Row]:
    """The sheet's body, as games.screen draws it: a row per deal (its number, the contract with the
    first half under it, each player's running total with what each half added) and the deal to come."""
    state, names = loaded.state, loaded.names
    rows = []
    for result in state.rounds:
        info, data, facts = result.info, result.data, result.facts
        fh = data["first_half"]
        done = result.complete
        if facts["ended_after_first_half"]:
            main, sub = gettext("Game over"), gettext("target reached in the first half")
        elif "contract" not in data and state.finished:  # ended early on its first half, which counts
            main, sub = gettext("Game over"), gettext("ended before the second half")
        elif "contract" not in data:
            main, sub = gettext("Auction"), gettext("contract to come")
        elif data["contract"] is None:
            main, sub = gettext("Passed out"), gettext("no second half")
        else:
            c = data["contract"]
            main = contract_name(c["level"], c["strain"], c["doubled"])
            sub = f"{names[c['declarer']]} · " + (
                gettext("took {tricks}").format(tricks=data["tricks"])
                if "tricks" in data
                else gettext("to play")
            )
        first = gettext("1st half {first}–{second}").format(first=fh[0], second=fh[1])
        cells = [_number(info, names, link=done), Cell(text=main, lines=(sub, first), cls="contract-col")]
        first_points = facts["first_half_points"]
        second_points = facts["second_half_points"] or [0, 0]
        assert result.totals is not None
        for seat in (0, 1):
            parts = [f"+{p}" for p in (first_points[seat], second_points[seat]) if p]
            cells.append(
                Cell(
                    text=str(result.totals[seat]),
                    note=" ".join(parts),
                    explain=total_explain(names, result, seat),
                    cls=_side_class(info, seat),
                )
            )
        ended = " row-ended" if facts["ended_after_first_half"] or (state.finished and not done) else ""
        rows.append(_row(cells, info, f"row-{'done' if done or state.finished else 'current'}{ended}"))
    info = state.next_round
    if not state.finished and info is not None and state.current is None:
        cells = [
            _number(info, names, link=False),
            Cell(lines=(gettext("first half to come"),), cls="contract-col"),
            *(Cell(cls=_side_class(info, seat)) for seat in (0, 1)),
        ]
        rows.append(_row(cells, info, "row-current"))
    return rows


def _number(info: RoundInfo, names: list[str], *, link: bool) -> Cell:
    """A row's heading: the deal's number (linked to its correction once played), who dealt as its title."""
    title = gettext("{name} deals").format(name=names[info.dealer])
    return Cell(text=str(info.number), head=True, link=link, title=title, cls="round-col")


def _side_class(info: RoundInfo, seat: int) -> str:
    return "side-cell dealer" if seat == info.dealer else "side-cell"


def _row(cells: list[Cell], info: RoundInfo, cls: str) -> Row:
    heading = f"{in_words('Deal')} {info.number}"
    return Row(cells, cls=cls, number=info.number, heading=heading)


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


def sheet_context(loaded) -> dict:
    """What the sheet page shows besides its entry panel and its drawn rows: the totals, the winners."""
    state, names = loaded.state, loaded.names
    last = state.rounds[-1] if state.rounds else None
    return {
        "players": players_context(loaded),
        "target": state.options["target"],
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
