"""Computer players. A bot sees only its seat's view and returns one legal action.

Every bot follows the :class:`Bot` protocol: ``act(view)`` gets the same
:class:`~honeymoon.views.SeatView` a person would see and returns an action number from
``view.legal_actions``. A bot may keep memory between calls within a game; each has its own
seeded random number generator. :func:`make_bot` builds one by name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from honeymoon.bots.random_bot import RandomBot
from honeymoon.errors import HoneymoonError
from honeymoon.views import SeatView

__all__ = ["Bot", "RandomBot", "BOTS", "make_bot"]


@runtime_checkable
class Bot(Protocol):
    """A computer player."""

    name: str

    def act(self, view: SeatView) -> int:
        """Choose one of ``view.legal_actions``."""
        ...


#: Bot factories by name; each takes a seed.
BOTS: dict[str, Callable[[int | str | None], Bot]] = {"random": RandomBot}


def make_bot(name: str, seed: int | str | None = None) -> Bot:
    """The bot called ``name``, seeded with ``seed``.

    :raises HoneymoonError: (code ``unknown_bot``) naming the known bots.
    """
    factory = BOTS.get(name.strip().lower())
    if factory is None:
        raise HoneymoonError(
            f"unknown bot {name!r}: choose one of {', '.join(sorted(BOTS))}", "unknown_bot"
        )
    return factory(seed)
