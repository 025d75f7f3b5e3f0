"""The ``novice`` bot (difficulty ``easy``): a player who knows the rules and little more.

It plays the way a person does in their first months at the table, from its seat's view only:

* **Drawing**: keep high cards (jack or better) and cards of a suit that is already four long;
  let the rest go.
* **Auction**: it counts its points and its longest suit and turns them into a number of
  tricks with a rule of thumb: in a suit, a trick for every four points, two for every three
  cards of the suit and a little for a short side suit; at no trump, three tricks for every
  eight points. It opens in its best strain when it expects seven tricks or more, bids game
  straight away when it expects to make it, competes in its suit up to the tricks it expects
  (a trick more over a contract at the one or two level), passes otherwise, and doubles only
  with a strong hand against a high contract. It never redoubles and bids a slam only on a
  hand worth twelve tricks by its count.
* **Play**: follow suit low, win as cheaply as it can, ruff with its lowest trump, draw trumps
  as declarer with more of them, cash its aces, otherwise lead low from its longest suit.
* **Mistakes**: about one decision in ten that matters it gets wrong in a human way, drawn
  from its own seeded generator: it keeps a card it should have let go, bids one level too
  high or stops one too low, ducks a trick it could have won, or leads from the wrong suit.
  Never a random bid: a mistake is always one step off the rule.

>>> from honeymoon.game import Game
>>> from honeymoon.views import view_for
>>> game = Game(seed=5, first_dealer=0)
>>> bot = NoviceBot(seed=1)
>>> view = view_for(game, game.to_act)
>>> bot.act(view) in view.legal_actions
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from honeymoon.actions import KEEP, REJECT
from honeymoon.auction import DOUBLE, PASS, AuctionSummary, Call, Contract, cheapest_bid
from honeymoon.bots.advice import Advice, Figures, PhasedBot, Reason
from honeymoon.bots.heuristic import high_card_points, play_state
from honeymoon.cards import SUIT_MASKS, Card, Strain, Suit
from honeymoon.scoring import GAME_POINTS, contract_points
from honeymoon.views import SeatView

__all__ = ["NoviceBot", "novice_tricks", "MISTAKE_RATE"]

#: The share of the decisions that matter that the beginner gets wrong.
MISTAKE_RATE = 0.1
#: Tricks the beginner wants before it opens the bidding.
_OPENING_TRICKS = 7.0


def novice_tricks(hand: int) -> tuple[float, ...]:
    """The beginner's count of its tricks as declarer in each strain (clubs … no trump).

    A rounded form of a least-squares fit of the solver's tricks on points and shape, over hands
    drawn by the bots' hand-building rule: in a suit, points / 4 + 2/3 of the suit's length +
    0.4 for each side singleton (twice for a void) − 0.4; at no trump, 3/8 of the points + 0.4,
    less half a trick for each singleton or void.

    >>> from honeymoon.cards import CardSet
    >>> tricks = novice_tricks(CardSet.parse("AKQ76.K84.A3.Q92").mask)  # 18 points
    >>> round(tricks[3], 1), round(tricks[4], 1)
    (7.4, 7.2)
    """
    lengths = [(hand & SUIT_MASKS[suit]).bit_count() for suit in range(4)]
    points = high_card_points(hand)
    tricks: list[float] = []
    for trump in range(4):
        short = sum(max(0, 2 - lengths[suit]) for suit in range(4) if suit != trump)
        tricks.append(points / 4 + 2 * lengths[trump] / 3 + 0.4 * short - 0.4)
    singletons = sum(1 for length in lengths if length <= 1)
    tricks.append(3 * points / 8 + 0.4 - 0.5 * singletons)
    return tuple(min(13.0, max(0.0, t)) for t in tricks)


def _game_level(strain: int) -> int:
    """The lowest level of ``strain`` that scores a game from nothing."""
    return next(
        level
        for level in range(1, 8)
        if contract_points(Contract(level, Strain(strain))) >= GAME_POINTS
    )


class NoviceBot(PhasedBot):
    """A beginner who knows the rules: simple, sensible, and sometimes wrong (see the module
    docstring). It keeps no memory; its seeded generator decides only its mistakes."""

    name = "novice"

    def __init__(self, seed: int | str | None = None, mistake_rate: float = MISTAKE_RATE) -> None:
        self._rng = random.Random(seed)
        self.mistake_rate = mistake_rate

    def _slip(self) -> bool:
        """True when the beginner gets this decision wrong."""
        return self._rng.random() < self.mistake_rate

    # -- drawing ----------------------------------------------------------------------------

    def _draw(self, view: SeatView) -> Advice:
        top = view.looking_at
        if top is None or KEEP not in view.legal_actions:
            return Advice(view.legal_actions[0], Reason.NO_CHOICE, Figures(card=top))
        length = view.hand.count(top.suit)
        lengths = [view.hand.count(suit) for suit in Suit]
        figures = Figures(card=top, suit=top.suit, length=length + 1)
        if int(top.rank) >= 11:
            keep, code = True, Reason.KEEP_HIGH
            figures = Figures(
                card=top, suit=top.suit, length=length + 1, longest=length == max(lengths)
            )
        elif length >= 3:
            keep, code = True, Reason.KEEP_LENGTH
        else:
            keep, code = False, Reason.REJECT_SHORT
        if REJECT in view.legal_actions and self._slip():
            keep = not keep
            code, figures = Reason.WHIM, Figures(card=top)
        if keep or REJECT not in view.legal_actions:
            return Advice(KEEP, code, figures)
        return Advice(REJECT, code, figures)

    # -- auction ----------------------------------------------------------------------------

    def _call(self, view: SeatView) -> Advice:
        assert view.seat is not None
        hand = view.hand.mask
        tricks = novice_tricks(hand)
        points = high_card_points(hand)
        lengths = [(hand & SUIT_MASKS[suit]).bit_count() for suit in range(4)]
        summary = AuctionSummary.read(view.auction, view.first_caller, view.seat)
        current = summary.contract
        # Its strains: the longest suit first (then the higher), no trump with a balanced hand.
        suits = sorted(range(4), key=lambda s: (lengths[s], s), reverse=True)
        strains = [suits[0]]
        if lengths[suits[1]] >= 5:
            strains.append(suits[1])
        if min(lengths) >= 2 and tricks[4] >= tricks[suits[0]] - 0.5:
            strains.insert(0, int(Strain.NOTRUMP))
        mine = current is not None and summary.declarer == summary.seat
        if current is None and max(tricks[s] for s in strains) < _OPENING_TRICKS:
            return Advice(PASS, Reason.PASS_WEAK, Figures(points=points))
        # (level, strain, the highest level it will bid, the level its count makes)
        options: list[tuple[int, int, int, int]] = []
        for strain in strains:
            expected = int(tricks[strain] + 0.3) - 6
            # No slam without a hand worth twelve tricks by its count.
            target = expected if tricks[strain] >= 12 else min(expected, 5)
            if current is not None and not mine and current.level <= 2 and expected >= 2:
                # It does not let the opponent play low: it competes a level above its count,
                # up to the three level.
                target = max(target, min(expected + 1, 3))
            if mine and current is not None and int(current.strain) == strain:
                continue  # its own contract stands: no need to bid it again
            bid = cheapest_bid(strain, current)
            if bid is None or bid.level is None:
                continue
            level = bid.level
            game = _game_level(strain)
            if target >= game > level and not mine:
                level = game  # bid game at once when it expects to make it
            options.append((level, strain, target, expected))
        sound = [option for option in options if option[0] <= option[2]]
        slip = self._slip()
        if sound and not (slip and current is not None):
            level, strain, _target, expected = max(sound, key=lambda o: (o[2] - o[0], o[1]))
            if slip and level < 5 and level <= expected:
                return self._bid(view, level + 1, strain, tricks, points, lengths, push=True)
            return self._bid(view, level, strain, tricks, points, lengths)
        if sound:
            return Advice(PASS, Reason.PASS_CONTENT, Figures(points=points))  # one too low
        near = [o for o in options if o[0] == o[2] + 1 and o[0] <= min(5, o[3] + 1)]
        if near and slip and current is not None and not mine:
            level, strain, _target, _expected = near[0]
            return self._bid(view, level, strain, tricks, points, lengths, push=True)
        if current is not None and not mine and DOUBLE in view.legal_actions:
            their_suit = current.strain
            defence = points / 4
            if their_suit is not Strain.NOTRUMP and lengths[int(their_suit)] >= 4:
                defence += 1
            if current.level >= 3 and defence >= 14 - current.tricks_needed + 1:
                return Advice(DOUBLE, Reason.DOUBLE, Figures(contract=current, points=points))
        if current is None:
            return Advice(PASS, Reason.PASS_NO_SUIT, Figures(points=points))
        if mine:
            return Advice(PASS, Reason.PASS_OWN, Figures(contract=current))
        return Advice(PASS, Reason.PASS_TOO_HIGH, Figures(contract=current))

    def _bid(
        self,
        view: SeatView,
        level: int,
        strain: int,
        tricks: Sequence[float],
        points: int,
        lengths: Sequence[int],
        *,
        push: bool = False,
    ) -> Advice:
        call = Call.bid(level, strain)
        if call.action not in view.legal_actions:  # cannot happen: bids come from cheapest_bid
            return Advice(PASS, Reason.NO_CHOICE)
        shape = tuple(lengths[suit] for suit in range(3, -1, -1))
        return Advice(
            call.action,
            Reason.BID,
            Figures(
                points=points,
                suit=Suit(strain) if strain < 4 else None,
                length=lengths[strain] if strain < 4 else None,
                shape=shape if strain == 4 else None,
                call=call,
                tricks=round(tricks[strain], 1),
                push=push or None,
            ),
        )

    # -- play -------------------------------------------------------------------------------

    def _play(self, view: SeatView) -> Advice:
        state = play_state(view)
        legal = view.legal_actions
        trick = view.current_trick
        trump = state.trump
        if trick is not None and trick.cards:
            led = trick.cards[0].id
            led_suit = led // 13
            if legal[0] // 13 == led_suit:
                winners = [card for card in legal if card > led]
                if winners and not (self._slip() and len(legal) > 1):
                    card = min(winners)
                    return Advice(card, Reason.WIN_CHEAPLY, Figures(card=Card.from_id(card)))
                card = min(legal)
                return Advice(card, Reason.PLAY_LOW, Figures(card=Card.from_id(card)))
            trumps = [card for card in legal if card // 13 == trump] if trump < 4 else []
            if trumps:
                card = min(trumps)
                return Advice(card, Reason.RUFF, Figures(card=Card.from_id(card)))
            card = min(legal, key=lambda c: (c // 13 == trump, _count(legal, c // 13), c % 13))
            return Advice(card, Reason.DISCARD, Figures(card=Card.from_id(card)))
        by_suit: dict[int, list[int]] = {}
        for card in legal:
            by_suit.setdefault(card // 13, []).append(card)
        slip = self._slip() and len(by_suit) > 1
        if trump < 4 and state.declarer and trump in by_suit and not slip:
            theirs = (state.possible & SUIT_MASKS[trump]).bit_count()
            if theirs and len(by_suit[trump]) * 2 > theirs:
                card = max(by_suit[trump])
                return Advice(card, Reason.DRAW_TRUMPS, Figures(card=Card.from_id(card)))
        if not slip:
            for suit, cards in by_suit.items():
                top = max(cards)
                if top % 13 == 12 and (suit != trump or state.declarer):
                    return Advice(top, Reason.CASH, Figures(card=Card.from_id(top)))
        # Lead low from the longest suit (not trumps as a defender); a slip takes another.
        order = sorted(
            by_suit,
            key=lambda s: (s != trump or state.declarer, len(by_suit[s]), s),
            reverse=True,
        )
        suit = order[1] if slip and len(order) > 1 else order[0]
        card = min(by_suit[suit])
        return Advice(
            card,
            Reason.LEAD_LENGTH,
            Figures(card=Card.from_id(card), suit=Suit(suit), length=len(by_suit[suit])),
        )


def _count(cards: Sequence[int], suit: int) -> int:
    return sum(1 for card in cards if card // 13 == suit)
