"""The session-record upload form: a file, its size, and whether it is JSON at all.

Whether the record is valid is the import's business (``session_record``). A file may also
hold a whole backup (a JSON array of records): the form then gives the list, each record
decoded on its own (a RecordError for one that cannot be).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from games.backup.session_record import (
    RecordError,
    backup_records,
    check_size,
    decode_text,
    is_backup,
    load_json,
)


class SessionRecordUploadForm(forms.Form):
    record = forms.FileField(
        label=_("Session record file"),
        help_text=_(
            "A .json file downloaded from Scorekeeper (or written by another tool that follows the same format)."
        ),
        widget=forms.FileInput(attrs={"accept": ".json,application/json", "aria-describedby": "record-hint"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # static/js/upload.js refuses a larger file before sending it (the server would not read it).
        self.fields["record"].widget.attrs["data-max-bytes"] = str(settings.UPLOAD_MAX_BYTES)

    def clean_record(self) -> object:
        upload = self.cleaned_data["record"]
        try:
            backup = is_backup(upload.read(256))
            upload.seek(0)
            check_size(upload.size, backup=backup)
            raw = upload.read()
            if backup:
                return list(backup_records(decode_text(raw)))
            return load_json(raw)
        except RecordError as exc:
            raise forms.ValidationError(exc.message) from None
