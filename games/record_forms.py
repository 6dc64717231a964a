"""The session-record upload form: a file, its size, and whether it is JSON at all.

Whether the record is valid is the import's business (``session_record``); the
view shows its refusal beside the same field.
"""

from __future__ import annotations

from django import forms

from .session_record import RecordError, check_size, load_json


class SessionRecordUploadForm(forms.Form):
    record = forms.FileField(
        label="Session record file",
        help_text="A .json file downloaded from Scorekeeper (or written by another tool that follows the same format).",
        widget=forms.FileInput(attrs={"accept": ".json,application/json", "aria-describedby": "record-hint"}),
    )

    def clean_record(self):
        upload = self.cleaned_data["record"]
        try:
            check_size(upload.size)
            return load_json(upload.read())
        except RecordError as exc:
            raise forms.ValidationError(exc.message) from None
