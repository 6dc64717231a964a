"""games/table/__init__.py: the paper model's rows drawn on the screen, cached under the game's version."""

from __future__ import annotations

import datetime
import re
from types import SimpleNamespace

from django.core.cache import caches
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import services
from games.accounts.players import rename_player
from games.models import GameSession, Player
from games.paper import Cell, Row
from games.registry import GAMES
from games.rules.bugger_bridge import BuggerBridge
from games.table import CACHE_ALIAS, draw_row, drawn, explanation

from .conftest import everyone_makes
from .helpers import body, url

NAMES = ["Ann", "<b>Bob</b>", "Cat", "Dan", "Eve"]


def bugger_state(rounds):
    rules = GAMES[BuggerBridge.slug].rules
    return rules.replay(players=5, options={"hook": False}, first_dealer=0, rounds=rounds, names=NAMES)


def test_a_layout_without_a_screen_of_its_own_gets_one_from_its_paper_sheet():
    state = bugger_state([{"bids": [1, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0]}, {"bids": [0, 1, 0, 0, 0]}])
    paper = GAMES[BuggerBridge.slug].paper
    printed = paper.filled(state, NAMES)[0]
    sheet = paper.screen(state, NAMES)
    played, current, future = sheet.body[0], sheet.body[1], sheet.body[2]
    assert [r.number for r in sheet.body[:3]] == [1, 2, 3]
    assert played.heading == "Round 1"
    # The played round links to its correction and explains its squares with the paper's words.
    assert played.cells[0].link and not current.cells[0].link and not future.cells[0].link
    assert played.cells[1].explain == printed.body[0].cells[1].title != ""
    assert played.cells[1].title == ""
    assert all(not c.explain for c in current.cells + future.cells)
    assert [c.text for c in played.cells[1:]] == [c.text for c in printed.body[0].cells[1:]]


def test_rows_are_drawn_escaped_with_their_links_and_squares():
    row = Row(
        [
            Cell(text="7<NT>", head=True, cls="round-col", link=True),
            Cell(text="12", corner="2★", note="+12", cls="dealer", explain="<i>Bob</i>: made"),
            Cell(corner="1"),
            Cell(text="waits", cls="waiting"),
            Cell(),
        ],
        number=7,
    )
    html = draw_row(row, "/games/4/round/0/edit/", "Round")
    assert html == (
        '<tr id="round-7"><th scope="row" class="round-col">'
        '<a href="/games/4/round/7/edit/" aria-label="Correct round 7&lt;NT&gt;">'
        "7&lt;NT&gt;</a></th>"
        '<td class="dealer"><button>12<sup>2★</sup><small>+12</small></button></td>'
        '<td><span class="cell pending"><sup>1</sup></span></td>'
        '<td class="waiting"><span class="cell pending small">waits</span></td>'
        "<td></td></tr>"
    )
    # A watcher (no edit URL) gets the label without a link; explanations are never in the row.
    watched = draw_row(row, "", "Round")
    assert "<a " not in watched and "Bob" not in watched and "made" not in watched


def test_an_explanation_is_found_by_round_and_square():
    rows = [
        Row(
            [Cell(text="1", head=True), Cell(text="5", explain="why"), Cell(text="6")],
            number=1,
            heading="Deal 1",
        )
    ]
    assert explanation(rows, 1, 0) == ("Deal 1", "why")
    assert explanation(rows, 1, 1) is None  # nothing to explain
    assert explanation(rows, 1, 2) is None
    assert explanation(rows, 2, 0) is None


SEATED = ["Ann", "Bob"]


def test_drawn_parts_are_kept_per_version_and_never_stale():
    caches[CACHE_ALIAS].clear()
    built = []

    def build(first, last):
        built.append((first, last))
        return [Row([Cell(text=str(len(built)), head=True)], number=1)], []

    created = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
    session = SimpleNamespace(pk=1, created=created, version=3)
    first = drawn(session, names=SEATED, can_write=True, edit_url="", word="Round", build=build)
    again = drawn(session, names=SEATED, can_write=True, edit_url="", word="Round", build=build)
    assert first.body == again.body and len(built) == 1
    session.version = 4  # a write moves the version: drawn afresh
    assert ">2<" in drawn(session, names=SEATED, can_write=True, edit_url="", word="Round", build=build).body
    # A watcher's sheet is kept apart (no correction links), and so is another game with the same id.
    drawn(session, names=SEATED, can_write=False, edit_url="", word="Round", build=build)
    other = SimpleNamespace(pk=1, created=created + datetime.timedelta(seconds=1), version=4)
    drawn(other, names=SEATED, can_write=True, edit_url="", word="Round", build=build)
    assert len(built) == 4
    # A player renamed (no new version): the rows name them, so they are drawn afresh.
    drawn(other, names=["Ann", "Robert"], can_write=True, edit_url="", word="Round", build=build)
    assert len(built) == 5


def test_a_write_of_a_round_takes_the_rows_before_it_from_the_version_before():
    caches[CACHE_ALIAS].clear()
    asked = []

    def rows(version, numbers):
        return [Row([Cell(text=f"{n}@{version}", head=True)], number=n) for n in numbers]

    def build(version):
        def rows_from(first, last):
            asked.append(first)
            return rows(version, range(first, (last or 4) + 1)), []

        return rows_from

    created = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
    session = SimpleNamespace(pk=1, created=created, version=3)
    drawn(session, names=SEATED, can_write=True, edit_url="", word="Round", build=build(3))
    session.version = 4  # a write of round 3: rounds 1 and 2 are drawn as version 3 drew them
    after = drawn(
        session, names=SEATED, can_write=True, edit_url="", word="Round", build=build(4), same_before=3
    )
    assert asked == [1, 3]
    assert after.body == "".join(draw_row(row, "", "Round") for row in rows(3, [1, 2]) + rows(4, [3, 4]))
    # The version before not kept (nor drawn for this reader), or without that round's row: all drawn.
    session.version = 6
    drawn(session, names=SEATED, can_write=True, edit_url="", word="Round", build=build(6), same_before=2)
    session.version = 7
    drawn(session, names=SEATED, can_write=True, edit_url="", word="Round", build=build(7), same_before=9)
    assert asked == [1, 3, 1, 1]
    # A write of round 2 whose next round is 3: round 4, played in neither version, is taken as it was.
    session.version = 8
    after = drawn(
        session,
        names=SEATED,
        can_write=True,
        edit_url="",
        word="Round",
        build=build(8),
        same_before=2,
        same_after=3,
    )
    assert after.body == "".join(
        draw_row(row, "", "Round") for row in rows(7, [1]) + rows(8, [2, 3]) + rows(7, [4])
    )


def test_a_saves_answer_draws_the_sheet_as_a_fresh_page_does(table, make_game, monkeypatch):
    """A save's answer takes the rows before the round written from the version before and sends only the
    rows that changed: swapped into the page, they are what a fresh page draws, for a new round and for a
    correction that re-scores the rounds after it."""
    session = make_game(rounds=[everyone_makes(5, c) for c in (1, 2, 3)])
    table_class = type(GAMES[BuggerBridge.slug].table)
    screen, asked = table_class.screen, []

    def spy(self, loaded, first=1, last=0):
        asked.append((first, last))
        return screen(self, loaded, first, last)

    monkeypatch.setattr(table_class, "screen", spy)
    sheet = url("sheet", session)

    def sheet_body(page):
        return re.search(r'<tbody id="sheet-body".*?</tbody>', body(page), re.S)[0].replace(
            ' hx-swap-oob="true"', ""
        )

    table.get(sheet)  # the page the writes are made from
    writes = [
        (url("bids", session, 4), {f"bid_{i}": b for i, b in enumerate([1, 0, 2, 0, 0])}, 4, 4),
        (
            url("tricks", session, 4),
            {f"tricks_{i}": t for i, t in enumerate([1, 1, 2, 0, 0])} | {"save": "1"},
            4,
            5,
        ),
        (
            url("edit-round", session, 2),
            {
                **{f"bid_{i}": b for i, b in enumerate([2, 0, 0, 0, 0])},
                **{f"tricks_{i}": t for i, t in enumerate([1, 1, 0, 0, 0])},
            },
            2,
            5,
        ),
    ]

    def swapped(shown, answer):
        """The body ``shown`` once the answer's rows are swapped in out of band, as htmx does."""
        for at, rest in re.findall(r'<tr hx-swap-oob="true" id="(round-\d+)"(.*?</tr>)', body(answer), re.S):
            start = shown.index(f'<tr id="{at}"')
            shown = shown[:start] + f'<tr id="{at}"{rest}' + shown[shown.index("</tr>", start) + 5 :]
        return shown

    drawn_bodies = [sheet_body(table.get(sheet))]
    for address, data, number, coming in writes:
        asked.clear()
        answer = table.send(address, data, htmx=True)
        # The rows from the round written to the next round are drawn; those after it are kept.
        assert answer.status_code == 200 and asked == [(number, coming)]
        assert 'id="sheet-body"' not in body(answer)  # only the rows that changed
        assert f'id="round-{number - 1}"' not in body(answer)
        caches[CACHE_ALIAS].clear()
        drawn_bodies.append(swapped(drawn_bodies[-1], answer))
        assert drawn_bodies[-1] == sheet_body(table.get(sheet))

    def row(page, number):
        return re.search(f'<tr id="round-{number}".*?</tr>', page)[0]

    # The correction of round 2 moved round 3's totals; round 1's row stayed as it was.
    assert row(drawn_bodies[3], 3) != row(drawn_bodies[2], 3)
    assert row(drawn_bodies[3], 1) == row(drawn_bodies[0], 1)


def test_a_read_keeps_the_replay_per_version_and_follows_a_rename(table, make_game):
    caches[CACHE_ALIAS].clear()
    session = make_game(rounds=[{"bids": [1, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0]}])
    sheet = reverse("games:sheet", args=[session.pk])
    explain = reverse("games:explain", args=[session.pk]) + "?r=1&k=0"
    with CaptureQueriesContext(connection) as first:
        assert table.get(sheet).status_code == 200
    with CaptureQueriesContext(connection) as again:
        assert "Bob: bid 1, took 1" in body(table.get(explain))
    assert len(again) == len(first) - 1  # the seats only: the replay came from the cache
    # A rename moves no version, but the names the replay was made with no longer match: read afresh.
    rename_player(player=Player.objects.get(name="Bob"), name="Robert")
    assert "Robert: bid 1, took 1" in body(table.get(explain))
    assert "Robert" in body(table.get(sheet))
    # A write moves the version: the next read replays the game as it now stands.
    services.save_round(
        session=GameSession.objects.get(pk=session.pk), number=2, data={"bids": [0, 0, 0, 0, 2]}, key=""
    )
    page = body(table.get(sheet))
    assert '<tr id="round-2" class="row-current">' in page and "<sup>2</sup>" in page


def test_an_explanation_is_in_the_language_of_whoever_reads_it(table, make_game):
    """The replay kept per version holds its explanations in words: one drawn for a French reader is
    not served to an English one (issue 19, item 11)."""
    caches[CACHE_ALIAS].clear()
    session = make_game(rounds=[{"bids": [1, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0]}])
    explain = reverse("games:explain", args=[session.pk]) + "?r=1&k=1"
    french = body(table.get(explain, headers={"Accept-Language": "fr"}))
    english = body(table.get(explain, headers={"Accept-Language": "en"}))
    assert "annonce 0" in french and "bid 0" not in french
    assert "bid 0, took 0" in english and "annonce" not in english
