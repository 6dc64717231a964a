"""Printing: any session as its paper sheet, and blank sheets to play on paper.

Print pages stand alone (templates/games/print/base.html with static/css/print.css):
no navigation, buttons or backgrounds on paper, rows never cut across pages.
The sheets themselves are drawn by games.paper from the replayed game or from
the rules' schedules, so every game prints without its table screens.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.utils import dateformat, timezone
from django.views.decorators.http import require_GET

from .. import paper, services
from ..models import GameSession
from ..players import MAX_NAME
from ..rules import GAMES
from ..rules.minibridge import SIDE_NAMES
from ..rules.mormon_bridge import ELIMINATION, MODE_NAMES, MODES, REGULAR, TABLE_MAX, peak
from .common import HtmxHttpRequest, owned_session

# Player counts a blank sheet is printed for (the rules' limits; Mormon elimination
# prints the 14 seats at the table).
PLAYER_COUNTS = {
    "bugger-bridge": range(3, 11),
    "mormon-bridge": range(4, TABLE_MAX + 1),
    "call-bridge": range(4, 5),
    "minibridge": range(4, 5),
    "memory-bridge": range(2, 3),
}
DEFAULT_PLAYERS = {
    "bugger-bridge": 5,
    "mormon-bridge": 6,
    "call-bridge": 4,
    "minibridge": 4,
    "memory-bridge": 2,
}
ROWS_CHOICE_GAMES = {"call-bridge", "mormon-bridge", "minibridge", "memory-bridge"}
BLANK_INTRO = {
    "bugger-bridge": "Round labels and the points table as the paper sheet has them; the schedule depends on "
    "how many play.",
    "mormon-bridge": "The hand sizes of the game you choose; bids in the corner, totals in the box.",
    "call-bridge": "A bid and a score column for each of the four players, with the bonus-bid rule at the foot.",
    "minibridge": "The personal score sheet from the rules: one page for each player you name.",
    "memory-bridge": "Both halves of every deal for the two players.",
}


def day(value) -> str:
    return dateformat.format(timezone.localtime(value), "D j M Y")


@dataclass
class Heading:
    """What the top of a printed sheet says."""

    game: str
    date: str = ""  # empty: a line to write the date on
    players: list[str] = field(default_factory=list)
    options: list[str] = field(default_factory=list)
    result: str = ""
    lines: list[str] = field(default_factory=list)  # labels of lines to fill in by hand


def seat_names(game: str, names: list[str]) -> list[str]:
    """Players as the heading lists them: with their seats in Minibridge."""
    seats = GAMES[game].seats
    if seats:
        return [f"{seat}: {name}" if name else f"{seat}:" for seat, name in zip(seats, names, strict=False)]
    return list(names)


def and_list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def result_text(session: GameSession, state, names: list[str]) -> str:
    """The game's outcome in words, or how far it has got."""
    game = session.game
    complete = sum(1 for r in state.rounds if r.complete)
    if not state.finished:
        if not state.rounds:
            return "Not started: no round recorded yet."
        total = None
        if game == "bugger-bridge":
            total = len(GAMES[game].schedule(len(names), session.first_dealer))
        elif game == "mormon-bridge" and state.options.get("mode") == REGULAR:
            total = 2 * peak(len(names)) - 1
        word = "hand" if game == "mormon-bridge" else ("round" if game == "bugger-bridge" else "deal")
        plural = "s" if (total or complete) != 1 else ""
        played = f"{complete} of {total}" if total else str(complete)
        return f"In progress: {played} {word}{plural} played."
    winners = state.winners
    early = " (ended early)" if state.finished_early else ""
    if not winners:
        return f"Finished{early}: no round was played."
    if game == "mormon-bridge" and state.options.get("mode") == ELIMINATION:
        return f"{names[winners[0]]} wins: the last player left{early}."
    if game == "minibridge":
        side = "NS" if winners[0] % 2 == 0 else "EW"
        total = state.totals[winners[0]]
        if len(winners) > 2:
            return f"Shared win: both sides have {total}{early}."
        pair = f"{names[winners[0]]} & {names[(winners[0] + 2) % 4]}"
        return f"{SIDE_NAMES[side]} ({pair}) win with {total}{early}."
    total = state.totals[winners[0]] if state.totals else None
    with_total = f" with {paper.number(total)}" if total is not None else ""
    if len(winners) == 1:
        return f"{names[winners[0]]} wins{with_total}{early}."
    return f"Shared win: {and_list([names[s] for s in winners])}{with_total}{early}."


def session_heading(session: GameSession, loaded) -> Heading:
    names = loaded.names
    date = day(session.created)
    if session.finished_at and timezone.localdate(session.finished_at) != timezone.localdate(session.created):
        date += f" to {day(session.finished_at)}"
    return Heading(
        game=session.get_game_display(),
        date=date,
        players=seat_names(session.game, names),
        options=paper.options_lines(session.game, session.options),
        result=result_text(session, loaded.state, names),
    )


@login_required
@require_GET
def print_session(request: HtmxHttpRequest, pk: int):
    """A session's sheet as it prints, finished or not."""
    session = owned_session(request, pk)
    loaded = services.load_game(session)
    return render(
        request,
        "games/print/session.html",
        {
            "session": session,
            "heading": session_heading(session, loaded),
            "sheets": paper.filled_sheets(session.game, loaded.state, loaded.names),
        },
    )


# -- blank sheets -------------------------------------------------------------------------------


class BlankSheetForm(forms.Form):
    """How many play, their names, and the game's choices that change the sheet."""

    players = forms.TypedChoiceField(coerce=int, label="Players", required=False, empty_value=None)
    mode = forms.ChoiceField(
        required=False, label="Game", choices=[(m, MODE_NAMES[m]) for m in MODES], initial=REGULAR
    )
    rows = forms.IntegerField(
        required=False, min_value=1, max_value=paper.MAX_BLANK_ROWS, label="Rows (deals or hands)"
    )

    def __init__(self, game: str, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        counts = PLAYER_COUNTS[game]
        self.fields["players"].choices = [(n, str(n)) for n in counts]
        self.fields["players"].initial = DEFAULT_PLAYERS[game]
        if game != "mormon-bridge":
            del self.fields["mode"]
        if game not in ROWS_CHOICE_GAMES:
            del self.fields["rows"]
        seats = GAMES[game].seats
        for i in range(counts[-1]):
            self.fields[f"name_{i}"] = forms.CharField(
                required=False,
                max_length=MAX_NAME,
                label=seats[i] if seats else f"Seat {i + 1}",
                widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "words"}),
            )

    def players_shown(self) -> int:
        value = self.data.get("players") if self.is_bound else None
        try:
            count = int(value)
        except (TypeError, ValueError):
            return DEFAULT_PLAYERS[self.game]
        return count if count in PLAYER_COUNTS[self.game] else DEFAULT_PLAYERS[self.game]

    def name_fields(self):
        return [self[f"name_{i}"] for i in range(self.players_shown())]

    def settings(self) -> tuple[int, list[str], dict, int | None]:
        """(players, names, options, rows) from the valid fields, defaults for the rest."""
        data = self.cleaned_data if self.is_bound else {}
        players = data.get("players") or self.players_shown()
        names = [" ".join((data.get(f"name_{i}") or "").split()) for i in range(players)]
        options = {"mode": data.get("mode") or REGULAR} if self.game == "mormon-bridge" else {}
        return players, names, options, data.get("rows")


@require_GET
def blank_index(request: HtmxHttpRequest):
    """Every game's blank sheet, to pick one."""
    games = [
        (rules, BLANK_INTRO[slug], PLAYER_COUNTS[slug], DEFAULT_PLAYERS[slug])
        for slug, rules in GAMES.items()
    ]
    return render(request, "games/print/index.html", {"games": games})


@require_GET
def blank_sheet(request: HtmxHttpRequest, game: str):
    """A blank sheet for a game and a number of players, names filled in if given."""
    if game not in GAMES:
        raise Http404("No such game.")
    form = BlankSheetForm(game, request.GET or None)
    valid = form.is_valid() if form.is_bound else True
    players, names, options, rows = form.settings()
    sheets = paper.blank_sheets(game, players=players, names=names, options=options, rows=rows)
    heading = Heading(
        game=GAMES[game].name,
        players=seat_names(game, names) if any(names) else [],
        options=paper.options_lines(game, options) if game == "mormon-bridge" else [],
        lines=blank_lines(game, options, named=any(names)),
    )
    return render(
        request,
        "games/print/blank.html",
        {
            "game": game,
            "rules": GAMES[game],
            "form": form,
            "heading": heading,
            "sheets": sheets,
            "named": any(names),
        },
        status=200 if valid else 400,
    )


def blank_lines(game: str, options: dict, *, named: bool) -> list[str]:
    """Lines to fill in by hand at the top of a blank sheet."""
    lines = ["Date"]
    if game == "call-bridge":
        lines.append("Target (usually 30)")
    elif game == "mormon-bridge" and options.get("mode") == "four-card":
        lines.append("Target (usually 100)")
    elif game == "minibridge":
        lines.append("Deals or target")
    elif game == "memory-bridge":
        lines.append("Target (usually 500)")
        if not named:
            lines += ["Player A", "Player B"]
    return lines
