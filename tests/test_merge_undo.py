"""Undoing a merge of two players: both come back with their own games, statistics as before."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.backup.session_record import export_session
from games.figures.stats import player_stats
from games.models import Entry, GameSession, MergeRecord, Player, Seat

from .conftest import TableClient
from .helpers import action, body
from .test_history_helpers import bugger_rounds, record

pytestmark = pytest.mark.django_db


def player(owner, name) -> Player:
    return Player.objects.get(owner=owner, name=name)


def purl(name, p) -> str:
    return reverse(f"games:{name}", args=[p.pk])


def figures(p: Player) -> dict:
    """Everything a player's page counts, game by game, and their results."""
    stats = player_stats(p)
    games = {
        g.game: (g.played, g.finished, g.won, g.scored, g.score_sum, g.bids, g.made, g.over, g.under)
        for g in stats.games
    }
    results = {game: [(r.session_id, r.total, r.won) for r in rs] for game, rs in stats.results.items()}
    return {"games": games, "results": results}


def rows(owner) -> dict:
    """Who sits where and whose every entry is, by id."""
    return {
        "seats": sorted(Seat.objects.filter(player__owner=owner).values_list("pk", "player__name")),
        "entries": sorted(Entry.objects.filter(player__owner=owner).values_list("pk", "player__name")),
    }


def merge(table, source, target):
    response = table.send(purl("player-merge", source), {"into": target.pk})
    assert response.status_code == 302 and response["Location"] == purl("player", target)
    return MergeRecord.objects.get(target=target, source_name=source.name)


def undo(table, target, record, status=302):
    response = table.send(purl("player-undo-merge", target), {"merge": record.pk})
    assert response.status_code == status, body(response)[:500]
    return response


@pytest.fixture
def two_spellings(user):
    """Jon's 3-round game and John's whole one (won), plus a game Jon is still playing."""
    games = [
        record(user, "bugger-bridge", ["Jon", "Bo", "Cy"], bugger_rounds(3, players=3)),
        record(user, "bugger-bridge", ["John", "Bo", "Cy"], bugger_rounds(18, players=3)),
        record(user, "bugger-bridge", ["Bo", "Jon", "Cy"], bugger_rounds(2, players=3)),
    ]
    return games


def test_undo_merge_gives_both_players_back_with_their_own_games(table, user, two_spellings):
    jon, john = player(user, "Jon"), player(user, "John")
    before = {"Jon": figures(jon), "John": figures(john), "rows": rows(user)}
    before_records = [export_session(s) for s in two_spellings]
    jon_id, jon_created = jon.pk, jon.created

    merged = merge(table, jon, john)
    assert figures(john) != before["John"]
    page = body(table.get(purl("player", john)))
    assert "A mistake? Undo merge, below." in page
    assert "Merged into John" in page and ">Undo merge</button>" in page
    assert f'name="merge" value="{merged.pk}"' in page

    response = undo(table, john, merged)
    back = Player.objects.get(owner=user, name="Jon")
    # The same player as before: its id (so old links work), name and date.
    assert (back.pk, back.created) == (jon_id, jon_created)
    assert response["Location"] == purl("player", back)
    assert "each have their own games again" in body(table.get(response["Location"]))
    assert figures(back) == before["Jon"] and figures(john) == before["John"]
    assert rows(user) == before["rows"]
    assert [export_session(GameSession.objects.get(pk=s.pk)) for s in two_spellings] == before_records
    assert not MergeRecord.objects.exists()
    assert "Merged into John" not in body(table.get(purl("player", john)))
    # Both pages and the list read as before the merge.
    assert "Games played</dt><dd>2</dd>" in body(table.get(purl("player", back)))
    assert "Games played</dt><dd>1</dd>" in body(table.get(purl("player", john)))


def test_rounds_played_after_the_merge_go_back_with_the_seat(table, user, two_spellings):
    jon, john = player(user, "Jon"), player(user, "John")
    merged = merge(table, jon, john)
    playing = two_spellings[2]
    # Round 3 of the game Jon was playing is bid under John's name.
    response = table.send(action(playing, 3, "bids"), {"bid_0": 0, "bid_1": 3, "bid_2": 0})
    assert response.status_code == 302
    assert Entry.objects.filter(round__session=playing, round__number=3, player=john).count() == 1
    undo(table, john, merged)
    back = player(user, "Jon")
    assert Entry.objects.filter(round__session=playing, position=1).exclude(player=back).count() == 0
    assert Entry.objects.filter(round__session=playing, player=back).count() == 3
    assert export_session(GameSession.objects.get(pk=playing.pk))["players"] == ["Bo", "Jon", "Cy"]


@pytest.mark.usefixtures("two_spellings")
def test_undo_is_refused_when_the_name_was_taken_since(table, user):
    jon, john = player(user, "Jon"), player(user, "John")
    merged = merge(table, jon, john)
    Player.objects.create(owner=user, name="JON")
    response = undo(table, john, merged, status=400)
    assert "You have a player called JON now, so Jon cannot come back: rename JON first." in body(response)
    assert MergeRecord.objects.filter(pk=merged.pk).exists()
    assert Seat.objects.filter(player=john).count() == 3  # nothing moved back
    # Renamed out of the way, the undo goes through.
    Player.objects.filter(owner=user, name="JON").update(name="Jonathan")
    undo(table, john, merged)
    assert Seat.objects.filter(player__name="Jon").count() == 2


@pytest.mark.usefixtures("two_spellings")
def test_undo_twice_or_someone_elses_merge_is_refused(table, user, other_user):
    jon, john = player(user, "Jon"), player(user, "John")
    merged = merge(table, jon, john)
    record(other_user, "bugger-bridge", ["Xena", "Yuri", "Zed"], [])
    xena = player(other_user, "Xena")
    assert table.send(purl("player-undo-merge", xena), {"merge": merged.pk}).status_code == 404
    bo = player(user, "Bo")  # a merge undone only from the player it went into
    response = undo(table, bo, merged, status=400)
    assert "That merge is undone already, or was never made." in body(response)
    assert table.get(purl("player-undo-merge", john)).status_code == 405
    assert table.post(purl("player-undo-merge", john), {"merge": merged.pk}).status_code == 403
    assert TableClient().post(purl("player-undo-merge", john), {"merge": merged.pk}).status_code in (302, 403)
    assert MergeRecord.objects.filter(pk=merged.pk).exists()
    undo(table, john, merged)
    response = undo(table, john, merged, status=400)
    assert "That merge is undone already" in body(response)
    assert Player.objects.filter(owner=user, name="Jon").count() == 1


def test_undo_brings_back_games_in_the_trash_too(table, user, two_spellings):
    trashed = two_spellings[0]
    assert table.send(reverse("games:delete", args=[trashed.pk])).status_code == 302
    jon, john = player(user, "Jon"), player(user, "John")
    merged = merge(table, jon, john)
    assert Seat.objects.get(session=trashed, position=0).player == john
    undo(table, john, merged)
    assert table.send(reverse("games:restore", args=[trashed.pk])).status_code == 302
    assert export_session(GameSession.objects.get(pk=trashed.pk))["players"] == ["Jon", "Bo", "Cy"]


@pytest.mark.usefixtures("two_spellings")
def test_a_chain_of_merges_undoes_the_latest(table, user):
    jon, john = player(user, "Jon"), player(user, "John")
    record(user, "bugger-bridge", ["Johnny", "Bo", "Cy"], bugger_rounds(1, players=3))
    johnny = player(user, "Johnny")
    before = rows(user)
    merge(table, jon, john)
    second = merge(table, john, johnny)
    # Merging John away forgets the merge into John; the latest one can still be undone.
    assert list(MergeRecord.objects.values_list("pk", flat=True)) == [second.pk]
    undo(table, johnny, second)
    assert Seat.objects.filter(player__name="John").count() == 3
    assert Seat.objects.filter(player__name="Johnny").count() == 1
    assert rows(user) != before  # Jon's games stay with John
