"""A request body over REQUEST_MAX_BYTES is refused before it is read (scorekeeper/middleware.py)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import GameSession

from .helpers import body

pytestmark = pytest.mark.django_db

MB = 1024 * 1024
BOUNDARY = "scorekeeper-test-boundary"


class EndlessUpload:
    """A multipart body of ``size`` bytes, made only as it is read, counting what is read.

    Reading more than ``give_up`` bytes of it fails the test at once (a 300 MB body read
    whole would take a while, and its file would be spooled to disk).
    """

    def __init__(self, size: int, give_up: int = 8 * MB):
        self.size = size
        self.give_up = give_up
        self.read_bytes = 0
        self.head = (
            f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="record"; filename="huge.json"\r\n'
            "Content-Type: application/json\r\n\r\n{"
        ).encode()
        self.tail = f"}}\r\n--{BOUNDARY}--\r\n".encode()

    def _take(self, n: int) -> bytes:
        n = max(0, min(n, self.size - self.read_bytes))
        start, end = self.read_bytes, self.read_bytes + n
        self.read_bytes = end
        assert end <= self.give_up, f"the server read {end} bytes of the upload"
        filler_end = self.size - len(self.tail)
        head = self.head[start:end]
        tail = self.tail[max(0, start - filler_end) : max(0, end - filler_end)]
        return head + b" " * (n - len(head) - len(tail)) + tail

    def read(self, n: int = -1) -> bytes:
        return self._take(self.size if n is None or n < 0 else n)

    def readline(self, n: int = -1) -> bytes:
        return self.read(n if n is not None and 0 <= n < 64 * 1024 else 64 * 1024)


def send_huge(client, size: int, **headers):
    upload = EndlessUpload(size)
    response = client.post(
        reverse("games:record-upload"),
        headers={"X-CSRFToken": client.token(), **headers},
        **{
            "wsgi.input": upload,
            "CONTENT_LENGTH": str(size),
            "CONTENT_TYPE": f"multipart/form-data; boundary={BOUNDARY}",
        },
    )
    return response, upload


def test_a_300_mb_upload_is_refused_before_a_byte_of_it_is_read(table):
    response, upload = send_huge(table, 300 * MB)
    assert response.status_code == 413
    page = body(response)
    assert "File too big" in page
    assert "What you sent is 300.0\xa0MB; this server takes a file of at most 19.1\xa0MB" in page
    assert "nothing was saved" in page
    assert upload.read_bytes == 0
    assert GameSession.objects.count() == 0


def test_the_refusal_is_in_french_too(table):
    response, upload = send_huge(table, 300 * MB, **{"Accept-Language": "fr"})
    assert response.status_code == 413
    page = body(response)
    assert "Fichier trop volumineux" in page
    assert (
        "Ce que vous avez envoyé pèse 300,0\xa0Mio ; ce serveur accepte un fichier de 19,1\xa0Mio au plus"
        in page
    )
    assert upload.read_bytes == 0


def test_anyone_s_huge_post_anywhere_is_refused_unread(client):
    """Not only the import: the CSRF check reads every POST's form, the log-in's included."""
    upload = EndlessUpload(300 * MB)
    response = client.post(
        reverse("login"),
        **{
            "wsgi.input": upload,
            "CONTENT_LENGTH": str(upload.size),
            "CONTENT_TYPE": f"multipart/form-data; boundary={BOUNDARY}",
        },
    )
    assert response.status_code == 413
    assert upload.read_bytes == 0


def test_a_record_just_over_its_limit_is_read_and_refused_beside_the_field(table, settings):
    """Under the request's limit, the form itself says how big the file is and may be."""
    size = settings.SESSION_RECORD_MAX_BYTES + 10_000
    response, upload = send_huge(table, size)
    assert response.status_code == 400
    assert "a session record may be at most 1.9\xa0MB" in body(response)
    assert upload.read_bytes == size
