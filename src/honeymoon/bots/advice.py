"""The advice a bot gives for a hint: an action and a one-line reason."""

from __future__ import annotations

from dataclasses import dataclass

from honeymoon.actions import describe

__all__ = ["Advice"]


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
