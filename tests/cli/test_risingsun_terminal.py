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
    assert "[1] Take Lotus's bushi #1 hostage (Force 1)" in r.output
    assert "[3] Take Turtle's bushi #3 hostage" in r.output and "[5] Decline" in r.output
    assert "Koi takes Lotus's bushi #1 hostage" in r.output   # answered by number
    assert re.search(r"Koi:\s+0\s+3\s+0\s+0$", r.output, re.M)  # the revealed bids under their slots


def test_polish_war():
    r = _war("--human", "koi", "--lang", "pl", input="0 3 0 0\n1\n1\n1\n1\n")
    assert r.exit_code == 0, r.output
    assert "[1] Weź zakładnika: bushi #1 (Lotos, Siła 1)" in r.output and "[5] Odmów" in r.output
    assert "klan " in r.output and "Prowadzi: " in r.output and "Nagato (Wiosna)" in r.output
    for english in ("your secret bid", "choose", "Leader", "spring", "decline", "nobody", " wins "):
        assert english not in r.output, english


def test_polish_terminal_names_the_clans_as_the_page_does():
    """The clans by their Polish names (the catalogue's rs.clan.*, as the page names them), never by their ids."""
    from daimyo.words import t

    r = _war("--human", "koi", "--lang", "pl", input="0 3 0 0\n1\n1\n1\n1\n")
    assert r.exit_code == 0, r.output
    for clan in ("lotus", "turtle", "koi"):
        assert t("rs.clan." + clan, None, "pl") in r.output
    assert "Lotos" in r.output and "Żółw" in r.output
    assert re.findall(r"\b(?:lotus|turtle|dragonfly|bonsai)\b", r.output, re.I) == []


def test_long_lines_break_between_words_at_the_terminal_width():
    """Issue 30: a line longer than the terminal is broken between words (the terminal itself would cut a word in
    two), in English and in Polish; nothing is lost."""
    for lang in ("en", "pl"):
        wide = CliRunner().invoke(main, ["risingsun", "war", WAR, "--seed", "1", "--lang", lang], env={"LANG": "C", "COLUMNS": "500"})
        narrow = CliRunner().invoke(main, ["risingsun", "war", WAR, "--seed", "1", "--lang", lang], env={"LANG": "C", "COLUMNS": "60"})
        assert wide.exit_code == 0 and narrow.exit_code == 0, narrow.output
        assert any(len(line) > 60 for line in wide.output.splitlines())
        lines = narrow.output.splitlines()
        head = next(i for i, line in enumerate(lines) if re.match(r"(clan|klan) ", line))
        table = lines[head:head + 4]   # the result table keeps its columns
        assert [line for line in lines if len(line) > 60 and line not in table] == [], lang
        assert narrow.output.split() == wide.output.split()


def test_every_decision_fits_80_by_24_and_a_refusal_is_wrapped():
    """Every clan played at the terminal, each bid first answered wrongly ("1"): every line of the war within 80
    columns (the refusal naming the four amounts was 107), and each decision, from its question to its prompt,
    drawn unwrapped in an 80x24 console (issue 30: the terminal views fit 80x24)."""
    from rich.console import Console

    seed = str(resources.files("daimyo.risingsun") / "examples" / "seed-example.war")
    humans = [a for clan in ("lotus", "turtle", "koi", "dragonfly") for a in ("--human", clan)]
    r = CliRunner().invoke(main, ["risingsun", "war", seed, *humans], input="0 0 0 0\n1\n" * 100,
                           env={"LANG": "C", "COLUMNS": "80"})
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    # the refusal's second line, indented under it, with the section it breaks
    assert "    Imperial Poets), got 1: 'bid 1' [Action notation (docs/risingsun-war.md)]" in lines
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    blocks, start = [], None
    for i, line in enumerate(lines):
        if start is None and line.startswith("["):
            start = i
        if start is not None and re.match(r"\[\w+\] your (secret bid|choice)", line):
            blocks.append(lines[start:i + 1])
            start = None
    assert len(blocks) >= 6
    for block in blocks:
        console = Console(width=80, height=24, record=True, color_system=None)
        for line in block:
            console.print(line, markup=False, highlight=False, emoji=False)
        assert len(console.export_text().splitlines()) == len(block) <= 24


def test_question_mark_helps_and_quit_leaves_the_war(tmp_path):
    """`?` at the bid was read as the bid 'bid ?' ('bid' takes four amounts ..., got 1) and `quit` as 'bid quit',
    so a player could neither get help nor leave: `?`/`help` now show the commands and ask again, `quit` leaves,
    writing the record so far when --record names a file."""
    record = tmp_path / "war.record"
    r = _war("--human", "koi", "--record", str(record), input="?\nquit\n")
    assert r.exit_code == 0, r.output
    assert "Commands: ? or help (this text), quit (leave the War Phase)." in r.output.replace("\n  ", " ")
    assert "You leave the War Phase." in r.output and "not allowed" not in r.output and "Leader:" not in r.output
    kept = record.read_text(encoding="utf-8")
    assert "format: risingsun-war" in kept and kept.endswith("\n\nlotus: bid 0 2 1 1\nturtle: bid 0 2 0 1\n")
    r = _war("--human", "koi", input="0 3 0 0\nhelp\n1\n1\n1\n1\n")   # help at a choice, then the war to its end
    assert r.exit_code == 0, r.output
    assert "A choice: its number or the action." in r.output.replace("\n  ", " ") and "Leader:" in r.output
    r = _war("--human", "koi", "--lang", "pl", input="?\nquit\n")
    assert r.exit_code == 0, r.output
    assert "Polecenia: ? lub help" in r.output.replace("\n  ", " ") and "Wychodzisz z Fazy Wojny." in r.output


def test_a_refused_bid_names_its_rulebook_section_in_the_players_language():
    """A bid the rules refuse is told with the section it breaks (A battle 2, Secret bids), as Battle for Rokugan's
    terminal does, in Polish under --lang pl; the player then bids again."""
    from daimyo.words import t

    for lang in ("en", "pl"):
        r = _war("--human", "koi", "--lang", lang, input="99 0 0 0\n0 3 0 0\n1\n1\n1\n1\n")
        assert r.exit_code == 0, r.output
        refused = [line for line in r.output.splitlines() if "99" in line]
        assert len(refused) == 1 and refused[0].rstrip().endswith(f"[{t('rule.rs.battle_2_bids', None, lang)}]"), refused
