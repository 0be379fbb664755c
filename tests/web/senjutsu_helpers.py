"""Shared by the Senjutsu page's browser tests: a duel of one human (seat 0, Kaze) against the heuristic bot, opened
on its page through the creator's own link."""

from __future__ import annotations

import json
import urllib.request


def open_duel(server: str, browser, *, seed: int = 3, pace: str | None = None, **page_options):
    """Create a practice duel (``seed``) of a human in seat 0 against the heuristic bot and open the human's page;
    ``pace`` is the story pace kept on this browser beforehand. Returns (page, page errors)."""
    body = json.dumps({"game": "senjutsu", "practice": True, "seed": seed, "sit": 0,
                       "seats": [{"kind": "human", "name": "Me", "choice": "kaze"}, {"kind": "bot", "bot": "heuristic"}]}).encode()
    req = urllib.request.Request(server + "/api/games", data=body, headers={"Content-Type": "application/json"})
    created = json.loads(urllib.request.urlopen(req).read())
    page = browser.new_page(**({"viewport": {"width": 1440, "height": 900}} | page_options))
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    if pace:
        page.add_init_script(f"localStorage.setItem('daimyo:sj:pace', {json.dumps(pace)})")
    page.goto(server + created["you"]["play"])
    page.wait_for_selector("#board svg .hex")
    page.wait_for_function("() => document.body.dataset.seq !== '-1'")
    return page, errors
