"""The OpenSpiel adapter: OpenSpiel's own random-simulation test, and its observations are
the environment's encodings."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest

import honeymoon.env.openspiel  # noqa: F401  (registers python_honeymoon)
from honeymoon.env.encoding import INFO_SIZE, OBSERVATION_SIZE
from honeymoon.rules import VARIANTS


@pytest.mark.parametrize("variant", [*VARIANTS, "bridgette"])
def test_openspiel_random_simulation_test(variant) -> None:
    game = pyspiel.load_game("python_honeymoon", {"variant": variant})
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


@pytest.mark.parametrize(
    ("variant", "sizes"),
    [("draw-discard", (INFO_SIZE, OBSERVATION_SIZE, 92)), ("bridgette", (935, 702, 99))],
)
def test_observations_are_the_environments_encodings(variant, sizes) -> None:
    game = pyspiel.load_game("python_honeymoon", {"variant": variant})
    assert game.information_state_tensor_shape() == [sizes[0]]
    assert game.observation_tensor_shape() == [sizes[1]]
    assert game.num_distinct_actions() == sizes[2]
    state = game.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        player = state.current_player()
        inner = state.inner
        assert state.information_state_string(player) == inner.information_state_string(player)
        assert np.array_equal(
            np.array(state.information_state_tensor(player), np.float32),
            inner.information_state_tensor(player),
        )
        assert np.array_equal(
            np.array(state.observation_tensor(1 - player), np.float32),
            inner.observation_tensor(1 - player),
        )
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.returns() == inner.returns() and sum(state.returns()) == 0.0
