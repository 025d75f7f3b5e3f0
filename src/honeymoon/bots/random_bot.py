"""A bot that picks uniformly among the legal actions."""

from __future__ import annotations

import random

from honeymoon.views import SeatView, TableView


class RandomBot:
    """Uniformly random legal actions, from its own seeded generator (at either table)."""

    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(seed)

    def act(self, view: SeatView | TableView) -> int:
        """A uniformly random choice among ``view.legal_actions``."""
        if not view.legal_actions:
            raise ValueError("it is not this bot's turn: the view offers no legal action")
        return self._rng.choice(view.legal_actions)
