"""Issue 24, item 17: in cluster mode the rate limits are counted in the PostgreSQL database the processes share
(daimyo/server/shared_limits.py), so a client spread over N processes by the proxy gets one budget, not N.
Two real ``daimyo serve`` processes on one throwaway PostgreSQL count an address's sign-in attempts, uploads and
wrong invitation codes together; the table's windows hold under processes racing for the last place."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import create_engine, insert, select

from daimyo.server.guard import Limiter
from daimyo.server.settings import Settings
from daimyo.server.shared_limits import SharedRates, rate_hits
from daimyo.server.store import Store
from tests.server.process import Server, free_port
from tests.server.test_postgres import pg_url  # noqa: F401  (the throwaway PostgreSQL cluster)

CLUSTER = ("cluster=true", "lease_seconds=1.5", "trust_proxy=true", "cookie_secure=false")


def _call(server: Server, path: str, body: dict, address: str) -> int:
    status, _, _ = server.request("POST", path, json.dumps(body).encode(),
                                  {"content-type": "application/json", "x-forwarded-for": address})
    return status


def _rates(url: str) -> SharedRates:
    """The shared windows as one more process sees them (its own engine and connections)."""
    Store(url).close()   # the schema, rate_hits included
    return SharedRates(create_engine(url))


# ------------------------------------------------------------------------------------- two processes
def test_an_address_s_sign_ins_are_counted_over_both_processes(pg_url):  # noqa: F811
    a = Server(pg_url, settings=(*CLUSTER, "signin_address_rate=4/minute"))
    b = Server(pg_url, settings=(*CLUSTER, "signin_address_rate=4/minute"))
    try:
        attacker, other = "203.0.113.5", "198.51.100.1"
        tries = [_call(server, "/api/account/sign-in", {"name": f"name{i}", "password": "wrong guess"}, attacker)
                 for i, server in enumerate((a, b, a, b))]
        assert tries == [401] * 4   # counted, hashed and refused as wrong; two on each process
        # the fifth, on either process, is past the address's 4 a minute
        for server in (b, a):
            assert _call(server, "/api/account/sign-in", {"name": "name9", "password": "wrong guess"}, attacker) == 429
        # another address is counted on its own
        assert _call(b, "/api/account/sign-in", {"name": "name9", "password": "wrong guess"}, other) == 401
    finally:
        a.stop()
        b.stop()


def test_an_address_s_uploads_and_wrong_codes_are_counted_over_both_processes(pg_url):  # noqa: F811
    a = Server(pg_url, settings=(*CLUSTER, "upload_rate=3/minute", "failed_seat_rate=2/minute"))
    b = Server(pg_url, settings=(*CLUSTER, "upload_rate=3/minute", "failed_seat_rate=2/minute"))
    try:
        address = "203.0.113.6"
        too_long = {"cards": "x" * 12_001}   # counted, then refused for its length: no file is read
        assert [_call(s, "/api/senjutsu/cards", too_long, address) for s in (a, b, a)] == [413] * 3
        assert [_call(s, "/api/senjutsu/cards", too_long, address) for s in (b, a)] == [429] * 2
        # wrong invitation codes on the game's owner count against the address at the other process too
        game = a.create({"game": "rokugan", "seats": [{"kind": "human"}, {"kind": "human"}]})
        claim = f"/api/games/{game['id']}/claim"
        assert [_call(a, claim, {"code": f"wrong{i}", "seat": 1}, address) for i in range(2)] == [403, 403]
        assert _call(b, claim, {"code": game["invite"]["code"], "seat": 1}, address) == 429
        assert _call(a, claim, {"code": game["invite"]["code"], "seat": 1}, address) == 429
        assert _call(a, claim, {"code": game["invite"]["code"], "seat": 1}, "198.51.100.2") == 200
    finally:
        a.stop()
        b.stop()


# ------------------------------------------------------------------------------------- the table
def test_processes_racing_for_the_last_places_of_a_window_get_exactly_its_number(pg_url):  # noqa: F811
    first, second = _rates(pg_url), _rates(pg_url)
    throttle = ("5/minute", "race", "203.0.113.7")
    with ThreadPoolExecutor(16) as pool:
        got = list(pool.map(lambda i: (first if i % 2 else second).take([throttle]), range(24)))
    assert got.count(True) == 5
    assert not first.allows([throttle]) and not second.take([throttle])
    with first.engine.connect() as conn:
        rows = conn.execute(select(rate_hits.c.key).where(rate_hits.c.kind == "race")).all()
    assert len(rows) == 5   # a refused event is not counted


def test_several_throttles_are_counted_all_or_none(pg_url):  # noqa: F811
    rates = _rates(pg_url)
    wide, narrow = ("5/minute", "wide", "k"), ("1/minute", "narrow", "k")
    assert rates.take([narrow])
    assert not rates.take([wide, narrow])   # the narrow one is used up: the wide one counts nothing either
    assert [rates.take([wide]) for _ in range(6)] == [True] * 5 + [False]
    # one throttle asked twice in one take needs two places
    assert rates.take([("2/minute", "pair", "k")] * 2) and not rates.take([("2/minute", "pair", "k")])


def test_expired_events_are_purged_and_live_ones_kept(pg_url):  # noqa: F811
    rates = _rates(pg_url)
    assert rates.take([("3/hour", "kept", "k")])
    with rates.engine.begin() as conn:
        conn.execute(insert(rate_hits), [{"kind": "old", "key": "k", "at": 1.0, "expires": 61.0}] * 3)
    assert rates.purge() >= 3
    with rates.engine.connect() as conn:
        kinds = [r.kind for r in conn.execute(select(rate_hits.c.kind).where(rate_hits.c.key == "k"))]
    assert "old" not in kinds and "kept" in kinds


# ------------------------------------------------------------------------------------- the Limiter
def test_the_limiter_shares_only_in_cluster_mode_on_postgresql(pg_url, tmp_path):  # noqa: F811
    cluster = Settings(cluster=True)
    assert Limiter(cluster, create_engine(pg_url)).shared is not None
    assert Limiter(Settings(), create_engine(pg_url)).shared is None
    assert Limiter(cluster, create_engine(f"sqlite:///{tmp_path / 'games.sqlite'}")).shared is None
    assert Limiter(cluster).shared is None


def test_a_database_that_does_not_answer_leaves_the_limits_counted_in_the_process(caplog):
    nowhere = create_engine(f"postgresql+psycopg://daimyo@127.0.0.1:{free_port()}/postgres")
    limiter = Limiter(Settings(cluster=True), nowhere)
    assert limiter.shared is not None

    async def tries() -> list[bool]:
        return [await limiter.hit("3/minute", "upload", "203.0.113.8") for _ in range(4)]

    assert asyncio.run(tries()) == [True, True, True, False]
    assert asyncio.run(limiter.allows(("3/minute", "upload", "203.0.113.9")))
    assert "counting in this process" in caplog.text


def test_one_process_counts_several_throttles_all_or_none_in_its_memory():
    limiter = Limiter(Settings())
    wide, narrow = ("5/minute", "wide", "k"), ("1/minute", "narrow", "k")

    async def run() -> list[bool]:
        return [await limiter.take(narrow), await limiter.take(wide, narrow),
                *[await limiter.hit(*wide) for _ in range(6)],
                await limiter.take(*[("2/minute", "pair", "k")] * 2), await limiter.allows(("2/minute", "pair", "k"))]

    assert asyncio.run(run()) == [True, False, *[True] * 5, False, True, False]
