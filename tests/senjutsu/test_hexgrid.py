"""Battlefield geometry: hexes, facings, line of sight and shortest paths, against hand-computed cases."""

from daimyo.senjutsu.hexgrid import (all_shortest_paths_cross, battlefield, cell_hex, distance, front_corners, line_of_sight,
                                     rotate)


def test_battlefield_setup_one_board_has_37_hexes_and_two_boards_join():
    """Battlefield Setup: one board is a hexagon of 37 hexes (rows 4-5-6-7-6-5-4); two boards join along an edge."""
    one = battlefield("one")
    assert len(one) == 37
    columns = sorted({q for q, _ in one})
    assert [sum(1 for h in one if h[0] == q) for q in columns] == [4, 5, 6, 7, 6, 5, 4]
    two = battlefield("two")
    assert len(two) == 74
    # the boards touch: some hex of the first is adjacent to some hex of the second
    second = two - one
    assert any(distance(a, b) == 1 for a in one for b in second)


def test_movement_cells_are_relative_to_facing():
    """Movement / Attacking: grids are relative to the character's position and facing."""
    assert cell_hex((0, 0), 0, "F") == (0, -1)
    assert cell_hex((0, 0), 2, "F") == (1, 0)       # facing se
    assert cell_hex((0, 0), 0, "FR") == (1, -1)
    assert cell_hex((0, 0), 3, "F+F") == (0, 2)      # facing s
    assert rotate((0, -1), 6) == (0, -1)


def test_line_of_sight_front_corners():
    """Line of Sight: lines start at the two front corners (hand-computed in the integer frame)."""
    assert sorted(front_corners((0, 0), 0)) == [(-1, -1), (1, -1)]


def test_line_of_sight_hand_computed_cases():
    """Line of Sight: straight ahead is seen; a rock in between blocks; behind is hidden by the own hex;
    a hex beside is seen (its corner is reached without crossing the own hex)."""
    assert line_of_sight((0, 0), 0, (0, -2), [])
    assert not line_of_sight((0, 0), 0, (0, -2), [(0, -1)])
    assert not line_of_sight((0, 0), 0, (0, 2), [])
    assert not line_of_sight((0, 0), 0, (0, 1), [])
    assert line_of_sight((0, 0), 0, (1, 0), [])      # beside to the front-right
    # a rock diagonally ahead does not hide a hex straight ahead two away: lines pass the other side
    assert line_of_sight((0, 0), 0, (0, -2), [(1, -1)])
    # a terrain hex touching every line: rocks on both front diagonals and straight ahead
    assert not line_of_sight((0, 0), 0, (0, -3), [(0, -1), (1, -2), (-1, -1)])


def test_blocking_shortest_path_hand_computed():
    """Blocking, criterion 2: every tied shortest path must pass a block hex or terrain."""
    board = battlefield("one")
    # straight line two apart: one shortest path, through (0,-1)
    assert all_shortest_paths_cross((0, -2), (0, 0), board, [(0, -1)])
    # (1,-2) to (0,0): two tied paths, via (0,-1) or via (1,-1); blocking one is not enough
    assert not all_shortest_paths_cross((1, -2), (0, 0), board, [(0, -1)])
    assert all_shortest_paths_cross((1, -2), (0, 0), board, [(0, -1), (1, -1)])
    # adjacent characters: no hex between them
    assert not all_shortest_paths_cross((0, -1), (0, 0), board, [(0, -1)])


def test_line_of_sight_blind_spot_is_a_cone_behind():
    """Line of Sight (our literal reading): lines may pass outside the own hex, so only a cone straight behind is hidden:
    the hex behind, the three hexes behind at distance two, and the three straight behind at distance three (from the
    centre of one board: seven hexes)."""
    from daimyo.senjutsu.hexgrid import hexagon
    seen = {h: line_of_sight((0, 0), 0, h, []) for h in hexagon((0, 0), 3) - {(0, 0)}}
    hidden = sorted(h for h, ok in seen.items() if not ok)
    assert hidden == [(-1, 2), (-1, 3), (0, 1), (0, 2), (0, 3), (1, 1), (1, 2)]
