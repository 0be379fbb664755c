"""The games' seat choices: the column ``clans`` becomes ``choices``, since it holds every game's seat choice
(Battle for Rokugan's and Rising Sun's clans, Senjutsu's characters), one per seat in seat order, as before.

Revision ID: 0009
Revises: 0008
"""

from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.alter_column("games", "clans", new_column_name="choices")


def downgrade() -> None:
    op.alter_column("games", "choices", new_column_name="clans")
