"""The generators (daimyo/core/rng.py): SplitMix64 unchanged, keyed BLAKE2b, GameKey, and the record header fields."""

import hashlib
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from daimyo.core.record import ReplayError, header_fields, header_seed, seed_header
from daimyo.core.rng import GameKey, KeyedRng, Rng, generator, parse_rng, rng_text

KEY = GameKey(bytes(range(32)))
OTHER = GameKey(bytes(range(1, 33)))


def draws(rng, k=20):
    return [rng.next64() for _ in range(k)]


def test_splitmix64_stream_is_unchanged():
    """Every seeded game, golden playthrough and record depends on these exact words."""
    assert [hex(w) for w in draws(Rng(7), 3)] == ["0x63cbe1e459320dd7", "0x44c3cd7f43c661c", "0xe6984080bab12a02"]
    assert draws(generator(7)) == draws(Rng(7))
    assert type(generator(7)) is Rng


def test_keyed_stream_is_keyed_blake2b_in_counter_mode():
    """Block i = blake2b(label, NUL, i as 8 little-endian bytes; key, 64-byte digest), read as eight little-endian words."""
    assert [hex(w) for w in draws(KeyedRng(KEY, "game"), 3)] == ["0x7731a3266a7a87bf", "0xe882be5bb4b3eebb", "0xea3896e520a6c35c"]
    block1 = hashlib.blake2b(b"terrain\x00" + (1).to_bytes(8, "little"), key=KEY.key, digest_size=64).digest()
    words = draws(KeyedRng(KEY, "terrain"), 16)
    assert words[8:] == [int.from_bytes(block1[i:i + 8], "little") for i in range(0, 64, 8)]


def test_same_key_and_label_give_the_same_stream():
    assert draws(generator(KEY, "game"), 50) == draws(KeyedRng(GameKey(bytes(range(32))), "game"), 50)


def test_labels_and_keys_separate_streams():
    streams = [draws(KeyedRng(KEY, label)) for label in ("game", "terrain", "seat-choices", "bot/0", "bot/1")]
    streams.append(draws(KeyedRng(OTHER, "game")))
    assert len({tuple(s) for s in streams}) == len(streams)
    # int seeds: the "game" stream is Rng(seed); other labels are other, fixed streams
    assert draws(generator(7, "terrain")) == draws(generator(7, "terrain"))
    assert draws(generator(7, "terrain")) != draws(generator(7))


def test_copy_is_independent():
    r = KeyedRng(KEY, "game")
    draws(r, 5)
    c = r.copy()
    ahead = draws(c, 30)
    assert r.counter == 5 and draws(r, 30) == ahead
    assert c.counter == r.counter == 35


def test_state_and_text_round_trip_keep_the_future():
    r = KeyedRng(KEY, "bot/3")
    draws(r, 11)
    label, counter = r.stream_state()
    assert (label, counter) == ("bot/3", 11)
    again = KeyedRng(KEY, label, counter)
    text = rng_text(r)
    assert text == f"blake2b-keyed {KEY.hex()} bot/3 11"
    parsed = parse_rng(text)
    assert draws(r.copy()) == draws(again) == draws(parsed)
    s = Rng(99)
    draws(s, 3)
    assert draws(parse_rng(rng_text(s))) == draws(s.copy())


@pytest.mark.parametrize("text,message", [
    ("mersenne 3", "field 'rng': the generator is one of splitmix64, blake2b-keyed, got 'mersenne'"),
    ("splitmix64 x", "field 'rng': expected 'splitmix64 <state>'"),
    ("blake2b-keyed abc game 0", "field 'rng': a game key is 64 hex digits, got 3 characters"),
    (f"blake2b-keyed {KEY.hex()} game", "field 'rng': expected 'blake2b-keyed <64 hex digits> <label> <counter>'"),
])
def test_malformed_generator_text_is_named(text, message):
    with pytest.raises(ValueError) as e:
        parse_rng(text)
    assert str(e.value).startswith(message)
    assert KEY.hex() not in str(e.value)


def test_below_stays_in_range_and_covers_it():
    r = KeyedRng(KEY, "game")
    for n in (1, 2, 3, 7, 10):
        got = Counter(r.below(n) for _ in range(700 * n))
        assert set(got) == set(range(n))
        # each value near its expected 700 (binomial sd < 27): a biased draw would drift far further
        assert all(abs(c - 700) < 150 for c in got.values()), got
    assert r.choice("abc") in "abc"
    items = list(range(10))
    r.shuffle(items)
    assert sorted(items) == list(range(10))


def test_below_draws_again_above_the_largest_multiple_of_n():
    """Rejection sampling: with n just over 2**63 about half the words are refused, never folded with a modulo."""
    n = 2 ** 63 + 1
    limit = 2 ** 64 - 2 ** 64 % n
    r = KeyedRng(KEY, "game")
    refused = 0
    for _ in range(40):
        raw = r.copy()
        while (w := raw.next64()) >= limit:
            refused += 1
        assert r.below(n) == w % n and r.counter == raw.counter
    assert refused > 5


@pytest.mark.parametrize("rng", [Rng(1), KeyedRng(KEY, "game")])
@pytest.mark.parametrize("n", [0, -3])
def test_below_needs_a_positive_n(rng, n):
    with pytest.raises(ValueError, match="n > 0"):
        rng.below(n)


def test_game_key_never_shows_its_bytes():
    k = GameKey.new()
    assert len(k.key) == 32 and k != GameKey.new()
    for shown in (repr(k), str(k), f"{k}", repr(KeyedRng(k, "game")), repr([k]), repr({"key": k})):
        assert k.hex() not in shown and k.key.hex()[:16] not in shown
    assert repr(k) == "GameKey(<secret>)"
    assert GameKey.from_hex(k.hex()) == k and GameKey.from_hex(k.hex().upper()) == k


@pytest.mark.parametrize("text,message", [
    ("ab" * 31, "field 'key': a game key is 64 hex digits, got 62 characters"),
    ("ab" * 33, "field 'key': a game key is 64 hex digits, got 66 characters"),
    ("zz" * 32, "field 'key': a game key is written in hex digits (0-9, a-f)"),
    ("ab " * 21 + "a", "field 'key': a game key is written in hex digits (0-9, a-f)"),
])
def test_malformed_key_text_is_refused(text, message):
    with pytest.raises(ValueError) as e:
        GameKey.from_hex(text)
    assert str(e.value) == message


def test_game_key_is_32_bytes_and_labels_are_one_word():
    with pytest.raises(ValueError, match="32 bytes"):
        GameKey(b"short")
    with pytest.raises(ValueError, match="label"):
        generator(KEY, "two words")
    with pytest.raises(ValueError, match="label"):
        KeyedRng(KEY, "")
    with pytest.raises(TypeError, match="whole number or a GameKey"):
        generator("7")
    with pytest.raises(TypeError, match="whole number or a GameKey"):
        generator(True)


def test_what_the_server_draws():
    """The server's streams: seat choices, terrain and bot seeds, each its own label under the game's key."""
    seats = generator(KEY, "seat-choices")
    assert isinstance(seats, KeyedRng) and seats.below(5) in range(5)
    bot_seeds = [generator(KEY, f"bot/{seat}").next64() for seat in range(4)]
    assert len(set(bot_seeds)) == 4 and all(0 <= s < 2 ** 64 for s in bot_seeds)
    assert bot_seeds == [generator(KEY, f"bot/{seat}").next64() for seat in range(4)]
    assert draws(generator(KEY, "terrain"), 4) != draws(generator(KEY), 4)


def fields(*lines):
    return header_fields(list(enumerate(lines, 1)))


def test_header_fields_give_the_seed_or_the_key():
    assert header_seed(fields("format: rokugan-record")) == 0
    assert header_seed(fields("seed: 7")) == 7
    assert header_seed(fields("generator: splitmix64", "seed: 7")) == 7
    assert header_seed(fields("generator: blake2b-keyed", f"key: {KEY.hex()}")) == KEY
    assert seed_header(7) == {"seed": 7}
    assert seed_header(KEY) == {"generator": "blake2b-keyed", "key": KEY.hex()}


@pytest.mark.parametrize("lines,message", [
    (("generator: mersenne", "seed: 1"), "line 1: field 'generator': expected one of splitmix64, blake2b-keyed, got 'mersenne'"),
    (("generator: blake2b-keyed", "key: 12ab"), "line 2: field 'key': a game key is 64 hex digits, got 4 characters"),
    (("generator: blake2b-keyed",), "line 1: a 'blake2b-keyed' record needs a 'key:' line"),
    (("seed: 3", f"key: {KEY.hex()}"), "line 2: field 'key' belongs to 'generator: blake2b-keyed'"),
    (("generator: blake2b-keyed", "seed: 3", f"key: {KEY.hex()}"), "line 2: field 'seed' belongs to 'generator: splitmix64'"),
    (("seed: seven",), "line 1: field 'seed': expected a whole number, got 'seven'"),
])
def test_malformed_generator_header_names_line_and_field(lines, message):
    with pytest.raises(ReplayError) as e:
        header_seed(fields(*lines))
    assert str(e.value).startswith(message)


@pytest.mark.parametrize("text", ["splitmix64 ²", "splitmix64 " + "9" * 5000, "splitmix64 18446744073709551616",
                                  f"blake2b-keyed {KEY.hex()} game ²", f"blake2b-keyed {KEY.hex()} game {2**64}"])
def test_a_state_that_is_no_64_bit_number_is_refused_naming_the_field(text):
    """Regression: a digit that is not ASCII ('²') or more digits than Python reads gave int()'s own message, naming
    no field; a splitmix64 state or a counter past 2^64 - 1 was read (masked), so the file did not read back."""
    with pytest.raises(ValueError, match=r"^field 'rng': expected .* from 0 to 2\^64 - 1"):
        parse_rng(text)


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=40),
                 st.builds(lambda g, w: f"{g} {' '.join(w)}", st.sampled_from(["splitmix64", "blake2b-keyed"]),
                           st.lists(st.one_of(st.text(max_size=6), st.integers(-5, 2**70).map(str),
                                              st.just(KEY.hex())), max_size=4))))
def test_any_generator_text_is_read_or_refused_naming_the_field(text):
    try:
        rng = parse_rng(text, "rng")
    except ValueError as e:
        assert str(e).startswith("field 'rng': ") and KEY.hex() not in str(e)
        return
    assert parse_rng(rng_text(rng)).__class__ is rng.__class__ and rng_text(parse_rng(rng_text(rng))) == rng_text(rng)
