"""What a watch link and the big screen say about the round in play, for every game and mode:
each thing once, in the page's language, and right for the game (issue 19, item 8)."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from games.accounts import sharing
from games.models import ShareLink

from .conftest import TableClient
from .helpers import body

pytestmark = pytest.mark.django_db

FOUR = ("Ann", "Ben", "Cat", "Dev")


def bugger_rounds(count: int) -> list[dict]:
    """Five players, hook rule off: round n of n cards (8 at most), Ann bids and takes them all."""
    rounds = []
    for n in range(1, count + 1):
        cards = min(n, 8)
        rounds.append({"bids": [cards, 0, 0, 0, 0], "tricks": [cards, 0, 0, 0, 0]})
    return rounds


def text(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


def watched(session, language="en") -> tuple[str, str, list[str]]:
    """The watch view's round heading, the big screen's header and its ranked lines, as text."""
    token = sharing.token_for(sharing.make_link(session, ShareLink.Kind.WATCH))
    client = TableClient(HTTP_ACCEPT_LANGUAGE=language)
    watch = body(client.get(reverse("games:shared", args=[token])))
    big = body(client.get(reverse("games:big-screen", args=[token])))
    head = re.search(r'(?s)<div class="round-head">(.*?)</div>', watch)
    big_head = re.search(r'(?s)<header class="big-head">(.*?)</header>', big)
    ranked = re.findall(
        r"(?s)<li[^>]*>(.*?)</li>", big.partition('<ol class="big-totals">')[2].partition("</ol>")[0]
    )
    assert head and big_head
    return text(head.group(1)), text(big_head.group(1)), [text(r) for r in ranked]


GAMES = {
    "bugger, round 10 of 8 cards, no trumps": (
        "bugger-bridge",
        ("Ann", "Ben", "Cat", "Dev", "Eve"),
        {"hook": False},
        bugger_rounds(9),
        "Round 10 · 8 cards · no trumps",
        "Eve deals · Ann bids and leads first",
    ),
    "call bridge": (
        "call-bridge",
        FOUR,
        {},
        [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}] * 2,
        "Deal 3 · 13 cards",
        "Cat deals · Dev bids and leads first",
    ),
    "mormon, regular": (
        "mormon-bridge",
        FOUR,
        {"mode": "regular"},
        [{"bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0]}],
        "Hand 2 · 2 cards",
        "Ben deals · Cat leads first",
    ),
    "mormon, 4-card": (
        "mormon-bridge",
        FOUR,
        {"mode": "four-card"},
        [{"bids": [1, 1, 1, 1], "tricks": [1, 1, 1, 1]}],
        "Hand 2 · 4 cards",
        "Ben deals · Cat leads first",
    ),
    "mormon, elimination": (
        "mormon-bridge",
        ("Ann", "Ben", "Cat", "Dev", "Eve"),
        {"mode": "elimination"},
        [{"bids": [1, 1, 1, 1, 0], "tricks": [1, 1, 1, 0, 1]}],
        "Hand 2 · 4 cards",
        "Ben deals · Cat leads first",
    ),
    "minibridge": (
        "minibridge",
        FOUR,
        {"deals": 8},
        [{"hcp": [12, 10, 10, 8], "contract": {"strain": "NT", "game": False}, "tricks": 7}] * 3,
        "Deal 4",
        "Dev deals and announces first",
    ),
    "memory bridge": (
        "memory-bridge",
        ("Ann", "Ben"),
        {"target": 500},
        [],
        "Deal 1",
        "Ann deals · Ben leads the first trick",
    ),
}


@pytest.mark.parametrize("case", GAMES)
def test_the_round_in_play_is_said_once_and_right(make_session, case):
    game, players, options, rounds, title, leader = GAMES[case]
    session = make_session(game, players=players, options=options, rounds=rounds)
    watch, big, _ = watched(session)
    for said in (watch, big):
        assert said.count(title) == 1, said
        assert leader in said, said
    # Nothing of the title said twice: no "Deal 4 · Deal 4", no "Round 10 · 8NT · 8 cards".
    words = [part.strip() for part in watch.partition(leader)[0].split("·")]
    assert len(words) == len(set(words)) and " · ".join(words) == title


def test_french_watchers_read_the_round_in_french(make_session):
    session = make_session(
        "call-bridge", players=FOUR, rounds=[{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}]
    )
    watch, big, _ = watched(session, "fr")
    for said in (watch, big):
        assert "Donne 2 · 13 cartes" in said and "Deal" not in said, said


def test_memory_bridge_names_who_leads_the_first_half_and_who_bids_first(make_session):
    session = make_session("memory-bridge", players=("Ann", "Ben"), options={"target": 500}, first_dealer=0)
    watch, _, _ = watched(session)
    assert "Ann deals · Ben leads the first trick" in watch and "bids and leads" not in watch
    session = make_session(
        "memory-bridge", players=("Ann", "Ben"), options={"target": 500}, rounds=[{"first_half": [8, 5]}]
    )
    watch, big, _ = watched(session)
    for said in (watch, big):
        assert "Ann scores 100 + 70 = 170" in said and "The auction: Ann bids first." in said, said


def test_minibridge_big_screen_ranks_the_two_sides(make_session):
    rounds = [{"hcp": [12, 10, 10, 8], "contract": {"strain": "NT", "game": False}, "tricks": 7}]
    session = make_session("minibridge", players=FOUR, options={"deals": 8}, rounds=rounds)
    _, _, ranked = watched(session)
    assert ranked == ["1. N-S: Ann & Cat 90", "2. E-W: Ben & Dev 0"]


def test_elimination_says_who_is_out(make_session):
    rounds = [{"bids": [1, 1, 1, 1, 0], "tricks": [1, 1, 1, 0, 1]}]
    session = make_session(
        "mormon-bridge",
        players=("Ann", "Ben", "Cat", "Dev", "Eve"),
        options={"mode": "elimination"},
        rounds=rounds,
    )
    watch, big, ranked = watched(session)
    for said in (watch, big):
        assert "Out: Dev and Eve." in said, said
    assert ranked == []
