"""The play server's database schema, version by version (Alembic); ``Store`` upgrades a database when it opens it."""
