"""What a bidding game's page shows (Bugger, Call and Mormon Bridge): the sheet's rows and the entry panel.

``BiddingScreen`` builds, from a game's state, the sheet's rows and cells (the
paper model's, drawn by ``games.screen``), the entry panel for the bids, the
tricks or a correction, and the status lines; a game's screen subclasses it
and fills in what differs (which bids and tricks may be tapped, what a score
cell says, what the status line says). No request and no response: the table
in games/views/bidding.py serves it.

The table for the bidding games (Bugger, Call and Mormon Bridge): bids first, then tricks.

What a page shows is the game's screen (games/screen/bidding.py's ``BiddingScreen``
and a subclass per game, which fill in what differs: which bids and tricks may be
tapped, what a score cell says, what the status line says); ``BiddingTable`` adds
how the table answers: the sheet page, and the round actions. ``play.py`` reaches them through
the game's registry entry, which builds its table (``Game.table``). Each action is a ``Step``:
a form from ``games/round_forms.py`` and the panel that draws it; how a step is
read, saved and answered (plain POST or htmx, refused or saved) is ``table.Table.act``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext, gettext_lazy, ngettext

from games import table as screen
from games.models import Seat
from games.paper.common import Cell, Row, number
from games.places import ordinal, rank
from games.registry import Game
from games.rules import RoundInfo, RoundResult, RuleError
from games.rules.cards import bid_total_line
from games.table import Chip, EntryRow, Step, Table, steps
from games.table.forms import RawField, RoundForm
from games.views.common import HtmxHttpRequest
from games.words import in_words, round_noun

if TYPE_CHECKING:  # django-stubs-ext is a development requirement
    from django_stubs_ext import StrOrPromise

    from games.registry import Game


def made_missed_lines(made: list[str], missed: list[str]) -> list[str]:
    """The lines under the tricks: who made their bid (no line when nobody did) and who missed."""
    lines = [gettext("Made: {names}").format(names=", ".join(made))] if made else []
    lines.append(
        gettext("Missed: {names}").format(names=", ".join(missed)) if missed else gettext("Missed: nobody")
    )
    return lines


@dataclass
class Panel:
    """The entry panel under the sheet: what to enter now, and how it adds up so far."""

    phase: str  # "bids", "tricks", "edit", "over"
    info: RoundInfo | None = None
    rows: list[EntryRow] = field(default_factory=list)
    trick_rows: list[EntryRow] = field(default_factory=list)
    live: str = ""
    summary: list[str] = field(default_factory=list)
    error: str = ""
    trump: str = ""
    note: str = ""
    bid_line: str = ""
    dealer_name: str = ""
    leader_name: str = ""
    trump_text: str = ""
    todo: str = ""  # what still has to be entered
    facts: list[str] = field(default_factory=list)  # lines about the seating (who waits, who sits down)
    trump_css: str = ""
    wide: bool = False  # wide chips: many bids or tricks to tap
    bid_words: dict = field(default_factory=dict)  # what app.js needs to count the bids in the page
    rest_seat: int | None = None  # whose tricks are the rest of the round's (filled in, never tapped)
    trick_words: dict = field(default_factory=dict)  # what app.js needs to count the tricks in the page

    @property
    def bid_words_json(self) -> str:
        return json.dumps(self.bid_words, separators=(",", ":"), ensure_ascii=False)

    @property
    def trick_words_json(self) -> str:
        return json.dumps(self.trick_words, separators=(",", ":"), ensure_ascii=False)


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else ("±0" if points == 0 else f"−{-points}")


def name_list(names: list[str]) -> str:
    """Ann; Ann and Bob; Ann, Bob and Cat."""
    if len(names) <= 1:
        return "".join(names)
    return gettext("{items} and {last}").format(items=", ".join(names[:-1]), last=names[-1])


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def bid_count_lines(words: dict, total: int, missing: int) -> tuple[str, str]:
    """The bids' live line and what is still to enter, from ``BiddingScreen.bid_words``; app.js says
    the same after each tap, from the same words (so a tap needs no request)."""
    cards = words["cards"]
    if missing:
        live = words["partial"].format(
            total=total, tricks=words["tricks"], missing=words["players"][str(missing)]
        )
        return live, words["todo_partial"].format(missing=words["bids"][str(missing)])
    if total == cards:
        verdict = words["even"]
    else:
        verdict = words["over" if total > cards else "under"].format(count=abs(total - cards))
    live = words["complete"].format(total=total, tricks=words["tricks"], verdict=verdict)
    return live, words["todo_complete"]


def tricks_line(words: dict, placed: int) -> str:
    """How many tricks are placed, against the cards (app.js says the same after each tap)."""
    cards = words["cards"]
    line = words["all"] if placed == cards else words["short" if placed < cards else "over"]
    return line.format(placed=placed, cards=cards, left=cards - placed, more=placed - cards)


class BiddingScreen:
    """The score sheet and round entry of one bidding game; subclasses fill in the hooks."""

    template_dir: str = ""  # "games/call_bridge": sheet.html and new.html
    round_word = "Round"  # "Deal", "Hand": what the game calls a round
    leader_badge: StrOrPromise = gettext_lazy("bids first")
    trump_words: dict[str, StrOrPromise] = {}  # trumps that may be recorded, value -> words; empty: fixed
    pick_trumps: StrOrPromise = gettext_lazy("Pick trumps from the colours shown.")  # a tampered form's
    game: Game  # its registry entry, which the table is built with

    @property
    def rules(self) -> Any:
        """The game's rules: a bidding game's (bid_range, trick_range, schedule...)."""
        return self.game.rules

    def trump_text(self, info: RoundInfo, recorded: str) -> str:
        del info  # a hook: the default needs no more
        return str(self.trump_words.get(recorded, gettext("Trumps turned up")))

    def bid_chips(self, info: RoundInfo, seat: int, bid: int | None) -> list[Chip]:
        del seat  # a hook: the default needs no more
        return [Chip(value=v, checked=bid == v) for v in self.rules.bid_range(info)]

    def trick_chips(self, info: RoundInfo, seat: int, took: int | None) -> list[Chip]:
        del seat  # a hook: the default needs no more
        return [Chip(value=v, checked=took == v) for v in self.rules.trick_range(info)]

    def rest_seat(self, info: RoundInfo) -> int | None:
        """The player whose tricks the table fills in as the rest of the round's, if the game has one."""
        del info  # a hook: the default needs no more
        return None

    def first_tricks(self, info: RoundInfo, bids: list) -> list:
        """The tricks the panel starts at: everyone's bid."""
        del info  # a hook: the default needs no more
        return list(bids)

    def made(self, bid: int, took: int) -> bool:
        return bid == took

    def outcome(self, loaded, info: RoundInfo, bids: list, tricks: list) -> list[str]:
        """Lines under the tricks: who made it and who missed, with the points."""
        raise NotImplementedError

    def cell(self, loaded, info: RoundInfo, result: RoundResult | None, seat: int) -> Cell:
        """One player's square for a round (``result`` None: not entered yet): the bid small in the
        corner (``bid_corner``), and what ``fill_played`` writes once the round is played."""
        del info  # for an override: Mormon Bridge's elimination reads who is in the hand
        cell = Cell()
        if result is None:
            return cell
        cell.corner = self.bid_corner(result.data["bids"][seat])
        if result.complete:
            self.fill_played(loaded, result, seat, cell)
        return cell

    def bid_corner(self, bid: int) -> str:
        return str(bid)

    def fill_played(self, loaded, result: RoundResult, seat: int, cell: Cell) -> None:
        """A played round's square: what it says, its class and its explanation."""
        raise NotImplementedError

    def row_infos(self, loaded) -> list[RoundInfo]:
        """The rounds the sheet shows: those played and the one being entered (open-ended games)."""
        state = loaded.state
        infos = [r.info for r in state.rounds]
        if state.next_round is not None and state.next_round.number > len(infos):
            infos.append(state.next_round)
        return infos

    def status(self, loaded) -> list[str]:
        """The line(s) under the heading: who leads, what is left to play."""
        del loaded  # a hook: the default needs no more
        return []

    def heading_facts(self, loaded, info: RoundInfo) -> list[str]:
        """Extra lines in the entry panel's heading (who waits, who sits down)."""
        del loaded, info  # a hook: the default needs no more
        return []

    def extra(self, loaded) -> dict:
        del loaded  # a hook: the default needs no more
        return {}

    def wide_chips(self, info: RoundInfo) -> bool:
        """Whether the round's bids and tricks are tapped on wide chips (many of them)."""
        del info  # a hook: the default needs no more
        return False

    def badges(self, info: RoundInfo, seat: int) -> list[str]:
        badges = []
        if seat == info.leader:
            badges.append(str(self.leader_badge))
        if seat == info.dealer:
            badges.append(gettext("deals"))
        return badges

    def bid_line(self, info: RoundInfo, bids: list) -> str:
        total = sum(bids[s] for s in info.active if bids[s] is not None)
        return gettext("Bids total {total} for {cards}: {verdict}").format(
            total=total, cards=info.dealt, verdict=bid_total_line(total, info.dealt)
        )

    def describe(self, loaded, panel: Panel, recorded_trump: str = "") -> Panel:
        info = panel.info
        if info is None:
            return panel
        names = loaded.names
        panel.dealer_name = names[info.dealer]
        panel.leader_name = names[info.leader]
        panel.trump_text = self.trump_text(info, recorded_trump)
        panel.trump_css = recorded_trump
        panel.facts = self.heading_facts(loaded, info)
        panel.wide = self.wide_chips(info)
        return panel

    def stand(self, loaded, rows: list[EntryRow]) -> list[EntryRow]:
        """Each row with its player's place and total so far ("=2nd · 46"), once a round is played
        (not in a game without points: Mormon elimination)."""
        state = loaded.state
        if state.totals is None or not any(r.complete for r in state.rounds):
            return rows
        places = {seat: (place, tied) for seat, place, tied in rank(list(state.totals))}
        for row in rows:
            place, tied = places[row.seat]
            row.standing = f"{'=' if tied else ''}{ordinal(place)} · {number(state.totals[row.seat])}"
            row.first = place == 1
        return rows

    def struck_bid(self, loaded, info: RoundInfo, bids: list) -> int | None:
        """A bid the dealer may not make now (shown struck out), if the game has such a rule."""
        del loaded, info, bids  # a hook: the default needs no more
        return None

    def entry_rows(
        self,
        loaded,
        info: RoundInfo,
        errors: dict[int, str] | None,
        chips: Callable[[int], list[Chip]],
        *,
        badges: Callable[[int], list[str]] | None = None,
        bids: list | None = None,
    ) -> list[EntryRow]:
        """A row for each seat in the round: the player's name, ``chips(seat)``, ``badges(seat)``
        (none by default), the bid (when ``bids`` are given), any refusal, and the place and total
        so far (``stand``). A seat not in the round that was refused something (a bid typed for a
        player who is out) gets a row too, with the refusal and nothing to tap."""
        errors = errors or {}
        refused = [s for s in sorted(errors) if s not in info.active]
        rows = [
            EntryRow(
                seat=seat,
                name=loaded.names[seat],
                badges=badges(seat) if badges and seat in info.active else [],
                chips=chips(seat) if seat in info.active else [],
                bid=None if bids is None else bids[seat],
                error=errors.get(seat, ""),
            )
            for seat in [*info.active, *refused]
        ]
        return self.stand(loaded, rows)

    def bids_panel(self, loaded, info, bids, errors=None, error="", trump="", note="") -> Panel:
        rows = self.entry_rows(
            loaded,
            info,
            errors,
            lambda seat: self.bid_chips(info, seat, bids[seat]),
            badges=lambda seat: self.badges(info, seat),
        )
        struck = self.struck_bid(loaded, info, bids)
        for row in rows:
            for chip in row.chips if row.seat == info.dealer and struck is not None else ():
                if chip.value == struck:
                    chip.struck = True
                    chip.title = self.bid_words(loaded, info)["struck"].format(bid=struck)
        words = self.bid_words(loaded, info)
        entered = [bids[s] for s in info.active if bids[s] is not None]
        live, todo = bid_count_lines(words, sum(entered), len(info.active) - len(entered))
        panel = Panel(phase="bids", info=info, rows=rows, live=live, error=error, trump=trump, note=note)
        panel.todo = todo
        panel.bid_words = words
        return self.describe(loaded, panel, trump)

    def bid_words(self, loaded, info: RoundInfo) -> dict:
        """What the page needs to keep the count of the bids itself (app.js), tap by tap, until the
        last one is in: the round's cards, the dealer and the hook rule's total (None: no hook), and
        the lines it says, as the server says them (``bid_count_lines``)."""
        del loaded  # a hook: the default needs no more
        cards, seats = info.dealt, range(1, len(info.active) + 1)
        return {
            "cards": cards,
            "dealer": info.dealer,
            "hook": None,
            "partial": gettext("Bids total {total} for {tricks}, {missing} still to bid"),
            "complete": gettext("Bids total {total} for {tricks}: {verdict}"),
            "tricks": ngettext("{count} trick", "{count} tricks", cards).format(count=cards),
            # Said for each count there can be (the page has no plural rules of its own).
            "players": {
                str(n): ngettext("{count} player", "{count} players", n).format(count=n) for n in seats
            },
            "bids": {str(n): ngettext("{count} bid", "{count} bids", n).format(count=n) for n in seats},
            "even": gettext("even"),
            "over": gettext("over-bid by {count}"),
            "under": gettext("under-bid by {count}"),
            "todo_partial": gettext("Still to enter: {missing}, then the tricks."),
            "todo_complete": gettext("Still to enter: the tricks."),
        }

    def tricks_panel(self, loaded, info, bids, tricks, errors=None, error="", phase="tricks") -> Panel:
        # No badges: the bidding is over, and the heading says who deals and leads.
        rows = self.entry_rows(
            loaded, info, errors, lambda seat: self.trick_chips(info, seat, tricks[seat]), bids=bids
        )
        rest = self.rest_seat(info)
        for row in rows:
            row.rest = row.seat == rest
        placed = sum(tricks[s] for s in info.active if tricks[s] is not None)
        cards = info.cards
        words = {
            "cards": cards,
            "all": ngettext("{cards} trick placed", "All {cards} tricks placed", cards),
            "short": gettext("{placed} of {cards} tricks placed, {left} still to place"),
            "over": gettext("{placed} tricks placed: {more} too many for {cards}"),
        }
        live = tricks_line(words, placed)
        complete = all(tricks[s] is not None for s in info.active) and all(
            bids[s] is not None for s in info.active
        )
        # Who made it and who missed, once the tricks add up (before that it would mislead).
        summary = self.outcome(loaded, info, bids, tricks) if complete and placed == cards else []
        panel = Panel(phase=phase, info=info, rows=rows, live=live, summary=summary, error=error)
        panel.rest_seat = rest
        panel.trick_words = words
        panel.bid_line = self.bid_line(info, bids)
        panel.todo = ""  # the tricks form says what to tap
        current = loaded.state.current
        recorded = current.data.get("trump", "") if current is not None and current.info == info else ""
        return self.describe(loaded, panel, recorded)

    def edit_panel(self, loaded, result, bids, tricks, bid_errors=None, trick_errors=None, error=""):
        info = result.info
        panel = self.bids_panel(loaded, info, bids, bid_errors, error)
        tricks_part = self.tricks_panel(loaded, info, bids, tricks, trick_errors)
        panel.phase = "edit"
        for row in panel.rows + tricks_part.rows:
            row.standing, row.first = "", False  # the totals now are not this round's
        panel.trick_rows = tricks_part.rows
        panel.summary = tricks_part.summary
        panel.live = tricks_part.live
        return self.describe(loaded, panel, result.data.get("trump", ""))

    def current_panel(self, loaded) -> Panel:
        """The panel for where the game stands: bids, tricks, or game over."""
        state = loaded.state
        if state.finished or state.next_round is None:
            return Panel(phase="over")
        info = state.next_round
        current = state.current
        if current is None:
            return self.bids_panel(loaded, info, [None] * state.players)
        bids = current.data["bids"]
        return self.tricks_panel(loaded, info, bids, self.first_tricks(info, bids))

    def rows(self, loaded) -> list[Row]:
        """The sheet's body: a row per round (its heading cell, then a cell per player), as ``screen`` draws it."""
        state = loaded.state
        current_number = state.next_round.number if state.next_round else None
        rows = []
        for info in self.row_infos(loaded):
            result = state.rounds[info.number - 1] if info.number <= len(state.rounds) else None
            if result is not None and result.complete:
                row_state = "done"
            elif info.number == current_number:
                row_state = "current"
            else:
                row_state = "future"
            trump = result.data.get("trump", "") if result else ""
            label = self.row_label(loaded, info)
            heading = Cell(
                text=label, head=True, scope="row", link=row_state == "done"
            )  # styled as #sheet-body th
            if trump and self.trump_swatch:
                heading.cls = "has-trump"
                heading.swatch, heading.title = f"rook-{trump}", self.trump_text(info, trump)
            cells = [heading]
            for seat in range(state.players):
                cell = self.cell(loaded, info, result, seat)
                if seat == info.dealer:
                    cell.cls = f"dealer {cell.cls}".strip()
                cells.append(cell)
            rows.append(
                Row(
                    cells,
                    cls="" if row_state == "done" else f"row-{row_state}",  # a played row needs no class
                    number=info.number,
                    heading=self.explain_heading(loaded, info, trump),
                )
            )
        return rows

    trump_swatch = False  # whether a round's heading shows the trumps recorded as a coloured square

    def explain_heading(self, loaded, info: RoundInfo, trump: str) -> str:
        """What an explanation of a square in this round starts with: "Round 7NT"."""
        del trump  # a hook: the default needs no more
        return f"{in_words(self.round_word)} {self.row_label(loaded, info)}"

    def foot(self, loaded) -> list[Row]:
        """The sheet's footer: everyone's total, the leaders marked."""
        state = loaded.state
        played = any(r.complete for r in state.rounds)
        leaders = self.rules.best(state.totals) if played else []
        cells = [Cell(text="Total", head=True, cls="round-col")]
        for seat, total in enumerate(state.totals or []):
            cells.append(Cell(text=str(total), cls="leader" if seat in leaders else ""))
        return [Row(cells, cls="totals-row")]

    def row_label(self, loaded, info: RoundInfo) -> str:
        del loaded  # a hook: the default needs no more
        return str(info.number)

    def context(self, loaded, panel: Panel) -> dict:
        del panel  # the entry panel is every sheet's (``full_context``)
        state = loaded.state
        return {
            "winners": [loaded.names[s] for s in state.winners],
            "status": self.status(loaded),
            "round_word": self.round_word,
            "trumps": list(self.trump_words.items()),
            **self.extra(loaded),
        }


# -- the bidding games: bids, then tricks; a correction of both -------------------------------------


class BiddingForm(RoundForm):
    def bids_so_far(self, bids: list[int | None]) -> None:
        """The rules' check of the bids made so far, beside the bid at fault."""
        try:
            self.rules.check_bids_so_far(self.info, bids, self.state.options, names=self.names)
        except RuleError as exc:
            if exc.player is not None:
                self.flag(f"bid_{exc.player}", exc.message)

    def require(self, prefix: str, values: list[int | None], missing: str) -> None:
        for seat in self.info.active:
            if values[seat] is None and f"{prefix}_{seat}" not in self.errors:
                self.flag(f"{prefix}_{seat}", missing.format(round=self.number, name=self.names[seat]))


class BidsForm(BiddingForm):
    """Everyone's bids and the trumps turned up; saved once all are in (with htmx, a tap shows the total)."""

    seat_fields = ("bid",)
    trump = RawField()

    def start(self) -> None:
        self.bids: list[int | None] = [None] * len(self.names)
        self.trump_value = ""

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        info = self.info
        # Every seat's box is read: a bid typed for a player not in the hand (out, or waiting) is refused
        # by the rules beside that player, not dropped.
        self.bids = self.seat_numbers("bid", "bid", seats=range(len(self.names)))
        trump = self.raw("trump")
        if trump and trump not in self.rules.allowed_trumps(info):
            self.add_error(None, self.table.pick_trumps)
            return cleaned
        self.trump_value = trump
        if self.errors:
            return cleaned
        self.bids_so_far(self.bids)
        missing = [s for s in info.active if self.bids[s] is None]
        if self.errors or (missing and self.htmx and not self.saving):
            return cleaned  # a chip tapped: the running total; nothing is stored until all have bid
        self.require("bid", self.bids, gettext("Round {round}: {name} has not bid."))
        if self.errors:
            return cleaned
        # Bids entered again (after "Change bids", or a redeal) keep the round's other facts (penalties).
        current = self.current
        data = {k: v for k, v in (current.data if current else {}).items() if k != "trump"}
        data["bids"] = self.bids
        if trump:
            data["trump"] = trump
        self.round_data = data
        return cleaned


class TricksForm(BiddingForm):
    """The tricks each player took, checked against the cards when saved."""

    seat_fields = ("tricks",)

    def fits(self) -> bool:
        return self.current is not None

    def start(self) -> None:
        self.bids: list[int | None] = list(self.current.data["bids"]) if self.current else []
        self.tricks: list[int | None] = list(self.bids)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        self.tricks = self.seat_numbers("tricks", "tricks", seats=self.info.active)
        if self.saving:
            self.require("tricks", self.tricks, gettext("Round {round}: enter {name}'s tricks."))
        if self.saving and not self.errors and self.current is not None:
            self.round_data = dict(self.current.data, tricks=self.tricks)
        return cleaned


class BiddingCorrectionForm(BiddingForm):
    """A finished round's bids and tricks together; every later total follows."""

    seat_fields = ("bid", "tricks")
    corrects = True

    def start(self) -> None:
        self.bids: list[int | None] = list(self.target.data["bids"])
        self.tricks: list[int | None] = list(self.target.data["tricks"])

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        active = self.info.active
        self.bids = self.seat_numbers("bid", "bid", seats=active)
        self.require("bid", self.bids, gettext("Round {round}: {name} has not bid."))
        if not self.errors:
            self.bids_so_far(self.bids)
        self.tricks = self.seat_numbers("tricks", "tricks", seats=active)
        self.require("tricks", self.tricks, gettext("Round {round}: enter {name}'s tricks."))
        if not self.errors:
            self.round_data = dict(self.target.data, bids=self.bids, tricks=self.tricks)
        return cleaned

    def refuse(self, exc: RuleError) -> None:
        self.refusal = exc
        number = self.number
        if exc.player is not None and exc.round == number:
            self.flag(f"{'bid' if exc.field == 'bids' else 'tricks'}_{exc.player}", exc.message)
            return
        message = exc.message
        if exc.round is not None and exc.round != number:
            word = self.table.round_word.lower()
            message = gettext(
                "That correction does not fit the {rounds} played after it. {message} Undo back to {round} {number} to change it."
            ).format(rounds=round_noun(word, 2), message=message, round=round_noun(word), number=number)
        self.flag(None, message)


class BiddingTable(BiddingScreen, Table):
    """A bidding game's table: its screen (``BiddingScreen``) answering requests (``Table``); a game's
    table is its screen's subclass mixed with this one, plus any action of its own."""

    # A panel found out of date also brings the sheet up to date, and so does a stored round.
    refresh_on_conflict = {"sheet_changed": True}
    saved_changes = {"sheet_changed": True}
    draws_screen = True

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.sheet_template = f"{self.template_dir}/sheet.html"

    def screen_rows(self, loaded) -> list[Row]:
        return self.rows(loaded)

    def screen_foot(self, loaded) -> list[Row]:
        return self.foot(loaded)

    def context(self, loaded, panel: Panel) -> dict:
        """The screen's context, and the table itself."""
        return {**super().context(loaded, panel), "table": self}

    def watch_lines(self, loaded) -> list[str]:
        """The table's lines for a watcher, then the facts the round's heading gives (who waits, who sits down)."""
        lines = super().watch_lines(loaded)
        info = loaded.state.next_round
        return lines + self.heading_facts(loaded, info) if info is not None else lines

    def bids_form_panel(self, form) -> Panel:
        return self.bids_panel(
            form.loaded, form.info, form.bids, form.seat_errors("bid"), form.message, trump=form.trump_value
        )

    def tricks_form_panel(self, form) -> Panel:
        return self.tricks_panel(
            form.loaded, form.info, form.bids, form.tricks, form.seat_errors("tricks"), form.message
        )

    def correction_panel(self, form) -> Panel:
        return self.edit_panel(
            form.loaded,
            form.target,
            form.bids,
            form.tricks,
            form.seat_errors("bid"),
            form.seat_errors("tricks"),
            form.message,
        )

    def sheet(self, request: HtmxHttpRequest, session, seats: list[Seat] | None = None):
        loaded = screen.read_game(session, seats)
        panel = self.current_panel(loaded)
        info = loaded.state.next_round
        if request.GET.get("phase") == "bids" and info is not None:
            current = loaded.state.current
            # After a redeal (a plain POST redirects here with ``fresh``) everyone bids again.
            fresh = bool(request.GET.get("fresh"))
            bids = list(current.data["bids"]) if current and not fresh else [None] * len(loaded.seats)
            trump = current.data.get("trump", "") if current and not fresh else ""
            panel = self.bids_panel(
                loaded, info, bids, trump=trump, note=gettext("Redeal: bid again.") if fresh else ""
            )
        return self.show(request, loaded, panel)

    def actions(self) -> dict:
        return steps(
            self,
            bids=Step(BidsForm, self.bids_form_panel),
            tricks=Step(TricksForm, self.tricks_form_panel),
            edit=Step(BiddingCorrectionForm, self.correction_panel),
        )
