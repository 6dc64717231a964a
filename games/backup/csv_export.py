"""Spreadsheet exports (CSV) of the history list and of one game, from stored numbers.

A header row, then one row per game (history) or per round and player (a game); numbers as
plain numbers. The text is UTF-8 with a byte-order mark (without it Excel garbles "Zoë"). A
text cell a spreadsheet would take for a formula (``=``, ``+``, ``-``, ``@``...) gets a leading
apostrophe, as spreadsheets do themselves. The history export costs three queries however many
games there are.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.db.models import Sum
from django.utils import timezone

from games.models import Entry, GameSession, GameSessionQuerySet, Round
from games.registry import BIDS, GAMES, HALVES, HIGH_CARD_POINTS, SCORES, RoundRows
from games.rules import GameRules

if TYPE_CHECKING:
    from games.services import LoadedGame

BOM = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value: Any) -> Any:
    """A value as written: numbers as they are, text made safe from formula evaluation."""
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def write(header: list[str], rows: Iterable[list[Any]]) -> str:
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([cell(v) for v in row])
    return out.getvalue()


def local(when: datetime) -> str:
    return timezone.localtime(when).strftime("%Y-%m-%d %H:%M")


def status_words(session: GameSession) -> str:
    if session.status != GameSession.Status.FINISHED:
        return "in progress"
    return "finished early" if session.finished_early else "finished"


def history_csv(sessions: GameSessionQuerySet) -> str:
    """One row per game of ``sessions`` (a queryset, in its order): date, game, status, winners,
    then each player with their total (the running total so far for a game in progress)."""
    games = list(sessions.with_names())
    totals = {
        (row["round__session_id"], row["position"]): row["total"]
        for row in Entry.objects.filter(round__session__in=sessions)
        .values("round__session_id", "position")
        .annotate(total=Sum("points"))
        .order_by()
    }
    most = max((len(g.seats.all()) for g in games), default=0)
    header = ["Date", "Game", "Status", "Finished", "Winners", "Players"]
    header += [column for n in range(1, most + 1) for column in (f"Player {n}", f"Total {n}")]

    def lines() -> Iterator[list[Any]]:
        for g in games:
            names = [s.player.name for s in g.seats.all()]
            winners = [names[w] for w in g.winners or [] if 0 <= w < len(names)]
            row: list[Any] = [
                local(g.created),
                g.get_game_display(),
                status_words(g),
                "yes" if g.is_finished else "no",
                "; ".join(winners),
                "; ".join(names),
            ]
            for seat, name in enumerate(names):
                row += [name, totals.get((g.pk, seat))]
            yield row

    return write(header, lines())


def _contract(rnd: Round, names: list[str], rules: GameRules) -> str:
    """A round's contract in words, as its game words it (the rules' ``contract_words``)."""
    if rnd.redeal:
        return "redeal"
    if rnd.passed_out:
        return "passed out"
    return rules.contract_words(rnd.contract, names) if rnd.contract else ""


# Per stored shape of round (the registry's ``Game.rows``): its columns, each (heading, where
# it is read: the player's "entry", the "round", or the round's "contract" in words, field).
SHAPE_COLUMNS: dict[RoundRows, list[tuple[str, str, str]]] = {
    BIDS: [("Bid", "entry", "bid"), ("Tricks", "entry", "tricks")],
    HIGH_CARD_POINTS: [
        ("High-card points", "entry", "hcp"),
        ("Contract", "contract", ""),
        ("Declaring side's tricks", "round", "tricks"),
    ],
    HALVES: [
        ("First-half tricks", "entry", "first_half"),
        ("Contract", "contract", ""),
        ("Declarer's tricks", "round", "tricks"),
    ],
    SCORES: [],  # what was entered is the points column
}


def game_csv(loaded: LoadedGame) -> str:
    """One row per round and player of a loaded game (services.load_game): the round, the dealer,
    the player, what was entered for them, then their points and running total as stored."""
    session = loaded.session
    names = loaded.names
    game = GAMES[session.game]
    columns = SHAPE_COLUMNS[game.rows]
    header = ["Round", "Label", "Dealer", "Seat", "Player"] + [c[0] for c in columns] + ["Points", "Total"]

    def lines() -> Iterator[list[Any]]:
        for rnd in loaded.rounds:
            contract = _contract(rnd, names, game.rules)
            dealer = names[rnd.dealer] if 0 <= rnd.dealer < len(names) else ""
            for e in loaded.entries[rnd.number]:
                found = {"entry": e, "round": rnd}
                values = [
                    contract if where == "contract" else getattr(found[where], name)
                    for _heading, where, name in columns
                ]
                yield [
                    rnd.number,
                    rnd.label,
                    dealer,
                    e.position + 1,
                    names[e.position],
                    *values,
                    e.points,
                    e.total,
                ]

    return write(header, lines())
