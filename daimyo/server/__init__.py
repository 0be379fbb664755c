"""The play server: an authoritative ASGI app (Starlette + uvicorn) that keeps games in a database.

``store`` keeps games, seats and actions (SQLAlchemy; SQLite by default), ``rooms`` holds the
live games and applies actions through the rules engine, ``app`` speaks HTTP and WebSocket
(docs/server-protocol.md) through the route modules of ``routes``. What is special to a game comes from its
registration (:class:`daimyo.core.registry.GameInfo`): this package names no game but a default. Nothing in the
rules engines imports from here.
"""
