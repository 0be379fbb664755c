"""GET /api/games/<id>/analysis (daimyo/server/routes/analysis.py; docs/web.md, "Analysis after a game"): only for a
finished game, computed in a worker process on the first request, then kept."""

from __future__ import annotations

import time

from starlette.testclient import TestClient

from daimyo.rokugan.record import replay
from daimyo.server.app import create_app
from tests.server.conftest import TEST_SETTINGS, create, humans, wait_over


def test_a_game_in_progress_is_refused_and_an_unknown_one_is_404(client):
    g = create(client, humans(2))
    r = client.get(f"/api/games/{g['id']}/analysis")
    assert r.status_code == 409 and "over" in r.json()["error"] and "chances" not in r.text
    r = client.get("/api/games/g-nope/analysis")
    assert r.status_code == 404


def test_a_finished_game_is_analysed_in_the_background_then_kept(db_url):
    settings = TEST_SETTINGS.replace(analysis_budget="1", analysis_seconds=120.0)
    with TestClient(create_app(db_url, settings=settings)) as client:
        g = create(client, [{"kind": "bot"}] * 2, seed=3)
        wait_over(client, g["id"])
        first = client.get(f"/api/games/{g['id']}/analysis")
        assert first.status_code == 202 and first.json() == {"status": "pending"}
        deadline = time.monotonic() + 300
        while True:
            r = client.get(f"/api/games/{g['id']}/analysis")
            if r.status_code == 200 or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        body = r.json()
        assert r.status_code == 200 and body["status"] == "done" and body["bot"] == "ismcts", body
        rep = replay(client.get(f"/api/games/{g['id']}/record").text)
        assert len(body["positions"]) == len(rep.steps) and len(body["names"]) == 2
        assert body["positions"][-1]["chances"] == rep.state.returns()
        for row in body["positions"]:
            assert len(row["chances"]) == 2
        suggested = [row for row in body["positions"] if row["suggestion"]]
        assert suggested and all(isinstance(row["suggestion"], str) for row in suggested)
        again = client.get(f"/api/games/{g['id']}/analysis")
        assert again.status_code == 200 and again.json() == body


def test_a_bad_budget_setting_is_named_not_a_500():
    from daimyo.server.routes.analysis import analyse_record
    got = analyse_record("rokugan", "format: rokugan-record\n", "lots", 60.0)
    assert got["status"] == "none" and "analysis_budget" in got["message"]


def test_an_analysis_still_running_ends_with_the_server(db_url):
    """The app stopping stops its analysis workers at once: a job with a long budget does not run on (and take a
    core) after the server is gone."""
    import multiprocessing

    settings = TEST_SETTINGS.replace(analysis_budget="5s", analysis_seconds=600.0)
    with TestClient(create_app(db_url, settings=settings)) as client:
        g = create(client, [{"kind": "bot"}] * 2, seed=3)
        wait_over(client, g["id"])
        assert client.get(f"/api/games/{g['id']}/analysis").status_code == 202
        deadline = time.monotonic() + 60
        while not multiprocessing.active_children() and time.monotonic() < deadline:
            time.sleep(0.1)
        workers = multiprocessing.active_children()
        assert workers, "the analysis did not start a worker"
    for w in workers:
        w.join(timeout=10)
    assert not any(w.is_alive() for w in workers)


def _finished(client, seeds):
    games = [create(client, [{"kind": "bot"}] * 2, seed=seed) for seed in seeds]
    for g in games:
        wait_over(client, g["id"])
    return games


def test_no_one_queues_the_analysis_workers_up_for_the_others(db_url):
    """docs/web.md, "Analysis after a game": with ``analysis_waiting`` analyses waiting or running, one more is
    refused (503, try again) and nothing is queued; one already started is still answered; once the workers are free
    a new one starts. Before, every finished game asked for queued one more job of up to ``analysis_seconds``."""
    settings = TEST_SETTINGS.replace(analysis_budget="1", analysis_seconds=120.0, analysis_waiting=1)
    with TestClient(create_app(db_url, settings=settings)) as client:
        a, b = _finished(client, (3, 4))
        assert client.get(f"/api/games/{a['id']}/analysis").status_code == 202
        busy = client.get(f"/api/games/{b['id']}/analysis")
        assert busy.status_code == 503 and "busy" in busy.json()["error"] and "try again" in busy.json()["error"]
        deadline = time.monotonic() + 300
        while client.get(f"/api/games/{a['id']}/analysis").status_code == 202 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert client.get(f"/api/games/{a['id']}/analysis").status_code == 200
        assert client.get(f"/api/games/{b['id']}/analysis").status_code == 202   # the worker is free again


def test_an_address_starts_at_most_analysis_rate_analyses(db_url):
    """docs/security.md, ``analysis_rate``: a client past its rate is refused (429, naming the rate); asking again
    for an analysis it started is not counted."""
    settings = TEST_SETTINGS.replace(analysis_budget="1", analysis_seconds=120.0, analysis_rate="1/minute")
    with TestClient(create_app(db_url, settings=settings)) as client:
        a, b = _finished(client, (3, 4))
        assert client.get(f"/api/games/{a['id']}/analysis").status_code == 202
        assert client.get(f"/api/games/{a['id']}/analysis").status_code in (200, 202)   # the same one: not counted
        r = client.get(f"/api/games/{b['id']}/analysis")
        assert r.status_code == 429 and "1/minute" in r.json()["error"]
