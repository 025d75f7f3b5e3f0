"""Layouts of the four hands at the table, drawn from what a seat knows.

:func:`sample_deals` fills the places of the hands the seat cannot see
(:func:`honeymoon.knowledge.knowledge_of` reads them from its view) with the unseen cards, at
random, respecting the voids; the cards left over (a stock not yet dealt, a widow, the
opponent's extra cards) belong to no hand. A layout is a guess that never leaves the bot.

>>> from honeymoon import new_game
>>> from honeymoon.knowledge import knowledge_of
>>> from honeymoon.rules import DOUBLE_DUMMY
>>> from honeymoon.views import view_for
>>> knowledge = knowledge_of(view_for(new_game(DOUBLE_DUMMY, seed=3, first_dealer=0), 0))
>>> deal = sample_deals(knowledge, random.Random(1), 1)[0]
>>> [bin(hand).count("1") for hand in deal], deal[2] == knowledge.known[2]
([13, 13, 13, 13], True)
"""

from __future__ import annotations

import random

from honeymoon.cards import CARD_MASK, CARD_SUIT, mask_to_card_ids
from honeymoon.knowledge import Knowledge

__all__ = ["Deal4", "sample_deals", "SAMPLE_TRIES"]

#: Four hands by Direction (N, E, S, W), as card masks.
Deal4 = tuple[int, int, int, int]

#: Attempts at dealing a layout that respects every void before the voids are dropped.
SAMPLE_TRIES = 50


def _deal_once(
    knowledge: Knowledge, rng: random.Random, cards: list[int], respect_voids: bool
) -> Deal4 | None:
    """One layout, or None when the voids left a card nowhere to go."""
    rng.shuffle(cards)
    hands = list(knowledge.known)
    room = list(knowledge.missing) + [knowledge.spare]
    voids = knowledge.voids
    # The most constrained cards first: those that some hand with room may not take.
    if respect_voids and any(voids):
        cards.sort(key=lambda card: -sum(void >> (16 * CARD_SUIT[card]) & 1 for void in voids))
    for card in cards:
        bit = CARD_MASK[card]
        places = [
            place
            for place in range(5)
            if room[place] and (place == 4 or not respect_voids or not voids[place] & bit)
        ]
        if not places:
            return None
        weights = [room[place] for place in places]
        place = rng.choices(places, weights)[0]
        room[place] -= 1
        if place < 4:
            hands[place] |= bit
    return (hands[0], hands[1], hands[2], hands[3])


def sample_deals(knowledge: Knowledge, rng: random.Random, count: int) -> list[Deal4]:
    """``count`` layouts of the four hands consistent with ``knowledge``: each unseen place
    filled at random from the unseen cards, no card in a suit its hand showed out of (the
    voids are dropped for a layout that cannot be dealt so in :data:`SAMPLE_TRIES` tries)."""
    if knowledge.is_exact:
        known = knowledge.known
        return [(known[0], known[1], known[2], known[3])] * count
    cards = list(mask_to_card_ids(knowledge.unseen))
    layouts: list[Deal4] = []
    for _ in range(count):
        layout = None
        for _ in range(SAMPLE_TRIES):
            layout = _deal_once(knowledge, rng, cards, True)
            if layout is not None:
                break
        if layout is None:
            layout = _deal_once(knowledge, rng, cards, False)
        assert layout is not None
        layouts.append(layout)
    return layouts
