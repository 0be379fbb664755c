"""The engines' rule messages carried as codes with parameters (daimyo/core/errors.py ``reason``/``violation``) and
said in every language from the catalogue (``err.<code>``, daimyo/words/errors.py): the English template is the
engine's message word for word, every code has its Polish twin, and illegal actions of random games say so."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from daimyo.core.errors import RuleViolation, english
from daimyo.core.game import Action
from daimyo.words import catalogue
from daimyo.words.errors import rule_key, rule_text, texts

ROOT = Path(__file__).parents[2] / "daimyo"
EN, PL = catalogue("en"), catalogue("pl")
_NAMES = re.compile(r"\{(\w+)")


def _calls():
    """Every reason(...) / violation(...) call of the rules code: (file, line, code, template, keyword names)."""
    for path in sorted(ROOT.rglob("*.py")):
        if {"words", "cli", "web", "server"} & set(path.relative_to(ROOT).parts) or path.relative_to(ROOT).as_posix() == "core/errors.py":
            continue
        for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in ("reason", "violation"):
                assert isinstance(n.args[0], ast.Constant) and isinstance(n.args[1], ast.Constant), f"{path}:{n.lineno}: constant code and template"
                names = {k.arg for k in n.keywords if k.arg}
                if any(k.arg is None for k in n.keywords):   # **params: the names come from a dict built just above
                    names = None
                yield path.name, n.lineno, n.args[0].value, n.args[1].value, names


def test_every_code_is_in_the_catalogue_word_for_word():
    calls = list(_calls())
    assert len(calls) > 100
    seen: dict[str, str] = {}
    for where, line, code, template, names in calls:
        assert seen.setdefault(code, template) == template, f"{where}:{line}: code {code} names two messages"
        assert EN.get("err." + code) == template, f"{where}:{line}: en.json's err.{code} differs from the engine's message"
        assert "err." + code in PL, f"{where}:{line}: no Polish for err.{code}"
        assert set(_NAMES.findall(PL["err." + code])) == set(_NAMES.findall(template)), code
        if names is not None:
            assert set(_NAMES.findall(template)) == names, f"{where}:{line}: the params are not the template's"
    assert {k[4:] for k in EN if k.startswith("err.") and not k.startswith("err.kind.")} == set(seen), "a code no engine uses"


def test_english_fill_is_the_catalogues():
    from daimyo.words import fill
    for tpl, params in (("'{verb}' takes {n} {n|argument|arguments}, got {got}", {"verb": "x", "n": 1, "got": 3}),
                        ("name {n} different {n|loser|losers}", {"n": 2})):
        assert english(tpl, params) == fill(tpl, params, "en")


def _illegal_texts(state, seat, rnd, legal):
    words = " ".join(legal).split()
    for _ in range(6):
        yield " ".join(rnd.sample(words, min(len(words), rnd.randint(1, 3))))
    yield "frobnicate"
    yield ""


@pytest.mark.parametrize("game", ["rokugan", "senjutsu", "risingsun"])
def test_illegal_actions_of_random_games_carry_codes_and_say_them_in_polish(game):
    """Every refusal of an action in random games has a code; its English template with its params is the message;
    its Polish sentence has no English template left; the server's reason carries the same."""
    from daimyo.server.rooms import rule_reason

    rnd = random.Random(3)
    seen = set()
    for seed in range(3):
        if game == "rokugan":
            from daimyo.rokugan import new_game
            g = new_game(players=3, seed=seed)
        elif game == "senjutsu":
            from daimyo.senjutsu import new_game
            g = new_game(["kaze", "tetsu"], seed=seed, terrain=[("rock", [(0, 0)])])
        else:
            from importlib import resources

            from daimyo.risingsun.record import Recorder
            g = Recorder((resources.files("daimyo.risingsun") / "examples" / "seed-example.war").read_text()).state
        steps = 0
        while not g.is_terminal() and steps < 400:
            steps += 1
            seat = g.to_act()[0]
            legal = [a.text for a in g.legal_actions(seat)]
            for text in _illegal_texts(g, seat, rnd, legal):
                if text in legal:
                    continue
                for who in (seat, (seat + 1) % 2):
                    try:
                        g.apply(Action(who, text))
                    except RuleViolation as e:
                        assert e.code, f"{game}: no code for {e}"
                        assert english(EN["err." + e.code], e.params) == e.message
                        pl = rule_text(e, "pl")
                        assert "{" not in pl and pl == PL_fill(e), e.code
                        assert rule_reason(e) == {"code": e.code, "params": e.params, "texts": texts(e)}
                        assert texts(e)["en"] == e.message
                        assert rule_key(e.rule, e.code.split(".")[0]) is not None, f"{game}: no rule.* key says {e.rule!r}"
                        seen.add(e.code)
                    else:
                        raise AssertionError(f"{game}: '{text}' by seat {who} was not refused")
                    if who != seat and who in g.to_act():
                        break
            g.apply(Action(seat, rnd.choice(legal)))
    assert len(seen) >= 3, seen


def PL_fill(e):  # noqa: N802 - the Polish sentence, built the documented way
    return rule_text(e, "pl")


def test_polish_names_the_printed_things():
    from daimyo.rokugan import new_game
    g = new_game(players=3, seed=1, clans=["crab", "lion", "crane"])
    g.apply(Action(0, "pass")) if "pass" in [a.text for a in g.legal_actions(0)] else None
    with pytest.raises(RuleViolation) as err:
        g.apply(Action(g.to_act()[0], "control nowhere_9"))
    assert rule_text(err.value, "pl") == "nieznana prowincja 'nowhere_9'"
    e = RuleViolation("you cannot attack crab_2: you control it", "Placing Combat Tokens", "rk.you_cannot_attack_you", {"province": "crab_2"})
    assert rule_text(e, "pl") == "nie możesz atakować prowincji Krab 2: kontrolujesz ją"
    assert rule_text(e, "en") == "you cannot attack crab_2: you control it"
    assert rule_text(e, "pl", with_rule=True).endswith("[Umieszczanie żetonów walki]")
    assert rule_text(e, "en", with_rule=True).endswith("[Placing Combat Tokens]")
    plain = RuleViolation("an old message")
    assert rule_text(plain, "pl") == "an old message"


#: words that say "not" in a message: what follows one of them, up to the clause's end, is what the message denies
NEGATORS = {"not", "no", "never", "nothing", "cannot"}
#: words of a code that carry its negation (a denial, or a name for what was refused)
NEGATIVE = NEGATORS | {"unknown", "illegal", "off", "bars", "only", "missing"}
_CLAUSE_END = re.compile(r"[;:().!?]| but ")


def denied_words(message: str) -> set[str]:
    """The words a message denies and nowhere affirms: each negator's words up to the end of its clause, less the
    words the message also says outside such a stretch ("a blessing goes on an army ..., not on another blessing"
    denies 'another', not 'blessing')."""
    denied, said = set(), set()
    for clause in _CLAUSE_END.split(re.sub(r"\{[^{}]*\}|'[^']*'|#\S+", " ", message.lower())):
        words = re.findall(r"[a-z]+", clause)
        at = next((i for i, w in enumerate(words) if w in NEGATORS), len(words))
        said.update(words[:at])
        denied.update(words[at + 1:])
    return denied - said


def test_every_code_says_what_its_message_means():
    """A code names the refusal, never its opposite: a code that names a word its message denies (``placement_legal``
    for "that placement is not legal") carries a negation or names the rule broken (``placement_illegal``)."""
    wrong = []
    for key, message in EN.items():
        if not key.startswith("err.") or key.startswith("err.kind."):
            continue
        words = {w.rstrip("0123456789") for w in key.split(".", 2)[2].split("_")}
        if words & denied_words(message) and not words & NEGATIVE:
            wrong.append(f"{key[4:]}: {message}")
    assert wrong == []


def test_the_naming_rule_catches_a_code_that_says_the_opposite():
    assert denied_words("that placement is not legal") == {"legal"}
    assert "blessing" not in denied_words("a blessing goes on an army, navy or shinobi token, not on another blessing")
    assert denied_words("'{verb}' takes no argument: '{text}'") == {"argument"}
