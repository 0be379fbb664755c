"""Each game's generator and secret key, practice games, and the hashes of its invitation and host token.

Games stored before keys were seeded with a small number that a player could recover: they are
marked practice games, which is what they were.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMNs: SQLite and PostgreSQL both add a column with a default in place
    op.add_column("games", sa.Column("generator", sa.String(16), nullable=False, server_default="splitmix64"))
    op.add_column("games", sa.Column("rng_key", sa.String(64)))
    op.add_column("games", sa.Column("practice", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("games", sa.Column("invite_hash", sa.String(64)))
    op.add_column("games", sa.Column("host_hash", sa.String(64)))
    op.execute(sa.text("UPDATE games SET practice = :yes").bindparams(yes=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        for name in ("host_hash", "invite_hash", "practice", "rng_key", "generator"):
            batch.drop_column(name)
