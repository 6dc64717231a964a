"""The bidding games' table (Bugger, Call and Mormon Bridge): bids, then tricks, and a correction of both.

``BiddingTable`` draws the sheet's rows and the entry panel and answers the round actions; each
game's table subclasses it and fills in the hooks (which chips may be tapped, what a square says,
the status line).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from html import escape  # The standard library's, as games/table/__init__.py draws with.
from itertools import groupby
from typing import TYPE_CHECKING, NotRequired, Protocol, TypedDict, cast

from django.http import HttpResponse
from django.template import Context as TemplateContext
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, gettext_lazy, gettext_noop, ngettext

from games.models import GameSession, Seat
from games.paper import Cell, Row, number
from games.paper import signed as paper_signed
from games.registry import Game, and_list, ordinal, rank
from games.rules import RoundInfo, RoundResult, RuleError
from games.rules.base import in_words, round_noun
from games.services import LoadedGame
from games.table import (
    Actions,
    EntryRow,
    Step,
    Table,
    game_url,
    read_game,
    seat_row,
    steps,
    total_explain,
    trump_chips,
    write_fields,
)
from games.table.forms import Chip, ChipField, RoundForm
from games.views.common import HtmxHttpRequest

if TYPE_CHECKING:  # django-stubs-ext is a development requirement
    from django_stubs_ext import StrOrPromise

type Bids = list[int | None]  # a number (or nothing yet) per seat

TRUMP_WORDS = {
    "none": gettext_lazy("No trumps"),
    "spades": gettext_lazy("Spades ♠"),
    "hearts": gettext_lazy("Hearts ♥"),
    "diamonds": gettext_lazy("Diamonds ♦"),
    "clubs": gettext_lazy("Clubs ♣"),
}


class BiddingRules(Protocol):
    """What the bidding table asks a bidding game's rules."""

    def bid_range(self, info: RoundInfo) -> range: ...
    def trick_range(self, info: RoundInfo) -> range: ...
    def best(self, totals: list[int], among: list[int] | None = None) -> list[int]: ...
    def bid_total_line(self, total: int, cards: int) -> str: ...


class BidWords(TypedDict):
    """What the page needs to count the bids itself (app.js), tap by tap, worded as the server words them."""

    cards: int
    dealer: int
    hook: int | None  # the total the dealer may not make the bids add up to (None: no hook rule)
    partial: str
    complete: str
    tricks: str
    players: dict[str, str]  # said for each count there can be (the page has no plural rules)
    bids: dict[str, str]
    even: str
    over: str
    under: str
    todo_partial: str
    todo_complete: str
    struck: NotRequired[str]


@dataclass
class Panel:
    """The entry panel under the sheet: what to enter now, and how it adds up so far."""

    phase: str  # "bids", "tricks", "edit", "over"
    info: RoundInfo | None = None
    rows: list[EntryRow] = field(default_factory=list)
    trick_rows: list[EntryRow] = field(default_factory=list)  # a correction's
    live: str = ""
    summary: list[str] = field(default_factory=list)
    error: str = ""
    note: str = ""
    todo: str = ""  # what still has to be entered
    trump: str = ""  # the trumps recorded (or tapped)
    trump_text: str = ""
    bid_line: str = ""
    dealer_name: str = ""
    leader_name: str = ""
    facts: list[str] = field(default_factory=list)  # lines about the seating (who waits, who sits down)
    wide: bool = False  # wide chips: many bids or tricks to tap
    rest_seat: int | None = None  # whose tricks are the rest of the round's (filled in, never tapped)
    bid_words: str = ""  # JSON: what app.js counts the bids with (``BidWords``)
    trick_words: str = ""  # JSON: what app.js counts the tricks with


def compact(words: Mapping[str, object]) -> str:
    return json.dumps(words, separators=(",", ":"), ensure_ascii=False)


def signed(points: int) -> str:
    """A round's points on the screen: as printed (+5, −5), and ±0 for none."""
    return paper_signed(points, zero="±0")


def by_table_size[K](sizes: Iterable[int], plays: Callable[[int], K]) -> list[tuple[str, K]]:
    """Table sizes that play alike, once, in order of size: ("4–9", what they play), ("10", ...)."""
    said = []
    for key, group in groupby(sizes, plays):
        alike = list(group)
        said.append((f"{alike[0]}–{alike[-1]}" if len(alike) > 1 else str(alike[0]), key))
    return said


def bid_count_lines(words: BidWords, total: int, missing: int) -> tuple[str, str]:
    """The bids' live line and what is still to enter; app.js says the same after each tap."""
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


def bids_form(
    context: TemplateContext, *, legend: str = "", hint: str = "", chip_css: str = "", before: str = ""
) -> SafeString:
    """``{% bids_form legend= hint= chip_css= before= %}``: the bids, a row of chips a player; with JavaScript
    saved as soon as everyone has bid, else by Save. Drawn here rather than by a template, as ``seat_row``
    is: every save of a round's tricks answers with the next round's bids.

    ``legend``: the trumps turned up, when they are asked for (``trumps`` of the context, a chip each, one
    tap, optional; ``chip_css``: a chip's classes, the value appended); ``before``: a hint before the rows
    (the count then follows them); ``hint``: a hint after them.
    """
    panel, info = context["panel"], context["info"]
    action = escape(game_url("round-action", context["session"].pk, info.number, "bids"))
    live = f'<p class="live" data-testid="bid-live">{escape(panel.live)}</p>'
    form = (
        f'\n<form method="post" action="{action}" class="entry{" wide-chips" if panel.wide else ""}"\n'
        f'      hx-post="{action}" hx-trigger="submit, bids-complete"\n'
        f'      data-bid-words="{escape(panel.bid_words)}"\n'
        f'      hx-target="#entry-panel" hx-swap="outerHTML" hx-sync="this:replace">\n  {write_fields(context)}'
    )
    if legend:
        optional = escape(gettext("(optional)"))
        chips = trump_chips(context["trumps"], panel.trump, chip_css)
        form += (
            f'\n  <fieldset class="trumps">\n    <legend>{conditional_escape(legend)} <span class="muted">'
            f'{optional}</span></legend>\n    <div class="chips">\n{chips}</div>\n  </fieldset>'
        )
    form += f'\n  <p class="hint">{conditional_escape(before)}</p>\n' if before else f"\n  {live}\n"
    form += "".join(seat_row(row, "bid", "bid") for row in panel.rows) + (live if before else "")
    form += f'\n  <p class="hint">{conditional_escape(hint)}</p>' if hint else "\n  "
    saved, save = (
        escape(gettext("The bids are saved as soon as everyone has bid.")),
        escape(gettext("Save bids")),
    )
    form += (
        f'\n  <p class="hint js-only">{saved}</p>\n'
        f'  <button type="submit" name="save" value="1" class="primary big nojs-only">{save}</button>\n</form>\n'
    )
    return mark_safe(form)  # noqa: S308 (every text in it is escaped here, in write_fields, trump_chips or seat_row)


@cache
def _bid_words(language: str | None, cards: int, seats: int) -> BidWords:
    """``BiddingTable.bid_words`` but the dealer, in ``language``: the same for every round of as many cards
    and players, and each bids panel sends them (worked out once, the words cost a panel more than its chips).
    Shared by every caller: copied (``|``) before any change, never changed in place."""
    del language  # a key of the cache: the words below are in the language active now, which it is
    return {
        "cards": cards,
        "dealer": 0,
        "hook": None,
        "partial": gettext("Bids total {total} for {tricks}, {missing} still to bid"),
        "complete": gettext("Bids total {total} for {tricks}: {verdict}"),
        "tricks": ngettext("{count} trick", "{count} tricks", cards).format(count=cards),
        "players": {
            str(n): ngettext("{count} player", "{count} players", n).format(count=n)
            for n in range(1, seats + 1)
        },
        "bids": {
            str(n): ngettext("{count} bid", "{count} bids", n).format(count=n) for n in range(1, seats + 1)
        },
        "even": gettext("even"),
        "over": gettext("over-bid by {count}"),
        "under": gettext("under-bid by {count}"),
        "todo_partial": gettext("Still to enter: {missing}, then the tricks."),
        "todo_complete": gettext("Still to enter: the tricks."),
    }


class BiddingTable[R: BiddingRules](Table[Panel]):
    """A bidding game's table; a game's table subclasses it and fills in the hooks."""

    leader_badge: StrOrPromise = gettext_lazy("bids first")
    opening_line = gettext_noop("Bidding.")
    trump_words: dict[str, StrOrPromise] = {}  # trumps that may be recorded, value -> words; empty: fixed
    pick_trumps: StrOrPromise = gettext_lazy("Pick trumps from the colours shown.")  # a tampered form's
    trump_swatch = False  # whether a round's heading shows the trumps recorded as a coloured square
    wide_from: int | None = None  # the cards dealt from which bids and tricks are tapped on wide chips
    dealer_rests = False  # whether the table fills in the dealer's tricks as the rest of the round's
    rows_stand_alone = True  # a row is a round's: its bids, its tricks, the totals up to it

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.rules = cast(R, game.rules)

    # -- hooks ----------------------------------------------------------------------------------

    def trump_text(self, info: RoundInfo, recorded: str = "") -> str:
        """The trumps in words: none, those recorded, or "turned up"."""
        if info.trump == "none":
            return str(TRUMP_WORDS["none"])
        return str(TRUMP_WORDS.get(recorded, recorded.title())) if recorded else gettext("Trumps turned up")

    def bid_chips(self, info: RoundInfo, bid: int | None) -> list[Chip]:
        return [Chip(value=v, checked=bid == v) for v in self.rules.bid_range(info)]

    def first_tricks(self, info: RoundInfo, bids: Bids) -> Bids:
        """The tricks the panel starts at: everyone's bid."""
        return list(bids)

    def outcome(self, loaded: LoadedGame, info: RoundInfo, bids: list[int], tricks: list[int]) -> list[str]:
        """Lines under the tricks: who made their bid (no line when nobody did) and who missed."""
        made: list[str] = []
        missed: list[str] = []
        for seat in info.active:
            bid, took = bids[seat], tricks[seat]
            hit = self.made(bid, took)
            (made if hit else missed).append(self.outcome_name(loaded.names[seat], bid, took, hit))
        lines = [gettext("Made: {names}").format(names=", ".join(made))] if made else []
        nobody = gettext("Missed: nobody")
        return [*lines, gettext("Missed: {names}").format(names=", ".join(missed)) if missed else nobody]

    def outcome_name(self, name: str, bid: int, took: int, made: bool) -> str:
        """A player in those lines: the name, with the bid and the tricks when the bid was missed."""
        if made:
            return name
        return gettext("{name} (bid {bid}, took {took})").format(name=name, bid=bid, took=took)

    def made(self, bid: int, took: int) -> bool:
        return bid == took

    def fill_played(self, loaded: LoadedGame, result: RoundResult, seat: int, cell: Cell) -> None:
        """A played round's square: the running total, the round's points small, and whether the bid was made."""
        assert result.totals is not None and result.points is not None
        cell.text, cell.note = str(result.totals[seat]), signed(result.points[seat])
        cell.cls = "" if self.made(result.data["bids"][seat], result.data["tricks"][seat]) else "missed"
        cell.explain = total_explain(loaded.names, result, seat)

    def cell(self, loaded: LoadedGame, info: RoundInfo, result: RoundResult | None, seat: int) -> Cell:
        """One player's square for a round (``result`` None: not entered yet): the bid small in the
        corner, and what ``fill_played`` writes once the round is played."""
        cell = Cell()
        if result is not None:
            cell.corner = self.bid_corner(result.data["bids"][seat])
            if result.complete:
                self.fill_played(loaded, result, seat, cell)
        return cell

    def bid_corner(self, bid: int) -> str:
        return str(bid)

    def row_infos(self, loaded: LoadedGame) -> list[RoundInfo]:
        """The rounds the sheet shows: those played and the one being entered (open-ended games)."""
        state = loaded.state
        infos = [r.info for r in state.rounds]
        if state.next_round is not None and state.next_round.number > len(infos):
            infos.append(state.next_round)
        return infos

    def row_label(self, loaded: LoadedGame, info: RoundInfo) -> str:
        return str(info.number)

    def status(self, loaded: LoadedGame) -> list[str]:
        """The line(s) under the heading while the game is on: who leads, what is left to play."""
        return []

    def heading_facts(self, loaded: LoadedGame, info: RoundInfo) -> list[str]:
        """Extra lines in the entry panel's heading (who waits, who sits down)."""
        return []

    def struck_bid(self, loaded: LoadedGame, info: RoundInfo, bids: Bids) -> int | None:
        """A bid the dealer may not make now (shown struck out), if the game has such a rule."""
        return None

    def bid_words(self, loaded: LoadedGame, info: RoundInfo) -> BidWords:
        """The words app.js counts the bids with, as ``bid_count_lines`` says them."""
        return _bid_words(get_language(), info.dealt, len(info.active)) | {"dealer": info.dealer}

    def bid_line(self, info: RoundInfo, bids: Bids) -> str:
        total = sum(bids[s] or 0 for s in info.active)
        return gettext("Bids total {total} for {cards}: {verdict}").format(
            total=total, cards=info.dealt, verdict=self.rules.bid_total_line(total, info.dealt)
        )

    def explain_heading(self, loaded: LoadedGame, info: RoundInfo, trump: str) -> str:
        """What an explanation of a square in this round starts with: "Round 7NT"."""
        return f"{in_words(self.round_word)} {self.row_label(loaded, info)}"

    def race_status(self, loaded: LoadedGame, opening: str, goes_on: str) -> list[str]:
        """Where a race to the target stands: ``opening`` (told the target) before a round is played, then
        who leads and what is left to reach it (``goes_on``: said while the lead is shared at the target)."""
        state = loaded.state
        target, done = state.options["target"], [r for r in state.rounds if r.complete]
        if not done:
            return [opening.format(target=target)]
        alone = gettext("{who} leads with {top}; {more} more to reach {target}.")
        shared = gettext("{who} share the lead with {top}; {more} more to reach {target}.")
        if done[-1].facts["play_goes_on"]:
            alone = shared = goes_on
        more = max(target - max(state.totals or [0]), 0)
        return [self.who_leads(loaded, alone, shared, more=more, target=target)]

    def who_leads(self, loaded: LoadedGame, alone: str, shared: str, **words: object) -> str:
        """Who leads once a round is played: ``alone`` when one player does, else ``shared``; told ``who``
        (the leaders), ``top`` (their total) and ``words``."""
        totals = loaded.state.totals or []
        best = self.rules.best(totals)
        said = alone if len(best) == 1 else shared
        return said.format(who=and_list([loaded.names[s] for s in best]), top=totals[best[0]], **words)

    # -- the entry panel ------------------------------------------------------------------------

    def describe(self, loaded: LoadedGame, panel: Panel, info: RoundInfo, trump: str) -> Panel:
        """The panel's heading: who deals and leads, the trumps, the seating."""
        panel.info, panel.trump = info, trump
        panel.dealer_name, panel.leader_name = loaded.names[info.dealer], loaded.names[info.leader]
        panel.trump_text = self.trump_text(info, trump)
        panel.facts = self.heading_facts(loaded, info)
        panel.wide = self.wide_from is not None and info.dealt >= self.wide_from
        return panel

    def entry_rows(
        self,
        loaded: LoadedGame,
        info: RoundInfo,
        errors: Mapping[int, str],
        chips: Callable[[int], list[Chip]],
    ) -> list[EntryRow]:
        """A row for each seat in the round, with its chips, any refusal, and the player's place and total
        so far. A seat not in the round that was refused something (a bid typed for a player who is out)
        gets a row too, with the refusal and nothing to tap."""
        seats = [*info.active, *(s for s in sorted(errors) if s not in info.active)]
        active = set(info.active)
        rows = [
            EntryRow(s, loaded.names[s], [], chips(s) if s in active else [], error=errors.get(s, ""))
            for s in seats
        ]
        state = loaded.state
        if state.totals is None or not any(r.complete for r in state.rounds):
            return rows  # nothing played yet, or no points (Mormon elimination)
        places = {seat: (place, tied) for seat, place, tied in rank(list(state.totals))}
        for row in rows:
            place, tied = places[row.seat]
            row.standing = f"{'=' if tied else ''}{ordinal(place)} · {number(state.totals[row.seat])}"
            row.first = place == 1
        return rows

    def badges(self, info: RoundInfo, seat: int) -> list[str]:
        said = [str(self.leader_badge)] if seat == info.leader else []
        return said + [gettext("deals")] if seat == info.dealer else said

    def bids_panel(
        self,
        loaded: LoadedGame,
        info: RoundInfo,
        bids: Bids,
        errors: Mapping[int, str] = {},
        error: str = "",
        trump: str = "",
        note: str = "",
    ) -> Panel:
        words = self.bid_words(loaded, info)
        rows = self.entry_rows(loaded, info, errors, lambda seat: self.bid_chips(info, bids[seat]))
        struck = self.struck_bid(loaded, info, bids)
        for row in rows:
            row.badges = self.badges(info, row.seat) if row.chips else []
            for chip in row.chips if row.seat == info.dealer else ():
                if chip.value == struck:
                    chip.struck, chip.title = True, words["struck"].format(bid=struck)
        entered = [b for s in info.active if (b := bids[s]) is not None]
        live, todo = bid_count_lines(words, sum(entered), len(info.active) - len(entered))
        panel = Panel(
            "bids", rows=rows, live=live, error=error, note=note, todo=todo, bid_words=compact(words)
        )
        return self.describe(loaded, panel, info, trump)

    def tricks_panel(
        self,
        loaded: LoadedGame,
        info: RoundInfo,
        bids: Bids,
        tricks: Bids,
        errors: Mapping[int, str] = {},
        error: str = "",
    ) -> Panel:
        # No badges: the bidding is over, and the heading says who deals and leads.
        chips = self.rules.trick_range(info)
        rows = self.entry_rows(
            loaded, info, errors, lambda seat: [Chip(value=v, checked=tricks[seat] == v) for v in chips]
        )
        rest = info.dealer if self.dealer_rests else None
        for row in rows:
            row.bid, row.rest = bids[row.seat], row.seat == rest
        placed = sum(tricks[s] or 0 for s in info.active)
        cards = info.dealt
        words = {
            "all": ngettext("{cards} trick placed", "All {cards} tricks placed", cards),
            "short": gettext("{placed} of {cards} tricks placed, {left} still to place"),
            "over": gettext("{placed} tricks placed: {more} too many for {cards}"),
        }
        said = words["all"] if placed == cards else words["short" if placed < cards else "over"]
        live = said.format(placed=placed, cards=cards, left=cards - placed, more=placed - cards)
        made, took = [b or 0 for b in bids], [t or 0 for t in tricks]
        complete = all(tricks[s] is not None and bids[s] is not None for s in info.active)
        # Who made it and who missed, once the tricks add up (before that it would mislead).
        summary = self.outcome(loaded, info, made, took) if complete and placed == cards else []
        panel = Panel("tricks", rows=rows, live=live, summary=summary, error=error, rest_seat=rest)
        panel.trick_words, panel.bid_line = compact({"cards": cards, **words}), self.bid_line(info, bids)
        current = loaded.state.current
        recorded = current.data.get("trump", "") if current is not None and current.info == info else ""
        return self.describe(loaded, panel, info, recorded)

    def current_panel(self, loaded: LoadedGame) -> Panel:
        """The panel for where the game stands: bids, tricks, or game over."""
        state = loaded.state
        info, current = state.next_round, state.current
        if state.finished or info is None:
            return Panel("over")
        if current is None:
            return self.bids_panel(loaded, info, [None] * state.players)
        bids = current.data["bids"]
        return self.tricks_panel(loaded, info, bids, self.first_tricks(info, bids))

    # -- the sheet ------------------------------------------------------------------------------

    def screen(self, loaded: LoadedGame, first: int = 1, last: int = 0) -> tuple[list[Row], list[Row]]:
        """The sheet's body, a row per round from round ``first`` to ``last`` (0: to the end; its heading
        cell, then a cell per player), and its footer: everyone's total, the leaders marked."""
        state = loaded.state
        current_number = state.next_round.number if state.next_round else None
        rows = []
        for info in self.row_infos(loaded):
            if info.number < first:
                continue
            if last and info.number > last:
                break
            result = state.rounds[info.number - 1] if info.number <= len(state.rounds) else None
            done = result is not None and result.complete
            trump = result.data.get("trump", "") if result else ""
            heading = Cell(text=self.row_label(loaded, info), head=True, scope="row", link=done)
            if trump and self.trump_swatch:
                heading.cls = "has-trump"
                heading.swatch, heading.title = f"rook-{trump}", self.trump_text(info, trump)
            cells = [heading]
            for seat in range(state.players):
                cell = self.cell(loaded, info, result, seat)
                if seat == info.dealer:
                    cell.cls = f"dealer {cell.cls}".strip()
                cells.append(cell)
            css = "" if done else ("row-current" if info.number == current_number else "row-future")
            said = self.explain_heading(loaded, info, trump)
            rows.append(Row(cells, cls=css, number=info.number, heading=said))
        best = self.rules.best(state.totals or []) if any(r.complete for r in state.rounds) else []
        totals = [
            Cell(text=str(total), cls="leader" if seat in best else "")
            for seat, total in enumerate(state.totals or [])
        ]
        return rows, [Row([Cell(text="Total", head=True, cls="round-col"), *totals], cls="totals-row")]

    def context(self, loaded: LoadedGame, panel: Panel) -> dict[str, object]:
        """What every bidding sheet's template is given; a game's table adds its own."""
        return {
            "winners": [loaded.names[s] for s in loaded.state.winners],
            "status": [] if loaded.state.finished else self.status(loaded),
            "trumps": list(self.trump_words.items()),
            "totals": loaded.state.totals,
        }

    def watch_lines(self, loaded: LoadedGame) -> list[str]:
        """The table's lines for a watcher, then the facts the round's heading gives (who waits, who sits down)."""
        lines: list[str] = super().watch_lines(loaded)
        info = loaded.state.next_round
        return lines + self.heading_facts(loaded, info) if info is not None else lines

    # -- the round actions ----------------------------------------------------------------------

    def bids_form_panel(self, form: BidsForm) -> Panel:
        error = form.message or form.field_errors().get("trump", "")  # a tampered trump's
        return self.bids_panel(
            form.loaded, form.info, form.bids, form.seat_errors("bid"), error, trump=form.trump
        )

    def tricks_form_panel(self, form: TricksForm) -> Panel:
        errors = form.seat_errors("tricks")
        return self.tricks_panel(form.loaded, form.info, form.bids, form.tricks, errors, form.message)

    def correction_panel(self, form: BiddingCorrectionForm) -> Panel:
        loaded, info, bids = form.loaded, form.info, form.bids
        trump = form.corrected.data.get("trump", "")
        panel = self.bids_panel(loaded, info, bids, form.seat_errors("bid"), form.message, trump=trump)
        tricks = self.tricks_panel(loaded, info, bids, form.tricks, form.seat_errors("tricks"))
        for row in panel.rows + tricks.rows:
            row.standing, row.first = "", False  # the totals now are not this round's
        panel.phase, panel.trick_rows = "edit", tricks.rows
        panel.summary, panel.live = tricks.summary, tricks.live
        return panel

    def reads(self) -> dict[str, set[str]]:
        return {"phase": {"bids"}}

    def sheet(
        self, request: HtmxHttpRequest, session: GameSession, seats: list[Seat] | None = None
    ) -> HttpResponse:
        """The sheet; ``?phase=bids`` ("Change bids") shows the bids made so far to change them."""
        loaded = read_game(session, seats)
        info, current = loaded.state.next_round, loaded.state.current
        if request.GET.get("phase") != "bids" or info is None:
            return self.show(request, loaded, self.current_panel(loaded))
        kept = current.data if current is not None else {}
        bids = list(kept.get("bids", [None] * len(loaded.seats)))
        return self.show(request, loaded, self.bids_panel(loaded, info, bids, trump=kept.get("trump", "")))

    def actions(self) -> Actions:
        return steps(
            self,
            bids=Step(BidsForm, self.bids_form_panel),
            tricks=Step(TricksForm, self.tricks_form_panel),
            edit=Step(BiddingCorrectionForm, self.correction_panel),
        )


# -- the round actions: bids, then tricks; a correction of both ---------------------------------------


# What a seat with nothing entered is told, by the number missing.
MISSING = {
    "bid": gettext_noop("Round {round}: {name} has not bid."),
    "tricks": gettext_noop("Round {round}: enter {name}'s tricks."),
}


class BiddingForm(RoundForm):
    """A bidding game's step: each refusal of the rules beside the bid or the tricks it names."""

    table: BiddingTable[BiddingRules]  # the round word and the refusal of a tampered trump are the table's

    def seats_for(self, prefix: str) -> Iterable[int]:
        return self.info.active

    def refuse(self, exc: RuleError) -> None:
        self.refusal = exc
        number = self.number
        if exc.player is not None and exc.round == number:
            prefix = self.seat_fields[0 if exc.field == "bids" else -1]
            self.flag(f"{prefix}_{exc.player}", exc.message)
        elif self.corrects and exc.round not in (None, number):  # a correction that breaks a later round
            said = gettext(
                "That correction does not fit the {rounds} played after it. {message} Undo back to {round} {number} to change it."
            )
            word = self.table.round_word.lower()
            rounds, one = round_noun(word, 2), round_noun(word)
            self.flag(None, said.format(rounds=rounds, message=exc.message, round=one, number=number))
        else:
            self.flag(None, exc.message)

    def bids_so_far(self, bids: Bids) -> None:
        """The rules' check of the bids made so far."""
        try:
            self.rules.check_bids_so_far(self.info, bids, self.state.options, names=self.names)
        except RuleError as exc:
            self.refuse(exc)

    def require(self, prefix: str, values: Bids) -> None:
        """Each player in the round with no ``prefix`` number (and no message about it yet) is told so."""
        for seat in self.info.active:
            if values[seat] is None and f"{prefix}_{seat}" not in self.errors:
                missing = gettext(MISSING[prefix])
                self.flag(f"{prefix}_{seat}", missing.format(round=self.number, name=self.names[seat]))


class BidsForm(BiddingForm):
    """Everyone's bids and the trumps turned up; saved once all are in (with htmx, a tap shows the total)."""

    seat_fields = ("bid",)

    # Every seat's box is read (the default): a bid typed for a player not in the hand (out, or waiting)
    # is refused by the rules beside that player, not dropped.
    seats_for = RoundForm.seats_for

    def start(self) -> None:
        refusal = str(self.table.pick_trumps).format  # the same whatever was sent
        self.fields["trump"] = ChipField(self.rules.allowed_trumps(self.info), refusal=refusal)
        self.bids: Bids = [None] * len(self.names)
        self.trump = ""

    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        self.bids = self.seat_numbers("bid", seats=range(len(self.names)))
        self.trump = cleaned.get("trump") or ""
        if not self.errors:
            self.bids_so_far(self.bids)
        missing = [s for s in self.info.active if self.bids[s] is None]
        if self.errors or (missing and self.htmx and not self.saving):
            return cleaned  # a chip tapped: the running total; nothing is stored until all have bid
        self.require("bid", self.bids)
        if not self.errors:
            # Bids entered again (after "Change bids", or a redeal) keep the round's other facts (penalties).
            kept = {k: v for k, v in (self.current.data if self.current else {}).items() if k != "trump"}
            self.round_data = kept | {"bids": self.bids} | ({"trump": self.trump} if self.trump else {})
        return cleaned


class TricksForm(BiddingForm):
    """The tricks each player took, checked against the cards when saved."""

    seat_fields = ("tricks",)
    later_step = True

    def start(self) -> None:
        self.bids: Bids = list(self.current.data["bids"]) if self.current else []
        self.tricks: Bids = list(self.bids)

    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        self.tricks = self.seat_numbers("tricks", seats=self.info.active)
        if self.saving:
            self.require("tricks", self.tricks)
            if not self.errors and self.current is not None:
                self.round_data = dict(self.current.data, tricks=self.tricks)
        return cleaned


class BiddingCorrectionForm(BiddingForm):
    """A finished round's bids and tricks together; every later total follows."""

    seat_fields = ("bid", "tricks")
    corrects = True

    def start(self) -> None:
        self.bids: Bids = list(self.corrected.data["bids"])
        self.tricks: Bids = list(self.corrected.data["tricks"])

    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        self.bids = self.seat_numbers("bid", seats=self.info.active)
        self.tricks = self.seat_numbers("tricks", seats=self.info.active)
        self.require("bid", self.bids)
        if not self.seat_errors("bid"):
            self.bids_so_far(self.bids)
        self.require("tricks", self.tricks)
        if not self.errors:
            self.round_data = dict(self.corrected.data, bids=self.bids, tricks=self.tricks)
        return cleaned
