"""The session record (../shared/spec/session-record.md): check it, import it, export it.

``parse_record`` checks the top-level fields here and every round through the game's own
``replay`` (as the sheet does). Derived fields (labels, cards, dealers, points, totals, out,
the result) are ignored on import: scores are always recomputed. ``import_record`` stores a
record with a fixed number of bulk inserts; ``export_session`` writes one back out.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, NoReturn

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import Field
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext, ngettext

from games import services
from games.accounts.players import PlayerError, normal_name, unsafe_text
from games.models import Entry, GameSession, Player, Round, Seat
from games.registry import GAMES, MAX_CELLS, MAX_PLAYERS, MAX_ROUNDS, get_rules, max_rounds
from games.rules import GameState, RuleError

FORMAT = "scorekeeper-session"
VERSION = 1
FIELDS = "format version game options players first_dealer finished_early started ended owner rounds".split()
# Export adds these; import ignores them (scores are derived, never read).
DERIVED_TOP = frozenset({"result"})
DERIVED_ROUND = frozenset({"label", "cards", "dealer", "points", "totals", "out"})
# No count, score or option in a record needs more digits than this; Python's own limit
# (4,300 digits) would raise ValueError, and a long number costs time before it is refused.
MAX_DIGITS = 15
# No record nests deeper than a penalty in a round (6 with the backup around it). Deeper text is
# refused before it is decoded, which would otherwise recurse as deep as the file goes.
MAX_DEPTH = 20
# Dates a record may give: wide enough for any game ever scored, narrow enough that no
# offset moves one out of what the database and Python's datetime can hold.
FIRST_YEAR, LAST_YEAR = 1900, 2999
Owner = Any  # a user (AUTH_USER_MODEL)


def quotable(text: str) -> str:
    """``text`` as it can be written anywhere (a page, a terminal, a log): a control character
    or a lone surrogate as its escape (\\u0000, \\ud800), so a message may quote anything."""
    return _UNQUOTABLE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


_UNQUOTABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


class RecordError(RuleError):
    """A session record that cannot be imported: a RuleError (``round``, ``player`` and ``field``
    say where), whose message may quote anything in the record, made safe to show and print."""

    def __init__(self, message: str, **where: Any):
        super().__init__(quotable(message), **where)


class BackupRefused(RecordError):
    """A backup with records that cannot be imported: ``refused`` lists each (its 1-based number in
    the backup, and the RecordError that refused it) of ``total``. Nothing of it is stored."""

    def __init__(self, refused: list[tuple[int, RecordError]], total: int):
        super().__init__(
            ngettext(
                "{refused} of {total} records cannot be imported, so none was: a backup is restored whole or not at all.",
                "{refused} of {total} records cannot be imported, so none was: a backup is restored whole or not at all.",
                total,
            ).format(refused=len(refused), total=total)
        )
        self.refused = refused
        self.total = total


@dataclass
class ParsedRecord:
    """A checked record: its input fields, cleaned, and the state the rules derive."""

    game: str
    options: dict[str, Any]  # cleaned: every option with its default filled in
    players: list[str]  # trimmed names
    first_dealer: int
    finished_early: bool
    rounds: list[dict[str, Any]]  # the rounds as the rules read them, derived fields dropped
    state: GameState
    started: datetime | None = None  # None: the game starts when it is imported
    ended: datetime | None = None  # None: when it is imported, if it is over
    owner: str | None = None  # read only with keep_owners: the owning account's user name

    def export(self) -> dict[str, Any]:
        """The record with its derived fields and dates, as the spec lays it out (no owner). Options
        left unset (None: the one of ``either_or`` not used) are left out; dates are in UTC, to the
        microsecond (a backup restores them exactly), and left out when None."""
        seats = range(len(self.players))
        cards = GAMES[self.game].rows.records_cards
        rounds = []
        for result in self.state.rounds:
            item = dict(result.data)
            item["label"] = result.info.label
            if cards:
                active = set(result.info.active or seats)
                item["cards"] = [result.info.cards if seat in active else None for seat in seats]
            item["dealer"] = result.info.dealer
            item["points"] = result.points
            item["totals"] = result.totals
            if result.out is not None:
                item["out"] = result.out
            rounds.append(item)
        dates = {"started": self.started, "ended": self.ended}
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "options": {name: value for name, value in self.options.items() if value is not None},
            "players": self.players,
            "first_dealer": self.first_dealer,
            "finished_early": self.finished_early,
            **{name: when.astimezone(UTC).isoformat() for name, when in dates.items() if when},
            "rounds": rounds,
            "result": {
                "finished": self.state.finished,
                "winners": [self.players[s] for s in self.state.winners],
                "totals": self.state.totals,
            },
        }


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _describe(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)[:60]


# -- decoding -------------------------------------------------------------------


def _no_duplicate_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    obj: dict[str, object] = {}
    for key, value in pairs:
        if key in obj:
            said = gettext("The file is not a valid record: the key {key} appears twice in one object.")
            raise RecordError(said.format(key=repr(key)))
        obj[key] = value
    return obj


def _no_constants(name: str) -> NoReturn:
    raise RecordError(gettext("The file is not valid JSON: {name} is not a JSON number.").format(name=name))


def _bounded_int(text: str) -> int:
    digits = len(text.removeprefix("-"))
    if digits > MAX_DIGITS:
        said = gettext(
            "The file holds a number of {digits} digits; no number in a session record has more than {most}."
        )
        raise RecordError(said.format(digits=digits, most=MAX_DIGITS))
    return int(text)


def check_size(size: int, *, at_least: bool = False, backup: bool = False) -> None:
    """RecordError when a record file (or a backup's) of ``size`` bytes (or more) is over the configured limit."""
    limit = settings.SESSION_BACKUP_MAX_BYTES if backup else settings.SESSION_RECORD_MAX_BYTES
    if size > limit:
        if backup:
            said = gettext("The file is {size}; a backup may be at most {limit}.")
        elif at_least:
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


def _not_json(exc: ValueError | RecursionError) -> RecordError:
    """What the JSON decoder (or a hook of ``_STRICT``'s) refused, said plainly."""
    if isinstance(exc, json.JSONDecodeError):
        said = gettext("The file is not valid JSON: {what} (line {line}, column {column}).")
        return RecordError(said.format(what=exc.msg, line=exc.lineno, column=exc.colno))
    if isinstance(exc, RecursionError):
        return RecordError(gettext("The file is not a valid record: it is nested too deeply."))
    # The parser's own detail ("Expecting value: line 1 column 1") is in English: it names the place.
    return RecordError(gettext("The file is not valid JSON: {detail}.").format(detail=exc))


def backup_records(text: str) -> Iterator[object]:
    """Each record of a backup (a JSON array of records), decoded on its own, in order. A record
    that cannot be decoded comes out as the RecordError saying so, and the next one is read; a fault
    in the array itself raises RecordError, and nothing after it is read."""
    limit = settings.SESSION_RECORD_MAX_BYTES
    end = len(text)
    i = len(text) - len(text.lstrip("\ufeff" + _JSON_SPACE))
    if text[i : i + 1] != "[":
        raise RecordError(gettext("A backup must be a JSON array of session records."))
    check_depth(text, MAX_DEPTH + 1)  # the backup's own array, then each record's depth
    i += 1

    def skip(at: int) -> int:
        while at < end and text[at] in _JSON_SPACE:
            at += 1
        return at

    def broken(at: int, what: str) -> RecordError:
        return _not_json(json.JSONDecodeError(what, text, at))

    def closed(at: int) -> bool:
        """Whether the array ends at ``at``: a "]" with nothing but spaces after it."""
        if text[at : at + 1] != "]":
            return False
        if skip(at + 1) != end:
            raise broken(skip(at + 1), "Extra data after the array")
        return True

    i = skip(i)
    if closed(i):
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
        except (ValueError, RecursionError) as exc:
            raise _not_json(exc) from None
        if i - start > limit // 4 and len(text[start:i].encode("utf-8", "surrogatepass")) > limit:
            said = gettext("The record is more than {limit}; a session record may be at most {limit}.")
            item = RecordError(said.format(limit=filesizeformat(limit)))
        yield item
        i = skip(i)
        if closed(i):
            return
        if text[i : i + 1] != ",":
            raise broken(i, "Expecting ',' delimiter or ']'")
        i = skip(i + 1)


def load_json(raw: bytes | str) -> object:
    """Decode a record file (UTF-8, UTF-16 or UTF-32 JSON); RecordError with a plain message if not."""
    text = decode_text(raw).removeprefix("\ufeff")
    check_depth(text)
    try:
        return _STRICT.decode(text)
    except (ValueError, RecursionError) as exc:  # anything json or int() refuses
        raise _not_json(exc) from None


# A JSON string (skipped whole: a bracket in it is text) or a bracket.
_NESTING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.S)


def check_depth(text: str, most: int = MAX_DEPTH) -> None:
    """RecordError when arrays and objects in ``text`` nest more than ``most`` deep, found before
    anything is decoded (so neither the decoder nor any check recurses that deep)."""
    depth = 0
    for match in _NESTING.finditer(text):
        char = match.group()
        if char in "[{":
            depth += 1
            if depth > most:
                said = gettext(
                    "The file is not a valid record: it nests lists and objects more than {most} deep."
                )
                raise RecordError(said.format(most=most))
        elif char in "]}":
            depth -= 1


def _check_text(value: object, where: str = "the record") -> None:
    """Refuse text anywhere in a decoded record (keys included) that cannot be stored."""
    if isinstance(value, str):
        problem = unsafe_text(value)
        if problem:
            said = gettext("Text in {where} holds {problem}: it cannot be stored.")
            raise RecordError(said.format(where=where, problem=problem))
    elif isinstance(value, list):
        for item in value:
            _check_text(item, where)
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_text(key, where)
            _check_text(item, f"{key!r}" if where == "the record" else where)


def dump_record(record: object) -> str:
    """A record (or a list of records) as the JSON text export writes."""
    return json.dumps(record, indent=2, ensure_ascii=False) + "\n"


# -- checking ------------------------------------------------------------------------


def _fault(field: str, said: str, /, **values: object) -> RecordError:
    """The RecordError of a top-level ``field``: ``said`` (already translated) with ``values`` in it."""
    return RecordError(said.format(**values), field=field)


def _check_players(value: object) -> list[str]:
    if not isinstance(value, list):
        raise _fault("players", gettext("players must be a list of names, in the order play passes."))
    if len(value) > MAX_PLAYERS:
        raise _fault("players", gettext("A session can seat at most {most} players."), most=MAX_PLAYERS)
    names = []
    for i, name in enumerate(value):
        if not isinstance(name, str):
            said = gettext("Player {number}'s name must be text, not {value}.")
            raise RecordError(said.format(number=i + 1, value=_describe(name)), player=i, field="players")
        try:
            names.append(normal_name(name))
        except PlayerError as exc:
            said = gettext("Player {number}: {message}").format(number=i + 1, message=exc.message)
            raise RecordError(said, player=i, field="players") from None
    try:
        return services.clean_names(names)
    except RuleError as exc:
        raise RecordError(exc.message, player=exc.player, field="players") from None


def _check_rounds(value: object, players: int) -> list[dict[str, Any]]:
    if not isinstance(value, list):
        raise RecordError(gettext("rounds must be a list of round objects."), field="rounds")
    if len(value) > max_rounds(players):
        if MAX_ROUNDS * players <= MAX_CELLS:
            said = gettext("A session can hold at most {limit} rounds, not {count}.")
        else:
            said = gettext("A session can hold at most {limit} rounds with {players} players, not {count}.")
        raise _fault("rounds", said, limit=max_rounds(players), players=players, count=len(value))
    rounds = []
    for i, data in enumerate(value):
        if not isinstance(data, dict):
            said = gettext("Round {number} must be an object.").format(number=i + 1)
            raise RecordError(said, round=i + 1, field="rounds")
        rounds.append({key: v for key, v in data.items() if key not in DERIVED_ROUND})
    return rounds


def _check_date(obj: dict[str, Any], field: str) -> datetime | None:
    """The record's ``field`` as an aware datetime, None when absent; RecordError unless an ISO 8601
    date-time with an offset."""
    value = obj.get(field)
    if value is None and field not in obj:
        return None
    when = None
    if isinstance(value, str) and len(value) <= 64:
        try:
            when = datetime.fromisoformat(value)
        except ValueError:
            when = None
    if when is None or when.utcoffset() is None:
        said = gettext("{field} must be a date and time with its offset from UTC, as {example}, not {value}.")
        raise _fault(field, said, field=field, example="2026-11-21T19:30:00+00:00", value=_describe(value))
    if not FIRST_YEAR <= when.year <= LAST_YEAR:
        said = gettext("{field} must be a date from the year {first} to {last}, not {value}.")
        raise _fault(field, said, field=field, first=FIRST_YEAR, last=LAST_YEAR, value=_describe(value))
    return when.astimezone(UTC)


def _check_owner(value: object) -> str:
    """A user name the accounts would accept (read only when the import keeps owners)."""
    User = get_user_model()
    field = User._meta.get_field(User.USERNAME_FIELD)
    assert isinstance(field, Field)
    problem = not isinstance(value, str) or not value or len(value) > (field.max_length or 150)
    if not problem:
        try:
            field.run_validators(value)
        except ValidationError:
            problem = True
    if problem:
        said = gettext("owner must be the user name of the account the game belongs to, not {value}.")
        raise _fault("owner", said, value=_describe(value))
    return str(User.normalize_username(value))


def parse_record(obj: object, *, keep_owners: bool = False) -> ParsedRecord:
    """Check a decoded session record; RecordError (naming round and player) at the first fault.
    ``owner`` is read (and checked) only with ``keep_owners``."""
    if not isinstance(obj, dict):
        raise RecordError(gettext("A session record must be a JSON object."))
    if obj.get("format") != FORMAT:
        said = gettext('This is not a Scorekeeper session record: "format" must be "{format}".')
        raise _fault("format", said, format=FORMAT)
    version = obj.get("version")
    if not _is_int(version) or version != VERSION:
        said = gettext("Session record version {version} cannot be read: this app reads version {ours}.")
        raise _fault("version", said, version=_describe(version), ours=VERSION)
    unknown = sorted(set(obj) - set(FIELDS) - DERIVED_TOP)
    if unknown:
        raise _fault(unknown[0], gettext("The record has an unknown field {field}."), field=repr(unknown[0]))
    for required in ("game", "players", "rounds"):
        if required not in obj:
            raise _fault(required, gettext("The record has no {field}."), field=repr(required))

    game = obj["game"]
    if not isinstance(game, str) or game not in GAMES:
        said = gettext("Unknown game {game}: the game must be one of {games}.")
        raise _fault("game", said, game=_describe(game), games=", ".join(GAMES))
    rules = get_rules(game)
    players = _check_players(obj["players"])

    options = obj.get("options", {})
    if not isinstance(options, dict):
        raise _fault("options", gettext("options must be an object (it may be empty: {empty})."), empty="{}")
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
        said = gettext("first_dealer must be a whole number (an index into players), not {value}.")
        raise _fault("first_dealer", said, value=_describe(first_dealer))
    if not 0 <= first_dealer < seated:
        said = gettext(
            "first_dealer {value} is not a player at the table: it must be 0 to {last} (an index into players)."
        )
        raise _fault("first_dealer", said, value=first_dealer, last=seated - 1)

    finished_early = obj.get("finished_early", False)
    if not isinstance(finished_early, bool):
        said = gettext("finished_early must be true or false, not {value}.")
        raise _fault("finished_early", said, value=_describe(finished_early))

    started = _check_date(obj, "started")
    ended = _check_date(obj, "ended")
    if started and ended and ended < started:
        said = gettext("The game ended ({ended}) before it started ({started}).")
        raise _fault("ended", said, ended=obj["ended"], started=obj["started"])
    owner = _check_owner(obj.get("owner")) if keep_owners and "owner" in obj else None

    rounds = _check_rounds(obj["rounds"], len(players))
    # Names are checked above, one by one; this is every other text (an owner that is ignored aside).
    _check_text({key: value for key, value in obj.items() if key != "owner"})
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
        said = gettext(
            "finished_early is true, but the game reached its end with round {number}: "
            "only a game ended before its end is finished early."
        )
        raise RecordError(said.format(number=len(rounds)), round=len(rounds), field="finished_early")
    if ended and not state.finished:
        raise _fault("ended", gettext("The record says when the game ended, but the game is not over."))
    return ParsedRecord(
        game=game,
        options=options,
        players=players,
        first_dealer=first_dealer,
        finished_early=finished_early,
        rounds=rounds,
        state=state,
        started=started,
        ended=ended,
        owner=owner,
    )


# -- import and export ------------------------------------------------------------------


@dataclass
class Restored:
    """What became of one imported record: its new session, or the same game already there."""

    session: GameSession
    new: bool  # False: the owner already had this game (the same players, options, rounds and start)


def import_record(*, owner: Owner, record: object) -> GameSession:
    """Check a record and store it as a new session of ``owner``'s (even when the same game is
    there already: ``restore`` tells the two apart); RecordError stores nothing."""
    parsed = parse_record(record)  # before the transaction, which holds SQLite's write lock
    return _store(owner, [parsed], {})[0]


# Records of a backup stored per bulk insert: one each for their sessions, seats, rounds and entries.
BATCH = 200


def restore(
    *,
    records: Iterable[object],
    owner: Owner | Callable[[], Owner],
    keep_owners: bool = False,
    batch: int = BATCH,
) -> list[Restored]:
    """Import a backup whole or not at all: per record, in order, its new session or the same game
    already there (which is not stored again).

    Every record is checked first: any refused (or given as a RecordError, as ``backup_records``
    gives one it could not decode) raises BackupRefused listing them all, and nothing is stored
    (nor when ``records`` itself raises RecordError). ``owner`` (or what calling it gives, asked
    only if needed) owns the games; with ``keep_owners`` a record's ``owner`` names its account instead,
    made (with no usable password) where missing. Queries grow with batches of ``batch`` records
    and owners, not with rounds or players.
    """
    checked = _checked(records, keep_owners)
    refused = [(number, r) for number, r in enumerate(checked, 1) if isinstance(r, RecordError)]
    if refused:
        raise BackupRefused(refused, len(checked))
    return _restore([r for r in checked if isinstance(r, ParsedRecord)], owner, batch)


def restore_each(
    *, records: Iterable[object], owner: Owner | Callable[[], Owner], keep_owners: bool = False
) -> list[Restored | RecordError]:
    """Import a backup as the spec's ``import_session`` does: each record checked and stored on its own.
    Per record, in order, its outcome (as ``restore`` gives it) or the RecordError that refused it; the
    others are stored all the same. A RecordError raised by ``records`` itself stores nothing."""
    checked = _checked(records, keep_owners)
    stored = iter(_restore([r for r in checked if isinstance(r, ParsedRecord)], owner, BATCH))
    return [r if isinstance(r, RecordError) else next(stored) for r in checked]


def _checked(records: Iterable[object], keep_owners: bool) -> list[ParsedRecord | RecordError]:
    """Each record checked (``parse_record``), or the RecordError that refused it."""
    checked: list[ParsedRecord | RecordError] = []
    for record in records:
        try:
            checked.append(
                record if isinstance(record, RecordError) else parse_record(record, keep_owners=keep_owners)
            )
        except RecordError as exc:
            checked.append(exc)
    return checked


def restore_one(*, record: object, owner: Owner | Callable[[], Owner], keep_owners: bool = False) -> Restored:
    """Import one record (RecordError stores nothing), or find the same game already there; ``owner``
    and ``keep_owners`` as ``restore`` takes them."""
    return _restore([parse_record(record, keep_owners=keep_owners)], owner, BATCH)[0]


def _restore(parsed: list[ParsedRecord], owner: Owner | Callable[[], Owner], batch: int) -> list[Restored]:
    if not parsed:
        return []
    default = owner if not callable(owner) else None
    named = sorted({p.owner for p in parsed if p.owner is not None})
    outcomes: list[Restored | None] = [None] * len(parsed)
    with transaction.atomic():
        accounts = _accounts(named)
        if any(p.owner is None for p in parsed) and default is None:
            default = owner()
        by_owner: dict[Any, list[int]] = {}
        for i, record in enumerate(parsed):
            by_owner.setdefault(accounts[record.owner] if record.owner else default, []).append(i)
        for account, indices in by_owner.items():
            keys = {i: _same_game(parsed[i]) for i in indices}
            here = _already_here(account, [parsed[i] for i in indices])
            new: list[int] = []
            seen: set[str | None] = set(here)  # a game given twice in the backup is stored once
            for i in indices:
                if keys[i] is None or keys[i] not in seen:
                    new.append(i)
                    seen.add(keys[i])
            players: dict[str, Player] = {}
            for start in range(0, len(new), batch):
                chunk = new[start : start + batch]
                for i, session in zip(
                    chunk, _store(account, [parsed[i] for i in chunk], players), strict=True
                ):
                    outcomes[i] = Restored(session, new=True)
                    if (key := keys[i]) is not None:
                        here[key] = session
            for i in indices:
                if outcomes[i] is None and (key := keys[i]) is not None:
                    outcomes[i] = Restored(here[key], new=False)
    return [o for o in outcomes if o is not None]


def _accounts(names: list[str]) -> dict[str, Any]:
    """The accounts with these user names, each made (with no usable password) where missing."""
    if not names:
        return {}
    User = get_user_model()
    field = User.USERNAME_FIELD
    found = {getattr(u, field): u for u in User.objects.filter(**{f"{field}__in": names})}
    for name in names:
        if name not in found:
            found[name] = User.objects.create_user(**{field: name})  # no password: not usable
    return found


def _same_game(record: ParsedRecord) -> str | None:
    """What makes two records the same game: its players, options, first dealer, rounds and start
    (None for a record with no start: it starts when imported, so it is never one already there)."""
    if record.started is None:
        return None
    exported = record.export()
    rounds = [{k: v for k, v in r.items() if k not in DERIVED_ROUND} for r in exported["rounds"]]
    facts = [record.game, exported["options"], record.players, record.first_dealer, rounds]
    return json.dumps([*facts, exported["started"]], sort_keys=True, ensure_ascii=False)


def _already_here(owner: Owner, parsed: list[ParsedRecord]) -> dict[str, GameSession]:
    """The owner's games (not in the Trash) that are one of these records, by ``_same_game``: only
    those that started at the same instant as a record are read."""
    starts = sorted({p.started for p in parsed if p.started is not None})
    found: dict[str, GameSession] = {}
    for at in range(0, len(starts), 500):
        candidates = GameSession.objects.live().filter(owner=owner, created__in=starts[at : at + 500])
        for session in candidates.order_by("pk"):
            key = _same_game(_stored_record(session))
            if key is not None:
                found.setdefault(key, session)
    return found


def _store(owner: Owner, parsed: list[ParsedRecord], players: dict[str, Player]) -> list[GameSession]:
    """Store checked records as new sessions of ``owner``'s in one transaction: one bulk insert each
    for sessions, seats, rounds and entries, and the players not in ``players`` yet."""
    if not parsed:
        return []
    with transaction.atomic():
        sessions = []
        for record in parsed:
            session = GameSession(
                owner=owner,
                game=record.game,
                options=record.options,
                first_dealer=record.first_dealer,
                finished_at=record.ended,
            )
            services._finish_session(session, record.state, finished_early=record.finished_early)
            sessions.append(session)
        GameSession.objects.bulk_create(sessions)  # ``created`` is now (auto_now_add)...
        started = []
        for session, record in zip(sessions, parsed, strict=True):
            if record.started is not None:
                session.created = record.started
                started.append(session)
        if started:  # ...unless the record says when the game started
            GameSession.objects.bulk_update(started, ["created"])
        missing = list(dict.fromkeys(n for record in parsed for n in record.players if n not in players))
        if missing:
            players.update(zip(missing, services._player_objects(owner, missing), strict=True))
        seats: list[Seat] = []
        # Rounds and entries are many: inserted as plain rows in one statement each (model instances
        # cost more than the rest of an import). An entry finds its round's id by the round's game
        # and number (their unique index), so no id needs reading back.
        rounds: list[dict[str, Any]] = []
        entries: list[dict[str, Any]] = []
        for session, record in zip(sessions, parsed, strict=True):
            people = [players[n] for n in record.players]
            seats.extend(Seat(session=session, player=p, position=i) for i, p in enumerate(people))
            for number, data in enumerate(record.rounds, start=1):
                round_fields, entry_fields = GAMES[record.game].rows.to_rows(data, len(people))
                derived, derived_entries = services.derived_rows(record.state.rounds[number - 1], len(people))
                where = {"session_id": session.pk, "number": number}
                rounds.append(round_fields | where | derived)
                for i, p in enumerate(people):
                    seat = {"position": i, "player_id": p.pk}
                    entries.append(entry_fields[i] | where | seat | derived_entries[i])
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


def _stored_record(session: GameSession) -> ParsedRecord:
    """A stored session as a checked record: its fields, its replayed state and its dates."""
    loaded = services.load_game(session)
    return ParsedRecord(
        game=session.game,
        options=session.options,
        players=loaded.names,
        first_dealer=session.first_dealer,
        finished_early=session.finished_early,
        rounds=[result.data for result in loaded.state.rounds],
        state=loaded.state,
        started=session.created,
        # Never before the start: a game finished by its import was stamped a moment before its row.
        ended=max(session.finished_at, session.created)
        if session.is_finished and session.finished_at
        else None,
    )


def export_session(session: GameSession, *, owner: bool = False) -> dict[str, Any]:
    """The session's record with its derived fields and dates, as the spec lays it out; with
    ``owner``, the owning account's user name too (a whole server's backup)."""
    record = _stored_record(session).export()
    if owner:
        record["owner"] = session.owner.get_username()
    return record
