"""The Minibridge entry panel: what the panel under the heading asks for next.

The points keypad (three players announce, the fourth follows from 40), who
declares once the points are in, the contract and tricks chips, and the
correction panel for a finished deal; ``current_panel`` picks the one for the
deal in hand. ``Choice`` (a labelled group of chips) is shared with Memory Bridge.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext, ngettext

from games.rules import RoundInfo
from games.rules.cards import STRAIN_NAMES, STRAINS, strain_symbol
from games.rules.minibridge import (
    DECK_HCP,
    GAME_TRICKS,
    HAND_CARDS,
    MAX_HAND_HCP,
    PART_SCORE_TRICKS,
    SIDE_NAMES,
    announcing_order,
    contract_name,
    declarer_for,
    fill_fourth,
    tricks_needed,
)
from games.sheet import Chip

from .minibridge import (
    SEAT_NAMES,
    deal_numbers,
    deals_played,
    letter,
    who,
)


@dataclass
class Choice:
    """A labelled group of one-tap chips for one form field (templates/games/minibridge/_choice.html)."""

    name: str
    legend: str
    chips: list[Chip]
    prefix: str = ""
    error: str = ""
    marked: int | str | None = None  # the chip drawn dashed (the tricks a contract needs)
    css: str = ""

    def __post_init__(self):
        self.prefix = self.prefix or self.name


def strain_choice(strain: str | None, error: str, prefix: str = "") -> Choice:
    """A contract's strain (the four suits and no trumps), one chip each, ``strain`` checked."""
    return Choice(
        name="strain",
        prefix=f"{prefix}strain",
        legend=gettext("Strain"),
        chips=[
            Chip(
                value=s,
                checked=s == strain,
                label=strain_symbol(s),
                title=gettext(STRAIN_NAMES[s]).capitalize(),
            )
            for s in STRAINS
        ],
        css="strains",
        error=error,
    )


@dataclass
class PointsRow:
    """One player in announcing order: their points so far, or that they follow from 40."""

    seat: int
    letter: str
    seat_name: str
    name: str
    value: int | None
    active: bool = False  # the keypad fills this player's points
    derived: bool = False  # the fourth to announce: 40 less the others
    error: str = ""


@dataclass
class Panel:
    """The entry panel under the heading: what to enter now for the deal in hand."""

    phase: str  # "points", "contract", "edit", "over"
    info: RoundInfo | None = None
    deal: int = 0
    hcp: list[int | None] = field(default_factory=lambda: [None] * 4)
    at: int | None = None
    points: list[PointsRow] = field(default_factory=list)
    keypad: list[Chip] = field(default_factory=list)
    strain: str = ""
    game: bool | None = None
    tricks: int | None = None
    contract_saved: bool = False
    choices: list[Choice] = field(default_factory=list)
    trick_choice: Choice | None = None
    live: str = ""
    error: str = ""
    hcp_error: str = ""
    note: str = ""
    dealer: str = ""
    facts: dict = field(default_factory=dict)  # declaring side, declarer, dummy, leader (as text)


def keypad(panel: Panel) -> list[Chip]:
    """0 to 37; values that cannot fit in the 40 points with those already announced are struck."""
    if panel.at is None or panel.info is None:
        return []
    order = announcing_order(panel.info.dealer)
    others = sum(v for s, v in enumerate(panel.hcp) if v is not None and s != panel.at and s != order[3])
    room = DECK_HCP - others
    chips = []
    for v in range(MAX_HAND_HCP + 1):
        struck = v > room
        chips.append(
            Chip(
                value=v,
                struck=struck,
                title=gettext("Only {room} points are left").format(room=room) if struck else "",
            )
        )
    return chips


def describe_declaring(panel: Panel, names: list[str], hcp: list[int]) -> None:
    """Who declares, who is dummy, who leads; the ruling on equal points when it applied."""
    assert panel.info is not None  # a panel that names the declarer is for a deal
    found = declarer_for(hcp, panel.info.dealer)
    if found is None:
        panel.facts = {"redeal": True}
        return
    side, declarer = found
    partner = (declarer + 2) % 4
    ns, ew = hcp[0] + hcp[2], hcp[1] + hcp[3]
    panel.facts = {
        "side": gettext(SIDE_NAMES[side]),
        "side_points": ns if side == "NS" else ew,
        "split": f"{ns}:{ew}",
        "declarer": who(names, declarer),
        "declarer_name": names[declarer],
        "dummy": who(names, partner),
        "leader": who(names, (declarer + 1) % 4),
        "tie": gettext(
            "{name} and {partner} hold {points} each: {name} announced first, so declares."
        ).format(name=names[declarer], partner=names[partner], points=hcp[declarer])
        if hcp[declarer] == hcp[partner]
        else "",
        "side_key": side,
        "declarer_seat": declarer,
    }


def points_rows(panel: Panel, names: list[str], errors: dict[int, str]) -> list[PointsRow]:
    assert panel.info is not None  # a panel with the points is for a deal
    order = announcing_order(panel.info.dealer)
    rows = []
    for i, seat in enumerate(order):
        rows.append(
            PointsRow(
                seat=seat,
                letter=letter(seat),
                seat_name=str(SEAT_NAMES[seat]),
                name=names[seat],
                value=panel.hcp[seat],
                active=seat == panel.at and i < 3,
                derived=i == 3,
                error=errors.get(seat, ""),
            )
        )
    return rows


def points_live(hcp: list[int | None], dealer: int) -> str:
    order = announcing_order(dealer)
    known = [v for v in (hcp[s] for s in order[:3]) if v is not None]
    if len(known) < 3:
        left = 3 - len(known)
        return ngettext(
            "{points} of {deck} points announced, {left} player to go",
            "{points} of {deck} points announced, {left} players to go",
            left,
        ).format(points=sum(known), deck=DECK_HCP, left=left)
    ns, ew = (hcp[0] or 0) + (hcp[2] or 0), (hcp[1] or 0) + (hcp[3] or 0)
    if ns == ew:
        return gettext("20:20: the same dealer deals again")
    return gettext("N-S {ns} : E-W {ew}").format(ns=ns, ew=ew)


def points_panel(
    loaded, info: RoundInfo, hcp, at=None, errors=None, error="", note="", phase="points"
) -> Panel:
    names = loaded.names
    order = announcing_order(info.dealer)
    hcp = fill_fourth(hcp, info.dealer)
    if at is None or at not in order[:3]:
        at = next((s for s in order[:3] if hcp[s] is None), order[0])
    panel = Panel(phase=phase, info=info, hcp=hcp, at=at, error=error, note=note)
    panel.deal = deal_of(loaded, info)
    panel.dealer = who(names, info.dealer)
    errors = errors or {}
    panel.points = points_rows(panel, names, errors)
    panel.keypad = keypad(panel)
    panel.live = points_live(hcp, info.dealer)
    if None not in hcp and all(0 <= v <= MAX_HAND_HCP for v in hcp):
        describe_declaring(panel, names, hcp)
    return panel


def contract_choices(panel: Panel, errors: dict[str, str]) -> None:
    strain, game = panel.strain, panel.game
    panel.choices = [
        strain_choice(strain, errors.get("strain", "")),
        Choice(
            name="game",
            legend=gettext("Part-score or game"),
            chips=[
                Chip(
                    value=0,
                    checked=game is False,
                    label=gettext("Part-score · {tricks}").format(tricks=PART_SCORE_TRICKS),
                ),
                Chip(
                    value=1,
                    checked=game is True,
                    label=gettext("Game · {tricks}").format(tricks=GAME_TRICKS[strain])
                    if strain
                    else gettext("Game · 9 to 11"),
                ),
            ],
            css="wide",
            error=errors.get("contract", ""),
        ),
    ]


def trick_choice(panel: Panel, side: str, errors: dict[str, str]) -> Choice:
    needed = tricks_needed(panel.strain, panel.game) if panel.strain and panel.game is not None else None
    return Choice(
        name="tricks",
        legend=gettext("Tricks taken by {side} (needed {needed})").format(side=side, needed=needed)
        if needed
        else gettext("Tricks taken by {side}").format(side=side),
        chips=[Chip(value=v, checked=panel.tricks == v) for v in range(HAND_CARDS + 1)],
        marked=needed,
        error=errors.get("tricks", ""),
    )


def contract_panel(
    loaded, info: RoundInfo, strain="", game=None, tricks=None, errors=None, error="", note=""
):
    current = loaded.state.current
    hcp = current.data["hcp"]
    panel = Panel(phase="contract", info=info, hcp=list(hcp), strain=strain, game=game, tricks=tricks)
    panel.deal = deal_of(loaded, info)
    panel.dealer = who(loaded.names, info.dealer)
    panel.error, panel.note = error, note
    panel.contract_saved = "contract" in current.data
    describe_declaring(panel, loaded.names, hcp)
    panel.points = points_rows(panel, loaded.names, {})
    errors = errors or {}
    contract_choices(panel, errors)
    if not panel.contract_saved and "tricks" in errors:
        panel.error = panel.error or errors["tricks"]  # no tricks row yet to show it beside
    if panel.contract_saved:
        panel.trick_choice = trick_choice(panel, panel.facts["side"], errors)
        needed = tricks_needed(strain, game) if strain and game is not None else None
        if needed:
            panel.live = gettext("{side} need {needed} tricks for {contract}").format(
                side=panel.facts["side"], needed=needed, contract=contract_name(strain, game)
            )
    return panel


def deal_of(loaded, info: RoundInfo) -> int:
    numbers = deal_numbers(loaded.state)
    if info.number <= len(numbers):
        return numbers[info.number - 1]
    return deals_played(loaded.state) + 1


def current_panel(loaded, note="") -> Panel:
    state = loaded.state
    if state.finished or state.next_round is None:
        return Panel(phase="over", note=note)
    info = state.next_round
    current = state.current
    if current is None:
        return points_panel(loaded, info, [None] * 4, note=note)
    contract = current.data.get("contract") or {}
    return contract_panel(loaded, info, contract.get("strain", ""), contract.get("game"), note=note)


def edit_panel(loaded, info, hcp, at, strain, game, tricks, errors=None, hcp_errors=None, error="") -> Panel:
    panel = points_panel(loaded, info, hcp, at, hcp_errors, error, phase="edit")
    panel.strain, panel.game, panel.tricks = strain, game, tricks
    errors = errors or {}
    contract_choices(panel, errors)
    side = panel.facts.get("side", gettext("the declaring side"))
    panel.trick_choice = trick_choice(panel, side, errors)
    panel.hcp_error = errors.get("hcp", "")
    return panel
