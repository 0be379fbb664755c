"""``daimyo play --terminal``: whole games against bots, input handling and saving the record."""

from __future__ import annotations

import pytest

from daimyo.core.errors import RuleViolation
from daimyo.core.game import Action
from daimyo.cli.rokugan.terminal import TerminalGame, bot_specs, dealt_objectives, fill_clans, play_terminal
from daimyo.rokugan.notation import parse_move
from daimyo.rokugan.position import to_position
from daimyo.rokugan.record import replay
from tests.cli.rokugan.helpers import ScriptedHuman, console


def test_scripted_human_plays_a_whole_game_against_three_random_bots_to_final_scoring(tmp_path):
    """Playing the Game to Final Scoring: a human picking legal actions by number reaches the end; the saved record replays."""
    con, buf = console()
    path = tmp_path / "game.txt"
    human = ScriptedHuman(buf, seed=11, save=str(path))
    rec = play_terminal(4, 7, 2, None, ["random"], con, human)
    out = buf.getvalue()
    s = rec.state
    assert s.is_terminal() and s.result is not None
    assert human.prompts > 20  # the human really took part: clan, objective, control tokens, placements
    assert "Final scoring" in out
    for clan in s.clans:  # the scoring table names every clan with its total
        row = next(r for r in s.result["scores"] if r["clan"] == clan)
        assert any(line.split()[:1] == [clan.capitalize()] and line.split()[-1] == str(row["total"])
                   for line in out.splitlines()), f"no scoring row for {clan}"
    for r in range(1, 6):
        assert f"Resolution of round {r}" in out
    for step in ("Step 1: Reveal Combat Tokens", "Step 2: Discard Bluff and Illegally Placed Tokens", "Step 5: Resolve Battles"):
        assert step in out
    assert "Battle for " in out and " attack: " in out and " defense: " in out
    # the record replays to the very same final state
    again = replay(path.read_text(encoding="utf-8"))
    assert to_position(again.state) == to_position(s)
    assert f"daimyo rokugan replay {path}" in out


def test_two_player_game_with_a_chosen_clan_and_random_clans_for_the_bots():
    """Setup 3. Choose Clans: the human's clan is kept, the bot's is drawn from the others; the game ends."""
    con, buf = console()
    rec = play_terminal(2, 3, 0, ["scorpion", None], ["random"], con, ScriptedHuman(buf, seed=2))
    assert rec.state.clans[0] == "scorpion" and rec.state.clans[1] not in (None, "scorpion")
    assert rec.state.is_terminal()
    assert rec.header["clans"] == " ".join(rec.state.clans)


def _game_at_human_placement(seed=5, others_placed=False, lang="en"):
    """A 4-player game at crane's (the human's) placement turn; with ``others_placed``, once an opponent's token is facedown on the board."""
    con, buf = console()
    human = ScriptedHuman(buf, seed=seed)
    game = TerminalGame(4, seed, 1, ["crab", "crane", "lion", "unicorn"], ["random"], con, human, lang=lang)

    def ready():
        s = game.state
        if not (s.phase == "placement" and s.to_act() == (1,) and not s.pending):
            return False
        return not others_placed or any(t.owner != 1 and not t.faceup for t in s.tokens)

    while not ready():
        game.step()
    return game, human, buf


def _an_army_from_a_province_crane_does_not_control(s):
    """An illegal placement for crane (seat 1): an army attacking from a province it does not control, and the
    refusal the engine gives it (pytest's ExceptionInfo)."""
    from daimyo.rokugan.data import RULES as R
    src = next(p for p, o in s.view(1)["provinces"].items() if o["owner"] != "crane" and ">" not in p and p != "shadowlands_north")
    dst = R.province_names[R.adjacent[R.province_index[src]][0]]
    bad = f"place a1 {src}>{dst}"
    with pytest.raises(RuleViolation) as err:
        s.clone().apply(Action(1, bad))
    return bad, err


def test_an_illegal_action_prints_the_rule_and_asks_again():
    """Placing Combat Tokens: an illegal placement is refused with the engine's message and rule, and nothing changes."""
    game, human, buf = _game_at_human_placement()
    s = game.state
    bad, err = _an_army_from_a_province_crane_does_not_control(s)
    before = to_position(s)
    first = s.legal_actions(1)[0].text
    n_actions = len(game.rec.actions)
    human.script = [bad, "999", "frobnicate", "1"]
    mark = len(buf.getvalue())
    game.step()
    out = buf.getvalue()[mark:]
    message = str(err.value)[: -len(err.value.rule) - 3]
    assert f"Illegal action: {message}" in out
    assert f"Rule: {err.value.rule}" in out
    assert "There is no action number 999: choose 1 to" in out
    assert "Illegal action: unknown action 'frobnicate'" in out
    assert "Rule: Action notation (docs/rokugan-notation.md)" in out
    # only the legal action (number 1) was applied
    assert len(game.rec.actions) == n_actions + 1
    assert game.rec.actions[-1] == ("crane", first)
    assert to_position(game.state) != before


def test_an_illegal_action_in_polish_names_the_rule_in_polish():
    """Placing Combat Tokens, in Polish: the refusal says the message and the rulebook section from the Polish
    catalogue (the Polish rulebook's name of the section), never the English name."""
    from daimyo.words.errors import rule_text

    game, human, buf = _game_at_human_placement(lang="pl")
    s = game.state
    bad, err = _an_army_from_a_province_crane_does_not_control(s)
    assert err.value.rule == "The Combat Tokens: Army"
    before = to_position(s)
    first = s.legal_actions(1)[0].text
    n_actions = len(game.rec.actions)
    human.script = [bad, "frobnicate", "1"]
    mark = len(buf.getvalue())
    game.step()
    out = buf.getvalue()[mark:]
    assert f"Niedozwolona akcja: {rule_text(err.value, 'pl')}" in out
    assert "Zasada: Żetony walki: Armia" in out
    assert "Zasada: Zapis akcji (docs/rokugan-notation.md)" in out
    assert "The Combat Tokens" not in out and "Action notation" not in out
    # only the legal action (number 1) was applied
    assert len(game.rec.actions) == n_actions + 1
    assert game.rec.actions[-1] == ("crane", first)
    assert to_position(game.state) != before


def test_an_action_typed_in_the_notation_is_applied():
    """Action notation: a legal action typed in full is taken like its number."""
    game, human, buf = _game_at_human_placement(seed=8)
    legal = [a.text for a in game.state.legal_actions(1)]
    typed = legal[-1]
    human.script = [typed]
    game.step()
    assert game.rec.actions[-1] == ("crane", typed)
    assert f"You: {typed}" in buf.getvalue()


def test_help_moves_board_and_log_commands():
    """The commands list and filter the legal actions, redraw the board and print the log, without acting."""
    game, human, buf = _game_at_human_placement(seed=9)
    legal = [a.text for a in game.state.legal_actions(1)]
    target = legal[0].split()[-1]
    n_actions = len(game.rec.actions)
    human.script = ["?", f"moves {target}", "moves zzz", "board", "log", "quit", "n"]
    mark = len(buf.getvalue())
    with pytest.raises(Exception) as quit_:
        game.step()
    assert type(quit_.value).__name__ == "Quit"
    out = buf.getvalue()[mark:]
    assert f"Legal actions ({len(legal)}):" in out
    for i, a in enumerate(legal, 1):
        assert f"{i:>3}. {a}" in out
    filtered = [(i, a) for i, a in enumerate(legal, 1) if target in a]
    assert out.count(f"{filtered[0][0]:>3}. {filtered[0][1]}") == 2  # listed by ? and by moves
    assert "No legal action contains zzz." in out
    assert "The board (round 1)" in out
    assert "Round 1 begins." in out  # from the log
    assert len(game.rec.actions) == n_actions


def test_quit_offers_to_save_and_the_record_replays_to_the_same_position(tmp_path):
    """Game records: leaving mid-game can save the record; replaying it rebuilds the position left."""
    con, buf = console()
    path = tmp_path / "left.txt"
    human = ScriptedHuman(buf, seed=4, script=["1", "1", "1", "quit"], save=str(path))
    rec = play_terminal(3, 21, 0, ["lion", None, None], ["random", "random"], con, human)
    assert not rec.state.is_terminal()
    assert "You leave the game." in buf.getvalue()
    assert to_position(replay(path.read_text(encoding="utf-8")).state) == to_position(rec.state)


def test_end_of_input_leaves_the_game_quietly():
    """A closed input (EOF) ends the game without an error."""
    con, buf = console()

    def eof():
        raise EOFError

    rec = play_terminal(2, 1, 1, None, ["random"], con, eof)
    assert not rec.state.is_terminal()
    assert "You leave the game." in buf.getvalue()


def test_bad_arguments_are_refused_with_the_reason():
    con, buf = console()
    with pytest.raises(ValueError, match="seat 4 is not a seat"):
        play_terminal(4, 0, 4, None, ["random"], con, lambda: "quit")
    with pytest.raises(ValueError, match="unknown bot 'nobot'"):
        play_terminal(4, 0, 0, None, ["nobot"], con, lambda: "quit")
    with pytest.raises(ValueError, match="3 bot seats need one bot name or 3 names"):
        bot_specs(4, 0, ["random", "random"])
    with pytest.raises(ValueError, match="unknown clan 'ninja'"):
        fill_clans(3, 0, ["ninja", None, None])
    with pytest.raises(ValueError, match="different clan"):
        fill_clans(3, 0, ["crab", "crab", None])
    with pytest.raises(ValueError, match="2 to 5 players"):
        play_terminal(6, 0, 0, None, ["random"], con, lambda: "quit")
    assert bot_specs(3, 1, ["random"]) == {0: "random", 2: "random"}
    assert fill_clans(3, 0, None) is None and fill_clans(3, 0, [None, None, None]) is None


def test_parse_move_of_a_listed_action_round_trips():
    """The numbered list holds the engine's own action texts (each parses back to a legal move)."""
    game, _human, _buf = _game_at_human_placement(seed=3)
    s = game.state
    moves = s.legal_moves(1)
    for a in s.legal_actions(1):
        assert parse_move(s, 1, a.text) in moves


def test_resolution_can_wait_for_enter_between_steps():
    """Resolution Phase, step by step: with pause_steps the human presses Enter before each next step."""
    con, buf = console()
    human = ScriptedHuman(buf, seed=6)
    rec = play_terminal(3, 9, 1, None, ["random"], con, human, pause_steps=True)
    assert rec.state.is_terminal()
    out = buf.getvalue()
    # every round has at least the reveal and discard steps, so at least one pause between them
    assert human.pauses >= 5
    assert out.count("[Enter] next step of the resolution") == human.pauses


def test_your_screen_shows_your_own_hidden_facts_and_others_tokens_facedown():
    """Your screen: hand, pool, objective; on the board your facedown tokens show their code, others' do not."""
    game, _human, buf = _game_at_human_placement(seed=12, others_placed=True)
    v = game.view()
    mark = len(buf.getvalue())
    game.draw()
    out = buf.getvalue()[mark:]
    assert f"Behind your screen ({len(v['you']['hand'])}): {', '.join(v['you']['hand'])}" in out
    assert f"Your pool ({len(v['you']['pool'])}):" in out
    from daimyo.words.rokugan_events import objective_name
    assert f"Secret objective: {objective_name(v['you']['objective'])}" in out
    assert any(t["owner"] != "crane" and t["code"] is None for t in v["tokens"])
    for t in v["tokens"]:
        if t["owner"] == "crane" and not t["faceup"]:
            assert f"#{t['token']} Crane {t['code']} (yours)" in out
        elif not t["faceup"] and t["code"] is None:
            assert f"#{t['token']} {t['owner'].capitalize()} facedown" in out
    assert f"Round {v['round']} of 5 | placement phase" in out and "to act: Crane" in out


def test_a_record_that_cannot_be_written_is_reported(tmp_path):
    """Saving to a folder that does not exist says why and ends the game cleanly."""
    con, buf = console()
    bad = tmp_path / "missing" / "game.txt"
    human = ScriptedHuman(buf, seed=1, script=["quit"], save=str(bad))
    rec = play_terminal(2, 5, 0, None, ["random"], con, human)
    assert not bad.exists() and not rec.state.is_terminal()
    assert "Could not save the record:" in buf.getvalue()


def test_the_terminal_speaks_polish_through_the_catalogue():
    """Every table and prompt of the terminal comes from the catalogue (daimyo/words): in Polish, no English is left."""
    con, buf = console()
    answers = iter(["?", "board", "quit", "n"])
    game = TerminalGame(3, 5, 0, ["crab", "crane", "lion"], ["random"], con, lambda: next(answers), lang="pl")
    game.run()
    out = buf.getvalue()
    for polish in ("Bitwa o Rokugan", "Plansza (runda", "Gracze", "Twoja zasłonka", "Za twoją zasłonką", "Rozdane ci cele",
                   "pozostałe żetony specjalne", "Dozwolone akcje", "Wychodzisz z gry.", "Zapisać zapis gry?"):
        assert polish in out, polish
    for english in ("The board", "Players", "Your screen", "Behind your screen", "special tokens left", "Legal actions",
                    "You leave the game", "Save the game record", "Type ?", "seed"):
        assert english not in out, english


def test_seats_are_counted_from_1_everywhere():
    """Issue 30: the sentences say "Seat 2 takes the Lion clan"; the intro, the players table, your screen, the
    prompt and the status line count the same seats from 1 too (not from 0)."""
    con, buf = console()
    game = TerminalGame(4, 9, 1, None, ["random"], con, ScriptedHuman(buf, seed=5, script=["board", "quit"]))
    game.run()
    out = buf.getvalue()
    assert "seat 1: random bot, seat 2: you, seat 3: random bot, seat 4: random bot" in out
    assert "Seat 1 takes the" in out   # the bot in the first seat chooses before the human
    table = [line.split() for line in out.splitlines() if line.strip().startswith(("1 ", "2 ", "3 ", "4 ")) and "/30" in line]
    assert [row[0] for row in table[:4]] == ["1", "2", "3", "4"] and table[1][1:3] == ["seat2", "(you)"], table[:4]
    assert "You are seat 2." in out and "(seat 2)" not in out.split("You are seat 2")[1][:12]   # (said once, not twice)
    assert "to act: seat2" in out and "seat2 [1-" in out
    assert "seat0" not in out and "seat 0" not in out


def test_play_terminal_seat_option_counts_from_1():
    from click.testing import CliRunner

    from daimyo.cli.main import main

    r = CliRunner().invoke(main, ["play", "--terminal", "--seed", "3", "--players", "2", "--seat", "2", "--bots", "random"],
                           input="quit\nn\n", env={"LANG": "C"})
    assert r.exit_code == 0 and "seat 1: random bot, seat 2: you" in r.output, r.output[:400]
    r = CliRunner().invoke(main, ["play", "--terminal", "--players", "2", "--seat", "0"])
    assert r.exit_code == 2


def test_no_pass_line_in_upkeep_and_every_battle_names_its_defender():
    """Upkeep 3: a clan with no territory card to play passes by itself, and nothing is said ("has nothing left to
    place" is placement's); each battle's line names the defender, also when no attacker wins."""
    con, buf = console()
    play_terminal(4, 7, 2, None, ["random"], con, ScriptedHuman(buf, seed=11))
    out = buf.getvalue().splitlines()
    upkeep = False
    for line in out:
        if line.startswith("Round ") and line.endswith(" begins."):
            upkeep = True
        elif line == "The placement phase begins.":
            upkeep = False
        assert not (upkeep and "has nothing left to place" in line), line
    battles = [line for line in out if line.startswith("Battle for ") and ": " in line]
    assert battles and all(" against " in b for b in battles)
    from daimyo.core.game import Event
    from daimyo.words.rokugan import RokuganWords

    nothing = {"province": "crab_1", "outcome": "nothing", "winner": None, "attackers": [{"clan": "lion", "total": 2}, {"clan": "crane", "total": 2}],
               "defender": {"clan": "crab", "total": 2}}
    for lang in ("en", "pl"):
        said = RokuganWords(lang).sentence(Event("battle", nothing))
        assert RokuganWords(lang).clan("crab") in said, said


def test_the_objectives_dealt_read_as_sentences():
    """Setup 5: the two objectives dealt, each with its condition, on one line; each condition ends its own sentence
    (they were joined by "; ", which printed "10 honor.; The Den of Secrets")."""
    from daimyo.words.rokugan_events import objective_condition, objective_name
    line = dealt_objectives({"objectives_dealt": ["way-of-the-sail", "the-den-of-secrets"]})
    assert ".;" not in line
    assert line == (f"{objective_name('way-of-the-sail')}: {objective_condition('way-of-the-sail')} "
                    f"{objective_name('the-den-of-secrets')}: {objective_condition('the-den-of-secrets')}")
    assert objective_condition("way-of-the-sail").endswith(".")
