"""Standings with records and streaks, and head-to-head: for the owner, or through the group link.

Each page reads stored numbers in a fixed handful of queries (games/figures/group_stats.py),
whatever the number of games. Sorting is a plain link (``?sort=``): no JavaScript.
A bad filter is named beside its field and left out (400), never a 500.
"""

from __future__ import annotations

import datetime
from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from games import paper
from games.figures.group_stats import (
    DEFAULT_SORT,
    SORTS,
    Period,
    Standing,
    counted_games,
    finishes,
    head_to_head,
    records,
    standings,
)
from games.forms import DatesForm, RowChoiceField, WholeNumberField, good_values
from games.models import Player
from games.registry import GAMES, game_choices

from .scope import Scope, group_scoped, owner_scoped

PERIODS = [
    ("all", _("All time")),
    ("year", _("This year")),
    ("month", _("This month")),
    ("dates", _("Between dates")),
]
DEFAULT_MINIMUM = 3


class PeriodForm(DatesForm):
    period = forms.ChoiceField(required=False, choices=PERIODS, label=_("Period"))
    field_order = ["period"]

    def period_of(self, values: dict[str, Any]) -> Period:
        # Dates given without choosing "Between dates" still mean those dates.
        name = values.get("period") or ("dates" if values.get("since") or values.get("until") else "all")
        return Period.named(name, timezone.localdate(), values.get("since"), values.get("until"))


class StandingsForm(PeriodForm):
    game = forms.ChoiceField(required=False, choices=game_choices, label=_("Game"))
    minimum = WholeNumberField(
        required=False, min_value=1, max_value=1000, label=_("Ranked from (games)"), initial=DEFAULT_MINIMUM
    )
    sort = forms.ChoiceField(
        required=False, choices=[(k, v[0]) for k, v in SORTS.items()], widget=forms.HiddenInput
    )
    field_order = ["game", "period", "since", "until", "minimum"]


class HeadToHeadForm(PeriodForm):
    first = RowChoiceField(queryset=Player.objects.none(), label=_("Player"), empty_label=_("Choose…"))
    second = RowChoiceField(queryset=Player.objects.none(), label=_("Against"), empty_label=_("Choose…"))
    field_order = ["first", "second", "period", "since", "until"]

    def __init__(self, *args: Any, owner: User, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            field = self.fields[name]
            field.queryset = Player.objects.filter(owner=owner).order_by("name")  # type: ignore[attr-defined]
            field.error_messages["invalid_choice"] = gettext("Choose one of the players.")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        first, second = cleaned.get("first"), cleaned.get("second")
        if first and second and first == second:
            self.add_error("second", gettext("Choose two different players."))
        return cleaned


def percent(value: float | None) -> str:
    return "–" if value is None else f"{round(value * 100)}%"


def decimal(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"


def period_words(period: Period) -> str:
    def day(d: datetime.date) -> str:
        return date_format(d, "j M Y")

    if period.since and period.until:
        return gettext("games started from {start} to {end}").format(
            start=day(period.since), end=day(period.until)
        )
    if period.since:
        return gettext("games started since {date}").format(date=day(period.since))
    if period.until:
        return gettext("games started up to {date}").format(date=day(period.until))
    return gettext("all games")


def standing_rows(scope: Scope, rows: list[Standing]) -> list[dict[str, Any]]:
    return [
        {
            "name": s.name,
            "url": "" if scope.group else scope.url("player", s.player_id),
            "games": s.games,
            "wins": s.wins,
            "win_rate": percent(s.win_rate),
            "place": decimal(s.average_place),
            "exact": percent(s.exact_rate),
            "exact_of": gettext("{exact} of {bids}").format(exact=s.exact, bids=s.bids) if s.bids else "",
        }
        for s in rows
    ]


# Each column's heading as a phone shows it, so that the six columns fit 360 px (the full words are read out).
SHORT_LABELS = {
    "win_rate": pgettext_lazy("a standings column on a phone", "Win %"),
    "wins": pgettext_lazy("a standings column on a phone", "Won"),
    "games": pgettext_lazy("a standings column on a phone", "Played"),
    "place": pgettext_lazy("a standings column on a phone", "Place"),
    "exact": pgettext_lazy("a standings column on a phone", "Exact"),
}


def sort_links(request: HttpRequest, current: str) -> list[dict[str, object]]:
    """Each sortable column's heading (its label, and its short label for a phone): a link that sorts
    by it, and which one sorts now."""
    query = request.GET.copy()
    out = []
    for key, (label, _value, _higher) in SORTS.items():
        query["sort"] = key
        short = SHORT_LABELS.get(key, label)
        out.append(
            {
                "key": key,
                "label": label,
                "short": short,
                "href": "?" + query.urlencode(),
                "current": key == current,
            }
        )
    return out


@require_GET
def standings_page(request: HttpRequest, scope: Scope) -> HttpResponse:
    form = StandingsForm(request.GET or None, initial={"minimum": DEFAULT_MINIMUM})
    values, valid = good_values(form)
    game = values.get("game") or next(iter(GAMES))
    sort = values.get("sort") or DEFAULT_SORT
    minimum = values.get("minimum") or DEFAULT_MINIMUM
    period = form.period_of(values)
    games = counted_games(scope.owner, game, period)
    done = finishes(games)
    table = standings(done, game, minimum=minimum, sort=sort)
    found = records(games, done, game)
    return render(
        request,
        "games/standings/standings.html",
        {
            "scope": scope,
            "form": form,
            "game_name": GAMES[game].name,
            "table": table,
            "ranked": standing_rows(scope, table.ranked),
            "few": standing_rows(scope, table.few),
            "minimum": minimum,
            "ranked_caption": ngettext(
                "Ranked: {count} game or more", "Ranked: {count} games or more", minimum
            ).format(count=minimum),
            "few_caption": ngettext(
                "Set apart: fewer than {count} game", "Set apart: fewer than {count} games", minimum
            ).format(count=minimum),
            "columns": [c for c in sort_links(request, sort) if c["key"] != "exact" or table.bids],
            "period": period_words(period),
            "records": [
                {
                    "what": r.what,
                    "name": r.name,
                    "value": paper.number(r.value),
                    "detail": r.detail,
                    "when": r.created,
                    "url": scope.url("summary", r.session_id),
                }
                for r in found.found
            ],
        },
        status=200 if valid else 400,
    )


@require_GET
def head_to_head_page(request: HttpRequest, scope: Scope) -> HttpResponse:
    form = HeadToHeadForm(request.GET or None, owner=scope.owner)
    values, valid = good_values(form)
    first, second = values.get("first"), values.get("second")
    context: dict[str, Any] = {"scope": scope, "form": form, "result": None}
    if first and second and first != second:
        period = form.period_of(values)
        result = head_to_head(scope.owner, first, second, period)
        context.update(
            first=first,
            second=second,
            period=period_words(period),
            result=result,
            lines=[
                {
                    "name": GAMES[line.game].name if line.game in GAMES else line.game,
                    "games": line.games,
                    "first": line.first_ahead,
                    "second": line.second_ahead,
                    "level": line.level,
                }
                for line in sorted(result.lines, key=lambda line: list(GAMES).index(line.game))
            ],
            meetings=[
                {
                    "game": GAMES[m.game].name,
                    "when": m.created,
                    "url": scope.url("summary", m.session_id),
                    "ahead": {1: first.name, 2: second.name}.get(m.ahead or 0, ""),
                    "places": f"{m.first.place} and {m.second.place}",
                }
                for m in result.meetings[:30]
            ],
        )
    return render(request, "games/standings/head_to_head.html", context, status=200 if valid else 400)


standings_view = owner_scoped(standings_page)
head_to_head_view = owner_scoped(head_to_head_page)
group_standings_view = group_scoped(standings_page)
group_head_to_head_view = group_scoped(head_to_head_page)
