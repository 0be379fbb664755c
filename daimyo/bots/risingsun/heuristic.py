"""Rising Sun's heuristic War Phase bot, usable in any seat (the bots by name: :mod:`daimyo.bots.risingsun`).

``heuristic`` values each advantage of the battle (the War Province token, Seppuku's VP
and Honor, a hostage's VP and the Force it removes, hired ronin, the Poets' VP), keeps
coins for the later battles it will fight, and bids where the coins are worth most.
"""

from __future__ import annotations

from daimyo.core.rng import Rng
from daimyo.risingsun.data import RULES as R
from daimyo.risingsun.scoring import token_score
from daimyo.risingsun.state import BID, HOSTAGE, POETS, REPARATIONS, RONIN, SEPPUKU, RisingSunWar


class WarHeuristicBot:
    """Bids on the slots in proportion to what each is worth to it; uses an advantage when it pays."""

    __slots__ = ("rng",)

    def __init__(self, seed: int):
        self.rng = Rng(seed)

    # ------------------------------------------------------------- valuation
    @staticmethod
    def win_value(s: RisingSunWar, seat: int) -> float:
        """What the province's War Province token adds to this seat's war-token score."""
        prov = s.province()
        assert prov is not None  # valued during a battle
        before = token_score(s.tokens[seat])["total"]
        after = token_score(s.tokens[seat] + [(prov, s.season)])["total"]
        return float(after - before)

    @staticmethod
    def battles_ahead(s: RisingSunWar, seat: int) -> int:
        """Later wars in which this seat has Force along with someone it is not allied with."""
        k = 0
        for prov in s.wars[s.at + 1:]:
            have = [p for p in range(s.n) if s.force(prov, p) > 0]
            if seat in have and any(q != seat and not s.allied(q, seat) for q in have):
                k += 1
        return k

    def slot_values(self, s: RisingSunWar, seat: int) -> list[float]:
        prov = s.province()
        mine = s.figures_in(prov, seat)
        my_force = s.force(prov, seat)
        others = [s.force(prov, p) for p in s.participants if p != seat]
        top = max(others) if others else 0
        ronin = s.ronin[seat] if not R.has(s.clans[seat], "coins-as-ronin") else max(0, s.coins[seat] // 2)
        can_win = my_force + ronin >= top
        win = self.win_value(s, seat)
        allied_top = any(s.allied(p, seat) and s.force(prov, p) >= top for p in s.participants)
        doomed = not can_win and not allied_top
        seppuku = len(mine) * (R.seppuku_vp + 0.3) if doomed else 0.0
        targets = [f for f in s.figures if f.province == prov and f.owner != seat and f.owner in s.participants
                   and R.hostage_allowed[f.kind] and not s.allied(f.owner, seat)]
        hostage = (R.hostage_vp + (win * 0.5 if can_win else 0.0)) if targets else 0.0
        hire = win * (1.0 if my_force < top <= my_force + ronin else 0.5) if ronin and can_win else 0.0
        figs_here = sum(1 for f in s.figures if f.province == prov)
        poets = 0.5 * R.poets_vp * max(0, figs_here - len(mine)) / max(1, len(s.participants) - 1)
        return [seppuku, hostage, hire, poets]

    def bid(self, s: RisingSunWar, seat: int) -> tuple:
        coins = s.coins[seat]
        budget = -(-coins // (1 + self.battles_ahead(s, seat)))  # keep coins for later battles
        values = self.slot_values(s, seat)
        total = sum(values)
        amounts = [0, 0, 0, 0]
        if total > 0 and budget > 0:
            for i, v in enumerate(values):
                amounts[i] = int(budget * v / total)
            spare = budget - sum(amounts)
            order = sorted(range(4), key=lambda i: (-values[i], self.rng.below(4)))
            for i in order:
                if spare <= 0:
                    break
                if values[i] > 0:
                    amounts[i] += 1
                    spare -= 1
        return ("bid",) + tuple(amounts)

    # ------------------------------------------------------------- decisions
    @staticmethod
    def leader(s: RisingSunWar) -> int:
        """The participant that would win on the Force now on the board (hired ronin included)."""
        prov = s.province()
        forces = {p: s.force(prov, p) for p in s.participants}
        best = max(forces.values())
        return s.higher_honor([p for p in forces if forces[p] == best])

    def choose(self, s: RisingSunWar, seat: int) -> tuple:
        moves = s.legal_moves(seat)
        if s.step == BID:
            return self.bid(s, seat)
        if s.step == SEPPUKU:
            # Seppuku when the figures would die anyway: the likely winner is neither this seat nor its ally
            w = self.leader(s)
            return ("decline",) if w == seat or s.allied(w, seat) else ("seppuku",)
        if s.step == HOSTAGE:
            options = [m for m in moves if m[0] == "hostage"]
            best, score = ("decline",), 0.0
            for m in options:
                f = next(x for x in s.figures if x.number == m[1])
                if s.allied(f.owner, seat):
                    continue
                val = f.force + (1 if s.vp[f.owner] else 0) + (1 if f.owner == self.leader(s) else 0)
                if val > score:
                    best, score = m, val
            return best
        if s.step in (RONIN, POETS):
            return moves[0]
        if s.step == REPARATIONS:
            # the odd coins go to an ally first, then to the players with the fewest VP
            def key(m):
                return (-sum(1 for p in m[1:] if s.allied(p, seat)), sum(s.vp[p] for p in m[1:]))
            return min(moves, key=key)
        return self.rng.choice(moves)

