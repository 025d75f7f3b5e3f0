"""``honeymoon serve``: play in the browser, two people on two devices or one against the
computer.

Settings come from the environment (``HONEYMOON_DATABASE_URL``, ``HONEYMOON_HOST``,
``HONEYMOON_PORT``, ``HONEYMOON_BOT_DELAY``; see :mod:`honeymoon.server.settings`); the
flags override them.
"""

from __future__ import annotations

import argparse
import logging
import os


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``serve`` sub-command."""
    parser = subparsers.add_parser(
        "serve",
        help="serve the game to browsers",
        description=(
            "Serve Honeymoon Bridge to browsers: create a game against the computer or a "
            "friend, and share the friend's seat link. Example: honeymoon serve --host 0.0.0.0"
        ),
    )
    parser.add_argument("--host", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, help="port to listen on (default 8000)")
    parser.add_argument(
        "--database",
        metavar="URL",
        help="SQLAlchemy URL (default sqlite:///honeymoon.db; PostgreSQL: "
        "postgresql+psycopg://user:password@host/dbname)",
    )
    parser.add_argument(
        "--bot-delay", type=float, metavar="SECONDS", help="the computer's pause before moving"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Start the server and serve until interrupted."""
    import uvicorn

    from honeymoon.server.app import create_app
    from honeymoon.server.settings import Settings

    settings = Settings.from_environ().replace(
        host=args.host, port=args.port, database_url=args.database, bot_delay=args.bot_delay
    )
    logging.basicConfig(
        level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    app = create_app(settings)
    print(f"honeymoon: serving on http://{settings.host}:{settings.port}/", flush=True)
    uvicorn.run(
        app,
        host=settings.host,
        port=settings.port,
        log_level=settings.log_level,
        ws=os.environ.get("HONEYMOON_WS", "websockets-sansio"),
        ws_per_message_deflate=os.environ.get("HONEYMOON_WS_DEFLATE", "0") == "1",
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        access_log=False,
    )
    return 0
