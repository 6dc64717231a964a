"""The table of any game whose rounds are each player's points (Free scoring): a number per player.

Nothing here knows a game: the registry entry builds the table with itself, and the words come
from it (name, round word, options: ``forms.RulesGameForm``); the rules check each round.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.http import HttpResponse
from django.utils.translation import gettext, gettext_noop

from games.forms import RulesGameForm
from games.paper import number
from games.rules import RoundInfo
from games.services import LoadedGame
from games.table import Actions, Context, Step, Table, new_game_form, new_game_page, steps
from games.table.forms import RoundForm
from games.views.common import HtmxHttpRequest


class ScoresForm(RoundForm):
    """Each player's points for the round being entered (or corrected), all of them whole numbers."""

    seat_fields = ("score",)
    seat_words = {"score": "points"}
    # Any number a box takes goes to the rules, which say what a round may score (Free scoring: ±10,000).
    most = 10**9

    def start(self) -> None:
        stored = self.corrected.data["scores"] if self.corrects else [None] * len(self.names)
        self.values: list[int | None] = list(stored)

    def clean(self) -> None:
        self.values = self.seat_numbers("score", seats=range(len(self.names)))
        for seat, name in enumerate(self.names):
            if self.values[seat] is None and f"score_{seat}" not in self.errors:
                missing = gettext("Round {round}: enter {name}'s points.")
                self.flag(f"score_{seat}", missing.format(round=self.number, name=name))
        if not self.errors:
            self.round_data = {"scores": self.values}


class ScoresCorrectionForm(ScoresForm):
    """A finished round's points; every later total follows."""

    corrects = True


@dataclass
class ScoresPanel:
    """The entry panel: a number box per player for the round being entered or corrected."""

    phase: str  # "scores" (the next round), "edit" (a correction), "over"
    info: RoundInfo | None = None
    # (seat, name, value typed or stored, message, total before the round or None) for each player
    entry: list[tuple[int, str, int | None, str, str | None]] = field(default_factory=list)
    error: str = ""
    note: str = ""

    @classmethod
    def of(cls, form: ScoresForm) -> ScoresPanel:
        """The panel drawn from a round's form: the points typed, each message beside its player."""
        before = form.state.rounds[form.number - 2].totals if form.number > 1 else None
        errors = form.seat_errors("score")
        entry = [
            (s, name, form.values[s], errors.get(s, ""), number(before[s]) if before else None)
            for s, name in enumerate(form.names)
        ]
        return cls("edit" if form.corrects else "scores", form.info, entry, form.message)


class ScoresTable(Table[ScoresPanel]):
    sheet_template = "games/scores/sheet.html"
    leader_words = gettext_noop("plays first")

    def current_panel(self, loaded: LoadedGame) -> ScoresPanel:
        info = loaded.state.next_round
        if info is None:
            return ScoresPanel(phase="over")
        return ScoresPanel.of(ScoresForm(table=self, loaded=loaded, target=info))

    def context(self, loaded: LoadedGame, panel: ScoresPanel) -> Context:
        game, state, names, info = self.game, loaded.state, loaded.names, panel.info
        status = [] if state.finished else [game.progress_line(state)]
        last = next((r.totals for r in reversed(state.rounds) if r.complete and r.totals), None)
        if not state.finished and last:
            status.append(game.leader_line(names, list(last), [False] * len(names), state.options))
        if game.rules.lowest_wins(state.options):
            end_hint = gettext("The lowest total wins (shared when equal).")
        else:
            end_hint = gettext("The highest total wins (shared when equal).")
        return {
            "entry": panel.entry,
            "word": game.round_word,
            "of_rounds": game.rules.rounds_in_game(state.players, state.options),  # None: played to a target
            "options_lines": game.paper.describe_options(state.options),
            "dealer": names[info.dealer] if info else "",
            "leader": names[info.leader] if info else "",
            "end_hint": end_hint,
            "status": status,
            "winners": [names[s] for s in state.winners],
            "winner_total": state.totals[state.winners[0]]
            if state.totals and len(state.winners) == 1
            else None,
        }

    def actions(self) -> Actions:
        return steps(
            self, scores=Step(ScoresForm, ScoresPanel.of), edit=Step(ScoresCorrectionForm, ScoresPanel.of)
        )

    def new_game(self, request: HtmxHttpRequest) -> HttpResponse:
        """Seat the players, choose the first dealer and the options: the form the rules describe."""
        slug = self.game.slug
        form = new_game_form(request, RulesGameForm, slug, same_game=True, rules=self.game.rules)
        return new_game_page(request, form, game=self.game, template="games/scores/new.html")
