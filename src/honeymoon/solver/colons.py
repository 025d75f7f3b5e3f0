"""Two-hand double-dummy solver for Bridgette: the 55-card pack with the three Colons.

The rules are the core's (:func:`~honeymoon.tricks.bridgette_playable`,
:func:`~honeymoon.tricks.colon_spoils`, :func:`~honeymoon.tricks.trick_winner`): the follower may
play the Colon that matches the led card's rank group (the Grand with an ace, the Royal with a
king, queen or jack, the Little with 2 to 10) even when able to follow; the leader then wins the
trick and may not lead that suit to the next trick while holding a card of another suit. A Colon
that does not match may be played only when void, as a discard; a Colon is led only from a hand
of Colons alone, and wins only when the other hand plays a Colon to it.

Masks are the project's card masks, Colons included (bits 64-66). ``barred_suit`` is the suit
(0-3) the player to move may not lead to this trick after a matching Colon spoiled its last
lead, or -1; it is given only at a trick boundary (``led_card == -1``). With a led card, it is
on the table: no longer in the leader's hand (``mask_other``), and the player to move holds one
card more than the leader. Within the search, each trick is played by those rules, the bar after
a spoiling Colon included, and lapses as the engine's does.

The search runs in a compiled backend (``honeymoon.solver._colons``, :data:`BACKEND` is
``"compiled"``) or, when it was not built (or ``HONEYMOON_SOLVER=python``), in the pure-Python
reference :mod:`honeymoon.solver._colons_reference`, which gives the same answers far more slowly
(it tries every card: small positions only).

>>> from honeymoon.cards import CardSet
>>> first = CardSet.parse("♠AQ").mask
>>> bridgette_tricks(first, CardSet.parse("♠K ♥2").mask, 4)
2
>>> bridgette_tricks(first, CardSet.parse("♠K :G").mask, 4)  # :G spoils the ♠A: ♠Q must lead
1
>>> bridgette_values(CardSet.parse("♠K :G").mask, CardSet.parse("♠Q").mask, 4, led_card=51)
(1, [(50, 0), (54, 1)])
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

from honeymoon.cards import BRIDGETTE_DECK_MASK, CARD_MASK, Card, CardSet
from honeymoon.errors import SolverInputError

__all__ = ["BACKEND", "bridgette_tricks", "bridgette_values", "colon_nodes", "clear_colon_cache"]


def _load_backend() -> tuple[ModuleType, str]:
    from honeymoon.solver import _colons_reference

    if os.environ.get("HONEYMOON_SOLVER", "").lower() == "python":
        return _colons_reference, "python"
    try:
        # The compiled backend is built with the 52-card kernel; honeymoon.solver already warns
        # once when the kernel is missing, so no second warning here.
        return importlib.import_module("honeymoon.solver._colons"), "compiled"
    except ImportError:
        return _colons_reference, "python"


_backend, _backend_name = _load_backend()
BACKEND: str = _backend_name
"""``"compiled"`` when the compiled Bridgette search is in use, ``"python"`` for the reference."""


def _check(mask_to_move: int, mask_other: int, trump: int, led_card: int, barred_suit: int) -> None:
    """Raise :class:`SolverInputError` unless the arguments describe a position to solve."""
    for mask in (mask_to_move, mask_other):
        if not isinstance(mask, int) or isinstance(mask, bool) or mask < 0:
            raise SolverInputError(
                f"{mask!r} is not a card mask: use a non-negative int (bits 0-12 of four 16-bit "
                "suit lanes, the Colons in bits 64-66)",
                "bad_mask",
            )
        if mask & ~BRIDGETTE_DECK_MASK:
            raise SolverInputError(
                f"{mask:#x} is not a card mask: it has bits outside the 55 cards (bits 0-12 of "
                "four 16-bit suit lanes, the Colons in bits 64-66)",
                "bad_mask",
            )
    if not isinstance(trump, int) or isinstance(trump, bool) or not 0 <= trump <= 4:
        raise SolverInputError(
            f"{trump!r} is not a strain: use 0-3 for a trump suit (clubs to spades), 4 for no "
            "trump",
            "bad_strain",
        )
    if mask_to_move & mask_other:
        names = " ".join(str(card) for card in CardSet(mask_to_move & mask_other))
        raise SolverInputError(f"{names} in both hands", "card_in_both_hands")
    n_mover = mask_to_move.bit_count()
    n_other = mask_other.bit_count()
    if n_mover > 13 or n_other > 13:
        raise SolverInputError(
            f"hands of {n_mover} and {n_other} cards: at most 13 each", "too_many_cards"
        )
    if not isinstance(barred_suit, int) or isinstance(barred_suit, bool):
        raise SolverInputError(
            f"{barred_suit!r} is not a barred suit: use 0-3 (clubs to spades) or -1 for none",
            "bad_barred_suit",
        )
    if led_card != -1:
        if not isinstance(led_card, int) or isinstance(led_card, bool) or not 0 <= led_card < 55:
            raise SolverInputError(
                f"{led_card!r} is not a led card: use a card id 0-54 (52-54 the Colons) or -1 "
                "for none",
                "bad_led_card",
            )
        if CARD_MASK[led_card] & (mask_to_move | mask_other):
            raise SolverInputError(
                f"the led card {Card.from_id(led_card)} is still in a hand; take it out of the "
                "leader's hand (it is on the table)",
                "bad_led_card",
            )
        if n_mover != n_other + 1:
            raise SolverInputError(
                f"with {Card.from_id(led_card)} led, the hand to move should hold one card more "
                f"than the leader, not {n_mover} against {n_other}",
                "unequal_hands",
            )
        if barred_suit != -1:
            raise SolverInputError(
                f"a barred suit ({barred_suit}) is given with a card already led: the bar is "
                "for the lead only, so pass -1 with a led card",
                "bad_barred_suit",
            )
    elif n_mover != n_other:
        raise SolverInputError(
            f"hands of {n_mover} and {n_other} cards: at the start of a trick both hands must "
            "hold as many cards",
            "unequal_hands",
        )
    if not -1 <= barred_suit <= 3:
        raise SolverInputError(
            f"{barred_suit!r} is not a barred suit: use 0-3 (clubs to spades) or -1 for none",
            "bad_barred_suit",
        )


def bridgette_tricks(
    mask_to_move: int, mask_other: int, trump: int, led_card: int = -1, barred_suit: int = -1
) -> int:
    """Tricks the player to move takes of the remaining ones with best play by both.

    :param mask_to_move: card mask of the player to move (Colons in bits 64-66).
    :param mask_other: card mask of the other player (without a card already led).
    :param trump: 0-3 for a trump suit (clubs to spades), 4 for no trump.
    :param led_card: card id (0-54) led to this trick by the other player, or -1.
    :param barred_suit: the suit (0-3) the player to move may not lead (after a matching Colon
        spoiled its last lead), or -1; only with ``led_card == -1``.
    :raises SolverInputError: codes ``bad_mask``, ``card_in_both_hands``, ``unequal_hands``,
        ``too_many_cards``, ``bad_led_card``, ``bad_strain``, ``bad_barred_suit``.
    """
    _check(mask_to_move, mask_other, trump, led_card, barred_suit)
    result: int = _backend.tricks(mask_to_move, mask_other, trump, led_card, barred_suit)
    return result


def bridgette_values(
    mask_to_move: int, mask_other: int, trump: int, led_card: int = -1, barred_suit: int = -1
) -> tuple[int, list[tuple[int, int]]]:
    """The best result for the player to move and ``(card id, tricks)`` for each of its legal
    cards (legal as :func:`~honeymoon.tricks.bridgette_playable` says), low card id first.

    Arguments and errors as :func:`bridgette_tricks`. With no cards left, ``(0, [])``.
    """
    _check(mask_to_move, mask_other, trump, led_card, barred_suit)
    best, values = _backend.values(mask_to_move, mask_other, trump, led_card, barred_suit)
    return best, values


def colon_nodes() -> int:
    """Positions searched by the last Bridgette solve (for measurements)."""
    count: int = _backend.nodes()
    return count


def clear_colon_cache() -> None:
    """Empty the Bridgette solver's table (answers never depend on it)."""
    _backend.clear()
