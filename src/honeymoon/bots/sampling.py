"""What a seat knows about the hidden cards, and layouts of the opponent's hand drawn from it.

:func:`knowledge_from_view` reads a :class:`~honeymoon.views.SeatView` into a
:class:`Knowledge`: the seat's hand, the cards known to be out of the opponent's hand (its own
discards, every card played this deal and in finished preliminary tricks), the suits the
opponent has shown out of, and how many cards the opponent holds. :func:`sample_layouts` draws
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
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from honeymoon.cards import (
    BRIDGETTE_DECK_MASK,
    CARD_MASK,
    FIRST_COLON_ID,
    FULL_DECK_MASK,
    SUIT_MASKS,
    mask_to_card_ids,
)
from honeymoon.game import Phase
from honeymoon.rules import PACK_VARIANTS, VARIANTS, Procedure, RuleSet
from honeymoon.tricks import colon_spoils
from honeymoon.views import SeatView, TrickView

__all__ = [
    "Knowledge",
    "DRAW_DISCARD_RANK_WEIGHTS",
    "knowledge_from_view",
    "sample_layouts",
    "conditioned_layouts",
    "CONDITION_ATTEMPTS",
    "view_rules",
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


def _trick_cards(tricks: Sequence[TrickView]) -> int:
    mask = 0
    for trick in tricks:
        for card in trick.cards:
            mask |= card.mask
    return mask


def view_rules(view: SeatView) -> RuleSet | None:
    """The rules ``view`` is played by: its own, or those of its variant's name (a view read
    from a message may carry the name only); None for a variant this program does not know."""
    return view.rules or VARIANTS.get(view.variant) or PACK_VARIANTS.get(view.variant)


def knowledge_from_view(view: SeatView) -> Knowledge:
    """Everything ``view``'s seat knows about the opponent's hand now.

    Voids count in the play phase and in Memory Bridge's preliminary tricks (no drawing
    between tricks); in Draw Bridge's preliminary tricks the opponent may draw a card of a suit
    it showed out of, so voids are not used there.

    In Bridgette the pack has the three Colons. The opponent shows out of a suit only by
    playing a card that neither follows it nor is the Colon matching the led card (which may
    be played while able to follow); a led Colon shows nothing. The upcard is not out of play:
    non-dealer took it, so for dealer it is one of the cards non-dealer may hold.
    """
    if view.seat is None:
        raise ValueError("a spectator's view has no hidden cards of its own")
    me = view.seat
    opponent = me.other
    rules = view_rules(view)
    procedure = rules.procedure if rules is not None else Procedure.DRAW_DISCARD
    colons = rules is not None and rules.colons
    in_tricks = view.phase in (Phase.PLAY, Phase.PRELIMINARY)
    tricks: list[TrickView] = list(view.tricks) if in_tricks else []
    if in_tricks and view.current_trick is not None and view.current_trick.cards:
        tricks.append(view.current_trick)
    voids_count = view.phase is Phase.PLAY or (
        view.phase is Phase.PRELIMINARY and procedure is Procedure.MEMORY
    )
    out = view.discards.mask | _trick_cards(view.preliminary_tricks)
    voids = 0
    opponent_played = 0
    seat_played = 0
    for trick in tricks:
        led = trick.cards[0].id
        seat = trick.leader
        for card in trick.cards:
            out |= card.mask
            if seat == opponent:
                opponent_played |= card.mask
                if voids_count and _shows_out(led, card.id):
                    voids |= SUIT_MASKS[led // 13]
            else:
                seat_played |= card.mask
            seat = seat.other
    for shown in (None if colons else view.face_up, view.looking_at):
        if shown is not None:  # a stock card the seat sees is not in the opponent's hand
            out |= shown.mask
    deck = BRIDGETTE_DECK_MASK if colons else FULL_DECK_MASK
    unseen = deck & ~(view.hand.mask | out)
    size = view.hand_sizes[int(opponent)]
    possible = unseen & ~voids
    if possible.bit_count() < size:  # cannot happen in a real game; never sample an empty hand
        possible, voids = unseen, 0
    return Knowledge(
        hand=view.hand.mask,
        unseen=unseen,
        possible=possible,
        opponent_size=size,
        voids=voids,
        opponent_played=opponent_played,
        seat_played=seat_played,
        biased=procedure is Procedure.DRAW_DISCARD,
    )


def _shows_out(led: int, card: int) -> bool:
    """True if following ``led`` with ``card`` (card ids) shows a void in the led suit: a card
    of another suit, or a Colon that does not match the led card (Bridgette); never after a led
    Colon or a matching one."""
    if led >= FIRST_COLON_ID or led == card:
        return False
    if card >= FIRST_COLON_ID:
        return not colon_spoils(led, card)
    return card // 13 != led // 13


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

    >>> from honeymoon.cards import Strain
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
