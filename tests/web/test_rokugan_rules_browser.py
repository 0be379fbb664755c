"""The lobby's Battle for Rokugan rules file (docs/web.md, docs/designers.md "Playing a variant online"): a game
created from the lobby with a rules file is played under it."""

from __future__ import annotations

import json

from tests.web.conftest import needs_chromium, open_lobby

VARIANT = {"format": "rokugan-rules", "name": "short-peace", "components": {"rounds": 2, "special_tokens": {"peace": 9}}}


@needs_chromium
def test_a_rules_file_from_the_lobby_reaches_the_game(server, browser, tmp_path):
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_lobby(page, server)
    page.wait_for_selector(".seat-kind[data-seat='1']")
    page.select_option("#game", "rokugan")
    page.wait_for_function("() => !document.getElementById('table-box').hidden")
    assert page.locator("#table-box").get_attribute("data-game") == "rokugan"
    assert page.locator("#table-board").count() == 0   # Senjutsu's options are not Battle for Rokugan's
    # a bad file is refused with the reader's words, naming the field
    bad = tmp_path / "bad-rules.json"
    bad.write_text(json.dumps({**VARIANT, "components": {"rounds": 99}}), encoding="utf-8")
    page.set_input_files("#table-file", str(bad))
    page.wait_for_function("() => document.getElementById('table-error').textContent.includes(\"field 'components.rounds'\")")
    good = tmp_path / "rules.json"
    good.write_text(json.dumps(VARIANT), encoding="utf-8")
    page.set_input_files("#table-file", str(good))
    page.wait_for_function("() => document.getElementById('table-note').textContent.includes('short-peace')")
    assert page.locator("#table-error").inner_text() == ""
    # the note is said again in the page's language when it changes (a catalogue key and its numbers)
    page.select_option("#lang", "pl")
    page.wait_for_function("() => document.getElementById('table-note').textContent.includes('Plik zasad „short-peace” sprawdzony')")
    page.select_option("#lang", "en")
    page.wait_for_function("() => document.getElementById('table-note').textContent.includes(\"Rules file 'short-peace' checked\")")
    page.click("#create")
    page.locator("#play-link").wait_for()
    href = page.locator("#play-link").get_attribute("href")
    gid, token = href.split("/game/")[1].split("#")[0], href.split("token=")[1]
    # the game's page reads the table's numbers (its seat's token shows the game, which is not public)
    page.goto(server + href)
    page.wait_for_function("() => document.body.dataset.seq !== '-1'")
    rounds = page.evaluate(f"async () => (await (await fetch('/api/rokugan/data?game={gid}', "
                           f"{{headers: {{'X-Daimyo-Key': '{token}'}}}})).json()).components.rounds")
    assert rounds == 2, href
    assert page.evaluate("() => Object.keys(DATA.objectives).length") > 0
    open_lobby(page, server)
    page.wait_for_selector(".seat-kind[data-seat='1']")
    page.select_option("#game", "senjutsu")
    page.wait_for_function("() => document.getElementById('table-box').dataset.game === 'senjutsu'")
    assert page.locator("#table-board").is_visible() and page.locator("#table-note").inner_text() == "Sample cards only"
    assert not errors, errors
