"""The shape of one recorded hand, worked out from its actions alone (no stock needed).

In Draw and Discard Bridge the phases of a hand follow from the action sequence: 26 drawing
turns, then calls until the auction ends, then cards. Who declares, who leads and who wins each
trick follow from the calls and the cards. So a hand whose stock was left out of its record
(a player-safe copy) can still be read, checked for form and scored, and any hand can be
exported to PBN, without a :class:`~honeymoon.game.Game`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from honeymoon.actions import KEEP, REJECT, describe
from honeymoon.auction import LAST_BID, PASS, Auction, Call, Contract
from honeymoon.cards import CARD_MASK, CARD_SUIT, Card
from honeymoon.errors import IllegalActionError, NotationError, RecordError
from honeymoon.rules import FirstCaller, Procedure, RuleSet
from honeymoon.seats import SEATS, Seat
from honeymoon.tricks import trick_winner

#: The number of drawing turns in a hand of Draw and Discard Bridge (two cards a turn).
DRAW_TURNS = 26
#: How a drawing action hidden from a player-safe copy is written.
HIDDEN_DRAW_TEXT = "draw"
_TRICKS_PER_HAND = 13


@dataclass(frozen=True, slots=True)
class PlayedTrick:
    """A trick as played: the seat that led, the card ids in playing order, and the winner."""

    leader: Seat
    cards: tuple[int, ...]
    winner: Seat | None


@dataclass(frozen=True, slots=True)
class HandShape:
    """What the actions of one hand say, without the stock.

    ``draws`` holds the drawing actions (``None`` where a player-safe copy hid them); ``calls``
    the call actions; ``tricks`` the tricks, the last one possibly unfinished.
    """

    dealer: Seat
    draws: tuple[int | None, ...]
    first_caller: Seat
    calls: tuple[int, ...]
    auction_over: bool
    contract: Contract | None
    declarer: Seat | None
    tricks: tuple[PlayedTrick, ...]

    @property
    def passed_out(self) -> bool:
        """True if the auction ended with no bid."""
        return self.auction_over and self.contract is None

    @property
    def play_over(self) -> bool:
        """True once all thirteen tricks are complete."""
        return len(self.tricks) == _TRICKS_PER_HAND and self.tricks[-1].winner is not None

    @property
    def is_over(self) -> bool:
        """True if the hand has ended: passed out or all tricks played."""
        return self.passed_out or self.play_over

    @property
    def opening_leader(self) -> Seat | None:
        """The defender, who leads to the first trick; None unless the auction produced a
        contract."""
        return self.declarer.other if self.declarer is not None and self.auction_over else None

    def tricks_won(self, seat: Seat) -> int:
        """Completed tricks won by ``seat``."""
        return sum(1 for trick in self.tricks if trick.winner is seat)

    def cards_played(self, seat: Seat) -> int:
        """The mask of the cards ``seat`` played this hand."""
        mask = 0
        for trick in self.tricks:
            for position, card_id in enumerate(trick.cards):
                if (trick.leader if position % 2 == 0 else trick.leader.other) is seat:
                    mask |= CARD_MASK[card_id]
        return mask


def first_caller_of(rules: RuleSet, dealer: Seat) -> Seat:
    """Who calls first in a hand dealt by ``dealer``."""
    return dealer if rules.first_caller is FirstCaller.DEALER else dealer.other


def action_text(action: int | None) -> str:
    """The record's text for an action: ``keep``/``reject``, a call ``1NT``/``Pass``/``X``/``XX``,
    a card ``SA``/``HT``; ``draw`` for a hidden drawing action."""
    if action is None:
        return HIDDEN_DRAW_TEXT
    if 0 <= action < 52:
        return Card.from_id(action).pbn
    if PASS <= action <= LAST_BID:
        return Call(action).pbn
    if action == KEEP:
        return "keep"
    if action == REJECT:
        return "reject"
    raise ValueError(f"{action} is not an action number")


def walk_hand(
    rules: RuleSet,
    dealer: Seat,
    actions: Sequence[str | int | None],
    hand_index: int,
) -> tuple[HandShape, tuple[int | None, ...]]:
    """Read one hand's actions (texts or numbers) by their position alone.

    Checks what can be checked without the stock: the drawing texts, the legality of every call,
    that no card is played twice and that a player who showed out of a suit does not play it
    later. Returns the shape and the actions as numbers (``None`` for a hidden draw).

    :raises RecordError: locating the first bad action.
    """
    numbers: list[int | None] = []
    draws: list[int | None] = []
    first_caller = first_caller_of(rules, dealer)
    auction = Auction(int(first_caller))
    tricks: list[PlayedTrick] = []
    trick: list[int] = []
    leader: Seat | None = None
    played = 0
    voids: list[set[int]] = [set(), set()]
    for index, raw in enumerate(actions):
        try:
            if len(draws) < DRAW_TURNS:
                action = _draw_number(raw)
                draws.append(action)
                numbers.append(action)
                continue
            if not auction.is_finished:
                call = _call_number(raw)
                try:
                    auction.add(call)
                except IllegalActionError as error:
                    raise _ActionProblem(error.message, error.code) from None
                numbers.append(call)
                if auction.is_finished and auction.declarer is not None:
                    leader = SEATS[auction.declarer].other
                continue
            contract = auction.contract
            if contract is None or leader is None:
                raise _ActionProblem(
                    "the hand was passed out: no action can follow", "extra_action"
                )
            if len(tricks) == _TRICKS_PER_HAND:
                raise _ActionProblem(
                    "all thirteen tricks have been played: no action can follow", "extra_action"
                )
            card = _card_number(raw)
            seat = leader if len(trick) % 2 == 0 else leader.other
            if played & CARD_MASK[card]:
                raise _ActionProblem(
                    f"{Card.from_id(card)} has already been played", "card_not_in_hand"
                )
            suit = CARD_SUIT[card]
            if suit in voids[seat]:
                raise _ActionProblem(
                    f"{seat} plays {Card.from_id(card)} after showing out of {'♣♦♥♠'[suit]}",
                    "must_follow_suit",
                )
        except _ActionProblem as problem:
            raise RecordError(
                problem.message, hand=hand_index, action_index=index, code=problem.code
            ) from None
        if trick and CARD_SUIT[trick[0]] != suit:
            voids[seat].add(CARD_SUIT[trick[0]])
        played |= CARD_MASK[card]
        trick.append(card)
        numbers.append(card)
        if len(trick) == 2:
            winner = leader if trick_winner(trick, int(contract.strain)) == 0 else leader.other
            tricks.append(PlayedTrick(leader, tuple(trick), winner))
            trick = []
            leader = winner
    if trick:
        assert leader is not None
        tricks.append(PlayedTrick(leader, tuple(trick), None))
    shape = HandShape(
        dealer=dealer,
        draws=tuple(draws),
        first_caller=first_caller,
        calls=tuple(auction.calls),
        auction_over=auction.is_finished,
        contract=auction.contract,
        declarer=SEATS[auction.declarer] if auction.declarer is not None else None,
        tricks=tuple(tricks),
    )
    return shape, tuple(numbers)


class _ActionProblem(Exception):
    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def _draw_number(raw: str | int | None) -> int | None:
    if raw is None or raw in (KEEP, REJECT):
        return raw
    if isinstance(raw, str):
        key = raw.strip().lower()
        if key == HIDDEN_DRAW_TEXT:
            return None
        if key in ("k", "keep", "take"):
            return KEEP
        if key in ("r", "reject", "discard"):
            return REJECT
    shown = describe(raw) if isinstance(raw, int) else repr(raw)
    raise _ActionProblem(
        f"{shown}: while drawing, an action is 'keep' or 'reject'"
        f" ('{HIDDEN_DRAW_TEXT}' in a copy written without the stock)",
        "wrong_phase" if isinstance(raw, int) else "bad_action",
    )


def _call_number(raw: str | int | None) -> int:
    if isinstance(raw, int):
        if PASS <= raw <= LAST_BID:
            return raw
        raise _ActionProblem(
            f"{describe(raw)} is not possible now: it is the auction; make a call", "wrong_phase"
        )
    if raw is None:
        raise _ActionProblem("a drawing action cannot follow the 26 drawing turns", "wrong_phase")
    try:
        return Call.parse(raw).action
    except NotationError as error:
        raise _ActionProblem(error.message, "bad_action") from None


def _card_number(raw: str | int | None) -> int:
    if isinstance(raw, int):
        if 0 <= raw < 52:
            return raw
        raise _ActionProblem(f"{describe(raw)} is not possible now: play a card", "wrong_phase")
    if raw is None:
        raise _ActionProblem("a drawing action cannot come during the play", "wrong_phase")
    try:
        return Card.parse(raw).id
    except NotationError as error:
        raise _ActionProblem(error.message, "bad_action") from None


def hands_from_stock(
    rules: RuleSet, stock: Sequence[int], draws: Sequence[int | None], dealer: Seat
) -> list[int]:
    """The two players' hands (masks, by seat number) after the drawing actions ``draws``.

    Keeping the top card takes the next one to the discards, unless the variant ends the turn
    there (RULES.md 2a); rejecting it always keeps the next.
    """
    hands = [0, 0]
    drawer = dealer.other
    position = 0
    for action in draws:
        if action == KEEP:
            hands[drawer] |= CARD_MASK[stock[position]]
            position += 2 if rules.discard_after_keep else 1
        else:
            hands[drawer] |= CARD_MASK[stock[position + 1]]
            position += 2
        drawer = drawer.other
    return hands


def check_shape_support(rules: RuleSet) -> None:
    """Raise :class:`RecordError` unless hands of ``rules`` can be read without their stock.

    Only the Draw and Discard procedure (RULES.md 2 and 2a) is supported so far.
    """
    if rules.procedure is not Procedure.DRAW_DISCARD:
        raise RecordError(
            f"{rules.title}: a record without the stock order (and PBN export) is supported "
            "only for Draw and Discard Bridge so far",
            code="unsupported_variant",
        )
