"""CSV downloads: the history list as filtered, and one game round by round (owner only); how any download is answered."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_GET

from games import services
from games.backup import csv_export
from games.forms import good_values
from games.models import GameSession

from .common import HtmxHttpRequest, owned_session
from .history import HistoryFilter, filtered_sessions


def attachment(text: str, filename: str, content_type: str = "text/csv") -> HttpResponse:
    """A download of ``text`` (UTF-8) named ``filename``: a CSV unless ``content_type`` says otherwise."""
    response = HttpResponse(text.encode("utf-8"), content_type=f"{content_type}; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(as_attachment=True, filename=filename)
    return response


def game_filename(session: GameSession, extension: str) -> str:
    """What a download of one game is called: its game, number and day ("minibridge-12-2026-11-26.csv")."""
    return f"{session.game}-{session.pk}-{timezone.localdate(session.created):%Y-%m-%d}.{extension}"


@login_required
@require_GET
def history_csv(request: HtmxHttpRequest) -> HttpResponse:
    """Every game the history list's filters find (all pages), newest first; a bad filter is left out."""
    form = HistoryFilter(request.GET or None, owner=request.user)
    filters, _valid = good_values(form)
    text = csv_export.history_csv(filtered_sessions(request.user, filters))
    return attachment(text, f"scorekeeper-games-{timezone.localdate():%Y-%m-%d}.csv")


@login_required
@require_GET
def game_csv(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    session = owned_session(request, pk)
    return attachment(csv_export.game_csv(services.load_game(session)), game_filename(session, "csv"))
