"""The Trash: deleted games, each restorable as it was until it is purged (see games/backup/trash.py)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from games.backup.trash import TRASH_DAYS, purge_date, restore_session
from games.models import GameSession

from .common import HtmxHttpRequest
from .history import PAGE_SIZE, game_label


@login_required
@require_GET
def trash_list(request: HtmxHttpRequest) -> HttpResponse:
    """The user's deleted games, most recently deleted first, each with when it goes for good."""
    trashed = GameSession.objects.trashed().filter(owner=request.user).order_by("-deleted_at", "-pk")
    # The count, the page of games, their seats with players: three queries for any size of Trash.
    page = Paginator(trashed.with_names(), PAGE_SIZE).get_page(request.GET.get("page"))
    sessions = [(s, purge_date(s)) for s in page.object_list]
    context = {"page": page, "sessions": sessions, "trash_days": TRASH_DAYS}
    return render(request, "games/history/trash.html", context)


@login_required
@require_POST
def restore(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Bring a game back from the Trash, with its rounds and share links, to its summary."""
    session = get_object_or_404(GameSession.objects.trashed(), pk=pk, owner=request.user)
    restore_session(session=session)
    messages.success(request, gettext("{game} is back in your games.").format(game=game_label(session)))
    return redirect("games:summary", pk=session.pk)
