"""Issue 11: every place that lights up on the Rokugan board can be clicked. Over many positions of random games, for
every kind of move on offer, the element under the centre of each lit place (document.elementFromPoint) is that place,
or a combat token standing on it whose click means that place (the token being no choice itself): no special token,
control token, label or other piece drawn over it takes the click."""

from __future__ import annotations

import random

from daimyo.rokugan import new_game
from tests.web.conftest import needs_chromium, open_bot_game, patient

pytestmark = needs_chromium

CLANS = ["crab", "crane", "dragon", "lion", "phoenix", "scorpion", "unicorn"]


def _positions(games: int = 6, per_game: int = 30) -> list[dict]:
    """(view, legal) of the seat to act at random moments of random games of 2 to 5 players: early, mid-round with the
    board full of tokens, and at the cards' follow-up choices."""
    out = []
    for seed in range(games):
        rnd = random.Random(100 + seed)
        n = 2 + seed % 4
        g = new_game(players=n, seed=100 + seed, clans=rnd.sample(CLANS, n))
        taken = 0
        while not g.is_terminal():
            seat = g.to_act()[0]
            legal = g.legal_actions(seat)
            view = g.view(seat)
            texts = [a.text for a in legal]
            refs = any(" " in t for t in texts)
            if refs and taken < per_game and (rnd.random() < 0.12 or view["awaiting"].startswith("card:")):
                out.append({"view": view, "legal": texts})
                taken += 1
            g.apply(rnd.choice(legal))
    return out


HIT = """
([samples]) => {
  const problems = [];
  let checked = 0;
  for (const s of samples) {
    G.view = G.shownView = s.view; G.legal = s.legal; G.head = null; G.picked = []; G.steps = [];
    render();
    const parsed = parseLegal(s.legal);
    for (const [head, list] of parsed.heads) {
      const stages = [[]];
      const firsts = [...new Set(list.filter((r) => r.length > 1).map((r) => r[0]))];
      if (firsts.length) stages.push([firsts[checked % firsts.length]]);
      for (const picked of stages) {
        G.head = head; G.picked = [...picked];
        lightUp();
        for (const e of document.querySelectorAll("#board [data-place].lit")) {
          const shape = e.querySelector(".hit, .ring, .token-body");
          const r = shape.getBoundingClientRect();
          const x = r.left + r.width / 2, y = r.top + r.height / 2;
          if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) { problems.push(`${e.dataset.place} is off the screen`); continue; }
          const hit = document.elementFromPoint(x, y);
          const got = hit && hit.closest("[data-place]");
          checked++;
          if (got === e) continue;
          if (got && got.classList.contains("token") && got.dataset.at === e.dataset.place && !got.classList.contains("lit")) continue;
          const what = got ? got.dataset.place : hit ? (hit.getAttribute("class") || hit.tagName) : "nothing";
          problems.push(`${head} [${picked}]: ${e.dataset.place} is covered by ${what}`);
        }
      }
      G.head = null; G.picked = [];
    }
  }
  return { checked, problems: [...new Set(problems)].slice(0, 30) };
}
"""


def test_the_element_under_every_lit_place_is_that_place(server, browser):
    positions = _positions()
    assert len(positions) > 100 and sum(1 for p in positions if p["view"]["tokens"]) > 40
    page, errors = open_bot_game(server, browser, "rokugan")
    page.wait_for_selector("#board svg .province")
    # the bots' game ends (nothing redraws the board under the check); a resolution told step by step, which waits
    # for the watcher's Next, is skipped to its end as a watcher would
    page.wait_for_function("() => { if (G.steps.length) endSteps(); return document.body.dataset.phase === 'over'; }",
                           timeout=patient(180000), polling=250)
    page.evaluate("() => { document.getElementById('scores').hidden = true; G.scoresClosed = true; }")
    got = page.evaluate(HIT, [positions])
    assert got["problems"] == []
    assert got["checked"] > 2000
    assert errors == []
