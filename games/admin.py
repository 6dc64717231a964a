"""The admin site's pages for the stored games, players and hourly counters."""

from typing import TYPE_CHECKING

from django.contrib import admin

from games.models import Allowance, Entry, GameSession, Player, Round, Seat

if TYPE_CHECKING:
    ModelAdmin = admin.ModelAdmin
    TabularInline = admin.TabularInline
else:  # django-stubs types them by their model; Django's own take no type argument at run time

    class ModelAdmin(admin.ModelAdmin):
        __class_getitem__ = classmethod(lambda cls, _model: cls)

    class TabularInline(admin.TabularInline):
        __class_getitem__ = classmethod(lambda cls, _model: cls)


class SeatInline(TabularInline[Seat, GameSession]):
    model = Seat
    extra = 0
    raw_id_fields = ["player"]


class EntryInline(TabularInline[Entry, Round]):
    model = Entry
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Player)
class PlayerAdmin(ModelAdmin[Player]):
    list_display = ["name", "owner", "created"]
    list_filter = ["owner"]
    search_fields = ["name"]


@admin.register(GameSession)
class GameSessionAdmin(ModelAdmin[GameSession]):
    list_display = ["id", "game", "owner", "status", "created", "finished_at", "version"]
    list_filter = ["game", "status"]
    date_hierarchy = "created"
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(ModelAdmin[Seat]):
    list_display = ["session", "position", "player"]
    raw_id_fields = ["session", "player"]


@admin.register(Round)
class RoundAdmin(ModelAdmin[Round]):
    list_display = ["session", "number", "label", "dealer", "complete"]
    raw_id_fields = ["session"]
    inlines = [EntryInline]


@admin.register(Entry)
class EntryAdmin(ModelAdmin[Entry]):
    list_display = ["round", "position", "player", "bid", "tricks", "points", "total"]
    raw_id_fields = ["round", "player"]


@admin.register(Allowance)
class AllowanceAdmin(ModelAdmin[Allowance]):
    """The hourly counters (games/accounts/throttle.py): deleting one gives that address or user a fresh hour."""

    list_display = ["key", "used", "opened"]
    search_fields = ["key"]
    readonly_fields = ["key", "used", "opened"]
