"""The word catalogue (daimyo/words): one template per key in every language, plural forms, and a sentence for
every event kind each game declares (daimyo/<game>/events.py) and emits."""

from __future__ import annotations

import re

import pytest

from daimyo.core.game import Event
from daimyo.rokugan import events as rokugan_events_decl
from daimyo.risingsun import events as risingsun_events_decl
from daimyo.senjutsu import events as senjutsu_events_decl
from daimyo.words import LANGS, catalogue, fill, plural_index, t
from daimyo.words.risingsun import lines as rs_lines
from daimyo.words.rokugan import RokuganWords
from daimyo.words.senjutsu import SPLIT, SenjutsuWords
from tests.words.helpers import risingsun_events, rokugan_events, senjutsu_cards, senjutsu_duels

EN, PL = catalogue("en"), catalogue("pl")
_PARAM = re.compile(r"\{(\w+)(\|[^{}]*)?\}")


def test_every_language_has_the_same_keys_and_parameters():
    assert set(EN) == set(PL)
    for key in EN:
        assert {m[0] for m in _PARAM.findall(EN[key])} == {m[0] for m in _PARAM.findall(PL[key])}, key


def test_plural_forms_have_as_many_words_as_the_language_has_forms():
    """English: one / other; Polish: one / few / many."""
    forms = {"en": 2, "pl": 3}
    seen = 0
    for lang in LANGS:
        for key, s in catalogue(lang).items():
            for name, words in _PARAM.findall(s):
                if words:
                    seen += 1
                    assert words.count("|") == forms[lang], f"{lang} {key}: {{{name}{words}}}"
    assert seen >= 10


@pytest.mark.parametrize("n,en,pl", [(0, 1, 2), (1, 0, 0), (2, 1, 1), (4, 1, 1), (5, 1, 2), (11, 1, 2), (12, 1, 2), (14, 1, 2),
                                     (21, 1, 2), (22, 1, 1), (24, 1, 1), (25, 1, 2), (102, 1, 1), (112, 1, 2), (122, 1, 1)])
def test_plural_rule(n, en, pl):
    assert plural_index(n, "en") == en and plural_index(n, "pl") == pl


def test_fill_puts_values_and_agreeing_words_and_leaves_unknown_parameters():
    assert fill("{n} {n|żeton|żetony|żetonów}", {"n": 3}, "pl") == "3 żetony"
    assert fill("{n} {n|żeton|żetony|żetonów}", {"n": 13}, "pl") == "13 żetonów"
    assert fill("{n} {n|token|tokens}", {"n": 1}, "en") == "1 token"
    assert fill("{a} and {b}", {"a": 1}, "en") == "1 and {b}"
    assert t("event.draw", {"clan": "Krab", "count": 2}, "pl") == "Krab: dobiera 2 żetony walki."
    assert t("no.such.key", None, "pl") == "no.such.key"
    with pytest.raises(ValueError, match="no words in language 'xx'"):
        catalogue("xx")


def test_the_last_line_of_defense_asks_for_the_capital_or_two_provinces_as_the_data_file_says():
    """Secret Objectives: territory_hold is the capital or at least two provinces (objectives.json, rokugan.md)."""
    en = RokuganWords("en").objective_text("the-last-line-of-defense")
    assert en == "Control the Crab capital or at least two provinces of Crab: 5 honor."
    assert "stolic" in RokuganWords("pl").objective_text("the-last-line-of-defense")


# ---------------------------------------------------------------------------------------------- event kinds
@pytest.fixture(scope="module")
def rokugan_played() -> list[Event]:
    return [e for e, _ in rokugan_events(30)]


@pytest.fixture(scope="module")
def senjutsu_played() -> list[tuple[Event, dict]]:
    return list(senjutsu_duels(15))


def test_every_rokugan_event_kind_emitted_is_declared(rokugan_played):
    kinds = {e.kind for e in rokugan_played}
    assert {"battle", "reveal", "removed", "final-scoring", "place-own", "drew"} <= kinds
    assert sorted(kinds - set(rokugan_events_decl.KINDS)) == []


def test_every_senjutsu_event_kind_emitted_is_declared(senjutsu_played):
    kinds = {e.kind for e, _ in senjutsu_played}
    assert {"reveal", "resolve", "attack", "harm", "moved", "game-over"} <= kinds
    assert sorted(kinds - set(senjutsu_events_decl.KINDS)) == []


def test_every_risingsun_event_kind_emitted_is_declared():
    kinds = {e.kind for e in risingsun_events(12)}
    assert {"war", "battle", "bids-revealed", "your-bid", "war-phase-over"} <= kinds
    assert sorted(kinds - set(risingsun_events_decl.KINDS)) == []


def test_every_event_kind_the_engines_name_in_their_code_is_declared():
    """Kinds random games rarely reach (ronin, bleed-mill...) are named in the engine's code: each is declared."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "daimyo"
    call = re.compile(r"""\b(?:ev|event|public_event|Event)\(\s*"([a-z-]+)"(?:\s+if[^"]*else\s+"([a-z-]+)")?"""
                      r"""|\b(?:pev|private_event)\([^,]+,\s*"([a-z-]+)\"""")
    for game, decl in (("rokugan", rokugan_events_decl), ("senjutsu", senjutsu_events_decl), ("risingsun", risingsun_events_decl)):
        kinds = set()
        for path in (root / game).glob("*.py"):
            for m in call.finditer(path.read_text(encoding="utf-8")):
                kinds.update(k for k in m.groups() if k)
        assert len(kinds) > 10, game
        assert sorted(kinds - set(decl.KINDS)) == [], game


@pytest.mark.parametrize("lang", LANGS)
def test_every_declared_event_kind_has_a_sentence_in_every_language(lang):
    words = catalogue(lang)
    for k in rokugan_events_decl.KINDS:
        assert f"event.{k}" in words or any(key.startswith(f"event.{k}-") for key in words), k
    for k in senjutsu_events_decl.KINDS:
        assert all(f"sj.event.{x}" in words for x in SPLIT.get(k, (k,))), k
    for k in risingsun_events_decl.KINDS:
        assert f"rs.event.{k}" in words or any(key.startswith(f"rs.event.{k}-") for key in words), k


def _whole(s: str) -> bool:
    """Every parameter filled, no key left as it is."""
    return bool(s) and not re.search(r"\{\w+(\|[^{}]*)?\}|undefined|None\b|^(event|sj|rs)\.", s)


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_of_random_games_is_a_whole_sentence(lang, rokugan_played, senjutsu_played):
    w = RokuganWords(lang)
    for e in rokugan_played:
        s = w.sentence(e)
        assert _whole(s) and not s.startswith(t("event.unknown", {"kind": ""}, lang)[:5]), (e, s)
    cards = senjutsu_cards()
    for e, names in senjutsu_played:
        s = SenjutsuWords(lang, names, cards).sentence(e)
        assert _whole(s), (e, s)
    for e in risingsun_events(6):
        for line in rs_lines(e, lang):
            assert _whole(line.strip()), (e, line)


def test_polish_sentences_are_polish():
    e = Event("draw", {"clan": "crab", "count": 5})
    assert RokuganWords("en").sentence(e) == "Crab draws 5 combat tokens."
    assert RokuganWords("pl").sentence(e) == f"{PL['clan.crab']}: dobiera 5 żetonów walki."
    assert RokuganWords("pl").sentence(Event("ronin", {"clan": "crab"})) != RokuganWords("en").sentence(Event("ronin", {"clan": "crab"}))


def test_the_rokugan_resolution_hint_names_every_control_of_the_steps_panel():
    """Battle for Rokugan's page resolves the tokens step by step at a chosen pace (rokugan.js, setupPace), with Next and
    Skip: the phase's hint names all of them, by the words the panel shows in that language."""
    from pathlib import Path

    page = (Path(__file__).parents[2] / "daimyo" / "web" / "static" / "rokugan.html").read_text(encoding="utf-8")
    assert all(f'id="{control}"' in page for control in ("step-pace", "step-next", "step-skip"))
    for lang in LANGS:
        words = catalogue(lang)
        hint = words["hint.rokugan.resolution"]
        for key in ("sj.story.pace", "sj.story.pace.manual", "steps.next", "steps.skip"):
            assert words[key].lower() in hint.lower(), (lang, key)
