"""The protocol a language model can play from (issue 27, section 4): a ``start`` message with the game's static
facts, a text rendering of the seat's view at each decision (within about 2,000 tokens in Battle for Rokugan), the
events and the end of an arena game for exec bots as in a live one, and an agent that plays from the text alone."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from daimyo.arena.play import play_spec
from daimyo.arena.schedule import GameSpec
from daimyo.bots.external import observation, start_message
from daimyo.bots.random_bot import RandomBot
from daimyo.bots.text import sentences
from daimyo.core.registry import game
from daimyo.rokugan.data import RULES

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
RECORDER = f"{sys.executable} {HERE / 'recording_bot.py'}"
AGENT = f"{sys.executable} {ROOT / 'examples' / 'text_agent.py'}"


def _spec(name: str, bots: tuple[str, ...], seed: int = 4) -> GameSpec:
    info = game(name)
    if name == "risingsun":
        return GameSpec(0, seed, bots, ("lotus", "dragonfly", "turtle", "koi"), name,
                        start=info.open_example("seed-example"), start_name="seed-example")
    seats = ("kaze", "hana") if name == "senjutsu" else ("crab", "lion")
    return GameSpec(0, seed, bots, seats, name)


@pytest.mark.parametrize("name", ["rokugan", "senjutsu", "risingsun"])
def test_an_exec_bot_in_the_arena_gets_the_start_every_decision_with_its_events_and_the_end(name, tmp_path):
    log = tmp_path / "messages.jsonl"
    players = 4 if name == "risingsun" else 2
    row = play_spec(_spec(name, (f"exec:{RECORDER} {log}",) + ("random",) * (players - 1)))
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    kinds = [m["type"] for m in messages]
    assert kinds[0] == "start" and kinds[-1] == "end" and set(kinds[1:-1]) == {"decide"}
    start, end = messages[0], messages[-1]
    assert start["seat"] == 0 and start["facts"] and "\n" in start["text"]
    decides = messages[1:-1]
    assert len(decides) == sum(1 for line in row["record"].splitlines() if _is_seat0_action(line, name))
    assert all(m["text"] and m["legal"] and isinstance(m["events"], list) for m in decides)
    assert end["events"] and sum(len(m["events"]) for m in messages[1:]) > len(decides)   # the other seats' moves, the end
    assert end["view"] and end["result"] and end["text"]
    if name == "senjutsu":
        assert end["result"] == {"winners": end["view"]["winners"]}
    else:
        assert end["result"] == end["view"]["result"]


def _is_seat0_action(line: str, name: str) -> bool:
    """Whether a record line is an action of seat 0 (records name the actor first: ``crab: ...``, ``p1 ...``)."""
    first = line.split(":")[0].split(" ")[0]
    return {"rokugan": first in ("crab", "seat0"), "senjutsu": first == "p1", "risingsun": first == "lotus"}[name]


def test_a_rokugan_decision_in_words_stays_within_about_2000_tokens():
    """Every decision of 2- and 5-player games, with the events since the seat's last decision, measured as
    characters / 4 of the JSON line the program reads."""
    info = game("rokugan")
    most = 0
    for players, seed in ((2, 1), (5, 2), (5, 7)):
        s = info.setup(players, seed, [])
        bots = [RandomBot(seed * 10 + p) for p in range(players)]
        heard: dict[int, list[str]] = {p: [] for p in range(players)}
        while not s.is_terminal():
            seat = s.to_act()[0]
            legal = [info.move_text(s, seat, m) for m in s.legal_moves(seat)]
            message = observation("rokugan", seat, s.view(seat), legal, heard[seat], text_only=True)
            assert "view" not in message and "legal" not in message and message["legal_count"] == len(legal)
            most = max(most, len(json.dumps(message)) // 4)
            heard[seat] = []
            events = s.apply_move(seat, bots[seat].choose(s, seat))
            for p in range(players):
                heard[p] += sentences("rokugan", [e for e in events if e.visible(p)])
    assert 500 < most <= 2000, most


def test_the_start_message_holds_the_map_the_codes_and_the_cards_in_words():
    s = game("rokugan").setup(2, 1, [])
    start = start_message("rokugan", 0, s.view(0))
    provinces = start["facts"]["provinces"]
    assert "crab_2" in provinces["crab_1"]["borders"] and provinces["crab_1"]["capital_of"] == "crab"
    assert start["facts"]["tokens"]["a3"] and start["facts"]["tokens"]["dip"]
    assert "crab_1 (" in start["text"] and "a3: " in start["text"]
    duel = game("senjutsu").setup(2, 1, ["kaze", "hana"])
    cards = start_message("senjutsu", 0, duel.view(0), text_only=True, cards=duel.card_set)
    assert "quick-cut: " in cards["text"] and "facts" not in cards   # the deck's cards, each with its lines


def test_the_words_are_the_games_rules_not_the_process_default():
    """A game under a rules file (docs/designers.md) is told to an outside bot with the file's numbers: crab_1's
    defense and flowers, and an objective's honor (Secret Objectives), read from the game's state, while the process
    plays the standard rules by default; a standard game is told the printed ones."""
    from daimyo.bots.external import _cards
    from daimyo.bots.text.rokugan import mine
    from daimyo.rokugan.data_variant import active, parse_variant
    from daimyo.rokugan.state import RokuganState

    spec = {"format": "rokugan-rules", "name": "sail-crab", "provinces": {"crab_1": {"flowers": 5, "printed_defense": 3}},
            "objectives": {"way-of-the-sail": {"honor": 16}}}
    rules = parse_variant(json.dumps(spec), "v.json").rules
    s = RokuganState.new_game(players=2, seed=1, clans=["crab", "crane"], rules=rules)
    assert active() is None and _cards(s) is rules
    start = start_message("rokugan", 0, s.view(0), cards=_cards(s))
    assert (start["facts"]["provinces"]["crab_1"]["defense"], start["facts"]["provinces"]["crab_1"]["flowers"]) == (3, 5)
    assert "crab_1 (defense 3, coastal, capital of Crab, 5 flowers)" in start["text"]
    assert start["facts"]["objectives"]["way-of-the-sail"]["text"] == "Control at least 6 coastal provinces: 16 honor."
    you = {"you": {"clan": "crab", "seat": 0, "objective": "way-of-the-sail"}}
    assert "16 honor" in "\n".join(mine(you, "en", rules)) and "10 honor" in "\n".join(mine(you, "en", RULES))
    s.objective[0] = "way-of-the-sail"
    assert "Control at least 6 coastal provinces: 16 honor." in observation("rokugan", 0, s.view(0), [], cards=_cards(s))["text"]
    standard = RokuganState.new_game(players=2, seed=1, clans=["crab", "crane"])
    printed = start_message("rokugan", 0, standard.view(0), cards=_cards(standard))["facts"]
    assert (printed["provinces"]["crab_1"]["defense"], printed["provinces"]["crab_1"]["flowers"]) == (2, 2)
    assert printed["objectives"]["way-of-the-sail"]["text"].endswith(": 10 honor.")


def test_a_text_decision_names_the_seats_own_hand_pool_and_objective():
    info = game("rokugan")
    s = info.setup(2, 3, [])
    bots = [RandomBot(1), RandomBot(2)]
    while s.view(s.to_act()[0])["awaiting"] != "placement":
        seat = s.to_act()[0]
        s.apply_move(seat, bots[seat].choose(s, seat))
    seat = s.to_act()[0]
    you = s.view(seat)["you"]
    text = observation("rokugan", seat, s.view(seat), [info.move_text(s, seat, m) for m in s.legal_moves(seat)],
                       text_only=True)["text"]
    assert you["objective"] in text and "Behind your screen: " in text and "In your pool: " in text
    theirs = s.view(1 - seat)["you"]["objective"]
    assert theirs == you["objective"] or theirs not in text   # the other seat's secret stays hidden


@pytest.mark.parametrize("name", ["rokugan", "senjutsu", "risingsun"])
def test_the_example_text_agent_finishes_a_game(name):
    players = 4 if name == "risingsun" else 2
    row = play_spec(_spec(name, (f"exec-text:{AGENT} 5",) + ("random",) * (players - 1), seed=6))
    assert row["moves"] > 0 and row["returns"]
    assert any(_is_seat0_action(line, name) for line in row["record"].splitlines())


@pytest.mark.parametrize("name", ["rokugan", "senjutsu", "risingsun"])
def test_an_exec_bot_in_the_random_bots_play_loop_gets_its_events_and_the_end_as_in_the_arena(name, tmp_path):
    from daimyo.arena.play import start_state
    from daimyo.bots.random_bot import play
    from daimyo.bots.registry import make_bot
    log = tmp_path / "messages.jsonl"
    players = 4 if name == "risingsun" else 2
    spec = _spec(name, ("random",) * players)
    state = start_state(spec)
    bots = [make_bot(name, f"exec:{RECORDER} {log}", 1)] + [RandomBot(p) for p in range(1, players)]
    play(state, bots)
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    kinds = [m["type"] for m in messages]
    assert kinds[0] == "start" and kinds[-1] == "end" and set(kinds[1:-1]) == {"decide"}
    decides, end = messages[1:-1], messages[-1]
    assert decides and all(isinstance(m["events"], list) for m in decides)
    assert end["events"] and sum(len(m["events"]) for m in messages[1:]) > len(decides)   # the others' moves, the end
    assert end["view"] and end["result"]
    assert end["view"] == json.loads(json.dumps(state.view(0), default=str))
