"""A score sheet page, and the entry panel's htmx GET, drawn once per version of its game and then served
from the cache; so are an owner's history list and a player's statistics page, once per version of the
owner's figures (``served_owned``).

What such a page shows is the same for everyone who sees that version of the game in the
same way: the game (its version, its players' names), the language, the kind of visitor
(the owner, a phone holding the keep-score link, a watcher: what they may do), who is
logged in (the header names them), where the logo leads (a keep-score phone's game), the
address asked for (its query string: a panel such as ``?phase=bids``; a watch link's token,
and for a watcher the host, which the result card's share link names) and whether htmx asks
for the panel only: app servers behind one proxy share the pages. All of that is the cache key, with the deployed static files' manifest (the page
names hashed files). Every write to a game moves its version, so an entry is never stale
and never invalidated; a rename or a merge of a player moves no version, so the names
themselves are in the key: reading them is the one query a page served from here makes
besides the session, the user and the game's own row.

What differs per request is not in the bytes kept: the CSRF token and each form's one-time
submit key (``write_fields``) are drawn as placeholders (``games.context_processors.placeholders``)
and put in when the page is served, a fresh key per form as when it is drawn.
The placeholders are random per drawing and kept beside the bytes, so no player's name can
forge one. A request with messages waiting (``messages.info`` before a redirect) is drawn
as usual and nothing is kept; so is any answer but a plain 200 page.

The history list and a player's page show the owner's games and players: every write that changes a
game renews its players' ``figures_key`` (``Player.objects.renew_figures``, in the write's transaction:
tests/test_figures_key.py holds each write path to it), a rename changes a name, a merge or a purge
removes a player. So the owner's players, each as its id, name and key, are the version of those
pages: reading them is the one query such a page served from here makes besides the session and the
user, and the page, if drawn, is given them rather than read them again.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Mapping
from urllib.parse import parse_qsl

from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.messages import get_messages
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils import timezone
from django.utils.cache import add_never_cache_headers
from django.utils.translation import get_language

from games import services
from games.context_processors import PAGE_MARKS
from games.models import Player, Seat
from games.table import CACHE_ALIAS, page_key

from .access import Access, kept_game
from .common import HtmxHttpRequest

# Part of every key, with games/table's MARKUP: bump it when the pages' templates change, so that a
# shared cache (several app servers, one Redis) never serves pages drawn by older code.
PAGE = 6
# The history list's filters and page, any value (a game's slug is the longest of them): the list keeps
# only its own addresses (``history.own_address``).
HISTORY_READS: dict[str, set[str] | None] = dict.fromkeys(
    ("game", "player", "status", "since", "until", "page")
)


def served(
    request: HtmxHttpRequest,
    access: Access,
    reads: dict[str, set[str]],
    draw: Callable[[list[Seat] | None], HttpResponse],
) -> HttpResponse:
    """The page ``draw(seats)`` answers for the game ``access`` names, from the cache when this version of
    it was drawn before for a request like this one; else drawn (given the seats the key read, or None),
    and kept when it can be. ``reads``: the query values the sheet shows something for (``Table.reads``);
    any other address is drawn as usual and not kept."""
    if not _cacheable(request, dict(reads)):
        return draw(None)
    key, seats = _key(request, access)
    return _kept(request, key, lambda: draw(seats))


def owner_players(owner: User) -> list[Player]:
    """The owner's players by name: what ``served_owned`` keys a page on, and what the page then shows."""
    return list(Player.objects.filter(owner=owner).order_by("name"))


def served_owned(
    request: HtmxHttpRequest,
    players: list[Player],
    draw: Callable[[], HttpResponse],
    reads: dict[str, set[str] | None],
) -> HttpResponse:
    """A page of the logged-in owner's games or players (``players``: ``owner_players``), from the cache
    while none of those players changed since it was drawn for a request like this one; else drawn and
    kept when it can be. ``reads``: the query parameters the page reads."""
    if not _cacheable(request, reads):
        return draw()
    figures = "\x1f".join(f"{p.pk}:{p.figures_key}:{p.name}" for p in players)
    parts = [hashlib.blake2s(figures.encode()).hexdigest(), timezone.get_current_timezone_name()]
    digest = hashlib.blake2s("\x1f".join(map(str, parts + _request_parts(request))).encode()).hexdigest()
    return _kept(request, f"owned:{PAGE}:{request.user.pk}:{digest}", draw)


def _kept(request: HtmxHttpRequest, key: str, draw: Callable[[], HttpResponse]) -> HttpResponse:
    """The page kept under ``key``, with this request's tokens put in; else ``draw()``'s, kept when it can be."""
    cache = caches[CACHE_ALIAS]
    found = cache.get(key)
    if found is None:
        marks = secrets.token_hex(8)
        drawing = PAGE_MARKS.set(marks)
        try:
            response = draw()
        finally:
            PAGE_MARKS.reset(drawing)
        if not _keepable(response):
            if isinstance(response, HttpResponse):
                response.content = _filled_bytes(response.content, marks, request)
            return response
        found = (marks, response.content, response["Content-Type"])
        cache.set(key, found)
    marks, content, content_type = found
    return HttpResponse(_filled_bytes(content, marks, request), content_type=content_type)


def _cacheable(request: HtmxHttpRequest, reads: Mapping[str, set[str] | None]) -> bool:
    """Whether this request's page may come from (and go to) the cache: it asks only for what the page
    reads, each at most once (``reads``: a name's values, or None for any of at most 16 characters)."""
    query = parse_qsl(request.META.get("QUERY_STRING", ""), keep_blank_values=True)
    if len(query) > len(reads) or any(
        name not in reads
        or (value not in allowed if (allowed := reads[name]) is not None else len(value) > 16)
        for name, value in query
    ):
        return False
    return not get_messages(request)  # "That game was started already": shown once, never kept


def _key(request: HtmxHttpRequest, access: Access) -> tuple[str, list[Seat]]:
    """The cache key of this request's page, and the game's seats it read (the sheet, if drawn now,
    is given them rather than read them again)."""
    session = access.session
    seats = services.seats_of(session)
    kind = "owner" if access.is_owner else "keep" if access.can_write else "watch"
    parts = [
        hashlib.blake2s("\x1f".join(f"{s.player_id}:{s.player.name}" for s in seats).encode()).hexdigest(),
        kind,
        # A watcher's finished game offers its card's full link (``Table.card_context``), naming the host.
        request.build_absolute_uri("/") if kind == "watch" else "",
    ]
    digest = hashlib.blake2s("\x1f".join(map(str, parts + _request_parts(request))).encode()).hexdigest()
    return page_key(session, PAGE, digest), seats


def _request_parts(request: HtmxHttpRequest) -> list[object]:
    """What any kept page's key holds of the request: the language, who is logged in (the header names
    them), where the logo leads, the address, whether htmx asks, and the static files' manifest."""
    user = request.user
    htmx = request.htmx
    return [
        get_language() or settings.LANGUAGE_CODE,
        f"{user.pk}:{user.get_username()}" if user.is_authenticated else "-",
        kept_game(request),
        request.get_full_path(),
        int(bool(htmx)),
        int(bool(htmx) and htmx.target == "entry-panel"),
        getattr(staticfiles_storage, "manifest_hash", ""),
    ]


def not_kept(response: HttpResponse) -> HttpResponse:
    """The page answered as drawn but never kept: ``Cache-Control: no-store``, which every page gets anyway
    (scorekeeper/middleware.py), set by the view itself, so that ``_keepable`` turns it down."""
    add_never_cache_headers(response)
    return response


def _keepable(response: object) -> bool:
    """A plain page: 200, its bytes whole, no header or cookie of its own besides its type."""
    return (
        isinstance(response, HttpResponse)
        and response.status_code == 200
        and not response.cookies
        and set(response.headers) == {"Content-Type"}
    )


def _filled_bytes(content: bytes, marks: str, request: HttpRequest) -> bytes:
    """The page with this request's CSRF token (``get_token`` also sets its cookie) and fresh submit keys."""
    content = content.replace(f"csrf{marks}".encode(), get_token(request).encode())
    first, *rest = content.split(f"wkey{marks}".encode())
    return first + b"".join(secrets.token_urlsafe(12).encode() + part for part in rest)
