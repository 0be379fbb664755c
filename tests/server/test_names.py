"""Account names (daimyo/server/names.py, issue 24 item 5): one normal form, and skeletons that make look-alikes equal."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from daimyo.server.names import MAX_NAME, MAX_SKELETON, BadName, account_name, skeleton


@pytest.mark.parametrize("typed", [" carol", "carol ", "CAROL", "  Carol", "\uff43\uff41\uff52\uff4f\uff4c", "caro\uff4c"])
def test_variants_of_a_name_have_its_key(typed):
    assert account_name(typed).key == "carol"


def test_inner_spaces_are_collapsed_and_shown_as_typed_otherwise():
    name = account_name("  Ed    Wood ")
    assert (name.shown, name.key) == ("Ed Wood", "ed wood")


@pytest.mark.parametrize("look_alike", ["\u0430lice", "aIice", "a1ice", "A|ice", "\u0391lice", "al\u0456ce", "alic\u00e9",
                                        "alice\u0301", "\u0430\u04cf\u0456\u0441\u0435"])
def test_look_alikes_share_the_skeleton(look_alike):
    assert account_name(look_alike).skeleton == account_name("alice").skeleton


@pytest.mark.parametrize(("one", "other"), [("B0b", "Bob"), ("AlICE", "ALICE"), ("rnary", "mary"), ("vvill", "will"), ("O\u2019Neil", "O'Neil")])
def test_more_look_alikes(one, other):
    assert skeleton(account_name(one).shown) == skeleton(account_name(other).shown)


@pytest.mark.parametrize(("one", "other"), [("alice", "alicia"), ("bob", "rob"), ("kim", "tim"), ("ann", "anne")])
def test_different_names_stay_apart(one, other):
    assert account_name(one).skeleton != account_name(other).skeleton


@pytest.mark.parametrize("bad", ["a", "", "   ", "x" * (MAX_NAME + 1), "Ana\n", "tab\there", "wide\u3000space", "\u3164\u3164", None, 7,
                                 "\u00df" * 30])   # 30 sharp s fold to 60 letters: too long a key
def test_a_bad_name_is_refused_naming_the_rule(bad):
    with pytest.raises(BadName, match="name: 2 to 40 printable characters"):
        account_name(bad)


@given(st.text(max_size=60))
def test_any_text_is_a_name_in_normal_form_or_refused(text):
    try:
        name = account_name(text)
    except BadName:
        return
    assert 2 <= len(name.shown) <= MAX_NAME and len(name.key) <= MAX_NAME and len(name.skeleton) <= MAX_SKELETON
    assert account_name(name.shown) == name and account_name(f" {name.key} ").key == name.key
    assert "\t" not in name.skeleton   # a migrated account's own skeleton is marked with a tab (migration 0006)
