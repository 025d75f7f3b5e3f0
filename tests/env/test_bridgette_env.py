"""Bridgette in the research environments: the same PettingZoo environment, OpenSpiel-shaped
state and encoder as the 52-card variants, with Bridgette's layout (55-card planes, the
exchange, the upcard, the barred suit, 99 actions); legal whole matches; and an observation
that never encodes a card the seat may not see."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test

from honeymoon.actions import card_of_action, is_card_action
from honeymoon.bridgette import BridgetteGame
from honeymoon.cards import Card
from honeymoon.engines import new_game
from honeymoon.env import HoneymoonState, env, raw_env
from honeymoon.env.encoding import (
    BRIDGETTE_LAYOUT,
    INFO,
    INFO_LAYOUT,
    INFO_SIZE,
    OBSERVATION_SIZE,
    STANDARD_LAYOUT,
    Layout,
    encode_information_state,
    encode_observation,
    layout_for,
)
from honeymoon.game import Game, Phase
from honeymoon.rules import BRIDGETTE, VARIANTS

#: A card as the strings write it: ♠A, ♥10, :G.
_CARD_NAME = re.compile(r"[♠♥♦♣](?:10|[2-9JQKA])|:[LRG]")

#: The slices that are card planes (one card id an entry; the two-seat planes twice over).
_PLANES = tuple(
    name for name, size in BRIDGETTE_LAYOUT.info_layout if size in (55, 110) and name != "auction"
)


@pytest.mark.parametrize("episode", ["hand", "rubber"])
def test_pettingzoo_api_test_on_bridgette(episode: str) -> None:
    api_test(env(variant="bridgette", episode=episode), num_cycles=400)


def test_the_bridgette_spaces_are_its_own() -> None:
    table = raw_env(variant="bridgette")
    table.reset(seed=3)
    space = table.observation_space("south")
    assert space["observation"].shape == (BRIDGETTE_LAYOUT.info_size,)
    assert space["action_mask"].shape == (99,) and table.action_space("east").n == 99
    observation, *_ = table.last()
    assert observation["observation"].shape == (BRIDGETTE_LAYOUT.info_size,)
    # the exchange: the phase, the upcard face up, two discards to make, any card held
    game = table.game
    assert isinstance(game, BridgetteGame) and game.phase is Phase.EXCHANGE
    tensor = observation["observation"]
    at = BRIDGETTE_LAYOUT.info
    assert tensor[at["phase"] + BRIDGETTE_LAYOUT.phase_index(Phase.EXCHANGE)] == 1.0
    assert tensor[at["face_up"] + game.upcard.id] == 1.0
    assert tensor[at["to_discard"]] == pytest.approx(2 / 12)
    legal = np.flatnonzero(observation["action_mask"]).tolist()
    assert legal == list(game.legal_actions()) and len(legal) == 15


@pytest.mark.parametrize("seed", range(3))
def test_random_legal_play_through_whole_six_deal_matches(seed: int) -> None:
    table = raw_env(variant="bridgette", episode="rubber")
    table.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards = {"south": 0.0, "east": 0.0}
    colons = barred = 0
    for agent in table.agent_iter(max_iter=5000):
        observation, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        game = table.game
        assert observation["observation"] in table.observation_space(agent)["observation"]
        legal = np.flatnonzero(observation["action_mask"]).tolist()
        assert legal == list(game.legal_actions())
        action = int(rng.choice(legal))
        colons += action >= 96
        barred += isinstance(game, BridgetteGame) and game.barred_suit >= 0
        table.step(action)  # an illegal action would raise
        for name in rewards:
            rewards[name] += table.rewards[name]
    game = table.game
    assert game.is_over and game.score_sheet.deals_scored == 6
    totals = game.score_sheet.totals
    assert rewards["south"] == totals[0] - totals[1] == -rewards["east"]
    assert colons > 0  # the Colons' actions were played


def _visible(game: Game, seat: int) -> set[int]:
    """The cards ``seat`` may see in the hand in progress: its hand, its discards and the
    cards it took in the exchange, the upcard, and the cards played to the tricks."""
    assert isinstance(game, BridgetteGame)
    seen = {card.id for card in game.hand(seat)} | {card.id for card in game.discards(seat)}
    seen |= {card.id for card in game.exchange_drawn(seat)} | {game.upcard.id}
    tricks = list(game.completed_tricks)
    if game.current_trick is not None:
        tricks.append(game.current_trick)
    seen |= {card.id for trick in tricks for card in trick.cards}
    return seen


def _encoded(tensor: np.ndarray, layout: Layout) -> set[int]:
    # Every card id any card plane of the tensor sets.
    cards: set[int] = set()
    at = layout.info
    sizes = dict(layout.info_layout)
    for name in _PLANES:
        part = tensor[at[name] : at[name] + sizes[name]]
        cards |= {int(index) % layout.cards for index in np.flatnonzero(part)}
    return cards


def _check_secrecy(game: Game, seat: int, tensor: np.ndarray) -> None:
    encoded = _encoded(tensor, BRIDGETTE_LAYOUT)
    hidden = set(range(55)) - _visible(game, seat)
    assert not encoded & hidden, (seat, sorted(Card.from_id(c).pbn for c in encoded & hidden))
    # not vacuous: the seat's own hand is encoded whole
    hand = tensor[BRIDGETTE_LAYOUT.info["hand"] : BRIDGETTE_LAYOUT.info["hand"] + 55]
    assert set(np.flatnonzero(hand).tolist()) == {card.id for card in game.hand(seat)}


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_an_observation_never_encodes_a_card_the_seat_may_not_see(data: st.DataObject) -> None:
    table = raw_env(variant="bridgette", episode="rubber")
    table.reset(seed=data.draw(st.integers(0, 2**32), label="seed"))
    steps = data.draw(st.integers(1, 250), label="steps")
    for _ in table.agent_iter(max_iter=steps):
        observation, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        game = table.game
        for seat, name in enumerate(table.possible_agents):
            _check_secrecy(game, seat, table.observe(name)["observation"])
        legal = np.flatnonzero(observation["action_mask"]).tolist()
        table.step(data.draw(st.sampled_from(legal), label="action"))


@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_the_state_with_chance_nodes_plays_bridgette_and_keeps_its_secrets(
    data: st.DataObject,
) -> None:
    state = HoneymoonState(BRIDGETTE, episode="hand", first_dealer=data.draw(st.integers(0, 1)))
    assert state.num_distinct_actions() == 99
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [card for card, _ in state.chance_outcomes()]
            state.apply_action(data.draw(st.sampled_from(outcomes), label="card"))
            continue
        game = state.game
        for seat in (0, 1):
            tensor = state.information_state_tensor(seat)
            assert tensor.shape == (BRIDGETTE_LAYOUT.info_size,)
            assert tensor.min() >= 0.0 and tensor.max() <= 1.0
            _check_secrecy(game, seat, tensor)
            text = state.information_state_string(seat)
            named = {Card.parse(found).id for found in _CARD_NAME.findall(text)}
            assert named <= _visible(game, seat)
            if game.phase is not Phase.EXCHANGE:
                assert {card.id for card in game.hand(seat)} <= named
            observation = state.observation_tensor(seat)
            assert observation.shape == (BRIDGETTE_LAYOUT.observation_size,)
        mask = state.legal_actions_mask()
        assert len(mask) == 99 and sum(mask) == len(state.legal_actions())
        state.apply_action(data.draw(st.sampled_from(state.legal_actions()), label="action"))
    # the hand was played on the stock chance built: its cards went where the game says
    history = state.game.history
    assert history and sorted(history[0].stock) == list(range(55))
    played = [a for a in history[0].actions if is_card_action(a)]
    assert all(0 <= card_of_action(a) < 55 for a in played)


def test_the_52_card_variants_keep_their_layout() -> None:
    # The layout docs/env.md gives for the 52-card variants, and every one of them uses it.
    assert (INFO_SIZE, OBSERVATION_SIZE) == (892, 671)
    assert STANDARD_LAYOUT.info_layout == INFO_LAYOUT and STANDARD_LAYOUT.info == INFO
    assert (STANDARD_LAYOUT.cards, STANDARD_LAYOUT.actions) == (52, 92)
    assert [INFO[name] for name in ("hand", "play", "preliminary_won")] == [15, 680, 890]
    for rules in VARIANTS.values():
        assert layout_for(rules) is STANDARD_LAYOUT
        game = new_game(rules, seed=4)
        tensor = encode_information_state(game, 0)
        assert tensor.shape == (892,) and encode_observation(tensor).shape == (671,)
    assert layout_for(BRIDGETTE) is BRIDGETTE_LAYOUT
    # Bridgette's slices: the same names, its card planes 55 wide, then its own three
    names = [name for name, _ in BRIDGETTE_LAYOUT.info_layout]
    assert names == [name for name, _ in INFO_LAYOUT] + ["to_discard", "barred_suit", "deals"]
