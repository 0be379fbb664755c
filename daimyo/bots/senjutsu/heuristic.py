"""Senjutsu's heuristic bot, usable in any seat (the bots by name: :mod:`daimyo.bots.senjutsu`).

The heuristic bot knows only what its seat may know. To choose a card it scores each card in its hand
against the public battlefield (would this attack's grid, after the card's own movement, hit someone? is an
enemy close enough to make a block worth it?). For any later decision it tries each option on a copy of the
state and scores the public result (wounds, stuns and defeats dealt and taken, facing and distance).
"""

from __future__ import annotations

from daimyo.core.rng import Rng
from daimyo.senjutsu.attacks import grid_hexes, ranged_targets
from daimyo.senjutsu.hexgrid import FACINGS, distance, neighbour, parse_hex
from daimyo.senjutsu.movement import line_plans
from daimyo.senjutsu.state import Frame

__all__ = ["SenjutsuHeuristicBot", "evaluate", "evaluate_state"]

_DAMAGE = {"wound": 1.0, "wound2": 2.0, "bleeding": 1.4, "stun": 0.8, "hobble": 0.5, "poison": 0.7, "execution": 20.0,
           "asterisk": 0.5, "advantage": 0.2, "target": 0.0}


def evaluate(view: dict, me: str) -> float:
    """A score of a seat's public position: harm dealt minus harm taken, plus closing in facing the enemy."""
    seats = {s["seat"]: s for s in view["seats"]}
    mine = seats[me]
    if view.get("winners") is not None:
        if me in view["winners"]:
            return 1000.0 / len(view["winners"])
        return -1000.0

    def hurt(s):
        if s["defeated"]:
            return 100.0
        return 10.0 * (s["wounds"] + s["bleeding"]) / s["wound_limit"] + 4.0 * s["stuns"] / s["hand_limit"] + 0.3 * s["hobbles"]

    score = -hurt(mine) + 0.2 * mine["focus"]
    for name, s in seats.items():
        if name == me:
            continue
        score += hurt(s)
        if s["defeated"] or not mine["hex"] or not s["hex"]:
            continue
        a, b = parse_hex(mine["hex"]), parse_hex(s["hex"])
        dist = distance(a, b)
        f = FACINGS.index(mine["facing"])
        if distance(neighbour(a, f), b) < dist:   # facing towards the enemy
            score += 0.3
        score -= 0.15 * dist   # close in
    return score


def evaluate_state(s, seat: int) -> float:
    """:func:`evaluate` of ``s.view(seat)`` for ``seat``, computed from the state's public facts without building the
    view (the same number: only the statuses, positions and facings every seat sees are read)."""
    if getattr(s, "engine", None) == "native":
        return s.native_game.evaluate(seat)
    if s.result is not None:
        if seat in s.result:
            return 1000.0 / len(s.result)
        return -1000.0
    chars = s.card_set.characters

    def hurt(d):
        if d.defeated:
            return 100.0
        c = chars[d.character]
        return 10.0 * (d.wounds + d.bleeding) / c.wound_limit + 4.0 * d.stuns / c.hand_limit + 0.3 * len(d.hobbles)

    mine = s.duellists[seat]
    score = -hurt(mine) + 0.2 * mine.focus
    for i, d in enumerate(s.duellists):
        if i == seat:
            continue
        score += hurt(d)
        if d.defeated or not mine.pos or not d.pos:
            continue
        a, b = mine.pos, d.pos
        dist = distance(a, b)
        if distance(neighbour(a, mine.facing), b) < dist:   # facing towards the enemy
            score += 0.3
        score -= 0.15 * dist   # close in
    return score


class SenjutsuHeuristicBot:
    """Scores cards against the battlefield and tries each later option on a copy of the state."""

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    def choose(self, state, seat: int) -> str:
        if getattr(state, "engine", None) == "native":   # the same choice and draws, natively (sj_bots.cpp)
            move, self.rng.state = state.native_game.heuristic_choose(seat, self.rng.state)
            return move
        moves = state.legal_moves(seat)
        if len(moves) == 1:
            return moves[0]
        if state.phase == "choose":
            return self._best(moves, lambda m: self.card_score(state, seat, m))
        if state.phase == "place":
            return self._best(moves, lambda m: self._place_score(state, seat, m))
        def score(m):
            c = state.clone()
            c.apply_move(seat, m)
            return evaluate_state(c, seat)
        return self._best(moves, score)

    def _best(self, moves, score):
        scored = [(score(m), self.rng.next64(), m) for m in moves]
        return max(scored)[2]

    def _place_score(self, state, seat, move) -> float:
        _, h, f = move.split()
        pos, facing = parse_hex(h), FACINGS.index(f)
        others = [d.pos for i, d in enumerate(state.duellists) if i != seat and d.pos is not None]
        if not others:
            return -distance(pos, (0, 0))
        # face the nearest placed character
        t = min(others, key=lambda o: distance(pos, o))
        return -distance(neighbour(pos, facing), t)

    def card_score(self, state, seat, move) -> float:
        """The score of choosing ``move`` (``play <card>``) from the public battlefield: hits in reach, blocks worth
        making, closing in."""
        if getattr(state, "engine", None) == "native":
            return state.native_game.card_score(seat, move)
        cid = move.split()[1]
        d = state.duellists[seat]
        enemies = [e.pos for i, e in enumerate(state.duellists) if i != seat and not e.defeated]
        near = min(distance(d.pos, p) for p in enemies) if enemies else 9
        if cid in ("stun", "poison"):
            return 0.5   # playing a status card frees the hand
        card = state.card(cid)
        score = 0.0
        if card.type == "attack":
            score += self._attack_value(state, seat, card)
        elif card.type == "defence":
            score += 1.6 if near <= 2 else 0.2
            if any("move" in ln for ln in card.lines):
                score += 0.4 if near > 2 else 0.6
        else:
            score += 1.0 if near > 2 else 0.3
            if any("gain_focus" in ln for ln in card.lines) and d.focus < 3:
                score += 0.3
        move = next((ln for ln in card.lines if "move" in ln), None)
        if move is not None and card.type != "attack" and enemies:
            frame = Frame(seat, card.id, list(card.lines), card.initiative[0])
            frame.line = card.lines.index(move)
            ends = [r[1] for r in line_plans(state, seat, move, frame) if r[3] is None]
            if ends:
                score += 0.3 * (near - min(min(distance(p, e) for e in enemies) for p in ends))
        if card.core:
            score -= 0.1   # keep the core cards for when nothing else fits
        return score

    def _attack_value(self, state, seat, card) -> float:
        """What the card's first attack would deal if it hits from here or after the card's own movement."""
        atk = next((ln for ln in card.lines if "attack" in ln), None)
        if atk is None:
            return 0.2
        frame = Frame(seat, card.id, list(card.lines), card.initiative[0])
        move = next((ln for ln in card.lines if "move" in ln), None)
        spots = [(state.duellists[seat].pos, state.duellists[seat].facing)]
        if move is not None and card.lines.index(move) < card.lines.index(atk):
            frame.line = card.lines.index(move)
            spots = [(r[1], r[2]) for r in line_plans(state, seat, move, frame) if r[3] is None] or spots
        best = 0.0
        for pos, facing in spots:
            if "grid" in atk["attack"]:
                hit = [effs for h, effs in grid_hexes(state, seat, atk, pos, facing).items() if state.occupant(h) not in (None, seat)]
                value = 0.0
                for effs in hit:   # added in order (as the native bot adds them), not with sum()'s compensation
                    for e in effs:
                        value += _DAMAGE.get(e, 0.3)
                value += 0.5 if hit else 0.0
            else:
                value = 1.2 if ranged_targets(state, seat, atk, card.initiative[0], pos, facing) else 0.0
            best = max(best, value)
        return best + card.initiative[0] / 20.0 if best else 0.1
