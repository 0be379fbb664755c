"""The game page's JavaScript against real engine data, in a real browser: every legal action the engine lists
can be reached by clicking (a button, or a head then places that exist on the board), every event has a sentence,
and every view renders, in English and in Polish."""

from __future__ import annotations

import random

import pytest

from daimyo.rokugan import new_game
from tests.web.conftest import needs_chromium, open_bot_game

pytestmark = needs_chromium

CLANS = ["crab", "crane", "dragon", "lion", "phoenix", "scorpion", "unicorn"]


def _samples():
    """(view, legal) at varied decisions, and every event, from random games of 2 to 5 players."""
    samples, events = [], []
    seen_awaiting: dict[str, int] = {}
    for seed in range(8):
        rnd = random.Random(seed)
        n = 2 + seed % 4
        g = new_game(players=n, seed=seed, clans=None if seed % 4 == 0 else rnd.sample(CLANS, n))
        while not g.is_terminal():
            seat = g.to_act()[0]
            legal = [a.text for a in g.legal_actions(seat)]
            view = g.view(seat)
            key = view["awaiting"]
            if seen_awaiting.get(key, 0) < 6 or rnd.random() < 0.02:
                seen_awaiting[key] = seen_awaiting.get(key, 0) + 1
                samples.append({"view": view, "legal": legal})
            for e in g.apply(rnd.choice(g.legal_actions(seat))):
                if e.visible(seat) and len(events) < 4000:
                    events.append(e.to_dict())
        samples.append({"view": g.view(0), "legal": []})
        samples.append({"view": g.view(None), "legal": []})
    return samples, events


CHECK = """
async ([samples, events, lang]) => {
  await loadLang(lang);
  const problems = [];
  const bad = (s) => typeof s !== "string" || !s || /undefined|null|NaN|\\{\\w+\\}/.test(s) || /^(event|act|card|clan|territory|objective|token|special|phase|awaiting|source|why)\\./.test(s);
  for (const s of samples) {
    PLAY.ended = false;   // (the live bot game behind the page may have ended meanwhile: each sample is its own)
    G.view = G.shownView = s.view; G.legal = s.legal; G.head = null; G.picked = []; G.steps = [];
    try { render(); } catch (e) { problems.push("render: " + e); continue; }
    const parsed = parseLegal(s.legal);
    for (const a of parsed.direct) {
      if (!document.querySelector(`#actions button.direct[data-action="${CSS.escape(a)}"]`)) problems.push("no button for " + a);
      if (bad(actionLabel(a))) problems.push("label of " + a + ": " + actionLabel(a));
    }
    for (const [head, list] of parsed.heads) {
      const reachable = head.startsWith("place ") && inHand(head.slice(6))
        ? document.querySelector(`#hand .hand-token.playable[data-code="${CSS.escape(head.slice(6))}"]`)
        : document.querySelector(`#actions button.head[data-head="${CSS.escape(head)}"]`);
      if (!reachable) problems.push("no way to pick " + head);
      if (bad(headLabel(head))) problems.push("label of head " + head);
      for (const refs of list) for (const r of refs) if (!G.targets[r]) problems.push(`no board target ${r} for ${head}`);
      // the first places light up once the head is picked
      selectHead(head);
      const lit = new Set([...document.querySelectorAll("#board .target.lit")].map((e) => e.dataset.place));
      for (const refs of list) if (!lit.has(refs[0])) problems.push(`${refs[0]} does not light up for ${head}`);
      G.head = null; G.picked = [];
    }
    if (s.view.you && !document.querySelector("#screen:not([hidden])")) problems.push("your screen is hidden");
    const text = document.getElementById("side").innerText;
    if (/undefined|NaN/.test(text)) problems.push("side panel says undefined/NaN: " + text.slice(0, 200));
  }
  for (const e of events) {
    let s;
    try { s = describe(e); } catch (err) { problems.push(`describe ${e.kind}: ${err}`); continue; }
    if (bad(s)) problems.push(`sentence for ${e.kind}: ${s}`);
    if (e.kind === "battle") { try { battleDetail(e); } catch (err) { problems.push("battle detail: " + err); } }
  }
  return [...new Set(problems)].slice(0, 40);
}
"""


@pytest.fixture(scope="module")
def samples():
    return _samples()


def test_every_legal_action_is_clickable_and_every_event_has_words(server, browser, samples):
    page, errors = open_bot_game(server, browser, "rokugan")
    page.wait_for_selector("#board svg .province")
    page.wait_for_function("() => document.body.dataset.seq !== '-1'")
    views, events = samples
    assert len(views) > 50 and {e["kind"] for e in events} >= {"battle", "reveal", "place", "final-scoring"}
    for lang in ("en", "pl"):
        assert page.evaluate(CHECK, [views, events, lang]) == [], lang
    assert errors == []

