"""Private games: the hash of a game's watch code (its spectators' link), and when a waiting table was last
opened (a table nobody opens for ``close_after`` seconds is closed); and each game lease's fencing token (every
write of a game in cluster mode checks it in the same transaction).

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("watch_hash", sa.String(64)))
    op.add_column("games", sa.Column("opened", sa.String(40)))
    op.add_column("owners", sa.Column("token", sa.BigInteger, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("owners") as batch:
        batch.drop_column("token")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("opened")
        batch.drop_column("watch_hash")
