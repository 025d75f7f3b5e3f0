"""The default profile's property tests, run over every variant: cards are conserved, every
applied action is legal, refusals change nothing, views leak nothing, rubbers replay."""

from __future__ import annotations

import json
import random

import pytest
from helpers import card_locations, check_previous_last_trick, searchable_view
from hypothesis import given, settings
from hypothesis import strategies as st

from honeymoon.cards import Card, CardSet
from honeymoon.errors import IllegalActionError
from honeymoon.game import Game, Phase
from honeymoon.rules import VARIANTS, RuleSet, find_variant
from honeymoon.seats import Seat
from honeymoon.views import view_for

SEEDS = st.integers(min_value=10**12, max_value=10**15)  # long enough to spot in a view's text
CHOICES = st.integers(min_value=0, max_value=2**32)


def every_rule_set() -> list[RuleSet]:
    """Every registered variant, and Draw Bridge with each of its options switched."""
    rule_sets = list(VARIANTS.values())
    draw = find_variant("draw")
    rule_sets.append(draw.with_options(face_up_stock=True))
    rule_sets.append(draw.with_options(preliminary_follow_suit=False, face_up_stock=True))
    return rule_sets


RULE_SETS = every_rule_set()
RULE_IDS = [
    f"{r.name}{'-' + '-'.join(sorted(r.options())) if r.options() else ''}" for r in RULE_SETS
]


def unseen_stock(game: Game) -> list[int]:
    stock = game.stock_for_hand(game.hand_number)
    return list(stock[52 - game.stock_remaining :])


def hidden_from(game: Game, seat: Seat | None) -> CardSet:
    """What ``seat`` may not see now: the opponent's hand and discards, and the stock except the
    card the seat is looking at and the face-up card."""
    hidden = CardSet()
    for other in Seat:
        if other != seat:
            hidden = hidden | game.hand(other) | game.discards(other)
    unseen = set(unseen_stock(game))
    looking = game.looking_at()
    if looking is not None and seat is not None and game.to_act == seat:
        unseen.discard(looking.id)
    face_up = game.face_up_card()
    if face_up is not None:
        unseen.discard(face_up.id)
    return hidden | CardSet.from_ids(unseen)


def check_state(game: Game) -> None:
    places = card_locations(game)
    assert all(len(where) == 1 for where in places.values()), {
        Card.from_id(c): where for c, where in places.items() if len(where) != 1
    }
    if game.phase is Phase.AUCTION:
        assert [len(game.hand(s)) for s in Seat] == [13, 13]
    for seat in (Seat.SOUTH, Seat.EAST, None):
        view = view_for(game, seat)
        if seat is not None:
            assert view.hand == game.hand(seat)
            assert view.discards == game.discards(seat)
            assert view.legal_actions == (game.legal_actions() if game.to_act == seat else ())
        check_previous_last_trick(game, view)
        text = json.dumps(searchable_view(view), ensure_ascii=False)
        for card in hidden_from(game, seat):
            assert f'"{card.pbn}"' not in text, (seat, card)
        assert str(game.seed) not in text


def check_refusals(game: Game) -> None:
    legal = set(game.legal_actions())
    before = (game.actions, game.phase, game.hand(0), game.hand(1), game.to_act)
    for action in range(-1, 93):
        if action in legal:
            continue
        with pytest.raises(IllegalActionError):
            game.apply(action)
        assert (game.actions, game.phase, game.hand(0), game.hand(1), game.to_act) == before


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
@settings(max_examples=6, deadline=None)
@given(seed=SEEDS, choices=CHOICES)
def test_every_variant_keeps_every_invariant(rules: RuleSet, seed: int, choices: int) -> None:
    game = Game(rules, seed=seed)
    rng = random.Random(choices)
    for step in range(160):
        if game.is_over:
            break
        check_state(game)
        if step % 10 == 0:
            check_refusals(game)
        action = rng.choice(game.legal_actions())
        game.apply(action, game.to_act)


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
@settings(max_examples=4, deadline=None)
@given(seed=SEEDS, choices=CHOICES)
def test_every_variant_plays_whole_rubbers_that_replay(
    rules: RuleSet, seed: int, choices: int
) -> None:
    game = Game(rules, seed=seed)
    rng = random.Random(choices)
    while not game.is_over:
        actions = game.legal_actions()
        # Pass more often than uniformly, so that rubbers end in a reasonable number of hands.
        passes = [a for a in actions if a == 52]
        game.apply(passes[0] if passes and rng.random() < 0.5 else rng.choice(actions))
    sheet = game.score_sheet
    assert sheet.is_complete and max(sheet.games) == 2
    assert all(a.dealer != b.dealer for a, b in zip(game.history, game.history[1:], strict=False))
    replay = Game(rules, seed=game.seed, first_dealer=game.first_dealer)
    for history in game.history:
        for action in history.actions:
            replay.apply(action)
    assert replay.is_over and replay.score_sheet == sheet
    assert [h.result for h in replay.history] == [h.result for h in game.history]
