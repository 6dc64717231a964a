"""Session records that must be refused, with a message naming what is wrong; nothing stored."""

from __future__ import annotations

import pytest

from games.backup import session_record
from games.backup.session_record import RecordError, import_record, load_json, parse_record
from games.models import GameSession, Player, Round, Seat
from games.rules import RuleError
from tests.test_session_record import BUGGER_EXAMPLE, NAMES, counts, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(django_user_model):
    return django_user_model.objects.create_user("owner", password="pw")


def refused(owner, rec) -> RecordError:
    """Import ``rec``, expect a refusal, and check that nothing at all was stored."""
    before = counts()
    with pytest.raises(RecordError) as caught:
        import_record(owner=owner, record=rec)
    assert counts() == before
    return caught.value


def with_round(n: int, **changes) -> dict:
    rec = record(rounds=BUGGER_EXAMPLE)
    rec["rounds"][n - 1].update(changes)
    return rec


TOP_LEVEL = [
    ("not an object", [], "must be a JSON object"),
    (
        "no format",
        {k: v for k, v in record().items() if k != "format"},
        '"format" must be "scorekeeper-session"',
    ),
    ("other format", record(format="scorekeeper"), '"format" must be "scorekeeper-session"'),
    ("version 2", record(version=2), "version 2 cannot be read"),
    ("version as text", record(version="1"), 'version "1" cannot be read'),
    ("version 1.0", record(version=1.0), "version 1.0 cannot be read"),
    ("version true", record(version=True), "version true cannot be read"),
    ("unknown game", record(game="poker"), 'Unknown game "poker"'),
    ("game not text", record(game=["bugger-bridge"]), "Unknown game"),
    ("unknown field", record(comment="me"), "unknown field 'comment'"),
    ("no players", {k: v for k, v in record().items() if k != "players"}, "no 'players'"),
    ("no rounds", {k: v for k, v in record().items() if k != "rounds"}, "no 'rounds'"),
    ("no game", {k: v for k, v in record().items() if k != "game"}, "no 'game'"),
    ("players not a list", record(players="Bob, Helen, Kim"), "players must be a list"),
    ("name not text", record(players=["Bob", 7, "Kim"]), "Player 2's name must be text"),
    ("empty name", record(players=["Bob", "  ", "Kim"]), "Player 2 has no name"),
    ("long name", record(players=["Bob", "x" * 41, "Kim"]), "at most 40 characters"),
    ("duplicate players", record(players=["Bob", "Helen", "bob"]), "bob is at the table twice"),
    ("too few players", record(players=["Bob", "Helen"]), "at least 3 players"),
    ("too many players", record(players=[f"P{i}" for i in range(11)]), "at most 10 players"),
    ("minibridge needs four", record(game="minibridge", players=NAMES), "exactly 4 players"),
    ("options not an object", record(options=[]), "options must be an object"),
    ("unknown option", record(options={"hooks": True}), "no option 'hooks'"),
    ("bad option value", record(options={"hook": "yes"}), "hook must be true or false"),
    (
        "bad target",
        record(game="call-bridge", players=NAMES[:4], options={"target": 0}),
        "target must be at least 1",
    ),
    (
        "first dealer too big",
        record(first_dealer=5),
        "first_dealer 5 is not a player at the table: it must be 0 to 4",
    ),
    ("first dealer negative", record(first_dealer=-1), "first_dealer -1 is not a player"),
    (
        "first dealer as text",
        record(first_dealer="0"),
        'first_dealer must be a whole number (an index into players), not "0"',
    ),
    ("first dealer true", record(first_dealer=True), "first_dealer must be a whole number"),
    ("finished_early as text", record(finished_early="no"), "finished_early must be true or false"),
    ("rounds not a list", record(rounds={}), "rounds must be a list"),
    ("round not an object", record(rounds=[[0, 0, 0, 1, 1]]), "Round 1 must be an object"),
]


@pytest.mark.parametrize(("rec", "message"), [c[1:] for c in TOP_LEVEL], ids=[c[0] for c in TOP_LEVEL])
def test_top_level_refusals(owner, rec, message):
    exc = refused(owner, rec)
    assert message in exc.message
    assert isinstance(exc, RuleError)  # callers that catch rule refusals catch these too


def test_bad_bid_names_round_and_player(owner):
    exc = refused(owner, with_round(2, bids=[0, 3, 0, 0, 0]))
    assert exc.message == "Round 2: Helen bid 3, but a bid must be 0 to 2 with 2 cards dealt."
    assert (exc.round, exc.player, exc.field) == (2, 1, "bids")


def test_tricks_that_do_not_add_up_name_the_round(owner):
    exc = refused(owner, with_round(3, tricks=[0, 1, 1, 0, 0]))
    assert exc.message.startswith("Round 3: the tricks add up to 2, but 3 were played")
    assert exc.round == 3


def test_wrong_number_of_bids(owner):
    exc = refused(owner, with_round(1, bids=[0, 0, 0, 1]))
    assert "Round 1" in exc.message and "5 entries" in exc.message


def test_bid_not_a_number_names_the_player(owner):
    exc = refused(owner, with_round(1, bids=[0, 0, "0", 1, 1]))
    assert exc.message == "Round 1: the bids for Corky must be a whole number."
    assert (exc.round, exc.player) == (1, 2)


def test_unknown_round_field(owner):
    exc = refused(owner, with_round(2, comment="close one"))
    assert exc.message == "Round 2: unknown field 'comment'."


def test_hook_rule(owner):
    # One card; Helen and Corky bid 0 and 1, so Bob, dealing, may not bid 0.
    rec = record(players=NAMES[:3], options={"hook": True}, rounds=[{"bids": [0, 0, 1], "tricks": [0, 0, 1]}])
    exc = refused(owner, rec)
    assert exc.message.startswith("Round 1: hook rule: Bob deals and may not bid 0")
    assert (exc.round, exc.player) == (1, 0)


def test_only_the_last_round_may_be_unfinished(owner):
    rec = record(rounds=BUGGER_EXAMPLE)
    del rec["rounds"][1]["tricks"]
    exc = refused(owner, rec)
    assert "round 2 has no tricks yet" in exc.message
    assert exc.round == 2


def test_round_after_the_end_of_a_bugger_game(owner):
    # Ten players: rounds 1 to 4, 4NT twice, 4 to 1: ten rounds, then the game is over.
    names = [f"P{i}" for i in range(10)]
    cards = [1, 2, 3, 4, 4, 4, 4, 3, 2, 1]
    rounds = [{"bids": [0] * 10, "tricks": [c] + [0] * 9} for c in cards]
    rounds.append({"bids": [0] * 10, "tricks": [1] + [0] * 9})
    exc = refused(owner, record(players=names, rounds=rounds))
    assert exc.message == "Round 11: the game ended after round 10."
    assert exc.round == 11


def test_round_after_a_call_bridge_win(owner):
    deal = {"bids": [4, 2, 2, 2], "tricks": [7, 2, 2, 2]}
    rec = record("call-bridge", NAMES[:4], [deal, deal], options={"target": 4})
    exc = refused(owner, rec)
    assert exc.message == "Round 2: the game ended after round 1, when Bob won."


def test_finished_early_after_the_natural_end(owner):
    deal = {"bids": [4, 2, 2, 2], "tricks": [7, 2, 2, 2]}
    exc = refused(owner, record("call-bridge", NAMES[:4], [deal], options={"target": 4}, finished_early=True))
    assert "finished_early is true, but the game reached its end with round 1" in exc.message


def test_finished_early_on_an_unfinished_round_is_accepted(owner):
    """The spec: a game ended early may end on an unfinished round; what it scored counts."""
    rec = record(
        "memory-bridge", NAMES[:2], [{"first_half": [5, 8]}], options={"target": 500}, finished_early=True
    )
    session = import_record(owner=owner, record=rec)
    assert session.finished_early and session.is_finished and session.winners == [1]


def test_minibridge_names_the_declarer(owner):
    rec = record(
        "minibridge",
        ["Ann", "Ben", "Cat", "Dan"],
        [{"hcp": [14, 6, 16, 4], "contract": {"strain": "X", "game": True}, "tricks": 9}],
    )
    exc = refused(owner, rec)
    assert exc.message.startswith("Round 1: Cat's contract needs a strain")
    assert (exc.round, exc.player) == (1, 2)


def test_minibridge_points_must_add_up(owner):
    rec = record("minibridge", NAMES[:4], [{"hcp": [14, 6, 16, 5]}])
    assert "Round 1: the high-card points add up to 41" in refused(owner, rec).message


def test_memory_bridge_no_second_half_after_the_target(owner):
    rec = record(
        "memory-bridge",
        ["Ann", "Ben"],
        [{"first_half": [13, 0], "contract": None}],
        options={"target": 200},
    )
    exc = refused(owner, rec)
    assert "Round 1: Ann reached the target of 200 in the first half" in exc.message


def test_mormon_elimination_out_player_must_be_null(owner):
    rounds = [
        {"bids": [1, 1, 1, 1, 0], "tricks": [0, 2, 1, 1, 0]},
        {"bids": [0, None, 2, 1, 1], "tricks": [0, None, 2, 1, 1]},
    ]
    rec = record("mormon-bridge", NAMES, rounds, options={"mode": "elimination"})
    exc = refused(owner, rec)
    assert exc.message.startswith("Round 2: Bob is out and not in this hand")
    assert (exc.round, exc.player) == (2, 0)


def test_nothing_stored_when_the_database_write_fails(owner, monkeypatch):
    """A failure after the session and players are written rolls all of it back."""

    def broken(*args, **kwargs):
        raise RuntimeError("disk full")

    # The last write of an import: the entries, once the session, players, seats and rounds are in.
    monkeypatch.setattr(session_record, "_insert_entries", broken)
    before = counts()
    with pytest.raises(RuntimeError):
        import_record(owner=owner, record=record(rounds=BUGGER_EXAMPLE))
    assert counts() == before
    assert not Player.objects.exists() and not GameSession.objects.exists()
    assert not Seat.objects.exists() and not Round.objects.exists()


def test_parse_record_without_the_database():
    parsed = parse_record(record(rounds=BUGGER_EXAMPLE, first_dealer=2))
    assert parsed.players == NAMES
    assert parsed.options == {"hook": False}
    assert parsed.state.totals == [20, 21, 33, 20, 31]


JSON_CASES = [
    (b"{", "not valid JSON"),
    (b"", "not valid JSON"),
    (b'{"a": NaN}', "NaN is not a JSON number"),
    (b'{"a": 1, "a": 2}', "the key 'a' appears twice"),
    (b"\xff\xfe\xfa", "not"),
    (b"[" * 100000, "nests lists and objects more than 20 deep"),
    (b'{"a": ' * 21 + b"1" + b"}" * 21, "nests lists and objects more than 20 deep"),
]


@pytest.mark.parametrize(("raw", "message"), JSON_CASES)
def test_load_json_refusals(raw, message):
    with pytest.raises(RecordError) as caught:
        load_json(raw)
    assert message in caught.value.message


def test_load_json_reads_utf8_with_or_without_bom():
    assert load_json('{"players": ["Zoë"]}'.encode()) == {"players": ["Zoë"]}
    assert load_json(b"\xef\xbb\xbf" + '{"players": ["Zoë"]}'.encode()) == {"players": ["Zoë"]}


def test_too_many_rounds(owner):
    exc = refused(owner, record(rounds=[{}] * 301))
    assert exc.message == "A session can hold at most 300 rounds, not 301."


def test_too_many_players(owner):
    names = [f"P{i}" for i in range(61)]
    exc = refused(owner, record("mormon-bridge", names, options={"mode": "elimination"}))
    assert exc.message == "A session can seat at most 60 players."


def test_many_waiting_players_are_fine(owner):
    """Elimination Mormon Bridge: 14 sit, the rest wait; the first dealer is one of the 14."""
    names = [f"P{i}" for i in range(20)]
    import_record(
        owner=owner, record=record("mormon-bridge", names, options={"mode": "elimination"}, first_dealer=13)
    )
    exc = refused(owner, record("mormon-bridge", names, options={"mode": "elimination"}, first_dealer=14))
    assert exc.message.startswith("first_dealer 14 is not a player at the table: it must be 0 to 13")
