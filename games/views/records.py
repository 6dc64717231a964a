"""Session records in the browser: download a game as JSON, upload one to import it."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from games.record_forms import SessionRecordUploadForm
from games.session_record import RecordError, dump_record, export_session, import_record, import_records
from games.throttle import spend, too_many

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
                gettext(
                    "You have imported {count} records in the last hour, as many as this server allows. Try again in a while."
                ).format(count=settings.IMPORTS_PER_HOUR),
            )
        form = SessionRecordUploadForm(request.POST, request.FILES)
        if form.is_valid() and isinstance(form.cleaned_data["record"], list):
            return import_backup(request, form)
        if form.is_valid():
            try:
                session = import_record(owner=request.user, record=form.cleaned_data["record"])
            except RecordError as exc:
                form.add_error("record", exc.message)
            else:
                return redirect("games:sheet", pk=session.pk)
        return render(request, "games/import.html", {"form": form}, status=400)
    return render(request, "games/import.html", {"form": SessionRecordUploadForm()})


def import_backup(request: HtmxHttpRequest, form: SessionRecordUploadForm):
    """A file of several records (a backup): each imported on its own, and what became of each listed.

    Every record counts as an upload against IMPORTS_PER_HOUR (the upload itself counted one):
    a backup larger than what is left of the hour is refused whole, nothing imported.
    """
    records = form.cleaned_data["record"]
    if len(records) > 1 and not spend(
        "import", str(request.user.pk), settings.IMPORTS_PER_HOUR, len(records) - 1
    ):
        form.add_error(
            "record",
            gettext(
                "The file holds {count} records, more than this server lets you import in an hour ({limit}). Import fewer at a time, or have the server's owner run manage.py import_session with it."
            ).format(count=len(records), limit=settings.IMPORTS_PER_HOUR),
        )
        return render(request, "games/import.html", {"form": form}, status=400)
    outcomes = [
        {"session": None, "problem": outcome.message}
        if isinstance(outcome, RecordError)
        else {"session": outcome, "players": ", ".join(record["players"])}
        for record, outcome in zip(records, import_records(owner=request.user, records=records), strict=True)
    ]
    refused = sum(1 for outcome in outcomes if outcome["session"] is None)
    return render(
        request,
        "games/import.html",
        {"form": SessionRecordUploadForm(), "outcomes": outcomes, "refused": refused},
        status=400 if refused else 200,
    )
