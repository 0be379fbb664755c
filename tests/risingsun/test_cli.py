"""``daimyo risingsun war`` and ``daimyo risingsun replay`` (click's CliRunner)."""

from __future__ import annotations

import json
import re
from importlib import resources

from click.testing import CliRunner

from daimyo.cli.main import main
from daimyo.risingsun.record import replay

EXAMPLES = resources.files("daimyo.risingsun").joinpath("examples")


def invoke(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def test_cli_war_with_bots_prints_a_battle_by_battle_log_and_the_result():
    r = invoke("risingsun", "war", EXAMPLES / "seed-example.war")
    assert r.exit_code == 0, r.output
    for text in ("War 1: Kyoto", "the Kyoto token is discarded", "Dragonfly takes the Hokkaido token",
                 "War 5: Nagato", "bids revealed", "reparations", "War 6: Edo", "Leader:"):
        assert text in r.output


def test_cli_war_json_and_record_replays_to_the_same_result(tmp_path):
    out = tmp_path / "war.record"
    r = invoke("risingsun", "war", EXAMPLES / "seed-example.war", "--json", "--bot", "random", "--seed", "3", "--record", out)
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["result"]["winner"] in ("lotus", "dragonfly", "turtle", "koi")
    assert any(e["kind"] == "bids-revealed" for e in data["events"])
    assert not any(e["kind"] == "your-bid" for e in data["events"])         # private events stay out
    assert replay(out.read_text()).state.result == data["result"]
    assert out.read_text() == data["record"]
    again = invoke("risingsun", "war", EXAMPLES / "seed-example.war", "--json", "--bot", "random", "--seed", "3")
    assert json.loads(again.stdout)["result"] == data["result"]


def test_cli_war_human_bids_are_hidden_input():
    """--human: the clan's bids are typed at the terminal, hidden; a bad bid is refused and asked again."""
    # Koi fights at Nagato and Edo: a bad bid, then two good ones; other decisions if asked: decline
    r = invoke("risingsun", "war", EXAMPLES / "seed-example.war", "--human", "koi",
               input="9 9 9 9\n0 0 0 0\n0 0 0 0\ndecline\ndecline\n")
    assert r.exit_code == 0, r.output
    assert "your secret bid" in r.output
    assert "not allowed" in r.output and "bids 36 coins but has 4" in r.output
    assert "9 9 9 9" not in r.output                 # typed hidden: not echoed
    assert re.search(r"Koi:\s+0\s+0\s+0\s+0\n", r.output)   # revealed with the others


def test_cli_war_unknown_human_or_bot():
    r = invoke("risingsun", "war", EXAMPLES / "seed-example.war", "--human", "crab")
    assert r.exit_code != 0 and "crab" in r.output
    r = invoke("risingsun", "war", EXAMPLES / "seed-example.war", "--bot", "genius")
    assert r.exit_code != 0 and "genius" in r.output


def test_cli_war_bad_file_names_the_field(tmp_path):
    bad = tmp_path / "bad.war"
    bad.write_text("format: risingsun-war\nseason: winter\n")
    r = invoke("risingsun", "war", bad)
    assert r.exit_code == 1
    assert "field 'season'" in r.output and "line 2" in r.output


def test_cli_replay_record():
    r = invoke("risingsun", "replay", EXAMPLES / "worked-battle.record")
    assert r.exit_code == 0, r.output
    assert "Koi commits Seppuku" in r.output and "Leader: Koi" in r.output
    r = invoke("risingsun", "replay", EXAMPLES / "worked-battle.record", "--json")
    data = json.loads(r.stdout)
    assert data["state"]["result"]["winner"] == "koi"
    assert data["events"][0]["kind"] == "ronin-become-coins"


def test_cli_replay_bad_record_names_the_line(tmp_path):
    rec = tmp_path / "bad.record"
    text = (EXAMPLES / "worked-battle.war").read_text() + "\nlotus: bid 9 0 0 0\n"
    rec.write_text(text)
    r = invoke("risingsun", "replay", rec)
    assert r.exit_code == 1
    assert f"line {len(text.splitlines())}:" in r.output and "A battle 2. Secret bids" in r.output


def test_cli_war_plays_an_example_by_name_or_the_seed_example_with_no_file():
    """A newcomer typing ``daimyo risingsun war`` (as ``daimyo play --help`` points to) got "Missing argument 'FILE'"
    and no word of where a war file is: FILE may now name a shipped example, and without it the seed's example war is
    played."""
    plain = invoke("risingsun", "war", "--json")
    named = invoke("risingsun", "war", "seed-example", "--json")
    path = invoke("risingsun", "war", EXAMPLES / "seed-example.war", "--json")
    assert plain.exit_code == named.exit_code == path.exit_code == 0, plain.output
    assert json.loads(plain.stdout) == json.loads(named.stdout) == json.loads(path.stdout)
    assert invoke("risingsun", "war", "worked-battle").exit_code == 0
    bad = invoke("risingsun", "war", "no-such-war")
    assert bad.exit_code == 2
    assert "'no-such-war' is neither a war file nor an example (examples: seed-example, worked-battle" in bad.output
