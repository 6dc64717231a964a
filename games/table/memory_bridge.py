"""Memory Bridge on the screen: a deal in words, and the sheet's rows.

The lines that say what the first half scored and what the contract is (whether a
first half ends the game is the rules' ``ends_in_first_half``), then a row per
deal: both halves (or that the game ended after the first half) and each
player's running total. The entry panel is ``memory_bridge_panel``;
games/views/memory_bridge.py serves them.

The Memory Bridge entry panel: what to enter now for the deal in hand.

The first-half rows (one player's tricks fix the other's), the contract chips
(declarer, level or passed out, strain, doubling) and the second-half tricks, and
the correction panel for a finished deal; ``current_panel`` picks the one for
the deal in hand.

Memory Bridge: the two-player sheet and the deal entry on it.

Called through ``play.py``, which checks the login, the owner and the method.

A deal is entered as it is played, each step saved by the tap that completes
it: the first half (one tap: one player's tricks fix the other's), then the
contract (declarer, level and strain; doubling starts at "not doubled"; or
"passed out"), then the declarer's tricks in the second half (one tap). A
first half that takes a player to the target ends the game there. Plain forms
work without JavaScript too; refusals answer 200 to htmx and 400 to a plain
POST, with the input kept.

What the pages show is built in plain Python in ``games/screen/``:
``memory_bridge`` (a deal in words, the sheet's rows) and
``memory_bridge_panel`` (the entry panel). This module is the HTTP side: its
table's ``sheet``, ``new_game`` and ``actions`` (which form, from
``games/round_forms.py``, and which panel each step has), which ``play.py``
finds through the game's registry entry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, override

from django.utils.translation import gettext, gettext_lazy
from django.utils.translation import gettext_lazy as _

from games import services
from games.forms import SeatingForm, WholeNumberField, parse_int
from games.models import Seat
from games.paper.common import Cell, Row
from games.rules import RoundInfo, RuleError
from games.rules.cards import STRAINS
from games.rules.memory_bridge import (
    DEFAULT_TARGET,
    HAND_CARDS,
    contract_name,
    contract_score,
    ends_in_first_half,
    first_half_score,
    first_half_winner,
)
from games.rules.memory_bridge import HAND_CARDS as MEMORY_CARDS
from games.table import (
    Chip,
    EntryRow,
    ScoreboardTable,
    Step,
    new_game_form,
    new_game_page,
    steps,
    total_explain,
)
from games.table.forms import Choice, RawField, RoundForm, strain_choice
from games.views.common import HtmxHttpRequest
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


# -- Memory Bridge: the first half, then the contract and the second half's tricks --------------------


class MemoryFirstHalfMixin(RoundForm):
    """The two first-half rows: one player's tricks fix the other's (13 in all).

    ``was_0``/``was_1`` hold what the rows showed, so a tap on one row of a filled
    pair is told apart from the other row, which then follows.
    """

    seat_fields = ("fh", "was")

    def read_first_half(self) -> list[int | None]:
        n = self.number
        values: list[int | None] = [None, None]
        for seat in (0, 1):
            raw = self.raw(f"fh_{seat}")
            if raw == "":
                continue
            value = parse_int(raw, 0, MEMORY_CARDS)
            if value is None:
                self.flag(
                    f"fh_{seat}",
                    gettext(
                        "Deal {number}: {name}'s first-half tricks must be a number from 0 to {most}, not “{shown}”."
                    ).format(number=n, name=self.names[seat], most=MEMORY_CARDS, shown=raw[:12]),
                )
            values[seat] = value
        if self.errors:
            return values
        was = [parse_int(self.raw(f"was_{seat}"), 0, MEMORY_CARDS) for seat in (0, 1)]
        given = [s for s in (0, 1) if values[s] is not None]
        if len(given) == 2:
            changed = [s for s in (0, 1) if values[s] != was[s]]
            if len(changed) == 1:
                given = changed
        if len(given) == 1:
            seat = given[0]
            values[1 - seat] = MEMORY_CARDS - (values[seat] or 0)
        return values

    def ends_game(self, first_half: list[int]) -> bool:
        """Would this first half take its winner to the target (the game then ends there)?"""
        rounds = self.state.rounds
        before = list(rounds[self.number - 2].totals) if self.number > 1 else [0, 0]
        return ends_in_first_half(before, first_half, self.state.options["target"])


class MemoryContractMixin(RoundForm):
    """Declarer, level (or "pass"), strain, doubling and the declarer's tricks."""

    declarer = RawField()
    level = RawField()
    strain = RawField()
    doubled = RawField()
    tricks = RawField()

    def read_contract(self) -> None:
        n = self.number
        values: dict[str, Any] = {}
        raw = self.raw("declarer")
        if raw != "":
            values["declarer"] = parse_int(raw, 0, 1)
            if values["declarer"] is None:
                self.flag("declarer", gettext("Deal {number}: tap who declares.").format(number=n))
        raw = self.raw("level")
        if raw == "pass":
            values["level"] = "pass"
        elif raw != "":
            values["level"] = parse_int(raw, 1, 7)
            if values["level"] is None:
                self.flag(
                    "level",
                    gettext(
                        "Deal {number}: the level must be 1 to 7 (7 to 13 tricks), or passed out."
                    ).format(number=n),
                )
        raw = self.raw("strain")
        if raw != "":
            if raw in STRAINS:
                values["strain"] = raw
            else:
                self.flag(
                    "strain",
                    gettext("Deal {number}: pick the strain from NT, ♠, ♥, ♦ and ♣.").format(number=n),
                )
        values["doubled"] = parse_int(self.raw("doubled") or "0", 0, 2)
        if values["doubled"] is None:
            values["doubled"] = 0
            self.flag(
                "doubled",
                gettext("Deal {number}: doubling is not doubled, doubled or redoubled.").format(number=n),
            )
        raw = self.raw("tricks")
        if raw != "":
            values["tricks"] = parse_int(raw, 0, MEMORY_CARDS)
            if values["tricks"] is None:
                self.flag(
                    "tricks",
                    gettext(
                        "Deal {number}: the tricks must be a number from 0 to {most}, not “{shown}”."
                    ).format(number=n, most=MEMORY_CARDS, shown=raw[:12]),
                )
        self.values = {k: v for k, v in values.items() if v is not None}

    def contract(self) -> dict[str, Any] | None | str:
        """The record's contract from the form: a dict, None (passed out), or "" while incomplete."""
        values = self.values
        if values.get("level") == "pass":
            return None
        if all(k in values for k in ("declarer", "level", "strain")):
            return {
                "declarer": values["declarer"],
                "level": values["level"],
                "strain": values["strain"],
                "doubled": values.get("doubled", 0),
            }
        return ""

    def refuse(self, exc: RuleError) -> None:
        self.place(exc, default="level")


def stored_values(data: dict[str, Any]) -> dict[str, Any]:
    """The contract and tricks of a recorded deal, as the contract form's values."""
    values: dict[str, Any] = {"doubled": 0}
    if "contract" in data:
        if data["contract"] is None:
            values["level"] = "pass"
        else:
            values.update(data["contract"])
    if "tricks" in data:
        values["tricks"] = data["tricks"]
    return values


class MemoryFirstHalfForm(MemoryFirstHalfMixin):
    """The first half's tricks (one tap: the other player's follow); saved at once."""

    def start(self) -> None:
        self.first_half: list[int | None] = [None, None]
        self.changing = self.current is not None

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        self.first_half = first_half = self.read_first_half()
        if self.errors:
            return cleaned
        if None in first_half:
            if self.saving:
                self.add_error(
                    None,
                    gettext(
                        "Deal {number}: tap how many tricks either player took in the first half."
                    ).format(number=self.number),
                )
            return cleaned
        full = [v or 0 for v in first_half]
        data: dict[str, Any] = {"first_half": full}
        current = self.current
        if current is not None and "contract" in current.data and not self.ends_game(full):
            data["contract"] = current.data["contract"]  # the auction stands
        self.round_data = data
        return cleaned

    def refuse(self, exc: RuleError) -> None:
        self.refusal = exc
        self.flag(f"fh_{exc.player}" if exc.player is not None else None, exc.message)


class MemorySecondHalfForm(MemoryContractMixin):
    """The contract (saved once declarer, level and strain are in, or passed out), then the tricks."""

    def fits(self) -> bool:
        return self.current is not None

    def start(self) -> None:
        self.values = stored_values(self.current.data) if self.current else {}

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        self.read_contract()
        if self.errors or self.current is None:
            return cleaned
        contract = self.contract()
        if contract == "":
            if "tricks" in self.values:
                self.flag(
                    "level",
                    gettext("Deal {number}: choose declarer, level and strain before the tricks.").format(
                        number=self.number
                    ),
                )
            return cleaned
        data = {"first_half": self.current.data["first_half"], "contract": contract}
        if "tricks" in self.values:
            data["tricks"] = self.values["tricks"]
        if data != self.current.data:
            self.round_data = data
        return cleaned


class MemoryCorrectionForm(MemoryFirstHalfMixin, MemoryContractMixin):
    """A finished deal: both halves together; every later total follows."""

    corrects = True

    def start(self) -> None:
        self.first_half = list(self.target.data["first_half"])
        self.values = stored_values(self.target.data)
        self.ended_now = False

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        self.first_half = self.read_first_half()
        self.read_contract()
        if self.errors or not self.saving:
            return cleaned
        first_half = self.first_half
        if None in first_half:
            first_half = list(self.target.data["first_half"])  # nothing tapped: the first half stands
            self.first_half = first_half
        full = [v or 0 for v in first_half]
        data: dict[str, Any] = {"first_half": full}
        contract = self.contract()
        if self.ends_game(full):
            self.ended_now = "contract" in self.target.data or contract != ""
        else:
            if contract == "":
                self.flag(
                    "level",
                    gettext("Deal {number}: choose declarer, level and strain, or passed out.").format(
                        number=self.number
                    ),
                )
                return cleaned
            data["contract"] = contract
            if isinstance(contract, dict):
                if "tricks" not in self.values:
                    self.flag(
                        "tricks",
                        gettext("Deal {number}: tap the tricks {name} took.").format(
                            number=self.number, name=self.names[contract["declarer"]]
                        ),
                    )
                    return cleaned
                data["tricks"] = self.values["tricks"]
        self.round_data = data
        return cleaned

    def refuse(self, exc: RuleError) -> None:
        self.place(exc, seat_prefix="fh", seat_kinds=("first_half",), default="level")

    @override
    def note(self, after: Any) -> str:
        if self.ended_now:
            return gettext(
                "Deal {number} corrected: the first half now ends the game, so its second half no longer counts."
            ).format(number=self.number)
        return gettext("Deal {number} corrected; every total after it is worked out again.").format(
            number=self.number
        )


class MemoryBridgeTable(ScoreboardTable):
    sheet_template = "games/memory_bridge/sheet.html"
    round_word = "Deal"

    def context(self, loaded, panel):
        del panel  # the entry panel is every sheet's (``full_context``)
        return sheet_context(loaded)

    def current_panel(self, loaded):
        return current_panel(loaded)

    def screen_rows(self, loaded):
        return rows(loaded)

    def watch_lines(self, loaded) -> list[str]:
        """Who deals and who leads the first half, then where the deal stands: the first half being
        played, the auction (the dealer bids first), or the second half's contract being played."""
        state, names = loaded.state, loaded.names
        info = state.next_round
        if info is None:
            return []
        lines = [
            gettext("{dealer} deals · {leader} leads the first trick").format(
                dealer=names[info.dealer], leader=names[info.leader]
            )
        ]
        current = state.current
        if current is None:
            return [*lines, gettext("Playing the first half: 13 tricks, no trumps.")]
        lines.append(first_half_line(names, current.data["first_half"]))
        if "contract" not in current.data:
            return [*lines, gettext("The auction: {dealer} bids first.").format(dealer=names[info.dealer])]
        contract = contract_words(names, current.data["contract"])
        return [*lines, gettext("Playing the second half: {contract}.").format(contract=contract)]

    def sheet(self, request: HtmxHttpRequest, session, seats: list[Seat] | None = None):
        loaded = services.load_game(session, seats)
        panel = self.current_panel(loaded)
        current = loaded.state.current
        if request.GET.get("phase") == "first-half" and current is not None:
            panel = first_half_panel(loaded, current.info, current.data["first_half"], changing=True)
            panel.note = gettext("Tap either player's tricks; the other's follow from 13.")
        return self.show(request, loaded, panel)

    def actions(self):
        return steps(
            self,
            first_half=Step(MemoryFirstHalfForm, first_half_step_panel, note=first_half_note),
            second_half=Step(MemorySecondHalfForm, second_half_step_panel, note=second_half_note),
            edit=Step(MemoryCorrectionForm, correction_panel),
        )

    def new_game(self, request: HtmxHttpRequest):
        form = new_game_form(request, NewMemoryBridgeForm, self.game.slug, count=2)
        return new_game_page(request, form, game=self.game, template="games/memory_bridge/new.html")


def first_half_step_panel(form):
    return first_half_panel(
        form.loaded, form.info, form.first_half, form.seat_errors("fh"), form.message, changing=form.changing
    )


def second_half_step_panel(form):
    return second_half_panel(form.loaded, form.info, form.values, form.field_errors(), form.message)


def correction_panel(form):
    return edit_panel(
        form.loaded,
        form.info,
        form.first_half,
        form.values,
        form.field_errors(),
        form.seat_errors("fh"),
        form.message,
    )


def first_half_note(form, after) -> str:
    names = after.names
    first_half = form.round_data["first_half"]
    note = first_half_line(names, first_half) + "."
    if after.state.finished:
        winner = first_half_winner(first_half)
        note = gettext("{note} That takes {name} to {total}: the game ends after the first half.").format(
            note=note, name=names[winner], total=after.state.totals[winner]
        )
    return note


def second_half_note(form, after) -> str:
    data, number = form.round_data, form.number
    contract = data["contract"]
    if contract is None:
        return gettext("Deal {number}: the auction was passed out; no second half.").format(number=number)
    if "tricks" not in data:
        return ""
    score = contract_score(contract["level"], contract["strain"], contract["doubled"], data["tricks"])
    words = contract_words(after.names, contract)
    if score:
        return gettext("Deal {number}: {contract} made with {tricks}: +{score}.").format(
            number=number, contract=words, tricks=data["tricks"], score=score
        )
    return gettext("Deal {number}: {contract} took {tricks} of {needed}: no score.").format(
        number=number, contract=words, tricks=data["tricks"], needed=contract["level"] + 6
    )


# -- a new game ------------------------------------------------------------------------------------------


class NewMemoryBridgeForm(SeatingForm):
    """The two players, the first dealer (or a draw) and the target."""

    seats = 2
    seat_labels = (_("First player"), _("Second player"))
    names_required = True
    name_required = _("Type a name.")
    draw_label = _("Draw for me")
    already_seated = _("{name} is already the first player.")
    drawn_note = _("Drawn: {name} deals first.")
    target = WholeNumberField(label=_("Target score"), initial=DEFAULT_TARGET, min_value=1, max_value=100_000)

    def options(self):
        return {"target": self.cleaned_data["target"]}
