"""``daimyo arena`` (and the Senjutsu designer commands that play bots) as a user meets it: what a bad bot spec or
a failing outside bot program says."""

from __future__ import annotations

import sys
from pathlib import Path

from click.testing import CliRunner

from daimyo.cli.main import main

BOTS = Path(__file__).resolve().parents[1] / "bots"
PROGRAM = f"{sys.executable} {BOTS / 'first_legal_bot.py'}"


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_an_outside_program_that_fails_ends_the_run_with_a_message_naming_game_seat_and_bot(tmp_path):
    for spec, says in ((f"exec:{PROGRAM} --nonsense", "answered 'fly to the moon', which is not a legal action"),
                       ("exec:no-such-program-here", "could not start 'no-such-program-here'")):
        r = invoke("arena", "--players", 2, "--games", 1, "--bots", f"{spec},random", "--workers", 1,
                   "--out", tmp_path / "arena")
        assert r.exit_code == 1, r.output
        assert isinstance(r.exception, SystemExit), r.exception
        assert f"game 0 (seed 0), seat 0, bot '{spec}': " in r.output and says in r.output, r.output
        assert "Traceback" not in r.output


def test_senjutsu_simulate_names_a_failing_outside_program_without_a_traceback():
    r = invoke("senjutsu", "simulate", "--games", 1, "--bots", "exec:no-such-program-here,random")
    assert r.exit_code == 1 and isinstance(r.exception, SystemExit), r.exception
    assert "could not start 'no-such-program-here'" in r.output


def test_a_bad_spec_is_told_in_its_own_words_naming_it():
    cases = {
        "exec:": "bot 'exec:': give the command that runs the bot, e.g. exec:python3 mybot.py",
        "exec-text:": "bot 'exec-text:': give the command that runs the bot",
        "no_such_module.x:Bot": "bot 'no_such_module.x:Bot': cannot import module 'no_such_module.x'",
        "tests.bots.first_legal:Nope": "bot 'tests.bots.first_legal:Nope': module 'tests.bots.first_legal' has no 'Nope'",
        "ismcts:abc": "bad ISMCTS budget 'abc'",
        "nobot": "unknown bot 'nobot' (bots: heuristic, ismcts, ismcts-python, random;",
    }
    for spec, says in cases.items():
        r = invoke("arena", "--players", 2, "--games", 1, "--bots", f"{spec},random", "--workers", 1)
        assert r.exit_code == 2 and says in " ".join(r.output.split()), (spec, r.output)


def test_senjutsu_simulate_and_balance_tell_a_bad_budget_as_a_bad_budget():
    r = invoke("senjutsu", "simulate", "--games", 1, "--bots", "smmcts:abc,random")
    assert r.exit_code == 2 and "Invalid value for --bots: bad smmcts budget 'abc'" in r.output, r.output
    r = invoke("senjutsu", "balance", "--games", 1, "--bot", "smmcts:0")
    assert r.exit_code == 2 and "Invalid value for --bot: bad smmcts budget '0'" in r.output, r.output
    r = invoke("senjutsu", "simulate", "--games", 1, "--bots", "nobot,random")
    assert r.exit_code == 2 and "unknown bot 'nobot' (bots: heuristic, random, smmcts" in r.output, r.output


def test_a_bad_openspiel_spec_is_told_in_its_own_words():
    import pytest
    pytest.importorskip("pyspiel")      # the openspiel extra
    r = invoke("arena", "--games", 1, "--bots", "openspiel:ismcts:abc,random")
    assert r.exit_code == 2, r.output
    assert "bot 'openspiel:ismcts:abc': the simulations a decision are a whole number" in " ".join(r.output.split())


def test_the_synopsis_in_docs_bots_md_names_every_option_of_the_arena():
    import re

    from daimyo.cli.arena import arena

    text = (Path(__file__).resolve().parents[2] / "docs" / "bots.md").read_text(encoding="utf-8")
    synopsis = re.search(r"```\ndaimyo arena (.*?)```", text, re.S)
    assert synopsis is not None
    options = {o for p in arena.params for o in p.opts if o.startswith("--") and o != "--help"}
    assert options == set(re.findall(r"--[a-z]+", synopsis.group(1)))
    assert "[--players N]" in synopsis.group(1) and "[--games G]" in synopsis.group(1)   # each has a default
