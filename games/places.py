"""Who stands where in one game: its final standings, and the leader of a game in progress.

Plain Python, asked through the registry entries (``Game.standings``, ``Game.leader_line``):
players ranked by their totals, a partnership game's sides as sides, an elimination game
(no points) by how long each player stayed in. Equal totals share a place, and the place after
them is skipped: 1st, =2nd, =2nd, 4th.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from games.paper.common import number
from games.words import gettext, gettext_noop, ngettext, round_noun

if TYPE_CHECKING:
    from games.rules import GameRules, GameState

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


def standings(rules: GameRules, state: GameState, names: list[str]) -> list[Place]:
    """The final (or present) standings of a game: ``rules`` a GameRules, ``state`` its GameState."""
    if rules.partnerships:
        totals = state.totals or [0] * state.players
        sides = [
            (f"{gettext(side)} ({' & '.join(names[s] for s in seats)})", totals[seats[0]])
            for side, seats in rules.partnerships
        ]
        return [
            Place(place, tied, sides[i][0], sides[i][1]) for i, place, tied in rank([t for _, t in sides])
        ]
    if state.totals is None:
        return _by_time_in(state, names, rules.round_word)
    lowest = rules.lowest_wins(state.options)
    return [
        Place(place, tied, names[i], state.totals[i])
        for i, place, tied in rank(list(state.totals), lowest_first=lowest)
    ]


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


def leader_line(
    rules: GameRules,
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
    if rules.partnerships:
        sides = [(side, points[seats[0]]) for side, seats in rules.partnerships]
        best = max(t for _, t in sides)
        leaders = [side for side, t in sides if t == best]
        if len(leaders) > 1:
            return gettext("Level at {total}").format(total=number(best))
        return gettext("{side} lead with {total}").format(side=gettext(leaders[0]), total=number(best))
    best = min(points) if rules.lowest_wins(options) else max(points)
    leaders = [names[i] for i, t in enumerate(points) if t == best]
    if len(leaders) == 1:
        return gettext("{name} leads with {total}").format(name=leaders[0], total=number(best))
    if len(leaders) == len(points):
        return gettext("All level at {total}").format(total=number(best))
    shown = gettext("{items} and {last}").format(items=", ".join(leaders[:-1]), last=leaders[-1])
    return gettext("{names} lead with {total}").format(names=shown, total=number(best))
