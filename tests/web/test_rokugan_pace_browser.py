"""Issue 30, defect 3: Rokugan's resolution tells itself at the pace the player chose (as Senjutsu's story does:
step by step, slow, normal, fast, or no story), with motion for reveals, discards and battles, and none where the
player asked for reduced motion. Debian's chromium through Playwright; a screenshot of a battle step goes to
/tmp/daimyo-rokugan-pace.png."""

from __future__ import annotations

from tests.web.conftest import needs_chromium, patient
from tests.web.test_board_keyboard import create_game

pytestmark = needs_chromium

# plays a random legal move whenever no story is told; never presses Next or Skip; notes how far each story got and
# the motion it showed
AUTO = """() => {
  window.__furthest = 0; window.__motion = new Set();
  setInterval(() => {
    if (stepsActive()) {
      window.__furthest = Math.max(window.__furthest, G.stepIndex);
      for (const c of ["just-revealed", "leaving", "fighting", "battle-flash"]) if (document.querySelector("#board ." + c)) window.__motion.add(c);
      return;
    }
    if (G.legal.length && document.body.dataset.busy !== "1") send(G.legal[Math.floor(Math.random() * G.legal.length)]);
  }, 50);
}"""


def test_the_resolution_tells_itself_at_the_chosen_pace_with_motion(server, browser):
    gid, token = create_game(server, [{"kind": "human", "name": "Watcher"}, {"kind": "bot", "bot": "random"}], seed=5)
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/game/{gid}#seat=0&token={token}")
    page.wait_for_function("() => document.body.dataset.seq !== '-1' && document.querySelector('#board svg .province')")
    # the paces are Senjutsu's, "normal" at first; the choice is kept
    assert page.eval_on_selector_all("#step-pace option", "os => os.map((o) => o.value)") == ["manual", "slow", "normal", "fast", "off"]
    assert page.input_value("#step-pace") == "normal"
    page.evaluate(AUTO)
    page.wait_for_selector("#steps:not([hidden])", timeout=patient(90000))   # the pace is chosen where the story is told
    page.select_option("#step-pace", "fast")
    assert page.evaluate("localStorage.getItem('daimyo:rk:pace')") == "fast"
    # a battle step is shown with its motion
    page.wait_for_function("() => stepsActive() && document.querySelector('#board .battle-flash')", timeout=patient(90000), polling=20)
    page.screenshot(path="/tmp/daimyo-rokugan-pace.png")
    # the story reaches its end by itself: nobody pressed Next
    page.wait_for_function("() => G.view.round >= 2 && !stepsActive() && window.__furthest >= 3", timeout=patient(90000))
    motion = page.evaluate("[...window.__motion]")
    assert {"just-revealed", "battle-flash"} <= set(motion), motion
    # reduced motion: the same classes move nothing
    # (a fresh element of each kind: a live province may be lit as a target just then, and march instead)
    css = """([sel, c]) => { const g = sel === 'token' ? document.getElementById('overlay').appendChild(svgEl('g', { class: 'token' }))
        : document.querySelector('#board svg').appendChild(svgEl('path', { class: 'province' }));
        g.classList.add(c); const n = getComputedStyle(g).animationName; g.remove(); return n; }"""
    assert page.evaluate(css, ["token", "just-revealed"]) == "turn-over" and page.evaluate(css, ["province", "battle-flash"]) == "battle-flash"
    page.emulate_media(reduced_motion="reduce")
    assert [page.evaluate(css, ["token", c]) for c in ("just-revealed", "leaving", "fighting")] == ["none"] * 3
    assert page.evaluate(css, ["province", "battle-flash"]) == "none"
    assert not errors, errors
