"""Player-safe copies (no seed, no stock, hidden draws) of every variant: read back and checked
by the engine on stand-in stocks, showing only what both players saw."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from honeymoon.actions import card_of_action, is_card_action
from honeymoon.cards import Card
from honeymoon.engines import new_game
from honeymoon.errors import RecordError
from honeymoon.game import Game
from honeymoon.records import dumps, loads
from honeymoon.rules import PACK_VARIANTS, TABLE_VARIANTS, VARIANTS, RuleSet
from honeymoon.seats import Direction
from honeymoon.table import TableGame

from .conftest import play_random

_CARD_TEXT = re.compile(r'"([SHDC][2-9TJQKA]|:[LRG])"')


def _rules(data: st.DataObject) -> RuleSet:
    every = {**VARIANTS, **PACK_VARIANTS, **TABLE_VARIANTS}
    rules = every[data.draw(st.sampled_from(sorted(every)), label="variant")]
    for option in rules.option_names:
        if isinstance(getattr(rules, option), bool) and data.draw(st.booleans(), label=option):
            rules = rules.with_options(**{option: not getattr(rules, option)})
    return rules


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_a_player_safe_copy_of_any_variant_reads_back_as_played(data: st.DataObject) -> None:
    rules = _rules(data)
    game = new_game(rules, seed=data.draw(st.integers(0, 10**6), label="seed"))
    steps = data.draw(st.integers(1, 400), label="steps")
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(data.draw(st.sampled_from(game.legal_actions())))
    text = dumps(game, reveal=False)
    record = loads(text)
    assert record.results == tuple(hand.result for hand in game.history)
    assert record.score_sheet == game.score_sheet
    for hand, log in zip(record.hands, record.logs(), strict=True):
        real = game.hand_log(hand.number)
        # What both players saw is the game's: the calls, the tricks, the preliminary tricks.
        assert (log.first_caller, log.calls, log.contract, log.declarer) == (
            real.first_caller,
            real.calls,
            real.contract,
            real.declarer,
        )
        assert log.preliminary_tricks == real.preliminary_tricks
        assert log.preliminary == real.preliminary
        assert [t.cards for t in log.tricks] == [t.cards for t in real.tricks]
        assert [(t.leader, t.winner) for t in log.tricks] == [
            (t.leader, t.winner) for t in real.tricks
        ]
        assert log.deal is None or log.deal == real.deal
        if log.four_hands:
            # the four hands, known only where every card was played
            assert real.four_hands
            assert (log.hands is None) == (not log.play_over)
            assert log.hands is None or log.hands == real.hands
    # The copy shows no card that was not played in its hand, but for the semi-exposed
    # dummies' cards seen face up (never one lying face down now).
    hands = [h.actions for h in game.history] + ([game.actions] if not game.is_over else [])
    for number, (entry, actions) in enumerate(zip(json.loads(text)["hands"], hands, strict=True)):
        played = {Card.from_id(card_of_action(a)).pbn for a in actions if is_card_action(a)}
        layouts = entry.pop("layouts", {})
        assert bool(layouts) == rules.semi_exposed
        # Bridgette: the upcard, which both players saw (and only it, of the stock)
        upcard = entry.pop("upcard", None)
        assert (upcard is not None) == rules.colons
        if isinstance(game, Game) and rules.colons:
            assert upcard == Card.from_id(game.stock_for_hand(number)[26]).pbn
        assert set(_CARD_TEXT.findall(json.dumps(entry))) <= played
        seen = set(_CARD_TEXT.findall(json.dumps(layouts)))
        if isinstance(game, TableGame) and number == game.hand_number and not game.is_over:
            face_down = game.face_down(Direction.NORTH) | game.face_down(Direction.WEST)
            assert not seen & {card.pbn for card in face_down}
            dummies = game.dealt(Direction.NORTH) | game.dealt(Direction.WEST)
            assert seen <= {card.pbn for card in dummies}


@pytest.mark.parametrize("name", ["draw", "memory"])
def test_a_player_safe_copy_of_a_dealt_variant_is_still_checked(name: str) -> None:
    game = Game(VARIANTS[name], seed=5)
    play_random(game, random.Random(5), pass_chance=0.4)
    data = json.loads(dumps(game, reveal=False))
    # A preliminary card played twice: refused where it is played the second time.
    actions = data["hands"][0]["actions"]
    actions[3] = actions[0]
    with pytest.raises(RecordError) as caught:
        loads(json.dumps(data))
    assert (caught.value.code, caught.value.hand, caught.value.action_index) == (
        "card_not_in_hand",
        0,
        3,
    )
    data = json.loads(dumps(game, reveal=False))
    data["hands"][0]["result"]["preliminary"]["tricks"].reverse()
    with pytest.raises(RecordError) as caught:
        loads(json.dumps(data))
    assert caught.value.code == "result_mismatch"
    data = json.loads(dumps(game, reveal=False))
    data["hands"][0]["actions"].insert(5, "draw")
    with pytest.raises(RecordError) as caught:
        loads(json.dumps(data))
    assert (caught.value.code, caught.value.action_index) == ("wrong_phase", 5)


@pytest.mark.parametrize("name", sorted(TABLE_VARIANTS))
def test_a_player_safe_copy_of_a_four_hand_variant_is_still_checked(name: str) -> None:
    game = new_game(TABLE_VARIANTS[name], seed=8)
    while not game.history or game.history[-1].result.passed_out:
        legal = game.legal_actions()
        game.apply(legal[0] if legal[0] != 52 or len(game.actions) else legal[1])
    data = json.loads(dumps(game, reveal=False))
    played = len(game.history) - 1
    actions = data["hands"][played]["actions"]
    first_card = next(index for index, text in enumerate(actions) if _CARD_TEXT.match(f'"{text}"'))
    # the first card of the second trick played again as the last card of that trick
    actions[first_card + 7] = actions[first_card + 4]
    with pytest.raises(RecordError) as caught:
        loads(json.dumps(data))
    assert (caught.value.code, caught.value.hand, caught.value.action_index) == (
        "card_not_in_hand",
        played,
        first_card + 7,
    )
