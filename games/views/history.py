"""Past sessions: the list (filtered, paginated), a session's summary page, deleting one (to the Trash).

The list costs the same few queries for any page size or history length; the filters use the
indexes on the owner and the date (dates turned into a range of times).
"""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import dateformat, timezone
from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods

from games import paper, services
from games.backup.trash import TRASH_DAYS, trash_session
from games.figures import charts
from games.figures.group_stats import Period
from games.forms import DatesForm, RowChoiceField, good_values
from games.models import GameSession, GameSessionQuerySet, Player, Seat
from games.registry import GAMES, game_choices, playable
from games.rules import GameState, RuleError
from games.rules.base import round_noun
from games.widgets import QuickSelect

from . import pagecache
from .common import HtmxHttpRequest, owned_session
from .printing import session_heading

PAGE_SIZE = 20


class HistoryFilter(DatesForm):
    # Drawn without a template per option (games/widgets.py): the filters are on every history page.
    game = forms.ChoiceField(
        required=False,
        choices=lambda: [("", _("All games")), *game_choices()],
        label=_("Game"),
        widget=QuickSelect,
    )
    player = RowChoiceField(
        required=False,
        queryset=Player.objects.none(),
        empty_label=_("Anyone"),
        label=_("Player"),
        widget=QuickSelect,
    )
    status = forms.ChoiceField(
        required=False,
        # The model's labels, in the page's language (the same words are marked in the templates).
        choices=[("", _("Any")), *((value, _(label)) for value, label in GameSession.Status.choices)],
        label=_("Status"),
        widget=QuickSelect,
    )
    field_order = ["game", "player", "status"]

    def __init__(self, *args: Any, owner: User, players: list[Player] | None = None, **kwargs: Any) -> None:
        """``players``: the owner's, by name, when read already (the options are then drawn from them)."""
        super().__init__(*args, **kwargs)
        player = cast("forms.ModelChoiceField[Player]", self.fields["player"])
        player.queryset = Player.objects.filter(owner=owner).order_by("name")
        if players is not None:
            player.choices = [("", player.empty_label), *((p.pk, str(p)) for p in players)]
        self.fields["player"].error_messages["invalid_choice"] = gettext("That player is not one of yours.")


def filtered_sessions(owner: User, filters: dict[str, Any]) -> GameSessionQuerySet:
    sessions = GameSession.objects.live().filter(owner=owner)
    for name, lookup in (("game", "game"), ("status", "status"), ("player", "seats__player")):
        if filters.get(name):
            sessions = sessions.filter(**{lookup: filters[name]})
    return sessions.filter(Period(filters.get("since"), filters.get("until")).q()).order_by("-created", "-pk")


@login_required
@require_GET
def session_list(request: HtmxHttpRequest) -> HttpResponse:
    """The user's sessions, newest first; a bad filter is named and left out, never a 500. Served from
    the cache while the user's players are as they were (games/views/pagecache.py)."""
    players = pagecache.owner_players(request.user)
    return pagecache.served_owned(
        request, players, lambda: history_page(request, players), pagecache.HISTORY_READS
    )


def history_page(request: HtmxHttpRequest, players: list[Player]) -> HttpResponse:
    form = HistoryFilter(request.GET or None, owner=request.user, players=players)
    filters, valid = good_values(form)
    page = Paginator(filtered_sessions(request.user, filters), PAGE_SIZE).get_page(request.GET.get("page"))
    sessions = list(page.object_list)
    # The page's players in one query, as plain values: (game, seat, name).
    names: dict[int, list[tuple[int, str]]] = {s.pk: [] for s in sessions}
    seats = Seat.objects.filter(session__in=sessions).order_by("session_id", "position")
    for session_id, position, name in seats.values_list("session_id", "position", "player__name"):
        names[session_id].append((position, name))
    can_resume = playable()
    rows = [history_row(s, names[s.pk], s.game in can_resume) for s in sessions]
    filtering = any(filters.get(k) for k in ("game", "player", "status", "since", "until"))
    response = render(
        request,
        "games/history/list.html",
        {"form": form, "page": page, "sessions": sessions, "rows": rows, "filtering": filtering},
        status=200 if valid else 400,
    )
    return response if own_address(request, filters, page.number) else pagecache.not_kept(response)


def own_address(request: HtmxHttpRequest, filters: dict[str, Any], number: int) -> bool:
    """Whether the list was asked for at its own address: the filters and page it shows, each written once
    as the filter form and the pager write them (the form sends its empty boxes too). Only such a page is
    kept (``served_owned``); any other spelling of it (``?page=0001``, a page past the last) and a date
    range are drawn as asked and not kept, so that nobody fills the cache with made-up addresses."""
    asked = {name: value for name, value in request.GET.items() if value}
    if any(len(values) > 1 for _, values in request.GET.lists()) or "since" in asked or "until" in asked:
        return False
    own = {name: str(v.pk if isinstance(v, Player) else v) for name, v in filters.items() if v}
    if number > 1 or "page" in asked:
        own["page"] = str(number)
    return asked == own


def history_row(session: GameSession, seats: list[tuple[int, str]], can_resume: bool) -> SafeString:
    """One game of the history list, drawn in Python: a template per row cost more than the page's queries."""
    options = options_text(session)
    winners = set(session.winners or [])
    won = gettext("won")
    players = format_html_join(
        ", ",
        "{}",
        (
            (format_html('<b class="won" title="{}">★ {}</b>', won, name) if position in winners else name,)
            for position, name in seats
        ),
    )
    if session.status == GameSession.Status.FINISHED:
        badge = (
            gettext("Finished early") if session.finished_early else pgettext("a game's badge", "Finished")
        )
        status = format_html('<span class="badge">{}</span>', badge)
    else:
        status = format_html('<span class="badge live">{}</span>', gettext("In progress"))
        if can_resume:
            status = format_html(
                '{} <a class="button small" href="{}">{}</a>',
                status,
                reverse("games:sheet", args=[session.pk]),
                gettext("Resume"),
            )
    return format_html(
        '<li class="status-{}">\n<a class="game-link" href="{}">\n<strong>{}{}</strong>\n'
        '<span class="when">{}</span>\n</a>\n<p class="players">{}</p>\n<p class="status">\n{}\n'
        '<a class="small-link" href="{}">{}</a>\n</p>\n</li>',
        session.status,
        reverse("games:summary", args=[session.pk]),
        session.get_game_display(),
        format_html(' <span class="opts">{}</span>', options) if options else "",
        date_format(timezone.localtime(session.created), "D j M Y, H:i"),
        players,
        status,
        reverse("games:print", args=[session.pk]),
        gettext("Print"),
    )


def options_text(session: GameSession) -> str:
    try:
        return " · ".join(GAMES[session.game].paper.options_lines(session.options))
    except RuleError:  # options stored before a rule changed: show none rather than fail
        return ""


def totals_chart(session: GameSession, state: GameState, names: list[str]) -> dict[str, Any] | None:
    """The running totals round by round: (svg, labels, rows for the table), or None without points."""
    game = GAMES[session.game]
    # A redeal (Minibridge's 20:20) is not a deal and changes nothing: left out.
    scored = [r for r in state.rounds if r.totals is not None and not r.facts.get("redeal")]
    if not scored or not game.rules.has_points(state.options):
        return None
    labels = [paper.deal_number(r.info.label) for r in scored]
    # One line per player, or per side where partners share a score.
    rounds_totals = [r.totals for r in scored if r.totals is not None]  # all of them (as mypy sees it)
    totals = [(name, [t[seat] for t in rounds_totals]) for name, seat in game.score_lines(names)]
    series = [charts.Series(name, list(values)) for name, values in totals]
    last = sorted(((values[-1], name) for name, values in totals), key=lambda item: (-item[0], item[1]))
    word = round_noun(game.round_word)
    standing = "; ".join(f"{name} {paper.number(total)}" for total, name in last)
    desc = gettext(
        "{game}: running totals after each of {count} {rounds}. After {round} {label}: {standing}."
    ).format(
        game=session.get_game_display(),
        count=len(scored),
        rounds=round_noun(game.round_word, len(scored)),
        round=word,
        label=labels[-1],
        standing=standing,
    )
    svg = charts.line_chart(
        chart_id=f"totals-{session.pk}",
        title=gettext("Running totals, {round} by {round}").format(round=word),
        desc=desc,
        labels=labels,
        series=series,
        x_name=word.capitalize(),
    )
    table = [(label, [paper.number(values[i]) for _, values in totals]) for i, label in enumerate(labels)]
    return {
        "svg": svg,
        "names": [s.name for s in series],
        "swatches": [charts.legend_swatch(i) for i in range(len(series))],
        "rows": table,
        "word": word,
    }


@login_required
@require_GET
def summary(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A session's page: its sheet (read-only), a chart of the running totals, what can be done with it."""
    session = owned_session(request, pk)
    context = {**summary_context(session), "playable": GAMES[session.game].table is not None}
    return render(request, "games/history/summary.html", context)


def summary_context(session: GameSession) -> dict[str, Any]:
    """What a game's summary page shows, the owner's or the group's: its heading, sheet and chart."""
    loaded = services.load_game(session)
    state = loaded.state
    return {
        "session": session,
        "heading": session_heading(session, loaded),
        "sheets": GAMES[session.game].paper.filled(state, loaded.names),
        "flags_dealer": GAMES[session.game].paper.flags_dealer,
        "chart": totals_chart(session, state, loaded.names),
        "finished": state.finished,
    }


@login_required
@require_http_methods(["GET", "POST"])
def delete(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """GET asks to confirm; POST moves the session to the Trash, where it can be restored."""
    session = owned_session(request, pk)
    if request.method == "POST":
        trash_session(session=session)
        said = gettext("{game} is in the Trash. You can restore it from there for {days} days.")
        messages.success(request, said.format(game=game_label(session), days=TRASH_DAYS))
        return redirect("games:history")
    names = list(session.seats.order_by("position").values_list("player__name", flat=True))
    context = {"session": session, "names": names, "rounds": session.rounds.count(), "trash_days": TRASH_DAYS}
    return render(request, "games/history/delete.html", {**context, "game_name": GAMES[session.game].name})


def game_label(session: GameSession) -> str:
    """A game in a sentence: "Bugger Bridge of 3 May 2026"."""
    return gettext("{game} of {date}").format(
        game=session.get_game_display(), date=dateformat.format(timezone.localtime(session.created), "j M Y")
    )
