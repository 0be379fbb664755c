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
    from daimyo.rokugan import native
    native.load_rules(not_native)
