"""Minibridge's table: the partnership sheet, each player's personal sheet, and a deal's three steps.

A deal is entered in three steps, each saved by the tap that completes it: the points as announced
from the dealer (a keypad: three taps, the fourth player's points follow from 40), the declarer's
contract (strain, then part-score or game), then the tricks the declaring side took. Each step is a
form whose panel partial (templates/games/minibridge/sheet.html) reads it. The keypad keeps its state
in the form (hidden fields and the player it fills), so it works as a plain form too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import override

from django import forms
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext

from games import services
from games.forms import COMPASS_SEATS, SeatingForm, WholeNumberField
from games.models import GameSession, Seat
from games.paper.common import Cell, Row
from games.rules import GameState, RoundInfo, RoundResult, RuleError
from games.rules.cards import STRAINS, strain_symbol
from games.rules.minibridge import (
    DECK_HCP,
    GAME_TRICKS,
    HAND_CARDS,
    MAX_HAND_HCP,
    PART_SCORE_TRICKS,
    SIDE_NAMES,
    SIDES,
    UNDERTRICK,
    announcing_order,
    check_hands,
    contract_name,
    deal_score,
    declarer_for,
    declaring_line,
    fill_fourth,
    side_of,
    tricks_needed,
)
from games.services import LoadedGame
from games.table import ScoreboardTable, Step, new_game_form, new_game_page, steps
from games.table.forms import Chip, ChipField, Choice, RoundForm, strain_choice
from games.views.common import HtmxHttpRequest
from games.words import in_words

SEAT_NAMES = COMPASS_SEATS  # North, East, South, West: seats 0 to 3
PERSONAL_ORDER = (0, 2, 1, 3)  # the paper sheet's columns: points held by N, S, E, W
GAME_NEEDS = [(strain_symbol(s), n) for s, n in GAME_TRICKS.items()]
TAP_TO_CHANGE = gettext_lazy("Tap a player to change their points; the fourth still follows from 40.")


def letter(seat: int) -> str:
    """A seat's letter in the page's language (N, E, S, O in French)."""
    # Translators: the first letters of North, East, South and West, in that order.
    return gettext("NESW")[seat]


def who(names: list[str], seat: int) -> str:
    return f"{names[seat]} ({SEAT_NAMES[seat]})"


def side_players(names: list[str], side: str) -> str:
    return " & ".join(names[s] for s in SIDES[side])


def deal_numbers(state: GameState) -> list[int]:
    """Each recorded round's deal number (a 20:20 redeal and its replay share one), then the next deal's."""
    numbers, played = [], 0
    for result in state.rounds:
        numbers.append(played + 1)
        played += result.complete and not result.facts["redeal"]
    return [*numbers, played + 1]


def deal_of(state: GameState, info: RoundInfo) -> int:
    numbers = deal_numbers(state)
    return numbers[min(info.number, len(numbers)) - 1]


def contract_short(contract: dict[str, str | bool]) -> str:
    """ "Game ♠", "Part-score ♥"."""
    game = pgettext("a game contract, as against a part-score", "Game")
    return f"{game if contract['game'] else gettext('Part-score')} {strain_symbol(str(contract['strain']))}"


def result_line(strain: str, game: bool, tricks: int, side: str) -> str:
    """What a played deal scored, as the panel says it after the last tap."""
    needed = tricks_needed(strain, game)
    declaring, defending = deal_score(strain, game, tricks)
    other = gettext(SIDE_NAMES["EW" if side == "NS" else "NS"])
    words = {"side": gettext(SIDE_NAMES[side]), "contract": contract_name(strain, game), "points": declaring}
    if tricks < needed:
        said = gettext("{side} took {tricks} of {needed} in {contract}, {short} short: {other} +{points}")
        return said.format(
            **{**words, "points": defending}, tricks=tricks, needed=needed, short=needed - tricks, other=other
        )
    if tricks > needed:
        said = gettext("{side} made {contract} with {over} over: {side} +{points}")
        return said.format(**words, over=tricks - needed)
    return gettext("{side} made {contract}: {side} +{points}").format(**words)


def side_explain(side: str, result: RoundResult, names: list[str]) -> str:
    """One line on what a played deal scored for one partnership."""
    facts, data = result.facts, result.data
    strain, game, tricks = data["contract"]["strain"], data["contract"]["game"], data["tricks"]
    needed = tricks_needed(strain, game)
    words = {
        "side": gettext(SIDE_NAMES[side]),
        "contract": contract_name(strain, game),
        "needed": needed,
        "tricks": tricks,
    }
    if side == facts["declaring_side"]:
        line = gettext("{side} declared {contract} ({name}), needed {needed}, took {tricks}")
        line = line.format(**words, name=names[facts["declarer"]])
        return declaring_line(line, strain, game, tricks, facts["declaring_points"])
    line = gettext("{side} defended {other}'s {contract} (needed {needed}, took {tricks})")
    line = line.format(**words, other=gettext(SIDE_NAMES[facts["declaring_side"]]))
    if needed > tricks:
        said = gettext("{line}: {short} short × {each} = {points}")
        return said.format(
            line=line, short=needed - tricks, each=UNDERTRICK, points=facts["defending_points"]
        )
    return gettext("{line}: made, 0").format(line=line)


def number_cell(deal: int, dealer: int, names: list[str], *, link: bool = False) -> Cell:
    """A row's heading: the deal's number with the dealer's letter small beside it (who, as its title)."""
    title = gettext("{name} deals").format(name=names[dealer])
    return Cell(text=str(deal), flag=letter(dealer), title=title, head=True, link=link, cls="round-col")


def side_cell(side: str, result: RoundResult, names: list[str]) -> Cell:
    """A partnership's square of a deal, once it is played: its total, what the deal added, and how."""
    if not result.complete:
        return Cell(cls="side-cell")
    assert result.totals is not None and result.points is not None  # a finished deal is scored
    total, points = result.totals[SIDES[side][0]], result.points[SIDES[side][0]]
    if result.facts["redeal"]:
        explain = gettext("20:20: redealt by the same dealer, no score; total {total}").format(total=total)
    else:
        explain = gettext("{explain}; total {total}").format(
            explain=side_explain(side, result, names), total=total
        )
    return Cell(text=str(total), corner=f"+{points}" if points else "", explain=explain, cls="side-cell")


@dataclass
class PersonalRow:
    deal: str
    seat: str
    held: list[int | None]  # N, S, E, W
    side_points: str = ""
    contract: str = ""
    tricks: str = ""
    plus: int | None = None
    minus: int | None = None


class MinibridgeTable(ScoreboardTable["Panel"]):
    """Two partnerships' totals beside the sheet, a personal sheet per player, and a deal in three steps."""

    sheet_template = "games/minibridge/sheet.html"
    leader_words = "announces first"

    def screen_rows(self, loaded: LoadedGame) -> list[Row]:
        """Every round recorded (20:20 redeals included), the deal being entered, and (when playing a number
        of deals) those to come."""
        state, names = loaded.state, loaded.names
        rows: list[Row] = []
        numbers = deal_numbers(state)
        for result, deal in zip(state.rounds, numbers[:-1], strict=True):
            facts, data, done, number = result.facts, result.data, result.complete, result.info.number
            if facts["redeal"]:
                main, sub = "20:20", gettext("redealt, no score")
            elif "contract" in data:
                took = gettext("took {tricks}").format(tricks=data["tricks"]) if "tricks" in data else None
                main, sub = (
                    contract_short(data["contract"]),
                    f"{names[facts['declarer']]} · {took or gettext('to play')}",
                )
            else:
                main = gettext("{side} declare").format(side=gettext(SIDE_NAMES[facts["declaring_side"]]))
                sub = gettext("{name} to choose").format(name=names[facts["declarer"]])
            cells = [
                number_cell(deal, result.info.dealer, names, link=done),
                Cell(text=main, lines=(sub,), cls="contract-col"),
            ]
            cells += [side_cell(side, result, names) for side in ("NS", "EW")]
            if facts["redeal"]:
                link, cls = gettext("Correct round {number} (deal {deal}, 20:20 redeal)"), " row-redeal"
            else:
                link, cls = gettext("Correct round {number} (deal {deal})"), ""
            rows.append(
                Row(
                    cells,
                    cls=f"row-{'done' if done else 'current'}{cls}",
                    number=number,
                    heading=f"{in_words('Deal')} {deal}",
                    link_label=link.format(number=number, deal=deal),
                )
            )
        info = state.next_round
        if state.finished or info is None:
            return rows
        blank = [Cell(cls="side-cell"), Cell(cls="side-cell")]
        if state.current is None:
            to_come = Cell(lines=(gettext("points to come"),), cls="contract-col")
            cells = [number_cell(numbers[-1], info.dealer, names), to_come]
            rows.append(Row([*cells, *blank], cls="row-current", number=info.number))
        for deal in range(numbers[-1] + 1, (state.options.get("deals") or 0) + 1):
            cells = [number_cell(deal, (state.first_dealer + deal - 1) % 4, names), Cell(cls="contract-col")]
            rows.append(Row([*cells, *blank], cls="row-future", key=f"deal-{deal}"))  # no round yet
        return rows

    def context(self, loaded: LoadedGame, panel: Panel) -> dict[str, object]:
        """What the sheet page shows besides its entry panel and its drawn rows: the totals, the winners."""
        del panel  # the entry panel is every sheet's (``full_context``)
        state, names = loaded.state, loaded.names
        totals, target = state.totals or [0] * 4, state.options.get("target")
        winners = sorted({side_of(s) for s in state.winners}) if state.finished else []
        played = any(r.complete and not r.facts["redeal"] for r in state.rounds)
        best = max(totals)
        sides = [
            {
                "key": side,
                "name": gettext(SIDE_NAMES[side]),
                "players": side_players(names, side),
                "total": totals[SIDES[side][0]],
                "to_go": max(0, target - totals[SIDES[side][0]]) if target else None,
            }
            for side in ("NS", "EW")
        ]
        return {
            "seats": [
                {"seat": s, "letter": letter(s), "seat_name": SEAT_NAMES[s], "name": names[s]}
                for s in range(4)
            ],
            "sides": sides,
            "winners": [gettext(SIDE_NAMES[w]) for w in winners],
            "win_detail": f": {side_players(names, winners[0])}" if len(winners) == 1 else "",
            "deals_option": state.options.get("deals"),
            "target": target,
            "game_tricks": GAME_NEEDS,
            "leaders": [side["key"] for side in sides if side["total"] == best] if played else [],
        }

    def current_panel(self, loaded: LoadedGame) -> Panel:
        """The points keypad, or the contract and tricks once the points are in, or the game's end."""
        info = loaded.state.next_round
        if loaded.state.finished or info is None:
            return Panel("over")
        step = PointsForm if loaded.state.current is None else ContractForm
        return step(None, table=self, loaded=loaded, target=info).panel()

    def round_title(self, loaded: LoadedGame, info: RoundInfo) -> str:
        """ "Deal 4": a redealt deal keeps its number."""
        return gettext("Deal {number}").format(number=deal_of(loaded.state, info))

    def watch_lines(self, loaded: LoadedGame) -> list[str]:
        """Who deals (and announces first), then where the deal stands: the points being announced,
        the contract being chosen, or the hand being played."""
        state, names = loaded.state, loaded.names
        info, current = state.next_round, state.current
        if info is None:
            return []
        lines = [gettext("{dealer} deals and announces first").format(dealer=names[info.dealer])]
        if current is None:
            return [*lines, gettext("Announcing the points.")]
        hcp, contract = current.data["hcp"], current.data.get("contract")
        said = gettext("Points: {ns} {ns_points}, {ew} {ew_points}; {declarer} declares.")
        ns, ew = gettext(SIDE_NAMES["NS"]), gettext(SIDE_NAMES["EW"])
        declarer = who(names, current.facts["declarer"])
        lines.append(
            said.format(ns=ns, ns_points=hcp[0] + hcp[2], ew=ew, ew_points=hcp[1] + hcp[3], declarer=declarer)
        )
        if contract is None:
            return [*lines, gettext("Choosing the contract.")]
        return [*lines, gettext("Playing the hand: {contract}.").format(contract=contract_short(contract))]

    def stale_message(self, number: int) -> str:
        said = gettext("Round {number} is not the deal being entered; the sheet has been brought up to date.")
        return said.format(number=number)

    def sheet(
        self, request: HtmxHttpRequest, session: GameSession, seats: list[Seat] | None = None
    ) -> HttpResponse:
        """The sheet, a player's personal sheet (``?seat=``), or the points again to change them
        (``?phase=points``, once they are in)."""
        loaded = services.load_game(session, seats)
        seat, current = request.GET.get("seat", ""), loaded.state.current
        if seat in ("0", "1", "2", "3"):
            return self.personal_sheet(request, loaded, int(seat))
        if request.GET.get("phase") == "points" and current is not None:
            return self.show(
                request, loaded, PointsForm(None, table=self, loaded=loaded, target=current.info).panel()
            )
        return self.show(request, loaded, self.current_panel(loaded))

    def personal_sheet(self, request: HtmxHttpRequest, loaded: LoadedGame, seat: int) -> HttpResponse:
        """The personal score sheet of the rule text, one line a deal, "score our way" + and -."""
        state, names = loaded.state, loaded.names
        rows, plus, minus = [], 0, 0
        for result, deal in zip(state.rounds, deal_numbers(state)[:-1], strict=True):
            data, facts = result.data, result.facts
            row = PersonalRow(
                deal=str(deal), seat=letter(seat), held=[data["hcp"][s] for s in PERSONAL_ORDER]
            )
            rows.append(row)
            if facts["redeal"]:
                row.side_points, row.contract = "20:20", gettext("Redeal")
                continue
            side = facts["declaring_side"]
            row.side_points = f"{facts['side_hcp'][side]} {gettext(SIDE_NAMES[side])}"
            if "contract" in data:
                said = gettext("{contract} by {seat}")
                row.contract = said.format(
                    contract=contract_short(data["contract"]), seat=letter(facts["declarer"])
                )
            row.tricks = str(data.get("tricks", ""))
            if result.points is not None:  # the deal is played
                ours, theirs = result.points[seat], result.points[(seat + 1) % 4]
                row.plus, row.minus, plus, minus = ours or None, theirs or None, plus + ours, minus + theirs
        context = {
            "session": loaded.session,
            "state": state,
            "seat": seat,
            "me": who(names, seat),
            "side": gettext(SIDE_NAMES[side_of(seat)]),
            "partner": who(names, (seat + 2) % 4),
            "rows": rows,
            "totals": {"plus": plus, "minus": minus, "net": plus - minus, "side": side_of(seat)},
            "others": [{"seat": s, "label": who(names, s)} for s in range(4) if s != seat],
            "columns": [letter(s) for s in PERSONAL_ORDER],
        }
        return render(request, "games/minibridge/personal.html", context)

    def actions(self) -> dict[str, tuple[Callable[..., HttpResponse], set[str]]]:
        return steps(
            self,
            points=Step(PointsForm, PointsForm.panel),
            contract=Step(ContractForm, ContractForm.panel),
            edit=Step(CorrectionForm, CorrectionForm.panel),
        )

    def new_game(self, request: HtmxHttpRequest) -> HttpResponse:
        form = new_game_form(request, NewMinibridgeForm, self.game.slug, count=4)
        template, context = "games/minibridge/new.html", {"game_tricks": GAME_NEEDS}
        return new_game_page(request, form, game=self.game, template=template, context=context)


# -- the entry panel: each step of a deal is a form, drawn by its own panel partial -----------------


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
    """The entry panel: its phase, a note and a message for it as a whole, and the form of the step it draws
    (none once the game is over)."""

    phase: str
    form: DealForm | None = None
    note: str = ""
    error: str = ""
    contract_saved: bool = False  # for the steps still to enter (templates/games/_steps.html)

    @property
    def info(self) -> RoundInfo | None:
        return None if self.form is None else self.form.info


class DealForm(RoundForm):
    """A step of a deal: ``clean`` reads what was tapped and gives the round's data (``deal_data``); the panel
    partial reads the heading, the points and who declares with them, and the contract's chips."""

    phase = ""

    def start(self) -> None:
        self.order = announcing_order(self.info.dealer)
        self.hcp: list[int | None] = [None] * 4
        self.strain_value = ""
        self.game_value: bool | None = None
        self.tricks_value: int | None = None

    def panel(self) -> Panel:
        """The panel that draws this form: the input kept, each message beside its field."""
        return Panel(self.phase, self, error=self.message)

    @override
    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        self.read()
        if not self.errors:
            self.round_data = self.deal_data()
        return cleaned

    def read(self) -> None:
        """What was tapped: here the contract and the tricks, for the steps that have them."""
        if "strain" in self.fields:
            cleaned = self.cleaned_data
            game = cleaned.get("game")
            self.strain_value, self.tricks_value = cleaned.get("strain") or "", cleaned.get("tricks")
            self.game_value = None if game is None else bool(game)

    def deal_data(self) -> dict[str, object] | None:
        """The round's data to store (None: nothing yet); a message beside its field where it is refused."""
        raise NotImplementedError

    def add_contract_fields(self) -> None:
        """Strain, part-score or game, and the tricks taken, each refused in the round's words."""
        n = self.number
        strain = gettext("Round {round}: pick the strain from NT, ♠, ♥, ♦ and ♣.").format(round=n)
        game = gettext("Round {round}: pick part-score or game.").format(round=n)
        tricks = gettext("Round {round}: the tricks must be a number from 0 to {most}, not “{shown}”.")
        self.fields["strain"] = ChipField(STRAINS, refusal=lambda **_: strain)
        self.fields["game"] = ChipField((0, 1), refusal=lambda **_: game)
        self.fields["tricks"] = ChipField(
            range(HAND_CARDS + 1), refusal=lambda shown: tricks.format(round=n, most=HAND_CARDS, shown=shown)
        )

    @property
    def full_hcp(self) -> list[int | None]:
        return fill_fourth(self.hcp, self.info.dealer)

    def announced(self) -> list[int] | None:
        """Everyone's points once the three who announce have (the fourth's follow from 40), else None."""
        full = self.full_hcp
        return [v for v in full if v is not None] if None not in full else None

    # -- what the panel partial reads --

    @property
    def deal(self) -> int:
        return deal_of(self.state, self.info)

    @property
    def dealer(self) -> str:
        return who(self.names, self.info.dealer)

    @property
    def filling(self) -> int | None:
        """The player whose points the keypad fills (None: no keypad)."""
        return None

    @property
    def points(self) -> list[PointsRow]:
        errors, hcp, names = self.seat_messages(), self.full_hcp, self.names
        return [
            PointsRow(
                seat=seat,
                letter=letter(seat),
                seat_name=str(SEAT_NAMES[seat]),
                name=names[seat],
                value=hcp[seat],
                active=seat == self.filling and i < 3,
                derived=i == 3,
                error=errors.get(seat, ""),
            )
            for i, seat in enumerate(self.order)
        ]

    def seat_messages(self) -> dict[int, str]:
        return self.seat_errors("hcp")

    @property
    def facts(self) -> dict[str, object]:
        """Once everyone's points are in: who declares, who is dummy, who leads, and the ruling on equal points
        when it applied (or that the deal is a redeal)."""
        hcp = [v for v in self.full_hcp if v is not None and 0 <= v <= MAX_HAND_HCP]
        found = declarer_for(hcp, self.info.dealer) if len(hcp) == 4 else None
        if found is None:
            return {"redeal": True} if len(hcp) == 4 else {}
        (side, declarer), names = found, self.names
        partner = (declarer + 2) % 4
        tie = gettext("{name} and {partner} hold {points} each: {name} announced first, so declares.")
        return {
            "side": gettext(SIDE_NAMES[side]),
            "side_points": sum(hcp[s] for s in SIDES[side]),
            "declarer": who(names, declarer),
            "declarer_name": names[declarer],
            "dummy": who(names, partner),
            "leader": who(names, (declarer + 1) % 4),
            "tie": tie.format(name=names[declarer], partner=names[partner], points=hcp[declarer])
            if hcp[declarer] == hcp[partner]
            else "",
        }

    @property
    def live(self) -> str:
        """How far the announcing has got, and how the points split once it is done."""
        hcp = self.full_hcp
        known = [v for v in (hcp[s] for s in self.order[:3]) if v is not None]
        if len(known) < 3:
            left = 3 - len(known)
            said = ngettext(
                "{points} of {deck} points announced, {left} player to go",
                "{points} of {deck} points announced, {left} players to go",
                left,
            )
            return said.format(points=sum(known), deck=DECK_HCP, left=left)
        ns, ew = (hcp[0] or 0) + (hcp[2] or 0), (hcp[1] or 0) + (hcp[3] or 0)
        if ns == ew:
            return gettext("20:20: the same dealer deals again")
        return gettext("N-S {ns} : E-W {ew}").format(ns=ns, ew=ew)

    @property
    def choices(self) -> list[Choice]:
        """The contract's strain, then part-score or game."""
        errors, strain, game = self.field_errors(), self.strain_value, self.game_value
        if strain:
            game_label = gettext("Game · {tricks}").format(tricks=GAME_TRICKS[strain])
        else:
            game_label = gettext("Game · 9 to 11")
        part_score = gettext("Part-score · {tricks}").format(tricks=PART_SCORE_TRICKS)
        chips = [
            Chip(value=0, checked=game is False, label=part_score),
            Chip(value=1, checked=game is True, label=game_label),
        ]
        error = errors.get("game") or errors.get("contract", "")
        length = Choice(
            name="game", legend=gettext("Part-score or game"), chips=chips, css="wide", error=error
        )
        return [strain_choice(strain, errors.get("strain", "")), length]

    @property
    def trick_choice(self) -> Choice:
        """The tricks the declaring side took, those the contract needs marked."""
        strain, game = self.strain_value, self.game_value
        needed = tricks_needed(strain, game) if strain and game is not None else None
        side = self.facts.get("side") or gettext("the declaring side")
        legend = (
            gettext("Tricks taken by {side} (needed {needed})")
            if needed
            else gettext("Tricks taken by {side}")
        )
        return Choice(
            name="tricks",
            legend=legend.format(side=side, needed=needed),
            chips=[Chip(value=v, checked=self.tricks_value == v) for v in range(HAND_CARDS + 1)],
            marked=needed,
            error=self.field_errors().get("tricks", ""),
        )


class PointsForm(DealForm):
    """The points as announced: saved once three are in (a 20:20 split is a redeal). A tap on a player's row
    (``goto``) moves the keypad to them; ``at`` is the player it fills, ``pick`` the points tapped."""

    phase = "points"
    seat_fields = ("hcp",)
    seat_words = {"hcp": "points"}
    at = ChipField(range(4))
    goto = ChipField(range(4))
    # Refused beside the player it fills, by name.
    pick = ChipField(range(MAX_HAND_HCP + 1), refusal=lambda shown: shown)

    @override
    def start(self) -> None:
        super().start()
        current = self.current
        self.changing = current is not None  # the points are in: they are being changed
        self.hcp = list(current.data["hcp"]) if current is not None else self.hcp
        self.at_seat: int | None = None
        self.moved = self.lost_contract = False
        self.found: tuple[str, int] | None = None

    @override
    def panel(self) -> Panel:
        panel = super().panel()
        panel.note = str(TAP_TO_CHANGE) if self.changing and not self.problems() else ""
        return panel

    @property
    @override
    def filling(self) -> int | None:
        at, hcp, first = self.at_seat, self.full_hcp, self.order[:3]
        return at if at in first else next((s for s in first if hcp[s] is None), first[0])

    @property
    def keypad(self) -> list[Chip]:
        """0 to 37; values that cannot fit in the 40 points with those already announced are struck."""
        left_out = (self.filling, self.order[3])
        room = DECK_HCP - sum(v for s, v in enumerate(self.hcp) if v is not None and s not in left_out)
        title = gettext("Only {room} points are left").format(room=room)
        return [
            Chip(value=v, struck=v > room, title=title if v > room else "") for v in range(MAX_HAND_HCP + 1)
        ]

    @override
    def read(self) -> None:
        """The points as the keypad leaves them (the fourth left None: it follows from 40), the player it fills
        next, and whether a player's row was tapped (``moved``)."""
        n, names, order, cleaned = self.number, self.names, self.order, self.cleaned_data
        hcp = self.seat_numbers("hcp", seats=range(4))
        while True:  # each hand the rules refuse is said beside its player, and left out
            try:
                check_hands(n, hcp, names=names)
                break
            except RuleError as exc:
                assert exc.player is not None  # a hand's points name their player
                self.refuse(exc)
                hcp[exc.player] = None
        refused = self.errors.pop("pick", None)  # said below, beside the player being filled
        picked: int | None = cleaned.get("pick")
        self.hcp, self.at_seat, goto = hcp, cleaned.get("at"), cleaned.get("goto")
        if goto in order[:3]:
            self.at_seat, self.moved = goto, True
        elif refused or picked is not None:
            at = self.at_seat
            target = at if at in order[:3] else next((s for s in order[:3] if hcp[s] is None), None)
            if target is None:
                said = gettext("Round {round}: tap the player whose points you are entering first.")
                self.flag(f"hcp_{order[0]}", said.format(round=n))
            elif picked is None:
                said = gettext(
                    "Round {round}: {name}'s points must be a number from 0 to {most}, not “{shown}”."
                )
                shown = str(self.data.get("pick", ""))[:12]
                self.flag(
                    f"hcp_{target}", said.format(round=n, name=names[target], most=MAX_HAND_HCP, shown=shown)
                )
            else:
                hcp[target] = picked
                following = [s for s in order[order.index(target) + 1 : 3] if hcp[s] is None]
                self.at_seat = (following or [s for s in order[:3] if hcp[s] is None] or [target])[0]
        first = [v for v in (hcp[s] for s in order[:3]) if v is not None]
        fourth, total = hcp[order[3]], sum(first)
        if len(first) == 3 and not self.errors and not self.moved:
            if fourth is not None and total + fourth != DECK_HCP and not (refused or picked is not None):
                # All four were sent (a plain form or a record): they must add up to 40.
                said = gettext(
                    "Round {round}: the high-card points add up to {total}, but a deal holds {deck}."
                )
                self.flag(f"hcp_{order[3]}", said.format(round=n, total=total + fourth, deck=DECK_HCP))
            elif total > DECK_HCP:
                said = gettext(
                    "Round {round}: the points so far add up to {total}, {more} more than the {deck} in a deal."
                )
                last = self.at_seat if self.at_seat in order[:3] else order[2]
                self.flag(
                    f"hcp_{last}", said.format(round=n, total=total, more=total - DECK_HCP, deck=DECK_HCP)
                )
            elif DECK_HCP - total > MAX_HAND_HCP:
                said = gettext(
                    "Round {round}: {name} would hold {points} points, but a hand holds at most {most}."
                )
                words = {"name": names[order[3]], "points": DECK_HCP - total, "most": MAX_HAND_HCP}
                self.flag(f"hcp_{order[3]}", said.format(round=n, **words))
        hcp[order[3]] = None  # always worked out again from the other three
        super().read()

    @override
    def deal_data(self) -> dict[str, object] | None:
        full, current = self.announced(), self.current
        if self.moved or full is None:
            return None
        self.found = declarer_for(full, self.info.dealer)
        if self.found is None:
            return {"hcp": full, "redeal": True}
        if current is not None and "contract" in current.data:
            if current.facts["declarer"] == self.found[1]:  # same declarer: the contract stands
                return {"hcp": full, "contract": current.data["contract"]}
            self.lost_contract = True
        return {"hcp": full}

    @override
    def note(self, after: LoadedGame) -> str:
        names, dealer = after.names, self.info.dealer
        if self.found is None:
            said = gettext(
                "20:20 split: {name} ({seat}) deals again. That deal is not counted; announce the new points."
            )
            return said.format(name=names[dealer], seat=COMPASS_SEATS[dealer])
        if self.lost_contract:
            said = gettext("The declarer is now {name} ({seat}): choose the contract again.")
            return said.format(name=names[self.found[1]], seat=COMPASS_SEATS[self.found[1]])
        return ""


class ContractForm(DealForm):
    """The contract (saved once strain and part-score or game are both in), then the tricks taken."""

    phase = "contract"

    @override
    def fits(self) -> bool:
        return self.current is not None and not self.current.facts["redeal"]

    @override
    def start(self) -> None:
        super().start()
        self.add_contract_fields()
        current = self.current
        if current is not None:
            contract = current.data.get("contract") or {}
            self.hcp, self.strain_value, self.game_value = (
                current.data["hcp"],
                contract.get("strain", ""),
                contract.get("game"),
            )

    @property
    def contract_saved(self) -> bool:
        return self.current is not None and "contract" in self.current.data

    @property
    @override
    def live(self) -> str:
        strain, game = self.strain_value, self.game_value
        if not (self.contract_saved and strain and game is not None):
            return ""
        said = gettext("{side} need {needed} tricks for {contract}")
        return said.format(
            side=self.facts["side"], needed=tricks_needed(strain, game), contract=contract_name(strain, game)
        )

    @override
    def panel(self) -> Panel:
        panel = super().panel()
        panel.contract_saved = self.contract_saved
        if not self.contract_saved:  # no tricks row yet to show their message beside
            panel.error = panel.error or self.field_errors().get("tricks", "")
        return panel

    @override
    def deal_data(self) -> dict[str, object] | None:
        current = self.current
        assert current is not None  # the step fits a deal whose points are in (``fits``)
        if self.strain_value == "" or self.game_value is None:
            if self.tricks_value is not None:
                self.flag(
                    "contract",
                    gettext("Round {round}: choose the contract before the tricks.").format(
                        round=self.number
                    ),
                )
            return None
        data = {
            "hcp": current.data["hcp"],
            "contract": {"strain": self.strain_value, "game": self.game_value},
        }
        if self.tricks_value is not None:
            data["tricks"] = self.tricks_value
        return data if data != current.data else None

    @override
    def refuse(self, exc: RuleError) -> None:
        self.place(exc, default="contract")

    @override
    def note(self, after: LoadedGame) -> str:
        """Once the tricks are in: what the deal scored."""
        if self.tricks_value is None or self.game_value is None:
            return ""
        side = after.state.rounds[self.number - 1].facts["declaring_side"]
        result = result_line(self.strain_value, self.game_value, self.tricks_value, side)
        return gettext("Deal {number}: {result}.").format(
            number=deal_of(after.state, self.info), result=result
        )


class CorrectionForm(PointsForm):
    """A finished deal: points, contract and tricks together; every later total follows."""

    phase = "edit"
    corrects = True

    @override
    def start(self) -> None:
        super().start()
        self.add_contract_fields()
        data = self.corrected.data
        contract = data.get("contract") or {}
        self.hcp, self.at_seat, self.changing = list(data["hcp"]), self.order[0], False
        self.strain_value, self.game_value = contract.get("strain", ""), contract.get("game")
        self.tricks_value = data.get("tricks")
        self.hints: dict[int, str] = {}  # players whose points are missing, before Save

    @override
    def seat_messages(self) -> dict[int, str]:
        return {**self.hints, **super().seat_messages()}

    @override
    def deal_data(self) -> dict[str, object] | None:
        n, full = self.number, self.announced()
        said = gettext("Round {round}: enter {name}'s points.")
        missing = {s: said.format(round=n, name=self.names[s]) for s in self.order[:3] if self.hcp[s] is None}
        if not self.saving:
            self.hints = missing  # shown beside the rows, but nothing is refused yet
            return None
        for seat, message in missing.items():
            self.flag(f"hcp_{seat}", message)
        if self.moved or full is None:
            return None
        if declarer_for(full, self.info.dealer) is None:
            return {"hcp": full, "redeal": True}
        if self.strain_value == "" or self.game_value is None:
            self.flag(
                "contract",
                gettext("Round {round}: choose the strain and part-score or game.").format(round=n),
            )
        if self.tricks_value is None:
            self.flag(
                "tricks", gettext("Round {round}: tap the tricks the declaring side took.").format(round=n)
            )
        if self.errors:
            return None
        return {
            "hcp": full,
            "contract": {"strain": self.strain_value, "game": self.game_value},
            "tricks": self.tricks_value,
        }

    @override
    def refuse(self, exc: RuleError) -> None:
        self.place(exc, seat_prefix="hcp", seat_kinds=("hcp", "redeal", None))

    @override
    def note(self, after: LoadedGame) -> str:
        said = gettext("Round {number} corrected; every total after it is worked out again.")
        return said.format(number=self.number)


# -- a new game ------------------------------------------------------------------------------------


class NewMinibridgeForm(SeatingForm):
    """The four players by seat, the first dealer (or a draw), and how long to play."""

    seats = 4
    seat_labels = COMPASS_SEATS
    names_required = True
    # Translators: {label} is a seat, North, East, South or West.
    name_required = gettext_lazy("Who sits {label}?")
    draw_label = gettext_lazy("Draw for me")
    already_seated = gettext_lazy("{name} already sits {label}.")
    drawn_note = gettext_lazy("Drawn: {name} ({label}) deals first.")
    ends = forms.ChoiceField(
        label=gettext_lazy("Play"),
        initial="deals",
        choices=[("deals", gettext_lazy("A number of deals")), ("target", gettext_lazy("To a target score"))],
    )
    deals = WholeNumberField(
        label=gettext_lazy("Deals"), required=False, initial=8, min_value=1, max_value=60
    )
    target = WholeNumberField(label=gettext_lazy("Target"), required=False, min_value=1, max_value=100_000)

    def already_seated_message(self, name: str, seat: int) -> str:
        # The name as it will be stored: runs of spaces made one.
        return str(super().already_seated_message(" ".join(name.split()), seat))

    def clean(self) -> dict[str, object]:
        cleaned: dict[str, object] = super().clean() or {}
        ends = cleaned.get("ends")
        if ends == "deals" and cleaned.get("deals") is None and "deals" not in self.errors:
            self.add_error("deals", gettext("How many deals? (8 is usual.)"))
        if ends == "target" and cleaned.get("target") is None and "target" not in self.errors:
            self.add_error("target", gettext("Which score ends the game?"))
        return cleaned

    def options(self) -> dict[str, object]:
        ends = self.cleaned_data["ends"]
        return {ends: self.cleaned_data[ends]}
