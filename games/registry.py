"""The registry of games: one entry per game, bundling everything a caller needs.

Callers ask the game, never compare slugs: ``GAMES[session.game]`` gives a
``Game`` with

- ``rules``: its rules object (games/rules/, plain Python): name, player counts,
  options, round word, schedule, scoring, and the hooks the pages ask (points,
  rounds in a game, partnerships, bids);
- ``paper``: its paper layout (games/paper/): the recorded sheet, the blank
  sheets and their form, the options in words;
- ``rows``: how its rounds sit in the stored rows (games/rows.py);
- ``table``: its table (games/views/): the pages a game is played on, built
  with this entry when first asked; its class is resolved then too (the tables
  are Django's side and import this module, so it cannot import them first);

and its progress and result lines. Like the rules and the paper layouts this
module is plain Python: no Django. The stored slug is the rules' ``slug`` and
is never renamed. ``GAMES`` is the one list of games: the model's choices
(``game_choices``) and ``get_rules`` read it when asked, so a game registered
here (even late, as a test's toy game is) is known everywhere.

A new game: its rules module, its paper layout, its table class, and one entry below.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from games import rows
from games.paper import Layout, number
from games.paper.bids import BuggerBridgePaper, MormonBridgePaper
from games.paper.call import CallBridgePaper
from games.paper.memory import MemoryBridgePaper
from games.paper.minibridge import MinibridgePaper
from games.paper.scores import FreeScoringPaper
from games.places import Place, leader_line, standings
from games.rows import RoundRows
from games.rules import GameRules, GameState
from games.rules.bugger_bridge import BuggerBridge
from games.rules.call_bridge import CallBridge
from games.rules.free_scoring import FreeScoring
from games.rules.memory_bridge import MemoryBridge
from games.rules.minibridge import Minibridge
from games.rules.mormon_bridge import MormonBridge
from games.words import gettext, ngettext, round_noun

if TYPE_CHECKING:
    from games.table import Table

type TableClass = Callable[[], type[Table[Any]]]  # gives a game's table class, imported when first asked


def and_list(items: list[str]) -> str:
    """Items in words: "A, B and C"."""
    if len(items) <= 1:
        return "".join(items)
    return gettext("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


@dataclass(frozen=True)
class Game:
    """One game: its rules, paper layout, stored rows and table, and the lines it is summed up in."""

    rules: GameRules
    paper: Layout[Any]
    rows: RoundRows
    table_class: TableClass | None  # None: no screens yet

    @classmethod
    def of(
        cls, rules: GameRules, *, paper: type[Layout[Any]], rows: RoundRows, table: TableClass | None
    ) -> Game:
        """An entry whose paper layout is drawn for these rules."""
        return cls(rules=rules, paper=paper(rules), rows=rows, table_class=table)

    @cached_property
    def table(self) -> Table[Any] | None:
        """The game's table, built once with this entry (its rules, its layout); None: no screens."""
        return None if self.table_class is None else self.table_class()(self)

    @property
    def slug(self) -> str:
        return self.rules.slug

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def round_word(self) -> str:
        return self.rules.round_word

    def progress_line(self, state: GameState) -> str:
        """How far an unfinished game has got: "In progress: 3 of 18 rounds played."."""
        if not state.rounds:
            return gettext("Not started: no round recorded yet.")
        complete = sum(1 for r in state.rounds if r.complete)
        total = self.rules.rounds_in_game(state.players, state.options)
        rounds = round_noun(self.round_word, total or complete)
        if total:
            return gettext("In progress: {played} of {total} {rounds} played.").format(
                played=complete, total=total, rounds=rounds
            )
        return ngettext(
            "In progress: {played} {rounds} played.", "In progress: {played} {rounds} played.", complete
        ).format(played=complete, rounds=rounds)

    def round_line(self, played: int, players: int, options: dict[str, Any]) -> str:
        """Where a game in progress stands, from its complete rounds: "Round 7 of 18", "Deal 3"."""
        total = self.rules.rounds_in_game(players, options)
        word = round_noun(self.round_word).capitalize()
        if total:
            number = min(played + 1, total)
            return gettext("{Round} {number} of {total}").format(Round=word, number=number, total=total)
        return gettext("{Round} {number}").format(Round=word, number=played + 1)

    def leader_line(
        self,
        names: list[str],
        totals: list[int | None],
        out: list[bool],
        options: dict[str, Any] | None = None,
    ) -> str:
        """Who leads a game in progress with these options, from its last complete round's totals:
        "Anna leads with 45"."""
        return leader_line(self.rules, names, totals, out, options)

    def standings(self, state: GameState, names: list[str]) -> list[Place]:
        """Players (or sides) by final place, best first, ties sharing a place."""
        return standings(self.rules, state, names)

    def headline(self, state: GameState, names: list[str]) -> str:
        """The game's end in a few words, for the winner moment: "Ann wins!", "Ann and Ben share the
        win", "Nora and Sam win!" (a side), "N-S and E-W share the win"; "Game over" without a winner."""
        winners = state.winners
        if not winners:
            return gettext("Game over")
        for _side, seats in self.rules.partnerships:
            if winners[0] in seats:
                if len(winners) > len(seats):
                    sides = and_list([gettext(s) for s, _ in self.rules.partnerships])
                    return gettext("{names} share the win").format(names=sides)
                return gettext("{names} win!").format(names=and_list([names[s] for s in seats]))
        who = and_list([names[s] for s in winners])
        if len(winners) == 1:
            return gettext("{name} wins!").format(name=who)
        return gettext("{names} share the win").format(names=who)

    def result_line(self, state: GameState, names: list[str]) -> str:
        """The game's outcome in words, or how far it has got."""
        if not state.finished:
            return self.progress_line(state)
        winners = state.winners
        early = gettext(" (ended early)") if state.finished_early else ""
        if not winners:
            return gettext("Finished{early}: no round was played.").format(early=early)
        reason = self.rules.win_reason(state.options)
        if reason:
            return gettext("{name} wins: {reason}{early}.").format(
                name=names[winners[0]], reason=reason, early=early
            )
        total = state.totals[winners[0]] if state.totals else None
        for side, seats in self.rules.partnerships:
            if winners[0] in seats:
                if len(winners) > len(seats):
                    return gettext("Shared win: both sides have {total}{early}.").format(
                        total=total, early=early
                    )
                return gettext("{side} ({names}) win with {total}{early}.").format(
                    side=gettext(side), names=" & ".join(names[s] for s in seats), total=total, early=early
                )
        if total is None and len(winners) == 1:
            said = gettext("{name} wins{early}.")
        elif total is None:
            said = gettext("Shared win: {names}{early}.")
        elif len(winners) == 1:
            said = gettext("{name} wins with {total}{early}.")
        else:
            said = gettext("Shared win: {names} with {total}{early}.")
        who = and_list([names[s] for s in winners])
        return said.format(name=who, names=who, total=number(total), early=early)

    def score_lines(self, names: list[str]) -> list[tuple[str, int]]:
        """Whose running totals a chart draws, and the seat each is read from: each side, or each player."""
        if self.rules.partnerships:
            return [
                (
                    gettext("{side}: {names}").format(
                        side=gettext(side), names=" & ".join(names[s] for s in seats)
                    ),
                    seats[0],
                )
                for side, seats in self.rules.partnerships
            ]
        return [(name, seat) for seat, name in enumerate(names)]


# Each game's table class, imported when its table is first asked for (see ``table`` above).
def bugger_bridge_table() -> type[Table[Any]]:
    from games.table.bugger_bridge import BuggerTable

    return BuggerTable


def call_bridge_table() -> type[Table[Any]]:
    from games.table.call_bridge import CallBridgeTable

    return CallBridgeTable


def mormon_bridge_table() -> type[Table[Any]]:
    from games.table.mormon_bridge import MormonBridgeTable

    return MormonBridgeTable


def minibridge_table() -> type[Table[Any]]:
    from games.table.minibridge import MinibridgeTable

    return MinibridgeTable


def memory_bridge_table() -> type[Table[Any]]:
    from games.table.memory_bridge import MemoryBridgeTable

    return MemoryBridgeTable


def scores_table() -> type[Table[Any]]:  # any game's whose rounds are each player's points
    from games.table.scores import ScoresTable

    return ScoresTable


GAMES: dict[str, Game] = {
    game.slug: game
    for game in (
        Game.of(BuggerBridge(), paper=BuggerBridgePaper, rows=rows.BIDS, table=bugger_bridge_table),
        Game.of(CallBridge(), paper=CallBridgePaper, rows=rows.BIDS, table=call_bridge_table),
        Game.of(MormonBridge(), paper=MormonBridgePaper, rows=rows.BIDS, table=mormon_bridge_table),
        Game.of(Minibridge(), paper=MinibridgePaper, rows=rows.HIGH_CARD_POINTS, table=minibridge_table),
        Game.of(MemoryBridge(), paper=MemoryBridgePaper, rows=rows.HALVES, table=memory_bridge_table),
        Game.of(FreeScoring(), paper=FreeScoringPaper, rows=rows.SCORES, table=scores_table),
    )
}


def get_rules(slug: str) -> GameRules:
    """The rules of a game by slug; KeyError for an unknown one."""
    return GAMES[slug].rules


def game_choices() -> list[tuple[str, str]]:
    """(slug, name) of every game, in the registry's order: the model's and the forms' choices."""
    return [(slug, game.name) for slug, game in GAMES.items()]


def playable() -> set[str]:
    """Slugs of the games that have screens to play them on (the others only print and import)."""
    return {slug for slug, game in GAMES.items() if game.table_class is not None}
