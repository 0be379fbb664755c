"""Senjutsu's reveal as a story, in a real browser (issue 11): once both cards are chosen they lie face up together
with the initiative order, then the turn is shown one step at a time (the player advances it, or it goes by itself),
the board and the log showing only the steps reached and the next decision offered only at the end; "skip to the
end" shows the rest at once. Everything comes from the events the server sent this seat."""

from __future__ import annotations

import random
import time

from tests.web.conftest import needs_chromium, patient
from tests.web.senjutsu_helpers import open_duel

pytestmark = needs_chromium


def _act_at_random(page, rnd):
    """One of our legal actions, sent as the page sends it; waits until the server has answered."""
    legal = page.evaluate("G.legal")
    page.evaluate("(a) => send(a)", rnd.choice(legal))
    page.wait_for_function("() => document.body.dataset.busy !== '1'")


def test_the_turn_is_revealed_then_resolved_step_by_step(server, browser):
    page, errors = open_duel(server, browser, pace="manual")
    rnd = random.Random(4)
    stories = steps_seen = moves_seen = 0
    deadline = time.monotonic() + 120
    while stories < 3 and page.evaluate("document.body.dataset.phase") != "over":
        assert time.monotonic() < deadline, "no story came"
        if page.evaluate("document.body.dataset.story") != "1":
            if page.evaluate("G.legal.length"):
                _act_at_random(page, rnd)
            else:
                time.sleep(0.1)
            continue
        stories += 1
        # the reveal: every chosen card face up together, named, with its duellist
        st = page.evaluate("G.stage")
        assert st["revealed"] and len(st["cards"]) == 2
        assert page.locator("#stage-cards .stage-card").count() == 2
        for seat, card in st["cards"].items():
            shown = page.locator(f"#stage-cards .stage-card[data-seat='{seat}'] .sj-card")
            assert shown.get_attribute("data-card") == card
        # while the story plays nothing can be chosen, and the log and board are at the step reached, not the end
        assert page.locator("#actions button").count() == 0 and page.locator("#hand .sj-card.playable").count() == 0
        assert page.inner_text("#prompt") == "The turn is being resolved, step by step (Next step, or Skip to the end)."
        while page.evaluate("document.body.dataset.story") == "1":
            queued, logged = page.evaluate("[STORY.queue.length, G.log.length]")
            line = page.inner_text("#story-line")
            assert line and page.inner_text("#log").strip().endswith(line)   # the step's sentence is the log's last line
            last = page.evaluate("G.log[G.log.length - 1]")
            if last["kind"] == "order":
                # the initiative order, with each duellist's initiative, as the order event says
                items = page.locator("#order li")
                assert items.count() == len(last["segments"])
                assert page.locator("#stage-cards .init-badge").count() >= 1
            if last["kind"] == "resolve":
                assert page.locator(f"#stage-cards .stage-card.resolving[data-seat='{last['seat']}']").count() == 1
                assert page.locator("#order li.now").count() == 1
            if last["kind"] == "moved":
                # the character stands where the step says (the board is at this step), facing that way
                fig = page.locator(f"#board .figure[data-seat='{last['seat']}']")
                assert fig.get_attribute("data-hex") == last["hex"] and fig.get_attribute("data-facing") == last["facing"]
                moves_seen += 1
            if last["kind"] == "harm":
                assert page.locator(f"#board .hit-mark[data-seat='{last['seat']}']").count() >= 1
            if last["kind"] == "block":
                assert page.locator("#board .block-mark").count() >= 1
            if stories == 3 and queued:
                # skip to the end: every event left at once, and the decisions come back
                page.click("#story-skip")
                break
            page.click("#story-next")
            steps_seen += 1
            if queued:
                assert page.evaluate("G.log.length") > logged
        page.wait_for_function("() => document.body.dataset.story === '0'")
        assert page.evaluate("STORY.queue.length") == 0
        assert page.evaluate("JSON.stringify(G.view) === JSON.stringify(STORY.target.view)")
    assert stories == 3 and steps_seen >= 6 and moves_seen >= 1
    # the help on initiative, advantage, blocks and counters is one click away
    page.click("#sj-help summary")
    help_text = page.inner_text("#sj-help")
    for word in ("Initiative", "Advantage", "Blocks", "Counters"):
        assert word in help_text
    assert not errors, errors


def test_the_story_goes_by_itself_at_its_pace(server, browser):
    page, errors = open_duel(server, browser, pace="fast")
    rnd = random.Random(8)
    seen = False
    deadline = time.monotonic() + 60
    while not seen:
        assert time.monotonic() < deadline
        if page.evaluate("document.body.dataset.story") == "1":
            seen = True
            first = page.evaluate("G.log.length")
            page.wait_for_function(f"() => G.log.length > {first}", timeout=patient(5000))   # a step came by itself
            page.wait_for_function("() => document.body.dataset.story === '0'", timeout=patient(20000))
        elif page.evaluate("G.legal.length"):
            _act_at_random(page, rnd)
        else:
            time.sleep(0.05)
    # the turn's cards stay face up (as the last turn's) while the next cards are chosen
    assert page.locator("#stage-cards .stage-card").count() == 2
    if page.evaluate("document.body.dataset.phase") == "choose":
        assert page.locator("#stage-cards h3.last-turn").count() == 1 and page.locator("#stage-cards .turn-card").count() == 2
    assert not errors, errors
