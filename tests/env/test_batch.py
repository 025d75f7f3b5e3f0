"""The batch of games: its rows against the engines, seeding, episodes replaced at once."""

from __future__ import annotations

import numpy as np
import pytest

from honeymoon.env.batch import BatchEnv, BatchStep
from honeymoon.env.encoding import encode_information_state
from honeymoon.errors import IllegalActionError


def _random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    # each row's action uniformly among its mask's ones
    return (rng.random(masks.shape) * masks).argmax(axis=1)


def _play(batch: BatchEnv, seed: int, steps: int) -> list[BatchStep]:
    rng = np.random.default_rng(seed)
    _, masks = batch.reset()
    taken = []
    for _ in range(steps):
        step = batch.step(_random_actions(masks, rng))
        taken.append(step)
        masks = step.masks
    return taken


@pytest.mark.parametrize("variant", ["draw-discard", "draw", "memory", "bridgette"])
@pytest.mark.parametrize("episode", ["hand", "rubber"])
def test_each_row_is_its_games_seat_to_act_tensor_and_legal_actions(variant, episode) -> None:
    batch = BatchEnv(5, variant=variant, episode=episode, seed=9)
    rng = np.random.default_rng(9)
    observations, masks = batch.reset()
    to_act = batch.to_act
    done_seen = False
    for _ in range(150):
        for index in range(batch.size):
            game = batch.game(index)
            seat = int(to_act[index])
            assert game.to_act == seat
            assert masks[index].nonzero()[0].tolist() == list(game.legal_actions())
            # the seat's own tensor as built from its view: no card hidden from it
            assert np.array_equal(observations[index], encode_information_state(game, seat))
        step = batch.step(_random_actions(masks, rng))
        observations, masks, to_act = step.observations, step.masks, step.to_act
        assert np.array_equal(step.rewards[:, 0], -step.rewards[:, 1])
        for index in step.dones.nonzero()[0]:
            done_seen = True
            # a new episode, dealt at once: its first decision
            assert batch.game(index).hand_number == 0 and not batch.game(index).actions
        if episode == "hand":
            # a hand's reward comes with the step that ends it, and only then
            assert not step.rewards[~step.dones].any()
    assert done_seen or episode == "rubber"


def test_the_seed_fixes_every_game_and_episode() -> None:
    first = _play(BatchEnv(6, seed=4), 1, 200)
    again = _play(BatchEnv(6, seed=4), 1, 200)
    other = _play(BatchEnv(6, seed=5), 1, 200)
    assert sum(int(step.dones.sum()) for step in first) >= 6  # episodes were replaced
    for one, two in zip(first, again, strict=True):
        for name in ("observations", "masks", "to_act", "rewards", "dones"):
            assert np.array_equal(getattr(one, name), getattr(two, name)), name
    assert any(
        not np.array_equal(one.observations, two.observations)
        for one, two in zip(first, other, strict=True)
    )
    # reset(seed) starts the same games again; the games of one batch differ
    batch = BatchEnv(6, seed=4)
    observations, _ = batch.reset()
    assert np.array_equal(batch.reset(seed=4)[0], observations)
    assert len({row.tobytes() for row in _play(batch, 1, 30)[-1].observations}) > 1


def test_arrays_handed_out_never_change_afterwards() -> None:
    batch = BatchEnv(3, seed=2)
    rng = np.random.default_rng(2)
    observations, masks = batch.reset()
    kept = [(array, array.copy()) for array in (observations, masks)]
    for _ in range(120):
        step = batch.step(_random_actions(masks, rng))
        kept += [(array, array.copy()) for array in (step.observations, step.masks)]
        kept += [(step.to_act, step.to_act.copy()), (step.rewards, step.rewards.copy())]
        masks = step.masks
    assert all(np.array_equal(array, copy) for array, copy in kept)


def test_an_illegal_action_is_refused() -> None:
    batch = BatchEnv(2, seed=1)
    with pytest.raises(RuntimeError, match="reset"):
        batch.step([90, 90])
    batch.reset()
    for actions in ([90, 0], [90, 92], [-1, 90]):
        with pytest.raises(IllegalActionError):
            batch.step(actions)
    with pytest.raises(TypeError, match="integers"):
        batch.step([90.0, 90.0])
    # no game took a step
    assert all(not batch.game(index).actions for index in range(2))
    batch.step([90, 90])
    assert all(len(batch.game(index).actions) == 1 for index in range(2))
    with pytest.raises(ValueError, match="one game"):
        BatchEnv(0)
