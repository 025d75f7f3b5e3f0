"""Honeymoon Bridge: contract bridge for two players.

The core (``cards``, ``rules``, ``auction``, ``tricks``, ``scoring``, ``game``, ``views``) imports
nothing above itself and no framework. Every variant's game is made by one factory:

>>> from honeymoon import new_game
>>> from honeymoon.rules import find_variant
>>> new_game(find_variant("bridgette"), seed=1).phase.name
'EXCHANGE'
"""

__version__ = "0.1.0"

__all__ = ["Engine", "new_game", "__version__"]


def __getattr__(name: str) -> object:
    # The factory is imported on first use, so that importing one core module (``cards``,
    # say) does not load every engine.
    if name in ("new_game", "Engine"):
        from honeymoon import engines

        return getattr(engines, name)
    raise AttributeError(f"module 'honeymoon' has no attribute {name!r}")
