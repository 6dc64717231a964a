"""The session record (../shared/spec/session-record.md): check it, import it, export it.

``parse_record`` checks a decoded record the way other tools expect: the
top-level fields strictly here, every round through the game's own ``replay``
(the one validation path the sheet uses too). Derived fields (each round's
label, cards, dealer, points, totals, out, and the top-level result) are
ignored on import: scores are always recomputed, never trusted.

``import_record`` stores a checked record in one transaction with a fixed
number of bulk inserts, however many rounds it has; ``export_session`` writes a
stored session back out with its derived fields. ``records.py`` stays the only
mapping between rows and round dicts.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.template.defaultfilters import filesizeformat

from . import services
from .models import Entry, GameSession, Round, Seat
from .players import PlayerError, normal_name, unsafe_text
from .records import data_to_rows, export_record
from .rules import GAMES, GameState, RuleError, get_rules

FORMAT = "scorekeeper-session"
VERSION = 1
FIELDS = ("format", "version", "game", "options", "players", "first_dealer", "finished_early", "rounds")
# Export adds these; import ignores them (scores are derived, never read).
DERIVED_TOP = frozenset({"result"})
DERIVED_ROUND = frozenset({"label", "cards", "dealer", "points", "totals", "out"})
# A record holds at most MAX_ROUNDS rounds. A game with a fixed length (Bugger Bridge,
# regular Mormon Bridge, Minibridge to a number of deals) is refused by its rules after its
# last round anyway; one played to a target (Call Bridge, four-card Mormon Bridge, Memory
# Bridge, Minibridge to a target) or by elimination could in principle go on for ever, and
# 300 rounds is far more than any evening at a table (Call Bridge to 500, the largest target
# the form offers, takes about 150 deals). It keeps the largest game that can be stored
# quick to show: its sheet, summary and print each answer well within a second.
MAX_ROUNDS = 300
# Only elimination Mormon Bridge takes more than 14 players (the rest wait); the new-game
# form offers 60 seats, and a record may hold no more.
MAX_PLAYERS = 60
# A sheet draws a cell per player per round, waiting players too: a wide table gets
# fewer rounds (60 players: 66 hands, still many more than 59 players need to go out).
MAX_CELLS = 4000
# No count, score or option in a record needs more digits than this; Python's own limit
# (4,300 digits) would raise ValueError, and a long number costs time before it is refused.
MAX_DIGITS = 15


class RecordError(RuleError):
    """A session record that cannot be imported.

    A RuleError, so callers that already catch rule refusals catch this too;
    ``round`` (1-based), ``player`` (index into ``players``) and ``field`` say
    where, and the message names the round and player in words.
    """


@dataclass
class ParsedRecord:
    """A checked record: its input fields, cleaned, and the state the rules derive."""

    game: str
    options: dict  # cleaned: every option with its default filled in
    players: list[str]  # trimmed names
    first_dealer: int
    finished_early: bool
    rounds: list[dict]  # the rounds as the rules read them, derived fields dropped
    state: GameState


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _describe(value) -> str:
    return json.dumps(value, ensure_ascii=False)[:60]


# -- decoding -------------------------------------------------------------------


def _no_duplicate_keys(pairs: list[tuple[str, object]]) -> dict:
    obj = {}
    for key, value in pairs:
        if key in obj:
            raise RecordError(f"The file is not a valid record: the key {key!r} appears twice in one object.")
        obj[key] = value
    return obj


def _no_constants(name: str):
    raise RecordError(f"The file is not valid JSON: {name} is not a JSON number.")


def _bounded_int(text: str) -> int:
    digits = len(text.removeprefix("-"))
    if digits > MAX_DIGITS:
        raise RecordError(
            f"The file holds a number of {digits} digits; no number in a session record has more "
            f"than {MAX_DIGITS}."
        )
    return int(text)


def check_size(size: int, *, at_least: bool = False) -> None:
    """RecordError when a record file of ``size`` bytes (or more) is over the configured limit."""
    limit = settings.SESSION_RECORD_MAX_BYTES
    if size > limit:
        what = f"more than {filesizeformat(limit)}" if at_least else filesizeformat(size)
        raise RecordError(f"The file is {what}; a session record may be at most {filesizeformat(limit)}.")


def load_json(raw: bytes | str) -> object:
    """Decode a record file (UTF-8, UTF-16 or UTF-32 JSON); RecordError with a plain message if not."""
    try:
        return json.loads(
            raw, object_pairs_hook=_no_duplicate_keys, parse_constant=_no_constants, parse_int=_bounded_int
        )
    except UnicodeDecodeError:
        raise RecordError("The file is not text in UTF-8: it cannot be a session record.") from None
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"The file is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})."
        ) from None
    except RecursionError:
        raise RecordError("The file is not a valid record: it is nested too deeply.") from None
    except ValueError as exc:  # anything else json or int() refuses
        raise RecordError(f"The file is not valid JSON: {exc}.") from None


def _check_text(value, where: str = "the record") -> None:
    """Refuse text anywhere in a decoded record (keys included) that cannot be stored."""
    if isinstance(value, str):
        problem = unsafe_text(value)
        if problem:
            raise RecordError(f"Text in {where} holds {problem}: it cannot be stored.")
    elif isinstance(value, list):
        for item in value:
            _check_text(item, where)
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_text(key, where)
            _check_text(item, f"{key!r}" if where == "the record" else where)


def dump_record(record) -> str:
    """A record (or a list of records) as the JSON text export writes."""
    return json.dumps(record, indent=2, ensure_ascii=False) + "\n"


# -- checking ------------------------------------------------------------------------


def _check_players(value) -> list[str]:
    if not isinstance(value, list):
        raise RecordError("players must be a list of names, in the order play passes.", field="players")
    if len(value) > MAX_PLAYERS:
        raise RecordError(f"A session can seat at most {MAX_PLAYERS} players.", field="players")
    names = []
    for i, name in enumerate(value):
        if not isinstance(name, str):
            raise RecordError(
                f"Player {i + 1}'s name must be text, not {_describe(name)}.", player=i, field="players"
            )
        try:
            names.append(normal_name(name))
        except PlayerError as exc:
            raise RecordError(f"Player {i + 1}: {exc.message}", player=i, field="players") from None
    try:
        return services.clean_names(names)
    except RuleError as exc:
        raise RecordError(exc.message, player=exc.player, field="players") from None


def _check_rounds(value, players: int) -> list[dict]:
    if not isinstance(value, list):
        raise RecordError("rounds must be a list of round objects.", field="rounds")
    if len(value) > min(MAX_ROUNDS, MAX_CELLS // players):
        if MAX_ROUNDS * players <= MAX_CELLS:
            limit = f"at most {MAX_ROUNDS} rounds"
        else:
            limit = f"at most {MAX_CELLS // players} rounds with {players} players"
        raise RecordError(f"A session can hold {limit}, not {len(value)}.", field="rounds")
    rounds = []
    for i, data in enumerate(value):
        if not isinstance(data, dict):
            raise RecordError(f"Round {i + 1} must be an object.", round=i + 1, field="rounds")
        rounds.append({key: v for key, v in data.items() if key not in DERIVED_ROUND})
    return rounds


def parse_record(obj) -> ParsedRecord:
    """Check a decoded session record; RecordError (naming round and player) at the first fault."""
    if not isinstance(obj, dict):
        raise RecordError("A session record must be a JSON object.")
    if obj.get("format") != FORMAT:
        raise RecordError(
            f'This is not a Scorekeeper session record: "format" must be "{FORMAT}".', field="format"
        )
    version = obj.get("version")
    if not _is_int(version) or version != VERSION:
        raise RecordError(
            f"Session record version {_describe(version)} cannot be read: this app reads version {VERSION}.",
            field="version",
        )
    unknown = sorted(set(obj) - set(FIELDS) - DERIVED_TOP)
    if unknown:
        raise RecordError(f"The record has an unknown field {unknown[0]!r}.", field=unknown[0])
    for required in ("game", "players", "rounds"):
        if required not in obj:
            raise RecordError(f"The record has no {required!r}.", field=required)

    game = obj["game"]
    if not isinstance(game, str) or game not in GAMES:
        raise RecordError(
            f"Unknown game {_describe(game)}: the game must be one of {', '.join(GAMES)}.", field="game"
        )
    rules = get_rules(game)
    players = _check_players(obj["players"])

    options = obj.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("options must be an object (it may be empty: {}).", field="options")
    try:
        options = rules.clean_options(options)
    except RuleError as exc:
        raise RecordError(exc.message, field="options") from None
    try:
        # The table (how many players) first, then the first dealer in it.
        rules.replay(players=len(players), options=options, first_dealer=0, rounds=[], names=players)
    except RuleError as exc:
        raise RecordError(exc.message, field="players") from None

    first_dealer = obj.get("first_dealer", 0)
    seated = rules.seated(len(players))
    if not _is_int(first_dealer):
        raise RecordError(
            f"first_dealer must be a whole number (an index into players), not {_describe(first_dealer)}.",
            field="first_dealer",
        )
    if not 0 <= first_dealer < seated:
        raise RecordError(
            f"first_dealer {first_dealer} is not a player at the table: it must be 0 to {seated - 1} "
            "(an index into players).",
            field="first_dealer",
        )

    finished_early = obj.get("finished_early", False)
    if not isinstance(finished_early, bool):
        raise RecordError(
            f"finished_early must be true or false, not {_describe(finished_early)}.", field="finished_early"
        )

    rounds = _check_rounds(obj["rounds"], len(players))
    _check_text(obj)  # names are checked above, one by one; this is every other text
    try:
        state = rules.replay(
            players=len(players),
            options=options,
            first_dealer=first_dealer,
            rounds=rounds,
            finished_early=finished_early,
            names=players,
        )
    except RuleError as exc:
        raise RecordError(exc.message, round=exc.round, player=exc.player, field=exc.field) from None
    if finished_early and not state.finished_early:
        raise RecordError(
            f"finished_early is true, but the game reached its end with round {len(rounds)}: "
            "only a game ended before its end is finished early.",
            round=len(rounds),
            field="finished_early",
        )
    return ParsedRecord(
        game=game,
        options=options,
        players=players,
        first_dealer=first_dealer,
        finished_early=finished_early,
        rounds=rounds,
        state=state,
    )


# -- import and export ------------------------------------------------------------------


def import_record(*, owner, record: object) -> GameSession:
    """Check a record and store it as a new session of ``owner``'s; RecordError stores nothing.

    Queries do not grow with rounds or players: the session, the players (two
    or three), then one bulk insert each for seats, rounds and entries.
    """
    parsed = parse_record(record)
    state = parsed.state
    seats = len(parsed.players)
    # Checked before the transaction: with SQLite's IMMEDIATE mode it holds the write lock.
    with transaction.atomic():
        session = GameSession(
            owner=owner, game=parsed.game, options=parsed.options, first_dealer=parsed.first_dealer
        )
        services._finish_session(session, state, finished_early=parsed.finished_early)
        session.save()
        players = services._player_objects(owner, parsed.players)
        Seat.objects.bulk_create([Seat(session=session, player=p, position=i) for i, p in enumerate(players)])
        rounds: list[Round] = []
        entries: list[Entry] = []
        for number, data in enumerate(parsed.rounds, start=1):
            round_fields, entry_fields = data_to_rows(parsed.game, data, seats)
            rnd = Round(session=session, number=number, **round_fields)
            round_entries = [
                Entry(round=rnd, position=i, player=players[i], **entry_fields[i]) for i in range(seats)
            ]
            services._set_derived(rnd, round_entries, state)
            rounds.append(rnd)
            entries.extend(round_entries)
        Round.objects.bulk_create(rounds)
        Entry.objects.bulk_create(entries)
    return session


def export_session(session: GameSession) -> dict:
    """The session's record with its derived fields, as the spec lays it out."""
    loaded = services.load_game(session)
    return export_record(
        game=session.game,
        options=session.options,
        players=loaded.names,
        first_dealer=session.first_dealer,
        finished_early=session.finished_early,
        state=loaded.state,
    )
