"""Hypothesis strategies for valid session records of every game (and a check that they are valid).

A game is grown one round at a time: the rules say which round comes next (its
cards, dealer and players in the hand) and whether the game is over; each
game's round strategy then makes up bids, tricks, points or contracts that the
rules allow for that round. The records are canonical (no optional field with
its empty value), so an export must give them back exactly.
"""

from __future__ import annotations

import functools
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.registry import GAMES, get_rules
from games.rules.base import ROOK_COLOURS, STRAINS, SUITS
from games.rules.memory_bridge import first_half_score

DERIVED_ROUND = ("label", "cards", "dealer", "points", "totals", "out")
MAX_ROUNDS = {
    "bugger-bridge": 22,
    "call-bridge": 30,
    "mormon-bridge": 30,
    "minibridge": 24,
    "memory-bridge": 20,
    "free-scoring": 25,
}

# Names as the app stores them: NFC (an import normalises "豈" U+F900 to U+8C48, say).
names = st.text(alphabet=st.characters(categories=["L"]), min_size=1, max_size=12).map(
    functools.partial(unicodedata.normalize, "NFC")
)


def player_names(n: int):
    return st.lists(names, min_size=n, max_size=n, unique_by=str.casefold)


@st.composite
def split(draw, total: int, parts: int) -> list[int]:
    """``total`` tricks (or points) shared among ``parts`` players, any way at all."""
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)))
    edges = [0, *cuts, total]
    return [b - a for a, b in zip(edges, edges[1:], strict=False)]


# -- setups: (players, options, first dealer) ---------------------------------------------


@st.composite
def bugger_setup(draw):
    n = draw(st.integers(3, 10))
    options = draw(st.sampled_from([{}, {"hook": False}, {"hook": True}]))
    return draw(player_names(n)), options, draw(st.integers(0, n - 1))


@st.composite
def call_setup(draw):
    options = draw(st.one_of(st.just({}), st.builds(lambda t: {"target": t}, st.integers(1, 60))))
    return draw(player_names(4)), options, draw(st.integers(0, 3))


@st.composite
def mormon_setup(draw):
    mode = draw(st.sampled_from(["regular", "four-card", "elimination", None]))
    # Elimination takes more than 14: the rest wait for a place.
    n = draw(st.integers(4, 17)) if mode == "elimination" else draw(st.integers(4, 14))
    options = {} if mode is None else {"mode": mode}
    if mode == "four-card" and draw(st.booleans()):
        options["target"] = draw(st.integers(1, 80))
    return draw(player_names(n)), options, draw(st.integers(0, min(n, 14) - 1))


@st.composite
def minibridge_setup(draw):
    options = draw(
        st.one_of(
            st.just({}),
            st.builds(lambda d: {"deals": d}, st.integers(1, 10)),
            st.builds(lambda t: {"target": t}, st.integers(50, 1500)),
        )
    )
    return draw(player_names(4)), options, draw(st.integers(0, 3))


@st.composite
def memory_setup(draw):
    options = draw(st.one_of(st.just({}), st.builds(lambda t: {"target": t}, st.integers(100, 3000))))
    return draw(player_names(2)), options, draw(st.integers(0, 1))


@st.composite
def free_setup(draw):
    n = draw(st.integers(1, 20))
    ends = draw(
        st.one_of(
            st.just({}),
            st.builds(lambda r: {"rounds": r}, st.integers(1, 30)),
            st.builds(lambda t: {"target": t}, st.integers(1, 30_000)),
        )
    )
    wins = draw(st.sampled_from([{}, {"wins": "highest"}, {"wins": "lowest"}]))
    return draw(player_names(n)), {**wins, **ends}, draw(st.integers(0, n - 1))


# -- rounds: complete (or, with partial=True, still being played) --------------------------


def _bids_near(draw, tricks, low: int, high: int) -> list[int]:
    """Bids that are often made (equal to the tricks) and otherwise anything allowed."""
    return [draw(st.one_of(st.just(min(max(t, low), high)), st.integers(low, high))) for t in tricks]


@st.composite
def bugger_round(draw, info, state, partial=False):
    n, c = state.players, info.cards
    tricks = draw(split(c, n))
    bids = _bids_near(draw, tricks, 0, c)
    if state.options["hook"]:
        forbidden = c - sum(b for s, b in enumerate(bids) if s != info.dealer)
        if bids[info.dealer] == forbidden:
            bids[info.dealer] = (forbidden + 1) % (c + 1)
    data = {"bids": bids} if partial else {"bids": bids, "tricks": tricks}
    if draw(st.booleans()):
        data["trump"] = "none" if info.trump == "none" else draw(st.sampled_from(SUITS))
    penalties = draw(
        st.lists(
            st.fixed_dictionaries(
                {
                    "player": st.integers(0, n - 1),
                    "points": st.just(-10),
                    "reason": st.sampled_from(["revoke", "cards"]),
                }
            ),
            max_size=2,
        )
    )
    if penalties:
        data["penalties"] = penalties
    return data


@st.composite
def call_round(draw, _info, _state, partial=False):
    tricks = draw(split(13, 4))
    bids = _bids_near(draw, tricks, 2, 12)
    data = {"bids": bids} if partial else {"bids": bids, "tricks": tricks}
    if draw(st.booleans()):
        data["trump"] = "spades"
    return data


@st.composite
def mormon_round(draw, info, state, partial=False):
    active = sorted(info.active)
    shares = draw(split(info.cards, len(active)))
    tricks: list[int | None] = [None] * state.players
    for seat, took in zip(active, shares, strict=True):
        tricks[seat] = took
    bids: list[int | None] = [None] * state.players
    for seat, bid in zip(active, _bids_near(draw, shares, 0, info.cards), strict=True):
        bids[seat] = bid
    if len(active) == 2 and bids[active[0]] + bids[active[1]] == 4:
        bids[active[0]] = (bids[active[0]] + 1) % 5  # two players may not bid 4 between them
    data = {"bids": bids} if partial else {"bids": bids, "tricks": tricks}
    if draw(st.booleans()):
        data["trump"] = draw(st.sampled_from([*ROOK_COLOURS, "rook"]))
    return data


@st.composite
def minibridge_round(draw, _info, _state, partial=False):
    if not partial and draw(st.integers(0, 9)) == 0:
        a, b = draw(st.integers(0, 20)), draw(st.integers(0, 20))
        hcp = [a, b, 20 - a, 20 - b]  # 20:20: redealt
    else:
        hcp = draw(split(40, 4).filter(lambda h: max(h) <= 37))
    if hcp[0] + hcp[2] == hcp[1] + hcp[3]:
        if not partial:
            return {"hcp": hcp, "redeal": True}
        # A deal still being played cannot be a 20:20 redeal: move a point across.
        giver = 0 if hcp[0] else 2
        hcp[giver] -= 1
        hcp[1] += 1
    data = {"hcp": hcp}
    if partial and draw(st.booleans()):
        return data
    data["contract"] = {"strain": draw(st.sampled_from(STRAINS)), "game": draw(st.booleans())}
    if not partial:
        data["tricks"] = draw(st.integers(0, 13))
    return data


@st.composite
def memory_round(draw, _info, state, partial=False):
    took = draw(st.integers(0, 13))
    data = {"first_half": [took, 13 - took]}
    winner = 0 if took >= 7 else 1
    if state.totals[winner] + first_half_score(max(took, 13 - took)) >= state.options["target"]:
        return data  # the first half ended the game
    if partial and draw(st.booleans()):
        return data
    if not partial and draw(st.integers(0, 5)) == 0:
        data["contract"] = None  # passed out
        return data
    data["contract"] = {
        "declarer": draw(st.integers(0, 1)),
        "level": draw(st.integers(1, 7)),
        "strain": draw(st.sampled_from(STRAINS)),
        "doubled": draw(st.integers(0, 2)),
    }
    if not partial:
        data["tricks"] = draw(st.integers(0, 13))
    return data


@st.composite
def free_round(draw, _info, state, partial=False):
    """Each player's points: a round is never part-played (asked for one, it gives a whole round)."""
    del partial
    return {
        "scores": draw(st.lists(st.integers(-10_000, 10_000), min_size=state.players, max_size=state.players))
    }


SETUPS = {
    "bugger-bridge": bugger_setup,
    "call-bridge": call_setup,
    "mormon-bridge": mormon_setup,
    "minibridge": minibridge_setup,
    "memory-bridge": memory_setup,
    "free-scoring": free_setup,
}
ROUNDS = {
    "bugger-bridge": bugger_round,
    "call-bridge": call_round,
    "mormon-bridge": mormon_round,
    "minibridge": minibridge_round,
    "memory-bridge": memory_round,
    "free-scoring": free_round,
}


@st.composite
def records(draw, game: str | None = None) -> dict:
    """A valid session record: finished, in progress (maybe mid-round) or ended early."""
    game = game or draw(st.sampled_from(list(GAMES)))
    rules = get_rules(game)
    players, options, first_dealer = draw(SETUPS[game]())
    rounds: list[dict] = []

    def replay(finished_early=False):
        return rules.replay(
            players=len(players),
            options=options,
            first_dealer=first_dealer,
            rounds=rounds,
            finished_early=finished_early,
        )

    state = replay()
    # Short games, games played to the end, and anything between, for every game.
    length = draw(st.sampled_from(["short", "any", "to the end"]))
    wanted = {
        "short": lambda: draw(st.integers(0, 6)),
        "any": lambda: draw(st.integers(0, MAX_ROUNDS[game])),
        "to the end": lambda: MAX_ROUNDS[game],
    }[length]()
    while len(rounds) < wanted and not state.finished:
        rounds.append(draw(ROUNDS[game](state.next_round, state)))
        state = replay()
    finished_early = False
    if not state.finished:
        ending = draw(st.sampled_from(["between rounds", "mid-round", "ended early"]))
        if ending == "mid-round":
            rounds.append(draw(ROUNDS[game](state.next_round, state, partial=True)))
        elif ending == "ended early":
            finished_early = True
    return {
        "format": "scorekeeper-session",
        "version": 1,
        "game": game,
        "options": options,
        "players": players,
        "first_dealer": first_dealer,
        "finished_early": finished_early,
        "rounds": rounds,
    }


def replay_record(record: dict):
    """The rules' state for a record's input fields (what export must agree with)."""
    return get_rules(record["game"]).replay(
        players=len(record["players"]),
        options=record["options"],
        first_dealer=record["first_dealer"],
        rounds=record["rounds"],
        finished_early=record["finished_early"],
        names=record["players"],
    )


def input_fields(record: dict) -> dict:
    """A record without its derived fields and its dates (an import without dates stamps its own)."""
    out = {key: value for key, value in record.items() if key not in ("result", "started", "ended")}
    out["rounds"] = [{k: v for k, v in r.items() if k not in DERIVED_ROUND} for r in record["rounds"]]
    return out


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=records())
def test_generated_records_are_valid_games(record):
    """The generators only make records the rules accept (else the round-trip test proves little)."""
    state = replay_record(record)
    assert len(state.rounds) == len(record["rounds"])
    assert state.finished_early == record["finished_early"]
