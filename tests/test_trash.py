"""The Trash: a deleted game leaves every list, figure and link, comes back whole, and is purged after 30 days."""

from __future__ import annotations

import datetime
import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from games.accounts import sharing
from games.backup.session_record import export_session
from games.backup.trash import TRASH_DAYS
from games.figures.stats import player_stats
from games.models import Entry, GameSession, Player, Round, Seat, ShareLink

from .conftest import TableClient, sending
from .helpers import action, body, url
from .test_history_helpers import NAMES, bugger_rounds, record
from .test_queries import count

pytestmark = pytest.mark.django_db

TRASH = reverse("games:trash")


def delete(table, session):
    response = table.send(url("delete", session))
    assert response.status_code == 302 and response["Location"] == reverse("games:history")


def trash_the_game(table, user) -> GameSession:
    """Bob's 3-round game in progress, deleted; a finished one of the same five stays."""
    record(user, "bugger-bridge", NAMES["bugger-bridge"], bugger_rounds())
    doomed = record(user, "bugger-bridge", NAMES["bugger-bridge"], bugger_rounds(3))
    delete(table, doomed)
    return doomed


def figures(user, name) -> dict:
    """A player's figures as their page shows them, game by game."""
    stats = player_stats(Player.objects.get(owner=user, name=name))
    return {g.game: (g.played, g.finished, g.won, g.bids, g.made, g.score_sum) for g in stats.games}


# -- deleting and the Trash page --------------------------------------------------------------


def test_the_trash_lists_deleted_games_with_their_date_and_restore(table, user, other_user):
    doomed = trash_the_game(table, user)
    theirs = record(other_user, "bugger-bridge", ["Xena", "Yuri", "Zed"], [])
    GameSession.objects.filter(pk=theirs.pk).update(deleted_at=timezone.now())
    response = table.get(TRASH)
    assert response.status_code == 200
    page = body(response)
    assert "1 game in the Trash" in page
    assert "Bob, Helen, Corky, Kim, Randi" in page
    deleted = timezone.localtime(GameSession.objects.get(pk=doomed.pk).deleted_at)
    assert f"Deleted {deleted:%a} {deleted.day} {deleted:%b %Y}" in page
    gone = deleted + datetime.timedelta(days=TRASH_DAYS)
    assert f"gone for good after {gone.day} {gone:%b %Y}" in page
    assert f'action="{url("restore", doomed)}"' in page and ">Restore</button>" in page
    assert "Xena" not in page  # someone else's Trash is theirs
    # History links to it.
    assert f'href="{TRASH}"' in body(table.get(reverse("games:history")))


def test_an_empty_trash_says_so(table):
    assert "The Trash is empty." in body(table.get(TRASH))


def test_the_trash_page_costs_three_queries_for_any_number_of_games(table, user):
    for _ in range(3):
        session = record(user, "bugger-bridge", NAMES["bugger-bridge"], bugger_rounds(2))
        GameSession.objects.filter(pk=session.pk).update(deleted_at=timezone.now())
    table.get(TRASH)
    # 1 django session, 2 user, 3 the count, 4 the page of games, 5 their seats with players.
    assert len(count(lambda: table.get(TRASH))) == 5


def test_deleting_still_asks_first_and_says_where_the_game_goes(table, user):
    session = record(user, "bugger-bridge", NAMES["bugger-bridge"], bugger_rounds(3))
    page = body(table.get(url("delete", session)))
    assert "Delete this game?" in page and f"restore it, as it was, for {TRASH_DAYS} days" in page
    assert not GameSession.objects.trashed().exists()


# -- a game in the Trash is nowhere else -------------------------------------------------------


def test_a_trashed_game_leaves_history_start_page_stats_and_player_pages(table, user):
    record(user, "bugger-bridge", NAMES["bugger-bridge"], bugger_rounds())
    before = figures(user, "Bob")
    doomed = record(user, "bugger-bridge", NAMES["bugger-bridge"], bugger_rounds(3))
    assert figures(user, "Bob") != before
    delete(table, doomed)

    summary = f'href="{url("summary", doomed)}"'
    sheet = f'href="{url("sheet", doomed)}"'
    history = body(table.get(reverse("games:history")))
    assert summary not in history and sheet not in history and "1 game" in history
    assert summary not in body(table.get(reverse("games:history"), {"status": "in_progress"}))
    assert sheet not in body(table.get(reverse("games:home")))
    assert "No game in progress." in body(table.get(reverse("games:home")))
    # Statistics and the player's page are as if the game was never played.
    assert figures(user, "Bob") == before
    bob = Player.objects.get(owner=user, name="Bob")
    page = body(table.get(reverse("games:player", args=[bob.pk])))
    assert "Games played</dt><dd>1</dd>" in page and summary not in page
    players = body(table.get(reverse("games:players")))
    assert "1 game" in players and "2 games" not in players


def test_a_trashed_games_pages_and_actions_answer_404_to_its_owner(table, user):
    doomed = trash_the_game(table, user)
    for name in ("sheet", "summary", "print", "record-download", "game-csv", "share", "live", "delete"):
        assert table.get(url(name, doomed)).status_code == 404, name
    for name in ("undo", "end", "reopen", "delete", "share"):
        assert table.send(url(name, doomed)).status_code == 404, name
    bids = action(doomed, 4, "bids")
    assert table.get(bids).status_code == 404
    assert table.send(bids, {f"bid_{i}": 0 for i in range(5)}, htmx=True).status_code == 404
    assert not Round.objects.filter(session=doomed, number=4).exists()  # nothing written
    # Its players may still be picked, and another game started with them.
    assert table.get(reverse("games:new", args=["bugger-bridge"])).status_code == 200


def test_a_trashed_games_share_links_answer_404_and_work_again_once_restored(table, user):
    session = record(user, "bugger-bridge", NAMES["bugger-bridge"], bugger_rounds(3))
    watch = sharing.token_for(sharing.make_link(session, ShareLink.Kind.WATCH))
    keep = sharing.token_for(sharing.make_link(session, ShareLink.Kind.KEEP))
    phone = TableClient()  # a phone without an account, holding the keep-score link
    assert phone.get(reverse("games:shared", args=[keep])).status_code == 302
    assert phone.get(url("sheet", session)).status_code == 200
    watch_urls = [reverse(f"games:{name}", args=[watch]) for name in ("shared", "watch-live", "big-screen")]
    assert all(TableClient().get(u).status_code == 200 for u in watch_urls)

    delete(table, session)
    for u in watch_urls:
        assert TableClient().get(u).status_code == 404, u
    assert TableClient().get(reverse("games:shared", args=[keep])).status_code == 404
    assert phone.get(reverse("games:shared", args=[keep])).status_code == 404
    assert phone.get(url("sheet", session)).status_code == 404
    assert phone.get(url("live", session)).status_code == 404
    assert phone.send(action(session, 4, "bids"), {f"bid_{i}": 0 for i in range(5)}).status_code == 404
    assert not Round.objects.filter(session=session, number=4).exists()

    assert table.send(url("restore", session)).status_code == 302
    assert all(TableClient().get(u).status_code == 200 for u in watch_urls)
    assert phone.get(url("sheet", session)).status_code == 200


def test_export_leaves_out_games_in_the_trash(user, table):
    record(user, "bugger-bridge", NAMES["bugger-bridge"], bugger_rounds(2))
    doomed = trash_the_game(table, user)
    out = StringIO()
    call_command("export_session", "--all", stdout=out)
    assert len(json.loads(out.getvalue())) == 2  # kept, and trash_the_game's finished one
    with pytest.raises(Exception, match="is in the Trash"):
        call_command("export_session", str(doomed.pk), stdout=StringIO())


# -- restoring -----------------------------------------------------------------------------------


def test_restoring_brings_the_game_back_exactly_as_it_was(table, user):
    record(user, "bugger-bridge", NAMES["bugger-bridge"], bugger_rounds())
    session = record(user, "bugger-bridge", NAMES["bugger-bridge"], bugger_rounds(3))
    before_record = export_session(session)
    before_bob = figures(user, "Bob")
    before_rows = (
        list(Seat.objects.filter(session=session).values_list("pk", "player_id", "position")),
        list(Entry.objects.filter(round__session=session).values_list("pk", "player_id", "points", "total")),
        GameSession.objects.filter(pk=session.pk).values_list("version", "status", "created").get(),
    )
    delete(table, session)

    response = table.send(url("restore", session))
    assert response.status_code == 302 and response["Location"] == url("summary", session)
    assert "is back in your games" in body(table.get(response["Location"]))
    assert export_session(GameSession.objects.get(pk=session.pk)) == before_record
    assert figures(user, "Bob") == before_bob
    assert (
        list(Seat.objects.filter(session=session).values_list("pk", "player_id", "position")),
        list(Entry.objects.filter(round__session=session).values_list("pk", "player_id", "points", "total")),
        GameSession.objects.filter(pk=session.pk).values_list("version", "status", "created").get(),
    ) == before_rows
    # Back on the start page to resume, and play goes on from round 4.
    assert f'href="{url("sheet", session)}"' in body(table.get(reverse("games:home")))
    bids = {f"bid_{i}": 0 for i in range(5)}
    assert table.send(action(session, 4, "bids"), bids, htmx=True).status_code == 200
    assert "The Trash is empty." in body(table.get(TRASH))


def test_restore_needs_post_with_csrf_the_owner_and_a_game_in_the_trash(table, user, other_user):
    live = record(user, "bugger-bridge", NAMES["bugger-bridge"], [])
    theirs = record(other_user, "bugger-bridge", ["Xena", "Yuri", "Zed"], [])
    mine = trash_the_game(table, user)
    GameSession.objects.filter(pk=theirs.pk).update(deleted_at=timezone.now())
    assert table.send(url("restore", live)).status_code == 404
    assert table.send(url("restore", theirs)).status_code == 404
    assert table.send(reverse("games:restore", args=[999999])).status_code == 404
    assert table.get(url("restore", mine)).status_code == 405
    assert table.post(url("restore", mine)).status_code == 403  # no CSRF token
    assert GameSession.objects.trashed().filter(pk__in=[mine.pk, theirs.pk]).count() == 2
    anonymous = TableClient().post(url("restore", mine))
    assert anonymous.status_code in (302, 403)
    assert GameSession.objects.trashed().filter(pk=mine.pk).exists()


# -- purging -------------------------------------------------------------------------------------


def purge() -> str:
    out = StringIO()
    call_command("purge_trash", stdout=out)
    return out.getvalue()


def test_purge_deletes_for_good_only_what_has_waited_thirty_days(table, user):
    live = record(user, "bugger-bridge", NAMES["bugger-bridge"], bugger_rounds(2))
    old = trash_the_game(table, user)
    recent = record(user, "bugger-bridge", NAMES["bugger-bridge"], bugger_rounds(1))
    delete(table, recent)
    link = sharing.make_link(old, ShareLink.Kind.WATCH)
    now = timezone.now()
    GameSession.objects.filter(pk=old.pk).update(
        deleted_at=now - datetime.timedelta(days=TRASH_DAYS, hours=1)
    )
    GameSession.objects.filter(pk=recent.pk).update(deleted_at=now - datetime.timedelta(days=TRASH_DAYS - 1))

    assert purge().startswith("1 game deleted for good")
    assert not GameSession.objects.filter(pk=old.pk).exists()
    assert not Round.objects.filter(session_id=old.pk).exists()
    assert not Entry.objects.filter(round__session_id=old.pk).exists()
    assert not ShareLink.objects.filter(pk=link.pk).exists()
    assert GameSession.objects.trashed().filter(pk=recent.pk).exists()
    assert GameSession.objects.live().filter(pk=live.pk).exists()
    assert Player.objects.filter(owner=user, name="Bob").exists()  # players stay
    assert table.send(url("restore", old)).status_code == 404
    # A second run finds nothing more; two days later the other one goes too.
    assert purge().startswith("0 games")
    GameSession.objects.filter(pk=recent.pk).update(deleted_at=now - datetime.timedelta(days=TRASH_DAYS + 1))
    assert purge().startswith("1 game ")
    assert not GameSession.objects.trashed().exists()


def test_purge_refuses_negative_days():
    with pytest.raises(Exception, match="cannot be negative"):
        call_command("purge_trash", "--days", "-1", stdout=StringIO())


def test_a_delete_sent_twice_trashes_once_and_the_second_is_404(table, user):
    session = record(user, "bugger-bridge", NAMES["bugger-bridge"], [])
    send = sending(table, url("delete", session))
    assert send().status_code == 302
    first = GameSession.objects.get(pk=session.pk).deleted_at
    assert send().status_code == 404
    assert GameSession.objects.get(pk=session.pk).deleted_at == first
