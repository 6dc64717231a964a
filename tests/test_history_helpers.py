"""Games of every kind, recorded through the services, for the history, print, players and stats tests.

The rounds are chosen so that their scores are easy to work out by hand; the
expected numbers are written out in the tests, never taken from the app.
"""

from __future__ import annotations

from games.models import GameSession
from tests.helpers import new_session

NAMES = {
    "bugger-bridge": ["Bob", "Helen", "Corky", "Kim", "Randi"],
    "call-bridge": ["Asha", "Ben", "Chen", "Dee"],
    "mormon-bridge": ["Mo", "Ned", "Ola", "Pia"],
    "minibridge": ["North Nora", "East Eli", "South Sam", "West Wyn"],
    "memory-bridge": ["Mia", "Max"],
}
BUGGER_CARDS = [1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1]


def record(owner, game, names, rounds, options=None, first_dealer=0) -> GameSession:
    return new_session(
        game, owner=owner, players=names, rounds=rounds, options=options, first_dealer=first_dealer
    )


def bugger_rounds(count=18, players=5):
    """Seat 0 bids every trick and makes it; everyone else bids 0 and makes it."""
    rounds = []
    for cards in BUGGER_CARDS[:count]:
        bids = [cards] + [0] * (players - 1)
        rounds.append({"bids": bids, "tricks": list(bids)})
    return rounds


# Call Bridge: 8 deals of bids 4, 3, 3, 2 with tricks 4, 3, 3, 3: +4, +3, +3, +2 each deal;
# after deal 8 the totals are 32, 24, 24, 16 and Asha (32, alone at or over 30) wins.
CALL_DEAL = {"bids": [4, 3, 3, 2], "tricks": [4, 3, 3, 3]}

# Mormon regular, 4 players: hands of 1..6..1 cards (11 hands); seat 0 bids and takes them all.
MORMON_SIZES = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]

# Mormon elimination: Pia misses in hand 1 (out); Ned and Ola miss in hand 2; Mo wins.
ELIMINATION_ROUNDS = [
    {"bids": [2, 1, 1, 1], "tricks": [2, 1, 1, 0]},
    {"bids": [2, 1, 1, None], "tricks": [2, 2, 0, None]},
]

# Minibridge, 2 deals: a 20:20 redeal, then N-S (South, 16) play 3NT... a game in NT and take 10:
# 40 + 30 + 30 + 30 = 130, plus 300 = 430 to North and South.
MINIBRIDGE_ROUNDS = [
    {"hcp": [10, 10, 10, 10], "redeal": True},
    {"hcp": [14, 6, 16, 4], "contract": {"strain": "NT", "game": True}, "tricks": 10},
    {"hcp": [4, 16, 6, 14], "contract": {"strain": "H", "game": True}, "tricks": 9},
]
# Deal 2: E-W (East, 16) game in hearts needs 10, takes 9: N-S score 50.

# Memory Bridge: each deal Mia takes 8 first-half tricks (170) and makes 3 hearts with 9 (90):
# 260 after deal 1; deal 2's first half brings 430, its second half 520: Mia wins.
MEMORY_DEAL = {
    "first_half": [8, 5],
    "contract": {"declarer": 0, "level": 3, "strain": "H", "doubled": 0},
    "tricks": 9,
}


def every_game(owner) -> dict[str, GameSession]:
    """One finished game of each kind (Mormon twice: regular and elimination)."""
    return {
        "bugger-bridge": record(owner, "bugger-bridge", NAMES["bugger-bridge"], bugger_rounds()),
        "call-bridge": record(owner, "call-bridge", NAMES["call-bridge"], [CALL_DEAL] * 8),
        "mormon-bridge": record(
            owner,
            "mormon-bridge",
            NAMES["mormon-bridge"],
            [{"bids": [c, 0, 0, 0], "tricks": [c, 0, 0, 0]} for c in MORMON_SIZES],
        ),
        "mormon-elimination": record(
            owner, "mormon-bridge", NAMES["mormon-bridge"], ELIMINATION_ROUNDS, {"mode": "elimination"}
        ),
        "minibridge": record(owner, "minibridge", NAMES["minibridge"], MINIBRIDGE_ROUNDS, {"deals": 2}),
        "memory-bridge": record(owner, "memory-bridge", NAMES["memory-bridge"], [MEMORY_DEAL] * 2),
    }


def test_every_game_is_finished_as_worked_out(user):
    games = every_game(user)
    assert {k: s.status for k, s in games.items()} == dict.fromkeys(games, "finished")
    assert games["bugger-bridge"].winners == [0]
    assert games["call-bridge"].winners == [0]
    assert games["mormon-elimination"].winners == [0]
    assert games["minibridge"].winners == [0, 2]  # 430 + 50 against 0
    assert games["memory-bridge"].winners == [0]
