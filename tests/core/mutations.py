"""Changes to valid inputs for the fuzz tests (tests/core/test_input_fuzz.py, tests/server/test_entry_fuzz.py): an item
of a list (a line of a file, a word of an action) dropped, doubled or swapped, or another change the caller makes."""

from __future__ import annotations

from hypothesis import strategies as st


def change(items: list, data, own: tuple[str, ...] = ()) -> tuple[str, int]:
    """Draws a place in ``items`` (not empty) and a change: "drop" (unless it is the last item), "double" and "swap"
    are made here, in place; one of ``own`` is returned, with the place, for the caller to make."""
    i = data.draw(st.integers(0, len(items) - 1), label="at")
    kind = data.draw(st.sampled_from(("drop", "double", "swap", *own)), label="kind")
    if kind == "drop" and len(items) > 1:
        del items[i]
    elif kind == "double":
        items.insert(i, items[i])
    elif kind == "swap":
        j = data.draw(st.integers(0, len(items) - 1), label="other")
        items[i], items[j] = items[j], items[i]
    return kind, i
