"""The numbers inside territory cards' effects that a rules file may set (data_variant.py).

The tables derived from a game's rules (the token codes, each clan's token table, the objectives' and neutral cards'
order, the bound on a token's number) are made once per :class:`~daimyo.rokugan.data.Rules` object and read from it
(``state.rules.token_codes``); nothing is put into modules, so games under different rules run side by side.
"""

from __future__ import annotations

#: the numbers inside card effects a rules file may set: card -> field -> (the effect's attribute, the printed number,
#: lowest, highest); an effect reads its number through :meth:`Rules.card_number <daimyo.rokugan.data.Rules.card_number>`
#: (the attribute, on the card's class in cards.py, holds the printed number); the native engine gets every one of them
#: (native.py rules_table, native/src/rules.hpp CardNumbers)
CARD_NUMBERS: dict[str, dict[str, tuple[str, int, int, int]]] = {
    "code-of-honor": {"provinces": ("count", 2, 1, 3)},        # +1 honor tokens, each in another province
    "ashigaru-levies": {"provinces": ("count", 3, 1, 3)},      # +1 defense tokens, each in another province
    "diplomatic-mission": {"control_tokens": ("control_tokens", 2, 1, 5)},   # added faceup
    "foment-rebellion": {"control_tokens": ("control_tokens", 2, 1, 5)},     # added faceup
    "strength-of-purpose": {"provinces": ("provinces", 2, 1, 3)},           # one faceup in each of them
    "bless-the-lands": {"faceup": ("faceup", 1, 1, 3), "facedown": ("facedown", 1, 1, 3)},   # control tokens added
    "pirate-raids": {"control_tokens": ("control_tokens", 3, 1, 5)},         # added faceup
    "bountiful-harvest": {"control_tokens": ("control_tokens", 2, 1, 5)},    # added faceup
    "reinforcements": {"armies": ("armies", 2, 1, 3),        # taken at most from the discard pile
                       "tokens": ("tokens", 2, 1, 3)},       # then discarded or returned from the hand, one by one
    "dark-favors": {"tokens": ("tokens", 4, 1, 6)},            # looked at at most
    "purge-the-weak": {"tokens": ("tokens", 2, 1, 3)},         # revealed and discarded from the board
    "inspire-fear": {"special_tokens": ("special_tokens", 2, 1, 3)},   # removed at most
}
