"""Translations: English and Polish have the same keys, and every key the pages use exists."""

from __future__ import annotations

import json
import random
import re
from importlib import resources
from pathlib import Path

import pytest

from daimyo.rokugan import new_game
from daimyo.words import catalogue
from daimyo.rokugan.records import PHASES

STATIC = Path(__file__).resolve().parents[2] / "daimyo" / "web" / "static"
EN, PL = catalogue("en"), catalogue("pl")   # the words of every page: daimyo/words, served at /api/words/<lang>


def _data(name: str) -> dict:
    return json.loads(resources.files("daimyo.rokugan").joinpath(f"data/{name}.json").read_text(encoding="utf-8"))


def test_english_and_polish_have_the_same_keys():
    assert set(EN) == set(PL)


def test_both_languages_fill_in_the_same_placeholders():
    for key in EN:
        assert set(re.findall(r"\{(\w+)\}", EN[key])) == set(re.findall(r"\{(\w+)\}", PL[key])), key


def test_no_translation_is_empty_except_the_empty_prompt():
    assert [k for k in EN if not EN[k]] == ["awaiting.none"]
    assert [k for k in PL if not PL[k]] == ["awaiting.none"]


def _literal_keys() -> set[str]:
    """Every translation key written out in the JavaScript and HTML (not the ones built from a prefix)."""
    namespaces = {k.split(".")[0] for k in EN if "." in k}
    keys = set()
    for path in STATIC.glob("*.js"):
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"\bt\(\s*\"([^\"]+)\"", text):
            if not m.group(1).endswith("."):
                keys.add(m.group(1))
        for m in re.finditer(r"\"([a-z]+\.[A-Za-z0-9_.-]*[A-Za-z0-9_-])\"", text):
            if m.group(1).split(".")[0] in namespaces:
                keys.add(m.group(1))
    for path in STATIC.glob("*.html"):
        keys |= set(re.findall(r"data-i18n(?:-title)?=\"([^\"]+)\"", path.read_text(encoding="utf-8")))
    return keys


def test_every_key_written_in_the_pages_exists():
    keys = _literal_keys()
    assert len(keys) > 100
    assert sorted(keys - set(EN)) == []


def test_names_of_every_clan_territory_card_objective_special_token_and_phase_exist():
    need = {f"clan.{c['id']}" for c in _data("clans")["clans"]}
    need |= {f"territory.{t['id']}" for t in _data("board")["territories"]}
    need |= {f"card.{c['id']}" for c in _data("territory_cards")["cards"]} | {"card.scout", "card.shugenja", "card.first-player"}
    need |= {f"objective.{o['id']}" for o in _data("objectives")["objectives"]}
    need |= {f"special.{s}" for s in _data("components")["special_tokens"]}
    need |= {f"initiative.{c['id']}" for c in _data("initiative")["neutral"]}
    need |= {f"phase.{p}" for p in PHASES}
    assert sorted(need - set(EN)) == []


def test_what_every_card_clan_ability_and_objective_condition_does_is_written():
    need = {f"cardtext.{c['id']}" for c in _data("territory_cards")["cards"]} | {"cardtext.scout", "cardtext.shugenja", "cardtext.first-player"}
    need |= {f"ability.{c['id']}" for c in _data("clans")["clans"]}
    need |= {f"objcond.{o['condition']}" for o in _data("objectives")["objectives"]}
    assert sorted(need - set(EN)) == []
    # the objective sentences take every argument their condition has
    for o in _data("objectives")["objectives"]:
        wanted = set(re.findall(r"\{(\w+)\}", EN[f"objcond.{o['condition']}"])) - {"honor"}
        given = {"territory" if k == "territory" else "provinces" if k in ("provinces", "provinces_list") else k for k in o} - {"id", "name", "honor", "condition"}
        assert wanted == given, o["id"]


@pytest.fixture(scope="module")
def played():
    """Event kinds, card sources and 'awaiting' values met in random games."""
    kinds, sources, awaiting = set(), set(), set()
    for seed in range(12):
        rnd = random.Random(seed)
        n = 2 + seed % 4
        clans = None if seed % 3 == 0 else rnd.sample(["crab", "crane", "dragon", "lion", "phoenix", "scorpion", "unicorn"], n)
        g = new_game(players=n, seed=seed, clans=clans)
        while not g.is_terminal():
            seat = g.to_act()[0]
            awaiting.add(g.view(seat)["awaiting"])
            for e in g.apply(rnd.choice(g.legal_actions(seat))):
                kinds.add(e.kind)
                if "source" in e.data:
                    sources.add(e.data["source"])
    return kinds, sources, awaiting


def test_every_event_kind_the_engine_emits_has_a_sentence(played):
    kinds, _, _ = played
    assert {"battle", "reveal", "removed", "final-scoring", "place"} <= kinds
    missing = [k for k in kinds if f"event.{k}" not in EN and not any(key.startswith(f"event.{k}-") for key in EN)]
    assert missing == []


def test_every_source_and_prompt_has_words(played):
    _, sources, awaiting = played
    assert sorted(f"source.{s}" for s in sources if f"source.{s}" not in EN) == []
    keys = {"awaiting.card" if a.startswith("card:") else f"awaiting.{a}" for a in awaiting}
    assert sorted(keys - set(EN)) == []


def test_sentences_with_a_number_list_every_plural_form():
    """{n|one|other} in English, {n|one|few|many} in Polish (1 / 2-4 except 12-14 / other): every choice lists them all."""
    import re
    choice = re.compile(r"\{(\w+)\|([^{}]*)\}")
    plural = [k for k in EN if choice.search(EN[k])]
    assert {"lobby.open_seats", "join.open_seats"} <= set(plural)
    for key in plural:
        assert all(len(forms.split("|")) == 2 for _, forms in choice.findall(EN[key])), key
        assert all(len(forms.split("|")) == 3 for _, forms in choice.findall(PL[key])), key
    # Polish inflects where English does not ("{n} focus", "{n} coins" of an engine message that must stay word for
    # word): it may have a choice the English sentence lacks, never the other way round
    polish = [k for k in PL if choice.search(PL[k])]
    assert [k for k in polish if k in set(plural)] == plural
    assert all(k.startswith("err.") for k in set(polish) - set(plural)), set(polish) - set(plural)
