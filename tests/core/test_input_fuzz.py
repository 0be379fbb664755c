"""Property tests of the two inputs every game reads from outside (docs/*-notation.md, the record formats): an
action's text, and a game record. Legal action texts and finished records of random games are mutated (a word
dropped, doubled, swapped or replaced, a number changed to a huge, negative or foreign one, junk added, lines
dropped, doubled or swapped); each is then applied or refused with the documented error (RuleViolation for an
action, ReplayError naming a line of the file, or FormatError for a record) and a refused action changes nothing."""

from __future__ import annotations

import json
import re
from functools import cache

from hypothesis import HealthCheck, given, settings, strategies as st

from daimyo.core.errors import FormatError, RuleViolation
from daimyo.core.game import Action
from daimyo.core.record import ReplayError
from daimyo.core.registry import game, games
from tests.core.mutations import change
from tests.core.test_contract import setup

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
JUNK = st.one_of(st.text(max_size=12), st.sampled_from(["", "-1", "0", "99999999999999999999", "9" * 400, "²", "\u0661", "#",
                                                       "#-3", "=", "a=b", "1.5", "\x00", "\ud800", "nan", "{}", "\n"]))


@cache
def _games(name: str) -> tuple[list, list[str]]:
    """Moments of random games of ``name`` (state, players) and the records of those games."""
    info = game(name)
    moments, records = [], []
    for seed in range(4):
        state, players, seats, rnd = setup(info, seed)
        acts = []
        while not state.is_terminal() and len(acts) < 400:
            if rnd.random() < 0.08:
                moments.append((state.clone(), players))
            seat = rnd.choice(state.to_act())
            action = rnd.choice(state.legal_actions(seat))
            acts.append((seat, info.canonical(state, seat, action.text)))
            state.apply(action)
        records.append(info.record_from_file(seats, acts) if info.starts_from_file else info.record(players, seed, seats, acts))
    return moments, records


def _views(state, players: int) -> list:
    return [json.dumps(state.view(p), sort_keys=True, default=str) for p in [None, *range(players)]]


def _mutate_words(words: list[str], data) -> list[str]:
    words = list(words) or [""]
    kind, i = change(words, data, ("junk", "number", "glue", "insert"))
    if kind == "junk":
        words[i] = data.draw(JUNK, label="junk")
    elif kind == "number":  # every run of digits in the word becomes another number
        n = data.draw(st.one_of(st.integers(-(10 ** 40), 10 ** 40), st.integers(-3, 40)), label="n")
        words[i] = re.sub(r"\d+", str(n), words[i]) if re.search(r"\d", words[i]) else f"{words[i]}{n}"
    elif kind == "glue":
        words[i] = words[i] + data.draw(JUNK, label="tail")
    elif kind == "insert":
        words.insert(i, data.draw(JUNK, label="new"))
    return words


@FUZZ
@given(name=st.sampled_from(games()), data=st.data())
def test_a_mutated_action_applies_or_is_refused_with_a_rule_and_changes_nothing(name, data):
    moments, _ = _games(name)
    state, players = moments[data.draw(st.integers(0, len(moments) - 1), label="moment")]
    state = state.clone()
    acting = state.to_act()
    seat = data.draw(st.sampled_from(acting) if acting and data.draw(st.booleans()) else st.integers(-2, players + 1),
                     label="seat")
    base = data.draw(st.sampled_from([a.text for a in state.legal_actions(acting[0])]), label="action") if acting else ""
    text = " ".join(_mutate_words(base.split(" "), data))
    before = _views(state, players)
    try:
        state.apply(Action(seat, text))
    except RuleViolation as e:
        assert e.message.strip(), f"{name}: {text!r} refused with no words"
        assert _views(state, players) == before, f"{name}: the refused {text!r} changed the game"
        return
    assert 0 <= seat < players and seat in acting, f"{name}: seat {seat} acted out of turn with {text!r}"


@FUZZ
@given(name=st.sampled_from(games()), data=st.data())
def test_a_mutated_record_replays_or_is_refused_naming_its_line(name, data):
    info = game(name)
    _, records = _games(name)
    lines = records[data.draw(st.integers(0, len(records) - 1), label="record")].splitlines()
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        kind, i = change(lines, data, ("words", "junk-line", "cut"))
        if kind == "words":
            lines[i] = " ".join(_mutate_words(lines[i].split(" "), data))
        elif kind == "junk-line":
            lines.insert(i, data.draw(JUNK, label="junk"))
        elif kind == "cut":
            lines = lines[:i + 1]
    text = "\n".join(lines) + "\n"
    try:
        info.replay(text)
    except ReplayError as e:
        m = re.match(r"^line (\d+): \S", str(e))
        assert m, f"{name}: the refusal names no line: {e}"
        assert 1 <= int(m.group(1)) <= len(text.splitlines()) + 1, f"{name}: no such line: {e}"
    except FormatError as e:
        assert str(e).strip(), f"{name}: a refusal with no words"
