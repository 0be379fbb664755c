"""`daimyo senjutsu duel` at the terminal: cards by name with their text, options that fit 80 columns,
help on "?", a random seed that is printed, and a record offered at the end (issue 11)."""

import re

import pytest
from click.testing import CliRunner

from daimyo.cli.main import main
from daimyo.cli.senjutsu_terminal import columns
from daimyo.senjutsu.record import replay


def _duel(*args, input="1\n" * 3000, env=None):
    return CliRunner().invoke(main, ["senjutsu", "duel", "--bot", "random", *args], input=input, env=env or {"LANG": "C"})


def test_no_internal_fields_and_cards_with_their_text():
    # placed on hex 1 facing north (1, then facing 1), then "hand" at the first card choice
    r = _duel("--seed", "1", input="1\n1\nhand\n" + "1\n" * 3000)
    assert r.exit_code == 0, r.output
    out = r.output
    assert "at None" not in out and "facing n," not in out and "hand: [" not in out and "kaze-drifting-leaf" not in out
    assert not re.search(r"play [a-z]+-[a-z-]+\b", out), "a card shown by its id"
    # a card of the hand with its name, type, initiative and a line of text (the grid's hexes named)
    assert "Quick Cut — attack · initiative 6" in out and "attack (grid): F wound" in out
    assert "not on the battlefield yet" in out and "facing south-west" in out


def test_options_fit_80_columns_and_never_break_a_word():
    r = _duel("--seed", "1")
    lines = r.output.splitlines()
    assert all(len(line) <= 80 for line in lines if not line.startswith(("Warning", "  passwd", "/")))
    # a placement lists its hexes, numbered, in columns (not the 66 pairs of hex and facing)
    hexes = next(line for line in lines if line.startswith("[1] -3,0"))
    assert hexes.count("[") == 6, "the hexes laid out in six columns"
    assert "Your choice [hex and facing, ?]:" in r.output and "Facing [1-6, n ne se s sw nw]:" in r.output
    for n in range(1, 12):
        assert re.search(rf"\[{n}\] -?\d,-?\d( |$)", r.output, re.M), n
    assert "facing north" in r.output


@pytest.mark.parametrize("typed,placed", [("3 ne", "place -3,2 ne"), ("-3,2 ne", "place -3,2 ne"),
                                          ("3\n2", "place -3,2 ne"), ("2\nsw", "place -3,1 sw"),
                                          ("place 0,3 s", "place 0,3 s"), ("12 n\n9 x\n4 6", "place -3,3 nw")])
def test_a_placement_is_a_hex_and_a_facing(tmp_path, typed, placed):
    rec = tmp_path / "d.txt"
    r = _duel("--seed", "1", "--record", str(rec), input=typed + "\n" + "1\n" * 3000)
    assert r.exit_code == 0, r.output
    assert f"p1: {placed}" in rec.read_text()
    if typed.startswith("12"):
        assert r.output.count("Not a legal choice: type a number from 1 to 11") == 2   # no hex 12, no facing x


def test_columns_keep_each_item_whole():
    items = [f"option number {i} with words" for i in range(30)]
    out = columns(items, 80)
    assert all(len(x) <= 80 for x in out)
    assert sum(x.count("[") for x in out) == 30 and "[1] option number 0 with words" in out[0]
    long = columns(["a " + "x" * 100 + " end"], 80)
    assert any(line.strip() == "x" * 100 for line in long) and long[-1] == "  end", "a word longer than a line is kept whole"


def test_question_mark_gives_help_not_an_error():
    r = _duel("--seed", "1", input="?\n" + "1\n" * 3000)
    assert "Commands: ? or help" in r.output and "Not a legal choice" not in r.output.split("Commands:")[0]
    r = _duel("--seed", "1", input="1\n1\nzzz\nhand\ncard quick cut\n" + "1\n" * 3000)
    assert "Not a legal choice: type a number from 1 to " in r.output
    assert r.output.count("Quick Cut — attack") >= 2


def test_random_seed_is_printed_and_replays(tmp_path):
    seeds = set()
    for _ in range(3):
        r = _duel("--bots-only")
        m = re.search(r"Duel seed (\d+) \(play the same duel again with --seed \1\)", r.output)
        assert m, r.output[:200]
        seeds.add(m.group(1))
    assert len(seeds) > 1
    rec = tmp_path / "a.txt"
    again = _duel("--bots-only", "--seed", m.group(1), "--record", str(rec))
    assert again.output.split("\n", 1)[1] in r.output + "Record written to " + str(rec) + "; replay it with: daimyo senjutsu replay " + str(rec) + "\n"
    assert replay(rec.read_text()).state.is_terminal()


def test_record_offered_at_the_end(tmp_path):
    with CliRunner().isolated_filesystem(temp_dir=tmp_path):
        r = CliRunner().invoke(main, ["senjutsu", "duel", "--bot", "random", "--seed", "2"], input="1\n" * 3000, env={"LANG": "C"})
        # the 1s typed past the end answer the question "save?" with something else than yes: nothing saved
        assert "Save the game record? [y/N]" in r.output and "Record written" not in r.output
    lines = iter(["quit", "y", "", ""])
    with CliRunner().isolated_filesystem(temp_dir=tmp_path) as d:
        r = CliRunner().invoke(main, ["senjutsu", "duel", "--seed", "3"], input="\n".join(lines) + "\n", env={"LANG": "C"})
        assert "You leave the duel." in r.output and "Record written to senjutsu-kaze-tetsu-seed3.txt" in r.output, r.output[-500:]
        from pathlib import Path
        text = (Path(d) / "senjutsu-kaze-tetsu-seed3.txt").read_text()
        assert "seed: 3" in text and "p2: place" in text


def test_polish_duel_has_polish_words():
    r = _duel("--seed", "1", "--lang", "pl", input="1\n1\nhand\n" + "1\n" * 3000)
    assert "Ziarno pojedynku: 1" in r.output and "twarzą na północ" in r.output and "Twoja ręka (8 kart):" in r.output
    assert "Your choice" not in r.output and "facing" not in r.output
    r = _duel("--seed", "1", env={"LANG": "pl_PL.UTF-8"})
    assert "Ziarno pojedynku: 1" in r.output
    r = _duel("--seed", "1", env={"LC_ALL": "pl_PL.UTF-8", "LANG": "en_GB.UTF-8"})
    assert "Ziarno pojedynku: 1" in r.output


def test_polish_hand_names_the_cards_in_polish():
    """`hand` in Polish headed each card with its English name (Quick Cut — atak · inicjatywa 6) while the choices
    named it in Polish (Szybkie cięcie): the heading now takes the catalogue's name, as the choices and the page do."""
    r = _duel("--seed", "1", "--lang", "pl", input="1\n1\nhand\n" + "1\n" * 3000)
    assert r.exit_code == 0, r.output
    assert "Szybkie cięcie — atak · inicjatywa 6" in r.output and "Oddech Wędrowca — zdolność podstawowa" in r.output
    assert "Quick Cut —" not in r.output and "Wanderer's Breath —" not in r.output
    r = _duel("--seed", "1", "--lang", "en", input="1\n1\nhand\n" + "1\n" * 3000)
    assert "Quick Cut — attack · initiative 6" in r.output and "Wanderer's Breath — core ability" in r.output


def test_card_takes_the_name_shown_in_polish_too():
    """`card NAME` knew a card only by its id or English name: a Polish player typing the name the screen shows
    (card szybkie cięcie) was told no card is called so."""
    r = _duel("--seed", "1", "--lang", "pl", input="card szybkie cięcie\ncard quick cut\n" + "1\n" * 3000)
    assert r.exit_code == 0, r.output
    assert r.output.count("Szybkie cięcie — atak · inicjatywa 6") == 2 and "Żadna karta nie nazywa się" not in r.output
