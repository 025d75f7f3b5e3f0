"""Research environments: an OpenSpiel-shaped state and a PettingZoo AEC environment.

Install with the ``env`` extra (``pip install 'honeymoon[env]'``); docs/env.md describes both.
The PettingZoo ways to make the environment::

    from honeymoon import env as honeymoon_v0

    table = honeymoon_v0.env(variant="draw-discard", episode="hand")
    table.reset(seed=42)

    import pettingzoo
    import honeymoon.env  # registers honeymoon/honeymoon_v0

    table = pettingzoo.make("aec", "honeymoon/honeymoon_v0", variant="draw")

Many games at once, with numpy arrays in and out: :class:`honeymoon.env.batch.BatchEnv`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from honeymoon.actions import NUM_ACTIONS, describe
from honeymoon.env.state import CHANCE_PLAYER_ID, TERMINAL_PLAYER_ID, HoneymoonState

if TYPE_CHECKING:
    from honeymoon.env.aec import HoneymoonEnv

#: The environment's id in PettingZoo's registry.
PETTINGZOO_ID = "honeymoon/honeymoon_v0"

__all__ = [
    "PETTINGZOO_ID",
    "HoneymoonState",
    "CHANCE_PLAYER_ID",
    "TERMINAL_PLAYER_ID",
    "action_to_string",
    "legal_actions_mask",
    "env",
    "raw_env",
]


def action_to_string(action: int) -> str:
    """An action's text: :func:`honeymoon.actions.describe` (``♠A``, ``3NT``, ``keep``)."""
    return describe(action)


def legal_actions_mask(actions: tuple[int, ...] | list[int], size: int = NUM_ACTIONS) -> list[int]:
    """1 for each of the 92 actions (``size``: 99 in Bridgette) in ``actions``, 0 for the
    others.

    >>> sum(legal_actions_mask((90, 91))), len(legal_actions_mask((96,), 99))
    (2, 99)
    """
    mask = [0] * size
    for action in actions:
        mask[action] = 1
    return mask


def env(**kwargs: Any) -> Any:
    """The PettingZoo AEC environment with PettingZoo's usual wrappers (see
    :mod:`honeymoon.env.aec`)."""
    from honeymoon.env import aec

    return aec.env(**kwargs)


def raw_env(**kwargs: Any) -> HoneymoonEnv:
    """The PettingZoo AEC environment without wrappers (the fastest)."""
    from honeymoon.env import aec

    return aec.raw_env(**kwargs)


def _register() -> None:
    # PettingZoo's registry (pettingzoo.make), when PettingZoo is installed.
    try:
        import pettingzoo  # type: ignore[import-untyped]
    except ImportError:
        return
    if PETTINGZOO_ID not in pettingzoo.aec_registry:
        pettingzoo.register("aec", PETTINGZOO_ID, entry_point="honeymoon.env.aec:env")


_register()
