"""Every page, as everyone who can reach it, in French, on a phone: no 5xx, no console error, no
failed request, no English left on a French page (issue 19).

The pages come from the URLconf (tests/test_no_server_errors.py fills in every URL of the
app: one game of each kind, its share links, a player, the group link) and from the links
each page shows, followed; so a new page is crawled without editing this test. Five
visitors crawl, each in a phone of its own at 412x915: the owner, a phone holding each
game's keep-score link, one holding each watch link, one whose links were replaced, and a
visitor with no account and no link.

English on a French page: a text node (or a label a screen reader reads) that is, whole,
the English of a catalogue entry whose French is different. A player's name, a number or a
game's name is not such an entry (their French is the same), so they never count.
"""

from __future__ import annotations

import gettext
import re
import time
from pathlib import Path
from urllib.parse import urldefrag, urlsplit

import pytest
from django.contrib.auth.models import User
from django.urls import URLPattern, URLResolver, get_resolver

from games.accounts import group_link, sharing
from games.models import GameSession, Player, ShareLink
from games.registry import GAMES
from tests.helpers import new_session
from tests.rules.test_contract import FIRST_ROUND
from tests.test_no_server_errors import every_url

# Every page is crawled on PostgreSQL too in .ci/run, served by gunicorn on it.
pytestmark = pytest.mark.postgres_too

PASSWORD = "crawling-the-table-7"
PHONE_412 = {"width": 412, "height": 915}
MO = Path(__file__).resolve().parents[2] / "locale" / "fr" / "LC_MESSAGES" / "django.mo"
MOST_PAGES = 400  # per visitor: the links followed stop there (about 150 today for the owner)
# Not pages: downloads and files are fetched (status checked), never opened in the tab.
NOT_PAGES = re.compile(r"(\.csv|\.json|\.webmanifest|\.js|\.ico)$|^/static/|^/healthz")
OUTSIDE = re.compile(r"^/admin/|^/i18n/")  # Django's admin (not the app's), the language switch (a POST)

# Every text node and every label a screen reader reads, whitespace folded.
TEXTS = """() => {
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (node.parentElement && node.parentElement.closest("script, style, template")) continue;
    const text = node.textContent.replace(/\\s+/g, " ").trim();
    if (text) texts.push(text);
  }
  for (const el of document.querySelectorAll("[aria-label], [title], [placeholder], [alt], input[type=submit]")) {
    for (const name of ["aria-label", "title", "placeholder", "alt", "value"]) {
      if (name === "value" && el.type !== "submit") continue;
      const text = (el.getAttribute(name) || "").replace(/\\s+/g, " ").trim();
      if (text) texts.push(text);
    }
  }
  texts.push(document.title.replace(/\\s+/g, " ").trim());
  return texts;
}"""


def english_only() -> dict[str, str]:
    """The catalogue's English that French says otherwise, as a page would show it: {English: French}."""
    assert MO.exists(), "locale/fr/LC_MESSAGES/django.mo is missing: scripts/test compiles it"
    with open(MO, "rb") as mo:
        catalog = gettext.GNUTranslations(mo)._catalog  # type: ignore[attr-defined]
    french = {str(text).strip() for text in catalog.values()}
    words = {}
    for key, text in catalog.items():
        english = (key[0] if isinstance(key, tuple) else key).split("\x04")[-1].strip()
        if not english or english == str(text).strip() or english in french:
            continue
        if "%(" in english or "{" in english or not re.search(r"[A-Za-z]{2}", english):
            continue  # a sentence with a slot shows filled in; a symbol is no sign of a language
        words[english] = str(text).strip()
    return words


def every_page() -> list[str]:
    """The app's URLs (games.urls, filled in) and the site's other pages without arguments."""

    def walk(patterns, prefix=""):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, prefix + str(pattern.pattern))
            elif isinstance(pattern, URLPattern) and not pattern.pattern.converters:
                yield "/" + prefix + str(pattern.pattern)

    return [url for url in walk(get_resolver().url_patterns) if not OUTSIDE.search(url)]


def seen_as(path: str) -> str:
    """A page as the crawl counts it: the login page is one page, whichever page sent the visitor there."""
    return re.sub(r"[?&]next=[^&]*", "", path)


class Crawler:
    def __init__(self, phone, problems: list[str], english: dict[str, str]):
        self.phone = phone
        self.problems = problems
        self.english = english
        self.seen: set[str] = set()
        self.console: list[tuple[str, str]] = []
        self.failed: list[str] = []
        page = phone.page
        page.on("console", lambda m: self.console.append((m.type, m.text)) if m.type == "error" else None)
        page.on("requestfailed", self._failed)

    def _failed(self, request):
        # A live check cut short because the crawl moved on is no failure; anything else is.
        if request.failure != "net::ERR_ABORTED":
            self.failed.append(f"{request.method} {request.url}: {request.failure}")

    def crawl(self, who: str, start: list[str]) -> int:
        queue = list(dict.fromkeys(start))
        visited = 0
        while queue and visited < MOST_PAGES:
            path = queue.pop(0)
            if seen_as(path) in self.seen or OUTSIDE.search(path):
                continue
            self.seen.add(seen_as(path))
            visited += 1
            queue += self.visit(who, path)
        return visited

    def visit(self, who: str, path: str) -> list[str]:
        """Open ``path`` in the tab (a download is only fetched), note what is wrong, return its links."""
        phone, page = self.phone, self.phone.page
        base = phone.base_url
        if NOT_PAGES.search(urlsplit(path).path):
            answer = page.request.get(base + path, max_redirects=0)
            if answer.status >= 500:
                self.problems.append(f"{who}: {answer.status} {path}")
            return []
        self.console.clear()
        self.failed.clear()
        # A URL that only takes a POST (a round's save, Undo) says so to OPTIONS without doing anything:
        # the browser would only show its own error page for it.
        allowed = page.request.fetch(base + path, method="OPTIONS", max_redirects=0)
        if "GET" not in allowed.headers.get("allow", "GET"):
            return []
        response = page.goto(base + path)
        status = response.status if response else 0
        if status >= 500:
            self.problems.append(f"{who}: {status} {path}")
        for kind, text in self.console:
            # The browser notes the page's own 4xx (a 404, a 410 Gone) as an error: that one is the answer.
            if re.fullmatch(
                rf"Failed to load resource: the server responded with a status of {status} .*", text
            ):
                continue
            self.problems.append(f"{who}: console {kind} on {path}: {text}")
        self.problems += [f"{who}: failed request on {path}: {failure}" for failure in self.failed]
        # A whole page says it is French; a part of one (a live check's answer, a 405's empty answer) is
        # only read for English.
        whole = response is not None and "<html" in response.text()[:400].lower()
        lang = page.locator("html").get_attribute("lang")
        if whole and lang != "fr":
            self.problems.append(f"{who}: {path} is not in French (lang={lang})")
        for text in dict.fromkeys(page.evaluate(TEXTS)):
            if text in self.english:
                self.problems.append(
                    f"{who}: English on French page {path}: {text!r} (fr: {self.english[text]!r})"
                )
        here = urlsplit(base)
        found = []
        for href in page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)"):
            parts = urlsplit(urldefrag(href)[0])
            if (parts.scheme, parts.netloc) == (here.scheme, here.netloc):
                found.append(parts.path + (f"?{parts.query}" if parts.query else ""))
        return found


def games_of(owner) -> dict[str, int]:
    sessions = {}
    for slug, game in GAMES.items():
        if not game.table:
            continue
        players = ["Ann", "Ben", "Cat", "Dan", "Eve"][: game.rules.min_players]
        sessions[slug] = new_session(slug, owner=owner, players=players, rounds=FIRST_ROUND[slug][:1]).pk
    return sessions


def tokens(games: dict[str, int], kind: str) -> list[str]:
    return [
        sharing.token_for(sharing.live_links(session).get(kind) or sharing.make_link(session, kind))
        for session in GameSession.objects.filter(pk__in=games.values())
    ]


def token_pages(urls: list[str], keep: set[str]) -> list[str]:
    """The URLs of share links, only those through the tokens in ``keep``."""
    return [url for url in urls if not url.startswith("/s/") or url.split("/")[2] in keep]


VISITORS = ["owner", "keep-score holder", "watch holder", "replaced-link holder", "anonymous"]


# One test per visitor, so that the two workers share the crawls (each is a minute or more on a
# loaded machine): every visitor starts from the same games and links as the others.
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("who", VISITORS)
def test_every_page_as_everyone_in_french(phones, who):
    owner = User.objects.create_user("keeper", password=PASSWORD)
    games = games_of(owner)
    player = Player.objects.filter(owner=owner).first()
    # Links that will be replaced, opened now by the phone that keeps them.
    old_keep, old_watch = tokens(games, ShareLink.Kind.KEEP), tokens(games, ShareLink.Kind.WATCH)
    english = english_only()
    assert len(english) > 300  # the catalogue was read
    problems: list[str] = []
    crawler = Crawler(phones(who, viewport=PHONE_412, locale="fr-FR"), problems, english)
    if who == "replaced-link holder":
        for token in old_keep + old_watch:
            crawler.phone.go(f"/s/{token}/")
    for session in GameSession.objects.filter(pk__in=games.values()):
        for kind in ShareLink.Kind.values:
            sharing.make_link(session, kind)
    keep, watch = set(tokens(games, ShareLink.Kind.KEEP)), set(tokens(games, ShareLink.Kind.WATCH))
    group_link.make_link(owner)
    urls = every_url(games, player.pk) + every_page()
    assert any(url.startswith("/g/") for url in urls) and any(url.endswith("/share/") for url in urls)

    first, held = {
        "owner": ([], set()),
        "keep-score holder": ([f"/s/{token}/" for token in keep], keep),
        "watch holder": ([f"/s/{token}/" for token in watch], watch),
        "replaced-link holder": (
            [f"/s/{token}/" for token in old_keep + old_watch],
            set(old_keep + old_watch),
        ),
        "anonymous": ([], set()),
    }[who]
    if who == "owner":
        crawler.phone.go("/accounts/login/")
        crawler.phone.page.fill("#id_username", "keeper")
        crawler.phone.page.fill("#id_password", PASSWORD)
        with crawler.phone.loading():
            crawler.phone.page.locator("form button[type=submit]").first.click()
    for token in first:  # a keep-score link is opened first: the phone then holds it
        crawler.phone.go(token)
    started = time.monotonic()
    count = crawler.crawl(who, first + token_pages(urls, held))
    print(f"{who}: {count} pages in {time.monotonic() - started:.0f} s")
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
    # The crawl went everywhere it should: the owner sees every game's pages.
    if who == "owner":
        assert count >= len(games) * 8, count
