"""What one seat knows of a Battle for Rokugan game, and worlds consistent with it.

A bot that must not cheat looks at the true state only through these helpers:

* :func:`known` says whether a combat token on the board is known to a seat (faceup,
  its own, or looked at with a scout, the Scorpion ability, Dark Favors or the first
  player card);
* :func:`determinize` builds a full game state that agrees with everything the seat may
  know (its view) and fills every fact hidden from it at random: the identity of the
  other players' facedown tokens, hands and pools (drawn from what their token counts
  and public discard piles leave possible, and from what the placement rules allow at
  each place), their secret objectives and territory cards, the unclaimed territory
  cards, the initiative deck's order and neutral cards, and the generator.

The hidden facts of the true state are never read to make a choice: everything random
in a determinization comes from the caller's generator, and every list that is shuffled
is first put in an order that does not depend on the hidden facts.
"""

from __future__ import annotations

from daimyo.core.rng import Rng
from daimyo.rokugan.data import RULES as R
from daimyo.rokugan.records import BoardToken, SeenHand
from daimyo.rokugan.state import RokuganState


def _one_of(cards: list[str], rng: Rng) -> str:
    """One of a territory's cards, each as likely (a rules file may leave a territory one card)."""
    return cards[rng.below(len(cards))] if len(cards) > 1 else cards[0]


def known(s: RokuganState, seat: int, t: BoardToken) -> bool:
    """Whether ``seat`` knows which token board token ``t`` is."""
    return t.faceup or t.owner == seat or bool((t.known_by >> seat) & 1)


def _kinds_allowed(s: RokuganState, t: BoardToken) -> tuple[str, ...]:
    """The kinds a facedown token may be, from where it stands (Placing Combat Tokens).

    Armies attack across land borders and navies across coastal borders (a bluff may
    stand on either); in the centre of its owner's province stand defenders, diplomacy
    or a bluff; in another province a shinobi, a raid or a bluff.
    """
    loc = t.place
    if loc == "l":
        return ("army", "bluff")
    if loc == "s":
        return ("navy", "bluff")
    if s.owner[t.site] == t.owner:
        return ("army", "navy", "shinobi", "diplomacy", "bluff")
    return ("shinobi", "raid", "bluff")


def _spy_seen(s: RokuganState, seat: int, other: int) -> tuple | None:
    """The hand of ``other`` as ``seat`` saw it with Spy Network this round, if it did."""
    for f in s.seen[seat]:
        if isinstance(f, SeenHand) and f.seat == other:
            return f.codes
    return None


def determinize(s: RokuganState, seat: int, rng: Rng) -> RokuganState:
    """A copy of ``s`` where every fact hidden from ``seat`` is drawn at random (see the module docstring)."""
    d = s.clone()
    d.rng = Rng(rng.next64())
    # territory cards: each territory has one of its two cards in the game, which one is hidden until played
    for terr, card in enumerate(d.space):
        if card is not None:
            d.space[terr] = _one_of(s.rules.territory_cards[terr], rng)
    taken_objectives = set(s.offer[seat] or ()) | ({s.objective[seat]} if s.objective[seat] else set())
    free_objectives = [o for o in s.rules.objective_tuple if o not in taken_objectives]
    rng.shuffle(free_objectives)
    for o in range(d.n):
        if o == seat:
            continue
        d.seen[o] = []
        if d.clans[o] is None:
            continue
        _redeal_tokens(s, d, seat, o, rng)
        # objectives (and the pair dealt, while they are being chosen)
        k = s.rules.objectives_dealt
        deal = tuple(free_objectives[:k])
        free_objectives = free_objectives[k:]
        if s.objective[o] is not None:
            d.objective[o] = deal[0]
        if s.offer[o]:
            d.offer[o] = deal
        held = []
        for c in s.cards[o]:
            terr = R.territory_index[s.rules.cards[c]["territory"]]
            held.append(_one_of(s.rules.territory_cards[terr], rng))
        d.cards[o] = held
    # the initiative deck: its clan cards are public, its neutral cards and its order are not (so the clan cards
    # are taken by name, not in the deck's hidden order: the world drawn must not depend on that order)
    clan_cards = sorted(c for c in s.initiative if c not in s.rules.neutral_cards)
    neutral = list(s.rules.neutral_tuple)
    rng.shuffle(neutral)
    deck = clan_cards + neutral[:len(s.initiative) - len(clan_cards)]
    rng.shuffle(deck)
    d.initiative = deck
    d._targets = None
    return d


def _redeal_tokens(s: RokuganState, d: RokuganState, seat: int, o: int, rng: Rng) -> None:
    """Redraw which token is where among the hand, pool and unknown board tokens of ``o``."""
    kinds = s.rules.clan_tokens[s.clans[o]]
    hidden_board = [i for i, t in enumerate(s.tokens) if t.owner == o and not known(s, seat, t)]
    spied = _spy_seen(s, seat, o)
    unknown = sorted([t.clan_token for i, t in enumerate(s.tokens) if i in hidden_board] + s.pool[o]
                     + ([] if spied else s.hand[o]))
    if not hidden_board and not unknown:
        return
    # the bluff is behind the screen unless it stands on the board (or is out): it is never in the pool
    bluff = s.rules.bluff_index
    bluff_hidden = bluff in unknown
    if bluff_hidden:
        unknown.remove(bluff)
    for _ in range(8):
        left = unknown[:]
        rng.shuffle(left)
        bluff_free = bluff_hidden
        assigned = []
        ok = True
        order = hidden_board[:]
        rng.shuffle(order)
        for i in order:
            allowed = _kinds_allowed(s, s.tokens[i])
            choices = [j for j, tok in enumerate(left) if kinds[tok].kind in allowed]
            n_opts = len(choices) + (1 if bluff_free and "bluff" in allowed else 0)
            if n_opts == 0:
                ok = False
                break
            pick = rng.below(n_opts)
            if pick == len(choices):
                assigned.append((i, bluff))
                bluff_free = False
            else:
                assigned.append((i, left.pop(choices[pick])))
        if ok:
            break
    else:
        # no consistent assignment found quickly: ignore where the tokens stand
        left = unknown[:]
        rng.shuffle(left)
        bluff_free = bluff_hidden
        assigned = []
        for i in hidden_board:
            assigned.append((i, left.pop() if left else bluff))
    for i, tok in assigned:
        t = d.tokens[i]
        d.tokens[i] = BoardToken(t.number, t.owner, tok, t.place, t.site, t.attacked, t.faceup, t.known_by)
    if spied:
        rest_hand = sorted(s.hand[o])  # seen this round with Spy Network: known to the viewer
    elif bluff_free and not s.hand[o]:
        rest_hand = []  # the first player card sent the bluff back to the pool
        left.append(bluff)
    else:
        n_hand = len(s.hand[o]) - (1 if bluff_free else 0)
        rest_hand = left[:n_hand] + ([bluff] if bluff_free else [])
        left = left[n_hand:]
    d.hand[o] = rest_hand
    d.pool[o] = left
