"""Research environments: an OpenSpiel-shaped state and a PettingZoo AEC environment.

Install with the ``env`` extra (``pip install 'honeymoon[env]'``). See docs/env.md.
"""

from __future__ import annotations

from honeymoon.env.state import CHANCE_PLAYER_ID, TERMINAL_PLAYER_ID, HoneymoonState

__all__ = ["HoneymoonState", "CHANCE_PLAYER_ID", "TERMINAL_PLAYER_ID"]
