"""Duels seeded with a secret GameKey (keyed BLAKE2b generator): shuffled decks, records, replay and positions.

Setup shuffles each deck and breaks advantage ties with the duel's generator; a record is
(rules version, seed or key, actions) and replays exactly.
"""

import pytest
from click.testing import CliRunner

from daimyo.bots.random_bot import play
from daimyo.bots.senjutsu import make
from daimyo.cli.main import main
from daimyo.core.errors import FormatError
from daimyo.core.rng import GameKey, KeyedRng, Rng, generator
from daimyo.senjutsu import new_game
from daimyo.senjutsu.position import from_position, to_position
from daimyo.senjutsu.record import ReplayError, record_header, record_text, replay
from daimyo.senjutsu.state import CHOOSE

KEY = GameKey(bytes(range(32)))
OTHER = GameKey(bytes(range(100, 132)))
TERRAIN = [("rock", [(0, 0)]), ("bamboo", [(3, -3)])]


def play_recorded(key, characters=("kaze", "tetsu"), **kw):
    g = new_game(list(characters), seed=key, terrain=TERRAIN, **kw)
    actions = []
    bots = {i: make("random", generator(key, f"bot/{i}").next64()) for i in range(len(characters))}
    play(g, bots, on_move=lambda seat, move: actions.append((f"p{seat + 1}", move)))
    header = record_header(list(characters), key, terrain=TERRAIN, **kw)
    return g, record_text(header, actions)


def views(g):
    return [g.view(p) for p in [None, *range(len(g.duellists))]]


@pytest.mark.parametrize("characters", [("kaze", "tetsu"), ("hana", "ishi", "kaze")])
def test_a_keyed_duel_replays_exactly_from_its_record(characters):
    g, text = play_recorded(KEY, characters)
    assert g.is_terminal() and isinstance(g.rng, KeyedRng)
    assert "generator: blake2b-keyed" in text and f"key: {KEY.hex()}" in text and "seed:" not in text
    again = replay(text)
    assert again.state.is_terminal()
    assert views(again.state) == views(g)
    assert again.state.result == g.result
    for v in views(g):
        assert KEY.hex() not in repr(v)


def test_a_keyed_duel_with_terrain_pieces_and_prepared_cards_replays():
    """Battlefield Setup 2 (a random player places terrain first) and Player Setup 7 under a key."""
    g, text = play_recorded(KEY, terrain_pieces=["rock", "bamboo"], prepare=True)
    assert "terrain-pieces: rock bamboo" in text and "prepare: yes" in text
    assert views(replay(text).state) == views(g)


def test_the_replay_command_replays_a_keyed_record(tmp_path):
    _, text = play_recorded(KEY)
    path = tmp_path / "duel.record"
    path.write_text(text)
    r = CliRunner().invoke(main, ["senjutsu", "replay", str(path)])
    assert r.exit_code == 0, r.output
    assert "revealed:" in r.output and KEY.hex() not in r.output


def test_two_keys_shuffle_differently_and_one_key_the_same():
    """Player Setup: each deck is shuffled with the duel's generator."""
    decks = lambda g: [d.deck for d in g.duellists]  # noqa: E731
    a, b = new_game(["kaze", "tetsu"], seed=KEY), new_game(["kaze", "tetsu"], seed=OTHER)
    assert decks(a) == decks(new_game(["kaze", "tetsu"], seed=GameKey(bytes(range(32)))))
    assert decks(a) != decks(b)


def test_record_header_for_the_server():
    assert record_header(["kaze", "tetsu"], 7, terrain=TERRAIN) == {
        "seed": 7, "board": "one", "characters": "kaze tetsu", "terrain": "rock 0,0; bamboo 3,-3"}
    header = record_header(["kaze", "tetsu"], KEY, terrain=TERRAIN)
    assert header["generator"] == "blake2b-keyed" and header["key"] == KEY.hex()
    state = replay(record_text(header, [])).state
    assert [d.deck for d in state.duellists] == [d.deck for d in new_game(["kaze", "tetsu"], seed=KEY, terrain=TERRAIN).duellists]


def at_choose(seed):
    g = new_game(["kaze", "tetsu"], seed=seed, terrain=TERRAIN)
    bots = {i: make("random", 5 + i) for i in range(2)}
    while not (g.phase == CHOOSE and not g.chosen and g.turn >= 3):
        seat = g.to_act()[0]
        g.apply_move(seat, bots[seat].choose(g, seat))
    return g, bots


def test_a_keyed_position_round_trips_and_keeps_its_future():
    """Position format: `rng: blake2b-keyed <key> <label> <counter>` carries the whole generator."""
    g, bots = at_choose(KEY)
    text = to_position(g)
    assert f"rng: blake2b-keyed {KEY.hex()} game {g.rng.counter}" in text.splitlines()
    copy = from_position(text)
    assert to_position(copy) == text
    while not g.is_terminal():
        seat = g.to_act()[0]
        m = bots[seat].choose(g, seat)
        g.apply_move(seat, m)
        copy.apply_move(seat, m)
    assert views(copy) == views(g)


def test_int_seeded_duels_are_as_before():
    g, _ = at_choose(7)
    assert type(g.rng) is Rng and "seed: " in to_position(g) and "rng:" not in to_position(g)
    c = g.clone()
    assert c.rng is not g.rng and c.rng.state == g.rng.state


def test_a_malformed_rng_line_is_refused():
    g, _ = at_choose(KEY)
    lines = to_position(g).splitlines()
    no = next(i for i, ln in enumerate(lines, 1) if ln.startswith("rng:"))
    lines[no - 1] = "rng: blake2b-keyed nothex game 3"
    with pytest.raises(FormatError, match=f"^line {no}: field 'rng': a game key is 64 hex digits"):
        from_position("\n".join(lines))
    lines[no - 1] += "\nseed: 4"
    with pytest.raises(FormatError, match="either 'seed:' or 'rng:'"):
        from_position("\n".join(lines))


def test_a_malformed_key_in_a_record_names_its_line():
    text = "format: senjutsu-record\ngenerator: blake2b-keyed\nkey: xyz\ncharacters: kaze tetsu\n"
    with pytest.raises(ReplayError, match="^line 3: field 'key': a game key is 64 hex digits"):
        replay(text)
