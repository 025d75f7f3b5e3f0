"""What a seat knows about the hidden cards, and layouts of the opponent's hand drawn from it.

:func:`knowledge_from_view` reads a :class:`~honeymoon.views.SeatView` into a
:class:`Knowledge` (through the one reader of what each hand may hold,
:func:`honeymoon.knowledge.knowledge_of`): the seat's hand, the cards the opponent may hold,
the suits it has shown out of, and how many cards it holds. :func:`sample_layouts` draws
opponent hands consistent with all of it; :func:`conditioned_layouts` keeps those that also fit
a test (the expert's reading of the opponent's calls), within a bounded number of tries.

>>> from honeymoon.game import Game
>>> from honeymoon.views import view_for
>>> import random
>>> game = Game(seed=3, first_dealer=0)
>>> knowledge = knowledge_from_view(view_for(game, 1))
>>> knowledge.opponent_size, bin(knowledge.possible).count("1")  # East sees the top card
(0, 51)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from honeymoon.cards import CARD_MASK, mask_to_card_ids
from honeymoon.knowledge import knowledge_of, view_rules
from honeymoon.rules import Procedure
from honeymoon.views import SeatView

__all__ = [
    "Knowledge",
    "DRAW_DISCARD_RANK_WEIGHTS",
    "knowledge_from_view",
    "sample_layouts",
    "conditioned_layouts",
    "CONDITION_ATTEMPTS",
]

#: Layouts drawn per layout wanted, at most, while looking for layouts that fit the
#: opponent's calls (:func:`conditioned_layouts`).
CONDITION_ATTEMPTS = 4

#: Relative weights, by rank (2 … A), of an unseen card being in the opponent's hand after
#: Draw and Discard Bridge drawing: a player keeps high cards and lets low ones go. Measured
#: with the heuristic bot's hand-building rule (``PLAIN_DRAWING``; 1500 deals, both seats): an
#: unseen ace is in the opponent's hand 88% of the time, a king 86%, a queen 76%, a jack 51%, a
#: two 36%. The weights are tuned so that weighted sampling reproduces those frequencies.
DRAW_DISCARD_RANK_WEIGHTS: tuple[float, ...] = (
    0.62,
    0.66,
    0.62,
    0.64,
    0.66,
    0.67,
    0.69,
    0.74,
    0.80,
    1.00,
    2.00,
    2.90,
    3.20,
)


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What one seat knows about the cards it cannot see.

    ``possible`` is the mask of cards the opponent may hold now (not the seat's, not known to
    be out of play, not of a suit the opponent has shown out of); the opponent holds exactly
    ``opponent_size`` of them. ``unseen`` is the same without the void rule (the cards whose
    place the seat does not know). ``opponent_played`` and ``seat_played`` are the cards each
    side has played in the current deal's tricks (to rebuild the hands the auction was about).
    """

    hand: int
    unseen: int
    possible: int
    opponent_size: int
    voids: int
    opponent_played: int
    seat_played: int
    #: Cards in the pool that are more likely the opponent's (Draw and Discard drawing).
    biased: bool

    @property
    def is_exact(self) -> bool:
        """True when the opponent's hand is fully known (every possible card is theirs)."""
        return self.possible.bit_count() == self.opponent_size


def knowledge_from_view(view: SeatView) -> Knowledge:
    """Everything ``view``'s seat knows about the opponent's hand now, read from
    :func:`honeymoon.knowledge.knowledge_of` (voids count where they bind: in the play and
    in Memory Bridge's preliminary tricks).
    """
    if view.seat is None:
        raise ValueError("a spectator's view has no hidden cards of its own")
    me = int(view.seat)
    opponent = 1 - me
    rules = view_rules(view)
    facts = knowledge_of(view)
    size = view.hand_sizes[opponent]
    voids = facts.voids[opponent]
    possible = facts.possible(opponent)
    if possible.bit_count() < size:  # cannot happen in a real game; never sample an empty hand
        possible, voids = facts.unseen, 0
    return Knowledge(
        hand=view.hand.mask,
        unseen=facts.unseen,
        possible=possible,
        opponent_size=size,
        voids=voids,
        opponent_played=facts.played[opponent],
        seat_played=facts.played[me],
        biased=(rules.procedure if rules is not None else Procedure.DRAW_DISCARD)
        is Procedure.DRAW_DISCARD,
    )


def sample_layouts(knowledge: Knowledge, rng: random.Random, count: int) -> list[int]:
    """``count`` opponent hands (card masks) drawn from ``knowledge.possible``.

    Each holds exactly ``knowledge.opponent_size`` cards. In Draw and Discard Bridge high cards
    are drawn more often (:data:`DRAW_DISCARD_RANK_WEIGHTS`, weighted sampling without
    replacement by exponential keys); otherwise every hand is equally likely. When the hand is
    known, every layout is that hand.
    """
    size = knowledge.opponent_size
    pool = mask_to_card_ids(knowledge.possible)
    if size >= len(pool):
        return [knowledge.possible] * count
    layouts: list[int] = []
    if not knowledge.biased:
        for _ in range(count):
            mask = 0
            for card in rng.sample(pool, size):
                mask |= CARD_MASK[card]
            layouts.append(mask)
        return layouts
    inverse = [1.0 / DRAW_DISCARD_RANK_WEIGHTS[card % 13] for card in pool]
    indices = range(len(pool))
    for _ in range(count):
        # Efraimidis-Spirakis: the cards with the smallest -log(u) / weight are taken.
        keys = [-math.log(1.0 - rng.random()) * inverse[i] for i in indices]
        chosen = sorted(indices, key=keys.__getitem__)[:size]
        mask = 0
        for i in chosen:
            mask |= CARD_MASK[pool[i]]
        layouts.append(mask)
    return layouts


def conditioned_layouts(
    knowledge: Knowledge,
    rng: random.Random,
    count: int,
    misfit: Callable[[int], float],
    attempts: int | None = None,
    give_up_after: int | None = None,
) -> tuple[list[int], int]:
    """``count`` layouts drawn as :func:`sample_layouts` draws them, kept only where
    ``misfit(layout)`` is 0 (rejection sampling), and how many of them fit.

    At most ``attempts`` layouts are drawn (by default :data:`CONDITION_ATTEMPTS` per layout
    wanted). With ``give_up_after``, the drawing also stops once that many are drawn and
    the share that fit so far would not reach ``count`` within ``attempts``: calls so rare
    that the tries could not find their layouts are not worth the tries. When fewer than
    ``count`` fit, the rest are the drawn layouts that missed by least (the fitting ones come
    first); when none fits, the first ``count`` drawn, that is plain unconditioned layouts.
    The same ``rng`` state gives the same layouts.

    >>> from honeymoon.cards import FULL_DECK_MASK, SUIT_MASKS, Strain
    >>> knowledge = Knowledge(0, FULL_DECK_MASK, FULL_DECK_MASK, 13, 0, 0, 0, False)
    >>> spades = SUIT_MASKS[Strain.SPADES]
    >>> layouts, fits = conditioned_layouts(
    ...     knowledge, random.Random(1), 5, lambda h: max(0, 4 - (h & spades).bit_count())
    ... )
    >>> fits, all((layout & spades).bit_count() >= 4 for layout in layouts)
    (5, True)
    """
    if count <= 0:
        return [], 0
    if knowledge.is_exact:
        return sample_layouts(knowledge, rng, count), count
    limit = CONDITION_ATTEMPTS * count if attempts is None else max(count, attempts)
    fitting: list[int] = []
    missed: list[tuple[float, int, int]] = []  # (misfit, order drawn, layout)
    drawn = 0
    while len(fitting) < count and drawn < limit:
        batch = min(limit - drawn, max(count - len(fitting), 8))
        for layout in sample_layouts(knowledge, rng, batch):
            miss = misfit(layout)
            if miss <= 0:
                fitting.append(layout)
                if len(fitting) == count:
                    break
            else:
                missed.append((miss, drawn, layout))
            drawn += 1
        if (
            give_up_after is not None
            and drawn >= give_up_after
            and len(fitting) * limit < (count * drawn)
        ):
            break
    fits = len(fitting)
    if fits == 0:  # nothing fits the calls: they say nothing the model can read
        missed.sort(key=lambda item: item[1])
    else:
        missed.sort()
    layouts = fitting + [layout for _, _, layout in missed[: count - fits]]
    if len(layouts) < count:  # attempts below count cannot happen; stay safe
        layouts += sample_layouts(knowledge, rng, count - len(layouts))
    return layouts, fits
