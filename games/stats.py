"""A player's figures, read from stored numbers with a fixed handful of queries.

Every figure comes from what was stored when rounds were saved (Entry.bid,
tricks, points; GameSession.status, winners), never from replaying games, so a
player's page costs the same three queries whether they played ten games or
ten thousand. Games in the Trash count for nothing:

1. their seats with each session's game, status, winners and dates;
2. the sum of their points per finished session (their final score);
3. their bids per game, counted by outcome (conditional aggregates).

Bids are counted in the games with bids of a player's own (the rules'
``lowest_bid``: Bugger, Call and Mormon Bridge), in every complete round,
finished game or not. A bid is made as the game's rules say (their
``made_bids``: exactly in Bugger and Mormon Bridge; at least the bid in Call
Bridge, or the bid or one more for a bonus bid of 8 or more). Over-bidding is
taking fewer tricks than bid, under-bidding taking more.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Count, F, Q, Sum

from .models import Entry, GameSession, Player, Seat
from .registry import GAMES
from .rules import GameRules

CHART_GAMES = 60  # the most recent finished games a results chart shows, per game


def has_bids(game: str) -> bool:
    """Whether a game has bids of a player's own (an unknown stored game has none)."""
    return game in GAMES and GAMES[game].rules.lowest_bid is not None


def bidding_games() -> list[str]:
    return [slug for slug in GAMES if has_bids(slug)]


def games_without_bids() -> list[str]:
    """Names of the games with no bids of a player's own (Minibridge, Memory Bridge)."""
    return [game.name for slug, game in GAMES.items() if not has_bids(slug)]


def made_in(rules: GameRules) -> Q:
    """Entries whose bid was made by these rules' ``made_bids``, whatever the game."""
    made = Q(pk__in=[])
    bands = rules.made_bids
    for band, after in zip(bands, [*bands[1:], None], strict=True):
        this = Q(bid__gte=band.lowest, tricks__gte=F("bid"))
        if after is not None:
            this &= Q(bid__lt=after.lowest)
        if band.over is not None:
            this &= Q(tricks__lte=F("bid") + band.over)
        made |= this
    return made


def made_bid() -> Q:
    """Entries whose bid was made, by each game's rule (see the module docstring).

    Games that make bids the same way share one condition.
    """
    by_rule: dict[tuple, list[str]] = {}
    for slug in bidding_games():
        by_rule.setdefault(GAMES[slug].rules.made_bids, []).append(slug)
    made = Q(pk__in=[])
    for slugs in by_rule.values():
        made |= Q(round__session__game__in=slugs) & made_in(GAMES[slugs[0]].rules)
    return made


def share(part: int, whole: int) -> float | None:
    return part / whole if whole else None


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

    @property
    def win_share(self) -> float | None:
        return share(self.won, self.finished)

    @property
    def bid_accuracy(self) -> float | None:
        return share(self.made, self.bids)

    @property
    def zero_success(self) -> float | None:
        return share(self.zero_made, self.zero_bids)

    @property
    def tendency(self) -> str:
        return tendency(self.over, self.under, self.bids)


class Total:
    """A count summed over a player's games (``PlayerStats.games``)."""

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, stats, owner=None) -> int:
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
    def has_zero_bids(self) -> bool:
        return has_bids(self.game) and GAMES[self.game].rules.lowest_bid == 0

    @property
    def average_score(self) -> float | None:
        return self.score_sum / self.scored if self.scored else None

    @property
    def average_miss(self) -> float | None:
        """Tricks taken minus tricks bid, on average: below 0 over-bids, above 0 under-bids."""
        return self.tricks_minus_bids / self.bids if self.bids else None


def tendency(over: int, under: int, bids: int) -> str:
    """Over- or under-bidding, in words, from the counts of missed-high and missed-low bids."""
    if not bids:
        return ""
    if over == under:
        return "no lean either way" if over else "took exactly the bid every time"
    lean = "over-bids" if over > under else "under-bids"
    more, fewer = max(over, under), min(over, under)
    return f"{lean}: {more} time{'s' if more != 1 else ''} against {fewer}"


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
    won = Total()
    bids = Total()
    made = Total()
    over = Total()
    under = Total()
    zero_bids = Total()
    zero_made = Total()

    @property
    def best_game(self) -> GameStats | None:
        """The game won most often, as a share of finished games (more wins first when level)."""
        won = [g for g in self.games if g.won]
        if not won:
            return None
        return max(won, key=lambda g: (g.win_share, g.won, -g.finished))


def player_stats(player: Player) -> PlayerStats:
    """Every figure of a player's page, in three queries (see the module docstring)."""
    by_game: dict[str, GameStats] = {}

    def stats_for(game: str) -> GameStats:
        if game not in by_game:
            by_game[game] = GameStats(game=game, name=GAMES[game].name if game in GAMES else game)
        return by_game[game]

    # 1. Seats and their sessions.
    seats = (
        Seat.objects.filter(player=player, session__deleted_at__isnull=True)
        .order_by("session__created", "session_id")
        .values_list(
            "session_id",
            "position",
            "session__game",
            "session__status",
            "session__winners",
            "session__created",
            "session__finished_at",
        )
    )
    # 2. Final scores: a total is the sum of a player's points in the session.
    finals = dict(
        Entry.objects.filter(
            player=player,
            round__session__status=GameSession.Status.FINISHED,
            round__session__deleted_at__isnull=True,
        )
        .values("round__session_id")
        .annotate(total=Sum("points"))
        .order_by()
        .values_list("round__session_id", "total")
    )
    results: dict[str, list[Result]] = {}
    for session_id, position, game, status, winners, created, finished_at in seats:
        g = stats_for(game)
        g.played += 1
        if status != GameSession.Status.FINISHED:
            continue
        g.finished += 1
        won = position in (winners or [])
        g.won += won
        total = finals.get(session_id)
        if total is not None:
            g.scored += 1
            g.score_sum += total
            g.best_score = total if g.best_score is None else max(g.best_score, total)
        results.setdefault(game, []).append(
            Result(session_id=session_id, game=game, when=finished_at or created, total=total, won=won)
        )

    # 3. Bids, counted by outcome, per game.
    bids = (
        Entry.objects.filter(
            player=player,
            round__complete=True,
            round__session__deleted_at__isnull=True,
            round__session__game__in=bidding_games(),
            bid__isnull=False,
            tricks__isnull=False,
        )
        .values("round__session__game")
        .annotate(
            bids=Count("pk"),
            made=Count("pk", filter=made_bid()),
            over=Count("pk", filter=Q(tricks__lt=F("bid"))),
            under=Count("pk", filter=Q(tricks__gt=F("bid"))),
            zero_bids=Count("pk", filter=Q(bid=0)),
            zero_made=Count("pk", filter=Q(bid=0, tricks=0)),
            tricks_minus_bids=Sum(F("tricks") - F("bid")),
        )
        .order_by()
    )
    for row in bids:
        g = stats_for(row["round__session__game"])
        for name in ("bids", "made", "over", "under", "zero_bids", "zero_made", "tricks_minus_bids"):
            setattr(g, name, row[name] or 0)

    order = list(GAMES)
    games = sorted(by_game.values(), key=lambda g: order.index(g.game) if g.game in order else len(order))
    return PlayerStats(player=player, games=games, results=results)
