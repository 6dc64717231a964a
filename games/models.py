"""What is stored: players, game sessions, their seats, rounds and per-player entries.

The models are generic across the games. What people entered is stored in columns; what the
rules derive from it (points, running totals, labels, dealer) is stored beside it when a round
is saved, so history and statistics read stored numbers and never replay whole games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from uuid import uuid4

from django.conf import settings
from django.db import models
from django.db.models import Prefetch, Q

from games.registry import game_choices, get_rules

if TYPE_CHECKING:
    from games.rules import GameRules


class PlayerQuerySet(models.QuerySet["Player"]):
    def renew_figures(self) -> None:
        """A new ``figures_key`` for these players: their statistics are worked out again when next read."""
        self.update(figures_key=uuid4())


class Player(models.Model):
    """A name a user plays with, reused across their games."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=40)
    created = models.DateTimeField(auto_now_add=True)
    # The key the player's statistics are cached under, renewed by every write that can change them.
    figures_key = models.UUIDField(default=uuid4)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["owner", "name"], name="player_name_unique_per_owner")]

    def __str__(self) -> str:
        return self.name


class GameSessionQuerySet(models.QuerySet["GameSession"]):
    def live(self) -> GameSessionQuerySet:
        """Games not in the Trash: every list, figure and page of a game asks for these."""
        return self.filter(deleted_at__isnull=True)

    def trashed(self) -> GameSessionQuerySet:
        return self.filter(deleted_at__isnull=False)

    def with_names(self) -> GameSessionQuerySet:
        """With their seats and players in one more query, for lists that name the players."""
        return self.prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))
        )


class GameSession(models.Model):
    """One game played at a table, from seating to the last round."""

    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", "In progress"
        FINISHED = "finished", "Finished"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_sessions"
    )
    game = models.CharField(max_length=30, choices=game_choices)
    options = models.JSONField(default=dict, blank=True)
    first_dealer = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.IN_PROGRESS)
    finished_early = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Derived when a round is saved, for lists and statistics.
    winners = models.JSONField(default=list, blank=True)  # seat indices
    # Bumped on every change; several phones editing one game compare it.
    version = models.PositiveIntegerField(default=0)
    # The latest changes, newest last: [{"v", "key", "kind", "round", "what"}], at most
    # CHANGES_KEPT. A refused write says what changed since its page was drawn; a write
    # sent twice (same key) is recognised and answered as saved, not applied again.
    changes = models.JSONField(default=list, blank=True)
    # Set when the game is deleted: it waits in the Trash, restorable, until purged (games/backup/trash.py).
    deleted_at = models.DateTimeField(null=True, blank=True)
    # When a change was last made to it (a round saved, undone, the game ended...): the start page's "last played".
    last_played = models.DateTimeField(null=True, blank=True)
    # The one-time key of the new-game form that started it: that form sent again opens this game.
    start_key = models.CharField(max_length=32, blank=True, default="")

    objects = GameSessionQuerySet.as_manager()

    CHANGES_KEPT = 30

    class Meta:
        ordering = ["-created"]
        indexes = [
            models.Index(fields=["owner", "-created"], name="session_owner_created"),
            models.Index(fields=["owner", "game", "-created"], name="session_owner_game_created"),
            # Past sessions filtered by status (in progress / finished), newest first.
            models.Index(fields=["owner", "status", "-created"], name="session_owner_status_created"),
            # Games not in the Trash, newest first: history's page and its count read only these
            # (the count would otherwise look up every game's row to see it is not in the Trash).
            models.Index(
                fields=["owner", "-created", "-id"],
                condition=Q(deleted_at__isnull=True),
                name="session_live_owner_created",
            ),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "start_key"], condition=~Q(start_key=""), name="session_start_key_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_game_display()} #{self.pk}"

    @property
    def rules(self) -> GameRules:
        return get_rules(self.game)

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def in_trash(self) -> bool:
        return self.deleted_at is not None


class Seat(models.Model):
    """A player's place in a session's seating order (play passes in this order)."""

    session = models.ForeignKey(GameSession, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()
    # This seat's figures for the player's statistics (games/figures/stats.py): a cache keyed by
    # the session's version they were worked out at, so no write ever needs to touch them.
    figures_version = models.PositiveIntegerField(null=True, blank=True)
    final = models.IntegerField(null=True, blank=True)  # finished, with points: the sum of them
    won = models.BooleanField(default=False)  # finished, and this seat among the winners
    bids = models.PositiveIntegerField(default=0)  # own bids in complete rounds, by outcome:
    made = models.PositiveIntegerField(default=0)
    over = models.PositiveIntegerField(default=0)  # took fewer tricks than bid
    under = models.PositiveIntegerField(default=0)  # took more
    zero_bids = models.PositiveIntegerField(default=0)
    zero_made = models.PositiveIntegerField(default=0)
    tricks_minus_bids = models.IntegerField(default=0)

    class Meta:
        ordering = ["session", "position"]
        constraints = [
            models.UniqueConstraint(fields=["session", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["session", "player"], name="seat_player_unique"),
        ]
        # Past sessions filtered by player, and a player's games: from the player to the sessions.
        indexes = [models.Index(fields=["player", "session"], name="seat_player_session")]

    def __str__(self) -> str:
        return f"{self.player} at {self.position}"


class Round(models.Model):
    """One round (hand, deal) of a session: its facts, and what they scored."""

    session = models.ForeignKey(GameSession, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()  # 1-based
    # Derived from the schedule when saved.
    label = models.CharField(max_length=20, blank=True)
    dealer = models.PositiveSmallIntegerField(default=0)
    complete = models.BooleanField(default=False)
    # Facts entered at the table; which ones a game uses is up to its rules.
    trump = models.CharField(max_length=10, blank=True)  # suit, Rook colour, "rook", "none"
    penalties = models.JSONField(default=list, blank=True)  # [{"player", "points", "reason"}]
    redeal = models.BooleanField(default=False)  # Minibridge 20:20
    contract = models.JSONField(null=True, blank=True)  # bridge games' contract, record format
    passed_out = models.BooleanField(default=False)  # Memory Bridge: auction passed out
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)  # declaring side / declarer
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["session", "number"]
        constraints = [models.UniqueConstraint(fields=["session", "number"], name="round_number_unique")]

    def __str__(self) -> str:
        return f"Round {self.number} ({self.label})"


class Entry(models.Model):
    """One player's line in a round."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="entries")
    position = models.PositiveSmallIntegerField()  # seat position in the session
    # The seat's player, kept here so statistics need no join through seats.
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    bid = models.SmallIntegerField(null=True, blank=True)
    tricks = models.SmallIntegerField(null=True, blank=True)
    hcp = models.SmallIntegerField(null=True, blank=True)  # Minibridge high-card points
    first_half = models.SmallIntegerField(null=True, blank=True)  # Memory Bridge first-half tricks
    # Derived when the round is saved.
    points = models.IntegerField(null=True, blank=True)
    total = models.IntegerField(null=True, blank=True)
    out = models.BooleanField(default=False)  # Mormon elimination: out after this round

    class Meta:
        ordering = ["round", "position"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(fields=["round", "position"], name="entry_position_unique"),
            models.CheckConstraint(condition=Q(position__gte=0), name="entry_position_nonnegative"),
        ]

    def __str__(self) -> str:
        return f"{self.round} seat {self.position}"


class ReplaceableLink(models.Model):
    """A link whose token is an HMAC of ``salt`` under the site's secret key; only its SHA-256 is
    kept. A new link replaces the old one (``replaced_at``), which stops working at once."""

    salt = models.CharField(max_length=64)
    token_hash = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(auto_now_add=True)
    replaced_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True
        ordering = ["-created"]

    @property
    def is_live(self) -> bool:
        return self.replaced_at is None


class ShareLink(ReplaceableLink):
    """A link that opens one game to someone without an account: to watch it, or to keep its score.
    A new link of a kind replaces the old one, which then answers "this link was replaced"."""

    class Kind(models.TextChoices):
        WATCH = "watch", "Watch"
        KEEP = "keep", "Keep score"

    session = models.ForeignKey(GameSession, on_delete=models.CASCADE, related_name="share_links")
    kind = models.CharField(max_length=10, choices=Kind.choices)

    class Meta(ReplaceableLink.Meta):
        constraints = [
            models.UniqueConstraint(
                fields=["session", "kind"],
                condition=Q(replaced_at__isnull=True),
                name="sharelink_one_live_per_kind",
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} link to {self.session}"


class MergeRecord(models.Model):
    """A merge of two players, kept so that it can be undone (games/accounts/players.py ``undo_merge``).
    The merge deletes the merged player's row; what it was and which seats were its own are kept here (its
    entries are the ones at those seats' positions, so they need no list of their own)."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="merges")
    # The player the games went to; merging that one away in turn forgets this merge.
    target = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="merged_in")
    source_id = models.BigIntegerField()  # the merged player's id, given back on undo
    source_name = models.CharField(max_length=40)
    source_created = models.DateTimeField()
    seat_ids = models.JSONField(default=list)  # the merged player's seats, moved to target
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"{self.source_name} merged into {self.target}"


class GroupLink(ReplaceableLink):
    """A read-only link to an owner's standings, history and game summaries, for the group to look
    at. A revoked link is replaced by none (games/accounts/group_link.py)."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="group_links")

    class Meta(ReplaceableLink.Meta):
        constraints = [
            models.UniqueConstraint(
                fields=["owner"], condition=Q(replaced_at__isnull=True), name="grouplink_one_live_per_owner"
            )
        ]

    def __str__(self) -> str:
        return f"Group link of {self.owner}"


class Allowance(models.Model):
    """How much of an hourly limit (sign-ups per address, new games and imports per user) is used:
    games/accounts/throttle.py counts here, one conditional UPDATE a use."""

    key = models.CharField(max_length=100, unique=True)  # what and who: "signup:203.0.113.7", "game:12"
    opened = models.DateTimeField(db_index=True)
    used = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.key}: {self.used} since {self.opened:%H:%M}"
