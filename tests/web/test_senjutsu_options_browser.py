"""The lobby's Senjutsu table options (docs/web.md, docs/senjutsu-cards.md "Playing your cards online"): a duel
with two boards joined and the players' own card file, created from the lobby, starts with those cards."""

from __future__ import annotations

import json
from pathlib import Path

from tests.web.conftest import needs_chromium, open_lobby

CARDS = Path(__file__).parents[2] / "docs" / "senjutsu-cards-example.json"


@needs_chromium
def test_a_duel_of_two_boards_and_the_players_cards_from_the_lobby(server, browser, tmp_path):
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_lobby(page, server)
    page.wait_for_selector(".seat-kind[data-seat='1']")
    page.select_option("#game", "senjutsu")
    # the 2-player duel by default, under Senjutsu's own title, with its table options
    page.wait_for_function("() => document.querySelectorAll('#seat-rows tr').length === 2 && !document.getElementById('table-box').hidden")
    assert page.locator("#players").input_value() == "2"
    assert page.locator("#lobby-title").inner_text() == "Senjutsu" and "Senjutsu" in page.title()
    # a bad card file is refused with the loader's words: the card and the field
    doc = json.loads(CARDS.read_text(encoding="utf-8"))
    doc["cards"][0]["initiative"] = "fast"
    bad = tmp_path / "bad-cards.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    page.set_input_files("#table-file", str(bad))
    page.wait_for_function("() => document.getElementById('table-error').textContent.includes(\"field 'initiative'\")")
    assert f"card '{doc['cards'][0]['id']}'" in page.locator("#table-error").inner_text()
    assert page.locator(".seat-clan[data-seat='0'] option[value='ryu']").count() == 0
    # the good file: its character joins the seats' choices
    page.set_input_files("#table-file", str(CARDS))
    page.wait_for_function("() => document.getElementById('table-note').textContent.includes('Ryu the Ronin')")
    assert page.locator("#table-error").inner_text() == ""
    page.select_option("#table-board", "two")
    page.locator(".seat-clan[data-seat='0']").select_option("ryu")
    page.locator(".seat-kind[data-seat='1']").select_option("level:easy")   # the heuristic bot
    page.click("#create")
    page.locator("#play-link").wait_for()
    page.locator("#play-link").click()
    # the duel: two boards joined (74 hexes), and Ryu's own core ability in the hand, drawn as a card
    page.wait_for_selector("#board svg .hex")
    page.wait_for_function("() => document.body.dataset.seq !== '-1'")
    assert page.locator("#board svg .hex").count() == 74
    card = page.locator("#hand .sj-card[data-card='ryu-breath']")
    card.wait_for()
    assert "Ronin's Breath" in card.locator(".card-name").inner_text() and "status" not in card.get_attribute("class")
    assert not errors, errors


#: whether the table-options box, its upload and its error line lie inside the lobby's panel, and the error is shown
FITS = """() => {
    const r = (id) => document.getElementById(id).getBoundingClientRect();
    const panel = document.getElementById('table-box').closest('.panel').getBoundingClientRect();
    const inside = (b) => b.left >= panel.left - 0.5 && b.right <= panel.right + 0.5;
    return { box: inside(r('table-box')), upload: inside(r('table-file')), error: inside(r('table-error')),
             shown: r('table-error').height > 0 && document.elementFromPoint(r('table-error').left + 2, r('table-error').top + 2)
                    === document.getElementById('table-error') };
}"""


@needs_chromium
def test_the_table_options_fit_their_panel_and_show_the_error_once(server, browser, tmp_path):
    """The options box stays inside the lobby's panel at 1280 and 1600 px and on a phone: the file input is not clipped and the
    loader's error shows, naming the field once (issue 31: the box was 833-992 px in a 580 px panel)."""
    bad = tmp_path / "bad-cards.json"
    bad.write_text('{"format": "senjutsu-cards", "cards": [}', encoding="utf-8")
    for width in (1280, 1600, 390):   # 390: a phone
        page = browser.new_page(viewport={"width": width, "height": 900})
        open_lobby(page, server)
        page.wait_for_selector(".seat-kind[data-seat='1']")
        page.select_option("#game", "senjutsu")
        page.wait_for_function("() => !document.getElementById('table-box').hidden")
        page.set_input_files("#table-file", str(bad))
        page.wait_for_function("() => document.getElementById('table-error').textContent.includes('not JSON')")
        error = page.locator("#table-error").inner_text()
        assert "column" in error and "cards: cards" not in error, error
        fit = page.evaluate(FITS)
        assert fit == {"box": True, "upload": True, "error": True, "shown": True}, (width, fit)
        assert page.locator("#table-box").inner_text().count(error) == 1   # once, in the error line only
        for game in ("rokugan", "risingsun"):   # the same box holds the rules file and the war file
            page.select_option("#game", game)
            page.wait_for_function(f"() => document.getElementById('table-box').dataset.game === '{game}'")
            box = page.evaluate(FITS)
            assert box == {"box": True, "upload": True, "error": True, "shown": False}, (width, game, box)
        page.close()
