"""Issue 11: colour and reading on the Rokugan page, and an axe-core audit of the lobby and the game page.

axe-core's script comes from the axe-playwright-python package (the test extra), injected into the page by Playwright.
Besides axe: the board's own text (names, token codes, control counts) is at least 11 px tall at 1440×900 and reads at
WCAG AA contrast on every clan's colour; every token and control token carries its clan's mark; no clan colour looks
like the highlight of a lit place, which is an ink outline with moving dashes (not a colour)."""

from __future__ import annotations

import pytest

from tests.web.conftest import needs_chromium, open_lobby, patient
from tests.web.test_board_keyboard import create_game

pytestmark = needs_chromium

BAD = ("serious", "critical")


def _axe_script() -> str:
    axe = pytest.importorskip("axe_playwright_python.sync_playwright", reason="axe-playwright-python (the test extra) ships axe-core")
    return axe.Axe().axe_script


def audit(page) -> list[str]:
    """The serious and critical violations axe-core finds on the page as it is now: 'rule: element' lines."""
    page.evaluate(_axe_script())
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {n['target']} {n.get('failureSummary', '')[:160]}"
            for v in result["violations"] if v["impact"] in BAD for n in v["nodes"]]


def _mid_game(server, browser, width=1440, height=900, **kw):
    gid, token = create_game(server, [{"kind": "human", "name": "Eyes"}] + [{"kind": "bot", "bot": "random"}] * 3, seed=4)
    page = browser.new_page(viewport={"width": width, "height": height}, **kw)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/game/{gid}#seat=0&token={token}")
    for _ in range(30):   # on to a move that lights places up (past the choices made with buttons alone)
        page.wait_for_function("() => Number(document.body.dataset.legal || 0) > 0 && document.getElementById('steps').hidden"
                               " && document.querySelector('#board svg .province')", timeout=patient(15000))
        if page.evaluate("parseLegal(G.legal).heads.size > 0"):
            break
        seq = page.evaluate("document.body.dataset.seq")
        page.evaluate("G.conn.send({type: 'act', action: G.legal[0], seq: G.seq})")
        page.wait_for_function(f"() => document.body.dataset.seq !== '{seq}'")
        page.evaluate("() => { if (G.steps.length) endSteps(); }")
    return page, errors


def test_the_lobby_and_the_game_page_pass_the_axe_audit(server, browser):
    page = browser.new_page(viewport={"width": 1440, "height": 900})
    open_lobby(page, server)
    page.wait_for_selector(".seat-name[data-seat='1']")   # the seat rows drawn
    assert audit(page) == []
    page.close()
    page, errors = _mid_game(server, browser)
    assert audit(page) == []
    # with places lit for a move, and with the list of keys open
    page.evaluate("() => { const h = [...parseLegal(G.legal).heads.keys()][0]; if (h) selectHead(h); }")
    assert page.locator("#board .target.lit").count() > 0
    assert audit(page) == []
    page.keyboard.press("?")
    assert audit(page) == []
    assert errors == []


READING = """
() => {
  const scale = document.getElementById('board-svg').getBoundingClientRect().width / 1600;
  const small = [];
  for (const e of document.querySelectorAll('#board .province-label, #board .token-code:not(.small), #board .control-n, #board .legend-text')) {
    const px = parseFloat(getComputedStyle(e).fontSize) * scale;
    if (px < 11) small.push(`${e.getAttribute('class')} ${e.textContent}: ${px.toFixed(1)} px`);
  }
  const lum = (rgb) => { const c = rgb.match(/\\d+/g).slice(0, 3).map(Number).map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const faint = [];
  for (const tok of document.querySelectorAll('#board .token.faceup')) {
    const r = ratio(getComputedStyle(tok.querySelector('.token-code')).fill, getComputedStyle(tok.querySelector('.token-body')).fill);
    if (r < 4.5) faint.push(`${tok.dataset.owner} ${tok.dataset.code}: ${r.toFixed(2)}`);
  }
  for (const n of document.querySelectorAll('#board .control .control-n')) {   // each count on the disc drawn just before it
    const r = ratio(getComputedStyle(n).fill, getComputedStyle(n.previousElementSibling).fill);
    if (r < 4.5) faint.push(`control of ${n.parentNode.dataset.owner}: ${r.toFixed(2)}`);
  }
  const unmarked = [...document.querySelectorAll('#board .token, #board .control')].filter((e) => !e.querySelector('.clan-mark.mark-' + e.dataset.owner)).length;
  return { scale, small: small.slice(0, 10), faint, unmarked, tokens: document.querySelectorAll('#board .token').length, controls: document.querySelectorAll('#board .control').length };
}
"""

CLAN_VS_LIT = """
() => {
  const lit = document.querySelector('#board .target.lit .hit, #board .target.lit .ring');
  const cs = getComputedStyle(lit);
  return { fill: cs.fill, stroke: cs.stroke, dash: cs.strokeDasharray, animation: cs.animationName };
}
"""


def test_board_text_is_big_and_clear_and_every_piece_shows_its_clan(server, browser):
    page, errors = _mid_game(server, browser)
    # a board with pieces of every kind: every clan's tokens and control tokens, faceup and facedown
    page.evaluate("""() => {
      const v = JSON.parse(JSON.stringify(G.shownView));
      const clans = Object.keys(CLAN_COLOURS);
      const provinces = Object.keys(v.provinces);
      v.tokens = clans.flatMap((c, i) => [
        { token: 900 + 2 * i, owner: c, code: 'a2', faceup: true, at: provinces[i] },
        { token: 901 + 2 * i, owner: c, code: null, faceup: false, at: provinces[i + 8] }]);
      clans.forEach((c, i) => { v.provinces[provinces[i]].owner = c; v.provinces[provinces[i]].faceup = 1; v.provinces[provinces[i]].facedown = 1; });
      G.shownView = v; render();
    }""")
    got = page.evaluate(READING)
    assert got["tokens"] >= 14 and got["controls"] >= 7
    assert 0.6 < got["scale"] < 0.7   # the board takes what the side panel leaves at 1440 px
    assert got["small"] == []
    assert got["faint"] == []
    assert got["unmarked"] == 0
    # the highlight of a lit place: white inside an ink outline of moving dashes, whatever the clan colours are
    page.evaluate("() => { const h = [...parseLegal(G.legal).heads.keys()][0]; selectHead(h); }")
    lit = page.evaluate(CLAN_VS_LIT)
    assert lit["stroke"] == "rgb(17, 17, 17)" and lit["dash"] not in ("none", "") and lit["animation"] == "march"
    assert lit["fill"] == "rgb(255, 255, 255)"
    assert errors == []
