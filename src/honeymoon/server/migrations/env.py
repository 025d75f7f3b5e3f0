"""Alembic environment: runs the migrations on the connection the server hands over.

The server calls ``alembic upgrade head`` at start-up with its own connection in
``config.attributes["connection"]``; the ``alembic`` command line can also be pointed here
with ``sqlalchemy.url`` set.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine


def _run_on(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=None, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations() -> None:
    """Run the migrations online, on the given connection or a new engine."""
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _run_on(connection)
        return
    url = context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("set sqlalchemy.url to run the migrations from the command line")
    engine = create_engine(url)
    with engine.begin() as new_connection:
        _run_on(new_connection)
    engine.dispose()


try:
    _in_migration_run = context.config is not None
except (AttributeError, NameError):  # imported outside a migration run
    _in_migration_run = False
if _in_migration_run:
    run_migrations()
