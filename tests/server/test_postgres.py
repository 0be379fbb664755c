"""The server on PostgreSQL: the same store through SQLAlchemy when the URL names PostgreSQL.

A throwaway PostgreSQL cluster is started in a temporary folder from the Debian packages'
binaries (``initdb``, ``pg_ctl``), listening on 127.0.0.1 only.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from daimyo.server.app import create_app
from tests.server.conftest import TEST_SETTINGS, create, humans


def _pg_bin() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return os.path.dirname(found[-1]) if found else shutil.which("initdb") and os.path.dirname(shutil.which("initdb"))


@pytest.fixture(scope="module")
def pg_url(tmp_path_factory):
    bindir = _pg_bin()
    if bindir is None:
        pytest.skip("PostgreSQL's server binaries (initdb, pg_ctl) are not installed")
    pytest.importorskip("psycopg")
    # not under pytest's own folder, which only root may enter
    data = Path(tempfile.mkdtemp(prefix="daimyo-pg-"))
    run_as = []
    if os.geteuid() == 0:  # initdb refuses to run as root
        shutil.chown(data, "postgres")
        os.chmod(data, 0o700)
        # runuser lives in /usr/sbin, which a plain user's PATH (or `env -i PATH=/usr/bin:/bin`) leaves out
        runuser = shutil.which("runuser", path=os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/sbin"]))
        assert runuser, "runuser (util-linux) is needed to start PostgreSQL as its own user when the tests run as root"
        run_as = [runuser, "-u", "postgres", "--"]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    subprocess.run([*run_as, f"{bindir}/initdb", "-D", str(data / "db"), "-U", "daimyo", "--auth=trust", "-E", "UTF8"],
                   check=True, capture_output=True)
    subprocess.run([*run_as, f"{bindir}/pg_ctl", "-D", str(data / "db"), "-w", "-l", str(data / "log"), "start",
                    "-o", f"-h 127.0.0.1 -p {port} -k {data}"], check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://daimyo@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*run_as, f"{bindir}/pg_ctl", "-D", str(data / "db"), "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(data, ignore_errors=True)


def test_games_are_kept_in_postgresql_and_rebuilt_on_restart(pg_url):
    with TestClient(create_app(pg_url, settings=TEST_SETTINGS)) as client:
        g = create(client, humans(2), seed=6)
        with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
            ws.send_json({"type": "hello", "seat": 0, "token": g["seats"][0]["token"]})
            for _ in range(3):
                st = ws.receive_json()
            ws.send_json({"type": "act", "action": st["legal"][0]})
            assert ws.receive_json() == {"type": "ack", "seq": 1}
            after = ws.receive_json()
    # a new server process over the same database
    with TestClient(create_app(pg_url, settings=TEST_SETTINGS)) as client:
        listed = [x["id"] for x in client.get("/api/games").json()["games"]]
        assert g["id"] in listed
        with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
            ws.send_json({"type": "hello", "seat": 0, "token": g["seats"][0]["token"]})
            msgs = [ws.receive_json() for _ in range(3)]
            assert msgs[2]["seq"] == 1 and msgs[2]["view"] == after["view"]
        r = client.post("/api/games", json={"seats": [{"kind": "human", "choice": "crab"}, {"kind": "human", "choice": "crab"}]})
        assert r.status_code == 400


def test_a_whole_bot_game_on_postgresql(pg_url):
    with TestClient(create_app(pg_url, settings=TEST_SETTINGS)) as client:
        g = create(client, [{"kind": "bot"}] * 2, seed=2)
        deadline = time.monotonic() + 60
        while client.get(f"/api/games/{g['id']}").json()["status"] != "over":
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert client.get(f"/api/games/{g['id']}/record").text.startswith("format: rokugan-record")
