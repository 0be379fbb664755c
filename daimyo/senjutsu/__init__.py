"""Senjutsu: the duel engine on a hex battlefield."""
