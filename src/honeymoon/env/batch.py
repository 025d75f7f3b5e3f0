"""Many games stepped at once, with numpy arrays in and out (``honeymoon.env.batch``).

:class:`BatchEnv` holds ``size`` games of one variant. Each row ``i`` of its arrays is game
``i``: the information-state tensor of the seat to act (docs/env.md), its action mask, which
seat that is, the last step's rewards of both seats and whether the step ended the episode.
``step`` takes one action per game; a game whose episode ended is dealt a new one at once, so
its row then shows the new episode's first decision (the rewards and ``dones`` still tell of
the one that ended). The games and their episodes follow from the seed alone.

>>> from honeymoon.env.batch import BatchEnv
>>> batch = BatchEnv(4, seed=7)
>>> observations, masks = batch.reset()
>>> observations.shape, masks.shape, masks[0].nonzero()[0].tolist()
((4, 892), (4, 92), [90, 91])
>>> step = batch.step(masks.argmax(axis=1))
>>> step.observations.shape, step.rewards.shape, step.dones.tolist()
((4, 892), (4, 2), [False, False, False, False])
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from honeymoon.env.aec import HoneymoonEnv
from honeymoon.game import Game
from honeymoon.rules import DEFAULT_RULES, RuleSet

__all__ = ["BatchEnv", "BatchStep"]


@dataclass(frozen=True, slots=True)
class BatchStep:
    """What one step of a :class:`BatchEnv` gives back, one row per game (new arrays each
    step: nothing here changes afterwards).

    :ivar observations: float32 ``[size, info_size]``: the tensor of the seat to act now.
    :ivar masks: int8 ``[size, actions]``: 1 for each legal action of that seat.
    :ivar to_act: int8 ``[size]``: the seat to act now, 0 South or 1 East.
    :ivar rewards: float32 ``[size, 2]``: South's and East's reward for this step (a hand's
        points difference when it ends, zero-sum; zero otherwise).
    :ivar dones: bool ``[size]``: True where this step ended the episode (the row already
        shows the next episode's first decision).
    """

    observations: npt.NDArray[np.float32]
    masks: npt.NDArray[np.int8]
    to_act: npt.NDArray[np.int8]
    rewards: npt.NDArray[np.float32]
    dones: npt.NDArray[np.bool_]


class BatchEnv:
    """``size`` games of one variant stepped together; a finished episode is replaced at once.

    :param size: how many games.
    :param variant: a variant name or a ``RuleSet`` (as :class:`~honeymoon.env.aec.HoneymoonEnv`).
    :param episode: ``"hand"`` or ``"rubber"``.
    :param seed: seeds every game and every later episode of it; fresh randomness if None.
    """

    def __init__(
        self,
        size: int,
        variant: str | RuleSet = DEFAULT_RULES,
        episode: str = "hand",
        seed: int | None = None,
    ) -> None:
        if size < 1:
            raise ValueError(f"a batch holds at least one game, not {size}")
        self.size = size
        self._tables = [HoneymoonEnv(variant=variant, episode=episode) for _ in range(size)]
        layout = self._tables[0]._layout
        #: The length of an observation row (892; 935 in Bridgette).
        self.info_size = layout.info_size
        #: The number of actions, the length of a mask row (92; 99 in Bridgette).
        self.actions = layout.actions
        self._seed = seed
        self._to_act = np.zeros(size, np.int8)
        self._started = False

    @property
    def rules(self) -> RuleSet:
        """The variant's rules."""
        return self._tables[0].rules

    def game(self, index: int) -> Game:
        """Game ``index``'s engine (it knows everything: show it to no agent)."""
        return self._tables[index].game

    def reset(
        self, seed: int | None = None
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """Deal every game a new episode: the observations and masks of the seats to act
        (:attr:`to_act`). ``seed`` (or the one given when the batch was made) fixes them and
        every episode after them."""
        if seed is None:
            seed = self._seed
        sequence = np.random.SeedSequence(seed)
        seeds = sequence.generate_state(self.size, np.uint64).tolist()
        decisions = []
        for index, table in enumerate(self._tables):
            table.reset(seed=seeds[index])
            decisions.append(table._decision())
        self._started = True
        self._to_act = np.array([seat for seat, _, _ in decisions], np.int8)
        observations = np.array([tensor for _, tensor, _ in decisions])
        masks = np.array([mask for _, _, mask in decisions])
        return observations, masks

    @property
    def to_act(self) -> npt.NDArray[np.int8]:
        """The seat to act in each game (0 South, 1 East): a copy."""
        return self._to_act.copy()

    def step(self, actions: npt.ArrayLike) -> BatchStep:
        """Carry out one action in each game (``actions[i]`` by its seat to act) and deal a
        new episode to each game whose episode ended.

        :raises IllegalActionError: for an action not legal in its game (the engine's error
            for it); then no game has taken its step.
        :raises TypeError: for actions that are not integers.
        """
        if not self._started:
            raise RuntimeError("reset() the batch before step()")
        array = np.asarray(actions)
        if array.dtype.kind not in "iu":
            raise TypeError(f"actions are integers, not {array.dtype}")
        chosen: list[int] = array.reshape(self.size).tolist()
        count = self.actions
        for index, table in enumerate(self._tables):
            action = chosen[index]
            mask = table._decision()[2]
            if not (0 <= action < count and mask[action]):
                # Refused before any game takes its step: the engine's own error and code.
                table.game.apply(action)
                raise AssertionError(f"game {index} took {action}, not among its legal actions")
        rewards = np.zeros((self.size, 2), np.float32)
        dones = np.zeros(self.size, np.bool_)
        seats: list[int] = []
        tensors: list[npt.NDArray[np.float32]] = []
        masks: list[npt.NDArray[np.int8]] = []
        for index, table in enumerate(self._tables):
            table.step(chosen[index])
            if table._rewarded:
                won = table.rewards["south"]
                rewards[index, 0] = won
                rewards[index, 1] = -won
            if table._over:
                dones[index] = True
                table.reset()
            seat, tensor, mask = table._decision()
            seats.append(seat)
            tensors.append(tensor)
            masks.append(mask)
        # Each game's arrays are copied into the batch's (one call each: faster than by rows).
        self._to_act = np.array(seats, np.int8)
        return BatchStep(np.array(tensors), np.array(masks), self._to_act.copy(), rewards, dones)
