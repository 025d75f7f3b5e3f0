"""``honeymoon purge``: delete old games from the server's database.

Finished games go after ``--keep-finished`` (default 30 days), unfinished ones after
``--keep-abandoned`` without a move (default 90 days). ``honeymoon serve`` does the same once
an hour; this command is for a database no server is running on, or for a cron job.
"""

from __future__ import annotations

import argparse

from honeymoon.cli.serve import add_database_argument, add_retention_arguments


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``purge`` sub-command."""
    parser = subparsers.add_parser(
        "purge",
        help="delete old games from the server's database",
        description=(
            "Delete finished games older than --keep-finished and unfinished games untouched "
            "for --keep-abandoned. Example: honeymoon purge --keep-finished 7d"
        ),
    )
    add_database_argument(parser)
    add_retention_arguments(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Purge and say how many games were deleted."""
    from datetime import UTC, datetime, timedelta

    from honeymoon.cli.serve import settings_from_args
    from honeymoon.server.storage import Storage

    settings = settings_from_args(args)
    storage = Storage(settings.database_url)
    try:
        storage.migrate()
        now = datetime.now(UTC)
        ids = storage.purge(
            finished_before=now - timedelta(seconds=settings.keep_finished),
            abandoned_before=now - timedelta(seconds=settings.keep_abandoned),
        )
        remaining = storage.game_count()
    finally:
        storage.close()
    print(f"honeymoon purge: deleted {len(ids)} games; {remaining} remain")
    return 0
