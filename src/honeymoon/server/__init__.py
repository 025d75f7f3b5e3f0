"""The web server: two people on two devices, or one against the computer.

``create_app(settings)`` builds the Starlette application; ``honeymoon serve`` runs it with
uvicorn. The pieces:

* :mod:`~honeymoon.server.settings`: settings from the environment and the command line;
* :mod:`~honeymoon.server.storage`: games, seat tokens and actions in SQL (SQLite or
  PostgreSQL), schema managed by Alembic migrations that run at start-up;
* :mod:`~honeymoon.server.hub`: live games in memory, made of the hub's parts:
  :mod:`~honeymoon.server.rooms` (moves and views), :mod:`~honeymoon.server.connections`,
  :mod:`~honeymoon.server.solving` (analysis, hints, claims), :mod:`~honeymoon.server.computer`
  and :mod:`~honeymoon.server.presence` (and the notices between nodes);
* :mod:`~honeymoon.server.protocol`: the websocket messages (``docs/web-protocol.md``);
* :mod:`~honeymoon.server.app`: routes, the websocket endpoint and the lifespan.

Framework code stays in this package; nothing in the core imports it.
"""

from honeymoon.server.app import create_app
from honeymoon.server.settings import Settings

__all__ = ["create_app", "Settings"]
