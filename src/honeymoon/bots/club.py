"""The ``club`` bot (difficulty ``medium``): a club player's bidding, an expert's card play.

A good club player bids by hand evaluation and plays the cards well. So this bot draws,
bids and (in Bridgette) exchanges as the heuristic bot does (:mod:`honeymoon.bots.heuristic`:
estimated tricks against sampled hands, the expected score of each call), and plays its
cards as the expert does (:mod:`honeymoon.bots.expert`: layouts of the unseen cards that fit
the drawing and the opponent's calls, each solved double dummy, the card with the best
expected score for the contract). What the ``hard`` level adds is the expert's auction, a
search over the solved layouts. At the four-hand table it is the heuristic table bot.

>>> from honeymoon.game import Game
>>> from honeymoon.views import view_for
>>> game = Game(seed=5, first_dealer=0)
>>> bot = ClubBot(seed=1, samples=8)
>>> view = view_for(game, game.to_act)
>>> bot.act(view) in view.legal_actions
True
"""

from __future__ import annotations

from honeymoon.bots.advice import Advice
from honeymoon.bots.expert import DEFAULT_SAMPLES, ExpertBot
from honeymoon.bots.heuristic import PLAIN_DRAWING
from honeymoon.game import Phase
from honeymoon.views import SeatView, TableView

__all__ = ["ClubBot"]


class ClubBot(ExpertBot):
    """The heuristic bot's drawing and auction; the expert's card play.

    :param seed: seeds the bot's own random generator (a seed replays its choices).
    :param samples: layouts per card played (a close card deals more, up to ``max_samples``).
    :param max_samples: as the expert's (:class:`~honeymoon.bots.expert.ExpertBot`).
    """

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        samples: int = DEFAULT_SAMPLES,
        max_samples: int | None = None,
    ) -> None:
        super().__init__(
            seed, samples=samples, max_samples=max_samples, drawing=PLAIN_DRAWING, name="club"
        )

    def advise(self, view: SeatView | TableView) -> Advice:
        """The heuristic bot's call in the auction; otherwise the expert's advice (at the
        four-hand table, the table bot registered for ``club``: the heuristic one)."""
        if isinstance(view, SeatView) and view.phase is Phase.AUCTION and view.legal_actions:
            return self._heuristic.advise(view)
        return super().advise(view)
