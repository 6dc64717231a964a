"""Writes that span several models, each in one transaction.

The rules decide, these store: every write replays the game through its rules first, so
nothing is stored that they would refuse, and what they derive (points, totals, labels,
dealers, who is out) is stored beside the facts.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any
from uuid import uuid4

from django.db import DEFAULT_DB_ALIAS, IntegrityError, connections, transaction
from django.db.models import Model
from django.utils import timezone
from django.utils.translation import gettext

from games.accounts.players import PlayerError, normal_name
from games.forms import ROW_ID_MAX
from games.models import Entry, GameSession, Player, Round, Seat
from games.paper import signed
from games.registry import GAMES, get_rules, max_rounds
from games.rules import GameState, RoundResult, RuleError
from games.rules.base import round_noun

if TYPE_CHECKING:
    from django.contrib.auth.models import User
    from django.db.backends.base.base import BaseDatabaseWrapper


class StaleVersion(Exception):
    """The game changed since the page that sent this write was drawn."""


def _db() -> BaseDatabaseWrapper:
    """The database connection itself, for the statements written here: ``django.db.connection`` is a proxy
    that looks it up again (in a thread-local) on every attribute read, dozens of times per statement."""
    return connections[DEFAULT_DB_ALIAS]


@dataclass
class LoadedGame:
    """A session with its seats, stored rounds (with their entries) and the state the rules derive."""

    session: GameSession
    seats: list[Seat]
    rounds: list[Round]
    entries: dict[int, list[Entry]]  # round number -> entries by position
    state: GameState
    first: int = 1  # the number of ``rounds[0]``: a load for one round's write reads no earlier rows
    written: int = 0  # the round ``save_round`` just stored (the rounds before it are as they were), or 0

    @cached_property  # asked for often: each line and square that names a player
    def names(self) -> list[str]:
        return [seat.player.name for seat in self.seats]

    def round_data(self) -> list[dict[str, Any]]:
        return stored_rounds(self.session, self.rounds, self.entries)


def stored_rounds(
    session: GameSession, rounds: list[Round], entries: dict[int, list[Entry]]
) -> list[dict[str, Any]]:
    """The stored rounds (``entries`` of each in seat order, as ``load_game`` reads them) as the rules read them."""
    rows = GAMES[session.game].rows
    return [rows.to_data(r, entries[r.number]) for r in rounds]


def replay(
    session: GameSession, seats: list[Seat], rounds_data: list[dict[str, Any]], *, finished_early: bool
) -> GameState:
    return get_rules(session.game).replay(
        players=len(seats),
        options=session.options,
        first_dealer=session.first_dealer,
        rounds=rounds_data,
        finished_early=finished_early,
        names=[s.player.name for s in seats],
    )


def seats_of(session: GameSession) -> list[Seat]:
    """The game's seats with their players' names, in seat order: all that a game's pages and writes read of
    them (any other column is read when asked for, a query each). Every page and write of a game asks, and the
    ORM took twenty times longer to build this query than the database to answer it: it is written here."""
    db = _db()
    seat, player = (db.ops.quote_name(model._meta.db_table) for model in (Seat, Player))
    with db.cursor() as cursor:
        cursor.execute(
            f"SELECT {seat}.id, {seat}.session_id, {seat}.player_id, {seat}.position, {player}.name "
            f"FROM {seat} JOIN {player} ON {player}.id = {seat}.player_id "
            f"WHERE {seat}.session_id = %s ORDER BY {seat}.position",
            [session.pk],
        )
        rows = cursor.fetchall()
    seats = []
    for *columns, name in rows:  # in the order of Seat's fields, as ``from_db`` takes them
        seats.append(Seat.from_db(db.alias, ["id", "session_id", "player_id", "position"], columns))
        seats[-1].player = Player.from_db(db.alias, ["id", "name"], [columns[2], name])
    return seats


def load_game(
    session: GameSession,
    seats: list[Seat] | None = None,
    *,
    state: GameState | None = None,
    first: int = 1,
    kept: KeptRound | None = None,
) -> LoadedGame:
    """Seats, then rounds with their entries in one query (one consistent snapshot), then the
    replay. The session row was read before the rounds: if a write lands in between, the rounds are
    newer than ``session.version``, and any write based on them is refused by the version check
    (never applied on a mixed state).

    ``state``: the rules' replay of ``session.version`` kept by the caller, which then is not
    replayed again, and only the rows of round ``first`` onward are read (a write of round ``first``
    needs no earlier ones): none when that version has no such round, nor when ``first`` is its last
    round and ``kept`` holds that round's rows as that version stored them (``KeptRound``).
    """
    seats = seats_of(session) if seats is None else seats  # ``seats``: read already for this request
    rounds: list[Round] = []
    entries: dict[int, list[Entry]] = {}
    first = 1 if state is None else first
    if state is not None and kept is not None and kept.number == first == len(state.rounds):
        rnd, entries[first] = kept.rows(session)
        rounds.append(rnd)
    elif state is None or first <= len(state.rounds):
        query = Entry.objects.filter(round__session=session, round__number__gte=first).select_related("round")
        for e in query.order_by("round__number", "position"):
            if not rounds or rounds[-1].pk != e.round_id:
                rounds.append(e.round)
                entries[e.round.number] = []
            e.round = rounds[-1]
            entries[e.round.number].append(e)
    if state is None:
        state = replay(
            session, seats, stored_rounds(session, rounds, entries), finished_early=session.finished_early
        )
    return LoadedGame(session=session, seats=seats, rounds=rounds, entries=entries, state=state, first=first)


@dataclass(frozen=True)
class KeptRound:
    """A game's last stored round, its row and its entries' as plain values: kept in a cache beside the
    state of the version that stored them, the next write of that round (its tricks after its bids)
    reads no rows. Whatever changed since is refused at the write by the version check (``_claim``)."""

    number: int
    pk: int
    values: dict[str, Any]  # ROUND_FIELDS
    entries: list[tuple[int, int, int, dict[str, Any]]]  # pk, position, player's pk, ENTRY_FIELDS

    @classmethod
    def of(cls, loaded: LoadedGame) -> KeptRound | None:
        """The game's last round as ``loaded`` holds it (None when it does not)."""
        if not loaded.rounds or loaded.rounds[-1].number != len(loaded.state.rounds):
            return None
        rnd = loaded.rounds[-1]
        return cls(
            number=rnd.number,
            pk=rnd.pk,
            values={name: getattr(rnd, name) for name in ROUND_FIELDS},
            entries=[
                (e.pk, e.position, e.player_id, {name: getattr(e, name) for name in ENTRY_FIELDS})
                for e in loaded.entries[rnd.number]
            ],
        )

    def rows(self, session: GameSession) -> tuple[Round, list[Entry]]:
        """The round's row and its entries' again, as ``load_game`` reads them."""
        rnd = Round(pk=self.pk, session_id=session.pk, number=self.number, **self.values)
        entries = [
            Entry(pk=pk, round=rnd, position=position, player_id=player, **values)
            for pk, position, player, values in self.entries
        ]
        return rnd, entries


def _player_objects(owner: User, names: list[str]) -> list[Player]:
    """The owner's players with these names, created where new, the others' figures renewed: they are
    about to sit at a new game (two or three queries)."""
    players = Player.objects.filter(owner=owner, name__in=names)
    existing = {p.name: p for p in players}
    if len(existing) == len(names):
        players.renew_figures()
    else:  # one statement: the new ones inserted, the others' ``figures_key`` renewed
        everyone = [Player(owner=owner, name=n) for n in names]
        Player.objects.bulk_create(
            everyone, update_conflicts=True, unique_fields=["owner", "name"], update_fields=["figures_key"]
        )
        existing = {p.name: p for p in players.all()}
    return [existing[n] for n in names]


def clean_names(names: list[str]) -> list[str]:
    """Player names as people read them (``players.normal_name``), refused when empty, too long, repeated
    or holding a character nobody sees."""
    cleaned: list[str] = []
    for i, raw in enumerate(names):
        try:
            name = normal_name(str(raw))
        except PlayerError as exc:
            raise RuleError(exc.message, player=i, field="players") from None
        if not name:
            said = gettext("Player {number} has no name.").format(number=i + 1)
            raise RuleError(said, player=i, field="players")
        if len(name) > 40:
            said = gettext("{name}…: a name may have at most 40 characters.").format(name=name[:40])
            raise RuleError(said, player=i, field="players")
        if name.casefold() in [c.casefold() for c in cleaned]:
            said = gettext("{name} is at the table twice.").format(name=name)
            raise RuleError(said, player=i, field="players")
        cleaned.append(name)
    return cleaned


def started_by(*, owner: User, start_key: str) -> GameSession | None:
    """The owner's game (not in the Trash) that the new-game form with this one-time key started, if any."""
    if not start_key:
        return None
    return GameSession.objects.live().filter(owner=owner, start_key=start_key).first()


def start_session(
    *,
    owner: User,
    game: str,
    player_names: list[str],
    options: dict[str, Any],
    first_dealer: int,
    start_key: str = "",
) -> GameSession:
    """A new game with its seating; the rules check players, options and first dealer. ``start_key``
    is the new-game form's one-time key: a form sent twice (a double tap, Back and Start again)
    starts one game, and the second send gets that game back."""
    try:
        with transaction.atomic():
            started = started_by(owner=owner, start_key=start_key)
            if started is not None:
                return started
            stored_key = start_key
            if start_key and GameSession.objects.filter(owner=owner, start_key=start_key).exists():
                stored_key = ""  # its game is in the Trash: the form starts a new one
            rules = get_rules(game)
            names = clean_names(player_names)
            cleaned = rules.clean_options(options)
            # Replaying no rounds checks the setup the same way every later write will.
            rules.replay(
                players=len(names), options=cleaned, first_dealer=first_dealer, rounds=[], names=names
            )
            session = GameSession.objects.create(
                owner=owner, game=game, options=cleaned, first_dealer=first_dealer, start_key=stored_key
            )
            players = _player_objects(owner, names)
            Seat.objects.bulk_create(
                [Seat(session=session, player=p, position=i) for i, p in enumerate(players)]
            )
            return session
    except IntegrityError:
        # Two sends of one form at once (PostgreSQL): the other one's game is the game.
        started = started_by(owner=owner, start_key=start_key)
        if started is None:
            raise
        return started


def derived_rows(result: RoundResult, players: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """What the rules derived for a round, stored beside its facts: column values for the round
    and for each player's entry."""
    out = set(result.out or [])
    unscored: list[int | None] = [None] * players  # a round that scores nothing (yet)
    points, totals = result.points or unscored, result.totals or unscored
    entries = [{"points": points[s], "total": totals[s], "out": s in out} for s in range(players)]
    return {"label": result.info.label, "dealer": result.info.dealer, "complete": result.complete}, entries


def _set(
    rnd: Round, entries: list[Entry], round_fields: dict[str, Any], entry_fields: list[dict[str, Any]]
) -> None:
    """Set column values (``Game.rows.to_rows``, ``derived_rows``) on a round and its entries (not saved here)."""
    for name, value in round_fields.items():
        setattr(rnd, name, value)
    for e in entries:
        for name, value in entry_fields[e.position].items():
            setattr(e, name, value)


def _finish_session(session: GameSession, state: GameState, *, finished_early: bool) -> None:
    session.finished_early = finished_early
    if state.finished:
        session.status = GameSession.Status.FINISHED
        session.finished_at = session.finished_at or timezone.now()
    else:
        session.status = GameSession.Status.IN_PROGRESS
        session.finished_at = None
    session.winners = list(state.winners)


def _claim(
    session: GameSession, seats: list[Seat], expected_version: int | None, change: dict[str, Any], key: str
) -> None:
    """Take the game's next version and store its status: the first write of every change.

    One conditional UPDATE, applied only if the game is still at ``expected_version`` (default:
    the version read), else StaleVersion. It locks the row on PostgreSQL (SQLite's write is
    exclusive already), so of several phones racing on one version exactly one gets past here.
    ``change`` ({"kind", "round", "what"}) is logged with the submit's ``key`` ("": no submit),
    by which the same submit sent again is recognised. The ``seats``' players' figures are renewed.
    """
    expected = session.version if expected_version is None else expected_version
    if expected != session.version:
        raise StaleVersion
    logged = {"v": expected + 1, "key": key, **change}
    changes = [*session.changes, logged][-GameSession.CHANGES_KEPT :]
    now = timezone.now()
    claimed = {"version": expected + 1, "changes": changes, "status": session.status, "last_played": now}
    claimed |= {name: getattr(session, name) for name in ("finished_at", "finished_early", "winners")}
    if not _update_row(GameSession, {"id": session.pk, "version": expected}, claimed):
        raise StaleVersion
    _update_row(Player, {"id": [seat.player_id for seat in seats]}, {"figures_key": uuid4()})
    session.version = expected + 1
    session.changes = changes
    session.last_played = now


def _update_row(model: type[Model], where: dict[str, Any], values: dict[str, Any]) -> int:
    """``model.objects.filter(**where).update(**values)`` (plain values), its SQL written here: every write
    claims its version so (and a round's save stores its row so), and the ORM took ten times longer to build
    that UPDATE than the database to run it. Returns the number of rows changed."""
    db = _db()
    quote, fields = db.ops.quote_name, {f.name: f for f in model._meta.concrete_fields}
    sets = [f"{quote(str(fields[name].column))} = %s" for name in values]
    tests, tested = _where(model, where)
    sql = f"UPDATE {quote(model._meta.db_table)} SET {', '.join(sets)} WHERE {tests}"
    params = [fields[n].get_db_prep_save(v, db) for n, v in values.items()]
    with db.cursor() as cursor:
        cursor.execute(sql, [*params, *tested])
        return int(cursor.rowcount)


def _where(model: type[Model], where: dict[str, Any]) -> tuple[str, list[Any]]:
    """The SQL test of ``filter(**where)`` and its parameters, for plain values: None is ``IS NULL``, a list
    ``IN`` (not empty)."""
    db = _db()
    quote, fields = db.ops.quote_name, {f.name: f for f in model._meta.concrete_fields}
    tests, params = [], []
    for name, value in where.items():
        field, column = fields[name], quote(str(fields[name].column))
        if value is None:
            tests.append(f"{column} IS NULL")
        elif isinstance(value, list):
            tests.append(f"{column} IN ({', '.join(['%s'] * len(value))})")
            params += [field.get_db_prep_value(v, db) for v in value]
        else:
            tests.append(f"{column} = %s")
            params.append(field.get_db_prep_value(value, db))
    return " AND ".join(tests), params


def owned_game(pk: int, owner: User) -> GameSession | None:
    """``GameSession.objects.live().filter(pk=pk, owner=owner).first()``, its SQL written here: every page
    and write of a game reads its row so, and the ORM took longer to build that query than the rest of a
    live check's work."""
    if not 1 <= pk <= ROW_ID_MAX:  # no such row (and past what the database takes as a number)
        return None
    db = _db()
    fields = GameSession._meta.concrete_fields
    table, quote = GameSession._meta.db_table, db.ops.quote_name
    tests, params = _where(GameSession, {"id": pk, "owner": owner.pk, "deleted_at": None})
    columns = ", ".join(quote(str(f.column)) for f in fields)
    with db.cursor() as cursor:
        cursor.execute(f"SELECT {columns} FROM {quote(table)} WHERE {tests}", params)
        row = cursor.fetchone()
    if row is None:
        return None
    values = []
    for field, value in zip(fields, row, strict=True):  # converted as the ORM converts what it reads
        column = field.get_col(table)
        for convert in [*db.ops.get_db_converters(column), *field.get_db_converters(db)]:
            value = convert(value, column, db)
        values.append(value)
    return GameSession.from_db(db.alias, [f.attname for f in fields], values)


def changes_since(session: GameSession, version: int) -> list[dict[str, Any]] | None:
    """The logged changes after ``version``, oldest first; None when the log no longer reaches back."""
    later = [c for c in session.changes if c["v"] > version]
    if version < session.version and (not later or later[0]["v"] != version + 1):
        return None
    return later


def applied_change(session: GameSession, key: str) -> dict[str, Any] | None:
    """The logged change a submit with this key (its form's key and what it said) made, if it was applied already."""
    if not key:
        return None
    return next((c for c in session.changes if c.get("key") == key), None)


def key_spent(session: GameSession, key: str) -> bool:
    """Whether the form this key is of was applied already with other values (the same form sent again, changed)."""
    form, dot, _ = key.partition(".")
    if not (form and dot):
        return False
    return any(
        str(c.get("key", "")).partition(".")[0] == form and c.get("key") != key for c in session.changes
    )


def _round_change(loaded: LoadedGame, number: int, state: GameState, data: dict[str, Any]) -> dict[str, Any]:
    """What saving round ``number`` does, for the change log: its kind and the values a person sees."""
    names = loaded.names
    result = state.rounds[number - 1]
    before = loaded.state.rounds[number - 1] if number <= len(loaded.state.rounds) else None
    if result.complete and result.points:
        kind = "corrected" if before is not None and before.complete else "saved"
        what = ", ".join(
            f"{names[s]} {signed(p, '±0')}" for s, p in enumerate(result.points) if s in result.info.active
        )
    else:
        before_penalties = len(before.data.get("penalties", [])) if before is not None else 0
        kind = "redealt" if len(data.get("penalties", [])) > before_penalties else "bids"
        bids = data.get("bids") or []
        what = ", ".join(f"{names[s]} {b}" for s, b in enumerate(bids) if b is not None)
        if kind == "bids" and not bids:
            kind = "entered"
    return {"kind": kind, "round": number, "what": what}


ROUND_FIELDS = "trump penalties redeal contract passed_out tricks label dealer complete".split()
ENTRY_FIELDS = ["bid", "tricks", "hcp", "first_half", "points", "total", "out"]


def _values(row: Round | Entry, fields: list[str]) -> tuple[Any, ...]:
    return tuple(getattr(row, name) for name in fields)


def _update(
    model: type[Round] | type[Entry], rows: list[Any], before: list[tuple[Any, ...]], fields: list[str]
) -> None:
    """Store ``rows`` (``before``: their values as read) in one UPDATE of only the rows and columns
    that changed: ``bulk_update``'s CASE per column and row costs far more than the query itself."""
    after = [_values(row, fields) for row in rows]
    moved = [i for i in range(len(rows)) if after[i] != before[i]] or list(range(len(rows)))[:1]
    columns = [name for c, name in enumerate(fields) if any(after[i][c] != before[i][c] for i in moved)]
    columns = columns or fields[:1]
    if len(moved) == 1:
        row = rows[moved[0]]
        _update_row(model, {"id": row.pk}, {name: getattr(row, name) for name in columns})
    elif model is Entry:
        _update_entries([rows[i] for i in moved], columns)
    else:
        model.objects.bulk_update([rows[i] for i in moved], columns)


def _update_entries(rows: list[Entry], columns: list[str]) -> None:
    """``bulk_update`` for entries (whole numbers and a flag), its SQL written here: one UPDATE with a
    CASE per column, each value cast to its column's type (PostgreSQL cannot guess a parameter's)."""
    db = _db()
    quote = db.ops.quote_name
    sets = []
    params: list[Any] = []
    for name in columns:
        field = next(f for f in Entry._meta.concrete_fields if f.name == name)
        cast = f"CAST(%s AS {field.db_type(db)})"
        sets.append(
            f"{quote(str(field.column))} = CASE {quote('id')} {' '.join([f'WHEN %s THEN {cast}'] * len(rows))} END"
        )
        for row in rows:
            params += [row.pk, field.get_db_prep_save(getattr(row, name), db)]
    sql = (
        f"UPDATE {quote(Entry._meta.db_table)} SET {', '.join(sets)} "
        f"WHERE {quote('id')} IN ({', '.join(['%s'] * len(rows))})"
    )
    with db.cursor() as cursor:
        cursor.execute(sql, [*params, *(row.pk for row in rows)])


@transaction.atomic
def save_round(
    *,
    session: GameSession,
    number: int,
    data: dict[str, Any],
    loaded: LoadedGame | None = None,
    expected_version: int | None = None,
    key: str,
) -> LoadedGame:
    """Record round ``number`` (new, or a correction) and re-score every round after it.

    ``loaded``: the game as the caller just read it (a change since is StaleVersion). RuleError,
    storing nothing, when the rules refuse the round or a later one. Returns the game as stored.
    ``key`` is the submit's (``_claim``); like every write's it has no default, so that a view
    cannot forget it and have a resent submit applied twice ("" on purpose: no submit).
    """
    if loaded is None:
        loaded = load_game(session)
    elif expected_version is None:
        expected_version = session.version
    # The rounds as stored, from the state: ``loaded`` may hold the rows of a few rounds only.
    rounds_data = [result.data for result in loaded.state.rounds]
    if not 1 <= number <= len(rounds_data) + 1:
        raise RuleError(f"Round {number} cannot be recorded yet.", round=number)
    if number > len(rounds_data) and loaded.state.finished:
        raise RuleError("This game is over: no more rounds can be recorded.", round=number)
    limit = max_rounds(len(loaded.seats))
    if number > limit:
        # A longer game's record could not be imported again: it ends here.
        said = gettext("A game can hold {limit} {rounds}: end this one and start another.")
        rounds = round_noun(get_rules(session.game).round_word, limit)
        raise RuleError(said.format(limit=limit, rounds=rounds), round=number)
    if number <= len(rounds_data):
        rounds_data[number - 1] = data
    else:
        rounds_data.append(data)
    state = replay(session, loaded.seats, rounds_data, finished_early=session.finished_early)
    round_fields, entry_fields = GAMES[session.game].rows.to_rows(data, len(loaded.seats))
    _finish_session(session, state, finished_early=session.finished_early)
    _claim(session, loaded.seats, expected_version, _round_change(loaded, number, state, data), key)
    if number < loaded.first + len(loaded.rounds):
        # This round and every later one: their totals move.
        changed = loaded.rounds[number - loaded.first :]
        rnd = changed[0]
        entries = [e for r in changed for e in loaded.entries[r.number]]
        rounds_before = [_values(r, ROUND_FIELDS) for r in changed]
        entries_before = [_values(e, ENTRY_FIELDS) for e in entries]
        _set(rnd, loaded.entries[number], round_fields, entry_fields)
        for r in changed:  # what the rules derive, set on every moved round
            _set(r, loaded.entries[r.number], *derived_rows(state.rounds[r.number - 1], len(loaded.seats)))
        _update(Round, changed, rounds_before, ROUND_FIELDS)
        _update(Entry, entries, entries_before, ENTRY_FIELDS)
    else:
        rnd = Round(session=session, number=number, **round_fields)
        entries = [
            Entry(position=seat.position, player_id=seat.player_id, **entry_fields[seat.position])
            for seat in loaded.seats
        ]
        _set(rnd, entries, *derived_rows(state.rounds[number - 1], len(entries)))
        rnd.save()
        for e in entries:
            e.round = rnd
        Entry.objects.bulk_create(entries)
        loaded.rounds.append(rnd)
        loaded.entries[number] = entries
    loaded.state, loaded.written = state, number
    return loaded


@transaction.atomic
def delete_last_round(
    *, session: GameSession, expected_version: int | None = None, number: int | None = None, key: str
) -> int:
    """Take back the last round (undo), which must be round ``number`` when given; returns its
    number. A game that was ended early opens again (its status follows the rounds left)."""
    loaded = load_game(session)
    if not loaded.rounds:
        raise RuleError("There is no round to take back.")
    last = loaded.rounds[-1]
    if number is not None and last.number != number:
        raise StaleVersion
    state = replay(session, loaded.seats, loaded.round_data()[:-1], finished_early=False)
    _finish_session(session, state, finished_early=False)
    _claim(session, loaded.seats, expected_version, {"kind": "undone", "round": last.number, "what": ""}, key)
    last.delete()
    return last.number


@transaction.atomic
def end_early(*, session: GameSession, expected_version: int | None = None, key: str) -> LoadedGame:
    """End the game now: the highest total wins. An unfinished last round stays if it scored already
    (a Memory Bridge first half, which counts); one that scored nothing yet (bids alone) is dropped."""
    loaded = load_game(session)
    if loaded.state.finished:
        raise RuleError("This game is already over.")
    dropped = None
    current = loaded.state.current
    if current is not None and current.points is None:
        dropped = loaded.rounds.pop()
        loaded.entries.pop(dropped.number)
    state = replay(session, loaded.seats, loaded.round_data(), finished_early=True)
    _finish_session(session, state, finished_early=True)
    _claim(session, loaded.seats, expected_version, {"kind": "ended", "round": None, "what": ""}, key)
    if dropped is not None:
        dropped.delete()
    loaded.state = state
    return loaded


@transaction.atomic
def reopen(*, session: GameSession, expected_version: int | None = None, key: str) -> LoadedGame:
    """Open again a game that was ended early; one that ended by its rules goes on only through Undo."""
    if not session.finished_early:
        raise RuleError("Only a game that was ended early can be reopened; undo its last round instead.")
    session.finished_early = False
    loaded = load_game(session)
    _finish_session(session, loaded.state, finished_early=False)
    _claim(session, loaded.seats, expected_version, {"kind": "reopened", "round": None, "what": ""}, key)
    return loaded
