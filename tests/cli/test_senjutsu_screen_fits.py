"""A Senjutsu duel's decision screen fits a terminal of 80 columns and 24 lines, prompt included (issue 30,
smaller defects: "the board scrolling off 80x24"; it took 41 lines): positions of real duels are drawn into an
80x24 console and every line must fit unwrapped, with both duellists' wounds, places and hands and the prompt shown."""

from __future__ import annotations

import pytest
from rich.console import Console

from daimyo.bots.senjutsu import make
from daimyo.cli.senjutsu import _game, event_words
from daimyo.core.game import Action
from daimyo.words import t
from daimyo.words.senjutsu import CardWords
from daimyo.words.senjutsu_screen import HEIGHT, WIDTH, DuelScreen, place_grid


def _positions(seed: int, board: str = "one", prepare: bool = False, lang: str = "en", characters=("kaze", "tetsu")):
    """Every decision of seat 0 in a duel of two random bots: (screen, view, moves, prompt)."""
    g = _game(list(characters), seed, board, "rock 0,0", (), None, prepare)
    words = event_words(g, lang)
    screen = DuelScreen(words, CardWords(words, g.card_set.cards, cells=True), lang)
    bots = {0: make("random", seed), 1: make("random", seed + 1)}
    out = []
    while not g.is_terminal():
        for seat in g.to_act():
            if g.is_terminal() or seat not in g.to_act():
                break
            if seat == 0:
                moves = g.legal_moves(0)
                view = g.view(0)
                labels = [screen.cards.action(m, view["seats"][0].get("played")) for m in moves]
                prompt = (t("term.sj.place_prompt", None, lang) if place_grid(moves)
                          else t("term.sj.prompt", {"n": len(moves)}, lang))
                out.append((screen.decision(view, "p1", moves, labels), view, moves, prompt))
            g.apply(Action(seat, bots[seat].choose(g, seat)))
    return out


def _console_lines(lines: list[str], prompt: str) -> list[str]:
    console = Console(width=WIDTH, height=HEIGHT, record=True, color_system=None, legacy_windows=False)
    for line in [*lines, prompt]:
        console.print(line, markup=False, highlight=False, emoji=False)
    return console.export_text().splitlines()


def _assert_fits(screen: list[str], view: dict, prompt: str, lang: str = "en") -> None:
    shown = _console_lines(screen, prompt)
    assert len(shown) == len(screen) + 1, "a line wider than 80 columns was wrapped by the console"
    assert len(shown) <= HEIGHT and all(len(line) <= WIDTH for line in shown)
    assert shown[-1] == prompt
    text = "\n".join(shown)
    for s in view["seats"]:
        if s["defeated"]:
            continue
        wounds = t("term.sj.seat.wounds", {"n": s["wounds"] + s["bleeding"], "limit": s["wound_limit"]}, lang)
        cards = t("sj.cards_counts", {"hand": s["hand_size"], "deck": s["deck_size"], "discard": len(s["discard"])}, lang)
        hand = t("term.sj.seat.hand", {"n": s["hand_size"]}, lang)   # under two battlefields: the hand alone
        flat = " ".join(text.split())   # a line wrapped under the battlefield read as one
        assert wounds in flat and (cards in flat or f"{hand}\n" in text + "\n"), (wounds, cards, text)
        if s["hex"]:
            # on the battlefield as seat and facing (the hex's coordinates give way to it), and in words beside it
            # (the hex, then its facing, possibly wrapped) or under it (the hex and the facing's notation)
            assert f"[{s['seat'][1]}{s['facing']}]" in text and s["hex"] in text


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_decision_of_a_duel_fits_80_by_24(seed):
    positions = _positions(seed)
    verbs = {moves[0].split()[0] for _, _, moves, _ in positions}
    assert {"place", "play"} <= verbs and len(positions) > 10
    for screen, view, _moves, prompt in positions:
        _assert_fits(screen, view, prompt)


def test_the_turn_screen_shows_the_battlefield_the_duellists_and_every_card_choice():
    screen, _view, moves, _prompt = next(p for p in _positions(1) if p[2][0].startswith("play"))
    text = "\n".join(screen)
    assert "0,-3" in text and "#rk" in text and "Advantage:" in text
    assert "p1 Kaze the Wanderer (you)" in text and "p2 Master Tetsu" in text
    for n in range(1, len(moves) + 1):
        assert f"[{n}] play " in text
    assert len(screen) + 1 <= HEIGHT


def test_a_placement_lists_hexes_and_a_long_list_is_cut_with_a_way_to_see_the_rest():
    screen, view, moves, prompt = _positions(1)[0]
    assert moves[0].startswith("place") and len(moves) > 60
    assert "[1] -3,0" in "\n".join(screen) and prompt == "Your choice [hex and facing, ?]:"
    # preparing cards lists twenty choices; two joined battlefields leave less room, and what does not fit is
    # counted, with the way to see it (options) or to name a choice
    prepared = _positions(2, prepare=True)
    assert any(p[2][0].startswith("prepare") for p in prepared)
    for screen, view, _moves, prompt in prepared:
        _assert_fits(screen, view, prompt)
    wide = _positions(3, board="two")
    cut = [s for s, _, _, _ in wide if any("more (options: all of them" in line for line in s)]
    assert cut, "the two battlefields' placement does not fit and says so"
    for screen, view, _moves, prompt in wide:
        _assert_fits(screen, view, prompt)


def test_polish_screens_fit_too():
    for screen, view, _moves, prompt in _positions(4, lang="pl", characters=("hana", "ishi")):
        _assert_fits(screen, view, prompt, "pl")
