"""Analysis after a game (docs/web.md, "Analysis after a game"): ``GET /api/games/<id>/analysis``.

For a finished game only (a game in progress is refused, 409: the analysis reads every seat's view): the first
request starts the game's analysis (:func:`daimyo.bots.analysis.analyse`, on the record, within the server's
``analysis_budget`` per position and ``analysis_seconds`` per game) in one of ``analysis_workers`` worker processes,
started when first needed, never in the event loop, and answers ``{"status": "pending"}`` (202); once it is done
the answer is ``{"status": "done", ...the analysis, "names": each seat's name}``, kept for the last ``analysis_cache``
games. A game without a search bot answers ``{"status": "none", "message": ...}``. No one can queue the workers
up: with ``analysis_waiting`` analyses waiting or running a new one is refused (503, try again), and a client starts
at most ``analysis_rate`` of them.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import weakref
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from daimyo.server.games import game_record
from daimyo.server.guard import client_address
from daimyo.server.routes.context import Context, error
from daimyo.server.routes.games_api import watched_room
from daimyo.server.settings import Settings
from daimyo.server.store import OVER

log = logging.getLogger("daimyo.server")


def analyse_record(game: str, text: str, budget: str, seconds: float) -> dict:
    """What a worker runs: the analysis of one record, or {"status": "none", "message"} where there is none."""
    from daimyo.bots.analysis import Budget, NoAnalysis, analyse
    try:
        plan = Budget.parse(budget, seconds)
    except ValueError as e:   # the operator's setting: say which
        return {"status": "none", "message": f"setting analysis_budget/analysis_seconds: {e}"}
    try:
        return {"status": "done", **analyse(game, text, plan)}
    except NoAnalysis as e:
        return {"status": "none", "message": str(e)}


class Analyses:
    """Finished games' analyses: one job per game, run in worker processes, the last ``analysis_cache`` kept."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.pool: ProcessPoolExecutor | None = None
        self.jobs: OrderedDict[str, asyncio.Future] = OrderedDict()

    def _pool(self) -> ProcessPoolExecutor:
        if self.pool is None:   # a fresh interpreter: nothing of the server's threads or state
            self.pool = ProcessPoolExecutor(max(1, self.settings.analysis_workers),
                                            mp_context=multiprocessing.get_context("spawn"))
        return self.pool

    def waiting(self) -> int:
        """The analyses waiting for a worker or running."""
        return sum(not job.done() for job in self.jobs.values())

    def start(self, game_id: str, game: str, text: str) -> asyncio.Future:
        loop = asyncio.get_running_loop()
        job = loop.run_in_executor(self._pool(), analyse_record, game, text, self.settings.analysis_budget,
                                   self.settings.analysis_seconds)
        self.jobs[game_id] = job
        # past the cache, the oldest finished analyses go; one waiting or running stays (at most analysis_waiting)
        done = [gid for gid, kept in self.jobs.items() if kept.done()]
        while len(self.jobs) > max(1, self.settings.analysis_cache) and done:
            del self.jobs[done.pop(0)]
        return job

    def close(self) -> None:
        """Stop the workers with the server: a job still running ends at once (it would otherwise run on for up to
        ``analysis_seconds`` after the server stopped)."""
        if self.pool is not None:
            pool, self.pool = self.pool, None
            for job in self.jobs.values():   # their waiters are told the job ended (not a broken pool, unread)
                if not job.done():
                    job.cancel()
            self.jobs.clear()
            procs = list((getattr(pool, "_processes", None) or {}).values())   # the pool's workers (CPython keeps them there)
            pool.shutdown(wait=False, cancel_futures=True)
            for proc in procs:
                proc.terminate()


def routes(ctx: Context) -> list[BaseRoute]:
    analyses = Analyses(ctx.settings)
    weakref.finalize(ctx.hub, analyses.close)   # the workers go with the server's hub (or at exit)
    ctx.closers.append(analyses.close)          # and when the app stops

    async def analysis(request: Request) -> Response:
        room = await watched_room(ctx, request)
        if room.row.status != OVER:
            return error(409, "a game is analysed once it is over: the analysis reads every seat's view")
        gid = room.row.id
        job = analyses.jobs.get(gid)
        if job is None:   # a new analysis: within the workers' queue and the client's rate
            settings = ctx.settings
            if analyses.waiting() >= max(1, settings.analysis_waiting):
                return error(503, f"the analysis workers are busy with {analyses.waiting()} games; try again in a "
                                  f"minute")
            if not await ctx.limiter.hit(settings.analysis_rate, "analysis", client_address(request.scope, settings)):
                return error(429, f"too many analyses asked from your address (at most {settings.analysis_rate}); "
                                  f"try again later")
            text = await asyncio.to_thread(game_record, room.rules, room.row, list(room.actions))
            job = analyses.jobs.get(gid) or analyses.start(gid, room.rules.name, text)
        else:
            analyses.jobs.move_to_end(gid)
        if not job.done():
            return JSONResponse({"status": "pending"}, status_code=202)
        try:
            result = job.result()
        except Exception:   # a worker that died: say so, and let the next request try again
            log.exception("analysis of game %s failed", gid)
            analyses.jobs.pop(gid, None)
            return error(503, "the analysis could not be made now; try again later")
        return JSONResponse({**result, "names": list(room.row.choices)})

    return [Route("/api/games/{game_id}/analysis", analysis)]
