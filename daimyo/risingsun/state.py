"""The War Phase of Rising Sun as a pure state machine.

Section names in docstrings and messages are those of the seed's "War Phase" page and of
``shared/reference/risingsun.md`` ("A battle 3. Reveal", "Honor", "Clans in war", ...).

A figure on the board is a :class:`Figure` record (number, province, owner seat, kind, force). Internal
moves are tuples such as ``("bid", 1, 0, 2, 0)`` (coins on Seppuku, Take Hostage, Hire Ronin,
Imperial Poets); the public interface speaks text actions (``bid 1 0 2 0``) through
:mod:`daimyo.risingsun.notation`.

The flow: Start of War (Koi's ronin become coins), then each province in War Number order
(:mod:`.war`); a battle is a simultaneous bidding node followed by one decision node for each
slot won whose effect can be used (the winner may decline), the outcome, Imperial Poets and
the reparations (the winner chooses who gets the odd coins). Scoring is in :mod:`.scoring`.
"""

from __future__ import annotations

from collections.abc import Iterable

from daimyo.core.errors import RuleViolation, violation
from daimyo.core.game import Action, Event, GameState, private_event
from daimyo.core.rng import GameKey
from daimyo.risingsun import war
from daimyo.risingsun.data import RULES as R
from daimyo.risingsun.notation import move_text, parse_move
from daimyo.risingsun.records import (  # noqa: F401  (the names older callers import from here)
    BID,
    HOSTAGE,
    OUTCOME,
    OVER,
    POETS,
    REPARATIONS,
    RONIN,
    SEC_BATTLE,
    SEC_BIDS,
    SEC_REPARATIONS,
    SEC_REVEAL,
    SEPPUKU,
    SLOT_INDEX,
    SLOT_STEP,
    STEP_NAMES,
    STEP_SLOT,
    WAR,
    Figure,
    Phase,
)
from daimyo.risingsun.views import View, view

pev = private_event


class RisingSunWar(GameState):
    """One season's War Phase. Build it from a war file (:func:`daimyo.risingsun.position.from_text`)."""

    game_name = "risingsun"
    rules_version = "1"

    # Every field, declared once (``blank`` sets each, ``clone`` copies each). A seat is 0 to n-1 in table order;
    # a figure is ``(number, province, owner seat, kind, force)``.
    n: int                                  # the number of players
    clans: list[str]                        # each seat's clan
    season: str                             # the season of this War Phase
    honor: list[int]                        # the seats from the highest Honor down
    ally: list[int]                         # each seat's ally, -1 for none
    coins: list[int]
    ronin: list[int]
    vp: list[int]
    tokens: list[list[tuple[str, str]]]     # each seat's war tokens: (province, season)
    wars: list[str]                         # the provinces at war, in War Number order
    at: int                                 # the index in ``wars`` of the war being resolved
    figures: list[Figure]                    # the figures on the board
    strongholds: dict[str, list[int]]       # province -> the seats with a stronghold there
    killed: list[Figure]                     # the figures killed this War Phase
    captured: list[list[Figure]]             # each seat's hostages
    discarded: int
    koi_converted: int
    phase: Phase                            # WAR or OVER
    step: int | None                        # the battle step, None outside a battle
    participants: tuple[int, ...]           # the seats in the battle, by Honor
    bids: dict[int, tuple[int, ...]]        # seat -> its coins on each slot
    slot_winner: dict[str, int | None]      # slot -> the seat that won it, None if nobody bid on it
    hired: dict[int, int]                   # seat -> ronin hired
    battle_killed: int
    winner: int | None                      # the battle's winner
    shown: list[bool]
    history: list[dict]                     # each war's outcome, in order
    result: dict | None
    started: bool
    seed: int | GameKey

    __slots__ = tuple(__annotations__)

    # ------------------------------------------------------------- building
    @classmethod
    def blank(cls, clans: list[str], season: str) -> RisingSunWar:
        s = cls.__new__(cls)
        n = len(clans)
        s.n = n
        s.clans = list(clans)
        s.season = season
        s.honor = list(range(n))
        s.ally = [-1] * n
        s.coins = [0] * n
        s.ronin = [0] * n
        s.vp = [0] * n
        s.tokens = [[] for _ in range(n)]
        s.wars = []
        s.at = 0
        s.figures = []
        s.strongholds = {}
        s.killed = []
        s.captured = [[] for _ in range(n)]
        s.discarded = 0
        s.koi_converted = 0
        s.phase = WAR
        s.step = None
        s.participants = ()
        s.bids = {}
        s.slot_winner = {}
        s.hired = {}
        s.battle_killed = 0
        s.winner = None
        s.shown = [False] * n
        s.history = []
        s.result = None
        s.started = False
        s.seed = 0
        return s

    def start(self) -> list[Event]:
        """Start of War, then resolve wars until the first decision (called once, by the war file reader)."""
        if self.started:
            return []
        self.started = True
        events = war.start_of_war(self)
        events.extend(war.advance(self))
        return events

    # -------------------------------------------------------------- helpers
    def seat_of(self, clan: str) -> int:
        if clan not in self.clans:
            raise violation("rs.no_player_plays_clan", "no player plays {clan} in this war", "War Phase", clan=clan)
        return self.clans.index(clan)

    def clan_of(self, seat: int) -> str:
        return self.clans[seat]

    def honor_rank(self, seat: int) -> int:
        """0 for the highest Honor (reference "Honor": a strict ranking)."""
        return self.honor.index(seat)

    def higher_honor(self, seats: Iterable[int]) -> int:
        """The seat with the highest Honor among ``seats`` (every tie goes to the higher Honor)."""
        return min(seats, key=self.honor.index)

    def allied(self, a: int, b: int) -> bool:
        return a != b and self.ally[a] == b

    def province(self) -> str | None:
        return self.wars[self.at] if self.phase == WAR and self.at < len(self.wars) else None

    def figures_in(self, province: str | None, owner: int | None = None) -> list[Figure]:
        return [f for f in self.figures if f.province == province and (owner is None or f.owner == owner)]

    def stronghold_force(self, province: str | None, seat: int) -> int:
        """Turtle: each of its strongholds counts 1 Force where it stands (reference "Clans in war")."""
        if province is None or not R.has(self.clans[seat], "strongholds-force"):
            return 0
        return R.stronghold_force * self.strongholds.get(province, []).count(seat)

    def force(self, province: str | None, seat: int) -> int:
        """Force in a province: its figures, Turtle strongholds and, in a battle, the ronin it hired."""
        total = sum(f.force for f in self.figures if f.province == province and f.owner == seat)
        total += self.stronghold_force(province, seat)
        if province == self.province():
            total += self.hired.get(seat, 0)
        return total

    def ronin_count(self, seat: int) -> int:
        """Ronin for Hire Ronin: tokens held, or for Koi the coins in its reserve (not those bid)."""
        if R.has(self.clans[seat], "coins-as-ronin"):
            return self.coins[seat]
        return self.ronin[seat]

    def decider(self) -> int | None:
        """The seat that must decide at a one-seat node (a slot's effect, the odd coins)."""
        if self.phase != WAR or self.step in (None, BID, OUTCOME):
            return None
        if self.step == REPARATIONS:
            return self.winner
        return self.slot_winner.get(STEP_SLOT[self.step])

    # ------------------------------------------------------------ interface
    def to_act(self) -> tuple[int, ...]:
        if self.phase != WAR or self.step is None:
            return ()
        if self.step == BID:
            return tuple(p for p in self.participants if p not in self.bids)
        d = self.decider()
        return () if d is None else (d,)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        """1 for the winner (most VP after war-token scoring, a tie to the higher Honor), 0 for the others."""
        if self.result is None:
            return [0.0] * self.n
        w = self.seat_of(self.result["winner"])
        return [1.0 if p == w else 0.0 for p in range(self.n)]

    def legal_moves(self, seat: int | None = None) -> list[tuple]:
        acting = self.to_act()
        seats = acting if seat is None else ((seat,) if seat in acting else ())
        out = []
        for p in seats:
            out.extend(war.legal_moves(self, p))
        return out

    def legal_actions(self, player: int | None = None) -> list[Action]:
        acting = self.to_act()
        seats = acting if player is None else ((player,) if player in acting else ())
        return [Action(p, move_text(self, m)) for p in seats for m in war.legal_moves(self, p)]

    def apply(self, action: Action) -> list[Event]:
        """Check ``action`` against the rules and apply it. An illegal action raises RuleViolation; nothing changes."""
        seat, text = action
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.n:
            raise violation("rs.no_such_seat", "there is no player seat {seat} in this {n}-player war",
                            "War Phase", seat=repr(seat), n=self.n)
        if seat not in self.to_act():
            raise self._not_your_turn(seat)
        move = parse_move(self, text)
        reason = war.explain_illegal(self, seat, move)
        if reason:
            raise RuleViolation(*reason)
        return self.apply_move(seat, move)

    def _not_your_turn(self, seat: int) -> RuleViolation:
        if self.phase == OVER:
            return violation("rs.war_over", "the War Phase is over", "War Phase")
        if self.step == BID and seat in self.bids:
            return violation("rs.already_bid", "{clan} has already placed its bid in {province}", "War Phase", clan=self.clans[seat],
                             province=self.province())
        if self.step == BID and seat not in self.participants:
            return violation("rs.no_part", "{clan} takes no part in the battle of {province}", "War Phase", clan=self.clans[seat],
                             province=self.province())
        who = ", ".join(self.clans[p] for p in self.to_act())
        return violation("rs.not_your_turn", "it is not {clan}'s turn to act; waiting for {who}", "War Phase", clan=self.clans[seat], who=who)

    def apply_move(self, seat: int, move: tuple) -> list[Event]:
        """Apply a move already known to be legal (as listed by :meth:`legal_moves`)."""
        events = war.do_move(self, seat, move)
        events.extend(war.advance(self))
        return events

    def clone(self) -> RisingSunWar:
        c = RisingSunWar.__new__(RisingSunWar)
        c.n = self.n
        c.clans = self.clans[:]
        c.season = self.season
        c.honor = self.honor[:]
        c.ally = self.ally[:]
        c.coins = self.coins[:]
        c.ronin = self.ronin[:]
        c.vp = self.vp[:]
        c.tokens = [t[:] for t in self.tokens]
        c.wars = self.wars[:]
        c.at = self.at
        c.figures = self.figures[:]
        c.strongholds = {k: v[:] for k, v in self.strongholds.items()}
        c.killed = self.killed[:]
        c.captured = [x[:] for x in self.captured]
        c.discarded = self.discarded
        c.koi_converted = self.koi_converted
        c.phase = self.phase
        c.step = self.step
        c.participants = self.participants
        c.bids = dict(self.bids)
        c.slot_winner = dict(self.slot_winner)
        c.hired = dict(self.hired)
        c.battle_killed = self.battle_killed
        c.winner = self.winner
        c.shown = self.shown[:]
        c.history = [dict(h) for h in self.history]
        c.result = self.result
        c.started = self.started
        c.seed = self.seed
        return c

    __copy__ = clone

    def view(self, player: int | None) -> View:
        return view(self, player)
