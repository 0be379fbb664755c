"""A move on its way (docs/web.md, "The client"): from the moment a player's move is sent until the server's state that
acknowledges it, the page takes no second move; another seat's state, which the server sent before it took ours, does
not end that wait, and a chat line or a mute starts none. A decision several seats make at once is taken in whichever
order the seats' messages reach the server. Two people on their own devices against one server in this process; the
network between one of them and the server held by Playwright's WebSocket routing, so that the other's move is told
first, as it is when both choose at once. Debian's chromium through Playwright.
"""

from __future__ import annotations

import pytest

from tests.web.conftest import needs_chromium, patient
from tests.web.test_play_browser import Person, _api, _until

pytestmark = needs_chromium


def _seat_pages(server: str, browser, game: str, route=None, **options):
    """A table of ``game`` (with its table ``options``) for two people, Ann (seat 0, the host) and Bo (seat 1), each
    on a device of their own, both pages at the first step; ``route(ws)`` handles Ann's WebSocket (Playwright's
    ``route_web_socket``)."""
    created = _api(server, "/api/games", {"game": game, "sit": 0, "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human"}],
                                          **options})
    gid = created["id"]
    claimed = _api(server, f"/api/games/{gid}/claim", {"code": created["invite"]["code"], "seat": 1, "name": "Bo"})
    ann, bo = Person(browser), Person(browser)
    for person in (ann, bo):   # Senjutsu's story of each turn off: a state's decisions show as it comes
        person.ctx.add_init_script("localStorage.setItem('daimyo:sj:pace', 'off')")
    if route is not None:
        ann.page.route_web_socket("**/ws/games/**", route)
    for person, seat, token in ((ann, 0, created["you"]["token"]), (bo, 1, claimed["token"])):
        person.page.goto(f"{server}/game/{gid}#seat={seat}&token={token}")
        person.page.wait_for_function("() => document.body.dataset.seq === '0'")
    return ann, bo


class Held:
    """Ann's side of the network: her messages to the server pass, except while ``holding``, when they wait in
    ``held`` until :meth:`release`; the server's messages to her always pass."""

    def __init__(self):
        self.holding = False
        self.held: list = []
        self.to_server = None

    def __call__(self, ws):
        server = ws.connect_to_server()
        self.to_server = server
        ws.on_message(lambda m: self.held.append(m) if self.holding else server.send(m))

    def release(self):
        self.holding = False
        for m in self.held:
            self.to_server.send(m)
        self.held = []


def test_a_card_chosen_stays_the_only_one_while_the_other_s_choice_arrives_first(server, browser):
    """Senjutsu's Choose: Ann chooses a card; Bo's choice reaches the server first, and its state reaches Ann with her
    hand still open (the server had not taken her card yet). Her page keeps her move on its way and takes no second
    card; her card then arrives and is taken, with no error ("it is not your turn"), and the turn goes on."""
    net = Held()
    ann, bo = _seat_pages(server, browser, "senjutsu", route=net)
    a, b = ann.page, bo.page
    # the setup, one move at a time from whoever is to act, up to the first Choose
    for _ in range(40):
        _until(lambda: a.evaluate("G.seq") == b.evaluate("G.seq"))   # both pages at the same step
        if a.evaluate("G.view.phase") == "choose" and a.evaluate("G.legal.length") and b.evaluate("G.legal.length"):
            break
        mover = a if a.evaluate("G.legal.length") else b
        seq = mover.evaluate("G.seq")
        mover.evaluate("send(G.legal[0])")
        mover.wait_for_function(f"() => G.seq !== {seq} && document.body.dataset.busy !== '1'")
    assert a.evaluate("G.view.phase") == "choose" and a.evaluate("G.legal.length") > 1

    seq = int(a.evaluate("G.seq"))
    net.holding = True
    cards = a.locator("#hand .sj-card.playable")
    assert cards.count() > 1
    cards.first.click()
    a.wait_for_function("() => document.body.dataset.busy === '1'")
    assert len(net.held) == 1 and '"act"' in str(net.held[0])
    b.evaluate("send(G.legal[0])")   # Bo's card: the server takes it and tells Ann, whose card it has not seen
    a.wait_for_function(f"() => G.seq > {seq}", timeout=patient(10000))
    assert a.evaluate("G.legal.length") > 1   # her hand, as the server saw it before her card
    assert a.evaluate("document.body.dataset.busy") == "1", "another seat's state ended the wait for Ann's own move"
    a.locator("#hand .sj-card.playable").last.click()   # a second card, as a quick second click sends it
    assert len(net.held) == 1, "a second move went out while the first was on its way"

    net.release()
    a.wait_for_function("() => document.body.dataset.busy !== '1'", timeout=patient(10000))
    assert a.locator("#message.error").count() == 0, a.inner_text("#message")
    assert a.evaluate("G.view.phase") != "choose" or a.evaluate("G.view.turn") > 1
    assert ann.problems() == [] and bo.problems() == []


def test_a_player_who_mutes_another_can_still_move(server, browser):
    """Battle for Rokugan: both players keep an objective; the player to place mutes the other's chat, then places a
    control token by clicking a lit province. A mute is no move: nothing waits for its acknowledgement, and the
    clicks are taken."""
    ann, bo = _seat_pages(server, browser, "rokugan")
    for person in (ann, bo):   # the objectives, kept by both at once
        person.page.locator("#actions button.act").first.click()
    ann.page.wait_for_function("() => document.body.dataset.phase !== 'setup-objectives' && document.body.dataset.busy !== '1'")
    bo.page.wait_for_function("() => document.body.dataset.phase !== 'setup-objectives' && document.body.dataset.busy !== '1'")
    mover, other = (ann, bo) if ann.page.evaluate("G.legal.length") else (bo, ann)
    p = mover.page
    seat = 1 if mover is ann else 0
    p.click(f"#chat-mutes button.mute[data-seat='{seat}']")
    p.wait_for_selector(f"#chat-mutes button.mute[data-seat='{seat}'][aria-pressed='true']")
    seq = p.evaluate("document.body.dataset.seq")
    assert p.evaluate("document.body.dataset.phase") == "setup-control"   # Setup 10: a control token, one click
    p.wait_for_function("() => Number(document.body.dataset.lit) > 0")
    p.locator("#board [data-place].lit").first.click()   # a lit province: the control token placed there
    p.wait_for_function(f"() => document.body.dataset.seq !== '{seq}'", timeout=patient(5000))
    assert p.locator("#message.error").count() == 0, p.inner_text("#message")
    assert mover.problems() == [] and other.problems() == []


# (game, its table options, the decision both make at once)
AT_ONCE = [
    ("rokugan", {}, "setup-objectives"),          # Setup 5, "Distribute Secret Objectives": one objective kept each
    ("senjutsu", {"prepare": True}, "prepare"),   # Player Setup 7: prepared cards, in several steps each
]


@pytest.mark.parametrize(("game", "options", "phase"), AT_ONCE, ids=[g for g, _, _ in AT_ONCE])
def test_a_decision_both_make_at_once_is_taken_whichever_reaches_the_server_first(server, browser, game, options, phase):
    """Battle for Rokugan's secret objectives and Senjutsu's prepared cards are decided by both players at the same
    time. Bo's step reaches the server first; Ann's, sent before she saw his, is still taken: a decision several seats
    make at once goes without the step number that would make it stale, as Senjutsu's card and Rising Sun's bid do."""
    net = Held()
    ann, bo = _seat_pages(server, browser, game, route=net, **options)
    a, b = ann.page, bo.page
    assert a.evaluate("G.view.phase") == phase and a.evaluate("G.view.to_act.length") == 2
    net.holding = True
    a.locator("#actions button.act").first.click()
    a.wait_for_function("() => document.body.dataset.busy === '1'")
    b.locator("#actions button.act").first.click()
    a.wait_for_function("() => G.seq === 1", timeout=patient(10000))   # Bo's step, told to Ann
    net.release()
    a.wait_for_function("() => document.body.dataset.busy !== '1'", timeout=patient(10000))
    assert a.locator("#message.error").count() == 0, a.inner_text("#message")
    assert a.evaluate("G.seq") == 2
    assert ann.problems() == [] and bo.problems() == []
