"""Tricks: following suit and who wins (RULES.md 1.3), on card ids and card masks.

A trick may hold any number of cards (two in the default profile, four with dummies): each
card is compared with the best so far by :func:`beats`.

>>> from honeymoon.cards import Card
>>> ids = [Card.parse(t).id for t in ("HK", "HA")]
>>> trick_winner(ids, trump=4)  # the ace of the led suit wins at no trump
1
>>> trick_winner([Card.parse("HK").id, Card.parse("S2").id], trump=3)  # a trump wins
1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from honeymoon.cards import CARD_SUIT, SUIT_MASKS, Card

NO_TRUMP = 4


def beats(card: int, best: int, trump: int) -> bool:
    """True if card id ``card`` beats ``best``, the best card of the trick so far.

    A trump beats any non-trump; within a suit the higher card wins; a card of another
    non-trump suit never wins. ``trump`` is 0–3, or 4 at no trump.
    """
    card_suit = CARD_SUIT[card]
    best_suit = CARD_SUIT[best]
    if card_suit == best_suit:
        return card > best
    return card_suit == trump


def trick_winner(cards: Sequence[int], trump: int) -> int:
    """The position (0 = the leader) of the card that wins the trick ``cards`` (card ids)."""
    winner = 0
    for position in range(1, len(cards)):
        if beats(cards[position], cards[winner], trump):
            winner = position
    return winner


def playable_mask(hand: int, led_suit: int) -> int:
    """The cards of ``hand`` (a mask) that may be played; ``led_suit`` is -1 when leading."""
    if led_suit >= 0:
        in_suit = hand & SUIT_MASKS[led_suit]
        if in_suit:
            return in_suit
    return hand


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed (or partial) trick: who led, the cards in playing order, and the winner.

    ``leader`` and ``winner`` are hand numbers (the seat number in the default profile).
    """

    leader: int
    cards: tuple[Card, ...]
    winner: int | None = None

    @property
    def led_suit(self) -> int | None:
        """The suit led, or None for an empty trick."""
        return int(self.cards[0].suit) if self.cards else None
