"""A war file holds only what the rules allow (docs/risingsun-war.md, "Bounds"; reference "Clans in war").

Each count is checked before anything is built for it, and each refusal is a FormatError naming its line, its field
and the rule. Where the rules give no limit (monsters, Force, coins, ronin, VP) the project's ceilings hold.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from daimyo.core.errors import FormatError, RuleViolation
from daimyo.core.game import Action
from daimyo.core.record import ReplayError
from daimyo.risingsun import check_bounds, check_war_file, examples, from_text, open_example, to_text
from daimyo.risingsun.data import RULES as R
from daimyo.risingsun.record import replay
from daimyo.risingsun.state import Figure

HEAD = """format: risingsun-war
season: summer
honor: lotus koi turtle
player lotus: coins=2
player koi: coins=1
player turtle: coins=0
war 1: kyoto
"""
#: the line of the first fact added after HEAD
NEXT = HEAD.count("\n") + 1


def refused(body: str, head: str = HEAD) -> str:
    with pytest.raises(FormatError) as e:
        from_text(head + body)
    return str(e.value)


# ------------------------------------------------------------------ a clan's figures
@pytest.mark.parametrize("kind,owned", [("bushi", 6), ("shinto", 3)])
def test_clans_in_war_a_clan_owns_its_figures_across_provinces_and_hostages(kind, owned):
    """Reference "Clans in war" / components: 6 Bushi, 3 Shinto, counted on the board everywhere and as hostages."""
    fine = f"figures kyoto: koi {kind} x{owned - 2}\nfigures edo: koi {kind}\nhostages lotus: koi {kind}\n"
    w = from_text(HEAD + fine)
    assert sum(1 for f in w.figures + [h for held in w.captured for h in held] + w.killed
               if f.owner == 1 and f.kind == kind) == owned
    msg = refused(fine + f"hostages turtle: koi {kind}\n")
    assert msg.startswith(f"line {NEXT + 3}: field 'hostages': koi {kind} x1 makes {owned + 1} koi {kind}")
    assert f"a clan owns {owned}" in msg and "Clans in war" in msg


def test_clans_in_war_a_clan_has_one_daimyo_even_on_two_lines():
    """Issue 25: `figures edo: lotus daimyo` and `figures kyoto: lotus daimyo` is a clan with two Daimyo."""
    msg = refused("figures edo: lotus daimyo, koi bushi\nfigures kyoto: lotus daimyo\n")
    assert msg.startswith(f"line {NEXT + 1}: field 'figures': a second lotus daimyo (one is already on line {NEXT})")
    assert "a clan has one daimyo" in msg


def test_clans_in_war_a_daimyo_is_never_held_as_a_hostage():
    """Reference "Clans in war": Daimyo figures cannot be taken hostage, so no file holds one as a hostage."""
    msg = refused("hostages lotus: koi daimyo\n")
    assert msg.startswith(f"line {NEXT}: field 'hostages': koi's daimyo cannot be held as a hostage")
    assert "a Daimyo is never taken hostage" in msg


def test_take_hostage_a_clan_never_holds_its_own_figure():
    """Reference "A battle" 3, Take Hostage: the figure taken is another participant's."""
    msg = refused("hostages koi: koi bushi\n")
    assert msg.startswith(f"line {NEXT}: field 'hostages': koi cannot hold its own bushi") and "Take Hostage" in msg


@pytest.mark.parametrize("count", ["x2000000", "x999999999999", "x" + "9" * 5000])
def test_clans_in_war_a_huge_count_is_refused_before_any_figure_is_made(count):
    """Issue 24: `koi bushi x2000000` built two million figures; `x999999999999` never returned. Now refused at once."""
    msg = refused(f"figures kyoto: koi bushi {count}\n")
    assert msg.startswith(f"line {NEXT}: field 'figures': ")
    assert "Clans in war" in msg and len(msg) < 400


# ------------------------------------------------------------------ the project's ceilings
def test_bounds_monsters_in_one_file_are_at_most_the_projects_ceiling():
    """The rules give a clan any number of monsters; the box holds finitely many: this project's bound is 30."""
    most = R.bounds["monsters"]
    assert most == 30
    w = from_text(HEAD + f"figures kyoto: koi monster x{most - 10}\nfigures edo: lotus monster x10\n")
    assert sum(f.kind == "monster" for f in w.figures) == most
    msg = refused(f"figures kyoto: koi monster x{most - 10}\nfigures edo: lotus monster x11\n")
    assert msg.startswith(f"line {NEXT + 1}: field 'figures': monster x11 makes 31 monsters") and "project's bound" in msg


def test_bounds_a_figures_force_is_at_most_ten():
    assert from_text(HEAD + "figures kyoto: koi monster force=10\n").force("kyoto", 1) == 10
    msg = refused("figures kyoto: koi monster force=11\n")
    assert msg.startswith(f"line {NEXT}: field 'figures': force: 11 is more than 10") and "project's bound" in msg
    assert "is more than 10" in refused("figures kyoto: koi monster force=" + "9" * 5000 + "\n")


def test_bounds_coins_and_ronin_of_all_players_together_are_at_most_twenty_four():
    """The War Phase makes no coins, so the file's 24 at most are the most a clan ever bids with (the project's
    bound: a clan's bids are listed, and their number grows as the fourth power of its coins)."""
    head = HEAD.replace("player lotus: coins=2", "player lotus: coins=12 ronin=4").replace("koi: coins=1", "koi: coins=7")
    w = from_text(head.replace("turtle: coins=0", "turtle: coins=1"), start=False)
    assert sum(w.coins) + sum(w.ronin) == 24
    msg = refused("", head.replace("turtle: coins=0", "turtle: ronin=2"))
    assert msg.startswith("line 6: field 'player turtle': ronin=2: that makes 25 coins and ronin in this file")
    assert "is more than 24" in refused("", HEAD.replace("coins=2", "coins=1000000000000000000000000"))


def test_bounds_vp_are_at_most_999():
    assert from_text(HEAD.replace("coins=2", "coins=2 vp=999")).vp[0] == 999
    assert refused("", HEAD.replace("coins=2", "vp=1000")).startswith("line 4: field 'player lotus': vp: 1000 is more than 999")


def test_a_player_field_is_given_once():
    assert refused("", HEAD.replace("coins=2", "coins=2 coins=3")) == "line 4: field 'player lotus': 'coins' is given twice"


def test_bounds_figure_numbers_seed_and_war_numbers():
    """Figure numbers up to 999, a seed within 64 bits, War Numbers up to the number of provinces."""
    assert from_text(HEAD + "figures kyoto: #999 koi bushi\n").figures[0].number == 999
    assert refused("figures kyoto: #998 koi bushi x3\n").startswith(f"line {NEXT}: field 'figures': figure number #1000 is more")
    assert refused("figures kyoto: #1000 koi bushi\n").startswith(f"line {NEXT}: field 'figures': figure number #: 1000 is more")
    assert "is more than 18446744073709551615" in refused("seed: 18446744073709551616\n")
    assert from_text(HEAD + "seed: 18446744073709551615\n").seed == 2**64 - 1
    assert refused("war 9: edo\n").startswith(f"line {NEXT}: field 'war': War Number: 9 is more than 8")
    assert "whole number from 1" in refused("war 0: edo\n")


# ------------------------------------------------------------------ strongholds and tokens
def test_components_a_clan_has_one_stronghold_in_a_province():
    w = from_text(HEAD + "stronghold kyoto: turtle lotus\nstronghold edo: turtle\n")
    assert w.strongholds == {"kyoto": [2, 0], "edo": [2]}
    assert refused("stronghold kyoto: turtle turtle\n").startswith(f"line {NEXT}: field 'stronghold': a second turtle stronghold")
    msg = refused("stronghold kyoto: turtle\nstronghold kyoto: lotus turtle\n")
    assert msg.startswith(f"line {NEXT + 1}: field 'stronghold': a second turtle stronghold in kyoto (the first on line {NEXT}")


def test_war_province_token_is_held_once():
    """Each War Province token (a province and a season) exists once: not two players, nor one player twice."""
    msg = refused("", HEAD.replace("koi: coins=1", "koi: tokens=edo@spring").replace("lotus: coins=2", "lotus: tokens=edo@spring"))
    assert msg.startswith("line 5: field 'player koi': the token edo@spring is held twice (lotus holds it on line 4")
    assert "held twice" in refused("", HEAD.replace("coins=2", "tokens=edo@spring,edo@spring"))
    w = from_text(HEAD.replace("coins=2", "tokens=edo@spring,edo@summer,oshu@spring"))
    assert w.tokens[0] == [("edo", "spring"), ("edo", "summer"), ("oshu", "spring")]


def test_war_phase_a_token_of_a_later_season_cannot_be_held():
    """Issue 25: `season: spring` with a token won in autumn: a token is won in its own season's War Phase."""
    msg = refused("", HEAD.replace("summer", "spring").replace("coins=2", "tokens=edo@autumn"))
    assert msg.startswith("line 4: field 'player lotus': the token edo@autumn is of a season after this war's (spring)")
    assert "its own season" in msg


def test_war_phase_this_seasons_token_of_a_province_still_at_war_is_not_held_yet():
    """The token of Kyoto for this summer is on the board until Kyoto's war is resolved."""
    msg = refused("", HEAD.replace("coins=2", "tokens=kyoto@summer"))
    assert msg.startswith("line 4: field 'player lotus': lotus holds kyoto@summer, but kyoto is still at war this summer")
    assert from_text(HEAD.replace("coins=2", "tokens=edo@summer")).tokens[0] == [("edo", "summer")]


# ------------------------------------------------------------------ the whole file and the record
def test_bounds_a_war_file_has_at_most_64_kib_and_2000_lines():
    long_comment = "# " + "x" * R.bounds["file_chars"] + "\n"
    msg = refused(long_comment)
    assert msg.startswith(f"line {NEXT}: the war file passes 65536 characters") and "project's bound" in msg
    msg = refused("\n" * R.bounds["file_lines"])
    assert msg.startswith(f"line {R.bounds['file_lines'] + 1}: the war file has") and "at most 2000" in msg


def test_bounds_a_war_record_and_its_numbers():
    text = open_example("worked-battle") + "\n"
    with pytest.raises(ReplayError, match=rf"^line {text.count(chr(10)) + 1}: the war record has 131073 characters"):
        replay(text + "#" * (R.bounds["record_chars"] + 1 - len(text)))
    lines = text.count("\n")
    with pytest.raises(ReplayError, match=rf"^line {lines + 1}: lotus: bid 9+\.\.\.: the number '9+\.\.\.' is more than any"):
        replay(text + "lotus: bid " + "9" * 5000 + " 0 0 0\n")


def test_notation_a_number_too_long_to_read_is_a_rule_violation():
    """Not a ValueError from int(): the action is refused and nothing changes."""
    w = from_text(open_example("worked-battle"))
    for text in ("bid " + "9" * 5000 + " 0 0 0", "bid poets=" + "1" * 5000):
        with pytest.raises(RuleViolation, match="is not a whole number of coins"):
            w.apply(Action(0, text))
    assert w.bids == {}


# ------------------------------------------------------------------ the checks the server calls
@pytest.mark.parametrize("name", examples())
def test_check_war_file_and_check_bounds_accept_every_example(name):
    assert check_war_file(open_example(name)) is None
    check_bounds(from_text(open_example(name)))


def test_check_war_file_refuses_a_stored_file_that_breaks_a_bound():
    """A game stored before the bounds, e.g. with two million figures, is refused by its line, not loaded."""
    with pytest.raises(FormatError, match=rf"^line {NEXT}: field 'figures': koi bushi x2000000"):
        check_war_file(HEAD + "figures kyoto: koi bushi x2000000\n")


@pytest.mark.parametrize("edit,match", [
    (lambda s: s.figures.extend([Figure(90 + i, "edo", 1, "bushi", 1) for i in range(7)]),
     "field 'figures edo': turtle bushi x1 makes 7 turtle bushi"),
    (lambda s: s.captured[0].append(Figure(90, "-", 1, "daimyo", 1)), "field 'hostages lotus': turtle's daimyo cannot be held"),
    (lambda s: s.figures.append(Figure(90, "edo", 1, "monster", 11)), "force=11 is more than 10"),
    (lambda s: s.tokens[1].extend([("edo", "spring"), ("edo", "spring")]), "the token edo@spring is held twice"),
    (lambda s: s.tokens[1].append(("edo", "autumn")), "the token edo@autumn is of a season after"),
    (lambda s: s.strongholds.setdefault("edo", []).extend([1, 1]),
     "a second turtle stronghold in edo (the first in field 'stronghold edo'"),
    (lambda s: s.coins.__setitem__(0, 25), "coins and ronin in this file; a war file holds at most 24"),
])
def test_check_bounds_refuses_a_state_past_the_bounds(edit, match):
    """`check_bounds(state)`: the same rules on a state (a stored or replayed game), naming the field and the rule."""
    s = from_text(open_example("worked-battle"), start=False)
    check_bounds(s)
    edit(s)
    with pytest.raises(FormatError, match=re.escape(match)):
        check_bounds(s)


# ------------------------------------------------------------------ any mutation: a parse or a FormatError by line
WORDS = ["0", "1", "6", "7", "60", "61", "999", "1000", "2000000", "999999999999", "9" * 5000, "²", "-1",
         "x2", "x7", "x2000000", "x999999999999", "force=11", "force=10", "#0", "#1", "#999", "#1000",
         "daimyo", "monster", "bushi", "shinto", "lotus", "koi", "turtle", "crab", "kyoto", "edo", "atlantis",
         "tokens=edo@autumn", "tokens=kyoto@spring", "tokens=edo@spring,edo@spring", "coins=61", "ronin=60", "vp=1000",
         ",", ":", "#", "=", "é", "\x00", "", "hostages", "figures", "stronghold", "war", "player", "season"]
LINES = ["hostages lotus: koi daimyo", "hostages lotus: lotus bushi", "figures edo: koi bushi x6", "figures edo: koi daimyo",
         "stronghold nagato: turtle", "stronghold kyoto: turtle turtle", "figures oshu: koi monster x30",
         "player koi: coins=60", "season: autumn", "war 8: kyushu", "hostages turtle: lotus shinto x3"]
SOURCES = [open_example(name) for name in examples()] + [
    HEAD + "alliance: lotus turtle\nfigures kyoto: koi bushi x2, #20 lotus monster force=3, turtle daimyo\n"
    "hostages lotus: koi shinto\nstronghold kyoto: turtle\n"]


@st.composite
def mutated_files(draw) -> str:
    lines = draw(st.sampled_from(SOURCES)).splitlines()
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["word", "word", "drop", "copy", "insert", "char"]))
        i = draw(st.integers(0, len(lines) - 1))
        if how == "word":
            words = lines[i].split(" ")
            words[draw(st.integers(0, len(words) - 1))] = draw(st.sampled_from(WORDS))
            lines[i] = " ".join(words)
        elif how == "drop" and len(lines) > 1:
            del lines[i]
        elif how == "copy":
            lines.insert(draw(st.integers(0, len(lines))), lines[i])
        elif how == "insert":
            lines.insert(i, draw(st.sampled_from(LINES)))
        elif how == "char" and lines[i]:
            j = draw(st.integers(0, len(lines[i]) - 1))
            lines[i] = lines[i][:j] + draw(st.sampled_from(["", "9", "x", ",", "#", "\n", "\r", " "])) + lines[i][j + 1:]
    return "\n".join(lines) + "\n"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=mutated_files())
def test_property_a_mutated_war_file_parses_within_bounds_or_is_refused_by_its_line(text):
    """Bad input: every refusal is a FormatError naming a line, never another exception; what is read keeps every
    bound (check_bounds) and writes back to a file that reads again."""
    try:
        s = from_text(text, start=False)
    except FormatError as e:
        assert re.match(r"line \d+: ", str(e)), str(e)
        return
    check_bounds(s)
    assert to_text(from_text(to_text(s), start=False)) == to_text(s)
    s.start()
    check_bounds(s)
