"""Perft: the number of distinct legal action sequences from fixed positions to a fixed depth,
for every variant, pinned.

As chess engines pin their move generation, these counts pin the rules: who acts, which
actions are legal, and what happens after each (draws after a preliminary trick, who leads,
the end of the auction). Every action of a sequence is applied through ``Game.apply`` on a
``Game.clone``; a leaf is a sequence of exactly ``depth`` actions.

Where the numbers come from. They were computed once with :class:`Reference` below, a small
model of the move rules written from RULES.md with plain sets and tuples, sharing no code with
the engine (it takes only the starting hands, stock and seats from the position), and pasted
here. The tests check both the engine and the reference against the pinned numbers, and the
small depths by hand:

* Drawing (Draw and Discard Bridge, both versions): each turn is keep or reject, whatever the
  card, and each turn adds one card to the hand of the player drawing, so the players simply
  alternate for 26 turns: perft(d) = 2**d.
* The auction from its start: depth 1 is a pass or one of the 35 bids, 36. Depth 2: after the
  opening pass the other player has the same 36 calls (a pass passes the hand out); after the
  k-th bid (k = 0 … 34) the other may pass, double or bid one of the 34 - k higher bids, so
  36 + sum(36 - k for k in 0..34) = 36 + 665 = 701.
* Trick play: depth 1 is the leader's 13 cards; depth 2 is, over the leader's suits, the
  leader's cards of the suit times the follower's cards of it (all 13 if void); without the
  duty to follow (a Draw Bridge option) it is 13 * 13 = 169.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pytest

from honeymoon.cards import Suit
from honeymoon.game import Game
from honeymoon.rules import RuleSet, find_variant

# The action space as documented in honeymoon.actions: cards 0-51 (suit * 13 + rank, two
# lowest), pass 52, double 53, redouble 54, the 35 bids 55-89 from 1C up, keep 90, reject 91.
PASS, DOUBLE, REDOUBLE, FIRST_BID, KEEP, REJECT = 52, 53, 54, 55, 90, 91
ONE_SPADE = FIRST_BID + 3
SEED = 20261130
FIRST_DEALER = 0  # South deals the first hand; East (the non-dealer) acts first


def engine_perft(game: Game, depth: int) -> int:
    """Sequences of ``depth`` legal actions from ``game``, counted through the engine."""
    if depth == 0:
        return 1
    if depth == 1:
        return len(game.legal_actions())
    total = 0
    for action in game.legal_actions():
        child = game.clone()
        child.apply(action)
        total += engine_perft(child, depth - 1)
    return total


# -- the reference model ------------------------------------------------------------------


@dataclass(frozen=True)
class Reference:
    """The move rules from RULES.md, written as simply as possible (see the module docstring).

    ``stock(n)`` is hand ``n``'s stock order; ``procedure`` is ``draw-discard``, ``draw`` or
    ``memory``; ``follow_preliminary`` says whether the preliminary tricks require following
    suit. The first caller, the hands and the stock come from the starting position.
    """

    procedure: str
    stock: Callable[[int], Sequence[int]]
    follow_preliminary: bool

    # drawing: every turn has two choices, and each player takes 13 turns, alternately
    def drawing(self, turns_done: int, depth: int) -> int:
        if depth == 0:
            return 1
        if turns_done == 26:
            raise NotImplementedError("the positions here never leave the drawing phase")
        return 2 * self.drawing(turns_done + 1, depth - 1)

    # the auction: calls is the list of calls so far, first_caller calls first
    def auction(
        self,
        hands: tuple[frozenset[int], frozenset[int]],
        hand_number: int,
        dealer: int,
        first_caller: int,
        calls: tuple[int, ...],
        depth: int,
    ) -> int:
        if depth == 0:
            return 1
        caller = (first_caller + len(calls)) % 2
        bids = [i for i, c in enumerate(calls) if c >= FIRST_BID]
        last = bids[-1] if bids else None
        legal = [PASS]
        if last is not None:
            bidder = (first_caller + last) % 2
            after = calls[last + 1 :]
            if bidder != caller and not after:
                legal.append(DOUBLE)
            if bidder == caller and after == (DOUBLE,):
                legal.append(REDOUBLE)
            legal += range(calls[last] + 1, FIRST_BID + 35)
        else:
            legal += range(FIRST_BID, FIRST_BID + 35)
        total = 0
        for call in legal:
            done = (*calls, call)
            if call == PASS and last is not None:  # a pass after a bid ends the auction
                declarer = (first_caller + last) % 2
                trump = (calls[last] - FIRST_BID) % 5
                total += self.tricks(hands, 1 - declarer, (), trump, True, None, depth - 1)
            elif call == PASS and len(calls) == 1:  # two opening passes: the next hand
                total += self.new_hand(hand_number + 1, 1 - dealer, depth - 1)
            else:
                total += self.auction(hands, hand_number, dealer, first_caller, done, depth - 1)
        return total

    def new_hand(self, hand_number: int, dealer: int, depth: int) -> int:
        if depth == 0:
            return 1
        if self.procedure == "draw-discard":
            return self.drawing(0, depth)
        stock = list(self.stock(hand_number))
        non_dealer = 1 - dealer
        hands = [frozenset[int](), frozenset[int]()]
        hands[non_dealer] = frozenset(stock[0:26:2])  # dealt one at a time, non-dealer first
        hands[dealer] = frozenset(stock[1:26:2])
        draws = stock[26:] if self.procedure == "draw" else None
        follow = self.follow_preliminary or self.procedure == "memory"
        return self.tricks((hands[0], hands[1]), non_dealer, (), 4, follow, draws, depth)

    # trick play: leader's card then follower's; trump 4 is no trump; draws is the stock the
    # winner and loser draw from after each trick (Draw Bridge's preliminary tricks)
    def tricks(
        self,
        hands: tuple[frozenset[int], frozenset[int]],
        leader: int,
        trick: tuple[int, ...],
        trump: int,
        follow: bool,
        draws: Sequence[int] | None,
        depth: int,
    ) -> int:
        if depth == 0:
            return 1
        seat = leader if not trick else 1 - leader
        hand = hands[seat]
        legal = sorted(hand)
        if trick and follow:
            led_suit = trick[0] // 13
            same = [c for c in legal if c // 13 == led_suit]
            legal = same or legal
        if not hand:
            raise NotImplementedError("the positions here never reach the end of the tricks")
        total = 0
        for card in legal:
            rest = list(hands)
            rest[seat] = hand - {card}
            if not trick:
                total += self.tricks(
                    (rest[0], rest[1]), leader, (card,), trump, follow, draws, depth - 1
                )
                continue
            led = trick[0]
            if card // 13 == led // 13:
                winner = seat if card > led else leader
            else:
                winner = seat if card // 13 == trump else leader
            if draws is not None:
                if len(draws) < 2:
                    raise NotImplementedError("the positions here never empty the stock")
                rest[winner] = rest[winner] | {draws[0]}
                rest[1 - winner] = rest[1 - winner] | {draws[1]}
                next_draws: Sequence[int] | None = draws[2:]
            else:
                next_draws = None
            total += self.tricks(
                (rest[0], rest[1]), winner, (), trump, follow, next_draws, depth - 1
            )
        return total


def _reference_for(game: Game) -> Reference:
    rules = game.rules
    procedure = {"draw-discard": "draw-discard", "draw": "draw", "memory": "memory"}[
        rules.procedure.value
    ]
    return Reference(procedure, game.stock_for_hand, rules.preliminary_follow_suit)


def reference_perft(game: Game, depth: int) -> int:
    """The reference model's count from the position of ``game`` (hands, stock, seats)."""
    reference = _reference_for(game)
    phase = game.phase.name
    hands = (frozenset(c.id for c in game.hand(0)), frozenset(c.id for c in game.hand(1)))
    if phase == "DRAWING":
        return reference.drawing(len(game.actions), depth)
    if phase == "AUCTION":
        assert game.first_caller is not None
        calls = tuple(call.action for call in game.auction_calls)
        return reference.auction(
            hands, game.hand_number, int(game.dealer), int(game.first_caller), calls, depth
        )
    trick = game.current_trick
    assert trick is not None and not trick.cards, "positions start between tricks"
    if phase == "PLAY":
        assert game.contract is not None
        return reference.tricks(
            hands, int(trick.leader), (), int(game.contract.strain), True, None, depth
        )
    assert phase == "PRELIMINARY"
    draws = None
    if reference.procedure == "draw":
        stock = game.stock_for_hand(game.hand_number)
        draws = stock[52 - game.stock_remaining :]
    follow = reference.follow_preliminary or reference.procedure == "memory"
    return reference.tricks(hands, int(trick.leader), (), 4, follow, draws, depth)


# -- the positions --------------------------------------------------------------------------


def _rules(name: str, **options: bool) -> RuleSet:
    return find_variant(name).with_options(**options)


def _first_legal(game: Game, count: int) -> None:
    for _ in range(count):
        game.apply(game.legal_actions()[0])


def position(name: str) -> Game:
    """A fixed position: ``VARIANT/PHASE[/OPTION…]`` reached from seed :data:`SEED`."""
    variant, phase, *flags = name.split("/")
    options: dict[str, bool] = {}
    if variant == "draw":
        options["preliminary_follow_suit"] = "any-card" not in flags
        options["face_up_stock"] = "face-up" in flags
    game = Game(_rules(variant, **options), seed=SEED, first_dealer=FIRST_DEALER)
    if phase == "start":
        return game
    # to the auction: keep every top card, or play the lowest legal card in each preliminary
    # trick (and, in Memory Bridge, on to the second deal)
    _first_legal(game, 26)
    if phase == "auction":
        return game
    assert phase == "play"
    game.apply(ONE_SPADE)
    game.apply(PASS)
    return game


#: position -> perft(1), perft(2), … (computed once with the reference model).
PERFT: dict[str, tuple[int, ...]] = {
    "draw-discard/start": (2, 4, 8, 16, 32, 64, 128, 256, 512, 1024),
    "draw-discard/auction": (36, 701, 9522),
    "draw-discard/play": (13, 47, 564, 1884, 20724),
    "draw-discard-no-discard/start": (2, 4, 8, 16, 32, 64, 128, 256, 512, 1024),
    "draw-discard-no-discard/auction": (36, 701, 9522),
    "draw-discard-no-discard/play": (13, 39, 468, 1280, 14080),
    "draw/start": (13, 39, 507, 1530),
    "draw/start/any-card": (13, 169, 2197, 28561),
    "draw/start/face-up": (13, 39, 507, 1530),
    "draw/start/any-card/face-up": (13, 169, 2197, 28561),
    "draw/auction": (36, 701, 9533),
    "draw/play": (13, 96, 1152, 6588, 72468),
    "memory/start": (13, 39, 468, 1280),
    "memory/auction": (36, 701, 9533),
    "memory/play": (13, 34, 408, 1664, 18304),
}


@pytest.mark.parametrize("name", sorted(PERFT))
def test_the_engine_counts_the_pinned_sequences(name: str) -> None:
    game = position(name)
    counts = tuple(engine_perft(game, depth) for depth in range(1, len(PERFT[name]) + 1))
    assert counts == PERFT[name]


@pytest.mark.parametrize("name", sorted(PERFT))
def test_the_reference_model_counts_the_pinned_sequences(name: str) -> None:
    game = position(name)
    counts = tuple(reference_perft(game, depth) for depth in range(1, len(PERFT[name]) + 1))
    assert counts == PERFT[name]


@pytest.mark.parametrize("name", sorted(PERFT))
def test_the_small_depths_agree_with_reasoning_by_hand(name: str) -> None:
    game = position(name)
    counts = PERFT[name]
    variant, phase, *flags = name.split("/")
    if phase == "start" and variant.startswith("draw-discard"):
        # keep or reject, whatever the card, for 26 alternating turns
        assert counts == tuple(2**depth for depth in range(1, len(counts) + 1))
        return
    if phase == "auction":
        # depth 3 (see the module docstring for depths 1 and 2): after [pass, pass] the next
        # hand's first action (keep or reject: 2; or the new leader's 13 cards); after
        # [pass, bid k] the 36 - k answers; after [bid k, pass] the defender's 13 leads; after
        # [bid k, double] pass, redouble or the 34 - k higher bids; after [bid k, bid j] the
        # 36 - j answers: sum(36 - k) + 35 * 13 + sum(36 - k) + sum(j * (36 - j)) = 9520.
        answers = sum(36 - k for k in range(35))
        assert answers == 665
        after_two_passes = 2 if variant.startswith("draw-discard") else 13
        third = (
            after_two_passes + answers + 35 * 13 + answers + sum(j * (36 - j) for j in range(35))
        )
        assert counts[:3] == (36, 36 + answers, third)
        return
    # between tricks: the leader's 13 cards, then the follower's answers to each
    trick = game.current_trick
    assert trick is not None and not trick.cards
    leader = game.hand(trick.leader)
    follower = game.hand(1 - int(trick.leader))
    assert counts[0] == len(leader) == 13
    if "any-card" in flags:
        assert counts[1] == 13 * 13
    else:
        assert counts[1] == sum(
            leader.count(suit) * (follower.count(suit) or len(follower)) for suit in Suit
        )
