"""The tables modules derive from :data:`daimyo.rokugan.data.RULES` when they are imported, made again when a rules
file is put in force (:func:`daimyo.rokugan.data_variant.activate`), and the native engine's copy of the rules.

A module not imported yet makes its own tables from the rules in force when it is.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from daimyo.rokugan.data import RULES as R


def _token_info() -> dict:
    return {clan: [(t.code, t.kind, ("place", t.code)) for t in toks] for clan, toks in R.clan_tokens.items()}


#: name -> how it is made from the rules; every imported module of Battle for Rokugan (its engine, bots, tools)
#: that holds a global of that name (its own, or imported: ``from daimyo.rokugan.records import BLUFF``) gets it anew
DERIVED: dict[str, Callable[[], Any]] = {
    "BLUFF": lambda: R.bluff_index,
    "_TOKEN_INFO": _token_info,
    "TOKEN_CODES": lambda: sorted({t.code for ts in R.clan_tokens.values() for t in ts}),
    "MAX_TOKEN_NUMBER": lambda: R.rounds * 5 * (R.tokens_per_clan + 1),
    "_OBJECTIVES": lambda: tuple(R.objective_ids),
    "_NEUTRAL": lambda: tuple(sorted(R.neutral_cards)),
    "HORIZON": lambda: R.rounds,
}
#: the numbers inside card effects a rules file may set: card -> field -> (the effect's attribute, lowest, highest)
CARD_NUMBERS: dict[str, dict[str, tuple[str, int, int]]] = {
    "code-of-honor": {"provinces": ("count", 1, 3)},        # +1 honor tokens, each in another province
    "ashigaru-levies": {"provinces": ("count", 1, 3)},      # +1 defense tokens, each in another province
    "diplomatic-mission": {"control_tokens": ("control_tokens", 1, 5)},
    "foment-rebellion": {"control_tokens": ("control_tokens", 1, 5)},
}
#: the modules that read the rules: Battle for Rokugan's engine, bots and terminal
PREFIXES = ("daimyo.rokugan.", "daimyo.bots.rokugan.", "daimyo.cli.rokugan.")


def refresh(not_native: str | None) -> None:
    """Make the derived tables again from the rules in force; hand them to the native engine, or mark it refused."""
    made = {name: make() for name, make in DERIVED.items()}
    for module_name, module in list(sys.modules.items()):
        if module is None or not module_name.startswith(PREFIXES):
            continue
        for name, value in made.items():
            if name in vars(module):
                setattr(module, name, value)
    _card_numbers()
    from daimyo.rokugan import native
    native.load_rules(not_native)


def _card_numbers() -> None:
    """The numbers inside card effects (a rules file's ``card_numbers``, else each effect's printed number)."""
    from daimyo.rokugan.cards import CARDS

    for cid, fields in CARD_NUMBERS.items():
        card = CARDS[cid]
        for attr, _lo, _hi in fields.values():
            if attr in R.card_numbers.get(cid, {}):
                setattr(card, attr, R.card_numbers[cid][attr])
            elif attr in vars(card):
                delattr(card, attr)   # the class's printed number again
