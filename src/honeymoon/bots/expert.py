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

>>> from honeymoon.game import Game
>>> from honeymoon.views import view_for
>>> game = Game(seed=5, first_dealer=0)
>>> bot = ExpertBot(seed=1, samples=8)
>>> view = view_for(game, game.to_act)
>>> bot.act(view) in view.legal_actions
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from honeymoon.actions import card_action, card_of_action
from honeymoon.auction import (
    DOUBLE,
    DOUBLED,
    PASS,
    REDOUBLE,
    Auction,
    AuctionSummary,
    Call,
    Contract,
    bid_action,
    cheapest_bid,
)
from honeymoon.bots.advice import Advice, Candidate, Figures, Reason, ranked
from honeymoon.bots.bridgette import BridgetteCallReader
from honeymoon.bots.heuristic import (
    EXPERT_DRAWING,
    SAMPLE_ATTEMPTS,
    DrawingValues,
    HeuristicBot,
    _TrickTable,
    best_call,
    call_values,
    hand_value,
    shown_suits_of,
    trick_table,
)
from honeymoon.bots.sampling import (
    CONDITION_ATTEMPTS,
    Knowledge,
    conditioned_layouts,
    knowledge_from_view,
    sample_layouts,
)
from honeymoon.cards import CARD_MASK, Card, Strain, mask_to_card_ids
from honeymoon.double_dummy import DoubleDummy, double_dummy
from honeymoon.game import Phase
from honeymoon.knowledge import knowledge_of, view_rules
from honeymoon.rules import VARIANTS, Procedure
from honeymoon.scoring import (
    GAME_POINTS,
    MEMORY_BONUS,
    RUBBER_BONUS_TWO_GAMES_TO_NIL,
    RUBBER_BONUS_TWO_GAMES_TO_ONE,
    ScoreSheet,
    score_contract,
    score_deal,
)
from honeymoon.tricks import beats
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
#: Layouts a decision solves at least, whatever its time budget.
MIN_SAMPLES = 8
#: A card decision is close while the best card's lead over the next is less than this many
#: standard errors (paired over the layouts); a close decision may deal more layouts.
CLOSE_MARGIN = 2.0
#: An auction decision is close while the best call's expected score leads the next by less
#: than this many points.
CLOSE_CALL_POINTS = 40.0
#: Calls whose expected scores are this close (points) are tied; a tie goes to the call
#: whose contract is worth most if the auction ends on it (the best strain, not the lowest).
TIE_POINTS = 1.0
#: The share of a game's worth a part score earns for each hundred points below the line.
DEFAULT_PART_SCORE_SHARE = 0.5
#: Layouts at the strong setting (``expert-strong``).
STRONG_SAMPLES = 160
#: What winning the first game is worth beyond its points (a share of the rubber bonus).
FIRST_GAME_VALUE = 300
#: Calls searched in the auction: the bot's own, the opponent still choosing whether to double
#: (a deeper search, with the opponent answering to hurt the bot most, measured no stronger
#: against the yardstick: the opponent is no such perfect bidder).
DEFAULT_AUCTION_DEPTH = 1
#: Points by which an opponent's call may trail the best call of the bidding model, bidding a
#: layout's hand, before the layout is taken not to fit the call (the model's own sampling of
#: the seat's hand is not the opponent's).
CALL_TOLERANCE = 30.0
#: The seat's hands the bidding model samples when it bids a layout's hand for the opponent
#: (the heuristic bot samples 32; fewer is faster and a little noisier).
READER_SAMPLES = 8
#: How far a call the model rules out (a bid far beyond the hand's tricks) counts as missed.
_RULED_OUT = 1000.0
#: Layouts drawn per layout wanted, at most, while dealing the auction's layouts to fit the
#: opponent's calls: a rare call (a slam opening, a jump) is held by few hands, and a call
#: read on a handful of layouts is a guess. After the usual :data:`CONDITION_ATTEMPTS` per
#: layout the drawing goes on only while one in sixteen fits: a call fewer hands hold than
#: that would cost a second or more of reading for a few layouts.
AUCTION_CONDITION_ATTEMPTS = 16

#: Layouts drawn per layout wanted, at most, to find layouts that fit the calls for a card:
#: one, so a card's new layouts are plain ones weighed by whether they fit (a card is asked
#: for thirteen times a deal; the pool of fitting hands does the rest).
PLAY_CONDITION_ATTEMPTS = 1
#: The weight of a layout that does not fit the opponent's calls, against 1 for one that does.
MISFIT_WEIGHT = 0.02
#: The calls (the best ones searched one call deep, and the pass) valued with the opponent's
#: answers when ``model_answers`` is on.
ANSWERED_CALLS = 4
#: After an answer of the model's that bids or doubles, how many of the seat's calls (the
#: best ones one call deep, and the pass) are valued with the model's next answer, on the
#: layouts that answered alike: one width per further answer. ``()`` values them one call
#: deep, which flatters a cheap bid the opponent would outbid (against the yardstick at 60
#: layouts ``(2,)`` took the expert from +1,156 to +1,407 points per rubber pair over the
#: same 200 pairs; ``(2, 1)``, a third answer, cost about a tenth more time for +36 +- 155,
#: and was not kept; docs/bots.md).
ANSWERED_CONTINUATIONS: tuple[int, ...] = (2,)
#: Whether the seat's calls are valued with the opponent's answers as the bidding model
#: makes them (on by default: against the yardstick at 60 layouts it took the expert from
#: +948 to +1,255 points per rubber pair over the same 200 pairs; docs/bots.md).
DEFAULT_MODEL_ANSWERS = True
#: How the play spreads a declarer's tricks about the deal's double-dummy count: for the seat
#: declaring and for the opponent declaring, the shares of contracts taking 3, 2, 1 fewer
#: tricks, as many, 1, 2, 3 more (the middle entry is "as many").
PlaySpread = tuple[tuple[float, ...], tuple[float, ...]]
#: How a declarer's tricks in the play fall about the double-dummy count of the deal, as the
#: bots play the cards (single dummy, the opening lead blind): the share of contracts taking
#: 3, 2, 1 fewer, the same, 1, 2, 3 more. The seat declaring (the expert's play, which reads
#: the drawing and the calls) and the opponent declaring against its defence; measured over
#: the expert's contracts and its opponents' in its Draw and Discard matches against medium
#: and the yardstick at 60 layouts (3,318 and 3,222 contracts; ``benchmarks/play_spread.py``
#: reads them from the records, and the opponent's last share, 0.003 there, is rounded down
#: so that each row adds up to one). The other variants' auctions use the same spread.
PLAY_SPREAD: PlaySpread = (
    (0.009, 0.021, 0.129, 0.617, 0.180, 0.039, 0.005),
    (0.007, 0.034, 0.204, 0.606, 0.129, 0.018, 0.002),
)
#: The memory award's contract: 1NT made (RULES.md 4).
_ONE_NO_TRUMP = Contract(1, Strain.NOTRUMP)


def _game_level(strain: Strain) -> int:
    """The lowest level whose contract, made, scores a game by itself (5, 5, 4, 4, 3).

    >>> [_game_level(strain) for strain in Strain]
    [5, 5, 4, 4, 3]
    """
    return next(
        level
        for level in range(1, 8)
        if score_contract(Contract(level, strain), 6 + level, False).declarer_below >= GAME_POINTS
    )


_GAME_LEVEL = tuple(_game_level(strain) for strain in Strain)

#: The scorer of a solver value: (points for the seat, whether the seat reaches its goal).
_Outcome = Callable[[int], tuple[float, bool]]


@lru_cache(maxsize=1 << 16)
def contract_value(
    contract: Contract,
    tricks: int,
    vulnerable: bool,
    other_vulnerable: bool,
    progress: int,
    part_score_share: float = 0.0,
) -> int:
    """Declarer's points minus the defender's for ``tricks``, plus the value of a game won.

    ``vulnerable`` and ``progress`` are declarer's (points below the line toward the next
    game); ``other_vulnerable`` is the defender's. A first game is worth
    :data:`FIRST_GAME_VALUE` more; a second one wins the rubber and its bonus. A part score
    is a step toward that game: it adds ``part_score_share`` of the game's worth for each
    hundred points it puts below the line.

    >>> contract_value(Contract.parse("4S"), 10, False, False, 0)
    420
    >>> contract_value(Contract.parse("4SX"), 8, True, False, 0)
    -500
    >>> contract_value(Contract.parse("2H"), 8, False, False, 0, 0.5)  # 60 + 0.5 × 300 × 0.6
    150
    """
    score = score_contract(contract, tricks, vulnerable)
    gain = score.declarer_below + score.declarer_above - score.defender_above
    if score.declarer_below:
        if vulnerable:
            game = (
                RUBBER_BONUS_TWO_GAMES_TO_ONE if other_vulnerable else RUBBER_BONUS_TWO_GAMES_TO_NIL
            )
        else:
            game = FIRST_GAME_VALUE
        if progress + score.declarer_below >= GAME_POINTS:
            gain += game
        elif part_score_share:
            gain += round(part_score_share * game * score.declarer_below / GAME_POINTS)
    return gain


@lru_cache(maxsize=1 << 12)
def deal_value(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """Declarer's points minus the defender's for ``tricks`` in a match scored deal by deal
    (Bridgette's six deals: each deal's game or part-score bonus is scored at once).

    >>> deal_value(Contract.parse("4S"), 10, False), deal_value(Contract.parse("2H"), 8, True)
    (420, 110)
    """
    score = score_deal(contract, tricks, vulnerable)
    return score.declarer_below + score.declarer_above - score.defender_above


#: The scorer of a contract for one declarer: its value to declarer for the tricks taken.
_ContractScorer = Callable[[Contract, int], float]


def _contract_scorer(sheet: ScoreSheet, declarer: int, part_score_share: float) -> _ContractScorer:
    """What a contract of ``declarer`` is worth to declarer on ``sheet``: for the rubber
    (:func:`contract_value`), or deal by deal on a six-deal sheet (:func:`deal_value`)."""
    vulnerable = sheet.vulnerable(declarer)
    if sheet.match_deals:

        def one_deal(contract: Contract, tricks: int) -> float:
            return deal_value(contract, tricks, vulnerable)

        return one_deal
    args = (vulnerable, sheet.vulnerable(1 - declarer), sheet.progress[declarer], part_score_share)

    def rubber(contract: Contract, tricks: int) -> float:
        return contract_value(contract, tricks, *args)

    return rubber


def _call_reader(
    view: SeatView, knowledge: Knowledge, memory: _ModelMemory | None = None
) -> CallReader | BridgetteCallReader:
    """The reader of the opponent's calls: the bots' bidding model, or Bridgette's.
    ``memory`` keeps the model's work for the deal (:class:`_ModelMemory`)."""
    if _colons(view):
        return BridgetteCallReader(view)
    return CallReader(view, knowledge, memory)


def _colons(view: SeatView) -> bool:
    """True when ``view``'s variant is played with Bridgette's Colons."""
    rules = view_rules(view)
    return rules is not None and rules.colons


def _action_values(solver: DoubleDummy, colons: bool, *position: int) -> list[tuple[int, int]]:
    """``(action, tricks)`` for each legal card of the position (a Colon's action is not its
    card id)."""
    values = solver.values(*position)
    if colons:
        return [(card_action(card), tricks) for card, tricks in values]
    return values


@lru_cache(maxsize=64)
def _memory_award(tricks: int, progress: int, vulnerable: bool, other_vulnerable: bool) -> int:
    """The memory award's worth to the seat taking ``tricks`` (≥ 7) preliminary tricks."""
    value = contract_value(_ONE_NO_TRUMP, tricks, False, other_vulnerable, progress)
    below = score_contract(_ONE_NO_TRUMP, tricks, False).declarer_below
    if vulnerable and progress + below >= GAME_POINTS:
        # The award's points count toward a game, and a second game wins the rubber.
        value += (
            RUBBER_BONUS_TWO_GAMES_TO_ONE if other_vulnerable else RUBBER_BONUS_TWO_GAMES_TO_NIL
        ) - FIRST_GAME_VALUE
    return value + MEMORY_BONUS


@dataclass(frozen=True, slots=True)
class _CallPoint:
    """One call of the opponent and what it was made over."""

    action: int
    #: The legal calls then.
    legal: tuple[int, ...]
    #: The contract standing (its doubling included), and whether it was the opponent's.
    current: Contract | None
    theirs_standing: bool
    #: The suits the seat had bid, and its last bid, by then (what the opponent read).
    seat_suits: tuple[int, ...]
    seat_bid: Contract | None


@dataclass(slots=True)
class _ModelMemory:
    """The bidding model's work in one deal, kept from one decision to the next.

    A trick table depends only on the hand read, the suits and bid the seat had shown, and
    the model's samples of the seat's hand; an answer also on the point of the auction. The
    samples are drawn from the cards the opponent could not see (seeded by them), which stay
    the same through the deal's auction and play, so every reader of the deal finds the same
    tables and answers: keeping them changes no choice, it only saves working them out again.
    """

    #: The deal, the cards the model's samples are drawn from, and the score the model's
    #: values depend on (each side's vulnerability and progress toward game).
    key: tuple[int, int, tuple[bool, bool], tuple[int, int]]
    tables: dict[tuple[int, tuple[int, ...], Contract | None], _TrickTable]
    answers: dict[tuple[int, _CallPoint], int]


class CallReader:
    """What the opponent's calls say about its hand, read with the bots' bidding model.

    :meth:`misfit` bids a possible hand of the opponent with the heuristic bot's own functions
    (:func:`~honeymoon.bots.heuristic.trick_table` and
    :func:`~honeymoon.bots.heuristic.call_values`: the opponent's trick table against sampled
    hands of the seat, from what the opponent knew, and the value of each call), at each of
    the opponent's calls in order, and says by how many points the first call the hand does
    not fit trails the model's best call beyond :data:`CALL_TOLERANCE`, each call after it
    counting as ruled out (0: the hand fits every call). An opening of 1♠ is
    then held by the hands the model opens 1♠ with, and a pass by hands it passes with.

    The hands are the opponent's hands of the auction (in the play, the current hand with the
    cards it has played). The model's samples of the seat's hand are drawn once for the
    reader, seeded by the cards they are drawn from, and shared by every hand it reads, so a
    hand's misfit is the same whenever it is asked.
    """

    def __init__(
        self, view: SeatView, knowledge: Knowledge, memory: _ModelMemory | None = None
    ) -> None:
        assert view.seat is not None
        me = int(view.seat)
        opponent = 1 - me
        summary = _summary(view)
        points: list[_CallPoint] = []
        if view.first_caller is not None:
            auction = Auction(int(view.first_caller))
            for index, seen in enumerate(summary.calls):
                if seen.caller == opponent:
                    mine = [s for s in summary.calls[:index] if s.caller == me]
                    bids = [s.call.contract for s in mine if s.call.contract is not None]
                    points.append(
                        _CallPoint(
                            seen.call.action,
                            auction.legal_calls(),
                            seen.contract_before,
                            seen.bidder_before == opponent,
                            shown_suits_of(mine),
                            bids[-1] if bids else None,
                        )
                    )
                auction.add(seen.call.action)
        self.points = tuple(points)
        # The auction so far and the seat's calls in it, for the model's answer to a call.
        self._auction = auction
        self._seat_calls = tuple(s.call.action for s in summary.calls if s.caller == me)
        self._opponent = opponent
        sheet = view.score_sheet
        self._vulnerable = (sheet.vulnerable(opponent), sheet.vulnerable(me))
        self._progress = (sheet.progress[opponent], sheet.progress[me])
        # What the opponent could not see: the seat's hand of the auction and its discards.
        seat_cards = knowledge.hand | knowledge.seat_played
        self._their_pool = seat_cards | view.discards.mask
        self._seat_size = seat_cards.bit_count()
        # The model's samples of the seat's hand, drawn once (seeded by the cards they are
        # drawn from) and shared by every hand read, which is much faster than drawing them
        # for each hand.
        seat_knowledge = Knowledge(
            0, self._their_pool, self._their_pool, self._seat_size, 0, 0, 0, knowledge.biased
        )
        rng = random.Random(self._their_pool)
        self._rng = rng
        self._candidates = tuple(
            tuple(sample_layouts(seat_knowledge, rng, SAMPLE_ATTEMPTS))
            for _ in range(READER_SAMPLES)
        )
        self._cache: dict[int, float] = {}
        key = (view.hand_number, self._their_pool, self._vulnerable, self._progress)
        if memory is None or memory.key != key:
            memory = _ModelMemory(key, {}, {})
        #: The model's work, shared with the deal's other readers through :attr:`memory`.
        self.memory = memory
        self._answers = memory.answers
        self._tables = memory.tables

    def __bool__(self) -> bool:
        return bool(self.points)

    def _trick_table(self, hand: int, point: _CallPoint) -> _TrickTable:
        """The model's trick table of the opponent holding ``hand`` at ``point`` (kept)."""
        key = (hand, point.seat_suits, point.seat_bid)
        table = self._tables.get(key)
        if table is None:
            knowledge = Knowledge(hand, 0, 0, 0, 0, 0, 0, False)  # unused: the draws are made
            table = trick_table(
                hand,
                knowledge,
                self._rng,
                point.seat_suits,
                point.seat_bid,
                candidates=self._candidates,
            )
            self._tables[key] = table
        return table

    def _values(self, hand: int, point: _CallPoint) -> dict[int, float]:
        """The model's value of each call it would consider at ``point`` with ``hand``."""
        values, _ = call_values(
            self._trick_table(hand, point),
            point.legal,
            point.current,
            point.theirs_standing,
            self._vulnerable,
            self._progress,
        )
        return values

    def answer_point(self, *calls: int) -> _CallPoint | None:
        """Where the opponent stands after ``calls`` from now (the seat's call, and then the
        opponent's answer and the seat's next call; the opponent's own call unknown, -1), or
        None when the last call ends the auction."""
        auction = self._auction.copy()
        for call in calls:
            auction.add(call)
        if auction.is_finished:
            return None
        seat_calls = (*self._seat_calls, *calls[::2])
        suits = sorted(
            {
                int(strain)
                for strain in (Call(action).strain for action in seat_calls)
                if strain is not None and strain is not Strain.NOTRUMP
            }
        )
        bids = [c for c in (Call(action).contract for action in seat_calls) if c is not None]
        return _CallPoint(
            -1,
            auction.legal_calls(),
            auction.contract,
            auction.declarer == self._opponent,
            tuple(suits),
            bids[-1] if bids else None,
        )

    def answer(self, hand: int, point: _CallPoint) -> int:
        """The call the bots' bidding model makes at ``point`` holding ``hand`` (kept: a
        close call asks again for the same layouts as it deals more)."""
        key = (hand, point)
        answer = self._answers.get(key)
        if answer is None:
            answer = best_call(self._values(hand, point))
            self._answers[key] = answer
        return answer

    def misfit(self, hand: int) -> float:
        """Points by which the opponent's calls trail the model's, had it held ``hand``."""
        cached = self._cache.get(hand)
        if cached is not None:
            return cached
        total = 0.0
        for index, point in enumerate(self.points):
            values = self._values(hand, point)
            value = values.get(point.action)
            miss = _RULED_OUT if value is None else max(values.values()) - value - CALL_TOLERANCE
            if miss > 0:
                # The reading stops at the first call the hand does not fit; the calls left
                # unread count as missed, so a hand that fits more calls misses by less.
                total = miss + _RULED_OUT * (len(self.points) - index - 1)
                break
        self._cache[hand] = total
        return total


@dataclass(slots=True)
class _AuctionLayouts:
    """The layouts of one auction and their double-dummy tricks (kept for the whole auction).

    ``seat_tricks[i][s]`` are the tricks the seat takes as declarer in strain ``s`` on layout
    ``i`` (the opponent leading); ``opponent_tricks[i][s]`` those the opponent takes.
    ``fits[i]`` says whether layout ``i`` fits the opponent's calls so far (read anew after
    each call of the opponent, ``calls_read`` being the calls read).
    """

    key: tuple[int, int, int, int]
    layouts: list[int]
    seat_tricks: list[tuple[int, ...]]
    opponent_tricks: list[tuple[int, ...]]
    fits: list[bool]
    calls_read: int = 0

    @property
    def fitting(self) -> int:
        """How many layouts fit the opponent's calls."""
        return sum(self.fits)

    def weights(self) -> list[float]:
        """1 for a layout that fits the calls, :data:`MISFIT_WEIGHT` for one that does not
        (so all weigh the same when none fits)."""
        return [1.0 if fit else MISFIT_WEIGHT for fit in self.fits]


@dataclass(slots=True)
class _PlayReading:
    """The opponent's calls read for the play of one deal, and the hands found to fit them."""

    key: tuple[int, int, int, int]
    reader: CallReader | BridgetteCallReader
    #: The opponent's hands of the auction (its current hand and the cards it has played)
    #: known to fit its calls.
    pool: list[int]


class ExpertBot:
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

    # -- card play --------------------------------------------------------------------------

    def _layouts(self, knowledge: Knowledge, count: int | None = None) -> list[int]:
        if knowledge.is_exact:
            return sample_layouts(knowledge, self._rng, 1)
        return sample_layouts(knowledge, self._rng, self.samples if count is None else count)

    def _out_of_time(self, solved: int) -> bool:
        """True when the decision's time budget is spent (never before :data:`MIN_SAMPLES`
        layouts, never without a budget)."""
        deadline = self._deadline
        return deadline is not None and solved >= MIN_SAMPLES and time.perf_counter() > deadline

    def _reader(self, view: SeatView, knowledge: Knowledge) -> CallReader | BridgetteCallReader:
        """A reader of the opponent's calls that shares the model's work done earlier in the
        deal (:class:`_ModelMemory`)."""
        reader = _call_reader(view, knowledge, self._memory)
        if isinstance(reader, CallReader):
            self._memory = reader.memory
        return reader

    def _reader_for(self, view: SeatView, knowledge: Knowledge) -> _PlayReading:
        """The reading of the opponent's calls kept through the play of a deal: the reader
        and a pool of the opponent's hands of the auction that fit the calls (first the
        auction's own layouts that fit them, then those found for earlier cards)."""
        key = (
            view.hand_number,
            len(_summary(view).calls),
            knowledge.hand | knowledge.seat_played,
            view.discards.mask,
        )
        kept = self._reading
        if kept is None or kept.key != key:
            reader = self._reader(view, knowledge)
            table = self._auction
            pool: list[int] = []
            if reader and table is not None and table.key[0] == view.hand_number:
                pool = [layout for layout in table.layouts if reader.misfit(layout) <= 0]
            kept = _PlayReading(key, reader, pool)
            self._reading = kept
        return kept

    def _play_layouts(
        self, view: SeatView, knowledge: Knowledge, count: int | None = None
    ) -> tuple[list[int], list[float]]:
        """Layouts for a card and their weights. In the play they fit the opponent's calls
        (the layout with the cards it has played being its hand of the auction): the pool's
        hands that agree with the cards played so far, then layouts dealt to fit; 1 for a
        layout that fits and :data:`MISFIT_WEIGHT` for one that does not."""
        wanted = (1 if knowledge.is_exact else self.samples) if count is None else count
        if knowledge.is_exact or view.phase is not Phase.PLAY:
            layouts = self._layouts(knowledge, wanted)
            return layouts, [1.0] * len(layouts)
        reading = self._reader_for(view, knowledge)
        reader = reading.reader
        if not reader:
            layouts = self._layouts(knowledge, wanted)
            return layouts, [1.0] * len(layouts)
        played = knowledge.opponent_played
        possible = knowledge.possible
        agreeing = [
            hand & ~played
            for hand in reading.pool
            if hand & played == played and not hand & ~played & ~possible
        ]
        if len(agreeing) >= wanted:
            return self._rng.sample(agreeing, wanted), [1.0] * wanted
        short = wanted - len(agreeing)
        layouts, fits = conditioned_layouts(
            knowledge,
            self._rng,
            short,
            lambda layout: reader.misfit(layout | played),
            PLAY_CONDITION_ATTEMPTS * short,
        )
        reading.pool.extend(layout | played for layout in layouts[:fits])
        fitting = len(agreeing) + fits
        if not fitting:
            return layouts, [1.0] * len(layouts)
        return agreeing + layouts, [1.0] * fitting + [MISFIT_WEIGHT] * (short - fits)

    def _play(self, view: SeatView) -> Advice:
        """Choose a card by its mean score over solved layouts (play, and Memory Bridge's
        preliminary tricks)."""
        legal = view.legal_actions
        if len(legal) == 1:
            only = Card.from_id(card_of_action(legal[0]))
            return Advice(legal[0], Reason.ONLY_CARD, Figures(card=only))
        assert view.seat is not None
        me = int(view.seat)
        knowledge = knowledge_from_view(view)
        layouts, weights = self._play_layouts(view, knowledge)
        trick = view.current_trick
        led = trick.cards[0].id if trick is not None and len(trick.cards) == 1 else -1
        contract = view.contract if view.phase is Phase.PLAY else None
        assert view.trump is not None  # a card is asked for only while tricks are played
        trump = int(view.trump)
        colons = _colons(view)
        solver = double_dummy(view_rules(view))
        barred = int(view.barred_suit) if view.barred_suit is not None and led < 0 else -1
        outcome = self._outcome_function(view, me)
        score = dict.fromkeys(legal, 0.0)
        tricks = dict.fromkeys(legal, 0.0)
        success = dict.fromkeys(legal, 0.0)
        # Each layout's points per card, to tell a close decision (paired over the layouts).
        rows: list[tuple[float, dict[int, float]]] = []
        hand = knowledge.hand
        count = 0
        while True:
            for layout, weight in zip(layouts, weights, strict=True):
                if self._out_of_time(count):
                    break
                count += 1
                if not weight:
                    continue
                row: dict[int, float] = {}
                for choice, value in _action_values(
                    solver, colons, hand, layout, trump, led, barred
                ):
                    points, good = outcome(value)
                    row[choice] = points
                    score[choice] += weight * points
                    tricks[choice] += weight * value
                    if good:
                        success[choice] += weight
                rows.append((weight, row))
            more = min(self.samples, self.max_samples - count)
            if (
                knowledge.is_exact
                or more <= 0
                or self._out_of_time(count)
                or not _close_cards(rows, score, tricks, legal)
            ):
                break
            layouts, weights = self._play_layouts(view, knowledge, more)
        best = max(legal, key=lambda c: (score[c], tricks[c], -(c % 13), -c))
        total = sum(weight for weight, _ in rows) or 1.0
        # The advice: the best card, and every card with its mean outcome (no layout).
        compared = ranked(
            best,
            (
                Candidate(
                    c,
                    score=round(score[c] / total),
                    tricks=round(tricks[c] / total, 2),
                    chance=round(success[c] / total, 3),
                )
                for c in legal
            ),
        )
        declarer = view.declarer == view.seat
        code = Reason.MEMORY if contract is None else Reason.MAKES if declarer else Reason.SETS
        if knowledge.is_exact and not success[best]:
            code = Reason.LOST
        figures = Figures(
            card=Card.from_id(card_of_action(best)),
            contract=contract,
            declarer=declarer if contract is not None else None,
            chance=compared[0].chance,
            layouts=0 if knowledge.is_exact else count,
        )
        return Advice(best, code, figures, compared)

    def _outcome_function(self, view: SeatView, me: int) -> _Outcome:
        """The scorer of a card's solver value (the seat's tricks from now on)."""
        sheet = view.score_sheet
        remaining = 13 - len(view.tricks)
        won = view.tricks_won
        contract = view.contract if view.phase is Phase.PLAY else None
        if contract is None:
            # Memory Bridge: seven or more tricks win the award.
            progress = sheet.progress
            vulnerable = (sheet.vulnerable(me), sheet.vulnerable(1 - me))

            def memory(value: int) -> tuple[float, bool]:
                mine = won[me] + value
                if mine >= 7:
                    return _memory_award(mine, progress[me], *vulnerable), True
                theirs = 13 - mine
                return -_memory_award(theirs, progress[1 - me], *vulnerable[::-1]), False

            return memory
        declarer = int(view.declarer) if view.declarer is not None else me
        sign = 1 if declarer == me else -1
        need = contract.tricks_needed
        scorer = _contract_scorer(sheet, declarer, self.part_score_share)

        def played(value: int) -> tuple[float, bool]:
            mine = won[me] + value
            taken = mine if declarer == me else won[declarer] + remaining - value
            points = sign * scorer(contract, taken)
            return points, (taken >= need) == (declarer == me)

        return played

    # -- auction ----------------------------------------------------------------------------

    def _auction_layouts(
        self, view: SeatView, knowledge: Knowledge
    ) -> tuple[_AuctionLayouts, CallReader | BridgetteCallReader | None]:
        """Layouts and their tricks for the current auction (solved once, kept for the
        auction), each marked whether it fits the opponent's calls; after a new call of the
        opponent, layouts that fit it are dealt until :attr:`samples` fit (or the tries run
        out)."""
        key = (view.hand_number, knowledge.hand, knowledge.possible, knowledge.opponent_size)
        table = self._auction
        fresh = table is None or table.key != key
        if table is None or fresh:
            table = _AuctionLayouts(key, [], [], [], [])
            self._auction = table
        reader = None if knowledge.is_exact else self._reader(view, knowledge)
        calls = len(reader.points) if reader else 0
        if calls != table.calls_read:
            assert reader is not None
            table.fits = [reader.misfit(layout) <= 0 for layout in table.layouts]
            table.calls_read = calls
        elif not fresh:
            return table, reader
        wanted = 1 if knowledge.is_exact else self.samples
        if table.fitting < wanted:
            self._solve_auction_layouts(view, table, knowledge, wanted - table.fitting, reader)
        return table, reader

    def _solve_auction_layouts(
        self,
        view: SeatView,
        table: _AuctionLayouts,
        knowledge: Knowledge,
        count: int,
        reader: CallReader | BridgetteCallReader | None,
    ) -> None:
        """Deal ``count`` more layouts into ``table`` (fitting the calls ``reader`` reads,
        as far as they can) and solve each in the ten ways."""
        hand = knowledge.hand
        solve = double_dummy(view_rules(view)).tricks
        if reader:
            layouts, _ = conditioned_layouts(
                knowledge,
                self._rng,
                count,
                reader.misfit,
                AUCTION_CONDITION_ATTEMPTS * count,
                CONDITION_ATTEMPTS * count,
            )
        else:
            layouts = self._layouts(knowledge, count)
        for layout in layouts:
            if self._out_of_time(len(table.layouts)):
                break
            table.layouts.append(layout)
            table.fits.append(not reader or reader.misfit(layout) <= 0)
            table.seat_tricks.append(tuple(13 - solve(layout, hand, s, -1, -1) for s in range(5)))
            table.opponent_tricks.append(
                tuple(13 - solve(hand, layout, s, -1, -1) for s in range(5))
            )

    def _call(self, view: SeatView) -> Advice:
        assert view.seat is not None
        me = int(view.seat)
        knowledge = knowledge_from_view(view)
        table, reader = self._auction_layouts(view, knowledge)
        summary = _summary(view)
        state = _state_of(summary)
        legal = set(view.legal_actions)
        rounds = 0
        while True:
            weights = table.weights()
            search = _AuctionSearch(
                view, me, table, weights, self.part_score_share, self.play_spread
            )
            if self.model_answers and isinstance(reader, CallReader):
                values = _answered_values(
                    view,
                    me,
                    table,
                    weights,
                    reader,
                    search,
                    state,
                    self.part_score_share,
                    self.play_spread,
                )
            else:
                values = search.root_values(state, self.auction_depth)
            options = [(value, call) for call, value in values if call in legal]
            more = min(self.samples, self.max_samples - table.fitting)
            rounds += 1
            if (
                knowledge.is_exact
                or more <= 0
                or rounds * self.samples >= self.max_samples
                or self._out_of_time(len(table.layouts))
                or not _close_calls(options)
            ):
                break
            self._solve_auction_layouts(view, table, knowledge, more, reader)
        if not options:  # cannot happen: pass is always legal; stay safe
            return Advice(PASS, Reason.NO_CHOICE)
        # Among the calls tied at the top, the one whose contract is worth most if the
        # auction ends on it: the best strain, not the lowest call.
        top = max(value for value, _ in options)
        best_value, best_call = max(
            ((value, call) for value, call in options if value >= top - TIE_POINTS),
            key=lambda option: (search.settled_value(state, option[1]), -option[1]),
        )
        count = table.fitting or len(table.layouts)
        # The advice: the call, its expected score, and every legal call's.
        chosen = Call(best_call)
        bid = chosen.contract
        figures = Figures(
            call=chosen,
            score=round(best_value),
            tricks=round(search.mean[0][bid.strain], 1) if bid is not None else None,
            layouts=0 if knowledge.is_exact else count,
        )
        compared = ranked(best_call, (Candidate(c, score=round(v)) for v, c in options))
        return Advice(best_call, Reason.BEST_CALL, figures, compared)

    # -- Draw Bridge preliminary tricks -----------------------------------------------------

    def _draw_bridge_trick(self, view: SeatView) -> Advice:
        """The card that leaves the best expected hand once this trick's cards are drawn."""
        legal = view.legal_actions
        assert view.seat is not None
        hand = view.hand.mask
        trick = view.current_trick
        led = trick.cards[0].id if trick is not None and len(trick.cards) == 1 else -1
        facts = knowledge_of(view)
        gone, unseen, face_up = facts.all_played, facts.unseen, view.face_up
        unseen_ids = mask_to_card_ids(unseen)
        opponent_size = view.hand_sizes[1 - int(view.seat)]
        best: tuple[float, int] | None = None
        chance_of_best = 0.0
        compared: list[Candidate] = []  # for the advice
        for card in legal:
            rest = hand & ~CARD_MASK[card]
            random_draw = sum(hand_value(rest | CARD_MASK[u], gone) for u in unseen_ids) / max(
                1, len(unseen_ids)
            )
            if face_up is None:
                value = random_draw
                chance = 0.0
            else:
                if led >= 0:
                    chance = 1.0 if beats(card, led, Strain.NOTRUMP) else 0.0
                else:
                    chance = _chance_unbeaten(card, unseen, len(unseen_ids), opponent_size)
                value = chance * hand_value(rest | face_up.mask, gone) + (1 - chance) * random_draw
            key = value - 1e-6 * (card % 13)
            shown = round(chance, 3) if face_up is not None else None
            compared.append(Candidate(card, value=round(value, 2), chance=shown))
            if best is None or key > best[0]:
                best = (key, card)
                chance_of_best = chance
        assert best is not None
        card = best[1]
        figures = Figures(
            card=Card.from_id(card),
            value=round(best[0], 1),
            chance=round(chance_of_best, 3) if face_up is not None else None,
            face_up=face_up,
        )
        return Advice(card, Reason.BEST_HAND, figures, ranked(card, compared))


def _close_cards(
    rows: Sequence[tuple[float, dict[int, float]]],
    score: dict[int, float],
    tricks: dict[int, float],
    legal: Sequence[int],
) -> bool:
    """True when the best card's lead over the next, paired over the layouts, is under
    :data:`CLOSE_MARGIN` standard errors (and not the same on every layout)."""
    if len(rows) < 2 or len(legal) < 2:
        return False
    ranked = sorted(legal, key=lambda c: (score[c], tricks[c]), reverse=True)
    first, second = ranked[0], ranked[1]
    total = sum(weight for weight, _ in rows)
    if total <= 0:
        return False
    diffs = [(weight, row[first] - row[second]) for weight, row in rows]
    mean = sum(w * d for w, d in diffs) / total
    variance = sum(w * (d - mean) ** 2 for w, d in diffs) / total
    if variance <= 0:
        return False
    error = math.sqrt(variance / len(rows))
    return mean < CLOSE_MARGIN * error


def _close_calls(options: Sequence[tuple[float, int]]) -> bool:
    """True when the best call's expected score leads the next by under
    :data:`CLOSE_CALL_POINTS`."""
    if len(options) < 2:
        return False
    values = sorted((value for value, _ in options), reverse=True)
    return values[0] - values[1] < CLOSE_CALL_POINTS


def _chance_unbeaten(card: int, unseen: int, unseen_count: int, opponent_size: int) -> float:
    """The chance that an opponent holding ``opponent_size`` of the ``unseen`` cards has no
    higher card of ``card``'s suit (hypergeometric)."""
    suit, rank = divmod(card, 13)
    higher = ((unseen >> (16 * suit)) & 0x1FFF) >> (rank + 1)
    count = higher.bit_count()
    chance = 1.0
    for i in range(min(opponent_size, unseen_count)):
        remaining = unseen_count - i
        chance *= max(0, remaining - count) / remaining
    return chance


# -- the auction search ---------------------------------------------------------------------


def _summary(view: SeatView) -> AuctionSummary:
    """The view's auction from its seat's point of view."""
    return AuctionSummary.read(view.auction, view.first_caller, view.seat)


#: A state of the auction: (the standing bid, undoubled, or None; its bidder 0 seat /
#: 1 opponent / -1; doubling; opening passes; side to call 0 / 1).
_State = tuple[Contract | None, int, int, int, int]


def _state_of(summary: AuctionSummary) -> _State:
    contract = summary.contract
    if contract is None or summary.declarer is None:
        return (None, -1, 0, summary.opening_passes, 0)
    bid = Contract(contract.level, contract.strain)
    side = 0 if summary.declarer == summary.seat else 1
    return (bid, side, contract.doubling, summary.opening_passes, 0)


class _ContractValues(dict[Contract, tuple[float, float, float]]):
    """One side's contracts, each to the seat's expected score undoubled, doubled and
    redoubled over a trick histogram (``histogram[strain][tricks]``), worked out when first
    asked for."""

    def __init__(self, histogram: list[list[float]], sign: float, scorer: _ContractScorer) -> None:
        super().__init__()
        self._histogram = histogram
        self._sign = sign
        self._scorer = scorer

    def __missing__(self, bid: Contract) -> tuple[float, float, float]:
        row = self._histogram[bid.strain]
        scorer, sign = self._scorer, self._sign
        triple = tuple(
            sign * sum(p * scorer(contract, t) for t, p in enumerate(row) if p)
            for contract in (bid, *DOUBLED[bid])
        )
        value = (triple[0], triple[1], triple[2])
        self[bid] = value
        return value


def _spread_histogram(row: list[float], spread: Sequence[float]) -> list[float]:
    """A trick histogram with each count spread by the play (``spread``: the shares of 3
    fewer to 3 more tricks; counts past 0 or 13 held there)."""
    middle = len(spread) // 2
    spread_row = [0.0] * 14
    for tricks, share in enumerate(row):
        if share:
            for offset, part in enumerate(spread):
                spread_row[min(13, max(0, tricks + offset - middle))] += share * part
    return spread_row


def _spread_scores(
    scorer: _ContractScorer, contract: Contract, spread: Sequence[float]
) -> list[float]:
    """``contract``'s expected value to declarer for each double-dummy count, the play's
    tricks spread about it by ``spread``."""
    middle = len(spread) // 2
    return [
        sum(
            part * scorer(contract, min(13, max(0, tricks + offset - middle)))
            for offset, part in enumerate(spread)
        )
        for tricks in range(14)
    ]


class _AuctionSearch:
    """Expected values of the final contracts, and a short max/min search over calls."""

    def __init__(
        self,
        view: SeatView,
        me: int,
        table: _AuctionLayouts,
        weights: Sequence[float],
        part_score_share: float = 0.0,
        play_spread: PlaySpread | None = None,
    ) -> None:
        sheet = view.score_sheet
        total = sum(weights)
        if total <= 0:
            weights = [1.0] * len(weights)
            total = float(len(weights))
        # histogram[side][strain][tricks]: weighted share of layouts where ``side`` declaring
        # ``strain`` takes ``tricks``.
        histogram = [[[0.0] * 14 for _ in range(5)] for _ in range(2)]
        for weight, mine, theirs in zip(
            weights, table.seat_tricks, table.opponent_tricks, strict=True
        ):
            share = weight / total
            for strain in range(5):
                histogram[0][strain][mine[strain]] += share
                histogram[1][strain][theirs[strain]] += share
        self.mean = [
            [sum(t * p for t, p in enumerate(histogram[side][strain])) for strain in range(5)]
            for side in range(2)
        ]
        if play_spread is not None:
            histogram = [
                [_spread_histogram(row, play_spread[side]) for row in histogram[side]]
                for side in range(2)
            ]
        # value[side][bid][doubling]: the seat's expected score when ``side`` declares
        # (worked out for the bids asked about, which are few).
        self.value = [
            _ContractValues(histogram[0], 1.0, _contract_scorer(sheet, me, part_score_share)),
            _ContractValues(histogram[1], -1.0, _contract_scorer(sheet, 1 - me, part_score_share)),
        ]
        # Levels worth trying per side and strain: natural, game and slams the tricks support.
        self.levels: list[list[tuple[int, ...]]] = []
        for side in range(2):
            per_strain: list[tuple[int, ...]] = []
            for strain in range(5):
                mean = self.mean[side][strain]
                natural = min(7, max(1, int(mean + 0.5) - 6))
                wanted = {natural, _GAME_LEVEL[strain], 6, 7}
                per_strain.append(tuple(sorted(lv for lv in wanted if mean >= 6 + lv - 1.0)))
            self.levels.append(per_strain)

    def candidates(self, state: _State) -> list[int]:
        bid, bidder, doubling, _passes, side = state
        calls = [PASS]
        if bid is not None and bidder != side and doubling == 0:
            calls.append(DOUBLE)
        if bid is not None and bidder == side and doubling == 1:
            calls.append(REDOUBLE)
        bids: set[int] = set()
        for strain in range(5):
            cheapest = cheapest_bid(strain, bid)
            if cheapest is None:
                continue
            bids.add(cheapest.action)
            for level in self.levels[side][strain]:
                action = bid_action(level, strain)
                if action >= cheapest.action:
                    bids.add(action)
        calls.extend(sorted(bids))
        return calls

    def _leaf(self, state: _State) -> float:
        bid, bidder, doubling, _passes, side = state
        if bid is None:
            return 0.0
        values = self.value[bidder][bid]
        if doubling == 0 and side != bidder:
            # The side to call may still double: the seat doubles when it gains, the
            # opponent when it hurts the seat.
            return max(values[0], values[1]) if side == 0 else min(values[0], values[1])
        if doubling == 1 and side == bidder:
            # Doubled, the declaring side may still redouble: a double is worth what it
            # gains after the opponent's best answer, and a redouble is made when it gains.
            return max(values[1], values[2]) if side == 0 else min(values[1], values[2])
        return values[doubling]

    def _after(self, state: _State, call: int, depth: int) -> float:
        bid, bidder, doubling, passes, side = state
        if call == PASS:
            if bid is not None:
                return self.value[bidder][bid][doubling]
            if passes >= 1:
                return 0.0  # passed out
            return self._search((bid, bidder, doubling, passes + 1, 1 - side), depth - 1)
        if call == DOUBLE:
            return self._search((bid, bidder, 1, passes, 1 - side), depth - 1)
        if call == REDOUBLE:
            return self._search((bid, bidder, 2, passes, 1 - side), depth - 1)
        return self._search((Call(call).contract, side, 0, passes, 1 - side), depth - 1)

    @staticmethod
    def next_state(state: _State, call: int) -> _State:
        """The state after ``call`` by the side to call (not a pass that ends the auction)."""
        bid, bidder, doubling, passes, side = state
        if call == PASS:
            return (bid, bidder, doubling, passes + 1, 1 - side)
        if call == DOUBLE:
            return (bid, bidder, 1, passes, 1 - side)
        if call == REDOUBLE:
            return (bid, bidder, 2, passes, 1 - side)
        return (Call(call).contract, side, 0, passes, 1 - side)

    def _search(self, state: _State, depth: int) -> float:
        if depth <= 0:
            return self._leaf(state)
        values = [self._after(state, call, depth) for call in self.candidates(state)]
        return max(values) if state[4] == 0 else min(values)

    def settled_value(self, state: _State, call: int) -> float:
        """The seat's expected score if the auction ended on ``call`` (a bid may still be
        doubled)."""
        bid, bidder, doubling, _passes, _side = state
        if call == PASS:
            return 0.0 if bid is None else self.value[bidder][bid][doubling]
        if call in (DOUBLE, REDOUBLE):
            assert bid is not None
            return self.value[bidder][bid][1 if call == DOUBLE else 2]
        contract = Call(call).contract
        assert contract is not None
        values = self.value[0][contract]
        return min(values[0], values[1])

    def root_values(self, state: _State, depth: int) -> list[tuple[int, float]]:
        """Each candidate call of the seat with its value after a ``depth``-call search."""
        return [(call, self._after(state, call, depth)) for call in self.candidates(state)]


def _answered_values(
    view: SeatView,
    me: int,
    table: _AuctionLayouts,
    weights: Sequence[float],
    reader: CallReader,
    search: _AuctionSearch,
    state: _State,
    part_score_share: float,
    play_spread: PlaySpread | None = None,
    continuations: tuple[int, ...] = ANSWERED_CONTINUATIONS,
) -> list[tuple[int, float]]:
    """Each candidate call of the seat valued with the opponent's answer on each layout.

    On each layout the opponent's hand answers the call as the bots' bidding model would
    (:meth:`CallReader.answer`). Where it passes, the auction ends and the layout's own
    double-dummy tricks score the contract. The layouts where it answers with the same call
    form a group, and the seat then makes the call best over that group. That call is valued
    one call deep (the opponent may still double) or, for the seat's ``continuations[0]``
    best calls there, with the model's next answer on the group's layouts in the same way
    (and so on, one width of ``continuations`` per answer). A pass that ends the auction is
    valued as before.
    """
    answers = _Answers(view, me, table, weights, reader, part_score_share, play_spread)
    members = range(len(table.layouts))
    return answers.call_values(search, state, (), members, ANSWERED_CALLS, continuations)


@dataclass(slots=True)
class _Answers:
    """The seat's calls valued with the bidding model's answers on the auction's layouts."""

    view: SeatView
    me: int
    table: _AuctionLayouts
    weights: Sequence[float]
    reader: CallReader
    part_score_share: float
    #: How the play spreads each side's tricks about the layouts' counts (None: it does not).
    play_spread: PlaySpread | None = None
    #: The one-call search over each group of layouts that answered alike.
    groups: dict[frozenset[int], _AuctionSearch] = field(default_factory=dict)

    def _group_search(self, members: Sequence[int]) -> _AuctionSearch:
        key = frozenset(members)
        group = self.groups.get(key)
        if group is None:
            group_weights = [0.0] * len(self.weights)
            for i in members:
                group_weights[i] = self.weights[i]
            group = _AuctionSearch(
                self.view,
                self.me,
                self.table,
                group_weights,
                self.part_score_share,
                self.play_spread,
            )
            self.groups[key] = group
        return group

    def _ended(self, after: _State, members: Sequence[int]) -> float:
        """The weighted sum of the seat's scores over ``members`` if the auction ends in
        ``after``'s contract (each layout's own tricks)."""
        bid, bidder, doubling, _passes, _side = after
        if bid is None:  # passed out
            return 0.0
        weights = self.weights
        declarer = self.me if bidder == 0 else 1 - self.me
        tricks = self.table.seat_tricks if bidder == 0 else self.table.opponent_tricks
        scorer = _contract_scorer(self.view.score_sheet, declarer, self.part_score_share)
        contract = Contract(bid.level, bid.strain, doubling)
        sign = 1.0 if bidder == 0 else -1.0
        if self.play_spread is not None:
            by_count = _spread_scores(scorer, contract, self.play_spread[bidder])
            return sign * sum(weights[i] * by_count[tricks[i][bid.strain]] for i in members)
        return sign * sum(weights[i] * scorer(contract, tricks[i][bid.strain]) for i in members)

    def call_values(
        self,
        search: _AuctionSearch,
        state: _State,
        calls: tuple[int, ...],
        members: Sequence[int],
        width: int,
        deeper: tuple[int, ...],
    ) -> list[tuple[int, float]]:
        """Each candidate call of the seat at ``state`` (after ``calls`` from the auction's
        point now) valued over the layouts ``members``, ``search`` being their one-call
        search: the ``width`` best calls one call deep, and the pass, with the model's answer
        on each layout; after an answer, the seat's ``deeper[0]`` best calls with the next
        answer, and so on (none after the last width)."""
        weights = self.weights
        total = sum(weights[i] for i in members)
        layouts = self.table.layouts
        results: list[tuple[int, float]] = []
        plain = search.root_values(state, 1)
        ranked_calls = sorted(plain, key=lambda option: -option[1])
        answered = {call for call, _ in ranked_calls[:width]} | {PASS}
        unanswered: list[tuple[int, float]] = []
        for call, plain_value in plain:
            if call not in answered:
                unanswered.append((call, plain_value))
                continue
            point = self.reader.answer_point(*calls, call)
            if point is None:  # the call ends the auction
                results.append((call, search.settled_value(state, call)))
                continue
            after = search.next_state(state, call)
            by_answer: dict[int, list[int]] = {}
            for index in members:
                by_answer.setdefault(self.reader.answer(layouts[index], point), []).append(index)
            value = 0.0
            for answer, group in by_answer.items():
                if answer == PASS:
                    value += self._ended(after, group)
                    continue
                share = sum(weights[i] for i in group)
                group_search = self._group_search(group)
                then = search.next_state(after, answer)
                if deeper:
                    options = self.call_values(
                        group_search, then, (*calls, call, answer), group, deeper[0], deeper[1:]
                    )
                else:
                    options = group_search.root_values(then, 1)
                value += share * max(v for _, v in options)
            results.append((call, value / total))
        # The others, far from the best one call deep, are not worth the model's answers:
        # valued so, but never above the answered ones (their one-call values leave out the
        # opponent's bids, as the answered ones' did before the answers).
        floor = min(value for _, value in results)
        results.extend((call, min(value, floor)) for call, value in unanswered)
        return results
