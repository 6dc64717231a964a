"""The session-record upload form: a file, its size, and whether it is JSON at all.

Whether the record is valid is the import's business (``session_record``); the
view shows its refusal beside the same field. A file may also hold a whole backup
(a JSON array of records): the form then gives the list, each record decoded on its
own (a RecordError for one that cannot be), and the view imports each on its own.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from .session_record import RecordError, backup_records, check_size, decode_text, is_backup, load_json


class SessionRecordUploadForm(forms.Form):
    record = forms.FileField(
        label=_("Session record file"),
        help_text=_(
            "A .json file downloaded from Scorekeeper (or written by another tool that follows the same format)."
        ),
        widget=forms.FileInput(attrs={"accept": ".json,application/json", "aria-describedby": "record-hint"}),
    )

    def clean_record(self):
        upload = self.cleaned_data["record"]
        try:
            check_size(upload.size)
            raw = upload.read()
            if is_backup(raw):
                return list(backup_records(decode_text(raw)))
            return load_json(raw)
        except RecordError as exc:
            raise forms.ValidationError(exc.message) from None
