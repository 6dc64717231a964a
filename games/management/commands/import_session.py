"""manage.py import_session FILE: store a session record (FILE "-" reads standard input)."""

from __future__ import annotations

import sys

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from games.session_record import (
    RecordError,
    backup_records,
    check_size,
    decode_text,
    import_record,
    import_records,
    is_backup,
    load_json,
)


class Command(BaseCommand):
    help = (
        "Check a session record (JSON, see the session-record spec) and store it as a new game. "
        "On success the new session's id is the last line printed. An invalid record stores "
        "nothing and exits non-zero with a message naming the round and player at fault. "
        "The game belongs to --user; without it, to the only superuser if there is exactly one, "
        "else to the only user if there is exactly one user; otherwise pass --user. "
        "FILE may also hold a JSON array of records (a whole backup, as export_session --all "
        "prints): each record is checked and stored on its own, one line is printed per record "
        "(its new id, or what is wrong with it), and the command exits non-zero if any was refused."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE", help='the record file, or "-" for standard input')
        parser.add_argument("--user", metavar="USERNAME", help="who owns the imported game")

    def handle(self, *args, file: str, user: str | None, **options):
        owner = self.owner(user)
        try:
            raw = self.read(file)
            if is_backup(raw):
                self.import_backup(owner, file, decode_text(raw))
                return
            session = import_record(owner=owner, record=load_json(raw))
        except RecordError as exc:
            raise CommandError(f"{self.source(file)}: not imported: {exc.message}") from None
        rounds = session.rounds.count()
        state = "finished" if session.is_finished else "in progress"
        self.stdout.write(
            f"Imported {session.get_game_display()} for {owner.get_username()}: "
            f"{rounds} round{'s' if rounds != 1 else ''}, {state}."
        )
        self.stdout.write(str(session.pk))

    def import_backup(self, owner, file: str, text: str) -> None:
        """Every record of a backup, each on its own: a line per record, its id or why it was refused."""
        imported = refused = 0
        try:
            for number, outcome in enumerate(import_records(owner=owner, records=backup_records(text)), 1):
                if isinstance(outcome, RecordError):
                    refused += 1
                    self.stdout.write(f"Record {number}: not imported: {outcome.message}")
                else:
                    imported += 1
                    self.stdout.write(str(outcome.pk))
        except RecordError as exc:  # the array itself is broken: nothing after this point can be read
            raise CommandError(
                f"{self.source(file)}: {exc.message} {imported} record{'s' if imported != 1 else ''} "
                f"before it imported, {refused} refused; nothing after it was read."
            ) from None
        if refused:
            raise CommandError(
                f"{self.source(file)}: {refused} of {imported + refused} records not imported "
                "(see the lines above); the others were."
            )

    @staticmethod
    def source(file: str) -> str:
        return "standard input" if file == "-" else file

    def read(self, file: str) -> bytes | str:
        """The file, refused (RecordError) past SESSION_RECORD_MAX_BYTES as an upload is.

        A backup (a JSON array) is read whole: the limit is then each record's.
        """
        # One byte past the limit tells a file that is too large without reading all of it.
        past_limit = settings.SESSION_RECORD_MAX_BYTES + 1
        try:
            if file == "-":
                # The binary buffer lets json detect the encoding; a replaced stdin may be text only.
                stream = getattr(sys.stdin, "buffer", sys.stdin)
                raw = stream.read(past_limit)
                if len(raw) == past_limit and is_backup(raw):
                    raw += stream.read()
            else:
                with open(file, "rb") as f:
                    raw = f.read(past_limit)
                    if len(raw) == past_limit and is_backup(raw):
                        raw += f.read()
        except OSError as exc:
            raise CommandError(f"Cannot read {self.source(file)}: {exc.strerror or exc}.") from None
        if not is_backup(raw):
            check_size(len(raw.encode() if isinstance(raw, str) else raw), at_least=len(raw) == past_limit)
        return raw

    @staticmethod
    def owner(username: str | None):
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
