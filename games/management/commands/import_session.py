"""manage.py import_session FILE: store a session record (FILE "-" reads standard input)."""

from __future__ import annotations

import sys

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from games.session_record import RecordError, check_size, import_record, load_json


class Command(BaseCommand):
    help = (
        "Check a session record (JSON, see the session-record spec) and store it as a new game. "
        "On success the new session's id is the last line printed. An invalid record stores "
        "nothing and exits non-zero with a message naming the round and player at fault. "
        "The game belongs to --user; without it, to the only superuser if there is exactly one, "
        "else to the only user if there is exactly one user; otherwise pass --user."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE", help='the record file, or "-" for standard input')
        parser.add_argument("--user", metavar="USERNAME", help="who owns the imported game")

    def handle(self, *args, file: str, user: str | None, **options):
        owner = self.owner(user)
        try:
            session = import_record(owner=owner, record=load_json(self.read(file)))
        except RecordError as exc:
            raise CommandError(f"{self.source(file)}: not imported: {exc.message}") from None
        rounds = session.rounds.count()
        state = "finished" if session.is_finished else "in progress"
        self.stdout.write(
            f"Imported {session.get_game_display()} for {owner.get_username()}: "
            f"{rounds} round{'s' if rounds != 1 else ''}, {state}."
        )
        self.stdout.write(str(session.pk))

    @staticmethod
    def source(file: str) -> str:
        return "standard input" if file == "-" else file

    def read(self, file: str) -> bytes | str:
        """The file, refused (RecordError) past SESSION_RECORD_MAX_BYTES as an upload is."""
        # One byte past the limit tells a file that is too large without reading all of it.
        past_limit = settings.SESSION_RECORD_MAX_BYTES + 1
        if file == "-":
            # The binary buffer lets json detect the encoding; a replaced stdin may be text only.
            raw = getattr(sys.stdin, "buffer", sys.stdin).read(past_limit)
        else:
            try:
                with open(file, "rb") as f:
                    raw = f.read(past_limit)
            except OSError as exc:
                raise CommandError(f"Cannot read {file}: {exc.strerror or exc}.") from None
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
