"""CSV downloads: the history list as filtered, and one game round by round (owner only)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_GET

from games import csv_export, services

from .common import HtmxHttpRequest, owned_session
from .history import HistoryFilter, filtered_sessions
from .standings import read


def csv_response(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text.encode("utf-8"), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(as_attachment=True, filename=filename)
    return response


@login_required
@require_GET
def history_csv(request: HtmxHttpRequest):
    """Every game the history list's filters find (all pages), newest first; a bad filter is left out."""
    form = HistoryFilter(request.GET or None, owner=request.user)
    filters, _valid = read(form)
    text = csv_export.history_csv(filtered_sessions(request.user, filters))
    return csv_response(text, f"scorekeeper-games-{timezone.localdate():%Y-%m-%d}.csv")


@login_required
@require_GET
def game_csv(request: HtmxHttpRequest, pk: int):
    session = owned_session(request, pk)
    day = timezone.localdate(session.created)
    return csv_response(
        csv_export.game_csv(services.load_game(session)), f"{session.game}-{session.pk}-{day:%Y-%m-%d}.csv"
    )
