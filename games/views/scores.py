"""The table of any game whose rounds are each player's points: the generic screens.

A game registers it as its table (``Game.table = "games.views.scores"``) together
with ``rows.SCORES`` and the "scores" paper layout; nothing here knows a game. The
game comes from the session (or the new-game URL) and its words from the registry:
its name, its round word, its options (``forms.RulesGameForm``). The sheet is its
paper layout's sheet (``Game.paper.filled``), drawn on screen by the print
template; the entry panel asks for a whole number per player, checked by the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import services
from ..forms import RulesGameForm, parse_seat_numbers, rule_error_to_seat
from ..registry import GAMES, Game
from ..rules import RoundInfo, RuleError
from .common import HtmxHttpRequest
from .table import (
    Table,
    being_entered,
    finished_round,
    known_players,
    new_game_page,
    previous_game,
    seated_names,
)


@dataclass
class ScoresPanel:
    """The entry panel: a number box per player for the round being entered or corrected."""

    phase: str  # "scores" (the next round), "edit" (a correction), "over"
    info: RoundInfo | None = None
    values: list[int | None] = field(default_factory=list)
    errors: dict[int, str] = field(default_factory=dict)
    error: str = ""
    note: str = ""

    def seats(self, names: list[str]) -> list[tuple[int, str, int | None, str]]:
        """(seat, name, value typed or stored, message) for each player."""
        return [(s, name, self.values[s], self.errors.get(s, "")) for s, name in enumerate(names)]


class ScoresTable(Table):
    sheet_template = "games/scores/sheet.html"
    update_template = "games/scores/update.html"
    leader_words = "plays first"
    refresh_on_conflict = {"sheet_changed": True}

    @staticmethod
    def game(loaded) -> Game:
        return GAMES[loaded.session.game]

    def current_panel(self, loaded) -> ScoresPanel:
        state = loaded.state
        if state.next_round is None:
            return ScoresPanel(phase="over")
        return ScoresPanel(phase="scores", info=state.next_round, values=[None] * state.players)

    def context(self, loaded, panel) -> dict:
        game = self.game(loaded)
        state = loaded.state
        names = loaded.names
        return {
            "sheet": self.sheet_template,
            "session": loaded.session,
            "state": state,
            "names": names,
            "panel": panel,
            "entry": panel.seats(names) if panel.values else [],
            "game_name": game.name,
            "word": game.round_word,
            "round_word": game.round_word.capitalize(),
            "sheets": game.paper.filled(state, names),
            "status": [] if state.finished else [game.progress_line(state)],
            "winners": [names[s] for s in state.winners],
            "winner_total": state.totals[state.winners[0]]
            if state.totals and len(state.winners) == 1
            else None,
        }

    def sheet(self, request: HtmxHttpRequest, session):
        loaded = services.load_game(session)
        return self.show(request, loaded, self.current_panel(loaded))

    def parse(self, request, loaded, info: RoundInfo):
        return parse_seat_numbers(
            request.POST,
            prefix="score",
            players=loaded.state.players,
            required=True,
            round_number=info.number,
            names=loaded.names,
            what="points",
        )

    def save(self, request, loaded, number: int, panel: ScoresPanel):
        """Store the round the panel holds (new or corrected); the panel again with what the rules refused."""
        try:
            loaded = services.save_round(
                session=loaded.session, number=number, data={"scores": panel.values}, loaded=loaded
            )
        except RuleError as exc:
            panel.errors, panel.error = rule_error_to_seat(exc)
            return self.refused(request, loaded, panel)
        except services.StaleVersion:
            return self.changed_meanwhile(request, loaded)
        return self.saved(request, loaded, sheet_changed=True)

    def save_scores(self, request: HtmxHttpRequest, session, number: int):
        """The next round's points, one per player."""
        loaded = services.load_game(session)
        info = being_entered(loaded, number)
        if info is None:
            return self.stale(request, loaded, number)
        values, errors = self.parse(request, loaded, info)
        panel = ScoresPanel(phase="scores", info=info, values=values, errors=errors)
        if errors:
            return self.refused(request, loaded, panel)
        return self.save(request, loaded, number, panel)

    def edit_round(self, request: HtmxHttpRequest, session, number: int):
        """Correct a finished round's points; every later total follows."""
        loaded = services.load_game(session)
        result = finished_round(loaded, number)
        if result is None:
            return self.stale(request, loaded, number)
        if request.method == "GET":
            panel = ScoresPanel(phase="edit", info=result.info, values=list(result.data["scores"]))
            return self.show_correction(request, loaded, panel)
        values, errors = self.parse(request, loaded, result.info)
        panel = ScoresPanel(phase="edit", info=result.info, values=values, errors=errors)
        if errors:
            return self.refused(request, loaded, panel)
        return self.save(request, loaded, number, panel)

    def actions(self) -> dict:
        return {
            "scores": (self.save_scores, {"POST"}),
            "edit": (self.edit_round, {"GET", "POST"}),
        }


TABLE = ScoresTable()
sheet = TABLE.sheet
ACTIONS = TABLE.actions()


def new_game(request: HtmxHttpRequest):
    """Seat the players, choose the first dealer and the options: the form the rules describe."""
    slug = request.resolver_match.kwargs["game"]
    rules = GAMES[slug].rules
    previous = previous_game(request, slug)
    form = RulesGameForm(
        request.POST or None,
        rules=rules,
        known_names=known_players(request),
        initial_names=seated_names(previous),
        initial=dict(previous.options) if previous else {},
    )
    return new_game_page(request, form, game=slug, template="games/scores/new.html")
