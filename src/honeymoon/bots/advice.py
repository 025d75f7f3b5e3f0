"""The advice a bot gives for a hint (an action and a one-line reason), and the shape of a bot
that decides each phase in a method of its own."""

from __future__ import annotations

from dataclasses import dataclass

from honeymoon.actions import describe
from honeymoon.game import Phase
from honeymoon.views import SeatView

__all__ = ["Advice", "PhasedBot"]


@dataclass(frozen=True, slots=True)
class Advice:
    """A recommended action and a one-line reason.

    >>> str(Advice(49, "win cheaply with ♠Q"))
    '♠Q: win cheaply with ♠Q'
    """

    action: int
    reason: str

    def __str__(self) -> str:
        return f"{describe(self.action)}: {self.reason}"


class PhasedBot:
    """A bot that advises in each phase through a method of its own: ``_draw`` while drawing,
    ``_call`` in the auction and ``_play`` for cards (the preliminary tricks and the play);
    ``act`` takes the advice's action."""

    def act(self, view: SeatView) -> int:
        """The action :meth:`advise` recommends."""
        return self.advise(view).action

    def advise(self, view: SeatView) -> Advice:
        """The recommended action for ``view`` with a one-line reason.

        :raises ValueError: if the view offers no legal action (not this bot's turn).
        """
        if not view.legal_actions or view.seat is None:
            raise ValueError("it is not this bot's turn: the view offers no legal action")
        if view.phase is Phase.DRAWING:
            return self._draw(view)
        if view.phase is Phase.AUCTION:
            return self._call(view)
        return self._play(view)

    def _draw(self, view: SeatView) -> Advice:
        raise NotImplementedError

    def _call(self, view: SeatView) -> Advice:
        raise NotImplementedError

    def _play(self, view: SeatView) -> Advice:
        raise NotImplementedError
