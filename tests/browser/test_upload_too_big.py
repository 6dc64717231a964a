"""A 300 MB file on the import page, against the app served as users get it (gunicorn).

The server answers "File too big" at once, before it has read the upload: Chromium shows
the page within seconds, and a plain socket sending the same upload gets the answer
after only a few megabytes have left it (what the kernels' buffers hold), not 300.
"""

from __future__ import annotations

import select
import socket
import time
import urllib.parse

import pytest
from playwright.sync_api import expect

from tests.servers import PASSWORD, Phone, served

pytestmark = [pytest.mark.slow, pytest.mark.served]

MB = 1024 * 1024


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served(tmp_path_factory.mktemp("upload"), workers=2) as (running,):
        yield running


@pytest.fixture(scope="module")
def huge_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("huge") / "evening.json"
    with open(path, "wb") as out:
        out.write(b"[")
        out.truncate(300 * MB)  # sparse: no 300 MB written to the disk
    return path


def import_page(browser, server, **options):
    """The import page, logged in as the keeper, in a phone-sized browser context of its own."""
    context = browser.new_context(viewport={"width": 412, "height": 915}, **options)
    page = context.new_page()
    page.goto(server.base + "/accounts/login/")
    page.locator("input[name=username]").fill("keeper")
    page.locator("input[name=password]").fill(PASSWORD)
    with page.expect_navigation():
        page.locator("main form button[type=submit]").click()
    page.goto(server.base + "/games/import/")
    return context, page


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "The file is 300 MB; this server takes a file of at most 19.1 MB, so it was not sent."),
        (
            "fr",
            "Le fichier pèse 300 Mo ; ce serveur accepte un fichier de 19,1 Mo au plus : il n’a donc pas été envoyé.",
        ),
    ],
)
def test_a_300_mb_file_is_refused_beside_the_field_and_not_sent(browser, server, huge_file, language, said):
    context, page = import_page(browser, server, locale=language)
    try:
        posts = []
        page.on("request", lambda request: posts.append(request.url) if request.method == "POST" else None)
        page.locator("input[type=file]").set_input_files(huge_file)
        page.locator("main form[enctype='multipart/form-data'] button[type=submit]").click()
        expect(page.locator("#record-error")).to_have_text(said)
        expect(page.locator("input[type=file]")).to_have_attribute("aria-invalid", "true")
        assert posts == []
        expect(page.locator("main form button[type=submit]")).to_be_enabled()
    finally:
        context.close()


def test_without_javascript_the_300_mb_upload_gets_the_refusal_page_at_once(browser, server, huge_file):
    context, page = import_page(browser, server, java_script_enabled=False)
    try:
        page.locator("input[type=file]").set_input_files(huge_file)
        started = time.monotonic()
        with page.expect_navigation():
            page.locator("main form[enctype='multipart/form-data'] button[type=submit]").click()
        expect(page.get_by_role("heading", name="File too big")).to_be_visible()
        expect(page.get_by_role("alert")).to_contain_text(
            "What you sent is 300.0\xa0MB; this server takes a file of at most 19.1\xa0MB"
        )
        assert time.monotonic() - started < 8, "the answer waited for the upload"
    finally:
        context.close()


def test_the_answer_comes_before_the_upload_is_sent(server):
    """Bytes leave the socket only as the server takes them: few are taken before the 413 comes back."""
    phone = Phone(server.base).log_in()
    phone.request("/games/import/", htmx=False)
    cookies = "; ".join(f"{c.name}={c.value}" for c in phone.jar)
    size = 300 * MB
    address = urllib.parse.urlsplit(server.base)
    head = (
        "POST /games/import/ HTTP/1.1\r\n"
        f"Host: {address.netloc}\r\n"
        f"Cookie: {cookies}\r\n"
        f"X-CSRFToken: {phone.csrf()}\r\n"
        f"Referer: {server.base}/games/import/\r\n"
        "Content-Type: multipart/form-data; boundary=b0undary\r\n"
        f"Content-Length: {size}\r\n\r\n"
        '--b0undary\r\nContent-Disposition: form-data; name="record"; filename="e.json"\r\n\r\n'
    ).encode()
    chunk = b" " * (64 * 1024)
    sent, answer = 0, b""
    with socket.create_connection((address.hostname, address.port), timeout=30) as sock:
        sock.sendall(head)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and b"</html>" not in answer:
            readable, writable, _ = select.select([sock], [sock] if sent < size else [], [], 1)
            if readable:
                try:
                    data = sock.recv(64 * 1024)
                except OSError:  # reset once the server closed with the upload unread
                    break
                if not data:
                    break
                answer += data
            elif writable:
                try:
                    sent += sock.send(chunk)
                except OSError:  # the server closed its side: it will read no more
                    break
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:200]
    assert b"File too big" in answer
    assert sent < 16 * MB, f"{sent / MB:.0f} MB were taken before the answer"
