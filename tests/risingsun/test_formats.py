"""The war file, the action notation and war records (docs/risingsun-war.md)."""

from __future__ import annotations

import pytest

from daimyo.core.errors import FormatError
from daimyo.core.record import ReplayError
from daimyo.risingsun import from_text, load_war, open_example, to_text
from daimyo.risingsun.record import Recorder, replay
from daimyo.bots.risingsun import make_bot

GOOD = """format: risingsun-war
season: summer
honor: lotus koi bonsai
player lotus: coins=2
player koi: coins=1
player bonsai: coins=0
war 1: kyoto
figures kyoto: lotus bushi, koi bushi
"""


@pytest.mark.parametrize("edit,match", [
    (("format: risingsun-war\n", ""), "field 'format' is missing"),
    (("risingsun-war", "rokugan-position"), "field 'format': expected risingsun-war"),
    (("season: summer", "season: winter"), "field 'season': expected one of"),
    (("season: summer\n", ""), "field 'season' is missing"),
    (("honor: lotus koi bonsai", "honor: lotus koi"), "field 'honor': must name each player"),
    (("honor: lotus koi bonsai", "honor: lotus lotus bonsai"), "field 'honor'"),
    (("honor: lotus koi bonsai\n", ""), "field 'honor' is missing"),
    (("coins=2", "coins=two"), "field 'player lotus': coins: expected a whole number"),
    (("coins=2", "coins=-2"), "field 'player lotus': coins: expected a whole number"),
    (("coins=2", "gold=2"), "field 'player lotus': expected coins=N"),
    (("coins=2", "coins=2 tokens=kyoto@winter"), "PROVINCE@SEASON"),
    (("coins=2", "coins=2 tokens=atlantis@spring"), "unknown province 'atlantis'"),
    (("player koi", "player crab"), "field 'player': unknown clan 'crab'"),
    (("player koi: coins=1\n", ""), "needs 3 to 5 players"),
    (("war 1: kyoto", "war 1: atlantis"), "field 'war': unknown province"),
    (("war 1: kyoto", "war one: kyoto"), "field 'war': the War Number must be"),
    (("war 1: kyoto", "war 1: kyoto\nwar 1: edo"), "War Number 1 is given twice"),
    (("war 1: kyoto", "war 1: kyoto\nwar 2: kyoto"), "kyoto already has a War Number"),
    (("war 1: kyoto", "war 1: kyoto\nwars: edo"), "field 'wars': give either"),
    (("lotus bushi,", "lotus samurai,"), "field 'figures': unknown figure kind 'samurai'"),
    (("lotus bushi,", "crab bushi,"), "field 'figures': 'crab' is not a player"),
    (("lotus bushi,", "lotus bushi force=x,"), "field 'figures': force: expected a whole number"),
    (("lotus bushi,", "lotus bushi big,"), "field 'figures': expected 'force=N' or 'xN'"),
    (("lotus bushi,", "lotus daimyo x2,"), "field 'figures': a second lotus daimyo: a clan has one daimyo"),
    (("koi bushi\n", "#1 koi bushi\n"), "field 'figures': figure number #1 is used twice"),
    (("lotus bushi,", "lotus,"), "field 'figures': a figure is"),
    (("figures kyoto:", "figures atlantis:"), "field 'figures': unknown province"),
    (("war 1: kyoto", "war 1: kyoto\nstronghold kyoto: crab"), "field 'stronghold'"),
    (("war 1: kyoto", "war 1: kyoto\nalliance: lotus"), "field 'alliance': an alliance names two"),
    (("war 1: kyoto", "war 1: kyoto\nalliance: lotus koi\nalliance: koi lotus"), "field 'alliance': koi is already allied"),
    (("war 1: kyoto", "war 1: kyoto\ncavalry: 3"), "unknown field 'cavalry'"),
    (("war 1: kyoto", "war 1: kyoto\nthis is no line"), "expected 'key: value'"),
    (("season: summer", "season: summer\nseason: autumn"), "field 'season' given twice"),
    (("season: summer", "season: summer\nrules: 9"), "field 'rules'"),
    # a misspelt field is named on its own line with the nearest field, not reported as the right one missing
    (("season: summer", "seasn: summer"), "^line 2: unknown field 'seasn' \\(did you mean 'season'\\?\\)"),
    (("honor: lotus koi bonsai", "honour: lotus koi bonsai"), "^line 3: unknown field 'honour' \\(did you mean 'honor'\\?\\)"),
    (("format: risingsun-war", "fromat: risingsun-war"), "^line 1: unknown field 'fromat' \\(did you mean 'format'\\?\\)"),
    (("figures kyoto:", "figure kyoto:"), "unknown field 'figure kyoto' \\(did you mean 'figures'\\?\\)"),
])
def test_war_file_bad_field_gives_format_error_naming_it(edit, match):
    """Bad input: a malformed war file raises FormatError naming the field (and the line)."""
    old, new = edit
    assert old in GOOD
    with pytest.raises(FormatError, match=match):
        from_text(GOOD.replace(old, new, 1))


def test_war_file_reads_every_field():
    """The war file: players, honor, alliances, War Numbers, VP, tokens, figures with numbers and force, strongholds."""
    w = from_text("""format: risingsun-war   # a comment
season: autumn
honor: turtle lotus koi
alliance: koi lotus
war 2: edo
war 1: kyoto
player lotus: coins=2 ronin=1 vp=7 tokens=edo@spring,oshu@summer
player koi: coins=1
player turtle: coins=0
figures kyoto: lotus bushi x2, #10 koi monster force=3, turtle daimyo
stronghold edo: turtle lotus
hostages lotus: koi shinto
""", start=False)
    assert w.clans == ["lotus", "koi", "turtle"] and w.season == "autumn"
    assert w.honor == [2, 0, 1] and w.ally == [1, 0, -1]
    assert w.wars == ["kyoto", "edo"]
    assert (w.coins, w.ronin, w.vp) == ([2, 1, 0], [1, 0, 0], [7, 0, 0])
    assert w.tokens[0] == [("edo", "spring"), ("oshu", "summer")]
    assert w.figures == [(1, "kyoto", 0, "bushi", 1), (2, "kyoto", 0, "bushi", 1), (10, "kyoto", 1, "monster", 3),
                         (11, "kyoto", 2, "daimyo", 1)]
    assert w.strongholds == {"edo": [2, 0]}
    assert w.captured[0] == [(12, "-", 1, "shinto", 1)]


@pytest.mark.parametrize("name", ["seed-example", "worked-battle"])
def test_war_file_round_trip_is_canonical(name):
    """to_text(from_text(t)) is a canonical form: reading it back writes the same text."""
    w = from_text(open_example(name), start=False)
    text = to_text(w)
    again = from_text(text, start=False)
    assert to_text(again) == text
    assert again.figures == w.figures and again.honor == w.honor and again.wars == w.wars


def test_war_file_written_between_wars_resumes_the_same_war():
    """A war file written after a battle (before the next one's bids), read back, is the same situation."""
    rec = Recorder(open_example("seed-example"))
    s = rec.state
    bots = {p: make_bot("heuristic", p) for p in range(s.n)}
    while s.province() == "nagato":
        for p in s.to_act():
            rec.apply_move(p, bots[p].choose(s, p))
    text = to_text(s)               # Edo's battle, before its bids
    resumed = from_text(text)
    assert resumed.province() == s.province() == "edo"
    assert resumed.to_act() == s.to_act()
    for p in [None] + list(range(s.n)):
        assert resumed.view(p)["players"] == s.view(p)["players"]
    assert resumed.figures == s.figures and resumed.honor == s.honor
    assert text.count("war 6: edo") == 1
    p = s.to_act()[0]
    rec.apply_move(p, bots[p].choose(s, p))
    with pytest.raises(FormatError, match="under way"):
        to_text(s)                  # a bid is in


def test_record_replays_exactly():
    """Records: a War Phase played by bots, written and replayed, ends in the same state with the same events."""
    rec = Recorder(open_example("seed-example"))
    s = rec.state
    bots = {p: make_bot("random", 100 + p) for p in range(s.n)}
    events = list(rec.start_events)
    while not s.is_terminal():
        for p in s.to_act():
            events += rec.apply_move(p, bots[p].choose(s, p))
    rep = replay(rec.text())
    assert rep.state.result == s.result
    assert rep.events == events
    assert to_text(rep.state) == to_text(s)


def test_record_illegal_line_names_the_line_and_rule():
    """Records: an illegal action stops the replay with its line number and the rule broken."""
    text = open_example("worked-battle") + "\nlotus: bid 9 0 0 0\n"
    with pytest.raises(ReplayError) as e:
        replay(text)
    assert e.value.lineno == text.splitlines().index("lotus: bid 9 0 0 0") + 1
    assert "A battle 2. Secret bids" in str(e.value)
    with pytest.raises(ReplayError, match="line 1"):
        replay("format: nothing\n\nlotus: bid 0 0 0 0\n")


def test_notation_round_trips_every_legal_move():
    """Action notation: every legal move's text reads back as the same move."""
    from daimyo.risingsun.notation import move_text, parse_move
    w = load_war(open_example("worked-battle"))
    for p in w.to_act():
        for m in w.legal_moves(p):
            assert parse_move(w, move_text(w, m)) == m


@pytest.mark.parametrize("edit,match", [
    (("koi bushi\n", "#² koi bushi\n"), r"line 8: field 'figures': a figure number is #1, #2, \.\.\., got '#²'"),
    (("lotus bushi,", "lotus bushi x²,"), r"line 8: field 'figures': expected 'force=N' or 'xN'"),
    (("lotus bushi,", "lotus bushi force=³,"), r"line 8: field 'figures': force: expected a whole number"),
    (("coins=2", "coins=²"), r"line 4: field 'player lotus': coins: expected a whole number"),
    (("coins=2", "coins=٣"), r"line 4: field 'player lotus': coins: expected a whole number"),
])
def test_war_file_numbers_in_other_digits_are_refused(edit, match):
    """The war file (docs/risingsun-war.md): numbers are written in the digits 0-9; a superscript such as '#²'
    (which str.isdigit accepts and int refuses) is a FormatError naming the line, not a traceback."""
    old, new = edit
    with pytest.raises(FormatError, match=match):
        from_text(GOOD.replace(old, new, 1))


@pytest.mark.parametrize("text", ["hostage #²", "bid ² 0 0 0", "bid seppuku=¹"])
def test_action_numbers_in_other_digits_are_refused(text):
    """The action notation (docs/risingsun-war.md): coins and figure numbers in other digits are refused as
    illegal actions (RuleViolation), not a traceback."""
    from daimyo.core.errors import RuleViolation
    from daimyo.risingsun.notation import parse_move

    with pytest.raises(RuleViolation, match="whole number|figure number"):
        parse_move(from_text(GOOD), text)
