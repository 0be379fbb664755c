"""Games seeded with a secret GameKey (keyed BLAKE2b generator): deals, clones, positions, records and replay.

Setup (Randomize Territory Cards, shuffles) draws from the game's generator; a record is
(rules version, seed or key, actions) and replays exactly (docs/architecture.md).
"""

import json

import pytest
from click.testing import CliRunner

from daimyo.bots.random_bot import RandomBot, play
from daimyo.cli.main import main
from daimyo.core.errors import FormatError
from daimyo.core.rng import GameKey, KeyedRng, Rng, generator
from daimyo.rokugan import new_game
from daimyo.rokugan.notation import move_text
from daimyo.rokugan.position import from_position, to_position
from daimyo.rokugan.record import Recorder, ReplayError, record_header, record_text, replay

KEY = GameKey(bytes(range(32)))
OTHER = GameKey(bytes(range(100, 132)))
CLANS = ["crab", "crane", "lion", "unicorn"]


def bots_for(key: GameKey, players: int):
    return {p: RandomBot(generator(key, f"bot/{p}").next64()) for p in range(players)}


def play_recorded(key: GameKey, clans=None, players=4) -> Recorder:
    rec = Recorder(players=players, seed=key, clans=clans)
    play(rec.state, bots_for(key, players), on_move=lambda seat, move: rec.actions.append(
        (rec.state.clans[seat] or f"seat{seat}", move_text(rec.state, seat, move))))
    return rec


def views(state):
    return [json.dumps(state.view(p), sort_keys=True) for p in [None, *range(state.n)]]


@pytest.mark.parametrize("clans", [CLANS, None])
def test_a_keyed_game_replays_exactly_from_its_record(clans):
    """Setup 3. Choose Clans as actions or given: the record's key rebuilds every hidden draw."""
    rec = play_recorded(KEY, clans)
    assert rec.state.is_terminal() and isinstance(rec.state.rng, KeyedRng)
    text = rec.text()
    assert "generator: blake2b-keyed" in text and f"key: {KEY.hex()}" in text and "seed:" not in text
    again = replay(text)
    assert again.state.is_terminal()
    assert views(again.state) == views(rec.state)
    assert to_position(again.state) == to_position(rec.state)
    assert again.state.result == rec.state.result


def test_the_replay_command_replays_a_keyed_record(tmp_path):
    rec = play_recorded(KEY, CLANS)
    path = tmp_path / "keyed.record"
    path.write_text(rec.text())
    r = CliRunner().invoke(main, ["rokugan", "replay", str(path), "--json"])
    assert r.exit_code == 0, r.output
    assert KEY.hex() not in r.stdout


def test_record_header_for_the_server():
    header = record_header(4, KEY, CLANS)
    assert header == {"players": 4, "generator": "blake2b-keyed", "key": KEY.hex(), "clans": "crab crane lion unicorn"}
    assert record_header(4, 7, CLANS) == {"players": 4, "seed": 7, "clans": "crab crane lion unicorn"}
    state = replay(record_text(header, [])).state
    fresh = new_game(4, seed=KEY, clans=CLANS)
    assert to_position(state) == to_position(fresh)


def test_two_keys_deal_differently_and_one_key_the_same():
    """Setup 2. Randomize Territory Cards and the shuffled objective and combat decks follow the key."""
    a, b, a2 = (new_game(4, seed=k, clans=CLANS) for k in (KEY, OTHER, GameKey(bytes(range(32)))))
    deal = lambda s: (s.space, s.offer, s.hand)  # noqa: E731
    assert deal(a) == deal(a2)
    assert deal(a) != deal(b)


def test_int_seeded_games_are_as_before():
    """An int seed still gives SplitMix64, a `seed:` line in positions and no generator line in records."""
    s = new_game(4, seed=7, clans=CLANS)
    assert type(s.rng) is Rng
    assert "seed: " in to_position(s) and "rng:" not in to_position(s)
    text = Recorder(players=4, seed=7, clans=CLANS).text()
    assert "generator" not in text and "key" not in text and "seed: 7" in text


def test_clone_copies_the_keyed_generator_independently():
    s = new_game(4, seed=KEY, clans=CLANS)
    c = s.clone()
    assert c.rng is not s.rng
    ahead = [c.rng.next64() for _ in range(10)]
    assert [s.rng.next64() for _ in range(10)] == ahead


def test_a_keyed_position_round_trips_and_keeps_its_future():
    """Position format: `rng: blake2b-keyed <key> <label> <counter>` carries the whole generator."""
    s = new_game(4, seed=KEY, clans=CLANS)
    driver = Rng(3)
    for _ in range(60):
        seat = s.to_act()[0]
        s.apply_move(seat, driver.choice(s.legal_moves(seat)))
    text = to_position(s)
    label, counter = s.rng.stream_state()
    assert f"rng: blake2b-keyed {KEY.hex()} {label} {counter}" in text.splitlines()
    copy = from_position(text)
    assert to_position(copy) == text
    while not s.is_terminal():
        seat = s.to_act()[0]
        m = driver.choice(s.legal_moves(seat))
        s.apply_move(seat, m)
        copy.apply_move(seat, m)
    assert to_position(copy) == to_position(s)


def test_views_never_carry_the_key():
    rec = play_recorded(KEY, CLANS)
    for v in views(rec.state):
        assert KEY.hex() not in v


@pytest.mark.parametrize("line,message", [
    ("rng: blake2b-keyed 12 game 0", "field 'rng': a game key is 64 hex digits"),
    ("rng: xorshift 5", "field 'rng': the generator is one of splitmix64, blake2b-keyed"),
    (f"rng: blake2b-keyed {KEY.hex()} game -1", "field 'rng': expected 'blake2b-keyed <64 hex digits> <label> <counter>'"),
])
def test_a_malformed_rng_line_is_refused(line, message):
    text = to_position(new_game(4, seed=KEY, clans=CLANS))
    lines = text.splitlines()
    no = next(i for i, ln in enumerate(lines, 1) if ln.startswith("rng:"))
    lines[no - 1] = line
    with pytest.raises(FormatError) as e:
        from_position("\n".join(lines))
    assert str(e.value).startswith(f"line {no} (rng): {message}")


def test_a_position_gives_seed_or_rng_not_both():
    text = to_position(new_game(4, seed=KEY, clans=CLANS)) + "seed: 7\n"
    with pytest.raises(FormatError, match="either 'seed:' or 'rng:'"):
        from_position(text)


@pytest.mark.parametrize("header,message", [
    ("generator: blake2b-keyed\nkey: 0123", "line 4: field 'key': a game key is 64 hex digits, got 4 characters"),
    ("generator: blake2b\nseed: 1", "line 3: field 'generator': expected one of splitmix64, blake2b-keyed"),
    ("generator: blake2b-keyed", "line 3: a 'blake2b-keyed' record needs a 'key:' line"),
])
def test_malformed_generator_lines_in_a_record(header, message):
    text = f"format: rokugan-record\nplayers: 4\n{header}\nclans: crab crane lion unicorn\n"
    with pytest.raises(ReplayError) as e:
        replay(text)
    assert str(e.value).startswith(message)
