"""``honeymoon serve``: play in the browser, two people on two devices or one against the
computer.

Settings come from the environment (``HONEYMOON_DATABASE_URL``, ``HONEYMOON_PUBLIC_URL``, the
limits…; see :mod:`honeymoon.server.settings` and ``docs/deploy.md``); the flags override them.
"""

from __future__ import annotations

import argparse
import logging
import os
from typing import TYPE_CHECKING

from honeymoon.errors import HoneymoonError

if TYPE_CHECKING:
    from honeymoon.server.settings import Settings


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``serve`` sub-command."""
    parser = subparsers.add_parser(
        "serve",
        help="serve the game to browsers",
        description=(
            "Serve Honeymoon Bridge to browsers: create a game against the computer or a "
            "friend, and share the friend's seat link. Example: honeymoon serve --host 0.0.0.0 "
            "--public-url https://bridge.example.org (see docs/deploy.md)"
        ),
    )
    parser.add_argument("--host", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, help="port to listen on (default 8000)")
    add_database_argument(parser)
    parser.add_argument(
        "--redis",
        metavar="URL",
        help="Redis URL (redis://host:6379/0) shared by several nodes on one PostgreSQL "
        "database; without it the server runs alone (see docs/deploy.md)",
    )
    parser.add_argument(
        "--public-url",
        metavar="URL",
        help="the address players use, such as https://bridge.example.org: seat links and "
        "the allowed origin are built from it",
    )
    parser.add_argument(
        "--bot-delay", type=float, metavar="SECONDS", help="the computer's pause before moving"
    )
    parser.add_argument(
        "--smtp",
        metavar="HOST[:PORT]",
        help="the mail server that sends sign-in codes (port 25 unless given); without one "
        "each code is written to the log (see docs/deploy.md)",
    )
    add_retention_arguments(parser)
    parser.set_defaults(handler=run)


def add_database_argument(parser: argparse.ArgumentParser) -> None:
    """The ``--database`` flag (``serve`` and ``purge``)."""
    parser.add_argument(
        "--database",
        metavar="URL",
        help="SQLAlchemy URL (default sqlite:///honeymoon.db; PostgreSQL: "
        "postgresql+psycopg://user:password@host/dbname)",
    )


def add_retention_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``--keep-finished`` and ``--keep-abandoned`` flags (``serve`` and ``purge``)."""
    parser.add_argument(
        "--keep-finished",
        metavar="AGE",
        help="purge finished games older than this (default 30d; units s, m, h, d, w)",
    )
    parser.add_argument(
        "--keep-abandoned",
        metavar="AGE",
        help="purge unfinished games untouched for this long (default 90d)",
    )


def settings_from_args(args: argparse.Namespace) -> Settings:
    """The server settings: the environment, overridden by the flags that were given.

    :raises HoneymoonError: (code ``bad_setting``) for a setting that cannot be read.
    """
    from honeymoon.server.settings import Settings, parse_duration, parse_smtp

    try:
        settings = Settings.from_environ()
        keep_finished = getattr(args, "keep_finished", None)
        keep_abandoned = getattr(args, "keep_abandoned", None)
        smtp = getattr(args, "smtp", None)
        smtp_host, smtp_port = parse_smtp(smtp) if smtp else (None, None)
        return settings.replace(
            smtp_host=smtp_host,
            smtp_port=smtp_port,
            host=getattr(args, "host", None),
            port=getattr(args, "port", None),
            database_url=getattr(args, "database", None),
            redis_url=getattr(args, "redis", None),
            bot_delay=getattr(args, "bot_delay", None),
            public_url=getattr(args, "public_url", None),
            keep_finished=parse_duration(keep_finished) if keep_finished else None,
            keep_abandoned=parse_duration(keep_abandoned) if keep_abandoned else None,
        )
    except ValueError as error:
        raise HoneymoonError(str(error), "bad_setting") from None


def check_database_url(url: str) -> None:
    """Check that ``url`` names a database this server can open (its form and its driver)
    before anything is served. The message never repeats a password.

    :raises HoneymoonError: (code ``bad_setting``) saying what is wrong and what would do.

    >>> check_database_url("sqlite:///honeymoon.db")
    >>> try:
    ...     check_database_url("bogus://x")
    ... except HoneymoonError as error:
    ...     print(str(error).split(";")[0])
    the database URL 'bogus://x' names no known kind of database (bogus)
    """
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    examples = "sqlite:///honeymoon.db or postgresql+psycopg://user:password@host/dbname"
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise HoneymoonError(
            f"the database URL (--database or HONEYMOON_DATABASE_URL) is not a URL: give one "
            f"such as {examples}",
            "bad_setting",
        ) from None
    shown = parsed.render_as_string(hide_password=True)
    try:
        parsed.get_dialect()
    except NoSuchModuleError:
        raise HoneymoonError(
            f"the database URL {shown!r} names no known kind of database "
            f"({parsed.drivername}); give one such as {examples}",
            "bad_setting",
        ) from None
    except ImportError as error:
        raise HoneymoonError(
            f"the database URL {shown!r} needs a driver that is not installed ({error}); "
            f"install it, or give one such as {examples}",
            "bad_setting",
        ) from None


def redact_logs() -> None:
    """Blank seat tokens in every log line, whoever writes it (uvicorn logs request paths)."""
    from honeymoon.server.limits import RedactTokens

    # The websocket library's debug lines dump whole frames (views, tokens): never wanted.
    logging.getLogger("websockets").setLevel(max(logging.INFO, logging.root.level))
    redact = RedactTokens()
    for name in ("", "uvicorn", "uvicorn.error", "uvicorn.access", "honeymoon"):
        logger = logging.getLogger(name)
        logger.addFilter(redact)
        for handler in logger.handlers:
            handler.addFilter(redact)


def run(args: argparse.Namespace) -> int:
    """Start the server and serve until interrupted."""
    import uvicorn

    from honeymoon.server.app import create_app
    from honeymoon.server.limits import guarded_http_protocol
    from honeymoon.server.settings import ACCEPT_BACKLOG, raise_descriptor_limit

    raise_descriptor_limit()  # before the settings: the connection cap is derived from it
    settings = settings_from_args(args)
    check_database_url(settings.database_url)
    if settings.redis_url is not None:
        from honeymoon.server.nodes import check_redis_client

        check_redis_client()
    if settings.log_format == "json":
        from honeymoon.server.logs import use_json_logs
        from honeymoon.server.nodes import default_node_id

        settings = settings.replace(node_id=settings.node_id or default_node_id())
        use_json_logs(str(settings.node_id), settings.log_level)
    else:
        logging.basicConfig(
            level=settings.log_level.upper(),
            format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        )
    app = create_app(settings)
    config = uvicorn.Config(
        app,
        host=settings.host,
        port=settings.port,
        log_level=settings.log_level,
        http=guarded_http_protocol(
            max_connections=settings.max_connections,
            max_per_address=settings.max_connections_per_address,
            header_timeout=settings.header_timeout,
            exempt=settings.trusted_proxies,
        ),
        ws=os.environ.get("HONEYMOON_WS", "websockets-sansio"),
        ws_max_size=settings.max_message_bytes,
        ws_max_queue=16,
        ws_per_message_deflate=os.environ.get("HONEYMOON_WS_DEFLATE", "0") == "1",
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        timeout_keep_alive=5,
        backlog=ACCEPT_BACKLOG,
        proxy_headers=True,
        forwarded_allow_ips=list(settings.trusted_proxies),
        server_header=False,
        access_log=False,
        # JSON logs: uvicorn's records go to the root logger's JSON handler too.
        log_config=None if settings.log_format == "json" else uvicorn.config.LOGGING_CONFIG,
    )
    redact_logs()
    where = settings.public_url or f"http://{settings.host}:{settings.port}"
    print(f"honeymoon: serving on {where}/", flush=True)
    uvicorn.Server(config).run()
    return 0
