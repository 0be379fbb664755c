"""Defects found by playing the web pages as people do (a newcomer with a mouse, the keyboard alone, a phone, two people
online), each checked the way the person met it: clicks, keys and the viewport they used."""

from __future__ import annotations

import pytest

from tests.web.conftest import needs_chromium, open_lobby

pytestmark = needs_chromium

SPILL = """() => {
  const out = [];
  for (const e of document.querySelectorAll('.lobby-main .panel *')) {
    const r = e.getBoundingClientRect(), p = e.closest('.panel').getBoundingClientRect();
    if (r.width && r.right > p.right + 1) out.push(`${e.tagName}#${e.id}.${e.className} ${Math.round(r.right - p.right)} px`);
  }
  return out;
}"""


@pytest.mark.parametrize("width", [1280, 1024, 820])
def test_the_new_game_form_stays_inside_its_panel_in_polish(server, browser, width):
    """At 1280x800 the Polish lobby's seats table (its Clan / Character column) and the "I play" choice ran past the
    right edge of the New game panel, cut off at the panel's border; narrower desktops were worse. Every game's form,
    in English and in Polish, now stays inside its panel."""
    page = browser.new_page(viewport={"width": width, "height": 800})
    open_lobby(page, server)
    for lang in ("en", "pl"):
        page.select_option("#lang", lang)
        page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
        for game in page.eval_on_selector_all("#game option", "os => os.map(o => o.value)"):
            page.select_option("#game", game)
            page.wait_for_function("(g) => document.querySelector('#seat-rows tr') && document.title.length > 0", arg=game)
            spilled = page.evaluate(SPILL)
            assert not spilled, (width, lang, game, spilled)
    page.screenshot(path=f"/tmp/daimyo-web-pass-lobby-{width}.png", full_page=True)
