"""manage.py purge_trash: delete for good the games that have been in the Trash for 30 days, and the
guests (games played without an account) untouched for as long."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.accounts.guests import GUEST_DAYS, purge_guests
from games.backup.trash import TRASH_DAYS, purge_trash


class Command(BaseCommand):
    help = (
        f"Delete for good every game deleted more than {TRASH_DAYS} days ago (it waited in the Trash), "
        f"and every guest (games played without an account) untouched for {GUEST_DAYS} days, with its games. "
        "Run it once a day, from cron or a systemd timer."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        days = f"purge games deleted more than this many days ago (default {TRASH_DAYS})"
        parser.add_argument("--days", type=int, default=TRASH_DAYS, help=days)
        guest_days = f"purge guests untouched for more than this many days (default {GUEST_DAYS})"
        parser.add_argument("--guest-days", type=int, default=GUEST_DAYS, help=guest_days)

    def handle(self, *args: Any, **options: Any) -> None:
        if options["days"] < 0 or options["guest_days"] < 0:
            raise CommandError("--days and --guest-days cannot be negative.")
        count = purge_trash(days=options["days"])
        self.stdout.write(f"{count} game{'s' if count != 1 else ''} deleted for good from the Trash.")
        count = purge_guests(days=options["guest_days"])
        self.stdout.write(
            f"{count} guest{'s' if count != 1 else ''} untouched for {options['guest_days']} days deleted, with their games."
        )
