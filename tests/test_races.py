"""Several phones, one game, against the README's own server: races never give a 5xx or a silent overwrite.

Each test run starts gunicorn (tests/servers.py: gunicorn.conf.py, several worker processes)
on a database of its own: a fresh SQLite file in WAL mode, or, when the suite runs on
PostgreSQL (DATABASE_URL), a fresh database on that server. Ten phones, each
logged in on its own, draw the same page and then write at the same instant
(a barrier releases them together). Of every race exactly one phone may be told
"saved", the stored values must be that phone's, and no answer may be a 5xx.
The figures are printed (``-s``) for the closing notes.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from tests.servers import Phone, Server, form_fields, race, race_tricks, served, told_saved

pytestmark = [pytest.mark.slow, pytest.mark.served]

PHONES = 10
PLAYERS = ["Ann", "Ben", "Cat", "Dev", "Eve"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served(tmp_path_factory.mktemp("race")) as (running,):
        yield running


FIGURES: Counter = Counter()


def tally(answers) -> None:
    FIGURES["answers"] += len(answers)
    FIGURES["5xx"] += sum(1 for status, _, _ in answers if status >= 500)
    FIGURES["saved"] += sum(1 for a in answers if told_saved(a))
    FIGURES["races"] += 1


@pytest.fixture(scope="module")
def table(server):
    phones = [Phone(server.base).log_in() for _ in range(PHONES)]
    status, headers, _ = phones[0].request(
        "/games/new/bugger-bridge/",
        {**{f"player_{i}": n for i, n in enumerate(PLAYERS)}, "first_dealer": "0"},
        htmx=False,
    )
    assert status == 302, status
    pk = int(re.search(r"/games/(\d+)/", headers["Location"])[1])
    yield phones, pk
    print(f"\nRace figures on {server.database.split(':')[0]}: {dict(FIGURES)}")


def stored_round(server: Server, pk: int, number: int) -> dict:
    return server.query(
        f"r = Round.objects.filter(session_id={pk}, number={number}).first()\n"
        "out = None if r is None else {'bids': [e.bid for e in r.entries.order_by('position')],"
        " 'tricks': [e.tricks for e in r.entries.order_by('position')], 'complete': r.complete}"
    )


def ten_phones_racing_on_each_step_of_a_round(server, table):
    phones, pk = table
    for number in (1, 2, 3):
        cards = number  # Bugger Bridge: round n of a 5-player game has n cards
        # Bids: every phone has drawn the page, then all save different bids at once.
        bids_url = f"/games/{pk}/round/{number}/bids/"
        posts = []
        for i, phone in enumerate(phones):
            fields = form_fields(phone.request(f"/games/{pk}/", htmx=False)[2], bids_url)
            bids = [(i + seat) % (cards + 1) for seat in range(len(PLAYERS))]  # no hook rule: any sum
            posts.append({**fields, **{f"bid_{s}": b for s, b in enumerate(bids)}})
        answers = race(phones, bids_url, posts)
        tally(answers)
        assert not [a[0] for a in answers if a[0] >= 500]
        winners = [i for i, a in enumerate(answers) if told_saved(a)]
        assert len(winners) == 1, [(a[0], a[1].get("HX-Trigger")) for a in answers]
        stored = stored_round(server, pk, number)
        expected = [int(posts[winners[0]][f"bid_{s}"]) for s in range(len(PLAYERS))]
        assert stored["bids"] == expected
        losers = [a for i, a in enumerate(answers) if i not in winners]
        assert all(f"Round {number}&#x27;s bids were saved on another phone" in a[2] for a in losers)

        # Tricks: all phones draw the tricks form and press Save at once, each with other tricks.
        posts, answers = race_tricks(phones, pk, number, cards, len(PLAYERS))
        tally(answers)
        assert not [a[0] for a in answers if a[0] >= 500]
        winners = [i for i, a in enumerate(answers) if told_saved(a)]
        assert len(winners) == 1
        stored = stored_round(server, pk, number)
        assert stored["complete"]
        assert stored["tricks"] == [int(posts[winners[0]][f"tricks_{s}"]) for s in range(len(PLAYERS))]


def test_ten_phones_race_each_step_then_a_stale_correction_and_two_undos(server, table):
    """Corrects round 1 as the race above stored it: one test, so that xdist never runs it apart."""
    ten_phones_racing_on_each_step_of_a_round(server, table)
    phones, pk = table
    first, second = phones[0], phones[1]
    edit = f"/games/{pk}/round/1/edit/"
    a = form_fields(first.request(edit)[2], edit)
    b = form_fields(second.request(edit)[2], edit)
    before = stored_round(server, pk, 1)
    bids_a = {f"bid_{s}": "0" for s in range(5)} | {"bid_0": "1"}
    tricks_a = {f"tricks_{s}": "0" for s in range(5)} | {"tricks_0": "1"}
    answer = first.request(edit, {**a, **bids_a, **tricks_a, "save": "1"})
    assert told_saved(answer), answer[:2]
    bids_b = {f"bid_{s}": "0" for s in range(5)} | {"bid_4": "1"}
    tricks_b = {f"tricks_{s}": "0" for s in range(5)} | {"tricks_4": "1"}
    answer = second.request(edit, {**b, **bids_b, **tricks_b, "save": "1"})
    assert not told_saved(answer) and answer[0] == 200
    assert "Round 1 was corrected on another phone" in answer[2]
    assert stored_round(server, pk, 1)["bids"] == [1, 0, 0, 0, 0] != before["bids"]

    # Two phones (and a double tap on one of them) all undo from the same page at once.
    rounds_before = server.query(f"out = Round.objects.filter(session_id={pk}).count()")
    undo = f"/games/{pk}/undo/"
    posts = []
    for phone in phones[:4]:
        fields = form_fields(phone.request(f"/games/{pk}/", htmx=False)[2], undo)
        posts.append({**fields, "round": str(rounds_before)})
    posts.append(dict(posts[0]))  # the double tap: the same submit again
    answers = race([*phones[:4], phones[0]], undo, posts)
    tally(answers)
    assert not [x[0] for x in answers if x[0] >= 500]
    assert server.query(f"out = Round.objects.filter(session_id={pk}).count()") == rounds_before - 1
