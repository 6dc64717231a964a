"""How a game's rounds sit in the stored rows: one mapping per shape of round.

The rules read a round as a dict in the session-record format; the database keeps the same
facts in ``Round`` and ``Entry`` columns. A game's registry entry names its mapping
(``Game.rows``): ``BIDS`` (Bugger, Call and Mormon Bridge), ``HIGH_CARD_POINTS`` (Minibridge),
``HALVES`` (Memory Bridge) or ``SCORES`` (each player's points as entered: the generic table).
Nothing here touches the database, so the sheet, an imported record and an export all agree.
"""

from __future__ import annotations

from typing import Any, ClassVar, override

# A record holds at most MAX_ROUNDS rounds. A game played to a target or by elimination could
# go on for ever; 300 rounds is far more than any evening (Call Bridge to 500 takes about 150
# deals), and keeps the largest game that can be stored quick to show (well within a second).
MAX_ROUNDS = 300
# Only elimination Mormon Bridge takes more than 14 players (the rest wait); the new-game
# form offers 60 seats, and a record may hold no more.
MAX_PLAYERS = 60
# A sheet draws a cell per player per round, waiting players too: a wide table gets
# fewer rounds (60 players: 66 hands, still many more than 59 players need to go out).
MAX_CELLS = 4000


def max_rounds(players: int) -> int:
    """How many rounds a game of ``players`` can hold: a record, and so a game at the table."""
    return min(MAX_ROUNDS, MAX_CELLS // players)


def empty_rows(players: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Column values for a round and its entries with nothing recorded."""
    round_fields = {
        "trump": "",
        "penalties": [],
        "redeal": False,
        "contract": None,
        "passed_out": False,
        "tricks": None,
    }
    entry = {"bid": None, "tricks": None, "hcp": None, "first_half": None}
    return round_fields, [dict(entry) for _ in range(players)]


class RoundRows:
    """One shape of round: from stored columns to the record's dict and back."""

    # The record lists the cards each player was dealt (games that fix them per hand).
    records_cards: ClassVar[bool] = False

    def to_data(self, rnd: Any, entries: list[Any]) -> dict[str, Any]:
        """The facts of a stored round (``entries`` in seat order) as the rules read them."""
        raise NotImplementedError

    def fill(self, data: dict[str, Any], round_fields: dict[str, Any], entries: list[dict[str, Any]]) -> None:
        """Set the columns of a round and of each player's entry from a checked round dict."""
        raise NotImplementedError

    def to_rows(self, data: dict[str, Any], players: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """Column values for a round and for each player's entry, from a checked round dict."""
        round_fields, entries = empty_rows(players)
        self.fill(data, round_fields, entries)
        return round_fields, entries


class BidRows(RoundRows):
    records_cards = True

    def to_data(self, rnd: Any, entries: list[Any]) -> dict[str, Any]:
        data: dict[str, Any] = {"bids": [e.bid for e in entries]}
        tricks = [e.tricks for e in entries]
        if any(t is not None for t in tricks):
            data["tricks"] = tricks
        if rnd.trump:
            data["trump"] = rnd.trump
        if rnd.penalties:
            data["penalties"] = list(rnd.penalties)
        return data

    def fill(self, data: dict[str, Any], round_fields: dict[str, Any], entries: list[dict[str, Any]]) -> None:
        players = len(entries)
        round_fields["trump"] = data.get("trump") or ""
        round_fields["penalties"] = list(data.get("penalties") or [])
        for seat, bid in enumerate(data.get("bids") or [None] * players):
            entries[seat]["bid"] = bid
        for seat, took in enumerate(data.get("tricks") or [None] * players):
            entries[seat]["tricks"] = took


class ContractRows(RoundRows):
    """A number per player, then a contract and the declarer's tricks: Minibridge's points held
    (a 20:20 deal is a redeal), Memory Bridge's first-half tricks (a contract may be passed out)."""

    def __init__(self, per_player: str, *, can_pass: bool):
        self.per_player = per_player  # the entry column, and the record field, of each player's number
        self.can_pass = can_pass  # a contract of None is stored as passed out

    def to_data(self, rnd: Any, entries: list[Any]) -> dict[str, Any]:
        data: dict[str, Any] = {self.per_player: [getattr(e, self.per_player) for e in entries]}
        if rnd.redeal:
            data["redeal"] = True
        if rnd.passed_out:
            data["contract"] = None
        elif rnd.contract is not None:
            data["contract"] = dict(rnd.contract)
        if rnd.tricks is not None:
            data["tricks"] = rnd.tricks
        return data

    def fill(self, data: dict[str, Any], round_fields: dict[str, Any], entries: list[dict[str, Any]]) -> None:
        round_fields["redeal"] = bool(data.get("redeal"))
        if self.can_pass and "contract" in data and data["contract"] is None:
            round_fields["passed_out"] = True
        else:
            round_fields["contract"] = data.get("contract")
        round_fields["tricks"] = data.get("tricks")
        for seat, value in enumerate(data[self.per_player]):
            entries[seat][self.per_player] = value


class ScoreRows(RoundRows):
    """Each player's points for the round, as entered (``{"scores": [...]}``), in ``Entry.points``:
    the services fill that from the replayed round too, which scores a round as entered."""

    @override
    def to_data(self, rnd: Any, entries: list[Any]) -> dict[str, Any]:
        return {"scores": [e.points for e in entries]}

    @override
    def fill(self, data: dict[str, Any], round_fields: dict[str, Any], entries: list[dict[str, Any]]) -> None:
        for seat, value in enumerate(data["scores"]):
            entries[seat]["points"] = value


BIDS = BidRows()
HIGH_CARD_POINTS = ContractRows("hcp", can_pass=False)
HALVES = ContractRows("first_half", can_pass=True)
SCORES = ScoreRows()
