"""Shared helpers for the Battle for Rokugan rule tests."""
import textwrap

from daimyo.rokugan.position import from_position, to_position


def pos(text):
    """Dedent a position block and strip leading/trailing blank lines."""
    return textwrap.dedent(text).strip() + "\n"


#: the engine ``state_of`` plays a position in (tests/rokugan/conftest.py runs the rule tests in both)
ENGINE = "python"


def state_of(text):
    """Parse a (dedented) position block into a state: the Python engine's, or the native engine's (``ENGINE``)."""
    s = from_position(pos(text))
    if ENGINE == "native":
        from daimyo.rokugan import native
        return native.from_python(s)
    return s


def resolve_position(text):
    """Parse a position and run the automatic steps, in the engine ``state_of`` plays in.

    Placement ends when every hand holds at most one token; then the Unicorn
    swap (if any) is offered, the resolution phase runs, and the next round
    starts.  Returns (state, events).
    """
    s = state_of(text)
    events = s._advance()
    return s, events


def snapshot(state):
    return to_position(state)


def resolve_only(text):
    """Parse a position and run only the resolution phase (steps 1-6), no next round.

    Hands and discard piles are then exactly what resolution left them. In the engine ``state_of`` plays in.
    """
    s = state_of(text)
    if ENGINE == "native":
        return s, s._resolve()
    from daimyo.rokugan.resolution import resolve
    return s, resolve(s)


def P(name):
    """The index of a province by its id (``crab_2``)."""
    from daimyo.rokugan.data import RULES
    return RULES.province_index[name]


def of_kind(events, kind):
    """The data of every event of ``kind``."""
    return [e.data for e in events if e.kind == kind]


def battle_at(events, province):
    """The data of the battle event in ``province`` (exactly one)."""
    found = [e.data for e in events if e.kind == "battle" and e.data["province"] == province]
    assert len(found) == 1, f"expected one battle in {province}, got {len(found)}"
    return found[0]


def codes(state, seat, lst):
    """The token codes of a list of token indices (a hand, a discard pile), sorted."""
    return sorted(state.code_of(seat, t) for t in lst)


def legal(s, seat):
    """The texts of the legal actions of ``seat``."""
    return {a.text for a in s.legal_actions(seat)}


def assert_illegal(s, seat, text, match):
    """The action raises RuleViolation naming the rule, is not listed as legal, and changes nothing."""
    import pytest

    from daimyo.core.errors import RuleViolation
    from daimyo.core.game import Action
    before = to_position(s)
    with pytest.raises(RuleViolation, match=match):
        s.apply(Action(seat, text))
    assert to_position(s) == before
    assert text not in legal(s, seat)


def assert_legal(s, seat, text):
    """The action is listed as legal and applies (to a copy) without error."""
    from daimyo.core.game import Action
    assert text in legal(s, seat), f"{text!r} should be legal"
    s.clone().apply(Action(seat, text))


def merged(base, *extra):
    """``base`` with the ``extra`` lines added; a fact of ``extra`` replaces base's fact of the same key (the
    position format takes each fact once: ``province crab_1: ...`` twice is refused)."""
    def key(line):
        return line.split(":")[0].strip()
    more = "\n".join(textwrap.dedent(x).strip() for x in extra if x.strip())
    given = {key(x) for x in more.splitlines() if x.strip()}
    kept = [x for x in textwrap.dedent(base).strip().splitlines() if key(x) not in given]
    return "\n".join(kept) + "\n" + more + "\n"


def holding(clan, card, body=""):
    """Position lines giving ``clan`` a control token in each province of ``card``'s territory that ``body`` does
    not state: a held territory card was claimed with its territory (Resolution Phase 6. Claim Territories)."""
    from daimyo.rokugan.data import RULES
    stated = {line.split(":")[0].split()[-1] for line in textwrap.dedent(body).splitlines()
              if line.strip().startswith("province ")}
    t = RULES.territory_index[RULES.cards[card]["territory"]]
    return "".join(f"province {RULES.province_names[p]}: {clan}\n" for p in RULES.territory_provinces[t]
                   if RULES.province_names[p] not in stated)


def claimed(text):
    """``text`` (a position) with a ``cards CLAN:`` line for each territory a clan controls whole by its province
    lines: after Claim Territories the controller of a territory holds its card (Resolution Phase 6), here its
    territory's first card that ``text`` does not name."""
    from daimyo.rokugan.data import RULES
    lines = textwrap.dedent(text).strip().splitlines()
    owner, scorched = {}, set()
    for line in lines:
        key, _, value = line.partition(":")
        if key.split()[:1] == ["province"] and value.split():
            name = key.split()[1]
            owner[name] = value.split()[0]
            if "special=scorched_earth" in value:
                scorched.add(name)
    held: dict[str, list[str]] = {}
    for t, cards in enumerate(RULES.territory_cards):
        owners = {owner.get(RULES.province_names[p], "-") for p in RULES.territory_provinces[t]
                  if RULES.province_names[p] not in scorched}
        if len(owners) == 1 and owners != {"-"} and not any(c in text for c in cards):
            held.setdefault(owners.pop(), []).append(cards[0])
    return "\n".join(lines) + "\n" + "".join(f"cards {clan}: {' '.join(cs)}\n" for clan, cs in held.items())
