"""What the two tables whose deal is entered in steps share (Minibridge, Memory Bridge): the step forms' base,
the entry panel that draws one, the table that chooses the step, and the cells of a deal's row.

A deal is entered in three steps, each saved by the tap that completes it: a first step (Minibridge's points,
Memory Bridge's first half), the contract, then the tricks the contract's step takes once the contract is
saved. Each step is a form whose panel partial (the game's sheet template's, named by its ``phase``) reads it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, override

from django.http import HttpResponse
from django.utils.functional import Promise
from django.utils.translation import gettext

from games import services
from games.models import GameSession, Seat
from games.paper import Cell
from games.rules import RoundInfo
from games.services import LoadedGame
from games.table import Actions, ScoreboardTable, Step, steps
from games.table.forms import RoundForm
from games.views.common import HtmxHttpRequest


@dataclass
class Panel:
    """The entry panel: its phase, a note and a message for it as a whole, and the form of the step it draws
    (none once the game is over)."""

    phase: str
    form: StepForm | None = None
    note: str = ""
    error: str = ""
    contract_saved: bool = False  # for the steps still to enter (templates/games/_steps.html)

    @property
    def info(self) -> RoundInfo | None:
        return None if self.form is None else self.form.info


class StepForm(RoundForm):
    """A step of a deal, drawn by the sheet template's partial named ``phase``: ``clean`` reads what was tapped
    (``read``) and gives the round's data (``deal_data``)."""

    phase = ""
    # The contract's step is the ``later_step``: its tricks' chips come once the contract is saved (``contract_saved``).

    @property
    def contract_saved(self) -> bool:
        """Whether this is the contract's step of a deal whose contract is saved: the tricks are left to tap (a
        deal passed out or redealt is finished, so never the deal in hand)."""
        return self.later_step and self.current is not None and "contract" in self.current.data

    @override
    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        self.read()
        if not self.errors:
            self.round_data = self.deal_data()
        return cleaned

    def read(self) -> None:
        """What was tapped, as the panel draws it (a tap refused is left out, its message beside it)."""

    def deal_data(self) -> dict[str, object] | None:
        """The round's data to store (None: nothing yet); a message beside its field where it is refused."""
        raise NotImplementedError

    def panel(self, note: str = "") -> Panel:
        """The panel that draws this form: the input kept, each message beside its field."""
        error = self.message
        if self.later_step and not self.contract_saved:  # no tricks' chips yet to show theirs beside
            error = error or self.field_errors().get("tricks", "")
        return Panel(self.phase, self, note, error, self.contract_saved)

    def contract_data(
        self, first: str, contract: object, tricks: object, *, complete: bool, refused: tuple[str, str]
    ) -> dict[str, object] | None:
        """The contract's step's round: the deal's ``first`` step as stored, the ``contract`` tapped, and the
        ``tricks`` once tapped (None: not yet). Nothing while the contract is not ``complete`` (``refused``:
        the field and message if the tricks came first), nor when nothing changed."""
        current = self.current
        assert current is not None  # the step fits a deal whose first step is in (``fits``)
        if not complete:
            if tricks is not None:
                self.say(*refused)
            return None
        data = {first: current.data[first], "contract": contract}
        if tricks is not None:
            data["tricks"] = tricks
        return data if data != current.data else None

    def say(self, field: str | None, said: str, **words: object) -> None:
        """``said`` ("Round {round}: ..." or "Deal {number}: ...") beside ``field`` (None: the whole deal), with
        this deal's number and ``words`` filled in."""
        self.flag(field, said.format(round=self.number, number=self.number, **words))


class StepsTable(ScoreboardTable[Panel]):
    """A table whose deal is entered in steps: the first step's form, then the contract's, and a correction's
    for a finished deal; each a round action named by its phase."""

    first_step: ClassVar[type[StepForm]]
    contract_step: ClassVar[type[StepForm]]
    correction: ClassVar[type[StepForm]]
    changing_note: ClassVar[str | Promise] = ""  # said when the first step is brought up again to change it

    def current_panel(self, loaded: LoadedGame) -> Panel:
        """The first step, or the contract and tricks once it is in, or the game's end."""
        info = loaded.state.next_round
        if info is None:  # the game is over
            return Panel("over")
        step = self.first_step if loaded.state.current is None else self.contract_step
        return step(table=self, loaded=loaded, target=info).panel()

    def reads(self) -> dict[str, set[str]]:
        return {"phase": {self.first_step.phase}}

    def sheet(
        self, request: HtmxHttpRequest, session: GameSession, seats: list[Seat] | None = None
    ) -> HttpResponse:
        """The sheet, or (``?phase=`` the first step's) the deal in hand's first step again, to change it."""
        loaded = services.load_game(session, seats)
        current = loaded.state.current
        if request.GET.get("phase") == self.first_step.phase and current is not None:
            form = self.first_step(table=self, loaded=loaded, target=current.info)
            return self.show(request, loaded, form.panel(str(self.changing_note)))
        return self.show(request, loaded, self.current_panel(loaded))

    def actions(self) -> Actions:
        forms = (self.first_step, self.contract_step, self.correction)
        return steps(self, **{form.phase: Step(form, form.panel) for form in forms})


def deal_cell(deal: int, dealer: int, names: list[str], *, flag: str = "", link: bool = False) -> Cell:
    """A row's heading: the deal's number (linked to its correction once played), who deals as its title."""
    title = gettext("{name} deals").format(name=names[dealer])
    return Cell(text=str(deal), flag=flag, title=title, head=True, link=link, cls="round-col")


def declarer_line(name: str, data: Mapping[str, object]) -> str:
    """Under a contract on the sheet: who declares, and the tricks they took or that the hand is to play."""
    took = gettext("took {tricks}").format(tricks=data["tricks"]) if "tricks" in data else gettext("to play")
    return f"{name} · {took}"
