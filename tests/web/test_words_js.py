"""One catalogue, one sentence: for the events of random Battle for Rokugan games, Senjutsu duels and Rising Sun
War Phases, the sentence the terminal says (daimyo/words, Python) and the one the page shows (events.js / senjutsu.js /
risingsun.js, in chromium) are the same text, in English and in Polish; Rising Sun's choices too (the terminal's
numbered list, the page's buttons); and both fill plural forms by the same rule."""

from __future__ import annotations

import itertools

import pytest

from daimyo.rokugan.data import RULES as R
from daimyo.words import LANGS, plural_index
from daimyo.words.risingsun import RisingSunWords
from daimyo.words.rokugan import RokuganWords
from daimyo.words.senjutsu import SenjutsuWords
from tests.web.conftest import needs_chromium, open_bot_game
from tests.words.helpers import risingsun_choices, risingsun_events, rokugan_events, senjutsu_cards, senjutsu_duels

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

RISINGSUN = """
async ([events, choices, lang]) => {
  await loadLang(lang);
  const view = RS.view;   // the page redraws on a change of language: give it back its own view
  const actions = choices.map(([figures, legal]) => { RS.view = { figures }; return legal.map(rsActionWords); });
  RS.view = view;
  return { sentences: events.map(rsEventText), actions };
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


def test_risingsun_sentences_and_choices_are_the_same_in_python_and_in_the_browser(server, browser):
    """The terminal's lines are the page's sentences laid out (a battle's two halves on two lines, the revealed bids
    as a table); every name in them is the catalogue's, as on the page."""
    import json
    import urllib.request

    from daimyo.core.game import Event

    # a war won on the tie-break: the sentence names Honor (issue 30)
    events = [*risingsun_events(8), Event("war-phase-over", {"winner": "koi", "totals": {"lotus": 9, "koi": 9, "turtle": 4}})]
    kinds = {e.kind for e in events}
    assert {"war", "battle", "bids-revealed", "slot", "battle-won", "reparations", "war-phase-over"} <= kinds
    choices = risingsun_choices(8)
    assert {a.split(" ")[0] for _, legal in choices for a in legal} >= {"decline", "hostage", "hire", "poets", "remainder"}
    body = {"game": "risingsun", "example": "seed-example", "practice": True, "seats": [{"kind": "bot", "bot": "random"}] * 4}
    req = urllib.request.Request(server + "/api/games", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    created = json.loads(urllib.request.urlopen(req).read())
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + created["watch"]["link"])
    page.wait_for_function("() => document.body.dataset.seq !== '-1'")   # the page's CSP runs no script given as a string
    page.evaluate("() => RS.conn.stop()")   # the samples, not the live game, from now on
    # the clans' colours are the data file's (daimyo/risingsun/data/colours.json), as in the RL pictures
    from daimyo.risingsun.data import CLAN_COLOURS

    assert page.evaluate("() => RS_COLOURS") == CLAN_COLOURS
    page.wait_for_selector("#clans .rs-clan[data-clan='lotus'] .swatch")
    lotus = [int(CLAN_COLOURS["lotus"][i:i + 2], 16) for i in (1, 3, 5)]
    assert page.evaluate("() => getComputedStyle(document.querySelector(\"#clans .rs-clan[data-clan='lotus'] .swatch\")).backgroundColor") \
        == "rgb({}, {}, {})".format(*lotus)
    for lang in LANGS:
        got = page.evaluate(RISINGSUN, [[e.to_dict() for e in events], choices, lang])
        w = RisingSunWords(lang)
        diff = [(e.kind, p, j) for e, p, j in zip(events, map(w.sentence, events), got["sentences"]) if p != j]
        assert diff[:5] == [] and len(got["sentences"]) == len(events), lang
        want = [[w.action(a, figures) for a in legal] for figures, legal in choices]
        assert got["actions"] == want, lang
        for e in events:   # the terminal says the same sentence, laid out in lines
            if e.kind != "bids-revealed":
                assert " — ".join(line.strip() for line in w.lines(e)) == w.sentence(e), e
    assert errors == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_server_serves_the_catalogue(server, lang):
    import json
    import urllib.request

    from daimyo.words import catalogue

    assert json.loads(urllib.request.urlopen(f"{server}/api/words/{lang}").read()) == catalogue(lang)
