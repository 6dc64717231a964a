"""Sharing a game: the owner's Share page, and what a watch or keep-score link opens.

A watch link shows the live sheet to anyone who opens it, with no account, and nothing else of
the owner's; a keep-score link lets a phone enter, correct and undo rounds of that one game.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from functools import partial

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.http.request import split_domain_port
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods

from games import services
from games.accounts import sharing
from games.models import ShareLink
from games.table.http import explain_answer, live_answer, table_for

from . import pagecache
from .access import Access, remember_keep_link, through_link
from .card import card_answer
from .common import HtmxHttpRequest, owned_session

LINK_WORDS = {
    ShareLink.Kind.WATCH: (
        _("Watch link"),
        _("Anyone who opens it sees the live sheet, without an account. They cannot change anything."),
    ),
    ShareLink.Kind.KEEP: (
        _("Keep-score link"),
        _(
            "Lets another phone enter, correct and undo rounds of this game, without an account. Give it only to someone keeping score with you."
        ),
    ),
}


def _on_this_computer(request: HtmxHttpRequest) -> bool:
    """Was the page asked for at this computer's own address (127.0.0.1, localhost), which no phone reaches?"""
    host, _port = split_domain_port(request.get_host())
    host = host.strip("[]")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def link_for_phones(request: HtmxHttpRequest, path: str) -> tuple[str, bool]:
    """The full link to hand out for ``path``, and whether phones cannot open it. Asked for at 127.0.0.1,
    a link would name the phone itself: LAN_URL (``HOST=0.0.0.0 scripts/serve``) names this computer on
    the Wi-Fi instead; without it, no phone can reach the server at all, and the page says what to do."""
    if not _on_this_computer(request):
        return request.build_absolute_uri(path), False
    if settings.LAN_URL:
        return settings.LAN_URL.rstrip("/") + path, False
    return request.build_absolute_uri(path), True


@login_required
@require_http_methods(["GET", "POST"])
def share(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The owner's Share page: each link with its QR code; a new link replaces the old one."""
    session = owned_session(request, pk)
    if request.method == "POST":
        kind = request.POST.get("kind", "")
        if kind not in ShareLink.Kind.values:
            raise Http404("No such kind of link.")
        sharing.make_link(session, kind)
        return redirect(reverse("games:share", args=[pk]) + f"#{kind}")
    live = sharing.live_links(session)
    links = []
    phones_cannot_open = False
    for kind in ShareLink.Kind.values:
        title, hint = LINK_WORDS[ShareLink.Kind(kind)]
        link = live.get(kind)
        url = ""
        if link:
            path = reverse("games:shared", args=[sharing.token_for(link)])
            url, phones_cannot_open = link_for_phones(request, path)
        item = {"kind": kind, "title": title, "hint": hint, "url": url}
        if kind == ShareLink.Kind.WATCH and link:
            item["big_url"] = url + "big/"
        links.append(item)
    context = {"session": session, "links": links, "phones_cannot_open": phones_cannot_open}
    return render(request, "games/share/share.html", context)


@require_GET
@through_link
def shared(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    """A share link opened: a watch link shows the live sheet; a keep-score link opens the game's own sheet."""
    session = access.session
    if access.can_write and access.link is not None:
        remember_keep_link(request, access.link, access.token)
        return redirect("games:sheet", pk=session.pk)
    table = table_for(session.game)
    return pagecache.served(request, access, table.reads(), partial(table.sheet, request, session))


def _through_link(
    answer: Callable[[HtmxHttpRequest, Access], HttpResponse], doc: str
) -> Callable[[HtmxHttpRequest, str], HttpResponse]:
    """A GET through a share link: ``answer(request, access)`` for the link's game, or the replaced-link page."""
    view = require_GET(through_link(answer))
    view.__doc__ = doc
    return view


watch_live = _through_link(live_answer, "A live check through a watch link.")
watch_explain = _through_link(explain_answer, "A square's explanation on a shared sheet.")
watch_card = _through_link(card_answer, "A finished game's result card, through a share link.")


@require_GET
@through_link
def big_screen(request: HtmxHttpRequest, access: Access) -> HttpResponse:
    """The watch link on a laptop or TV: large totals, ranked, and the round in play."""
    if access.can_write:
        return redirect("games:shared", token=access.token)
    loaded = services.load_game(access.session)
    table = table_for(access.session.game)
    return render(request, "games/share/big.html", table.big_screen_context(request, loaded))
