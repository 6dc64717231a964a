"""The SQL written by hand in games/services.py reads and writes what the ORM would (run on SQLite and,
in .ci/run, on PostgreSQL)."""

from __future__ import annotations

import pytest

from games import services
from games.backup.trash import trash_session
from games.forms import ROW_ID_MAX
from games.models import GameSession, Player

from .conftest import everyone_makes

pytestmark = pytest.mark.django_db


def test_a_game_row_is_read_as_the_orm_reads_it(make_game, user):
    session = make_game(rounds=[everyone_makes(5, 1)])
    services.end_early(session=session, key="")  # over: winners, finished_at, the changes
    assert session.finished_at is not None and session.winners and session.changes
    read = services.owned_game(session.pk, user)
    assert read is not None
    orm = GameSession.objects.get(pk=session.pk)
    fields = [f.attname for f in GameSession._meta.concrete_fields]
    assert [getattr(read, name) for name in fields] == [getattr(orm, name) for name in fields]
    assert read.created == orm.created and read.created.tzinfo is not None


def test_no_game_row_for_another_owner_the_trash_or_no_such_number(make_game, user, other_user):
    session = make_game()
    assert services.owned_game(session.pk, other_user) is None
    for pk in (0, session.pk + 1, ROW_ID_MAX + 1):
        assert services.owned_game(pk, user) is None
    trash_session(session=session)
    assert services.owned_game(session.pk, user) is None


def test_a_row_update_tests_a_list_as_in_and_none_as_null(make_game):
    session = make_game()
    keys = dict(Player.objects.values_list("pk", "figures_key"))
    some = [seat.player_id for seat in services.seats_of(session)[:2]]
    assert services._update_row(Player, {"id": some}, {"figures_key": "0" * 32}) == 2
    renewed = {pk for pk, key in Player.objects.values_list("pk", "figures_key") if key != keys[pk]}
    assert renewed == set(some)
    live = {"id": session.pk, "deleted_at": None}
    assert services._update_row(GameSession, live, {"start_key": "a"}) == 1
    trash_session(session=session)
    assert services._update_row(GameSession, live, {"start_key": "b"}) == 0
    assert GameSession.objects.get(pk=session.pk).start_key == "a"
