"""Memory Bridge: two players, 13 no-trump tricks, then an auction and 13 more.

Settled by RULINGS.md where the rule text is loose: the dealer alternates; the
first half scores 100 plus the no-trump trick score to whoever takes 7 or more;
a made contract scores its trick score (x2 doubled, x4 redoubled), a failed or
passed-out one scores nothing; the target (default 500) is checked after each
half and the first player to reach it wins at once.

Decided here (RULINGS.md is silent):
- a deal in progress may hold the first half only, or the first half and the
  contract (the tricks still to come);
- the first half is scored as soon as it is recorded, so an unfinished deal
  already carries its first-half points and running totals;
- ``RoundInfo.leader`` is the non-dealer, who leads the first trick; the dealer
  opens the auction (``facts["opens_bidding"]``).
"""

from __future__ import annotations

from typing import Any, override

from .base import (
    GameRules,
    GameState,
    Option,
    RoundInfo,
    RoundResult,
    Setup,
    gettext,
    gettext_noop,
    ngettext,
    strain_symbol,
    trick_score,
)

HAND_CARDS = 13
FIRST_HALF_BONUS = 100
WINNING_TRICKS = 7  # more than half of 13
MULTIPLIER = {0: 1, 1: 2, 2: 4}  # doubled 0, 1 (doubled), 2 (redoubled)
DOUBLED_WORDS = {0: "", 1: gettext_noop(" doubled"), 2: gettext_noop(" redoubled")}  # translated where shown
DEFAULT_TARGET = 500
ROUND_KEYS = frozenset({"first_half", "contract", "tricks"})
# RoundResult.facts of every deal carries these keys (None until known; see replay).
FACT_KEYS = (
    "opens_bidding",
    "first_half_winner",
    "first_half_points",
    "ended_after_first_half",
    "passed_out",
    "declarer",
    "second_half_leader",
    "tricks_needed",
    "made",
    "second_half_points",
)


def first_half_score(tricks: int) -> int:
    """The first-half winner's score: 100 plus the no-trump trick score (7 = 140 ... 13 = 320)."""
    return FIRST_HALF_BONUS + trick_score("NT", tricks) if tricks >= WINNING_TRICKS else 0


def first_half_winner(first_half: list[int]) -> int:
    """The seat that won the first half: the one with 7 tricks or more (of 13)."""
    return 0 if first_half[0] >= WINNING_TRICKS else 1


def ends_in_first_half(totals_before: list[int], first_half: list[int], target: int) -> bool:
    """Whether this first half takes its winner to the target (the game then ends there)."""
    winner = first_half_winner(first_half)
    return totals_before[winner] + first_half_score(first_half[winner]) >= target


def contract_score(level: int, strain: str, doubled: int, tricks: int) -> int:
    """The declarer's second-half score: trick score x1/x2/x4 if made, else nothing."""
    if tricks < level + 6:
        return 0
    return trick_score(strain, tricks) * MULTIPLIER[doubled]


def contract_name(level: int, strain: str, doubled: int) -> str:
    """How a contract reads: "3♥", "4NT doubled", "1♣ redoubled"."""
    return f"{level}{strain_symbol(strain)}{gettext(DOUBLED_WORDS[doubled])}"


class MemoryBridge(GameRules):
    slug = "memory-bridge"
    name = "Memory Bridge"
    min_players = 2
    max_players = 2
    round_word = "deal"
    options = (
        Option.target(
            DEFAULT_TARGET,
            gettext_noop("The first player to reach this score, after either half of a deal, wins."),
        ),
    )

    first_half_score = staticmethod(first_half_score)
    contract_score = staticmethod(contract_score)
    contract_name = staticmethod(contract_name)
    trick_score = staticmethod(trick_score)

    @override
    def contract_words(self, contract: dict[str, Any], names: list[str]) -> str:
        seat = contract.get("declarer", -1)
        declarer = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
        said = contract_name(contract["level"], contract["strain"], contract.get("doubled", 0))
        return f"{said} by {declarer}".strip()

    # -- schedule ------------------------------------------------------------

    def deal_info(self, number: int, first_dealer: int) -> RoundInfo:
        """Deal ``number`` (1-based); the deal alternates between the two players."""
        dealer = (first_dealer + number - 1) % 2
        return RoundInfo(
            number=number,
            label=f"Deal {number}",
            dealer=dealer,
            leader=1 - dealer,  # the non-dealer leads the first trick
            cards=HAND_CARDS,
            active=(1 - dealer, dealer),
        )

    # -- checking ---------------------------------------------------------------

    def check_first_half(self, n: int, value: Any, *, names: list[str] | None = None) -> list[int]:
        return self.share_list(
            value,
            HAND_CARDS,
            HAND_CARDS,
            lambda name, took: gettext(
                "{name} took {took} tricks in the first half, but there are only {cards}."
            ).format(name=name, took=took, cards=HAND_CARDS),
            length=2,
            round=n,
            field="first_half",
            what=gettext_noop("the first-half tricks"),
            names=names,
        )

    def check_contract(
        self, n: int, contract: Any, *, names: list[str] | None = None
    ) -> tuple[int, int, str, int]:
        """(declarer, level, strain, doubled) of a recorded (not passed-out) contract."""
        if not isinstance(contract, dict):
            said = gettext(
                "the contract must give declarer, level, strain and doubled (or be null when the auction was passed out)."
            )
            raise self.round_error(n, said, field="contract")
        unknown = set(contract) - {"declarer", "level", "strain", "doubled"}
        if unknown:
            said = gettext("the contract has an unknown field {field}.")
            raise self.round_error(n, said.format(field=repr(sorted(unknown)[0])), field="contract")
        declarer = contract.get("declarer")
        if declarer not in (0, 1) or isinstance(declarer, bool):
            said = gettext("the contract's declarer must be one of the two players (0 or 1).")
            raise self.round_error(n, said, field="contract")
        by = gettext("{name}'s contract").format(name=self.who(names, declarer))
        level = contract.get("level")
        if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= 7:
            said = gettext("{by} level must be 1 to 7 (7 to 13 tricks), not {level}.")
            raise self.round_error(
                n, said.format(by=by, level=repr(level)), player=declarer, field="contract"
            )
        strain = self.check_strain(n, contract.get("strain"), by=by, player=declarer)
        doubled = contract.get("doubled")
        if isinstance(doubled, bool) or doubled not in MULTIPLIER:
            said = gettext("{by} must say doubled 0 (not doubled), 1 (doubled) or 2 (redoubled).")
            raise self.round_error(n, said.format(by=by), player=declarer, field="contract")
        return declarer, level, strain, doubled

    def check_tricks(self, n: int, tricks: Any, declarer: int, *, names: list[str] | None = None) -> int:
        if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= HAND_CARDS:
            said = gettext(
                "{name} (declarer) took {tricks} tricks in the second half; it must be a whole number from 0 to {cards}."
            )
            raise self.round_error(
                n,
                said.format(name=self.who(names, declarer), tricks=repr(tricks), cards=HAND_CARDS),
                player=declarer,
                field="tricks",
            )
        return tricks

    # -- scoring ------------------------------------------------------------------

    @staticmethod
    def explain_first_half(tricks: int) -> str:
        if tricks < WINNING_TRICKS:
            return ngettext("first half {tricks} trick: 0", "first half {tricks} tricks: 0", tricks).format(
                tricks=tricks
            )
        return gettext("first half {tricks} tricks: {bonus} + {score} = {points}").format(
            tricks=tricks,
            bonus=FIRST_HALF_BONUS,
            score=trick_score("NT", tricks),
            points=first_half_score(tricks),
        )

    @staticmethod
    def explain_second_half(seat: int, contract: tuple[int, int, str, int], tricks: int) -> str:
        declarer, level, strain, doubled = contract
        name = contract_name(level, strain, doubled)
        needed = level + 6
        if seat != declarer:
            return gettext("defended {contract} (declarer needed {needed}, took {tricks}): 0").format(
                contract=name, needed=needed, tricks=tricks
            )
        line = gettext("declared {contract}, needed {needed}, took {tricks}").format(
            contract=name, needed=needed, tricks=tricks
        )
        if tricks < needed:
            return gettext("{line}: {short} short, 0").format(line=line, short=needed - tricks)
        if doubled:
            return gettext("{line}: made, {score} × {times} = {points}").format(
                line=line,
                score=trick_score(strain, tricks),
                times=MULTIPLIER[doubled],
                points=contract_score(*contract[1:], tricks),
            )
        return gettext("{line}: made, {points}").format(
            line=line, points=contract_score(*contract[1:], tricks)
        )

    def score_deal(
        self,
        info: RoundInfo,
        data: Any,
        totals: list[int],
        *,
        target: int,
        names: list[str] | None = None,
        ends_game: bool = False,
    ) -> RoundResult:
        """Check one recorded deal and score it, given the totals before it (``ends_game``: the game was
        ended early on this deal, so a second half not recorded will not come).

        ``facts`` always has every key of ``FACT_KEYS``, None until known:
        ``opens_bidding`` (the dealer), ``first_half_winner`` (seat),
        ``first_half_points`` ([a, b]), ``ended_after_first_half`` (bool),
        ``passed_out`` (bool once the auction is recorded), ``declarer``,
        ``second_half_leader`` (the declarer's opponent), ``tricks_needed``,
        ``made`` (bool) and ``second_half_points`` ([a, b], once the second half is
        scored; [0, 0] when passed out).
        """
        n = info.number
        self._check_round_object(n, data, ROUND_KEYS)
        self._check_present(n, data, "first_half", gettext_noop("the first-half tricks"))
        first_half = self.check_first_half(n, data["first_half"], names=names)
        winner = first_half_winner(first_half)
        first_points = [0, 0]
        first_points[winner] = first_half_score(first_half[winner])
        ended_first = ends_in_first_half(totals, first_half, target)
        facts: dict[str, Any] = dict.fromkeys(FACT_KEYS)
        facts.update(
            opens_bidding=info.dealer,
            first_half_winner=winner,
            first_half_points=first_points,
            ended_after_first_half=ended_first,
        )
        explain_first = [self.explain_first_half(t) for t in first_half]

        def result(complete: bool, second: list[int] | None, explain_second: list[str]) -> RoundResult:
            facts["second_half_points"] = second
            points = [a + b for a, b in zip(first_points, second or [0, 0], strict=True)]
            return RoundResult(
                info=info,
                data=data,
                complete=complete,
                points=points,
                explain=[f"{a}; {b}" for a, b in zip(explain_first, explain_second, strict=True)],
                facts=facts,
            )

        if ended_first:
            for key in ("contract", "tricks"):
                if key in data:
                    if key == "contract":
                        said = gettext(
                            "{name} reached the target of {target} in the first half, so the game ended there; no contract can follow."
                        )
                    else:
                        said = gettext(
                            "{name} reached the target of {target} in the first half, so the game ended there; no tricks can follow."
                        )
                    raise self.round_error(
                        n, said.format(name=self.who(names, winner), target=target), field=key
                    )
            return result(True, None, [gettext("game over after the first half")] * 2)
        if "contract" not in data:
            if "tricks" in data:
                raise self.round_error(
                    n, gettext("second-half tricks are recorded without a contract."), field="contract"
                )
            to_come = (
                gettext("game ended before the second half") if ends_game else gettext("second half to come")
            )
            return result(False, None, [to_come] * 2)
        if data["contract"] is None:
            facts["passed_out"] = True
            if "tricks" in data:
                said = gettext("the auction was passed out, so the second half has no tricks.")
                raise self.round_error(n, said, field="tricks")
            return result(True, [0, 0], [gettext("second half passed out: 0")] * 2)
        contract = self.check_contract(n, data["contract"], names=names)
        declarer, level, strain, doubled = contract
        facts.update(
            passed_out=False,
            declarer=declarer,
            second_half_leader=1 - declarer,
            tricks_needed=level + 6,
        )
        if "tricks" not in data:
            return result(False, None, [gettext("second half to come")] * 2)
        tricks = self.check_tricks(n, data["tricks"], declarer, names=names)
        facts["made"] = tricks >= level + 6
        second = [0, 0]
        second[declarer] = contract_score(level, strain, doubled, tricks)
        return result(True, second, [self.explain_second_half(seat, contract, tricks) for seat in (0, 1)])

    # -- the game ---------------------------------------------------------------

    def play(self, setup: Setup, rounds: list[dict[str, Any]]) -> GameState:
        target = setup.options["target"]
        totals = [0, 0]
        results: list[RoundResult] = []
        ended = False
        for index, data in enumerate(rounds):
            n = index + 1
            if ended:
                raise self.round_error(n, gettext("the game ended with deal {last}.").format(last=n - 1))
            if results and not results[-1].complete:
                missing = "contract" if "contract" not in results[-1].data else "tricks"
                if missing == "contract":
                    said = gettext("deal {number} has no contract yet; only the last deal may be unfinished.")
                else:
                    said = gettext("deal {number} has no tricks yet; only the last deal may be unfinished.")
                raise self.round_error(n - 1, said.format(number=n - 1), field=missing)
            result = self.score_deal(
                self.deal_info(n, setup.first_dealer),
                data,
                totals,
                target=target,
                names=setup.names,
                ends_game=setup.finished_early and n == len(rounds),
            )
            assert result.points is not None  # both halves are scored, played or not
            totals = [t + p for t, p in zip(totals, result.points, strict=True)]
            result.totals = list(totals)
            results.append(result)
            ended = result.complete and max(totals) >= target
        return self._game_state(
            setup,
            results,
            totals=totals,
            ended=ended,
            upcoming=lambda number: self.deal_info(number, setup.first_dealer),
        )
