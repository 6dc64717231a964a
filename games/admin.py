from django.contrib import admin

from games.models import Allowance, Entry, GameSession, Player, Round, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    raw_id_fields = ["player"]


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "created"]
    list_filter = ["owner"]
    search_fields = ["name"]


@admin.register(GameSession)
class GameSessionAdmin(admin.ModelAdmin):
    list_display = ["id", "game", "owner", "status", "created", "finished_at", "version"]
    list_filter = ["game", "status"]
    date_hierarchy = "created"
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["session", "position", "player"]
    raw_id_fields = ["session", "player"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["session", "number", "label", "dealer", "complete"]
    raw_id_fields = ["session"]
    inlines = [EntryInline]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["round", "position", "player", "bid", "tricks", "points", "total"]
    raw_id_fields = ["round", "player"]


@admin.register(Allowance)
class AllowanceAdmin(admin.ModelAdmin):
    """The hourly counters (games/accounts/throttle.py): deleting one gives that address or user a fresh hour."""

    list_display = ["key", "used", "opened"]
    search_fields = ["key"]
    readonly_fields = ["key", "used", "opened"]
