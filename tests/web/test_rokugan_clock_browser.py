"""Issue 30, defect 1: on the Rokugan page a clock never runs while the resolution is being told. When a state arrives
with this seat's decision and its real-time clock running, the story of the resolution ends at once (the steps are in
the log), as Senjutsu's page does; and a seat a bot plays for after a time-out shows its way back ("I'm back") where
the decisions are. Debian's chromium through Playwright."""

from __future__ import annotations

import json
import urllib.request

from tests.web.conftest import needs_chromium, patient

pytestmark = needs_chromium

# plays a random legal move whenever the page offers one and no story is told; watches that no story is ever told while
# this seat's clock runs for a decision; and reads any story that is told a step at a time
AUTO = """() => {
  window.__overClock = 0; window.__steps = 0;
  setInterval(() => {
    const mine = PLAY.clocks && PLAY.clocks.seats["0"];
    if (stepsActive() && G.legal.length && mine && mine.running) window.__overClock++;
    if (stepsActive()) { window.__steps++; nextStep(); return; }
    if (G.legal.length && document.body.dataset.busy !== "1") send(G.legal[Math.floor(Math.random() * G.legal.length)]);
  }, 150);
}"""


def _create(server: str, seconds: float = 120) -> tuple[str, str]:
    body = {"game": "rokugan", "practice": True, "seed": 4, "sit": 0, "clock": {"kind": "move", "seconds": seconds},
            "seats": [{"kind": "human", "name": "Reader"}, {"kind": "bot", "bot": "random"}]}
    req = urllib.request.Request(server + "/api/games", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    created = json.loads(urllib.request.urlopen(req).read())
    return created["id"], created["you"]["token"]


def test_the_resolution_story_ends_when_a_clocked_decision_waits(server, browser):
    gid, token = _create(server)
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script("localStorage.setItem('daimyo:rk:pace', 'manual')")   # a reader who steps through by hand
    page.goto(f"{server}/game/{gid}#seat=0&token={token}")
    page.wait_for_function("() => document.body.dataset.seq !== '-1' && PLAY.clocks")
    page.evaluate(AUTO)
    # two rounds: each resolution is followed by a decision of this seat or of the bot
    page.wait_for_function("() => G.view && G.view.round >= 3", timeout=patient(120000))
    assert page.evaluate("window.__overClock") == 0, "a story was told while this seat's clock ran"
    assert page.evaluate("G.log.some((e) => e.kind === 'reveal')"), "no resolution was reached"
    assert not errors, errors


def test_after_a_time_out_the_way_back_is_beside_the_moves(server, browser):
    gid, token = _create(server, seconds=5)
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/game/{gid}#seat=0&token={token}")
    page.wait_for_function("() => document.body.dataset.seq !== '-1' && PLAY.clocks")
    # the player does not decide in time: a bot stands in, waiting a decision's time before it moves; the move panel
    # says so and offers the way back
    page.wait_for_selector("#prompt .stand-in-note #im-back", timeout=patient(30000))
    assert "Your time ran out" in page.inner_text("#prompt .stand-in-note")
    page.screenshot(path="/tmp/daimyo-rokugan-stand-in.png")
    page.click("#im-back")
    page.wait_for_function("() => !document.querySelector('#prompt .stand-in-note') && !PLAY.clocks.seats['0'].stand_in", timeout=patient(10000))
    assert not errors, errors
