"""How sane a bot's contracts are: each final contract checked against the double-dummy solver.

After a hand's auction the two hands are known to the record (:attr:`HandHistory.deal`), so
the solver gives the tricks declarer takes in the declared strain with best play on both sides,
the defender leading: :func:`check_hand`. :class:`SanityStats` adds the checks of one bot's
hands up: contracts declared and made, how many were double-dummy makeable and how many needed
three or more tricks beyond it, its doubles and what they gained, slams bid and made. A solve
of two 13-card hands takes well under a millisecond with the compiled solver, so a match can
afford one per hand.

>>> from honeymoon.game import Game
>>> from honeymoon.bots import make_bot
>>> from honeymoon.views import view_for
>>> game = Game(seed=2, first_dealer=0)
>>> bots = [make_bot("medium", 1), make_bot("medium", 2)]
>>> while not game.history:
...     seat = game.to_act
...     game.apply(bots[seat].act(view_for(game, seat)), seat)
>>> checks = [check_hand(hand) for hand in game.history]
>>> (SanityStats.of(checks, 0) + SanityStats.of(checks, 1)).declared
1
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any

from honeymoon.auction import Contract
from honeymoon.double_dummy import double_dummy
from honeymoon.game import HandHistory
from honeymoon.rules import RuleSet
from honeymoon.scoring import HandScore, score_contract, score_deal
from honeymoon.seats import Seat

__all__ = ["HandCheck", "SanityStats", "check_hand", "FAR_SHORT"]

#: A contract that needs this many tricks or more beyond the double-dummy result is insane.
FAR_SHORT = 3


@dataclass(frozen=True, slots=True)
class HandCheck:
    """One played contract and its double-dummy result.

    ``dd_tricks`` are declarer's tricks with best play on both sides, the defender leading;
    ``double_gain`` is what the final double (or redouble) changed in the hand's score, from
    the doubler's side: the doubled result minus the undoubled one with the same tricks (games
    and rubber bonuses that the doubling gave or denied are not counted).
    """

    declarer: Seat
    contract: Contract
    tricks: int
    dd_tricks: int
    double_gain: int

    @property
    def made(self) -> bool:
        """Declarer took the tricks the contract needs."""
        return self.tricks >= self.contract.tricks_needed

    @property
    def makeable(self) -> bool:
        """The contract makes double dummy."""
        return self.dd_tricks >= self.contract.tricks_needed

    @property
    def shortfall(self) -> int:
        """Tricks the contract needs beyond the double-dummy result (0 when makeable)."""
        return max(0, self.contract.tricks_needed - self.dd_tricks)

    @property
    def doubler(self) -> Seat | None:
        """The defender, when the contract was doubled (only the defender can double)."""
        return self.declarer.other if self.contract.doubling else None


def _gain(score: HandScore) -> int:
    return score.declarer_below + score.declarer_above - score.defender_above


def check_hand(hand: HandHistory, rules: RuleSet | None = None) -> HandCheck | None:
    """The double-dummy check of a played hand; None when no contract was played.

    ``rules`` are the game's (by default a 52-card variant scored by the rubber): in Bridgette
    the hands are solved with the Colons (:func:`~honeymoon.double_dummy.double_dummy`) and a
    double's gain is scored deal by deal when the match is.
    """
    result = hand.result
    contract, declarer, tricks = result.contract, result.declarer, result.declarer_tricks
    if contract is None or declarer is None or tricks is None or hand.deal is None:
        return None
    declarer_hand = hand.deal[int(declarer)]
    defender_hand = hand.deal[1 - int(declarer)]
    solve = double_dummy(rules).tricks
    dd_tricks = 13 - solve(defender_hand, declarer_hand, int(contract.strain), -1, -1)
    double_gain = 0
    if contract.doubling:
        scorer = score_deal if rules is not None and rules.deals_in_match else score_contract
        # Declarer's vulnerability is the one whose score matches the hand's.
        vulnerable = result.score is not None and result.score == scorer(contract, tricks, True)
        undoubled = Contract(contract.level, contract.strain)
        doubled_score = scorer(contract, tricks, vulnerable)
        plain_score = scorer(undoubled, tricks, vulnerable)
        double_gain = _gain(plain_score) - _gain(doubled_score)
    return HandCheck(declarer, contract, tricks, dd_tricks, double_gain)


@dataclass(frozen=True, slots=True)
class SanityStats:
    """One bot's contracts and doubles over some hands (see :func:`SanityStats.of`)."""

    #: Contracts it declared, and made.
    declared: int = 0
    made: int = 0
    #: Its declared contracts that were double-dummy makeable.
    makeable: int = 0
    #: Its declared contracts that needed :data:`FAR_SHORT` or more tricks beyond double dummy.
    far_short: int = 0
    #: Contracts of the opponent it doubled (and the double stood), those it set, and the points
    #: the doubles gained in all (see :attr:`HandCheck.double_gain`).
    doubles: int = 0
    doubles_set: int = 0
    double_gain: int = 0
    #: Slams it declared, made, and that were double-dummy makeable.
    slams: int = 0
    slams_made: int = 0
    slams_makeable: int = 0

    @classmethod
    def of(cls, checks: Iterable[HandCheck | None], seat: Seat | int) -> SanityStats:
        """The statistics of the player in ``seat`` over ``checks``."""
        me = Seat(seat)
        counts = dict.fromkeys((f.name for f in fields(cls)), 0)
        for check in checks:
            if check is None:
                continue
            if check.declarer == me:
                counts["declared"] += 1
                counts["made"] += check.made
                counts["makeable"] += check.makeable
                counts["far_short"] += check.shortfall >= FAR_SHORT
                if check.contract.level >= 6:
                    counts["slams"] += 1
                    counts["slams_made"] += check.made
                    counts["slams_makeable"] += check.makeable
            elif check.doubler == me:
                counts["doubles"] += 1
                counts["doubles_set"] += not check.made
                counts["double_gain"] += check.double_gain
        return cls(**counts)

    def __add__(self, other: SanityStats) -> SanityStats:
        return SanityStats(
            **{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)}
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the counts, the makeable share and the mean gain per double."""
        data: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        data["makeable_share"] = round(self.makeable / self.declared, 4) if self.declared else None
        data["gain_per_double"] = (
            round(self.double_gain / self.doubles, 1) if self.doubles else None
        )
        return data

    def summary(self) -> str:
        """One line: ``declared 40, made 31; double-dummy makeable 85%, 3+ short 1; …``."""
        share = f"{100 * self.makeable / self.declared:.0f}%" if self.declared else "–"
        per_double = f"{self.double_gain / self.doubles:+.0f}" if self.doubles else "–"
        return (
            f"declared {self.declared}, made {self.made}; double-dummy makeable {share}, "
            f"{FAR_SHORT}+ tricks short {self.far_short}; doubles {self.doubles}, set "
            f"{self.doubles_set}, {per_double} points each; slams {self.slams}, made "
            f"{self.slams_made}, makeable {self.slams_makeable}"
        )
