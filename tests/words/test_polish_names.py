"""Polish names the pages and the terminal say (issue 30, item 5): a Kamae after "w" in its locative ("w Agresji",
never "w Agresja"), one name for each phase of a Battle for Rokugan round, and the game's Polish name in the lobby."""

from __future__ import annotations

import re

from daimyo.core.game import Event
from daimyo.senjutsu.cards import KAMAE, sample_set
from daimyo.words import catalogue
from daimyo.words.senjutsu import CardWords, SenjutsuWords
from tests.words.helpers import senjutsu_cards

PL = catalogue("pl")


def _cards_pl() -> CardWords:
    s = sample_set()
    return CardWords(SenjutsuWords("pl", {}, senjutsu_cards()), s.cards)


def test_a_kamae_after_w_is_in_the_locative():
    """Polish "w" takes the locative: "w Agresji", in a card's line, its other initiative and the event sentence."""
    locative = {"aggression": "Agresji", "balance": "Równowadze", "determination": "Determinacji", "neutral": "Neutralnej"}
    assert set(locative) == set(KAMAE)
    words = SenjutsuWords("pl", {"a": "Kaze"}, senjutsu_cards())
    for k, name in locative.items():
        said = words.sentence(Event("kamae", {"seat": "a", "kamae": k, "focus": 1}))
        assert f"w {name}" in said and f"w {PL['sj.kamae.' + k]} " not in said, said
    cw = _cards_pl()
    # Quick Cut's line "in Aggression", Press Forward's other initiative "in <Kamae>"
    lines = [cw.line(ln) for ln in cw.cards["quick-cut"].lines if ln.get("kamae")]
    assert lines and all(re.match(r"w (Agresji|Równowadze|Determinacji|Neutralnej)\b", s) for s in lines), lines
    alt = cw.cards["press-forward"].alt
    assert f"w {locative[alt['kamae']]}" in cw.head("press-forward")
    # "needs Aggression" keeps the name as it is
    assert "Agresja" in PL["sj.kamae.aggression"]


def test_each_rokugan_phase_has_one_polish_name():
    """Battle for Rokugan's placement phase is "rozmieszczanie", its resolution phase "rozpatrywanie" everywhere: the
    lobby, the board's caption, the hints, the rules page and the errors (not also "planowanie", "rozstrzyganie")."""
    assert PL["phase.placement"] == "faza rozmieszczania"
    assert PL["board.phase_resolution"] == "faza rozpatrywania"
    assert PL["event.placement"] == "Zaczyna się faza rozmieszczania."
    other = re.compile(r"planowani|fazi[ea] rozstrzyg|faza rozstrzyg|fazy rozstrzyg|^Rozstrzyganie$")
    for key, text in PL.items():
        if key.startswith(("sj.", "rs.", "rules.senjutsu", "rules.risingsun", "bot.sj", "bot.rs", "err.sj", "err.rs", "hint.senjutsu", "hint.risingsun")):
            continue
        assert not other.search(text), (key, text)


def test_the_game_names_in_the_polish_lobby_are_polish():
    assert PL["lobby.game_rokugan"] == PL["lobby.title"] == "Bitwa o Rokugan"
    assert "Battle for Rokugan" not in PL["err.rk.battle_for_rokugan_for"]


def test_a_sample_characters_short_name_is_its_own_in_the_terminal_as_on_the_page():
    """The terminal said "Advantage: Kaze > Master" and "Cards revealed: ..., Master: ..." for Master Tetsu, where the
    page says Tetsu (senjutsu.js shortWho): a sample character's short name is its own; another character's, as
    on the page, the first word of its name."""
    from daimyo.senjutsu import new_game
    from daimyo.words.senjutsu import SenjutsuWords
    g = new_game(["kaze", "tetsu"], seed=3)
    words = SenjutsuWords.of_view("en", g.view(None), {})
    assert [words.short_who(s) for s in ("p1", "p2")] == ["Kaze", "Tetsu"]
    assert words.who("p2") == "Master Tetsu"
    custom = SenjutsuWords.of_view("en", {"seats": [{"seat": "p1", "character": "tetsu", "name": "Iron Monk"}]}, {})
    assert custom.short_who("p1") == "Iron"   # a card file's own character under a sample id keeps its own name
