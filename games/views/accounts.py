"""Signing up (throttled per address), and password reset only when the server can send mail.

Logging in and out are Django's own views; django-axes locks out repeated wrong passwords.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import login
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from games.forms import SignupForm
from games.throttle import client_ip, spend, too_many

from .common import HtmxHttpRequest


@require_http_methods(["GET", "POST"])
def signup(request: HtmxHttpRequest):
    if request.user.is_authenticated:
        return redirect("games:home")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if not spend("signup", client_ip(request), settings.SIGNUPS_PER_HOUR):
            return too_many(
                request,
                gettext(
                    "{count} accounts were created from your address in the last hour, as many as this server allows. Try again in an hour."
                ).format(count=settings.SIGNUPS_PER_HOUR),
            )
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("games:home")
    status = 400 if request.method == "POST" else 200
    return render(request, "registration/signup.html", {"form": form}, status=status)


def mail_only(view):
    """A password-reset view that exists only when the server can send mail (EMAIL_URL)."""

    def wrapped(request, *args, **kwargs):
        if not settings.PASSWORD_RESET_BY_MAIL:
            raise Http404("Password reset by e-mail is not set up on this server.")
        return view(request, *args, **kwargs)

    return wrapped
