"""Accounts: users (argon2 password hashes), sessions (hashed ids, CSRF tokens, expiry), and the
account holding each seat; the table before the start: public games and each seat's "ready";
which server process owns each live game (several processes on one database); and the rules
version each game was played under (games stored before it were all played under version 1).

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(40), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created", sa.String(40), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.String(32), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.add_column("seats", sa.Column("user_id", sa.String(32)))
    op.add_column("seats", sa.Column("ready", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("games", sa.Column("public", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("games", sa.Column("rules", sa.String(16), nullable=False, server_default="1"))
    op.create_table(
        "owners",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("process", sa.String(64), nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_index("seats_by_user", "seats", ["user_id"])


def downgrade() -> None:
    op.drop_table("owners")
    op.drop_index("seats_by_user", "seats")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rules")
        batch.drop_column("public")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("ready")
        batch.drop_column("user_id")
    op.drop_table("sessions")
    op.drop_table("users")
