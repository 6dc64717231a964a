"""A sheet page and its entry panel's GET are drawn once per version of the game and served from the cache
(games/views/pagecache.py): with the request's own CSRF token and fresh submit keys put in, and never stale."""

from __future__ import annotations

import re

import pytest
from django.contrib.messages import constants
from django.contrib.messages.storage.base import Message
from django.contrib.messages.storage.cookie import CookieStorage
from django.contrib.staticfiles import storage as static_files
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import services
from games.accounts import sharing
from games.accounts.players import rename_player
from games.models import GameSession, Player, ShareLink

from .conftest import TableClient
from .helpers import body, url

pytestmark = pytest.mark.django_db

PANEL = {"HX-Request": "true", "HX-Target": "entry-panel"}
KEYS = re.compile(r'name="key" value="([^"]+)"')
TOKENS = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def drawn(client, path, **headers) -> tuple[bool, str, int]:
    """(whether the page was drawn now, rather than served from the cache; the page; its queries)."""
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(path, headers=headers)
    assert response.status_code == 200
    return bool(response.templates), body(response), len(ctx.captured_queries)


def same_but_tokens(a: str, b: str) -> bool:
    def bare(page):
        return TOKENS.sub("", KEYS.sub("", re.sub(r'"X-CSRFToken": "[^"]+"', "", page)))

    return bare(a) == bare(b)


@pytest.fixture
def game(make_game):
    return make_game(rounds=[{"bids": [1, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0]}])


def test_a_sheet_drawn_once_is_served_from_the_cache_with_fewer_queries(table, game):
    table.token()
    sheet = url("sheet", game)
    first, page, queries = drawn(table, sheet)
    again, cached, fewer = drawn(table, sheet)
    assert first and not again
    # django session, user, the game (owner check), its seats (the names are in the key): no rounds, no replay.
    assert (queries, fewer) == (5, 4)
    assert same_but_tokens(page, cached) and page != cached
    # The panel's GET is kept apart from the page, and served from the cache the same way.
    assert drawn(table, sheet, **PANEL)[0]
    panel_again, panel, _ = drawn(table, sheet, **PANEL)
    assert not panel_again and panel.lstrip().startswith('<section id="entry-panel"') and "<html" not in panel


def test_a_sheet_is_kept_only_at_the_addresses_its_game_reads(table, game, make_session):
    """``Table.reads``: Bugger Bridge shows something else for ``?phase=bids`` alone, Minibridge for its first
    step and a player's personal sheet; any other query is drawn each time, never kept (no cache filled with
    made-up addresses, by a watcher either)."""
    table.token()
    sheet = url("sheet", game)
    assert drawn(table, sheet + "?phase=bids")[0] and not drawn(table, sheet + "?phase=bids")[0]
    for made_up in ("?phase=bidz", "?phase=points", "?seat=1", "?phase=bids&phase=bids"):
        assert drawn(table, sheet + made_up)[0] and drawn(table, sheet + made_up)[0], made_up
    mini = url(
        "sheet", make_session("minibridge", players=["Ann", "Bob", "Cat", "Dan"], options={"deals": 2})
    )
    for own in ("?seat=1", "?phase=points"):
        assert drawn(table, mini + own)[0] and not drawn(table, mini + own)[0], own
    assert drawn(table, mini + "?seat=4")[0] and drawn(table, mini + "?seat=4")[0]


def test_a_page_served_from_the_cache_carries_this_requests_token_and_fresh_keys(table, game):
    table.token()
    sheet = url("sheet", game)
    drawn(table, sheet)
    fresh = TableClient()  # no cookie yet: serving the kept page sets one, as drawing it would
    fresh.force_login(game.owner)
    response = fresh.get(sheet)
    assert not response.templates and "csrftoken" in response.cookies
    page = body(response)
    keys = KEYS.findall(page)
    assert len(keys) == len(set(keys)) >= 3  # one per form (the bids, undo, end), none shared
    assert not set(keys) & set(KEYS.findall(drawn(table, sheet)[1]))
    assert "csrf" not in "".join(keys) and "wkey" not in page
    # The token in the kept page works: the bids it carries are saved.
    bids_form = page.split("/bids/")[2].split("</form>")[0]
    form = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', bids_form))
    fields = {
        "csrfmiddlewaretoken": form["csrfmiddlewaretoken"],
        "version": form["version"],
        "key": form["key"],
    }
    fields |= {f"bid_{i}": 0 for i in range(5)} | {"save": "1"}
    saved = fresh.post(url("bids", game, 2), fields)
    assert saved.status_code == 302, body(saved)[:500]
    assert GameSession.objects.get(pk=game.pk).version == game.version + 1


def test_every_change_draws_the_page_afresh(table, game, monkeypatch):
    table.token()
    sheet = url("sheet", game)
    drawn(table, sheet)
    assert not drawn(table, sheet)[0]
    # A save moves the version.
    services.save_round(
        session=GameSession.objects.get(pk=game.pk), number=2, data={"bids": [0, 1, 0, 0, 2]}, key=""
    )
    first, page, _ = drawn(table, sheet)
    assert first and "<sup>2</sup>" in page
    assert not drawn(table, sheet)[0]
    # A rename moves no version: the names are in the key.
    rename_player(player=Player.objects.get(name="Helen"), name="Helena")
    first, page, _ = drawn(table, sheet)
    assert first and "Helena" in page
    # Another language is another page.
    first, page, _ = drawn(table, sheet, **{"Accept-Language": "fr"})
    assert first and 'lang="fr"' in page
    assert not drawn(table, sheet, **{"Accept-Language": "fr"})[0] and not drawn(table, sheet)[0]
    # Ending and reopening the game move the version.
    table.send(url("end", game))
    first, page, _ = drawn(table, sheet)
    assert first and "Game over" in page
    table.send(url("reopen", game))
    first, page, _ = drawn(table, sheet)
    assert first and "Game over" not in page
    # Another panel asked for by its query string, and another deploy's static files, are other pages.
    assert drawn(table, sheet + "?phase=bids")[0] and not drawn(table, sheet + "?phase=bids")[0]
    # (Through its module: the lazy storage among this module's names would be loaded by pytest's
    # collection, its manifest before the static files are collected.)
    monkeypatch.setattr(static_files.staticfiles_storage, "manifest_hash", "another deploy")
    assert drawn(table, sheet)[0]


def test_each_kind_of_visitor_and_each_user_gets_their_own_page(table, game):
    table.token()
    sheet = url("sheet", game)
    owner_page = drawn(table, sheet)[1]
    keep = sharing.token_for(sharing.make_link(game, ShareLink.Kind.KEEP))
    watch = sharing.token_for(sharing.make_link(game, ShareLink.Kind.WATCH))
    holder = TableClient()
    assert holder.get(reverse("games:shared", args=[keep])).status_code == 302
    first, keep_page, _ = drawn(holder, sheet)
    assert first and "Share this game" in owner_page and "Share this game" not in keep_page
    assert "Undo last round" in keep_page and not drawn(holder, sheet)[0]
    watcher = TableClient()
    watched = reverse("games:shared", args=[watch])
    first, watch_page, _ = drawn(watcher, watched)
    assert first and "Undo last round" not in watch_page and not drawn(watcher, watched)[0]
    # Another phone watching is served the same page; a logged-in one is named in its header.
    assert not drawn(TableClient(), watched)[0]
    other = TableClient()
    other.force_login(game.owner.__class__.objects.create_user("stranger", password="x-2026-table"))
    first, page, _ = drawn(other, watched)
    assert first and "stranger" in page and "stranger" not in watch_page
    # A replaced link no longer opens the kept page; the new one has a page of its own.
    new = sharing.token_for(sharing.make_link(game, ShareLink.Kind.WATCH))
    assert watcher.get(watched).status_code == 410
    assert drawn(watcher, reverse("games:shared", args=[new]))[0]
    sharing.make_link(game, ShareLink.Kind.KEEP)
    assert holder.get(sheet).status_code == 410


def test_a_page_with_a_message_waiting_is_drawn_and_not_kept(table, game):
    table.token()
    sheet = url("sheet", game)
    drawn(table, sheet)
    said = "That game was started already: here it is."
    # As a redirect after a message leaves it: in the messages cookie, for the next page to show.
    table.cookies["messages"] = CookieStorage(RequestFactory().get("/"))._encode(
        [Message(constants.INFO, said)]
    )
    first, page, _ = drawn(table, sheet)
    assert first and said in page
    again, page, _ = drawn(table, sheet)
    assert not again and said not in page


def test_a_made_up_query_string_is_drawn_and_not_kept(table, game):
    table.token()
    sheet = url("sheet", game) + "?utm=x"
    assert drawn(table, sheet)[0] and drawn(table, sheet)[0]


def test_app_servers_share_a_page_and_a_watcher_is_drawn_per_host(table, game, settings):
    """Two app servers behind one proxy, or one asked at two addresses, serve the owner one kept page; a
    watcher's finished game names the host (its result card's share link), so theirs is kept per host."""
    settings.ALLOWED_HOSTS = ["*"]
    table.token()
    sheet = url("sheet", game)
    assert drawn(table, sheet, Host="a.example")[0] and not drawn(table, sheet, Host="b.example")[0]
    table.send(url("end", game))
    watched = reverse("games:shared", args=[sharing.token_for(sharing.make_link(game, ShareLink.Kind.WATCH))])
    watcher = TableClient()
    first, page, _ = drawn(watcher, watched, Host="a.example")
    assert first and 'data-share-url="http://a.example/' in page
    first, page, _ = drawn(watcher, watched, Host="b.example")
    assert first and 'data-share-url="http://b.example/' in page
    assert not drawn(watcher, watched, Host="a.example")[0]


@pytest.mark.usefixtures("game")  # a game in the list
def test_only_the_history_lists_own_addresses_are_kept(table):
    """A list is kept at the addresses its filter form and pager write; any other spelling of it, a page past
    the last, a repeated filter or a date range is drawn each time, so nobody fills the cache with made-up
    addresses (found in review: 60 made-up addresses kept 60 pages)."""
    table.token()
    history = reverse("games:history")
    everything = "?game=&player=&status=&since=&until="  # the filter form sends its empty boxes too
    for own in ("", everything, everything.replace("game=", "game=bugger-bridge"), "?page=1"):
        assert drawn(table, history + own)[0] and not drawn(table, history + own)[0], own
    for made_up in (
        "?page=0001",
        "?page=2",
        "?page=x",
        "?status=&status=",
        "?since=2026-01-01",
        "?until=2030-01-01",
    ):
        assert drawn(table, history + made_up)[0] and drawn(table, history + made_up)[0], made_up


def test_an_owners_pages_are_served_from_the_cache_with_this_requests_token(table, game):
    """The history list and a player's page (``served_owned``): kept per user, language and address, with
    the request's CSRF token put in, and a made-up address drawn and not kept."""
    table.token()
    player = reverse("games:player", args=[Player.objects.filter(owner=game.owner).first().pk])
    history = reverse("games:history")
    for page in (history, history + "?game=bugger-bridge&page=1", player):
        first, kept, queries = drawn(table, page)
        again, served, fewer = drawn(table, page)
        assert first and not again and (queries, fewer) >= (6, 3) and fewer == 3
        assert same_but_tokens(kept, served)
    fresh = TableClient()
    fresh.force_login(game.owner)
    response = fresh.get(player)
    assert not response.templates and "csrftoken" in response.cookies
    tokens = TOKENS.findall(body(response))
    assert tokens and "csrf" not in "".join(tokens) and not set(tokens) & set(TOKENS.findall(served))
    assert drawn(table, player, **{"Accept-Language": "fr"})[0]
    assert drawn(table, history + "?utm=x")[0] and drawn(table, history + "?utm=x")[0]
    other = TableClient()
    other.force_login(game.owner.__class__.objects.create_user("stranger", password="x-2026-table"))
    assert drawn(other, history)[0] and other.get(player).status_code == 404
