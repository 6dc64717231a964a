"""Whatever a phone, a tampered form or an attacker sends to any page, the server never answers 5xx.

Requests are written as raw bytes, the way a hostile client can send them: values in any
script (other Unicode digits), huge and signed numbers, NUL, lone surrogates (as the
bytes a browser never sends), very long strings and the same key repeated. Between
them the tests below send more than 10,000 such requests: the sweep of every URL the
app has (over 9,000, counted), the random posts to every round action and sheet
(150 examples per game, 21 requests over the games) and to every new-game form (100 of 5), and the
anonymous ones; about two minutes on one core.
"""

from __future__ import annotations

from urllib.parse import quote

import pytest
from django.urls import URLPattern, reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.accounts import group_link, sharing
from games.models import GameSession, Player, ShareLink
from games.registry import GAMES
from games.urls import urlpatterns

from .conftest import TableClient
from .helpers import database_out_of_reach, new_session
from .rules.test_contract import FIRST_ROUND

# Fuzzing every URL takes minutes: `-m "not slow"` skips it locally; CI runs it.
pytestmark = [pytest.mark.django_db, pytest.mark.slow]

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]
FIELDS = [
    "save",
    "check",
    "trump",
    "player",
    "reason",
    "seat",
    "seats",
    "more",
    "strain",
    "game",
    "level",
    "doubled",
    "declarer",
    "passed_out",
    "redeal",
    "tricks",
    "phase",
    "value",
    "contract",
    "number",
    "pick",
    "at",
    "goto",
    "from",
    "version",
    "key",
    "first_dealer",
    "hook",
    "target",
    "mode",
    "ends",
    "deals",
    "players",
    "rows",
    "name",
    "into",
    "status",
    "since",
    "until",
    "page",
    "username",
    "password",
    "password1",
    "password2",
    "email",
    *[
        f"{prefix}_{i}"
        for prefix in ("bid", "tricks", "hcp", "first_half", "fh", "was", "points", "player", "name")
        for i in range(-1, 6)
    ],
]
# What a careless or hostile client may send, beyond the plain values a form offers.
HOSTILE = [
    "³",  # isdigit() but not int()
    "²",
    "٣",  # Arabic-Indic three: int() takes it
    "１２",  # fullwidth digits
    "𝟓",  # mathematical bold five
    "99999999999999999999",
    "-99999999999999999999",
    "9" * 5001,  # past Python's int() digit limit
    "-1",
    "+1",
    "1_0",
    "0x10",
    "1e308",
    "-0",
    "\x00",
    "1\x00",
    "\ud800",  # a lone surrogate, sent as the bytes ED A0 80
    "Ann\udfff",
    "\ufeff1",
    " 1 ",
    "01",  # not a number as written (nor "-0", " 1 "): refused beside the field
    "Ann\u200b",  # a zero-width space: not a new player beside "Ann", refused
    "\u202e1",  # a direction mark
    "x" * 20_000,
]
PLAIN = ["", "0", "1", "2", "3", "7", "13", "40", "x", "NT", "S", "none", "rook", "true", "draw", "pass"]
VALUES = st.one_of(
    st.sampled_from(HOSTILE),
    st.sampled_from(PLAIN),
    st.integers(-5, 60).map(str),
    st.text(max_size=12),
)
# Lists of (key, value) pairs, so a key may come more than once.
PAIRS = st.lists(st.tuples(st.sampled_from(FIELDS), VALUES), max_size=12)

TABLES = {slug: game.table for slug, game in GAMES.items() if game.table}  # the games with screens


def encode(pairs) -> str:
    """Form-encoded pairs as raw bytes would be: UTF-8, lone surrogates included (surrogatepass)."""
    return "&".join(
        f"{quote(key)}={quote(value.encode('utf-8', 'surrogatepass'), safe='')}" for key, value in pairs
    )


class Sender:
    """Sends hostile GETs and POSTs through a CSRF-checking client and counts them."""

    def __init__(self, client):
        self.client = client
        self.sent = 0

    def get(self, url, pairs, **headers):
        self.sent += 1
        return self.client.get(f"{url}?{encode(pairs)}", headers=headers)

    def post(self, url, pairs, *, htmx=False):
        self.sent += 1
        headers = {"X-CSRFToken": self.client.token()}
        if htmx:
            headers["HX-Request"] = "true"
        return self.client.post(
            url, encode(pairs), content_type="application/x-www-form-urlencoded", headers=headers
        )

    def both(self, url, pairs, *, htmx=False):
        for response in (self.get(url, pairs), self.post(url, pairs, htmx=htmx)):
            assert response.status_code < 500, (url, pairs[:3], response.status_code)


@pytest.fixture
def games_in_progress(user):
    """Each game with screens, one round recorded and the next one waiting."""
    sessions = {}
    for slug in TABLES:
        rules = GAMES[slug].rules
        players = NAMES[: rules.min_players]
        session = new_session(slug, owner=user, players=players, rounds=FIRST_ROUND[slug][:1])
        sessions[slug] = session.pk
    return sessions


def share_tokens(games: dict[str, int]) -> list[str]:
    """A watch and a keep-score link's token for each game (made once, then reused)."""
    tokens = []
    for pk in games.values():
        session = GameSession.objects.get(pk=pk)
        links = sharing.live_links(session)
        for kind in ShareLink.Kind.values:
            tokens.append(sharing.token_for(links.get(kind) or sharing.make_link(session, kind)))
    return tokens


def every_url(games: dict[str, int], player: int) -> list[str]:
    """Every URL the app has, with its arguments filled in: one game of each kind, one player."""
    urls = []
    for pattern in urlpatterns:
        assert isinstance(pattern, URLPattern)
        name = f"games:{pattern.name}"
        converters = set(pattern.pattern.converters)
        fixed = set(pattern.default_args)
        if not converters:
            urls.append(reverse(name))
        elif converters == {"game"}:
            urls += [reverse(name, kwargs={"game": slug}) for slug in GAMES]
        elif pattern.name.startswith("player"):
            urls.append(reverse(name, kwargs={"pk": player}))
        elif converters == {"pk"}:
            urls += [reverse(name, kwargs={"pk": pk}) for pk in games.values()]
        elif "action" in converters:
            for slug, pk in games.items():
                actions = TABLES[slug].actions()
                urls += [reverse(name, args=[pk, 2, action]) for action in actions]
        elif pattern.name.startswith("group-"):
            owner = GameSession.objects.get(pk=next(iter(games.values()))).owner
            token = group_link.token_for(group_link.live_link(owner) or group_link.make_link(owner))
            pks = games.values() if "pk" in converters else [None]
            urls += [reverse(name, kwargs={"token": token} | ({"pk": pk} if pk else {})) for pk in pks]
        elif converters == {"token"}:
            urls += [reverse(name, kwargs={"token": token}) for token in share_tokens(games)]
        elif "action" not in fixed:
            raise AssertionError(f"every_url does not know how to fill {pattern.name}")
    return urls


# Actions that end, empty or remove a game go last, so the others still find it there
# (restore after delete, in URL order, so it meets a game in the Trash).
LAST = ("/delete/", "/end/", "/undo/", "/merge/", "/rename/", "/trash/", "/restore/")


# One test per hostile value, each through every URL, so that the workers share the sweep (minutes
# on one core): every URL still meets every value in every field, once in a test of its own.
@pytest.mark.parametrize("value", HOSTILE, ids=[f"hostile{i:02}" for i in range(len(HOSTILE))])
def test_every_hostile_value_in_every_field_of_every_url(table, games_in_progress, user, value):
    player = Player.objects.filter(owner=user).first()
    urls = sorted(every_url(games_in_progress, player.pk), key=lambda u: any(word in u for word in LAST))
    sender = Sender(table)
    for url in urls:
        sender.both(url, [(field, value) for field in FIELDS], htmx=True)
        # The same key twice: a plain value first, the hostile one second, and the other way round.
        sender.both(url, [(field, v) for field in FIELDS[:12] for v in ("1", value)])
        sender.both(url, [(field, v) for field in FIELDS[:12] for v in (value, "1")])
    assert sender.sent == 6 * len(urls)
    assert sender.sent * len(HOSTILE) >= 9000, sender.sent  # the whole sweep, over every value


@pytest.mark.django_db(transaction=True)
def test_every_url_answers_503_not_500_while_the_database_is_out_of_reach(user, games_in_progress):
    """PostgreSQL stopped: every page and write is the app's 503 (or needs no database), never a 500."""
    phone = TableClient(raise_request_exception=False)
    phone.force_login(user)
    phone.token()
    player = Player.objects.filter(owner=user).first()
    urls = every_url(games_in_progress, player.pk)
    sender = Sender(phone)
    unavailable = 0
    with database_out_of_reach():
        for target in urls:
            for response in (sender.get(target, []), sender.post(target, [("version", "1"), ("key", "k")])):
                assert response.status_code != 500, (target, response.status_code)
                if response.status_code == 503 and target != "/healthz":
                    assert response["Retry-After"] and b'data-testid="outage"' in response.content, target
                    unavailable += 1
    assert unavailable >= len(urls)  # nearly every URL twice: all but the few that need no database


@pytest.mark.django_db
def test_hostile_posts_from_someone_not_logged_in():
    """Signing up and logging in see the same values, without a session."""
    sender = Sender(TableClient())
    for url in (reverse("games:signup"), reverse("login"), reverse("games:home")):
        for value in HOSTILE:
            fields = ["username", "password", "password1", "password2", "email", "next"]
            sender.both(url, [(field, value) for field in fields])


# One test per game, so that the workers share them: each game's actions and sheet get their 150
# examples as before (their own draws rather than the other games').
@pytest.mark.parametrize("slug", TABLES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pairs=PAIRS, number=st.sampled_from([0, 1, 2, 3, 9999]), htmx=st.booleans())
def test_random_posts_to_every_action_never_break_the_server(
    table, games_in_progress, slug, pairs, number, htmx
):
    sender = Sender(table)
    pk = games_in_progress[slug]
    actions = TABLES[slug].actions()
    for action, (_, methods) in actions.items():
        target = reverse("games:round-action", args=[pk, number, action])
        response = sender.post(target, pairs, htmx=htmx) if "POST" in methods else sender.get(target, pairs)
        assert response.status_code < 500, (slug, action, pairs)
    response = sender.get(reverse("games:sheet", args=[pk]), pairs)
    assert response.status_code < 500, (slug, "sheet", pairs)
    assert GameSession.objects.count() == len(games_in_progress)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pairs=PAIRS)
def test_random_new_game_forms_never_break_the_server(table, pairs):
    sender = Sender(table)
    for slug in TABLES:
        response = sender.post(reverse("games:new", args=[slug]), pairs)
        assert response.status_code < 500, (slug, pairs)
