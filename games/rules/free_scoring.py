"""Free scoring: any card game, each player's points per round typed in as they are.

The session-record spec (``free-scoring``) fixes the shape: a round is
``{"scores": [...]}``, each player's points for it, whole numbers from -10,000 to
10,000 (negative allowed); 1 to 20 players; the options are ``wins``
("highest" or "lowest": which total wins) and either ``rounds`` (a number of
rounds) or ``target`` (the game ends after the round in which a total reaches
it), with 10 rounds when neither is given.

Decided here (the spec is silent):
- a total "reaches" the target when it is at least the target, whichever total
  wins (Hearts to 100, lowest wins: the game ends when someone has 100 or more);
- players level at the best total when the game ends share the win: there is no
  play-on round to break a tie;
- the deal passes one seat to the left each round, from the first dealer, and the
  player after the dealer plays first (the app only shows it).
"""

from __future__ import annotations

from typing import Any, override

from .base import (
    GameRules,
    GameState,
    Option,
    RoundInfo,
    RoundResult,
    RuleError,
    Setup,
    Translated,
    gettext,
    gettext_noop,
    ngettext,
)

HIGHEST = "highest"
LOWEST = "lowest"
DEFAULT_ROUNDS = 10
MOST_POINTS = 10_000  # a round's points for one player, either way
# The most rounds a game may be set to: what a table of 20 can hold (games/registry.py: 4,000 squares).
MOST_ROUNDS = 200
MAX_PLAYERS = 20


class FreeScoring(GameRules):
    """Any card game: each round every player's points are typed in; the highest (or lowest) total wins."""

    slug = "free-scoring"
    name = Translated(gettext_noop("Free scoring"))
    min_players = 1
    max_players = MAX_PLAYERS
    options = (
        Option.choice(
            "wins",
            gettext_noop("Who wins"),
            HIGHEST,
            (HIGHEST, gettext_noop("Highest total wins")),
            (LOWEST, gettext_noop("Lowest total wins")),
        ),
        Option.rounds(
            "rounds",
            gettext_noop("Number of rounds"),
            DEFAULT_ROUNDS,
            gettext_noop("The game ends after this many rounds."),
            most=MOST_ROUNDS,
        ),
        Option.target(
            None,
            gettext_noop(
                "Instead of a number of rounds: the game ends after the round in which a total reaches it."
            ),
        ),
    )
    highest_always_wins = False
    # The form offers these two options as a choice: one or the other ends the game.
    either_or = ("rounds", "target")
    both_refused = gettext_noop("Choose either a number of rounds or a target score, not both.")

    # -- what callers ask ------------------------------------------------------

    @override
    def check_setup(self, players: int, first_dealer: int, options: dict[str, Any]) -> None:
        if players < 1:  # not "at least 1 players"
            raise RuleError(gettext("A game needs at least one player."))
        super().check_setup(players, first_dealer, options)

    @override
    def rounds_in_game(self, players: int, options: dict[str, Any] | None) -> int | None:
        rounds: int | None = self.clean_options(options)["rounds"]
        return rounds

    @override
    def lowest_wins(self, options: dict[str, Any] | None) -> bool:
        return bool((options or {}).get("wins") == LOWEST)  # absent: the default, highest

    # -- the game ------------------------------------------------------------------

    @staticmethod
    def round_info(setup: Setup, number: int) -> RoundInfo:
        """Round ``number``: the deal passes one seat on each round; the player after the dealer plays first."""
        dealer = (setup.first_dealer + number - 1) % setup.players
        return RoundInfo(number=number, label=str(number), dealer=dealer, leader=(dealer + 1) % setup.players)

    @override
    def play(self, setup: Setup, rounds: list[dict[str, Any]]) -> GameState:
        rounds_set: int | None = setup.options["rounds"]
        target: int | None = setup.options["target"]
        lowest = setup.options["wins"] == LOWEST
        totals = [0] * setup.players
        results: list[RoundResult] = []
        over: str | None = None
        for index, data in enumerate(rounds):
            n = index + 1
            if over is not None:
                raise self.round_error(n, over)
            self._check_round_object(n, data, {"scores"})
            self._check_present(n, data, "scores", gettext_noop("the scores"))
            scores = setup.per_player(
                data["scores"], round=n, field="scores", what=gettext_noop("the scores")
            )
            self.check_in_range(
                scores,
                -MOST_POINTS,
                MOST_POINTS,
                lambda name, points: gettext(
                    "{name} scored {points}, but a round scores −10,000 to 10,000 points."
                ).format(name=name, points=self.shown(points)),
                round=n,
                field="scores",
                names=setup.names,
            )
            totals = [t + s for t, s in zip(totals, scores, strict=True)]
            explain = [self.explain(s) for s in scores]
            reached = target is not None and max(totals) >= target
            results.append(
                self._scored(
                    self.round_info(setup, n),
                    data,
                    list(scores),
                    totals,
                    explain,
                    {"target_reached": reached},
                )
            )
            if reached:
                over = gettext("the game ended after round {last}, when a total reached {target}.").format(
                    last=n, target=target
                )
            elif rounds_set is not None and n == rounds_set:
                over = gettext("the game ended after round {last}.").format(last=n)
        return self._game_state(
            setup,
            results,
            totals=totals,
            ended=over is not None,
            winners=self.best([-t for t in totals] if lowest else totals),
            upcoming=lambda number: self.round_info(setup, number),
        )

    @staticmethod
    def explain(points: int) -> str:
        """How a round's points were worked out: as they were typed in."""
        return ngettext("scored {points} point", "scored {points} points", abs(points)).format(
            points=FreeScoring.shown(points)
        )

    @staticmethod
    def shown(points: int) -> str:
        """Points as the sheet prints them: a real minus sign."""
        return f"−{-points}" if points < 0 else str(points)
