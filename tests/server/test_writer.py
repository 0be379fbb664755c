"""The database writer process (daimyo/server/writer.py): with ``daimyo serve --workers N`` on an SQLite file, one
process commits the writes of every worker, each worker's jobs (plain SQL and parameters) sent over its own socket.
Here two stores, each with its own socket to one real writer process, stand for two workers; the writer is paused
(SIGSTOP) while both send, so that the jobs of both wait together and go into one commit."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time

import orjson
import pytest
from hypothesis import given, settings, strategies as st
from sqlalchemy import insert, select, update

from daimyo.server.jobs import HEADER, MAX_FRAME, BadJob, StepCompiler, WriteFailed, WriterGone, frame, frames, parse_reply, parse_request
from daimyo.server.routes.health import Health
from daimyo.server.store import Fence, Fenced, GameRow, SeatRow, Store, games, owners
from tests.server.process import Server
from tests.server.test_workers import children


class Writer:
    """A writer process over ``url`` and ``n`` sockets to it; ``stores()`` makes a store on each (a worker each)."""

    def __init__(self, url: str, n: int = 2):
        self.url = url
        pairs = [socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM) for _ in range(n)]
        fds = [w.fileno() for w, _ in pairs]
        Store(url).close()   # the database made (the router migrates it before it starts the writer)
        self.proc = subprocess.Popen([sys.executable, "-m", "daimyo.server.writer", url, ",".join(map(str, fds))],
                                     pass_fds=fds)
        for w, _ in pairs:
            w.close()
        self.ends = [c for _, c in pairs]

    def stores(self) -> list[Store]:
        return [Store(self.url, shared=True, writer_fd=end.detach()) for end in self.ends]

    def pause(self) -> None:
        os.kill(self.proc.pid, signal.SIGSTOP)

    def resume(self) -> None:
        os.kill(self.proc.pid, signal.SIGCONT)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.resume()
            self.proc.kill()
        self.proc.wait(timeout=10)


def game(gid: str) -> GameRow:
    return GameRow(gid, "rokugan", 2, 1, ["crab", "crane"], "2026-11-27T00:00:00+00:00", "in progress", None,
                   [SeatRow(0, "human"), SeatRow(1, "human")])


async def together(writer: Writer, *writes) -> list:
    """Run ``writes`` (coroutines) while the writer is paused, then let it go: their jobs wait for it together."""
    writer.pause()
    try:
        tasks = [asyncio.ensure_future(w) for w in writes]
        await asyncio.sleep(0.3)   # every job sent, none read
    finally:
        writer.resume()
    return await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 20)


@pytest.fixture
def writer(tmp_path):
    w = Writer(f"sqlite:///{tmp_path / 'games.sqlite'}")
    stores = w.stores()
    yield w, stores
    for s in stores:
        s.close()
    w.stop()


def test_the_writes_of_two_workers_go_into_one_commit(writer):
    w, (a, b) = writer
    commits: dict[str, list] = {"a": [], "b": []}
    a.on_commit = lambda seconds, writes: commits["a"].append(writes)
    b.on_commit = lambda seconds, writes: commits["b"].append(writes)

    async def scenario():
        made = await together(w, a.write(*a.new_game_statements(game("g-000000000a"))),
                              b.write(*b.new_game_statements(game("g-000000000b"))))
        assert made == [None, None]
        done = await together(w, a.append_action("g-000000000a", 1, 0, "pass"),
                              b.append_action("g-000000000b", 1, 1, "pass", result={"winner": "crane"}))
        assert done == [None, None]

    asyncio.run(scenario())
    # each worker saw two commits, each holding the writes of both
    assert commits == {"a": [2, 2], "b": [2, 2]}
    assert a.action_rows("g-000000000b") == [(1, 1, "pass")] and b.action_rows("g-000000000a") == [(1, 0, "pass")]
    over = a.game_row("g-000000000b")
    assert over is not None and over.status == "over" and over.result == {"winner": "crane"}


def test_a_failing_write_fails_only_its_own_caller(writer):
    w, (a, b) = writer

    async def scenario():
        await a.write(*a.new_game_statements(game("g-000000000a")))
        await a.append_action("g-000000000a", 1, 0, "first")
        return await together(w, a.append_action("g-000000000a", 2, 0, "second"),
                              b.append_action("g-000000000a", 1, 1, "the same seq again"),    # the primary key taken
                              b.append_action("g-00000000ff", 1, 0, "a game that is not"))    # its foreign key missing

    good, same, missing = asyncio.run(scenario())
    assert good is None
    assert isinstance(same, WriteFailed) and "UNIQUE" in str(same)
    assert isinstance(missing, WriteFailed) and "FOREIGN KEY" in str(missing)
    assert a.action_rows("g-000000000a") == [(1, 0, "first"), (2, 0, "second")]
    assert a.action_rows("g-00000000ff") == []


def test_a_write_whose_lease_is_lost_is_refused_and_the_others_commit(writer):
    w, (a, b) = writer

    async def scenario():
        for gid in ("g-000000000a", "g-000000000b"):
            await a.write(*a.new_game_statements(game(gid)))
        await a.write(insert(owners).values(game_id="g-000000000a", process="w0", expires=time.time() + 60, token=2),
                      insert(owners).values(game_id="g-000000000b", process="w1", expires=time.time() + 60, token=1))
        return await together(
            w,
            a.write(Fence("g-000000000a", "w0", 1), update(games).where(games.c.id == "g-000000000a").values(public=True)),
            b.write(Fence("g-000000000b", "w1", 1), update(games).where(games.c.id == "g-000000000b").values(public=True)),
            a.append_action("g-000000000a", 1, 0, "stale", extra=[Fence("g-000000000a", "w0", 1)]))

    stale, fresh, stale_action = asyncio.run(scenario())
    assert isinstance(stale, Fenced) and isinstance(stale_action, Fenced) and fresh is None
    with a.engine.connect() as conn:
        public = dict(conn.execute(select(games.c.id, games.c.public)).all())
    assert public == {"g-000000000a": False, "g-000000000b": True}
    assert a.action_rows("g-000000000a") == []


def test_a_writer_that_dies_fails_the_writes_waiting_for_it_and_the_health_check_says_so(writer):
    w, (a, b) = writer

    async def scenario():
        await a.write(*a.new_game_statements(game("g-000000000a")))
        assert await Health(a).check() == (True, "")
        w.pause()
        waiting = asyncio.ensure_future(a.append_action("g-000000000a", 1, 0, "never stored"))
        await asyncio.sleep(0.3)
        w.proc.kill()   # SIGKILL: it never reads the job
        with pytest.raises(WriterGone):
            await asyncio.wait_for(waiting, 10)   # an error, not a write that hangs
        assert not a.writer_alive()
        assert await Health(a).check() == (False, "the database writer stopped")
        with pytest.raises(WriterGone):   # later writes fail at once
            await asyncio.wait_for(a.write(update(games).values(public=True)), 5)
        await asyncio.sleep(0.2)
        assert not b.writer_alive()   # the other worker's socket is closed too

    asyncio.run(scenario())
    assert a.action_rows("g-000000000a") == []


def test_the_writer_closes_a_socket_that_sends_no_job_and_serves_the_others(writer):
    w, (a, b) = writer
    raw = a._client.sock   # worker a's socket, written to by hand: a frame that is not JSON
    raw.setblocking(True)
    raw.sendall(HEADER.pack(3) + b"abc")

    async def scenario():
        await b.write(*b.new_game_statements(game("g-000000000b")))
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 10
        while a.writer_alive():   # its reader sees the socket closed by the writer
            if a._client._loop is None:
                a._client._attach(loop)
            assert loop.time() < deadline
            await asyncio.sleep(0.05)

    asyncio.run(scenario())
    assert b.game_row("g-000000000b") is not None and w.proc.poll() is None


def test_a_job_whose_step_is_not_one_is_refused_alone(writer):
    _, (a, _) = writer

    async def scenario():
        client = a._client
        loop = asyncio.get_running_loop()
        client._attach(loop)
        fut = loop.create_future()
        client.pending[99] = fut
        client.sock.send(frame([99, [["s", "DELETE FROM games", [{"not": "a scalar"}]]]]))
        with pytest.raises(WriteFailed, match="step 0, parameter 0"):
            await asyncio.wait_for(fut, 10)
        await a.write(*a.new_game_statements(game("g-000000000a")))   # the socket still serves

    asyncio.run(scenario())
    assert a.game_row("g-000000000a") is not None


def test_a_worker_that_does_not_read_its_answers_holds_up_no_other(writer):
    _, (a, b) = writer
    raw = a._client.sock   # worker a sends 30,000 jobs (empty ones) and reads none of the answers: more than its socket holds
    raw.setblocking(True)
    raw.settimeout(20)
    raw.sendall(b"".join(frame([k, []]) for k in range(1, 30001)))

    async def scenario():
        await asyncio.wait_for(b.write(*b.new_game_statements(game("g-000000000b"))), 20)

    asyncio.run(scenario())
    assert b.game_row("g-000000000b") is not None


# ------------------------------------------------------------------ the leases, through the writer
def owner_rows(store: Store) -> dict[str, tuple[str, int]]:
    with store.engine.connect() as conn:
        return {r.game_id: (r.process, r.token) for r in conn.execute(select(owners))}


def test_leases_of_two_workers_are_taken_renewed_and_given_up_through_the_writer(writer):
    w, (a, b) = writer
    committed: list[int] = []
    a.on_commit = lambda seconds, writes: committed.append(writes)

    def own_connection(*args):
        raise AssertionError("a worker wrote a lease on its own connection")
    for store in (a, b):   # with a writer, the leases never take the store's own connection
        store.acquire = store.renew = store.release = own_connection   # type: ignore[method-assign]

    async def scenario():
        for gid in ("g-000000000a", "g-000000000b", "g-000000000c"):
            await a.write(*a.new_game_statements(game(gid)))
        # both workers ask for the same game at once (one commit): the first job in takes it, the other is told None
        got = await together(w, a.acquire_lease("g-000000000c", "w0", 60), b.acquire_lease("g-000000000c", "w1", 60))
        assert sorted(got, key=str) == [1, None]
        assert owner_rows(a)["g-000000000c"] == ("w0" if got[0] == 1 else "w1", 1)
        assert await a.acquire_lease("g-000000000a", "w0", 60) == 1
        assert await a.acquire_lease("g-000000000a", "w0", 60) == 1   # its own again: the same token
        assert await b.acquire_lease("g-000000000b", "w1", 60) == 1
        await (a if got[0] == 1 else b).release_lease("w0" if got[0] == 1 else "w1", "g-000000000c")
        before = owner_rows(a)
        owned = await together(w, a.renew_leases("w0", 60), b.renew_leases("w1", 60), a.renew_leases("w9", 60))
        assert owned == [{"g-000000000a"}, {"g-000000000b"}, set()]
        await b.release_lease("w1", "g-000000000b")
        await b.release_lease("w1", "g-000000000a")   # not its own: nothing changes
        return before

    before = asyncio.run(scenario())
    assert before == {"g-000000000a": ("w0", 1), "g-000000000b": ("w1", 1)}
    assert owner_rows(a) == {"g-000000000a": ("w0", 1)}
    assert 2 in committed   # a lease job went into one commit with another worker's


def test_a_lease_taken_by_another_worker_is_lost_at_renew_and_its_fenced_writes_are_refused(writer):
    w, (a, b) = writer

    async def scenario():
        await a.write(*a.new_game_statements(game("g-000000000a")))
        first = await a.acquire_lease("g-000000000a", "w0", -1)   # its lease has run out (a worker that stalled)
        second = await b.acquire_lease("g-000000000a", "w1", 60)
        lost = "g-000000000a" not in await a.renew_leases("w0", 60)
        stale, fresh = await together(
            w, a.write(Fence("g-000000000a", "w0", first), update(games).where(games.c.id == "g-000000000a").values(public=True)),
            b.write(Fence("g-000000000a", "w1", second), update(games).where(games.c.id == "g-000000000a").values(rules="2")))
        return first, second, lost, stale, fresh

    first, second, lost, stale, fresh = asyncio.run(scenario())
    assert (first, second, lost) == (1, 2, True)
    assert isinstance(stale, Fenced) and fresh is None
    row = a.game_row("g-000000000a")
    assert row is not None and not row.public and row.rules == "2"
    assert owner_rows(a) == {"g-000000000a": ("w1", 2)}


def test_a_lease_job_with_bad_arguments_is_refused_alone(writer):
    w, (a, b) = writer

    async def scenario():
        await a.write(*a.new_game_statements(game("g-000000000a")))
        return await together(w, a._client.submit([["c", "lease.acquire", ["g-000000000a", "w0"]]]),
                              b.acquire_lease("g-000000000a", "w1", 60))

    bad, good = asyncio.run(scenario())
    assert isinstance(bad, WriteFailed) and "lease.acquire's arguments are [string, string, number]" in str(bad)
    assert good == 1 and owner_rows(a) == {"g-000000000a": ("w1", 1)}


def test_lease_calls_fail_clearly_once_the_writer_is_gone(writer):
    w, (a, b) = writer

    async def scenario():
        await a.write(*a.new_game_statements(game("g-000000000a")))
        assert await a.acquire_lease("g-000000000a", "w0", 60) == 1
        w.pause()
        waiting = asyncio.ensure_future(a.renew_leases("w0", 60))
        await asyncio.sleep(0.3)
        w.proc.kill()
        with pytest.raises(WriterGone):
            await asyncio.wait_for(waiting, 10)   # an error, not a renewal that hangs
        for call in (a.acquire_lease("g-000000000a", "w0", 60), a.renew_leases("w0", 60),
                     a.release_lease("w0", "g-000000000a")):
            with pytest.raises(WriterGone):
                await asyncio.wait_for(call, 5)
        await asyncio.sleep(0.2)
        with pytest.raises(WriterGone):   # the other worker's too
            await asyncio.wait_for(b.acquire_lease("g-000000000a", "w1", 60), 5)

    asyncio.run(scenario())
    assert owner_rows(a) == {"g-000000000a": ("w0", 1)}


def test_without_a_writer_the_leases_are_written_on_the_stores_own_connection(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'games.sqlite'}", shared=True)
    try:
        async def scenario():
            await store.write(*store.new_game_statements(game("g-000000000a")))
            got = [await store.acquire_lease("g-000000000a", "w0", -1), await store.acquire_lease("g-000000000a", "w1", 60)]
            owned = [await store.renew_leases("w0", 60), await store.renew_leases("w1", 60)]
            await store.release_lease("w1", "g-000000000a")
            return got, owned

        got, owned = asyncio.run(scenario())
        assert got == [1, 2] and owned == [set(), {"g-000000000a"}] and owner_rows(store) == {}
    finally:
        store.close()


def test_a_server_whose_writer_dies_stops(tmp_path):
    server = Server(f"sqlite:///{tmp_path / 'games.sqlite'}", workers=2)
    try:
        writers = children(server.proc.pid, "daimyo.server.writer")
        assert len(writers) == 1 and len(children(server.proc.pid, "--worker")) == 2
        os.kill(writers[0], signal.SIGKILL)
        assert server.proc.wait(timeout=30) == 1
    finally:
        server.stop()


# ------------------------------------------------------------------ the frames
def test_statements_compile_to_the_same_sql_with_their_own_parameters():
    from sqlalchemy import create_engine

    from daimyo.server.store import clocks, seats
    compiler = StepCompiler(create_engine("sqlite://").dialect)
    one = compiler.steps([clocks.delete().where((clocks.c.game_id == "g-1") & (clocks.c.seat == 1))])
    two = compiler.steps([clocks.delete().where((clocks.c.game_id == "g-2") & (clocks.c.seat == 3))])
    assert one[0][1] == two[0][1] and (one[0][2], two[0][2]) == (["g-1", 1], ["g-2", 3])
    listed = compiler.steps([seats.delete().where(seats.c.game_id.in_(["g-1", "g-2", "g-3"]))])
    assert listed[0][1].count("?") == 3 and listed[0][2] == ["g-1", "g-2", "g-3"]
    job = [["f", "g-1", "w0", 3], ["a", "g-1", 1, 0, "pass", "2026"], *one]
    assert parse_request(orjson.dumps([7, job])) == (7, job)


def test_frames_are_taken_whole_and_a_frame_too_large_is_refused():
    buf = bytearray(frame([1, []]) + frame([2, [["f", "g", "p", 1]]])[:-2])
    assert frames(buf) == [orjson.dumps([1, []])] and len(buf) > 0   # the second waits for its end
    with pytest.raises(BadJob, match="at most"):
        frames(bytearray(HEADER.pack(MAX_FRAME + 1)))
    with pytest.raises(WriteFailed, match="cannot take"):
        frame([1, [["s", "SELECT ?", [object()]]]])


ints = st.integers(-2**63, 2**63 - 1)   # what JSON carries here (orjson's range)
scalars = st.none() | st.booleans() | ints | st.floats(allow_nan=False) | st.text(max_size=5)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner,
                                                                                                  max_size=3), max_leaves=12)
steps = st.one_of(st.tuples(st.just("f"), st.text(), st.text(), ints).map(list),
                  st.tuples(st.just("a"), st.text(), ints, ints, st.text(), st.text()).map(list),
                  st.tuples(st.just("s"), st.text(), st.lists(scalars, max_size=4)).map(list),
                  st.tuples(st.just("c"), st.text(), json_values).map(list),
                  st.lists(json_values, max_size=5))


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=64) | st.builds(orjson.dumps, json_values)
       | st.builds(lambda i, s: orjson.dumps([i, s]), ints, st.lists(steps, max_size=4)))
def test_any_bytes_from_a_socket_are_a_job_or_a_clear_refusal(payload):
    try:
        job_id, job = parse_request(payload)
    except BadJob as e:
        assert str(e)
        return
    assert isinstance(job_id, int) and all(isinstance(s, list) and s[0] in "fasc" for s in job)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=64) | st.builds(orjson.dumps, json_values))
def test_any_bytes_as_a_reply_are_a_reply_or_a_clear_refusal(payload):
    try:
        parse_reply(payload)
    except BadJob as e:
        assert str(e)
