"""Players: the list, a player's page (figures and a chart of results), rename, merge and undo a merge.

Anyone else's player is a 404. A refused rename or merge answers 400 with the page and the
message beside the field, the input kept.
"""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import Any, cast

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Max, Q
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import dateformat, timezone
from django.utils.html import format_html_join
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import paper
from games.accounts.players import (
    MAX_NAME,
    PlayerError,
    merge_players,
    rename_player,
    shared_sessions,
    undo_merge,
)
from games.figures import charts
from games.figures.stats import CHART_GAMES, PlayerStats, cached_player_stats, games_without_bids
from games.forms import PlayerNameField, RowChoiceField
from games.models import MergeRecord, Player
from games.registry import and_list
from games.widgets import QuickSelect

from . import pagecache
from .common import HtmxHttpRequest

LIVE_SEATS = Q(seats__session__deleted_at__isnull=True)  # games in the Trash count for nothing


def owned_player(request: HtmxHttpRequest, pk: int) -> Player:
    return get_object_or_404(Player, pk=pk, owner=request.user)


class RenameForm(forms.Form):
    name = PlayerNameField(
        max_length=MAX_NAME,
        label=_("New name"),
        error_messages={
            "required": _("Type the player’s new name."),
            "max_length": _("A name may have at most 40 characters."),
        },
    )


class MergeForm(forms.Form):
    into = RowChoiceField(
        queryset=Player.objects.none(),
        label=_("The same person as"),
        empty_label=_("Choose a player…"),
        widget=QuickSelect,  # every other player: drawn without a template per option
    )

    def __init__(self, *args: Any, player: Player, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = cast("forms.ModelChoiceField[Player]", self.fields["into"])
        field.queryset = (
            Player.objects.filter(owner_id=player.owner_id).exclude(pk=player.pk).order_by("name")
        )
        field.error_messages["invalid_choice"] = gettext("Choose one of your other players.")
        field.error_messages["required"] = gettext("Choose the player to merge with.")


class UndoMergeForm(forms.Form):
    merge = RowChoiceField(queryset=MergeRecord.objects.none())

    def __init__(self, *args: Any, player: Player, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = cast("forms.ModelChoiceField[MergeRecord]", self.fields["merge"])
        field.queryset = player.merged_in.all()
        field.error_messages["invalid_choice"] = gettext("That merge is undone already, or was never made.")
        field.error_messages["required"] = gettext("Choose the merge to undo.")


@login_required
@require_GET
def player_list(request: HtmxHttpRequest) -> HttpResponse:
    players = (
        Player.objects.filter(owner=request.user)
        .annotate(
            games=Count("seats", filter=LIVE_SEATS),
            last_played=Max("seats__session__created", filter=LIVE_SEATS),
        )
        .order_by("name")
    )
    return render(request, "games/players/list.html", {"players": players})


def result_charts(stats: PlayerStats) -> list[dict[str, Any]]:
    """One chart per game of the player's final scores over time (the latest games), wins filled."""
    won_word = gettext("won")
    # Up to CHART_GAMES rows a game, each with two dates and a link: formatted once per day, and
    # the link made once and filled in (Django's date formatting and reverse() cost more than the rest).
    format_day = cache(dateformat.format)

    def day(when: datetime, form: str) -> str:
        return format_day(timezone.localtime(when).date(), form)

    sentinel = 987654321
    summary = reverse("games:summary", args=[sentinel])
    out = []
    charted = stats.charted()
    for g in stats.games:
        results = charted.get(g.game, [])
        if not results:
            continue
        totals = [r.total for r in results if r.total is not None]  # all of them (as mypy sees it)
        labels = [day(r.when, "j M") for r in results]
        series = charts.Series(
            name=stats.player.name, values=[r.total for r in results], marks=[r.won for r in results]
        )
        won = sum(r.won for r in results)
        desc = ngettext(
            "{name}'s final score in {count} finished {game} game, oldest first, from {low} to {high}; {won} won (filled markers).",
            "{name}'s final score in {count} finished {game} games, oldest first, from {low} to {high}; {won} won (filled markers).",
            len(results),
        ).format(
            name=stats.player.name,
            count=len(results),
            game=g.name,
            low=paper.number(min(totals)),
            high=paper.number(max(totals)),
            won=won,
        )
        out.append(
            {
                "stats": g,
                "svg": charts.line_chart(
                    chart_id=f"results-{g.game}",
                    title=gettext("{game}: final scores over time").format(game=g.name),
                    desc=desc,
                    labels=labels,
                    series=[series],
                    x_name=gettext("Game finished"),
                    height=160,
                ),
                # The chart's table, drawn in Python: a template per row cost more than the figures.
                "body": format_html_join(
                    "",
                    '<tr><th scope="row"><a href="{}">{}</a></th><td>{}</td><td>{}</td></tr>',
                    (
                        (
                            summary.replace(str(sentinel), str(r.session_id)),
                            day(r.when, "j M Y"),
                            paper.number(r.total),
                            won_word if r.won else "–",
                        )
                        for r in results
                    ),
                ),
                "limited": g.finished > CHART_GAMES,
            }
        )
    return out


def render_player(
    request: HtmxHttpRequest,
    player: Player,
    *,
    rename: RenameForm | None = None,
    merge: MergeForm | None = None,
    undo: UndoMergeForm | None = None,
    status: int = 200,
) -> HttpResponse:
    stats = cached_player_stats(player)
    return render(
        request,
        "games/players/detail.html",
        {
            "player": player,
            "stats": stats,
            "charts": result_charts(stats),
            "games_without_bids": and_list(games_without_bids()),
            "rename_form": rename or RenameForm(initial={"name": player.name}),
            "merge_form": merge or MergeForm(player=player),
            # Players merged into this one, latest first: each merge can be undone.
            "merges": list(player.merged_in.all()),
            "undo_form": undo,
        },
        status=status,
    )


@login_required
@require_GET
def player_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Served from the cache while the user's players are as they were (games/views/pagecache.py): the
    figures, the merges and the players to merge with change only with them."""
    players = pagecache.owner_players(request.user)
    player = next((p for p in players if p.pk == pk), None)
    if player is None:
        raise Http404
    return pagecache.served_owned(request, players, lambda: render_player(request, player), {})


@login_required
@require_POST
def rename(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    player = owned_player(request, pk)
    old = player.name
    form = RenameForm(request.POST)
    if form.is_valid():
        try:
            rename_player(player=player, name=form.cleaned_data["name"])
        except PlayerError as exc:
            form.add_error("name", exc.message)
        else:
            if player.name != old:
                said = gettext("{old} is now called {name}, in every game.")
                messages.success(request, said.format(old=old, name=player.name))
            return redirect("games:player", pk=player.pk)
    player.name = old
    return render_player(request, player, rename=form, status=400)


@login_required
@require_http_methods(["GET", "POST"])
def merge(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """GET: what the merge will do, to confirm; POST: merge this player into the chosen one."""
    player = owned_player(request, pk)
    form = MergeForm(request.GET if request.method == "GET" else request.POST, player=player)
    if not form.is_valid():
        return render_player(request, player, merge=form, status=400)
    target = form.cleaned_data["into"]
    if request.method == "POST":
        try:
            moved = merge_players(source=player, target=target)
        except PlayerError as exc:
            form.add_error("into", exc.message)
            return render_player(request, player, merge=form, status=400)
        said = ngettext(
            "{name} is merged into {target}: {count} game moved, nothing lost. A mistake? Undo merge, below.",
            "{name} is merged into {target}: {count} games moved, nothing lost. A mistake? Undo merge, below.",
            moved["seats"],
        )
        messages.success(request, said.format(name=player.name, target=target.name, count=moved["seats"]))
        return redirect("games:player", pk=target.pk)
    clash = list(shared_sessions(player, target)[:3])
    return render(
        request,
        "games/players/merge.html",
        {
            "player": player,
            "target": target,
            "form": form,
            "games": player.seats.filter(session__deleted_at__isnull=True).count(),
            "target_games": target.seats.filter(session__deleted_at__isnull=True).count(),
            "clash": clash,
        },
        status=400 if clash else 200,
    )


@login_required
@require_POST
def unmerge(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Undo a merge into this player: the merged player comes back with their own games."""
    player = owned_player(request, pk)
    form = UndoMergeForm(request.POST, player=player)
    if form.is_valid():
        try:
            source = undo_merge(merge=form.cleaned_data["merge"])
        except PlayerError as exc:
            form.add_error("merge", exc.message)
        else:
            said = gettext("The merge is undone: {name} and {other} each have their own games again.")
            messages.success(request, said.format(name=source.name, other=player.name))
            return redirect("games:player", pk=source.pk)
    return render_player(request, player, undo=form, status=400)
