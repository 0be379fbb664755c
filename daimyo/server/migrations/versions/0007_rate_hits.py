"""The rate windows a cluster's processes share (daimyo/server/shared_limits.py): one row per counted event.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rate_hits",
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("key", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_index("rate_hits_window", "rate_hits", ["kind", "key", "at"])
    op.create_index("rate_hits_expires", "rate_hits", ["expires"])


def downgrade() -> None:
    op.drop_index("rate_hits_expires", table_name="rate_hits")
    op.drop_index("rate_hits_window", table_name="rate_hits")
    op.drop_table("rate_hits")
