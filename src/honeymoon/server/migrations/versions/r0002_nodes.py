"""When the computer's seat is due, and which node holds the lease to move for it.

Revision ID: r0002
Revises: r0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0002"
down_revision = "r0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the computer's due time and lease to the games."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("bot_due", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("lease_owner", sa.String(64), nullable=True))
        batch.add_column(sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_games_bot_due", "games", ["bot_due"])
    # Unfinished games against the computer are looked at once by the nodes that share the
    # database (a node alone resumes them at start-up, as before).
    games = sa.table(
        "games",
        sa.column("bot_due", sa.DateTime(timezone=True)),
        sa.column("updated_at", sa.DateTime(timezone=True)),
        sa.column("opponent", sa.String),
        sa.column("complete", sa.Boolean),
    )
    op.execute(
        games.update()
        .where(games.c.opponent == "computer", games.c.complete.is_(False))
        .values(bot_due=games.c.updated_at)
    )


def downgrade() -> None:
    """Drop them again."""
    op.drop_index("ix_games_bot_due", table_name="games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("lease_until")
        batch.drop_column("lease_owner")
        batch.drop_column("bot_due")
