"""No English left in Polish (issue 11): the sentence of every event kind of each game, as random games emit them,
and the terminal screens of each game, said in Polish, hold no word that only English uses, proper names aside
(the war files of Rising Sun, Senjutsu's characters and cards, the action notation)."""

from __future__ import annotations

import io
import re
from importlib import resources

import pytest
from click.testing import CliRunner
from rich.console import Console

from daimyo.cli.main import main
from daimyo.words import catalogue
from daimyo.words.risingsun import lines as rs_lines
from daimyo.words.rokugan import RokuganWords
from daimyo.words.senjutsu import CardWords, SenjutsuWords
from tests.words.helpers import risingsun_events, rokugan_events, senjutsu_cards, senjutsu_duels

_WORD = re.compile(r"[A-Za-z]{4,}")
_PARAM = re.compile(r"\{[^{}]*\}")


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)}


def _english_only() -> set[str]:
    """The words of the English catalogue's templates that the Polish catalogue never uses."""
    en = set().union(*(_words(_PARAM.sub(" ", v)) for v in catalogue("en").values()))
    pl = set().union(*(_words(v) for v in catalogue("pl").values()))
    return en - pl


def _proper_names() -> set[str]:
    from daimyo.senjutsu.cards import sample_set

    cs = sample_set()
    names = [c.name for c in cs.cards.values()] + [c.name for c in cs.characters.values()]
    names += list(cs.cards) + list(cs.characters)       # ids in the notation the player types (play quick-cut)
    # Rising Sun's clans and provinces are no exception: the terminal names them as the page does, from the
    # catalogue (the Polish terminal says "Ważka" and "Lotos", never "dragonfly" or "lotus")
    # the action notation the player types (docs/rokugan-notation.md): verbs, token codes, ids of clans, provinces,
    # objectives and cards, as the terminal lists the legal actions
    from daimyo.rokugan.data import RULES as RK
    names += ["clan objective control return pass done play place look swap province token take discard player special",
              "bluff raid scout shugenja first player"]
    names += list(RK.clan_names) + list(RK.province_names) + list(RK.objectives) + list(RK.cards)
    return set().union(*(_words(n.replace("-", " ").replace("_", " ")) for n in names))


ENGLISH = _english_only() - _proper_names()


def _english_in(text: str) -> set[str]:
    return _words(text) & ENGLISH


def test_the_scan_finds_english():
    assert {"draws", "combat"} <= _english_in("Crab draws 5 combat tokens.")
    assert not _english_in("Krab: dobiera 5 żetonów walki.")


def test_every_event_sentence_in_polish_is_polish():
    found: dict[str, str] = {}
    w = RokuganWords("pl")
    for e, _ in rokugan_events(20):
        for line in w.lines(e):
            for word in _english_in(line):
                found.setdefault(word, f"rokugan {e.kind}: {line}")
    cards = senjutsu_cards()
    for e, names in senjutsu_duels(10):
        line = SenjutsuWords("pl", names, cards).sentence(e)
        for word in _english_in(line):
            found.setdefault(word, f"senjutsu {e.kind}: {line}")
    for e in risingsun_events(6):
        for line in rs_lines(e, "pl"):
            for word in _english_in(line):
                found.setdefault(word, f"risingsun {e.kind}: {line}")
    assert found == {}


def test_every_card_text_and_choice_in_polish_is_polish():
    from daimyo.senjutsu.cards import sample_set

    cs = sample_set()
    words = SenjutsuWords("pl", {"p1": "Kaze", "p2": "Tetsu"}, {k: c.name for k, c in cs.cards.items()})
    cw = CardWords(words, cs.cards, cells=True)
    found = {}
    for cid in cs.cards:
        for line in [cw.head(cid), *cw.text(cid)]:
            for word in _english_in(line.replace(cs.cards[cid].name, "")):
                found.setdefault(word, line)
    for a in ("move F L", "move -", "kamae - ", "turn left", "speed alt", "focus pay", "initiative 3", "order 1", "place 0,3 n",
              "terrain rock 0,0", "prepare done", "discard no", "search none", "counter no", "instant no", "replace no", "push n ne"):
        for word in _english_in(cw.action(a.strip())):
            found.setdefault(word, a)
    assert found == {}


def _rokugan_screens() -> str:
    from daimyo.cli.rokugan.terminal import TerminalGame
    from tests.cli.rokugan.helpers import PROMPT

    buf = io.StringIO()
    con = Console(file=buf, width=80, color_system=None, force_terminal=False)
    import random
    rnd = random.Random(4)
    script = iter(["?", "board full", "log", "frobnicate", "999"])

    def read():
        tail = buf.getvalue()[-300:]
        if "[t/N]" in tail[-40:]:
            return "n"
        nxt = next(script, None)
        if nxt is not None:
            return nxt
        m = re.search(r"\[1-(\d+), ", tail)
        return str(rnd.randint(1, int(m.group(1)))) if m else ""

    assert PROMPT  # the same prompt shape, in Polish
    TerminalGame(3, 5, 0, None, [], con, read, lang="pl").run()
    return buf.getvalue()


def test_terminal_screens_in_polish_are_polish():
    out = _rokugan_screens()
    assert "Końcowa punktacja" in out
    env = {"LANG": "pl_PL.UTF-8"}
    duel = CliRunner().invoke(main, ["senjutsu", "duel", "--bot", "random", "--seed", "4"], input="?\nhand\nzzz\n" + "1\n" * 3000, env=env)
    assert duel.exit_code == 0, duel.output
    war_file = str(resources.files("daimyo.risingsun") / "examples" / "worked-battle.war")
    war = CliRunner().invoke(main, ["risingsun", "war", war_file, "--human", "koi"], input="9 9 9 9\n0 3 0 0\n1\n1\n1\n1\n", env=env)
    assert war.exit_code == 0, war.output
    found = {}
    for name, text in (("rokugan", out), ("senjutsu", duel.output), ("risingsun", war.output)):
        for line in text.splitlines():
            if line.startswith(("Warning", "  passwd", "/")):   # the terminal library's own warnings about hidden input
                continue
            for word in _english_in(line):
                found.setdefault(word, f"{name}: {line.strip()}")
    assert found == {}
