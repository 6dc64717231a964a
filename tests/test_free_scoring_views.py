"""Free scoring through its pages: start, play, refuse, correct, undo, end, print, export, import.

The game uses only the generic parts (the "scores" table, rows and paper layout): these tests are
what a user of it gets, in English and in French.
"""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.accounts import sharing
from games.backup.session_record import RecordError, export_session, import_record
from games.models import GameSession, Player, ShareLink
from tests.conftest import TableClient

GAME = "free-scoring"
pytestmark = pytest.mark.django_db


def start(table, names, **fields):
    """Fill in and send the new-game page as a person would; the game it started."""
    url = reverse("games:new", args=[GAME])
    page = table.get(url)
    assert page.status_code == 200
    key = re.search(r'name="start" value="([^"]+)"', page.content.decode())[1]
    data = {
        "start": key,
        "first_dealer": "0",
        "wins": "highest",
        "ends": "rounds",
        "rounds": "10",
        **{f"player_{i}": n for i, n in enumerate(names)},
        **fields,
    }
    response = table.send(url, data)
    assert response.status_code == 302, response.content.decode()[:3000]
    return GameSession.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))


def enter(table, session, number, scores, action="scores", **extra):
    url = reverse("games:round-action", args=[session.pk, number, action])
    return table.send(url, {f"score_{s}": str(v) for s, v in enumerate(scores)}, **extra)


def totals(session) -> list[int] | None:
    last = session.rounds.order_by("-number").first()
    return None if last is None else [e.total for e in last.entries.order_by("position")]


def test_the_new_game_page_offers_who_wins_and_how_long(table):
    page = table.get(reverse("games:new", args=[GAME])).content.decode()
    assert "New Free scoring game" in page
    assert 'name="wins" value="highest"' in page and 'name="wins" value="lowest"' in page
    assert 'name="ends" value="rounds"' in page and 'name="ends" value="target"' in page
    assert 'name="player_19"' in page and 'name="player_20"' not in page  # 1 to 20 players


def test_a_target_chosen_without_one_is_refused_beside_it(table):
    url = reverse("games:new", args=[GAME])
    key = re.search(r'name="start" value="([^"]+)"', table.get(url).content.decode())[1]
    data = {"start": key, "first_dealer": "0", "player_0": "Ann", "wins": "lowest", "ends": "target"}
    refused = table.send(url, data)
    assert refused.status_code == 400
    assert "Fill this in, or choose the other way to end the game." in refused.content.decode()
    assert GameSession.objects.count() == 0


def test_a_box_left_behind_by_the_way_not_chosen_is_not_held_against_the_game(table):
    # The page hides the target box once rounds are chosen: what was typed there before is ignored.
    session = start(table, ["Ann", "Ben"], ends="rounds", rounds="5", target="-3")
    assert (session.options["rounds"], session.options["target"]) == (5, None)


def test_a_lowest_wins_game_to_a_target(table, user):
    session = start(table, ["Ann", "Ben", "Cat"], wins="lowest", ends="target", target="50", rounds="10")
    assert session.options == {"wins": "lowest", "rounds": None, "target": 50}
    sheet = table.get(reverse("games:sheet", args=[session.pk])).content.decode()
    assert "Lowest total wins" in sheet and "Ends when a total reaches 50" in sheet
    assert 'name="score_2"' in sheet and "<strong>Ann</strong> deals" in sheet
    assert "<h2>Round 1</h2>" in sheet  # played to a target: no "of" a number of rounds

    assert enter(table, session, 1, [10, -5, 20]).status_code == 302
    assert totals(session) == [10, -5, 20]
    # A refusal beside the player, what was typed kept, nothing stored.
    refused = enter(table, session, 2, [20000, 1, 3])
    page = refused.content.decode()
    assert refused.status_code == 400
    assert "Round 2: Ann scored 20000, but a round scores −10,000 to 10,000 points." in page
    assert 'value="20000"' in page and session.rounds.count() == 1
    assert (
        "Round 2: Ben&#x27;s points must be a number, not “x”."
        in enter(table, session, 2, [1, "x", 3]).content.decode()
    )
    missing = enter(table, session, 2, [1, "", 3], htmx=True)
    assert missing.status_code == 200 and "Round 2: enter Ben&#x27;s points." in missing.content.decode()

    saved = enter(table, session, 2, [5, 10, 15], htmx=True)
    assert saved.status_code == 200 and "Round 3" in saved.content.decode()
    assert "Ben leads with 5" in table.get(reverse("games:sheet", args=[session.pk])).content.decode()

    # A correction: every later total follows.
    form = table.get(reverse("games:round-action", args=[session.pk, 1, "edit"])).content.decode()
    assert "Correct round 1" in form and 'value="-5"' in form
    assert enter(table, session, 1, [10, 0, 20], action="edit").status_code == 302
    assert totals(session) == [15, 10, 35]

    # Undo, then the round that reaches the target ends the game: the lowest total wins.
    assert table.send(reverse("games:undo", args=[session.pk])).status_code == 302
    assert enter(table, session, 2, [5, 10, 15]).status_code == 302
    assert enter(table, session, 3, [40, 0, 1]).status_code == 302
    session.refresh_from_db()
    assert session.status == GameSession.Status.FINISHED and session.winners == [1]
    over = table.get(reverse("games:sheet", args=[session.pk])).content.decode()
    assert "Ben wins" in over and "with 10" in over and "Final standings" in over
    assert re.search(
        r"1st</td><th scope=\"row\">Ben.*2nd</td><th scope=\"row\">Cat.*3rd</td><th scope=\"row\">Ann",
        over,
        re.S,
    )

    # Printed, in the summary, the CSV and the record.
    printed = table.get(reverse("games:print", args=[session.pk])).content.decode()
    assert "Lowest total wins" in printed and "55" in printed and "Ben" in printed
    summary = table.get(reverse("games:summary", args=[session.pk])).content.decode()
    assert "Ben wins with 10." in summary
    csv = table.get(reverse("games:game-csv", args=[session.pk])).content.decode("utf-8-sig")
    assert csv.splitlines()[0] == "Round,Label,Dealer,Seat,Player,Points,Total"
    assert "3,3,Cat,1,Ann,40,55" in csv.splitlines()
    record = json.loads(table.get(reverse("games:record-download", args=[session.pk])).content)
    assert record["options"] == {"wins": "lowest", "target": 50}
    assert [r["scores"] for r in record["rounds"]] == [[10, 0, 20], [5, 10, 15], [40, 0, 1]]
    assert record["result"] == {"finished": True, "winners": ["Ben"], "totals": [55, 10, 36]}

    # Imported again (the upload page): the same game, the same winner. Without its start, as the
    # same record with it is recognised as the game already here and not imported twice.
    copy = {key: value for key, value in record.items() if key not in ("started", "ended")}
    upload = SimpleUploadedFile("free.json", json.dumps(copy).encode(), content_type="application/json")
    answer = table.post(
        reverse("games:record-upload"), {"record": upload}, headers={"X-CSRFToken": table.token()}
    )
    assert answer.status_code in (200, 302), answer.content.decode()[:2000]
    again = GameSession.objects.exclude(pk=session.pk).get()
    assert again.winners == [1] and export_session(again)["rounds"] == record["rounds"]

    # Standings rank the lowest total first; the player's page counts Ben's win.
    standings = table.get(
        reverse("games:standings"), {"game": GAME, "minimum": 1, "sort": "place"}
    ).content.decode()
    assert standings.index("Ben") < standings.index("Cat") < standings.index("Ann")
    ben = Player.objects.get(owner=user, name="Ben")
    player_page = table.get(reverse("games:player", args=[ben.pk])).content.decode()
    # Where the lowest total may win, a player's highest total is not called their best.
    assert "Free scoring" in player_page and "Highest final total" in player_page
    assert "Best score" not in player_page


def test_end_early_and_reopen(table):
    session = start(table, ["Ann", "Ben"], rounds="5")
    assert session.options == {"wins": "highest", "rounds": 5, "target": None}
    sheet = table.get(reverse("games:sheet", args=[session.pk])).content.decode()
    assert 'Round 1 <span class="of">of 5</span>' in sheet  # as the other games say how far a game goes
    assert enter(table, session, 1, [3, 9]).status_code == 302
    assert table.send(reverse("games:end", args=[session.pk])).status_code == 302
    session.refresh_from_db()
    assert session.status == GameSession.Status.FINISHED and session.winners == [1]
    assert table.send(reverse("games:reopen", args=[session.pk])).status_code == 302
    session.refresh_from_db()
    assert session.status == GameSession.Status.IN_PROGRESS


def test_a_solo_game(table):
    session = start(table, ["Ann"], rounds="1")
    assert enter(table, session, 1, [-7]).status_code == 302
    session.refresh_from_db()
    assert session.status == GameSession.Status.FINISHED and totals(session) == [-7]


def test_the_rules_page_and_the_blank_sheets(table):
    rules = table.get(reverse("games:rules", args=[GAME])).content.decode()
    assert "Free scoring in brief" in rules and "the lowest (Hearts, for example)" in rules
    blank = table.get(reverse("games:print-blank", args=[GAME])).content.decode()
    assert "Blank Free scoring sheet" in blank and "Game played" in blank
    assert "Free scoring" in table.get(reverse("games:print-blank-index")).content.decode()


def test_in_french(table):
    session = start(table, ["Anne", "Benoît"], wins="lowest", rounds="3")
    table.cookies["django_language"] = "fr"
    new = table.get(reverse("games:new", args=[GAME])).content.decode()
    assert "Score libre" in new
    assert "Le plus petit total gagne" in new and "Nombre de manches" in new
    sheet = table.get(reverse("games:sheet", args=[session.pk])).content.decode()
    assert "Score libre" in sheet and "Le plus petit total gagne" in sheet and "3 manches" in sheet
    assert "Enregistrer la manche 1" in sheet
    refused = enter(table, session, 1, [20000, 0]).content.decode()
    assert "Manche 1 : Anne a marqué 20000, mais une manche rapporte de −10 000 à 10 000 points." in refused
    rules = table.get(reverse("games:rules", args=[GAME])).content.decode()
    assert "Score libre en bref" in rules


RECORD = {
    "format": "scorekeeper-session",
    "version": 1,
    "game": GAME,
    "options": {"wins": "lowest", "rounds": 2},
    "players": ["Ann", "Ben", "Cat"],
    "rounds": [{"scores": [12, -5, 7]}, {"scores": [0, 30, -2]}],
}


def test_the_spec_record_imports_and_exports(user):
    session = import_record(owner=user, record=RECORD)
    out = export_session(session)
    assert out["options"] == {"wins": "lowest", "rounds": 2}
    assert out["rounds"][1]["points"] == [0, 30, -2] and out["rounds"][1]["totals"] == [12, 25, 5]
    assert out["result"] == {"finished": True, "winners": ["Cat"], "totals": [12, 25, 5]}
    again = import_record(owner=user, record=json.loads(json.dumps(out)))
    assert export_session(again)["rounds"] == out["rounds"]


@pytest.mark.parametrize(
    ("change", "english", "french"),
    [
        (
            {"options": {"rounds": 2, "target": 50}},
            "Choose either a number of rounds or a target score, not both.",
            "Choisissez soit un nombre de manches, soit un score à atteindre, pas les deux.",
        ),
        (
            {"options": {"wins": "most"}},
            "Option wins must be one of highest, lowest.",
            "L’option wins doit valoir l’une de ces valeurs : highest, lowest.",
        ),
        (
            {"rounds": [{"scores": [12, -5, 7]}, {"scores": [0, 10001, -2]}]},
            "Round 2: Ben scored 10001, but a round scores −10,000 to 10,000 points.",
            "Manche 2 : Ben a marqué 10001, mais une manche rapporte de −10 000 à 10 000 points.",
        ),
        (
            {"rounds": [{"scores": [1, 2, 3]}, {"scores": [1, 2, 3]}, {"scores": [1, 2, 3]}]},
            "Round 3: the game ended after round 2.",
            "Manche 3 : la partie s’est terminée après la manche 2.",
        ),
        ({"players": []}, "A game needs at least one player.", "Une partie demande au moins un joueur."),
        ({"rounds": [{"scores": [1, 2]}]}, "Round 1: the scores must have 3 entries", "Manche 1"),
        (
            {"rounds": [{"scores": [1, 2, 3], "bids": [0, 0, 0]}]},
            "Round 1: unknown field 'bids'.",
            "Manche 1",
        ),
        (
            {"rounds": [{"scores": [1, 2, 3]}, {"scores": [1, 2, 3]}], "finished_early": True},
            "finished_early is true, but the game reached its end with round 2",
            "finished_early",
        ),
    ],
)
def test_the_spec_refusals_in_english_and_french(user, change, english, french):
    record = {**RECORD, **change}
    for language, said in (("en", english), ("fr", french)):
        with translation.override(language), pytest.raises(RecordError) as caught:
            import_record(owner=user, record=record)
        assert said in caught.value.message, caught.value.message
    assert GameSession.objects.count() == 0


def test_the_big_screen_ranks_the_lowest_first_where_it_wins(user):
    session = import_record(owner=user, record=RECORD)  # totals Ann 12, Ben 25, Cat 5; lowest wins
    token = sharing.token_for(sharing.make_link(session, ShareLink.Kind.WATCH))
    page = Client().get(reverse("games:big-screen", args=[token])).content.decode()
    assert page.index("Cat") < page.index("Ann") < page.index("Ben")


def test_a_keep_score_link_enters_and_corrects_and_a_watch_link_only_watches(user):
    session = import_record(owner=user, record={**RECORD, "options": {"rounds": 3}})
    keep = TableClient()
    keep.get(
        reverse("games:shared", args=[sharing.token_for(sharing.make_link(session, ShareLink.Kind.KEEP))])
    )
    sheet = keep.get(reverse("games:sheet", args=[session.pk])).content.decode()
    assert 'name="score_0"' in sheet and "Share this game" not in sheet
    assert enter(keep, session, 3, [1, 2, 3]).status_code == 302
    assert enter(keep, session, 1, [2, -5, 7], action="edit").status_code == 302
    assert totals(session) == [3, 27, 8]

    watch = TableClient()
    token = sharing.token_for(sharing.make_link(session, ShareLink.Kind.WATCH))
    page = watch.get(reverse("games:shared", args=[token]), follow=True).content.decode()
    assert "Ben wins with 27." in page and 'name="score_0"' not in page
    assert enter(watch, session, 1, [0, 0, 0], action="edit").status_code in (
        302,
        403,
        404,
    )  # to log in: no pen
    assert totals(session) == [3, 27, 8]
