"""The table for the bidding games (Bugger, Call and Mormon Bridge): bids first, then tricks.

What a page shows is the game's screen (games/screen/bidding.py's ``BiddingScreen``
and a subclass per game, which fill in what differs: which bids and tricks may be
tapped, what a score cell says, what the status line says); ``BiddingTable`` adds
how the table answers: the sheet page, and the round actions. ``play.py`` reaches them through
the game's registry entry, which builds its table (``Game.table``). Each action is a ``Step``:
a form from ``games/round_forms.py`` and the panel that draws it; how a step is
read, saved and answered (plain POST or htmx, refused or saved) is ``table.Table.act``.
"""

from __future__ import annotations

from django.utils.translation import gettext

from games import screen
from games.models import Seat
from games.paper.common import Row
from games.registry import Game
from games.round_forms import BiddingCorrectionForm, BidsForm, TricksForm
from games.screen.bidding import BiddingScreen, Panel

from .common import HtmxHttpRequest
from .table import Step, Table, steps


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
