"""The rulebook rule and section names a refusal cites (``RuleViolation.rule``) are said from the catalogue
(``rule.<game>.*`` in daimyo/words/*.json, daimyo/words/errors.py ``rule_name``): every name the engines of the three
games can give (collected from the code, tests/words/rule_names.py) has a key in both catalogues whose English is
the name word for word, and a Polish refusal names its section in Polish in the terminal, in the server's error
and on the page."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from importlib import resources
from pathlib import Path

import pytest

from daimyo.core.errors import RuleViolation
from daimyo.core.game import Action
from daimyo.words import catalogue, fill
from daimyo.words.errors import rule_key, rule_name, rule_names, rule_text
from tests.words.rule_names import GAMES, PART, rule_names as engine_rule_names

EN, PL = catalogue("en"), catalogue("pl")
_NAMES = re.compile(r"\{(\w+)")
CLIENT_JS = Path(__file__).parents[2] / "daimyo" / "web" / "static" / "client.js"


@pytest.mark.parametrize("prefix", sorted(GAMES))
def test_every_rule_name_the_engines_give_has_a_key_in_both_catalogues(prefix):
    names = engine_rule_names(prefix)
    assert len(names) >= 8
    keys = set()
    for name in sorted(names):
        sample = name.replace(PART, "Spy Network")   # a part filled at run time: a territory card's name
        found = rule_key(sample, prefix)
        assert found is not None, f"{prefix}: no rule.{prefix}.* key in en.json says the rule name {name!r}"
        key, params = found
        assert key.startswith(f"rule.{prefix}."), f"{name!r} is said by another game's key {key}"
        assert fill(EN[key], params, "en") == sample
        assert key in PL, f"no Polish for {key}"
        assert set(_NAMES.findall(PL[key])) == set(_NAMES.findall(EN[key])), key
        assert PL[key] != EN[key], f"{key}: the Polish is the English"
        keys.add(key)
    ours = {k for k in EN if k.startswith(f"rule.{prefix}.")}
    assert ours == keys, f"rule names no engine gives: {sorted(ours - keys)}"
    assert {k for k in PL if k.startswith(f"rule.{prefix}.")} == ours


def test_the_collector_finds_the_names_of_each_way_of_giving_one():
    rk, sj, rs = (engine_rule_names(p) for p in ("rk", "sj", "rs"))
    assert {"The Combat Tokens: Army", "Clans: Dragon", "Territory cards: {}", "Playing the Game",
            "Action notation (docs/rokugan-notation.md)", "Setup 3. Choose Clans"} <= rk
    assert {"Reveal", "Player Setup 11-12", "Gameplay Overview", "Optional Focus Cost", "Push X / Pull X", "Setup"} <= sj
    assert {"A battle 2. Secret bids", "Clans in war: Daimyo figures cannot be taken hostage", "War Phase"} <= rs


def test_rule_names_in_polish():
    assert rule_name("The Combat Tokens: Army", "pl") == "Żetony walki: Armia"
    assert rule_name("The Combat Tokens: Army", "en") == "The Combat Tokens: Army"
    assert rule_name("Territory cards: Spy Network", "pl", "rk") == "Karty terytoriów: " + PL["card.spy-network"]
    assert rule_name("Territory cards: A Card Of A Rules File", "pl", "rk") == "Karty terytoriów: A Card Of A Rules File"
    assert rule_name("Upkeep Phase 1. Determine First Player", "pl") == "Faza utrzymania 1. Wybór pierwszego gracza"
    assert rule_name("A battle 2. Secret bids", "pl", "rs") == "Bitwa 2. Tajne stawki"
    assert rule_name("a section nobody wrote", "pl") == "a section nobody wrote"
    assert rule_name("", "pl") == "" and rule_name(None, "pl") == ""


def _refusal(game: str) -> RuleViolation:
    """A real refusal of each game."""
    if game == "rokugan":
        from daimyo.rokugan import new_game
        g = new_game(players=3, seed=1, clans=["crab", "lion", "crane"])
        text = "frobnicate"
    elif game == "senjutsu":
        from daimyo.senjutsu import new_game
        g = new_game(["kaze", "tetsu"], seed=0, terrain=[("rock", [(0, 0)])])
        text = "play nothing-of-the-kind"
    else:
        from daimyo.risingsun.record import Recorder
        g = Recorder((resources.files("daimyo.risingsun") / "examples" / "seed-example.war").read_text()).state
        text = "hostage 999"
    with pytest.raises(RuleViolation) as err:
        g.apply(Action(g.to_act()[0], text))
    return err.value


@pytest.mark.parametrize("game", ["rokugan", "senjutsu", "risingsun"])
def test_a_polish_refusal_names_its_section_in_polish(game):
    from daimyo.server.wire import ActError

    e = _refusal(game)
    prefix = {v: k for k, v in GAMES.items()}[game]
    key, _ = rule_key(e.rule, prefix)
    polish = rule_name(e.rule, "pl", prefix)
    assert polish == fill(PL[key], None, "pl") != e.rule
    assert rule_text(e, "pl", with_rule=True) == f"{rule_text(e, 'pl')} [{polish}]"
    assert rule_text(e, "en", with_rule=True) == f"{e.message} [{e.rule}]"
    assert rule_names(e) == {"en": e.rule, "pl": polish}
    msg = ActError.illegal(e, prefix).to_message()   # what the server sends: English for programs, every language for people
    assert msg["rule"] == e.rule and msg["rule_texts"] == {"en": e.rule, "pl": polish}
    assert msg["reason"]["texts"]["pl"] == rule_text(e, "pl")


def test_an_error_without_a_rule_sends_no_rule_texts():
    from daimyo.server.wire import ActError

    msg = ActError.illegal(RuleViolation("an old message", "")).to_message()
    assert "rule" not in msg and "rule_texts" not in msg


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_the_page_shows_the_section_in_its_language():
    """client.js's refusalText (the message line of every game's page) says the section of ``rule_texts`` in the page's
    language, and the English ``rule`` where the server sent no texts."""
    from daimyo.server.wire import ActError

    src = CLIENT_JS.read_text(encoding="utf-8")
    fn = re.search(r"^function refusalText\(msg\) \{.*?^\}", src, re.M | re.S).group(0)
    e = RuleViolation("you cannot attack crab_2: you control it", "Placing Combat Tokens", "rk.you_cannot_attack_you",
                      {"province": "crab_2"})
    msg = ActError.illegal(e, "rk").to_message()
    bare = {"type": "error", "code": "illegal", "message": "m", "rule": "Placing Combat Tokens"}
    script = (f"{fn}\nconst out = {{}};\nfor (const lang of ['en', 'pl']) {{ globalThis.I18N = {{ lang }}; "
              f"out[lang] = [refusalText({json.dumps(msg)}), refusalText({json.dumps(bare)})]; }}\n"
              "console.log(JSON.stringify(out));")
    out = json.loads(subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True).stdout)
    assert out["pl"][0] == f"{rule_text(e, 'pl')} [Umieszczanie żetonów walki]"
    assert out["en"][0] == "you cannot attack crab_2: you control it [Placing Combat Tokens]"
    assert out["pl"][1] == out["en"][1] == "m [Placing Combat Tokens]"
