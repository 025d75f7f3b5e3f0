"""Bridgette for the computer players (RULES.md 9): the exchange, the auction and the play with
the Colons, from the seat's view only.

The ``novice`` and ``heuristic`` bots (every :class:`~honeymoon.bots.advice.PhasedBot`) play
Bridgette through :func:`bridgette_advice`; the novice slips now and then, as it does in the
other variants. The ``expert`` plays it with its own sampling and the solver that knows the
Colons (:mod:`honeymoon.bots.expert`), and this module's exchange. The rules come from the
view (its legal actions, the upcard, the barred suit); this module only chooses.

* **The exchange keeps a plan.** The bot picks the strain its hand is best in (the longest,
  strongest suit, or no trump) and discards the cards worth least to it: low cards of short
  side suits first (a void helps a suit contract), never the plan's length or honours.
* **A Colon is kept for the lead it will spoil.** A Colon's worth is the leads it can spoil:
  the Grand Colon is worth more the fewer aces the bot holds, the Royal the fewer kings, queens
  and jacks; the Little Colon is worth a little. In play the bot holds its Colon back until the
  opponent leads a card of its group that the bot cannot beat and that would cost it (an
  honour, or a suit the bot guards), and plays it then: the leader wins the trick anyway, and
  must switch suits.
* **The auction** counts tricks as the novice does (:func:`~honeymoon.bots.novice.novice_tricks`)
  and bids its best strain up to the tricks it expects.
* **The play**: win as cheaply as it can, ruff low when void, cash masters, otherwise lead low
  from its longest side suit; a Colon is led only from a hand of Colons alone, the Little first.

>>> from honeymoon import new_game
>>> from honeymoon.rules import BRIDGETTE
>>> from honeymoon.views import view_for
>>> from honeymoon.bots import HeuristicBot
>>> game = new_game(BRIDGETTE, seed=4, first_dealer=0)
>>> view = view_for(game, game.to_act)
>>> HeuristicBot(seed=1).act(view) in view.legal_actions
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from honeymoon.actions import card_of_action
from honeymoon.auction import DOUBLE, PASS, AuctionSummary, Call, Contract, cheapest_bid
from honeymoon.bots.advice import Advice, Figures, Reason
from honeymoon.bots.novice import novice_tricks
from honeymoon.cards import (
    CARD_RANK,
    CARD_SUIT,
    FIRST_COLON_ID,
    FULL_DECK_MASK,
    SUIT_MASKS,
    Card,
    Strain,
    Suit,
)
from honeymoon.errors import UnknownVariantError
from honeymoon.game import Phase
from honeymoon.knowledge import knowledge_of
from honeymoon.tricks import beats, colon_spoils
from honeymoon.views import SeatView

if TYPE_CHECKING:
    from honeymoon.bots.advice import PhasedBot

__all__ = [
    "BRIDGETTE_BOTS",
    "BridgetteCallReader",
    "bridgette_advice",
    "check_bridgette_bot",
    "colon_worth",
    "plan_strain",
    "keep_value",
]

_LITTLE, _ROYAL, _GRAND = FIRST_COLON_ID, FIRST_COLON_ID + 1, FIRST_COLON_ID + 2
_HONOUR = {14: 4.0, 13: 3.0, 12: 2.0, 11: 1.0, 10: 0.5}
#: Tricks short of a bid's the bidding model still bids with (its count is rough).
BID_SLACK = 0.3
#: Tricks by which a reader lets an opponent's call differ from the model's before a hand is
#: taken not to fit it (the opponent is not the model).
READ_TOLERANCE = 1.0
#: The share of decisions that matter the novice gets wrong (as in the other variants).
NOVICE_SLIPS = 0.1
_LEVELS = {"novice": True, "heuristic": False}
#: The bots that play Bridgette: the phased bots of :data:`_LEVELS`, the random bot, and the
#: expert, whose sampling and solver know the Colons (:mod:`honeymoon.bots.expert`).
BRIDGETTE_BOTS = ("random", "novice", "heuristic", "club", "expert", "expert-strong")


def check_bridgette_bot(name: str) -> None:
    """Refuse a bot (by its resolved name) that does not play Bridgette.

    :raises UnknownVariantError: (``unsupported_variant``) naming the bots that do.

    >>> try:
    ...     check_bridgette_bot("ddsample25")
    ... except UnknownVariantError as error:
    ...     print(error.code)
    unsupported_variant
    """
    if name not in BRIDGETTE_BOTS:
        raise UnknownVariantError(
            f"the {name} bot does not play Bridgette: choose random, novice, heuristic, club "
            "or expert (levels easy, medium and hard)",
            "unsupported_variant",
        )


def _lane(mask: int, suit: int) -> int:
    return mask >> (16 * suit) & 0x1FFF


def _count(mask: int, suit: int) -> int:
    return (mask & SUIT_MASKS[suit]).bit_count()


def colon_worth(colon: int, hand: int) -> float:
    """What a Colon (card id 52–54) is worth to ``hand`` (a mask): the leads it can spoil.

    >>> from honeymoon.cards import CardSet
    >>> colon_worth(54, CardSet.parse("♠A ♥A ♦A ♣A").mask) < colon_worth(54, 0)
    True
    """
    if colon == _GRAND:
        aces = sum(1 for suit in range(4) if _lane(hand, suit) >> 12 & 1)
        return 0.4 + 0.8 * (4 - aces)
    if colon == _ROYAL:
        royals = sum((_lane(hand, suit) >> 9 & 0b111).bit_count() for suit in range(4))
        return 0.4 + 0.2 * (12 - royals)
    return 0.8


def plan_strain(hand: int) -> Strain:
    """The strain the hand is best in, by the novice's count of tricks (the exchange's plan).

    >>> from honeymoon.cards import CardSet
    >>> plan_strain(CardSet.parse("♠AKQ987 ♥K2 ♦32 ♣432").mask)
    <Strain.SPADES: 3>
    """
    tricks = novice_tricks(hand & FULL_DECK_MASK)
    return Strain(max(range(5), key=lambda strain: (tricks[strain], strain)))


def keep_value(card: int, hand: int, plan: Strain) -> float:
    """How much the bot wants to keep card id ``card`` of ``hand`` under the plan ``plan``."""
    if card >= FIRST_COLON_ID:
        return colon_worth(card, hand)
    suit, rank = CARD_SUIT[card], CARD_RANK[card]
    length = _count(hand, suit)
    value = _HONOUR.get(rank, 0.0) + 0.25 * length + rank / 100
    if plan is not Strain.NOTRUMP and suit == int(plan):
        value += 2.0
    elif length <= 2 and rank < 12:
        value -= 0.5  # shortness in a side suit helps a suit contract
    return value


def bridgette_advice(bot: PhasedBot, view: SeatView) -> Advice:
    """The Bridgette choice of ``bot`` (a novice or heuristic bot) for ``view``.

    :raises UnknownVariantError: (``unsupported_variant``) for a bot with no Bridgette play.
    """
    name = getattr(bot, "name", "")
    if name not in _LEVELS:
        check_bridgette_bot(name)
    rng: random.Random | None = getattr(bot, "_rng", None)
    legal = view.legal_actions
    if len(legal) == 1:
        return Advice(legal[0], Reason.ONLY_CARD if view.phase is Phase.PLAY else Reason.NO_CHOICE)
    if _LEVELS[name] and rng is not None and rng.random() < NOVICE_SLIPS:
        return Advice(rng.choice(legal), Reason.WHIM)
    if view.phase is Phase.EXCHANGE:
        return _discard(view)
    if view.phase is Phase.AUCTION:
        return _call(view)
    return _play(view)


def _discard(view: SeatView) -> Advice:
    hand = view.hand.mask
    plan = plan_strain(hand)
    card = min(
        (card_of_action(a) for a in view.legal_actions),
        key=lambda c: (keep_value(c, hand, plan), c),
    )
    figures = Figures(card=Card.from_id(card), strain=plan)
    return Advice(view.legal_actions[_index_of(view, card)], Reason.DISCARD, figures)


def _index_of(view: SeatView, card: int) -> int:
    return next(i for i, a in enumerate(view.legal_actions) if card_of_action(a) == card)


def _call(view: SeatView) -> Advice:
    tricks = novice_tricks(view.hand.mask & FULL_DECK_MASK)
    strain = Strain(max(range(5), key=lambda s: (tricks[s], s)))
    expected = tricks[strain]
    current = view.contract
    if current is not None and view.declarer == view.seat:
        return Advice(PASS, Reason.PASS_OWN, Figures(contract=current))
    bid = cheapest_bid(strain, current)
    level = bid.level if bid is not None else None
    if bid is not None and level is not None and level + 6 <= expected + BID_SLACK:
        return Advice(bid.action, Reason.BID, Figures(call=bid, tricks=round(expected, 1)))
    # Double when the bot's own count in the opponent's strain reaches the tricks that set it.
    if current is not None and DOUBLE in view.legal_actions:
        to_set = 8 - current.level
        if tricks[int(current.strain)] >= to_set + 1:
            return Advice(DOUBLE, Reason.DOUBLE, Figures(contract=current))
    hand = view.hand.mask
    points = sum(
        (_lane(hand, suit) >> (rank - 2) & 1) * (rank - 10)
        for suit in range(4)
        for rank in (11, 12, 13, 14)
    )
    code = Reason.PASS_WEAK if current is None else Reason.PASS_TOO_HIGH
    return Advice(PASS, code, Figures(strain=strain, tricks=round(expected, 1), points=points))


def _is_master(card: int, outstanding: int) -> bool:
    # No card of the suit above ``card`` is still unseen by the bot.
    suit = CARD_SUIT[card]
    above = _lane(outstanding, suit) >> (CARD_RANK[card] - 1)
    return above == 0


def _play(view: SeatView) -> Advice:
    legal = view.legal_actions
    cards = [card_of_action(a) for a in legal]
    hand = view.hand.mask
    trump = int(view.trump) if view.trump is not None else 4
    outstanding = knowledge_of(view).unseen & FULL_DECK_MASK
    trick = view.current_trick
    led = trick.cards[0] if trick is not None and trick.cards else None
    if led is None:
        return _lead(view, cards, hand, trump, outstanding)
    return _follow(view, cards, led, hand, trump)


def _action(view: SeatView, card: int, code: Reason) -> Advice:
    return Advice(view.legal_actions[_index_of(view, card)], code, Figures(card=Card.from_id(card)))


def _lead(view: SeatView, cards: list[int], hand: int, trump: int, outstanding: int) -> Advice:
    suited = [c for c in cards if c < FIRST_COLON_ID]
    if not suited:
        # Only Colons: the opponent wins unless it plays a Colon too; give up the least worth.
        return _action(view, min(cards, key=lambda c: (colon_worth(c, hand), c)), Reason.PLAY_LOW)
    masters = [c for c in suited if _is_master(c, outstanding)]
    declaring = view.declarer == view.seat
    if masters:
        # Cash side-suit masters; as declarer draw trumps first when longer in them.
        trumps = [c for c in masters if CARD_SUIT[c] == trump]
        if declaring and trumps and _count(outstanding, trump):
            return _action(view, max(trumps), Reason.DRAW_TRUMPS)
        side = [c for c in masters if CARD_SUIT[c] != trump]
        if side:
            return _action(view, max(side, key=lambda c: CARD_RANK[c]), Reason.CASH)

    # Low from the longest side suit (trumps last).
    def order(card: int) -> tuple[bool, int, int]:
        suit = CARD_SUIT[card]
        return (suit == trump, -_count(hand, suit), CARD_RANK[card])

    lead = min(suited, key=order)
    suit = CARD_SUIT[lead]
    figures = Figures(card=Card.from_id(lead), suit=Suit(suit), length=_count(hand, suit))
    return Advice(view.legal_actions[_index_of(view, lead)], Reason.LEAD_LENGTH, figures)


def _follow(view: SeatView, cards: list[int], led: Card, hand: int, trump: int) -> Advice:
    suited = [c for c in cards if c < FIRST_COLON_ID]
    colons = [c for c in cards if c >= FIRST_COLON_ID]
    if led.is_colon:
        # Any suited card wins a led Colon: the cheapest one.
        if suited:
            cheapest = min(suited, key=lambda c: (CARD_SUIT[c] == trump, CARD_RANK[c]))
            return _action(view, cheapest, Reason.WIN_CHEAPLY)
        return _action(view, min(colons, key=lambda c: colon_worth(c, hand)), Reason.PLAY_LOW)
    led_id = led.id
    led_suit, led_rank = CARD_SUIT[led_id], CARD_RANK[led_id]
    in_suit = [c for c in suited if CARD_SUIT[c] == led_suit]
    winners = [c for c in suited if beats(c, led_id, trump)]
    if winners:
        cheapest = min(winners, key=lambda c: (CARD_SUIT[c] != led_suit, CARD_RANK[c]))
        code = Reason.WIN_CHEAPLY if CARD_SUIT[cheapest] == led_suit else Reason.RUFF
        return _action(view, cheapest, code)
    spoiler = [c for c in colons if colon_spoils(led_id, c)]
    if spoiler:
        # The trick is lost anyway: spoil a lead that would cost us (an honour led, or a suit
        # we guard), and bar the suit from the next lead.
        guarded = any(CARD_RANK[c] >= 11 for c in in_suit)
        if led_rank >= 11 or guarded or not in_suit:
            return _action(view, spoiler[0], Reason.BOT_CHOICE)
    if in_suit:
        return _action(view, min(in_suit, key=lambda c: CARD_RANK[c]), Reason.PLAY_LOW)
    plan = Strain(trump)
    discard = min(cards, key=lambda c: (keep_value(c, hand, plan), c))
    return _action(view, discard, Reason.DISCARD)


class BridgetteCallReader:
    """What the opponent's calls say about its hand, read with this module's bidding model
    (the ``expert`` deals its layouts to fit them, as :class:`~honeymoon.bots.expert.CallReader`
    does in the 52-card variants).

    The model bids its best strain up to the tricks the novice's count expects
    (:data:`BID_SLACK` short at most), opens when its best strain makes seven, and doubles
    when its count in the contract's strain sets it. :meth:`misfit` says by how many tricks,
    beyond :data:`READ_TOLERANCE` for each call, a possible hand of the opponent falls short of
    its bids and doubles or exceeds an opening pass (0: the hand fits every call). A pass over
    a bid says nothing here.

    >>> from honeymoon import new_game
    >>> from honeymoon.rules import BRIDGETTE
    >>> from honeymoon.views import view_for
    >>> game = new_game(BRIDGETTE, seed=4, first_dealer=0)
    >>> bool(BridgetteCallReader(view_for(game, 0)))  # no call yet
    False
    """

    def __init__(self, view: SeatView) -> None:
        summary = AuctionSummary.read(view.auction, view.first_caller, view.seat)
        opponent = None if view.seat is None else 1 - int(view.seat)
        #: The opponent's calls: (the call, the contract standing before it).
        self.points: tuple[tuple[Call, Contract | None], ...] = tuple(
            (seen.call, seen.contract_before) for seen in summary.calls if seen.caller == opponent
        )
        self._cache: dict[int, float] = {}

    def __bool__(self) -> bool:
        return bool(self.points)

    def misfit(self, hand: int) -> float:
        """Tricks by which ``hand`` (a mask, the opponent's hand of the auction) misses its
        calls beyond the tolerance; 0 when it fits them all."""
        cached = self._cache.get(hand)
        if cached is not None:
            return cached
        tricks = novice_tricks(hand & FULL_DECK_MASK)
        total = 0.0
        for call, before in self.points:
            bid = call.contract
            if bid is not None:
                need = bid.level + 6 - BID_SLACK - READ_TOLERANCE
                total += max(0.0, need - tricks[int(bid.strain)])
            elif call.action == DOUBLE and before is not None:
                need = 8 - before.level + 1 - READ_TOLERANCE
                total += max(0.0, need - tricks[int(before.strain)])
            elif call.action == PASS and before is None:
                total += max(0.0, max(tricks) - (7 - BID_SLACK) - READ_TOLERANCE)
        self._cache[hand] = total
        return total
