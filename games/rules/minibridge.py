"""Minibridge: announce high-card points, the stronger side declares, no auction.

Settled by RULINGS.md where the rule text is loose: seats North, East, South,
West in that order; a 20:20 deal is redealt by the same dealer and is not a
deal; equal points within the declaring side go to the one who announced first
(from the dealer, clockwise); the session ends after the agreed number of deals
or when a side reaches the agreed target, and equal totals share the win.

Decided here (RULINGS.md is silent):
- a deal in progress may hold the points only, or the points and the contract;
- points that split 20:20 must be recorded as a redeal, and a redeal has no
  contract or tricks;
- the ``deals`` and ``target`` options exclude each other; with neither, the
  session is 8 deals.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, override

from .base import (
    STRAIN_NAMES,
    GameRules,
    GameState,
    Option,
    RoundInfo,
    RoundResult,
    Setup,
    gettext,
    gettext_noop,
    trick_score,
)
from .base import STRAIN_SYMBOLS as STRAIN_SYMBOLS  # the pages read it from here

HAND_CARDS = 13
DECK_HCP = 40
MAX_HAND_HCP = 37  # every ace, king and queen and one jack
SIDES = {"NS": (0, 2), "EW": (1, 3)}
SIDE_NAMES = {"NS": gettext_noop("N-S"), "EW": gettext_noop("E-W")}  # translated where shown
ROLE_WORDS = {
    "declarer": gettext_noop("declarer"),
    "dummy": gettext_noop("dummy"),
    "defender": gettext_noop("defender"),
}
PART_SCORE_TRICKS = 7
GAME_TRICKS = {"NT": 9, "S": 10, "H": 10, "D": 11, "C": 11}
GAME_BONUS = 300
PART_SCORE_BONUS = 50
UNDERTRICK = 50
DEFAULT_DEALS = 8
ROUND_KEYS = frozenset({"hcp", "contract", "tricks", "redeal"})
# RoundResult.facts of every deal carries these keys (None until known; see score_deal).
FACT_KEYS = (
    "redeal",
    "side_hcp",
    "declaring_side",
    "declarer",
    "dummy",
    "opening_leader",
    "tricks_needed",
    "made",
    "declaring_points",
    "defending_points",
)


def side_name(side: str) -> str:
    """ "N-S" or "E-W", in the current language."""
    return gettext(SIDE_NAMES[side])


def side_of(seat: int) -> str:
    """A seat's partnership: "NS" for North and South (seats 0, 2), "EW" for East and West (1, 3)."""
    return "NS" if seat % 2 == 0 else "EW"


def announcing_order(dealer: int) -> list[int]:
    """The seats in the order they announce their points: the dealer first, then clockwise."""
    return [(dealer + i) % 4 for i in range(4)]


def fill_fourth(hcp: list[int | None], dealer: int) -> list[int | None]:
    """The points with the last to announce given what the other three do not hold (None until they are in)."""
    order = announcing_order(dealer)
    hcp = list(hcp)
    first = [hcp[s] for s in order[:3]]
    hcp[order[3]] = DECK_HCP - sum(v for v in first if v is not None) if None not in first else None
    return hcp


def hand_holds(name: str, points: int) -> str:
    """A hand's points out of range, as a refusal says it."""
    return gettext("{name} has {points} high-card points, but a hand holds 0 to {most}.").format(
        name=name, points=points, most=MAX_HAND_HCP
    )


def check_hands(n: int, hcp: list[int | None], *, names: list[str] | None = None) -> None:
    """Refuse the first hand's points outside 0 to 37 (None: not announced yet), naming its player."""
    GameRules.check_in_range(hcp, 0, MAX_HAND_HCP, hand_holds, round=n, field="hcp", names=names)


def declarer_for(hcp: list[int], dealer: int) -> tuple[str, int] | None:
    """The declaring side and declarer for these points, or None at 20:20 (redeal).

    The side with more points declares; its player with more points is declarer;
    with equal points, the one who announced first (from the dealer, clockwise).
    """
    ns = hcp[0] + hcp[2]
    ew = hcp[1] + hcp[3]
    if ns == ew:
        return None
    side = "NS" if ns > ew else "EW"
    a, b = SIDES[side]
    if hcp[a] != hcp[b]:
        return side, a if hcp[a] > hcp[b] else b
    return side, min(a, b, key=lambda seat: (seat - dealer) % 4)


def tricks_needed(strain: str, game: bool) -> int:
    """Tricks the declaring side must take: 7 for a part-score; game 9 NT, 10 major, 11 minor."""
    return GAME_TRICKS[strain] if game else PART_SCORE_TRICKS


def deal_score(strain: str, game: bool, tricks: int) -> tuple[int, int]:
    """(declaring side's points, defending side's points) for a played contract."""
    needed = tricks_needed(strain, game)
    if tricks >= needed:
        return trick_score(strain, tricks) + (GAME_BONUS if game else PART_SCORE_BONUS), 0
    return 0, UNDERTRICK * (needed - tricks)


def contract_name(strain: str, game: bool) -> str:
    """How a contract reads: "game in no trumps", "part-score in hearts"."""
    in_strain = gettext("game in {strain}") if game else gettext("part-score in {strain}")
    return in_strain.format(strain=gettext(STRAIN_NAMES[strain]))


def declaring_line(line: str, strain: str, game: bool, tricks: int, points: int) -> str:
    """How a declaring side's deal ends its explanation ``line``: short and nothing, or made with
    the trick score and the bonus (``points``: what the side scored)."""
    short = tricks_needed(strain, game) - tricks
    if short > 0:
        return gettext("{line}: {short} short, 0").format(line=line, short=short)
    if game:
        bonus = gettext("{points} game bonus").format(points=GAME_BONUS)
    else:
        bonus = gettext("{points} part-score bonus").format(points=PART_SCORE_BONUS)
    return gettext("{line}: made, {tricks} + {bonus} = {points}").format(
        line=line, tricks=trick_score(strain, tricks), bonus=bonus, points=points
    )


class Minibridge(GameRules):
    slug = "minibridge"
    name = "Minibridge"
    min_players = 4
    max_players = 4
    seats = (gettext_noop("North"), gettext_noop("East"), gettext_noop("South"), gettext_noop("West"))
    round_word = "deal"
    partnerships = tuple((SIDE_NAMES[side], pair) for side, pair in SIDES.items())
    options = (
        Option.rounds(
            "deals",
            gettext_noop("Number of deals"),
            DEFAULT_DEALS,
            gettext_noop("The session ends after this many deals (redeals of a 20:20 deal do not count)."),
        ),
        Option.target(
            None,
            gettext_noop("Instead of a number of deals: the session ends when a side reaches this score."),
        ),
    )
    either_or = ("deals", "target")  # neither: 8 deals
    both_refused = gettext_noop("Choose either a number of deals or a target score, not both.")

    @override
    def contract_words(self, contract: dict[str, Any], names: list[str]) -> str:
        return contract_name(contract["strain"], bool(contract.get("game")))

    declarer_for = staticmethod(declarer_for)
    tricks_needed = staticmethod(tricks_needed)
    deal_score = staticmethod(deal_score)
    trick_score = staticmethod(trick_score)
    side_of = staticmethod(side_of)

    # -- schedule ------------------------------------------------------------

    def deal_info(self, number: int, deal: int, dealer: int) -> RoundInfo:
        """Round ``number`` (1-based, redeals included) is deal ``deal``, dealt by ``dealer``."""
        return RoundInfo(
            number=number,
            label=f"Deal {deal}",
            dealer=dealer,
            leader=dealer,  # the dealer announces points first
            cards=HAND_CARDS,
            active=tuple((dealer + i) % 4 for i in range(4)),
        )

    # -- checking and scoring ---------------------------------------------------

    def check_hcp(self, n: int, hcp: object, *, names: list[str] | None = None) -> list[int]:
        return self.share_list(
            hcp,
            MAX_HAND_HCP,
            DECK_HCP,
            hand_holds,
            length=4,
            round=n,
            field="hcp",
            what=gettext_noop("the high-card points"),
            names=names,
            but=gettext("a deal holds {points}").format(points=DECK_HCP),
        )

    def check_contract(
        self, n: int, contract: Any, declarer: int, *, names: list[str] | None = None
    ) -> tuple[str, bool]:
        by = gettext("{name}'s contract").format(name=self.who(names, declarer))
        if not isinstance(contract, dict):
            said = gettext("{by} must give a strain and whether it is game.")
            raise self.round_error(n, said.format(by=by), player=declarer, field="contract")
        unknown = set(contract) - {"strain", "game"}
        if unknown:
            said = gettext("{by} has an unknown field {field}.")
            raise self.round_error(
                n, said.format(by=by, field=repr(sorted(unknown)[0])), player=declarer, field="contract"
            )
        strain = self.check_strain(n, contract.get("strain"), by=by, player=declarer)
        game = contract.get("game")
        if not isinstance(game, bool):
            said = gettext("{by} must say whether it is game or part-score (game true or false).")
            raise self.round_error(n, said.format(by=by), player=declarer, field="contract")
        return strain, game

    def check_tricks(self, n: int, tricks: Any, declarer: int, *, names: list[str] | None = None) -> int:
        side = side_name(side_of(declarer))
        if isinstance(tricks, bool) or not isinstance(tricks, int):
            said = gettext("the tricks taken by {name}'s side ({side}) must be a whole number.")
            raise self.round_error(
                n, said.format(name=self.who(names, declarer), side=side), player=declarer, field="tricks"
            )
        if not 0 <= tricks <= HAND_CARDS:
            said = gettext("{name}'s side ({side}) took {tricks} tricks, but a deal has 0 to {cards}.")
            raise self.round_error(
                n,
                said.format(name=self.who(names, declarer), side=side, tricks=tricks, cards=HAND_CARDS),
                player=declarer,
                field="tricks",
            )
        return tricks

    @staticmethod
    def explain(role: str, side: str, strain: str, game: bool, tricks: int) -> str:
        """One line for a player: their role, the contract and what it scored them."""
        needed = tricks_needed(strain, game)
        declaring, defending = deal_score(strain, game, tricks)
        line = gettext("{role}: {side} {contract}, needed {needed}, took {tricks}").format(
            role=gettext(ROLE_WORDS[role]),
            side=side_name(side),
            contract=contract_name(strain, game),
            needed=needed,
            tricks=tricks,
        )
        short = needed - tricks
        if role == "defender":
            if short > 0:
                return gettext("{line}: {short} short, {short} × {each} = {points}").format(
                    line=line, short=short, each=UNDERTRICK, points=defending
                )
            return gettext("{line}: made, 0").format(line=line)
        return declaring_line(line, strain, game, tricks, declaring)

    def score_deal(self, info: RoundInfo, data: Any, *, names: list[str] | None = None) -> RoundResult:
        """Check one recorded deal and score it (totals are left to ``replay``).

        ``facts`` always has every key of ``FACT_KEYS``, None until known:
        ``redeal`` (bool), ``side_hcp`` ({"NS": int, "EW": int}), ``declaring_side``
        ("NS"/"EW"), ``declarer``, ``dummy`` and ``opening_leader`` (seats),
        ``tricks_needed`` (once the contract is in), ``made`` (bool),
        ``declaring_points`` and ``defending_points`` (once the tricks are in).
        """
        n = info.number
        names = names or list(self.seats)  # without names, messages say "North", "East"...
        self._check_round_object(n, data, ROUND_KEYS)
        self._check_present(n, data, "hcp", gettext_noop("the high-card points"))
        hcp = self.check_hcp(n, data["hcp"], names=names)
        redeal = data.get("redeal", False)
        if not isinstance(redeal, bool):
            raise self.round_error(n, gettext("redeal must be true or false."), field="redeal")
        found = declarer_for(hcp, info.dealer)
        side_hcp = {"NS": hcp[0] + hcp[2], "EW": hcp[1] + hcp[3]}
        facts: dict[str, Any] = dict.fromkeys(FACT_KEYS)
        facts.update(redeal=False, side_hcp=side_hcp)
        if found is None:
            if not redeal:
                said = gettext(
                    "the points split 20:20 between the partnerships, so the deal is redealt by the same dealer: record it as a redeal."
                )
                raise self.round_error(n, said, field="redeal")
            for key in ("contract", "tricks"):
                if key in data:
                    raise self.round_error(
                        n, gettext("a 20:20 deal is redealt and has no {field}.").format(field=key), field=key
                    )
            facts["redeal"] = True
            return RoundResult(
                info=replace(info, label=f"{info.label} redeal"),
                data=data,
                complete=True,
                points=[0] * 4,
                explain=[gettext("20:20: redealt by the same dealer, no score")] * 4,
                facts=facts,
            )
        side, declarer = found
        if redeal:
            said = gettext("the points split {ns}:{ew} (N-S:E-W); only a 20:20 deal is redealt.")
            raise self.round_error(n, said.format(ns=side_hcp["NS"], ew=side_hcp["EW"]), field="redeal")
        facts.update(
            declaring_side=side,
            declarer=declarer,
            dummy=(declarer + 2) % 4,
            opening_leader=(declarer + 1) % 4,
        )
        if "contract" not in data:
            if "tricks" in data:
                said = gettext("tricks are recorded, but {name} (declarer) has no contract.")
                raise self.round_error(
                    n, said.format(name=self.who(names, declarer)), player=declarer, field="contract"
                )
            return RoundResult(info=info, data=data, complete=False, facts=facts)
        strain, game = self.check_contract(n, data["contract"], declarer, names=names)
        facts["tricks_needed"] = tricks_needed(strain, game)
        if "tricks" not in data:
            return RoundResult(info=info, data=data, complete=False, facts=facts)
        tricks = self.check_tricks(n, data["tricks"], declarer, names=names)
        declaring, defending = deal_score(strain, game, tricks)
        facts.update(
            made=tricks >= facts["tricks_needed"],
            declaring_points=declaring,
            defending_points=defending,
        )
        points = [declaring if side_of(seat) == side else defending for seat in range(4)]
        roles = {declarer: "declarer", (declarer + 2) % 4: "dummy"}
        return RoundResult(
            info=info,
            data=data,
            complete=True,
            points=points,
            explain=[
                self.explain(roles.get(seat, "defender"), side, strain, game, tricks) for seat in range(4)
            ],
            facts=facts,
        )

    # -- the game ---------------------------------------------------------------

    def play(self, setup: Setup, rounds: list[dict[str, Any]]) -> GameState:
        totals = [0] * 4
        results: list[RoundResult] = []
        deals_played = 0  # redeals are not deals
        dealer = setup.first_dealer
        ended = False
        for index, data in enumerate(rounds):
            n = index + 1
            if ended:
                said = gettext("the game ended with round {last} ({label}).")
                raise self.round_error(n, said.format(last=n - 1, label=results[-1].info.label))
            if results and not results[-1].complete:
                last = results[-1]
                missing = "contract" if "contract" not in last.data else "tricks"
                if missing == "contract":
                    said = gettext("{label} has no contract yet; only the last round may be unfinished.")
                else:
                    said = gettext("{label} has no tricks yet; only the last round may be unfinished.")
                raise self.round_error(n - 1, said.format(label=last.info.label), field=missing)
            result = self.score_deal(self.deal_info(n, deals_played + 1, dealer), data, names=setup.names)
            results.append(result)
            if not result.complete:
                continue
            assert result.points is not None  # a complete deal is scored
            totals = [t + p for t, p in zip(totals, result.points, strict=True)]
            result.totals = list(totals)
            if result.facts["redeal"]:
                continue
            deals_played += 1
            dealer = (dealer + 1) % 4
            if setup.options["target"] is None:
                ended = deals_played >= setup.options["deals"]
            else:
                ended = max(totals) >= setup.options["target"]
        return self._game_state(
            setup,
            results,
            totals=totals,
            ended=ended,
            upcoming=lambda number: self.deal_info(number, deals_played + 1, dealer),
        )
