"""The expert's auction (:mod:`honeymoon.bots.expert`): the opponent's calls read with the bots'
bidding model (:class:`CallReader`), the auction's layouts solved once in the ten ways, and
the search over the calls that values each final contract for the rubber.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

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
from honeymoon.bots.expert.values import _GAME_LEVEL, _contract_scorer, _ContractScorer
from honeymoon.bots.heuristic import (
    SAMPLE_ATTEMPTS,
    _TrickTable,
    best_call,
    call_values,
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
from honeymoon.cards import Strain
from honeymoon.double_dummy import double_dummy
from honeymoon.knowledge import view_rules
from honeymoon.views import SeatView

if TYPE_CHECKING:
    from honeymoon.bots.expert.play import _PlayReading

__all__ = [
    "CallReader",
    "MIN_SAMPLES",
    "CLOSE_CALL_POINTS",
    "TIE_POINTS",
    "DEFAULT_AUCTION_DEPTH",
    "CALL_TOLERANCE",
    "READER_SAMPLES",
    "AUCTION_CONDITION_ATTEMPTS",
    "MISFIT_WEIGHT",
    "ANSWERED_CALLS",
    "ANSWERED_CONTINUATIONS",
    "DEFAULT_MODEL_ANSWERS",
    "PlaySpread",
    "PLAY_SPREAD",
]

#: Layouts a decision solves at least, whatever its time budget.
MIN_SAMPLES = 8
#: An auction decision is close while the best call's expected score leads the next by less
#: than this many points.
CLOSE_CALL_POINTS = 40.0
#: Calls whose expected scores are this close (points) are tied; a tie goes to the call
#: whose contract is worth most if the auction ends on it (the best strain, not the lowest).
TIE_POINTS = 1.0
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


def _close_calls(options: Sequence[tuple[float, int]]) -> bool:
    """True when the best call's expected score leads the next by under
    :data:`CLOSE_CALL_POINTS`."""
    if len(options) < 2:
        return False
    values = sorted((value for value, _ in options), reverse=True)
    return values[0] - values[1] < CLOSE_CALL_POINTS


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


class _Expert:
    """What the expert's parts share, set by :class:`~honeymoon.bots.expert.ExpertBot`: its
    settings, its random generator, what it keeps over a deal, and its layouts dealt within
    the decision's time budget."""

    samples: int
    max_samples: int
    part_score_share: float
    auction_depth: int
    model_answers: bool
    play_spread: PlaySpread | None
    _deadline: float | None
    _rng: random.Random
    _auction: _AuctionLayouts | None
    _reading: _PlayReading | None
    _memory: _ModelMemory | None

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


class _Calls(_Expert):
    """The expert's calls (see the package docstring): layouts solved once for the auction,
    valued by the auction search."""

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
