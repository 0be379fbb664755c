"""Every limit of the play server, in one place, each a setting the operator can change.

``daimyo serve --set NAME=VALUE`` (repeatable) changes one; docs/security.md lists them all with
what they protect. The defaults suit a server for a group of friends on a small machine.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from daimyo.server.timing import REAL_TIME, TimeSource


@dataclass(frozen=True)
class Settings:
    """The play server's limits and trust settings."""

    # --- who may talk to the server
    allowed_hosts: tuple[str, ...] = ()
    """Host names this server answers for (comma-separated; "*" for any); empty: localhost and IP addresses only."""
    allowed_origins: tuple[str, ...] = ()
    """Extra web origins (scheme://host[:port]) allowed to act besides the server's own."""
    trust_proxy: bool = False
    """Take the client's address from X-Forwarded-For sent by a reverse proxy on 127.0.0.1."""

    # --- requests
    max_body: int = 16_384
    """Bytes of one HTTP request body; read as a stream and refused past it (413)."""
    max_message: int = 4096
    """Bytes of one WebSocket message from a client."""
    max_depth: int = 8
    """How deep a JSON request or message may nest."""
    header_timeout: float = 10.0
    """Seconds a client has to send a request's headers once connected or between requests."""
    hello_timeout: float = 30.0
    """Seconds a new WebSocket has to say hello."""

    # --- uploaded files (a Rising Sun war file, a Senjutsu card file)
    max_file: int = 12_000
    """Characters of one uploaded file; refused past it (413). The formats' own ceiling is 12 000 (a larger value
    changes nothing)."""
    upload_seconds: float = 1.0
    """Seconds a worker process may spend reading one uploaded file; past it the worker is stopped and the file refused (400)."""
    upload_workers: int = 2
    """Worker processes that read uploaded files (started when first needed), so that no file is read in the event loop."""
    upload_rate: str = "20/minute"
    """Uploaded files a client may send to be read (start-file, card check, a new game from a file)."""

    # --- rates and counts per client (address)
    create_rate: str = "10/minute"
    """Games a client may create (a limits rate: N/second|minute|hour)."""
    connect_rate: str = "60/minute"
    """WebSocket connections a client may open."""
    failed_seat_rate: str = "10/minute"
    """Wrong seat tokens, invitation codes and host tokens a client may send before it is refused (429)."""
    connections_per_client: int = 32
    """WebSockets one client may hold open at once."""
    spectators_per_game: int = 64
    """Spectator sockets one game accepts at once."""

    # --- chat
    chat_max_chars: int = 500
    """Characters of one chat line."""
    chat_rate: str = "20/minute"
    """Chat lines a client may send (over all its connections)."""
    toggle_rate: str = "30/minute"
    """Ready, mute, resume, stand-in, resign and undo messages a client may send (over all its connections; each one is a write)."""

    # --- clocks and absent players
    clock_min_seconds: float = 5.0
    """The shortest time per decision (or bank) a game's clock may be given."""
    absent_after: float = 120.0
    """Seconds a seat's player must have been gone before the host or another player may give the seat to a bot."""

    # --- accounts
    session_days: float = 30.0
    """Days a sign-in lasts."""
    cookie_secure: bool = True
    """Send the session cookie only over HTTPS (browsers also allow it on http://localhost); false for plain HTTP on a LAN."""
    signin_rate: str = "10/minute"
    """Sign-in attempts for one account name from one address (counted before the password is checked)."""
    signin_name_rate: str = "30/minute"
    """Sign-in attempts for one account name from every address together (looser: one address cannot lock the owner out)."""
    signin_address_rate: str = "30/minute"
    """Sign-in attempts from one address, whatever the names."""
    hash_workers: int = 2
    """Threads that hash passwords (sign-up, sign-in), apart from every other work (at least 1)."""
    hash_queue: int = 8
    """Sign-ups and sign-ins that may wait for a hashing thread; past it they are answered 503 "busy, try again"."""

    # --- several processes
    cluster: bool = False
    """Several `daimyo serve` processes share one PostgreSQL database; each game is owned by one at a time, and every
    rate above is counted in the database for all of them together (the open-connection caps stay per process: the
    proxy caps them; docs/scaling.md)."""
    lease_seconds: float = 15.0
    """How long a process's ownership of its games lasts without renewal (renewed every third of it); a dead process's games move after it."""

    # --- one port, several processes (`daimyo serve --workers N`, daimyo/server/workers.py; not a --set setting)
    worker: tuple[int, int] | None = field(default=None, compare=False, metadata={"operator": False})
    """(k, n): this process is worker k of the n behind one port's router, serving the games of its own share."""
    writer_fd: int | None = field(default=None, compare=False, metadata={"operator": False})
    """The file descriptor of this worker's socket to the database writer process (an SQLite file behind a router:
    daimyo/server/writer.py); None: this process commits its own writes."""

    # --- the operator's view (daimyo/server/routes/health.py, docs/scaling.md)
    metrics_token: str = ""
    """The bearer token Prometheus shows to read GET /metrics (``Authorization: Bearer TOKEN``); empty: /metrics is off
    (404). Choose a long random one (at least 16 characters); GET /healthz needs none."""

    # --- e-mail for correspondence games (daimyo/server/mail.py; docs/web.md)
    mail_host: str = ""
    """The SMTP server that sends players' mails (a verification link, "your turn", "your time runs low"); empty: no
    mail, and the account page offers no address."""
    mail_port: int = 587
    """The SMTP server's port."""
    mail_tls: str = "starttls"
    """How the connection to the SMTP server is protected: "starttls", "ssl" (TLS from the start) or "none" (only
    for a server on this machine)."""
    mail_user: str = ""
    """The name to sign in to the SMTP server with; empty: no sign-in."""
    mail_password: str = ""
    """The password for ``mail_user``."""
    mail_from: str = ""
    """The From address of every mail (the operator's, e.g. daimyo@example.org)."""
    mail_base_url: str = ""
    """The server's address as players reach it (https://host[:port]): the links in mails start with it."""
    mail_timeout: float = 20.0
    """Seconds one mail may take to go out before it is given up (and logged)."""
    mail_queue: int = 1000
    """Mails that may wait to be sent; past it a new one is dropped (and logged)."""
    mail_rate: str = "5/hour"
    """Addresses an account may save (each mails a verification link): no account can make the server mail strangers
    more than this."""
    mail_verify_hours: float = 48.0
    """Hours a verification link is good for."""
    mail_low_hours: float = 12.0
    """Hours before a correspondence move's deadline that a player still to act gets a "time runs low" mail (0: none)."""

    # --- connections
    max_connections: int = 1000
    """Connections (HTTP and WebSocket) the server holds at once; past it new ones get 503."""
    connections_per_address: int = 100
    """Connections (HTTP and WebSocket together) one address holds at once (an IPv6 address: its /64); at most a
    quarter of max_connections; past it a new connection is answered 429 and closed."""
    idle_reserve: float = 0.1
    """The share of max_connections kept free: once fewer are free, a new connection closes the oldest idle one
    (an HTTP connection with no request under way)."""
    outbox_limit: int = 256
    """Messages waiting for one socket; a socket that stops reading past it is closed."""
    send_timeout: float = 10.0
    """Seconds one message may take to go out before the socket is closed."""

    # --- bots
    bot_seconds: float = 3.0
    """The most thinking time a bot spec may ask for (ismcts:Ns), per decision."""
    bot_iterations: int = 20_000
    """The most search iterations a bot spec may ask for (ismcts:N)."""
    bot_deadline: float = 5.0
    """Seconds after which a bot's decision is abandoned and a random legal move is played."""
    bot_workers: int = 4
    """Threads that run bots' decisions (one decision per game at a time, first come first served)."""

    # --- lobby and memory
    page_size: int = 50
    """Games per page of GET /api/games (the most a client may ask for)."""
    list_cache: float = 1.0
    """Seconds a page of the games list is served from memory."""
    replay_cache: int = 32
    """Finished games' replays kept in memory."""
    unload_after: float = 300.0
    """Seconds a finished game with no one watching stays in memory."""
    close_after: float = 259_200.0
    """Seconds a table not started (status waiting) may go unopened before it is closed and deleted (0: never)."""

    # --- analysis after a game (GET /api/games/<id>/analysis, daimyo/bots/analysis.py)
    analysis_budget: str = "8"
    """Work per position of a finished game's analysis: rollouts per seat and search iterations (8), or seconds (0.2s)."""
    analysis_seconds: float = 60.0
    """Seconds one game's analysis may take in all; past it, the positions not reached are left out of the chart."""
    analysis_workers: int = 1
    """Worker processes that analyse finished games (started when first needed), never in the event loop."""
    analysis_cache: int = 32
    """Finished games' analyses kept in memory."""
    analysis_waiting: int = 4
    """Analyses waiting for a worker or running at once; a request that would start another is told to try later (503)."""
    analysis_rate: str = "10/minute"
    """Analyses a client may start (asking again for one started or kept is not counted)."""

    # --- time (not an operator's setting: `--set` does not know it)
    time_source: TimeSource = field(default=REAL_TIME, compare=False, repr=False, metadata={"operator": False})
    """Where the games' clocks, stand-ins and bots' pace read the time and wait (daimyo/server/timing.py): the real
    clocks; a test gives a clock it moves forward itself."""

    def replace(self, **changes) -> Settings:
        return dataclasses.replace(self, **changes)


MAIL_TLS = ("starttls", "ssl", "none")

NAMES = {f.name: f for f in dataclasses.fields(Settings) if f.metadata.get("operator", True)}


def parse_setting(text: str) -> tuple[str, object]:
    """``"bot_seconds=2"`` -> ``("bot_seconds", 2.0)``; a clear ValueError naming the setting otherwise."""
    name, eq, raw = text.partition("=")
    name = name.strip().replace("-", "_")
    if not eq:
        raise ValueError(f"'{text}': write NAME=VALUE (settings: {', '.join(NAMES)})")
    f = NAMES.get(name)
    if f is None:
        raise ValueError(f"unknown setting '{name}' (settings: {', '.join(NAMES)})")
    raw = raw.strip()
    kind = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))
    try:
        if kind == "bool":
            if raw.lower() not in ("true", "false", "1", "0", "yes", "no"):
                raise ValueError
            return name, raw.lower() in ("true", "1", "yes")
        if kind == "int":
            value: object = int(raw)
            if value < 0:  # type: ignore[operator]
                raise ValueError
            return name, value
        if kind == "float":
            number = float(raw)
            if not number >= 0 or number == float("inf"):
                raise ValueError
            return name, number
        if kind.startswith("tuple"):
            return name, tuple(x.strip() for x in raw.split(",") if x.strip())
        if name == "mail_tls" and raw not in MAIL_TLS:
            raise ValueError
        if name.endswith("_rate"):
            from limits import parse
            parse(raw)
        return name, raw
    except ValueError:
        raise ValueError(f"setting {name}: '{raw}' is not a valid {kind.replace('tuple[str, ...]', 'comma-separated list')}"
                         f"{' rate like 10/minute' if name.endswith('_rate') else ''}"
                         f"{' (one of ' + ', '.join(MAIL_TLS) + ')' if name == 'mail_tls' else ''}") from None


def settings_from(pairs: list[str] | tuple[str, ...], base: Settings | None = None) -> Settings:
    """``base`` (the defaults) with each NAME=VALUE of ``pairs`` applied."""
    changes = dict(parse_setting(p) for p in pairs)
    return (base or Settings()).replace(**changes)


__all__ = ["NAMES", "Settings", "parse_setting", "settings_from"]
