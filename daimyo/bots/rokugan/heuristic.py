"""A rule-based Battle for Rokugan bot: fast, and it only uses what its own seat may know.

How it plays, phase by phase:

* **Setup.** It keeps the secret objective it is most likely to meet (its own clan's
  territory first), and places its starting control tokens next to its own provinces,
  in its home territory and in provinces with flowers and printed defense.
* **Upkeep.** It plays a territory card when the card improves its standing (honor
  on the board now, its own minus its rivals'), making each of the card's choices
  the same way; cards that act on hands (Promotion, Reinforcements, Spy Network) are
  played for what they give.
* **Placement.** It reads the board from its own seat: tokens it knows count at
  their strength, the others at the strength expected from where they stand (an
  unknown token on a land border may be an army or the bluff, ...). For each
  province it estimates who will control it after the battle, and what that is
  worth (flowers, faceup control tokens, territories, its own objective), counting
  the tokens the others may still place. Every legal placement is scored by how much
  it changes that estimate: it defends threatened provinces (and defends idle ones
  for the faceup control token), attacks provinces it can take, concentrates its
  tokens, blesses the tokens that decide battles, uses diplomacy on a province it
  would lose, raids a rival's valuable province when the raid triggers, and places
  its bluff where a threat makes the rival spend tokens. Scouts, the shugenja and
  the first player card are played on the unknown token that matters most.
* **Abilities.** Scorpion looks at the token that threatens it most, Unicorn swaps
  two of its tokens when the board estimate improves, Dragon returns its weakest token.

Ties between equally good moves are broken by the bot's own seeded generator.

On a game the native engine plays, ``choose`` is the native bot's (``native/src/heuristic.cpp``), which scores
every move bit for bit as this module does and draws the same words, so it makes the same choice
(``tests/native/test_heuristic.py``) without handing the game over to the Python engine.
"""

from __future__ import annotations

import math

from daimyo.bots.rokugan.knowledge import determinize, known
from daimyo.core.rng import Rng
from daimyo.rokugan import native
from daimyo.rokugan.data import RULES as R, SPECIAL_DEFENSE
from daimyo.rokugan.objectives import deal_chance, province_worth
from daimyo.rokugan.records import CARD, N_PROVINCES, PEACE, PLACEMENT, SCORCHED, SETUP_CLANS, SETUP_CONTROL, SETUP_OBJECTIVES, UPKEEP, BoardToken
from daimyo.rokugan.scoring import objective_met, province_flowers, territory_controller

CLAN_PREFERENCE = ("crab", "lion", "crane", "scorpion", "dragon", "phoenix", "unicorn")
#: expected strength of a token a seat has not seen, by where it stands
UNKNOWN_ATTACK_LAND = 1.9
UNKNOWN_ATTACK_SEA = 1.1
UNKNOWN_DEFENSE = 1.4
UNKNOWN_SHINOBI = 0.7
TOKEN_COST = 0.07
_TERR_OTHERS = [tuple(q for q in R.territory_provinces[R.province_territory[p]] if q != p) for p in range(N_PROVINCES)]
_TERR_SHADOW = [R.territory_shadowlands[R.province_territory[p]] for p in range(N_PROVINCES)]
_CAPITAL = [R.capital_of[p] is not None for p in range(N_PROVINCES)]


def _sig(x: float) -> float:
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


class Board:
    """The placement-phase board as one seat reads it: who attacks and defends each province, and how hard."""

    __slots__ = ("s", "seat", "n", "att", "dfn", "unk", "has_def", "lion_bluff", "my_tokens", "rem", "w_opp",
                 "rounds_left", "obj_bonus", "pot_att", "pot_def", "my_follow", "_memo")

    def __init__(self, s, seat: int):
        self.s, self.seat, self.n = s, seat, s.n
        self._memo: dict[tuple, float] = {}  # keyed by what each worked-out value depends on
        self.att: list[dict[int, float]] = [{} for _ in range(N_PROVINCES)]
        self.dfn = [0.0] * N_PROVINCES
        self.unk = [0] * N_PROVINCES
        self.has_def = [False] * N_PROVINCES
        self.lion_bluff = [False] * N_PROVINCES
        self.my_tokens = []
        kinds_of = {q: s.rules.clan_tokens[s.clans[q]] for q in range(s.n)}
        role = {}
        for t in s.tokens:
            if t.place == "o":
                continue
            owner = t.owner
            k = known(s, seat, t)
            kind = kinds_of[owner][t.clan_token].kind if k else None
            strength = kinds_of[owner][t.clan_token].strength if k else None
            loc = t.place
            if loc == "l" or loc == "s":
                p = t.attacked if loc == "l" else t.site
                if k:
                    val = strength if kind in ("army", "navy") else 0.0
                else:
                    val = UNKNOWN_ATTACK_LAND if loc == "l" else UNKNOWN_ATTACK_SEA
                    self.unk[p] += 1
                self.att[p][owner] = self.att[p].get(owner, 0.0) + val
                role[t.number] = ("a", p, owner)
            else:
                p = t.site
                if s.owner[p] == owner:
                    if k:
                        val = strength if kind in ("army", "navy", "shinobi") else 0.0
                        if kind == "bluff" and s.clans[owner] == "lion":
                            self.lion_bluff[p] = True
                        if kind in ("army", "navy", "shinobi"):
                            self.has_def[p] = True
                    else:
                        val = UNKNOWN_DEFENSE
                        self.unk[p] += 1
                        self.has_def[p] = True
                    self.dfn[p] += val
                    role[t.number] = ("d", p, owner)
                else:
                    if k:
                        val = strength if kind == "shinobi" else 0.0
                    else:
                        val = UNKNOWN_SHINOBI
                        self.unk[p] += 1
                    if val or not k:
                        self.att[p][owner] = self.att[p].get(owner, 0.0) + val
                    role[t.number] = ("a", p, owner)
            if owner == seat:
                self.my_tokens.append(t)
        for t in s.tokens:
            if t.place == "o" and t.site in role:
                r = role[t.site]
                if r[0] == "a":
                    self.att[r[1]][r[2]] = self.att[r[1]].get(r[2], 0.0) + 2
                else:
                    self.dfn[r[1]] += 2
        self.rem = [0 if s.done[q] or s.phase != PLACEMENT else max(0, len(s.hand[q]) - 1) for q in range(s.n)]
        self.w_opp = 1.0 if s.n == 2 else 0.55
        self.rounds_left = max(0, s.rules.rounds - s.round)
        self.obj_bonus = _objective_bonus(s, seat)
        # what the others may still add this round
        self.pot_att = [0.0] * N_PROVINCES
        self.pot_def = [0.0] * N_PROVINCES
        for p in range(N_PROVINCES):
            o = s.owner[p]
            if o >= 0 and o != seat and self.rem[o]:
                self.pot_def[p] = min(1.0, self.rem[o] / 3) * 1.3
        for e in range(s.n):
            if e == seat or not self.rem[e]:
                continue
            f = min(1.0, self.rem[e] / 3)
            for p in range(N_PROVINCES):
                if s.owner[p] != seat:
                    continue
                if any(s.owner[q] == e for q in R.adjacent[p]):
                    v = 1.8 * f
                elif s.is_coastal(p):
                    v = 0.7 * f
                else:
                    v = 0.25 * f
                if v > self.pot_att[p]:
                    self.pot_att[p] = v
        my_rem = self.rem[seat] - 1
        self.my_follow = 0.0
        if my_rem > 0:
            ks = kinds_of[seat]
            best = sorted((ks[t].strength for t in s.hand[seat] if ks[t].kind == "army"), reverse=True)
            self.my_follow = best[1] if len(best) > 1 else 0.0

    # ------------------------------------------------------------ values
    def worth(self, x: int, p: int, kept: bool) -> float:
        """What controlling ``p`` after this round is worth to player ``x`` (honor, and a little for the future)."""
        key = (x, p, kept)
        w = self._memo.get(key)
        if w is None:
            w = self._memo[key] = self._worth(x, p, kept)
        return w

    def _worth(self, x: int, p: int, kept: bool) -> float:
        s = self.s
        if s.special[p] == SCORCHED:
            return 0.0
        w = province_flowers(s, p) + 0.25 * self.rounds_left
        if kept and not R.shadowlands[p]:
            w += s.up[p] + 1
        others = [q for q in _TERR_OTHERS[p] if s.special[q] != SCORCHED]
        if not _TERR_SHADOW[p]:
            if others:
                mine = sum(1 for q in others if s.owner[q] == x)
                w += 5.0 if mine == len(others) else 1.2 * mine / len(others)
            else:
                w += 5.0
        if x == self.seat:
            w += self.obj_bonus[p]
        return w

    def utility(self, p: int, att: dict, dfn: float, has_def: bool, unk: int) -> float:
        """Expected value to this seat of province ``p``'s battle with attackers ``att`` and defending strength ``dfn``."""
        s, seat = self.s, self.seat
        o = s.owner[p]
        base = s.rules.printed_defense[p] + SPECIAL_DEFENSE.get(s.special[p], 0)
        if o >= 0:
            base += s.up[p] * (2 if s.clans[o] == "crab" else 1)
            if self.lion_bluff[p]:
                base += 2
        d_full = base + dfn + (self.pot_def[p] if o != seat else 0.0)
        temp = 0.9 + 0.45 * unk
        probs = {}
        total = 0.0
        for x, a in att.items():
            if x == o:
                continue
            if o == seat and x != seat:
                a = a + self.pot_att[p] * 0.5
            d = d_full - (s.rules.printed_defense[p] if _CAPITAL[p] and s.clans[x] == "phoenix" else 0)
            crane = s.clans[x] == "crane"
            pw = _sig((a - d - (0.0 if crane else 0.5)) / temp)
            for y, b in att.items():
                if y != x and y != o:
                    pw *= _sig((a - b - (0.0 if crane else 0.5)) / temp)
            probs[x] = pw
            total += pw
        if o == seat and seat not in att and self.pot_att[p] > 0 and not att:
            # nobody attacks yet: the threat of a later attack
            d = d_full
            pw = _sig((self.pot_att[p] - d - 0.5) / (temp + 0.5)) * 0.6
            probs[-2] = pw
            total += pw
        if total > 1.0:
            for x in probs:
                probs[x] /= total
            total = 1.0
        u = 0.0
        for x, pw in probs.items():
            if x == seat:
                u += pw * self.worth(seat, p, False)
            elif x >= 0:
                u -= pw * self.w_opp * self.worth(x, p, False)
            else:
                u -= pw * self.worth(seat, p, False) * 0.8
        if o >= 0:
            kept = has_def or bool(att)
            stay = (1.0 - total)
            if o == seat:
                u += stay * self.worth(seat, p, kept)
            else:
                u -= stay * self.w_opp * self.worth(o, p, kept)
        return u

    def base(self, p: int) -> float:
        key = ("b", p)
        u = self._memo.get(key)
        if u is None:
            u = self._memo[key] = self.utility(p, self.att[p], self.dfn[p], self.has_def[p], self.unk[p])
        return u

    def __getitem__(self, p: int) -> float:
        """``board[p]`` is the base utility of province ``p`` (worked out when first asked)."""
        return self.base(p)

    def with_attack(self, p: int, seat: int, x: float) -> float:
        key = ("a", p, seat, x)
        u = self._memo.get(key)
        if u is None:
            att = dict(self.att[p])
            att[seat] = att.get(seat, 0.0) + x
            u = self._memo[key] = self.utility(p, att, self.dfn[p], self.has_def[p], self.unk[p])
        return u

    def with_defense(self, p: int, x: float, real: bool = True) -> float:
        key = ("d", p, x, real)
        u = self._memo.get(key)
        if u is None:
            u = self._memo[key] = self.utility(p, self.att[p], self.dfn[p] + x, self.has_def[p] or real, self.unk[p])
        return u

    def total(self) -> float:
        return sum(self.base(p) for p in range(N_PROVINCES))


def _objective_bonus(s, seat: int) -> list[float]:
    """Extra worth of each province to ``seat`` for its own secret objective (the condition's own: objectives.py)."""
    return province_worth(s, seat, s.rules)


def standing(s, seat: int) -> float:
    """Honor on the board now (objective included for this seat only) minus the rivals' (Heuristic evaluation)."""
    n = s.n
    score = [0.0] * n
    for p in range(N_PROVINCES):
        o = s.owner[p]
        if o < 0:
            continue
        score[o] += province_flowers(s, p) + (0 if R.shadowlands[p] else s.up[p]) + 0.3
    for t in range(len(R.territory_names)):
        if not R.territory_shadowlands[t]:
            c = territory_controller(s, t)
            if c is not None:
                score[c] += 5
    oid = s.objective[seat]
    if oid and objective_met(s, seat, oid):
        score[seat] += s.rules.objectives[oid]["honor"]
    others = [score[q] for q in range(n) if q != seat]
    if n == 2:
        return score[seat] - others[0]
    return score[seat] - 0.6 * max(others) - 0.4 * sum(others) / len(others)


def token_value(s, seat: int, code: str) -> float:
    """How much a token behind the screen is worth keeping (for returns and discards)."""
    kind = s.rules.clan_tokens[s.clans[seat]]
    for k in kind:
        if k.code == code:
            if k.kind == "army":
                return k.strength
            if k.kind == "navy":
                return 0.8 * k.strength
            if k.kind == "shinobi":
                return 1.2 + k.strength
            if k.kind == "blessing":
                return 2.0
            if k.kind in ("diplomacy", "raid"):
                return 1.8
            return 5.0  # the bluff
    return 0.0


class RokuganHeuristicBot:
    """The rule-based bot described in the module docstring."""

    __slots__ = ("rng",)

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    def choose(self, state, seat: int) -> tuple:
        if isinstance(state, native.NativeRokuganState):
            if state.engine == "native":  # the native bot (native/src/heuristic.cpp): the same draws, the same choice
                move, self.rng.state = native.require(state.rules).heuristic_choose(state._game, seat, self.rng.state)
                return move
            state = state.python_state()  # read the Python state itself, not through the native game's wrapper
        moves = state.legal_moves(seat)
        if len(moves) == 1:
            return moves[0]
        scored = self.score_moves(state, seat, moves)
        best = max(v for v, _ in scored)
        top = [m for v, m in scored if v >= best - 1e-9]
        return top[0] if len(top) == 1 else self.rng.choice(top)

    # -------------------------------------------------------------- scoring
    def score_moves(self, s, seat: int, moves) -> list[tuple[float, tuple]]:
        """Every legal move with its score (higher is better)."""
        if s.pending:
            kind = s.pending[-1].kind
            if kind == "card":
                return self._card_step(s, seat, moves)
            if kind == "dragon_return":
                return [(-token_value(s, seat, m[1]), m) for m in moves]
            if kind == "scorpion_look":
                return self._looks(s, seat, moves)
            if kind == "unicorn_swap":
                return self._swaps(s, seat, moves)
        ph = s.phase
        if ph == SETUP_CLANS:
            return [(-CLAN_PREFERENCE.index(m[1]), m) for m in moves]
        if ph == SETUP_OBJECTIVES:
            return [(_objective_chance(s, seat, m[1]), m) for m in moves]
        if ph == SETUP_CONTROL:
            return [(_control_spot(s, seat, m[1]), m) for m in moves]
        if ph == UPKEEP:
            return self._upkeep(s, seat, moves)
        if ph == PLACEMENT:
            return self._placements(s, seat, moves)
        return [(0.0, m) for m in moves]

    def _placements(self, s, seat, moves) -> list:
        ctx = _PlacementContext(s, seat)
        return [(self._place_value(ctx, m), m) for m in moves]

    def quick_choose(self, s, seat: int, sample: int = 12) -> tuple:
        """A cheaper choice for simulations: in the placement phase score a random sample of the legal
        moves (always with the best-looking defence and attack kept in the running); else as ``choose``."""
        if s.pending or s.phase != PLACEMENT:
            moves = s.legal_moves(seat)
            if s.phase == UPKEEP and not s.pending:
                return self.rng.choice(moves) if self.rng.below(4) == 0 else ("pass",)
            return moves[0] if len(moves) == 1 else self.choose(s, seat)
        moves = s.legal_moves(seat)
        n = len(moves)
        picks = list(moves) if n <= sample else [moves[self.rng.below(n)] for _ in range(sample)]
        ctx = _PlacementContext(s, seat)
        best, best_v = picks[0], -1e9
        for m in picks:
            v = self._place_value(ctx, m)
            if v > best_v:
                best, best_v = m, v
        return best

    def _place_value(self, ctx: _PlacementContext, m: tuple) -> float:
        s, seat, b, base = ctx.s, ctx.seat, ctx.b, ctx.base
        if m[0] == "play":
            return self._play_value(s, seat, b, base, m)
        code, loc, a, bb = m[1], m[2], m[3], m[4]
        tk = ctx.by_code[code]
        kind, x = tk.kind, tk.strength
        v = -TOKEN_COST * x
        if kind in ("army", "navy", "shinobi"):
            if loc == "l" or loc == "s" or (loc == "c" and s.owner[a] != seat):
                p = bb if loc == "l" else a
                now = b.with_attack(p, seat, x) - base[p]
                later = 0.0
                if b.my_follow:
                    later = 0.5 * (b.with_attack(p, seat, x + b.my_follow) - b.with_attack(p, seat, b.my_follow))
                v += max(now, later)
            else:
                v += b.with_defense(a, x) - base[a]
        elif kind == "blessing":
            r = ctx.role_of.get(a)
            if r is None:
                v -= 1.0
            else:
                base_tok = next(t for t in b.my_tokens if t.number == a)
                if ctx.kinds[base_tok.clan_token].kind == "bluff":
                    v -= 0.5
                elif r[0] == "a":
                    v += b.with_attack(r[1], seat, 2) - base[r[1]]
                else:
                    v += b.with_defense(r[1], 2) - base[r[1]]
        elif kind == "bluff":
            if loc == "c" and s.owner[a] == seat:
                v += (b.with_defense(a, 2, real=False) - base[a]) if ctx.lion else 0.05
            else:
                p = bb if loc == "l" else a
                o = s.owner[p]
                v += 0.3 + (0.08 * province_flowers(s, p) if o >= 0 and o != seat else 0.0)
            v += 0.1 * self.rng.below(3)  # a bluff is played where it is not expected
        elif kind == "diplomacy":
            v += self._diplomacy(s, seat, b, base, a)
        elif kind == "raid":
            v += self._raid(s, seat, b, base, a)
        return v

    def _diplomacy(self, s, seat, b: Board, base, p) -> float:
        """Diplomacy in ``p``: every token touching it is discarded and a peace token protects it."""
        if s.specials_left.get(PEACE, 0) <= 0:
            return -1.0
        safe = b.worth(seat, p, False)
        gain = safe - base[p]
        lost = 0.0
        borders = set(R.province_borders[p])
        for t in b.my_tokens:
            if (t.place == "l" and t.site in borders) or (t.place == "s" and t.site == p):
                lost += 0.6 * s.rules.clan_tokens[s.clans[seat]][t.clan_token].strength
        # a peace token is permanent: it also spares later rounds, but the province earns no faceup tokens
        return gain - lost + 0.15 * b.pot_att[p] * b.rounds_left - 0.6

    def _raid(self, s, seat, b: Board, base, q) -> float:
        """Raid in ``q``: if it triggers, the province is cleared and scorched (Resolve Raid Tokens)."""
        triggers = any(s.owner[r] == seat for r in R.adjacent[q]) or any(
            t.place == "c" and t.site == q and t.owner == seat and s.rules.clan_tokens[s.clans[seat]][t.clan_token].kind == "shinobi"
            for t in b.my_tokens)
        if not triggers:
            return -2.0
        return -base[q] - 0.8

    def _play_value(self, s, seat, b: Board, base, m) -> float:
        card = m[1]
        if card not in ("scout", "shugenja", "first-player"):
            return -1.0  # Shadowlands cards cost a control token; this bot keeps its provinces
        t = s.token(m[2])
        p, role = _token_place(s, t)
        if p < 0:
            return -1.0
        k = known(s, seat, t)
        if card == "scout":
            if k:
                return -1.0
            stake = abs(base[p]) if s.owner[p] == seat or seat in b.att[p] else 0.0
            return 0.12 * stake - 0.35
        # shugenja / first player card: the token leaves the board
        kinds = s.rules.clan_tokens[s.clans[t.owner]]
        x = kinds[t.clan_token].strength if k else (UNKNOWN_DEFENSE if role == "d" else UNKNOWN_ATTACK_LAND)
        if t.owner == seat:
            return -1.0
        if role == "a":
            att = dict(b.att[p])
            att[t.owner] = att.get(t.owner, 0.0) - x
            gain = b.utility(p, att, b.dfn[p], b.has_def[p], b.unk[p]) - base[p]
        else:
            gain = b.utility(p, b.att[p], b.dfn[p] - x, b.has_def[p], b.unk[p]) - base[p]
        cost = 0.6 if card == "first-player" else 0.4 * b.rounds_left + 0.8
        return gain - cost

    def _looks(self, s, seat, moves) -> list:
        b = Board(s, seat)
        out = []
        for m in moves:
            if m[0] == "pass":
                out.append((0.0, m))
                continue
            p, _ = _token_place(s, s.token(m[1]))
            out.append((0.1 + (abs(b.base(p)) if p >= 0 else 0.0), m))
        return out

    def _swaps(self, s, seat, moves) -> list:
        b0 = Board(s, seat).total()
        out = []
        for m in moves:
            if m[0] == "pass":
                out.append((0.0, m))
                continue
            c = s.clone()
            t1, t2 = c.token(m[1]), c.token(m[2])
            i1, i2 = c.tokens.index(t1), c.tokens.index(t2)
            c.tokens[i1] = BoardToken(t1.number, t1.owner, t1.clan_token, t2.place, t2.site, t2.attacked, t1.faceup, t1.known_by)
            c.tokens[i2] = BoardToken(t2.number, t2.owner, t2.clan_token, t1.place, t1.site, t1.attacked, t2.faceup, t2.known_by)
            out.append((Board(c, seat).total() - b0 - 0.05, m))
        return out

    def _upkeep(self, s, seat, moves) -> list:
        out = []
        now = standing(s, seat)
        for m in moves:
            if m[0] == "pass":
                out.append((0.0, m))
                continue
            d = determinize(s, seat, Rng(self.rng.next64()))
            d.apply_move(seat, m)
            self._finish_card(d, seat)
            bonus = {"promotion": 0.8, "reinforcements": 0.8, "spy-network": 0.4}.get(m[1], 0.0)
            out.append((standing(d, seat) - now + bonus - 0.05, m))
        return out

    def _finish_card(self, d, seat, limit: int = 8) -> None:
        """Make the remaining choices of a card just played, greedily."""
        while limit and d.pending and d.pending[-1].seat == seat and d.pending[-1].kind == CARD and not d.is_terminal():
            moves = d.legal_moves(seat)
            if not moves:
                return
            best = max(self._card_step(d, seat, moves, sample=False), key=lambda vm: vm[0])[1]
            d.apply_move(seat, best)
            limit -= 1

    def _card_step(self, s, seat, moves, sample: bool = True) -> list:
        out = []
        base = s if not sample else determinize(s, seat, Rng(self.rng.next64()))
        for m in moves:
            verb = m[0]
            if verb in ("take",):
                out.append((token_value(s, seat, m[1]), m))
            elif verb in ("discard", "return"):
                out.append((-token_value(s, seat, m[1]) - (0.2 if verb == "discard" else 0.0), m))
            elif verb == "done" or verb == "place":
                out.append((0.0, m))
            else:
                c = base.clone()
                c.apply_move(seat, m)
                out.append((standing(c, seat), m))
        return out


class _PlacementContext:
    """What scoring placements needs, worked out once per decision."""

    __slots__ = ("s", "seat", "b", "base", "kinds", "by_code", "lion", "role_of")

    def __init__(self, s, seat: int):
        self.s, self.seat = s, seat
        self.b = b = Board(s, seat)
        self.base = b
        self.kinds = s.rules.clan_tokens[s.clans[seat]]
        self.by_code = {k.code: k for k in self.kinds}
        self.lion = s.clans[seat] == "lion"
        self.role_of = {}
        for t in b.my_tokens:
            if t.place in ("l", "s"):
                self.role_of[t.number] = ("a", t.attacked if t.place == "l" else t.site)
            elif t.place == "c":
                self.role_of[t.number] = ("d", t.site) if s.owner[t.site] == seat else ("a", t.site)


def _token_place(s, t: BoardToken) -> tuple[int, str]:
    """The province a board token fights over and whether it attacks ('a') or defends ('d')."""
    if t.place == "l":
        return t.attacked, "a"
    if t.place == "s":
        return t.site, "a"
    if t.place == "c":
        return t.site, ("d" if s.owner[t.site] == t.owner else "a")
    return -1, ""


def _objective_chance(s, seat: int, oid: str) -> float:
    """Setup 5: how likely and how rich a secret objective looks for this clan (the condition's own: objectives.py)."""
    return deal_chance(s, seat, oid, s.rules)


def _control_spot(s, seat: int, p: int) -> float:
    """Setup 10: where to put a starting control token."""
    mine = set(s.provinces_of(seat))
    v = s.rules.flowers[p] * 0.8 + s.rules.printed_defense[p] * 0.6
    v += 1.5 * sum(1 for q in R.adjacent[p] if q in mine)
    terr = R.province_territory[p]
    if R.territory_clan[terr] == s.clans[seat]:
        v += 2.0
    if R.territory_shadowlands[terr]:
        v -= 1.5
    owners = {s.owner[q] for q in R.territory_provinces[terr] if q != p}
    if owners <= {seat}:
        v += 1.0
    v += 0.8 * sum(1 for q in R.adjacent[p] if s.owner[q] >= 0 and s.owner[q] != seat) * -1
    v += _objective_bonus(s, seat)[p] * 0.5
    return v
