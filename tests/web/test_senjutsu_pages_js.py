"""The Senjutsu page's JavaScript against real engine data, in a real browser: every legal action of random duels
can be reached by clicking (a lit hex then a facing, a lit card, or a button), every event has a sentence with
nothing left unfilled, and every view renders, in English and in Polish."""

from __future__ import annotations

import random

import pytest

from daimyo.senjutsu import new_game
from daimyo.senjutsu.cards import sample_set
from daimyo.senjutsu.game import terrain as senjutsu_terrain
from tests.web.conftest import needs_chromium, open_bot_game

pytestmark = needs_chromium

CHARACTERS = ["kaze", "hana", "tetsu", "ishi"]


def _samples():
    """(seat, view, legal) at varied decisions, and every event a seat saw, from random duels of 2 to 4."""
    samples, events = [], []
    seen: dict[str, int] = {}
    for seed in range(6):
        rnd = random.Random(seed)
        n = 2 + seed % 3
        g = new_game(rnd.sample(CHARACTERS, n), seed=seed, terrain=senjutsu_terrain(seed))
        while not g.is_terminal():
            seat = g.to_act()[0]
            legal = [a.text for a in g.legal_actions(seat)]
            verb = legal[0].split()[0]
            if seen.get(verb, 0) < 5 or rnd.random() < 0.03:
                seen[verb] = seen.get(verb, 0) + 1
                samples.append({"seat": seat, "view": g.view(seat), "legal": legal})
            for e in g.apply(rnd.choice(g.legal_actions(seat))):
                if e.visible(seat) and len(events) < 3000:
                    events.append(e.to_dict())
        samples.append({"seat": 0, "view": g.view(0), "legal": []})
        samples.append({"seat": None, "view": g.view(None), "legal": []})
    return samples, events


CHECK = """
async ([samples, events, lang, english]) => {
  await loadLang(lang);
  clearTimeout(STORY.timer); STORY.queue = []; STORY.playing = false; STORY.beat = null;   // the live game's story, if one plays, ends here
  const problems = [];
  const bad = (s) => typeof s !== "string" || !s || /undefined|null|NaN|\\{\\w+\\}/.test(s) || /^sj\\./.test(s) || /\\bsj\\.[a-z]/.test(s);
  for (const s of samples) {
    PLAY.ended = false;   // (the live bot game behind the page may have ended meanwhile: each sample is its own)
    G.seat = s.seat; G.view = s.view; G.legal = s.legal; G.placeHex = null;
    document.getElementById("result").hidden = true; delete document.getElementById("result").dataset.shown;
    try { render(); } catch (e) { problems.push("render: " + e); continue; }
    const byHex = {};
    for (const a of s.legal) if (a.startsWith("place ")) (byHex[a.split(" ")[1]] = byHex[a.split(" ")[1]] || []).push(a);
    for (const [h, acts] of Object.entries(byHex)) {
      if (!document.querySelector(`#board .hex.lit[data-hex="${h}"]`)) problems.push("hex not lit: " + h);
      G.placeHex = h; drawActions();
      for (const a of acts) if (!document.querySelector(`#actions button.facing-button[data-action="${CSS.escape(a)}"]`)) problems.push("no facing button for " + a);
    }
    G.placeHex = null;
    for (const a of s.legal) {
      const [verb, ...rest] = a.split(" ");
      if (verb === "place") {
        continue;
      } else if (verb === "play") {
        if (!document.querySelector(`#hand .sj-card.playable[data-card="${CSS.escape(rest[0])}"]`)) problems.push("no playable card for " + a);
      } else {
        if (!document.querySelector(`#actions button.act[data-action="${CSS.escape(a)}"]`)) problems.push("no button for " + a);
        if (bad(actionWords(a))) problems.push("words for " + a + ": " + actionWords(a));
      }
    }
    const text = document.querySelector("main").innerText;
    if (/undefined|NaN|\\{\\w+\\}|\\bsj\\.[a-z]/.test(text)) problems.push("page says: " + text.match(/.{0,60}(undefined|NaN|\\{\\w+\\}|\\bsj\\.[a-z]).{0,60}/)[0]);
    if (s.seat !== null && s.view.seats[s.seat].hand && document.getElementById("hand-panel").hidden) problems.push("the hand is hidden");
    G.log = events.slice(0, 400); drawLog();
    const all = text + " " + document.getElementById("side").innerText;
    for (const word of english) if (all.includes(word)) problems.push("English on the page: " + word);
    if (document.querySelectorAll("#board .hex").length !== (s.view.board === "two" ? 74 : 37)) problems.push("hex count");
  }
  for (const e of events) {
    let s;
    try { s = eventText(e); } catch (err) { problems.push(`eventText ${e.kind}: ${err}`); continue; }
    if (bad(s)) problems.push(`sentence for ${e.kind}: ${s}`);
  }
  for (const c of Object.values(G.cards)) {
    for (const ln of c.lines) if (bad(lineText(ln))) problems.push(`line of ${c.id}: ${lineText(ln)}`);
    try { cardBox(c.id, {}); } catch (err) { problems.push(`card ${c.id}: ${err}`); }
  }
  return [...new Set(problems)].slice(0, 40);
}
"""


@pytest.fixture(scope="module")
def samples():
    return _samples()


def test_every_legal_action_is_clickable_and_every_event_has_words(server, browser, samples):
    page, errors = open_bot_game(server, browser, "senjutsu")
    page.wait_for_selector("#board svg .hex")
    page.wait_for_function("() => document.body.dataset.seq !== '-1' && Object.keys(G.cards).length > 40")
    page.evaluate("G.conn.stop()")   # the samples, not the live game, from now on
    views, events = samples
    verbs = {a.split()[0] for s in views for a in s["legal"]}
    assert len(views) > 60 and {"place", "play", "move", "target"} <= verbs
    # on a Polish page no name of the sample set nor a grid cell is left in English
    s = sample_set()
    english = sorted({c.name for c in s.cards.values() if c.name != "Gambit"} | {c.name for c in s.characters.values()} | {"block F", " step "})
    for lang in ("en", "pl"):
        assert page.evaluate(CHECK, [views, events, lang, english if lang == "pl" else []]) == [], lang
    assert errors == []
