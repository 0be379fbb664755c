"""Each game's chat lines and mutes, whether its spectators may chat, the game its rematch is,
and its clock with each seat's bank, deadline and stand-in.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("spectator_chat", sa.Boolean, nullable=False, server_default=sa.true()))
    op.add_column("games", sa.Column("rematch", sa.String(32)))
    op.add_column("games", sa.Column("clock", sa.Text))
    op.create_table(
        "clocks",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("bank", sa.Float),
        sa.Column("deadline", sa.Float),
        sa.Column("stand_in", sa.String(8)),
    )
    op.create_table(
        "chat",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("channel", sa.String(12), nullable=False),
        sa.Column("seat", sa.Integer),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.String(40), nullable=False),
    )
    op.create_table(
        "mutes",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("muted", sa.Integer, primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("clocks")
    op.drop_table("mutes")
    op.drop_table("chat")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("clock")
        batch.drop_column("rematch")
        batch.drop_column("spectator_chat")
