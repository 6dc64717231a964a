"""manage.py export_session ID | --all: print session records as JSON."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.backup.session_record import dump_record, export_session
from games.models import GameSession
from games.rules import RuleError


class Command(BaseCommand):
    help = (
        "Print a session's record (JSON, with its derived fields: labels, points, totals, result, "
        "and when it started and ended). With --all, print a JSON array of every session's record, "
        "oldest first, each with its owner's user name (import_session --keep-owners gives each "
        "game back to the same account). "
        "Games in the Trash are left out (restore one to export it)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        which = parser.add_mutually_exclusive_group(required=True)
        which.add_argument("session_id", nargs="?", type=int, metavar="ID", help="the session's id")
        which.add_argument("--all", action="store_true", help="every session, as a JSON array")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["all"]:
            self.export_all()
            return
        pk = options["session_id"]
        try:
            session = GameSession.objects.get(pk=pk)
        except GameSession.DoesNotExist:
            raise CommandError(f"There is no session with id {pk}.") from None
        if session.in_trash:
            raise CommandError(f"Session {pk} is in the Trash: restore it first to export it.")
        self.stdout.write(dump_record(self.record(session)), ending="")

    def record(self, session: GameSession, *, owner: bool = False) -> dict[str, Any]:
        try:
            return export_session(session, owner=owner)
        except RuleError as exc:
            raise CommandError(f"Session {session.pk} cannot be exported: {exc.message}") from None

    def export_all(self) -> None:
        """One record at a time, so a large database is never held in memory at once."""
        self.stdout.write("[", ending="")
        first = True
        sessions = GameSession.objects.live().select_related("owner").order_by("created", "pk")
        for session in sessions.iterator(chunk_size=200):
            text = json.dumps(self.record(session, owner=True), indent=2, ensure_ascii=False)
            self.stdout.write(
                ("\n" if first else ",\n") + "\n".join("  " + line for line in text.splitlines()), ending=""
            )
            first = False
        self.stdout.write("\n]" if not first else "]")
