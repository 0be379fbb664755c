"""What an operator measures of one server process, in Prometheus's text format (served at ``/metrics``, see
daimyo/server/routes/health.py and docs/scaling.md).

Each ``daimyo serve`` process keeps its own registry and answers for itself only: with several processes, Prometheus
scrapes each at its own address (each process has its own port), and a query sums over them
(``sum(rate(daimyo_actions_total[5m]))``). prometheus_client's multiprocess mode is not used: it is for worker
processes forked behind one listening socket, where a scrape reaches any one of them; here no two processes share a
socket. Every series of a process also carries nothing that identifies a game, a seat or a player: the figures are
counts and durations over the whole process.

What is measured:

- ``daimyo_http_request_seconds{route, method}``: HTTP requests, by the route's path template (``/api/games/{game_id}``,
  never the id itself), from the request to the end of its response;
- ``daimyo_ack_seconds``: an action from its arrival on the socket to its acknowledgement handed to the socket;
- ``daimyo_commit_wait_seconds``: an action from its arrival to its commit (the lock, the rules and the database);
- ``daimyo_commit_seconds``: one transaction of the database writer (a group commit of every waiting write), and
  ``daimyo_commit_writes`` how many writes each one held (with the writer process of ``--workers`` on an SQLite file:
  each commit that held writes of this process, its writes counting every worker's);
- ``daimyo_actions_total``: actions accepted;
- ``daimyo_games_live``, ``daimyo_games_in_memory``, ``daimyo_sockets``: read from the hub when scraped.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily, InfoMetricFamily
from prometheus_client.registry import Collector

if TYPE_CHECKING:
    from daimyo.server.hub import Hub

#: bucket bounds (seconds) of the latencies: the target is an acknowledgement within 100 ms
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
#: bucket bounds of the number of writes one commit holds
BATCH_BUCKETS = (1, 2, 5, 10, 20, 50, 100, 200, 500)

CONTENT_TYPE = CONTENT_TYPE_LATEST
#: the methods counted by name (any other is "other": a client cannot add series)
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


class Metrics:
    """One process's measures, in a registry of its own (two apps in one process, as in the tests, do not mix)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.requests = Histogram("daimyo_http_request_seconds", "HTTP requests, by route template and method",
                                  ["route", "method"], buckets=LATENCY_BUCKETS, registry=r)
        self.ack = Histogram("daimyo_ack_seconds", "An action from its arrival to its acknowledgement on the socket",
                             buckets=LATENCY_BUCKETS, registry=r)
        self.commit_wait = Histogram("daimyo_commit_wait_seconds", "An action from its arrival to its commit",
                                     buckets=LATENCY_BUCKETS, registry=r)
        self.commit = Histogram("daimyo_commit_seconds", "One transaction of the database writer (a group commit)",
                                buckets=LATENCY_BUCKETS, registry=r)
        self.commit_writes = Histogram("daimyo_commit_writes", "Writes held by one transaction of the database writer",
                                       buckets=BATCH_BUCKETS, registry=r)
        self.actions = Counter("daimyo_actions", "Actions accepted", registry=r)

    def watch(self, hub: Hub) -> None:
        """Read the live figures from ``hub`` at each scrape, and have its commits and acknowledgements measured."""
        self.registry.register(_HubCollector(hub))
        hub.stats.observers.append(self)
        hub.store.on_commit = self.committed

    # the observers Stats and Store call (cheap: a histogram's observe takes a lock and adds)
    def acknowledged(self, seconds: float) -> None:
        self.ack.observe(seconds)

    def action_committed(self, seconds: float) -> None:
        self.actions.inc()
        self.commit_wait.observe(seconds)

    def committed(self, seconds: float, writes: int) -> None:
        """Called after each transaction of the database writer: by its thread, or by the event loop reading the
        writer process's answer."""
        self.commit.observe(seconds)
        self.commit_writes.observe(writes)

    def exposition(self) -> bytes:
        return generate_latest(self.registry)


class _HubCollector(Collector):
    """The gauges read from the hub when Prometheus asks (nothing to keep in step as games come and go)."""

    def __init__(self, hub: Hub):
        self.hub = hub

    def collect(self) -> Iterable[Any]:
        hub = self.hub
        rooms = list(hub.rooms.values())
        live = sum(1 for r in rooms if not r.state.is_terminal() and not r.waiting)
        yield GaugeMetricFamily("daimyo_games_live", "Games under way in this process", value=live)
        yield GaugeMetricFamily("daimyo_games_waiting", "Tables not started yet, in this process",
                                value=sum(1 for r in rooms if r.waiting))
        yield GaugeMetricFamily("daimyo_games_in_memory", "Games this process holds in memory (finished ones too)",
                                value=len(rooms))
        yield GaugeMetricFamily("daimyo_sockets", "Open game WebSockets in this process",
                                value=sum(len(r.conns) for r in rooms))
        info = InfoMetricFamily("daimyo_process", "This server process (several share a cluster's database)")
        info.add_metric([], {"cluster": str(hub.settings.cluster).lower()})
        yield info


class RequestTimer:
    """ASGI middleware: the duration of every HTTP request, by the route it matched (its path template: no game
    id, token or code ever becomes a label; an unmatched path counts as ``unmatched``)."""

    def __init__(self, app: Any, metrics: Metrics):
        self.app, self.metrics = app, metrics
        self.state = app.state

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        try:
            await self.app(scope, receive, send)
        finally:
            route = scope.get("route")
            path = getattr(route, "path", None)
            label = path if isinstance(path, str) and path else "unmatched"
            method = scope.get("method")
            self.metrics.requests.labels(label, method if method in METHODS else "other").observe(time.perf_counter() - start)


__all__ = ["CONTENT_TYPE", "LATENCY_BUCKETS", "Metrics", "RequestTimer"]
