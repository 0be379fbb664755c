"""`daimyo senjutsu`: duel against a bot, watch bots, replay a record, check card files."""

import json

from click.testing import CliRunner

from daimyo.cli.main import main
from daimyo.senjutsu.record import replay


def test_bots_only_duel_writes_a_record_that_replays(tmp_path):
    rec = tmp_path / "duel.txt"
    r = CliRunner().invoke(main, ["senjutsu", "duel", "--bots-only", "--seed", "3", "--record", str(rec)])
    assert r.exit_code == 0, r.output
    assert "Resolution order:" in r.output
    assert "winner: p" in r.output or "draw between" in r.output
    rep = replay(rec.read_text())
    assert rep.state.is_terminal()


def test_duel_against_a_bot_with_typed_choices():
    """The human seat answers by number; the card choice is read without echo; the board and hand are shown."""
    r = CliRunner().invoke(main, ["senjutsu", "duel", "--bot", "random", "--seed", "1"], input="1\n" * 3000)
    assert r.exit_code == 0, r.output
    assert "hand:" in r.output and "choose a card" in r.output and "0,-3" in r.output


def test_duel_rejects_unknown_character():
    r = CliRunner().invoke(main, ["senjutsu", "duel", "--character", "ninja"])
    assert r.exit_code != 0 and "unknown character" in r.output


def test_check_cards_reports_the_field(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "senjutsu-cards", "cards": [{"id": "x", "name": "X", "type": "attack", "rank": "wood",
                                                                       "initiative": 3, "lines": [{"attack": {"grid": {"Z": ["wound"]}}}]}]}))
    r = CliRunner().invoke(main, ["senjutsu", "check-cards", str(bad)])
    assert r.exit_code == 1 and "card 'x'" in r.output and "lines[0].attack.grid" in r.output
    r = CliRunner().invoke(main, ["senjutsu", "check-cards"])
    assert r.exit_code == 0 and "4 decks" in r.output


def test_replay_command(tmp_path):
    rec = tmp_path / "r.txt"
    CliRunner().invoke(main, ["senjutsu", "duel", "--bots-only", "--bot", "random", "--seed", "2", "--record", str(rec)])
    r = CliRunner().invoke(main, ["senjutsu", "replay", str(rec)])
    assert r.exit_code == 0 and "Cards revealed:" in r.output


def test_bots_place_terrain_and_prepare(tmp_path):
    rec = tmp_path / "d.txt"
    r = CliRunner().invoke(main, ["senjutsu", "duel", "--bots-only", "--bot", "random", "--seed", "4", "--terrain-pieces", "rock bamboo torii",
                                  "--prepare", "--record", str(rec)])
    assert r.exit_code == 0, r.output
    text = rec.read_text()
    assert "terrain-pieces: rock bamboo torii" in text and "prepare: yes" in text and ": terrain rock" in text
    assert replay(text).state.is_terminal()


def test_simulate_reports_wins():
    r = CliRunner().invoke(main, ["senjutsu", "simulate", "--games", "4", "--bots", "random random", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["games"] == 4 and abs(sum(data["wins"]) - 4) < 1e-9
