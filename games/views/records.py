"""Session records in the browser: download a game, or every game, as JSON; upload one, or a backup, to import it."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from games.accounts.throttle import spend, too_many
from games.backup.record_forms import SessionRecordUploadForm
from games.backup.session_record import (
    BackupRefused,
    RecordError,
    dump_record,
    export_session,
    restore,
    restore_one,
)
from games.models import GameSession

from .common import HtmxHttpRequest, owned_session
from .exports import attachment, game_filename

TEMPLATE = "games/import.html"
JSON = "application/json"


@login_required
@require_GET
def download(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    session = owned_session(request, pk)
    return attachment(dump_record(export_session(session)), game_filename(session, "json"), JSON)


@login_required
@require_GET
def download_all(request: HtmxHttpRequest) -> HttpResponse:
    """Every game of the user's (not in the Trash), oldest first: the backup the restore reads."""
    sessions = GameSession.objects.live().filter(owner=request.user).order_by("created", "pk")
    records = [export_session(session) for session in sessions.iterator(chunk_size=200)]
    day = timezone.localdate()
    return attachment(dump_record(records), f"scorekeeper-backup-{day:%Y-%m-%d}.json", JSON)


@login_required
@require_http_methods(["GET", "POST"])
def upload(request: HtmxHttpRequest) -> HttpResponse:
    """The backup and import page: a record imports one game, a backup (an array) restores every game."""
    if request.method != "POST":
        return page(request, SessionRecordUploadForm())
    if not spend("import", str(request.user.pk), settings.IMPORTS_PER_HOUR):
        said = gettext(
            "You have imported {count} records in the last hour, as many as this server allows. Try again in a while."
        )
        return too_many(request, said.format(count=settings.IMPORTS_PER_HOUR))
    form = SessionRecordUploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return page(request, form, status=400)
    if isinstance(form.cleaned_data["record"], list):
        return restore_backup(request, form)
    try:
        restored = restore_one(record=form.cleaned_data["record"], owner=request.user)
    except RecordError as exc:
        form.add_error("record", exc.message)
        return page(request, form, status=400)
    if not restored.new:
        return page(request, SessionRecordUploadForm(), already=restored.session)
    if request.htmx:
        return HttpResponseClientRedirect(reverse("games:sheet", args=[restored.session.pk]))
    return redirect("games:sheet", pk=restored.session.pk)


def restore_backup(request: HtmxHttpRequest, form: SessionRecordUploadForm) -> HttpResponse:
    """A file of several records (a backup): restored whole or not at all; games already here are
    skipped. The upload counted once against IMPORTS_PER_HOUR, whatever it holds: a person restoring
    their own games must get them all back at once, and SESSION_BACKUP_MAX_BYTES bounds the work."""
    records = form.cleaned_data["record"]
    try:
        outcomes = restore(records=records, owner=request.user)
    except BackupRefused as exc:
        form.add_error("record", exc.message)
        return page(request, form, status=400, refused=exc.refused)
    added = [outcome.session for outcome in outcomes if outcome.new]
    return page(request, SessionRecordUploadForm(), added=added, skipped=len(outcomes) - len(added))


def page(
    request: HtmxHttpRequest, form: SessionRecordUploadForm, *, status: int = 200, **context: Any
) -> HttpResponse:
    """The page, or (htmx) only its restore part. A refusal answers 400 to a plain POST, and 200 to
    htmx, which swaps only what succeeds."""
    games = GameSession.objects.live().filter(owner=request.user).count()
    context = {"form": form, "games": games, **context}
    if request.htmx:
        return render(request, f"{TEMPLATE}#restore", context)
    return render(request, TEMPLATE, context, status=status)
