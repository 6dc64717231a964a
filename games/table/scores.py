"""The table of any game whose rounds are each player's points (Free scoring): a number per player.

Nothing here knows a game: the registry entry builds the table with itself, and the words come
from it (name, round word, options: ``forms.RulesGameForm``); the rules check each round.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.http import HttpResponse
from django.utils.translation import gettext

from games.forms import RulesGameForm
from games.paper import number
from games.rules import GameState, RoundInfo
from games.services import LoadedGame
from games.table import Actions, Context, Step, Table, new_game_form, new_game_page, steps
from games.table.forms import RoundForm
from games.views.common import HtmxHttpRequest


class ScoresForm(RoundForm):
    """Each player's points for the round being entered, all of them whole numbers."""

    seat_fields = ("score",)
    seat_words = {"score": "points"}
    # Any number a box takes goes to the rules, which say what a round may score (Free scoring: ±10,000).
    most = 10**9

    def start(self) -> None:
        self.values: list[int | None] = [None] * len(self.names)

    def clean(self) -> dict[str, object]:
        self.values = self.seat_numbers("score", seats=range(len(self.names)))
        for seat, name in enumerate(self.names):
            if self.values[seat] is None and f"score_{seat}" not in self.errors:
                missing = gettext("Round {round}: enter {name}'s points.")
                self.flag(f"score_{seat}", missing.format(round=self.number, name=name))
        if not self.errors:
            self.round_data = {"scores": self.values}
        return self.cleaned_data


class ScoresCorrectionForm(ScoresForm):
    """A finished round's points; every later total follows."""

    corrects = True

    def start(self) -> None:
        self.values = list(self.corrected.data["scores"])


@dataclass
class ScoresPanel:
    """The entry panel: a number box per player for the round being entered or corrected."""

    phase: str  # "scores" (the next round), "edit" (a correction), "over"
    info: RoundInfo | None = None
    values: list[int | None] = field(default_factory=list)
    errors: dict[int, str] = field(default_factory=dict)
    error: str = ""
    note: str = ""

    def seats(
        self, names: list[str], before: list[int] | None
    ) -> list[tuple[int, str, int | None, str, str | None]]:
        """(seat, name, value typed or stored, message, total before the round or None) for each player."""
        return [
            (s, name, self.values[s], self.errors.get(s, ""), number(before[s]) if before else None)
            for s, name in enumerate(names)
        ]


class ScoresTable(Table[ScoresPanel]):
    sheet_template = "games/scores/sheet.html"
    leader_words = "plays first"
    draws_screen = True  # the paper layout's rows (Layout.screen)
    refresh_on_conflict = {"sheet_changed": True}
    saved_changes = {"sheet_changed": True}

    def current_panel(self, loaded: LoadedGame) -> ScoresPanel:
        state = loaded.state
        if state.next_round is None:
            return ScoresPanel(phase="over")
        return ScoresPanel(phase="scores", info=state.next_round, values=[None] * state.players)

    def context(self, loaded: LoadedGame, panel: ScoresPanel) -> Context:
        game = self.game
        state = loaded.state
        names = loaded.names
        info = panel.info
        lowest = game.rules.lowest_wins(state.options)
        status = [] if state.finished else [game.progress_line(state)]
        last = next((r for r in reversed(state.rounds) if r.complete and r.totals), None)
        if not state.finished and last is not None and last.totals is not None:
            status.append(game.leader_line(names, list(last.totals), [False] * len(names), state.options))
        return {
            "entry": panel.seats(names, self.totals_before(state, info)) if panel.values else [],
            "game_name": game.name,
            "word": game.round_word,
            "round_word": game.round_word.capitalize(),
            "options_lines": game.paper.describe_options(state.options),
            "dealer": names[info.dealer] if info else "",
            "leader": names[info.leader] if info else "",
            "end_hint": gettext("The lowest total wins (shared when equal).")
            if lowest
            else gettext("The highest total wins (shared when equal)."),
            "status": status,
            "winners": [names[s] for s in state.winners],
            "winner_total": state.totals[state.winners[0]]
            if state.totals and len(state.winners) == 1
            else None,
        }

    @staticmethod
    def totals_before(state: GameState, info: RoundInfo | None) -> list[int] | None:
        """The running totals before the round ``info`` (None before the first)."""
        if info is None or info.number < 2 or len(state.rounds) < info.number - 1:
            return None
        totals: list[int] | None = state.rounds[info.number - 2].totals
        return totals

    def form_panel(self, form: ScoresForm) -> ScoresPanel:
        """The panel drawn from a round's form: the points typed, each message beside its player."""
        return ScoresPanel(
            phase="edit" if form.corrects else "scores",
            info=form.info,
            values=form.values,
            errors=form.seat_errors("score"),
            error=form.message,
        )

    def actions(self) -> Actions:
        return steps(
            self,
            scores=Step(ScoresForm, self.form_panel),
            edit=Step(ScoresCorrectionForm, self.form_panel),
        )

    def new_game(self, request: HtmxHttpRequest) -> HttpResponse:
        """Seat the players, choose the first dealer and the options: the form the rules describe."""
        slug = self.game.slug
        form = new_game_form(request, RulesGameForm, slug, same_game=True, rules=self.game.rules)
        return new_game_page(request, form, game=self.game, template="games/scores/new.html")
