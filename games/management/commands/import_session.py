"""manage.py import_session FILE: store a session record (FILE "-" reads standard input)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.backup.session_record import (
    RecordError,
    Restored,
    backup_records,
    check_size,
    decode_text,
    is_backup,
    load_json,
    restore_each,
    restore_one,
)

if TYPE_CHECKING:
    from django.contrib.auth.models import User


class Command(BaseCommand):
    help = (
        "Check a session record (JSON, see the session-record spec) and store it as a new game. "
        "On success the new session's id is the last line printed. An invalid record stores "
        "nothing and exits non-zero with a message naming the round and player at fault. "
        "The game belongs to --user; without it, to the only superuser if there is exactly one, "
        "else to the only user if there is exactly one user; otherwise pass --user. "
        "FILE may also hold a JSON array of records (a whole backup, as export_session --all "
        "prints): each record is checked and stored on its own, and one line is printed per "
        "record: its new id, or what is wrong with it; the command exits non-zero if any record "
        "was refused (the others are imported). A game already there "
        "(the same players, options, rounds and start time, for the same owner) is not stored again."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", metavar="FILE", help='the record file, or "-" for standard input')
        parser.add_argument("--user", metavar="USERNAME", help="who owns the imported game")
        parser.add_argument(
            "--keep-owners",
            action="store_true",
            help="give each record to the account its 'owner' names (as export_session --all writes it), "
            "making that account, with no usable password, where it is missing; a record with no "
            "owner goes to --user (or the only superuser, or the only user)",
        )

    def handle(self, *args: Any, file: str, user: str | None, keep_owners: bool, **options: Any) -> None:
        owner = (lambda: self.owner(user)) if keep_owners else self.owner(user)
        try:
            raw = self.read(file)
            if is_backup(raw):
                self.import_backup(owner, file, decode_text(raw), keep_owners=keep_owners)
                return
            restored = restore_one(record=load_json(raw), owner=owner, keep_owners=keep_owners)
        except RecordError as exc:
            raise CommandError(f"{self.source(file)}: not imported: {exc.message}") from None
        session = restored.session
        name = session.owner.get_username()
        if restored.new:
            rounds = session.rounds.count()
            state = "finished" if session.is_finished else "in progress"
            self.stdout.write(
                f"Imported {session.get_game_display()} for {name}: "
                f"{rounds} round{'s' if rounds != 1 else ''}, {state}."
            )
        else:
            self.stdout.write(
                f"Already here: {name}'s {session.get_game_display()} {session.pk} is this game; "
                "nothing imported."
            )
        self.stdout.write(str(session.pk))

    def import_backup(
        self, owner: User | Callable[[], User], file: str, text: str, *, keep_owners: bool
    ) -> None:
        """A backup, each record checked and stored on its own: a line per record, its id or why not."""
        try:
            outcomes = restore_each(records=backup_records(text), owner=owner, keep_owners=keep_owners)
        except RecordError as exc:  # the array itself is broken
            raise CommandError(f"{self.source(file)}: {exc.message} Nothing was imported.") from None
        for number, outcome in enumerate(outcomes, 1):
            if isinstance(outcome, RecordError):
                self.stdout.write(f"Record {number}: not imported: {outcome.message}")
            elif outcome.new:
                self.stdout.write(str(outcome.session.pk))
            else:
                self.stdout.write(
                    f"Record {number}: already here as {outcome.session.pk}; not imported again."
                )
        refused = sum(1 for outcome in outcomes if isinstance(outcome, RecordError))
        skipped = sum(1 for outcome in outcomes if isinstance(outcome, Restored) and not outcome.new)
        imported = len(outcomes) - refused - skipped
        if skipped:
            self.stderr.write(f"{imported} imported, {skipped} already here.")
        if refused:
            raise CommandError(
                f"{self.source(file)}: {refused} of {len(outcomes)} records refused (listed above); "
                f"{imported} imported."
            )

    @staticmethod
    def source(file: str) -> str:
        return "standard input" if file == "-" else file

    def read(self, file: str) -> bytes | str:
        """The file, refused (RecordError) past SESSION_RECORD_MAX_BYTES as an upload is. A backup
        (a JSON array) is read whole: the limit is then each record's."""
        # One byte past the limit tells a file that is too large without reading all of it.
        past_limit = settings.SESSION_RECORD_MAX_BYTES + 1
        # The binary buffer lets json detect the encoding; a replaced stdin may be text only.
        stdin: AbstractContextManager[Any] = nullcontext(getattr(sys.stdin, "buffer", sys.stdin))
        try:
            with stdin if file == "-" else open(file, "rb") as stream:
                raw = stream.read(past_limit)
                if len(raw) == past_limit and is_backup(raw):
                    raw += stream.read()
        except OSError as exc:
            raise CommandError(f"Cannot read {self.source(file)}: {exc.strerror or exc}.") from None
        if not is_backup(raw):
            check_size(len(raw.encode() if isinstance(raw, str) else raw), at_least=len(raw) == past_limit)
        return raw

    @staticmethod
    def owner(username: str | None) -> User:
        User = get_user_model()
        if username is not None:
            try:
                return User.objects.get(**{User.USERNAME_FIELD: username})
            except User.DoesNotExist:
                raise CommandError(f"There is no user {username!r}.") from None
        superusers = list(User.objects.filter(is_superuser=True)[:2])
        if len(superusers) == 1:
            return superusers[0]
        users = list(User.objects.all()[:2])
        if len(users) == 1:
            return users[0]
        if not users:
            raise CommandError("There are no users yet: create one first (createsuperuser), or sign up.")
        raise CommandError("Which user should own the game? Pass --user USERNAME.")
