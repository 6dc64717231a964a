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
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext

from . import services
from .models import Entry, GameSession, Player, Round, Seat
from .players import PlayerError, normal_name, unsafe_text
from .records import MAX_CELLS, MAX_PLAYERS, MAX_ROUNDS, data_to_rows, export_record, max_rounds
from .registry import GAMES, get_rules
from .rules import GameState, RuleError

FORMAT = "scorekeeper-session"
VERSION = 1
FIELDS = ("format", "version", "game", "options", "players", "first_dealer", "finished_early", "rounds")
# Export adds these; import ignores them (scores are derived, never read).
DERIVED_TOP = frozenset({"result"})
DERIVED_ROUND = frozenset({"label", "cards", "dealer", "points", "totals", "out"})
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
            raise RecordError(
                gettext("The file is not a valid record: the key {key} appears twice in one object.").format(
                    key=repr(key)
                )
            )
        obj[key] = value
    return obj


def _no_constants(name: str):
    raise RecordError(gettext("The file is not valid JSON: {name} is not a JSON number.").format(name=name))


def _bounded_int(text: str) -> int:
    digits = len(text.removeprefix("-"))
    if digits > MAX_DIGITS:
        raise RecordError(
            gettext(
                "The file holds a number of {digits} digits; no number in a session record has more than {most}."
            ).format(digits=digits, most=MAX_DIGITS)
        )
    return int(text)


def check_size(size: int, *, at_least: bool = False) -> None:
    """RecordError when a record file of ``size`` bytes (or more) is over the configured limit."""
    limit = settings.SESSION_RECORD_MAX_BYTES
    if size > limit:
        if at_least:
            said = gettext("The file is more than {limit}; a session record may be at most {limit}.")
        else:
            said = gettext("The file is {size}; a session record may be at most {limit}.")
        raise RecordError(said.format(size=filesizeformat(size), limit=filesizeformat(limit)))


_JSON_SPACE = " \t\n\r"
# Strict: a repeated key, NaN or an endless number refuse the record (as ``load_json`` does).
_STRICT = json.JSONDecoder(
    object_pairs_hook=_no_duplicate_keys, parse_constant=_no_constants, parse_int=_bounded_int
)
# Only to find where a record that the strict decoder refused ends, so the next one can be read.
_LENIENT = json.JSONDecoder(parse_int=len, parse_constant=len)


def decode_text(raw: bytes | str) -> str:
    """A record file's text: UTF-8, UTF-16 or UTF-32 (with or without a BOM), as ``json.loads`` reads bytes."""
    if isinstance(raw, str):
        return raw
    try:
        return raw.decode(json.detect_encoding(raw), "surrogatepass")
    except UnicodeDecodeError:
        raise RecordError(gettext("The file is not text in UTF-8: it cannot be a session record.")) from None


def is_backup(start: bytes | str) -> bool:
    """Whether a record file (or its first bytes) holds a JSON array: a whole backup, not one record."""
    if isinstance(start, bytes):
        start = start[:256].decode(json.detect_encoding(start[:4]), "ignore")
    return start.lstrip("\ufeff" + _JSON_SPACE)[:1] == "["


def backup_records(text: str) -> Iterator[object]:
    """Each record of a backup (a JSON array of records), decoded on its own, in order.

    A record that cannot be decoded (a repeated key, a number too long, more than
    SESSION_RECORD_MAX_BYTES of text) comes out as the RecordError saying so, and the
    next one is read; a fault in the array itself (not JSON, not closed) raises
    RecordError, and nothing after it can be read.
    """
    limit = settings.SESSION_RECORD_MAX_BYTES
    end = len(text)
    i = len(text) - len(text.lstrip("\ufeff" + _JSON_SPACE))
    if text[i : i + 1] != "[":
        raise RecordError(gettext("A backup must be a JSON array of session records."))
    i += 1

    def skip(at: int) -> int:
        while at < end and text[at] in _JSON_SPACE:
            at += 1
        return at

    def broken(at: int, what: str) -> RecordError:
        line = text.count("\n", 0, at) + 1
        column = at - (text.rfind("\n", 0, at) + 1) + 1
        return RecordError(
            gettext("The file is not valid JSON: {what} (line {line}, column {column}).").format(
                what=what, line=line, column=column
            )
        )

    i = skip(i)
    if text[i : i + 1] == "]":
        return
    while True:
        start = i
        item: object
        try:
            item, i = _STRICT.raw_decode(text, start)
        except RecordError as exc:
            try:
                _, i = _LENIENT.raw_decode(text, start)
            except (json.JSONDecodeError, RecursionError, ValueError):
                raise exc from None
            item = exc
        except json.JSONDecodeError as exc:
            raise broken(exc.pos, exc.msg) from None
        except RecursionError:
            raise RecordError(gettext("The file is not a valid record: it is nested too deeply.")) from None
        except ValueError as exc:
            # The parser's own detail ("Expecting value: line 1 column 1") is in English: it names the place.
            raise RecordError(gettext("The file is not valid JSON: {detail}.").format(detail=exc)) from None
        if i - start > limit // 4 and len(text[start:i].encode("utf-8", "surrogatepass")) > limit:
            item = RecordError(
                gettext("The record is more than {limit}; a session record may be at most {limit}.").format(
                    limit=filesizeformat(limit)
                )
            )
        yield item
        i = skip(i)
        if text[i : i + 1] == "]":
            if skip(i + 1) != end:
                raise broken(skip(i + 1), "Extra data after the array")
            return
        if text[i : i + 1] != ",":
            raise broken(i, "Expecting ',' delimiter or ']'")
        i = skip(i + 1)


def load_json(raw: bytes | str) -> object:
    """Decode a record file (UTF-8, UTF-16 or UTF-32 JSON); RecordError with a plain message if not."""
    try:
        return json.loads(
            raw, object_pairs_hook=_no_duplicate_keys, parse_constant=_no_constants, parse_int=_bounded_int
        )
    except UnicodeDecodeError:
        raise RecordError(gettext("The file is not text in UTF-8: it cannot be a session record.")) from None
    except json.JSONDecodeError as exc:
        raise RecordError(
            gettext("The file is not valid JSON: {what} (line {line}, column {column}).").format(
                what=exc.msg, line=exc.lineno, column=exc.colno
            )
        ) from None
    except RecursionError:
        raise RecordError(gettext("The file is not a valid record: it is nested too deeply.")) from None
    except ValueError as exc:  # anything else json or int() refuses
        # The parser's own detail ("Expecting value: line 1 column 1") is in English: it names the place.
        raise RecordError(gettext("The file is not valid JSON: {detail}.").format(detail=exc)) from None


def _check_text(value, where: str = "the record") -> None:
    """Refuse text anywhere in a decoded record (keys included) that cannot be stored."""
    if isinstance(value, str):
        problem = unsafe_text(value)
        if problem:
            raise RecordError(
                gettext("Text in {where} holds {problem}: it cannot be stored.").format(
                    where=where, problem=problem
                )
            )
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
        raise RecordError(
            gettext("players must be a list of names, in the order play passes."), field="players"
        )
    if len(value) > MAX_PLAYERS:
        raise RecordError(
            gettext("A session can seat at most {most} players.").format(most=MAX_PLAYERS), field="players"
        )
    names = []
    for i, name in enumerate(value):
        if not isinstance(name, str):
            raise RecordError(
                gettext("Player {number}'s name must be text, not {value}.").format(
                    number=i + 1, value=_describe(name)
                ),
                player=i,
                field="players",
            )
        try:
            names.append(normal_name(name))
        except PlayerError as exc:
            raise RecordError(
                gettext("Player {number}: {message}").format(number=i + 1, message=exc.message),
                player=i,
                field="players",
            ) from None
    try:
        return services.clean_names(names)
    except RuleError as exc:
        raise RecordError(exc.message, player=exc.player, field="players") from None


def _check_rounds(value, players: int) -> list[dict]:
    if not isinstance(value, list):
        raise RecordError(gettext("rounds must be a list of round objects."), field="rounds")
    if len(value) > max_rounds(players):
        if MAX_ROUNDS * players <= MAX_CELLS:
            said = gettext("A session can hold at most {limit} rounds, not {count}.")
        else:
            said = gettext("A session can hold at most {limit} rounds with {players} players, not {count}.")
        raise RecordError(
            said.format(limit=max_rounds(players), players=players, count=len(value)), field="rounds"
        )
    rounds = []
    for i, data in enumerate(value):
        if not isinstance(data, dict):
            raise RecordError(
                gettext("Round {number} must be an object.").format(number=i + 1), round=i + 1, field="rounds"
            )
        rounds.append({key: v for key, v in data.items() if key not in DERIVED_ROUND})
    return rounds


def parse_record(obj) -> ParsedRecord:
    """Check a decoded session record; RecordError (naming round and player) at the first fault."""
    if not isinstance(obj, dict):
        raise RecordError(gettext("A session record must be a JSON object."))
    if obj.get("format") != FORMAT:
        raise RecordError(
            gettext('This is not a Scorekeeper session record: "format" must be "{format}".').format(
                format=FORMAT
            ),
            field="format",
        )
    version = obj.get("version")
    if not _is_int(version) or version != VERSION:
        raise RecordError(
            gettext("Session record version {version} cannot be read: this app reads version {ours}.").format(
                version=_describe(version), ours=VERSION
            ),
            field="version",
        )
    unknown = sorted(set(obj) - set(FIELDS) - DERIVED_TOP)
    if unknown:
        raise RecordError(
            gettext("The record has an unknown field {field}.").format(field=repr(unknown[0])),
            field=unknown[0],
        )
    for required in ("game", "players", "rounds"):
        if required not in obj:
            raise RecordError(
                gettext("The record has no {field}.").format(field=repr(required)), field=required
            )

    game = obj["game"]
    if not isinstance(game, str) or game not in GAMES:
        raise RecordError(
            gettext("Unknown game {game}: the game must be one of {games}.").format(
                game=_describe(game), games=", ".join(GAMES)
            ),
            field="game",
        )
    rules = get_rules(game)
    players = _check_players(obj["players"])

    options = obj.get("options", {})
    if not isinstance(options, dict):
        raise RecordError(
            gettext("options must be an object (it may be empty: {empty}).").format(empty="{}"),
            field="options",
        )
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
            gettext("first_dealer must be a whole number (an index into players), not {value}.").format(
                value=_describe(first_dealer)
            ),
            field="first_dealer",
        )
    if not 0 <= first_dealer < seated:
        raise RecordError(
            gettext(
                "first_dealer {value} is not a player at the table: it must be 0 to {last} (an index into players)."
            ).format(value=first_dealer, last=seated - 1),
            field="first_dealer",
        )

    finished_early = obj.get("finished_early", False)
    if not isinstance(finished_early, bool):
        raise RecordError(
            gettext("finished_early must be true or false, not {value}.").format(
                value=_describe(finished_early)
            ),
            field="finished_early",
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
            gettext(
                "finished_early is true, but the game reached its end with round {number}: "
                "only a game ended before its end is finished early."
            ).format(number=len(rounds)),
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
    # Checked before the transaction: with SQLite's IMMEDIATE mode it holds the write lock.
    return _store(owner, [parsed], {})[0]


# Records of a backup stored per transaction: one bulk insert each for their sessions,
# seats, rounds and entries (SQLite commits once per batch, not once per record).
BATCH = 200


def import_records(
    *, owner, records: Iterable[object], batch: int = BATCH
) -> Iterator[GameSession | RecordError]:
    """Import every record of a backup, each checked on its own: per record, in order, its new session or
    the RecordError that refused it (a record given as a RecordError, as ``backup_records`` gives one
    it could not decode, is passed on).

    A refused record stores nothing and does not stop the others. The records that pass are stored
    ``batch`` at a time, each batch in one transaction with a fixed number of bulk inserts. A
    RecordError raised by ``records`` itself (a broken backup) is raised once the records before it
    are stored.
    """
    players: dict[str, Player] = {}  # the owner's players by name, as the batches meet them
    pending: list[ParsedRecord | RecordError] = []

    def flush() -> Iterator[GameSession | RecordError]:
        stored = iter(_store(owner, [p for p in pending if isinstance(p, ParsedRecord)], players))
        for item in pending:
            yield item if isinstance(item, RecordError) else next(stored)
        pending.clear()

    parsed = 0
    given = iter(records)
    while True:
        try:
            record = next(given)
        except StopIteration:
            break
        except RecordError:  # the backup itself is broken: what came before it is stored, then it is said
            yield from flush()
            raise
        if isinstance(record, RecordError):
            pending.append(record)
        else:
            try:
                pending.append(parse_record(record))
                parsed += 1
            except RecordError as exc:
                pending.append(exc)
        if parsed >= batch:
            yield from flush()
            parsed = 0
    yield from flush()


def _store(owner, parsed: list[ParsedRecord], players: dict[str, Player]) -> list[GameSession]:
    """Store checked records as new sessions of ``owner``'s, in one transaction with a fixed number of
    queries however many records, rounds and players: one bulk insert each for sessions, seats,
    rounds and entries, and the players not in ``players`` yet (read, and created where new)."""
    if not parsed:
        return []
    with transaction.atomic():
        sessions = []
        for record in parsed:
            session = GameSession(
                owner=owner, game=record.game, options=record.options, first_dealer=record.first_dealer
            )
            services._finish_session(session, record.state, finished_early=record.finished_early)
            sessions.append(session)
        GameSession.objects.bulk_create(sessions)
        missing = list(dict.fromkeys(n for record in parsed for n in record.players if n not in players))
        if missing:
            players.update(zip(missing, services._player_objects(owner, missing), strict=True))
        seats: list[Seat] = []
        # Rounds and entries are many (a player a round): inserted as plain rows in one statement
        # each (executemany), not as model instances, whose construction and bulk_create's
        # per-value preparation cost more than the rest of an import. An entry finds its round's
        # id by the round's game and number (their unique index), so no id needs reading back.
        rounds: list[dict[str, Any]] = []
        entries: list[dict[str, Any]] = []
        for session, record in zip(sessions, parsed, strict=True):
            people = [players[n] for n in record.players]
            seats.extend(Seat(session=session, player=p, position=i) for i, p in enumerate(people))
            for number, data in enumerate(record.rounds, start=1):
                round_fields, entry_fields = data_to_rows(record.game, data, len(people))
                result = record.state.rounds[number - 1]
                rounds.append(
                    round_fields
                    | {
                        "session_id": session.pk,
                        "number": number,
                        "label": result.info.label,
                        "dealer": result.info.dealer,
                        "complete": result.complete,
                    }
                )
                out = set(result.out or [])
                for i, p in enumerate(people):
                    entries.append(
                        entry_fields[i]
                        | {
                            "session_id": session.pk,
                            "number": number,
                            "position": i,
                            "player_id": p.pk,
                            "points": result.points[i] if result.points else None,
                            "total": result.totals[i] if result.totals else None,
                            "out": i in out,
                        }
                    )
        Seat.objects.bulk_create(seats)
        if rounds:
            _insert_rounds(rounds)
            _insert_entries(entries)
    return sessions


def _column(model: type[Round] | type[Entry], name: str) -> tuple[str, Any]:
    field = next(f for f in model._meta.concrete_fields if f.attname == name or f.name == name)
    return str(field.column), field


def _insert_rounds(rows: list[dict[str, Any]]) -> None:
    """One INSERT of many rows (``executemany``): each a round's columns by field name."""
    names = list(dict.fromkeys(name for row in rows for name in row))
    fields = [_column(Round, name) for name in names]
    quote = connection.ops.quote_name
    sql = (
        f"INSERT INTO {quote(Round._meta.db_table)} ({', '.join(quote(c) for c, _ in fields)}, {quote('version')}) "
        f"VALUES ({', '.join(['%s'] * len(fields))}, 0)"
    )
    values = [
        [f.get_db_prep_save(row.get(n), connection) for n, (_, f) in zip(names, fields, strict=True)]
        for row in rows
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, values)


def _insert_entries(rows: list[dict[str, Any]]) -> None:
    """One INSERT of many rows (``executemany``): each an entry's columns by field name, with its round's
    game and number (``session_id``, ``number``) to find the round's id by."""
    names = [
        n for n in dict.fromkeys(name for row in rows for name in row) if n not in ("session_id", "number")
    ]
    fields = [_column(Entry, name) for name in names]
    quote = connection.ops.quote_name
    # Typed, so that PostgreSQL need not guess a type for a value in a SELECT list (a None, say).
    selected = ", ".join(f"CAST(%s AS {f.db_type(connection)})" for _, f in fields)
    sql = (
        f"INSERT INTO {quote(Entry._meta.db_table)} ({quote('round_id')}, {', '.join(quote(c) for c, _ in fields)}) "
        f"SELECT {quote('id')}, {selected} FROM {quote(Round._meta.db_table)} "
        f"WHERE {quote('session_id')} = %s AND {quote('number')} = %s"
    )
    values = [[*(row.get(n) for n in names), row["session_id"], row["number"]] for row in rows]
    with connection.cursor() as cursor:
        cursor.executemany(sql, values)


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
