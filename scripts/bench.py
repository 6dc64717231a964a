"""The benchmark behind scripts/bench (run that: it sets up .venv and wrk first).

1. Sets up its own data in a throwaway SQLite file (a temporary directory): a user with a
   5-player Bugger Bridge game of 10 rounds, a 10-player 4-card Mormon Bridge game of 50 hands
   (Bugger Bridge for 10 plays 10 rounds and regular Mormon Bridge 9 hands: the 4-card game,
   played to a target, is the one that reaches 50), 10,000 past sessions with players in 40,
   300 and 3,000 of them, and two more users with 100 and 1,000 sessions.
2. In one process (Django's test client): the CPU time (time.process_time) and queries of each
   page against the size of its data, the bytes of HTML of a first load and of a round's
   entry, a round save, a bid tap, and the rate of imports.
3. Serves the app as scripts/serve does (gunicorn with gunicorn.conf.py, DEBUG=false,
   HTTPS=false, the same workers) with scorekeeper/bench_settings.py, which adds two floor
   views, and drives every page with wrk, interleaved over rounds, with a logged-in session's
   cookie: req/s, p50/p99, and the ratio to the floor views measured in the same round.
4. Prints the tables and writes them to var/bench/<date>-<time>-<git sha>.md.

The goals are issue 21's where it set one (the speeds), else issue 10's (sizes, imports): reported,
never asserted (the machines are noisy).
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import gzip
import http.client
import io
import logging
import os
import platform
import random
import re
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import urlencode

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tools.throwaway import stop  # noqa: E402 (the repository is on the path from here on)

HOST = "127.0.0.1"
FILLERS = "Bob Cat Dan Eve Fay Gus Hal Ivy Jon Kim Liz Max Ned Olu Pia Quin Ros Sam".split()
# The statistics page's players, and in how many of the 10,000 sessions each one plays.
STATS_PLAYERS = {"Lee": 40, "Pat": 300, "Ann": 3000}
HISTORY_SIZES = (100, 1000, 10000)
BUGGER = "bugger-bridge"
MORMON = "mormon-bridge"
HTMX_PANEL = {"HX-Request": "true", "HX-Target": "entry-panel"}
ACCEPT_GZIP = {"Accept-Encoding": "gzip"}
FORM_CONTENT = "application/x-www-form-urlencoded"


# -- configuration ---------------------------------------------------------------------------


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="scripts/bench", description="Scorekeeper's benchmark (issues 10 and 21)."
    )
    parser.add_argument("--quick", action="store_true", help="smoke mode: one round of 1 s runs, few repeats")
    parser.add_argument("--rounds", type=int, help="wrk rounds over every page (default 3; --quick 1)")
    parser.add_argument("--duration", type=int, help="seconds of each wrk run (default 5; --quick 1)")
    parser.add_argument("--connections", type=int, default=16, help="wrk connections (default 16)")
    parser.add_argument("--threads", type=int, default=2, help="wrk threads (default 2)")
    parser.add_argument("--out", type=Path, help="the file for the tables (default var/bench/DATE-SHA.md)")
    parser.add_argument("--verbose", action="store_true", help="print each wrk run's figures as it ends")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory (database, logs)")
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="the data in a throwaway PostgreSQL server started here (default: a throwaway SQLite file)",
    )
    args = parser.parse_args(argv)
    args.rounds = args.rounds or (1 if args.quick else 3)
    args.duration = args.duration or (1 if args.quick else 5)
    args.repeat = 3 if args.quick else 15  # timed requests per in-process figure; the median is kept
    return args


def configure(tmp: Path, database_url: str | None) -> dict[str, str]:
    """This process's and the server's environment: the served app's settings, the bench's data.

    The data is in a throwaway database: the SQLite file ``bench.sqlite3`` in ``tmp``, or the
    PostgreSQL server at ``database_url`` (never db.sqlite3, nor the DATABASE_URL this was run with).
    """
    os.environ.pop("DATABASE_URL", None)
    os.environ.pop("SCOREKEEPER_BENCH_DB", None)
    if database_url:
        os.environ["DATABASE_URL"] = database_url
    else:
        os.environ["SCOREKEEPER_BENCH_DB"] = str(tmp / "bench.sqlite3")
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "scorekeeper.bench_settings",
            "SCOREKEEPER_BENCH_STATIC": str(tmp / "static"),
            "DEBUG": "false",
            "HTTPS": "false",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1,localhost,testserver",
            "WEB_CONCURRENCY": os.environ.get("WEB_CONCURRENCY", "3"),
        }
    )
    return dict(os.environ)


def say(text: str) -> None:
    print(f"==> {text}", file=sys.stderr, flush=True)


# -- data --------------------------------------------------------------------------------------


def random_rounds(
    game: str, players: int, options: dict, count: int | None, rng: random.Random
) -> list[dict]:
    """``count`` rounds (None: to the game's end) that the rules accept, with varied bids and tricks."""
    from games.registry import get_rules
    from games.rules import RuleError

    rules = get_rules(game)
    names = FILLERS[:players]
    rounds: list[dict] = []
    state = rules.replay(players=players, options=options, first_dealer=0, rounds=[], names=names)
    while (count is None or len(rounds) < count) and not state.finished and state.next_round is not None:
        info = state.next_round
        for _attempt in range(200):
            data = deal(list(info.active or range(players)), players, info.dealt, rng)
            try:
                state = rules.replay(
                    players=players, options=options, first_dealer=0, rounds=[*rounds, data], names=names
                )
            except RuleError:
                continue
            rounds.append(data)
            break
        else:
            raise RuntimeError(f"found no valid round {info.number} of {game} for {players}")
    return rounds


def deal(active: list[int], players: int, cards: int, rng: random.Random) -> dict:
    """Small bids, as at a real table; tricks start at the bids, add up, and now and then one moves."""
    bids = [0] * players
    for s in active:
        bids[s] = min(cards, rng.choice((0, 0, 1, 1, 1, 2, 3)))
    tricks = list(bids)
    while sum(tricks) > cards:
        tricks[rng.choice([s for s in active if tricks[s]])] -= 1
    while sum(tricks) < cards:
        tricks[rng.choice([s for s in active if tricks[s] < cards])] += 1
    giver, taker = rng.choice(active), rng.choice(active)
    if rng.random() < 0.6 and tricks[giver] and giver != taker:
        tricks[giver] -= 1
        tricks[taker] += 1
    inactive = set(range(players)) - set(active)
    return {
        "bids": [None if s in inactive else b for s, b in enumerate(bids)],
        "tricks": [None if s in inactive else t for s, t in enumerate(tricks)],
    }


@dataclass
class Variant:
    """One checked game, stored as many times as needed with other players, dates and ids.

    Its rows are worked out once, as import_record works them out (parse_record, Game.rows.to_rows,
    the derived numbers), and held as the database takes them: only ids change per copy.
    """

    players: int
    session: dict  # the GameSession's columns but owner, dates and ids
    finished: bool
    record: dict  # the session record it comes from (the import figure imports these)
    rounds: list[dict] = field(default_factory=list)  # each round's columns but ids
    entries: list[list[dict]] = field(default_factory=list)  # each round's entries' columns but ids


def db_values(model, values: dict) -> dict:
    """Column values by attname, as the database takes them (JSON as text, dates as text...)."""
    from django.db import connection

    fields = {f.attname: f for f in model._meta.concrete_fields}
    return {name: fields[name].get_db_prep_save(value, connection) for name, value in values.items()}


def variant(
    game: str, players: int, options: dict, count: int | None, early: bool, rng: random.Random
) -> Variant:
    from games import services
    from games.backup.session_record import FORMAT, VERSION, parse_record
    from games.models import Entry, GameSession, Round
    from games.registry import GAMES

    rounds = random_rounds(game, players, options, count, rng)
    record = {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "options": options,
        "players": FILLERS[:players],
        "finished_early": early,
        "rounds": rounds,
    }
    parsed = parse_record(record)
    session = GameSession(game=game, options=parsed.options, version=len(parsed.rounds))
    services._finish_session(session, parsed.state, finished_early=parsed.finished_early)
    keep = ("game", "options", "first_dealer", "status", "finished_early", "winners", "version")
    columns = db_values(GameSession, {k: getattr(session, k) for k in keep})
    v = Variant(players, columns, session.is_finished, record)
    for number, data in enumerate(parsed.rounds, start=1):
        round_columns, entry_columns = GAMES[game].rows.to_rows(data, players)
        # What the rules derive: label, dealer, complete; each entry's points, total, out.
        derived, derived_entries = services.derived_rows(parsed.state.rounds[number - 1], players)
        rnd = SimpleNamespace(number=number, **{**round_columns, **derived})
        cells = [
            SimpleNamespace(position=pos, **{**entry_columns[pos], **derived_entries[pos]})
            for pos in range(players)
        ]
        v.rounds.append(db_values(Round, vars(rnd)))
        v.entries.append([db_values(Entry, vars(cell)) for cell in cells])
    return v


def history_variants(rng: random.Random) -> list[Variant]:
    """The mix of past sessions: mostly whole Bugger Bridge games, some Mormon Bridge, some unfinished."""
    shapes = [
        (BUGGER, 5, {"hook": False}, None, False),
        (BUGGER, 4, {"hook": False}, None, False),
        (BUGGER, 6, {"hook": True}, None, False),
        (MORMON, 5, {"mode": "regular"}, None, False),
        (MORMON, 6, {"mode": "four-card", "target": 60}, None, False),
        (BUGGER, 5, {"hook": False}, 8, True),  # ended early
        (BUGGER, 5, {"hook": False}, 9, False),  # still in progress
    ]
    return [variant(*shape, rng=rng) for _ in range(3) for shape in shapes]


def seating(i: int, players: int) -> list[str]:
    """Who plays session ``i``: each statistics player in k of every 10,000 (evenly spread), then fillers."""
    per = max(HISTORY_SIZES)
    names = [name for name, k in STATS_PLAYERS.items() if (i * k) // per != ((i + 1) * k) // per][:players]
    start = i % len(FILLERS)
    for name in FILLERS[start:] + FILLERS[:start]:
        if len(names) == players:
            break
        if name not in names:
            names.append(name)
    turn = i % players
    return names[turn:] + names[:turn]


class Inserter:
    """Rows of one model by raw executemany, with ids given here; a column not given takes its default.

    Django's bulk_create makes a model instance per row, ~12 ms a session here (two minutes for
    10,000); this takes seconds. Only for the bench's own fresh database.
    """

    def __init__(self, model):
        from django.db import connection

        self.model = model
        fields = model._meta.concrete_fields
        self.index = {f.attname: i for i, f in enumerate(fields)}
        self.defaults = [f.get_db_prep_save(f.get_default(), connection) for f in fields]
        quote = connection.ops.quote_name
        columns = ", ".join(quote(f.column) for f in fields)
        marks = ", ".join(["%s"] * len(fields))
        self.sql = f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({marks})"
        self.next_id = (model.objects.order_by("-pk").values_list("pk", flat=True).first() or 0) + 1
        self.rows: list[list] = []

    def base(self, values: dict) -> list:
        """A row with these columns (by attname, database values) and the defaults."""
        row = list(self.defaults)
        for name, value in values.items():
            row[self.index[name]] = value
        return row

    def add(self, base: list, **values) -> int:
        """A copy of ``base`` with these columns and the next id; returns the id."""
        pk, self.next_id = self.next_id, self.next_id + 1
        row = base.copy()
        row[self.index["id"]] = pk
        for name, value in values.items():
            row[self.index[name]] = value
        self.rows.append(row)
        return pk

    def flush(self) -> None:
        from django.core.management.color import no_style
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.executemany(self.sql, self.rows)
            # Ids were given here: PostgreSQL's sequence must move past them (SQLite's needs nothing).
            for statement in connection.ops.sequence_reset_sql(no_style(), [self.model]):
                cursor.execute(statement)
        self.rows = []


def store_sessions(owner, count: int, variants: list[Variant]) -> None:
    """``count`` past sessions of ``owner``, one every two hours up to now, copies of ``variants``."""
    from django.db import connection, transaction

    from games.models import Entry, GameSession, Player, Round, Seat

    names = [*FILLERS, *STATS_PLAYERS]
    Player.objects.bulk_create([Player(owner=owner, name=n) for n in names], ignore_conflicts=True)
    by_name = dict(Player.objects.filter(owner=owner).values_list("name", "pk"))
    created_field = GameSession._meta.get_field("created")
    now = datetime.datetime.now(datetime.UTC)
    with transaction.atomic():
        sessions, seats, rounds, entries = (Inserter(m) for m in (GameSession, Seat, Round, Entry))
        seat_base = seats.base({})
        bases = [
            (
                sessions.base(v.session),
                [rounds.base(columns) for columns in v.rounds],
                [[entries.base(cell) for cell in cells] for cells in v.entries],
            )
            for v in variants
        ]
        for i in range(count):
            v = variants[i % len(variants)]
            session_base, round_bases, entry_bases = bases[i % len(variants)]
            created = now - datetime.timedelta(hours=2 * (count - i))
            finished = created + datetime.timedelta(hours=1) if v.finished else None
            session_id = sessions.add(
                session_base,
                owner_id=owner.pk,
                created=created_field.get_db_prep_save(created, connection),
                finished_at=created_field.get_db_prep_save(finished, connection),
            )
            people = [by_name[n] for n in seating(i, v.players)]
            for pos, player_id in enumerate(people):
                seats.add(seat_base, session_id=session_id, player_id=player_id, position=pos)
            for number, (round_base, cells) in enumerate(zip(round_bases, entry_bases, strict=True), start=1):
                round_id = rounds.add(round_base, session_id=session_id, number=number)
                for pos, cell in enumerate(cells):
                    entries.add(cell, round_id=round_id, player_id=people[pos])
        for inserter in (sessions, seats, rounds, entries):
            inserter.flush()


def played_game(owner, game: str, players: int, options: dict, rounds: list[dict]):
    """A game started and its rounds saved one by one through the services, as the app does it."""
    from games import services

    session = services.start_session(
        owner=owner, game=game, player_names=FILLERS[:players], options=options, first_dealer=0
    )
    for number, data in enumerate(rounds, start=1):
        services.save_round(session=session, number=number, data=data, key="")
    session.refresh_from_db()
    return session


def watch_live_path(session) -> str:
    """An unchanged live check through the game's watch link (issue 9), as a watcher's phone sends it."""
    from django.urls import reverse

    from games.accounts import sharing

    token = sharing.token_for(sharing.make_link(session, "watch"))
    return reverse("games:watch-live", args=[token]) + f"?v={session.version}"


@dataclass
class Data:
    user: object
    history_users: dict[int, object]  # sessions -> the user who has that many
    bugger: dict[int, object]  # rounds -> a 5-player Bugger Bridge game with that many
    mormon: dict[int, object]  # hands -> a 10-player 4-card Mormon Bridge game with that many
    players: dict[int, object]  # games -> the player who played that many
    bugger_rounds: list[dict]  # the rounds of the Bugger Bridge games (round 11 for an entry)
    watch_live: str  # the 10-round game's live check through its watch link
    fresh: list[object] = field(default_factory=list)  # Bugger Bridge games at round 10 to write to
    variants: list[Variant] = field(default_factory=list)


def build(repeat: int) -> Data:
    from django.contrib.auth import get_user_model
    from django.db import connection

    from games.models import Player

    rng = random.Random(10)
    users = get_user_model().objects
    user = users.create_user("bench", password=secrets.token_urlsafe(16))
    variants = history_variants(rng)
    history_users = {}
    for size in HISTORY_SIZES:
        owner = user if size == max(HISTORY_SIZES) else users.create_user(f"history{size}")
        store_sessions(owner, size, variants)
        history_users[size] = owner
    bugger_options = {"hook": False}
    bugger_rounds = random_rounds(BUGGER, 5, bugger_options, 11, rng)
    bugger = {n: played_game(user, BUGGER, 5, bugger_options, bugger_rounds[:n]) for n in (1, 10)}
    whole = random_rounds(BUGGER, 5, bugger_options, None, rng)
    bugger[len(whole)] = played_game(user, BUGGER, 5, bugger_options, whole)
    mormon_options = {"mode": "four-card", "target": 100_000}
    mormon_rounds = random_rounds(MORMON, 10, mormon_options, 50, rng)
    mormon = {n: played_game(user, MORMON, 10, mormon_options, mormon_rounds[:n]) for n in (1, 10, 50)}
    # Games at round 10 to save a round in (one each) and to enter a whole round in.
    fresh = [played_game(user, BUGGER, 5, bugger_options, bugger_rounds[:9]) for _ in range(repeat + 1)]
    players = {k: Player.objects.get(owner=user, name=name) for name, k in STATS_PLAYERS.items()}
    with connection.cursor() as cursor:
        # The bulk writes settled before anything is timed: SQLite's log folded into the file,
        # PostgreSQL's planner told what the tables now hold.
        cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)" if connection.vendor == "sqlite" else "ANALYZE")
    watch_live = watch_live_path(bugger[10])
    return Data(user, history_users, bugger, mormon, players, bugger_rounds, watch_live, fresh, variants)


# -- in-process figures ---------------------------------------------------------------------------


@dataclass
class Figure:
    page: str
    size: str
    status: int
    queries: int
    cpu_ms: float
    raw: int
    gz: int


def plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def gz_size(content: bytes) -> int:
    """Bytes after gzip at level 6 (Django's GZipMiddleware's level)."""
    return len(gzip.compress(content, compresslevel=6))


def queries_of(fn: Callable[[], object]) -> tuple[int, object]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        result = fn()
    return len(ctx.captured_queries), result


def cpu_ms(fn: Callable[[], object]) -> tuple[float, object]:
    start = time.process_time()
    result = fn()
    return (time.process_time() - start) * 1000, result


def figure(page: str, size: str, response, queries: int, times: list[float]) -> Figure:
    content = response.content
    return Figure(
        page, size, response.status_code, queries, statistics.median(times), len(content), gz_size(content)
    )


def measure(page: str, size: str, request: Callable[[], object], repeat: int) -> Figure:
    """A request that changes nothing: its queries (once), then the median CPU time of ``repeat`` more."""
    request()  # templates compiled, connection open
    queries, response = queries_of(request)
    return figure(page, size, response, queries, [cpu_ms(request)[0] for _ in range(repeat)])


def write_fields(session) -> dict:
    session.refresh_from_db()
    return {"version": str(session.version), "key": secrets.token_hex(8)}


def sessions_of(owner) -> int:
    from games.models import GameSession

    return GameSession.objects.filter(owner=owner).count()


def round_posts(session, data: dict) -> list[tuple[str, dict]]:
    """What a phone sends for one Bugger Bridge round: the bids once the last is tapped (a bid tap is
    counted in the page, with no request: app.js), then Save round with every player's tricks.
    Each POST's fields but version and key."""
    from django.urls import reverse

    from games import services

    loaded = services.load_game(session)
    info = loaded.state.next_round
    bids_url = reverse("games:round-action", args=[session.pk, info.number, "bids"])
    tricks_url = reverse("games:round-action", args=[session.pk, info.number, "tricks"])
    posts = [(bids_url, {f"bid_{seat}": str(data["bids"][seat]) for seat in info.active})]
    tricks = {f"tricks_{s}": str(t) for s, t in enumerate(data["tricks"])}
    posts.append((tricks_url, tricks | {"save": "1"}))
    return posts


def form_post(client, url: str, fields: dict, headers: dict):
    """A form's POST as htmx sends it: URL-encoded (the test client's default, multipart, costs the server
    ~0.2 ms more to read; the CSRF middleware reads a served request's body before the view)."""
    return client.post(url, urlencode(fields), content_type=FORM_CONTENT, headers=headers)


def post(client, session, url: str, fields: dict):
    return form_post(client, url, fields | write_fields(session), HTMX_PANEL | ACCEPT_GZIP)


def sizes(responses: list) -> str:
    """Bytes of HTML, the same gzipped, and what the server sent (compressed or not) to a phone."""
    sent = sum(len(r.content) for r in responses)
    html = [
        gzip.decompress(r.content) if r.get("Content-Encoding") == "gzip" else r.content for r in responses
    ]
    return f"{sum(map(len, html)):,} B of HTML, {sum(map(gz_size, html)):,} B gzipped, {sent:,} B as sent"


def in_process(data: Data, repeat: int) -> tuple[list[Figure], dict[str, str]]:
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse

    from games.backup.session_record import dump_record

    client = Client()
    client.force_login(data.user)
    figures: list[Figure] = []

    def sheet_url(session) -> str:
        return reverse("games:sheet", args=[session.pk])

    def add(page: str, size: str, url: str, headers: dict | None = None, user=None) -> None:
        browser = client
        if user is not None and user != data.user:
            browser = Client()
            browser.force_login(user)
        figures.append(measure(page, size, lambda: browser.get(url, headers=headers or {}), repeat))

    add("bare view", "", "/bench/bare/")
    add("cheapest logged-in page", "", "/bench/floor/")
    for n, session in data.bugger.items():
        add("score sheet, Bugger Bridge, 5 players", plural(n, "round"), sheet_url(session))
    for n, session in data.mormon.items():
        add("score sheet, 4-card Mormon Bridge, 10 players", plural(n, "hand"), sheet_url(session))
    ten = data.bugger[10]
    add("entry panel (htmx GET)", "10 rounds", sheet_url(ten), HTMX_PANEL)
    live = reverse("games:live", args=[ten.pk]) + f"?v={ten.version}"
    add("live check, unchanged", "10 rounds", live)
    watcher = Client()  # no account, no cookie: a phone that opened the watch link
    figures.append(
        measure("live check via a watch link", "10 rounds", lambda: watcher.get(data.watch_live), repeat)
    )
    for owner in data.history_users.values():
        add("history", plural(sessions_of(owner), "session"), reverse("games:history"), user=owner)
    for games, player in data.players.items():
        add("player statistics", f"{games:,} games", reverse("games:player", args=[player.pk]))

    # A round save (tricks, Save round) on a fresh game at round 10: once per game.
    fresh = list(data.fresh)
    round_game = fresh.pop()  # a bid tap sends nothing (app.js counts the bids): no figure of its own
    tenth = data.bugger_rounds[9]
    saves = []
    for i, session in enumerate(fresh):
        posts = round_posts(session, tenth)
        for url, fields in posts[:-1]:
            post(client, session, url, fields)
        url, fields = posts[-1]
        fields = fields | write_fields(session)
        if i == 0:
            queries, response = queries_of(lambda u=url, f=fields: form_post(client, u, f, HTMX_PANEL))
        else:
            spent, response = cpu_ms(lambda u=url, f=fields: form_post(client, u, f, HTMX_PANEL))
            saves.append(spent)
    figures.append(figure("round save (htmx POST)", "round 10", response, queries, saves))

    # Transfer: a first load of the sheet, and one whole round entered on a phone (which accepts gzip).
    transfer: dict[str, str] = {}
    first = client.get(sheet_url(round_game), headers=ACCEPT_GZIP)
    transfer["first load of a sheet (Bugger Bridge, 5 players, round 10)"] = sizes([first])
    posts = round_posts(round_game, tenth)
    answers = [post(client, round_game, url, fields) for url, fields in posts]
    what = "one 5-player round entered (2 POSTs: the bids once all are in, Save round; a bid tap sends none)"
    transfer[what] = sizes(answers)
    transfer["a 50-hand, 10-player sheet"] = sizes(
        [client.get(sheet_url(data.mormon[50]), headers=ACCEPT_GZIP)]
    )

    # Imports: a whole backup (a JSON array of records of the history mix) restored by
    # import_session in this one process, as the owner would; wall-clock time, commits included.
    records = [v.record for v in data.variants]
    importer = get_user_model().objects.create_user("importer")
    count = 10_000 if repeat >= 10 else 500
    with tempfile.TemporaryDirectory() as folder:
        backup = Path(folder) / "backup.json"
        backup.write_text(dump_record([records[i % len(records)] for i in range(count)]), encoding="utf-8")
        cpu, wall = time.process_time(), time.perf_counter()
        call_command("import_session", str(backup), "--user", importer.username, stdout=io.StringIO())
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    transfer[f"import_session, a backup of {count:,} records of the history mix"] = (
        f"{count / wall:,.0f} sessions per second ({wall:.1f} s; {count / cpu:,.0f} per CPU second)"
    )
    return figures, transfer


# -- served figures (gunicorn + wrk) ------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def server(env: dict[str, str], tmp: Path) -> Iterator[int]:
    """gunicorn as scripts/serve starts it (its config file, workers, logs), on a free port."""
    port = free_port()
    log = (tmp / "gunicorn.log").open("w")  # noqa: SIM115 (closed in finally, after the server)
    gunicorn = Path(sys.executable).parent / "gunicorn"
    command = [
        str(gunicorn),
        "--config",
        str(REPO / "gunicorn.conf.py"),
        "--bind",
        f"{HOST}:{port}",
        "scorekeeper.wsgi:application",
    ]
    # The access log (stdout) is written as by scripts/serve, and thrown away.
    proc = subprocess.Popen(command, cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=log)
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                raise SystemExit(f"gunicorn stopped at start:\n{(tmp / 'gunicorn.log').read_text()[-3000:]}")
            with contextlib.suppress(OSError):
                if fetch(port, "/healthz")[0] == 200:
                    break
            if time.monotonic() > deadline:
                raise SystemExit("gunicorn did not answer /healthz within 60 s")
            time.sleep(0.2)
        yield port
    finally:
        stop(proc)
        log.close()


def fetch(port: int, path: str, headers: dict | None = None) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


@dataclass
class Target:
    page: str
    path: str
    status: int = 200
    headers: dict = field(default_factory=dict)
    goal: float | None = None  # issue 21's goal: at least this share of the cheapest logged-in page
    cookie: bool = True  # sent with the logged-in session's cookie (False: a watcher with no account)
    runs: list[dict] = field(default_factory=list)


def targets(data: Data) -> list[Target]:
    from django.urls import reverse

    ten, wide = data.bugger[10], data.mormon[50]
    ann = data.players[max(data.players)]
    watch = Target("live check via a watch link, no account (204)", data.watch_live, 204, cookie=False)
    return [
        Target("bare view", "/bench/bare/"),
        Target("cheapest logged-in page", "/bench/floor/"),
        Target("score sheet (Bugger, 5 players, 10 rounds)", reverse("games:sheet", args=[ten.pk]), goal=0.6),
        Target("score sheet (50 hands, 10 players)", reverse("games:sheet", args=[wide.pk]), goal=0.5),
        Target("entry panel (htmx GET)", reverse("games:sheet", args=[ten.pk]), headers=HTMX_PANEL, goal=0.6),
        Target(
            "live check, unchanged (204)",
            reverse("games:live", args=[ten.pk]) + f"?v={ten.version}",
            204,
            goal=0.95,
        ),
        watch,
        Target(f"history ({plural(sessions_of(data.user), 'session')})", reverse("games:history"), goal=0.5),
        Target(
            f"player statistics ({max(data.players):,} games)",
            reverse("games:player", args=[ann.pk]),
            goal=0.4,
        ),
    ]


UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}


def wrk(port: int, target: Target, cookie: str, args: argparse.Namespace, duration: int) -> dict:
    command = [
        "wrk",
        f"-t{args.threads}",
        f"-c{args.connections}",
        f"-d{duration}s",
        "--timeout",
        "10s",
        "--latency",
    ]
    if target.cookie:
        command += ["-H", f"Cookie: {cookie}"]
    for name, value in target.headers.items():
        command += ["-H", f"{name}: {value}"]
    out = subprocess.run(
        [*command, f"http://{HOST}:{port}{target.path}"], capture_output=True, text=True, check=True
    ).stdout

    def latency(pct: str) -> float:
        m = re.search(rf"^\s+{pct}%\s+([\d.]+)(us|ms|s|m)\s*$", out, re.M)
        return float(m[1]) * UNITS[m[2]] if m else float("nan")

    rps = re.search(r"^Requests/sec:\s+([\d.]+)", out, re.M)
    done = re.search(r"^\s+(\d+) requests in", out, re.M)
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    errors = re.search(r"Socket errors: (.*)$", out, re.M)
    return {
        "rps": float(rps[1]) if rps else 0.0,
        "requests": int(done[1]) if done else 0,
        "p50": latency("50"),
        "p99": latency("99"),
        "bad": int(bad[1]) if bad else 0,
        "errors": errors[1] if errors else "",
    }


def served(data: Data, env: dict[str, str], tmp: Path, args: argparse.Namespace) -> list[Target]:
    from django.test import Client

    client = Client()
    client.force_login(data.user)
    client.get("/bench/floor/")  # sets the CSRF cookie a browser would send back
    cookie = f"sessionid={client.cookies['sessionid'].value}; csrftoken={client.cookies['csrftoken'].value}"
    pages = targets(data)
    with server(env, tmp) as port:
        for t in pages:
            headers = ({"Cookie": cookie} if t.cookie else {}) | t.headers
            status, body = fetch(port, t.path, headers)
            if status != t.status:
                raise SystemExit(f"{t.page}: {t.path} answered {status}, not {t.status}:\n{body[:500]!r}")
            for _ in range(20):  # every worker has its templates and connection ready
                fetch(port, t.path, headers)
            if not args.quick:
                wrk(port, t, cookie, args, 1)
                fetch(port, "/bench/bare/")
        for r in range(args.rounds):
            say(f"wrk round {r + 1} of {args.rounds}: {len(pages)} pages x {args.duration} s")
            order = pages[r % len(pages) :] + pages[: r % len(pages)]  # each round starts elsewhere
            for t in order:
                run = wrk(port, t, cookie, args, args.duration)
                t.runs.append(run)
                # Requests still queued when wrk stopped are served before this one: the next run starts idle.
                fetch(port, "/bench/bare/")
                if args.verbose:
                    say(f"  {t.page}: {run}")
    return pages


# -- report --------------------------------------------------------------------------------------------


def ratio_to(target: Target, base: Target) -> float | None:
    """The median over rounds of this page's req/s over the base's in the same round (None: no run)."""
    ratios = [
        t["rps"] / b["rps"] for t, b in zip(target.runs, base.runs, strict=True) if b["rps"] and t["requests"]
    ]
    return statistics.median(ratios) if ratios else None


def machine() -> str:
    cpu = "unknown CPU"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    import django
    from django.db import connection

    with connection.cursor() as cursor:
        database = (
            f"PostgreSQL {connection.pg_version // 10000}.{connection.pg_version % 10000}"
            if connection.vendor == "postgresql"
            else f"SQLite {cursor.execute('SELECT sqlite_version()').fetchone()[0]}"
        )
    return (
        f"{os.cpu_count()} CPUs (nproc {len(os.sched_getaffinity(0))}), {cpu}; {platform.system()} {platform.release()}; "
        f"Python {platform.python_version()}, Django {django.get_version()}, {database}"
    )


def git_sha() -> str:
    try:
        sha = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"], cwd=REPO, capture_output=True, text=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "nogit"
    return sha + ("+changes" if dirty else "")


def pct(x: float | None) -> str:
    return "n/a" if x is None else f"{x * 100:.0f}%"


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def report(pages: list[Target], figures: list[Figure], transfer: dict[str, str], args, setup_s: float) -> str:
    bare, floor = pages[0], pages[1]
    lines = [
        f"# scripts/bench{' --quick' if args.quick else ''}{' --postgres' if args.postgres else ''}, {datetime.datetime.now():%Y-%m-%d %H:%M}, git {git_sha()}",
        "",
        f"Machine: {machine()}.",
        f"Server: gunicorn, gunicorn.conf.py, {os.environ['WEB_CONCURRENCY']} workers, DEBUG=false, HTTPS=false, "
        f"{'PostgreSQL (a throwaway server' if args.postgres else 'SQLite (a throwaway file'}; data set up in {setup_s:.0f} s). wrk: {args.threads} threads, {args.connections} connections, "
        f"{args.rounds} round(s) x {args.duration} s per page, interleaved; a logged-in session's cookie. "
        f"Load average (1, 5, 15 min) before: {args.load_before}; after: {load()}.",
        "",
        "## Served (wrk): medians over rounds; ratios per round, then the median",
        "",
        "| page | req/s | p50 ms | p99 ms | vs cheapest logged-in | vs bare | goal |",
        "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for t in pages:
        rps = statistics.median(r["rps"] for r in t.runs)
        p50 = statistics.median(r["p50"] for r in t.runs)
        p99 = statistics.median(r["p99"] for r in t.runs)
        vs_floor = ratio_to(t, floor)
        goal = ""
        if t.goal is not None:
            verdict = "not measured" if vs_floor is None else ("met" if vs_floor >= t.goal else "not met")
            goal = f"≥ {pct(t.goal)}: {verdict}"
        bad = sum(r["bad"] for r in t.runs)
        fewest = min(r["requests"] for r in t.runs)
        errors = {r["errors"] for r in t.runs if r["errors"]}
        note = (
            (f" ({bad} non-2xx/3xx)" if bad else "")
            + (f" (a run of only {fewest} requests)" if fewest < 20 else "")
            + (f" (socket errors: {'; '.join(errors)})" if errors else "")
        )
        lines.append(
            f"| {t.page}{note} | {rps:,.0f} | {p50:.1f} | {p99:.1f} | {pct(vs_floor)} | {pct(ratio_to(t, bare))} | {goal} |"
        )
    floor_fig = next(f for f in figures if f.page == "cheapest logged-in page")
    lines += [
        "",
        "## In one process (Django's test client): against the size of the data",
        "",
        "CPU: time.process_time of one request, the median of several; vs cheapest: its CPU over this one's.",
        "",
        "| page | data | status | queries | CPU ms | vs cheapest | HTML bytes | gzipped |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for f in figures:
        lines.append(
            f"| {f.page} | {f.size} | {f.status} | {f.queries} | {f.cpu_ms:.2f} | {pct(floor_fig.cpu_ms / f.cpu_ms) if f.cpu_ms else '-'} | {f.raw:,} | {f.gz:,} |"
        )
    lines += ["", "## Transfer and imports", ""]
    lines += [f"- {what}: {value}" for what, value in transfer.items()]
    lines += ["", *goals(figures, transfer, floor_fig), ""]
    return "\n".join(lines)


def goals(figures: list[Figure], transfer: dict[str, str], floor: Figure) -> list[str]:
    """The goals that the in-process figures answer (issue 21's for the save and the statistics, issue
    10's for the rest; the served ones are in the first table)."""

    def fig(page: str, size: str = "") -> Figure:
        return next(f for f in figures if f.page.startswith(page) and f.size.startswith(size))

    def number(text: str) -> int:
        return int(text.split(" ")[0].replace(",", ""))

    save = fig("round save")
    few, many = fig("player statistics", "40 "), fig("player statistics", "3,000")
    first = next(v for k, v in transfer.items() if k.startswith("first load"))
    whole = next(v for k, v in transfer.items() if k.startswith("one 5-player round"))
    wide = next(v for k, v in transfer.items() if k.startswith("a 50-hand"))
    imports = next(v for k, v in transfer.items() if k.startswith("import_session"))
    first_sent = number(first.split(", ")[2])
    whole_sent = number(whole.split(", ")[2])
    rows = [
        (
            "round save ≥ 30% of the cheapest page (in-process CPU)",
            pct(floor.cpu_ms / save.cpu_ms),
            floor.cpu_ms / save.cpu_ms >= 0.3,
        ),
        (
            "player statistics flat from 40 to 3,000 games (CPU within 10%)",
            f"{few.cpu_ms:.1f} → {many.cpu_ms:.1f} ms (x{many.cpu_ms / few.cpu_ms:.1f})",
            many.cpu_ms <= 1.1 * few.cpu_ms,
        ),
        (
            "a bid tap: no request, or under 1 KB and under 2 ms of server CPU",
            "no request (counted in the page; tests/browser/test_entry_panel.py)",
            True,
        ),
        ("first load of a sheet ≤ 25 KB compressed", f"{first_sent:,} B as sent", first_sent <= 25_000),
        ("a whole 5-player round ≤ 8 KB", f"{whole_sent:,} B as sent", whole_sent <= 8_000),
        ("a 50-hand, 10-player sheet ≤ 60 KB of HTML", f"{number(wide):,} B", number(wide) <= 60_000),
        ("restoring a backup with import_session ≥ 100 sessions/s", imports, number(imports) >= 100),
    ]
    lines = ["## The other goals", "", "| goal | measured | |", "| --- | --- | --- |"]
    lines += [f"| {goal} | {measured} | {'met' if met else 'not met'} |" for goal, measured, met in rows]
    return lines


# -- main ----------------------------------------------------------------------------------------------


def setup_django(tmp: Path) -> None:
    import django
    from django.core.management import call_command

    django.setup()
    logging.getLogger("axes").setLevel(logging.WARNING)  # a line per login otherwise
    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    if not (tmp / "static" / "staticfiles.json").exists():
        raise SystemExit("collectstatic wrote no manifest")


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed (scripts/bench installs it: run that, not this file).")
    args.load_before = load()
    tmp = Path(tempfile.mkdtemp(prefix="scorekeeper-bench."))
    with contextlib.ExitStack() as servers:
        database_url = None
        if args.postgres:
            from tools.throwaway import postgres

            say("Starting a throwaway PostgreSQL server")
            database_url = servers.enter_context(postgres())
        return run(args, tmp, database_url)


def run(args: argparse.Namespace, tmp: Path, database_url: str | None) -> int:
    try:
        env = configure(tmp, database_url)
        started = time.perf_counter()
        say(f"Setting up the data in {tmp}")
        setup_django(tmp)
        data = build(args.repeat)
        setup_s = time.perf_counter() - started
        say(f"Data ready in {setup_s:.0f} s; in-process figures")
        figures, transfer = in_process(data, args.repeat)
        say("Serving with gunicorn; wrk")
        pages = served(data, env, tmp, args)
        text = report(pages, figures, transfer, args, setup_s)
    finally:
        if args.keep:
            say(f"Kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    out = (
        args.out
        or REPO
        / "var"
        / "bench"
        / f"{datetime.datetime.now():%Y%m%d-%H%M}-{git_sha()}{'-quick' if args.quick else ''}{'-postgres' if args.postgres else ''}.md"
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text)
    print(text)
    say(f"Written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
