"""Rising Sun wars in bulk (daimyo/bots/risingsun/bulk.py): the native engine (native/src/risingsun_play.cpp) against
the Python engine, the reference. Every war of every example war file and of seeded random war files, played by
random and heuristic bots in every mix of seats, ends the same on both: winner, totals, VP, coins, Honor, the number
of moves and the war record move for move (War Phase: A battle 2-6, Clans in war, Scoring touched by the war).
A world beyond the native engine's ceilings is refused naming its field."""

from __future__ import annotations

import json

import pytest

from daimyo.bots.random_bot import bot_seeds
from daimyo.bots.risingsun import bulk, native
from daimyo.core.errors import FormatError
from daimyo.risingsun import examples, open_example
from daimyo.risingsun.position import from_text
from daimyo.risingsun.record import replay
from tests.bots.test_risingsun_native import built, random_war  # noqa: F401 - built is a fixture


def _war_files() -> list[str]:
    """The example war files, then seeded random ones (3-5 clans, allies, Koi, Turtle, monsters, tokens) that keep
    the war file's bounds (at most 24 coins and ronin in a file)."""
    texts = [open_example(name) for name in examples()]
    for seed in range(90):
        text = random_war(seed, coins=2 + seed % 3)
        try:
            from_text(text, start=False)
        except FormatError:
            continue
        texts.append(text)
    return texts


def _plays(n: int, wars: int) -> list[bulk.Play]:
    """War ``i``: random and heuristic bots mixed by the bits of ``i``, seeded as the arena and simulate seed them."""
    return [([("random", "heuristic")[(i >> p) & 1] for p in range(n)], bot_seeds(i, n)) for i in range(wars)]


@pytest.mark.usefixtures("built")
def test_every_war_ends_the_same_on_both_engines_record_included():
    """About a hundred war files, 24 wars each: the native results and records equal the Python engine's, and the
    moves made cover every decision of a battle (a bid, Seppuku, a hostage, Hire Ronin, the Poets, declining one,
    the odd coins of the reparations)."""
    verbs: set[str] = set()
    files = _war_files()
    assert len(files) >= 60
    for text in files:
        plays = _plays(from_text(text, start=False).n, 24)
        reference = bulk.play_wars(text, plays, record=True, engine="python")
        assert bulk.play_wars(text, plays, record=True, engine="native") == reference
        assert bulk.play_wars(text, plays, engine="native") == [
            bulk.WarResult(r.winner, r.totals, r.vp, r.coins, r.honor, r.moves) for r in reference]
        for r in reference:
            assert r.record is not None
            assert r.record.startswith(text.rstrip("\n") + "\n\n")
            actions = r.record[len(text.rstrip("\n")) + 2:].splitlines()
            assert len(actions) == r.moves
            verbs.update(line.split(": ", 1)[1].split()[0] for line in actions)
    assert verbs == {"bid", "seppuku", "hostage", "hire", "poets", "decline", "remainder"}


@pytest.mark.usefixtures("built")
def test_a_native_record_replays_to_its_result():
    """A native war's record, replayed by the Python engine (daimyo/risingsun/record.py), ends with its winner and
    totals."""
    text = open_example("seed-example")
    n = from_text(text, start=False).n
    for r in bulk.play_wars(text, _plays(n, 8), record=True, engine="native"):
        assert r.record is not None
        s = replay(r.record).state
        assert s.result is not None and s.result["winner"] == r.winner
        assert tuple(s.result["players"][c]["total"] for c in s.clans) == r.totals


@pytest.mark.usefixtures("built")
@pytest.mark.parametrize(("change", "field"), [
    ({"n": 9}, "field 'n'"),
    ({"wars": list(range(17))}, "field 'wars'"),
    ({"wars": [40]}, "field 'wars'"),
    ({"figures": [(1, 0, 7, 0, 1)]}, "field 'figures'"),
    ({"figures": [(1, 0, 0, 99, 1)]}, "field 'figures'"),
    ({"honor": [0, 0, 1]}, "field 'honor'"),
    ({"coins": [-1, 0, 0]}, "fields 'coins' and 'ronin'"),
])
def test_a_world_beyond_the_native_ceilings_is_refused_by_field(change, field):
    """The native engine holds at most 8 clans, 16 wars, 32 provinces, 128 figures: a world past them, or one no
    war file can give, is refused with a ValueError naming the field, before any war is played."""
    s = from_text(open_example("worked-battle"), start=False)
    assert s.n == 3
    world = bulk.start_data(s) | change
    with pytest.raises(ValueError, match=field):
        native.require().War(world)


def test_what_the_bulk_path_refuses_names_it():
    """A war file that cannot be read names its line; a bot the bulk path does not play, a seat without a bot, an
    unknown engine and a started state are refused by name."""
    text = open_example("worked-battle")
    with pytest.raises(FormatError, match=r"line 6: .*season"):
        bulk.play_wars(text.replace("season: spring", "season: winter"), [])
    with pytest.raises(ValueError, match="not 'regret'"):
        bulk.play_wars(text, [(["random", "regret", "random"], [0, 1, 2])], engine="python")
    with pytest.raises(ValueError, match="one bot and one seed for each of the 3 clans"):
        bulk.play_wars(text, [(["random"], [0])], engine="python")
    with pytest.raises(ValueError, match="unknown Rising Sun engine 'fortran'"):
        bulk.play_wars(text, [], engine="fortran")
    with pytest.raises(ValueError, match="not started"):
        bulk.start_data(from_text(text))


def test_without_the_compiled_module_the_python_engine_plays(monkeypatch):
    """A checkout without the compiled module plays its wars in Python by default; asking for the native engine
    says how to build it."""
    monkeypatch.setattr(native, "_core", None)
    text = open_example("worked-battle")
    plays = _plays(3, 3)
    assert bulk.play_wars(text, plays) == bulk.play_wars(text, plays, engine="python")
    with pytest.raises(ImportError, match="is not installed: build it"):
        bulk.play_wars(text, plays, engine="native")


@pytest.mark.usefixtures("built")
def test_simulate_gives_the_same_wars_on_both_engines():
    """``daimyo risingsun simulate``: the same wars (the example war files in turn, random bots seeded as ``daimyo
    simulate`` seeds them) give the same actions, win shares and mean scores on the native engine as on Python."""
    from click.testing import CliRunner

    from daimyo.cli.main import main
    from daimyo.cli.simulate import TIMING_FIELDS

    out = {}
    for engine in ("python", "native"):
        r = CliRunner().invoke(main, ["risingsun", "simulate", "--games", "60", "--seed", "5", "--json", "--engine", engine])
        assert r.exit_code == 0, r.output
        out[engine] = {k: v for k, v in json.loads(r.output).items() if k not in TIMING_FIELDS}
    assert out["native"] == out["python"]
    assert out["python"]["games"] == 60 and sum(out["python"]["wins_by_clan"].values()) == 60


def test_simulate_refuses_an_unknown_engine_and_a_missing_native_one(monkeypatch):
    from click.testing import CliRunner

    from daimyo.cli.main import main

    r = CliRunner().invoke(main, ["risingsun", "simulate", "--engine", "fortran"])
    assert r.exit_code == 2 and "'fortran' is not one of 'native', 'python'" in r.output
    monkeypatch.setattr(native, "_core", None)
    r = CliRunner().invoke(main, ["risingsun", "simulate", "--engine", "native"])
    assert r.exit_code == 2 and "is not installed: build it" in r.output
    with pytest.raises(ValueError, match="unknown Rising Sun engine 'fortran'"):
        from daimyo.bots.risingsun import start_from_file
        start_from_file(open_example("worked-battle"), "fortran")



@pytest.mark.usefixtures("built")
@pytest.mark.parametrize("spec", ["random", "heuristic"])
def test_the_strength_study_of_a_bulk_bot_is_the_same_on_every_path(spec, monkeypatch):
    """``python -m daimyo.bots.risingsun.study --bot random|heuristic`` plays its wars in bulk: the same wins on the
    native engine, on the Python engine and move by move as before."""
    from daimyo.bots.risingsun import study

    def figures(**kw):
        out = study.study(60, spec, 3, **kw)
        out.pop("seconds")
        return out

    native_wins, python_wins = figures(engine="native"), figures(engine="python")
    monkeypatch.setattr(study, "BULK_BOTS", {})
    assert native_wins == python_wins == figures()
    assert native_wins["wars"] == 60 and 0 < native_wins["bot_wins"] < 60
