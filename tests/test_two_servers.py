"""Two app servers, one database, one Redis: a club's set-up, tried for real (issue 21).

Two gunicorn servers (tests/servers.py: gunicorn.conf.py, worker processes of their own) on
different ports serve one database (the suite's: SQLite, or PostgreSQL when DATABASE_URL names
it) and keep the drawn sheets in one Redis server started here from Debian's redis-server
(tools/throwaway.py), as docs/production.md says to run several app servers. Phones are split
across the two as a proxy would split them.
"""

from __future__ import annotations

import re
import time

import pytest
import redis as redis_client

from tests.servers import Phone, Server, form_fields, race, race_tricks, served, told_saved
from tools import throwaway

pytestmark = [pytest.mark.slow, pytest.mark.served]

PLAYERS = ["Ann", "Ben", "Cat", "Dev", "Eve"]
PHONES = 10
POLL_SECONDS = 2.0  # how often an open sheet or watch view asks whether the game moved (static/js/app.js)


@pytest.fixture(scope="module")
def redis_url():
    with throwaway.redis() as url:
        yield url


@pytest.fixture(scope="module")
def servers(tmp_path_factory, redis_url):
    env = {
        "SHEET_CACHE_BACKEND": "scorekeeper.cache.RedisCache",
        "SHEET_CACHE_LOCATION": redis_url,
    }
    with served(tmp_path_factory.mktemp("two"), count=2, env=env, workers=2) as pair:
        yield pair


def new_game(phone: Phone) -> int:
    fields = {f"player_{i}": name for i, name in enumerate(PLAYERS)}
    status, headers, _ = phone.request(
        "/games/new/bugger-bridge/", {**fields, "first_dealer": "0"}, htmx=False
    )
    assert status == 302, status
    return int(re.search(r"/games/(\d+)/", headers["Location"])[1])


def version_of(page: str) -> int:
    return int(re.search(r'name="version" value="(\d+)"', page)[1])


def watch_token(server: Server, pk: int) -> str:
    return server.query(
        "from games.accounts.sharing import make_link, token_for\n"
        f"out = token_for(make_link(GameSession.objects.get(pk={pk}), 'watch'))"
    )


def test_a_watcher_on_one_server_sees_a_save_made_on_the_other_within_3_seconds(servers):
    a, b = servers
    keeper = Phone(a.base).log_in()
    pk = new_game(keeper)
    token = watch_token(a, pk)
    watcher = Phone(b.base)
    status, _, page = watcher.request(f"/s/{token}/", htmx=False)
    assert status == 200
    version = version_of(keeper.request(f"/games/{pk}/", htmx=False)[2])
    assert watcher.request(f"/s/{token}/live/?v={version}")[0] == 204  # nothing new yet

    bids = f"/games/{pk}/round/1/bids/"
    fields = form_fields(keeper.request(f"/games/{pk}/", htmx=False)[2], bids)
    answer = keeper.request(bids, {**fields, **{f"bid_{s}": "0" for s in range(5)}, "bid_2": "1"})
    assert told_saved(answer), answer[:2]
    saved_at = time.monotonic()

    # The watcher's next check (its page asks every POLL_SECONDS) is answered with the new sheet
    # by server B: B knows at once of a save made on A, nothing stale in between. Its page shows
    # it within POLL_SECONDS plus this answer's time.
    status, _, body = watcher.request(f"/s/{token}/live/?v={version}")
    answered_after = time.monotonic() - saved_at
    assert status == 200, "server B answered 'nothing new' after a save made on server A"
    assert answered_after < 3.0, f"answered {answered_after:.2f} s after the save"
    # What came is the game as saved: the next version of it.
    assert f'data-version="{version + 1}"' in body
    print(f"\nA save on one server: a check on the other answered with it {answered_after:.2f} s later")


def test_ten_phones_racing_split_across_both_servers_give_one_saved_per_race(servers):
    a, b = servers
    phones = [Phone((a if i % 2 else b).base).log_in() for i in range(PHONES)]
    pk = new_game(phones[0])
    for number in (1, 2):
        bids_url = f"/games/{pk}/round/{number}/bids/"
        posts = []
        for i, phone in enumerate(phones):
            fields = form_fields(phone.request(f"/games/{pk}/", htmx=False)[2], bids_url)
            bids = [(i + seat) % (number + 1) for seat in range(len(PLAYERS))]
            posts.append({**fields, **{f"bid_{s}": b for s, b in enumerate(bids)}})
        answers = race(phones, bids_url, posts)
        assert [status for status, _, _ in answers if status >= 500] == []
        winners = [i for i, answer in enumerate(answers) if told_saved(answer)]
        assert len(winners) == 1, [(status, headers.get("HX-Trigger")) for status, headers, _ in answers]
        stored = a.query(
            f"r = Round.objects.get(session_id={pk}, number={number})\n"
            "out = [e.bid for e in r.entries.order_by('position')]"
        )
        assert stored == [int(posts[winners[0]][f"bid_{s}"]) for s in range(len(PLAYERS))]

        _, answers = race_tricks(phones, pk, number, number, len(PLAYERS))
        assert [status for status, _, _ in answers if status >= 500] == []
        assert sum(1 for answer in answers if told_saved(answer)) == 1


def test_a_sheet_drawn_on_one_server_is_served_from_the_shared_cache_on_the_other(servers, redis_url):
    a, b = servers
    store = redis_client.Redis.from_url(redis_url)
    keeper_a, keeper_b = Phone(a.base).log_in(), Phone(b.base).log_in()
    pk = new_game(keeper_a)
    bids = f"/games/{pk}/round/1/bids/"
    fields = form_fields(keeper_a.request(f"/games/{pk}/", htmx=False)[2], bids)
    assert told_saved(keeper_a.request(bids, {**fields, **{f"bid_{s}": "0" for s in range(5)}}))

    keys_before = store.dbsize()
    status, _, drawn_on_a = keeper_a.request(f"/games/{pk}/", htmx=False)
    assert status == 200
    keys_after_a = store.dbsize()
    assert keys_after_a > keys_before, "drawing the sheet on server A stored nothing in Redis"

    stats = store.info("stats")
    status, _, drawn_on_b = keeper_b.request(f"/games/{pk}/", htmx=False)
    assert status == 200
    after = store.info("stats")
    assert store.dbsize() == keys_after_a, "server B drew the sheet again instead of reading A's"
    assert after["keyspace_hits"] > stats["keyspace_hits"]
    assert after["keyspace_misses"] == stats["keyspace_misses"]

    def sheet_body(page: str) -> str:
        return page[page.index('id="sheet-body"') : page.index("</tbody>", page.index('id="sheet-body"'))]

    assert sheet_body(drawn_on_b) == sheet_body(drawn_on_a)
