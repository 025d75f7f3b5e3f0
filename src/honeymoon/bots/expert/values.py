"""What a contract is worth to the expert (:mod:`honeymoon.bots.expert`): its points for the
rubber, a game's value and a part score's share of it, or deal by deal on Bridgette's sheet;
and the memory award's worth.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from honeymoon.auction import Contract
from honeymoon.cards import Strain
from honeymoon.scoring import (
    GAME_POINTS,
    MEMORY_BONUS,
    RUBBER_BONUS_TWO_GAMES_TO_NIL,
    RUBBER_BONUS_TWO_GAMES_TO_ONE,
    ScoreSheet,
    score_contract,
    score_deal,
)

__all__ = ["contract_value", "deal_value", "FIRST_GAME_VALUE", "DEFAULT_PART_SCORE_SHARE"]

#: The share of a game's worth a part score earns for each hundred points below the line.
DEFAULT_PART_SCORE_SHARE = 0.5
#: What winning the first game is worth beyond its points (a share of the rubber bonus).
FIRST_GAME_VALUE = 300
#: The memory award's contract: 1NT made (RULES.md 4).
_ONE_NO_TRUMP = Contract(1, Strain.NOTRUMP)


def _game_level(strain: Strain) -> int:
    """The lowest level whose contract, made, scores a game by itself (5, 5, 4, 4, 3).

    >>> [_game_level(strain) for strain in Strain]
    [5, 5, 4, 4, 3]
    """
    return next(
        level
        for level in range(1, 8)
        if score_contract(Contract(level, strain), 6 + level, False).declarer_below >= GAME_POINTS
    )


_GAME_LEVEL = tuple(_game_level(strain) for strain in Strain)


@lru_cache(maxsize=1 << 16)
def contract_value(
    contract: Contract,
    tricks: int,
    vulnerable: bool,
    other_vulnerable: bool,
    progress: int,
    part_score_share: float = 0.0,
) -> int:
    """Declarer's points minus the defender's for ``tricks``, plus the value of a game won.

    ``vulnerable`` and ``progress`` are declarer's (points below the line toward the next
    game); ``other_vulnerable`` is the defender's. A first game is worth
    :data:`FIRST_GAME_VALUE` more; a second one wins the rubber and its bonus. A part score
    is a step toward that game: it adds ``part_score_share`` of the game's worth for each
    hundred points it puts below the line.

    >>> contract_value(Contract.parse("4S"), 10, False, False, 0)
    420
    >>> contract_value(Contract.parse("4SX"), 8, True, False, 0)
    -500
    >>> contract_value(Contract.parse("2H"), 8, False, False, 0, 0.5)  # 60 + 0.5 × 300 × 0.6
    150
    """
    score = score_contract(contract, tricks, vulnerable)
    gain = score.declarer_below + score.declarer_above - score.defender_above
    if score.declarer_below:
        if vulnerable:
            game = (
                RUBBER_BONUS_TWO_GAMES_TO_ONE if other_vulnerable else RUBBER_BONUS_TWO_GAMES_TO_NIL
            )
        else:
            game = FIRST_GAME_VALUE
        if progress + score.declarer_below >= GAME_POINTS:
            gain += game
        elif part_score_share:
            gain += round(part_score_share * game * score.declarer_below / GAME_POINTS)
    return gain


@lru_cache(maxsize=1 << 12)
def deal_value(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """Declarer's points minus the defender's for ``tricks`` in a match scored deal by deal
    (Bridgette's six deals: each deal's game or part-score bonus is scored at once).

    >>> deal_value(Contract.parse("4S"), 10, False), deal_value(Contract.parse("2H"), 8, True)
    (420, 110)
    """
    score = score_deal(contract, tricks, vulnerable)
    return score.declarer_below + score.declarer_above - score.defender_above


#: The scorer of a contract for one declarer: its value to declarer for the tricks taken.
_ContractScorer = Callable[[Contract, int], float]


def _contract_scorer(sheet: ScoreSheet, declarer: int, part_score_share: float) -> _ContractScorer:
    """What a contract of ``declarer`` is worth to declarer on ``sheet``: for the rubber
    (:func:`contract_value`), or deal by deal on a six-deal sheet (:func:`deal_value`)."""
    vulnerable = sheet.vulnerable(declarer)
    if sheet.match_deals:

        def one_deal(contract: Contract, tricks: int) -> float:
            return deal_value(contract, tricks, vulnerable)

        return one_deal
    args = (vulnerable, sheet.vulnerable(1 - declarer), sheet.progress[declarer], part_score_share)

    def rubber(contract: Contract, tricks: int) -> float:
        return contract_value(contract, tricks, *args)

    return rubber


@lru_cache(maxsize=64)
def _memory_award(tricks: int, progress: int, vulnerable: bool, other_vulnerable: bool) -> int:
    """The memory award's worth to the seat taking ``tricks`` (≥ 7) preliminary tricks."""
    value = contract_value(_ONE_NO_TRUMP, tricks, False, other_vulnerable, progress)
    below = score_contract(_ONE_NO_TRUMP, tricks, False).declarer_below
    if vulnerable and progress + below >= GAME_POINTS:
        # The award's points count toward a game, and a second game wins the rubber.
        value += (
            RUBBER_BONUS_TWO_GAMES_TO_ONE if other_vulnerable else RUBBER_BONUS_TWO_GAMES_TO_NIL
        ) - FIRST_GAME_VALUE
    return value + MEMORY_BONUS
