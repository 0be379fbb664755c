"""Issue 11: the axe-core audit (no serious or critical violation) of every game page besides Battle for Rokugan's
(which tests/web/test_board_a11y.py audits with the lobby): Senjutsu's and Rising Sun's pages at a decision of the
player's, at desktop and phone size, and each game's rules in brief."""

from __future__ import annotations

import pytest

from tests.web.conftest import needs_chromium, patient
from tests.web.test_board_a11y import audit
from tests.web.test_rules_browser import GAMES, _get, _post

pytestmark = needs_chromium


@pytest.mark.parametrize("game", ["senjutsu", "risingsun"])
@pytest.mark.parametrize("size", [(1440, 900), (390, 844)])
def test_the_senjutsu_and_rising_sun_pages_pass_the_axe_audit(server, browser, game, size):
    spec = dict(GAMES[game])
    if game == "risingsun":
        rs = next(e for e in _get(server, "/api/registry")["games"] if e["name"] == "risingsun")
        seats = next(x for x in rs["examples"] if x["name"] == "seed-example")["seats"]
        spec["seats"] = [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * (len(seats) - 1)
    created = _post(server, "/api/games", {**spec, "sit": 0})
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/api/words/en")
    page.evaluate("([id, token]) => localStorage.setItem('daimyo:' + id, JSON.stringify({seat: 0, token}))",
                  [created["id"], created["you"]["token"]])
    page.goto(f"{server}/game/{created['id']}")
    page.wait_for_function("() => Number(document.body.dataset.legal || 0) > 0 || document.body.dataset.phase === 'over'",
                           timeout=patient(30000))
    assert audit(page) == []
    assert errors == []
    page.close()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_rules_in_brief_pass_the_axe_audit(server, browser, game):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{server}/rules/{game}")
    page.wait_for_selector("#rules .rules-part")
    assert audit(page) == []
    page.close()
