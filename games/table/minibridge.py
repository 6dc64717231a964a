"""Minibridge's table: the partnership sheet, each player's personal sheet, and a deal's three steps.

A deal is entered in three steps (games/table/deal_steps.py): the points as announced from the dealer (a
keypad: three taps, the fourth player's points follow from 40), the declarer's contract (strain, then
part-score or game), then the tricks the declaring side took. The keypad keeps its state in the form (hidden
fields and the player it fills), so it works as a plain form too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import override

from django import forms
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext, gettext_lazy, gettext_noop, ngettext

from games import services
from games.forms import COMPASS_SEATS, SeatingForm, WholeNumberField
from games.models import GameSession, Seat
from games.paper import Cell, Row
from games.paper.layout import deal_number
from games.paper.minibridge import PAPER_SEATS, contract_short, personal_row, seat_letter, side_players
from games.rules import RoundInfo, RoundResult, RuleError
from games.rules.base import STRAINS, in_words, strain_symbol
from games.rules.minibridge import (
    DECK_HCP,
    GAME_TRICKS,
    HAND_CARDS,
    MAX_HAND_HCP,
    PART_SCORE_TRICKS,
    SIDES,
    UNDERTRICK,
    announcing_order,
    check_hands,
    contract_name,
    declarer_for,
    declaring_line,
    fill_fourth,
    side_name,
    side_of,
    tricks_needed,
)
from games.services import LoadedGame
from games.table import new_game_form, new_game_page
from games.table.deal_steps import Panel, StepForm, StepsTable, deal_cell, declarer_line
from games.table.forms import Chip, ChipField, Choice, strain_choice
from games.views.common import HtmxHttpRequest


def who(names: list[str], seat: int) -> str:
    return f"{names[seat]} ({COMPASS_SEATS[seat]})"


def correct_words(result: RoundResult) -> str:
    """What correcting a finished round is called: its link on the sheet, and its panel's heading. The round's
    number with its deal's, since a 20:20 redeal and its replay share one deal number."""
    if result.facts["redeal"]:
        said = gettext("Correct round {number} (deal {deal}, 20:20 redeal)")
    else:
        said = gettext("Correct round {number} (deal {deal})")
    return said.format(number=result.info.number, deal=deal_of(result.info))


def deal_of(info: RoundInfo) -> int:
    """A round's deal number, from its label ("Deal 4", "Deal 4 redeal"): a 20:20 redeal and its replay share
    one."""
    return int(deal_number(info.label))


def deal_words(result: RoundResult, names: list[str]) -> dict[str, object]:
    """What the sentences on a played deal fill in: ``side`` declared, ``other`` defended, and ``points``
    is what the side that scored (the declarers if they made it) scored."""
    facts, tricks = result.facts, result.data["tricks"]
    side, needed = facts["declaring_side"], facts["tricks_needed"]
    return {
        "side": side_name(side),
        "other": side_name("EW" if side == "NS" else "NS"),
        "contract": contract_name(**result.data["contract"]),
        "name": names[facts["declarer"]],
        "needed": needed,
        "tricks": tricks,
        "short": needed - tricks,
        "over": tricks - needed,
        "each": UNDERTRICK,
        "points": facts["declaring_points"] if facts["made"] else facts["defending_points"],
    }


def result_line(result: RoundResult, names: list[str]) -> str:
    """What a played deal scored, as the panel says it after the last tap."""
    tricks, needed = result.data["tricks"], result.facts["tricks_needed"]
    if tricks < needed:
        said = gettext("{side} took {tricks} of {needed} in {contract}, {short} short: {other} +{points}")
    elif tricks > needed:
        said = gettext("{side} made {contract} with {over} over: {side} +{points}")
    else:
        said = gettext("{side} made {contract}: {side} +{points}")
    return said.format(**deal_words(result, names))


def side_explain(side: str, result: RoundResult, names: list[str]) -> str:
    """One line on what a played deal scored for one partnership."""
    facts, words = result.facts, deal_words(result, names)
    if side == facts["declaring_side"]:
        line = gettext("{side} declared {contract} ({name}), needed {needed}, took {tricks}").format(**words)
        tricks, points = result.data["tricks"], facts["declaring_points"]
        return declaring_line(line, **result.data["contract"], tricks=tricks, points=points)
    line = gettext("{side} defended {other}'s {contract} (needed {needed}, took {tricks})")
    line = line.format(**{**words, "side": words["other"], "other": words["side"]})
    if facts["made"]:
        return gettext("{line}: made, 0").format(line=line)
    return gettext("{line}: {short} short × {each} = {points}").format(**words, line=line)


def number_cell(deal: int, dealer: int, names: list[str], *, link: bool = False) -> Cell:
    """A row's heading: the deal's number with the dealer's letter small beside it."""
    return deal_cell(deal, dealer, names, flag=seat_letter(dealer), link=link)


def contract_cell(result: RoundResult, names: list[str]) -> Cell:
    """A recorded round's contract column: 20:20, the contract with its declarer and tricks, or who declares."""
    facts, data = result.facts, result.data
    if facts["redeal"]:
        main, sub = "20:20", gettext("redealt, no score")
    elif "contract" in data:
        main, sub = contract_short(data["contract"]), declarer_line(names[facts["declarer"]], data)
    else:
        main = gettext("{side} declare").format(side=side_name(facts["declaring_side"]))
        sub = gettext("{name} to choose").format(name=names[facts["declarer"]])
    return Cell(text=main, lines=(sub,), cls="contract-col")


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


class DealForm(StepForm):
    """A step of a deal; the panel partial reads the heading, the points and who declares with them, and the
    contract's chips."""

    taps_contract = False  # whether the step has the contract's chips and the tricks'

    def start(self) -> None:
        """The deal as stored (the one corrected, or the one being entered), and the contract's fields: strain,
        part-score or game, and the tricks taken, each refused in the round's words."""
        self.order = announcing_order(self.info.dealer)
        stored = self.corrected if self.corrects else self.current
        data = stored.data if stored is not None else {}
        contract = data.get("contract") or {}
        self.hcp: list[int | None] = list(data.get("hcp", [None] * 4))
        self.strain_value: str = contract.get("strain", "")
        self.game_value: bool | None = contract.get("game")
        self.tricks_value: int | None = data.get("tricks")
        self.hints: dict[int, str] = {}  # a correction's players whose points are missing, said before Save
        if self.taps_contract:
            n = self.number
            strain = gettext("Round {round}: pick the strain from NT, ♠, ♥, ♦ and ♣.").format(round=n)
            game = gettext("Round {round}: pick part-score or game.").format(round=n)
            tricks = gettext("Round {round}: the tricks must be a number from 0 to {most}, not “{shown}”.")
            self.fields["strain"] = ChipField(STRAINS, refusal=lambda **_: strain)
            self.fields["game"] = ChipField((0, 1), refusal=lambda **_: game)
            self.fields["tricks"] = ChipField(
                range(HAND_CARDS + 1),
                refusal=lambda shown: tricks.format(round=n, most=HAND_CARDS, shown=shown),
            )

    @override
    def read(self) -> None:
        """What was tapped: here the contract and the tricks, for the steps that have them."""
        if self.taps_contract:
            cleaned = self.cleaned_data
            game = cleaned.get("game")
            self.strain_value, self.tricks_value = cleaned.get("strain") or "", cleaned.get("tricks")
            self.game_value = None if game is None else bool(game)

    @property
    def full_hcp(self) -> list[int | None]:
        return fill_fourth(self.hcp, self.info.dealer)

    def announced(self) -> list[int] | None:
        """Everyone's points once the three who announce have (the fourth's follow from 40), else None."""
        full = self.full_hcp
        return [v for v in full if v is not None] if None not in full else None

    @property
    def contract(self) -> dict[str, object] | None:
        """The contract tapped, once both its strain and part-score or game are in."""
        if self.strain_value == "" or self.game_value is None:
            return None
        return {"strain": self.strain_value, "game": self.game_value}

    @property
    def needed(self) -> int | None:
        """The tricks the contract tapped needs (None: no contract yet)."""
        strain, game = self.strain_value, self.game_value
        return tricks_needed(strain, game) if strain and game is not None else None

    # -- what the panel partial reads --

    @property
    def deal(self) -> int:
        return deal_of(self.info)

    @property
    def dealer(self) -> str:
        return who(self.names, self.info.dealer)

    @property
    def filling(self) -> int | None:
        """The player whose points the keypad fills (None: no keypad)."""
        return None

    @property
    def points(self) -> list[PointsRow]:
        errors, hcp, names = {**self.hints, **self.seat_errors("hcp")}, self.full_hcp, self.names
        return [
            PointsRow(
                seat=seat,
                letter=seat_letter(seat),
                seat_name=str(COMPASS_SEATS[seat]),
                name=names[seat],
                value=hcp[seat],
                active=seat == self.filling,  # never the fourth
                derived=i == 3,
                error=errors.get(seat, ""),
            )
            for i, seat in enumerate(self.order)
        ]

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
            "side": side_name(side),
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
        full = self.announced()
        if full is None:
            known = [v for v in (self.hcp[s] for s in self.order[:3]) if v is not None]
            left = 3 - len(known)
            said = ngettext(
                "{points} of {deck} points announced, {left} player to go",
                "{points} of {deck} points announced, {left} players to go",
                left,
            )
            return said.format(points=sum(known), deck=DECK_HCP, left=left)
        ns, ew = full[0] + full[2], full[1] + full[3]
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
        needed = self.needed
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
        self.changing = self.current is not None  # the points are in: they are being changed
        self.at_seat: int | None = None
        self.moved = False

    @override
    def panel(self, note: str = "") -> Panel:
        panel = super().panel(note)
        if self.changing and not self.problems():
            panel.note = gettext("Tap a player to change their points; the fourth still follows from 40.")
        return panel

    @property
    @override
    def filling(self) -> int | None:
        at, hcp, first = self.at_seat, self.full_hcp, self.order[:3]
        return at if at in first else next((s for s in first if hcp[s] is None), first[0])

    @property
    def keypad(self) -> list[Chip]:
        """0 to 37; values that cannot fit in the 40 points with those already announced are struck, and the
        points already in for the player it fills are marked (``checked``: the template shows them picked)."""
        left_out = (self.filling, self.order[3])
        room = DECK_HCP - sum(v for s, v in enumerate(self.hcp) if v is not None and s not in left_out)
        title = gettext("Only {room} points are left").format(room=room)
        picked = self.hcp[self.filling] if self.filling is not None else None
        return [
            Chip(value=v, struck=v > room, title=title if v > room else "", checked=v == picked)
            for v in range(MAX_HAND_HCP + 1)
        ]

    @override
    def read(self) -> None:
        """The points as the keypad leaves them (the fourth left None: it follows from 40), the player it fills
        next, and whether a player's row was tapped (``moved``)."""
        first, fourth = self.order[:3], self.order[3]
        self.hcp = hcp = self.seat_numbers("hcp", seats=range(4))
        while True:  # each hand the rules refuse is said beside its player, and left out
            try:
                check_hands(self.number, hcp, names=self.names)
                break
            except RuleError as exc:
                assert exc.player is not None  # a hand's points name their player
                self.refuse(exc)
                hcp[exc.player] = None
        refused = self.errors.pop("pick", None)  # said below, beside the player being filled
        picked: int | None = self.cleaned_data.get("pick")
        tapped = bool(refused) or picked is not None
        self.at_seat, goto = self.cleaned_data.get("at"), self.cleaned_data.get("goto")
        if goto in first:
            self.at_seat, self.moved = goto, True
        elif tapped:
            self.tap(picked)
        known, sent = [v for v in (hcp[s] for s in first) if v is not None], hcp[fourth]
        total = sum(known)
        if len(known) == 3 and not self.errors and not self.moved:
            if sent is not None and total + sent != DECK_HCP and not tapped:
                # All four were sent (a plain form or a record): they must add up to 40.
                said = gettext(
                    "Round {round}: the high-card points add up to {total}, but a deal holds {deck}."
                )
                self.say(f"hcp_{fourth}", said, total=total + sent, deck=DECK_HCP)
            elif total > DECK_HCP:
                said = gettext(
                    "Round {round}: the points so far add up to {total}, {more} more than the {deck} in a deal."
                )
                last = self.at_seat if self.at_seat in first else first[2]
                self.say(f"hcp_{last}", said, total=total, more=total - DECK_HCP, deck=DECK_HCP)
            elif DECK_HCP - total > MAX_HAND_HCP:
                said = gettext(
                    "Round {round}: {name} would hold {points} points, but a hand holds at most {most}."
                )
                name = self.names[fourth]
                self.say(f"hcp_{fourth}", said, name=name, points=DECK_HCP - total, most=MAX_HAND_HCP)
        hcp[fourth] = None  # always worked out again from the other three
        super().read()

    def tap(self, picked: int | None) -> None:
        """A keypad tap (``picked``: None if refused): the points of the player it fills, then on to the next
        player still to announce."""
        first, at, hcp = self.order[:3], self.at_seat, self.hcp
        seat = at if at in first else next((s for s in first if hcp[s] is None), None)
        if seat is None:
            self.say(
                f"hcp_{first[0]}",
                gettext("Round {round}: tap the player whose points you are entering first."),
            )
        elif picked is None:
            said = gettext("Round {round}: {name}'s points must be a number from 0 to {most}, not “{shown}”.")
            shown = str(self.data.get("pick", ""))[:12]
            self.say(f"hcp_{seat}", said, name=self.names[seat], most=MAX_HAND_HCP, shown=shown)
        else:
            hcp[seat] = picked
            i = first.index(seat)
            self.at_seat = next((s for s in first[i + 1 :] + first[:i] if hcp[s] is None), seat)

    @override
    def deal_data(self) -> dict[str, object] | None:
        full, current = self.announced(), self.current
        if self.moved or full is None:
            return None
        found = declarer_for(full, self.info.dealer)
        if found is None:
            return {"hcp": full, "redeal": True}
        if current is not None and "contract" in current.data and current.facts["declarer"] == found[1]:
            return {"hcp": full, "contract": current.data["contract"]}  # same declarer: the contract stands
        return {"hcp": full}

    @override
    def note(self, after: LoadedGame) -> str:
        """A redeal, or a contract lost to a new declarer."""
        saved = after.state.rounds[self.number - 1]
        if saved.facts["redeal"]:
            said = gettext(
                "20:20 split: {name} ({seat}) deals again. That deal is not counted; announce the new points."
            )
            seat = self.info.dealer
        elif self.current is not None and "contract" in self.current.data and "contract" not in saved.data:
            said = gettext("The declarer is now {name} ({seat}): choose the contract again.")
            seat = saved.facts["declarer"]
        else:
            return ""
        return said.format(name=after.names[seat], seat=COMPASS_SEATS[seat])


class ContractForm(DealForm):
    """The contract (saved once strain and part-score or game are both in), then the tricks taken."""

    phase = "contract"
    taps_contract = True
    later_step = True

    @property
    @override
    def live(self) -> str:
        if not self.contract_saved or self.needed is None:
            return ""
        said = gettext("{side} need {needed} tricks for {contract}")
        contract = contract_name(self.strain_value, bool(self.game_value))
        return said.format(side=self.facts["side"], needed=self.needed, contract=contract)

    @override
    def deal_data(self) -> dict[str, object] | None:
        refused = ("contract", gettext("Round {round}: choose the contract before the tricks."))
        contract, tricks = self.contract, self.tricks_value
        return self.contract_data("hcp", contract, tricks, complete=contract is not None, refused=refused)

    @override
    def refuse(self, exc: RuleError) -> None:
        self.place(exc, default="contract")

    @override
    def note(self, after: LoadedGame) -> str:
        """Once the tricks are in: what the deal scored."""
        played = after.state.rounds[self.number - 1]
        if not played.complete:
            return ""
        result = result_line(played, after.names)
        return gettext("Deal {number}: {result}.").format(number=deal_of(self.info), result=result)


class CorrectionForm(PointsForm):
    """A finished deal: points, contract and tricks together; every later total follows."""

    phase = "edit"
    corrects = True
    taps_contract = True

    @override
    def start(self) -> None:
        super().start()
        self.at_seat, self.changing = self.order[0], False

    @override
    def deal_data(self) -> dict[str, object] | None:
        said = gettext("Round {round}: enter {name}'s points.")
        missing = {
            s: said.format(round=self.number, name=self.names[s])
            for s in self.order[:3]
            if self.hcp[s] is None
        }
        if not self.saving:
            self.hints = missing  # shown beside the rows, but nothing is refused yet
            return None
        for seat, message in missing.items():
            self.flag(f"hcp_{seat}", message)
        full = self.announced()
        if self.moved or full is None:
            return None
        if declarer_for(full, self.info.dealer) is None:
            return {"hcp": full, "redeal": True}
        if self.contract is None:
            self.say("contract", gettext("Round {round}: choose the strain and part-score or game."))
        if self.tricks_value is None:
            self.say("tricks", gettext("Round {round}: tap the tricks the declaring side took."))
        if self.errors:
            return None
        return {"hcp": full, "contract": self.contract, "tricks": self.tricks_value}

    @override
    def refuse(self, exc: RuleError) -> None:
        self.place(exc, seat_prefix="hcp", seat_kinds=("hcp", "redeal", None))

    @property
    def title(self) -> str:
        return correct_words(self.corrected)

    @override
    def note(self, after: LoadedGame) -> str:
        said = gettext("Round {number} (deal {deal}) corrected; every total after it is worked out again.")
        return said.format(number=self.number, deal=deal_of(self.info))


class MinibridgeTable(StepsTable):
    """Two partnerships' totals beside the sheet, a personal sheet per player, and a deal in three steps."""

    sheet_template = "games/minibridge/sheet.html"
    leader_words = gettext_noop("announces first")
    first_step = PointsForm
    contract_step = ContractForm
    correction = CorrectionForm

    def reads(self) -> dict[str, set[str]]:
        return {**super().reads(), "seat": {"0", "1", "2", "3"}}

    def screen(self, loaded: LoadedGame, first: int = 1, last: int = 0) -> tuple[list[Row], list[Row]]:
        """Every round recorded (20:20 redeals included), the deal being entered, and (when playing a number
        of deals) those to come."""
        del first, last  # every row is drawn: this table's rows do not stand alone
        state, names = loaded.state, loaded.names
        rows: list[Row] = []
        for result in state.rounds:
            done, number, deal = result.complete, result.info.number, deal_of(result.info)
            cells = [number_cell(deal, result.info.dealer, names, link=done), contract_cell(result, names)]
            cells += [side_cell(side, result, names) for side in ("NS", "EW")]
            cls = " row-redeal" if result.facts["redeal"] else ""
            rows.append(
                Row(
                    cells,
                    cls=f"row-{'done' if done else 'current'}{cls}",
                    number=number,
                    heading=f"{in_words('Deal')} {deal}",
                    link_label=correct_words(result),
                )
            )
        info = state.next_round
        if state.finished or info is None:
            return rows, []
        blank, next_deal = [Cell(cls="side-cell"), Cell(cls="side-cell")], deal_of(info)
        if state.current is None:
            to_come = Cell(lines=(gettext("points to come"),), cls="contract-col")
            cells = [number_cell(next_deal, info.dealer, names), to_come]
            rows.append(Row([*cells, *blank], cls="row-current", number=info.number))
        for deal in range(next_deal + 1, (state.options.get("deals") or 0) + 1):
            cells = [number_cell(deal, (state.first_dealer + deal - 1) % 4, names), Cell(cls="contract-col")]
            rows.append(Row([*cells, *blank], cls="row-future", key=f"deal-{deal}"))  # no round yet
        return rows, []

    def context(self, loaded: LoadedGame, panel: Panel) -> dict[str, object]:
        """What the sheet page shows besides its entry panel and its drawn rows: the totals, the winners."""
        del panel  # the entry panel is every sheet's (``full_context``)
        state, names = loaded.state, loaded.names
        totals, target = state.totals or [0] * 4, state.options.get("target")
        winners = sorted({side_of(s) for s in state.winners}) if state.finished else []
        played = any(r.complete and not r.facts["redeal"] for r in state.rounds)
        sides = [
            {
                "key": side,
                "name": side_name(side),
                "players": side_players(names, side),
                "total": totals[SIDES[side][0]],
                "to_go": max(0, target - totals[SIDES[side][0]]) if target else None,
                "leads": played and totals[SIDES[side][0]] == max(totals),
            }
            for side in ("NS", "EW")
        ]
        return {
            "seats": [{"seat": s, "letter": seat_letter(s), "name": names[s]} for s in range(4)],
            "sides": sides,
            "winners": [side_name(w) for w in winners],
            "win_detail": f": {side_players(names, winners[0])}" if len(winners) == 1 else "",
            "deals_option": state.options.get("deals"),
            "target": target,
            "game_tricks": [(strain_symbol(s), n) for s, n in GAME_TRICKS.items()],  # in the page's language
        }

    def round_title(self, loaded: LoadedGame, info: RoundInfo) -> str:
        """ "Deal 4": a redealt deal keeps its number."""
        return gettext("Deal {number}").format(number=deal_of(info))

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
        points, contract = current.facts["side_hcp"], current.data.get("contract")
        said = gettext("Points: {ns} {ns_points}, {ew} {ew_points}; {declarer} declares.")
        ns, ew, declarer = side_name("NS"), side_name("EW"), who(names, current.facts["declarer"])
        lines.append(
            said.format(ns=ns, ns_points=points["NS"], ew=ew, ew_points=points["EW"], declarer=declarer)
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
        seat = request.GET.get("seat", "")
        if seat in ("0", "1", "2", "3"):
            return self.personal_sheet(request, services.load_game(session, seats), int(seat))
        return super().sheet(request, session, seats)

    def personal_sheet(self, request: HtmxHttpRequest, loaded: LoadedGame, seat: int) -> HttpResponse:
        """The personal score sheet of the rule text, one line a deal, "score our way" + and -."""
        names, rows = loaded.names, [personal_row(result, seat) for result in loaded.state.rounds]
        plus, minus = sum(row.plus or 0 for row in rows), sum(row.minus or 0 for row in rows)
        context = {
            "session": loaded.session,
            "me": who(names, seat),
            "seat_letter": seat_letter(seat),
            "side": side_name(side_of(seat)),
            "partner": who(names, (seat + 2) % 4),
            "rows": rows,
            "totals": {"plus": plus, "minus": minus, "net": plus - minus, "side": side_of(seat)},
            "others": [{"seat": s, "label": who(names, s)} for s in range(4) if s != seat],
            "columns": [seat_letter(s) for s in PAPER_SEATS],
        }
        return render(request, "games/minibridge/personal.html", context)

    def new_game(self, request: HtmxHttpRequest) -> HttpResponse:
        form = new_game_form(request, NewMinibridgeForm, self.game.slug, count=4)
        return new_game_page(request, form, game=self.game, template="games/minibridge/new.html")


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
