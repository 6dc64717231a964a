"""Bugger Bridge: the score sheet and the round entry on it.

Called through ``play.py``, which checks the login, the owner and the method.

Every write is a plain form POST that also works without JavaScript (it then
redirects back to the sheet); with htmx the answer is the entry panel plus the
rows and totals that changed, swapped in place. Refusals answer 200 to htmx
(so the panel with the message is swapped in) and 400 to a plain POST (the
whole sheet with the message), always with the user's input kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.shortcuts import redirect
from django.urls import reverse

from .. import services
from ..forms import NewBuggerGameForm, parse_int, parse_seat_numbers, rule_error_to_seat
from ..rules import RoundInfo, RuleError
from ..rules.base import SUITS
from ..rules.bugger_bridge import (
    PEAK_BY_PLAYERS,
    PENALTY_REASONS,
    REDEAL_PENALTY,
    BuggerBridge,
    bid_total_line,
)
from ..sheet import POINTS_TABLE, TRUMP_WORDS, Chip, EntryRow, bugger_rows, trump_text
from .common import HtmxHttpRequest
from .table import (
    Table,
    being_entered,
    finished_round,
    known_players,
    new_game_page,
    previous_game,
    seated_names,
)

SHEET = "games/sheet.html"


@dataclass
class Panel:
    """The entry panel under the sheet: what to enter now, and how it adds up so far."""

    phase: str  # "bids", "tricks", "edit", "over"
    info: RoundInfo | None = None
    rows: list[EntryRow] = field(default_factory=list)
    trick_rows: list[EntryRow] = field(default_factory=list)
    live: str = ""
    summary: list[str] = field(default_factory=list)
    error: str = ""
    trump: str = ""
    note: str = ""
    bid_line: str = ""
    dealer_name: str = ""
    leader_name: str = ""
    trump_text: str = ""

    def describe(self, names: list[str], recorded_trump: str = "") -> Panel:
        """Fill in who deals, who leads and the trumps, for the panel's heading."""
        if self.info is not None:
            self.dealer_name = names[self.info.dealer]
            self.leader_name = names[self.info.leader]
            self.trump_text = trump_text(self.info, recorded_trump)
        return self


def _badges(info: RoundInfo, seat: int) -> list[str]:
    badges = []
    if seat == info.leader:
        badges.append("bids first")
    if seat == info.dealer:
        badges.append("deals")
    return badges


def _forbidden(loaded, info: RoundInfo, bids: list[int | None]) -> int | None:
    if not loaded.state.options.get("hook"):
        return None
    others = [b for s, b in enumerate(bids) if s != info.dealer]
    if None in others:
        return None
    return loaded.session.rules.forbidden_dealer_bid(info, sum(others))


def bids_panel(loaded, info: RoundInfo, bids, errors=None, error="", trump="", note="") -> Panel:
    names = loaded.names
    errors = errors or {}
    forbidden = _forbidden(loaded, info, bids)
    rows = [
        EntryRow(
            seat=seat,
            name=names[seat],
            badges=_badges(info, seat),
            chips=[
                Chip(
                    value=v,
                    checked=bids[seat] == v,
                    struck=seat == info.dealer and v == forbidden,
                    title=f"Hook rule: the dealer may not bid {v}"
                    if seat == info.dealer and v == forbidden
                    else "",
                )
                for v in range(info.cards + 1)
            ],
            error=errors.get(seat, ""),
        )
        for seat in info.active
    ]
    entered = [b for b in bids if b is not None]
    missing = len(bids) - len(entered)
    plural = "s" if info.cards != 1 else ""
    live = f"Bids total {sum(entered)} for {info.cards} trick{plural}"
    if missing:
        live += f", {missing} player{'s' if missing != 1 else ''} still to bid"
    else:
        live += f": {bid_total_line(sum(entered), info.cards)}"
    panel = Panel(phase="bids", info=info, rows=rows, live=live, error=error, trump=trump, note=note)
    return panel.describe(names, trump)


def tricks_panel(loaded, info: RoundInfo, bids, tricks, errors=None, error="", phase="tricks") -> Panel:
    names = loaded.names
    errors = errors or {}
    rows = []
    for seat in info.active:
        rows.append(
            EntryRow(
                seat=seat,
                name=names[seat],
                badges=_badges(info, seat),
                bid=bids[seat],
                chips=[Chip(value=v, checked=tricks[seat] == v) for v in range(info.cards + 1)],
                error=errors.get(seat, ""),
            )
        )
    placed = sum(t for t in tricks if t is not None)
    if placed == info.cards:
        live = f"All {info.cards} tricks placed"
    elif placed < info.cards:
        live = f"{placed} of {info.cards} tricks placed, {info.cards - placed} still to place"
    else:
        live = f"{placed} tricks placed: {placed - info.cards} too many for {info.cards}"
    made = [names[s] for s in info.active if tricks[s] is not None and tricks[s] == bids[s]]
    missed = [
        f"{names[s]} (bid {bids[s]}, took {tricks[s]})"
        for s in info.active
        if tricks[s] is not None and tricks[s] != bids[s]
    ]
    summary = []
    if made:
        summary.append("Made: " + ", ".join(made))
    summary.append("Missed: " + (", ".join(missed) if missed else "nobody"))
    panel = Panel(phase=phase, info=info, rows=rows, live=live, summary=summary, error=error)
    panel.bid_line = f"Bids total {sum(bids)} for {info.cards}: {bid_total_line(sum(bids), info.cards)}"
    return panel.describe(names, (loaded.state.current.data.get("trump", "") if loaded.state.current else ""))


def current_panel(loaded) -> Panel:
    """The panel for where the game stands: bids, tricks, or game over."""
    state = loaded.state
    if state.finished or state.next_round is None:
        return Panel(phase="over")
    info = state.next_round
    current = state.current
    if current is None:
        return bids_panel(loaded, info, [None] * state.players)
    bids = current.data["bids"]
    return tricks_panel(loaded, info, bids, list(bids))


def _context(loaded, panel: Panel) -> dict:
    rules = loaded.session.rules
    rows = bugger_rows(loaded.state, loaded.names, rules)
    winners = [loaded.names[s] for s in loaded.state.winners]
    return {
        "session": loaded.session,
        "names": loaded.names,
        "rows": rows,
        "totals": loaded.state.totals,
        "leaders": rules.best(loaded.state.totals) if any(r.complete for r in loaded.state.rounds) else [],
        "state": loaded.state,
        "panel": panel,
        "winners": winners,
        "points_table": POINTS_TABLE,
        "suits": [(s, TRUMP_WORDS[s]) for s in SUITS],
        "penalty_reasons": PENALTY_REASONS.items(),
        "penalty_points": REDEAL_PENALTY,
        "hook": loaded.state.options.get("hook", False),
    }


class BuggerTable(Table):
    sheet_template = SHEET
    update_template = "games/sheet_update.html"
    refresh_on_conflict = {"all_rows": True, "totals": True}

    def context(self, loaded, panel):
        return _context(loaded, panel)

    def current_panel(self, loaded):
        return current_panel(loaded)

    def update_context(self, loaded, context, *, changed_rows=(), totals=False, all_rows=False):
        """Out of band: the rows numbered in ``changed_rows`` (or all rows), the totals and the tools."""
        context["oob_rows"] = [r for r in context["rows"] if r.number in set(changed_rows)]
        context["oob_totals"] = totals
        context["oob_all_rows"] = all_rows


TABLE = BuggerTable()
ACTIONS: dict = {}  # filled in below: action name -> (view, allowed methods)


def sheet(request: HtmxHttpRequest, session):
    loaded = services.load_game(session)
    panel = current_panel(loaded)
    phase = request.GET.get("phase")
    if phase == "bids" and loaded.state.next_round is not None:
        info = loaded.state.next_round
        current = loaded.state.current
        bids = (
            list(current.data["bids"])
            if current and not request.GET.get("fresh")
            else [None] * len(loaded.seats)
        )
        note = "Redeal: bid again." if request.GET.get("fresh") else ""
        panel = bids_panel(loaded, info, bids, note=note)
    return TABLE.show(request, loaded, panel)


def _parse(request, names, number: int, prefix: str, required: bool):
    """Bids (``prefix`` "bid") or tricks ("tricks") by seat, with a message per seat."""
    what = "bid" if prefix == "bid" else "tricks"
    return parse_seat_numbers(
        request.POST,
        prefix=prefix,
        players=len(names),
        required=required,
        round_number=number,
        names=names,
        what=what,
    )


def save_bids(request: HtmxHttpRequest, session, number: int):
    loaded = services.load_game(session)
    info = being_entered(loaded, number)
    if info is None:
        return TABLE.stale(request, loaded, number)
    names = loaded.names
    bids, errors = _parse(request, names, number, "bid", required=False)
    trump = request.POST.get("trump", "")
    allowed_trumps = ("none",) if info.trump == "none" else SUITS
    if trump and trump not in allowed_trumps:
        return TABLE.refused(
            request, loaded, bids_panel(loaded, info, bids, errors, "Pick trumps from the suits shown.")
        )
    rules = loaded.session.rules
    if not errors:
        try:
            rules.check_bids(info, bids, hook=loaded.state.options["hook"], names=names, partial=True)
        except RuleError as exc:
            errors, _ = rule_error_to_seat(exc)
    if errors:
        return TABLE.refused(request, loaded, bids_panel(loaded, info, bids, errors, trump=trump))
    if None in bids:
        if request.htmx and not request.POST.get("save"):
            # A chip tapped: show the running bid total; nothing is stored until all have bid.
            return TABLE.render_update(request, loaded, bids_panel(loaded, info, bids, trump=trump))
        missing = {s: f"Round {number}: {names[s]} has not bid." for s, b in enumerate(bids) if b is None}
        return TABLE.refused(request, loaded, bids_panel(loaded, info, bids, missing, trump=trump))
    current = loaded.state.current
    data = {"bids": bids}
    if trump:
        data["trump"] = trump
    if current is not None and current.data.get("penalties"):
        data["penalties"] = current.data["penalties"]
    try:
        loaded = services.save_round(session=loaded.session, number=number, data=data, loaded=loaded)
    except RuleError as exc:
        errors, message = rule_error_to_seat(exc)
        return TABLE.refused(request, loaded, bids_panel(loaded, info, bids, errors, message, trump=trump))
    except services.StaleVersion:
        return TABLE.changed_meanwhile(request, loaded)
    return TABLE.saved(request, loaded, changed_rows=[number])


def save_tricks(request: HtmxHttpRequest, session, number: int):
    loaded = services.load_game(session)
    info = being_entered(loaded, number)
    current = loaded.state.current
    if info is None or current is None:
        return TABLE.stale(request, loaded, number)
    bids = current.data["bids"]
    saving = bool(request.POST.get("save"))
    tricks, errors = _parse(request, loaded.names, number, "tricks", required=saving)
    if errors:
        return TABLE.refused(request, loaded, tricks_panel(loaded, info, bids, tricks, errors))
    if not saving:
        return TABLE.in_progress(request, loaded, tricks_panel(loaded, info, bids, tricks))
    data = dict(current.data, tricks=tricks)
    try:
        loaded = services.save_round(session=loaded.session, number=number, data=data, loaded=loaded)
    except RuleError as exc:
        errors, message = rule_error_to_seat(exc)
        return TABLE.refused(request, loaded, tricks_panel(loaded, info, bids, tricks, errors, message))
    except services.StaleVersion:
        return TABLE.changed_meanwhile(request, loaded)
    return TABLE.saved(request, loaded, changed_rows=[number, number + 1], totals=True)


def add_penalty(request: HtmxHttpRequest, session, number: int):
    """A redeal: the offender loses 10, the same dealer deals again and everyone bids again."""
    loaded = services.load_game(session)
    info = being_entered(loaded, number)
    current = loaded.state.current
    if info is None or current is None:
        return TABLE.stale(request, loaded, number)
    bids = current.data["bids"]
    seat = parse_int(request.POST.get("player"), 0, len(loaded.seats) - 1)
    reason = request.POST.get("reason", "")
    if seat not in info.active or reason not in PENALTY_REASONS:
        panel = tricks_panel(loaded, info, bids, list(bids))
        panel.error = "To record a redeal, pick who is at fault and why."
        return TABLE.refused(request, loaded, panel)
    penalties = [
        *current.data.get("penalties", []),
        {"player": seat, "points": REDEAL_PENALTY, "reason": reason},
    ]
    try:
        loaded = services.save_round(
            session=loaded.session, number=number, data=dict(current.data, penalties=penalties), loaded=loaded
        )
    except services.StaleVersion:
        return TABLE.changed_meanwhile(request, loaded)
    if not request.htmx:
        return redirect(reverse("games:sheet", args=[loaded.session.pk]) + "?phase=bids&fresh=1")
    name = loaded.names[seat]
    panel = bids_panel(
        loaded,
        info,
        [None] * len(loaded.seats),
        note=f"Round {number} is redealt by the same dealer; {name} loses {-REDEAL_PENALTY}. Bid again.",
    )
    return TABLE.render_update(request, loaded, panel, changed_rows=[number])


def edit_round(request: HtmxHttpRequest, session, number: int):
    """Correct a finished round: bids and tricks together; later totals follow."""
    loaded = services.load_game(session)
    result = finished_round(loaded, number)
    if result is None:
        return TABLE.stale(request, loaded, number)
    info = result.info
    if request.method == "GET":
        return TABLE.show_correction(
            request, loaded, edit_panel(loaded, info, result.data["bids"], result.data["tricks"])
        )
    bids, bid_errors = _parse(request, loaded.names, number, "bid", required=True)
    tricks, trick_errors = _parse(request, loaded.names, number, "tricks", required=True)
    if bid_errors or trick_errors:
        return TABLE.refused(
            request, loaded, edit_panel(loaded, info, bids, tricks, bid_errors, trick_errors)
        )
    data = dict(result.data, bids=bids, tricks=tricks)
    try:
        loaded = services.save_round(session=loaded.session, number=number, data=data, loaded=loaded)
    except RuleError as exc:
        errors, message = rule_error_to_seat(exc)
        by_bid = errors if exc.field == "bids" else {}
        by_tricks = errors if exc.field != "bids" else {}
        return TABLE.refused(
            request, loaded, edit_panel(loaded, info, bids, tricks, by_bid, by_tricks, message)
        )
    except services.StaleVersion:
        return TABLE.changed_meanwhile(request, loaded)
    return TABLE.saved(request, loaded, totals=True, all_rows=True)


def edit_panel(loaded, info, bids, tricks, bid_errors=None, trick_errors=None, error="") -> Panel:
    panel = bids_panel(loaded, info, bids, bid_errors, error)
    tricks_part = tricks_panel(loaded, info, [b if b is not None else 0 for b in bids], tricks, trick_errors)
    panel.phase = "edit"
    panel.trick_rows = tricks_part.rows
    panel.summary = tricks_part.summary
    panel.live = tricks_part.live
    return panel


def _schedule_lines():
    """For the new-game page: the rounds each table size plays."""
    lines = []
    for players, m in sorted(PEAK_BY_PLAYERS.items()):
        labels = [str(c) for c in range(1, m + 1)] + [f"{m}NT", f"{m}NT"] + [str(c) for c in range(m, 0, -1)]
        lines.append({"players": players, "rounds": len(labels), "labels": " · ".join(labels)})
    # Tables of 3 to 6 play the same 18 rounds: show them once.
    return [{"players": "3–6", **{k: v for k, v in lines[0].items() if k != "players"}}] + lines[4:]


def new_game(request: HtmxHttpRequest):
    """Seat the players, pick the first dealer and the hook rule."""
    form = NewBuggerGameForm(
        request.POST or None,
        known_names=known_players(request),
        initial_names=seated_names(previous_game(request)),
    )
    context = {"schedules": _schedule_lines()}
    return new_game_page(
        request, form, game=BuggerBridge.slug, template="games/new_bugger.html", context=context
    )


ACTIONS.update(
    {
        "bids": (save_bids, {"POST"}),
        "tricks": (save_tricks, {"POST"}),
        "penalty": (add_penalty, {"POST"}),
        "edit": (edit_round, {"GET", "POST"}),
    }
)
