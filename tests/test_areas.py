"""Areas of effect (4e-combat.md §5.4-§5.6) on tiny battlefields."""

import pytest

from game.core.areas import area_burst, area_origin_ok, blast_placements, close_blast, close_burst, wall_problem
from game.core.battlefield import parse_ascii

OPEN = parse_ascii(["......."] * 7)


def test_close_burst_1_is_the_ring_around_a_medium_creature_and_excludes_it_5_4():
    squares = close_burst(OPEN, ((3, 3), 1), 1)
    assert len(squares) == 8 and (3, 3) not in squares


def test_close_burst_around_a_large_creature_counts_from_its_whole_space_5_6():
    assert len(close_burst(OPEN, ((2, 2), 2), 1)) == 16 - 4   # the 4x4 block around it minus its 2x2 space


def test_area_burst_2_covers_5_by_5_squares_including_the_origin_5_6():
    assert len(area_burst(OPEN, (3, 3), 2)) == 25


def test_burst_squares_need_line_of_effect_from_the_origin_6():
    bf = parse_ascii([".....",
                      ".###.",
                      ".#.#.",
                      ".###.",
                      "....."])
    reached = area_burst(bf, (2, 2), 2)
    assert reached == [(2, 2)]


def test_blast_is_adjacent_to_the_attacker_and_never_covers_it_5_6():
    placements = blast_placements(((3, 3), 1), 3)
    assert (4, 2) in placements and (0, 2) in placements          # east and west
    assert (2, 2) not in placements                              # would cover the attacker
    assert all((3, 3) not in [(x + dx, y + dy) for dx in range(3) for dy in range(3)] for x, y in placements)
    assert len(placements) == 16


def test_close_blast_reaches_only_squares_with_line_of_effect_5_6():
    bf = parse_ascii([".....",
                      "..#..",
                      "A.#..",
                      "....."])
    reached = close_blast(bf, ((0, 2), 1), (1, 0), 3)
    assert (3, 1) not in reached          # hidden behind the wall (grazing its face would need the seam)
    assert (2, 1) not in reached          # the wall itself
    assert (3, 0) in reached and (1, 2) in reached
    with pytest.raises(ValueError):
        close_blast(bf, ((0, 2), 1), (0, 2), 3)


def test_area_origin_needs_range_and_line_of_effect_5_5():
    bf = parse_ascii(["A.#.."])
    assert area_origin_ok(bf, ((0, 0), 1), (1, 0), 5)
    assert not area_origin_ok(bf, ((0, 0), 1), (3, 0), 5)
    assert not area_origin_ok(OPEN, ((0, 0), 1), (6, 6), 5)


def test_wall_squares_form_one_unbranched_chain_5_6():
    space = ((0, 0), 1)
    assert wall_problem(OPEN, space, [(2, 2), (3, 2), (4, 2), (4, 3)], 4, 10) is None
    assert "more than two" in wall_problem(OPEN, space, [(3, 3), (2, 3), (4, 3), (3, 2)], 4, 10)
    assert "shares no side" in wall_problem(OPEN, space, [(2, 2), (3, 3)], 2, 10)
    assert "exactly 3" in wall_problem(OPEN, space, [(2, 2), (3, 2)], 3, 10)


def test_solid_wall_cannot_fill_an_occupied_square_5_6():
    problem = wall_problem(OPEN, ((0, 0), 1), [(2, 2), (3, 2)], 2, 10, solid=True, occupied=((3, 2),))
    assert problem is not None and "occupied" in problem
