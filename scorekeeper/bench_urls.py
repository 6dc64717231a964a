"""scripts/bench's URLconf: the app's own URLs plus two floor views to measure every page against.

Only scorekeeper/bench_settings.py names it. Both go through the app's whole middleware stack:

- ``/bench/bare/``: ``HttpResponse(b"ok")``, no query, template or cookie: gunicorn + Django's floor.
- ``/bench/floor/``: the cheapest logged-in page (the session, the user, one query of its own and
  a one-line template with a CSRF token): every logged-in page costs at least this much.
"""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.template import engines
from django.urls import path
from django.views.decorators.http import require_GET

from games.models import GameSession

from .urls import urlpatterns as app_urlpatterns

FLOOR_TEMPLATE = engines["django"].from_string(
    "<p>{{ user.get_username }}: game {{ latest|default:'none' }} {% csrf_token %}</p>\n"
)


@require_GET
def bare(_request: HttpRequest) -> HttpResponse:
    return HttpResponse(b"ok")


@login_required
@require_GET
def floor(request: HttpRequest) -> HttpResponse:
    latest = GameSession.objects.filter(owner=request.user).values_list("pk", flat=True).first()
    return HttpResponse(FLOOR_TEMPLATE.render({"latest": latest}, request))


urlpatterns = [
    path("bench/bare/", bare, name="bench-bare"),
    path("bench/floor/", floor, name="bench-floor"),
    *app_urlpatterns,
]
