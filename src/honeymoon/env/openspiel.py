"""Honeymoon Bridge registered with OpenSpiel (the ``openspiel`` extra).

Importing this module registers the game ``python_honeymoon`` with ``pyspiel``; then
OpenSpiel's algorithms and tests load it by name::

    import pyspiel
    import honeymoon.env.openspiel  # registers the game

    game = pyspiel.load_game("python_honeymoon", {"variant": "draw-discard"})

One episode is one hand. Bridgette (``{"variant": "bridgette"}``) has 99 actions, 55 chance
outcomes and its own tensor layout (:data:`honeymoon.env.encoding.BRIDGETTE_LAYOUT`). States
delegate to :class:`honeymoon.env.HoneymoonState` (chance nodes, legal actions, returns);
observations are its information-state tensor and string (perfect recall) or its observation
tensor and string (see docs/env.md).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from honeymoon.env.encoding import Layout, encode_observation, layout_for
from honeymoon.env.state import HoneymoonState
from honeymoon.rules import find_variant

__all__ = ["HoneymoonGame", "HoneymoonSpielState", "GAME_TYPE", "MAX_GAME_LENGTH"]

#: The longest hand: 52 chance outcomes, 26 drawing turns or preliminary cards, 26 cards of
#: play and the longest two-player auction (35 bids, each doubled and redoubled, and a pass).
MAX_GAME_LENGTH = 52 + 26 + 26 + 35 * 3 + 2
#: Bounds of one hand's points difference (a redoubled vulnerable grand slam thirteen down is
#: 7,600; no hand scores 10,000).
MAX_UTILITY = 10_000.0

GAME_TYPE = pyspiel.GameType(
    short_name="python_honeymoon",
    long_name="Honeymoon Bridge (one hand)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"variant": "draw-discard"},
)


class HoneymoonGame(pyspiel.Game):  # type: ignore[misc]
    """The pyspiel game: parameter ``variant`` (a variant name, default ``draw-discard``)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.rules = find_variant(str(params.get("variant", "draw-discard")))
        self.layout = layout_for(self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.layout.actions,
            max_chance_outcomes=self.layout.cards,
            num_players=2,
            min_utility=-MAX_UTILITY,
            max_utility=MAX_UTILITY,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> HoneymoonSpielState:
        return HoneymoonSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> HoneymoonObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return HoneymoonObserver(perfect_recall, self.layout)


class HoneymoonSpielState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state wrapping a :class:`HoneymoonState` (first dealer South)."""

    def __init__(self, game: HoneymoonGame) -> None:
        super().__init__(game)
        self.inner = HoneymoonState(game.rules)

    def current_player(self) -> int:
        player = self.inner.current_player()
        if player == -1:
            return int(pyspiel.PlayerId.CHANCE)
        if player == -4:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return self.inner.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.inner.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.inner.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.inner.action_to_string(player, action)

    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def returns(self) -> list[float]:
        # A terminal reward (Memory Bridge's award is scored within the hand).
        return self.inner.returns() if self.inner.is_terminal() else [0.0, 0.0]

    def __str__(self) -> str:
        return " ".join(str(a) for a in self.inner.history()) or "start"


class HoneymoonObserver:
    """OpenSpiel's observer interface over the encodings of docs/env.md."""

    def __init__(self, perfect_recall: bool, layout: Layout) -> None:
        self.perfect_recall = perfect_recall
        self.layout = layout
        slices = layout.info_layout if perfect_recall else layout.observation_layout
        size = layout.info_size if perfect_recall else layout.observation_size
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        start = 0
        for name, size in slices:
            self.dict[name] = self.tensor[start : start + size]
            start += size

    def set_from(self, state: HoneymoonSpielState, player: int) -> None:
        info = state.inner.information_state_tensor(player)
        self.tensor[:] = info if self.perfect_recall else encode_observation(info, self.layout)

    def string_from(self, state: HoneymoonSpielState, player: int) -> str:
        if self.perfect_recall:
            return state.inner.information_state_string(player)
        return state.inner.observation_string(player)


pyspiel.register_game(GAME_TYPE, HoneymoonGame)
