"""Bridgette (RULES.md 9): the 55-card game with three Colons, played by :class:`BridgetteGame`.

``honeymoon.new_game(BRIDGETTE)`` makes one: the engine base and the two-hand game's auction,
scoring and history are shared; this module adds the compulsory exchange (``Phase.EXCHANGE``)
and plays the Colons by the rules of :mod:`honeymoon.tricks`
(:func:`~honeymoon.tricks.bridgette_playable`, :func:`~honeymoon.tricks.colon_spoils`,
:func:`~honeymoon.tricks.beats`).

The hand: 13 cards each, dealt one at a time, non-dealer first; the next stock card is the
upcard, face up. Non-dealer takes the upcard and the card below it and discards two; then dealer
takes :func:`dealer_exchange_size` cards (4, 8 or 12 by the upcard) and discards as many. Each
discard is one action, the card's own action number. Then the auction (dealer first) and the
play. A passed-out deal is dealt again by the same dealer; a match is six scored deals.

>>> from honeymoon.rules import BRIDGETTE
>>> game = BridgetteGame(BRIDGETTE, seed=3, first_dealer=0)
>>> type(game).__name__, game.phase.name, game.to_act.name, len(game.hand(1))
('BridgetteGame', 'EXCHANGE', 'EAST', 15)
"""

from __future__ import annotations

from honeymoon.actions import (
    LAST_COLON_ACTION,
    card_action,
    card_of_action,
    describe,
    is_card_action,
)
from honeymoon.cards import (
    CARD_MASK,
    CARD_RANK,
    CARD_SUIT,
    FIRST_COLON_ID,
    Card,
    CardSet,
    ColonKind,
    mask_to_card_ids,
)
from honeymoon.errors import IllegalActionError
from honeymoon.game import EngineBase, Game, Phase
from honeymoon.seats import Seat
from honeymoon.tricks import BEATS, bridgette_playable, colon_spoils

__all__ = [
    "BridgetteGame",
    "dealer_exchange_size",
    "DEAL_SIZE",
    "NON_DEALER_EXCHANGE",
    "UPCARD_PLACE",
]

#: Cards dealt to each player.
DEAL_SIZE = 13
#: Cards non-dealer takes from the stock (the upcard and the card below it) and discards.
NON_DEALER_EXCHANGE = 2

_PLAY = Phase.PLAY
_EXCHANGE = Phase.EXCHANGE
_COMPLETE = Phase.COMPLETE
#: The upcard's place in the stock order (0-based): the first card after the deal.
UPCARD_PLACE = 2 * DEAL_SIZE


def dealer_exchange_size(upcard: int) -> int:
    """How many stock cards dealer takes (and discards) after non-dealer, by the upcard's card
    id: 4 for 2–10 or the Little Colon, 8 for J, Q, K or the Royal Colon, 12 for an ace or the
    Grand Colon.

    >>> [dealer_exchange_size(Card.parse(t).id) for t in ("H10", "HJ", "CA", ":L", ":R", ":G")]
    [4, 8, 12, 4, 8, 12]
    """
    if upcard >= FIRST_COLON_ID:
        kind = upcard - FIRST_COLON_ID
    else:
        kind = ColonKind.of_rank(CARD_RANK[upcard])
    return (4, 8, 12)[kind]


class BridgetteGame(Game):
    """A Bridgette match (or rubber, with the ``rubber_scoring`` option): made by
    ``honeymoon.new_game(BRIDGETTE, ...)``, with the same constructor and the same public state as
    :class:`~honeymoon.game.Game`, and these additions: :attr:`upcard`, :attr:`to_discard`,
    :meth:`exchange_drawn`, :attr:`barred_suit` and :attr:`led_card`.
    """

    __slots__ = ("_upcard", "_to_discard", "_led_card", "_barred_suit", "_exchanged")

    #: The highest action number of Bridgette: the Grand Colon.
    LAST_ACTION = LAST_COLON_ACTION
    _plays_colons = True

    _upcard: int
    _to_discard: int
    _led_card: int
    _barred_suit: int
    _exchanged: list[int]

    # -- the deal and the exchange -----------------------------------------------------------

    def _start_exchange(self) -> None:
        # Called by Game._start_hand once the 26 cards are dealt.
        self._led_card = -1
        self._barred_suit = -1
        self._upcard = self._stock[UPCARD_PLACE]
        self._exchanged = [0, 0]
        self._draw_exchange(1 - self._dealer, NON_DEALER_EXCHANGE)
        self._phase = _EXCHANGE

    def _draw_exchange(self, seat: int, count: int) -> None:
        # ``seat`` takes the next ``count`` stock cards and must discard as many.
        position = self._stock_pos
        drawn = 0
        for card in self._stock[position : position + count]:
            drawn |= CARD_MASK[card]
        self._hands[seat] |= drawn
        self._exchanged[seat] = drawn
        self._stock_pos = position + count
        self._to_discard = count
        self._to_act = seat

    @property
    def upcard(self) -> Card:
        """The stock card turned face up after the deal; public for the whole deal."""
        return Card.from_id(self._upcard)

    @property
    def to_discard(self) -> int:
        """How many cards the seat to act must still discard in the exchange (0 otherwise)."""
        return self._to_discard if self._phase is _EXCHANGE else 0

    def exchange_drawn(self, seat: Seat | int) -> CardSet:
        """The cards ``seat`` took from the stock in the exchange. Secret: show it only
        through a view (the upcard among them is public)."""
        return CardSet(self._exchanged[int(seat)])

    @property
    def barred_suit(self) -> int:
        """The suit (0–3) the leader may not lead to this trick after a matching Colon spoiled
        the last one, while holding a card of another suit; -1 if none."""
        return self._barred_suit

    @property
    def led_card(self) -> Card | None:
        """The card led to the trick in progress, None when a lead is due."""
        return Card.from_id(self._led_card) if self._led_card >= 0 else None

    def face_up_card(self) -> Card | None:
        """The upcard, public from the deal to the end of the hand."""
        if self._phase is _COMPLETE:
            return None
        return Card.from_id(self._upcard)

    def drawn_cards(self, seat: Seat | int) -> tuple[Card, ...]:
        """The cards ``seat`` took from the stock in the exchange. Secret."""
        return tuple(Card.from_id(c) for c in mask_to_card_ids(self._exchanged[int(seat)]))

    # -- actions -------------------------------------------------------------------------------

    def legal_actions(self) -> tuple[int, ...]:
        """The legal actions of the seat to act, ascending (a Colon as 96–98)."""
        phase = self._phase
        if phase is _PLAY:
            hand = self._hands[self._to_act]
            playable = bridgette_playable(hand, self._led_card, self._barred_suit)
            return tuple(card_action(c) for c in mask_to_card_ids(playable))
        if phase is _EXCHANGE:
            return tuple(card_action(c) for c in mask_to_card_ids(self._hands[self._to_act]))
        return super().legal_actions()

    def _validate_card(self, action: int) -> None:
        card, hand = self._held(action, "play a card")
        if not bridgette_playable(hand, self._led_card, self._barred_suit) & CARD_MASK[card]:
            self._refuse_card(card, hand)

    def _validate_phase(self, action: int, phase: Phase) -> None:
        self._held(action, f"discard {self._to_discard} more")  # the exchange

    def _held(self, action: int, doing: str) -> tuple[int, int]:
        # A card held by the seat to act (the card id, and the hand).
        if not is_card_action(action):
            raise IllegalActionError(
                f"{describe(action)} is not possible now: {doing} from your hand", "wrong_phase"
            )
        card = card_of_action(action)
        hand = self._hands[self._to_act]
        if not hand & CARD_MASK[card]:
            raise IllegalActionError(f"{describe(action)} is not in your hand", "card_not_in_hand")
        return card, hand

    def _refuse_card(self, card: int, hand: int) -> None:
        # Why a held card may not be played now, in words and a code.
        led = self._led_card
        name = str(Card.from_id(card))
        if led < 0:
            if card >= FIRST_COLON_ID:
                raise IllegalActionError(
                    f"{name} may not be led while you hold a suited card", "colon_lead"
                )
            symbol = "♣♦♥♠"[self._barred_suit]
            raise IllegalActionError(
                f"{symbol} may not be led to this trick: a matching Colon spoiled your last "
                f"lead in {symbol}, so lead another suit",
                "barred_suit",
            )
        symbol = "♣♦♥♠"[CARD_SUIT[led]]
        raise IllegalActionError(
            f"you must follow suit: {symbol} was led and you hold {symbol} (or play the Colon "
            f"that matches {Card.from_id(led)})",
            "must_follow_suit",
        )

    # Every card goes through the checks of _validate (the two-hand game's inline check of a
    # card knows no Colons).
    apply = EngineBase.apply

    def _carry_out(self, action: int) -> None:
        if self._phase is _PLAY:
            self._play(action)
        else:
            self._discard(action)

    # -- phase handlers (after validation) ----------------------------------------------------

    def _discard(self, action: int) -> None:
        seat = self._to_act
        bit = CARD_MASK[card_of_action(action)]
        self._hands[seat] ^= bit
        self._discards[seat] |= bit
        self._actions.append(action)
        self._to_discard -= 1
        if self._to_discard:
            return
        if seat != self._dealer:
            self._draw_exchange(self._dealer, dealer_exchange_size(self._upcard))
            return
        self._start_auction()

    def _play(self, action: int) -> None:
        seat = self._to_act
        card = card_of_action(action)
        self._hands[seat] ^= CARD_MASK[card]
        self._actions.append(action)
        led = self._led_card
        if led < 0:
            self._trick = [card]
            self._led_card = card
            self._led_suit = CARD_SUIT[card] if card < FIRST_COLON_ID else -1
            self._barred_suit = -1
            self._to_act = 1 - seat
            return
        winner = seat if BEATS[self._trump][led << 6 | card] else self._leader
        self._trick.append(card)
        self._led_card = -1
        if colon_spoils(led, card) and len(self._tricks) < DEAL_SIZE - 1:
            # The leader wins and must lead one of the other suits next (while able to).
            self._barred_suit = CARD_SUIT[led]
        self._complete_trick(winner)
