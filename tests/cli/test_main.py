import json

import pytest
from click.testing import CliRunner

from daimyo import __version__
from daimyo.cli.main import main
from daimyo.cli.simulate import TIMING_FIELDS
from daimyo.core.errors import RuleViolation
from daimyo.core.game import Action
from daimyo.core.rng import Rng
from daimyo.rokugan import new_game

REQUIRED = {"games", "games_per_second", "actions_per_second", "wins_by_clan",
            "players", "seed", "actions", "mean_scores_by_clan"}


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def simulate_json(players, games, seed):
    r = invoke("rokugan", "simulate", "--players", players, "--games", games, "--seed", seed, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_version():
    r = invoke("--version")
    assert r.exit_code == 0
    assert __version__ in r.output


@pytest.mark.parametrize("players,games", [(2, 3), (5, 2)])
def test_simulate_json(players, games):
    out = simulate_json(players, games, 1)
    assert REQUIRED <= out.keys()
    assert out["games"] == games and out["players"] == players and out["seed"] == 1
    assert sum(out["wins_by_clan"].values()) == pytest.approx(games)
    assert sum(out["games_by_clan"].values()) == games * players
    assert out["wins_by_clan"].keys() == out["mean_scores_by_clan"].keys()
    assert out["games_per_second"] > 0 and out["actions_per_second"] > 0
    assert out["actions"] > 0


def test_simulate_is_deterministic_apart_from_timing():
    a, b = simulate_json(3, 2, 42), simulate_json(3, 2, 42)
    for field in TIMING_FIELDS:
        a.pop(field), b.pop(field)
    assert a == b


def test_simulate_game_i_uses_seed_plus_i():
    both = simulate_json(4, 2, 10)
    second = simulate_json(4, 1, 11)
    first = simulate_json(4, 1, 10)
    assert both["actions"] == first["actions"] + second["actions"]


@pytest.mark.parametrize("players", [1, 6])
def test_simulate_rejects_bad_player_count(players):
    r = invoke("rokugan", "simulate", "--players", players, "--games", 1)
    assert r.exit_code != 0
    assert "2 to 5 players" in r.output


def test_simulate_table():
    r = invoke("rokugan", "simulate", "--players", 2, "--games", 2, "--seed", 3)
    assert r.exit_code == 0, r.output
    assert "games/s" in r.output and "actions/s" in r.output and "win shares by clan" in r.output


def test_bench_json(monkeypatch):
    r = invoke("bench", "--games", 2, "--seed", 0, "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["games"] == 2 and out["players"] == 4
    for k in ("games_per_second", "actions_per_second"):
        assert out[k] > 0
    if out["mid_game_samples"]:
        assert out["clone_us"] > 0 and out["clone_bytes"] > 0 and out["state_bytes"] > 0
    w = out["risingsun"]   # Rising Sun's engines side by side, the same wars (None without the native module)
    if w is not None:
        assert w["wars"] == 2 and w["moves"] > 0
        assert w["python"]["wars_per_second"] > 0 and w["native"]["wars_per_second"] > 0 and w["ratio"]["wars_per_second"] > 0


# ---------------------------------------------------------------- replay

CLANS = ["crab", "crane", "lion", "unicorn"]
HEADER = {"players": 4, "seed": 7, "clans": " ".join(CLANS)}


@pytest.fixture
def record():
    return pytest.importorskip("daimyo.rokugan.record")


def legal_prefix(steps):
    """A state and the (clan, action) list of its first ``steps`` random legal actions."""
    s = new_game(players=4, seed=7, clans=CLANS)
    rng = Rng(99)
    actions = []
    for _ in range(steps):
        if s.is_terminal():
            break
        a = rng.choice(s.legal_actions(s.to_act()[0]))
        s.apply(a)
        actions.append((s.clan_of(a.player), a.text))
    return s, actions


def test_replay_of_a_legal_prefix(record, tmp_path):
    s, actions = legal_prefix(60)
    f = tmp_path / "game.txt"
    f.write_text(record.record_text(HEADER, actions))
    r = invoke("rokugan", "replay", f)
    assert r.exit_code == 0, r.output
    phase = {"setup-objectives": "choosing secret objectives", "setup-control": "placing starting control tokens",
             "upkeep": "upkeep phase", "placement": "placement phase"}[s.phase]
    assert f"round {s.round}, {phase}, " in r.stdout and "phase placement phase" not in r.stdout
    assert actions[-1][1] in r.stdout
    r = invoke("rokugan", "replay", f, "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["state"] == json.loads(json.dumps(s.view(None)))
    assert out["events"] and all("kind" in e for e in out["events"])


def test_replay_of_a_whole_game_shows_scores(record, tmp_path):
    s, actions = legal_prefix(10_000)
    assert s.is_terminal()
    f = tmp_path / "game.txt"
    f.write_text(record.record_text(HEADER, actions))
    r = invoke("rokugan", "replay", f)
    assert r.exit_code == 0, r.output
    assert "Battle for" in r.stdout and "Final scoring" in r.stdout and "Winner" in r.stdout


def test_replay_shows_only_public_events(record, tmp_path):
    s, actions = legal_prefix(60)
    f = tmp_path / "game.txt"
    f.write_text(record.record_text(HEADER, actions))
    out = json.loads(invoke("rokugan", "replay", f, "--json").stdout)
    kinds = {e["kind"] for e in out["events"]}
    assert not kinds & {"objective", "drew", "place-own", "saw", "returned", "saw-hand"}


def test_replay_illegal_action_exits_1_with_rule_message(record, tmp_path):
    s, actions = legal_prefix(30)
    waiting = s.to_act()
    idle = next(p for p in range(4) if p not in waiting)
    bad = s.legal_actions(waiting[0])[0].text
    with pytest.raises(RuleViolation) as rv:
        s.clone().apply(Action(idle, bad))
    text = record.record_text(HEADER, actions + [(s.clan_of(idle), bad)])
    f = tmp_path / "bad.txt"
    f.write_text(text)
    r = invoke("rokugan", "replay", f)
    assert r.exit_code == 1
    assert "not" in r.stderr and f"{s.clan_of(idle)}'s turn" in r.stderr
    assert str(rv.value).split(";")[0] in r.stderr
    lineno = max(i for i, line in enumerate(text.splitlines(), 1) if bad in line)
    assert str(lineno) in r.stderr


def test_replay_malformed_file_exits_1(record, tmp_path):
    f = tmp_path / "junk.txt"
    f.write_text("this is not a game record\n")
    r = invoke("rokugan", "replay", f)
    assert r.exit_code == 1
    assert r.stderr.strip()


def test_play_terminal_starts_a_game_and_quits_cleanly():
    from click.testing import CliRunner

    from daimyo.cli.main import main

    r = CliRunner().invoke(main, ["play", "--terminal", "--players", "3", "--seed", "4", "--clan", "crab"], input="quit\nn\n")
    assert r.exit_code == 0, r.output
    assert "Crab" in r.output and "objective" in r.output


def test_play_terminal_refuses_a_seat_outside_the_game():
    from click.testing import CliRunner

    from daimyo.cli.main import main

    r = CliRunner().invoke(main, ["play", "--terminal", "--players", "2", "--seat", "3"])
    assert r.exit_code == 2 and "seat 3 is not one of the 2 seats" in r.output
    r = CliRunner().invoke(main, ["play", "--terminal", "--bots", "nobot"], input="quit\nn\n")
    assert r.exit_code == 1 and "unknown bot 'nobot'" in r.output


def test_every_option_of_every_command_has_help_text_and_lists_use_commas():
    """Issue 17: every option says what it does; every list option is comma-separated."""
    import click

    from daimyo.cli.main import main

    def walk(cmd, path):
        if isinstance(cmd, click.Group):
            for name, sub in cmd.commands.items():
                yield from walk(sub, [*path, name])
        else:
            yield path, cmd

    missing, spaced = [], []
    for path, cmd in walk(main, ["daimyo"]):
        for p in cmd.params:
            if isinstance(p, click.Option) and not (p.help or "").strip():
                missing.append(f"{' '.join(path)} {p.opts[0]}")
            if isinstance(p, click.Option) and isinstance(p.default, str) and p.name in ("bots", "characters", "clans") \
                    and " " in p.default and "," not in p.default:
                spaced.append(f"{' '.join(path)} {p.opts[0]}")
    assert missing == [] and spaced == []


def test_simulate_finds_any_game_through_the_registry():
    r = invoke("simulate", "--game", "senjutsu", "--players", 3, "--games", 2, "--seed", 5, "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["game"] == "senjutsu" and sum(out["games_by_character"].values()) == 6
    assert sum(out["wins_by_character"].values()) == pytest.approx(2)
    assert "mean_scores_by_character" not in out  # Senjutsu has no score, only who is left standing


def test_simulate_plays_a_game_that_starts_from_a_file_from_its_examples():
    r = invoke("simulate", "--game", "risingsun", "--players", 4, "--games", 2, "--seed", 3, "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["games_by_clan"] == {"dragonfly": 2, "koi": 2, "lotus": 2, "turtle": 2}  # seed-example's clans
    assert sum(out["wins_by_clan"].values()) == pytest.approx(2)


def test_simulate_without_players_plays_the_fewest_the_game_takes():
    """`daimyo simulate --game risingsun` stopped with 'played by 3 to 5 players, not 2': --players defaulted to 2
    for every game; it now defaults to the fewest players the game is played by."""
    r = invoke("simulate", "--game", "risingsun", "--games", 2, "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["players"] == 3
    r = invoke("simulate", "--game", "senjutsu", "--games", 1, "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["players"] == 2, r.output


def test_simulate_names_the_part_a_game_lacks():
    r = invoke("simulate", "--game", "risingsun", "--players", 5, "--games", 1)
    assert r.exit_code == 2 and "no example war file of Rising Sun: the War Phase is for 5 players" in r.output
    r = invoke("simulate", "--game", "chess")
    assert r.exit_code == 2 and "unknown game 'chess' (games: rokugan, senjutsu, risingsun)" in r.output
    r = invoke("simulate", "--game", "senjutsu", "--players", 6)
    assert r.exit_code == 2 and "played by 2 to 4 players, not 6" in r.output


def test_arena_bots_help_lists_every_kind_of_bot_spec():
    r = invoke("arena", "--help")
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    for kind in ("random", "heuristic", "ismcts:1s", "openspiel:ismcts", "exec:COMMAND", "exec-text:COMMAND",
                 "package.module:Class", "entry point"):
        assert kind in text, kind


def test_replay_names_the_phase_once_in_each_language(tmp_path):
    """The summary said 'round 3, phase upkeep phase' (and 'runda 3, faza: faza utrzymania'): the phase's name already
    says it is a phase."""
    f = tmp_path / "position.txt"
    f.write_text("format: rokugan-position\nplayers: crab crane\nphase: upkeep\nround: 3\nhand crab: bluff\nhand crane: bluff\n", encoding="utf-8")
    r = invoke("rokugan", "replay", f, "--lang", "en")
    assert r.exit_code == 0, r.output
    assert "round 3, upkeep phase, first player Crab" in r.stdout and "phase upkeep phase" not in r.stdout
    r = invoke("rokugan", "replay", f, "--lang", "pl")
    assert r.exit_code == 0, r.output
    assert "runda 3, faza utrzymania, pierwszy gracz: Krab" in r.stdout and "faza: faza" not in r.stdout


@pytest.mark.parametrize("args", [["study", "shape", "--games", 1, "--bots"],
                                  ["study", "compare", "--games", 1, "--variant-bots"],
                                  ["rokugan", "balance", "--games", 1, "--bots"]])
def test_a_failing_outside_bot_ends_every_command_that_plays_bots_with_its_message(args, tmp_path):
    r = invoke(*args, "exec:no-such-program-here", "--workers", 1, "--out", tmp_path / "out")
    assert r.exit_code == 1 and isinstance(r.exception, SystemExit), r.exception
    assert "could not start 'no-such-program-here'" in r.output, r.output
