"""Mormon Bridge's table: regular, 4-card and elimination games with a Rook deck's trump colours."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, override

from django import forms
from django.http import HttpResponse, QueryDict
from django.utils.translation import gettext, gettext_lazy, gettext_noop, ngettext
from django.utils.translation import gettext_lazy as _

from games.forms import SeatingForm, WholeNumberField, parse_int
from games.paper import Cell, Row
from games.registry import and_list
from games.rules import RoundInfo, RoundResult
from games.rules.mormon_bridge import (
    ELIMINATION,
    FOUR_CARD,
    FOUR_CARDS,
    MODE_NAMES,
    MODES,
    REGULAR,
    TABLE_MAX,
    MormonBridge,
    hand_points,
)
from games.services import LoadedGame
from games.table import new_game_form, new_game_page
from games.table.bidding import BiddingTable, BidsForm, Panel, by_table_size, signed
from games.views.common import HtmxHttpRequest

if TYPE_CHECKING:  # django-stubs-ext is a development requirement
    from django_stubs_ext import StrOrPromise

# The chips say only the colour or "Rook"; the panel then says what the Rook means ("trump_text").
ROOK_WORDS: dict[str, StrOrPromise] = {
    "red": gettext_lazy("Red"),
    "yellow": gettext_lazy("Yellow"),
    "green": gettext_lazy("Green"),
    "black": gettext_lazy("Black"),
}
SEATS_START = 8  # name boxes on a fresh new-game page
SEATS_STEP = 6  # added by "More seats"
SEATS_MAX = 60


def out_before(loaded: LoadedGame, number: int) -> list[int]:
    """Seats out before hand ``number`` (elimination)."""
    rounds = loaded.state.rounds
    return list(rounds[number - 2].out or []) if 2 <= number <= len(rounds) + 1 else []


class MormonBridgeTable(BiddingTable[MormonBridge]):
    sheet_template = "games/mormon_bridge/sheet.html"
    round_word = "Hand"
    leader_badge = gettext_lazy("leads")
    leader_words = gettext_noop("leads first")  # the bids are shown together
    trump_words = ROOK_WORDS | {"rook": gettext_lazy("Rook")}
    trump_swatch = True
    wide_from = 4

    @staticmethod
    def mode(loaded: LoadedGame) -> str:
        return str(loaded.state.options["mode"])

    def hand_sizes(self, players: int) -> list[int]:
        """The cards dealt in each hand of a regular game."""
        return [info.dealt for info in self.rules.schedule(players, 0)]

    @override
    def trump_text(self, info: RoundInfo, recorded: str = "") -> str:
        if recorded == "rook":
            return gettext("Rook turned up: the first card led decides trumps")
        if recorded:
            return gettext("{colour} trumps").format(colour=ROOK_WORDS.get(recorded, recorded.title()))
        return gettext("Trump card turned up")

    @override
    def row_infos(self, loaded: LoadedGame) -> list[RoundInfo]:
        if self.mode(loaded) == REGULAR:
            return self.rules.schedule(loaded.state.players, loaded.state.first_dealer)
        return super().row_infos(loaded)

    @override
    def row_label(self, loaded: LoadedGame, info: RoundInfo) -> str:
        return str(info.cards if self.mode(loaded) == REGULAR else info.number)

    @override
    def cell(self, loaded: LoadedGame, info: RoundInfo, result: RoundResult | None, seat: int) -> Cell:
        if self.mode(loaded) != ELIMINATION or seat in info.active:
            return super().cell(loaded, info, result, seat)
        if seat in out_before(loaded, info.number):
            return Cell(cls="gone")
        return Cell(cls="waiting", text=gettext("waits"))

    @override
    def fill_played(self, loaded: LoadedGame, result: RoundResult, seat: int, cell: Cell) -> None:
        if self.mode(loaded) != ELIMINATION:
            return super().fill_played(loaded, result, seat, cell)
        if self.made(result.data["bids"][seat], result.data["tricks"][seat]):
            cell.text, cell.cls = "✓", "made"
        elif result.facts["everyone_missed"]:
            cell.text, cell.cls = "✗", "missed"
        else:
            cell.text, cell.cls = gettext("out"), "out"
        cell.explain = f"{loaded.names[seat]}: {result.explain[seat]}"

    @override
    def explain_heading(self, loaded: LoadedGame, info: RoundInfo, trump: str) -> str:
        """ "Hand 3 (4 cards, Red trumps)": the hand, its cards, and the trumps recorded."""
        cards = ngettext("{count} card", "{count} cards", info.dealt).format(count=info.dealt)
        if not trump:
            return gettext("Hand {number} ({cards})").format(number=info.number, cards=cards)
        said = gettext("Hand {number} ({cards}, {trumps})")
        return said.format(number=info.number, cards=cards, trumps=self.trump_text(info, trump))

    @override
    def screen(self, loaded: LoadedGame, first: int = 1, last: int = 0) -> tuple[list[Row], list[Row]]:
        """Elimination: where each player stands now, instead of the totals, under the rows."""
        rows, foot = super().screen(loaded, first, last)
        if self.mode(loaded) != ELIMINATION:
            return rows, foot
        state = loaded.state
        out_at = {seat: r.info.number for r in state.rounds for seat in r.facts.get("out_now", [])}
        table = set(self.rules.at_table(state.players, set(out_at)))
        cells = [Cell(text=gettext("Now"), head=True, cls="round-col")]
        for seat in range(state.players):
            if seat in state.winners and state.finished:
                cells.append(Cell(text=gettext("wins"), cls="leader"))  # words, not an emoji a phone may lack
            elif seat in out_at:
                cells.append(Cell(text=gettext("out {number}").format(number=out_at[seat]), cls="out"))
            elif seat in table:
                cells.append(Cell(text=gettext("in"), cls="in"))
            else:
                cells.append(Cell(text=gettext("waits"), cls="waiting"))
        return rows, [Row(cells, cls="totals-row standing")]

    @override
    def context(self, loaded: LoadedGame, panel: Panel) -> dict[str, object]:
        state, mode = loaded.state, self.mode(loaded)
        elimination, sizes = mode == ELIMINATION, self.hand_sizes(state.players)
        css = "bidding-sheet elimination" if elimination else "bidding-sheet"
        context = super().context(loaded, panel) | {
            "mode_name": gettext(MODE_NAMES[mode]),
            "elimination": elimination,
            "target": state.options["target"] if mode == FOUR_CARD else None,
            "hands": len(sizes) if mode == REGULAR else None,
            "sizes": " · ".join(map(str, sizes)),
            "seated": min(state.players, TABLE_MAX),
            "sheet_css": f"{css} many" if state.players > 6 else css,
        }
        if elimination and not state.finished_early:
            context["win_detail"] = gettext(": {reason}").format(reason=self.rules.win_reason(state.options))
        elif not elimination and state.totals is not None:
            context["winner_total"] = state.totals[state.winners[0]] if len(state.winners) == 1 else None
        return context

    @override
    def status(self, loaded: LoadedGame) -> list[str]:
        state, names, mode = loaded.state, loaded.names, self.mode(loaded)
        done = [r for r in state.rounds if r.complete]
        if mode == ELIMINATION:
            out = set(done[-1].out or []) if done else set()
            table, waiting = self.rules.at_table(state.players, out), self.rules.waiting(state.players, out)
            still = state.players - len(out)
            if not waiting:
                said = ngettext("{count} player still in.", "{count} players still in.", still)
                return [said.format(count=still)]
            said = ngettext(
                "{count} player still in: {table} at the table, {waiting} waiting ({names}).",
                "{count} players still in: {table} at the table, {waiting} waiting ({names}).",
                still,
            )
            who = ", ".join(names[s] for s in waiting)
            return [said.format(count=still, table=len(table), waiting=len(waiting), names=who)]
        if mode == FOUR_CARD:
            opening = gettext("4 cards a hand; first to {target} alone at the top wins.")
            goes_on = gettext(
                "Play goes on: {who} share the lead at {top}, at or past the target of {target}; the next hand that leaves one player alone at the top decides."
            )
            return self.race_status(loaded, opening, goes_on)
        sizes = self.hand_sizes(state.players)
        if not done:
            said = gettext("{count} hands of {sizes} cards; most points after the last wins.")
            return [said.format(count=len(sizes), sizes=" · ".join(map(str, sizes)))]
        alone = gettext("{who} leads with {top} after hand {number} of {hands}.")
        shared = gettext("{who} share the lead with {top} after hand {number} of {hands}.")
        return [self.who_leads(loaded, alone, shared, number=done[-1].info.number, hands=len(sizes))]

    @override
    def heading_facts(self, loaded: LoadedGame, info: RoundInfo) -> list[str]:
        if self.mode(loaded) != ELIMINATION:
            return []
        names, state = loaded.names, loaded.state
        at_table = len(info.active)
        said = ngettext("At the table: {count} player.", "At the table: {count} players.", at_table)
        facts = [said.format(count=at_table)]
        joining = state.rounds[info.number - 2].facts.get("joining", []) if info.number >= 2 else []
        if joining:
            said = gettext("Sitting down in the freed seats this hand: {names}.")
            facts.append(said.format(names=and_list([names[s] for s in joining])))
        waiting = self.rules.waiting(state.players, out_before(loaded, info.number))
        if waiting:
            said = gettext("Waiting for a place, in order: {names}.")
            facts.append(said.format(names=", ".join(names[s] for s in waiting)))
        if at_table == 2:
            facts.append(
                gettext(
                    "Two players left: bids adding up to 4 are not allowed; turn a new trump and bid again."
                )
            )
        return facts

    @override
    def outcome_name(self, name: str, bid: int, took: int, made: bool) -> str:
        """The name and the points (a point a trick, 10 more for the exact bid); a miss says the bid and tricks."""
        points = signed(hand_points(bid, took))
        if made:
            return f"{name} {points}"
        return gettext("{name} (bid {bid}, took {took}) {points}").format(
            name=name, bid=bid, took=took, points=points
        )

    @override
    def outcome(self, loaded: LoadedGame, info: RoundInfo, bids: list[int], tricks: list[int]) -> list[str]:
        """Elimination: who stays in and who is out (everyone stays when everyone missed)."""
        if self.mode(loaded) != ELIMINATION:
            return super().outcome(loaded, info, bids, tricks)
        names = loaded.names
        made = [names[s] for s in info.active if bids[s] == tricks[s]]
        if not made:
            return [gettext("Everyone missed: nobody is out this hand.")]
        missed = [s for s in info.active if bids[s] != tricks[s]]
        out = [super().outcome_name(names[s], bids[s], tricks[s], False) for s in missed]
        stay = gettext("Stay in: {names}").format(names=", ".join(made))
        return [stay, gettext("Out: {names}").format(names=", ".join(out)) if out else gettext("Out: nobody")]

    @override
    def watch_lines(self, loaded: LoadedGame) -> list[str]:
        """A watcher's lines; in elimination, who is out too."""
        lines = super().watch_lines(loaded)
        info = loaded.state.next_round
        out = out_before(loaded, info.number) if info is not None else []
        if out:
            lines.append(gettext("Out: {names}.").format(names=and_list([loaded.names[s] for s in out])))
        return lines

    @override
    def bids_form_panel(self, form: BidsForm) -> Panel:
        """A refused bid: with two players left whose bids add up to 4, the hand is bid again."""
        exc, info, bids = form.refusal, form.info, form.bids
        bid = [b for s in info.active if (b := bids[s]) is not None]
        two_make_four = len(info.active) == len(bid) == 2 and sum(bid) == FOUR_CARDS
        if exc is not None and exc.player is None and two_make_four:
            # The hand is bid again under a new trump: fresh chips, the instruction on top.
            return self.bids_panel(form.loaded, info, [None] * len(bids), error=form.words(exc.message))
        return super().bids_form_panel(form)

    def new_game(self, request: HtmxHttpRequest) -> HttpResponse:
        """Seat the players, choose the game (regular, 4-card, elimination), the first dealer and target."""
        sent = request.POST
        more = bool(sent.get("more"))  # more name boxes: the form again as typed, nothing checked or stored
        asked = parse_int(sent.get("seats"), 0, SEATS_MAX) or SEATS_START

        def build(data: QueryDict | None, *, initial_names: list[str], **kwargs: Any) -> NewMormonForm:
            seats = max(asked, len(initial_names), SEATS_START)
            if more:
                seats = min(seats + SEATS_STEP, SEATS_MAX)
                kwargs["initial"] = {
                    k: sent.get(k) for k in ("mode", "target", "first_dealer") if sent.get(k)
                }
                data, initial_names = None, [sent.get(f"player_{i}", "") for i in range(seats)]
            return NewMormonForm(data, seats=min(seats, SEATS_MAX), initial_names=initial_names, **kwargs)

        form = new_game_form(request, build, self.game.slug, same_game=True)
        context = {
            "seats": form.seats,
            "more_possible": form.seats < SEATS_MAX,
            "table_max": TABLE_MAX,
            "seats_hint": gettext(
                "4 to {most} players. In elimination any number from 4 may play: the first {most} sit down and the rest wait, in this order, for the seats of players who go out. Leave the seats you do not need empty."
            ).format(most=TABLE_MAX),
            # The hands a regular game deals, by table size.
            "schedules": [
                {"players": players, "hands": len(sizes), "sizes": " · ".join(map(str, sizes))}
                for players, sizes in by_table_size(range(4, TABLE_MAX + 1), self.hand_sizes)
            ],
        }
        template, posted = "games/mormon_bridge/new.html", bool(sent) and not more
        return new_game_page(request, form, game=self.game, template=template, context=context, posted=posted)


MODE_HELP = {
    REGULAR: _("Hands of 1 card up to 6 and back down to 1 (fewer for big tables); most points wins."),
    FOUR_CARD: _("4 cards every hand; first alone at the top once someone reaches the target wins."),
    ELIMINATION: _("4 cards a hand, no points: miss your bid and you are out; last one left wins."),
}


class NewMormonForm(SeatingForm):
    """The players (any number from 4 in elimination), the game, the first dealer and the target."""

    min_players = 4
    dealer_seats = TABLE_MAX
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

    def mode_choices(self) -> list[tuple[str, str, StrOrPromise, bool]]:
        value = self["mode"].value() or REGULAR
        return [(m, gettext(MODE_NAMES[m]), MODE_HELP[m], m == value) for m in MODES]

    def clean(self) -> dict[str, object]:
        super().clean()
        cleaned = self.cleaned_data
        names = getattr(self, "cleaned_names", [])
        if cleaned.get("mode") in (REGULAR, FOUR_CARD) and len(names) > TABLE_MAX:
            said = gettext(
                "{mode} Mormon Bridge takes at most {most} players ({count} named); only elimination lets more players wait for a place."
            )
            mode = gettext(MODE_NAMES[cleaned["mode"]])
            self.add_error(None, said.format(mode=mode, most=TABLE_MAX, count=len(names)))
        if cleaned.get("target") is None and "target" not in self.errors:
            cleaned["target"] = 100
        return cleaned
