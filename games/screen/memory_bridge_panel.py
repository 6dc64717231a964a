"""The Memory Bridge entry panel: what to enter now for the deal in hand.

The first-half rows (one player's tricks fix the other's), the contract chips
(declarer, level or passed out, strain, doubling) and the second-half tricks, and
the correction panel for a finished deal; ``current_panel`` picks the one for
the deal in hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext, gettext_lazy

from games.round_forms import stored_values
from games.rules import RoundInfo
from games.rules.memory_bridge import HAND_CARDS
from games.sheet import Chip, EntryRow

from .memory_bridge import contract_words, first_half_line
from .minibridge_panel import Choice, strain_choice

DOUBLED_LABELS = {
    0: gettext_lazy("Not doubled"),
    1: gettext_lazy("Doubled ×2"),
    2: gettext_lazy("Redoubled ×4"),
}


@dataclass
class Panel:
    """The entry panel: what to enter now for the deal in hand."""

    phase: str  # "first-half", "second-half", "edit", "over"
    info: RoundInfo | None = None
    first_half: list[int | None] = field(default_factory=lambda: [None, None])
    first_rows: list[EntryRow] = field(default_factory=list)
    first_line: str = ""
    choices: list[Choice] = field(default_factory=list)
    trick_choice: Choice | None = None
    contract_saved: bool = False
    contract_line: str = ""
    live: str = ""
    error: str = ""
    note: str = ""
    dealer: str = ""
    leader: str = ""
    changing: bool = False


def first_half_rows(loaded, info: RoundInfo, first_half, errors: dict[int, str]) -> list[EntryRow]:
    names = loaded.names
    rows = []
    for seat in info.active:  # the non-dealer, who leads, first
        badges = [gettext("leads")] if seat == info.leader else [gettext("deals")]
        rows.append(
            EntryRow(
                seat=seat,
                name=names[seat],
                badges=badges,
                chips=[Chip(value=v, checked=first_half[seat] == v) for v in range(HAND_CARDS + 1)],
                error=errors.get(seat, ""),
            )
        )
    return rows


def describe(panel: Panel, loaded, info: RoundInfo) -> Panel:
    names = loaded.names
    panel.info = info
    panel.dealer = names[info.dealer]
    panel.leader = names[info.leader]
    return panel


def first_half_panel(loaded, info, first_half=None, errors=None, error="", note="", changing=False) -> Panel:
    first_half = list(first_half or [None, None])
    panel = Panel(phase="first-half", first_half=first_half, error=error, note=note, changing=changing)
    panel.first_rows = first_half_rows(loaded, info, first_half, errors or {})
    if None not in first_half and sum(first_half) == HAND_CARDS:
        panel.live = first_half_line(loaded.names, first_half)
    return describe(panel, loaded, info)


def contract_choices(loaded, values: dict, errors: dict[str, str], prefix="") -> list[Choice]:
    names = loaded.names
    return [
        Choice(
            name="declarer",
            prefix=f"{prefix}decl",
            legend=gettext("Declarer (won the auction)"),
            chips=[Chip(value=s, checked=values.get("declarer") == s, label=names[s]) for s in (0, 1)],
            css="wide",
            error=errors.get("declarer", ""),
        ),
        Choice(
            name="level",
            prefix=f"{prefix}level",
            legend=gettext("Level (tricks over six)"),
            chips=[
                Chip(
                    value=v,
                    checked=values.get("level") == v,
                    title=gettext("{count} tricks").format(count=v + 6),
                )
                for v in range(1, 8)
            ]
            + [Chip(value="pass", checked=values.get("level") == "pass", label=gettext("Passed out"))],
            error=errors.get("level", ""),
        ),
        strain_choice(values.get("strain"), errors.get("strain", ""), prefix),
        Choice(
            name="doubled",
            prefix=f"{prefix}dbl",
            legend=gettext("Doubling"),
            chips=[
                Chip(value=d, checked=values.get("doubled", 0) == d, label=str(label))
                for d, label in DOUBLED_LABELS.items()
            ],
            css="wide",
            error=errors.get("doubled", ""),
        ),
    ]


def trick_choice(loaded, values: dict, errors: dict[str, str], prefix="") -> Choice:
    declarer = values.get("declarer")
    level = values.get("level")
    needed = level + 6 if isinstance(level, int) else None
    who = loaded.names[declarer] if declarer in (0, 1) else "declarer"
    return Choice(
        name="tricks",
        prefix=f"{prefix}tricks",
        legend=gettext("Second-half tricks taken by {name}").format(name=who),
        chips=[Chip(value=v, checked=values.get("tricks") == v) for v in range(HAND_CARDS + 1)],
        marked=needed,
        error=errors.get("tricks", ""),
    )


def second_half_panel(loaded, info, values=None, errors=None, error="", note="") -> Panel:
    current = loaded.state.current
    names = loaded.names
    stored = stored_values(current.data)
    values = stored if values is None else values
    errors = errors or {}
    panel = Panel(phase="second-half", first_half=list(current.data["first_half"]), error=error, note=note)
    panel.first_line = first_half_line(names, current.data["first_half"])
    panel.choices = contract_choices(loaded, values, errors)
    panel.contract_saved = isinstance(current.data.get("contract"), dict)
    if not panel.contract_saved and "tricks" in errors:
        panel.error = panel.error or errors["tricks"]  # no tricks row yet to show it beside
    if panel.contract_saved:
        contract = current.data["contract"]
        panel.trick_choice = trick_choice(loaded, values, errors)
        panel.contract_line = gettext("{contract}: needs {needed} tricks; {name} leads.").format(
            contract=contract_words(names, contract),
            needed=contract["level"] + 6,
            name=names[1 - contract["declarer"]],
        )
    return describe(panel, loaded, info)


def edit_panel(loaded, info, first_half, values, errors=None, fh_errors=None, error="") -> Panel:
    errors = errors or {}
    panel = Panel(phase="edit", first_half=list(first_half), error=error)
    panel.first_rows = first_half_rows(loaded, info, first_half, fh_errors or {})
    if None not in first_half and sum(first_half) == HAND_CARDS:
        panel.live = first_half_line(loaded.names, first_half)
    panel.choices = contract_choices(loaded, values, errors, prefix="e")
    panel.trick_choice = trick_choice(loaded, values, errors, prefix="e")
    return describe(panel, loaded, info)


def current_panel(loaded, note="") -> Panel:
    state = loaded.state
    if state.finished or state.next_round is None:
        return Panel(phase="over", note=note)
    info = state.next_round
    if state.current is None:
        return first_half_panel(loaded, info, note=note)
    return second_half_panel(loaded, info, note=note)
