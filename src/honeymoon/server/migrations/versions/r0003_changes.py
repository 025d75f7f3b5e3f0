"""The number of the change that last touched each game, and how often its links were replaced.

Revision ID: r0003
Revises: r0002
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0003"
down_revision = "r0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the change number (indexed: the nodes ask for the games changed after a number)
    and the count of replaced seat links to the games."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("change_number", sa.BigInteger, nullable=True))
        batch.add_column(
            sa.Column("links_replaced", sa.Integer, nullable=False, server_default="0")
        )
    op.create_index("ix_games_change_number", "games", ["change_number"])


def downgrade() -> None:
    """Drop them again."""
    op.drop_index("ix_games_change_number", table_name="games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("links_replaced")
        batch.drop_column("change_number")
