"""The ``heuristic`` bot: hand-building, natural bidding, sound play (the ``medium`` level
bids and draws with it: :mod:`honeymoon.bots.club`).

It uses only its seat's :class:`~honeymoon.views.SeatView`: its own hand and discards, the
card it is looking at while drawing, the public auction and play, and the score sheet. The
method, in short (``docs/bots.md`` has it in full):

* **Drawing**: a value function of a (partial) hand, the sum over suits of card values (a card
  with ``k`` unknown higher cards of its suit is worth ``4 / 2**k``; the bot's own discards are
  known to be out of play) and length points that grow faster than linearly. It keeps the top
  card when the hand with it is worth more than the average over the cards it has not seen.
* **Auction**: the opponent holds 13 of the 26 cards the bot has not seen. The bot samples
  opponent hands, high cards more often (the opponent drew too and kept them), each suit the
  opponent bid with four cards and its last bid within a trick of its estimate where possible.
  It estimates its tricks in each strain by matching its cards against the sample suit by
  suit, maps the estimate to double-dummy tricks with its hand's points and shape (fitted
  against the solver), spreads it by the estimate's error, and makes the call with the best
  expected score, assuming the opponent then passes or doubles, whichever hurts more. A game
  is worth a bonus and a part score a share of one; it bids nothing it expects to go down in
  by more than two tricks and doubles only a contract it expects to beat by a trick and a half.
* **Play**: win as cheaply as possible when it can, play low when it cannot, ruff with the
  lowest trump, draw trumps when it holds more of them, cash winners that cannot promote the
  opponent's cards, lead the top of a sequence, otherwise lead from length.

>>> from honeymoon.game import Game
>>> from honeymoon.views import view_for
>>> game = Game(seed=5, first_dealer=0)
>>> bot = HeuristicBot(seed=1)
>>> view = view_for(game, game.to_act)
>>> bot.act(view) in view.legal_actions
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from honeymoon.actions import KEEP, REJECT
from honeymoon.auction import (
    CONTRACT_OF_BID,
    DOUBLE,
    DOUBLED,
    PASS,
    REDOUBLE,
    AuctionSummary,
    Call,
    Contract,
    SeenCall,
)
from honeymoon.bots.advice import Advice, Candidate, Figures, PhasedBot, Reason
from honeymoon.bots.sampling import Knowledge, knowledge_from_view, sample_layouts
from honeymoon.cards import FULL_DECK_MASK, SUIT_MASKS, Card, Strain, Suit, mask_to_card_ids
from honeymoon.engines import new_game
from honeymoon.game import Game, Phase
from honeymoon.knowledge import knowledge_of
from honeymoon.rules import DEFAULT_RULES, RuleSet
from honeymoon.scoring import GAME_POINTS, score_contract
from honeymoon.views import SeatView, view_for

__all__ = [
    "SAMPLE_ATTEMPTS",
    "HeuristicBot",
    "hand_value",
    "DrawingValues",
    "PLAIN_DRAWING",
    "EXPERT_DRAWING",
    "drawn_hands",
    "estimate_tricks",
    "high_card_points",
    "trick_table",
    "call_values",
    "best_call",
    "shown_suits_of",
]

#: Length points of a suit by its length: 0 up to three cards, then growing faster than linearly.
_LENGTH_POINTS = (0.0, 0.0, 0.0, 0.0, 0.5, 1.5, 3.0, 4.5, 6.0, 7.5, 9.0, 10.5, 12.0, 13.5)


@dataclass(frozen=True, slots=True)
class DrawingValues:
    """What a hand-building bot counts in a (partial) hand: ``card_values[k]`` for a card with
    ``k`` unknown higher cards of its suit, ``length_points[n]`` for a suit of ``n`` cards."""

    card_values: tuple[float, ...]
    length_points: tuple[float, ...]
    #: The hash, worked out once: the values key the hand-value cache, asked a few hundred
    #: times per drawing decision.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.card_values, self.length_points)))

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def decaying(cls, ratio: float, length_scale: float = 1.0) -> DrawingValues:
        """Card values ``4 * ratio**k`` and the length points times ``length_scale``."""
        return cls(
            tuple(4.0 * ratio**k for k in range(14)),
            tuple(length_scale * points for points in _LENGTH_POINTS),
        )


#: The heuristic bot's drawing (``medium``'s and the yardsticks'): a card is worth 4, 2, 1,
#: 0.5, … with 0, 1, 2, 3, … unknown higher cards of its suit. The expert's layouts take the
#: opponent to have drawn so (``DRAW_DISCARD_RANK_WEIGHTS`` in :mod:`honeymoon.bots.sampling`).
PLAIN_DRAWING = DrawingValues.decaying(0.5)
#: The expert's drawing: middle cards count for more (4, 3, 2.25, 1.7, … : in a two-hand game
#: every trick is won by one of the two hands, so a ten or a nine takes tricks a partner's
#: cards would have taken at four-hand bridge) and length for a little less. On the same
#: stocks against the plain drawing its hands take 0.09 more double-dummy tricks in their best
#: strain, and perfect bidding of the two hands gains about 6 points a hand
#: (``benchmarks/drawing_values.py``; docs/bots.md).
EXPERT_DRAWING = DrawingValues.decaying(0.75, 0.9)
#: High-card points by rank (A 4, K 3, Q 2, J 1), for the reasons the bot gives.
_HCP = {14: 4, 13: 3, 12: 2, 11: 1}
#: Opponent hands sampled per auction decision.
_SAMPLES = 32
#: What winning a game is worth beyond its points: about a rubber bonus's share, more when it
#: wins the rubber.
_GAME_VALUE = 300
#: Attempts to draw a sample consistent with the opponent's bids before taking the last one.
_SAMPLE_ATTEMPTS = SAMPLE_ATTEMPTS = 12
#: How many tricks short of its bid a sampled opponent hand may be.
_BID_SLACK = 1.0
#: The quick estimate against a sampled hand, mapped to double-dummy tricks with the hand's
#: evaluation (high-card points, length, shortness). Fitted by least squares on 4000 hands drawn
#: by the bots' hand-building rule (both seats of 2000 deals): the estimate averaged over 32
#: layouts sampled with the drawing bias, against the solver's tricks with the opponent leading.
#: A trump suit: constant, estimate, points, trump length, side singletons and voids, side length
#: over four, points in trumps. The estimate alone runs high on strong hands (its slope on its
#: own is 0.78); the points correct it, most at no trump. Residual error about 1.3 tricks in a
#: suit, 1.4 at no trump.
_SUIT_FIT = (0.169, 0.554, 0.103, 0.259, -0.041, -0.033, 0.025)
#: No trump: constant, estimate, points, longest suit, singletons and voids.
_NOTRUMP_FIT = (-0.698, 0.457, 0.256, -0.051, -0.689)
#: The error of the calibrated estimate (about 1.3 tricks), part of which the spread over the
#: layouts already holds: each sampled count is spread over its neighbours by these weights.
_NOISE: tuple[tuple[int, float], ...] = (
    (-3, 0.02),
    (-2, 0.08),
    (-1, 0.22),
    (0, 0.36),
    (1, 0.22),
    (2, 0.08),
    (3, 0.02),
)
#: Spare tricks the bot wants before it redoubles.
_REDOUBLE_MARGIN = 1.0
_RUBBER_VALUE = 550
#: The share of a game's value that a part score earns for each point it puts below the line
#: (its points over the hundred a game needs): a part score is half a step toward a game.
_PART_SCORE_SHARE = 0.5
#: A bid may expect to go down by at most this many tricks (a sacrifice against a game).
_SACRIFICE_LIMIT = 2.0
#: Tricks the bot expects to beat a contract by before it doubles.
_DOUBLE_MARGIN = 1.5


def _lane(mask: int, suit: int) -> int:
    return mask >> (16 * suit) & 0x1FFF


@lru_cache(maxsize=8192)
def _ranks_high_to_low(lane: int) -> tuple[int, ...]:
    return tuple(r + 2 for r in range(12, -1, -1) if lane >> r & 1)


def high_card_points(mask: int) -> int:
    """Milton Work points (A 4, K 3, Q 2, J 1) of a card mask.

    >>> from honeymoon.cards import CardSet
    >>> high_card_points(CardSet.parse("AKQ.J..").mask)
    10
    """
    return sum(_HCP.get(card % 13 + 2, 0) for card in mask_to_card_ids(mask))


def hand_value(hand: int, out_of_play: int, values: DrawingValues = PLAIN_DRAWING) -> float:
    """The drawing value of ``hand`` (a card mask, possibly partial), by ``values``.

    ``out_of_play`` holds the cards known not to be in the opponent's hand (the bot's own
    discards): a card's value falls with each higher card of its suit that is neither in the
    hand nor out of play (it halves with the plain values). Length points reward long suits.

    >>> from honeymoon.cards import CardSet
    >>> hand_value(CardSet.parse("A...").mask, 0), hand_value(CardSet.parse("K...").mask, 0)
    (4.0, 2.0)
    >>> hand_value(CardSet.parse("K...").mask, CardSet.parse("A...").mask)
    4.0
    >>> hand_value(CardSet.parse("K...").mask, 0, EXPERT_DRAWING)
    3.0
    """
    return sum(
        _suit_value(_lane(hand, suit), _lane(out_of_play, suit), values) for suit in range(4)
    )


@lru_cache(maxsize=1 << 16)
def _suit_value(mine: int, out_of_play: int, values: DrawingValues) -> float:
    """:func:`hand_value` of one suit's lanes."""
    if not mine:
        return 0.0
    blocked = mine | out_of_play
    card_values = values.card_values
    value = 0.0
    for rank in _ranks_high_to_low(mine):
        higher_unknown = (((0x1FFF << (rank - 1)) & 0x1FFF) & ~blocked).bit_count()
        value += card_values[higher_unknown]
    return value + values.length_points[mine.bit_count()]


@lru_cache(maxsize=1 << 16)
def _match_suit(my_lane: int, their_lane: int) -> tuple[int, int, int, int]:
    """Top-down matching of one suit: (my wins, their wins, my extra length, theirs)."""
    my_ranks = _ranks_high_to_low(my_lane)
    their_ranks = _ranks_high_to_low(their_lane)
    matched = min(len(my_ranks), len(their_ranks))
    wins = sum(1 for i in range(matched) if my_ranks[i] > their_ranks[i])
    return (
        wins,
        matched - wins,
        max(0, len(my_ranks) - len(their_ranks)),
        max(0, len(their_ranks) - len(my_ranks)),
    )


def estimate_tricks(mine: int, theirs: int, strain: int) -> float:
    """Tricks (0–13) the holder of ``mine`` may expect against ``theirs`` in ``strain`` (0–4).

    Suit by suit the two holdings are matched from the top: each of my cards that beats the
    opponent's card of the same position is a trick; extra length is a trick at no trump, in
    the trump suit, and in side suits for the side with more trumps. The two counts are scaled
    to 13 tricks.

    >>> from honeymoon.cards import CardSet
    >>> mine = CardSet.parse("AKQJ1098765432...").mask
    >>> estimate_tricks(mine, CardSet.parse(".AKQJ1098765432..").mask, 3)
    13.0
    """
    return _estimate_all(mine, theirs)[strain]


@lru_cache(maxsize=1 << 12)
def _hand_terms(hand: int) -> tuple[float, ...]:
    """Per strain, the part of the calibrated trick count that depends on the hand alone."""
    lengths = [(hand & SUIT_MASKS[suit]).bit_count() for suit in range(4)]
    points = high_card_points(hand)
    terms: list[float] = []
    for trump in range(4):
        side = [lengths[suit] for suit in range(4) if suit != trump]
        c0, _, c_points, c_length, c_short, c_side, c_trump_points = _SUIT_FIT
        terms.append(
            c0
            + c_points * points
            + c_length * lengths[trump]
            + c_short * sum(max(0, 2 - length) for length in side)
            + c_side * max(0, max(side) - 4)
            + c_trump_points * high_card_points(hand & SUIT_MASKS[trump])
        )
    n0, _, n_points, n_longest, n_short = _NOTRUMP_FIT
    terms.append(
        n0
        + n_points * points
        + n_longest * max(lengths)
        + n_short * sum(1 for length in lengths if length <= 1)
    )
    return tuple(terms)


def _calibrated(estimates: Sequence[float], terms: Sequence[float]) -> tuple[float, ...]:
    """The quick estimates of the five strains mapped to expected double-dummy tricks, each
    kept within 0 to 13."""
    suit_slope, notrump_slope = _SUIT_FIT[1], _NOTRUMP_FIT[1]
    tricks = [terms[strain] + suit_slope * estimates[strain] for strain in range(4)]
    tricks.append(terms[4] + notrump_slope * estimates[4])
    return tuple(13.0 if t > 13.0 else 0.0 if t <= 0.0 else t for t in tricks)


@lru_cache(maxsize=1 << 15)
def calibrated_tricks(hand: int, other: int) -> tuple[float, ...]:
    """The expected double-dummy tricks of ``hand`` against ``other`` in the five strains:
    the quick estimates, calibrated (kept: the expert asks for the same pairs again and again
    when it bids the opponent's possible hands)."""
    return _calibrated(_estimate_all(hand, other), _hand_terms(hand))


def _estimate_all(mine: int, theirs: int) -> tuple[float, float, float, float, float]:
    """:func:`estimate_tricks` for the five strains at once."""
    suits = [_match_suit(mine >> (16 * s) & 0x1FFF, theirs >> (16 * s) & 0x1FFF) for s in range(4)]
    top_mine = top_theirs = extra_mine = extra_theirs = 0
    for wins, losses, extra, their_extra in suits:
        top_mine += wins
        top_theirs += losses
        extra_mine += extra
        extra_theirs += their_extra
    estimates: list[float] = []
    for _, _, extra, their_extra in suits:
        # The suit's matched cards are as many on each side, so the longer trump holding is
        # the side with the extra length.
        my_count = top_mine + extra
        their_count = top_theirs + their_extra
        if extra > their_extra:
            my_count += extra_mine - extra
        elif their_extra > extra:
            their_count += extra_theirs - their_extra
        total = my_count + their_count
        estimates.append(13.0 * my_count / total if total else 6.5)
    my_count = top_mine + extra_mine
    total = my_count + top_theirs + extra_theirs
    estimates.append(13.0 * my_count / total if total else 6.5)
    return (estimates[0], estimates[1], estimates[2], estimates[3], estimates[4])


@lru_cache(maxsize=4096)
def _gain_by_tricks(contract: Contract, vulnerable: bool, progress: int) -> tuple[int, ...]:
    """:func:`_contract_gain` for 0 to 13 tricks (one look-up per contract, not per count)."""
    return tuple(_contract_gain(contract, tricks, vulnerable, progress) for tricks in range(14))


@lru_cache(maxsize=4096)
def _contract_gain(contract: Contract, tricks: int, vulnerable: bool, progress: int) -> int:
    """Declarer's gain (declarer's points minus the defender's) plus the value of a game."""
    score = score_contract(contract, tricks, vulnerable)
    gain = score.declarer_below + score.declarer_above - score.defender_above
    if score.declarer_below:
        game = _RUBBER_VALUE if vulnerable else _GAME_VALUE
        if progress + score.declarer_below >= GAME_POINTS:
            gain += game
        else:  # a part score is a step toward game
            gain += round(_PART_SCORE_SHARE * game * score.declarer_below / GAME_POINTS)
    return gain


@dataclass(frozen=True, slots=True)
class _TrickTable:
    """Per strain: (tricks, probability) pairs, and the mean number of tricks."""

    counts: tuple[tuple[tuple[int, float], ...], ...]
    mean: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class _PlayState:
    """What the bot knows during play, derived from its view."""

    hand: int
    trump: int
    declarer: bool
    #: Cards the opponent may hold: not the bot's, not its discards, not played, and not of a
    #: suit the opponent has shown out of.
    possible: int
    opponent_size: int
    tricks_left: int


def shown_suits_of(calls: Sequence[SeenCall]) -> tuple[int, ...]:
    """The suits (not no trump) bid in ``calls``, ascending."""
    return tuple(
        sorted(
            {
                int(seen.call.strain)
                for seen in calls
                if seen.call.strain is not None and seen.call.strain is not Strain.NOTRUMP
            }
        )
    )


def trick_table(
    hand: int,
    knowledge: Knowledge,
    rng: random.Random,
    shown_suits: Sequence[int],
    their_bid: Contract | None,
    samples: int = _SAMPLES,
    candidates: Sequence[Sequence[int]] | None = None,
) -> _TrickTable:
    """The tricks the holder of ``hand`` expects in each strain: ``samples`` opponent hands
    drawn from ``knowledge`` (with the drawing bias), each holding four cards of every suit in
    ``shown_suits`` and within a trick of ``their_bid`` where possible, each matched against
    ``hand`` by the quick estimate, calibrated and spread by its error.

    The auction's model of a hand: the heuristic bot bids from this table, and the expert
    reads the opponent's calls by bidding the opponent's possible hands with it. The expert
    passes ``candidates``, the opponent hands to try already drawn (``candidates[i][j]`` for
    sample ``i``, attempt ``j``; as many samples as rows), so that many hands are read against
    the same draws; ``rng`` and ``samples`` are then unused.
    """
    if candidates is not None:
        samples = len(candidates)
    rounded: list[list[int]] = [[] for _ in range(5)]
    shown_masks = [SUIT_MASKS[suit] for suit in shown_suits]
    if their_bid is not None:
        bid_strain = int(their_bid.strain)
        bid_tricks = their_bid.tricks_needed - _BID_SLACK
    for index in range(samples):
        # A natural bidder holds four cards of each suit it bid and comes close to its
        # contract: keep the first sample that fits, else the one that fits best.
        best: tuple[float, int] | None = None
        for attempt in range(_SAMPLE_ATTEMPTS):
            # High cards are more likely the opponent's than its discards' (it drew too).
            if candidates is None:
                candidate = sample_layouts(knowledge, rng, 1)[0]
            elif attempt < len(candidates[index]):
                candidate = candidates[index][attempt]
            else:
                break
            misfit = 0.0
            for suit_mask in shown_masks:
                misfit += max(0, 4 - (candidate & suit_mask).bit_count())
            if their_bid is not None:
                their_tricks = 13 - calibrated_tricks(hand, candidate)[bid_strain]
                misfit += max(0.0, bid_tricks - their_tricks)
            if best is None or misfit < best[0]:
                best = (misfit, candidate)
            if misfit == 0:
                break
        assert best is not None
        for row, tricks in zip(rounded, calibrated_tricks(hand, best[1]), strict=True):
            row.append(round(tricks))
    spread = [_spread(tuple(row)) for row in rounded]
    return _TrickTable(tuple(row for row, _ in spread), tuple(mean for _, mean in spread))


@lru_cache(maxsize=1 << 14)
def _spread(rounded: tuple[int, ...]) -> tuple[tuple[tuple[int, float], ...], float]:
    """One strain's row of a trick table: each sample's rounded tricks spread by the quick
    estimate's error (kept within 0 to 13), the shares in tricks order, and the mean. Kept:
    many hands and samples come to the same tricks."""
    samples = len(rounded)
    noise = [(offset, weight / samples) for offset, weight in _NOISE]
    row: dict[int, float] = {}
    for tricks in rounded:
        for offset, share in noise:
            spread = tricks + offset
            if not 0 <= spread <= 13:
                spread = 0 if spread < 0 else 13
            row[spread] = row.get(spread, 0.0) + share
    return tuple(sorted(row.items())), sum(t * w for t, w in row.items())


def call_values(
    table: _TrickTable,
    legal: Sequence[int],
    current: Contract | None,
    mine_now: bool,
    vulnerable: tuple[bool, bool],
    progress: tuple[int, int],
) -> tuple[dict[int, float], tuple[float, int] | None]:
    """The expected score of each call the bot would consider, from its trick ``table``.

    ``legal`` are the legal calls, ``current`` the standing contract (``mine_now`` when the
    bot bid it), ``vulnerable`` and ``progress`` the bot's and the opponent's. Calls the bot
    rules out (a double without a trick and a half to spare, a redouble without a trick, a
    bid more than two tricks short) are left out. Also the best bid, as (value, action).
    :func:`best_call` picks the call: the heuristic bot bids with these two functions.
    """
    mean_tricks = table.mean
    my_vulnerable, their_vulnerable = vulnerable
    my_progress, their_progress = progress

    def my_value(contract: Contract) -> float:
        gains = _gain_by_tricks(contract, my_vulnerable, my_progress)
        return sum(w * gains[t] for t, w in table.counts[int(contract.strain)])

    def their_value(contract: Contract) -> float:
        gains = _gain_by_tricks(contract, their_vulnerable, their_progress)
        return -sum(w * gains[13 - t] for t, w in table.counts[int(contract.strain)])

    values: dict[int, float] = {}
    best_bid: tuple[float, int] | None = None
    for action in legal:
        if action == PASS:
            if current is None:
                value = 0.0
            else:
                value = my_value(current) if mine_now else their_value(current)
        elif action == DOUBLE:
            assert current is not None
            # The opponent bid it knowing its hand: double only a contract expected to
            # fail by a margin.
            their_mean = 13 - mean_tricks[int(current.strain)]
            if their_mean > current.tricks_needed - _DOUBLE_MARGIN:
                continue
            value = min(
                their_value(Contract(current.level, current.strain, 1)),
                their_value(Contract(current.level, current.strain, 2)),
            )
        elif action == REDOUBLE:
            assert current is not None
            # The double says the opponent expects to beat it: redouble only with tricks
            # to spare.
            if mean_tricks[int(current.strain)] < current.tricks_needed + _REDOUBLE_MARGIN:
                continue
            value = my_value(Contract(current.level, current.strain, 2))
        else:
            bid = CONTRACT_OF_BID[action]
            # A sacrifice, yes; a hopeless contract, no.
            if mean_tricks[int(bid.strain)] < bid.tricks_needed - _SACRIFICE_LIMIT:
                continue
            # The opponent passes or doubles, whichever hurts the bot more.
            value = min(my_value(bid), my_value(DOUBLED[bid][0]))
            if best_bid is None or value > best_bid[0]:
                best_bid = (value, action)
        values[action] = value
    return values, best_bid


def best_call(values: dict[int, float]) -> int:
    """The call with the best value; on equal values the earlier (lower) call stands."""
    best_value = float("-inf")
    best_action = PASS
    for action, value in values.items():
        if value > best_value:
            best_value, best_action = value, action
    return best_action


class HeuristicBot(PhasedBot):
    """A medium-strength bot built on simple, explainable rules (see the module docstring).

    Its only memory is the table of sampled trick counts of the current auction; everything
    else comes from its view. Its random generator only drives the sampling of opponent hands.
    """

    name = "heuristic"
    #: Whether sampled opponent hands must roughly support the opponent's last bid.
    reads_opponent_bids = True

    def __init__(
        self, seed: int | str | None = None, *, drawing: DrawingValues = PLAIN_DRAWING
    ) -> None:
        self._rng = random.Random(seed)
        #: How the bot values the hand it builds while drawing.
        self.drawing = drawing
        # The trick table of the current auction, so each call does not sample again.
        self._table_key: tuple[int, int, int, tuple[int, ...], Contract | None] | None = None
        self._table: _TrickTable | None = None

    # -- drawing ----------------------------------------------------------------------------

    def _draw(self, view: SeatView) -> Advice:
        top = view.looking_at
        if top is None:  # cannot happen on this seat's turn; keep is always legal
            return Advice(KEEP, Reason.NO_CHOICE)
        hand = view.hand.mask
        out = view.discards.mask
        out_after = out | top.mask
        values = self.drawing
        keep_value = hand_value(hand | top.mask, out_after, values)
        # The value is a sum over suits, so each unseen card changes only its own suit's part.
        base = [_suit_value(_lane(hand, s), _lane(out_after, s), values) for s in range(4)]
        base_total = sum(base)
        unseen_ids = mask_to_card_ids(FULL_DECK_MASK & ~(hand | out_after))
        total = 0.0
        for card in unseen_ids:
            s = card // 13
            lane = _lane(hand, s) | 1 << (card % 13)
            total += base_total - base[s] + _suit_value(lane, _lane(out_after, s), values)
        reject_value = total / max(1, len(unseen_ids))
        suit = int(top.suit)
        compared = (
            Candidate(KEEP, value=round(keep_value, 2)),
            Candidate(REJECT, value=round(reject_value, 2)),
        )
        if keep_value >= reject_value:
            length = view.hand.count(top.suit) + 1
            above = (0x1FFF << (int(top.rank) - 1)) & 0x1FFF
            higher_unknown = (above & ~_lane(hand | out, suit)).bit_count()
            if length >= 4:
                code = Reason.KEEP_LENGTH
            elif higher_unknown == 0:
                code = Reason.KEEP_MASTER
            elif int(top.rank) >= 11:
                code = Reason.KEEP_HIGH
            else:
                code = Reason.KEEP_VALUE
            longest = length - 1 >= max(view.hand.count(other) for other in Suit)
            figures = Figures(
                card=top,
                suit=top.suit,
                length=length,
                longest=longest if code is Reason.KEEP_HIGH else None,
            )
            return Advice(KEEP, code, figures, compared)
        return Advice(REJECT, Reason.REJECT_VALUE, Figures(card=top), compared[::-1])

    # -- auction ----------------------------------------------------------------------------

    def _trick_table(self, view: SeatView) -> _TrickTable:
        """Trick counts over sampled opponent hands, per strain (cached for the auction)."""
        assert view.seat is not None
        summary = AuctionSummary.read(view.auction, view.first_caller, view.seat)
        shown_suits = shown_suits_of(summary.opponent_calls)
        their_bid = summary.last_bid_by(summary.opponent) if self.reads_opponent_bids else None
        key = (view.hand_number, view.hand.mask, view.discards.mask, shown_suits, their_bid)
        if self._table_key == key and self._table is not None:
            return self._table
        table = trick_table(
            view.hand.mask, knowledge_from_view(view), self._rng, shown_suits, their_bid
        )
        self._table_key, self._table = key, table
        return table

    def _call(self, view: SeatView) -> Advice:
        assert view.seat is not None
        me = int(view.seat)
        table = self._trick_table(view)
        mean_tricks = table.mean
        sheet = view.score_sheet
        values, best_bid = call_values(
            table,
            view.legal_actions,
            view.contract,
            view.declarer == view.seat,
            (sheet.vulnerable(me), sheet.vulnerable(1 - me)),
            (sheet.progress[me], sheet.progress[1 - me]),
        )
        best_action = best_call(values)
        code, figures = _call_reason(best_action, view, mean_tricks, best_bid)
        # The calls weighed, the chosen one first, then by expected score.
        compared = sorted(
            (Candidate(action, score=round(value)) for action, value in values.items()),
            key=lambda c: (c.action != best_action, -(c.score or 0.0)),
        )
        return Advice(best_action, code, figures, tuple(compared))

    # -- play -------------------------------------------------------------------------------

    def _play(self, view: SeatView) -> Advice:
        state = play_state(view)
        legal = view.legal_actions
        trick = view.current_trick
        if trick is not None and trick.cards:
            return _follow(state, trick.cards[0], legal)
        return _lead(state, legal)


def drawn_hands(
    seed: int, values: tuple[DrawingValues, DrawingValues], rules: RuleSet = DEFAULT_RULES
) -> tuple[int, int]:
    """South's and East's hands (card masks) once both have drawn a deal of ``rules`` dealt
    with ``seed``, each seat with the heuristic bot's hand-building rule by its own ``values``
    (South's first): the same stock drawn two ways, for comparing drawings.

    >>> south, east = drawn_hands(7, (EXPERT_DRAWING, PLAIN_DRAWING))
    >>> south.bit_count(), east.bit_count(), south & east
    (13, 13, 0)
    """
    game = new_game(rules, seed=seed, first_dealer=seed % 2)
    assert isinstance(game, Game), "a drawing is a two-hand game's"
    bots = tuple(HeuristicBot(seed, drawing=drawing) for drawing in values)
    while game.phase is Phase.DRAWING:
        seat = game.to_act
        assert seat is not None
        view = view_for(game, seat)
        legal = view.legal_actions
        game.apply(legal[0] if len(legal) == 1 else bots[int(seat)].act(view), seat)
    deal = game.hand_log().deal
    assert deal is not None
    return deal[0].mask, deal[1].mask


# -- helpers --------------------------------------------------------------------------------


def play_state(view: SeatView) -> _PlayState:
    """What the seat of ``view`` knows in the play (and preliminary tricks): the cards the
    opponent may hold, as :func:`honeymoon.knowledge.knowledge_of` reads them."""
    assert view.seat is not None
    me = view.seat
    opponent = 1 - int(me)
    return _PlayState(
        hand=view.hand.mask,
        trump=int(view.trump) if view.trump is not None else Strain.NOTRUMP,
        declarer=view.contract is not None and view.declarer == me,
        possible=knowledge_of(view).possible(opponent),
        opponent_size=view.hand_sizes[opponent],
        tricks_left=13 - len(view.tricks),
    )


def _call_reason(
    action: int, view: SeatView, mean_tricks: Sequence[float], best_bid: tuple[float, int] | None
) -> tuple[Reason, Figures]:
    current = view.contract
    if action == PASS:
        if current is None:
            if best_bid is None:
                return Reason.PASS_NO_BID, Figures()
            strain = Call(best_bid[1]).strain
            assert strain is not None
            return Reason.PASS_NO_BID, Figures(
                strain=strain, tricks=round(mean_tricks[int(strain)], 1)
            )
        if view.declarer == view.seat:
            return Reason.PASS_OWN, Figures(contract=current)
        return Reason.PASS_DEFEND, Figures(contract=current)
    if action == DOUBLE:
        assert current is not None
        short = current.tricks_needed - (13 - mean_tricks[int(current.strain)])
        return Reason.DOUBLE, Figures(contract=current, margin=round(short, 1))
    if action == REDOUBLE:
        assert current is not None
        return Reason.REDOUBLE, Figures(
            contract=current, tricks=round(mean_tricks[int(current.strain)], 1)
        )
    call = Call(action)
    assert call.strain is not None
    points = high_card_points(view.hand.mask)
    expected = round(mean_tricks[int(call.strain)], 1)
    if call.strain is Strain.NOTRUMP:
        shape = tuple((view.hand.mask & SUIT_MASKS[s]).bit_count() for s in range(3, -1, -1))
        return Reason.BID, Figures(call=call, points=points, shape=shape, tricks=expected)
    suit = int(call.strain)
    return Reason.BID, Figures(
        call=call,
        points=points,
        suit=Suit(suit),
        length=(view.hand.mask & SUIT_MASKS[suit]).bit_count(),
        tricks=expected,
    )


def _is_master(card: int, possible: int) -> bool:
    """True if the opponent cannot hold a higher card of the suit."""
    suit = card // 13
    rank_bit = card % 13
    higher = (0x1FFF << (rank_bit + 1)) & 0x1FFF
    return not (_lane(possible, suit) & higher)


def _cards_of_suit(cards: Sequence[int], suit: int) -> list[int]:
    return [card for card in cards if card // 13 == suit]


def _follow(state: _PlayState, led: Card, legal: Sequence[int]) -> Advice:
    led_id = led.id
    led_suit = led_id // 13
    if legal[0] // 13 == led_suit:
        winners = [card for card in legal if card > led_id]
        if winners:
            card = min(winners)
            return Advice(card, Reason.WIN_CHEAPLY, Figures(card=Card.from_id(card)))
        card = min(legal)
        return Advice(card, Reason.PLAY_LOW, Figures(card=Card.from_id(card)))
    trump = state.trump
    if trump != Strain.NOTRUMP and led_suit != trump:
        trumps = _cards_of_suit(legal, trump)
        if trumps:
            card = min(trumps)
            return Advice(card, Reason.RUFF, Figures(card=Card.from_id(card)))
    card = _discard(state, legal)
    return Advice(card, Reason.DISCARD, Figures(card=Card.from_id(card)))


def _discard(state: _PlayState, legal: Sequence[int]) -> int:
    """The least useful card: from a suit without winners or length, not a trump, lowest."""

    def worth(card: int) -> tuple[int, int, int]:
        suit = card // 13
        suit_cards = _cards_of_suit(legal, suit)
        masters = sum(1 for c in suit_cards if _is_master(c, state.possible))
        their_length = _lane(state.possible, suit).bit_count()
        long_suit = len(suit_cards) > their_length
        return (
            (suit == state.trump) * 4 + (masters > 0) * 2 + long_suit,
            _is_master(card, state.possible),
            card % 13,
        )

    return min(legal, key=worth)


def _lead(state: _PlayState, legal: Sequence[int]) -> Advice:
    trump = state.trump
    possible = state.possible
    trump_game = trump != Strain.NOTRUMP
    their_trumps = _lane(possible, trump).bit_count() if trump_game else 0

    # The opponent may ruff a suit they cannot hold a card of while trumps are out.
    def ruffable(suit: int) -> bool:
        return trump_game and suit != trump and their_trumps > 0 and not _lane(possible, suit)

    my_trumps = _cards_of_suit(legal, trump) if trump_game else []
    if my_trumps and their_trumps:
        # Expected trumps in the opponent's hand: their share of the possible cards.
        expected = their_trumps * state.opponent_size / max(1, possible.bit_count())
        if state.declarer and len(my_trumps) > expected:
            top = max(my_trumps)
            card = top if _is_master(top, possible) else min(my_trumps)
            return Advice(card, Reason.DRAW_TRUMPS, Figures(card=Card.from_id(card)))
    # Cash winners that promote nothing: the opponent can hold no more cards of the suit
    # than the bot's run of winners, or the hand is ending.
    by_suit: dict[int, list[int]] = {}
    for card in legal:
        by_suit.setdefault(card // 13, []).append(card)
    for suit, cards in sorted(by_suit.items(), key=lambda item: -len(item[1])):
        if ruffable(suit):
            continue
        run = 0
        remaining = possible
        for card in sorted(cards, reverse=True):
            if not _is_master(card, remaining):
                break
            run += 1
        their_length = _lane(possible, suit).bit_count()
        if run and (run >= their_length or run >= state.tricks_left):
            card = max(cards)
            return Advice(card, Reason.CASH, Figures(card=Card.from_id(card)))
    # Defender with trumps: a singleton side suit sets up a ruff.
    if trump_game and not state.declarer and my_trumps:
        for suit, cards in by_suit.items():
            if suit != trump and len(cards) == 1 and not ruffable(suit):
                card = cards[0]
                if not _is_master(card, possible) and card % 13 < 9:
                    return Advice(card, Reason.LEAD_SINGLETON, Figures(card=Card.from_id(card)))
    # The top of a sequence of honours forces out the opponent's higher card.
    for suit, cards in by_suit.items():
        if ruffable(suit) or (suit == trump and not state.declarer):
            continue
        ordered = sorted(cards, reverse=True)
        for high, low in zip(ordered, ordered[1:], strict=False):
            if high - low == 1 and high % 13 >= 9:
                return Advice(high, Reason.LEAD_SEQUENCE, Figures(card=Card.from_id(high)))
    # Lead low from the longest safe suit (not trumps as a defender, if possible).
    candidates = [
        suit
        for suit in by_suit
        if not ruffable(suit) and not (suit == trump and not state.declarer)
    ] or list(by_suit)
    suit = max(candidates, key=lambda s: (len(by_suit[s]), -min(by_suit[s]) % 13))
    card = min(by_suit[suit])
    length = len(by_suit[suit])
    if length >= 3:
        return Advice(
            card,
            Reason.LEAD_LENGTH,
            Figures(card=Card.from_id(card), suit=Suit(suit), length=length),
        )
    return Advice(card, Reason.LEAD_SAFE, Figures(card=Card.from_id(card)))
