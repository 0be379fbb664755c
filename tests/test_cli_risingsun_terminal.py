"""`daimyo risingsun war` at the terminal: aligned tables, hostage choices naming whose figures they are,
and every word in Polish with --lang pl (issue 11)."""

import re
from importlib import resources

from click.testing import CliRunner

from daimyo.cli.common import aligned
from daimyo.cli.main import main

WAR = str(resources.files("daimyo.risingsun") / "examples" / "worked-battle.war")


def _war(*args, input=None):
    return CliRunner().invoke(main, ["risingsun", "war", WAR, *args], input=input, env={"LANG": "C"})


def test_result_table_is_aligned():
    r = _war("--seed", "1")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("clan "))
    table = lines[head:head + 4]
    # every column's right edge is the same on every line: "total" and "coins" end where their numbers end
    for word in ("VP", "total", "coins"):
        end = table[0].index(word) + len(word)
        assert all(line[end - 1].isalnum() and (len(line) == end or line[end] == " ") for line in table), (word, table)


def test_aligned_helper():
    assert aligned(["a", "bb"], [["xyz", 1], ["q", 100]], right={1}) == ["a     bb", "xyz    1", "q    100"]


def test_hostage_choices_name_the_owner_of_each_figure():
    r = _war("--human", "koi", input="0 3 0 0\n1\n1\n1\n1\n")
    assert r.exit_code == 0, r.output
    assert "[1] take lotus's bushi #1 hostage (Force 1)" in r.output
    assert "[3] take turtle's bushi #3 hostage" in r.output and "[5] decline" in r.output
    assert "koi takes lotus's bushi #1 hostage" in r.output   # answered by number
    assert re.search(r"koi:\s+0\s+3\s+0\s+0$", r.output, re.M)  # the revealed bids under their slots


def test_polish_war():
    r = _war("--human", "koi", "--lang", "pl", input="0 3 0 0\n1\n1\n1\n1\n")
    assert r.exit_code == 0, r.output
    assert "[1] weź w zakładnika: bushi #1 klanu lotus (Siła 1)" in r.output and "[5] odmów" in r.output
    assert "klan " in r.output and "Prowadzi: " in r.output and "nagato (wiosna)" in r.output
    for english in ("your secret bid", "choose", "Leader", "spring", "decline", "nobody", " wins "):
        assert english not in r.output, english
