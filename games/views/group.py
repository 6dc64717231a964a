"""The group link: the owner makes, replaces or revokes it; anyone holding it reads the figures.

Through the link: the standings with records, head-to-head, the history list and each game's
summary, all read-only; nothing else has a URL under the link.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from games.accounts import group_link
from games.forms import good_values
from games.models import GameSession

from .common import HtmxHttpRequest
from .history import PAGE_SIZE, HistoryFilter, filtered_sessions, options_text, summary_context
from .scope import Scope, group_scoped
from .share import link_for_phones


@login_required
@require_http_methods(["GET", "POST"])
def link_page(request: HtmxHttpRequest) -> HttpResponse:
    """The owner's group link: shown with what it opens; POST ``new`` replaces it, ``revoke`` ends it."""
    if request.method == "POST":
        if request.POST.get("action") == "revoke":
            group_link.revoke(request.user)
        else:
            group_link.make_link(request.user)
        return redirect("games:group-link")
    link = group_link.live_link(request.user)
    url, phones_cannot_open = (
        link_for_phones(request, Scope(request.user, group_link.token_for(link)).standings_url)
        if link
        else ("", False)
    )
    context = {"url": url, "link": link, "phones_cannot_open": phones_cannot_open}
    return render(request, "games/group/link.html", context)


@require_GET
def history_page(request: HttpRequest, scope: Scope) -> HttpResponse:
    """The owner's past games as the group sees them: the same filters, each game linking to its summary."""
    form = HistoryFilter(request.GET or None, owner=scope.owner)
    filters, valid = good_values(form)
    sessions = filtered_sessions(scope.owner, filters).with_names()
    page = Paginator(sessions, PAGE_SIZE).get_page(request.GET.get("page"))
    # Each game with its options in words and its summary's URL as the group sees it.
    rows = [(s, options_text(s), scope.url("summary", s.pk)) for s in page.object_list]
    return render(
        request,
        "games/group/history.html",
        {"scope": scope, "form": form, "page": page, "sessions": rows},
        status=200 if valid else 400,
    )


@require_GET
def summary_page(request: HttpRequest, scope: Scope, pk: int) -> HttpResponse:
    """A game's summary, read-only: its heading, chart and sheet; no actions."""
    session = get_object_or_404(GameSession.objects.live(), owner=scope.owner, pk=pk)
    return render(request, "games/group/summary.html", {"scope": scope, **summary_context(session)})


group_history_view = group_scoped(history_page)
group_summary_view = group_scoped(summary_page)
