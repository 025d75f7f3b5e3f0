"""A bot that picks uniformly among the legal actions."""

from __future__ import annotations

import random

from honeymoon.views import SeatView


class RandomBot:
    """Uniformly random legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(seed)

    def act(self, view: SeatView) -> int:
        """A uniformly random choice among ``view.legal_actions``."""
        if not view.legal_actions:
            raise ValueError("it is not this bot's turn: the view offers no legal action")
        return self._rng.choice(view.legal_actions)
