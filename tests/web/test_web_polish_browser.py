"""Small defects a tester met on the game pages, each checked the way the person met it: the keys of a keyboard
player, the page in Polish, a desktop 1280 px wide, a phone, two people at one table."""

from __future__ import annotations

import json
import urllib.request

import pytest

from tests.web.conftest import needs_chromium, patient

pytestmark = needs_chromium

SHOTS = "/tmp/daimyo-web-polish"


def _post(server: str, path: str, body: dict) -> dict:
    req = urllib.request.Request(server + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    return json.loads(urllib.request.urlopen(req).read())


def _bot_game(server: str, game: str) -> dict:
    seats = 4 if game == "risingsun" else 2
    extra = {"example": "seed-example"} if game == "risingsun" else {"seed": 1}
    return _post(server, "/api/games", {"game": game, "practice": True, **extra, "seats": [{"kind": "bot", "bot": "random"}] * seats})


DIALOG = """(id) => {
  const box = document.getElementById(id), d = box.querySelector('[role="dialog"]') || (box.matches('[role="dialog"]') ? box : null);
  if (!d) return null;
  const name = document.getElementById(d.getAttribute('aria-labelledby') || '');
  return { modal: d.getAttribute('aria-modal'), name: name ? name.textContent.trim() : null, inside: d.contains(document.activeElement) };
}"""


@pytest.mark.parametrize("game, box, title", [("rokugan", "scores", "Final scoring"), ("senjutsu", "result", "The duel is over"),
                                              ("risingsun", "result", "The War Phase is over")])
def test_each_games_result_box_is_a_dialog_a_keyboard_player_enters_and_leaves(server, browser, game, box, title):
    """Senjutsu's result box (the duel's end) was no dialog: no role, no name, and a keyboard player who closed it with
    Escape lost the focus to the page's top. Rising Sun's Escape also left the focus nowhere. Now the three games' result
    boxes alike are modal dialogs named by their heading; the box takes the focus (its Close button) when it opens,
    Escape closes it and gives the focus to the button that opens it again, and Enter there opens it again."""
    created = _bot_game(server, game)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script("localStorage.setItem('daimyo:rk:pace', 'off'); localStorage.setItem('daimyo:sj:pace', 'off')")
    page.goto(server + created["watch"]["link"])
    page.keyboard.press("Tab")   # a keyboard player
    page.wait_for_selector(f"#{box}:not([hidden])", timeout=patient(60000))
    page.wait_for_function(f"() => document.activeElement && document.activeElement.id === '{box}-close'", timeout=patient(2000))
    assert page.evaluate(DIALOG, box) == {"modal": "true", "name": title, "inside": True}
    page.screenshot(path=f"{SHOTS}-result-{game}.png")
    page.keyboard.press("Escape")
    page.wait_for_selector(f"#{box}", state="hidden")
    assert page.evaluate("document.activeElement.id") == f"{box}-open"
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#{box}:not([hidden])")
    assert page.evaluate("document.activeElement.id") == f"{box}-close"
    page.keyboard.press("Escape")
    page.wait_for_selector(f"#{box}", state="hidden")
    assert page.evaluate("document.activeElement.id") == f"{box}-open"
    assert errors == []
