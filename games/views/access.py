"""Who may open a game: its owner, a phone holding its keep-score link, or a watcher.

Every game view asks here, once. The owner may do everything; a keep-score link
lets a phone without an account enter, correct and undo rounds and end or reopen
that one game (nothing else of the owner's); a watch link only shows the live sheet.
Opening a keep-score link remembers it in the phone's Django session, so the game's
ordinary URLs work for that phone; it is checked again on every request, so a
replaced link stops working at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import cast

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django_htmx.http import HttpResponseClientRedirect

from games import services
from games.accounts import sharing
from games.models import GameSession, ShareLink

from .common import HtmxHttpRequest

KEEP_GRANTS = "keep_links"  # in the Django session: {game pk: token}


@dataclass(frozen=True)
class Access:
    """A request's right to one game."""

    session: GameSession
    can_write: bool
    is_owner: bool
    link: ShareLink | None = None  # the share link it came through, if any
    token: str = ""  # that link's token (a watch page's live checks, explanations and result card use it)

    @property
    def through_watch_link(self) -> bool:
        """Watched through a watch link: the page's fetches go through the link's URLs."""
        return not self.can_write and self.link is not None


class NeedsLogin(Exception):
    pass


class LinkReplaced(Exception):
    pass


def game_access(request: HtmxHttpRequest, pk: int) -> Access:
    """The owner's game, or a game this phone holds a keep-score link to; else 404 (or a login)."""
    if request.user.is_authenticated:
        game = services.owned_game(pk, request.user)
        if game is not None:
            return Access(game, can_write=True, is_owner=True)
    token = request.session.get(KEEP_GRANTS, {}).get(str(pk)) if hasattr(request, "session") else None
    if token:
        link = sharing.find_link(token)
        if link is not None and link.session_id == pk and link.kind == ShareLink.Kind.KEEP:
            if link.session.in_trash:
                raise Http404("No such game.")
            if not link.is_live:
                raise LinkReplaced
            return Access(link.session, can_write=True, is_owner=False, link=link)
    if not request.user.is_authenticated:
        raise NeedsLogin
    raise Http404("No such game.")


def remember_keep_link(request: HtmxHttpRequest, link: ShareLink, token: str) -> None:
    grants = dict(request.session.get(KEEP_GRANTS, {}))
    grants.pop(str(link.session_id), None)  # the link opened last comes last: ``kept_game``
    grants[str(link.session_id)] = token
    request.session[KEEP_GRANTS] = grants


def kept_game(request: HttpRequest) -> int | None:
    """For a phone without an account: the game whose keep-score link it opened last, where its logo
    and the rules pages lead back to (it has no games of its own to go back to)."""
    if request.user.is_authenticated or not hasattr(request, "session"):
        return None
    grants = request.session.get(KEEP_GRANTS) or {}
    return int(list(grants)[-1]) if grants else None


def link_access(request: HtmxHttpRequest, token: str) -> Access:
    """What a share link opens: its game, to keep score in or to watch; 404 for no such link."""
    del request  # every resolver of ``_admitting`` takes it
    link = sharing.find_link(token)
    if link is None or link.session.in_trash:
        raise Http404("No such link.")
    if not link.is_live:
        raise LinkReplaced
    can_write = link.kind == ShareLink.Kind.KEEP
    return Access(link.session, can_write=can_write, is_owner=False, link=link, token=token)


def _admitting[K](
    view: Callable[..., HttpResponse], resolve: Callable[[HtmxHttpRequest, K], Access], name: str
) -> Callable[..., HttpResponse]:
    """``view`` called as view(request, access, ...), once ``resolve`` found the access the URL's ``name``
    gives. The one place that sets ``request.access``, which the table's pages read."""

    @wraps(view)
    def wrapper(request: HtmxHttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        try:
            access = resolve(request, cast(K, kwargs.pop(name)))  # as the URL's converter gave it
        except NeedsLogin:
            if request.htmx:  # a live check or a tap from a page whose login ended: that page goes to log in
                back = request.htmx.current_url_abs_path or request.get_full_path()
                return HttpResponseClientRedirect(redirect_to_login(back).url)
            return redirect_to_login(request.get_full_path())
        except LinkReplaced:
            return render(request, "games/share/replaced.html", status=410)
        request.access = access
        return view(request, access, *args, **kwargs)

    return wrapper


def guarded(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A game's own URL (``pk``): its owner's, or a phone's holding its keep-score link."""
    return _admitting(view, game_access, "pk")


def through_link(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A share link's URL (``token``): a replaced link answers the replaced-link page."""
    return _admitting(view, link_access, "token")
