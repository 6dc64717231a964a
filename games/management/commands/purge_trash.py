"""manage.py purge_trash: delete for good the games that have been in the Trash for 30 days."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from games.trash import TRASH_DAYS, purge_trash


class Command(BaseCommand):
    help = (
        f"Delete for good every game deleted more than {TRASH_DAYS} days ago (it waited in the Trash). "
        "Run it once a day, from cron or a systemd timer."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--days",
            type=int,
            default=TRASH_DAYS,
            help=f"purge games deleted more than this many days ago (default {TRASH_DAYS})",
        )

    def handle(self, *args, **options):
        if options["days"] < 0:
            raise CommandError("--days cannot be negative.")
        count = purge_trash(days=options["days"])
        self.stdout.write(f"{count} game{'s' if count != 1 else ''} deleted for good from the Trash.")
