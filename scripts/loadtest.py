"""Load test of the play server: many concurrent games of random bots through WebSockets.

Starts ``daimyo serve`` on 127.0.0.1 with a fresh SQLite file (or uses --url), creates GAMES
four-player games whose every seat is a WebSocket client that picks a random legal action after
a think time, runs for SECONDS, and reports the games held, the actions per second and the
latency of an action (sent -> acknowledged, i.e. committed) at p50/p99.

    python3 scripts/loadtest.py --games 200 --seconds 60 --think 1.0

``--commit-path W`` measures the commits alone, without sockets or rules: W processes, each an event loop storing
actions as a game's action is stored (with its lease check and a clock), through one database writer process or
each through its own writer thread (``--writer``).

Not part of the test suite; traffic goes to 127.0.0.1 only and the run is bounded in time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

import orjson
from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def post(url: str, body: dict) -> dict:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


class Stats:
    def __init__(self):
        self.latencies: list[float] = []   # of the actions measured (past --measure-after)
        self.acked = 0                      # every action acknowledged
        self.errors = 0
        self.finished = 0
        self.connected = 0


async def seat_client(base_ws: str, game_id: str, seat: int, token: str, think: float, stop_at: float, stats: Stats, rng: random.Random,
                      start_after: float = 0.0, measure_from: float = 0.0):
    await asyncio.sleep(start_after)
    async with connect(f"{base_ws}/ws/games/{game_id}", max_size=1 << 22, open_timeout=60) as ws:
        await ws.send(json.dumps({"type": "hello", "seat": seat, "token": token, "ack_in_state": True}))
        stats.connected += 1
        pending_since = None  # when our action was sent
        act_at = None         # when we will act on the latest state (after thinking)
        state = None
        while time.monotonic() < stop_at:
            now = time.monotonic()
            if act_at is not None and now >= act_at:
                act_at = None
                if state["legal"] and pending_since is None:
                    pending_since = time.monotonic()
                    await ws.send(json.dumps({"type": "act", "action": rng.choice(state["legal"])}))
                continue
            wait = (act_at if act_at is not None else stop_at) - now
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.001, wait))
            except TimeoutError:
                continue
            if '"legal":[]' in raw and '"phase":"over"' not in raw and '"ack":' not in raw:
                continue  # a state in which this seat has nothing to do: no need to read it (keeps the client light)
            msg = orjson.loads(raw)
            kind = msg["type"]
            if (kind == "ack" or "ack" in msg) and pending_since is not None:   # an ack, or a state carrying it
                stats.acked += 1
                if pending_since >= measure_from:   # past the warm-up (--measure-after)
                    stats.latencies.append(time.monotonic() - pending_since)
                pending_since = None
            elif kind == "error":
                pending_since = None
                if msg["code"] not in ("not-your-turn",):
                    stats.errors += 1
            if kind == "state":
                state = msg
                if state["view"]["phase"] == "over":
                    if seat == 0:
                        stats.finished += 1
                    break
                if state["legal"] and pending_since is None and act_at is None:
                    act_at = time.monotonic() + (rng.uniform(0.5 * think, 1.5 * think) if think else 0)


def cpu_seconds(pid: int, tid: int | None = None) -> float:
    """User + system CPU time of a process, or of one of its threads (Linux /proc)."""
    with open(f"/proc/{pid}/task/{tid}/stat" if tid is not None else f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def server_pids(pid: int) -> list[int]:
    """The server's processes: the one started, and its workers and database writer (``--workers``: the router's
    children)."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [pid, *(int(x) for x in f.read().split())]
    except OSError:
        return [pid]


def is_writer(pid: int) -> bool:
    """Whether ``pid`` is the database writer process of ``--workers`` on an SQLite file (daimyo/server/writer.py)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return b"daimyo.server.writer" in f.read()
    except OSError:
        return False


def server_cpu(pids: list[int]) -> tuple[float, float, float]:
    """CPU seconds of the server's processes together, of their event loops' threads (each one's main thread, the
    database writer's left out), and of the database writer process."""
    writers = [p for p in pids if is_writer(p)]
    return (sum(cpu_seconds(p) for p in pids), sum(cpu_seconds(p, p) for p in pids if p not in writers),
            sum(cpu_seconds(p) for p in writers))


async def drive(base: str, created: list[dict], seconds: float, think: float, seed: int, ramp: float, warmup: float = 0.0) -> Stats:
    rng = random.Random(seed)
    stats = Stats()
    stop_at = time.monotonic() + seconds
    measure_from = time.monotonic() + warmup
    base_ws = base.replace("http://", "ws://")
    starts = {g["id"]: rng.uniform(0, ramp) for g in created}  # games begin spread over the ramp, as in life
    tasks = [seat_client(base_ws, g["id"], s["seat"], s["token"], think, stop_at, stats, random.Random(rng.random()), starts[g["id"]],
                         measure_from)
             for g in created for s in g["seats"]]
    await asyncio.gather(*tasks)
    return stats


def drive_in_process(args) -> tuple[list[float], int, int, int, int]:
    stats = asyncio.run(drive(*args))
    return stats.latencies, stats.errors, stats.finished, stats.connected, stats.acked


def run(base: str, games: int, seconds: float, think: float, seed: int, clients: int, ramp: float, server_pid: int | None = None,
        workers: int = 1, warmup: float = 0.0, callgrind: str | None = None) -> dict:
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

    def claim(g: dict, s: dict) -> None:   # each seat claimed through the game's invitation, as its player would
        s["token"] = post(f"{base}/api/games/{g['id']}/claim", {"code": g["invite"]["code"], "seat": s["seat"]})["token"]

    with ThreadPoolExecutor(8) as setup:   # a few requests at a time: the set-up of 1,000 games in seconds
        created = list(setup.map(lambda _: post(f"{base}/api/games", {"seats": [{"kind": "human"}] * 4}), range(games)))
        list(setup.map(lambda gs: claim(*gs), [(g, s) for g in created for s in g["seats"]]))
    chunks = [created[k::clients] for k in range(clients)]
    pids = server_pids(server_pid) if server_pid else []
    if callgrind:   # count the server's instructions from here on (its start and the games' creation left out)
        subprocess.run(["callgrind_control", "-i", "on", str(server_pid)], check=True, capture_output=True)
    t0 = time.monotonic()
    cpu0, loop0, writer0 = server_cpu(pids)   # the main threads: the event loops (the router's too, which waits nearly always)
    with ProcessPoolExecutor(clients) as pool:
        parts = list(pool.map(drive_in_process, [(base, chunk, seconds, think, seed + k, ramp, warmup)
                                                 for k, chunk in enumerate(chunks)]))
    elapsed = time.monotonic() - t0
    cpu1, loop1, writer1 = server_cpu(pids)
    if callgrind:
        subprocess.run(["callgrind_control", "-i", "off", str(server_pid)], check=True, capture_output=True)
    server_cpu_s = cpu1 - cpu0 if server_pid else None
    loop_cpu = loop1 - loop0 if server_pid else None
    per_worker = []
    for k in range(workers):   # each worker answers for its own games (?worker=K: the router sends it to worker K)
        with urllib.request.urlopen(f"{base}/api/stats?worker={k}", timeout=30) as r:
            per_worker.append(json.loads(r.read()))
    server_stats = per_worker[0]
    lat = sorted(x for p in parts for x in p[0])
    acked = sum(p[4] for p in parts)

    def pct(p):
        return round(1000 * lat[min(len(lat) - 1, int(p * len(lat)))], 1) if lat else None

    result = {"games": games, "connections": sum(p[3] for p in parts), "client_processes": clients, "server_workers": workers,
            "seconds": round(elapsed, 1), "think_s": think, "ramp_s": ramp,
            "actions": acked, "actions_per_second": round(acked / elapsed, 1), "actions_measured": len(lat),
            "measured_after_s": warmup,
            "server_commit_latency_ms": server_stats["commit_latency_ms"],
            "server_ack_latency_ms": server_stats["latency_ms"],
            "latency_ms": {"p50": pct(0.50), "p90": pct(0.90), "p99": pct(0.99), "max": round(1000 * lat[-1], 1) if lat else None},
            "games_finished": sum(p[2] for p in parts), "errors": sum(p[1] for p in parts),
            "server_cpu_share": round(server_cpu_s / elapsed, 2) if server_cpu_s is not None else None,
            "server_cpu_ms_per_action": round(1000 * server_cpu_s / acked, 2) if server_cpu_s is not None and acked else None,
            # the event loop's thread alone (the rest: the database writer, the bots' and the workers' threads)
            "server_loop_cpu_ms_per_action": round(1000 * loop_cpu / acked, 2) if loop_cpu is not None and acked else None,
            # the database writer process (--workers on an SQLite file), counted in server_cpu above too
            "server_writer_cpu_ms_per_action": round(1000 * (writer1 - writer0) / acked, 3) if server_pid and acked else None}
    if workers > 1:   # each worker's own figures (worker 0's are the ones above)
        result["server_ack_latency_ms_by_worker"] = [w["latency_ms"] for w in per_worker]
        result["server_commit_latency_ms_by_worker"] = [w["commit_latency_ms"] for w in per_worker]
        result["server_actions_by_worker"] = [w["actions"] for w in per_worker]
    return result


def drain(conns: dict, legal: dict, dumps) -> int:
    """Take every queued message, encoded as the send loop encodes it; note each seat's legal actions; how many."""
    n = 0
    for seat, c in conns.items():
        while not c.outbox.empty():
            msg, _ = c.outbox.get_nowait()
            msg.encoded() if hasattr(msg, "encoded") else dumps(msg)
            if msg.get("type") == "state":
                legal[seat] = msg["legal"]
            n += 1
    return n


async def in_process(games: int, seed: int) -> dict:
    """The server's own work for an action, without sockets: GAMES seeded four-player practice games played one after
    the other through the hub and its rooms (the rules, each seat's state built, every message encoded as the send loop
    does, the commit) with four seated connections and a spectator each; CPU time of the event loop's thread and of
    the whole process (the database writer's thread too) per action. The same games on every run: under valgrind the
    instructions per action compare two versions whatever else the machine runs."""
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))   # this checkout's daimyo, not an installed one
    from daimyo.server.hub import Hub
    from daimyo.server.routes.socket import dumps
    from daimyo.server.store import Store
    from daimyo.server.wire import Connection

    rng = random.Random(seed)
    store = Store(f"sqlite:///{os.path.join(tempfile.mkdtemp(prefix='daimyo-load-'), 'games.sqlite')}")
    hub = Hub(store)
    actions, loop_cpu, all_cpu, sent = 0, 0.0, 0.0, 0
    try:
        for k in range(games):   # practice games, seeded: the same games, actions and messages on every run
            g = await hub.create({"seats": [{"kind": "human"}] * 4, "practice": True, "seed": seed + k})
            room = await hub.room(g["id"])
            # the seats ask for their acks inside their states, as the pages do (hello's ack_in_state)
            conns = {seat: Connection(seat, limit=1 << 20, ack_in_state=seat is not None) for seat in (0, 1, 2, 3, None)}
            for c in conns.values():
                room.connected(c)
            legal: dict = {seat: room.state_message(seat, [])["legal"] for seat in (0, 1, 2, 3)}
            drain(conns, legal, dumps)
            t_loop, t_all = time.thread_time(), time.process_time()
            while not room.state.is_terminal():
                seat = next(s for s in room.state.to_act() if legal.get(s))
                await room.act(seat, rng.choice(legal[seat]), conn=conns[seat])
                sent += drain(conns, legal, dumps)
                actions += 1
            loop_cpu += time.thread_time() - t_loop
            all_cpu += time.process_time() - t_all
    finally:
        await hub.stop()
        store.close()
    return {"games": games, "actions": actions, "messages_per_action": round(sent / actions, 2),
            "loop_cpu_ms_per_action": round(1000 * loop_cpu / actions, 3),
            "process_cpu_ms_per_action": round(1000 * all_cpu / actions, 3)}


def commit_worker(k: int, url: str, fd: int | None, rate: float, busy: float, seconds: float, out) -> None:
    """One process of --commit-path: actions at ``rate`` a second (Poisson), each after ``busy`` ms of Python work on
    the event loop (as the rules and the views take), with its lease check and a seat's clock as a game's action
    has; puts the latencies (submitted -> committed, the first tenth left out) on ``out``."""
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))   # this checkout's daimyo
    from sqlalchemy import insert

    from daimyo.server.store import Fence, GameRow, SeatRow, Store, clocks, owners
    store = Store(url, shared=True, **({"writer_fd": fd} if fd is not None else {}))
    ids = [f"g-{k:02x}{i:08x}" for i in range(50)]
    lat: list[float] = []

    async def main() -> None:
        for g in ids:
            await store.write(*store.new_game_statements(GameRow(g, "rokugan", 4, 1, ["crab"] * 4, "-", "in progress", None,
                                                                 [SeatRow(s, "human") for s in range(4)])),
                              insert(owners).values(game_id=g, process=f"w{k}", expires=time.time() + 3600, token=1))
        seq = dict.fromkeys(ids, 0)
        rng, tasks = random.Random(k), set()

        async def act(g: str) -> None:
            t = time.perf_counter()
            seq[g] += 1
            await store.append_action(g, seq[g], 0, "pass", None, [
                Fence(g, f"w{k}", 1), clocks.delete().where((clocks.c.game_id == g) & (clocks.c.seat == 1)),
                clocks.insert().values(game_id=g, seat=1, bank=10.0, deadline=time.time(), stand_in=None)])
            lat.append(time.perf_counter() - t)

        end = nxt = time.perf_counter()
        end += seconds
        while time.perf_counter() < end:
            nxt += rng.expovariate(rate)
            await asyncio.sleep(max(0.0, nxt - time.perf_counter()))
            until = time.perf_counter() + busy / 1000
            while time.perf_counter() < until:   # the loop's own work, holding the interpreter lock
                pass
            task = asyncio.ensure_future(act(rng.choice(ids)))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
        await asyncio.gather(*tasks)

    asyncio.run(main())
    store.close()
    out.put(lat[len(lat) // 10:])


def commit_path(workers: int, writer: str, rate: float, busy: float, seconds: float) -> dict:
    """--commit-path: ``workers`` processes storing actions on one SQLite file (:func:`commit_worker`), committed by
    one writer process (``writer="process"``, as ``daimyo serve --workers``) or each by its own thread (``"thread"``,
    taking turns by the lock file); the latency of a commit at p50/p90/p99."""
    import multiprocessing

    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from daimyo.server.store import Store
    url = f"sqlite:///{os.path.join(tempfile.mkdtemp(prefix='daimyo-commits-'), 'games.sqlite')}"
    Store(url).close()
    fds: list[int | None] = [None] * workers
    proc = None
    if writer == "process":
        pairs = [socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM) for _ in range(workers)]
        theirs = [w.fileno() for w, _ in pairs]
        proc = subprocess.Popen([sys.executable, "-m", "daimyo.server.writer", url, ",".join(map(str, theirs))],
                                pass_fds=theirs)
        for w, _ in pairs:
            w.close()
        fds = [c.detach() for _, c in pairs]
    ctx = multiprocessing.get_context("fork")
    out = ctx.Queue()
    procs = [ctx.Process(target=commit_worker, args=(k, url, fds[k], rate, busy, seconds, out)) for k in range(workers)]
    for p in procs:
        p.start()
    for fd in fds:   # each worker holds its own end now
        if fd is not None:
            os.close(fd)
    lat = sorted(x for _ in procs for x in out.get())
    for p in procs:
        p.join()
    if proc is not None:
        proc.wait(timeout=60)

    def pct(q: float) -> float:
        return round(1000 * lat[min(len(lat) - 1, int(q * len(lat)))], 2)

    return {"workers": workers, "writer": writer, "rate_per_worker": rate, "busy_ms": busy, "commits_measured": len(lat),
            "commit_latency_ms": {"p50": pct(0.5), "p90": pct(0.9), "p99": pct(0.99), "max": pct(1.0)},
            "load_average": os.getloadavg()}


def parse_cpus(text: str) -> set[int]:
    """``0,1`` or ``0-3,8`` (taskset -c's list) -> the set of core numbers."""
    cpus: set[int] = set()
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        cpus.update(range(int(lo), int(hi or lo) + 1))
    return cpus


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--think", type=float, default=1.0, help="mean seconds a bot waits before acting (uniform 0.5x-1.5x)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ramp", type=float, default=10.0, help="games start spread over the first RAMP seconds")
    ap.add_argument("--clients", type=int, default=1, help="client processes sharing the games")
    ap.add_argument("--measure-after", type=float, default=0.0, metavar="SECONDS",
                    help="count the latency of actions sent after the first SECONDS only (the games' connections made: "
                         "the steady state); actions per second and CPU still count the whole run")
    ap.add_argument("--url", help="an already running server, e.g. http://127.0.0.1:8000 (default: start one)")
    ap.add_argument("--workers", type=int, default=1, help="the server's worker processes (daimyo serve --workers)")
    ap.add_argument("--server-cpus", metavar="LIST", help="the cores the server it starts may use, e.g. 0,1 (as taskset -c)")
    ap.add_argument("--profile", metavar="FILE", help="run the server it starts under cProfile, written to FILE when it stops "
                                                      "(the event loop's thread only; read it with python -m pstats FILE)")
    ap.add_argument("--callgrind", metavar="FILE",
                    help="run the server it starts under valgrind's callgrind, counting its instructions while the games are "
                         "played (FILE: callgrind's output); reports instructions per action, whatever else the machine runs")
    ap.add_argument("--in-process", type=int, metavar="GAMES",
                    help="no sockets: play GAMES games one after the other through the hub, and report the CPU per action")
    ap.add_argument("--commit-path", type=int, metavar="WORKERS",
                    help="no server: WORKERS processes storing actions on one SQLite file; the commit latency (see above)")
    ap.add_argument("--writer", choices=("process", "thread"), default="process",
                    help="--commit-path: one database writer process for all, or a writer thread in each process")
    ap.add_argument("--rate", type=float, default=150.0, help="--commit-path: actions a second per process")
    ap.add_argument("--busy", type=float, default=1.0, help="--commit-path: ms of Python work on the event loop per action")
    args = ap.parse_args()
    if args.commit_path:
        print(json.dumps(commit_path(args.commit_path, args.writer, args.rate, args.busy, args.seconds), indent=2))
        return
    if args.in_process:
        print(json.dumps(asyncio.run(in_process(args.in_process, args.seed)), indent=2))
        return
    proc = None
    base = args.url
    if base is None:
        port = free_port()
        db = os.path.join(tempfile.mkdtemp(prefix="daimyo-load-"), "games.sqlite")
        # the profile counts the event loop thread's CPU time (thread_time), not the time it waited for the cores
        profile = ["-c", "import cProfile, runpy, sys, time\n"
                         "p = cProfile.Profile(time.thread_time)\n"
                         "sys.argv[0] = 'daimyo'\n"
                         "p.enable()\n"
                         "try:\n    runpy.run_module('daimyo.cli.main', run_name='__main__')\n"
                         "except (SystemExit, KeyboardInterrupt):\n    pass\n"
                         f"finally:\n    p.disable()\n    p.dump_stats({args.profile!r})\n"] if args.profile else ["-m", "daimyo.cli.main"]
        cpus = parse_cpus(args.server_cpus) if args.server_cpus else None
        # under callgrind: counting only while the games are played (callgrind_control -i on/off), its file written at the end
        valgrind = ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={args.callgrind}"] \
            if args.callgrind else []
        proc = subprocess.Popen([*valgrind, sys.executable, *profile, "serve", "--port", str(port), "--db", f"sqlite:///{db}",
                                 *(["--workers", str(args.workers)] if args.workers > 1 else []),
                                 # every simulated player comes from 127.0.0.1: lift the per-client limits
                                 "--set", "create_rate=100000/minute", "--set", "connect_rate=100000/minute",
                                 "--set", "connections_per_client=100000", "--set", "max_connections=100000",
                                 "--set", "connections_per_address=100000"],
                                preexec_fn=(lambda: os.sched_setaffinity(0, cpus)) if cpus else None)
        base = f"http://127.0.0.1:{port}"
        for _ in range(3000 if args.callgrind else 300):
            try:
                urllib.request.urlopen(f"{base}/api/bots", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
    try:
        result = run(base, args.games, args.seconds, args.think, args.seed, args.clients, args.ramp, proc.pid if proc else None,
                     args.workers, args.measure_after, args.callgrind)
    finally:
        if proc is not None:
            # Ctrl+C: the server stops as on a terminal, and cProfile writes its file (uvicorn ends a SIGTERM with it)
            proc.send_signal(signal.SIGINT if args.profile else signal.SIGTERM)
            proc.wait(timeout=600 if args.callgrind else 60)
    if args.callgrind:
        with open(args.callgrind) as f:
            totals = max(int(line.split()[1]) for line in f if line.startswith(("summary:", "totals:")))
        result["server_instructions_per_action"] = round(totals / result["actions"]) if result["actions"] else None
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
