"""The Senjutsu card designer's tools: simulate and balance with the user's own card file (docs/senjutsu-cards.md)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from daimyo.arena.designer import card_set, play_duel, round_robin, study
from daimyo.cli.main import main

SAMPLE = Path(__file__).parents[2] / "daimyo/senjutsu/data/sample.json"


def tiny_card_file(path: Path) -> Path:
    """A character 'mine' of the user's own: its own core cards, a new card 'mine-strike', and a deck of wood cards."""
    sample = json.loads(SAMPLE.read_text())
    card = {c["id"]: c for c in sample["cards"]}
    kaze = next(c for c in sample["characters"] if c["id"] == "kaze")
    deck = next(d for d in sample["decks"] if d["id"] == "kaze-sample")["cards"]
    counts = {cid: n for cid, n in deck.items() if not card[cid].get("signature")}
    counts["deflect"] = 2
    counts["mine-strike"] = 1    # with the deflect: in place of Kaze's three signature cards
    strike = {**card["quick-cut"], "id": "mine-strike", "name": "My Strike", "signature": "mine", "rank": "gold"}
    doc = {"format": "senjutsu-cards",
           "cards": [{**card["kaze-breath"], "id": "mine-breath", "name": "My Breath"},
                     {**card["kaze-katana"], "id": "mine-blade", "name": "My Blade"}, strike],
           "characters": [{**kaze, "id": "mine", "name": "Mine", "core_ability": "mine-breath", "weapons": ["mine-blade"]}],
           "decks": [{"id": "mine-deck", "character": "mine", "weapon": "mine-blade", "cards": counts}]}
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_simulate_reports_characters_and_card_effects_from_the_users_file(tmp_path):
    cards = tiny_card_file(tmp_path / "mine.json")
    out = tmp_path / "report"
    r = CliRunner().invoke(main, ["senjutsu", "simulate", "--cards", str(cards), "--characters", "mine,tetsu",
                                  "--bots", "heuristic,heuristic", "--games", "4", "--seed", "7", "--out", str(out), "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["decks"] == ["mine-deck", "tetsu-sample"] and abs(sum(data["wins"]) - 4) < 1e-9
    mine = data["by_character"]["mine"]
    assert mine["duels"] == 4 and mine["wins"] == data["wins"][0]
    assert data["matchups"]["mine"]["tetsu"]["wins"] + data["matchups"]["tetsu"]["mine"]["wins"] == 4
    assert set(data["cards"]) == {"mine", "tetsu"}
    breath = data["cards"]["mine"]["mine-breath"]
    assert breath["held"] == 4 and breath["name"] == "My Breath" and "mine-breath" not in data["cards"]["tetsu"]
    # the holder's wins split between the duels the card was played in and those it was not
    for cid in ("mine-breath", "mine-strike"):
        c = data["cards"]["mine"][cid]
        won = (c["win_rate_played"] or 0) * c["played"] + (c["win_rate_not_played"] or 0) * (c["held"] - c["played"])
        assert abs(won - mine["wins"]) < 1e-4
        assert c["win_ci95"][0] <= (c["win_rate_played"] if c["played"] else 0) <= c["win_ci95"][1]
    assert breath["played"] >= 1      # the core ability returns to the hand: the bot plays it
    assert "mine-strike" in data["cards"]["mine"] and "mine-strike" not in data["cards"]["tetsu"]
    text = (out / "simulate.md").read_text()
    assert "## Matchups" in text and "### Mine (`mine`)" in text and "My Strike (`mine-strike`)" in text
    assert all(Path(f).stat().st_size > 1000 for f in data["written"] if f.endswith((".png", ".svg")))


def test_a_duel_counts_each_revealed_card_of_each_seat():
    cs = card_set(())
    (duel,) = [d for d in round_robin(cs, ["kaze", "hana"], 1, "heuristic", 3) if d.characters == ("kaze", "hana")]
    row = play_duel(duel)
    # each turn a seat reveals one card (or a stun or poison, which are not cards) and plays at most one Instant
    # Ability Card (Instant Cards): so at most two plays a turn; and every played card is one the seat held
    for p in range(2):
        assert set(row["played"][p]) <= set(row["held"][p])
        assert 1 <= sum(row["played"][p].values()) <= 2 * row["turns"]
    assert "kaze-breath" in row["held"][0] and "hana-breath" in row["held"][1]
    assert row == play_duel(duel)    # a duel is its seed: played again, the same row


def test_balance_plays_every_pairing_from_both_sides_on_paired_seeds(tmp_path):
    cards = tiny_card_file(tmp_path / "mine.json")
    cs = card_set((("mine.json", cards.read_text()),))
    duels = round_robin(cs, ["mine", "kaze", "tetsu"], 2, "heuristic", 100)
    assert len(duels) == 3 * 2 * 2
    for a, b in zip(duels[::2], duels[1::2], strict=True):
        assert a.seed == b.seed and a.characters == tuple(reversed(b.characters))
    assert duels[0].decks == ("mine-deck", "kaze-sample")
    out = tmp_path / "bal"
    r = CliRunner().invoke(main, ["senjutsu", "balance", "--cards", str(cards), "--characters", "mine,kaze,tetsu",
                                  "--games", "1", "--workers", "1", "--out", str(out), "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["duels"] == 6 and all(v["duels"] == 4 for v in data["characters"].values())
    for a in ("mine", "kaze", "tetsu"):
        for b in ("mine", "kaze", "tetsu"):
            if a != b:
                assert data["matchups"][a][b]["wins"] + data["matchups"][b][a]["wins"] == 2
    assert {Path(f).name for f in data["written"]} == {"balance.md", "balance.json", "balance-characters.png",
                                                       "balance-characters.svg", "balance-cards.png", "balance-cards.svg"}
    assert json.loads((out / "balance.json").read_text())["cards"] == data["cards"]
    plain = study([], cs)
    assert plain["duels"] == 0 and plain["cards"] == {}
    assert set(data["cards"]) == {"mine", "kaze", "tetsu"} and data["cards"]["kaze"]["kaze-breath"]["held"] == 4


def test_a_bad_card_file_stops_with_the_loaders_message_and_writes_nothing(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "senjutsu-cards", "cards": [
        {"id": "x", "name": "X", "type": "attack", "rank": "wood", "initiative": 5,
         "lines": [{"attack": {"grid": {"Q": ["wound"]}}}]}]}), encoding="utf-8")
    for command in (["simulate", "--games", "1"], ["balance", "--games", "1", "--out", str(tmp_path / "out")]):
        r = CliRunner().invoke(main, ["senjutsu", *command, "--cards", str(bad)])
        assert r.exit_code == 1
        assert "bad.json: card 'x', field 'lines[0].attack.grid'" in r.output and "Traceback" not in r.output
    assert not (tmp_path / "out").exists()
    good = tiny_card_file(tmp_path / "mine.json")
    r = CliRunner().invoke(main, ["senjutsu", "simulate", "--cards", str(good), "--characters", "mine,tetsu",
                                  "--decks", "kaze-sample,tetsu-sample", "--games", "1"])
    assert r.exit_code == 2 and "'kaze-sample' is a deck of kaze, not of mine" in r.output


def test_the_worked_example_of_the_docs_runs_as_written(tmp_path, monkeypatch):
    """docs/senjutsu-cards.md, "A worked example": its commands run on its card file and print what the page shows
    (if a bot changes, rerun the example and update the page)."""
    import shlex

    root = Path(__file__).parents[2]
    page = (root / "docs/senjutsu-cards.md").read_text()
    example = page[page.index("### A worked example"):]
    (tmp_path / "my-cards.json").write_text((root / "docs/senjutsu-cards-example.json").read_text())
    monkeypatch.chdir(tmp_path)
    commands = [line[2:] for line in example.splitlines() if line.startswith("$ daimyo ")]
    assert [shlex.split(c)[1:3] for c in commands] == [["senjutsu", "check-cards"], ["senjutsu", "simulate"],
                                                       ["senjutsu", "balance"]]
    for command in commands[:2]:
        r = CliRunner().invoke(main, shlex.split(command)[1:])
        assert r.exit_code == 0, r.output
        shown = example[example.index(command) + len(command):].split("\n$ ")[0].split("```")[0]
        for line in shown.strip().splitlines():   # the counts and wins the page shows (not its timings)
            if line.startswith(("ok:", "p1 ", "p2 ", "│ ryu")):
                assert line in r.output, line
    assert (tmp_path / "ryu-vs-kaze" / "simulate.md").exists()
    # the balance study with one duel a side instead of eight (the page's takes a minute)
    args = shlex.split(commands[2])[1:]
    args[args.index("--games") + 1] = "1"
    r = CliRunner().invoke(main, [*args, "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["duels"] == 20 and (tmp_path / "ryu-balance" / "balance-cards.svg").exists()


def test_an_outside_program_in_a_designer_duel_gets_the_events_and_the_end(tmp_path):
    import sys
    from dataclasses import replace

    log = tmp_path / "messages.jsonl"
    program = Path(__file__).resolve().parents[1] / "bots" / "recording_bot.py"
    (duel,) = [d for d in round_robin(card_set(()), ["kaze", "hana"], 1, "random", 3) if d.characters == ("kaze", "hana")]
    play_duel(replace(duel, bots=(f"exec:{sys.executable} {program} {log}", "random")))
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    assert [m["type"] for m in messages[:2]] == ["start", "decide"] and messages[-1]["type"] == "end"
    assert messages[-1]["result"]["winners"] is not None
    assert any(m.get("events") for m in messages[1:-1])   # the other's moves it may see, in words
