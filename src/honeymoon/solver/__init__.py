"""Two-hand double-dummy solver: best play with both hands in view.

Give it the two hands (up to 13 cards each), the strain and who is on lead, and it tells how many
of the remaining tricks the player to move takes with best play by both, and what each legal card
is worth. Cards in neither hand take no part. When a card is already led, the leader's hand no
longer holds it and the follower (one card longer) is to move.

The search runs in a compiled kernel (``BACKEND == "compiled"``) or, when that was not built, in
the pure-Python reference :mod:`honeymoon.solver._reference`, which gives the same answers more
slowly. Both keep a transposition table between calls; its entries are exact facts about
positions, so it never changes an answer, only the time taken (:func:`clear_cache` empties it).

>>> from honeymoon.cards import CardSet, Strain
>>> north = CardSet.parse("♠AK ♥2")
>>> south = CardSet.parse("♠Q ♥AK")
>>> solution = solve(north, south, Strain.NOTRUMP, leader=0)
>>> solution.tricks
2
>>> {str(card): value for card, value in solution.card_values.items()}
{'♥2': 1, '♠K': 2, '♠A': 2}

The int-level entry points take card masks and card ids, for bots that solve many positions:

>>> solve_tricks(north.mask, south.mask, 4)
2

Bridgette's 55-card play, with its Colons, has its own solver in :mod:`honeymoon.solver.colons`
(:func:`bridgette_tricks`, :func:`bridgette_values`, exported here too); the functions above
take the 52 cards only.
"""

from __future__ import annotations

import importlib
import os
import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType

from honeymoon.cards import Card, CardSet, Strain
from honeymoon.errors import SolverInputError
from honeymoon.solver.colons import bridgette_tricks, bridgette_values

__all__ = [
    "BACKEND",
    "Solution",
    "solve",
    "solve_tricks",
    "card_values_raw",
    "nodes_searched",
    "clear_cache",
    "bridgette_tricks",
    "bridgette_values",
]


def _load_backend() -> tuple[ModuleType, str]:
    from honeymoon.solver import _reference

    if os.environ.get("HONEYMOON_SOLVER", "").lower() == "python":
        return _reference, "python"
    try:
        kernel = importlib.import_module("honeymoon.solver._kernel")
    except ImportError:
        warnings.warn(
            "honeymoon.solver: the compiled kernel is not built; using the slower pure-Python "
            "reference (reinstall with a C compiler to build it)",
            RuntimeWarning,
            stacklevel=2,
        )
        return _reference, "python"
    return kernel, "compiled"


_backend, _backend_name = _load_backend()
BACKEND: str = _backend_name
"""``"compiled"`` when the C kernel is in use, ``"python"`` when the reference is (set the
environment variable ``HONEYMOON_SOLVER=python`` before import to force the reference)."""


@dataclass(frozen=True, slots=True)
class Solution:
    """The solver's answer for one position.

    ``tricks`` is the number of the remaining tricks (the trick in progress included) that the
    player to move takes with best play by both; the other player takes the rest.
    ``card_values`` maps each legal card of the player to move to the tricks that player takes
    after playing it (and best play afterwards); the best cards have ``tricks``.
    ``nodes`` counts the trick-boundary positions searched.
    """

    player: int
    """Who is to move: 0 for the first hand, 1 for the second."""
    tricks: int
    card_values: Mapping[Card, int]
    nodes: int

    @property
    def best_cards(self) -> tuple[Card, ...]:
        """The legal cards that keep ``tricks``, low card id first."""
        return tuple(card for card, value in self.card_values.items() if value == self.tricks)


def _as_mask(hand: CardSet | int, name: str) -> int:
    if isinstance(hand, CardSet):
        return hand.mask
    if isinstance(hand, int) and not isinstance(hand, bool):
        try:
            return CardSet(hand).mask
        except ValueError:
            pass
    raise SolverInputError(
        f"{name} must be a CardSet or a card mask (bits 0-12 of four 16-bit suit lanes)",
        "bad_mask",
    )


def _as_strain(trump: Strain | int) -> int:
    if isinstance(trump, int) and not isinstance(trump, bool) and 0 <= trump <= 4:
        return int(trump)
    raise SolverInputError(
        f"{trump!r} is not a strain: use Strain.CLUBS … Strain.NOTRUMP or 0-4", "bad_strain"
    )


def _as_card_id(card: Card | int) -> int:
    if isinstance(card, Card):
        return card.id
    if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < 52:
        return card
    raise SolverInputError(f"{card!r} is not a card or a card id 0-51", "bad_led_card")


def solve(
    first_hand: CardSet | int,
    second_hand: CardSet | int,
    trump: Strain | int,
    leader: int,
    led_card: Card | int | None = None,
) -> Solution:
    """Solve a position: the best result for the player to move and the value of each legal card.

    :param first_hand: the first player's cards (a :class:`CardSet` or a card mask).
    :param second_hand: the second player's cards.
    :param trump: the strain, 0-3 for a trump suit (clubs … spades) or 4 for no trump.
    :param leader: who leads the current trick: 0 for the first hand, 1 for the second.
    :param led_card: the card the leader has already led to this trick (no longer in the
        leader's hand), or None at the start of a trick.
    :raises SolverInputError: when a card is in both hands, the hands' lengths do not fit the
        state of the trick, the strain or leader is unknown, or the led card is in a hand.

    >>> from honeymoon.cards import Card, CardSet
    >>> solution = solve(CardSet.parse("♥A2"), CardSet.parse("♥K"), 4, leader=1,
    ...                  led_card=Card.parse("♣2"))
    >>> solution.tricks, [str(card) for card in solution.best_cards]
    (1, ['♥2'])
    """
    first = _as_mask(first_hand, "the first hand")
    second = _as_mask(second_hand, "the second hand")
    strain = _as_strain(trump)
    if leader not in (0, 1) or isinstance(leader, bool):
        raise SolverInputError(
            f"leader must be 0 (first hand) or 1 (second hand), not {leader!r}", "bad_leader"
        )
    led = -1 if led_card is None else _as_card_id(led_card)
    both = first & second
    if both:
        names = " ".join(str(card) for card in CardSet(both))
        raise SolverInputError(f"{names} in both hands", "card_in_both_hands")
    hands = (first, second)
    player = leader if led == -1 else 1 - leader
    if led != -1 and Card.from_id(led).mask & (first | second):
        raise SolverInputError(
            f"the led card {Card.from_id(led)} is still in a hand; remove it from the "
            "leader's hand (it is on the table)",
            "bad_led_card",
        )
    lengths = (first.bit_count(), second.bit_count())
    if max(lengths) > 13:
        raise SolverInputError(
            f"hands of {lengths[0]} and {lengths[1]} cards: at most 13 each", "too_many_cards"
        )
    if led == -1 and lengths[0] != lengths[1]:
        raise SolverInputError(
            f"hands of {lengths[0]} and {lengths[1]} cards: at the start of a trick both hands "
            "must hold as many cards",
            "unequal_hands",
        )
    if led != -1 and lengths[player] != lengths[leader] + 1:
        raise SolverInputError(
            f"with {Card.from_id(led)} led, the leader should hold one card fewer than the "
            f"follower, not {lengths[leader]} against {lengths[player]}",
            "unequal_hands",
        )
    tricks, values = _backend.values(hands[player], hands[1 - player], strain, led)
    return Solution(
        player=player,
        tricks=tricks,
        card_values={Card.from_id(card): value for card, value in values},
        nodes=_backend.nodes(),
    )


def solve_tricks(mask_to_move: int, mask_other: int, trump: int, led_card: int = -1) -> int:
    """Tricks the player to move takes with best play; the fast path for bots.

    :param mask_to_move: card mask of the player to move.
    :param mask_other: card mask of the other player (without a card already led).
    :param trump: 0-3 for a trump suit, 4 for no trump.
    :param led_card: card id of the card led to this trick by the other player, or -1.
    :raises SolverInputError: as :func:`solve` (with shorter messages).
    """
    result: int = _backend.tricks(mask_to_move, mask_other, trump, led_card)
    return result


def card_values_raw(
    mask_to_move: int, mask_other: int, trump: int, led_card: int = -1
) -> list[tuple[int, int]]:
    """``(card id, tricks)`` for each legal card of the player to move, low card id first.

    Arguments as :func:`solve_tricks`.

    >>> card_values_raw(CardSet.parse("♠AK").mask, CardSet.parse("♠Q2").mask, 4)
    [(50, 2), (51, 2)]
    """
    values: list[tuple[int, int]] = _backend.values(mask_to_move, mask_other, trump, led_card)[1]
    return values


def nodes_searched() -> int:
    """Trick-boundary positions searched by the last solve (as counted in ``Solution.nodes``)."""
    count: int = _backend.nodes()
    return count


def clear_cache() -> None:
    """Empty the transposition table kept between solves (answers never depend on it)."""
    _backend.clear()
