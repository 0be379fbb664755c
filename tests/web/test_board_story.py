"""Issue 11: the resolution told as a story on the Rokugan page, and the page's small things.

At each resolution step the board, the header and the log show only what the steps so far have told: a battle's line
is not in the log before its step, a captured province changes hands at its step and not before; "skip" goes to the
end. A lone "Round 1 begins" is no step to click. The header's separators join only what is there ("Round 5 of 5 ·
Game over"); the moves panel says "Waiting" when it is not your move; no Cancel is offered with nothing to cancel;
a card's follow-up choice says which card asks and why; played cards keep their text; the page has a favicon; a
replay steps with the arrow keys."""

from __future__ import annotations

import random
import time

from tests.web.conftest import needs_chromium, patient
from tests.web.test_board_keyboard import create_game

pytestmark = needs_chromium

STEP = """() => {
  const e = G.steps[G.stepIndex], d = evData(e);
  const control = (p) => { const g = document.querySelector(`#marks .control[data-province="${p}"]`); return g ? g.dataset.owner : null; };
  const later = G.steps.slice(G.stepIndex + 1).filter((x) => x.kind === 'battle').map((x) => evData(x).province);
  return { kind: e.kind, index: G.stepIndex, count: G.steps.length, province: d.province || null, outcome: d.outcome || null,
    winner: d.winner || null, placed: d.control_placed === undefined ? null : d.control_placed, owner: d.province ? control(d.province) : null,
    phase: document.getElementById('phase').textContent, turn: document.getElementById('turn').textContent,
    battlesLogged: document.querySelectorAll('#log li.ev-battle').length,
    battlesReached: G.steps.slice(0, G.stepIndex + 1).filter((x) => x.kind === 'battle').length,
    laterOwners: later.map((p) => [p, control(p)]) };
}"""


def test_resolution_is_told_step_by_step_and_the_small_things(server, browser):
    gid, token = create_game(server, [{"kind": "human", "name": "Story"}, {"kind": "bot", "bot": "random"}], seed=12)
    page = browser.new_page(viewport={"width": 1440, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/game/{gid}#seat=0&token={token}")
    page.wait_for_function("() => document.body.dataset.seq !== '-1' && document.querySelector('#board svg .province')")
    # the favicon
    icon = page.get_attribute("link[rel=icon]", "href")
    got = page.request.get(server + icon)
    assert got.ok and "svg" in got.headers["content-type"]

    rnd = random.Random(4)
    battles_seen = changed_at_step = cancel_checked = waiting_checked = 0
    lone_round_steps = []
    deadline = time.monotonic() + 300
    while True:
        assert time.monotonic() < deadline
        assert not errors, errors
        s = page.evaluate("""() => ({ scores: !document.getElementById('scores').hidden, steps: G.steps.length > 0,
          phase: document.body.dataset.phase, legal: G.legal.length, seq: document.body.dataset.seq, awaiting: G.view && G.view.awaiting,
          title: document.getElementById('actions-title').textContent, cancel: document.querySelectorAll('#prompt button.cancel').length,
          head: G.head })""")
        if s["scores"]:
            break
        if s["steps"]:
            kinds = page.evaluate("G.steps.map((e) => e.kind)")
            if all(k == "round" for k in kinds):
                lone_round_steps.append(kinds)
            base = None
            while page.evaluate("G.steps.length > 0"):
                st = page.evaluate(STEP)
                if base is None:   # the battles of earlier rounds, already in the log
                    base = st["battlesLogged"] - st["battlesReached"]
                assert st["turn"] == "" and st["battlesLogged"] - base == st["battlesReached"], st
                if st["kind"] not in ("round", "final-scoring"):
                    assert st["phase"] == "resolution phase", st
                if st["kind"] == "battle":
                    battles_seen += 1
                    if st["outcome"] == "taken" and st["placed"]:
                        assert st["owner"] == st["winner"], st   # the new owner's control token at this step
                        changed_at_step += 1
                # a later captured province still shows its old control: nothing is told before its step
                for p, owner in st["laterOwners"]:
                    later = page.evaluate(f"G.steps.slice(G.stepIndex + 1).map(evData).find((x) => x.province === '{p}' && x.outcome)")
                    if later and later["outcome"] == "taken" and later.get("control_placed"):
                        assert owner != later["winner"] or owner == later["defender"]["clan"], (p, owner, later["winner"])
                if st["index"] >= 3 and rnd.random() < 0.5:
                    page.click("#step-skip")   # skip to the end
                    assert page.evaluate("G.steps.length") == 0 and page.locator("#steps").is_hidden()
                    break
                page.click("#step-next")
            continue
        if s["phase"] == "over":
            page.wait_for_selector("#scores:not([hidden])", timeout=patient(5000))
            continue
        if s["legal"] == 0:
            assert s["title"] == "Waiting"
            waiting_checked += 1
            page.wait_for_function(f"() => document.body.dataset.seq !== '{s['seq']}' || G.steps.length > 0", timeout=patient(15000))
            continue
        assert s["title"] == "Your move"
        if s["awaiting"] == "setup-control":
            assert s["head"] == "control" and s["cancel"] == 0   # the only thing to do: nothing to cancel
            cancel_checked += 1
        action = rnd.choice(page.evaluate("G.legal"))
        page.evaluate("(a) => G.conn.send({ type: 'act', action: a, seq: G.seq })", action)
        page.wait_for_function(f"() => document.body.dataset.seq !== '{s['seq']}' || document.querySelector('#message.error')", timeout=patient(15000))
        assert page.locator("#message.error").count() == 0

    assert battles_seen >= 3 and changed_at_step >= 1 and cancel_checked >= 1
    assert lone_round_steps == []
    page.click("#scores-close")
    assert page.inner_text("#status-line") == "Round 5 of 5 · Game over"

    # not your move: the panel says so ("Your move" only when there is one)
    page.evaluate("() => { const v = JSON.parse(JSON.stringify(G.view)); v.phase = 'placement'; G.view = G.shownView = v; G.legal = []; render(); }")
    assert page.inner_text("#actions-title") == "Waiting"
    # a card's follow-up choice names the card and gives its text; played cards keep theirs
    page.evaluate("""() => {
      const v = JSON.parse(JSON.stringify(G.view)); v.phase = 'placement'; v.awaiting = 'card:diplomatic-mission'; v.played_cards = ['diplomatic-mission'];
      G.view = G.shownView = v; G.legal = ['province crab_1', 'province crab_2']; G.head = null; autoHead(); render();
    }""")
    prompt = page.inner_text("#prompt")
    assert "Diplomatic Mission: Choose a province" in prompt and "if an opponent controls it" in prompt
    assert "if an opponent controls it" in page.inner_text("#played")

    # the replay steps with the arrow keys
    page.goto(f"{server}/game/{gid}?replay=1")
    page.wait_for_selector("#replay-bar:not([hidden])")
    page.locator("body").click(position={"x": 5, "y": 300})
    for key in ("ArrowRight", "ArrowRight", "ArrowRight", "ArrowLeft"):
        page.keyboard.press(key)
    assert page.inner_text("#rp-pos").split("/")[0].strip() == "2"
    assert not errors, errors
