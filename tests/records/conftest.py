"""Shared fixtures for the record tests: random legal play and small worked records."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from honeymoon.actions import PASS
from honeymoon.auction import FIRST_BID
from honeymoon.game import Game, Phase

#: ``play(game, rng, max_actions=None, pass_chance=0.0)`` plays random legal actions.
Player = Callable[..., int]


def play_random(
    game: Game,
    rng: random.Random,
    max_actions: int | None = None,
    pass_chance: float = 0.0,
) -> int:
    """Apply random legal actions until the rubber ends or ``max_actions`` have been taken.

    With ``pass_chance`` 0 every legal action is equally likely; above 0 the auction passes
    that often and otherwise bids one of the four cheapest bids (or doubles), so rubbers end
    sooner. Returns how many actions were applied.
    """
    count = 0
    while not game.is_over and (max_actions is None or count < max_actions):
        legal = game.legal_actions()
        action = rng.choice(legal)
        if pass_chance and game.phase is Phase.AUCTION:
            if rng.random() < pass_chance:
                action = PASS
            else:
                choices = [a for a in legal if a >= FIRST_BID][:4] + [
                    a for a in legal if PASS < a < FIRST_BID
                ]
                action = rng.choice(choices) if choices else PASS
        game.apply(action)
        count += 1
    return count


@pytest.fixture(scope="session")
def play() -> Player:
    """The random player, as a fixture."""
    return play_random


@pytest.fixture(scope="session")
def rubber() -> Callable[[int], Game]:
    """``rubber(seed)``: a complete rubber played with a pass-biased random player."""

    def make(seed: int) -> Game:
        game = Game(seed=seed)
        play_random(game, random.Random(seed), pass_chance=0.5)
        return game

    return make
