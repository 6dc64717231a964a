"""What every game's table shares: the answers to a round's write, and starting a new game.

Each game's screens module or package (``bugger``, ``minibridge``...; the bidding games
through ``bidding.BiddingTable``) makes one ``Table``: it names the sheet's
templates and says what they are given and what is to be entered now. The answers
are then the same everywhere: a plain POST that worked redirects to the sheet
(post/redirect/get); htmx gets the entry panel plus whatever the write changed,
swapped out of band. A refusal answers 200 to htmx (the panel with the message)
and 400 to a plain POST (the whole sheet), always with the user's input kept.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render

from .. import services
from ..forms import ROW_ID_MAX, parse_int
from ..models import GameSession, Player
from ..rules import RoundInfo, RoundResult, RuleError, get_rules

CHANGED_MEANWHILE = "The game changed on another screen meanwhile; here it is as it stands now."


class Table:
    """One game's score sheet as answers to requests; a subclass fills in the hooks."""

    sheet_template = ""  # the whole sheet; its partial ``entry-panel`` is the panel
    update_template = ""  # the panel plus out-of-band swaps (what ``update_context`` marks)
    round_word = "Round"  # what the game calls a round ("Deal", "Hand"), for a stale write
    refresh_on_conflict: dict = {}  # what ``render_update`` is told when the panel was out of date

    # -- hooks -----------------------------------------------------------------

    def context(self, loaded, panel) -> dict:
        raise NotImplementedError

    def current_panel(self, loaded):
        """The panel for where the game stands now (the next thing to enter, or game over)."""
        raise NotImplementedError

    def update_context(self, loaded, context: dict, **changed) -> None:
        """Mark in the context what an htmx answer swaps besides the panel (default: as given)."""
        context.update(changed)

    def stale_message(self, number: int) -> str:
        word = self.round_word
        return (
            f"{word} {number} is not the {word.lower()} being entered; the sheet has been brought up to date."
        )

    # -- rendering -----------------------------------------------------------------

    def render_sheet(self, request, loaded, panel, status: int = 200):
        return render(request, self.sheet_template, self.context(loaded, panel), status=status)

    def render_panel(self, request, loaded, panel):
        return render(request, f"{self.sheet_template}#entry-panel", self.context(loaded, panel))

    def render_update(self, request, loaded, panel, **changed):
        """The entry panel, plus out-of-band swaps of what ``changed`` names."""
        context = self.context(loaded, panel)
        self.update_context(loaded, context, **changed)
        return render(request, self.update_template, context)

    # -- answers ---------------------------------------------------------------------

    def show(self, request, loaded, panel):
        """A GET of the sheet: only the panel when htmx asks to swap the panel, else the whole sheet."""
        if request.htmx and request.htmx.target == "entry-panel":
            return self.render_panel(request, loaded, panel)
        return self.render_sheet(request, loaded, panel)

    def show_correction(self, request, loaded, panel):
        """A GET of a correction form: with htmx only the panel (where it is always swapped)."""
        if request.htmx:
            return self.render_panel(request, loaded, panel)
        return self.render_sheet(request, loaded, panel)

    def refused(self, request, loaded, panel):
        """Nothing stored: the panel with the message and the input kept (400 to a plain POST)."""
        if request.htmx:
            return self.render_update(request, loaded, panel)
        return self.render_sheet(request, loaded, panel, status=400)

    def in_progress(self, request, loaded, panel):
        """Nothing stored yet (a chip tapped, a count checked): the panel as it now stands."""
        if request.htmx:
            return self.render_update(request, loaded, panel)
        return self.render_sheet(request, loaded, panel)

    def saved(self, request, loaded, note: str = "", **changed):
        """Stored: back to the sheet, or (htmx) the panel for what comes next plus what changed."""
        if not request.htmx:
            return to_sheet(loaded.session)
        panel = self.current_panel(loaded)
        if note:
            panel.note = note
        return self.render_update(request, loaded, panel, **changed)

    def changed_meanwhile(self, request, loaded):
        """Another phone (or a double tap) changed the game first: show it as it is now."""
        loaded = services.load_game(loaded.session)
        panel = self.current_panel(loaded)
        panel.error = CHANGED_MEANWHILE
        return self._out_of_date(request, loaded, panel)

    def stale(self, request, loaded, number: int):
        """A write for a round that is not the one it claims (an old page, a second tap, a tampered form)."""
        panel = self.current_panel(loaded)
        panel.error = self.stale_message(number)
        return self._out_of_date(request, loaded, panel)

    def _out_of_date(self, request, loaded, panel):
        if request.htmx:
            return self.render_update(request, loaded, panel, **self.refresh_on_conflict)
        return self.render_sheet(request, loaded, panel, status=400)


def to_sheet(session):
    return redirect("games:sheet", pk=session.pk)


def being_entered(loaded, number: int) -> RoundInfo | None:
    """The round being entered now, if it is round ``number``."""
    info = loaded.state.next_round
    if info is None or info.number != number:
        return None
    return info


def finished_round(loaded, number: int) -> RoundResult | None:
    """Round ``number`` if it is finished (only a finished round can be corrected)."""
    rounds = loaded.state.rounds
    if not 1 <= number <= len(rounds) or not rounds[number - 1].complete:
        return None
    return rounds[number - 1]


# -- a new game ------------------------------------------------------------------------------


def known_players(request) -> list[str]:
    """The user's players, offered in every name box."""
    return list(Player.objects.filter(owner=request.user).values_list("name", flat=True))


def previous_game(request, game: str | None = None) -> GameSession | None:
    """The user's own game named by ``?from=`` (of this game, when given), for "same players again"."""
    source = request.GET.get("from", "")
    if parse_int(source, 1, ROW_ID_MAX) is None:  # int() below then reads ASCII digits only
        return None
    games = GameSession.objects.filter(pk=int(source), owner=request.user)
    if game is not None:
        games = games.filter(game=game)
    return games.first()


def seated_names(session: GameSession | None, count: int | None = None) -> list[str]:
    """A game's players in seat order; [] for no game, or one not of ``count`` players when given."""
    if session is None:
        return []
    names = [s.player.name for s in session.seats.select_related("player").order_by("position")]
    return names if count is None or len(names) == count else []


def new_game_page(request, form, *, game: str, template: str, context=None, posted: bool | None = None):
    """The new-game page (templates/games/_new_game.html): a valid POST starts ``game`` and goes to its sheet.

    ``posted`` (default: a POST) says whether the form was sent to start the game; a
    form shown again after such a POST answers 400, with the messages beside the fields.
    """
    if posted is None:
        posted = request.method == "POST"
    if posted and form.is_valid():
        try:
            session = services.start_session(
                owner=request.user,
                game=game,
                player_names=form.cleaned_names,
                options=form.options(),
                first_dealer=form.cleaned_first_dealer,
            )
        except RuleError as exc:
            form.add_error(None, exc.message)
        else:
            drawn = form.drawn_message()
            if drawn:
                messages.info(request, drawn)
            return to_sheet(session)
    context = {"form": form, "game": game, "game_name": get_rules(game).name, **(context or {})}
    return render(request, template, context, status=400 if posted else 200)
