"""One catalogue, one sentence: for the events of random Battle for Rokugan games and Senjutsu duels, the sentence
the terminal says (daimyo/words, Python) and the one the page shows (events.js / senjutsu.js, in chromium) are the
same text, in English and in Polish; and both fill plural forms by the same rule."""

from __future__ import annotations

import itertools

import pytest

from daimyo.rokugan.data import RULES as R
from daimyo.words import LANGS, plural_index
from daimyo.words.rokugan import RokuganWords
from daimyo.words.senjutsu import SenjutsuWords
from tests.web.conftest import needs_chromium, open_bot_game
from tests.words.helpers import rokugan_events, senjutsu_cards, senjutsu_duels

pytestmark = needs_chromium

ROKUGAN = """
async ([events, objectives, lang]) => {
  await loadLang(lang);
  return { sentences: events.map(describe), objectives: objectives.map(objectiveText), plural: [...Array(200).keys()].map((n) => pluralIndex(n, lang)) };
}
"""

SENJUTSU = """
async ([duels, lang]) => {
  await loadLang(lang);
  const [view, summary] = [G.view, G.summary];   // the page redraws on a change of language: give it back its own view
  G.summary = null;
  const out = duels.map(([names, events]) => { G.view = { seats: names.map((name) => ({ name })) }; return events.map(eventText); });
  [G.view, G.summary] = [view, summary];
  return out;
}
"""


def test_rokugan_sentences_are_the_same_in_python_and_in_the_browser(server, browser):
    events = [e for e, _ in itertools.islice(rokugan_events(8, seed0=100), 5000)]
    kinds = {e.kind for e in events}
    assert {"battle", "reveal", "removed", "place-own", "final-scoring", "draw"} <= kinds
    page, errors = open_bot_game(server, browser, "rokugan")
    page.wait_for_selector("#board svg .province")
    page.wait_for_function("Object.keys(DATA.objectives).length > 0")
    objectives = list(R.objectives)
    for lang in LANGS:
        got = page.evaluate(ROKUGAN, [[e.to_dict() for e in events], objectives, lang])
        w = RokuganWords(lang)
        want = [w.sentence(e) for e in events]
        diff = [(e.kind, p, j) for e, p, j in zip(events, want, got["sentences"]) if p != j]
        assert diff[:5] == [] and len(got["sentences"]) == len(events), lang
        assert got["objectives"] == [w.objective_text(o) for o in objectives], lang
        assert got["plural"] == [plural_index(n, lang) for n in range(200)], lang
    assert errors == []


def test_senjutsu_sentences_are_the_same_in_python_and_in_the_browser(server, browser):
    duels: dict[int, tuple[list[str], list]] = {}
    for seed in range(6):
        for e, names in senjutsu_duels(1, seed0=200 + seed):
            duels.setdefault(seed, ([names[s] for s in sorted(names, key=lambda s: int(s[1:]))], []))[1].append(e)
    assert {e.kind for _, evs in duels.values() for e in evs} >= {"reveal", "resolve", "attack", "harm", "moved", "game-over"}
    page, errors = open_bot_game(server, browser, "senjutsu")
    page.wait_for_selector("#board svg")
    page.wait_for_function("document.body.dataset.seq !== '-1' && Object.keys(G.cards).length > 40")
    page.evaluate("G.conn.stop()")   # the samples, not the live game, from now on
    cards = senjutsu_cards()
    for lang in LANGS:
        got = page.evaluate(SENJUTSU, [[[names, [e.to_dict() for e in evs]] for names, evs in duels.values()], lang])
        for (names, evs), js in zip(duels.values(), got):
            w = SenjutsuWords(lang, {f"p{i + 1}": n for i, n in enumerate(names)}, cards)
            diff = [(e.kind, w.sentence(e), j) for e, j in zip(evs, js) if w.sentence(e) != j]
            assert diff[:5] == [] and len(js) == len(evs), lang
    assert errors == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_server_serves_the_catalogue(server, lang):
    import json
    import urllib.request

    from daimyo.words import catalogue

    assert json.loads(urllib.request.urlopen(f"{server}/api/words/{lang}").read()) == catalogue(lang)
