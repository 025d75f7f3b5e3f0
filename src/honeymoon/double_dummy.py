"""Which two-hand solver answers a position of a game: the 52-card one, or Bridgette's with
the Colons (:mod:`honeymoon.solver.colons`). Claims and the analysis ask through here, so one
code path serves every two-hand variant.

Both solvers take the player to move's card mask, the other's, the strain (0-3, 4 for no trump)
and the card id led to the trick in progress (-1 at a trick boundary); Bridgette's also the
suit the player to move may not lead (``barred_suit``, -1 for none; at a trick boundary only),
which the 52-card solver has no use for.

>>> from honeymoon.cards import CardSet
>>> from honeymoon.rules import BRIDGETTE, DRAW_AND_DISCARD
>>> south, east = CardSet.parse("♠AQ").mask, CardSet.parse("♠K :G").mask
>>> double_dummy(DRAW_AND_DISCARD).tricks(south, CardSet.parse("♠K ♥2").mask, 4, -1, -1)
2
>>> double_dummy(BRIDGETTE).tricks(south, east, 4, -1, -1)  # :G spoils the ♠A
1
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from honeymoon.rules import RuleSet
from honeymoon.solver import card_values_raw, solve_tricks
from honeymoon.solver.colons import bridgette_tricks, bridgette_values

__all__ = ["DoubleDummy", "double_dummy"]


class DoubleDummy(NamedTuple):
    """A solver's two calls, each with the arguments ``(mask_to_move, mask_other, trump,
    led_card, barred_suit)``: ``tricks`` the tricks the player to move takes with best play by
    both, ``values`` ``(card id, tricks)`` for each of its legal cards, low card id first."""

    tricks: Callable[[int, int, int, int, int], int]
    values: Callable[[int, int, int, int, int], list[tuple[int, int]]]


def _plain_tricks(mask_to_move: int, mask_other: int, trump: int, led: int, _bar: int) -> int:
    return solve_tricks(mask_to_move, mask_other, trump, led)


def _plain_values(
    mask_to_move: int, mask_other: int, trump: int, led: int, _bar: int
) -> list[tuple[int, int]]:
    return card_values_raw(mask_to_move, mask_other, trump, led)


def _colon_values(
    mask_to_move: int, mask_other: int, trump: int, led: int, bar: int
) -> list[tuple[int, int]]:
    return bridgette_values(mask_to_move, mask_other, trump, led, bar)[1]


_PLAIN = DoubleDummy(_plain_tricks, _plain_values)
_COLONS = DoubleDummy(bridgette_tricks, _colon_values)


def double_dummy(rules: RuleSet | None) -> DoubleDummy:
    """The solver for games under ``rules``: Bridgette's when its pack has the Colons, else
    the 52-card solver (also for ``None``)."""
    return _COLONS if rules is not None and rules.colons else _PLAIN
