"""Rules files (docs/designers.md, "Battle for Rokugan variants"): a designer's variant laid over the standard data,
checked field by field, carried by each game made under it (the engine and the bots read the game's rules), carried
whole in a game's record."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st

from daimyo.bots.random_bot import RandomBot, play
from daimyo.cli.main import main
from daimyo.core.errors import FormatError
from daimyo.core.record import ReplayError
from daimyo.core.registry import game
from daimyo.rokugan import native, new_game
from daimyo.rokugan.data import RULES
from daimyo.rokugan.data_variant import activate, active, default_rules, parse_variant
from daimyo.rokugan.objectives import objective_met
from daimyo.rokugan.position import from_position, to_position
from daimyo.rokugan.record import Recorder, replay
from daimyo.rokugan.state import RokuganState

SAIL = {"format": "rokugan-rules", "name": "sail-16", "objectives": {"way-of-the-sail": {"honor": 16}}}
SHORT = {"format": "rokugan-rules", "name": "short",
         "components": {"rounds": 4, "hand_size": 5, "special_tokens": {"peace": 3},
                        "combat_tokens": [{"kind": "army", "strength": 1, "count": 8},
                                          {"kind": "army", "strength": 3, "count": 3},
                                          {"kind": "navy", "strength": 2, "count": 2},
                                          {"kind": "shinobi", "strength": 2, "count": 1},
                                          {"kind": "bluff", "strength": 0, "count": 1}]},
         "provinces": {"crab_1": {"flowers": 5, "printed_defense": 3}},
         "clans": {"lion": {"special_token": {"kind": "army", "strength": 4}}},
         "clans_in_game": ["crab", "crane", "lion", "dragon", "scorpion"],
         "objectives": {"inland-empire": {"name": "Inland Empire", "honor": 8, "condition": "territory_spread",
                                          "territories": 4}}}
#: territory_hold with three provinces: the native engine scores it with two only
HOLD3 = {"format": "rokugan-rules", "name": "hold-three",
         "objectives": {"the-last-line-of-defense": {"provinces": 3}}}


@pytest.fixture(autouse=True)
def standard_rules():
    activate(None)
    yield
    activate(None)


def variant(spec: dict):
    return parse_variant(json.dumps(spec), "v.json")


def test_the_files_numbers_are_its_rules_and_the_standard_ones_stay():
    """A variant's Rules hold the file's numbers; the standard RULES never change; activate sets only the default
    rules of games made from then on."""
    v = variant(SHORT)
    r = v.rules
    assert (r.rounds, r.hand_size, r.flowers[r.province_index["crab_1"]]) == (4, 5, 5)
    assert r.clan_names == ["crab", "crane", "dragon", "lion", "scorpion"]
    assert r.clan_tokens["lion"][-1].code == "a4"
    assert r.tokens_per_clan == 16 and r.special_supply["peace"] == 3
    assert r.objectives["inland-empire"]["honor"] == 8
    activate(v)
    assert active().name == "short" and default_rules() is r
    assert (RULES.rounds, RULES.hand_size, RULES.tokens_per_clan, len(RULES.clan_names)) == (5, 6, 27, 7)
    assert new_game(players=3, seed=1, engine="python").rules is r
    activate(None)
    assert default_rules() is RULES


def test_derived_tables_are_made_per_rules():
    """The tables derived from the rules (the bluff's index, the token codes, the objectives' order, the bound on a
    token's number) are each Rules object's own, made once; no module holds a copy to change."""
    v = variant(SHORT)
    assert v.rules.token_codes is v.rules.token_codes
    assert "a2" not in v.rules.token_codes and "a2" in RULES.token_codes
    assert v.rules.max_token_number == 4 * 5 * 17 and RULES.max_token_number == 5 * 5 * 28
    assert "inland-empire" in v.rules.objective_tuple and "inland-empire" not in RULES.objective_tuple
    assert v.rules.token_info["lion"][-1][:2] == ("a4", "army")


def _step(rec: Recorder, bots: dict) -> None:
    seat = rec.state.to_act()[0]
    rec.apply_move(seat, bots[seat].choose(rec.state, seat))


def test_games_under_different_rules_interleaved_give_their_own_records():
    """Two games in one process, the standard game and a two-round variant, played move by move in turn (with the
    Python heuristic bot reading each game's rules): each record is the one the game gives played alone, and each
    replays to its own end, changing nothing in the process."""
    from daimyo.bots.rokugan.heuristic import RokuganHeuristicBot

    two = variant({**SHORT, "name": "two-rounds", "components": {**SHORT["components"], "rounds": 2}})

    def start(rules):
        rec = Recorder(players=3, seed=5, rules=rules)
        return rec, {p: RandomBot(p) if p % 2 else RokuganHeuristicBot(p) for p in range(3)}

    alone = []
    for rules in (RULES, two.rules):
        rec, bots = start(rules)
        while not rec.state.is_terminal():
            _step(rec, bots)
        alone.append(rec.text())
    games = [start(RULES), start(two.rules)]
    while not all(rec.state.is_terminal() for rec, _bots in games):
        for rec, bots in games:
            if not rec.state.is_terminal():
                _step(rec, bots)
    (a, _), (b, _) = games
    assert [a.text(), b.text()] == alone
    assert "variant: two-rounds" in alone[1] and "variant" not in alone[0]
    assert a.state.round == 5 and b.state.round == 2
    for text, rec in zip(alone, (a, b), strict=True):
        again = replay(text)
        assert again.state.is_terminal() and again.state.result == rec.state.result
        assert again.state.rules is rec.state.rules or again.state.rules.digest == rec.state.rules.digest
    assert active() is None


def test_a_game_under_the_file_plays_its_rules():
    """End of the Game: the objective's honor is the file's (16, not 10); Setup: a hand of the file's size."""
    short = variant(SHORT)
    g = new_game(players=3, seed=4, engine="python", rules=short.rules)
    assert g.rules is short.rules and g.clone().rules is short.rules
    play(g, {p: RandomBot(p) for p in range(3)})
    assert g.round == 4
    assert all(c in short.rules.clan_names for c in g.clans)
    activate(variant(SAIL))
    g = new_game(players=2, seed=1, engine="python")
    play(g, {p: RandomBot(p) for p in range(2)})
    for row in g.result["scores"]:
        if row["objective"] == "way-of-the-sail" and row["objective_met"]:
            assert row["objective_honor"] == 16


@pytest.mark.skipif(not native.available(), reason="the native engine is not built")
@pytest.mark.parametrize("spec", [SAIL, SHORT], ids=["sail", "short"])
def test_both_engines_play_a_file_alike(spec):
    """The native engine is handed the file's tables: move for move the same games as the Python engine."""
    from daimyo.bots.rokugan.heuristic import RokuganHeuristicBot

    activate(variant(spec))
    assert native.available()
    for seed in range(4):
        results = []
        for engine in ("python", "native"):
            g = new_game(players=2 + seed % 4, seed=seed, engine=engine)
            bots = {p: RandomBot(seed * 10 + p) if p % 2 else RokuganHeuristicBot(seed * 10 + p) for p in range(g.n)}
            moves = play(g, bots)
            results.append((moves, g.clans, g.result["winners"], [r["total"] for r in g.result["scores"]]))
        assert results[0] == results[1]


def test_a_file_the_native_engine_cannot_play_goes_to_the_python_engine():
    """territory_hold with three provinces: the native engine is refused, saying why; the default engine is Python."""
    v = variant(HOLD3)
    assert v.not_native and "territory_hold with provinces 2 only" in v.not_native
    activate(v)
    assert not native.available() and v.not_native == native.refusal()
    assert native.available(RULES) or native._core is None   # the standard rules still are, for games made with them
    assert native.default_engine(0) == "python"
    with pytest.raises(ImportError, match="does not play these rules" if native._core is not None else "not installed"):
        native.require()
    activate(None)
    assert native.available() or native._core is None


def test_cards_left_out_of_the_game_are_never_dealt():
    """Setup: each territory's space gets one of its cards in the game; the native engine plays all 22 only."""
    v = variant({"format": "rokugan-rules", "name": "fewer-cards",
                 "cards_in_game": [c for c in RULES.cards if c not in ("bushido", "spy-network", "dark-favors")]})
    assert v.not_native and "all 22 territory cards" in v.not_native
    activate(v)
    assert v.rules.territory_cards[RULES.territory_index["lion"]] == ["honorable-fight"] and "bushido" not in v.rules.cards
    for seed in range(6):
        g = game("rokugan").setup(3, seed, [])   # as simulate, the arena and the server set a game up
        assert isinstance(g, RokuganState)      # the Python engine, the native one being refused
        assert g.space[RULES.territory_index["lion"]] == "honorable-fight"
        assert g.space[RULES.territory_index["scorpion"]] == "foment-rebellion"
        play(g, {p: RandomBot(p) for p in range(3)})
        assert all(c not in ("bushido", "spy-network", "dark-favors") for cs in g.cards for c in cs)


def _card_plays(card: str, seeds: range) -> list[list]:
    """The events of each play of ``card`` in random games (Python engine), from the play to the card's end."""
    plays = []
    for seed in seeds:
        g = new_game(players=3, seed=seed, engine="python")
        bots = {p: RandomBot(seed * 10 + p) for p in range(3)}
        current: list | None = None
        while not g.is_terminal():
            seat = g.to_act()[0]
            events = g.apply_move(seat, bots[seat].choose(g, seat))
            for e in events:
                if e.kind == "play":
                    current = [] if e.data["card"] == card else None
                    if current is not None:
                        plays.append(current)
                elif current is not None:
                    current.append(e)
            if not g.pending:
                current = None
    return plays


def test_numbers_inside_card_effects():
    """Territory cards: Code of Honor puts its +1 honor tokens in three provinces (the file's number, with three
    such tokens in the supply); Foment Rebellion adds one control token. The native engine plays them too
    (tests/native/test_card_numbers.py)."""
    v = variant({"format": "rokugan-rules", "name": "three-honors",
                 "components": {"special_tokens": {"honor_1": 3}},
                 "card_numbers": {"code-of-honor": {"provinces": 3}, "foment-rebellion": {"control_tokens": 1}}})
    assert v.not_native is None
    activate(v)
    assert v.rules.card_number("code-of-honor", "count", 2) == 3 and RULES.card_number("code-of-honor", "count", 2) == 2
    plays = _card_plays("code-of-honor", range(40))
    assert plays and all(sum(1 for e in p if e.kind == "special" and e.data["token"] == "honor_1") == 3 for p in plays)
    activate(None)
    plays = _card_plays("code-of-honor", range(40))
    assert plays and all(sum(1 for e in p if e.kind == "special" and e.data["token"] == "honor_1") == 2 for p in plays)


def test_more_numbers_inside_card_effects():
    """Territory cards: Strength of Purpose adds a control token faceup to each of three provinces, Bountiful Harvest
    puts four control tokens faceup (the file's numbers); under the standard rules two provinces, two tokens."""
    activate(variant({"format": "rokugan-rules", "name": "more",
                      "card_numbers": {"strength-of-purpose": {"provinces": 3},
                                       "bountiful-harvest": {"control_tokens": 4}}}))
    for want_provinces, want_tokens in ((3, 4), (2, 2)):
        plays = _card_plays("strength-of-purpose", range(60))
        assert plays and all(sum(1 for e in p if e.kind == "control-added") == want_provinces for p in plays)
        plays = _card_plays("bountiful-harvest", range(60))
        assert plays and all([e.data["faceup"] for e in p if e.kind == "control-added"] == [want_tokens] for p in plays)
        activate(None)


def test_territory_hold_counts_the_files_provinces():
    """Secret Objectives (The Last Line of Defense): two Crab provinces are no longer enough with provinces 3."""
    g = new_game(players=2, seed=0, clans=["lion", "crane"], engine="python")
    crab = [p for p in RULES.territory_provinces[RULES.territory_index["crab"]] if RULES.capital_of[p] is None]
    g.owner = [-1] * RULES.n_provinces
    for p in crab[:2]:
        g.owner[p] = 0
    assert objective_met(g, 0, "the-last-line-of-defense", RULES)
    hold3 = variant(HOLD3).rules
    assert not objective_met(g, 0, "the-last-line-of-defense", hold3)
    g.owner[crab[2]] = 0
    assert objective_met(g, 0, "the-last-line-of-defense", hold3)


def test_a_record_carries_the_file_and_replays_it():
    """A record made under a file names it, with its digest and the file itself; replayed anywhere, it is the game."""
    activate(variant(SHORT))
    rec = Recorder(players=3, seed=9)
    bots = {p: RandomBot(p) for p in range(3)}
    while not rec.state.is_terminal():
        seat = rec.state.to_act()[0]
        rec.apply_move(seat, bots[seat].choose(rec.state, seat))
    text, final = rec.text(), rec.state.result
    assert "variant: short" in text and "variant-digest: " in text and "variant-rules: {" in text
    activate(None)
    again = replay(text)
    assert again.state.result == final and again.state.rules.header["variant"] == "short" and active() is None
    standard = Recorder(players=2, seed=1).text()
    activate(variant(SAIL))
    assert "variant" not in standard
    assert replay(standard).state.rules is RULES and active().name == "sail-16"


def test_a_changed_rules_line_is_refused_by_its_digest():
    activate(variant(SAIL))
    text = Recorder(players=2, seed=1).text()
    activate(None)
    with pytest.raises(ReplayError, match="digest"):
        replay(text.replace('"honor":16', '"honor":17'))
    with pytest.raises(ReplayError, match="variant-rules"):
        replay("\n".join(line for line in text.splitlines() if not line.startswith("variant-rules")))


def test_a_position_carries_the_file_and_play_goes_on_alike():
    """A position written from a game under a file carries the file as its record does (docs/rokugan-positions.md),
    read back, in a process whose default is the standard rules, under the file: from each moment written, the same
    moves give the same positions to the end. A standard game's position has none of these lines."""
    short = variant(SHORT)
    state = RokuganState.new_game(players=3, seed=4, clans=["lion", "crab", "dragon"], rules=short.rules)
    bots = {p: RandomBot(p) for p in range(3)}
    texts, moves = [], []
    while not state.is_terminal():
        texts.append(to_position(state))
        seat = state.to_act()[0]
        moves.append((seat, bots[seat].choose(state, seat)))
        state.apply_move(*moves[-1])
    texts.append(to_position(state))
    head = texts[0].splitlines()[:5]
    assert head[2:5] == ["variant: short", f"variant-digest: {short.digest}", f"variant-rules: {short.canonical}"]
    for start in range(0, len(moves), 40):
        again = from_position(texts[start])
        assert again.rules.digest == short.digest and again.rules.hand_size == 5 and active() is None
        for i, (seat, move) in enumerate(moves[start:], start):
            assert move in again.legal_moves(seat)
            again.apply_move(seat, move)
            assert to_position(again) == texts[i + 1]
    assert again.result == state.result and again.rules.rounds == 4
    assert replay(texts[len(moves) // 2]).state.rules.header == short.rules.header
    standard = to_position(RokuganState.new_game(players=3, seed=4, clans=["lion", "crab", "dragon"]))
    assert "variant" not in standard and from_position(standard).rules is RULES


def test_a_positions_rules_lines_are_checked_naming_the_line():
    """The file's lines are checked as a record's are: the digest, the name, all three together; and a position of a
    file is not read under other rules a caller names. Each refusal names the line and field."""
    text = to_position(RokuganState.new_game(players=2, seed=1, clans=["crab", "crane"], rules=variant(SAIL).rules))
    with pytest.raises(FormatError, match=r"^line 5 \(variant-rules\): the rules' digest is [0-9a-f]{16}, its "
                                          r"'variant-digest:' line says"):
        from_position(text.replace('"honor":16', '"honor":17'))
    with pytest.raises(FormatError, match=r"^line 3 \(variant\): the rules file is named 'sail-16', not 'sail-17'"):
        from_position(text.replace("variant: sail-16", "variant: sail-17"))
    no_file = "\n".join(line for line in text.splitlines() if not line.startswith("variant-rules"))
    with pytest.raises(FormatError, match=r"^line 3 \(variant\): needs the rules file itself on a 'variant-rules:' line"):
        from_position(no_file)
    no_digest = "\n".join(line for line in text.splitlines() if not line.startswith("variant-digest"))
    with pytest.raises(FormatError, match=r"^line 4 \(variant-rules\): needs its 'variant-digest:' line"):
        from_position(no_digest)
    with pytest.raises(FormatError, match=r"^line 5 \(variant-rules\): the position is of the rules file 'sail-16'"):
        from_position(text, RULES)
    assert from_position(text, variant(SAIL).rules).rules.header["variant"] == "sail-16"


@pytest.mark.parametrize(("spec", "words"), [
    ({"name": "x"}, "field 'format'"),
    ({"format": "rokugan-rules", "name": ""}, "field 'name'"),
    ({"format": "rokugan-rules", "name": "x", "components": {"rouns": 3}}, "did you mean 'rounds'"),
    ({"format": "rokugan-rules", "name": "x", "components": {"rounds": 9}}, "field 'components.rounds': must be a whole number from 1 to 6"),
    ({"format": "rokugan-rules", "name": "x", "components": {"hand_size": True}}, "field 'components.hand_size'"),
    ({"format": "rokugan-rules", "name": "x", "components": {"combat_tokens": [{"kind": "army", "strength": 1, "count": 3}]}},
     "exactly one bluff"),
    ({"format": "rokugan-rules", "name": "x", "components": {"combat_tokens": [{"kind": "amry", "strength": 1, "count": 3}]}},
     "field 'components.combat_tokens[0].kind'"),
    ({"format": "rokugan-rules", "name": "x", "components": {"hand_size": 12, "combat_tokens": [
        {"kind": "army", "strength": 1, "count": 3}, {"kind": "bluff", "strength": 0, "count": 1}]}}, "field 'components.hand_size'"),
    ({"format": "rokugan-rules", "name": "x", "provinces": {"crab_9": {"flowers": 2}}}, "field 'provinces.crab_9'"),
    ({"format": "rokugan-rules", "name": "x", "provinces": {"crab_1": {"flowers": -1}}}, "field 'provinces.crab_1.flowers'"),
    ({"format": "rokugan-rules", "name": "x", "clans": {"lion": {"special_token": {"kind": "bluff", "strength": 0}}}},
     "field 'clans.lion.special_token.kind'"),
    ({"format": "rokugan-rules", "name": "x", "clans_in_game": ["crab", "crane", "lion"]}, "at least 5"),
    ({"format": "rokugan-rules", "name": "x", "clans_in_game": ["crab", "crane", "lion", "dragon", "scorpoin"]},
     "did you mean 'scorpion'"),
    ({"format": "rokugan-rules", "name": "x", "cards_in_game": ["bushido"]}, "territory 'crab' needs one of its cards"),
    ({"format": "rokugan-rules", "name": "x", "cards_in_game": ["bushidou"]}, "did you mean 'bushido'"),
    ({"format": "rokugan-rules", "name": "x", "card_numbers": {"code-of-honor": {"provinces": 4}}},
     "field 'card_numbers.code-of-honor.provinces': must be a whole number from 1 to 3"),
    ({"format": "rokugan-rules", "name": "x", "card_numbers": {"bushido": {"honor": 5}}}, "field 'card_numbers.bushido'"),
    ({"format": "rokugan-rules", "name": "x", "card_numbers": {"dark-favors": {"tokens": 7}}},
     "field 'card_numbers.dark-favors.tokens': must be a whole number from 1 to 6"),
    ({"format": "rokugan-rules", "name": "x", "card_numbers": {"reinforcements": {"army": 3}}},
     "field 'card_numbers.reinforcements"),
    ({"format": "rokugan-rules", "name": "x", "objectives": {"way-of-the-sail": {"condition": "coastl"}}},
     "objective 'way-of-the-sail': field 'condition' must be one of"),
    ({"format": "rokugan-rules", "name": "x", "objectives": {"way-of-the-sail": {"territories": 3}}},
     "field 'territories' is not an argument of condition 'coastal'"),
    ({"format": "rokugan-rules", "name": "x", "objectives": {"new-one": {"honor": 3}}}, "needs field 'name'"),
    ({"format": "rokugan-rules", "name": "x", "objectives": {"new-one": {"name": "N", "honor": 3, "condition": "coastal"}}},
     "needs field 'provinces'"),
    ({"format": "rokugan-rules", "name": "x", "objectives_in_game": ["way-of-the-sail"]}, "cannot deal 2 to each of 5"),
])
def test_mistakes_are_named_with_the_field(spec, words):
    with pytest.raises(FormatError, match=r"^v\.json: ") as e:
        parse_variant(json.dumps(spec), "v.json")
    assert words in str(e.value)


@pytest.mark.parametrize("depth", [9, 990, 5000])
def test_deep_nesting_is_refused_in_words(depth):
    with pytest.raises(FormatError, match=r"nest deeper than 8 levels|more than 2000 lists"):
        parse_variant("[" * depth + "]" * depth, "v.json")


def test_json_mistakes_name_line_and_column():
    with pytest.raises(FormatError, match=r"v.json: not JSON: line 2, column 3"):
        parse_variant('{"format": "rokugan-rules",\n  name: 1}', "v.json")


_json = st.recursive(st.none() | st.booleans() | st.integers(-10**9, 10**9) | st.floats() | st.text(max_size=12),
                     lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=12), kids, max_size=4),
                     max_leaves=20)
_keys = st.sampled_from(["format", "name", "components", "provinces", "clans", "clans_in_game", "objectives",
                         "objectives_in_game", "rounds", "hand_size", "combat_tokens", "special_tokens", "kind",
                         "strength", "count", "crab_1", "lion", "special_token", "way-of-the-sail", "honor",
                         "condition", "territory", "provinces_list", "territories", "coastal", "territory_hold",
                         "cards_in_game", "card_numbers", "code-of-honor", "control_tokens", "bushido"])
_near = st.recursive(st.integers(-2, 40) | st.sampled_from(["rokugan-rules", "x", "army", "bluff", "crab", "coastal"])
                     | _keys,
                     lambda kids: st.lists(kids, max_size=5) | st.dictionaries(_keys, kids, max_size=5), max_leaves=25)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(_json, _near, st.builds(lambda d: {"format": "rokugan-rules", "name": "f", **d},
                                         st.dictionaries(_keys, _near, max_size=4))))
def test_any_value_is_checked_or_refused_never_a_traceback(value):
    """Fuzz: whatever the file holds, the parser answers with rules or one FormatError, nothing else."""
    try:
        text = json.dumps(value)
    except ValueError:
        return
    try:
        v = parse_variant(text, "f.json")
    except FormatError as e:
        assert str(e).startswith("f.json: ")
    else:
        assert v.rules.rounds >= 1


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200) | st.text(max_size=200))
def test_any_text_is_refused_cleanly(text):
    with pytest.raises(FormatError):
        parse_variant(text, "f.json")


def test_check_rules_command(tmp_path):
    good, bad = tmp_path / "sail.json", tmp_path / "bad.json"
    good.write_text(json.dumps(SAIL))
    bad.write_text(json.dumps({**SAIL, "objectives": {"way-of-the-sail": {"honour": 16}}}))
    r = CliRunner().invoke(main, ["rokugan", "check-rules", str(good)])
    assert r.exit_code == 0 and "ok: rules 'sail-16'" in r.output and "native and Python engines" in r.output
    r = CliRunner().invoke(main, ["rokugan", "check-rules", str(bad)])
    assert r.exit_code == 1 and "bad.json: field 'objectives.way-of-the-sail.honour'" in r.output
    assert "Traceback" not in r.output
    hold = tmp_path / "hold.json"
    hold.write_text(json.dumps(HOLD3))
    r = CliRunner().invoke(main, ["rokugan", "check-rules", str(hold)])
    assert r.exit_code == 0 and "Python engine only" in r.output
    numbers = tmp_path / "numbers.json"
    numbers.write_text(json.dumps({"format": "rokugan-rules", "name": "n", "card_numbers": {"pirate-raids": {"control_tokens": 5}}}))
    r = CliRunner().invoke(main, ["rokugan", "check-rules", str(numbers)])
    assert r.exit_code == 0 and "card_numbers.pirate-raids.control_tokens: 5 (printed 3)" in r.output
    assert "native and Python engines" in r.output


def test_simulate_with_rules(tmp_path):
    path = tmp_path / "short.json"
    path.write_text(json.dumps(SHORT))
    r = CliRunner().invoke(main, ["rokugan", "simulate", "--rules", str(path), "--players", "3", "--games", "3",
                                  "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert set(out["games_by_clan"]) <= set(SHORT["clans_in_game"])
    path.write_text(json.dumps({**SHORT, "components": {"rounds": 0}}))
    r = CliRunner().invoke(main, ["rokugan", "simulate", "--rules", str(path), "--games", "1"])
    assert r.exit_code == 2 and "field 'components.rounds'" in r.output
    hold = tmp_path / "hold.json"
    hold.write_text(json.dumps(HOLD3))
    r = CliRunner().invoke(main, ["rokugan", "simulate", "--rules", str(hold), "--engine", "native", "--games", "1"])
    assert r.exit_code == 2 and "cannot play these rules" in r.output


def test_arena_and_compare_play_a_file(tmp_path):
    """The arena plays its games under the file (in its workers too) and says so; compare pairs the standard game
    with the file, game for game; the rules in force before are put back."""
    path = tmp_path / "sail.json"
    path.write_text(json.dumps(SAIL))
    r = CliRunner().invoke(main, ["arena", "--rules", str(path), "--players", "2", "--games", "4", "--bots", "random",
                                  "--workers", "2", "--out", str(tmp_path / "arena"), "--json"])
    assert r.exit_code == 0, r.output
    summary = json.loads(r.output)
    assert summary["rules"]["name"] == "sail-16"
    records = sorted((tmp_path / "arena" / "records").iterdir())
    assert len(records) == 4 and all("variant: sail-16" in p.read_text() for p in records)
    activate(None)
    r = CliRunner().invoke(main, ["study", "compare", "--game", "rokugan", "--players", "2", "--variant-rules", str(path),
                                  "--bots", "random", "--games", "7", "--workers", "1", "--out", str(tmp_path / "cmp"),
                                  "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["variant"]["rules"][1] == "sail-16" and "rules" not in out["baseline"] and active() is None
    assert out["games"] == 7
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**SAIL, "clans_in_game": ["crab", "crane", "lion", "dragon", "phoenix"]}))
    r = CliRunner().invoke(main, ["study", "compare", "--game", "rokugan", "--players", "2", "--variant-rules", str(bad),
                                  "--games", "7", "--out", str(tmp_path / "cmp")])
    assert r.exit_code == 2 and "same clans" in r.output
    r = CliRunner().invoke(main, ["study", "compare", "--game", "senjutsu", "--variant-rules", str(path)])
    assert r.exit_code == 2 and "give --game rokugan" in r.output


def test_play_in_the_terminal_under_a_file(tmp_path):
    path = tmp_path / "short.json"
    path.write_text(json.dumps(SHORT))
    r = CliRunner().invoke(main, ["play", "--terminal", "--rules", str(path), "--players", "3", "--seed", "4",
                                  "--clan", "crab"], input="quit\nn\n")
    assert r.exit_code == 0, r.output
    assert active().name == "short"
    r = CliRunner().invoke(main, ["play", "--rules", str(path), "--no-browser"])
    assert r.exit_code == 2 and "--terminal" in r.output


def test_a_new_objective_is_shown_by_its_files_name():
    from daimyo.words.rokugan import RokuganWords

    activate(variant(SHORT))
    assert RokuganWords("en").objective("inland-empire") == "Inland Empire"
    assert RokuganWords("pl").objective("inland-empire") == "Inland Empire"
    assert RokuganWords("en").objective("way-of-the-sail") == "Way of the Sail"
