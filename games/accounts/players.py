"""Player writes: rename a player, merge two spellings of one person, undo a merge.

A merge moves Seat.player and Entry.player in one transaction and deletes the emptied player,
keeping a MergeRecord of it and its seats, so undoing it gives the player back (same id, name
and date) with exactly their games.
"""

from __future__ import annotations

import unicodedata

from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import dateformat, timezone
from django.utils.translation import gettext

from games.models import Entry, GameSession, MergeRecord, Player, Seat

MAX_NAME = 40


class PlayerError(ValueError):
    """A rename or merge that cannot be done; the message says why, in words."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def unsafe_text(text: str) -> str:
    """Why ``text`` cannot be stored ("" if it can): a control character (SQLite keeps a NUL that
    PostgreSQL refuses) or a lone surrogate (not UTF-8 at all)."""
    for char in text:
        if unicodedata.category(char) == "Cc":
            return gettext("a control character (U+{code})").format(code=f"{ord(char):04X}")
        if unicodedata.category(char) == "Cs":
            return gettext("a lone surrogate (U+{code}), which is not text").format(code=f"{ord(char):04X}")
    return ""


def unseen_text(text: str) -> str:
    """Why ``text`` cannot be a name ("" if it can): what ``unsafe_text`` refuses, or a character
    nobody sees (a zero-width space or joiner, a soft hyphen, a direction mark: Unicode's "format"
    characters). "Ann" with a zero-width space in it looks like Ann but would be another player."""
    problem = unsafe_text(text)
    if problem:
        return problem
    for char in text:
        if unicodedata.category(char) == "Cf":
            return gettext("an invisible character (U+{code})").format(code=f"{ord(char):04X}")
    return ""


def normal_name(raw: str) -> str:
    """A name as people read it, as it is stored: NFC (two spellings of "é" are one name), spaces
    trimmed and made single, case kept; PlayerError when it holds a character nobody sees
    (``unseen_text``). Length is the caller's business."""
    problem = unseen_text(raw)
    if problem:
        raise PlayerError(gettext("A name cannot hold {problem}.").format(problem=problem))
    return " ".join(unicodedata.normalize("NFC", raw).split())


def clean_name(raw: str) -> str:
    name = normal_name(str(raw))
    if not name:
        raise PlayerError(gettext("Type the player's new name."))
    if len(name) > MAX_NAME:
        said = gettext("A name may have at most {most} characters; this one has {length}.")
        raise PlayerError(said.format(most=MAX_NAME, length=len(name)))
    return name


@transaction.atomic
def rename_player(*, player: Player, name: str) -> Player:
    """Give a player a new name; refused when the owner already has a player called that."""
    name = clean_name(name)
    clash = Player.objects.filter(owner_id=player.owner_id, name__iexact=name).exclude(pk=player.pk).first()
    if clash is not None:
        said = gettext(
            "You already have a player called {other}. If they are the same person, merge {name} into {other} instead."
        )
        raise PlayerError(said.format(other=clash.name, name=player.name))
    player.name = name
    try:
        with transaction.atomic():
            player.save(update_fields=["name"])
    except IntegrityError:
        raise PlayerError(gettext("You already have a player called {name}.").format(name=name)) from None
    return player


def shared_sessions(source: Player, target: Player) -> QuerySet[GameSession]:
    """Sessions where both players sat: a merge would seat one person twice there."""
    return GameSession.objects.filter(seats__player=source).filter(seats__player=target).order_by("-created")


@transaction.atomic
def merge_players(*, source: Player, target: Player) -> dict[str, int]:
    """Move all of ``source``'s seats and entries to ``target`` and delete ``source``; how many moved.
    Refused (nothing changed) for the same player, different owners, or a game both sat in."""
    if source.pk == target.pk:
        raise PlayerError(gettext("Choose two different players to merge."))
    if source.owner_id != target.owner_id:
        raise PlayerError(gettext("Only your own players can be merged."))
    both = list(shared_sessions(source, target)[:4])
    if both:
        games = ", ".join(
            gettext("{game} of {date} (game {number})").format(
                game=s.get_game_display(),
                date=dateformat.format(timezone.localtime(s.created), "j M Y"),
                number=s.pk,
            )
            for s in both[:3]
        )
        if len(both) > 3:
            games = gettext("{games} and more").format(games=games)
        said = gettext(
            "{name} and {other} played in the same game ({games}), so they are two people: merging them would seat one player twice at one table."
        )
        raise PlayerError(said.format(name=source.name, other=target.name, games=games))
    try:
        with transaction.atomic():
            seat_ids = list(Seat.objects.filter(player=source).order_by("pk").values_list("pk", flat=True))
            seats = Seat.objects.filter(pk__in=seat_ids).update(player=target)
            entries = Entry.objects.filter(player=source).update(player=target)
            Player.objects.filter(pk=target.pk).renew_figures()
            MergeRecord.objects.create(
                owner_id=source.owner_id,
                target=target,
                source_id=source.pk,
                source_name=source.name,
                source_created=source.created,
                seat_ids=seat_ids,
            )
            source.delete()
    except IntegrityError:
        # A game seating both was started while this merge ran.
        said = gettext("{name} and {other} now play in the same game, so they cannot be merged.")
        raise PlayerError(said.format(name=source.name, other=target.name)) from None
    return {"seats": seats, "entries": entries}


@transaction.atomic
def undo_merge(*, merge: MergeRecord) -> Player:
    """Give back the player a merge deleted, with the seats and entries that were theirs (rounds
    played since included); refused (nothing changed) when the name has since been taken."""
    if not MergeRecord.objects.select_for_update().filter(pk=merge.pk).exists():
        said = gettext("That merge is already undone: {name} is back.")
        raise PlayerError(said.format(name=merge.source_name))
    target = merge.target
    clash = Player.objects.filter(owner_id=merge.owner_id, name__iexact=merge.source_name).first()
    if clash is not None:
        said = gettext(
            "You have a player called {other} now, so {name} cannot come back: rename {other} first."
        )
        raise PlayerError(said.format(other=clash.name, name=merge.source_name))
    # The same id as before, so links to the player work again (ids are never reused).
    source = Player(owner_id=merge.owner_id, name=merge.source_name)
    if not Player.objects.filter(pk=merge.source_id).exists():
        source.pk = merge.source_id
    try:
        with transaction.atomic():
            source.save(force_insert=True)
    except IntegrityError:  # a second tap on Undo, or the name taken, while this one ran
        said = gettext("{name} is back already, or the name was just taken.")
        raise PlayerError(said.format(name=merge.source_name)) from None
    Player.objects.filter(pk=source.pk).update(created=merge.source_created)
    seats = Seat.objects.filter(pk__in=merge.seat_ids, player=target)
    session_ids = list(seats.values_list("session_id", flat=True))
    seats.update(player=source)
    # One seat a game each: the target's entries in those games are those seats'.
    Entry.objects.filter(player=target, round__session_id__in=session_ids).update(player=source)
    Player.objects.filter(pk=target.pk).renew_figures()  # the source, inserted again, has a new key
    merge.delete()
    source.refresh_from_db()
    return source
