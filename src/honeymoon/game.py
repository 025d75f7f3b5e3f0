"""The game state machine: a whole rubber, hand after hand, phase by phase.

``Game`` is the one mutable object of the core. It knows everything (every hand, the stock,
the seed), so it is never shown to a player: :func:`honeymoon.views.view_for` builds what each
seat may see. Actions are small ints (see :mod:`honeymoon.actions`); ``legal_actions()`` lists
them and ``apply(action)`` validates one and carries it out, or raises
:class:`~honeymoon.errors.IllegalActionError` and leaves the state unchanged.

Chance: each hand's stock order comes from the explicit ``stocks`` given at creation (top card
first), and after those from a shuffle seeded by ``seed`` and the hand's number, so a seed
alone replays a rubber and the same stocks can be played again with the seats swapped.

>>> game = Game(seed=7, first_dealer=Seat.SOUTH)
>>> game.phase, game.to_act  # the non-dealer draws first
(<Phase.DRAWING: 0>, <Seat.EAST: 1>)
>>> game.apply(KEEP); game.to_act
<Seat.SOUTH: 0>
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Self

from honeymoon.actions import KEEP, REJECT, TAKE_EXPOSED, TAKE_OTHER, action_of, describe
from honeymoon.auction import LAST_BID, PASS, Auction, Call, Contract
from honeymoon.cards import (
    CARD_MASK,
    CARD_SUIT,
    LANE_CARD_IDS,
    SUIT_MASKS,
    Card,
    CardSet,
    Strain,
    lane_card_ids,
)
from honeymoon.errors import IllegalActionError, NotationError
from honeymoon.rules import DEFAULT_RULES, FirstCaller, Procedure, RuleSet
from honeymoon.scoring import (
    MEMORY_BONUS,
    HandScore,
    Line,
    ScoreItem,
    ScoreSheet,
    honours_bonus,
    score_contract,
    score_deal,
)
from honeymoon.seats import SEATS, Direction, Seat
from honeymoon.tricks import BEATS, TWO_HANDS, Trick, next_hands

__all__ = [
    "Game",
    "Phase",
    "HandResult",
    "HandHistory",
    "HandLog",
    "PreliminaryResult",
    "KEEP",
    "REJECT",
    "shuffled_stock",
]

_DRAW_CHOICES = (KEEP, REJECT)
_DUMMY_CHOICES = (TAKE_EXPOSED, TAKE_OTHER)
_IMPLEMENTED_PROCEDURES = (
    Procedure.DRAW_DISCARD,
    Procedure.DRAW,
    Procedure.MEMORY,
    Procedure.BRIDGETTE,
)
_ONE_NO_TRUMP = Contract(1, Strain.NOTRUMP)
_TRICKS_PER_HAND = 13
#: The side (South 0, East 1) of each hand number: the two-hand game's seats, and the table's
#: Directions (N 0 and S 2 South's, E 1 and W 3 East's).
_SIDE = (0, 1, 0, 1)


class Phase(IntEnum):
    """The phases of a hand, and the end of the rubber."""

    DRAWING = 0
    AUCTION = 1
    PLAY = 2
    #: The rubber is over; no more actions.
    COMPLETE = 3
    #: Preliminary tricks at no trump before the auction (Draw Bridge, Memory Bridge).
    PRELIMINARY = 4
    #: Single Dummy Bridge: after the auction declarer chooses a dummy (the four-hand table).
    DUMMY_CHOICE = 5
    #: Double Dummy Bridge, twelve and two: each player places their two extra cards, one in
    #: their hand and one in their dummy (the four-hand table).
    EXTRA_CARDS = 6
    #: The Widow: declarer puts one of the widow's four cards in their own hand (the table).
    WIDOW_HAND = 7
    #: The Widow: declarer puts one of the three others in their dummy; the last two go to the
    #: defender, who places them in ``EXTRA_CARDS`` (the table).
    WIDOW_DUMMY = 8
    #: The Widow: declarer chooses whether the defender or the defender's dummy leads.
    LEAD_CHOICE = 9
    #: Bridgette: the compulsory exchange with the stock before the auction (non-dealer
    #: discards two, then dealer as many as they drew).
    EXCHANGE = 10


# Module-level names for the hot paths (a global lookup is cheaper than an enum attribute).
_DRAWING = Phase.DRAWING
_AUCTION = Phase.AUCTION
_PLAY = Phase.PLAY
_COMPLETE = Phase.COMPLETE
_PRELIMINARY = Phase.PRELIMINARY
_CARD_MASK = CARD_MASK
_CARD_SUIT = CARD_SUIT
_SUIT_MASKS = SUIT_MASKS
# The lazily filled lane tables of cards.lane_card_ids, read directly on the hot path.
_LANE_IDS = LANE_CARD_IDS
_CLUB_IDS, _DIAMOND_IDS, _HEART_IDS, _SPADE_IDS = LANE_CARD_IDS


@dataclass(frozen=True, slots=True)
class PreliminaryResult:
    """The preliminary tricks of a Draw Bridge or Memory Bridge hand.

    ``tricks`` is the number each seat took. In Memory Bridge the seat that took seven or more
    is ``award_seat`` and ``award`` its score (1NT made, plus 100); in Draw Bridge the tricks
    score nothing and both are None.
    """

    tricks: tuple[int, int]
    award_seat: Seat | None = None
    award: HandScore | None = None


@dataclass(frozen=True, slots=True)
class HandResult:
    """How one hand ended. ``contract`` is None when the hand was passed out (or, in Memory
    Bridge, when the memory award ended the rubber before the second deal)."""

    number: int
    dealer: Seat
    contract: Contract | None
    declarer: Seat | None
    declarer_tricks: int | None
    score: HandScore | None
    honours: tuple[int, int] = (0, 0)
    preliminary: PreliminaryResult | None = None
    #: Memory Bridge: the memory award won the rubber, so the second deal was not played.
    ended_by_award: bool = False
    #: The rubber bonus this hand won for declarer (700 or 500 when it ended the rubber).
    rubber_bonus: int = 0

    @property
    def passed_out(self) -> bool:
        """True if both players passed before any bid."""
        return self.contract is None and not self.ended_by_award

    @property
    def made(self) -> bool:
        """True if a contract was played and declarer took the tricks it needed (the words
        for a result are the clients')."""
        return (
            self.contract is not None
            and self.declarer_tricks is not None
            and self.declarer_tricks >= self.contract.tricks_needed
        )


#: A trick as the engine keeps it: the leading hand's number, the card ids in playing order, and
#: the winning hand's number.
RawTrick = tuple[int, tuple[int, ...], int]
_DIRECTIONS = tuple(Direction)
#: The hand numbers of South's and East's own hands at the four-hand table (Directions).
TABLE_OWN_HANDS = (int(Direction.SOUTH), int(Direction.EAST))


def _tricks_of(raw: Sequence[RawTrick], order: tuple[int, ...]) -> tuple[Trick, ...]:
    return tuple(
        Trick(leader, tuple(Card.from_id(c) for c in cards), winner, order)
        for leader, cards, winner in raw
    )


def _place(hand: int, order: tuple[int, ...]) -> Direction:
    # Where hand number ``hand`` sits: a seat's place at the two-hand table, a Direction at
    # the four-hand one.
    return _DIRECTIONS[hand] if len(order) == 4 else SEATS[hand].direction


@dataclass(frozen=True, slots=True)
class HandLog:
    """What happened in one hand, at any table, as the engine worked it out: who called first
    and every call, the contract and declarer, the hands as they were for the play, the
    preliminary tricks (Draw and Memory Bridge) and their outcome, and the tricks of the play.

    Records, PBN export and the clients read a hand from here rather than working it out again
    from the actions. ``deal`` and ``hands`` are secret while the hand is in progress; the rest
    was seen by both players. In a hand in progress the last of ``tricks`` may be unfinished (its
    ``winner`` None); ``first_caller`` is None until the auction begins.

    The tricks' ``leader`` and ``winner`` are hand numbers in the playing order ``order``: the
    seats at the two-hand table (:data:`~honeymoon.tricks.TWO_HANDS`), the Directions at the
    four-hand one (see :func:`honeymoon.table.play_order`).
    """

    number: int
    dealer: Seat
    first_caller: Seat | None
    calls: tuple[Call, ...]
    auction_over: bool
    contract: Contract | None
    declarer: Seat | None
    #: South's and East's own hands when the auction began (None before it begins).
    deal: tuple[CardSet, CardSet] | None
    preliminary_tricks: tuple[Trick, ...]
    preliminary: PreliminaryResult | None
    tricks: tuple[Trick, ...]
    #: Every hand by hand number as it was for the play: South's and East's, or the table's four
    #: by Direction (after declarer's choice of dummy in Single Dummy Bridge: see ``exposed``).
    hands: tuple[CardSet, ...] | None = None
    order: tuple[int, ...] = TWO_HANDS
    #: Where the hand that leads to the first trick of the play sits; None without a play.
    leader: Direction | None = None
    #: Single Dummy Bridge: the dummy dealt face up, and declarer's choice of dummy (the action).
    exposed: Direction | None = None
    dummy_choice: int | None = None

    @property
    def four_hands(self) -> bool:
        """True for a hand of the four-hand table (each player with a dummy)."""
        return len(self.order) == 4

    @property
    def passed_out(self) -> bool:
        """True if the auction ended with no bid."""
        return self.auction_over and self.contract is None

    @property
    def opening_leader(self) -> Seat | None:
        """The seat that plays the opening lead (for its own hand or its dummy); None without
        a contract."""
        return self.leader.owner if self.leader is not None else None

    @property
    def play_over(self) -> bool:
        """True once all thirteen tricks of the play are complete."""
        return len(self.tricks) == _TRICKS_PER_HAND and self.tricks[-1].winner is not None

    def tricks_won(self, seat: Seat | int) -> int:
        """Completed tricks of the play won by ``seat``'s side (its hand, and its dummy)."""
        return sum(
            1 for trick in self.tricks if trick.winner is not None and _SIDE[trick.winner] == seat
        )


@dataclass(frozen=True, slots=True)
class HandHistory:
    """A completed hand at any table: its stock order (top first), every action in order, and
    the result; and what the engine worked out while playing it (see :attr:`log`)."""

    number: int
    dealer: Seat
    stock: tuple[int, ...]
    actions: tuple[int, ...]
    result: HandResult
    #: Who called first; None if the hand ended before the auction (a Memory Bridge award).
    first_caller: Seat | None = None
    #: Every hand (card masks, by hand number) as it was for the play; empty without an auction.
    hands: tuple[int, ...] = ()
    #: The tricks of the play and the preliminary tricks, as (leader, card ids, winner).
    played: tuple[RawTrick, ...] = ()
    preliminary_played: tuple[RawTrick, ...] = ()
    order: tuple[int, ...] = TWO_HANDS
    #: Single Dummy Bridge: the hand number of the dummy dealt face up; -1 otherwise.
    exposed: int = -1

    @property
    def deal(self) -> tuple[int, int] | None:
        """South's and East's own hands (card masks) when the auction began."""
        hands = self.hands
        if not hands:
            return None
        south, east = TABLE_OWN_HANDS if len(hands) == 4 else (0, 1)
        return (hands[south], hands[east])

    @property
    def calls(self) -> tuple[int, ...]:
        """The call actions, in order."""
        return tuple(a for a in self.actions if PASS <= a <= LAST_BID)

    @property
    def dummy_choice(self) -> int | None:
        """Declarer's choice of dummy (Single Dummy Bridge), None in the other variants."""
        if self.exposed < 0:
            return None
        return next((a for a in self.actions if a in _DUMMY_CHOICES), None)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The tricks of the play, in order."""
        return _tricks_of(self.played, self.order)

    @property
    def preliminary_tricks(self) -> tuple[Trick, ...]:
        """The preliminary tricks (Draw and Memory Bridge), in order."""
        return _tricks_of(self.preliminary_played, TWO_HANDS)

    @property
    def log(self) -> HandLog:
        """The hand as a :class:`HandLog`."""
        result = self.result
        deal = self.deal
        return HandLog(
            self.number,
            self.dealer,
            self.first_caller,
            tuple(Call(c) for c in self.calls),
            self.first_caller is not None,
            result.contract,
            result.declarer,
            (CardSet(deal[0]), CardSet(deal[1])) if deal is not None else None,
            self.preliminary_tricks,
            result.preliminary,
            self.tricks,
            tuple(CardSet(mask) for mask in self.hands) if self.hands else None,
            self.order,
            _place(self.played[0][0], self.order) if self.played else None,
            _DIRECTIONS[self.exposed] if self.exposed >= 0 else None,
            self.dummy_choice,
        )


def shuffled_stock(seed: int | str, hand_number: int, cards: int = 52) -> tuple[int, ...]:
    """The stock order (card ids, top first) that ``seed`` gives hand ``hand_number``; ``cards``
    is 55 for Bridgette's pack (card ids 0–54).

    A Fisher-Yates shuffle driven by 384 bits from BLAKE2b of the seed and the hand number:
    the same on every machine and Python version, and far more bits than the 226 that 52!
    (or the 242 that 55!) needs, so every order is (to within 2**-140) equally likely.
    """
    digest = hashlib.blake2b(f"honeymoon:{seed}:{hand_number}".encode(), digest_size=48).digest()
    bits = int.from_bytes(digest, "big")
    order = list(range(cards))
    # For top = 51 … 1: bits, pick = divmod(bits, top + 1), then swap order[top] and order[pick].
    # Taken a run of radices at a time (see _SHUFFLE_RUNS), most divisions are of small ints.
    for product, tops in _SHUFFLE_RUNS if cards == 52 else _SHUFFLE_RUNS_55:
        bits, small = divmod(bits, product)
        for top in tops:
            small, pick = divmod(small, top + 1)
            order[top], order[pick] = order[pick], order[top]
    return tuple(order)


def _shuffle_runs(top: int = 51) -> tuple[tuple[int, tuple[int, ...]], ...]:
    # Consecutive tops (51, or 54, down to 1) grouped so that the product of their radices
    # (top + 1) fits in 30 bits: the picks of a run are the digits of ``bits % product`` in
    # that mixed radix, exactly as one division at a time would give them.
    runs: list[tuple[int, tuple[int, ...]]] = []
    while top >= 1:
        tops: list[int] = []
        product = 1
        while top >= 1 and product * (top + 1) < 1 << 30:
            product *= top + 1
            tops.append(top)
            top -= 1
        runs.append((product, tuple(tops)))
    return tuple(runs)


_SHUFFLE_RUNS = _shuffle_runs()
_SHUFFLE_RUNS_55 = _shuffle_runs(54)


def _action_number(action: object) -> int:
    # The action number of an int, a Card or a Call; anything else is refused with a code.
    try:
        return action_of(action)  # type: ignore[arg-type]
    except TypeError:
        raise IllegalActionError(
            f"{action!r:.40} is not an action: give an action number (an int), a Card or a Call; "
            "Game.parse_action() reads text such as 'keep', '1NT' or 'SA'",
            "not_an_action",
        ) from None


def _check_stock(stock: Sequence[int], index: int, cards: int = 52) -> tuple[int, ...]:
    order = tuple(stock)
    if sorted(order) != list(range(cards)):
        raise NotationError(
            f"stock {index + 1} is not an order of the {cards} cards (each card id 0-"
            f"{cards - 1} exactly once)",
            "bad_stock",
        )
    return order


def _slot_names(cls: type) -> tuple[str, ...]:
    # Every slot of an engine class and its bases.
    return tuple(name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ()))


class EngineBase:
    """What every engine is, and does the same way at every table: the rubber's set-up and
    score sheet; the public state; the validation of every action (:meth:`check`,
    :meth:`is_legal`) with the refusals common to every table; the auction and its end; the
    start of the play, trick completion and the end of a hand; the hand logs and the history.

    An engine says what differs through small hooks: :meth:`_refuse` (the variants it does not
    play), :meth:`_deal_hand` (the deal and the first phase), :meth:`_after_auction` (what
    follows a contract: the table's choices first), :meth:`_opening_hand` (who leads, and the
    order of play), :meth:`_after_trick` (what follows a complete trick), :meth:`_playable`
    (which hand plays) and :meth:`_validate_phase` (its own phases). Hands are numbered in the
    engine's playing order (``_order``): the seats at the two-hand table, the Directions at the
    four-hand one; ``_SIDE`` gives each hand's player.

    Not used on its own: make a game with :func:`honeymoon.new_game`.
    """

    __slots__ = (
        "rules",
        "seed",
        "first_dealer",
        "_stocks",
        "_phase",
        "_to_act",
        "_hand_number",
        "_dealer",
        "_stock",
        "_hands",
        "_auction",
        "_contract",
        "_declarer",
        "_trump",
        "_beats",
        "_order",
        "_next_hand",
        "_leader",
        "_trick",
        "_led_suit",
        "_best_card",
        "_tricks_won",
        "_tricks",
        "_actions",
        "_history",
        "_sheet",
        "_honours",
        "_previous_tricks",
        "_deal_masks",
        "_award",
        "_preliminary",
        "_opening_leader",
        "_exposed",
        "_previous_order",
    )

    #: The highest action number the engine knows (actions are 0 to this).
    LAST_ACTION: int = REJECT

    rules: RuleSet
    seed: int | str
    first_dealer: Seat
    _stocks: tuple[tuple[int, ...], ...]
    _phase: Phase
    _to_act: int
    _hand_number: int
    _dealer: int
    _stock: tuple[int, ...]
    _hands: list[int]
    _auction: Auction | None
    _contract: Contract | None
    _declarer: int
    _trump: int
    _beats: bytes
    _order: tuple[int, ...]
    _next_hand: tuple[int, ...]
    _leader: int
    _trick: list[int]
    _led_suit: int
    _best_card: int
    _tricks_won: list[int]
    _tricks: list[RawTrick]
    _actions: list[int]
    _history: list[HandHistory]
    _sheet: ScoreSheet
    _honours: tuple[int, int]
    _previous_tricks: list[RawTrick]
    #: Every hand (by hand number) when the auction began; None before it begins.
    _deal_masks: tuple[int, ...] | None
    #: The preliminary tricks' outcome this hand (Draw and Memory Bridge); None otherwise.
    _award: PreliminaryResult | None
    _preliminary: tuple[RawTrick, ...]
    #: The hand that leads (or led) to the first trick of the play; -1 before the play.
    _opening_leader: int
    #: Single Dummy Bridge: the hand number of the dummy dealt face up; -1 otherwise.
    _exposed: int
    _previous_order: tuple[int, ...]
    #: The hand numbers of South's and East's own hands.
    _OWN_HANDS: tuple[int, int] = (0, 1)

    def __init__(
        self,
        rules: RuleSet = DEFAULT_RULES,
        *,
        seed: int | str | None = None,
        stocks: Sequence[Sequence[int | Card]] = (),
        first_dealer: Seat | int | None = None,
    ) -> None:
        """A new rubber (or match of deals) under ``rules``; make one with
        :func:`honeymoon.new_game`, which chooses the engine that plays the variant.

        :param seed: seeds each hand's shuffle and the choice of first dealer; random if omitted.
        :param stocks: explicit stock orders (card ids or cards, top first) for the first hands.
        :param first_dealer: the first hand's dealer; chosen at random (from the seed) if omitted.
        :raises NotImplementedError: for a variant this engine does not play.
        """
        self._refuse(rules)
        # The rubber's start: the seed, the preset stocks and the first dealer (chosen from
        # the seed if not given); then the first hand.
        self.rules = rules
        self.seed = secrets.randbits(64) if seed is None else seed
        pack = 55 if rules.colons else 52
        self._stocks = tuple(
            _check_stock([c.id if isinstance(c, Card) else action_of(c) for c in stock], i, pack)
            for i, stock in enumerate(stocks)
        )
        if first_dealer is None:
            first_dealer = random.Random(f"honeymoon:{self.seed}:dealer").randrange(2)
        self.first_dealer = SEATS[int(first_dealer)]
        self._hand_number = 0
        self._dealer = int(self.first_dealer)
        self._previous_tricks = []
        self._previous_order = TWO_HANDS
        deals = rules.deals_in_match
        self._sheet = ScoreSheet.for_deals(deals, self._dealer) if deals else ScoreSheet()
        self._history = []
        # Trick play: the hands in the order they play (RULES.md 1.3 via honeymoon.tricks).
        self._order = TWO_HANDS
        self._next_hand = next_hands(TWO_HANDS)
        self._start_hand()

    def _refuse(self, rules: RuleSet) -> None:
        # Hook: raise NotImplementedError for a variant the engine does not play.
        raise NotImplementedError

    def clone(self) -> Self:
        """An independent copy (for search and simulation), sharing nothing mutable."""
        cls = type(self)
        clone = cls.__new__(cls)
        for name in _slot_names(cls):
            value = getattr(self, name)
            if value.__class__ is list or value.__class__ is Auction:
                value = value.copy()
            setattr(clone, name, value)
        return clone

    def stock_for_hand(self, hand_number: int) -> tuple[int, ...]:
        """The stock order of hand ``hand_number`` (0-based): preset, or from the seed (the
        hand in play's is :attr:`stock_in_play`, without shuffling it again)."""
        if hand_number < len(self._stocks):
            return self._stocks[hand_number]
        return shuffled_stock(self.seed, hand_number, 55 if self.rules.colons else 52)

    @property
    def stock_in_play(self) -> tuple[int, ...]:
        """The stock order of the hand in play, as the engine holds it (a secret: the
        research environment and the records read it, never a seat's view).

        >>> game = Game(seed=3)
        >>> game.stock_in_play == game.stock_for_hand(game.hand_number)
        True
        """
        return self._stock

    # -- the public state -------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """The current phase (``COMPLETE`` once the rubber is over)."""
        return self._phase

    @property
    def to_act(self) -> Seat | None:
        """The seat (player) that must act now; None once the rubber is over."""
        return None if self._phase is _COMPLETE else SEATS[self._to_act]

    @property
    def is_over(self) -> bool:
        """True once the rubber is over."""
        return self._phase is _COMPLETE

    @property
    def hand_number(self) -> int:
        """The current hand's number, 0 for the first (passed-out hands count)."""
        return self._hand_number

    @property
    def dealer(self) -> Seat:
        """The current hand's dealer."""
        return SEATS[self._dealer]

    @property
    def score_sheet(self) -> ScoreSheet:
        """The rubber's score sheet so far."""
        return self._sheet

    @property
    def actions(self) -> tuple[int, ...]:
        """The actions of the current hand so far."""
        return tuple(self._actions)

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks won this hand by South's side and East's side."""
        return (self._tricks_won[0], self._tricks_won[1])

    @property
    def history(self) -> tuple[HandHistory, ...]:
        """Every completed hand, in order."""
        return tuple(self._history)

    @property
    def auction_calls(self) -> tuple[Call, ...]:
        """The calls made so far this hand."""
        return tuple(Call(c) for c in self._auction.calls) if self._auction else ()

    @property
    def first_caller(self) -> Seat | None:
        """Who called (or calls) first this hand; None before the auction (while drawing)."""
        return SEATS[self._auction.first_caller] if self._auction else None

    @property
    def trump(self) -> Strain | None:
        """The strain of the tricks being played: the contract's in the play, no trump in the
        preliminary tricks (Draw and Memory Bridge); None when no tricks are being played."""
        if self._phase is _PLAY or self._phase is _PRELIMINARY:
            return Strain(self._trump)
        return None

    @property
    def contract(self) -> Contract | None:
        """The contract being played (or the current highest bid during the auction)."""
        if self._contract is not None:
            return self._contract
        return self._auction.contract if self._auction else None

    @property
    def declarer(self) -> Seat | None:
        """Declarer once the auction is over (or the current highest bidder during it)."""
        if self._declarer >= 0:
            return SEATS[self._declarer]
        if self._auction is not None and self._auction.declarer is not None:
            return SEATS[self._auction.declarer]
        return None

    @property
    def opening_leader(self) -> Direction | None:
        """Where the hand that leads (or led) to the first trick of the play sits; None
        before the play."""
        leader = self._opening_leader
        return _place(leader, self._order) if leader >= 0 else None

    @property
    def current_trick(self) -> Trick | None:
        """The trick in progress (possibly empty) during play or the preliminary tricks; its
        leader is a hand number in the playing order :attr:`Trick.order`."""
        if self._phase is not _PLAY and self._phase is not _PRELIMINARY:
            return None
        return Trick(self._leader, tuple(Card.from_id(c) for c in self._trick), None, self._order)

    @property
    def completed_tricks(self) -> tuple[Trick, ...]:
        """The tricks completed this hand, in order."""
        return _tricks_of(self._tricks, self._order)

    @property
    def previous_hand_tricks(self) -> tuple[Trick, ...]:
        """The tricks of the previous hand (empty for the first hand or after a hand without
        play). Public: both players saw every card of them."""
        return _tricks_of(self._previous_tricks, self._previous_order)

    @property
    def preliminary_tricks(self) -> tuple[Trick, ...]:
        """The preliminary tricks of this hand (Draw and Memory Bridge), once they are over.

        While they are being played they are :attr:`completed_tricks`.
        """
        return _tricks_of(self._preliminary, TWO_HANDS)

    @property
    def preliminary_result(self) -> PreliminaryResult | None:
        """The preliminary tricks' outcome this hand, once they are over."""
        return self._award

    def hand_log(self, number: int | None = None) -> HandLog:
        """What happened in hand ``number`` (0-based; the current hand if omitted), as the
        engine worked it out. The current hand's ``deal`` and ``hands`` are secret: show them
        through a view.

        :raises IndexError: for a hand not yet begun.
        """
        finished = self._finished_log(number)
        if finished is not None:
            return finished
        auction = self._auction
        over = auction is not None and auction.is_finished
        tricks = self.completed_tricks if self._phase is _PLAY else ()
        if self._phase is _PLAY and self._trick:
            tricks += (
                Trick(self._leader, tuple(Card.from_id(c) for c in self._trick), None, self._order),
            )
        masks = self._deal_masks
        south, east = self._OWN_HANDS
        return HandLog(
            self._hand_number,
            SEATS[self._dealer],
            SEATS[auction.first_caller] if auction is not None else None,
            tuple(Call(c) for c in auction.calls) if auction is not None else (),
            over,
            self.contract if over else None,
            self.declarer if over else None,
            (CardSet(masks[south]), CardSet(masks[east])) if masks is not None else None,
            self.preliminary_tricks if self._phase is not _PRELIMINARY else self.completed_tricks,
            self._award,
            tricks,
            tuple(CardSet(mask) for mask in masks) if masks is not None else None,
            self._order,
            self.opening_leader,
            _DIRECTIONS[self._exposed] if self._exposed >= 0 else None,
            next((a for a in self._actions if a in _DUMMY_CHOICES), None)
            if self._exposed >= 0
            else None,
        )

    def _finished_log(self, number: int | None) -> HandLog | None:
        # The log of finished hand ``number``, or None if it is the hand in progress.
        if number is not None and number != self._hand_number:
            if not 0 <= number < len(self._history):
                raise IndexError(f"hand {number} has not been played")
            return self._history[number].log
        if self._phase is _COMPLETE:
            return self._history[-1].log
        return None

    # -- validation ---------------------------------------------------------------------------

    def is_legal(self, action: int | Card | Call, seat: Seat | int | None = None) -> bool:
        """True if ``apply(action, seat)`` would succeed."""
        try:
            self.check(action, seat)
        except IllegalActionError:
            return False
        return True

    def check(self, action: int | Card | Call, seat: Seat | int | None = None) -> None:
        """Raise :class:`IllegalActionError` if the action is not legal now; change nothing."""
        self._validate(_action_number(action), seat)

    def _validate(self, action: int, seat: Seat | int | None) -> None:
        phase = self._phase
        if phase is _COMPLETE:
            raise IllegalActionError("the rubber is over: no more actions", "game_over")
        if seat is not None and int(seat) != self._to_act:
            raise IllegalActionError(
                f"it is {SEATS[self._to_act]}'s turn, not {SEATS[int(seat)]}'s", "not_your_turn"
            )
        # (the two-hand game's actions end at REJECT: no attribute read on its path)
        if not 0 <= action <= REJECT and not 0 <= action <= self.LAST_ACTION:
            raise IllegalActionError(
                f"{action} is not an action number (actions are 0 to {self.LAST_ACTION})",
                "unknown_action",
            )
        if phase is _AUCTION:
            auction = self._auction
            assert auction is not None
            if not PASS <= action <= LAST_BID:
                raise IllegalActionError(
                    f"{describe(action)} is not possible now: it is the auction; make a call",
                    "wrong_phase",
                )
            auction.check(action)
        elif phase is _PLAY or phase is _PRELIMINARY:
            self._validate_card(action)
        else:
            self._validate_phase(action, phase)

    def _validate_card(self, action: int) -> None:
        # A card to play: held in the hand that plays, and following suit when it must.
        hand, where, who = self._playable()
        if action >= 52:
            raise IllegalActionError(
                f"{describe(action)} is not possible now: play a card from {where}",
                "wrong_phase",
            )
        if not hand & CARD_MASK[action]:
            raise IllegalActionError(
                f"{describe(action)} is not {self._where_held(where)}", "card_not_in_hand"
            )
        led = self._led_suit
        if led >= 0 and CARD_SUIT[action] != led and hand & SUIT_MASKS[led]:
            symbol = "♣♦♥♠"[led]
            raise IllegalActionError(
                f"{who[0]} must follow suit: {symbol} was led and {who[1]} {symbol}",
                "must_follow_suit",
            )

    def _playable(self) -> tuple[int, str, tuple[str, str]]:
        # The cards that may be played now (a mask), the hand's name for the player ("your
        # hand"), and who must follow suit and who holds, as the refusal words them.
        return self._hands[self._to_act], "your hand", ("you", "you hold")

    def _where_held(self, where: str) -> str:
        # "in your hand": where a card named but not playable is not.
        return f"in {where}"

    def _validate_phase(self, action: int, phase: Phase) -> None:
        # The checks of the engine's own phases (drawing; declarer's choices at the table).
        raise NotImplementedError

    def apply(self, action: int | Card | Call, seat: Seat | int | None = None) -> None:
        """Validate ``action`` for the seat (player) to act and carry it out: a call in the
        auction, a card to play (at the four-hand table, of the hand :attr:`to_play`), or an
        action of the variant's own phases.

        :param seat: if given, the seat that means to act (``not_your_turn`` if it is not theirs).
        :raises IllegalActionError: with a machine-readable ``code``; the state is unchanged.
        """
        number = action if action.__class__ is int else _action_number(action)
        self._validate(number, seat)
        if self._phase is _AUCTION:
            self._call(number)
        else:
            self._carry_out(number)

    def _carry_out(self, action: int) -> None:
        # Hook: carry out a validated action of a phase other than the auction.
        raise NotImplementedError

    def parse_action(self, text: str) -> int:
        """Read an action written for the current phase: a call (``1NT``, ``pass``, ``X``) in
        the auction, a card (``SA``, ``10H``, ``:G``) to play, place or discard; ``keep`` or
        ``reject`` while drawing (Draw and Discard Bridge), ``exposed`` or ``other`` for
        declarer's choice of dummy (Single Dummy Bridge), ``defender`` or ``dummy`` for the
        opening leader (the Widow).

        Only the notation is checked here; :meth:`apply` checks legality.

        :raises NotationError: naming the bad text and what the phase accepts.
        """
        phase = self._phase
        if phase is _AUCTION:
            return Call.parse(text).action
        if phase is _COMPLETE:
            raise NotationError("the rubber is over: there is nothing to do", "bad_action")
        if phase is _PLAY or phase is _PRELIMINARY:
            return Card.parse(text).action
        return self._parse_phase(text, phase)

    def _parse_phase(self, text: str, phase: Phase) -> int:
        # Hook: read an action of the engine's own phases; by default a card.
        return Card.parse(text).action

    # -- the auction, the play and the tricks, for every table ------------------------------

    def _start_auction(self) -> None:
        first = self._dealer if self.rules.first_caller is FirstCaller.DEALER else 1 - self._dealer
        self._auction = Auction(first)
        self._deal_masks = tuple(self._hands)
        self._phase = _AUCTION
        self._to_act = first

    def _call(self, action: int) -> None:
        auction = self._auction
        assert auction is not None
        auction.add(action)
        self._actions.append(action)
        if not auction.is_finished:
            self._to_act = auction.to_call
            return
        if auction.is_passed_out:
            self._finish_hand(self._result_without_play())
            return
        contract = auction.contract
        declarer = auction.declarer
        assert contract is not None and declarer is not None
        self._contract = contract
        self._declarer = declarer
        self._trump = int(contract.strain)
        self._beats = BEATS[self._trump]
        self._after_auction()

    def _after_auction(self) -> None:
        # Hook: what follows the auction once there is a contract (the table's choices first).
        self._start_play()

    def _start_play(self) -> None:
        contract = self._contract
        assert contract is not None
        if self.rules.honours:
            # Honours held in any one hand count for the side that holds it.
            held = [0, 0]
            for hand, cards in enumerate(self._hands):
                held[_SIDE[hand]] += honours_bonus(cards, contract.strain)
            self._honours = (held[0], held[1])
        leader = self._opening_hand()
        self._opening_leader = self._leader = leader
        self._to_act = _SIDE[leader]
        self._phase = _PLAY

    def _opening_hand(self) -> int:
        # Hook: the hand that leads to the first trick of the play (the engine sets its order).
        raise NotImplementedError

    def _complete_trick(self, winner: int) -> None:
        # The trick is complete: the hand ``winner`` takes it for its side and leads the next.
        self._tricks_won[_SIDE[winner]] += 1
        self._tricks.append((self._leader, tuple(self._trick), winner))
        self._trick = []
        self._led_suit = -1
        self._leader = winner
        self._to_act = _SIDE[winner]
        self._after_trick(winner)

    def _after_trick(self, winner: int) -> None:
        # Hook: what follows a complete trick; the thirteenth ends the play.
        if len(self._tricks) == _TRICKS_PER_HAND:
            self._score_played_hand()

    def _result_without_play(self, ended_by_award: bool = False) -> HandResult:
        # A passed-out hand, or a Memory Bridge hand whose award ended the rubber.
        return HandResult(
            self._hand_number,
            SEATS[self._dealer],
            None,
            None,
            None,
            None,
            preliminary=self._award,
            ended_by_award=ended_by_award,
        )

    # -- the end of a hand ----------------------------------------------------------------------

    def _score_played_hand(self) -> None:
        contract = self._contract
        assert contract is not None
        declarer = self._declarer
        taken = self._tricks_won[declarer]
        scorer = score_deal if self._sheet.match_deals else score_contract
        score = scorer(contract, taken, self._sheet.vulnerable(declarer))
        self._sheet = self._sheet.add_hand(self._hand_number, declarer, score, self._honours)
        result = HandResult(
            self._hand_number,
            SEATS[self._dealer],
            contract,
            SEATS[declarer],
            taken,
            score,
            self._honours,
            self._award,
            # (a rubber bonus is written only by the hand that ends the rubber)
            rubber_bonus=self._sheet.rubber_bonus(self._hand_number)
            if self._sheet.is_complete
            else 0,
        )
        self._finish_hand(result)

    def _finish_hand(self, result: HandResult) -> None:
        # Kept for the views: both players saw every card of these tricks, and a client that
        # moves on to the next hand at once could otherwise never show the last trick.
        self._previous_tricks = self._tricks
        self._previous_order = self._order
        self._record_hand(result)
        if self._sheet.is_complete:
            self._phase = _COMPLETE
            self._to_act = -1
            self._end_rubber()
            return
        self._hand_number += 1
        if not (self.rules.redeal_passed_out and result.passed_out):
            self._dealer = 1 - self._dealer
        self._start_hand()

    def _record_hand(self, result: HandResult) -> None:
        auction = self._auction
        self._history.append(
            HandHistory(
                self._hand_number,
                SEATS[self._dealer],
                self._stock,
                tuple(self._actions),
                result,
                SEATS[auction.first_caller] if auction is not None else None,
                self._deal_masks or (),
                tuple(self._tricks),
                self._preliminary,
                self._order,
                self._exposed,
            )
        )

    def _end_rubber(self) -> None:
        # Anything else the engine clears when the rubber is over (nothing, by default).
        return

    def _start_hand(self) -> None:
        # The next hand: its stock and the state every table begins a hand with; then the
        # engine deals it and sets its first phase.
        self._stock = self.stock_for_hand(self._hand_number)
        self._auction = None
        self._contract = None
        self._declarer = self._trump = self._leader = self._opening_leader = self._exposed = -1
        self._trick = []
        self._led_suit = self._best_card = -1
        self._beats = BEATS[4]
        self._tricks_won = [0, 0]
        self._tricks = []
        self._actions = []
        self._deal_masks = None
        self._honours = (0, 0)
        self._award = None
        self._preliminary = ()
        self._deal_hand()

    def _deal_hand(self) -> None:
        # Hook: deal the hand and set its first phase.
        raise NotImplementedError

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.rules.name} hand {self._hand_number + 1} "
            f"{self._phase.name.lower()} to act: {self.to_act}>"
        )


class Game(EngineBase):
    """A rubber of Honeymoon Bridge under ``rules`` (the default profile unless given).

    :param seed: seeds each hand's shuffle and the choice of first dealer; random if omitted.
    :param stocks: explicit stock orders (52 card ids or cards, top first) for the first hands.
    :param first_dealer: the first hand's dealer; chosen at random (from the seed) if omitted.
    """

    __slots__ = (
        "_stock_pos",
        "_discards",
        "_draw_turns",
        "_keep_ends_turn",
        "_follow_required",
        "_drawn",
        "_preliminary_won",
        "_draw_log",
    )

    #: Whether this engine plays Bridgette's exchange and Colons (its subclass does).
    _plays_colons = False

    def _refuse(self, rules: RuleSet) -> None:
        if rules.procedure not in _IMPLEMENTED_PROCEDURES or rules.four_hands:
            raise NotImplementedError(
                f"the {rules.name} procedure is not played by this engine: "
                "make its game with honeymoon.new_game(rules)"
            )
        if rules.procedure is Procedure.BRIDGETTE and not self._plays_colons:
            raise NotImplementedError(
                f"{rules.name} plays through its own engine: make its game with "
                "honeymoon.new_game(rules)"
            )
        self._keep_ends_turn = not rules.discard_after_keep

    # -- hand set-up ------------------------------------------------------------------------

    def _deal_hand(self) -> None:
        self._stock_pos = 0
        self._hands = [0, 0]
        self._discards = [0, 0]
        self._draw_turns = [0, 0]
        self._follow_required = True
        self._drawn: list[tuple[int, ...]] = [(), ()]
        self._draw_log: list[tuple[int, int, int, bool]] = []
        self._preliminary_won = (0, 0)
        non_dealer = int(self.opener)
        if self.rules.procedure is Procedure.DRAW_DISCARD:
            self._phase = _DRAWING
            self._to_act = non_dealer
            return
        if self.rules.procedure is Procedure.BRIDGETTE:
            self._deal(0)
            self._start_exchange()
            return
        # Draw Bridge and Memory Bridge: 13 each, one at a time, non-dealer first; then the
        # preliminary tricks at no trump, non-dealer leading.
        self._deal(0)
        self._phase = _PRELIMINARY
        self._trump = 4
        self._beats = BEATS[4]
        self._follow_required = self.rules.preliminary_follows_suit
        self._leader = self._to_act = non_dealer

    def _deal(self, start: int) -> None:
        # Deal stock[start:start + 26] one card at a time, the non-dealer first.
        non_dealer = 1 - self._dealer
        for offset in range(26):
            self._hands[non_dealer if offset % 2 == 0 else self._dealer] |= CARD_MASK[
                self._stock[start + offset]
            ]
        self._stock_pos = start + 26

    @property
    def to_discard(self) -> int:
        """How many cards the seat to act must still discard in Bridgette's exchange; 0 in
        every other variant and phase."""
        return 0

    def _start_exchange(self) -> None:
        # Bridgette's exchange (honeymoon.bridgette.BridgetteGame).
        raise NotImplementedError

    # -- chance given from outside ------------------------------------------------------------

    def restock(self, stock: Sequence[int | Card]) -> None:
        """Make ``stock`` (an order of the pack, top first) the current hand's stock, for a
        caller that draws the chance itself (the research environment's chance nodes, a deal
        resampled for search). Before the hand's first action the hand is dealt again from it;
        after that, only the places not yet dealt or drawn may change.

        >>> game = Game(seed=1, first_dealer=0)
        >>> game.restock(range(51, -1, -1))
        >>> game.stock_for_hand(0)[:2]
        (51, 50)

        :raises NotationError: (``bad_stock``) if ``stock`` is not an order of the pack.
        :raises IllegalActionError: (``stock_in_use``) if a place already dealt or drawn
            would change, or (``game_over``) once the rubber is over.
        """
        if self.is_over:
            raise IllegalActionError("the rubber is over: no hand to restock", "game_over")
        number = self._hand_number
        pack = 55 if self.rules.colons else 52
        order = _check_stock([c.id if isinstance(c, Card) else c for c in stock], number, pack)
        used = self._stock_pos
        if self._actions and order[:used] != self._stock[:used]:
            raise IllegalActionError(
                f"the first {used} stock places of this hand are dealt or drawn: only the "
                "places after them may change",
                "stock_in_use",
            )
        stocks = [self.stock_for_hand(i) for i in range(max(len(self._stocks), number + 1))]
        stocks[number] = order
        self._stocks = tuple(stocks)
        if self._actions:
            self._stock = order
        else:
            self._start_hand()

    # -- the public state -------------------------------------------------------------------

    @property
    def opener(self) -> Seat:
        """The seat that acts first in the current hand, the non-dealer: it draws first (Draw
        and Discard Bridge) or leads to the first preliminary trick (Draw, Memory Bridge)."""
        return SEATS[1 - self._dealer]

    @property
    def stock_remaining(self) -> int:
        """How many cards are left in the stock."""
        return len(self._stock) - self._stock_pos

    def face_up_card(self) -> Card | None:
        """The stock card turned face up for both to see (Draw Bridge's face-up option)."""
        if self._phase is _PRELIMINARY and self.rules.face_up_stock and self.stock_remaining:
            return Card.from_id(self._stock[self._stock_pos])
        return None

    def draw_turns(self, seat: Seat | int) -> tuple[tuple[int, int, bool], ...]:
        """``seat``'s drawing turns this hand: (kept card id, discarded card id or -1, whether
        the top card was kept). Secret: show it only through a view."""
        return tuple(
            (kept, gone, first) for who, kept, gone, first in self._draw_log if who == seat
        )

    def drawn_cards(self, seat: Seat | int) -> tuple[Card, ...]:
        """The cards ``seat`` drew after preliminary tricks (Draw Bridge). Secret."""
        return tuple(Card.from_id(c) for c in self._drawn[seat])

    def hand(self, seat: Seat | int) -> CardSet:
        """The cards ``seat`` holds now. Secret: show it only through a view."""
        return CardSet(self._hands[seat])

    def discards(self, seat: Seat | int) -> CardSet:
        """The cards ``seat`` has discarded this hand. Secret: show it only through a view."""
        return CardSet(self._discards[seat])

    def looking_at(self) -> Card | None:
        """The top card of the stock, which the seat to draw is looking at; None otherwise."""
        if self._phase is _DRAWING:
            return Card.from_id(self._stock[self._stock_pos])
        return None

    # -- actions ----------------------------------------------------------------------------

    def legal_actions(self) -> tuple[int, ...]:
        """The legal actions of the seat to act, ascending; empty once the rubber is over."""
        phase = self._phase
        if phase is _PLAY or phase is _PRELIMINARY:
            hand = self._hands[self._to_act]
            led = self._led_suit
            if led >= 0:
                lane = hand >> (16 * led) & 0x1FFF
                if lane:
                    return _LANE_IDS[led][lane] or lane_card_ids(led, lane)
            clubs = hand & 0x1FFF
            diamonds = hand >> 16 & 0x1FFF
            hearts = hand >> 32 & 0x1FFF
            spades = hand >> 48 & 0x1FFF
            # An empty lane is (): test it first, so that a void does not call the filler.
            return (
                ((_CLUB_IDS[clubs] or lane_card_ids(0, clubs)) if clubs else ())
                + ((_DIAMOND_IDS[diamonds] or lane_card_ids(1, diamonds)) if diamonds else ())
                + ((_HEART_IDS[hearts] or lane_card_ids(2, hearts)) if hearts else ())
                + ((_SPADE_IDS[spades] or lane_card_ids(3, spades)) if spades else ())
            )
        if phase is _DRAWING:
            return _DRAW_CHOICES
        if phase is _AUCTION:
            assert self._auction is not None
            return self._auction.legal_calls()
        return ()

    def _validate_phase(self, action: int, phase: Phase) -> None:
        # Drawing: keep or reject the top card.
        if action != KEEP and action != REJECT:
            raise IllegalActionError(
                f"{describe(action)} is not possible now: the players are drawing; "
                "keep or reject the top card",
                "wrong_phase",
            )

    def apply(self, action: int | Card | Call, seat: Seat | int | None = None) -> None:
        """Validate ``action`` for the seat to act and carry it out (see
        :meth:`EngineBase.apply`); a card in the play is checked here at once.

        :raises IllegalActionError: with a machine-readable ``code``; the state is unchanged.
        """
        if seat is None and action.__class__ is int:
            phase = self._phase
            if phase is _PLAY:
                if 0 <= action < 52:
                    # The hot path: validate a card inline, then play it.
                    to_act = self._to_act
                    hand = self._hands[to_act]
                    bit = _CARD_MASK[action]
                    led = self._led_suit
                    if hand & bit and (
                        led < 0 or _CARD_SUIT[action] == led or not hand & _SUIT_MASKS[led]
                    ):
                        self._play_card(action, to_act, hand ^ bit)
                        return
            elif phase is _DRAWING and (action == KEEP or action == REJECT):
                self._draw(action)
                return
        super().apply(action, seat)

    def _carry_out(self, action: int) -> None:
        if self._phase is _DRAWING:
            self._draw(action)
        else:
            self._play_card(action, self._to_act, self._hands[self._to_act] ^ CARD_MASK[action])

    def _parse_phase(self, text: str, phase: Phase) -> int:
        if phase is not _DRAWING:
            return super()._parse_phase(text, phase)  # Bridgette's exchange: a card
        key = text.strip().lower()
        if key in ("k", "keep", "take"):
            return KEEP
        if key in ("r", "reject", "discard"):
            return REJECT
        raise NotationError(
            f"{text!r}: while drawing, answer 'keep' (k) or 'reject' (r)", "bad_action"
        )

    # -- phase handlers (called after validation) -------------------------------------------

    def _draw(self, action: int) -> None:
        seat = self._to_act
        stock = self._stock
        position = self._stock_pos
        top = stock[position]
        if action == KEEP and self._keep_ends_turn:
            # RULES.md 2a: keeping the top card ends the turn.
            self._hands[seat] |= CARD_MASK[top]
            self._stock_pos = position + 1
            self._draw_log.append((seat, top, -1, True))
        elif action == KEEP:
            following = stock[position + 1]
            self._hands[seat] |= CARD_MASK[top]
            self._discards[seat] |= CARD_MASK[following]
            self._stock_pos = position + 2
            self._draw_log.append((seat, top, following, True))
        else:
            following = stock[position + 1]
            self._discards[seat] |= CARD_MASK[top]
            self._hands[seat] |= CARD_MASK[following]
            self._stock_pos = position + 2
            self._draw_log.append((seat, following, top, False))
        turns = self._draw_turns
        turns[seat] += 1
        self._actions.append(action)
        # 13 turns each, in turn. Every turn adds one card to the hand, so in RULES.md 2a too
        # both reach 13 together: its "a player with 13 cards stops drawing" cannot arise.
        if turns[1 - seat] < 13:
            self._to_act = 1 - seat
        else:
            self._start_auction()

    def _opening_hand(self) -> int:
        self._follow_required = True
        return 1 - self._declarer

    def _play_card(self, action: int, seat: int, remaining: int) -> None:
        self._hands[seat] = remaining
        self._actions.append(action)
        trick = self._trick
        trick.append(action)
        if len(trick) == 1:
            # Without a duty to follow suit (an option of Draw Bridge's preliminary tricks)
            # no suit is "led" for the legality check; the trick winner does not use it.
            self._led_suit = CARD_SUIT[action] if self._follow_required else -1
            self._best_card = action
            self._to_act = 1 - seat
            return
        # The second card completes the trick: does it beat the lead? As honeymoon.tricks.beats
        # says (its BEATS table).
        self._complete_trick(seat if self._beats[self._best_card << 6 | action] else 1 - seat)

    def _after_trick(self, winner: int) -> None:
        if self._phase is _PRELIMINARY:
            self._after_preliminary_trick(winner)
        elif len(self._tricks) == _TRICKS_PER_HAND:
            self._score_played_hand()

    def _after_preliminary_trick(self, winner: int) -> None:
        if self.rules.procedure is Procedure.DRAW:
            # The winner takes the top stock card, the loser the next; both draw privately.
            position = self._stock_pos
            won, lost = self._stock[position], self._stock[position + 1]
            self._hands[winner] |= CARD_MASK[won]
            self._hands[1 - winner] |= CARD_MASK[lost]
            self._drawn[winner] += (won,)
            self._drawn[1 - winner] += (lost,)
            self._stock_pos = position + 2
        if len(self._tricks) < _TRICKS_PER_HAND:
            return
        self._preliminary = tuple(self._tricks)
        self._preliminary_won = (self._tricks_won[0], self._tricks_won[1])
        self._tricks = []
        self._tricks_won = [0, 0]
        self._trump = -1
        self._leader = -1
        if self.rules.procedure is Procedure.MEMORY:
            self._award = self._memory_award()
            if self._sheet.is_complete:
                # The award won the rubber: the second deal is not played.
                self._finish_hand(self._result_without_play(ended_by_award=True))
                return
            self._deal(26)
        else:
            self._award = PreliminaryResult(self._preliminary_won)
        self._start_auction()

    def _memory_award(self) -> PreliminaryResult:
        # RULES.md 4.2: seven or more tricks score as 1NT bid and made, undoubled, plus 100.
        won = self._preliminary_won
        seat = 0 if won[0] >= 7 else 1
        made = score_contract(_ONE_NO_TRUMP, won[seat], vulnerable=False)
        bonus = ScoreItem("declarer", Line.ABOVE, MEMORY_BONUS, "memory tricks bonus")
        award = HandScore(
            made.declarer_below,
            made.declarer_above + MEMORY_BONUS,
            0,
            tuple(
                ScoreItem(i.side, i.line, i.points, f"memory tricks: {i.reason}")
                for i in made.items
            )
            + (bonus,),
        )
        self._sheet = self._sheet.add_hand(self._hand_number, seat, award)
        return PreliminaryResult(won, SEATS[seat], award)
