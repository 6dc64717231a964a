"""``/healthz``: may a proxy or container send this process traffic?

200 when the database answers and every migration is applied; 503 otherwise.
No login, a tiny plain-text body, never cached. The migration check reads the
migration files once per probe, a few milliseconds.
"""

from __future__ import annotations

from django.db import DatabaseError, connection
from django.db.migrations.executor import MigrationExecutor
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET


def _answer(text: str, status: int) -> HttpResponse:
    return HttpResponse(text + "\n", status=status, content_type="text/plain; charset=utf-8")


@never_cache
@require_GET
def healthz(_request: HttpRequest) -> HttpResponse:
    try:
        connection.ensure_connection()
        executor = MigrationExecutor(connection)
        pending = executor.migration_plan(executor.loader.graph.leaf_nodes())
    except DatabaseError:
        return _answer("database unreachable", 503)
    if pending:
        return _answer(f"{len(pending)} migrations not applied", 503)
    return _answer("ok", 200)
