"""Account names in one normal form, and their look-alike skeletons (daimyo/server/names.py).

Each account's ``name_key`` becomes its name's normal form (NFKC, single spaces, case-folded) and its new
``name_skeleton`` is filled, unique. Every account made before keeps working: one whose new key or skeleton
is already another's (the older account keeps it) keeps its old key, found by the name typed as before, and
gets a skeleton of its own (the shared one, a tab and its id: a name holds no tab).

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

from daimyo.server.names import AccountName, BadName, account_name, skeleton

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

users = sa.table("users", sa.column("id", sa.String), sa.column("name", sa.String), sa.column("name_key", sa.String),
                 sa.column("name_skeleton", sa.String), sa.column("created", sa.String))


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("name_skeleton", sa.String(160)))
    conn = op.get_bind()
    rows = conn.execute(sa.select(users.c.id, users.c.name, users.c.name_key).order_by(users.c.created, users.c.id)).all()
    normal: dict[str, AccountName | None] = {}
    for row in rows:
        try:
            normal[row.id] = account_name(row.name)
        except BadName:   # a name the old rules allowed and the new ones do not: it keeps its key
            normal[row.id] = None
    keys = {row.name_key for row in rows if (name := normal[row.id]) is None or name.key == row.name_key}
    skeletons: set[str] = set()
    for row in rows:
        name = normal[row.id]
        key = row.name_key
        if name is not None and name.key != row.name_key and name.key not in keys:
            key = name.key
        keys.add(key)
        look = name.skeleton if name is not None else skeleton(row.name)
        if look in skeletons:
            look = f"{look}\t{row.id}"
        skeletons.add(look)
        conn.execute(sa.update(users).where(users.c.id == row.id).values(name_key=key, name_skeleton=look))
    with op.batch_alter_table("users") as batch:
        batch.alter_column("name_skeleton", existing_type=sa.String(160), nullable=False)
        batch.create_unique_constraint("users_name_skeleton_key", ["name_skeleton"])


def downgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.drop_constraint("users_name_skeleton_key", type_="unique")
        batch.drop_column("name_skeleton")
