"""The one reader of what each hand may hold (honeymoon.knowledge), at every table.

The rule pinned here: a show-out binds where no card can reach the hand afterwards. Memory
Bridge's preliminary tricks are played "at no trump, suit following required, no drawing"
(RULES.md 4.1; seed 002: "Suit must be followed, and there is no drawing of replacement cards as
in Draw Bridge"), so a player who shows out of a suit there holds none of it for the rest of the
preliminary tricks. In Draw Bridge each player draws after every trick, so a suit shown out of
may come back.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from honeymoon import new_game
from honeymoon.bots.heuristic import play_state
from honeymoon.bots.sampling import knowledge_from_view
from honeymoon.cards import SUIT_MASKS
from honeymoon.game import Game, Phase
from honeymoon.knowledge import knowledge_of
from honeymoon.rules import DRAW_BRIDGE, MEMORY_BRIDGE, TABLE_VARIANTS, RuleSet
from honeymoon.seats import Seat
from honeymoon.views import view_for


def _show_out_in_preliminary(rules: RuleSet) -> tuple[Game, Seat, int]:
    """A game in its preliminary tricks where the seat to act faces an opponent that showed out
    of a suit in an earlier preliminary trick (random legal play from fixed seeds)."""
    for seed in range(200):
        game = new_game(rules, seed=seed, first_dealer=0)
        assert isinstance(game, Game)
        rng = random.Random(seed)
        shown: dict[Seat, int] = {}
        while game.phase is Phase.PRELIMINARY:
            trick = game.current_trick
            seat = game.to_act
            assert seat is not None
            if shown.get(seat.other) is not None and not (trick and trick.cards):
                return game, seat, shown[seat.other]
            action = rng.choice(game.legal_actions())
            if trick is not None and trick.cards and action // 13 != trick.cards[0].suit:
                shown[seat] = int(trick.cards[0].suit)
            game.apply(action)
    raise AssertionError("no show-out found")


def test_memory_bridge_preliminary_show_outs_bind() -> None:
    game, seat, suit = _show_out_in_preliminary(MEMORY_BRIDGE)
    opponent = seat.other
    view = view_for(game, seat)
    knowledge = knowledge_of(view)
    assert knowledge.voids[opponent] & SUIT_MASKS[suit]
    assert not game.hand(opponent).mask & SUIT_MASKS[suit]  # and it is true
    # Every bot reads it the same way: the sampling bots and the heuristic's play.
    assert not knowledge_from_view(view).possible & SUIT_MASKS[suit]
    assert not play_state(view).possible & SUIT_MASKS[suit]


def test_draw_bridge_preliminary_show_outs_do_not_bind() -> None:
    rules = DRAW_BRIDGE.with_options(preliminary_follow_suit=True)
    game, seat, suit = _show_out_in_preliminary(rules)
    view = view_for(game, seat)
    assert knowledge_of(view).voids == (0, 0)
    assert knowledge_from_view(view).voids == 0
    assert play_state(view).possible & SUIT_MASKS[suit]


@settings(max_examples=25, deadline=None)
@given(
    rules=st.sampled_from([MEMORY_BRIDGE, DRAW_BRIDGE, *TABLE_VARIANTS.values()]),
    data=st.data(),
)
def test_knowledge_holds_for_the_real_hands(rules: RuleSet, data: st.DataObject) -> None:
    """Whatever was played: the cards seen are held, the voids hold, each hand's count adds up,
    and no card is both out of play and unseen."""
    game = new_game(rules, seed=1)
    for _ in range(data.draw(st.integers(0, 60), label="actions")):
        if game.is_over or game.hand_number:
            break
        game.apply(data.draw(st.sampled_from(game.legal_actions()), label="action"))
    seat = game.to_act
    if seat is None:
        return
    view = view_for(game, seat)
    knowledge = knowledge_of(view)
    hands = [game.hand_at(d).mask for d in range(4)] if rules.four_hands else None
    for hand, known in enumerate(knowledge.known):
        truth = hands[hand] if hands is not None else game.hand(hand).mask
        assert known & ~truth == 0
        assert not truth & knowledge.voids[hand]
        assert known.bit_count() + knowledge.missing[hand] == view.hand_sizes[hand]
        assert not truth & knowledge.out
    assert not knowledge.out & knowledge.unseen
    assert knowledge.spare >= 0


@pytest.mark.parametrize("rules", [MEMORY_BRIDGE, next(iter(TABLE_VARIANTS.values()))])
def test_a_spectator_knows_no_hand(rules: RuleSet) -> None:
    knowledge = knowledge_of(view_for(new_game(rules, seed=2), None))
    assert sum(knowledge.missing) == (52 if rules.four_hands else 26)
    assert knowledge.spare == knowledge.unseen.bit_count() - sum(knowledge.missing)
