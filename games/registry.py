"""The registry of games: one entry per game, bundling everything a caller needs.

Callers ask the game, never compare slugs: ``GAMES[session.game]`` gives a
``Game`` with

- ``rules``: its rules object (games/rules/, plain Python): name, player counts,
  options, round word, schedule, scoring, and the hooks the pages ask (points,
  rounds in a game, partnerships, bids);
- ``paper``: its paper layout (games/paper/): the recorded sheet, the blank
  sheets and their form, the options in words;
- ``rows``: how its rounds sit in the stored rows (the ``RoundRows`` mappings below);
- ``table``: its table (games/table/): the pages a game is played on, built
  with this entry when first asked; its class is resolved then too (the tables
  are Django's side and import this module, so it cannot import them first);

and its progress and result lines and its standings. The two things every entry is
read through live here too: the row mappings (``BIDS``, ``HIGH_CARD_POINTS``,
``HALVES``, ``SCORES``: from a round's stored columns to the rules' dict and
back) and the places (who stands where, ``Place``). Like the rules and the paper
layouts this module is plain Python: no Django. The stored slug is the rules'
``slug`` and is never renamed. ``GAMES`` is the one list of games: the model's choices
(``game_choices``) and ``get_rules`` read it when asked, so a game registered
here (even late, as a test's toy game is) is known everywhere.

A new game: its rules module, its paper layout, its table class, and one entry below.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, override

from games.paper import Layout
from games.paper.bids import BuggerBridgePaper, MormonBridgePaper
from games.paper.call import CallBridgePaper
from games.paper.memory import MemoryBridgePaper
from games.paper.minibridge import MinibridgePaper
from games.paper.scores import FreeScoringPaper
from games.rules import GameRules, GameState
from games.rules.base import gettext, gettext_noop, ngettext, number, round_noun
from games.rules.bugger_bridge import BuggerBridge
from games.rules.call_bridge import CallBridge
from games.rules.free_scoring import FreeScoring
from games.rules.memory_bridge import MemoryBridge
from games.rules.minibridge import Minibridge
from games.rules.mormon_bridge import MormonBridge

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
        """Who leads a game in progress, from its last complete round's totals (and who is out), with
        these ``options`` (the lowest total leads where it wins): "Anna leads with 45", "N-S lead with
        120", "3 still in"; "" before any round is complete."""
        if not totals:
            return ""
        if all(t is None for t in totals):
            still = [n for n, gone in zip(names, out, strict=False) if not gone]
            if len(still) == 1:
                return gettext("{name} is the last one in").format(name=still[0])
            return ngettext("{count} still in", "{count} still in", len(still)).format(count=len(still))
        points = [t or 0 for t in totals]
        if self.rules.partnerships:
            sides = [(side, points[seats[0]]) for side, seats in self.rules.partnerships]
            best = max(t for _, t in sides)
            leaders = [side for side, t in sides if t == best]
            if len(leaders) > 1:
                return gettext("Level at {total}").format(total=number(best))
            return gettext("{side} lead with {total}").format(side=gettext(leaders[0]), total=number(best))
        best = min(points) if self.rules.lowest_wins(options) else max(points)
        leaders = [names[i] for i, t in enumerate(points) if t == best]
        if len(leaders) == 1:
            return gettext("{name} leads with {total}").format(name=leaders[0], total=number(best))
        if len(leaders) == len(points):
            return gettext("All level at {total}").format(total=number(best))
        return gettext("{names} lead with {total}").format(names=and_list(leaders), total=number(best))

    def standings(self, state: GameState, names: list[str]) -> list[Place]:
        """Players (or sides) by final (or present) place, best first, ties sharing a place."""
        if self.rules.partnerships:
            totals = state.totals or [0] * state.players
            sides = [
                (f"{gettext(side)} ({' & '.join(names[s] for s in seats)})", totals[seats[0]])
                for side, seats in self.rules.partnerships
            ]
            return [
                Place(place, tied, sides[i][0], sides[i][1]) for i, place, tied in rank([t for _, t in sides])
            ]
        if state.totals is None:
            return _by_time_in(state, names, self.rules.round_word)
        lowest = self.rules.lowest_wins(state.options)
        return [
            Place(place, tied, names[i], state.totals[i])
            for i, place, tied in rank(list(state.totals), lowest_first=lowest)
        ]

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


# How a game's rounds sit in the stored rows (``Game.rows``): one mapping per shape of round.
#
# The rules read a round as a dict in the session-record format; the database keeps the same
# facts in ``Round`` and ``Entry`` columns. Nothing here touches the database, so the sheet, an
# imported record and an export all agree.

# A record holds at most MAX_ROUNDS rounds. A game played to a target or by elimination could
# go on for ever; 300 rounds is far more than any evening (Call Bridge to 500 takes about 150
# deals), and keeps the largest game that can be stored quick to show (well within a second).
MAX_ROUNDS = 300
# Only elimination Mormon Bridge takes more than 14 players (the rest wait); the new-game
# form offers 60 seats, and a record may hold no more.
MAX_PLAYERS = 60
# A sheet draws a cell per player per round, waiting players too: a wide table gets
# fewer rounds (60 players: 66 hands, still many more than 59 players need to go out).
MAX_CELLS = 4000


def max_rounds(players: int) -> int:
    """How many rounds a game of ``players`` can hold: a record, and so a game at the table."""
    return min(MAX_ROUNDS, MAX_CELLS // players)


def empty_rows(players: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Column values for a round and its entries with nothing recorded."""
    round_fields = {
        "trump": "",
        "penalties": [],
        "redeal": False,
        "contract": None,
        "passed_out": False,
        "tricks": None,
    }
    entry = {"bid": None, "tricks": None, "hcp": None, "first_half": None}
    return round_fields, [dict(entry) for _ in range(players)]


class RoundRows:
    """One shape of round: from stored columns to the record's dict and back."""

    # The record lists the cards each player was dealt (games that fix them per hand).
    records_cards: ClassVar[bool] = False

    def to_data(self, rnd: Any, entries: list[Any]) -> dict[str, Any]:
        """The facts of a stored round (``entries`` in seat order) as the rules read them."""
        raise NotImplementedError

    def fill(self, data: dict[str, Any], round_fields: dict[str, Any], entries: list[dict[str, Any]]) -> None:
        """Set the columns of a round and of each player's entry from a checked round dict."""
        raise NotImplementedError

    def to_rows(self, data: dict[str, Any], players: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """Column values for a round and for each player's entry, from a checked round dict."""
        round_fields, entries = empty_rows(players)
        self.fill(data, round_fields, entries)
        return round_fields, entries


class BidRows(RoundRows):
    records_cards = True

    def to_data(self, rnd: Any, entries: list[Any]) -> dict[str, Any]:
        data: dict[str, Any] = {"bids": [e.bid for e in entries]}
        tricks = [e.tricks for e in entries]
        if any(t is not None for t in tricks):
            data["tricks"] = tricks
        if rnd.trump:
            data["trump"] = rnd.trump
        if rnd.penalties:
            data["penalties"] = list(rnd.penalties)
        return data

    def fill(self, data: dict[str, Any], round_fields: dict[str, Any], entries: list[dict[str, Any]]) -> None:
        players = len(entries)
        round_fields["trump"] = data.get("trump") or ""
        round_fields["penalties"] = list(data.get("penalties") or [])
        for seat, bid in enumerate(data.get("bids") or [None] * players):
            entries[seat]["bid"] = bid
        for seat, took in enumerate(data.get("tricks") or [None] * players):
            entries[seat]["tricks"] = took


class ContractRows(RoundRows):
    """A number per player, then a contract and the declarer's tricks: Minibridge's points held
    (a 20:20 deal is a redeal), Memory Bridge's first-half tricks (a contract may be passed out)."""

    def __init__(self, per_player: str, *, can_pass: bool):
        self.per_player = per_player  # the entry column, and the record field, of each player's number
        self.can_pass = can_pass  # a contract of None is stored as passed out

    def to_data(self, rnd: Any, entries: list[Any]) -> dict[str, Any]:
        data: dict[str, Any] = {self.per_player: [getattr(e, self.per_player) for e in entries]}
        if rnd.redeal:
            data["redeal"] = True
        if rnd.passed_out:
            data["contract"] = None
        elif rnd.contract is not None:
            data["contract"] = dict(rnd.contract)
        if rnd.tricks is not None:
            data["tricks"] = rnd.tricks
        return data

    def fill(self, data: dict[str, Any], round_fields: dict[str, Any], entries: list[dict[str, Any]]) -> None:
        round_fields["redeal"] = bool(data.get("redeal"))
        if self.can_pass and "contract" in data and data["contract"] is None:
            round_fields["passed_out"] = True
        else:
            round_fields["contract"] = data.get("contract")
        round_fields["tricks"] = data.get("tricks")
        for seat, value in enumerate(data[self.per_player]):
            entries[seat][self.per_player] = value


class ScoreRows(RoundRows):
    """Each player's points for the round, as entered (``{"scores": [...]}``), in ``Entry.points``:
    the services fill that from the replayed round too, which scores a round as entered."""

    @override
    def to_data(self, rnd: Any, entries: list[Any]) -> dict[str, Any]:
        return {"scores": [e.points for e in entries]}

    @override
    def fill(self, data: dict[str, Any], round_fields: dict[str, Any], entries: list[dict[str, Any]]) -> None:
        for seat, value in enumerate(data["scores"]):
            entries[seat]["points"] = value


BIDS = BidRows()
HIGH_CARD_POINTS = ContractRows("hcp", can_pass=False)
HALVES = ContractRows("first_half", can_pass=True)
SCORES = ScoreRows()


# Who stands where in one game (``Game.standings``, ``Game.leader_line``): players ranked by their
# totals, a partnership game's sides as sides, an elimination game (no points) by how long each
# player stayed in. Equal totals share a place, and the place after them is skipped: 1st, =2nd,
# =2nd, 4th.

# Each ending a whole string, so a language puts its own: French has 1er, then 2e, 3e, 21e ...
ENDINGS = {
    "st": gettext_noop("{place}st"),
    "nd": gettext_noop("{place}nd"),
    "rd": gettext_noop("{place}rd"),
    "th": gettext_noop("{place}th"),
}
SUFFIXES = {1: "st", 2: "nd", 3: "rd"}


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st (in French: 1er, 2e, 3e ...)."""
    if place == 1:
        return gettext("1st")
    suffix = "th" if 10 <= place % 100 <= 20 else SUFFIXES.get(place % 10, "th")
    return gettext(ENDINGS[suffix]).format(place=place)


@dataclass(frozen=True)
class Place:
    """One line of the standings: a player (or a side) and where they finished."""

    place: int  # 1-based; tied lines share it
    tied: bool
    name: str
    total: int | None  # None: a game without points
    detail: str = ""  # e.g. "out in hand 5"

    @property
    def ordinal(self) -> str:
        """ "1st", or "=2nd" when shared."""
        return f"={ordinal(self.place)}" if self.tied else ordinal(self.place)

    @property
    def total_text(self) -> str:
        return number(self.total)


def competition_places[K: Hashable](keys: Mapping[K, Any]) -> dict[K, int]:
    """Places by key, higher first ("1, 1, 3"): players level share a place, the next one is skipped."""
    order = sorted(keys.values(), reverse=True)
    first: dict[Any, int] = {}
    for index, key in enumerate(order, start=1):
        first.setdefault(key, index)
    return {who: first[key] for who, key in keys.items()}


def rank(keys: list[int], *, lowest_first: bool = False) -> list[tuple[int, int, bool]]:
    """(index, place, tied) for each of ``keys``, best (highest, or ``lowest_first``) first; equal keys
    share a place."""
    places = competition_places({i: -key if lowest_first else key for i, key in enumerate(keys)})
    return [(i, places[i], keys.count(keys[i]) > 1) for i in sorted(places, key=places.__getitem__)]


def _by_time_in(state: GameState, names: list[str], word: str) -> list[Place]:
    """An elimination game: those still in first, then by the hand they went out in, latest first."""
    went_out: dict[int, int] = {}
    for result in state.rounds:
        for seat in result.out or []:
            went_out.setdefault(seat, result.info.number)
    never = len(state.rounds) + 1
    keys = [went_out.get(seat, never) for seat in range(state.players)]
    out_in = gettext("out in {round} {number}")
    return [
        Place(place, tied, names[i], None, out_in.format(round=round_noun(word), number=keys[i]))
        if i in went_out
        else Place(place, tied, names[i], None, gettext("still in"))
        for i, place, tied in rank(keys)
    ]


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
        Game.of(BuggerBridge(), paper=BuggerBridgePaper, rows=BIDS, table=bugger_bridge_table),
        Game.of(CallBridge(), paper=CallBridgePaper, rows=BIDS, table=call_bridge_table),
        Game.of(MormonBridge(), paper=MormonBridgePaper, rows=BIDS, table=mormon_bridge_table),
        Game.of(Minibridge(), paper=MinibridgePaper, rows=HIGH_CARD_POINTS, table=minibridge_table),
        Game.of(MemoryBridge(), paper=MemoryBridgePaper, rows=HALVES, table=memory_bridge_table),
        Game.of(FreeScoring(), paper=FreeScoringPaper, rows=SCORES, table=scores_table),
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
