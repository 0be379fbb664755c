"""The Senjutsu page's words: every event kind, action verb, phase, Kamae, facing, effect, terrain and card type the
engine and the sample set use has a sentence in English (and so in Polish: test_i18n checks the keys are equal)."""

from __future__ import annotations

import random

import pytest

from daimyo.senjutsu import new_game
from daimyo.senjutsu.cards import CELL_EFFECTS, KAMAE, TYPES, sample_set
from daimyo.senjutsu.hexgrid import FACINGS, RELATIVE
from daimyo.senjutsu.state import TERRAIN
from daimyo.senjutsu.game import terrain as senjutsu_terrain
from daimyo.words import catalogue

EN, PL = catalogue("en"), catalogue("pl")   # the words of every page: daimyo/words, served at /api/words/<lang>


@pytest.fixture(scope="module")
def played():
    """Event kinds, action verbs and phases met in random duels of 2 to 4 duellists."""
    kinds, verbs, phases, words = set(), set(), set(), set()
    chars = list(sample_set().characters)
    for seed in range(10):
        rnd = random.Random(seed)
        n = 2 + seed % 3
        g = new_game(rnd.sample(chars, n), seed=seed, terrain=senjutsu_terrain(seed))
        while not g.is_terminal():
            phases.add(g.phase)
            seat = g.to_act()[0]
            action = rnd.choice(g.legal_actions(seat))
            verb, _, arg = action.text.partition(" ")
            verbs.add(verb)
            words.add((verb, arg))
            for e in g.apply(action):
                kinds.add(e.kind)
        phases.add(g.phase)
    return kinds, verbs, phases, words


def test_every_event_kind_has_a_sentence(played):
    kinds, _, _, _ = played
    assert {"reveal", "resolve", "attack", "harm", "moved", "game-over"} <= kinds
    split = {"attack": ("attack-hit", "attack-miss"), "speed": ("speed-alt", "speed-normal")}
    need = {f"sj.event.{k}" for kind in kinds for k in split.get(kind, (kind,))}
    assert sorted(need - set(EN)) == []


def test_every_action_verb_has_a_prompt_and_its_answers_have_words(played):
    _, verbs, phases, words = played
    assert {"place", "play", "move"} <= verbs
    assert sorted(f"sj.ask.{v}" for v in verbs if f"sj.ask.{v}" not in EN) == []
    fixed = {("speed", a) for a in ("alt", "normal")} | {("focus", a) for a in ("pay", "skip")} | {("turn", a) for a in ("left", "right", "no")}
    need = {f"sj.act.{v}.{a}" for v, a in words if (v, a) in fixed}
    need |= {f"sj.act.{v}_no" for v, a in words if a in ("no", "none")}
    assert sorted(need - set(EN)) == []
    assert sorted(f"sj.phase.{p}" for p in phases | {"terrain", "prepare"} if f"sj.phase.{p}" not in EN) == []


def test_every_name_the_page_builds_exists():
    need = {f"sj.kamae.{k}" for k in KAMAE} | {f"sj.facing.{f}" for f in FACINGS} | {f"sj.effect.{e}" for e in CELL_EFFECTS}
    need |= {f"sj.terrain.{t}" for t in TERRAIN} | {f"sj.terrain_effect.{t}" for t in TERRAIN}
    need |= {f"sj.type.{t}" for t in TYPES} | {"sj.type.core_ability", "sj.type.core_weapon"}
    need |= {f"sj.atom.{a}" for a in (*RELATIVE, "L", "R")}
    cards = sample_set().cards.values()
    need |= {f"sj.line.step.{m['step']}" for c in cards for ln in c.lines if "move" in ln for m in ln["move"] if "step" in m}
    need |= {f"sj.card.instant.{c.instant}" for c in cards if c.instant}
    assert sorted(need - set(EN)) == []
    assert sorted(need - set(PL)) == []


def test_polish_words_differ_from_english_where_they_should():
    assert PL["sj.event.reveal"] != EN["sj.event.reveal"] and PL["sj.kamae.balance"] != EN["sj.kamae.balance"]


def test_every_sample_card_and_character_has_its_name_in_both_languages():
    """The sample set's names in the catalogue: English as the data file prints them, Polish translated."""
    s = sample_set()
    for prefix, items in (("sj.cardname.", s.cards.values()), ("sj.charname.", s.characters.values())):
        for c in items:
            assert EN[prefix + c.id] == c.name
            assert PL[prefix + c.id] and PL[prefix + c.id] != c.name or c.name == "Gambit", c.id


def test_polish_counts_agree_with_the_number():
    """Polish takes one form for 1, another for 2-4 (not 12-14) and a third for 5 and more: "1 krok", "3 kroki",
    "5 kroków" (the same rule as Intl.PluralRules in the browser)."""
    from daimyo.words import fill

    got = [fill(PL["sj.line.step.forward"], {"n": n}, "pl") for n in (1, 3, 5, 12, 22)]
    assert got == ["1 krok do przodu", "3 kroki do przodu", "5 kroków do przodu", "12 kroków do przodu", "22 kroki do przodu"]
    assert fill(EN["sj.line.step.forward"], {"n": 2}, "en") == "2 steps forward"
    assert fill(PL["sj.line.draw"], {"n": 2}, "pl") == "dobierz 2 karty"


def test_block_cells_are_words_in_polish():
    from daimyo.core.game import Event
    from daimyo.words.senjutsu import SenjutsuWords

    e = Event("block", {"seat": "p1", "initiative": 5, "cells": ["F", "FL", "F+FR"]})
    pl = SenjutsuWords("pl", {"p1": "Kaze the Wanderer"}, {}).sentence(e)
    assert "przód, przód-lewo, przód+przód-prawo" in pl and " F " not in pl
