"""Fair play between people: whether hints are allowed in each game, how many hints each
seat asked, since when each seat has been away, and the seat that left the rubber.

Revision ID: r0004
Revises: r0003
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0004"
down_revision = "r0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the hints setting, the two seats' hint counts, their times away and the seat
    that left to the games. Games against the computer keep their hints; games between two
    people made before this had no agreement, so their hints are off."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("hints", sa.String(16), nullable=False, server_default="off"))
        batch.add_column(sa.Column("hints_south", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("hints_east", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("away_south", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("away_east", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("left_by", sa.Integer, nullable=True))
    games = sa.table("games", sa.column("hints", sa.String(16)), sa.column("opponent", sa.String))
    op.execute(games.update().where(games.c.opponent == "computer").values(hints="on"))


def downgrade() -> None:
    """Drop them again."""
    with op.batch_alter_table("games") as batch:
        batch.drop_column("left_by")
        batch.drop_column("away_east")
        batch.drop_column("away_south")
        batch.drop_column("hints_east")
        batch.drop_column("hints_south")
        batch.drop_column("hints")
