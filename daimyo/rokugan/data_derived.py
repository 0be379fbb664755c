"""The numbers inside territory cards' effects that a rules file may set (data_variant.py).

The tables derived from a game's rules (the token codes, each clan's token table, the objectives' and neutral cards'
order, the bound on a token's number) are made once per :class:`~daimyo.rokugan.data.Rules` object and read from it
(``state.rules.token_codes``); nothing is put into modules, so games under different rules run side by side.
"""

from __future__ import annotations

#: the numbers inside card effects a rules file may set: card -> field -> (the effect's attribute, lowest, highest);
#: an effect reads its number through :meth:`Rules.card_number <daimyo.rokugan.data.Rules.card_number>`
CARD_NUMBERS: dict[str, dict[str, tuple[str, int, int]]] = {
    "code-of-honor": {"provinces": ("count", 1, 3)},        # +1 honor tokens, each in another province
    "ashigaru-levies": {"provinces": ("count", 1, 3)},      # +1 defense tokens, each in another province
    "diplomatic-mission": {"control_tokens": ("control_tokens", 1, 5)},
    "foment-rebellion": {"control_tokens": ("control_tokens", 1, 5)},
}
