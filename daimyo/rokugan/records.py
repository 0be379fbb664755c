"""The constants and records of the Battle for Rokugan engine.

This is the leaf module of the engine: it imports only the rules data, and
every other rules module (state, placement, cards, moves, resolution, scoring,
views, position) takes its constants and records from here.

The records are read by name. The pending decisions and the facts seen are
``NamedTuple``s: as cheap as the plain tuples they replace, immutable, and equal
to the plain tuple of their fields. A board token is a slotted dataclass, read
as fast as a tuple item in the hot loops of placement and resolution; the
engine never changes one (it puts a new one in its place), so a clone of the
state shares them with its original.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, NamedTuple

from daimyo.rokugan.data import RULES

N_PROVINCES = RULES.n_provinces  # the map is the same in every variant

# Special tokens (the names in specials.json)
PEACE, SCORCHED, SHRINE, BATTLEFIELD, HARBOR = "peace", "scorched_earth", "shrine", "battlefield", "harbor"

# Phases of the game: setup steps that are decisions, then the round's upkeep and placement phases
Phase = Literal["setup-clans", "setup-objectives", "setup-control", "upkeep", "placement", "over"]
SETUP_CLANS: Final = "setup-clans"
SETUP_OBJECTIVES: Final = "setup-objectives"
SETUP_CONTROL: Final = "setup-control"
UPKEEP: Final = "upkeep"
PLACEMENT: Final = "placement"
OVER: Final = "over"
PHASES: tuple[Phase, ...] = (SETUP_CLANS, SETUP_OBJECTIVES, SETUP_CONTROL, UPKEEP, PLACEMENT, OVER)

# Kinds of pending decisions
DRAGON_RETURN = "dragon_return"
SCORPION_LOOK = "scorpion_look"
UNICORN_SWAP = "unicorn_swap"
CARD = "card"
CLAN_ABILITIES = (DRAGON_RETURN, SCORPION_LOOK, UNICORN_SWAP)

SPY_NETWORK = "spy-network"

#: the four kinds of place a combat token stands in (:mod:`daimyo.rokugan.board`): a province's centre, a land border,
#: a coastal border, on top of another token
PlaceKind = Literal["c", "l", "s", "o"]
#: a place: (kind, province, -1) for ``c`` and ``s``, (kind, border, the province attacked) for ``l``, (kind, token, -1)
#: for ``o``
Loc = tuple[PlaceKind, int, int]


@dataclass(slots=True, eq=False)
class BoardToken:
    """A combat token on the board (Placement Phase: "Placing Combat Tokens").

    Its place is ``(place, site, attacked)``, written as in :mod:`daimyo.rokugan.board`. A slotted
    dataclass (its fields are read in the engine's hottest loops, where slots are read as fast as
    tuple items); never changed once on the board: a change puts a new one in its place, so clones
    share them. Compared by identity, as the physical token it stands for (the rules find, remove and
    replace tokens in the board's list by identity; its ``number`` names it).
    """

    number: int
    """The token's number (``#7``): tokens are numbered in the order they are placed, never reused in a game."""
    owner: int
    """The seat of the player whose clan's combat token it is."""
    clan_token: int
    """Which of its clan's combat tokens it is: the index in the clan's token list (the rules' ``bluff_index`` for the bluff)."""
    place: PlaceKind
    """Where it stands: ``c`` in a province, ``l`` on a land border, ``s`` on a coastal border, ``o`` on top of a token."""
    site: int
    """The province (``c``, ``s``), the land border's index (``l``) or the number of the token it stands on (``o``)."""
    attacked: int
    """On a land border, the province it attacks across that border; -1 elsewhere."""
    faceup: bool
    """Whether it is faceup: blessings are placed faceup, the others facedown until Resolution step 1 reveals them."""
    known_by: int
    """The seats that know what it is, one bit a seat (``1 << seat``): its owner, and those who looked at it."""


class AbilityDecision(NamedTuple):
    """A clan ability's decision the game waits for: Dragon returns a token, Scorpion looks, Unicorn swaps."""

    kind: str
    """``dragon_return``, ``scorpion_look`` or ``unicorn_swap``."""
    seat: int
    """The player who decides."""
    tokens: tuple = ()
    """Dragon: the codes of the tokens drawn this upkeep, one of which is returned ("one drawn token, never
    the bluff"); empty in a hand-written position that does not say (then any token but the bluff)."""


class CardDecision(NamedTuple):
    """A territory card being resolved, waiting for the choice of one of its steps (see :mod:`.cards`)."""

    kind: str
    """Always ``card``."""
    seat: int
    """The player who played the card and makes its choices."""
    card: str
    """The territory card's id."""
    step: int
    """The card's step waiting for a choice, from 0."""
    memo: tuple
    """What the card's earlier steps remembered (province or token numbers, a count)."""


Decision = AbilityDecision | CardDecision


class SeenToken(NamedTuple):
    """A combat token a player secretly looked at this round (scout, Scorpion, first player card, Dark Favors)."""

    source: str
    """What let the player look: ``scout``, ``scorpion``, ``first-player`` or ``dark-favors``."""
    token: int
    """The token's number."""
    owner: str
    """The clan the token belongs to."""
    code: str
    """What the token is (its code: ``a3``, ``bluff`` ...)."""


class SeenHand(NamedTuple):
    """The tokens behind a player's screen, seen with the Spy Network territory card this round."""

    source: str
    """Always ``spy-network``."""
    seat: int
    """The seat of the player whose hand was seen."""
    clan: str
    """That player's clan."""
    codes: tuple
    """The codes of the tokens behind the screen, sorted."""

