"""Session records in the browser: download a game as JSON, upload one to import it."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_GET, require_http_methods

from ..record_forms import SessionRecordUploadForm
from ..session_record import RecordError, dump_record, export_session, import_record
from ..throttle import spend, too_many
from .common import HtmxHttpRequest, owned_session


@login_required
@require_GET
def download(request: HtmxHttpRequest, pk: int):
    session = owned_session(request, pk)
    record = export_session(session)
    day = timezone.localdate(session.created)
    response = HttpResponse(dump_record(record), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(
        as_attachment=True, filename=f"{session.game}-{session.pk}-{day:%Y-%m-%d}.json"
    )
    return response


@login_required
@require_http_methods(["GET", "POST"])
def upload(request: HtmxHttpRequest):
    if request.method == "POST":
        if not spend("import", str(request.user.pk), settings.IMPORTS_PER_HOUR):
            return too_many(
                request,
                f"You have imported {settings.IMPORTS_PER_HOUR} records in the last hour, as many as this "
                "server allows. Try again in a while.",
            )
        form = SessionRecordUploadForm(request.POST, request.FILES)
        if form.is_valid():
            try:
                session = import_record(owner=request.user, record=form.cleaned_data["record"])
            except RecordError as exc:
                form.add_error("record", exc.message)
            else:
                return redirect("games:sheet", pk=session.pk)
        return render(request, "games/import.html", {"form": form}, status=400)
    return render(request, "games/import.html", {"form": SessionRecordUploadForm()})
