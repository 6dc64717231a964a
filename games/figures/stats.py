"""A player's figures, read from stored numbers in the same handful of queries for any history.

Every figure comes from what was stored when rounds were saved, never from replaying games.
Each seat keeps its own figures (``Seat.final``, ``won``, ``bids``, ``made``...), worked out
from its entries when first read at the game's current version and stored with it: a write
moves the version on, so they are worked out again when next read and no write touches them.
Games in the Trash count for nothing.

Bids count in the games with bids of a player's own (the rules' ``lowest_bid``), in every
complete round, finished game or not; a bid is made as the rules' ``made_bids`` say.
Over-bidding is taking fewer tricks than bid, under-bidding taking more.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from django.core.cache import caches
from django.db import connection
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext, ngettext

from games.models import Entry, GameSession, Player, Seat
from games.registry import GAMES

CHART_GAMES = 60  # the most recent finished games a results chart shows, per game
# A seat's entry as its figures read it: bid, tricks, points, and whether its round is complete.
SeatEntry = tuple[int | None, int | None, int | None, bool]


def has_bids(game: str) -> bool:
    """Whether a game has bids of a player's own (an unknown stored game has none)."""
    return game in GAMES and GAMES[game].rules.lowest_bid is not None


def games_without_bids() -> list[str]:
    """Names of the games with no bids of a player's own (Minibridge, Memory Bridge)."""
    return [game.name for slug, game in GAMES.items() if not has_bids(slug)]


class Ratio:
    """A figure worked out from two of an object's counts: part / whole (None when whole is 0)."""

    def __init__(self, part: str, whole: str) -> None:
        self.part, self.whole = part, whole

    def __get__(self, counts: Any, owner: type | None = None) -> float | None:
        whole = getattr(counts, self.whole)
        return getattr(counts, self.part) / whole if whole else None


class Ratios:
    """Figures worked out from counts, the same for one game and for all of a player's games."""

    won: int
    finished: int
    bids: int
    made: int
    over: int
    under: int
    zero_bids: int
    zero_made: int

    win_share = Ratio("won", "finished")
    bid_accuracy = Ratio("made", "bids")
    zero_success = Ratio("zero_made", "zero_bids")

    @property
    def tendency(self) -> str:
        return tendency(self.over, self.under, self.bids)


class Total:
    """A count summed over a player's games (``PlayerStats.games``)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, stats: PlayerStats, owner: type | None = None) -> int:
        return sum(getattr(g, self.name) for g in stats.games)


@dataclass
class GameStats(Ratios):
    """One game's figures for one player."""

    game: str
    name: str
    played: int = 0  # sessions, finished or not
    finished: int = 0
    won: int = 0
    scored: int = 0  # finished sessions with points (not Mormon elimination)
    score_sum: int = 0
    best_score: int | None = None
    bids: int = 0
    made: int = 0
    over: int = 0  # took fewer tricks than bid
    under: int = 0  # took more tricks than bid
    zero_bids: int = 0
    zero_made: int = 0
    tricks_minus_bids: int = 0

    @property
    def has_bids(self) -> bool:
        return has_bids(self.game)

    @property
    def best_is_highest(self) -> bool:
        """Whether the highest total is the best one in every game of this kind (not where the lowest may win)."""
        return self.game not in GAMES or GAMES[self.game].rules.highest_always_wins

    average_score = Ratio("score_sum", "scored")
    # Tricks taken minus tricks bid, on average: below 0 over-bids, above 0 under-bids.
    average_miss = Ratio("tricks_minus_bids", "bids")


def tendency(over: int, under: int, bids: int) -> str:
    """Over- or under-bidding, in words, from the counts of missed-high and missed-low bids."""
    if not bids:
        return ""
    if over == under:
        return gettext("no lean either way") if over else gettext("took exactly the bid every time")
    more, fewer = max(over, under), min(over, under)
    if over > under:
        lean = ngettext(
            "over-bids: {more} time against {fewer}", "over-bids: {more} times against {fewer}", more
        )
    else:
        lean = ngettext(
            "under-bids: {more} time against {fewer}", "under-bids: {more} times against {fewer}", more
        )
    return lean.format(more=more, fewer=fewer)


@dataclass
class Result:
    """One finished game, for the chart of results over time."""

    session_id: int
    game: str
    when: datetime
    total: int | None
    won: bool


@dataclass
class PlayerStats(Ratios):
    player: Player
    games: list[GameStats]  # games played, in the registry's order
    results: dict[str, list[Result]] = field(default_factory=dict)  # game -> finished games, oldest first

    played = Total()
    finished = Total()
    scored = Total()  # finished games with a final total: the page explains averages only when there are some
    won = Total()
    bids = Total()
    made = Total()
    over = Total()
    under = Total()
    zero_bids = Total()
    zero_made = Total()

    def charted(self) -> dict[str, list[Result]]:
        """Per game, the latest CHART_GAMES finished games with a total: what its chart shows."""
        return {g: [r for r in rs if r.total is not None][-CHART_GAMES:] for g, rs in self.results.items()}

    @property
    def best_game(self) -> GameStats | None:
        """The game won most often, as a share of finished games (more wins first when level)."""
        won = [g for g in self.games if g.won]
        if not won:
            return None
        return max(won, key=lambda g: (g.win_share, g.won, -g.finished))


FIGURES = ("bids", "made", "over", "under", "zero_bids", "zero_made", "tricks_minus_bids")


def seat_figures(
    game: str, status: str, winners: list[int], position: int, entries: list[SeatEntry]
) -> dict[str, Any]:
    """One seat's figures from its entries, ``(bid, tricks, points, complete)`` each (see the module docstring)."""
    finished = status == GameSession.Status.FINISHED
    points = [p for _, _, p, _ in entries if p is not None]
    counts = dict.fromkeys(FIGURES, 0)
    if has_bids(game):
        rules = GAMES[game].rules
        for bid, took, _, complete in entries:
            if not complete or bid is None or took is None:
                continue
            counts["bids"] += 1
            counts["made"] += rules.bid_made(bid, took)
            counts["over"] += took < bid
            counts["under"] += took > bid
            counts["zero_bids"] += bid == 0
            counts["zero_made"] += bid == 0 and took == 0
            counts["tricks_minus_bids"] += took - bid
    return {
        "final": sum(points) if finished and points else None,
        "won": finished and position in (winners or []),
        **counts,
    }


# A player's seats, each with its game's totals over the seats whose figures are fresh (window
# aggregates), kept only where needed: per game the latest finished games the chart shows (plus
# one per seat not fresh, whose total may be none), and every seat not fresh (worked out again).
SEATS_SQL = """
SELECT * FROM (
    SELECT s.id, s.position, s.session_id, g.game, g.status, g.winners, g.created, g.finished_at,
        g.version, s.final, s.won, {fresh} AS fresh,
        ROW_NUMBER() OVER (
            PARTITION BY g.game
            ORDER BY CASE WHEN g.status = %(finished)s THEN 0 ELSE 1 END,
                CASE WHEN s.final IS NOT NULL OR NOT {fresh} THEN 0 ELSE 1 END,
                g.created DESC, g.id DESC
        ) AS place_in_game,
        COUNT(*) FILTER (WHERE NOT {fresh}) OVER w AS stale,
        COUNT(*) OVER w AS played,
        COUNT(*) FILTER (WHERE g.status = %(finished)s) OVER w AS finished,
        COUNT(*) FILTER (WHERE {fresh} AND g.status = %(finished)s AND s.won) OVER w AS won_games,
        COUNT(s.final) FILTER (WHERE {fresh} AND g.status = %(finished)s) OVER w AS scored,
        SUM(s.final) FILTER (WHERE {fresh} AND g.status = %(finished)s) OVER w AS score_sum,
        MAX(s.final) FILTER (WHERE {fresh} AND g.status = %(finished)s) OVER w AS best_score,
        {figures}
    FROM {seat} s INNER JOIN {session} g ON g.id = s.session_id
    WHERE s.player_id = %(player)s AND g.deleted_at IS NULL
    WINDOW w AS (PARTITION BY g.game)
) seats
WHERE place_in_game <= %(shown)s + stale OR NOT fresh
"""


def _when(value: datetime | str) -> datetime:
    """A date and time as the database gives it back to a raw query (SQLite: naive, or text, in UTC)."""
    if isinstance(value, str):
        parsed = parse_datetime(value)
        assert parsed is not None, value
        value = parsed
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def _seats_sql() -> str:
    fresh = "(s.figures_version IS NOT NULL AND s.figures_version = g.version)"
    return SEATS_SQL.format(
        fresh=fresh,
        figures=",\n        ".join(
            f"COALESCE(SUM(s.{name}) FILTER (WHERE {fresh}) OVER w, 0) AS sum_{name}" for name in FIGURES
        ),
        seat=connection.ops.quote_name(Seat._meta.db_table),
        session=connection.ops.quote_name(GameSession._meta.db_table),
    )


def player_stats(player: Player) -> PlayerStats:
    """Every figure of a player's page: one query, and two more when games changed since. The seats'
    stored figures are summed per game in the database; seats whose figures are not fresh have them
    worked out again from their entries (one query) and stored (one bulk update), so the cost
    follows what changed since the page was last seen, not the history."""
    with connection.cursor() as cursor:
        cursor.execute(
            _seats_sql(), {"finished": GameSession.Status.FINISHED, "player": player.pk, "shown": CHART_GAMES}
        )
        columns = [c[0] for c in cursor.description]
        rows = [dict(zip(columns, row, strict=True)) for row in cursor.fetchall()]

    stale = [row for row in rows if not row["fresh"]]
    if stale:
        by_session: dict[int, list[SeatEntry]] = {row["session_id"]: [] for row in stale}
        entries = Entry.objects.filter(player=player, round__session_id__in=list(by_session)).values_list(
            "round__session_id", "bid", "tricks", "points", "round__complete"
        )
        for session_id, bid, took, points, complete in entries:
            by_session[session_id].append((bid, took, points, complete))
        seats = []
        for row in stale:
            winners = json.loads(row["winners"]) if isinstance(row["winners"], str) else row["winners"]
            figures = seat_figures(
                row["game"], row["status"], winners, row["position"], by_session[row["session_id"]]
            )
            row.update(figures)
            seats.append(Seat(pk=row["id"], figures_version=row["version"], **figures))
        Seat.objects.bulk_update(seats, ["figures_version", "final", "won", *FIGURES])

    by_game: dict[str, GameStats] = {}
    results: dict[str, list[Result]] = {}
    for row in sorted(rows, key=lambda r: (r["created"], r["session_id"])):
        game = row["game"]
        g = by_game.get(game)
        if g is None:
            g = by_game[game] = GameStats(game=game, name=GAMES[game].name if game in GAMES else game)
            g.played, g.finished, g.won = row["played"], row["finished"], row["won_games"]
            g.scored, g.score_sum, g.best_score = row["scored"], row["score_sum"] or 0, row["best_score"]
            for name in FIGURES:
                setattr(g, name, row[f"sum_{name}"])
        finished = row["status"] == GameSession.Status.FINISHED
        if not row["fresh"]:
            for name in FIGURES:
                setattr(g, name, getattr(g, name) + row[name])
            if finished:
                g.won += row["won"]
                if row["final"] is not None:
                    g.scored += 1
                    g.score_sum += row["final"]
                    g.best_score = row["final"] if g.best_score is None else max(g.best_score, row["final"])
        if finished:
            when = _when(row["finished_at"] or row["created"])
            result = Result(
                session_id=row["session_id"], game=game, when=when, total=row["final"], won=bool(row["won"])
            )
            results.setdefault(game, []).append(result)

    order = list(GAMES)
    games = sorted(by_game.values(), key=lambda g: order.index(g.game) if g.game in order else len(order))
    return PlayerStats(player=player, games=games, results=results)


# Bumped when what player_stats gives changes shape, so an older cached answer is never read.
CACHED_SHAPE = 1
# The cache of things kept under keys that change with what they hold (settings.CACHES): local
# memory in each process by default, so a cached answer costs no query.
CACHE_ALIAS = "sheets"


def cached_player_stats(player: Player) -> PlayerStats:
    """``player_stats``, cached under the player's ``figures_key``, which every write that can change
    their figures renews (a round saved or undone, a game started, ended, trashed or restored, a merge
    or its undoing, an import): a cached answer is never stale, nothing is invalidated, and looking it
    up costs no query."""
    key = f"player-stats:{CACHED_SHAPE}:{CHART_GAMES}:{player.pk}:{player.figures_key}"
    cache = caches[CACHE_ALIAS]
    kept = cache.get(key)
    if kept is None:
        stats = player_stats(player)
        cache.set(key, (stats.games, stats.charted()))  # what the charts show: stale seats bring all games
        return stats
    games, results = kept
    return PlayerStats(player=player, games=games, results=results)
