"""Territory card effects, one small class registered under each card's id.

A card is played as a sequence of steps; each step lists the choices the
player may make (``options``) and applies the one made (``choose``), which
returns the next step (or None when the card is done). When a step has no
possible choice the card ends there. The card texts in short are in
``data/territory_cards.json``.
"""

from __future__ import annotations

from collections.abc import Container
from typing import TYPE_CHECKING, TypeVar

from daimyo.core.game import Event, private_event, public_event
from daimyo.rokugan.data import RULES
from daimyo.rokugan.placement import MoveList, board_token_targets, hand_codes, learn, placement_events, placement_moves, put_token, reveal_and_discard
from daimyo.rokugan.records import HARBOR, N_PROVINCES, PEACE, SCORCHED, SPY_NETWORK, SeenHand

if TYPE_CHECKING:
    from daimyo.rokugan.state import RokuganState

CARDS: dict[str, Card] = {}
#: what a step's ``choose`` returns: the next step (None: the card is done), the memo, the events
Step = tuple[int | None, tuple, list[Event]]
C = TypeVar("C", bound="Card")


def register(cls: type[C]) -> type[C]:
    CARDS[cls.id] = cls()
    return cls


def _own(s: RokuganState, seat: int, non_shadowlands: bool = False) -> list[int]:
    return [p for p in range(N_PROVINCES) if s.owner[p] == seat and not (non_shadowlands and RULES.shadowlands[p])]


def _special_spots(s: RokuganState, name: str, non_shadowlands: bool, exclude: Container[int] = (), landlocked: bool = False) -> list[tuple]:
    if s.specials_left.get(name, 0) <= 0:
        return []
    return [("province", p) for p in range(N_PROVINCES)
            if s.special_can_go(p) and p not in exclude
            and not (non_shadowlands and RULES.shadowlands[p]) and not (landlocked and RULES.coastal[p])]


def _codes(s: RokuganState, seat: int, pile: list[int], kinds: tuple) -> list[str]:
    ks = s.rules.clan_tokens[s.clans[seat]]
    out = []
    for t in pile:
        if ks[t].kind in kinds and ks[t].code not in out:
            out.append(ks[t].code)
    return out


def _move_token(s: RokuganState, seat: int, src: list[int], dst: list[int], code: str) -> None:
    ks = s.rules.clan_tokens[s.clans[seat]]
    for i, t in enumerate(src):
        if ks[t].code == code:
            dst.append(src.pop(i))
            return
    raise ValueError(code)


def _discard_or_return(s: RokuganState, seat: int, move: tuple) -> list:
    """Promotion / Reinforcements: discard a token from the hand or return it to the pool."""
    if move[0] == "discard":
        _move_token(s, seat, s.hand[seat], s.discard[seat], move[1])
        return [public_event("discard-from-hand", clan=s.clan_of(seat), code=move[1])]
    _move_token(s, seat, s.hand[seat], s.pool[seat], move[1])
    return [public_event("return-to-pool", clan=s.clan_of(seat), count=1), private_event(seat, "returned", clan=s.clan_of(seat), code=move[1])]


def _discard_or_return_options(s: RokuganState, seat: int) -> list[tuple]:
    codes = hand_codes(s, seat)
    return [("discard", c) for c in codes] + [("return", c) for c in codes]


def _faceup(s: RokuganState, seat: int, p: int, k: int) -> list:
    n = s._add_control(seat, p, up=k)
    return [public_event("control-added", clan=s.clan_of(seat), province=RULES.province_names[p], faceup=n)]


def _special(s: RokuganState, p: int, name: str) -> list:
    old = s.special[p]
    s._put_special(p, name)
    return [public_event("special", province=RULES.province_names[p], token=name, replaced=old)]


def _remove_control(s: RokuganState, seat: int, p: int) -> list:
    s._remove_one_control(p)
    return [public_event("control-removed", clan=s.clan_of(seat), province=RULES.province_names[p])]


class Card:
    id = ""
    timing = "upkeep"

    def playable(self, s: RokuganState, seat: int) -> bool:
        return bool(self.options(s, seat, 0, ()))

    def options(self, s: RokuganState, seat: int, step: int, memo: tuple) -> list[tuple] | MoveList:
        return []

    def choose(self, s: RokuganState, seat: int, step: int, memo: tuple, move: tuple) -> Step:
        return None, memo, []

    def skip(self, s: RokuganState, seat: int, step: int, memo: tuple) -> int | None:
        """The step has no possible choice: by default the card ends there."""
        return None

    def finish(self, s: RokuganState, seat: int, memo: tuple) -> list:
        return []


class PutSpecial(Card):
    """Put one special token in a province (Sacred Ground, Bushido, Honorable Fight, ...)."""

    token = ""
    non_shadowlands = False
    landlocked = False

    def options(self, s: RokuganState, seat: int, step: int, memo: tuple) -> list[tuple] | MoveList:
        return _special_spots(s, self.token, self.non_shadowlands, landlocked=self.landlocked)

    def choose(self, s: RokuganState, seat: int, step: int, memo: tuple, move: tuple) -> Step:
        return None, memo, _special(s, move[1], self.token)


@register
class FeatsOfEngineering(PutSpecial):
    id, token, landlocked = "feats-of-engineering", HARBOR, True


@register
class SacredGround(PutSpecial):
    id, token = "sacred-ground", "shrine"


@register
class Bushido(PutSpecial):
    id, token, non_shadowlands = "bushido", "honor_4", True


@register
class HonorableFight(PutSpecial):
    id, token = "honorable-fight", "battlefield"


@register
class AidOfTheKami(PutSpecial):
    id, token, non_shadowlands = "aid-of-the-kami", "defense_2", True


@register
class PortOfProsperity(PutSpecial):
    id, token, non_shadowlands = "port-of-prosperity", "honor_2", True


class PutSpecialMany(Card):
    """Put a special token in each of several different provinces (Code of Honor, Ashigaru Levies)."""

    token = ""
    count = 2

    def options(self, s: RokuganState, seat: int, step: int, memo: tuple) -> list[tuple] | MoveList:
        return _special_spots(s, self.token, True, exclude=memo)

    def choose(self, s: RokuganState, seat: int, step: int, memo: tuple, move: tuple) -> Step:
        memo = memo + (move[1],)
        return (step + 1 if step + 1 < s.rules.card_number(self.id, "count", self.count) else None), memo, _special(s, move[1], self.token)


@register
class CodeOfHonor(PutSpecialMany):
    id, token, count = "code-of-honor", "honor_1", 2


@register
class AshigaruLevies(PutSpecialMany):
    id, token, count = "ashigaru-levies", "defense_1", 3


@register
class Promotion(Card):
    id = "promotion"

    def options(self, s: RokuganState, seat: int, step: int, memo: tuple) -> list[tuple] | MoveList:
        if step == 0:
            return [("take", c) for c in _codes(s, seat, s.discard[seat], ("army", "navy", "shinobi"))]
        return _discard_or_return_options(s, seat)

    def choose(self, s: RokuganState, seat: int, step: int, memo: tuple, move: tuple) -> Step:
        if step == 0:
            _move_token(s, seat, s.discard[seat], s.hand[seat], move[1])
            return 1, memo, [public_event("take-from-discard", clan=s.clan_of(seat), code=move[1])]
        return None, memo, _discard_or_return(s, seat, move)


@register
class Reinforcements(Card):
    """Take up to two armies from the discard pile, then discard or return two tokens from the hand."""

    id = "reinforcements"
    armies = 2   # taken at most from the discard pile (a rules file may change it)
    tokens = 2   # then discarded or returned from the hand, one at a time (a rules file may change it)

    def options(self, s: RokuganState, seat: int, step: int, memo: tuple) -> list[tuple] | MoveList:
        if step == 0:
            taken = memo[0] if memo else 0
            opts = [("take", c) for c in _codes(s, seat, s.discard[seat], ("army",))]
            return opts + ([("done",)] if taken else [])
        return _discard_or_return_options(s, seat)

    def choose(self, s: RokuganState, seat: int, step: int, memo: tuple, move: tuple) -> Step:
        if step == 0:
            if move[0] == "done":
                return 1, memo, []
            taken = (memo[0] if memo else 0) + 1
            _move_token(s, seat, s.discard[seat], s.hand[seat], move[1])
            events = [public_event("take-from-discard", clan=s.clan_of(seat), code=move[1])]
            return (0 if taken < s.rules.card_number(self.id, "armies", self.armies) else 1), (taken,), events
        last = s.rules.card_number(self.id, "tokens", self.tokens)
        return (step + 1 if step < last else None), memo, _discard_or_return(s, seat, move)

    def skip(self, s: RokuganState, seat: int, step: int, memo: tuple) -> int | None:
        return 1 if step == 0 else None


@register
class DiplomaticMission(Card):
    id = "diplomatic-mission"
    control_tokens = 2   # added faceup when the peace token went to an opponent's province (a rules file may change it)

    def options(self, s: RokuganState, seat: int, step: int, memo: tuple) -> list[tuple] | MoveList:
        if step == 0:
            return _special_spots(s, PEACE, False)
        return [("province", p) for p in _own(s, seat)]

    def choose(self, s: RokuganState, seat: int, step: int, memo: tuple, move: tuple) -> Step:
        p = move[1]
        if step == 0:
            opponent = s.owner[p] >= 0 and s.owner[p] != seat
            return (1 if opponent else None), memo, _special(s, p, PEACE)
        return None, memo, _faceup(s, seat, p, s.rules.card_number(self.id, "control_tokens", self.control_tokens))


@register
class StrengthOfPurpose(Card):
    id = "strength-of-purpose"
    provinces = 2   # different provinces of one's own, one control token faceup in each (a rules file may change it)

    def playable(self, s: RokuganState, seat: int) -> bool:
        return len(_own(s, seat)) >= s.rules.card_number(self.id, "provinces", self.provinces)

    def options(self, s: RokuganState, seat: int, step: int, memo: tuple) -> list[tuple] | MoveList:
        return [("province", p) for p in _own(s, seat) if p not in memo]

    def choose(self, s: RokuganState, seat: int, step: int, memo: tuple, move: tuple) -> Step:
        more = step + 1 < s.rules.card_number(self.id, "provinces", self.provinces)
        return (step + 1 if more else None), memo + (move[1],), _faceup(s, seat, move[1], 1)


@register
class BlessTheLands(Card):
    id = "bless-the-lands"
    faceup = 1     # control tokens put there faceup (a rules file may change it)
    facedown = 1   # and facedown (a rules file may change it)

    def options(self, s: RokuganState, seat: int, step: int, memo: tuple) -> list[tuple] | MoveList:
        return [("province", p) for p in range(N_PROVINCES) if s.special[p] == SCORCHED]

    def choose(self, s: RokuganState, seat: int, step: int, memo: tuple, move: tuple) -> Step:
        p = move[1]
        s._remove_special(p)
        n = s._add_control(seat, p, up=s.rules.card_number(self.id, "faceup", self.faceup))
        n += s._add_control(seat, p, down=s.rules.card_number(self.id, "facedown", self.facedown))
        return None, memo, [public_event("special-removed", province=RULES.province_names[p], token=SCORCHED),
                            public_event("control-added", clan=s.clan_of(seat), province=RULES.province_names[p], count=n)]


@register
class FomentRebellion(Card):
    id = "foment-rebellion"
    control_tokens = 2   # added faceup in a province of one's own (a rules file may change it)

    def options(self, s: RokuganState, seat: int, step: int, memo: tuple) -> list[tuple] | MoveList:
        return [("province", p) for p in range(N_PROVINCES) if s.special[p] == PEACE]

    def choose(self, s: RokuganState, seat: int, step: int, memo: tuple, move: tuple) -> Step:
        p = move[1]
        s._remove_special(p)
        events = [public_event("special-removed", province=RULES.province_names[p], token=PEACE)]
        if s.owner[p] == seat:
            events += _faceup(s, seat, p, s.rules.card_number(self.id, "control_tokens", self.control_tokens))
        return None, memo, events


@register
class SpyNetwork(Card):
    id = SPY_NETWORK

    def options(self, s: RokuganState, seat: int, step: int, memo: tuple) -> list[tuple] | MoveList:
        return [("player", q) for q in range(s.n) if q != seat]

    def choose(self, s: RokuganState, seat: int, step: int, memo: tuple, move: tuple) -> Step:
        q = move[1]
        ks = s.rules.clan_tokens[s.clans[q]]
        codes = sorted(ks[t].code for t in s.hand[q])
        s.seen[seat].append(SeenHand(SPY_NETWORK, q, s.clan_of(q), tuple(codes)))
        s.spied[q] = True
        return None, memo, [public_event("spy", clan=s.clan_of(seat), target=s.clan_of(q)),
                            private_event(seat, "saw-hand", clan=s.clan_of(seat), target=s.clan_of(q), tokens=codes)]


@register
class CulturalExchange(Card):
    id = "cultural-exchange"

    def options(self, s: RokuganState, seat: int, step: int, memo: tuple) -> list[tuple] | MoveList:
        if step == 0:
            if not any(o >= 0 and o != seat for o in s.owner):
                return []
            return [("province", p) for p in _own(s, seat)]
        return [("province", p) for p in range(N_PROVINCES) if s.owner[p] >= 0 and s.owner[p] != seat]

    def choose(self, s: RokuganState, seat: int, step: int, memo: tuple, move: tuple) -> Step:
        if step == 0:
            return 1, (move[1],), []
        p, q = memo[0], move[1]
        for arr in (s.owner, s.up, s.down):
            arr[p], arr[q] = arr[q], arr[p]
        return None, memo, [public_event("swap-control", clan=s.clan_of(seat), provinces=[RULES.province_names[p], RULES.province_names[q]])]


@register
class PirateRaids(Card):
    id = "pirate-raids"
    control_tokens = 3   # put faceup in another province of one's own (a rules file may change it)

    def options(self, s: RokuganState, seat: int, step: int, memo: tuple) -> list[tuple] | MoveList:
        if step == 0:
            return _special_spots(s, SCORCHED, False)
        return [("province", p) for p in _own(s, seat)]

    def choose(self, s: RokuganState, seat: int, step: int, memo: tuple, move: tuple) -> Step:
        p = move[1]
        if step == 0:
            had = s.owner[p] == seat
            return (1 if had else None), memo, _special(s, p, SCORCHED)
        return None, memo, _faceup(s, seat, p, s.rules.card_number(self.id, "control_tokens", self.control_tokens))


@register
class BountifulHarvest(Card):
    id = "bountiful-harvest"
    control_tokens = 2   # put faceup in one province of one's own (a rules file may change it)

    def options(self, s: RokuganState, seat: int, step: int, memo: tuple) -> list[tuple] | MoveList:
        return [("province", p) for p in _own(s, seat)]

    def choose(self, s: RokuganState, seat: int, step: int, memo: tuple, move: tuple) -> Step:
        return None, memo, _faceup(s, seat, move[1], s.rules.card_number(self.id, "control_tokens", self.control_tokens))


# ------------------------------------------------------------ Shadowlands
class ShadowlandsCard(Card):
    timing = "placement"

    def sacrifice_options(self, s: RokuganState, seat: int) -> list[tuple]:
        """Remove one of your control tokens from a non-Shadowlands province."""
        return [("province", p) for p in _own(s, seat, non_shadowlands=True)]


@register
class DarkFavors(ShadowlandsCard):
    """Steps: 0 sacrifice; 1 look at up to four tokens (memo: looked ids); 2 discard one of them."""

    id = "dark-favors"
    tokens = 4   # looked at at most (a rules file may change it)

    def options(self, s: RokuganState, seat: int, step: int, memo: tuple) -> list[tuple] | MoveList:
        if step == 0:
            return self.sacrifice_options(s, seat)
        if step == 1:
            # "look at up to four combat tokens on the board": any player's, facedown or faceup (the card names no
            # owner, unlike Scout and Shugenja), never a blessing or a blessed token (The Combat Tokens: Blessing)
            opts = [("token", t) for t in board_token_targets(s, seat, "any", False) if t not in memo]
            return opts + ([("done",)] if memo else [])
        on_board = {t.number for t in s.tokens}
        return [("token", t) for t in memo if t in on_board]

    def choose(self, s: RokuganState, seat: int, step: int, memo: tuple, move: tuple) -> Step:
        if step == 0:
            return 1, (), _remove_control(s, seat, move[1])
        if step == 1:
            if move[0] == "done":
                return 2, memo, []
            memo = memo + (move[1],)
            events = learn(s, seat, s.token(move[1]), "dark-favors")
            return (1 if len(memo) < s.rules.card_number(self.id, "tokens", self.tokens) else 2), memo, events
        return None, memo, reveal_and_discard(s, s.token(move[1]), "dark-favors")

    def skip(self, s: RokuganState, seat: int, step: int, memo: tuple) -> int | None:
        return 2 if step == 1 and memo else None


@register
class PurgeTheWeak(ShadowlandsCard):
    """Steps: 0 discard from hand; 1 to ``tokens`` reveal and discard a board token each; then the turn ends."""

    id = "purge-the-weak"
    tokens = 2   # revealed and discarded from the board (a rules file may change it)

    def options(self, s: RokuganState, seat: int, step: int, memo: tuple) -> list[tuple] | MoveList:
        if step == 0:
            return [("discard", c) for c in hand_codes(s, seat, exclude_bluff=False)]
        return [("token", t) for t in board_token_targets(s, seat, "any", False)]

    def choose(self, s: RokuganState, seat: int, step: int, memo: tuple, move: tuple) -> Step:
        if step == 0:
            if move[1] == "bluff":
                # the discarded bluff stays out, faceup, until the next upkeep
                s.hand[seat].remove(s.rules.bluff_index)
                s.out[seat].append(s.rules.bluff_index)
            else:
                _move_token(s, seat, s.hand[seat], s.discard[seat], move[1])
            return 1, memo, [public_event("discard-from-hand", clan=s.clan_of(seat), code=move[1])]
        more = step < s.rules.card_number(self.id, "tokens", self.tokens)
        return (step + 1 if more else None), memo, reveal_and_discard(s, s.token(move[1]), "purge-the-weak")

    def finish(self, s: RokuganState, seat: int, memo: tuple) -> list:
        # "place none this turn": the turn passes to the next player
        s.turn = (seat + 1) % s.n
        return []


@register
class AnimateTheDead(ShadowlandsCard):
    """Steps: 0 sacrifice; 1 put a token from the discard pile faceup by the placement rules."""

    id = "animate-the-dead"

    def playable(self, s: RokuganState, seat: int) -> bool:
        return bool(s.discard[seat]) and bool(self.sacrifice_options(s, seat))

    def options(self, s: RokuganState, seat: int, step: int, memo: tuple) -> list[tuple] | MoveList:
        if step == 0:
            return self.sacrifice_options(s, seat)
        return placement_moves(s, seat, s.discard[seat])

    def choose(self, s: RokuganState, seat: int, step: int, memo: tuple, move: tuple) -> Step:
        if step == 0:
            return 1, memo, _remove_control(s, seat, move[1])
        ks = s.rules.clan_tokens[s.clans[seat]]
        pile = s.discard[seat]
        for i, t in enumerate(pile):
            if ks[t].code == move[1]:
                tok = pile.pop(i)
                break
        placed = put_token(s, seat, tok, move[2], move[3], move[4], True)
        return None, memo, placement_events(s, seat, placed)


@register
class InspireFear(ShadowlandsCard):
    """Steps: 0 sacrifice; 1 to ``special_tokens`` remove a special token each (or stop)."""

    id = "inspire-fear"
    special_tokens = 2   # removed at most (a rules file may change it)

    def options(self, s: RokuganState, seat: int, step: int, memo: tuple) -> list[tuple] | MoveList:
        if step == 0:
            return self.sacrifice_options(s, seat)
        return [("special", p) for p in range(N_PROVINCES) if s.special[p] is not None] + [("done",)]

    def choose(self, s: RokuganState, seat: int, step: int, memo: tuple, move: tuple) -> Step:
        if step == 0:
            return 1, memo, _remove_control(s, seat, move[1])
        if move[0] == "done":
            return None, memo, []
        p = move[1]
        old = s.special[p]
        s._remove_special(p)
        more = step < s.rules.card_number(self.id, "special_tokens", self.special_tokens)
        return (step + 1 if more else None), memo, [public_event("special-removed", province=RULES.province_names[p], token=old)]


def check_registry() -> None:
    """Every card in the data has an effect and every effect a card (broken card data fails loudly)."""
    from daimyo.core.errors import FormatError
    missing = set(RULES.cards) - set(CARDS)
    extra = set(CARDS) - set(RULES.cards)
    if missing or extra:
        raise FormatError(f"territory_cards.json and the card effects disagree: no effect for {sorted(missing)}, no card for {sorted(extra)}")
    for cid, card in CARDS.items():
        if RULES.cards[cid]["timing"] != card.timing:
            raise FormatError(f"territory_cards.json cards '{cid}': timing '{RULES.cards[cid]['timing']}' but its effect is played in {card.timing}")


check_registry()
