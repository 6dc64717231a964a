"""Memory Bridge's table: the two-player sheet, and a deal entered in the steps it is played in: the first
half's tricks, the contract (or passed out), the declarer's tricks; each saved by the tap that completes it."""

from __future__ import annotations

from collections.abc import Collection
from functools import partial
from typing import TypedDict, override

from django.http import HttpResponse
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from games.forms import SeatingForm, WholeNumberField
from games.paper import Cell, Row
from games.rules import RoundInfo, RuleError
from games.rules.base import STRAINS, in_words
from games.rules.memory_bridge import (
    DEFAULT_TARGET,
    HAND_CARDS,
    contract_name,
    contract_score,
    ends_in_first_half,
    first_half_score,
    first_half_winner,
)
from games.services import LoadedGame
from games.table import EntryRow, new_game_form, new_game_page, total_explain
from games.table.deal_steps import Panel, StepForm, StepsTable, deal_cell, declarer_line
from games.table.forms import Chip, ChipField, Choice, strain_choice
from games.views.common import HtmxHttpRequest


class Contract(TypedDict):
    declarer: int
    level: int
    strain: str
    doubled: int


type FirstHalf = list[int | None]  # each player's first-half tricks, None where not tapped
TRICKS = range(HAND_CARDS + 1)
DOUBLED_LABELS = {
    0: _("Not doubled"),
    1: _("Doubled ×2"),
    2: _("Redoubled ×4"),
}
# The contract's fields and the declarer's tricks: the chips each may be, and the refusal of anything else.
CONTRACT_FIELDS: dict[str, tuple[Collection[int | str], str]] = {
    "declarer": ((0, 1), gettext_noop("Deal {number}: tap who declares.")),
    "level": (
        (*range(1, 8), "pass"),
        gettext_noop("Deal {number}: the level must be 1 to 7 (7 to 13 tricks), or passed out."),
    ),
    "strain": (STRAINS, gettext_noop("Deal {number}: pick the strain from NT, ♠, ♥, ♦ and ♣.")),
    "doubled": (
        DOUBLED_LABELS,
        gettext_noop("Deal {number}: doubling is not doubled, doubled or redoubled."),
    ),
    "tricks": (
        TRICKS,
        gettext_noop("Deal {number}: the tricks must be a number from 0 to {most}, not “{shown}”."),
    ),
}


def first_half_line(names: list[str], first_half: list[int]) -> str:
    winner = first_half_winner(first_half)
    points = first_half_score(first_half[winner])
    return gettext(
        "First half: {first} {first_tricks}, {second} {second_tricks}: {name} scores 100 + {extra} = {points}"
    ).format(
        first=names[0],
        first_tricks=first_half[0],
        second=names[1],
        second_tricks=first_half[1],
        name=names[winner],
        extra=points - 100,
        points=points,
    )


def contract_words(names: list[str], contract: Contract) -> str:
    return gettext("{contract} by {name}").format(
        contract=contract_name(contract["level"], contract["strain"], contract["doubled"]),
        name=names[contract["declarer"]],
    )


class DealForm(StepForm):
    """A step of a deal: its fields, how it reads them, and what its panel draws from it (rows, chips,
    lines) in the sheet template's partial named ``phase``."""

    # Its fields: the first half's tricks ("first_half"), the contract and the tricks ("contract").
    reads: tuple[str, ...] = ("first_half", "contract")
    first_half: FirstHalf
    values: dict[str, int | str]  # the contract's chips tapped (``level`` "pass": passed out) and the tricks

    def start(self) -> None:
        """The fields it reads, and the deal as stored, as the chips show it: the one corrected, else the deal
        in hand (if any)."""
        if "first_half" in self.reads:  # a row of chips per player, and what each row showed (``was_``)
            refusal = gettext(
                "Deal {number}: {name}'s first-half tricks must be a number from 0 to {most}, not “{shown}”."
            )
            for seat, name in enumerate(self.names):
                worded = partial(refusal.format, number=self.number, name=name, most=HAND_CARDS)
                self.fields[f"fh_{seat}"] = ChipField(TRICKS, refusal=worded)
                self.fields[f"was_{seat}"] = ChipField(TRICKS)
        if "contract" in self.reads:
            for field, (chips, message) in CONTRACT_FIELDS.items():
                worded = partial(gettext(message).format, number=self.number, most=HAND_CARDS)
                self.fields[field] = ChipField(chips, refusal=worded, empty=0 if field == "doubled" else None)
        stored = self.corrected.data if self.corrects else self.current.data if self.current else {}
        self.first_half = list(stored.get("first_half", (None, None)))
        self.values = {"doubled": 0}
        if "contract" in stored:
            self.values.update(stored["contract"] or {"level": "pass"})  # None: passed out
        if "tricks" in stored:
            self.values["tricks"] = stored["tricks"]

    def refuse(self, exc: RuleError) -> None:
        self.place(exc, seat_prefix="fh", seat_kinds=("first_half",), default="level")

    def ends_game(self, first_half: list[int]) -> bool:
        """Would this first half take its winner to the target (the game then ends there)?"""
        before = self.state.rounds[self.number - 2].totals if self.number > 1 else None
        return ends_in_first_half(before or [0, 0], first_half, self.state.options["target"])

    @override
    def read(self) -> None:
        """The chips tapped of the fields it reads; one player's first-half tricks tapped (or changed, of a
        filled pair) fix the other's."""
        if "contract" in self.reads:
            read = {k: v for k in CONTRACT_FIELDS if (v := self.cleaned_data.get(k)) is not None}
            self.values = {"doubled": 0, **read}  # a refused doubling shows as not doubled
        if "first_half" not in self.reads:
            return
        self.first_half = values = [self.cleaned_data.get(f"fh_{seat}") for seat in (0, 1)]
        if self.errors:
            return
        given = [s for s in (0, 1) if values[s] is not None]
        changed = [s for s in given if values[s] != self.cleaned_data.get(f"was_{s}")]
        tapped = changed if len(given) == 2 and len(changed) == 1 else given
        if len(tapped) == 1:
            values[1 - tapped[0]] = HAND_CARDS - (values[tapped[0]] or 0)

    # -- the first half --------------------------------------------------------------------------

    @property
    def first_rows(self) -> list[EntryRow]:
        errors = self.seat_errors("fh")
        return [
            EntryRow(
                seat=seat,
                name=self.names[seat],
                badges=[gettext("leads") if seat == self.info.leader else gettext("deals")],
                chips=[Chip(v, checked=self.first_half[seat] == v) for v in TRICKS],
                error=errors.get(seat, ""),
            )
            for seat in self.info.active  # the non-dealer, who leads, first
        ]

    @property
    def live(self) -> str:
        """The first half in words, once its tricks add up."""
        first, second = self.first_half
        if first is None or second is None or first + second != HAND_CARDS:
            return ""
        return first_half_line(self.names, [first, second])

    # -- the contract -----------------------------------------------------------------------------

    def contract(self) -> Contract | None | str:
        """The contract tapped: None when passed out, "" while declarer, level or strain is missing."""
        values = self.values
        if values.get("level") == "pass":
            return None
        declarer, level, strain = (values.get(k) for k in ("declarer", "level", "strain"))
        if isinstance(declarer, int) and isinstance(level, int) and isinstance(strain, str):
            return Contract(declarer=declarer, level=level, strain=strain, doubled=int(values["doubled"]))
        return ""

    def choice(self, name: str, legend: str, chips: list[Chip], short: str = "", css: str = "") -> Choice:
        """The chips of field ``name``, the tapped one checked (their ids start with ``short``), its refusal
        under them."""
        for chip in chips:
            chip.checked = chip.value == self.values.get(name)
        prefix = ("e" if self.corrects else "") + (short or name)
        return Choice(name, legend, chips, prefix, self.field_errors().get(name, ""), css=css)

    @property
    def choices(self) -> list[Choice]:
        """The contract's chips (declarer, level or passed out, strain, doubling), then the declarer's
        tricks once there is a contract to play (always in a correction)."""
        names, declarer, level = self.names, self.values.get("declarer"), self.values.get("level")
        declarers = [Chip(seat, label=name) for seat, name in enumerate(names)]
        levels = [Chip(v, title=gettext("{count} tricks").format(count=v + 6)) for v in range(1, 8)]
        passed = Chip("pass", label=gettext("Passed out"))
        doubling = [Chip(d, label=str(label)) for d, label in DOUBLED_LABELS.items()]
        strain, strain_error = str(self.values.get("strain", "")), self.field_errors().get("strain", "")
        groups = [
            self.choice("declarer", gettext("Declarer (won the auction)"), declarers, "decl", "wide"),
            self.choice("level", gettext("Level (tricks over six)"), [*levels, passed]),
            strain_choice(strain, strain_error, "e" if self.corrects else ""),
            self.choice("doubled", gettext("Doubling"), doubling, "dbl", "wide"),
        ]
        if self.corrects or self.contract_saved:
            who = names[declarer] if isinstance(declarer, int) else "declarer"
            legend = gettext("Second-half tricks taken by {name}").format(name=who)
            groups.append(self.choice("tricks", legend, [Chip(v) for v in TRICKS]))
            groups[-1].marked = level + 6 if isinstance(level, int) else None  # the tricks the contract needs
        return groups


class FirstHalfForm(DealForm):
    """The first half's tricks: one tap (the other player's follow), saved at once."""

    phase = "first-half"
    reads = ("first_half",)

    @override
    def deal_data(self) -> dict[str, object] | None:
        full = [v for v in self.first_half if v is not None]
        if len(full) < 2:  # nothing tapped (Save alone) or a tap refused
            if self.saving:
                self.say(
                    None, gettext("Deal {number}: tap how many tricks either player took in the first half.")
                )
            return None
        data: dict[str, object] = {"first_half": full}
        if self.current is not None and "contract" in self.current.data and not self.ends_game(full):
            data["contract"] = self.current.data["contract"]  # the auction stands
        return data

    @override
    def note(self, after: LoadedGame) -> str:
        """Nothing while the deal goes on: the contract step heads its panel with the first half in words
        already. A first half that ends the game says so."""
        if not after.state.finished:
            return ""
        first_half = [v or 0 for v in self.first_half]
        note = first_half_line(after.names, first_half) + "."
        winner = first_half_winner(first_half)
        return gettext("{note} That takes {name} to {total}: the game ends after the first half.").format(
            note=note, name=after.names[winner], total=(after.state.totals or [0, 0])[winner]
        )


class SecondHalfForm(DealForm):
    """The contract (saved once declarer, level and strain are in, or passed out), then the tricks."""

    phase = "second-half"
    reads = ("contract",)
    later_step = True

    @override
    def deal_data(self) -> dict[str, object] | None:
        refused = ("level", gettext("Deal {number}: choose declarer, level and strain before the tricks."))
        contract, tricks = self.contract(), self.values.get("tricks")
        complete = not isinstance(contract, str)  # else declarer, level or strain is missing
        return self.contract_data("first_half", contract, tricks, complete=complete, refused=refused)

    @property
    def contract_line(self) -> str:
        """The contract saved (the panel shows it once it is): the tricks it needs and who leads."""
        assert self.current is not None
        contract: Contract = self.current.data["contract"]
        return gettext("{contract}: needs {needed} tricks; {name} leads.").format(
            contract=contract_words(self.names, contract),
            needed=contract["level"] + 6,
            name=self.names[1 - contract["declarer"]],
        )

    @override
    def note(self, after: LoadedGame) -> str:
        contract, tricks, number = self.contract(), self.values.get("tricks"), self.number
        if contract is None:
            return gettext("Deal {number}: the auction was passed out; no second half.").format(number=number)
        if isinstance(contract, str) or not isinstance(tricks, int):
            return ""
        score = contract_score(contract["level"], contract["strain"], contract["doubled"], tricks)
        if score:
            said = gettext("Deal {number}: {contract} made with {tricks}: +{score}.")
        else:
            said = gettext("Deal {number}: {contract} took {tricks} of {needed}: no score.")
        words = contract_words(after.names, contract)
        needed = contract["level"] + 6
        return said.format(number=number, contract=words, tricks=tricks, score=score, needed=needed)


class CorrectionForm(DealForm):
    """A finished deal: both halves together; every later total follows."""

    phase = "edit"
    corrects = True
    ended_now = False  # the first half corrected now ends the game, and the second half no longer counts

    @override
    def deal_data(self) -> dict[str, object] | None:
        if not self.saving:
            return None
        stored = self.corrected.data
        if None in self.first_half:
            self.first_half = list(stored["first_half"])  # nothing tapped: the first half stands
        full = [v or 0 for v in self.first_half]
        data: dict[str, object] = {"first_half": full}
        contract = self.contract()
        if self.ends_game(full):
            self.ended_now = "contract" in stored or not isinstance(contract, str)
        elif isinstance(contract, str):
            self.say("level", gettext("Deal {number}: choose declarer, level and strain, or passed out."))
            return None
        else:
            data["contract"] = contract
            if contract is not None:
                if "tricks" not in self.values:
                    name = self.names[contract["declarer"]]
                    self.say("tricks", gettext("Deal {number}: tap the tricks {name} took."), name=name)
                    return None
                data["tricks"] = self.values["tricks"]
        return data

    @override
    def note(self, after: LoadedGame) -> str:
        if self.ended_now:
            return gettext(
                "Deal {number} corrected: the first half now ends the game, so its second half no longer counts."
            ).format(number=self.number)
        return gettext("Deal {number} corrected; every total after it is worked out again.").format(
            number=self.number
        )


class MemoryBridgeTable(StepsTable):
    sheet_template = "games/memory_bridge/sheet.html"
    round_word = "Deal"
    first_step = FirstHalfForm
    contract_step = SecondHalfForm
    correction = CorrectionForm
    changing_note = _("Tap either player's tricks; the other's follow from 13.")

    def new_game(self, request: HtmxHttpRequest) -> HttpResponse:
        form = new_game_form(request, NewMemoryBridgeForm, self.game.slug, count=2)
        return new_game_page(request, form, game=self.game, template="games/memory_bridge/new.html")

    def context(self, loaded: LoadedGame, panel: Panel) -> dict[str, object]:
        """The scoreboard: each player's total and what is left to the target, the leaders, the winners; and
        who deals and leads the deal in the panel."""
        state, names, info = loaded.state, loaded.names, panel.info
        target, totals = state.options["target"], state.totals or [0, 0]
        won_in_first_half = state.rounds and state.rounds[-1].facts["ended_after_first_half"]
        detail = gettext(", reaching the target in the first half of deal {number}").format(
            number=len(state.rounds)
        )
        leading = [s for s in (0, 1) if totals[s] == max(totals)] if state.rounds else []
        return {
            "players": [
                {"seat": s, "name": names[s], "total": totals[s], "to_go": max(0, target - totals[s])}
                for s in (0, 1)
            ],
            "target": target,
            "winners": [names[s] for s in state.winners],
            "win_detail": detail if state.finished and not state.finished_early and won_in_first_half else "",
            "leaders": state.winners if state.finished else leading,
            "dealer": names[info.dealer] if info else "",
            "leader": names[info.leader] if info else "",
        }

    def watch_lines(self, loaded: LoadedGame) -> list[str]:
        """Who deals and leads, then the first half being played, the auction, or the contract being played."""
        state, names = loaded.state, loaded.names
        info, current = state.next_round, state.current
        if info is None:
            return []
        dealing = gettext("{dealer} deals · {leader} leads the first trick")
        lines = [dealing.format(dealer=names[info.dealer], leader=names[info.leader])]
        if current is None:
            return [*lines, gettext("Playing the first half: 13 tricks, no trumps.")]
        lines.append(first_half_line(names, current.data["first_half"]))
        if "contract" not in current.data:
            return [*lines, gettext("The auction: {dealer} bids first.").format(dealer=names[info.dealer])]
        contract = contract_words(names, current.data["contract"])
        return [*lines, gettext("Playing the second half: {contract}.").format(contract=contract)]

    def screen(self, loaded: LoadedGame, first: int = 1, last: int = 0) -> tuple[list[Row], list[Row]]:
        """A row per deal (its number, the contract with the first half under it, each player's running
        total with what each half added), and the deal to come."""
        del first, last  # every row is drawn: this table's rows do not stand alone
        state, names = loaded.state, loaded.names
        rows = []
        for result in state.rounds:
            data, facts, done, totals = result.data, result.facts, result.complete, result.totals
            assert totals is not None  # every deal recorded is scored
            contract = data.get("contract", "")
            if facts["ended_after_first_half"]:
                main, sub = gettext("Game over"), gettext("target reached in the first half")
            elif contract == "" and state.finished:  # ended early on its first half, which counts
                main, sub = gettext("Game over"), gettext("ended before the second half")
            elif contract == "":
                main, sub = gettext("Auction"), gettext("contract to come")
            elif contract is None:
                main, sub = gettext("Passed out"), gettext("no second half")
            else:
                main = contract_name(contract["level"], contract["strain"], contract["doubled"])
                sub = declarer_line(names[contract["declarer"]], data)
            first, second = data["first_half"]
            under = (sub, gettext("1st half {first}–{second}").format(first=first, second=second))
            halves = zip(facts["first_half_points"], facts["second_half_points"] or [0, 0], strict=True)
            cells = [Cell(main, lines=under, cls="contract-col")]
            for seat, points in enumerate(halves):
                note = " ".join(f"+{p}" for p in points if p)
                cells.append(Cell(str(totals[seat]), note=note, explain=total_explain(names, result, seat)))
            cls = "row-done" if done or state.finished else "row-current"
            if facts["ended_after_first_half"] or (state.finished and not done):
                cls += " row-ended"
            rows.append(deal_row(result.info, names, cells, cls, link=done))
        coming = state.next_round
        if coming is not None and state.current is None:
            to_come = Cell(lines=(gettext("first half to come"),), cls="contract-col")
            rows.append(deal_row(coming, names, [to_come, Cell(), Cell()], "row-current"))
        return rows, []


def deal_row(info: RoundInfo, names: list[str], cells: list[Cell], cls: str, *, link: bool = False) -> Row:
    """A deal's row: its number (linked to its correction once played; who dealt as its title), then
    ``cells``: the contract's and each player's, the dealer's marked."""
    number = deal_cell(info.number, info.dealer, names, link=link)
    for seat, side in enumerate(cells[1:]):
        side.cls = "side-cell dealer" if seat == info.dealer else "side-cell"
    return Row([number, *cells], cls=cls, number=info.number, heading=f"{in_words('Deal')} {info.number}")


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

    def options(self) -> dict[str, int]:
        return {"target": self.cleaned_data["target"]}
