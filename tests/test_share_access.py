"""Who may open what: every URL as the owner, another user, an anonymous visitor, a watch-link
holder and a keep-score-link holder. A share link opens exactly the game it names, and only
as much as it names; a replaced link stops working at once."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from games import services
from games.accounts import guests, sharing
from games.models import GameSession, Player, Round, ShareLink
from games.urls import urlpatterns

from .conftest import TableClient
from .helpers import body

pytestmark = pytest.mark.django_db

FIVE = ("Ann", "Ben", "Cat", "Dev", "Eve")

# Every URL of the app, by what it opens. A new URL fails test_every_url_is_classified until it is added.
TABLE = {"sheet", "undo", "end", "reopen", "live", "explain", "round-action"}
OWNER_ONLY = {"share", "record-download", "game-csv", "summary", "delete", "restore", "print"}
PLAYER = {"player", "player-rename", "player-merge", "player-undo-merge"}
ACCOUNT = {"record-upload", "record-backup", "history", "trash", "print-blank-index", "players"}
ACCOUNT |= {"history-csv", "standings", "head-to-head", "group-link"}
OPEN = {"home", "signup", "new", "rules", "print-blank", "manifest", "service-worker", "favicon", "offline"}
TOKEN = {"shared", "watch-live", "watch-explain", "big-screen", "watch-result-card"}
CARD = {"result-card"}  # a finished game's only: tests/test_result_card.py
GROUP = {
    "group-standings",
    "group-head-to-head",
    "group-history",
    "group-summary",
}  # tests/test_group_link.py
WRITES = {
    "undo",
    "end",
    "reopen",
    "round-action",
    "bids",
    "tricks",
    "penalty",
    "edit-round",
    "share",
    "delete",
}
WRITES |= {"restore"}
POST_ONLY = {"undo", "end", "reopen", "restore"}


def test_every_url_is_classified():
    names = {p.name for p in urlpatterns}
    assert names == TABLE | OWNER_ONLY | PLAYER | ACCOUNT | OPEN | TOKEN | GROUP | CARD


@pytest.fixture(params=["account", "guest"])
def owner(request, user):
    """Whose game it is: an account, or a guest (a visitor who started it with no account)."""
    return user if request.param == "account" else guests.make_guest()


@pytest.fixture(params=["account", "guest"])
def stranger(request, other_user):
    """Someone else, signed in: another account, or another browser's guest."""
    return other_user if request.param == "account" else guests.make_guest()


def signed_in(user) -> TableClient:
    client = TableClient()
    client.force_login(user)
    return client


@pytest.fixture
def shared_game(make_game, owner):
    session = make_game(
        owner=owner, players=FIVE, rounds=[{"bids": [1, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0]}]
    )
    watch = sharing.make_link(session, ShareLink.Kind.WATCH)
    keep = sharing.make_link(session, ShareLink.Kind.KEEP)
    return session, sharing.token_for(watch), sharing.token_for(keep)


def game_urls(session, names):
    urls = []
    for pattern in urlpatterns:
        if pattern.name not in names:
            continue
        kwargs = {"pk": session.pk}
        if "number" in pattern.pattern.converters:
            kwargs["number"] = 1
        if "action" in pattern.pattern.converters:
            kwargs["action"] = "edit"
        square = "?r=1&k=0" if pattern.name == "explain" else ""  # a square of the played round
        urls.append((pattern.name, reverse(f"games:{pattern.name}", kwargs=kwargs) + square))
    return urls


def visit(client, name, path):
    """GET, and POST too for a URL that writes; the statuses."""
    statuses = [client.get(path).status_code]
    if name in WRITES:
        statuses.append(client.send(path, {"kind": "watch"}).status_code)
    return statuses


def anonymous_holder(token) -> TableClient:
    client = TableClient()
    response = client.get(reverse("games:shared", args=[token]))
    assert response.status_code in (200, 302)
    return client


def test_the_owner_opens_everything_of_their_game(shared_game):
    session, _, _ = shared_game
    table = signed_in(session.owner)
    for name, path in game_urls(session, TABLE | OWNER_ONLY - {"delete", "restore"}):
        assert table.get(path).status_code in ((405,) if name in POST_ONLY else (200, 204)), name


def test_another_user_gets_404_for_every_url_of_the_game(shared_game, stranger):
    session, _, _ = shared_game
    client = signed_in(stranger)
    for name, path in game_urls(session, TABLE | OWNER_ONLY):
        statuses = visit(client, name, path)
        assert statuses[-1] == 404 and set(statuses) <= {404, 405}, name  # 405: a GET of a POST-only URL
    player = Player.objects.filter(owner=session.owner).first()
    for name in PLAYER:
        path = reverse(f"games:{name}", args=[player.pk])
        statuses = {client.send(path, {"name": "Zed"}).status_code, client.get(path).status_code}
        assert 404 in statuses and statuses <= {404, 405}, name  # 405 only for the method it lacks


def test_an_anonymous_visitor_is_sent_to_log_in(shared_game):
    session, _, _ = shared_game
    client = TableClient()
    for name, path in game_urls(session, TABLE | OWNER_ONLY):
        for status in visit(client, name, path):
            assert status in (302, 403, 405), name  # 403: a POST without a session's CSRF cookie
    assert Round.objects.count() == 1


def test_a_page_whose_login_ended_goes_to_log_in_not_into_its_panel(shared_game):
    # A phone left open past its login: its next live check must not swap the login page into the
    # entry panel (htmx follows a redirect), but send the whole page to log in, and back to the sheet.
    session, _, _ = shared_game
    sheet = reverse("games:sheet", args=[session.pk])
    live = reverse("games:live", args=[session.pk]) + f"?v={session.version}"
    answer = TableClient().get(
        live, headers={"HX-Request": "true", "HX-Current-URL": f"http://testserver{sheet}"}
    )
    assert answer.status_code == 200 and not answer.content
    assert answer["HX-Redirect"] == f"/accounts/login/?next={sheet}"


def test_a_watch_link_shows_the_live_sheet_and_nothing_else(shared_game):
    session, watch, _ = shared_game
    client = TableClient()
    page = body(client.get(reverse("games:shared", args=[watch])))
    assert "Ann" in page and "You are watching" in page
    assert reverse("games:live", args=[session.pk]) not in page
    assert reverse("games:watch-live", args=[watch]) in page
    # No form to write (the footer's language switcher writes only the language cookie), no link
    # to anything else of the owner's.
    assert 'method="post"' not in without_language_switcher(page)
    for name in ("summary", "record-download", "share", "history", "players"):
        kwargs = {"pk": session.pk} if name in OWNER_ONLY else {}
        assert reverse(f"games:{name}", kwargs=kwargs) not in page, name
    assert client.get(reverse("games:watch-live", args=[watch]) + f"?v={session.version}").status_code == 204
    assert client.get(reverse("games:big-screen", args=[watch])).status_code == 200
    # Every URL that writes (or opens the game's own pages) refuses the watcher: nothing stored.
    for name, path in game_urls(session, TABLE | OWNER_ONLY):
        for status in visit(client, name, path):
            assert status in (302, 403, 405), name
    assert Round.objects.count() == 1 and ShareLink.objects.count() == 2


def test_a_keep_score_link_enters_corrects_and_undoes_this_game_only(shared_game, make_game):
    session, _, keep = shared_game
    client = anonymous_holder(keep)
    assert client.get(reverse("games:sheet", args=[session.pk])).status_code == 200
    session.refresh_from_db()
    response = client.send(
        reverse("games:round-action", args=[session.pk, 2, "bids"]), {f"bid_{s}": 0 for s in range(5)}
    )
    assert response.status_code == 302 and Round.objects.filter(number=2).exists()
    response = client.send(reverse("games:undo", args=[session.pk]))
    assert not Round.objects.filter(number=2).exists()
    # Nothing else of the owner's: not their other games, nor this game's summary, record or share page.
    other = make_game(players=FIVE)
    assert client.get(reverse("games:sheet", args=[other.pk])).status_code == 302  # to log in
    for name, path in game_urls(session, OWNER_ONLY):
        assert set(visit(client, name, path)) <= {302, 403, 405}, name
    # A keep-score phone that is logged in as someone else still sees only this game.
    stranger = User.objects.create_user("stranger2", password="x-table-2026")
    client.force_login(stranger)
    client.get(reverse("games:shared", args=[keep]))
    assert client.get(reverse("games:sheet", args=[session.pk])).status_code == 200
    assert client.get(reverse("games:summary", args=[session.pk])).status_code == 404
    assert client.get(reverse("games:sheet", args=[other.pk])).status_code == 404
    page = body(client.get(reverse("games:sheet", args=[session.pk])))
    assert reverse("games:share", args=[session.pk]) not in page
    assert reverse("games:summary", args=[session.pk]) not in page


def test_a_replaced_link_answers_so_at_once(shared_game):
    session, watch, keep = shared_game
    table = signed_in(session.owner)
    keeper_phone = anonymous_holder(keep)
    table.send(reverse("games:share", args=[session.pk]), {"kind": "watch"})
    table.send(reverse("games:share", args=[session.pk]), {"kind": "keep"})
    for token in (watch, keep):
        response = TableClient().get(reverse("games:shared", args=[token]))
        assert response.status_code == 410 and "This link was replaced" in body(response)
    response = TableClient().get(reverse("games:watch-live", args=[watch]) + "?v=0")
    assert response.status_code == 410
    # The phone that had opened the old keep-score link is refused on its next tap.
    response = keeper_phone.get(reverse("games:sheet", args=[session.pk]))
    assert response.status_code == 410
    bids = {f"bid_{s}": 0 for s in range(5)}
    assert (
        keeper_phone.send(reverse("games:round-action", args=[session.pk, 2, "bids"]), bids).status_code
        == 410
    )
    assert Round.objects.count() == 1


def test_the_share_page_shows_the_links_again_with_qr_codes(shared_game):
    session, watch, keep = shared_game
    table = signed_in(session.owner)
    page = body(table.get(reverse("games:share", args=[session.pk])))
    assert watch in page and keep in page and page.count("<svg") == 2
    assert reverse("games:big-screen", args=[watch]) in page


def test_links_are_unguessable_and_scoped(shared_game, make_game):
    session, watch, keep = shared_game
    assert len(watch) == len(keep) == 32 and watch != keep  # 192 bits of an HMAC
    link = ShareLink.objects.get(kind="watch", replaced_at=None)
    assert watch not in (link.salt, link.token_hash)  # the token itself is not stored
    other = make_game(players=FIVE)
    other_watch = sharing.token_for(sharing.make_link(other, ShareLink.Kind.WATCH))
    page = body(TableClient().get(reverse("games:shared", args=[other_watch])))
    assert f'data-game="{other.pk}"' in page and f'data-game="{session.pk}"' not in page
    for token in ("x" * 32, watch[:-1] + ("A" if watch[-1] != "A" else "B"), "short"):
        assert TableClient().get(reverse("games:shared", args=[token])).status_code == 404


def test_a_watcher_sees_a_saved_round_on_the_next_live_check(shared_game):
    session, watch, _ = shared_game
    client = TableClient()
    client.get(reverse("games:shared", args=[watch]))
    old = session.version
    services.save_round(session=session, number=2, data={"bids": [0, 0, 0, 0, 2]}, key="")
    response = client.get(
        reverse("games:watch-live", args=[watch]) + f"?v={old}", headers={"HX-Request": "true"}
    )
    page = body(response)
    assert response.status_code == 200 and "Bids: Ann 0, Ben 0, Cat 0, Dev 0, Eve 2." in page
    assert 'method="post"' not in page


def test_a_finished_game_stays_watchable(shared_game):
    session, watch, _ = shared_game
    services.end_early(session=session, key="")
    page = body(TableClient().get(reverse("games:shared", args=[watch])))
    assert "Game over" in page and "data-over" in page
    assert GameSession.objects.get(pk=session.pk).is_finished


def without_language_switcher(page: str) -> str:
    """The page without its footer, whose one form is the language switcher (set_language)."""
    head, _, footer = page.partition('<footer class="site-footer">')
    assert footer.count("<form") == 1 and f'action="{reverse("set_language")}"' in footer
    return head


def test_a_keep_score_phone_goes_back_to_its_game_from_the_logo_and_the_rules(shared_game, make_game):
    """A keep-score phone has no account, so no games of its own: the logo and the rules page lead
    back to the game its link names, and only to that one (issue 19, item 9)."""
    session, _, keep = shared_game
    other = make_game(players=FIVE)
    client = anonymous_holder(keep)
    sheet = reverse("games:sheet", args=[session.pk])
    page = body(client.get(sheet))
    assert f'<a class="brand" href="{sheet}">' in page
    rules = body(client.get(reverse("games:rules", args=[session.game])))
    assert f'<a class="brand" href="{sheet}">' in rules and f'<a href="{sheet}">Back to the game</a>' in rules
    assert "Back to your games" not in rules
    assert reverse("games:sheet", args=[other.pk]) not in page + rules
    # The owner's logo and rules page lead home, as ever.
    owner = TableClient()
    owner.force_login(session.owner)
    home = reverse("games:home")
    assert f'<a class="brand" href="{home}">' in body(owner.get(sheet))
    assert "Back to your games" in body(owner.get(reverse("games:rules", args=[session.game])))
