"""The position format's second reading: a position states a moment the rules can reach.

:func:`daimyo.rokugan.position.from_position` reads each line on its own; :func:`check_position` then
refuses what the components or the rules make impossible as a whole (docs/rokugan-positions.md,
"Impossible positions"), naming the line and field of the fact at fault. Each check names the
rulebook section (or the reference's row) it comes from.

Some facts that would break a rule at placement are still reachable, because a card played during
the round changed the board after the token was placed: a Shadowlands card removes one of its
player's control tokens (Dark Favors, Animate the Dead, Inspire Fear), Inspire Fear removes special
tokens (the harbor among them), Cultural Exchange and Pirate Raids take control away in upkeep, and Bless the
Lands gives a scorched province of a territory to another player.
Those facts are accepted when such a card has been played; the others are refused.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from daimyo.core.errors import FormatError
from daimyo.rokugan.board import loc_text, source_of_border
from daimyo.rokugan.cards import CARDS, PutSpecial, PutSpecialMany
from daimyo.rokugan.data import RULES
from daimyo.rokugan.placement import placement_reason
from daimyo.rokugan.records import (
    CARD,
    DRAGON_RETURN,
    HARBOR,
    OVER,
    PLACEMENT,
    SCORCHED,
    SETUP_CLANS,
    SETUP_CONTROL,
    SETUP_OBJECTIVES,
    UPKEEP,
    AbilityDecision,
    BoardToken,
    CardDecision,
)
from daimyo.rokugan.scoring import territory_controller

if TYPE_CHECKING:
    from daimyo.rokugan.state import RokuganState

SETUP = (SETUP_CLANS, SETUP_OBJECTIVES, SETUP_CONTROL)
# cards that take a player's control of a province (or of a territory: Bless the Lands gives a scorched province of
# it to another player) away after its placements were legal or its territory card was claimed
LOSE_CONTROL = ("dark-favors", "animate-the-dead", "inspire-fear", "cultural-exchange", "pirate-raids", "bless-the-lands")
# special tokens a card puts only in a landlocked province, or only outside the Shadowlands (cards.py)
LANDLOCKED_ONLY = (HARBOR,)
# cards that take tokens into the hand (two; Reinforcements its rules' `armies`), then give them back
TAKE_TWO = ("promotion", "reinforcements")
NOT_IN_SHADOWLANDS = ("honor_1", "honor_2", "honor_4", "defense_1", "defense_2")
# the special tokens only a territory card puts on the board (harbor, shrine, battlefield, honor and defense bonus
# tokens), and the card that does; peace and scorched earth also come from diplomacy and raids
PLACED_BY_CARD = {card.token: cid for cid, card in CARDS.items() if isinstance(card, (PutSpecial, PutSpecialMany))}
# cards that can give a player a whole territory in upkeep, after Claim Territories: Bless the Lands puts its player's
# control tokens in a scorched province, Cultural Exchange swaps two provinces, Pirate Raids scorches a province
GAIN_TERRITORY = ("bless-the-lands", "cultural-exchange", "pirate-raids")


class _Where:
    """The line of each fact of the file (``line 7 (province)``); for a fact the file leaves to its default, the line
    of the file it belongs to and that no line gives it (:func:`not_given`)."""

    def __init__(self, where_of: dict):
        self.where_of = where_of

    def __call__(self, key: str, sub: str | None = None) -> str:
        return self.where_of.get((key, sub)) or not_given(self.where_of, key, sub)

    def given(self, key: str, sub: str | None = None) -> bool:
        return (key, sub) in self.where_of


def not_given(where_of: dict, key: str, sub: str | None = None) -> str:
    """Where a fact the file does not give is at fault: the line that names the clan (``players:``) for a clan's fact,
    the ``format:`` line for a fact of the game, and that the fact's own line is missing:
    ``line 3 (players): no 'hand crab:' line``."""
    anchor = where_of.get(("players", None) if sub else ("format", None)) or where_of.get(("players", None), "players")
    return f"{anchor}: no '{key} {sub}:' line" if sub else f"{anchor}: no '{key}:' line"


def _fail(where: str, message: str, section: str) -> None:
    raise FormatError(f"{where}: {message} [{section}]")


def check_position(s: RokuganState, where_of: dict) -> None:
    """Refuse a position no game can reach (FormatError naming the line and field)."""
    at = _Where(where_of)
    _check_phase(s, at)
    _check_counts(s, at)
    _check_provinces(s, at)
    _check_before_resolution(s, at)
    _check_objectives(s, at)
    _check_initiative(s, at)
    _check_cards(s, at)
    _check_hands(s, at)
    _check_tokens(s, at)
    _check_pending(s, at)


# ------------------------------------------------------------------ phase and round
def _check_phase(s: RokuganState, at: _Where) -> None:
    if s.phase == SETUP_CLANS:
        _fail(at("phase"), "a position names every clan on its 'players:' line, so the clan choice is over; "
              "write the phase that follows (setup-objectives, setup-control, upkeep, placement, over)", "Setup 3. Choose Clans")
    if s.phase in SETUP:
        if not at.given("round"):
            s.round = 0  # the round track starts at the next phase
        if s.round != 0:
            _fail(at("round"), f"the round track is not used before the first round: round 0 in {s.phase}, not {s.round}",
                  "Setup 11. Place Round Track")
    elif s.phase == OVER:
        if s.round != s.rules.rounds:
            _fail(at("round"), f"the game ends after round {s.rules.rounds}, not {s.round}", "Game End")
    elif not 1 <= s.round <= s.rules.rounds:
        _fail(at("round"), f"the {s.phase} phase is in rounds 1 to {s.rules.rounds}, not {s.round}", "Round Track")


# ------------------------------------------------------------------ numbers of components
def _check_counts(s: RokuganState, at: _Where) -> None:
    n = s.n
    for q, clan in enumerate(s.clans):
        for key, value, most, section in (
                ("scouts", s.scouts[q], s.rules.scouts, "Setup 4. Take Scout and Shugenja Cards"),
                ("shugenja", s.shugenja[q], s.rules.shugenja, "Setup 4. Take Scout and Shugenja Cards"),
                ("set-aside", s.set_aside[q], s.rules.starting_control[n], "Setup 7. Set Aside Starting Control Tokens")):
            if not 0 <= value <= most:
                _fail(at(key, clan), f"{clan} has {value}: each player has 0 to {most}", section)
        if s.set_aside[q] and s.phase != SETUP_CONTROL:
            _fail(at("set-aside", clan), f"control tokens are set aside only until they are placed in setup-control, "
                  f"not in {s.phase}", "Setup 10. Place Starting Control Tokens")
    if not 0 <= s.passes <= n:
        _fail(at("passes"), f"{s.passes} consecutive passes in a {n}-player game (0 to {n})", "Upkeep Phase 3. Play Territory Cards")
    if s.phase == UPKEEP and s.passes >= n and not s.pending:
        _fail(at("passes"), "every player has passed: the upkeep phase is over", "Upkeep Phase 3. Play Territory Cards")
    if s.next_id < 1:
        _fail(at("next-token"), f"combat tokens are numbered from #1, not {s.next_id}", "Placing Combat Tokens")


# ------------------------------------------------------------------ provinces and special tokens
def _check_provinces(s: RokuganState, at: _Where) -> None:
    for p, sp in enumerate(s.special):
        name = RULES.province_names[p]
        if sp in LANDLOCKED_ONLY and RULES.coastal[p]:
            _fail(at("province", name), f"the {sp} token goes in a landlocked province; {name} is coastal",
                  "Territory cards: Feats of Engineering")
        if sp in NOT_IN_SHADOWLANDS and RULES.shadowlands[p]:
            _fail(at("province", name), f"the {sp} token goes in a non-Shadowlands province; {name} is in the Shadowlands",
                  "Special Tokens")
        if sp in PLACED_BY_CARD and PLACED_BY_CARD[sp] not in s.played:
            card = s.rules.cards[PLACED_BY_CARD[sp]]["name"]
            _fail(at("province", name), f"special={sp}: only {card} puts the {sp} token on the board, and it is not among "
                  "the played cards ('played:')", f"Territory cards: {card}")
    if s.phase in (SETUP_OBJECTIVES,) and any(o >= 0 for o in s.owner):
        p = next(p for p, o in enumerate(s.owner) if o >= 0)
        _fail(at("province", RULES.province_names[p]), "no control token is on the board before Setup 6",
              "Setup 6. Place Capital Control Tokens")


# ------------------------------------------------------------------ before the first resolution
def _check_before_resolution(s: RokuganState, at: _Where) -> None:
    """Until the first resolution phase only setup has put control tokens on the board (one facedown a province),
    no special token is on the board (raids and diplomacy put them in resolution, cards from round 2), and a discard
    pile holds only what opponents' shugenja cards removed."""
    if not (s.phase in SETUP or (s.phase in (UPKEEP, PLACEMENT) and s.round == 1)):
        return
    for p, name in enumerate(RULES.province_names):
        if s.owner[p] >= 0 and (s.up[p] or s.down[p] != 1):
            _fail(at("province", name), f"up={s.up[p]} down={s.down[p]}: before the first resolution a province holds the "
                  "one facedown control token setup placed (faceup tokens come from successful defenses and cards)",
                  "Setup 10. Place Starting Control Tokens")
        if s.special[p] is not None:
            _fail(at("province", name), f"special={s.special[p]}: no special token is on the board before the first "
                  "resolution (raids and diplomacy place them there, territory cards from round 2)", "Special Tokens")
    for q, clan in enumerate(s.clans):
        shugenja = sum(s.rules.shugenja - s.shugenja[o] for o in range(s.n) if o != q)
        if len(s.discard[q]) > (shugenja if s.phase == PLACEMENT else 0):
            _fail(at("discard", clan), f"{len(s.discard[q])} tokens in {clan}'s discard pile before the first resolution; "
                  f"only the opponents' shugenja cards discard a token then ({shugenja} played)", "Scout and Shugenja Cards")


# ------------------------------------------------------------------ secret objectives
def _check_objectives(s: RokuganState, at: _Where) -> None:
    dealt: dict[str, str | None] = {}
    kept: dict[str, str | None] = {}
    for q, clan in enumerate(s.clans):
        offer = s.offer[q]
        if offer and len(offer) != s.rules.objectives_dealt:
            _fail(at("offer", clan), f"each player is dealt {s.rules.objectives_dealt} secret objectives, not {len(offer)}",
                  "Setup 5. Distribute Secret Objectives")
        for o in offer:
            if o in dealt:
                _fail(at("offer", clan), f"'{o}' is dealt to {dealt[o]} too; there is one card of each objective",
                      "Setup 5. Distribute Secret Objectives")
            dealt[o] = clan
        o = s.objective[q]
        if o is None:
            continue
        if offer and o not in offer:
            _fail(at("objective", clan), f"{clan} keeps '{o}' but was dealt {' and '.join(offer)}", "Setup 5. Distribute Secret Objectives")
        if o in kept:
            _fail(at("objective", clan), f"'{o}' is held by {kept[o]} too; there is one card of each objective",
                  "Setup 5. Distribute Secret Objectives")
        kept[o] = clan


# ------------------------------------------------------------------ initiative deck
def _check_initiative(s: RokuganState, at: _Where) -> None:
    deck = s.initiative
    twice = [c for c, k in Counter(deck).items() if k > 1]
    if twice:
        _fail(at("initiative"), f"'{twice[0]}' is in the deck {deck.count(twice[0])} times; there is one card of each",
              "Setup 8. Determine First Player")
    neutral = [c for c in deck if c in s.rules.neutral_cards]
    if neutral and s.n == 5:
        _fail(at("initiative"), f"'{neutral[0]}' is a neutral initiative card; a five-player game uses none",
              "Setup 9. Complete Initiative Deck")
    first = s.clans[s.first]
    if first in deck and (s.phase == SETUP_CONTROL or (s.phase in (UPKEEP, PLACEMENT) and s.round == 1)):
        _fail(at("initiative"), f"'{first}' named the first player ({first}) at setup and went back to the box; the "
              f"round-1 deck holds the other clans' cards", "Setup 8. Determine First Player")
    most = 0 if s.phase in (SETUP_CLANS, SETUP_OBJECTIVES) else s.rules.initiative_deck_size - max(0, s.round - 1)
    if len(deck) > most:
        _fail(at("initiative"), f"{len(deck)} cards: the deck holds {s.rules.initiative_deck_size} after Setup 9 and loses "
              f"one each round from round 2 ({most} now)", "Upkeep Phase 1. Determine First Player")


# ------------------------------------------------------------------ territory cards
def _check_cards(s: RokuganState, at: _Where) -> None:
    early = s.phase in SETUP or (s.round <= 1 and s.phase != OVER)
    if early and s.played:
        _fail(at("played"), "no territory card is played before round 2: cards are claimed at the end of round 1",
              "Upkeep Phase 3. Play Territory Cards (Ignore During First Round)")
    lost = any(c in s.played for c in LOSE_CONTROL)
    claimed = s.phase == OVER or (s.phase in (UPKEEP, PLACEMENT) and s.round >= 2)
    if claimed and not any(c in s.played for c in GAIN_TERRITORY):
        # after Claim Territories the player who controls a whole territory holds its card, unless it was played
        for t, name in enumerate(RULES.territory_names):
            ctrl = territory_controller(s, t)
            if ctrl is not None and s.space[t] is not None:
                clan = s.clans[ctrl]
                lines = sorted((at("province", RULES.province_names[p]) for p in RULES.territory_provinces[t]
                                if s.owner[p] == ctrl), key=lambda w: int(w.split()[1]) if w.startswith("line ") else 0)
                _fail(lines[-1], f"{clan} controls the whole {name} territory but its card '{s.space[t]}' is still "
                      "on the board's space (and no card that gives control in upkeep was played)",
                      "Resolution Phase 6. Claim Territories")
    for q, clan in enumerate(s.clans):
        if early and s.cards[q]:
            _fail(at("cards", clan), "no territory card is held before round 2: cards are claimed at the end of round 1",
                  "Resolution Phase 6. Claim Territories")
        for c in s.cards[q]:
            t = RULES.territory_index[s.rules.cards[c]["territory"]]
            if territory_controller(s, t) != q and not lost:
                _fail(at("cards", clan), f"{clan} holds '{c}' without controlling the {RULES.territory_names[t]} territory "
                      "(and no card that takes control away was played)", "Resolution Phase 6. Claim Territories")


# ------------------------------------------------------------------ tokens behind the screens
def _check_hands(s: RokuganState, at: _Where) -> None:
    for q, clan in enumerate(s.clans):
        # Dragon holds its extra token until it returns one; Promotion and Reinforcements take two tokens into the
        # hand before giving two back
        most = s.rules.hand_size + (1 if any(d.kind == DRAGON_RETURN and d.seat == q for d in s.pending) else 0)
        most += max((s.rules.card_number(d.card, "armies", 2) for d in s.pending
                     if isinstance(d, CardDecision) and d.seat == q and d.card in TAKE_TWO), default=0)
        if len(s.hand[q]) > most:
            _fail(at("hand", clan), f"{clan} has {len(s.hand[q])} combat tokens behind its screen; a hand is at most {most}",
                  "Upkeep Phase 2. Draw Combat Tokens")
        if s.phase in SETUP and (set(s.hand[q]) != {s.rules.bluff_index} or s.discard[q] or s.out[q]):
            key = "hand" if set(s.hand[q]) != {s.rules.bluff_index} else ("discard" if s.discard[q] else "out")
            _fail(at(key, clan), "during setup only the bluff is behind the screen and every other token is in the pool",
                  "Setup 3. Choose Clans")
        if s.out[q] and s.phase not in (PLACEMENT, OVER):
            _fail(at("out", clan), "a bluff discarded by Purge the Weak comes back at the next upkeep",
                  "Territory cards: Purge the Weak")


# ------------------------------------------------------------------ combat tokens on the board
def _check_tokens(s: RokuganState, at: _Where) -> None:
    if not s.tokens:
        return
    if s.phase != PLACEMENT:
        t = s.tokens[0]
        _fail(at("token", f"#{t.number}"), f"combat tokens stand on the board only during placement, not in {s.phase}",
              "Resolution Phase")
    if max(t.number for t in s.tokens) >= s.next_id:
        _fail(at("next-token"), f"the next token placed gets a number after every token on the board, not {s.next_id}",
              "Placing Combat Tokens")
    borders: dict[tuple, int] = {}
    for t in s.tokens:
        where = at("token", f"#{t.number}")
        if t.place in ("l", "s"):
            border = (t.place, t.site)
            if border in borders:
                _fail(where, f"token #{borders[border]} already stands on that border", "Placing Combat Tokens")
            borders[border] = t.number
        reason = _placement_reason(s, t)
        if reason:
            _fail(where, f"{loc_text(t.place, t.site, t.attacked)}: {reason[0]}", reason[1])


def _placement_reason(s: RokuganState, t: BoardToken) -> tuple | None:
    """Why token ``t`` cannot stand where it is, or None: the placement rules, less what a card played since
    could have changed (a control token removed, the harbor removed)."""
    kind = s.kind_of(t.owner, t.clan_token).kind
    if kind == "blessing":
        return placement_reason(s, t.owner, kind, t.place, t.site, t.attacked)
    if t.faceup and "animate-the-dead" not in s.played:
        return ("combat tokens are placed facedown (only Animate the Dead puts one faceup)", "Placing Combat Tokens")
    if kind == "bluff" and s.spied[t.owner]:
        return ("Spy Network: this player cannot place its bluff this round", "Territory cards: Spy Network")
    reason = placement_reason(s, t.owner, kind, t.place, t.site, t.attacked, reveal=True)
    if reason is None:
        return None
    changed: list[tuple[list[Any], int, Any]] = []  # (a field of the state, an index, the value it may have had)
    if any(c in s.played for c in LOSE_CONTROL):
        # its owner may have controlled the province it defends (or attacks from) when the token was placed
        p = source_of_border(t.site, t.attacked) if t.place == "l" else t.site if t.place == "c" else -1
        if p >= 0 and s.owner[p] < 0 and s.special[p] != SCORCHED:
            changed.append((s.owner, p, t.owner))
    if "inspire-fear" in s.played and HARBOR not in s.special and t.place in ("s", "c") and s.special[t.site] is None:
        changed.append((s.special, t.site, HARBOR))  # the harbor may have stood there
    if not changed:
        return reason
    saved = [(arr, i, arr[i]) for arr, i, _ in changed]
    for arr, i, value in changed:
        arr[i] = value
    try:
        return placement_reason(s, t.owner, kind, t.place, t.site, t.attacked, reveal=True)
    finally:
        for arr, i, value in saved:
            arr[i] = value


# ------------------------------------------------------------------ decisions waiting
def _check_pending(s: RokuganState, at: _Where) -> None:
    for d in s.pending:
        clan = s.clans[d.seat] or "?"
        where = at("pending")
        if d.kind == DRAGON_RETURN:
            assert isinstance(d, AbilityDecision)  # Dragon's return is an ability's decision
            if s.phase != UPKEEP:
                _fail(where, f"Dragon returns a token right after drawing in upkeep, not in {s.phase}", "Clans: Dragon")
            hand = Counter(s.code_of(d.seat, x) for x in s.hand[d.seat])
            drawn = Counter(d.tokens)
            if "bluff" in drawn or any(drawn[c] > hand[c] for c in drawn):
                _fail(where, f"drawn={','.join(d.tokens)}: the tokens drawn are behind {clan}'s screen and never the bluff",
                      "Clans: Dragon")
        elif d.kind == CARD:
            assert isinstance(d, CardDecision)
            if d.card not in s.played:
                _fail(where, f"'{d.card}' is being resolved, so it is among the played cards ('played:')", "Playing Territory Cards")
            timing = s.rules.cards[d.card]["timing"]
            if timing != s.phase:
                _fail(where, f"'{d.card}' is played in the {timing} phase, not in {s.phase}", "Playing Territory Cards")
        elif s.phase != PLACEMENT:
            _fail(where, f"{d.kind.replace('_', '-')} is decided during placement, not in {s.phase}", f"Clans: {clan.capitalize()}")
