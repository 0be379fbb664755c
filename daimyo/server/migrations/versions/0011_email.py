"""E-mail for correspondence games: an account's optional address, whether it is verified (and the pending
verification token's hash and expiry), whether its owner gets mails, and the key that signs its unsubscribe links.

Revision ID: 0011
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "emails",
        sa.Column("user_id", sa.String(32), sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("address", sa.String(254), nullable=False),
        sa.Column("verified", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("subscribed", sa.Boolean, nullable=False, server_default=sa.true()),
        sa.Column("token_hash", sa.String(64)),
        sa.Column("token_expires", sa.Float),
        sa.Column("key", sa.String(64), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("emails")
