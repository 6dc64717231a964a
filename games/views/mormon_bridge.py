"""Mormon Bridge at the table: regular, 4-card and elimination games with a Rook deck.

The flow (bids, then tricks, corrections) is the bidding games' (``bidding.py``).
Bids are shown together at the table, so they are tapped in any order and saved
when the last one is in. What a hand shows (its cards and trump colour, a regular
game's schedule, an elimination game's seating) is its screen's
(games/screen/mormon_bridge.py); this module adds what a refused bid says about
the two-player rule, and the new-game page with its "More seats".
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.forms import SeatingForm, WholeNumberField, parse_int
from games.rules.mormon_bridge import (
    ELIMINATION,
    FOUR_CARD,
    FOUR_CARDS,
    MODE_NAMES,
    MODES,
    REGULAR,
    TABLE_MAX,
)
from games.screen.bidding import name_list
from games.screen.mormon_bridge import MormonBridgeScreen, schedule_lines

from .bidding import BiddingTable
from .common import HtmxHttpRequest
from .table import just_started, known_players, new_game_page, previous_game, seated_names


class MormonBridgeTable(MormonBridgeScreen, BiddingTable):
    leader_words = "leads first"  # the bids are shown together

    def opening_line(self) -> str:
        return gettext("Bidding.")

    def watch_lines(self, loaded) -> list[str]:
        """A watcher's lines; in elimination, who is out too."""
        lines = super().watch_lines(loaded)
        info = loaded.state.next_round
        out = self.out_before(loaded, info.number) if info is not None else []
        if out:
            lines.append(gettext("Out: {names}.").format(names=name_list([loaded.names[s] for s in out])))
        return lines

    def bids_form_panel(self, form):
        """A refused bid: with two players left whose bids add up to 4, the hand is bid again."""
        exc, info, bids = form.refusal, form.info, form.bids
        two_left = len(info.active) == 2 and all(bids[s] is not None for s in info.active)
        if (
            exc is not None
            and two_left
            and sum(bids[s] for s in info.active) == FOUR_CARDS
            and exc.player is None
        ):
            # The hand is bid again under a new trump: fresh chips, the instruction on top.
            return self.bids_panel(form.loaded, info, [None] * len(bids), error=form.said(exc))
        return super().bids_form_panel(form)

    def new_game(self, request: HtmxHttpRequest):
        """Seat the players, choose the game (regular, 4-card, elimination), the first dealer and target."""
        slug = self.game.slug
        just = just_started(request, slug)  # Back from its sheet: this form as it started it
        previous = just or previous_game(request, slug)
        initial_names = seated_names(previous)
        initial = dict(previous.options) if previous else {}
        seats = _seat_count(request, initial_names)
        data = request.POST or None
        if request.method == "POST" and request.POST.get("more"):
            # More name boxes: show the form again as typed, nothing checked or stored yet.
            posted = request.POST
            initial = {k: posted.get(k) for k in ("mode", "target", "first_dealer") if posted.get(k)}
            initial_names = [posted.get(f"player_{i}", "") for i in range(seats)]
            data = None
        form = NewMormonForm(
            data,
            seats=seats,
            known_names=known_players(request),
            initial_names=initial_names,
            initial=initial,
            dealer_seats=TABLE_MAX,
        )
        if just is not None:
            form.initial["start"] = just.start_key
        context = {
            "seats": seats,
            "more_possible": seats < SEATS_MAX,
            "table_max": TABLE_MAX,
            "seats_hint": gettext(
                "4 to {most} players. In elimination any number from 4 may play: the first {most} sit down and the rest wait, in this order, for the seats of players who go out. Leave the seats you do not need empty."
            ).format(most=TABLE_MAX),
            "schedules": schedule_lines(),
        }
        template = f"{self.template_dir}/new.html"
        return new_game_page(
            request, form, game=self.game, template=template, context=context, posted=data is not None
        )


SEATS_START = 8  # name boxes on a fresh new-game page
SEATS_STEP = 6  # added by "More seats"
SEATS_MAX = 60


def _seat_count(request, names: list[str]) -> int:
    seats = parse_int(request.POST.get("seats"), 0, SEATS_MAX) or SEATS_START
    seats = max(seats, len(names), SEATS_START)
    if request.POST.get("more"):
        seats += SEATS_STEP
    return min(seats, SEATS_MAX)


MODE_HELP = {
    REGULAR: _("Hands of 1 card up to 6 and back down to 1 (fewer for big tables); most points wins."),
    FOUR_CARD: _("4 cards every hand; first alone at the top once someone reaches the target wins."),
    ELIMINATION: _("4 cards a hand, no points: miss your bid and you are out; last one left wins."),
}


class NewMormonForm(SeatingForm):
    """The players (any number from 4 in elimination), the game, the first dealer and the target."""

    min_players = 4
    too_few = _("Mormon Bridge needs at least 4 players: type a name in each seat.")
    mode = forms.ChoiceField(
        label=_("Game"),
        choices=[(m, _(MODE_NAMES[m])) for m in MODES],
        initial=REGULAR,
        widget=forms.RadioSelect,
    )
    target = WholeNumberField(
        label=_("Target score (4-card game)"),
        required=False,
        initial=100,
        min_value=1,
        max_value=1000,  # a typo guard: the rules set no upper limit
        help_text=_("After a hand, a player alone at the top with at least this total wins. Usually 100."),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )

    def drawable(self, players):
        return min(players, TABLE_MAX)

    def mode_choices(self):
        value = self["mode"].value() or REGULAR
        return [(m, gettext(MODE_NAMES[m]), MODE_HELP[m], m == value) for m in MODES]

    def clean(self):
        super().clean()
        cleaned = self.cleaned_data
        names = getattr(self, "cleaned_names", [])
        if cleaned.get("mode") in (REGULAR, FOUR_CARD) and len(names) > TABLE_MAX:
            self.add_error(
                None,
                gettext(
                    "{mode} Mormon Bridge takes at most {most} players ({count} named); only elimination lets more players wait for a place."
                ).format(mode=gettext(MODE_NAMES[cleaned["mode"]]), most=TABLE_MAX, count=len(names)),
            )
        if cleaned.get("target") is None and "target" not in self.errors:
            cleaned["target"] = 100
        return cleaned

    def options(self):
        return {"mode": self.cleaned_data["mode"], "target": self.cleaned_data["target"]}
