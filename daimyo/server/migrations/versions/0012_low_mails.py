"""The low-time mails sent: per game and seat, the clock's deadline the mail was sent for, so that a server started
again sends a low-time mail that fell due while it was down, and never one twice.

Revision ID: 0012
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "low_mails",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("deadline", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("low_mails")
