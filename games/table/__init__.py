"""What every game's table shares: the answers to a round's write, the sheet drawn and cached, new games.

A game's table (a ``Table`` subclass, built by its registry entry) names its sheet's templates and
says what they are given and what is to be entered now. The answers are the same everywhere: a
plain POST that worked redirects to the sheet; htmx gets the entry panel plus whatever the write
changed, out of band. A refusal answers 200 to htmx (the panel with the message) and 400 to a
plain POST (the whole sheet), the input kept. The sheet's rows are the paper layout's, drawn in one
pass of plain Python and cached under the game's version (every write moves it).
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache, partial
from html import escape  # The standard library's: Django's wraps each call, hundreds per panel or sheet.
from typing import Protocol

from django.conf import settings
from django.contrib import messages
from django.core.cache import caches
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template import Context as TemplateContext
from django.template.loader import render_to_string
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, gettext_noop, ngettext
from django_htmx.http import trigger_client_event

from games import services
from games.accounts.throttle import games_quota_reached, spend
from games.figures import card
from games.forms import ROW_ID_MAX, SeatingForm, parse_int
from games.models import GameSession, Player, Seat
from games.paper import Cell, Row
from games.registry import Game, rank
from games.rules import GameState, RoundInfo, RoundResult, RuleError
from games.rules.base import in_words
from games.services import LoadedGame
from games.table.forms import Chip, RoundForm
from games.views.accounts import let_in_as_guest
from games.views.common import HtmxHttpRequest

OUT_OF_DATE = gettext_noop("This page was out of date; here is the game as it stands now.")
# What a refused write says happened since its page was drawn, by the kind of change logged.
CHANGE_LINES = {
    "bids": gettext_noop("{word} {round}'s bids were saved on another phone: {what}."),
    "entered": gettext_noop("{word} {round} was started on another phone."),
    "saved": gettext_noop("{word} {round} was saved on another phone: {what}."),
    "corrected": gettext_noop("{word} {round} was corrected on another phone: {what}."),
    "redealt": gettext_noop("{word} {round} was redealt on another phone."),
    "undone": gettext_noop("{word} {round} was taken back on another phone."),
    "ended": gettext_noop("The game was ended on another phone."),
    "reopened": gettext_noop("The game was reopened on another phone."),
}
CHANGES_SAID = 3  # a refusal names at most this many changes, the latest ones


def version_in(raw: str) -> int | None:
    """A game's version as a page sends it (a form's ``version``, a live check's ``v``), or None."""
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 9 else None


def posted_key(request: HttpRequest) -> str:
    """The submit's key bound to what it says: "<the form's key>.<digest of its URL and fields>".

    The same form sent again with the same values (a double tap, a resend) has the same key and is
    answered as saved; sent with other values it does not, and ``services.key_spent`` tells it apart
    from a submit never seen. "" for no key.
    """
    key = request.POST.get("key", "")
    if not (key and key.isascii() and len(key) <= 64 and all(c.isalnum() or c in "-_" for c in key)):
        return ""
    fields = sorted((name, values) for name, values in request.POST.lists() if name != "csrfmiddlewaretoken")
    said = json.dumps([request.path, fields])  # a lone surrogate is written escaped, never encoded
    return f"{key}.{hashlib.sha256(said.encode()).hexdigest()[:16]}"


def write_fields(context: TemplateContext) -> str:
    """``{% write_fields %}``: the CSRF token, the game's version the page was drawn from, and a fresh key
    for this submit. The server applies a write only on that version, and knows a submit sent twice
    by its key. A page drawn to be kept in the cache has placeholders for the token and the keys
    (games/views/pagecache.py)."""
    return format_html(
        '<input type="hidden" name="csrfmiddlewaretoken" value="{}">'
        '<input type="hidden" name="version" value="{}">'
        '<input type="hidden" name="key" value="{}">',
        context.get("csrf_token") or get_token(context["request"]),
        context["session"].version,
        context.get("write_key") or secrets.token_urlsafe(12),
    )


def game_tools(context: TemplateContext) -> SafeString:
    """``{% game_tools %}``: Undo, end-early and reopen, the same on every sheet, and the live check every
    sheet makes (its data attributes tell static/js/app.js where to check for changes and which version the
    page shows). Drawn here rather than by a template: every save's answer draws it again.

    From the context besides the sheet's: ``word``, what a round is called in this game ("round", "deal",
    "hand"); ``end_hint``, who wins if the game ends now; ``oob``, drawn for an htmx out-of-band swap.
    """
    session, state, can_write = context["session"], context["state"], context.get("can_write")
    pk = session.pk
    flags = (" data-writes" if can_write else "") + (" data-over" if state.finished else "")
    flags += ' hx-swap-oob="true"' if context.get("oob") else ""
    tools = f'<div id="game-tools" class="game-tools" data-live-url="{escape(context["live_url"])}" data-version="{session.version}" data-game="{pk}"{flags}>\n'
    if can_write:
        said = {"round": escape(in_words(str(context.get("word") or "")))}
        posts = ' hx-target="#entry-panel" hx-swap="outerHTML" hx-disabled-elt="find button"'
        if not state.finished:
            if state.rounds:
                info = state.rounds[-1].info
                said |= {"number": info.number, "label": escape(info.label)}
                if info.label != str(info.number):
                    confirm = gettext(
                        "Take back %(round)s %(number)s (%(label)s) and everything entered for it?"
                    )
                else:
                    confirm = gettext("Take back %(round)s %(number)s and everything entered for it?")
                url = escape(game_url("undo", pk))
                tools += (
                    f'<form method="post" action="{url}" hx-post="{url}"{posts} hx-confirm="{confirm % said}">\n'
                    f'{write_fields(context)}<input type="hidden" name="round" value="{info.number}">\n'
                    f'<button type="submit">{gettext("Undo last %(round)s") % said}</button>\n</form>\n'
                )
            url = escape(game_url("end", pk))
            dropped = gettext(
                "A %(round)s still being entered is dropped. You can reopen the game afterwards."
            )
            tools += (
                f'<details class="end-game">\n<summary>{gettext("End the game now…")}</summary>\n'
                f'<form method="post" action="{url}" hx-post="{url}"{posts}>\n{write_fields(context)}\n'
                f'<p class="hint">{conditional_escape(context.get("end_hint") or "")} {dropped % said}</p>\n'
                f'<button type="submit" class="danger">{gettext("End game now")}</button>\n</form>\n</details>\n'
            )
        elif state.finished_early:
            url = escape(game_url("reopen", pk))
            tools += (
                f'<form method="post" action="{url}" hx-post="{url}"{posts}>\n'
                f'{write_fields(context)}<button type="submit">{gettext("Reopen the game")}</button>\n'
                f'<span class="hint">{gettext("It was ended early; reopen it to play on.")}</span>\n</form>\n'
            )
        if context.get("is_owner"):
            share = escape(game_url("share", pk))
            tools += f'<p class="share-line"><a class="button" href="{share}">{gettext("Share this game…")}</a></p>\n'
    return mark_safe(tools + "</div>\n")  # noqa: S308 (every text in it is escaped, or a translation)


def seat_row(row: EntryRow, prefix: str, field: str, suffix: str = "", show_bid: bool = False) -> SafeString:
    """``{% seat_row row prefix field suffix show_bid %}``: one player's row of one-tap chips (radio buttons),
    all on one line: who is in the first column (their name; under it their bid, badges and place so far,
    small), the chips in the rest. Drawn here rather than by a template: an entry panel has dozens of
    chips, and an htmx answer draws them all again.

    ``prefix``: the id prefix, unique per form; ``field``: the POST name prefix (``<field>_<seat>``);
    ``suffix``: text after the name; ``show_bid``: mark the chip equal to the bid and say "bid N".
    """
    at = escape(f"{prefix}-name-{row.seat}")
    facts = []
    if show_bid and row.bid is not None:
        facts.append(f'<span class="bidtag">{gettext("bid %(bid)s") % {"bid": row.bid}}</span> ')
    facts += [f'<span class="badge">{escape(badge)}</span> ' for badge in row.badges]
    if row.rest:
        facts.append(f'<span class="badge js-only">{gettext("the rest")}</span> ')
    if row.standing:
        first = " first" if row.first else ""
        facts.append(f'<span class="standing{first}" data-testid="standing">{escape(row.standing)}</span>')
    said = f' <span class="what">{conditional_escape(suffix)}</span>' if suffix else ""
    error = f'<p class="error">{escape(row.error)}</p>' if row.error else ""
    return mark_safe(  # noqa: S308 (every text in it is escaped here or in _chips)
        f'<div role="radiogroup" aria-labelledby="{at}" class="seat-row{" has-error" if row.error else ""}"'
        f' data-seat="{row.seat}">\n<div class="seat-who">\n<span class="seat-name" id="{at}">{escape(row.name)}{said}'
        f'</span>\n<span class="seat-facts">{"".join(facts)}</span>\n</div>\n'
        f'<div class="chips">\n{_chips(row, prefix, field, show_bid)}</div>\n{error}</div>\n'
    )


def _chips(row: EntryRow, prefix: str, field: str, show_bid: bool) -> str:
    """A seat row's chips, a radio button and its label each."""
    name = escape(f"{field}_{row.seat}")
    ids = escape(f"{prefix}-{row.seat}-")
    drawn = []
    for chip in row.chips:
        value = escape(str(chip.value))
        at = f"{ids}{value}"
        css = "chip"
        if chip.struck:
            css += " struck"
        if show_bid and chip.value == row.bid:
            css += " is-bid"
        checked = " checked" if chip.checked else ""
        disabled = " disabled" if chip.struck else ""
        title = f' title="{escape(chip.title)}"' if chip.title else ""
        label = escape(chip.label) if chip.label else value
        drawn.append(
            f'<input type="radio" id="{at}" name="{name}" value="{value}"{checked}{disabled}>\n'
            f'<label for="{at}" class="{css}"{title}>{label}</label>\n'
        )
    return "".join(drawn)


def trump_chips(trumps: list[tuple[str, object]], chosen: str, css: str = "") -> SafeString:
    """``{% trump_chips trumps chosen css %}``: the bids form's trumps turned up, a chip each (``chosen``
    checked; ``css``, a chip's classes, the value appended). Drawn here for the same reason as ``seat_row``:
    every save's answer draws the next round's bids form."""
    chips = []
    for value, words in trumps:
        at, checked = escape(value), " checked" if value == chosen else ""
        chips.append(
            f'<input type="radio" id="trump-{at}" name="trump" value="{at}"{checked}>\n'
            f'<label for="trump-{at}" class="chip {escape(css)}{at}">{escape(str(words))}</label>\n'
        )
    return mark_safe("".join(chips))  # noqa: S308 (every text in it is escaped here)


class Panel(Protocol):
    """What every entry panel has: its phase ("over" once the game is), a note and a refusal."""

    phase: str
    note: str
    error: str


type Actions = dict[str, tuple[Callable[..., HttpResponse], set[str]]]  # name -> (view, methods)
type Context = dict[str, object]


class Table[P: Panel]:
    """One game's score sheet as answers to requests; a subclass fills in the hooks."""

    sheet_template = ""  # the whole sheet, extending games/_sheet_page.html; its partials draw the panel
    update_template = "games/_sheet_page.html#update"  # the panel, and out of band what changed
    round_word = "Round"  # what the game calls a round ("Deal", "Hand"), for a stale write
    leader_words = gettext_noop("bids and leads first")  # said of the round's leader to a watcher
    opening_line = gettext_noop("About to start.")  # what a watcher reads while nothing of the round is in
    says_cards = True  # whether a round's title for a watcher says the cards dealt
    # Whether each row of ``screen`` is a round's, in order, drawn from that round and those before it only,
    # and a row after the next round to play from nothing stored (a schedule's round to come): then a write of
    # round N leaves the rows before N and those after the next round as they were, and only those between
    # are built.
    rows_stand_alone = False

    def __init__(self, game: Game) -> None:
        self.game = game  # its registry entry: rules, paper layout, and the lines it is summed up in

    # -- hooks -----------------------------------------------------------------

    def sheet(
        self, request: HtmxHttpRequest, session: GameSession, seats: list[Seat] | None = None
    ) -> HttpResponse:
        """The game's sheet page (``seats``: the game's seats when this request read them already)."""
        loaded = services.load_game(session, seats)
        return self.show(request, loaded, self.current_panel(loaded))

    def reads(self) -> dict[str, set[str]]:
        """The query values the sheet shows something else for (``?phase=bids``): the page cache keeps a
        sheet asked for with those alone, so that made-up addresses are drawn, never kept."""
        return {}

    def actions(self) -> Actions:
        """The round actions, as ``steps`` makes them."""
        raise NotImplementedError

    def new_game(self, request: HtmxHttpRequest) -> HttpResponse:
        raise NotImplementedError

    def context(self, loaded: LoadedGame, panel: P) -> Context:
        """What the game's sheet template is given besides what ``full_context`` gives every sheet."""
        raise NotImplementedError

    def current_panel(self, loaded: LoadedGame) -> P:
        """The panel for where the game stands now (the next thing to enter, or game over)."""
        raise NotImplementedError

    def stale_message(self, number: int) -> str:
        """What a write for a round that is not the one it claims is told."""
        return gettext(
            "{Round} {number} is not the {round} being entered; the sheet has been brought up to date."
        ).format(Round=in_words(self.round_word), number=number, round=in_words(self.round_word.lower()))

    def conflict_message(self, session: GameSession, version: int | None) -> str:
        """What changed on the game since ``version`` (the page's), in a sentence or a few."""
        changes = services.changes_since(session, version) if version is not None else []
        if changes is None:
            return gettext("The game changed on another phone meanwhile; here it is as it stands now.")
        if not changes:
            return gettext(OUT_OF_DATE)
        word = in_words(self.round_word)
        lines = [
            gettext(CHANGE_LINES[c["kind"]]).format(word=word, round=c["round"], what=c["what"])
            for c in changes[-CHANGES_SAID:]
        ]
        if len(changes) > CHANGES_SAID:
            earlier = len(changes) - CHANGES_SAID
            said = ngettext("{count} earlier change, then:", "{count} earlier changes, then:", earlier)
            lines.insert(0, said.format(count=earlier))
        return " ".join(lines)

    def watch_lines(self, loaded: LoadedGame) -> list[str]:
        """What a watcher's panel says about the round in play: who deals and leads, what is in."""
        info = loaded.state.next_round
        if info is None:
            return []
        names, current = loaded.names, loaded.state.current
        deals = gettext("{dealer} deals · {leader} {does}").format(
            dealer=names[info.dealer], leader=names[info.leader], does=gettext(self.leader_words)
        )
        bids = current.data.get("bids") if current is not None else None
        if bids:
            said = ", ".join(f"{names[s]} {b}" for s, b in enumerate(bids) if b is not None)
            return [deals, gettext("Bids: {bids}. Playing the hand.").format(bids=said)]
        return [deals, gettext("Being entered.") if current is not None else gettext(self.opening_line)]

    def round_title(self, loaded: LoadedGame, info: RoundInfo) -> str:
        """The round in play as a watcher reads it: "Round 11 · 8 cards · no trumps", "Deal 4"."""
        del loaded  # a hook: the default needs no more
        parts = [f"{in_words(self.round_word)} {info.number}"]
        if info.cards and self.says_cards:
            parts.append(ngettext("{count} card", "{count} cards", info.cards).format(count=info.cards))
        if info.trump == "none":
            parts.append(gettext("no trumps"))
        return " · ".join(parts)

    def big_screen_context(self, request: HtmxHttpRequest, loaded: LoadedGame) -> Context:
        """The big screen: everyone's total, ranked (each side, or each player), and the round in play."""
        state, names, game = loaded.state, loaded.names, self.game
        totals = state.totals or [0] * len(names)
        lines = game.score_lines(names)
        shown = [totals[seat] for _, seat in lines]
        ranked = [
            {"place": place, "name": lines[i][0], "total": shown[i]}
            for i, place, _ in rank(shown, lowest_first=game.rules.lowest_wins(state.options))
        ]
        info = state.next_round
        return {
            "session": loaded.session,
            "ranked": ranked,
            "has_totals": state.totals is not None,
            "round_title": self.round_title(loaded, info) if info else "",
            "watch": self.watch_lines(loaded),
            "finished": state.finished,
            "winners": [names[s] for s in state.winners],
            "headline": game.headline(state, names) if state.finished else "",
            "standings": game.standings(state, names) if state.winners else [],
            "live_url": fetch_url(request, "live"),
        }

    def card_context(self, request: HtmxHttpRequest, loaded: LoadedGame) -> Context:
        """The winner moment's words and the result card's URL (shared or downloaded), once the game is over."""
        url = fetch_url(request, "result-card")
        return {
            "url": url,
            # What a share sheet without files sends: the card's URL where anyone may open it (a watch link's).
            "share_url": request.build_absolute_uri(url) if request.access.through_watch_link else "",
            "filename": card.filename(loaded.session),
            "title": self.game.name,
            "text": self.game.result_line(loaded.state, loaded.names),
        }

    def screen(self, loaded: LoadedGame, first: int = 1, last: int = 0) -> tuple[list[Row], list[Row]]:
        """The sheet's body rows and footer rows (the totals): the game's paper layout's (``Layout.screen``).
        ``first`` and ``last`` (0: no last): the rounds whose rows are wanted, for a table whose rows stand
        alone (else all are)."""
        sheet = self.game.paper.screen(loaded.state, loaded.names)
        return sheet.body, sheet.foot

    def explain(self, request: HtmxHttpRequest, loaded: LoadedGame) -> HttpResponse:
        """One square's explanation, fetched when it is tapped (``?r=`` the round, ``?k=`` the square)."""
        number, key = (parse_int(request.GET.get(name), 0, 999) for name in ("r", "k"))
        found = None if number is None or key is None else explanation(self.screen(loaded)[0], number, key)
        if found is None:
            raise Http404("No such square.")
        context = {"heading": found[0], "text": found[1], "at": number, "key": key}
        return render(request, "games/_explain.html", context)

    # -- rendering -----------------------------------------------------------------

    def panel_context(self, request: HtmxHttpRequest, loaded: LoadedGame, panel: P) -> Context:
        """The game's own context plus what every sheet's entry panel and tools are drawn from: the game,
        its players, its state and the panel; who may write, the live check, a watcher's lines."""
        access, state = request.access, loaded.state
        context: Context = {"session": loaded.session, "names": loaded.names, "state": state, "panel": panel}
        context["sheet"] = self.sheet_template  # its partials are the panel's own parts
        context.update(self.context(loaded, panel))
        context.update(
            can_write=access.can_write, is_owner=access.is_owner, live_url=fetch_url(request, "live")
        )
        context.setdefault("round_word", self.round_word)
        if state.finished:
            context["card"] = self.card_context(request, loaded)
        if not access.can_write:
            context["watch"] = self.watch_lines(loaded)
            info = state.next_round
            context["watch_title"] = self.round_title(loaded, info) if info else ""
        return context

    def full_context(self, request: HtmxHttpRequest, loaded: LoadedGame, panel: P) -> Context:
        """``panel_context`` and the sheet's rows drawn (``drawn``, kept per version) with where a tapped
        square fetches its explanation: what the whole sheet, or an answer that redraws it, is drawn from."""
        context = self.panel_context(request, loaded, panel)

        def build(first: int, last: int) -> tuple[list[Row], list[Row]]:
            rows, foot = self.screen(loaded, first, last)
            if first == 1 and not last:
                context["rows"] = rows  # the rows as well, when all are drawn now
            return rows, foot

        context["drawn"] = drawn(
            loaded.session,
            names=loaded.names,
            can_write=request.access.can_write,
            edit_url=game_url("round-action", loaded.session.pk, 0, "edit"),
            word=self.round_word,
            build=build,
            same_before=loaded.written if self.rows_stand_alone else 0,
            # The rounds after the next are played in neither version: their rows are as they were.
            same_after=coming.number if loaded.written and (coming := loaded.state.next_round) else 0,
        )
        context["explain_url"] = fetch_url(request, "explain")
        return context

    # -- answers ---------------------------------------------------------------------

    def show(
        self, request: HtmxHttpRequest, loaded: LoadedGame, panel: P, *, correction: bool = False
    ) -> HttpResponse:
        """A GET of the sheet (or of a correction form): only the panel when htmx swaps the panel (a
        correction's always is), else the whole sheet."""
        if request.htmx and (correction or request.htmx.target == "entry-panel"):
            context = self.panel_context(request, loaded, panel)
            return render(request, "games/_sheet_page.html#entry-panel", context)
        return render(request, self.sheet_template, self.full_context(request, loaded, panel))

    def answer(
        self, request: HtmxHttpRequest, loaded: LoadedGame, panel: P, status: int = 200, changed: bool = False
    ) -> HttpResponse:
        """The panel (htmx: ``update_template``, with the parts a stored round redraws out of band when the
        game ``changed`` since the page was drawn), else the whole sheet with ``status``."""
        if request.htmx:
            return self.update(request, loaded, panel, changed)
        return render(request, self.sheet_template, self.full_context(request, loaded, panel), status=status)

    def update(self, request: HtmxHttpRequest, loaded: LoadedGame, panel: P, changed: bool) -> HttpResponse:
        """``update_template``: the panel and the tools, and when the game ``changed`` the sheet's rows,
        totals and status too (only then are they drawn). It shows nothing the context processors give:
        it is drawn without them, given the CSRF token that ``write_fields`` writes in each form."""
        context = (
            self.full_context(request, loaded, panel)
            if changed
            else self.panel_context(request, loaded, panel)
        )
        # One CSRF token for the answer's forms (``write_fields`` would mask one for each).
        context.update(request=request, changed=changed, csrf_token=get_token(request))
        return HttpResponse(render_to_string(self.update_template, context))

    def saved(self, request: HtmxHttpRequest, loaded: LoadedGame, note: str = "") -> HttpResponse:
        """Stored: back to the sheet, or (htmx) the panel for what comes next plus what changed."""
        if not request.htmx:
            return to_sheet(loaded.session)
        panel = self.current_panel(loaded)
        if note:
            panel.note = note
        return trigger_client_event(self.answer(request, loaded, panel, changed=True), "scorekeeper:saved")

    def act(
        self, request: HtmxHttpRequest, session: GameSession, number: int, key: str, *, step: Step[P]
    ) -> HttpResponse:
        """Every round action: load, find the round, read the form, then refuse, wait, or save and answer.

        The version check (``check_write``) has run before; ``key`` is the submit's (``posted_key``).
        A correction (``step.form.corrects``) is of a finished round and a GET shows its form; any
        other step is of the round being entered.
        """
        loaded = write_game(session, number)
        state = loaded.state
        target: RoundInfo | RoundResult | None = None
        if step.form.corrects:  # a finished round: only those can be corrected
            if 1 <= number <= len(state.rounds) and state.rounds[number - 1].complete:
                target = state.rounds[number - 1]
        elif state.next_round is not None and state.next_round.number == number:  # the round being entered
            target = state.next_round
        if target is None:  # an old page, a second tap, a tampered form
            return self.refused(request, loaded, self.stale_message(number))
        data = request.POST if request.method == "POST" else None
        form = step.form(data, table=self, loaded=loaded, target=target, htmx=bool(request.htmx))
        if not form.fits():
            return self.refused(request, loaded, self.stale_message(number))
        if data is None:
            return self.show(request, loaded, step.panel(form), correction=True)
        if not form.is_valid():
            return self.answer(request, loaded, step.panel(form), status=400)
        if form.round_data is None:  # a chip tapped, a count checked: the panel as it now stands
            return self.answer(request, loaded, step.panel(form))
        try:
            after = services.save_round(
                session=session, number=number, data=form.round_data, loaded=loaded, key=key
            )
        except RuleError as exc:
            form.refuse(exc)
            return self.answer(request, loaded, step.panel(form), status=400)
        except services.StaleVersion:
            return self.conflict(request, session, key)
        keep(after)
        return self.saved(request, after, form.note(after))

    def check_write(self, request: HtmxHttpRequest, session: GameSession, key: str) -> HttpResponse | None:
        """Before any write (``key``: its ``posted_key``): None to go on, or the answer to a submit already
        applied (answered as saved) or out of date (the fresh state and what changed)."""
        if services.applied_change(session, key) or posted_version(request) != session.version:
            return self.conflict(request, session, key)
        return None

    def conflict(self, request: HtmxHttpRequest, session: GameSession, key: str) -> HttpResponse:
        """The answer to a write that did not apply: saved already (same key, same values), or refused with
        the fresh state and what changed (or that the page was out of date: same key, other values)."""
        session.refresh_from_db()
        loaded = services.load_game(session)
        if services.applied_change(session, key):
            return self.saved(request, loaded)
        spent = services.key_spent(session, key)  # stored already, with other values: not stored now
        said = gettext(OUT_OF_DATE) if spent else self.conflict_message(session, posted_version(request))
        return trigger_client_event(self.refused(request, loaded, said), "scorekeeper:refused")

    def live(self, request: HtmxHttpRequest, loaded: LoadedGame) -> HttpResponse:
        """A live check that found the game changed: the sheet and the panel brought up to date (not a
        correction being made: saving it says what changed), and what changed since the page's version."""
        response = self.update(request, loaded, self.current_panel(loaded), changed=True)
        if request.GET.get("panel") == "edit":
            response["HX-Reswap"] = "none"
        said = self.conflict_message(loaded.session, version_in(request.GET.get("v", "")))
        return trigger_client_event(response, "scorekeeper:changed", {"said": said})

    def refused(self, request: HtmxHttpRequest, loaded: LoadedGame, error: str) -> HttpResponse:
        """A write not applied: the game as it stands now, its panel saying ``error``."""
        panel = self.current_panel(loaded)
        panel.error = error
        return self.answer(request, loaded, panel, 400, changed=True)


class ScoreboardTable[P: Panel](Table[P]):
    """A table with a scoreboard beside its sheet (Minibridge, Memory Bridge): a stored round, or the
    panel brought up to date after a conflict, redraws the scoreboard (its template's ``scoreboard``
    partial, out of band) too. Its ``screen`` has no footer: the totals are drawn by the template,
    beside the scoreboard's progress."""

    update_template = "games/_sheet_page.html#scoreboard-update"
    says_cards = False  # always 13


@dataclass(frozen=True)
class Step[P: Panel]:
    """One round action: the form that reads it and the entry panel that draws the form.

    ``panel(form)`` draws the panel from the form (the input kept, each message beside its field); a
    stored write is answered by ``Table.saved``, which says the form's ``note``.
    """

    form: type[RoundForm]
    panel: Callable[..., P]


def steps[P: Panel](table: Table[P], **named: Step[P]) -> Actions:
    """A table's ``actions()``: action name (``edit``, ``first-half``...) -> (view, allowed methods)."""
    return {
        name.replace("_", "-"): (
            partial(table.act, step=step),
            {"GET", "POST"} if step.form.corrects else {"POST"},
        )
        for name, step in named.items()
    }


def posted_version(request: HttpRequest) -> int | None:
    return version_in(request.POST.get("version", ""))


def to_sheet(session: GameSession) -> HttpResponseRedirect:
    return redirect("games:sheet", pk=session.pk)


def game_url(name: str, *args: int | str) -> str:
    """``reverse("games:<name>", args=args)``, from a pattern reversed once per process: every answer of a game
    names its URLs again (a save's, seven), and Django takes a dozen microseconds to reverse one. Arguments are
    whole numbers and slugs (ids, round numbers, actions, share tokens), which reversing leaves as they are."""
    if not all(isinstance(arg, int) or _SLUG.fullmatch(arg) for arg in args):
        return reverse(f"games:{name}", args=args)
    kinds = tuple(isinstance(arg, int) for arg in args)
    return _url_pattern(get_script_prefix(), get_urlconf() or settings.ROOT_URLCONF, name, kinds).format(
        *args
    )


_SLUG = re.compile(r"[-a-zA-Z0-9_]+")


@lru_cache(maxsize=256)
def _url_pattern(prefix: str, urlconf: str, name: str, kinds: tuple[bool, ...]) -> str:
    """The URL ``name`` reverses to with ``{0}``, ``{1}``... in its arguments' places (``kinds``: whether each is
    a whole number): reversed with stand-ins no real argument is, which are then put back as places."""
    del prefix, urlconf  # keys of the cache only: ``reverse`` reads them itself
    stand_ins = [9_876_543_210 + i if whole else f"zq{i}qz" for i, whole in enumerate(kinds)]
    url = reverse(f"games:{name}", args=stand_ins).replace("{", "{{").replace("}", "}}")
    for place, stand_in in enumerate(stand_ins):
        url = url.replace(str(stand_in), f"{{{place}}}")
    return url


def fetch_url(request: HtmxHttpRequest, name: str) -> str:
    """Where this page fetches ``name`` (``live``, ``explain``, ``result-card``): the game's own URL, or
    the watch link's when it is watched through one."""
    access = request.access
    if access.through_watch_link:
        return game_url(f"watch-{name}", access.token)
    return game_url(name, access.session.pk)


# -- a new game ------------------------------------------------------------------------------


STARTED = "started_games"  # in the Django session: {game slug: pk of the game its new-game form last started}


def just_started(request: HtmxHttpRequest, game: str) -> GameSession | None:
    """The game this phone's new-game form of ``game`` last started, while nothing is entered in it yet.

    Back from its sheet draws that form again, as it was sent (the same one-time key: Start opens
    that game), and says so; ``?another=<its pk>`` asks for a fresh form instead.
    """
    pk = request.session.get(STARTED, {}).get(game)
    if request.method != "GET" or pk is None or request.GET.get("another") == str(pk):
        return None
    if not request.user.is_authenticated:  # a guest purged while its browser kept the session
        return None
    started = GameSession.objects.live().filter(pk=pk, owner=request.user, version=0).first()
    return started if started is not None and started.start_key else None


def new_game_form[F: SeatingForm](
    request: HtmxHttpRequest,
    form_class: Callable[..., F],
    game: str,
    *,
    same_game: bool = False,
    count: int | None = None,
    **kwargs: object,
) -> F:
    """A new-game form of ``game`` as posted (or empty), offering the user's players (none for a visitor
    yet to start a game), seated like the user's own live game ``?from=`` names ("same players again": of
    ``game`` and its options when ``same_game``; of ``count`` players, when given), or as it started the
    game ``just_started`` finds (then the form's ``started``)."""
    user = request.user
    previous = just = just_started(request, game)
    pk = parse_int(request.GET.get("from", ""), 1, ROW_ID_MAX)
    if just is None and pk is not None and user.is_authenticated:
        games = GameSession.objects.live().filter(pk=pk, owner=user)
        previous = (games.filter(game=game) if same_game else games).first()
    if previous is not None and (same_game or just is not None):
        kwargs.setdefault("initial", dict(previous.options))
    players = Player.objects.filter(owner=user) if user.is_authenticated else Player.objects.none()
    known = list(players.values_list("name", flat=True))
    seats = previous.seats.select_related("player").order_by("position") if previous is not None else []
    seated = [seat.player.name for seat in seats]
    if count is not None and len(seated) != count:
        seated = []
    form = form_class(request.POST or None, known_names=known, initial_names=seated, **kwargs)
    if just is not None:
        form.initial["start"], form.started = just.start_key, just
    return form


def new_game_page(
    request: HtmxHttpRequest,
    form: SeatingForm,
    *,
    game: Game,
    template: str,
    context: Mapping[str, object] | None = None,
    posted: bool | None = None,
) -> HttpResponse:
    """The new-game page (templates/games/_new_game.html): a valid POST starts ``game`` and goes to its sheet.

    ``posted`` (default: a POST) says whether the form was sent to start the game; a form shown
    again after such a POST answers 400. Starting is idempotent: the form carries a one-time key,
    and the same form sent again opens the game it started. The page is never cached: Back from
    the new game's sheet asks again, and gets the form that started it, saying so.
    """
    posted = request.method == "POST" if posted is None else posted
    known = request.user.is_authenticated
    if posted and known and (started := services.started_by(owner=request.user, start_key=form.start_key())):
        messages.info(request, gettext("That game was started already: here it is."))
        return to_sheet(started)
    if posted and form.is_valid():
        # A visitor with no account plays as a guest of this browser (games/accounts/guests.py).
        if not known and (refused := let_in_as_guest(request)) is not None:
            return refused
        try:
            # Counted in the game's own transaction: a start the rules refuse is not counted.
            with transaction.atomic():
                if not spend("game", str(request.user.pk), settings.GAMES_PER_HOUR):
                    return games_quota_reached(request)
                session = services.start_session(
                    owner=request.user,
                    game=game.slug,
                    player_names=form.cleaned_names,
                    options=form.options(),
                    first_dealer=form.cleaned_first_dealer,
                    start_key=form.start_key(),
                )
        except RuleError as exc:
            form.add_error(None, exc.message)
        else:
            if drawn_message := form.drawn_message():
                messages.info(request, drawn_message)
            request.session[STARTED] = {**request.session.get(STARTED, {}), game.slug: session.pk}
            return to_sheet(session)
    again = None if posted else form.started  # only a GET finds one
    context = {"form": form, "game": game.slug, "game_name": game.name, "started": again, **(context or {})}
    return render(request, template, context, status=400 if posted else 200)


CACHE_ALIAS = "sheets"
# Part of every cache key: bump it when the markup drawn here or what ``keep`` keeps changes, so that a
# shared cache (several app servers, one Redis) never serves what older code drew or kept.
MARKUP = 5


@dataclass
class Drawn:
    """A sheet's body and footer rows, drawn; ``changed``: when a write just drew them from the version
    before's, only the body rows that differ from it, each drawn to swap itself out of band (else None)."""

    body: SafeString
    foot: SafeString
    changed: SafeString | None = None


def _attr(name: str, value: str) -> str:
    return f' {name}="{escape(value)}"' if value else ""


def _data(cell: Cell) -> str:
    """A data cell: a button that explains it (fetched when tapped: no title); else its ``lines`` under its
    text (a contract), or the bid so far."""
    corner = f"<sup>{escape(cell.corner)}</sup>" if cell.corner else ""
    note = f"<small>{escape(cell.note)}</small>" if cell.note else ""
    if cell.explain:
        return f"<td{_attr('class', cell.cls)}><button>{escape(cell.text)}{corner}{note}</button></td>"
    if cell.lines:
        held = f'<span class="main">{escape(cell.text)}</span>' if cell.text else ""
        held += "".join(f'<span class="sub">{escape(line)}</span>' for line in cell.lines)
    elif cell.corner or cell.note:  # the bid so far, a penalty (a redealt round's void bids are not shown)
        held = f'<span class="cell pending">{corner}{note}</span>'
    else:
        held = f'<span class="cell pending small">{escape(cell.text)}</span>' if cell.text else ""
    return f"<td{_attr('class', cell.cls)}{_attr('title', cell.title)}>{held}</td>"


def _heading(cell: Cell, row: Row, edit_url: str, word: str) -> str:
    text = str(escape(cell.text))
    if cell.flag:  # small after the number: Minibridge's dealer, its title who that is
        text += f"<small{_attr('title', cell.title)}>{escape(cell.flag)}</small>"
    if cell.link and edit_url:
        url = edit_url.replace("/round/0/", f"/round/{row.number}/", 1)
        label = gettext("Correct {round} {label}").format(round=in_words(word.lower()), label=cell.text)
        what = escape(row.link_label or label)
        # static/js/explain.js opens it in the entry panel (htmx); without JavaScript it is a plain link.
        text = f'<a href="{url}" aria-label="{what}">{text}</a>'
    if cell.swatch:
        text += f'<span class="swatch {escape(cell.swatch)}"{_attr("title", cell.title)}></span>'
    title = cell.title if not (cell.swatch or cell.flag) else ""
    return f'<th scope="row"{_attr("class", cell.cls)}{_attr("title", title)}>{text}</th>'


def draw_row(row: Row, edit_url: str, word: str) -> str:
    """One ``<tr>``: its heading cell, then a cell per column (``edit_url``: the round-0 correction, or "")."""
    cells = "".join(_heading(cell, row, edit_url, word) if cell.head else _data(cell) for cell in row.cells)
    return f"<tr{_attr('id', row.dom_id)}{_attr('class', row.cls)}>{cells}</tr>"


def _plain(cell: Cell) -> str:
    tag, scope = ("th", ' scope="row"') if cell.head else ("td", "")
    return f"<{tag}{scope}{_attr('class', cell.cls)}>{escape(cell.text)}</{tag}>"


def draw_foot(rows: list[Row]) -> str:
    """The footer rows (totals, or where each player stands): plain cells."""
    return "".join(f"<tr{_attr('class', row.cls)}>{''.join(map(_plain, row.cells))}</tr>" for row in rows)


type DrawnRows = tuple[str, list[tuple[int, int]], str]  # body, (round, where its row starts), footer


def drawn(
    session: GameSession,
    *,
    names: list[str],
    can_write: bool,
    edit_url: str,
    word: str,
    build: Callable[[int, int], tuple[list[Row], list[Row]]],
    same_before: int = 0,
    same_after: int = 0,
) -> Drawn:
    """A game's body and footer rows drawn, or found drawn for this version (``build(first, last)`` gives
    the rows of rounds ``first`` to ``last``, 0: to the end).

    The key holds the game's version (``_key``), its players' ``names`` (a rename moves no version),
    who looks (a watcher's sheet has no correction links) and the language. ``same_before``: the round a
    write just stored, when the rows before it are as the version before had them (its table's rows stand
    alone): the rows that version drew before that round's, when kept, are taken as they are, and so are
    those after round ``same_after`` (0: none), which the write did not change either.
    """
    seated = hashlib.blake2s("\x1f".join(names).encode(), digest_size=8).hexdigest()
    parts = (seated, int(can_write), _language())
    cache = caches[CACHE_ALIAS]
    found: DrawnRows | None = cache.get(_key("sheet", session, *parts))
    changed = None
    if found is None:
        before = (
            cache.get(_key("sheet", session, *parts, version=session.version - 1)) if same_before else None
        )
        was = _split(before) if before is not None else []
        # The rows the write left as they were: those before its round (when that version drew it and rows
        # before it), then those after the next round.
        numbers = [number for number, _ in was]
        head = was[: numbers.index(same_before)] if same_before in numbers else []
        tail = [(number, row) for number, row in was if same_after and number > same_after] if head else []
        rows, foot_rows = build(same_before, same_after if tail else 0) if head else build(1, 0)
        link = edit_url if can_write else ""
        drawn_rows = [*head, *((row.number, draw_row(row, link, word)) for row in rows), *tail]
        starts, at = [], 0
        for number, row in drawn_rows:
            starts.append((number, at))
            at += len(row)
        found = "".join(row for _, row in drawn_rows), starts, draw_foot(foot_rows)
        cache.set(_key("sheet", session, *parts), found)
        if head:
            changed = _changed_rows(was[len(head) :], drawn_rows[len(head) :])
    body, _, foot = found
    # Every text in them is escaped above.
    return Drawn(mark_safe(body), mark_safe(foot), None if changed is None else mark_safe(changed))  # noqa: S308


def _split(found: DrawnRows) -> list[tuple[int, str]]:
    """A kept drawing's body rows, each with the round it draws."""
    body, starts, _ = found
    ends = [start for _, start in starts[1:]] + [len(body)]
    return [(number, body[start:end]) for (number, start), end in zip(starts, ends, strict=True)]


def _changed_rows(old: list[tuple[int, str]], new: list[tuple[int, str]]) -> str | None:
    """The rows of ``new`` that differ from ``old``'s, each marked to swap itself out of band; None when they
    are not the same rounds (a row added or gone)."""
    if [number for number, _ in old] != [number for number, _ in new]:
        return None
    return "".join(
        f'<tr hx-swap-oob="true"{row[3:]}' for (_, row), (_, was) in zip(new, old, strict=True) if row != was
    )


def _key(kind: str, session: GameSession, *parts: object, version: int | None = None) -> str:
    """A cache key for one version of one game: its id, its creation time (a row id may come back after
    a rollback, never with the same time) and its version (default: the one read), then ``parts``."""
    created = session.created.timestamp() if session.created else ""
    version = session.version if version is None else version
    return ":".join(str(p) for p in (kind, MARKUP, session.pk, created, version, *parts))


def page_key(session: GameSession, *parts: object) -> str:
    """The key of a whole page kept for one version of one game (games/views/pagecache.py)."""
    return _key("page", session, *parts)


def _language() -> str:
    return get_language() or settings.LANGUAGE_CODE


def read_game(session: GameSession, seats: list[Seat] | None = None) -> LoadedGame:
    """The game for a page that only reads it: ``services.load_game``'s, with the rules' replay kept in the
    cache for this version and language. On a hit only the seats are read (the state is used while the
    names are those it was replayed with), and ``rounds`` and ``entries`` are empty: a write loads afresh.
    """
    seats = services.seats_of(session) if seats is None else seats  # ``seats``: read already
    found = _kept(session, seats)
    if found is not None:
        return LoadedGame(session=session, seats=seats, rounds=[], entries={}, state=found[0])
    loaded = services.load_game(session, seats)
    keep(loaded)
    return loaded


def write_game(session: GameSession, number: int) -> LoadedGame:
    """The game for a write of round ``number`` (new, or a correction): the replay ``read_game`` keeps for
    this version when there is one, with the stored rows of that round onward only (``services.load_game``:
    none read when they are kept too); else the whole game, read and replayed, and kept."""
    seats = services.seats_of(session)
    found = _kept(session, seats)
    if found is None:
        loaded = services.load_game(session, seats)
        keep(loaded)
        return loaded
    state, last = found
    return services.load_game(session, seats, state=state, first=number, kept=last)


def _kept(session: GameSession, seats: list[Seat]) -> tuple[GameState, services.KeptRound | None] | None:
    """The rules' replay kept for this version and language (with its last round's rows, when kept), while
    the names are those it was replayed with."""
    found = caches[CACHE_ALIAS].get(_key("state", session, _language()))
    if found is None:
        return None
    names, state, last = found
    return (state, last) if [seat.player.name for seat in seats] == names else None


def keep(loaded: LoadedGame) -> None:
    """Keep the rules' replay of the game's version (``_kept``) and its last round's rows when ``loaded``
    holds them: a write keeps what it stored, so that the pages and the next write after it replay nothing
    and the next write of the same round reads no rows."""
    kept = (loaded.names, loaded.state, services.KeptRound.of(loaded))
    caches[CACHE_ALIAS].set(_key("state", loaded.session, _language()), kept)


def explanation(rows: list[Row], number: int, key: int) -> tuple[str, str] | None:
    """The heading and explanation of cell ``key`` (counting the data cells) of round ``number``'s row."""
    for row in rows:
        if row.number == number:
            cells = [c for c in row.cells if not c.head]
            if 0 <= key < len(cells) and cells[key].explain:
                return row.heading, cells[key].explain
    return None


def total_explain(names: list[str], result: RoundResult, seat: int) -> str:
    """A total's explanation on the sheet: whose it is, the rules' line for the round, and the total."""
    assert result.totals is not None
    return gettext("{name}: {explain}; total {total}").format(
        name=names[seat], explain=result.explain[seat], total=result.totals[seat]
    )


@dataclass
class EntryRow:
    """A player's row in an entry panel: their name, badges, chips and any refusal."""

    seat: int
    name: str
    badges: list[str]
    chips: list[Chip]
    bid: int | None = None
    error: str = ""
    standing: str = ""  # their place and total so far ("2nd · 46"), kept in sight while entering
    first: bool = False  # in the lead (alone or shared)
    rest: bool = False  # their tricks are filled in as the rest of the round's
