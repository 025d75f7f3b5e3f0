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

from honeymoon.cards import (
    CARD_MASK,
    CARD_RANK,
    CARD_SUIT,
    FIRST_COLON_ID,
    FULL_DECK_MASK,
    SUIT_MASKS,
    Card,
    ColonKind,
)

NO_TRUMP = 4


def beats(card: int, best: int, trump: int) -> bool:
    """True if card id ``card`` beats ``best``, the best card of the trick so far.

    A trump beats any non-trump; within a suit the higher card wins; a card of another
    non-trump suit never wins. ``trump`` is 0–3, or 4 at no trump.

    Bridgette's Colons (ids 52–54) never win: a Colon beats nothing, and any suited card beats
    a Colon that was led (a leader holding only Colons).
    """
    if card >= FIRST_COLON_ID:
        return False
    if best >= FIRST_COLON_ID:
        return True
    card_suit = CARD_SUIT[card]
    best_suit = CARD_SUIT[best]
    if card_suit == best_suit:
        return card > best
    return card_suit == trump


def _beats_table(trump: int) -> bytes:
    table = bytearray(55 << 6)
    for best in range(55):
        for card in range(55):
            table[best << 6 | card] = beats(card, best, trump)
    return bytes(table)


#: ``BEATS[trump][best << 6 | card]`` is 1 if card id ``card`` beats ``best`` (see :func:`beats`):
#: the same rule as a lookup, for the engine's hot path. ``trump`` is 0–3, or 4 at no trump.
BEATS: tuple[bytes, ...] = tuple(_beats_table(trump) for trump in range(5))


def trick_winner(cards: Sequence[int], trump: int) -> int:
    """The position (0 = the leader) of the card that wins the trick ``cards`` (card ids).

    Each card is compared with the best so far as :func:`beats` says (written out here, as
    this runs once a trick in every game; Colons, which only Bridgette has, through it).

    >>> trick_winner([Card.parse("HK").id, Card.parse(":R").id], trump=4)  # a Colon never wins
    0
    """
    best = cards[0]
    best_suit = CARD_SUIT[best]
    if len(cards) == 2:
        card = cards[1]
        if card >= FIRST_COLON_ID or best >= FIRST_COLON_ID:
            return 1 if beats(card, best, trump) else 0
        suit = CARD_SUIT[card]
        return 1 if ((card > best) if suit == best_suit else (suit == trump)) else 0
    # Tricks of more than two cards are the four-hand table's, which has no Colons.
    winner = 0
    for position in range(1, len(cards)):
        card = cards[position]
        suit = CARD_SUIT[card]
        if (card > best) if suit == best_suit else (suit == trump):
            best, best_suit, winner = card, suit, position
    return winner


def playable_mask(hand: int, led_suit: int) -> int:
    """The cards of ``hand`` (a mask) that may be played; ``led_suit`` is -1 when leading."""
    if led_suit >= 0:
        in_suit = hand & SUIT_MASKS[led_suit]
        if in_suit:
            return in_suit
    return hand


# Bridgette's Colons ----------------------------------------------------------------------------

#: ``MATCHING_COLON[card_id]`` is the card id of the Colon that goes with a suited card's rank
#: (Grand for an ace, Royal for K Q J, Little for 2–10); -1 for a Colon.
MATCHING_COLON: tuple[int, ...] = tuple(
    FIRST_COLON_ID + ColonKind.of_rank(CARD_RANK[c]) for c in range(52)
) + (-1, -1, -1)


def colon_spoils(led: int, card: int) -> bool:
    """True if ``card`` (a card id) played to the lead ``led`` is the matching Colon: the leader
    then wins the trick and must lead another suit next (Bridgette).

    >>> colon_spoils(Card.parse("SA").id, Card.parse(":G").id)
    True
    >>> colon_spoils(Card.parse("SA").id, Card.parse(":L").id)
    False
    """
    return card >= FIRST_COLON_ID and MATCHING_COLON[led] == card


def bridgette_playable(hand: int, led: int, barred_suit: int) -> int:
    """The cards of ``hand`` (a mask) that may be played in Bridgette (a mask).

    ``led`` is the card id led to this trick, or -1 when leading; ``barred_suit`` is the suit
    (0–3) the leader may not lead after a matching Colon spoiled the last trick, or -1.

    - Leading: any suited card, except the barred suit while holding a card of another suit;
      a Colon only from a hand of Colons alone.
    - Following a suited card: the led suit and the matching Colon; when void in the led suit,
      any card (a Colon that does not match is then a plain discard).
    - Following a led Colon: any card.

    >>> from honeymoon.cards import CardSet
    >>> hand = CardSet.parse("♠K ♥A ♦- ♣- :RG")
    >>> str(CardSet(bridgette_playable(hand.mask, Card.parse("SQ").id, -1)))
    '♠K ♥- ♦- ♣- :R'
    >>> str(CardSet(bridgette_playable(hand.mask, -1, 3)))
    '♠- ♥A ♦- ♣-'
    """
    suited = hand & FULL_DECK_MASK
    if led < 0:
        if barred_suit >= 0:
            others = suited & ~SUIT_MASKS[barred_suit]
            if others:
                return others
        return suited or hand
    if led >= FIRST_COLON_ID:
        return hand
    in_suit = hand & SUIT_MASKS[CARD_SUIT[led]]
    if in_suit:
        return in_suit | (hand & CARD_MASK[MATCHING_COLON[led]])
    return hand


#: The order in which the hands of the two-hand table play: 0 (South), then 1 (East).
TWO_HANDS = (0, 1)


def playing_order(leader: int, order: Sequence[int] = TWO_HANDS) -> tuple[int, ...]:
    """The hands in the order they play to a trick that ``leader`` leads.

    ``order`` is the table's rotation of hand numbers (each plays after the one before it, and
    the first after the last): ``(0, 1)`` for the two-hand table; a four-hand table passes its
    four hands in clockwise order.

    >>> playing_order(1), playing_order(3, (0, 3, 2, 1))
    ((1, 0), (3, 2, 1, 0))
    """
    start = order.index(leader)
    return tuple(order[start:]) + tuple(order[:start])


def next_hands(order: Sequence[int] = TWO_HANDS) -> tuple[int, ...]:
    """For each hand number, the hand that plays after it in ``order`` (a lookup table).

    >>> next_hands(), next_hands((0, 3, 2, 1))
    ((1, 0), (3, 0, 1, 2))
    """
    following = [0] * len(order)
    for index, hand in enumerate(order):
        following[hand] = order[(index + 1) % len(order)]
    return tuple(following)


def trick_won_by(
    cards: Sequence[int], leader: int, trump: int, order: Sequence[int] = TWO_HANDS
) -> int:
    """The hand that wins the trick ``cards`` (card ids in playing order) led by ``leader``."""
    return playing_order(leader, order)[trick_winner(cards, trump)]


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed (or partial) trick: who led, the cards in playing order, and the winner.

    ``leader`` and ``winner`` are hand numbers (the seat number in the default profile);
    ``order`` is the table's rotation of hands (see :func:`playing_order`).
    """

    leader: int
    cards: tuple[Card, ...]
    winner: int | None = None
    order: tuple[int, ...] = TWO_HANDS

    @property
    def led_suit(self) -> int | None:
        """The suit led, or None for an empty trick (or a Colon led, which has no suit)."""
        if not self.cards or self.cards[0].is_colon:
            return None
        return int(self.cards[0].suit)

    @property
    def players(self) -> tuple[int, ...]:
        """The hand that played each card, in playing order.

        >>> Trick(1, (Card.parse("HK"), Card.parse("HA"))).players
        (1, 0)
        """
        return playing_order(self.leader, self.order)[: len(self.cards)]
