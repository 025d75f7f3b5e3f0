"""The ``expert`` bot (difficulty ``hard``): sampled layouts solved double dummy.

It sees only its seat's :class:`~honeymoon.views.SeatView`. The hidden cards are sampled
consistently with everything the seat knows (:mod:`honeymoon.bots.sampling`): its hand, its
own discards, every card played, the suits the opponent has shown out of, and, by weighting,
the opponent's calls and the way players keep high cards while drawing. Each layout is solved
with the two-hand double-dummy solver. ``docs/bots.md`` has the method in full.

* **Play**: every legal card is valued on every layout by the solver; each resulting trick
  count is scored for the contract (rubber points, a game's value included) and the card with
  the best weighted mean score wins, ties going to more tricks, then to the lower card. A
  close decision deals more layouts (up to ``max_samples``).
* **Auction**: on each layout the solver gives the tricks of either player as declarer in all
  five strains (the other player leading). Each side's tricks are spread as the play
  spreads them about the double-dummy count (``play_spread``: its own contracts take a
  little more, the opponent's a little less), and each final contract is valued for the
  rubber (a game's worth, and a part score's share of it). Of a few candidate calls (pass, double,
  redouble, the cheapest bid in each strain, the natural, game and slam levels the layouts
  support) it takes the one with the best expected score. The best few are valued with the
  opponent's answer on each layout as the bots' bidding model makes it with that layout's
  hand (``model_answers``): where it passes the layout's tricks score the contract, where it
  bids the seat makes its best call over the layouts that answered alike. Without the model
  (the opponent's hand known, or ``model_answers`` off) a call is valued as if the auction
  ended on it, the opponent still free to double (``auction_depth`` searches further). A tie
  goes to the contract worth most, that is the best strain.
* **Drawing** (Draw and Discard Bridge) uses the heuristic bot's hand-value comparison with
  the expert's values (:data:`~honeymoon.bots.heuristic.EXPERT_DRAWING`): middle cards count
  for more than in the heuristic bot's, length for a little less.
* **Draw Bridge preliminary tricks**: the card that leaves the best expected hand after the
  draw, where winning the trick brings the face-up card (when it is shown) and losing brings
  an unseen one. **Memory Bridge preliminary tricks**: sampled layouts solved at no trump,
  scored by the memory award.
* **Bridgette** (55 cards): the layouts are dealt from the unseen cards of the 55, Colons
  included, and a void is read only from a card that neither follows nor is the matching Colon
  (:func:`~honeymoon.bots.sampling.knowledge_from_view`); each layout is solved by the solver
  that knows the Colons (:mod:`honeymoon.solver.colons`), the bar on the next lead included,
  and contracts are valued deal by deal on the six-deal sheet. The opponent's calls are read
  with Bridgette's bidding model (:class:`~honeymoon.bots.bridgette.BridgetteCallReader`).
  The exchange is the heuristic bot's (it keeps a plan).

The bot is made of parts, one module each: :mod:`~honeymoon.bots.expert.auction` (the reading
of the opponent's calls and the auction search), :mod:`~honeymoon.bots.expert.play` (the card
play), :mod:`~honeymoon.bots.expert.drawing` (Draw Bridge's preliminary tricks) and
:mod:`~honeymoon.bots.expert.values` (what a contract or the memory award is worth).

>>> from honeymoon.game import Game
>>> from honeymoon.views import view_for
>>> game = Game(seed=5, first_dealer=0)
>>> bot = ExpertBot(seed=1, samples=8)
>>> view = view_for(game, game.to_act)
>>> bot.act(view) in view.legal_actions
True
"""

from __future__ import annotations

import random
import time

from honeymoon.bots.advice import Advice
from honeymoon.bots.expert.auction import (
    AUCTION_CONDITION_ATTEMPTS,
    CALL_TOLERANCE,
    DEFAULT_AUCTION_DEPTH,
    DEFAULT_MODEL_ANSWERS,
    MIN_SAMPLES,
    MISFIT_WEIGHT,
    PLAY_SPREAD,
    CallReader,
    PlaySpread,
    _AuctionLayouts,
    _Calls,
    _ModelMemory,
)
from honeymoon.bots.expert.drawing import _Drawing
from honeymoon.bots.expert.play import CLOSE_MARGIN, _Cards, _PlayReading
from honeymoon.bots.expert.values import DEFAULT_PART_SCORE_SHARE, contract_value
from honeymoon.bots.heuristic import EXPERT_DRAWING, DrawingValues, HeuristicBot
from honeymoon.game import Phase
from honeymoon.rules import VARIANTS, Procedure
from honeymoon.views import SeatView, TableView

__all__ = [
    "ExpertBot",
    "contract_value",
    "DEFAULT_SAMPLES",
    "STRONG_SAMPLES",
    "DEFAULT_MAX_SAMPLES",
    "MIN_SAMPLES",
    "CLOSE_MARGIN",
    "CallReader",
    "CALL_TOLERANCE",
    "MISFIT_WEIGHT",
    "AUCTION_CONDITION_ATTEMPTS",
]

#: Layouts per card played and per auction at the default setting.
DEFAULT_SAMPLES = 40
#: Layouts a close decision may grow to at the default setting (three times the default).
DEFAULT_MAX_SAMPLES = 120
#: Layouts at the strong setting (``expert-strong``).
STRONG_SAMPLES = 160


class ExpertBot(_Calls, _Cards, _Drawing):
    """Sampling plus the double-dummy solver (see the module docstring).

    :param seed: seeds the bot's own random generator (a seed replays its choices).
    :param samples: layouts per card played and per auction; more is stronger and slower.
    :param auction_depth: calls looked ahead in the auction search (the bot's call counts).
    :param max_samples: layouts a close decision may grow to, ``samples`` at a time (a card
        whose lead over the next is under :data:`CLOSE_MARGIN` standard errors, a call whose
        expected score leads the next by under :data:`CLOSE_CALL_POINTS`); by default
        :data:`DEFAULT_MAX_SAMPLES`, or ``samples`` if that is more (no growth).
    :param time_budget: seconds a decision may spend dealing and solving layouts; past it no
        further layout is solved (at least :data:`MIN_SAMPLES`). ``None`` (the default) keeps
        no clock, so a seed replays every decision exactly on any machine; with a budget a
        slower machine may solve fewer layouts.
    :param part_score_share: what a part score is worth toward game, as a share of the game's
        worth for each hundred points below the line (0: nothing beyond its points).
    :param model_answers: whether each call of the seat is valued with the opponent's answer
        on each layout as the bots' bidding model makes it with that layout's hand (then the
        seat's best call over the layouts where the opponent answered alike), rather than
        with the opponent as a passer or a doubler (``auction_depth`` then unused, except
        when the opponent's hand is known, and in Bridgette). On by default.
    :param drawing: how the bot values the hand it builds while drawing (Draw and Discard
        Bridge); :data:`~honeymoon.bots.heuristic.EXPERT_DRAWING` by default,
        :data:`~honeymoon.bots.heuristic.PLAIN_DRAWING` draws as the heuristic bot does.
    :param play_spread: how the auction spreads each side's tricks in the play about the
        layouts' double-dummy counts (:data:`PLAY_SPREAD` by default); ``None`` scores each
        contract at the counts themselves, as if both sides played double dummy.
    :param name: the name the bot reports.
    """

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        samples: int = DEFAULT_SAMPLES,
        auction_depth: int = DEFAULT_AUCTION_DEPTH,
        max_samples: int | None = None,
        time_budget: float | None = None,
        part_score_share: float = DEFAULT_PART_SCORE_SHARE,
        model_answers: bool = DEFAULT_MODEL_ANSWERS,
        drawing: DrawingValues = EXPERT_DRAWING,
        play_spread: PlaySpread | None = PLAY_SPREAD,
        name: str = "expert",
    ) -> None:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        if auction_depth < 1:
            raise ValueError("auction_depth must be at least 1")
        if max_samples is not None and max_samples < samples:
            raise ValueError("max_samples must be at least samples")
        if time_budget is not None and not time_budget > 0:
            raise ValueError("time_budget must be a positive number of seconds")
        self.name = name
        self.samples = samples
        self.max_samples = max(samples, DEFAULT_MAX_SAMPLES) if max_samples is None else max_samples
        self.time_budget = time_budget
        self.part_score_share = part_score_share
        self.auction_depth = auction_depth
        self.model_answers = model_answers
        self.play_spread = play_spread
        self._deadline: float | None = None
        self._rng = random.Random(seed)
        self._heuristic = HeuristicBot(seed, drawing=drawing)
        self._auction: _AuctionLayouts | None = None
        self._reading: _PlayReading | None = None
        self._memory: _ModelMemory | None = None

    def act(self, view: SeatView | TableView) -> int:
        """The action :meth:`advise` recommends."""
        return self.advise(view).action

    def advise(self, view: SeatView | TableView) -> Advice:
        """The recommended action for ``view`` with a one-line reason (at the four-hand
        table, the table expert's: :mod:`honeymoon.bots.table_bots`)."""
        if isinstance(view, TableView):
            from honeymoon.bots.table_bots import table_advice

            return table_advice(self, view)
        if not view.legal_actions or view.seat is None:
            raise ValueError("it is not this bot's turn: the view offers no legal action")
        phase = view.phase
        if phase is Phase.DRAWING or phase is Phase.EXCHANGE:
            return self._heuristic.advise(view)
        budget = self.time_budget
        self._deadline = None if budget is None else time.perf_counter() + budget
        if phase is Phase.AUCTION:
            return self._call(view)
        if phase is Phase.PRELIMINARY:
            rules = VARIANTS.get(view.variant)
            if rules is not None and rules.procedure is Procedure.MEMORY:
                return self._play(view)
            return self._draw_bridge_trick(view)
        return self._play(view)
