"""`daimyo senjutsu`: duel against a bot, watch bots, replay a record, check card files."""

import json
from pathlib import Path

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
    r = CliRunner().invoke(main, ["senjutsu", "duel", "--bot", "random", "--seed", "1"], input="hand\n" + "1\n" * 3000)
    assert r.exit_code == 0, r.output
    assert "Your hand" in r.output and "Choose the card you play" in r.output and "0,-3" in r.output


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
    r = CliRunner().invoke(main, ["senjutsu", "simulate", "--games", "4", "--bots", "random,random", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["games"] == 4 and abs(sum(data["wins"]) - 4) < 1e-9


def _user_cards(path):
    """A card file of the user's own: a character 'mine' with its own core cards and a deck of basic sample cards."""
    sample = json.loads((Path(__file__).parents[2] / "daimyo/senjutsu/data/sample.json").read_text())
    card = {c["id"]: c for c in sample["cards"]}
    kaze = next(c for c in sample["characters"] if c["id"] == "kaze")
    deck = next(d for d in sample["decks"] if d["id"] == "kaze-sample")["cards"]
    counts = {cid: n for cid, n in deck.items() if not card[cid].get("signature")}
    counts["deflect"] = 3     # in place of Kaze's three signature cards
    doc = {"format": "senjutsu-cards",
           "cards": [{**card["kaze-breath"], "id": "mine-breath", "name": "My Breath"},
                     {**card["kaze-katana"], "id": "mine-blade", "name": "My Blade"}],
           "characters": [{**kaze, "id": "mine", "name": "Mine", "core_ability": "mine-breath", "weapons": ["mine-blade"]}],
           "decks": [{"id": "mine-sample", "character": "mine", "weapon": "mine-blade", "cards": counts}]}
    path.write_text(json.dumps(doc))
    return path


def test_replay_with_the_users_cards_and_as_json(tmp_path):
    """`replay --cards FILE`: a duel played with the user's cards replays; `--json` prints the state and events."""
    cards = _user_cards(tmp_path / "mine.json")
    rec = tmp_path / "r.txt"
    r = CliRunner().invoke(main, ["senjutsu", "duel", "--bots-only", "--bot", "random", "--seed", "5", "--cards", str(cards),
                                  "--character", "mine", "--record", str(rec)])
    assert r.exit_code == 0, r.output
    # the record carries the cards it was played with (its cards: line): it replays with no other file
    assert "\ncards: {" in rec.read_text(encoding="utf-8")
    r = CliRunner().invoke(main, ["senjutsu", "replay", str(rec)])
    assert r.exit_code == 0 and "Mine" in r.output, r.output
    r = CliRunner().invoke(main, ["senjutsu", "replay", "--cards", str(cards), str(rec)])
    assert r.exit_code == 0, r.output
    assert "Mine" in r.output
    r = CliRunner().invoke(main, ["senjutsu", "replay", "--cards", str(cards), "--json", str(rec)])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["state"]["seats"][0]["name"] == "Mine" and data["state"]["winners"]
    assert data["events"][-1]["kind"] == "game-over" and all(isinstance(e["line"], int) and e["text"] for e in data["events"])


def test_replay_refuses_a_file_without_format_line(tmp_path):
    rec = tmp_path / "r.txt"
    rec.write_text("seed: 1\ncharacters: kaze tetsu\n\np2: place 0,3 n\n")
    r = CliRunner().invoke(main, ["senjutsu", "replay", str(rec)])
    assert r.exit_code == 1 and "no 'format:' line" in r.output
