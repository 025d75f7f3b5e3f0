"""What a seat at the four-hand table knows about the cards it cannot see, and layouts of them.

:func:`table_knowledge` reads a :class:`~honeymoon.views.TableView` into a
:class:`TableKnowledge`: the cards the seat sees in each hand (its own hand, its dummy once it
may look at it, a dummy face up, a semi-exposed dummy's face-up cards), how many more cards each
hand holds that the seat cannot see, the cards it knows are in no hand (played, or its own
cards waiting to be placed), and the suits each unseen hand has shown out of.
:func:`sample_deals` fills the unseen places with the unseen cards, at random, respecting the
voids; the cards left over (a stock not yet dealt, a widow, the opponent's extra cards) belong
to no hand.

Everything here comes from the view: a layout is a guess that never leaves the bot.

>>> from honeymoon.rules import DOUBLE_DUMMY
>>> from honeymoon.table import TableGame
>>> from honeymoon.views import view_for
>>> game = TableGame(DOUBLE_DUMMY, seed=3, first_dealer=0)
>>> knowledge = table_knowledge(view_for(game, 0))
>>> knowledge.missing, bin(knowledge.unseen).count("1")
((13, 13, 0, 13), 39)
>>> deal = sample_deals(knowledge, random.Random(1), 1)[0]
>>> [bin(hand).count("1") for hand in deal], deal[2] == knowledge.known[2]
([13, 13, 13, 13], True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from honeymoon.cards import CARD_MASK, CARD_SUIT, FULL_DECK_MASK, SUIT_MASKS, mask_to_card_ids
from honeymoon.seats import Direction
from honeymoon.views import TableTrickView, TableView

__all__ = [
    "Deal4",
    "TableKnowledge",
    "table_knowledge",
    "sample_deals",
    "played_cards",
    "SAMPLE_TRIES",
]

#: Four hands by Direction (N, E, S, W), as card masks.
Deal4 = tuple[int, int, int, int]

#: Attempts at dealing a layout that respects every void before the voids are dropped.
SAMPLE_TRIES = 50


@dataclass(frozen=True, slots=True)
class TableKnowledge:
    """What one seat knows about the four hands now.

    ``known[d]`` are the cards of hand ``d`` the seat sees; ``missing[d]`` how many more it
    holds (face down, or the whole hand); ``unseen`` the cards that may be in those places (or
    in no hand: see ``spare``); ``voids[d]`` a mask of the suits hand ``d`` has shown out of.
    """

    known: Deal4
    missing: tuple[int, int, int, int]
    unseen: int
    voids: Deal4

    @property
    def spare(self) -> int:
        """How many unseen cards belong to no hand (stock, widow, another player's extra
        cards)."""
        return self.unseen.bit_count() - sum(self.missing)

    @property
    def is_exact(self) -> bool:
        """True when the seat sees every card of every hand."""
        return not any(self.missing)


def _trick_list(view: TableView) -> list[TableTrickView]:
    tricks = list(view.tricks)
    if view.current_trick is not None and view.current_trick.cards:
        tricks.append(view.current_trick)
    return tricks


def played_cards(view: TableView) -> int:
    """The mask of the cards played so far this hand (public)."""
    mask = 0
    for trick in _trick_list(view):
        for card in trick.cards:
            mask |= card.mask
    return mask


def table_knowledge(view: TableView) -> TableKnowledge:
    """What the seat of ``view`` knows about the four hands (see :class:`TableKnowledge`).

    A hand the seat does not see at all shows a void when it does not follow suit; a hand whose
    cards are partly face up (a semi-exposed dummy) shows nothing by it, since its face-down
    cards do not count for following suit.
    """
    known = [0, 0, 0, 0]
    missing = [0, 0, 0, 0]
    for direction in Direction:
        cards = view.hands[direction]
        mask = cards.mask if cards is not None else 0
        known[direction] = mask
        missing[direction] = max(0, view.hand_sizes[direction] - mask.bit_count())
    played = played_cards(view)
    seen = played | view.extra_cards.mask
    for mask in known:
        seen |= mask
    unseen = FULL_DECK_MASK & ~seen
    voids = [0, 0, 0, 0]
    for trick in _trick_list(view):
        led = trick.cards[0].suit
        for direction, card in zip(trick.players, trick.cards, strict=True):
            if card.suit != led and view.hands[direction] is None:
                voids[direction] |= SUIT_MASKS[int(led)]
    return TableKnowledge(
        (known[0], known[1], known[2], known[3]),
        (missing[0], missing[1], missing[2], missing[3]),
        unseen,
        (voids[0], voids[1], voids[2], voids[3]),
    )


def _deal_once(
    knowledge: TableKnowledge, rng: random.Random, cards: list[int], respect_voids: bool
) -> Deal4 | None:
    """One layout, or None when the voids left a card nowhere to go."""
    rng.shuffle(cards)
    hands = list(knowledge.known)
    room = list(knowledge.missing) + [knowledge.spare]
    voids = knowledge.voids
    # The most constrained cards first: those that some hand with room may not take.
    if respect_voids and any(voids):
        cards.sort(key=lambda card: -sum(voids[d] >> (16 * CARD_SUIT[card]) & 1 for d in range(4)))
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


def sample_deals(knowledge: TableKnowledge, rng: random.Random, count: int) -> list[Deal4]:
    """``count`` layouts of the four hands consistent with ``knowledge``: each unseen place
    filled at random from the unseen cards, no card in a suit its hand showed out of (the
    voids are dropped for a layout that cannot be dealt so in :data:`SAMPLE_TRIES` tries)."""
    if knowledge.is_exact:
        return [knowledge.known] * count
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
