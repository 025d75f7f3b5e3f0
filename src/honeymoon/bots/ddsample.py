"""The plain double-dummy sampling bot: a yardstick, not a level offered to players.

The design of the strongest other Honeymoon Bridge program: for each card to play it deals
``samples`` layouts of the hidden cards consistent with what the seat has seen (its hand, its
discards, every card played, the suits the opponent has shown out of), solves each double
dummy and plays the card with the most tricks on average. It reads nothing into the
opponent's calls or drawing: every layout that fits those hard facts is equally likely.
Drawing and bidding are the heuristic bot's (the ``medium`` level's too). Registered as
``ddsample25`` and ``ddsample60`` (:data:`YARDSTICK_SAMPLES` layouts); the match runner plays
the levels against it (``docs/bots.md``).

>>> from honeymoon.game import Game
>>> from honeymoon.views import view_for
>>> game = Game(seed=5, first_dealer=0)
>>> bot = DDSampleBot(seed=1, samples=4)
>>> view = view_for(game, game.to_act)
>>> bot.act(view) in view.legal_actions
True
"""

from __future__ import annotations

import dataclasses

from honeymoon.bots.advice import Advice, Candidate, Figures, Reason, ranked
from honeymoon.bots.heuristic import HeuristicBot
from honeymoon.bots.sampling import knowledge_from_view, sample_layouts
from honeymoon.cards import Card
from honeymoon.game import Phase
from honeymoon.rules import VARIANTS, Procedure
from honeymoon.solver import card_values_raw
from honeymoon.views import SeatView

__all__ = ["DDSampleBot", "YARDSTICK_SAMPLES"]

#: The layouts per card of the registered yardsticks (``ddsample25``, ``ddsample60``).
YARDSTICK_SAMPLES: tuple[int, ...] = (25, 60)


class DDSampleBot(HeuristicBot):
    """Plain double-dummy sampling for the cards; the heuristic bot's drawing and bidding.

    :param seed: seeds the bot's random generator (the auction's and the play's sampling).
    :param samples: layouts dealt and solved per card played.
    """

    def __init__(self, seed: int | str | None = None, *, samples: int = 25) -> None:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        super().__init__(seed)
        self.samples = samples
        self.name = f"ddsample{samples}"

    def _play(self, view: SeatView) -> Advice:
        legal = view.legal_actions
        if len(legal) == 1:
            return Advice(legal[0], Reason.ONLY_CARD, Figures(card=Card.from_id(legal[0])))
        rules = VARIANTS.get(view.variant)
        memory = rules is not None and rules.procedure is Procedure.MEMORY
        if view.phase is Phase.PRELIMINARY and not memory:
            # Draw Bridge's preliminary tricks are about the cards drawn, not tricks.
            return super()._play(view)
        # Hard facts only: every layout that fits them is equally likely.
        knowledge = dataclasses.replace(knowledge_from_view(view), biased=False)
        count = 1 if knowledge.is_exact else self.samples
        layouts = sample_layouts(knowledge, self._rng, count)
        assert view.trump is not None  # a card is asked for only while tricks are played
        trump = int(view.trump)
        trick = view.current_trick
        led = trick.cards[0].id if trick is not None and len(trick.cards) == 1 else -1
        totals = dict.fromkeys(legal, 0)
        for layout in layouts:
            for card, tricks in card_values_raw(knowledge.hand, layout, trump, led):
                totals[card] += tricks
        # The most tricks on average; on a tie the lowest card.
        best = max(legal, key=lambda c: (totals[c], -(c % 13), -c))
        count = len(layouts)
        compared = ranked(best, (Candidate(c, tricks=round(totals[c] / count, 2)) for c in legal))
        figures = Figures(
            card=Card.from_id(best),
            tricks=compared[0].tricks,
            layouts=0 if knowledge.is_exact else count,
        )
        return Advice(best, Reason.MOST_TRICKS, figures, compared)
