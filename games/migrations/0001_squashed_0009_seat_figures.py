# The schema as of 0009, written afresh by makemigrations and marked as replacing the nine
# migrations it squashes (tests/test_migrations.py: same schema, nothing to apply on an old database).

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import games.registry


class Migration(migrations.Migration):
    # The nine migrations up to 0009, squashed: a database that applied them all counts this one as
    # applied; a new database runs only this. One migrated part-way must first migrate with a
    # release that still has them (see docs/production.md, "Upgrading").
    replaces = [
        ("games", "0001_initial"),
        ("games", "0002_history_indexes"),
        ("games", "0003_table_sharing"),
        ("games", "0004_trash"),
        ("games", "0005_merge_record"),
        ("games", "0006_group_link"),
        ("games", "0007_session_start_key_last_played"),
        ("games", "0008_game_choices_from_the_registry"),
        ("games", "0009_seat_figures"),
    ]

    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="GameSession",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("game", models.CharField(choices=games.registry.game_choices, max_length=30)),
                ("options", models.JSONField(blank=True, default=dict)),
                ("first_dealer", models.PositiveSmallIntegerField(default=0)),
                (
                    "status",
                    models.CharField(
                        choices=[("in_progress", "In progress"), ("finished", "Finished")],
                        default="in_progress",
                        max_length=20,
                    ),
                ),
                ("finished_early", models.BooleanField(default=False)),
                ("created", models.DateTimeField(auto_now_add=True)),
                ("finished_at", models.DateTimeField(blank=True, null=True)),
                ("winners", models.JSONField(blank=True, default=list)),
                ("version", models.PositiveIntegerField(default=0)),
                ("changes", models.JSONField(blank=True, default=list)),
                ("deleted_at", models.DateTimeField(blank=True, null=True)),
                ("last_played", models.DateTimeField(blank=True, null=True)),
                ("start_key", models.CharField(blank=True, default="", max_length=32)),
                (
                    "owner",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="game_sessions",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["-created"],
            },
        ),
        migrations.CreateModel(
            name="GroupLink",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("salt", models.CharField(max_length=64)),
                ("token_hash", models.CharField(max_length=64, unique=True)),
                ("created", models.DateTimeField(auto_now_add=True)),
                ("replaced_at", models.DateTimeField(blank=True, null=True)),
                (
                    "owner",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="group_links",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["-created"],
            },
        ),
        migrations.CreateModel(
            name="Player",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=40)),
                ("created", models.DateTimeField(auto_now_add=True)),
                (
                    "owner",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="players",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["name"],
            },
        ),
        migrations.CreateModel(
            name="MergeRecord",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("source_id", models.BigIntegerField()),
                ("source_name", models.CharField(max_length=40)),
                ("source_created", models.DateTimeField()),
                ("seat_ids", models.JSONField(default=list)),
                ("created", models.DateTimeField(auto_now_add=True)),
                (
                    "owner",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="merges",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "target",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="merged_in",
                        to="games.player",
                    ),
                ),
            ],
            options={
                "ordering": ["-created", "-pk"],
            },
        ),
        migrations.CreateModel(
            name="Round",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveSmallIntegerField()),
                ("label", models.CharField(blank=True, max_length=20)),
                ("dealer", models.PositiveSmallIntegerField(default=0)),
                ("complete", models.BooleanField(default=False)),
                ("trump", models.CharField(blank=True, max_length=10)),
                ("penalties", models.JSONField(blank=True, default=list)),
                ("redeal", models.BooleanField(default=False)),
                ("contract", models.JSONField(blank=True, null=True)),
                ("passed_out", models.BooleanField(default=False)),
                ("tricks", models.PositiveSmallIntegerField(blank=True, null=True)),
                ("version", models.PositiveIntegerField(default=0)),
                (
                    "session",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="rounds",
                        to="games.gamesession",
                    ),
                ),
            ],
            options={
                "ordering": ["session", "number"],
            },
        ),
        migrations.CreateModel(
            name="Entry",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("position", models.PositiveSmallIntegerField()),
                ("bid", models.SmallIntegerField(blank=True, null=True)),
                ("tricks", models.SmallIntegerField(blank=True, null=True)),
                ("hcp", models.SmallIntegerField(blank=True, null=True)),
                ("first_half", models.SmallIntegerField(blank=True, null=True)),
                ("points", models.IntegerField(blank=True, null=True)),
                ("total", models.IntegerField(blank=True, null=True)),
                ("out", models.BooleanField(default=False)),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT, related_name="entries", to="games.player"
                    ),
                ),
                (
                    "round",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="entries", to="games.round"
                    ),
                ),
            ],
            options={
                "verbose_name_plural": "entries",
                "ordering": ["round", "position"],
            },
        ),
        migrations.CreateModel(
            name="Seat",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("position", models.PositiveSmallIntegerField()),
                ("figures_version", models.PositiveIntegerField(blank=True, null=True)),
                ("final", models.IntegerField(blank=True, null=True)),
                ("won", models.BooleanField(default=False)),
                ("bids", models.PositiveIntegerField(default=0)),
                ("made", models.PositiveIntegerField(default=0)),
                ("over", models.PositiveIntegerField(default=0)),
                ("under", models.PositiveIntegerField(default=0)),
                ("zero_bids", models.PositiveIntegerField(default=0)),
                ("zero_made", models.PositiveIntegerField(default=0)),
                ("tricks_minus_bids", models.IntegerField(default=0)),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT, related_name="seats", to="games.player"
                    ),
                ),
                (
                    "session",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="seats",
                        to="games.gamesession",
                    ),
                ),
            ],
            options={
                "ordering": ["session", "position"],
            },
        ),
        migrations.CreateModel(
            name="ShareLink",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "kind",
                    models.CharField(choices=[("watch", "Watch"), ("keep", "Keep score")], max_length=10),
                ),
                ("salt", models.CharField(max_length=64)),
                ("token_hash", models.CharField(max_length=64, unique=True)),
                ("created", models.DateTimeField(auto_now_add=True)),
                ("replaced_at", models.DateTimeField(blank=True, null=True)),
                (
                    "session",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="share_links",
                        to="games.gamesession",
                    ),
                ),
            ],
            options={
                "ordering": ["-created"],
            },
        ),
        migrations.AddIndex(
            model_name="gamesession",
            index=models.Index(fields=["owner", "-created"], name="session_owner_created"),
        ),
        migrations.AddIndex(
            model_name="gamesession",
            index=models.Index(fields=["owner", "game", "-created"], name="session_owner_game_created"),
        ),
        migrations.AddIndex(
            model_name="gamesession",
            index=models.Index(fields=["owner", "status", "-created"], name="session_owner_status_created"),
        ),
        migrations.AddConstraint(
            model_name="gamesession",
            constraint=models.UniqueConstraint(
                condition=models.Q(("start_key", ""), _negated=True),
                fields=("owner", "start_key"),
                name="session_start_key_unique",
            ),
        ),
        migrations.AddConstraint(
            model_name="grouplink",
            constraint=models.UniqueConstraint(
                condition=models.Q(("replaced_at__isnull", True)),
                fields=("owner",),
                name="grouplink_one_live_per_owner",
            ),
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(fields=("owner", "name"), name="player_name_unique_per_owner"),
        ),
        migrations.AddConstraint(
            model_name="round",
            constraint=models.UniqueConstraint(fields=("session", "number"), name="round_number_unique"),
        ),
        migrations.AddConstraint(
            model_name="entry",
            constraint=models.UniqueConstraint(fields=("round", "position"), name="entry_position_unique"),
        ),
        migrations.AddConstraint(
            model_name="entry",
            constraint=models.CheckConstraint(
                condition=models.Q(("position__gte", 0)), name="entry_position_nonnegative"
            ),
        ),
        migrations.AddIndex(
            model_name="seat",
            index=models.Index(fields=["player", "session"], name="seat_player_session"),
        ),
        migrations.AddConstraint(
            model_name="seat",
            constraint=models.UniqueConstraint(fields=("session", "position"), name="seat_position_unique"),
        ),
        migrations.AddConstraint(
            model_name="seat",
            constraint=models.UniqueConstraint(fields=("session", "player"), name="seat_player_unique"),
        ),
        migrations.AddConstraint(
            model_name="sharelink",
            constraint=models.UniqueConstraint(
                condition=models.Q(("replaced_at__isnull", True)),
                fields=("session", "kind"),
                name="sharelink_one_live_per_kind",
            ),
        ),
    ]
