"""A sixth game, defined here and nowhere else, works everywhere a game does.

"Highest Total" is registered for each test (one registry entry, taken away after)
with the generic parts every game may use: the "scores" row shape, paper layout and
table. Nothing outside this module names it, yet its new-game form, sheet, round
entry, correction, undo, printed and blank sheets, history, summary, statistics,
CSV and session-record export and import all work.
"""

from __future__ import annotations

import json
import re
from typing import override

import pytest
from django.urls import reverse

from games import registry
from games.backup.session_record import export_session, import_record
from games.models import GameSession, Player
from games.paper.scores import ScoresPaper
from games.registry import Game
from games.rules.base import (
    GameRules,
    GameState,
    Option,
    RoundInfo,
    RoundResult,
    RuleError,
    Setup,
)

SLUG = "highest-total"


class HighestTotal(GameRules):
    """Each round every player scores 0 to 100 points; after the last round the highest total wins."""

    slug = SLUG
    name = "Highest Total"
    min_players = 2
    max_players = 6
    options = (Option(name="rounds", label="Rounds", default=3, kind=int, minimum=1, maximum=10),)

    @override
    def rounds_in_game(self, players, options):
        return self.clean_options(options)["rounds"]

    def play(self, setup: Setup, rounds: list[dict]) -> GameState:
        last = setup.options["rounds"]

        def info(number: int) -> RoundInfo:
            dealer = (setup.first_dealer + number - 1) % setup.players
            return RoundInfo(number=number, label=str(number), dealer=dealer, leader=dealer)

        totals = [0] * setup.players
        results: list[RoundResult] = []
        for index, data in enumerate(rounds):
            n = index + 1
            if n > last:
                raise RuleError(f"Round {n}: the game ended after round {last}.", round=n)
            self._check_round_object(n, data, {"scores"})
            self._check_present(n, data, "scores", "the scores")
            scores = setup.per_player(data["scores"], round=n, field="scores", what="the scores")
            self.check_in_range(
                scores,
                0,
                100,
                lambda name, points: f"{name} scored {points}, but a round scores 0 to 100.",
                round=n,
                field="scores",
                names=setup.names,
            )
            totals = [t + s for t, s in zip(totals, scores, strict=True)]
            explain = [f"scored {s}" for s in scores]
            results.append(
                RoundResult(info(n), data, complete=True, points=scores, totals=list(totals), explain=explain)
            )
        return self._game_state(
            setup,
            results,
            totals=totals,
            ended=len(results) == last,
            winners=self.best(totals),
            upcoming=info,
        )


@pytest.fixture(autouse=True)
def sixth_game(monkeypatch):
    """The one line a sixth game adds: its registry entry (taken away again after the test)."""
    entry = Game.of(HighestTotal(), paper=ScoresPaper, rows=registry.SCORES, table=registry.scores_table)
    monkeypatch.setitem(registry.GAMES, SLUG, entry)
    return entry


def start(table, names, **fields):
    """Fill in and send the new-game page as a person would; the game it started."""
    url = reverse("games:new", args=[SLUG])
    page = table.get(url)
    assert page.status_code == 200
    key = re.search(r'name="start" value="([^"]+)"', page.content.decode())[1]
    data = {"start": key, "first_dealer": "0", **{f"player_{i}": n for i, n in enumerate(names)}, **fields}
    response = table.send(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return GameSession.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))


def enter(table, session, number, scores, action="scores", **extra):
    url = reverse("games:round-action", args=[session.pk, number, action])
    return table.send(url, {f"score_{s}": str(v) for s, v in enumerate(scores)}, **extra)


def totals(session) -> list[int] | None:
    session.refresh_from_db()
    last = session.rounds.order_by("-number").first()
    return None if last is None else [e.total for e in last.entries.order_by("position")]


def test_a_whole_game_of_the_sixth_game(table, user):
    # The new-game form comes from the rules: the seats and the "rounds" option.
    page = table.get(reverse("games:new", args=[SLUG])).content.decode()
    assert "New Highest Total game" in page and 'name="rounds"' in page
    session = start(table, ["Ann", "Ben", "Cat"], rounds="3")
    assert (session.game, session.options) == (SLUG, {"rounds": 3})

    sheet = table.get(reverse("games:sheet", args=[session.pk])).content.decode()
    assert "Highest Total" in sheet and "Round 1" in sheet and 'name="score_2"' in sheet

    # Round entry, a refusal kept beside the player, and an htmx save.
    assert enter(table, session, 1, [10, 5, 7]).status_code == 302
    assert totals(session) == [10, 5, 7]
    refused = enter(table, session, 2, [20, -5, 0])
    assert refused.status_code == 400
    assert "Round 2: Ben scored -5, but a round scores 0 to 100." in refused.content.decode()
    assert 'value="20"' in refused.content.decode()  # what was typed is kept
    assert totals(session) == [10, 5, 7]
    saved = enter(table, session, 2, [20, 30, 0], htmx=True)
    assert saved.status_code == 200 and "Round 3" in saved.content.decode()
    assert totals(session) == [30, 35, 7]

    # A correction: every later total follows.
    form = table.get(reverse("games:round-action", args=[session.pk, 1, "edit"])).content.decode()
    assert "Correct round 1" in form and 'value="10"' in form
    assert enter(table, session, 1, [12, 5, 7], action="edit").status_code == 302
    assert totals(session) == [32, 35, 7]

    # Undo takes back round 2.
    assert table.send(reverse("games:undo", args=[session.pk])).status_code == 302
    assert session.rounds.count() == 1 and totals(session) == [12, 5, 7]

    for number, scores in ((2, [20, 30, 0]), (3, [40, 0, 3])):
        assert enter(table, session, number, scores).status_code == 302
    assert totals(session) == [72, 35, 10]
    session.refresh_from_db()
    assert session.status == GameSession.Status.FINISHED
    over = table.get(reverse("games:sheet", args=[session.pk])).content.decode()
    assert "Game over" in over and "Ann wins" in over and "Final standings" in over

    # The rules page, the printed sheet and the blank sheets.
    assert "Highest Total in brief" in table.get(reverse("games:rules", args=[SLUG])).content.decode()
    printed = table.get(reverse("games:print", args=[session.pk])).content.decode()
    assert "72" in printed and "Ann" in printed
    blank = table.get(reverse("games:print-blank", args=[SLUG]))
    assert blank.status_code == 200 and "Highest Total" in blank.content.decode()
    assert "Highest Total" in table.get(reverse("games:print-blank-index")).content.decode()

    # History, the summary, the CSV and the statistics.
    assert "Highest Total" in table.get(reverse("games:history")).content.decode()
    summary = table.get(reverse("games:summary", args=[session.pk])).content.decode()
    assert "Ann wins with 72." in summary
    csv = table.get(reverse("games:game-csv", args=[session.pk])).content.decode()
    assert "Ann" in csv and ",72" in csv
    ann = Player.objects.get(owner=user, name="Ann")
    assert "Highest Total" in table.get(reverse("games:player", args=[ann.pk])).content.decode()
    standings = table.get(reverse("games:standings"), {"game": SLUG, "minimum": 1})
    assert standings.status_code == 200 and "Ann" in standings.content.decode()

    # The session record: exported, imported again as the same game.
    record = json.loads(table.get(reverse("games:record-download", args=[session.pk])).content)
    assert record["game"] == SLUG and record["result"]["winners"] == ["Ann"]
    assert [r["scores"] for r in record["rounds"]] == [[12, 5, 7], [20, 30, 0], [40, 0, 3]]
    again = import_record(owner=user, record=record)
    assert totals(again) == [72, 35, 10] and export_session(again)["rounds"] == record["rounds"]


def test_the_sixth_game_ends_early_and_reopens(table):
    session = start(table, ["Ann", "Ben"], rounds="5")
    assert enter(table, session, 1, [3, 9]).status_code == 302
    assert table.send(reverse("games:end", args=[session.pk])).status_code == 302
    session.refresh_from_db()
    assert session.status == GameSession.Status.FINISHED
    assert "Ben wins" in table.get(reverse("games:sheet", args=[session.pk])).content.decode()
    assert table.send(reverse("games:reopen", args=[session.pk])).status_code == 302
    session.refresh_from_db()
    assert session.status == GameSession.Status.IN_PROGRESS


def test_the_sixth_game_is_only_registered_here():
    """Its slug and name stand in no file of the app: this module's registry line is all it took."""
    from tests.test_game_slugs import ROOT, app_python_files

    files = app_python_files() + sorted((ROOT / "templates").rglob("*.html"))
    assert [p for p in files if SLUG in p.read_text() or HighestTotal.name in p.read_text()] == []
