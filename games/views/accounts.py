"""Signing up (throttled per address), playing as a guest, and password reset only when the server can send mail.

Logging in is Django's own view, which also hands a guest's games over to the account
(games/accounts/guests.py); logging out is Django's; django-axes locks out repeated wrong passwords.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from games.accounts import guests
from games.accounts.throttle import client_ip, spend, too_many
from games.forms import SignupForm

from .common import HtmxHttpRequest

BACKEND = "django.contrib.auth.backends.ModelBackend"


@require_http_methods(["GET", "POST"])
def signup(request: HtmxHttpRequest) -> HttpResponse:
    guest = request.user if guests.is_guest(request.user) else None
    if request.user.is_authenticated and guest is None:
        return redirect("games:home")
    # A guest becomes the account: the same user, so its games and players stay its own.
    form = SignupForm(request.POST or None, instance=guest, initial={"username": ""})
    if request.method == "POST" and form.is_valid():
        said = gettext(
            "{count} accounts were created from your address in the last hour, as many as this server allows. Try again in an hour."
        )
        refused = past_the_limit(request, "signup", settings.SIGNUPS_PER_HOUR, said)
        if refused is not None:
            return refused
        user = form.save()
        login(request, user, backend=BACKEND)
        return redirect("games:home")
    status = 400 if request.method == "POST" else 200
    return render(request, "registration/signup.html", {"form": form}, status=status)


class LoginView(auth_views.LoginView):
    """Django's log-in page; a guest logging in on this browser brings its games to the account."""

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        guest = self.request.user if guests.is_guest(self.request.user) else None
        response = super().form_valid(form)
        if guest is not None:
            guests.hand_over(guest=guest, account=form.get_user())
        return response


def let_in_as_guest(request: HtmxHttpRequest) -> HttpResponse | None:
    """Make the visitor a guest, logged in on this browser; the 429 page past GUESTS_PER_HOUR for the address."""
    said = gettext(
        "{count} games were started without an account from your address in the last hour, as many as this server allows. Log in, or try again in an hour."
    )
    refused = past_the_limit(request, "guest", settings.GUESTS_PER_HOUR, said)
    if refused is None:
        login(request, guests.make_guest(), backend=BACKEND)
    return refused


def past_the_limit(request: HtmxHttpRequest, kind: str, limit: int, message: str) -> HttpResponse | None:
    """One more ``kind`` for the client's address (None), or the 429 page saying ``message`` past ``limit``."""
    if spend(kind, client_ip(request), limit):
        return None
    return too_many(request, message.format(count=limit))


def mail_only(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """A password-reset view that exists only when the server can send mail (EMAIL_URL)."""

    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not settings.PASSWORD_RESET_BY_MAIL:
            raise Http404("Password reset by e-mail is not set up on this server.")
        return view(request, *args, **kwargs)

    return wrapped
