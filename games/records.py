"""Stored rows to and from the session record's round dicts.

The rules read rounds as plain dicts in the session-record format
(../shared/spec/session-record.md). The database keeps the same facts in
columns. These two functions are the only place that knows the mapping, so a
round entered on the sheet, an imported record and an export all agree.
"""

from __future__ import annotations

from typing import Any

from .rules import GameState

BIDDING_GAMES = {"bugger-bridge", "call-bridge", "mormon-bridge"}


def round_to_data(game: str, rnd, entries) -> dict:
    """The facts of a stored round as the rules (and the record) read them."""
    entries = sorted(entries, key=lambda e: e.position)
    data: dict[str, Any] = {}
    if game in BIDDING_GAMES:
        data["bids"] = [e.bid for e in entries]
        tricks = [e.tricks for e in entries]
        if any(t is not None for t in tricks):
            data["tricks"] = tricks
        if rnd.trump:
            data["trump"] = rnd.trump
        if rnd.penalties:
            data["penalties"] = list(rnd.penalties)
    elif game == "minibridge":
        data["hcp"] = [e.hcp for e in entries]
        if rnd.redeal:
            data["redeal"] = True
        if rnd.contract is not None:
            data["contract"] = dict(rnd.contract)
        if rnd.tricks is not None:
            data["tricks"] = rnd.tricks
    elif game == "memory-bridge":
        data["first_half"] = [e.first_half for e in entries]
        if rnd.passed_out:
            data["contract"] = None
        elif rnd.contract is not None:
            data["contract"] = dict(rnd.contract)
        if rnd.tricks is not None:
            data["tricks"] = rnd.tricks
    else:  # pragma: no cover - the registry and this map change together
        raise KeyError(game)
    return data


def data_to_rows(game: str, data: dict, players: int) -> tuple[dict, list[dict]]:
    """Column values for a round and for each player's entry, from a checked round dict."""
    round_fields: dict[str, Any] = {
        "trump": "",
        "penalties": [],
        "redeal": False,
        "contract": None,
        "passed_out": False,
        "tricks": None,
    }
    entries = [{"bid": None, "tricks": None, "hcp": None, "first_half": None} for _ in range(players)]
    if game in BIDDING_GAMES:
        round_fields["trump"] = data.get("trump") or ""
        round_fields["penalties"] = list(data.get("penalties") or [])
        for seat, bid in enumerate(data.get("bids") or [None] * players):
            entries[seat]["bid"] = bid
        for seat, took in enumerate(data.get("tricks") or [None] * players):
            entries[seat]["tricks"] = took
    elif game == "minibridge":
        round_fields["redeal"] = bool(data.get("redeal"))
        round_fields["contract"] = data.get("contract")
        round_fields["tricks"] = data.get("tricks")
        for seat, hcp in enumerate(data["hcp"]):
            entries[seat]["hcp"] = hcp
    elif game == "memory-bridge":
        if "contract" in data and data["contract"] is None:
            round_fields["passed_out"] = True
        else:
            round_fields["contract"] = data.get("contract")
        round_fields["tricks"] = data.get("tricks")
        for seat, took in enumerate(data["first_half"]):
            entries[seat]["first_half"] = took
    else:  # pragma: no cover
        raise KeyError(game)
    return round_fields, entries


def export_record(
    *, game: str, options: dict, players: list[str], first_dealer: int, finished_early: bool, state: GameState
) -> dict:
    """A session record with its derived fields, from a replayed state.

    Options left unset (None: Minibridge's ``deals`` when it plays to a target,
    or its ``target`` when it plays a number of deals) are left out, as the
    record has either one or the other.
    """
    bidding = game in BIDDING_GAMES
    rounds = []
    for result in state.rounds:
        item = dict(result.data)
        item["label"] = result.info.label
        if bidding:
            active = set(result.info.active) if result.info.active else set(range(len(players)))
            item["cards"] = [result.info.cards if seat in active else None for seat in range(len(players))]
        item["dealer"] = result.info.dealer
        item["points"] = result.points
        item["totals"] = result.totals
        if result.out is not None:
            item["out"] = result.out
        rounds.append(item)
    return {
        "format": "scorekeeper-session",
        "version": 1,
        "game": game,
        "options": {name: value for name, value in options.items() if value is not None},
        "players": players,
        "first_dealer": first_dealer,
        "finished_early": finished_early,
        "rounds": rounds,
        "result": {
            "finished": state.finished,
            "winners": [players[s] for s in state.winners],
            "totals": state.totals,
        },
    }
