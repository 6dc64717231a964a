"""The admin site's pages for the stored games, players and hourly counters."""

from typing import TYPE_CHECKING

from django.contrib import admin
from django.http import HttpRequest

from games.models import Allowance, Entry, GameSession, Player, Round, Seat

if TYPE_CHECKING:
    ModelAdmin = admin.ModelAdmin
    TabularInline = admin.TabularInline
else:  # django-stubs types them by their model; Django's own take no type argument at run time

    class ModelAdmin(admin.ModelAdmin):
        __class_getitem__ = classmethod(lambda cls, _model: cls)

    class TabularInline(admin.TabularInline):
        __class_getitem__ = classmethod(lambda cls, _model: cls)


class ViewOnly:
    """A game's records are written by the app's services only: each write moves the game's version, renews
    its players' figures and re-scores the rounds after it, and the next save builds on the replay kept for
    that version. An edit here would do none of that (a save could then silently undo it), so the admin
    shows them and changes nothing; a game is corrected, ended, trashed or restored in the app."""

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        del request, obj  # the same answer for everyone and every record
        return False

    has_change_permission = has_delete_permission = has_add_permission


class SeatInline(ViewOnly, TabularInline[Seat, GameSession]):
    model = Seat
    extra = 0
    raw_id_fields = ["player"]


class EntryInline(ViewOnly, TabularInline[Entry, Round]):
    model = Entry
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Player)
class PlayerAdmin(ModelAdmin[Player]):
    list_display = ["name", "owner", "created"]
    list_filter = ["owner"]
    search_fields = ["name"]


@admin.register(GameSession)
class GameSessionAdmin(ViewOnly, ModelAdmin[GameSession]):
    list_display = ["id", "game", "owner", "status", "created", "finished_at", "version"]
    list_filter = ["game", "status"]
    date_hierarchy = "created"
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(ViewOnly, ModelAdmin[Seat]):
    list_display = ["session", "position", "player"]
    raw_id_fields = ["session", "player"]


@admin.register(Round)
class RoundAdmin(ViewOnly, ModelAdmin[Round]):
    list_display = ["session", "number", "label", "dealer", "complete"]
    raw_id_fields = ["session"]
    inlines = [EntryInline]


@admin.register(Entry)
class EntryAdmin(ViewOnly, ModelAdmin[Entry]):
    list_display = ["round", "position", "player", "bid", "tricks", "points", "total"]
    raw_id_fields = ["round", "player"]


@admin.register(Allowance)
class AllowanceAdmin(ModelAdmin[Allowance]):
    """The hourly counters (games/accounts/throttle.py): deleting one gives that address or user a fresh hour."""

    list_display = ["key", "used", "opened"]
    search_fields = ["key"]
    readonly_fields = ["key", "used", "opened"]
