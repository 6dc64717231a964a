"""Standings, head-to-head, records and streaks: read from stored numbers, never by replaying a game.

Every figure comes from what was stored when rounds were saved, in the same few queries however
many games there are: (1) the seats of the games that count, (2) per game and seat the final
total, the round the player went out in and the exact bids, and for the records (3) the biggest
round and (4) the exact bids round by round.

Only finished games count, never those in the Trash; a game's date is the day it started. A
finishing place ranks the winners first, then the totals, or how long each player lasted in an
elimination game; players level share the place (1, 1, 3). An exact bid is taking exactly the
tricks bid, whatever a game counts as made: the figure comparable across the bidding games.
"""

from __future__ import annotations

import datetime
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.db.models import Count, F, Min, Q, QuerySet, Sum
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext, gettext_lazy

from games.figures.stats import Ratio, has_bids
from games.figures.streaks import longest_run, place_key
from games.models import Entry, GameSession, Player, Seat
from games.registry import GAMES, competition_places
from games.rules.base import in_words, label_in_words

if TYPE_CHECKING:
    from django.contrib.auth.models import User
    from django_stubs_ext import StrPromise


@dataclass(frozen=True)
class Period:
    """Games started from ``since`` to ``until`` (both days included; None: no limit)."""

    since: datetime.date | None = None
    until: datetime.date | None = None

    @classmethod
    def named(
        cls,
        name: str,
        today: datetime.date,
        since: datetime.date | None = None,
        until: datetime.date | None = None,
    ) -> Period:
        if name == "month":
            return cls(today.replace(day=1), None)
        if name == "year":
            return cls(today.replace(month=1, day=1), None)
        if name == "dates":
            return cls(since, until)
        return cls()

    def q(self, prefix: str = "") -> Q:
        """The condition on a game's start, through ``prefix`` (``"session__"``) from another model."""
        q = Q()
        if self.since:
            q &= Q(**{f"{prefix}created__gte": _midnight(self.since)})
        if self.until:
            q &= Q(**{f"{prefix}created__lt": _midnight(self.until + datetime.timedelta(days=1))})
        return q


def _midnight(day: datetime.date) -> datetime.datetime:
    return timezone.make_aware(datetime.datetime.combine(day, datetime.time.min))


def counted_games(owner: User, game: str | None, period: Period) -> QuerySet[GameSession]:
    """The games that count: the owner's, finished, not in the Trash, of ``game`` (None: any), in the period."""
    games = GameSession.objects.live().filter(owner=owner, status=GameSession.Status.FINISHED)
    if game:
        games = games.filter(game=game)
    return games.filter(period.q())


@dataclass
class Finish:
    """One player's result in one finished game."""

    session_id: int
    game: str
    created: datetime.datetime
    position: int
    player_id: int
    name: str
    won: bool
    total: int | None = None
    out_round: int | None = None
    lowest_wins: bool = False  # the game's rules, with its options: the lowest total ranks first
    bids: int = 0
    exact: int = 0
    place: int = 0

    @property
    def key(self) -> tuple[int, int]:
        return place_key(
            won=self.won, total=self.total, out_round=self.out_round, lowest_wins=self.lowest_wins
        )


SEAT_FIELDS = (
    "session_id session__game session__created position player_id player__name session__winners session__options"
).split()


def finishes(games: QuerySet[GameSession]) -> list[Finish]:
    """Every seat's result in ``games`` (a queryset), oldest game first, with places: two queries."""
    # 1. Seats, with each game's winners and date.
    seats = (
        Seat.objects.filter(session__in=games)
        .order_by("session__created", "session_id", "position")
        .values_list(*SEAT_FIELDS)
    )
    out = [
        Finish(
            sid,
            game,
            created,
            pos,
            pid,
            name,
            won=pos in (winners or []),
            lowest_wins=game in GAMES and GAMES[game].rules.lowest_wins(options),
        )
        for sid, game, created, pos, pid, name, winners, options in seats
    ]
    # 2. Per game and seat: the final total, when the player went out, bids made exactly.
    played = Q(round__complete=True, bid__isnull=False, tricks__isnull=False)
    figures = (
        Entry.objects.filter(round__session__in=games)
        .values("round__session_id", "position")
        .annotate(
            total=Sum("points"),
            out_round=Min("round__number", filter=Q(out=True)),
            bids=Count("pk", filter=played),
            exact=Count("pk", filter=played & Q(tricks=F("bid"))),
        )
        .order_by()
    )
    by_seat = {(row["round__session_id"], row["position"]): row for row in figures}
    by_game: dict[int, list[Finish]] = defaultdict(list)
    for f in out:
        row = by_seat.get((f.session_id, f.position))
        if row:
            f.total, f.out_round, f.bids, f.exact = row["total"], row["out_round"], row["bids"], row["exact"]
        by_game[f.session_id].append(f)
    for seated in by_game.values():
        ranked = competition_places({f.position: f.key for f in seated})
        for f in seated:
            f.place = ranked[f.position]
    return out


@dataclass
class Standing:
    """One player's line in a game's standings."""

    player_id: int
    name: str
    games: int = 0
    wins: int = 0
    place_sum: int = 0
    bids: int = 0
    exact: int = 0

    win_rate = Ratio("wins", "games")
    average_place = Ratio("place_sum", "games")
    exact_rate = Ratio("exact", "bids")


# How each column sorts: the value, and whether higher is better (shown first).
SORTS: dict[str, tuple[StrPromise, Callable[[Standing], Any], bool]] = {
    "win_rate": (gettext_lazy("Win rate"), lambda s: s.win_rate, True),
    "wins": (gettext_lazy("Wins"), lambda s: s.wins, True),
    "games": (gettext_lazy("Games"), lambda s: s.games, True),
    "place": (gettext_lazy("Avg place"), lambda s: s.average_place, False),
    "exact": (gettext_lazy("Exact bids"), lambda s: s.exact_rate, True),
    "name": (gettext_lazy("Player"), lambda s: s.name.casefold(), False),
}
DEFAULT_SORT = "win_rate"


def sort_standings(rows: list[Standing], sort: str) -> list[Standing]:
    """Best first by ``sort`` (lowest average place first), then by win rate, wins and name; no figure last."""
    _label, value, higher_first = SORTS[sort]

    def key(s: Standing) -> tuple[bool, Any, float, int, str]:
        v = value(s)
        missing = v is None
        if v is not None and higher_first:
            v = -v
        return (missing, v if v is not None else 0, -(s.win_rate or 0), -s.wins, s.name.casefold())

    return sorted(rows, key=key)


@dataclass
class Standings:
    game: str
    bids: bool  # the game has bids of a player's own: the exact-bid column is shown
    games: int  # finished games counted
    ranked: list[Standing]  # players with at least the minimum of games
    few: list[Standing]  # the others, set apart


def standings(done: list[Finish], game: str, *, minimum: int = 1, sort: str = DEFAULT_SORT) -> Standings:
    """A game's standings from its finishes (``finishes(counted_games(...))``): no query of its own."""
    rows: dict[int, Standing] = {}
    sessions = set()
    for f in done:
        sessions.add(f.session_id)
        s = rows.setdefault(f.player_id, Standing(f.player_id, f.name))
        s.games += 1
        s.wins += f.won
        s.place_sum += f.place
        s.bids += f.bids
        s.exact += f.exact
    ordered = sort_standings(list(rows.values()), sort)
    return Standings(
        game=game,
        bids=has_bids(game),
        games=len(sessions),
        ranked=[s for s in ordered if s.games >= minimum],
        few=[s for s in ordered if s.games < minimum],
    )


@dataclass
class Meeting:
    """Two players in one game: who finished ahead (``None``: level)."""

    session_id: int
    game: str
    created: datetime.datetime
    first: Finish
    second: Finish

    @property
    def ahead(self) -> int | None:
        """1 when the first player finished ahead, 2 the second, None when level."""
        if self.first.key == self.second.key:
            return None
        return 1 if self.first.key > self.second.key else 2


@dataclass
class HeadToHeadLine:
    game: str
    games: int = 0
    first_ahead: int = 0
    second_ahead: int = 0
    level: int = 0


@dataclass
class HeadToHead:
    lines: list[HeadToHeadLine]
    meetings: list[Meeting]  # newest first

    @property
    def games(self) -> int:
        return len(self.meetings)


def head_to_head(owner: User, first: Player, second: Player, period: Period) -> HeadToHead:
    """The finished games both players sat in, and who finished ahead, per game: two queries."""
    together = counted_games(owner, None, period).filter(seats__player=first).filter(seats__player=second)
    seats: dict[int, dict[int, Finish]] = defaultdict(dict)
    for f in finishes(together):
        seats[f.session_id][f.player_id] = f
    lines: dict[str, HeadToHeadLine] = {}
    meetings = []
    for sid, by_player in seats.items():
        a, b = by_player.get(first.pk), by_player.get(second.pk)
        if a is None or b is None:
            continue
        m = Meeting(sid, a.game, a.created, a, b)
        meetings.append(m)
        line = lines.setdefault(a.game, HeadToHeadLine(a.game))
        line.games += 1
        outcome = {1: "first_ahead", 2: "second_ahead"}.get(m.ahead or 0, "level")
        setattr(line, outcome, getattr(line, outcome) + 1)
    meetings.sort(key=lambda m: (m.created, m.session_id), reverse=True)
    return HeadToHead(lines=list(lines.values()), meetings=meetings)


@dataclass
class Record:
    """A record and the game it happened in."""

    what: str
    name: str
    value: int
    session_id: int
    created: datetime.datetime
    detail: str = ""


@dataclass
class Records:
    highest: Record | None = None
    lowest: Record | None = None
    biggest_round: Record | None = None
    winning_run: Record | None = None
    exact_run: Record | None = None

    @property
    def found(self) -> list[Record]:
        found = (self.highest, self.lowest, self.biggest_round, self.winning_run, self.exact_run)
        return [r for r in found if r is not None]


def records(games: QuerySet[GameSession], done: list[Finish], game: str) -> Records:
    """A game's records and streaks: ``games`` (``counted_games``) and their finishes (``finishes``);
    two more queries at most (see the module docstring)."""
    out = Records()
    scored = [f for f in done if f.total is not None]
    if scored:
        # The earliest game holds a record when it is equalled later.
        high = max(scored, key=lambda f: (f.total, -f.created.timestamp()))
        low = min(scored, key=lambda f: (f.total, f.created.timestamp()))
        out.highest = Record(
            gettext("Highest total"), high.name, high.total or 0, high.session_id, high.created
        )
        out.lowest = Record(gettext("Lowest total"), low.name, low.total or 0, low.session_id, low.created)
    # 3. The biggest single round.
    big = (
        Entry.objects.filter(round__session__in=games, points__isnull=False)
        .order_by("-points", "round__session__created", "round__number")
        .values_list("points", "player__name", "round__session_id", "round__session__created", "round__label")
        .first()
    )
    if big:
        points, name, sid, created, label = big
        # "Deal 4", "Hand 2" (stored in English) in the page's words; Bugger's "8NT" is round 8NT.
        named = re.match(r"(Deal|Hand) (\d+)", label)
        if named:
            where = f"{in_words(named[1].lower())} {named[2]}"
        else:
            where = gettext("round {label}").format(label=label_in_words(label))
        out.biggest_round = Record(gettext("Biggest round"), name, points or 0, sid, created, detail=where)
    # The longest winning run: each player's games of this game, oldest first.
    by_player: dict[int, list[Finish]] = defaultdict(list)
    for f in done:
        by_player[f.player_id].append(f)
    runs = [run for played in by_player.values() if (run := longest_run((f, f.won) for f in played))]
    # The longest; the one that got there first when two are as long.
    best = min(runs, key=lambda r: (-r.length, r.last.created, r.last.session_id), default=None)
    if best is not None:
        out.winning_run = Record(
            gettext("Longest winning run"),
            best.last.name,
            best.length,
            best.last.session_id,
            best.last.created,
            detail=gettext("from {date}").format(
                date=date_format(timezone.localtime(best.first.created), "j M Y")
            )
            if best.length > 1
            else "",
        )
    if has_bids(game):
        out.exact_run = _exact_run(games)
    return out


def _exact_run(games: QuerySet[GameSession]) -> Record | None:
    """4. The most exact bids in a row by one player within one game."""
    rows = (
        Entry.objects.filter(
            round__session__in=games, round__complete=True, bid__isnull=False, tricks__isnull=False
        )
        .order_by("round__session_id", "position", "round__number")
        .values_list(
            "round__session_id", "position", "player__name", "round__session__created", "bid", "tricks"
        )
    )
    best: tuple[int, int, str, datetime.datetime] | None = None  # length, session, name, date
    key = None
    length = 0
    for sid, position, name, created, bid, tricks in rows.iterator(chunk_size=2000):
        if (sid, position) != key:
            key, length = (sid, position), 0
        length = length + 1 if bid == tricks else 0
        if length and (best is None or length > best[0]):
            best = (length, sid, name, created)
    if best is None:
        return None
    length, sid, name, created = best
    return Record(gettext("Most exact bids in a row"), name, length, sid, created)
