"""Whose figures a page shows, and through which door: the owner signed in, or a group link.

The standings, head-to-head, history list and summaries are drawn the same way for both; only
their links differ (a group link's pages link only under the link) and what the owner alone is
offered (exports, players' pages, the table screens, anything that writes).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest
from django.http.response import HttpResponseBase
from django.urls import reverse

from games.accounts import group_link


@dataclass(frozen=True)
class Scope:
    owner: Any
    token: str = ""  # the group link's token; empty for the owner signed in

    @property
    def group(self) -> bool:
        return bool(self.token)

    def url(self, name: str, *args: Any) -> str:
        """A page of the scope: "standings", "head-to-head", "history" or "summary" (with its game)."""
        if self.token:
            return reverse(f"games:group-{name}", args=[self.token, *args])
        return reverse(f"games:{name}", args=args)

    # The pages every scope has, for templates.
    @property
    def standings_url(self) -> str:
        return self.url("standings")

    @property
    def head_to_head_url(self) -> str:
        return self.url("head-to-head")

    @property
    def history_url(self) -> str:
        return self.url("history")


def owner_scoped(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """The signed-in owner's page: called as view(request, scope)."""

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        return view(request, Scope(request.user), *args, **kwargs)

    return wrapper


def group_scoped(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """The same page through a group link in force; any other token is a 404, replaced ones at once."""

    @wraps(view)
    def wrapper(request: HttpRequest, token: str, *args: Any, **kwargs: Any) -> HttpResponseBase:
        link = group_link.find_link(token)
        if link is None:
            raise Http404("No such link.")
        return view(request, Scope(link.owner, token), *args, **kwargs)

    return wrapper
