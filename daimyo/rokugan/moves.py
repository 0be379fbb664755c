"""Legal moves, the reasons a move is illegal, and applying moves.

A move is a tuple; its text form is in :mod:`daimyo.rokugan.notation`:

==========================  ======================================================
``("clan", "crab")``         Setup 3: choose a clan
``("objective", id)``        Setup 5: keep one of the two objectives dealt
``("control", p)``           Setup 10: place a starting control token
``("return", code)``         Dragon: return a token to the pool; card choices
``("pass",)``                pass (territory cards, Scorpion, Unicorn)
``("play", card)``           play a territory card
``("play", card, tid)``      play a scout, shugenja or first player card on token #tid
``("place", code, l, a, b)`` place a combat token (location as in :mod:`.board`)
``("look", tid)``            Scorpion: look at a token
``("swap", t1, t2)``         Unicorn: swap two tokens
``("province", p)``, ``("token", tid)``, ``("take", code)``, ``("discard", code)``,
``("player", seat)``, ``("special", p)``, ``("done",)``: choices inside cards
==========================  ======================================================
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from daimyo.core.errors import Reason, reason
from daimyo.core.game import Event, private_event, public_event
from daimyo.rokugan.cards import CARDS
from daimyo.rokugan.data import RULES, Token
from daimyo.rokugan.notation import move_text
from daimyo.rokugan.placement import (
    S_PLACING,
    MoveList,
    board_token_targets,
    hand_codes,
    learn,
    placement_events,
    placement_pieces,
    placement_reason,
    put_token,
    reveal_and_discard,
    unicorn_swappable,
)
from daimyo.rokugan.records import (
    CARD,
    DRAGON_RETURN,
    N_PROVINCES,
    PLACEMENT,
    SCORPION_LOOK,
    SETUP_CLANS,
    SETUP_CONTROL,
    SETUP_OBJECTIVES,
    UNICORN_SWAP,
    UPKEEP,
    AbilityDecision,
    BoardToken,
    CardDecision,
)

if TYPE_CHECKING:
    from daimyo.rokugan.state import RokuganState

START_OF_TURN = ("scout", "shugenja", "first-player")

_SCOUT, _SHUGENJA, _FIRST = ("play", "scout"), ("play", "shugenja"), ("play", "first-player")
_CONTROL = tuple(("control", p) for p in range(N_PROVINCES))



def _start_of_turn_pieces(s: RokuganState, seat: int) -> list:
    """Scout and Shugenja Cards, the First Player card and the Shadowlands cards, as MoveList pieces."""
    pieces: list[tuple[tuple, list[tuple]]] = []
    scouts, shugenja, first = s.scouts[seat] > 0, s.shugenja[seat] > 0, seat == s.first and not s.first_player_card_used
    if (scouts or shugenja or first) and s.tokens:
        tokens = s.tokens
        blessed = {t.site for t in tokens if t.place == "o"}
        # one pass over the board (this runs at every placement turn)
        free, theirs, theirs_facedown = [], [], []
        for t in tokens:
            if t.place == "o" or t.number in blessed:
                continue
            target = (t.number,)
            free.append(target)
            if t.owner != seat:
                theirs.append(target)
                if not t.faceup:
                    theirs_facedown.append(target)
        if scouts:
            pieces.append((_SCOUT, theirs_facedown))
        if shugenja:
            pieces.append((_SHUGENJA, theirs))
        if first:
            pieces.append((_FIRST, free))
    cards = [("play", c) for c in s.cards[seat] if CARDS[c].timing == "placement" and CARDS[c].playable(s, seat)]
    if cards:
        pieces.append(((), cards))
    return pieces


def upkeep_card_moves(s: RokuganState, seat: int) -> list[tuple]:
    return [("play", c) for c in s.cards[seat] if CARDS[c].timing == "upkeep" and CARDS[c].playable(s, seat)]


def legal_moves(s: RokuganState, seat: int | None = None) -> list[tuple] | MoveList:
    acting = s.to_act()
    if seat is None:
        if not acting:
            return []
        seat = acting[0]
    if seat not in acting:
        return []
    if s.pending:
        return frame_moves(s, s.pending[-1])
    ph = s.phase
    if ph == SETUP_CLANS:
        return [("clan", c) for c in s.rules.clan_names if c not in s.clans]
    if ph == SETUP_OBJECTIVES:
        return [("objective", o) for o in s.offer[seat]]
    if ph == SETUP_CONTROL:
        owner = s.owner
        return [_CONTROL[p] for p in range(N_PROVINCES) if owner[p] < 0]
    if ph == UPKEEP:
        return upkeep_card_moves(s, seat) + [("pass",)]
    if ph == PLACEMENT:
        cached = s._targets
        targets = cached if cached is not None and cached.seat == seat else None
        return MoveList(_start_of_turn_pieces(s, seat) + placement_pieces(s, seat, s.hand[seat], targets))
    return []


def frame_moves(s: RokuganState, frame: AbilityDecision | CardDecision) -> list[tuple] | MoveList:
    """The choices of a pending decision."""
    kind, seat = frame.kind, frame.seat
    if kind == DRAGON_RETURN:
        assert isinstance(frame, AbilityDecision)  # Dragon's return is an ability's decision
        # Clans: Dragon returns "one drawn token (never the bluff)": a token kept from the last round stays
        return [("return", c) for c in hand_codes(s, seat) if not frame.tokens or c in frame.tokens]
    if kind == SCORPION_LOOK:
        return [("look", t) for t in board_token_targets(s, seat, "opponent", True)] + [("pass",)]
    if kind == UNICORN_SWAP:
        ts = unicorn_swappable(s, seat)
        return [("swap", a, b) for i, a in enumerate(ts) for b in ts[i + 1:]] + [("pass",)]
    if isinstance(frame, CardDecision):  # kind CARD
        return CARDS[frame.card].options(s, seat, frame.step, frame.memo)
    return []


# -------------------------------------------------------------- reasons
def _expected(moves_: Iterable[tuple], s: RokuganState, seat: int) -> str:
    opts = [move_text(s, seat, m) for m in moves_]
    shown = ", ".join(opts[:12]) + (f", ... ({len(opts)} in all)" if len(opts) > 12 else "")
    return shown or "none"


def explain_illegal(s: RokuganState, seat: int, move: tuple) -> Reason | None:
    """None if ``move`` is legal for ``seat`` now, else (message, rulebook section)."""
    legal = legal_moves(s, seat)
    if move in legal:
        return None
    verb = move[0]
    if s.pending:
        frame = s.pending[-1]
        section = {DRAGON_RETURN: "Clans: Dragon", SCORPION_LOOK: "Clans: Scorpion",
                   UNICORN_SWAP: "Clans: Unicorn"}.get(frame.kind)
        if isinstance(frame, CardDecision):  # kind CARD
            section = f"Territory cards: {s.rules.cards[frame.card]['name']}"
        if any(m[0] == verb for m in legal):
            # the verb is right, its argument is not: name the whole action, and the rule for Dragon's
            if frame.kind == DRAGON_RETURN:
                return reason("rk.not_a_choice_dragon", "'{action}' is not a choice here (Dragon returns a token drawn this upkeep, never the bluff); "
                              "{clan} must choose one of: {options}", section, action=move_text(s, seat, move), clan=s.clan_of(seat),
                              options=_expected(legal, s, seat))
            return reason("rk.not_a_choice", "'{action}' is not a choice here; {clan} must choose one of: {options}", section,
                          action=move_text(s, seat, move), clan=s.clan_of(seat), options=_expected(legal, s, seat))
        return reason("rk.not_a_choice_verb", "'{verb}' is not a choice here; {clan} must choose one of: {options}",
                      section, verb=verb, clan=s.clan_of(seat), options=_expected(legal, s, seat))
    ph = s.phase
    if ph == PLACEMENT and verb == "place":
        code, loc, a, b = move[1], move[2], move[3], move[4]
        kinds = s.rules.clan_tokens[s.clans[seat]]
        toks = [t for t in s.hand[seat] if kinds[t].code == code]
        if not toks:
            have = " ".join(sorted(kinds[t].code for t in s.hand[seat]))
            return reason("rk.no_such_token_behind_screen", "{clan} has no {code} token behind the screen (hand: {hand})",
                          "Placement Phase", clan=s.clan_of(seat), code=code, hand=have)
        r = placement_reason(s, seat, kinds[toks[0]].kind, loc, a, b)
        if r:
            return r
        return reason("rk.placement_illegal", "that placement is not legal", S_PLACING)
    if ph == PLACEMENT and verb == "play":
        card = move[1]
        if card == "scout":
            if s.scouts[seat] <= 0:
                return reason("rk.no_scout_card_left", "you have no scout card left", "Scout and Shugenja Cards")
            return reason("rk.scout_looks_at_one", "a scout looks at one facedown combat token of an opponent that no blessing protects",
                          "Scout and Shugenja Cards")
        if card == "shugenja":
            if s.shugenja[seat] <= 0:
                return reason("rk.no_shugenja_card_left", "you have no shugenja card left", "Scout and Shugenja Cards")
            return reason("rk.shugenja_discards_one_combat", "a shugenja discards one combat token of an opponent that no blessing protects",
                          "Scout and Shugenja Cards")
        if card == "first-player":
            if seat != s.first or s.first_player_card_used:
                return reason("rk.only_first_player_may", "only the first player may play the first player card, once a round (never with two "
                              "players)", "Upkeep Phase 1. Determine First Player")
            return reason("rk.first_player_card_targets", "the first player card targets a combat token that no blessing protects",
                          "Upkeep Phase 1. Determine First Player")
        if card not in s.cards[seat]:
            return reason("rk.territory_card_not_held", "{clan} does not hold the territory card '{card}'",
                          "Playing Territory Cards", clan=s.clan_of(seat), card=card)
        if card in s.rules.cards and s.rules.cards[card]["timing"] != "placement":
            return reason("rk.upkeep_card_not_in_placement", "'{card}' is played in the upkeep phase, not the placement phase",
                          "Playing Territory Cards", card=card)
        return reason("rk.cannot_played_nothing_could", "'{card}' cannot be played now: nothing it could affect",
                      "Playing Territory Cards", card=card)
    if ph == UPKEEP and verb == "play":
        card = move[1]
        if card in START_OF_TURN:
            return reason("rk.card_played_at_start", "the {card} card is played at the start of a turn in the placement phase, not in upkeep",
                          "Scout and Shugenja Cards", card=card)
        if card not in s.cards[seat]:
            return reason("rk.territory_card_not_held", "{clan} does not hold the territory card '{card}'",
                          "Upkeep Phase 3. Play Territory Cards", clan=s.clan_of(seat), card=card)
        if s.rules.cards.get(card, {}).get("timing") == "placement":
            return reason("rk.shadowlands_cards_are_played", "Shadowlands cards are played at the start of a turn in the placement phase",
                          "The Shadowlands")
        return reason("rk.cannot_played_nothing_could", "'{card}' cannot be played now: nothing it could affect",
                      "Upkeep Phase 3. Play Territory Cards", card=card)
    if ph == SETUP_CONTROL and verb == "control":
        return reason("rk.already_contains_control_token", "{province} already contains a control token",
                      "Setup 10. Place Starting Control Tokens", province=RULES.province_names[move[1]])
    if ph == SETUP_OBJECTIVES and verb == "objective":
        return reason("rk.objective_not_dealt", "{clan} was not dealt that objective; choose one of: {options}",
                      "Setup 5. Distribute Secret Objectives", clan=s.clan_of(seat), options=_expected(legal, s, seat))
    if ph == SETUP_CLANS and verb == "clan":
        return reason("rk.clan_taken_unknown_choose", "clan '{clan}' is taken or unknown; choose one of: {options}",
                      "Setup 3. Choose Clans", clan=move[1], options=_expected(legal, s, seat))
    section = {SETUP_CLANS: "Setup 3. Choose Clans", SETUP_OBJECTIVES: "Setup 5. Distribute Secret Objectives",
               SETUP_CONTROL: "Setup 10. Place Starting Control Tokens", UPKEEP: "Upkeep Phase 3. Play Territory Cards",
               PLACEMENT: "Placement Phase"}.get(ph, "Playing the Game")
    return reason("rk.not_a_phase_action", "'{verb}' is not an action of the {phase} phase; legal now: {options}",
                  section, verb=verb, phase=ph, options=_expected(legal, s, seat))


# ---------------------------------------------------------------- apply
def _take_from(lst: list[int], seat_kinds: Sequence[Token], code: str) -> int:
    for i, t in enumerate(lst):
        if seat_kinds[t].code == code:
            return lst.pop(i)
    raise ValueError(code)


def do_move(s: RokuganState, seat: int, move: tuple) -> list[Event]:
    verb = move[0]
    clan = s.clan_of(seat)
    if s.pending:
        return _do_frame(s, seat, move)
    ph = s.phase
    if ph == SETUP_CLANS:
        s.clans[seat] = move[1]
        events = [public_event("clan", seat=seat, clan=move[1])]
        if seat + 1 < s.n:
            s.turn = seat + 1
        else:
            s._setup_after_clans()
        return events
    if ph == SETUP_OBJECTIVES:
        s.objective[seat] = move[1]
        return [public_event("objective-kept", clan=clan), private_event(seat, "objective", clan=clan, objective=move[1])]
    if ph == SETUP_CONTROL:
        p = move[1]
        s.set_aside[seat] -= 1
        s.supply[seat] += 1  # the set-aside token is the one placed
        s._add_control(seat, p, down=1)
        s.turn = (seat + 1) % s.n
        return [public_event("control", clan=clan, province=RULES.province_names[p])]
    if ph == UPKEEP:
        s.turn = (seat + 1) % s.n
        if verb == "pass":
            s.passes += 1
            return [public_event("pass", clan=clan)]
        s.passes = 0
        return play_territory_card(s, seat, move[1])
    if ph == PLACEMENT:
        if verb == "place":
            kinds = s.rules.clan_tokens[s.clans[seat]]
            tok = _take_from(s.hand[seat], kinds, move[1])
            t = put_token(s, seat, tok, move[2], move[3], move[4], kinds[tok].kind == "blessing")
            events = placement_events(s, seat, t)
            s.turn = (seat + 1) % s.n
            if s.clans[seat] == "scorpion" and not s.scorpion_used and board_token_targets(s, seat, "opponent", True):
                s.pending.append(AbilityDecision(SCORPION_LOOK, seat))
            return events
        if verb == "play":
            card = move[1]
            if card in START_OF_TURN:
                t = s.token(move[2])
                if card == "scout":
                    s.scouts[seat] -= 1
                    return [public_event("play", clan=clan, card="scout")] + learn(s, seat, t, "scout")
                if card == "shugenja":
                    s.shugenja[seat] -= 1
                    return [public_event("play", clan=clan, card="shugenja")] + reveal_and_discard(s, t, "shugenja")
                s.first_player_card_used = True
                events = [public_event("play", clan=clan, card="first-player")] + learn(s, seat, t, "first-player")
                t = s.token(t.number)
                s.tokens.remove(t)
                s.pool[t.owner].append(t.clan_token)
                events.append(public_event("return-to-pool", token=t.number, owner=s.clan_of(t.owner)))
                return events
            return play_territory_card(s, seat, card)
    raise AssertionError(f"unhandled move {move} in phase {ph}")


def play_territory_card(s: RokuganState, seat: int, card: str) -> list[Event]:
    """Playing Territory Cards: read and resolve the card, then it leaves the game."""
    s.cards[seat].remove(card)
    s.played.append(card)
    s.pending.append(CardDecision(CARD, seat, card, 0, ()))
    return [public_event("play", clan=s.clan_of(seat), card=card)]


def _do_frame(s: RokuganState, seat: int, move: tuple) -> list[Event]:
    frame = s.pending.pop()
    kind = frame.kind
    clan = s.clan_of(seat)
    if kind == DRAGON_RETURN:
        kinds = s.rules.clan_tokens[s.clans[seat]]
        tok = _take_from(s.hand[seat], kinds, move[1])
        s.pool[seat].append(tok)
        return [public_event("return-to-pool", clan=clan, count=1), private_event(seat, "returned", clan=clan, code=move[1])]
    if kind == SCORPION_LOOK:
        if move[0] == "pass":
            return [public_event("pass", clan=clan, ability="scorpion")]
        s.scorpion_used = True
        return learn(s, seat, s.token(move[1]), "scorpion")
    if kind == UNICORN_SWAP:
        if move[0] == "pass":
            return [public_event("pass", clan=clan, ability="unicorn")]
        t1, t2 = s.token(move[1]), s.token(move[2])
        i1, i2 = s.tokens.index(t1), s.tokens.index(t2)
        s.tokens[i1] = BoardToken(t1.number, t1.owner, t1.clan_token, t2.place, t2.site, t2.attacked, t1.faceup, t1.known_by)
        s.tokens[i2] = BoardToken(t2.number, t2.owner, t2.clan_token, t1.place, t1.site, t1.attacked, t2.faceup, t2.known_by)
        return [public_event("swap", clan=clan, tokens=[t1.number, t2.number])]
    if isinstance(frame, CardDecision):  # kind CARD
        card, step, memo = frame.card, frame.step, frame.memo
        eff = CARDS[card]
        nxt, memo, events = eff.choose(s, seat, step, memo, move)
        while nxt is not None and not eff.options(s, seat, nxt, memo):
            nxt = eff.skip(s, seat, nxt, memo)
        if nxt is None:
            events.extend(eff.finish(s, seat, memo))
        else:
            s.pending.append(CardDecision(CARD, seat, card, nxt, memo))
        return events
    raise AssertionError(f"unknown frame {frame}")
