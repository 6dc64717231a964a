"""Printing: any session as its paper sheet, and blank sheets to play on paper.

Print pages stand alone (templates/games/print/base.html); the sheets are drawn by games.paper
from the replayed game or the rules' schedules, so every game prints without its table screens.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast

from django import forms
from django.contrib.auth.decorators import login_required
from django.forms import BoundField
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils import dateformat, timezone
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_GET

from games import paper, services
from games.accounts.players import MAX_NAME
from games.forms import PlayerNameField, WholeNumberField
from games.models import GameSession
from games.registry import GAMES
from games.rules import GameState
from games.services import LoadedGame

from .common import HtmxHttpRequest, owned_session


def day(value: datetime) -> str:
    return dateformat.format(timezone.localtime(value), "D j M Y")


@dataclass
class Heading:
    """What the top of a printed sheet says."""

    game: str
    date: str = ""  # empty: a line to write the date on
    players: list[str] = field(default_factory=list)
    options: list[str] = field(default_factory=list)
    result: str = ""
    # A finished game's places: "1st Bob 492", "=2nd Helen 180".
    ranking: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)  # labels of lines to fill in by hand


def seat_names(game: str, names: list[str]) -> list[str]:
    """Players as the heading lists them: with their seats in a game with named seats (Minibridge)."""
    seats = GAMES[game].rules.seats
    if seats:
        return [
            gettext("{seat}: {name}").format(seat=gettext(seat), name=name) if name else f"{gettext(seat)}:"
            for seat, name in zip(seats, names, strict=False)
        ]
    return list(names)


def session_heading(session: GameSession, loaded: LoadedGame) -> Heading:
    names = loaded.names
    date = day(session.created)
    if session.finished_at and timezone.localdate(session.finished_at) != timezone.localdate(session.created):
        date = gettext("{start} to {end}").format(start=date, end=day(session.finished_at))
    return Heading(
        game=session.get_game_display(),
        date=date,
        players=seat_names(session.game, names),
        options=GAMES[session.game].paper.options_lines(session.options),
        result=GAMES[session.game].result_line(loaded.state, names),
        ranking=ranking(session.game, loaded.state, names),
    )


def ranking(game: str, state: GameState, names: list[str]) -> list[str]:
    """A finished game's final places in words; none while it is being played."""
    if not state.finished or not state.winners:
        return []
    return [
        " ".join(filter(None, (p.ordinal, p.name, p.total_text or p.detail)))
        for p in GAMES[game].standings(state, names)
    ]


@login_required
@require_GET
def print_session(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A session's sheet as it prints, finished or not."""
    session = owned_session(request, pk)
    loaded = services.load_game(session)
    return render(
        request,
        "games/print/session.html",
        {
            "session": session,
            "heading": session_heading(session, loaded),
            "sheets": GAMES[session.game].paper.filled(loaded.state, loaded.names),
            "flags_dealer": GAMES[session.game].paper.flags_dealer,
        },
    )


# -- blank sheets -------------------------------------------------------------------------------


class BlankSheetForm(forms.Form):
    """How many play, their names, and the game's choices that change the sheet."""

    players = forms.TypedChoiceField(
        coerce=int, label=gettext_lazy("Players"), required=False, empty_value=None
    )
    rows = WholeNumberField(
        required=False,
        min_value=1,
        max_value=paper.MAX_BLANK_ROWS,
        label=gettext_lazy("Rows (deals or hands)"),
    )

    def __init__(self, game: str, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        self.layout = layout = GAMES[game].paper
        cast(forms.ChoiceField, self.fields["players"]).choices = [(n, str(n)) for n in layout.players]
        self.fields["players"].initial = layout.default_players
        for choice in layout.blank_choices:
            self.fields[choice.name] = forms.ChoiceField(
                required=False,
                label=gettext(choice.label),
                choices=[(value, gettext(words)) for value, words in choice.choices],
                initial=choice.default,
            )
        if layout.blank_rows is None:
            del self.fields["rows"]
        self.order_fields(["players", *(c.name for c in layout.blank_choices)])
        seats = GAMES[game].rules.seats
        for i in range(layout.players[-1]):
            self.fields[f"name_{i}"] = PlayerNameField(
                required=False,
                max_length=MAX_NAME,
                label=gettext(seats[i]) if seats else gettext("Seat {number}").format(number=i + 1),
                widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "words"}),
            )

    def players_shown(self) -> int:
        value = self.data.get("players") if self.is_bound else None
        try:
            count = int(str(value))  # None (not sent) is a ValueError too
        except (TypeError, ValueError):
            return self.layout.default_players
        return count if count in self.layout.players else self.layout.default_players

    def choice_fields(self) -> list[BoundField]:
        """The fields of the game's choices that change the sheet (Mormon Bridge: which game)."""
        return [self[c.name] for c in self.layout.blank_choices]

    def name_fields(self) -> list[BoundField]:
        return [self[f"name_{i}"] for i in range(self.players_shown())]

    def settings(self) -> tuple[int, list[str], dict[str, Any], int | None]:
        """(players, names, options, rows) from the valid fields, defaults for the rest."""
        data = self.cleaned_data if self.is_bound else {}
        players = data.get("players") or self.players_shown()
        names = [" ".join((data.get(f"name_{i}") or "").split()) for i in range(players)]
        options = {c.name: data.get(c.name) or c.default for c in self.layout.blank_choices}
        return players, names, options, data.get("rows")


@require_GET
def blank_index(request: HtmxHttpRequest) -> HttpResponse:
    """Every game's blank sheet, to pick one."""
    games = [(g.rules, g.paper.intro, g.paper.players, g.paper.default_players) for g in GAMES.values()]
    return render(request, "games/print/index.html", {"games": games})


@require_GET
def blank_sheet(request: HtmxHttpRequest, game: str) -> HttpResponse:
    """A blank sheet for a game and a number of players, names filled in if given."""
    if game not in GAMES:
        raise Http404("No such game.")
    form = BlankSheetForm(game, request.GET or None)
    valid = form.is_valid() if form.is_bound else True
    players, names, options, rows = form.settings()
    layout = GAMES[game].paper
    sheets = layout.blank(players=players, names=names, options=options, rows=rows)
    heading = Heading(
        game=GAMES[game].name,
        players=seat_names(game, names) if any(names) else [],
        options=layout.blank_heading_options(options),
        lines=layout.blank_lines(options, named=any(names)),
    )
    return render(
        request,
        "games/print/blank.html",
        {
            "game": game,
            "rules": GAMES[game].rules,
            "layout": layout,
            "form": form,
            "heading": heading,
            "sheets": sheets,
            "named": any(names),
        },
        status=200 if valid else 400,
    )
