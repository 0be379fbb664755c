"""Issue 11, "Rules help": each game's rules in brief, in our own words, in English and Polish, one click from its
page; and hints for the phase the game is in through a first game, which a player can hide (kept on the browser)."""

from __future__ import annotations

import json
import urllib.request

import pytest

from daimyo.words import catalogue
from tests.web.conftest import needs_chromium

pytestmark = needs_chromium

GAMES = {"rokugan": {"game": "rokugan", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]},
         "senjutsu": {"game": "senjutsu", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]},
         "risingsun": {"game": "risingsun", "example": "seed-example",
                       "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "heuristic"},
                                 {"kind": "bot", "bot": "heuristic"}]}}


def _post(server: str, path: str, body: dict) -> dict:
    req = urllib.request.Request(server + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    return json.loads(urllib.request.urlopen(req).read())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_page_links_its_rules_in_brief_and_hints_at_the_phase(server, browser, game):
    en, pl = catalogue("en"), catalogue("pl")
    spec = dict(GAMES[game])
    if game == "risingsun":
        rs = next(e for e in _get(server, "/api/registry")["games"] if e["name"] == "risingsun")
        seats = next(x for x in rs["examples"] if x["name"] == "seed-example")["seats"]
        spec["seats"] = [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * (len(seats) - 1)
    created = _post(server, "/api/games", {**spec, "sit": 0})
    gid = created["id"]
    ctx = browser.new_context(viewport={"width": 1300, "height": 900})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/api/words/en")
    page.evaluate("([id, token]) => localStorage.setItem('daimyo:' + id, JSON.stringify({seat: 0, token}))", [gid, created["you"]["token"]])
    page.goto(f"{server}/game/{gid}")
    page.wait_for_function("() => !!document.body.dataset.phase")

    # a hint for the phase the game is in, in words of the catalogue
    phase = page.evaluate("document.body.dataset.phase")
    page.wait_for_selector("#hint:not([hidden])")
    assert page.inner_text("#hint-text") == en[f"hint.{game}.{phase}"]
    # hidden by the player, it stays hidden after a reload; shown again, it is back
    page.click("#hints-toggle")
    assert page.locator("#hint").is_hidden() and page.inner_text("#hints-toggle") == en["hint.show"]
    page.reload()
    page.wait_for_function("() => !!document.body.dataset.phase")
    assert page.locator("#hint").is_hidden()
    page.click("#hints-toggle")
    page.wait_for_selector("#hint:not([hidden])")

    # one click to the rules in brief, in a new tab
    with ctx.expect_page() as opened:
        page.click("#rules-link")
    rules = opened.value
    rules.wait_for_selector("#rules .rules-part")
    assert rules.inner_text("#rules-title") == en[f"rules.{game}.title"]
    headings = rules.locator("#rules h2").all_inner_texts()
    assert headings and headings == [en[f"rules.{game}.{n}.h"] for n in range(1, len(headings) + 1)]
    assert en[f"rules.{game}.1.p"] in rules.inner_text("#rules")
    # in Polish: every heading and paragraph from the Polish catalogue, none left in English
    rules.select_option("#lang", "pl")
    rules.wait_for_function("(t) => document.getElementById('rules-title').textContent === t", arg=pl[f"rules.{game}.title"])
    text = rules.inner_text("#rules")
    for n in range(1, len(headings) + 1):
        assert pl[f"rules.{game}.{n}.h"] in text and pl[f"rules.{game}.{n}.p"] in text
        assert en[f"rules.{game}.{n}.p"] not in text
    # the game page follows the language chosen on this browser: the hint in Polish
    page.reload()
    page.wait_for_selector("#hint:not([hidden])")
    phase = page.evaluate("document.body.dataset.phase")
    page.wait_for_function("(t) => document.getElementById('hint-text').textContent === t", arg=pl[f"hint.{game}.{phase}"])
    assert errors == []
    ctx.close()


def test_the_rules_page_of_a_game_that_does_not_exist_says_so(server, browser):
    page = browser.new_page()
    page.goto(server + "/rules/chess")
    page.wait_for_selector("#rules .message")
    assert page.inner_text("#rules .message") == catalogue("en")["rules.unknown"].replace("{game}", "chess")
    page.close()


def test_every_game_has_its_rules_in_brief_and_a_hint_for_every_phase_in_both_languages():
    en, pl = catalogue("en"), catalogue("pl")
    from daimyo.core.registry import games
    for name in games():
        assert f"rules.{name}.title" in en and f"rules.{name}.1.p" in en, name
    phases = {"rokugan": ["setup-clans", "setup-objectives", "setup-control", "upkeep", "placement", "over"],
              "senjutsu": ["terrain", "prepare", "place", "choose", "decide", "over"], "risingsun": ["war", "over"]}
    for game, names in phases.items():
        for phase in names:
            assert en.get(f"hint.{game}.{phase}") and pl.get(f"hint.{game}.{phase}"), (game, phase)
    assert {k for k in en if k.startswith(("rules.", "hint."))} == {k for k in pl if k.startswith(("rules.", "hint."))}


def _get(server: str, path: str) -> dict:
    return json.loads(urllib.request.urlopen(server + path).read())
