"""Honeymoon Bridge: contract bridge for two players.

The core (``cards``, ``rules``, ``auction``, ``tricks``, ``scoring``, ``game``, ``views``) imports
nothing above itself and no framework.
"""

__version__ = "0.1.0"
