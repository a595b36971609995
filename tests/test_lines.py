"""Line of sight, line of effect and cover lines on tiny ASCII battlefields (4e-combat.md §6, §14, §15)."""

from __future__ import annotations

from fractions import Fraction
from typing import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.battlefield import Battlefield, EdgeKind, Obscurement, Terrain, parse_ascii
from game.core.grid import Square
from game.core.lines import (
    best_cover_lines,
    can_see_square,
    cover_lines_blocked,
    line_of_effect,
    line_of_sight,
    segment_blocked,
)


def find(rows: list[str], ch: str) -> Square:
    """The square marked with `ch` (exactly one must exist)."""
    hits = [(x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c == ch]
    assert len(hits) == 1, f"expected one {ch!r}, found {hits}"
    return hits[0]


def one(square: Square) -> tuple[Square, int]:
    """A medium (1x1) space."""
    return (square, 1)


def solid_squares(bf: Battlefield, *free: Square) -> Callable[[Square], bool]:
    """The line-of-effect square predicate: solid squares block, `free` squares never do."""
    return lambda sq: sq not in free and bf.at(sq).solid


def sight_squares(bf: Battlefield, *free: Square) -> Callable[[Square], bool]:
    """The line-of-sight square predicate: opaque, heavily or totally obscured squares block."""
    return lambda sq: sq not in free and (bf.at(sq).opaque or bf.at(sq).obscured >= Obscurement.HEAVY)


def no_edges(a: Square, b: Square) -> bool:
    return False


def corners(square: Square) -> list[tuple[int, int]]:
    x, y = square
    return [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]


# --- §6: line of sight and line of effect -----------------------------------------------------

def test_clear_sight_and_effect_on_open_ground() -> None:
    rows = ["A....",
            ".....",
            "....B"]
    bf = parse_ascii(rows)
    a, b = one(find(rows, "A")), one(find(rows, "B"))
    assert line_of_sight(bf, a, b)
    assert line_of_effect(bf, a, b)


def test_wall_between_blocks_sight_and_effect() -> None:
    rows = ["..#..",
            "A.#.B",
            "..#.."]
    bf = parse_ascii(rows)
    a, b = one(find(rows, "A")), one(find(rows, "B"))
    assert not line_of_sight(bf, a, b)
    assert not line_of_effect(bf, a, b)


def test_single_wall_in_open_room_does_not_block_lines_around_it() -> None:
    rows = [".....",
            "A.#.B",
            "....."]
    bf = parse_ascii(rows)
    a, b = one(find(rows, "A")), one(find(rows, "B"))
    assert line_of_sight(bf, a, b)
    assert line_of_effect(bf, a, b)


def test_line_grazing_a_walls_outer_face_is_not_blocked() -> None:
    # A17: only a blocking square's interior blocks. The wall row below runs from x=1 to x=4; a line
    # along y=2 touches its top faces, with open ground above, so it grazes.
    rows = [".....",
            ".....",
            ".###."]
    bf = parse_ascii(rows)
    bs = solid_squares(bf)
    assert not segment_blocked((0, 2), (5, 2), bs, no_edges)   # along the walls' top faces
    assert segment_blocked((0, 3), (4, 2), bs, no_edges)       # cuts through (1, 2)'s interior
    # Touching just a corner point of a wall does not block either.
    assert not segment_blocked((0, 3), (2, 1), bs, no_edges)   # passes (1, 2)'s top-left corner
    assert not segment_blocked((0, 0), (1, 2), bs, no_edges)   # ends on that corner
    assert segment_blocked((0, 1), (2, 3), bs, no_edges)       # enters (1, 2) from its corner


def test_seam_between_side_by_side_walls_blocks() -> None:
    # Query contract: walls are solid, so a line along the edge shared by two wall squares is blocked.
    rows = ["A###.",
            ".###B"]
    bf = parse_ascii(rows)
    bs = solid_squares(bf)
    assert segment_blocked((1, 1), (4, 1), bs, no_edges)       # between the two wall rows
    assert segment_blocked((1, 2), (4, 2), bs, no_edges)       # between the walls and the map edge
    a, b = one(find(rows, "A")), one(find(rows, "B"))
    # Every line from A to B must cross x = 1..4 inside the wall rows or along a seam (the map edges
    # count as walls), so there is no line at all.
    assert not line_of_effect(bf, a, b)
    assert not line_of_sight(bf, a, b)


def test_seam_with_the_map_edge_blocks_but_a_face_in_the_open_does_not() -> None:
    rows = ["A###B",
            "....."]
    bf = parse_ascii(rows)
    bs = solid_squares(bf)
    # y = 0 is the seam between the off-map wall row and the wall squares: blocked.
    assert segment_blocked((1, 0), (4, 0), bs, no_edges)
    # y = 1 is the walls' bottom face with open ground below: it grazes.
    assert not segment_blocked((1, 1), (4, 1), bs, no_edges)
    assert line_of_effect(bf, one(find(rows, "A")), one(find(rows, "B")))


def test_pinch_point_between_corner_touching_walls_blocks() -> None:
    # An anti-diagonal wall: neighbouring walls touch only at corners. A line from A's corner (1, 1)
    # to B's corner (3, 3) runs through open squares (1, 1) and (2, 2) but passes the point (2, 2)
    # where walls (2, 1) and (1, 2) touch, so it is blocked; the map edge closes every way round.
    rows = ["A..#",
            "..#.",
            ".#..",
            "#..B"]
    bf = parse_ascii(rows)
    bs = solid_squares(bf)
    assert segment_blocked((1, 1), (3, 3), bs, no_edges)
    assert segment_blocked((0, 2), (4, 2), bs, no_edges)    # along the axis through the pinch, too
    a, b = one(find(rows, "A")), one(find(rows, "B"))
    assert not line_of_effect(bf, a, b)
    assert not line_of_sight(bf, a, b)


def test_diagonal_neighbours_across_a_pinch_have_no_lines() -> None:
    # The shared corner is a pinch between the two walls: you cannot look out through it.
    rows = ["A#",
            "#B"]
    bf = parse_ascii(rows)
    a, b = one(find(rows, "A")), one(find(rows, "B"))
    assert not line_of_effect(bf, a, b)
    assert not line_of_sight(bf, a, b)
    assert best_cover_lines(bf, a, b) == 4


def test_diagonal_neighbours_beside_a_single_wall_see_each_other() -> None:
    rows = ["A#",
            ".B"]
    bf = parse_ascii(rows)
    assert line_of_effect(bf, one(find(rows, "A")), one(find(rows, "B")))
    assert line_of_sight(bf, one(find(rows, "A")), one(find(rows, "B")))


def test_heavy_fog_between_blocks_sight_but_not_effect() -> None:
    # §6: fog, darkness and other obscured squares block line of sight, not line of effect.
    rows = ["..%..",
            "A.%.B",
            "..%.."]
    bf = parse_ascii(rows)
    a, b = one(find(rows, "A")), one(find(rows, "B"))
    assert not line_of_sight(bf, a, b)
    assert line_of_effect(bf, a, b)


def test_darkness_between_blocks_sight_but_not_effect() -> None:
    rows = ["..*..",
            "A.*.B",
            "..*.."]
    bf = parse_ascii(rows)
    a, b = one(find(rows, "A")), one(find(rows, "B"))
    assert not line_of_sight(bf, a, b)
    assert line_of_effect(bf, a, b)


def test_light_fog_does_not_block_sight_and_light_fog_target_is_visible() -> None:
    # A18: lightly obscured squares are visible (they give concealment only).
    rows = ["..:..",
            "A.:.:",
            "..:.."]
    bf = parse_ascii(rows)
    a = one(find(rows, "A"))
    assert can_see_square(bf, a, (4, 1))
    assert line_of_sight(bf, a, one((4, 1)))


def test_darkness_target_is_never_visible() -> None:
    # A18: totally obscured squares are not visible, not even adjacent ones; effect still reaches.
    rows = ["A*..*"]
    bf = parse_ascii(rows)
    a = one(find(rows, "A"))
    assert not can_see_square(bf, a, (1, 0))
    assert not can_see_square(bf, a, (4, 0))
    assert not line_of_sight(bf, a, one((1, 0)))
    assert line_of_effect(bf, a, one((1, 0)))


def test_darkness_in_the_viewers_own_square_is_not_visible() -> None:
    # Ruling: darkness hides even the viewer's own square (§15.2 makes no exception).
    rows = ["*.."]
    bf = parse_ascii(rows)
    assert not can_see_square(bf, one((0, 0)), (0, 0))
    assert can_see_square(bf, one((0, 0)), (2, 0))   # a viewer in darkness still sees out


def test_heavy_fog_target_visible_only_when_adjacent() -> None:
    # A18: heavily obscured squares are visible only when adjacent to the viewer.
    rows = ["A%...",
            ".%...",
            "....%"]
    bf = parse_ascii(rows)
    a = one(find(rows, "A"))
    assert can_see_square(bf, a, (1, 0))        # orthogonally adjacent
    assert can_see_square(bf, a, (1, 1))        # diagonally adjacent
    assert not can_see_square(bf, a, (4, 2))    # not adjacent, though nothing stands in between
    assert line_of_effect(bf, a, one((4, 2)))
    # A large viewer is adjacent to more squares.
    assert can_see_square(bf, ((2, 1), 2), (4, 2))


def test_blocks_effect_square_blocks_effect_not_sight() -> None:
    # §6: a transparent wall of force blocks line of effect but not line of sight.
    rows = ["..F..",
            "A.F.B",
            "..F.."]
    bf = parse_ascii(rows, extra={"F": Terrain(blocks_effect=True)})
    a, b = one(find(rows, "A")), one(find(rows, "B"))
    assert line_of_sight(bf, a, b)
    assert not line_of_effect(bf, a, b)


def test_blocks_sight_square_blocks_sight_not_effect() -> None:
    # §6: a thick curtain blocks vision but not effect.
    rows = ["..C..",
            "A.C.B",
            "..C.."]
    bf = parse_ascii(rows, extra={"C": Terrain(blocks_sight=True)})
    a, b = one(find(rows, "A")), one(find(rows, "B"))
    assert not line_of_sight(bf, a, b)
    assert line_of_effect(bf, a, b)


def _edge_column(x: int, height: int, kind: EdgeKind) -> tuple:
    """An edge obstacle between columns x and x + 1 on every row."""
    return tuple((((x, y), (x + 1, y)), kind) for y in range(height))


def test_window_edge_blocks_effect_not_sight() -> None:
    rows = ["A...",
            "....",
            "...B"]
    bf = parse_ascii(rows, edges=_edge_column(1, 3, EdgeKind.WINDOW))
    a, b = one(find(rows, "A")), one(find(rows, "B"))
    assert line_of_sight(bf, a, b)
    assert not line_of_effect(bf, a, b)


def test_wall_edge_blocks_sight_and_effect() -> None:
    rows = ["A...",
            "....",
            "...B"]
    bf = parse_ascii(rows, edges=_edge_column(1, 3, EdgeKind.WALL))
    a, b = one(find(rows, "A")), one(find(rows, "B"))
    assert not line_of_sight(bf, a, b)
    assert not line_of_effect(bf, a, b)


def test_low_wall_edge_blocks_neither_sight_nor_effect() -> None:
    rows = ["A...",
            "....",
            "...B"]
    bf = parse_ascii(rows, edges=_edge_column(1, 3, EdgeKind.LOW_WALL))
    a, b = one(find(rows, "A")), one(find(rows, "B"))
    assert line_of_sight(bf, a, b)
    assert line_of_effect(bf, a, b)


def test_short_wall_edge_can_be_passed_at_its_end_but_not_crossed() -> None:
    # One wall edge between (1, 1) and (2, 1): x = 2, y from 1 to 2.
    bf = parse_ascii(["....", "....", "...."], edges=((((1, 1), (2, 1)), EdgeKind.WALL),))
    bs = solid_squares(bf)

    def blocks_wall_edge(a: Square, b: Square) -> bool:
        return bf.edge(a, b) == EdgeKind.WALL

    assert segment_blocked((0, Fraction(3, 2)), (4, Fraction(3, 2)), bs, blocks_wall_edge)   # crosses it
    assert segment_blocked((2, 0), (2, 3), bs, blocks_wall_edge)                             # runs along it
    assert not segment_blocked((0, 1), (4, 1), bs, blocks_wall_edge)                         # touches its end
    assert not segment_blocked((1, 0), (3, 2), bs, blocks_wall_edge)                         # through its end


def test_two_pillar_gap_shows_the_middle_of_a_target_whose_corners_are_all_shadowed() -> None:
    # §6: "any part of the target's space", not just its corners. From V's corner (1, 0) the target
    # T (square [11, 12] x [2, 3]) is seen through the gap between pillars P1 = (4, 1) and P2 = (10, 1):
    # - the line to T's near-bottom corner (11, 3) has slope 3/10: at x = 4..5 it is at y = 0.9..1.2,
    #   inside P1; to (12, 3), slope 3/11: y = 0.82..1.09 there, inside P1 too;
    # - the line to (11, 2) has slope 1/5: at x = 10..11 it is at y = 1.8..2.0, inside P2; to
    #   (12, 2), slope 2/11: y = 1.64..1.82 there, inside P2 too;
    # - the line to T's centre (11.5, 2.5) has slope 5/21: it passes x = 4..5 at y = 0.71..0.95
    #   (above P1), x = 10..11 at y = 2.14..2.38 (below P2), and misses the pillar (9, 3) below,
    #   which only shadows the other corners of V.
    rows = ["V...........",
            "....#.....#.",
            "...........T",
            ".........#.."]
    bf = parse_ascii(rows)
    v, t = find(rows, "V"), find(rows, "T")
    bs = sight_squares(bf, v, t)
    for c in corners(v):
        for q in corners(t):
            assert segment_blocked(c, q, bs, no_edges, p_squares=[v], q_squares=[t]), (c, q)
    centre = (Fraction(23, 2), Fraction(5, 2))
    assert not segment_blocked((1, 0), centre, bs, no_edges, p_squares=[v], q_squares=[t])
    assert line_of_sight(bf, one(v), one(t))
    assert line_of_effect(bf, one(v), one(t))


def test_exact_sweep_finds_the_single_open_line_through_aligned_pillar_corners() -> None:
    # From V's corner (12, 6) the only open line to T (square [2, 3] x [3, 4]) has slope 1/4: it
    # touches P2 = (7, 5) only at its corner (8, 5) and P1 = (4, 3) only at its corner (4, 4), then
    # enters T through its right side at (3, 15/4). Every corner-to-corner and corner-to-centre line
    # is blocked, so only an exact search over critical directions finds it; a hair either side of
    # it cuts through a pillar.
    rows = ["............",
            "............",
            "............",
            "....#.......",
            "............",
            ".......#....",
            "...........V"]
    bf = parse_ascii(rows)
    v, t = find(rows, "V"), (2, 3)
    bs = solid_squares(bf, v, t)
    centre = (Fraction(5, 2), Fraction(7, 2))
    for c in corners(v):
        for q in [*corners(t), centre]:
            assert segment_blocked(c, q, bs, no_edges, p_squares=[v], q_squares=[t]), (c, q)
    assert not segment_blocked((12, 6), (3, Fraction(15, 4)), bs, no_edges, p_squares=[v], q_squares=[t])
    assert segment_blocked((12, 6), (3, Fraction(15, 4) + Fraction(1, 100)), bs, no_edges)
    assert segment_blocked((12, 6), (3, Fraction(15, 4) - Fraction(1, 100)), bs, no_edges)
    assert line_of_effect(bf, one(v), one(t))
    assert line_of_sight(bf, one(v), one(t))


def test_line_of_effect_is_not_always_symmetric() -> None:
    # §6 draws lines from a corner of yours to any point of theirs. From B's corner (10, 3) a line of
    # slope 1/4 grazes the corners (6, 2) and (2, 1) of two walls and reaches A's right side at
    # (1, 3/4); no corner of A has such a line back to B.
    rows = ["A.#......#",
            "..........",
            "..#..#....",
            "...#.....B",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            ".#.....#.."]
    bf = parse_ascii(rows)
    a, b = one(find(rows, "A")), one(find(rows, "B"))
    assert line_of_effect(bf, b, a)
    assert not line_of_effect(bf, a, b)


def test_large_target_is_seen_when_any_of_its_squares_is() -> None:
    # §6: lines go to any part of the target's space. Walls (2, 0) and (2, 1) hide a medium target
    # at (4, 1) from A, but a large target there also fills row 2, which A sees past the wall.
    rows = ["A.#...",
            "..#...",
            "......"]
    bf = parse_ascii(rows)
    a = one(find(rows, "A"))
    assert not line_of_sight(bf, a, ((4, 1), 1))
    assert not line_of_effect(bf, a, ((4, 1), 1))
    assert line_of_sight(bf, a, ((4, 1), 2))
    assert line_of_effect(bf, a, ((4, 1), 2))


def test_large_viewer_may_use_any_corner_of_its_space() -> None:
    # The same hidden square, seen by a large creature whose corner (2, 2) looks along the walls'
    # bottom face (it grazes).
    rows = ["A.#...",
            "..#...",
            "......"]
    bf = parse_ascii(rows)
    assert not line_of_sight(bf, one((0, 0)), one((4, 1)))
    assert line_of_sight(bf, ((0, 0), 2), one((4, 1)))
    assert line_of_effect(bf, ((0, 0), 2), one((4, 1)))


def test_fog_in_a_large_targets_own_squares_hides_its_squares_behind() -> None:
    # Ruling: each target square is judged on its own (only the square looked at and the viewer's
    # squares never block), so the large target's own fogged front squares (3, 0) and (3, 1) hide
    # its clear back squares: every line to x = 4 crosses the fog or the seam between fog squares.
    rows = ["A..%.",
            "...%."]
    bf = parse_ascii(rows)
    a, target = one(find(rows, "A")), ((3, 0), 2)
    assert not can_see_square(bf, a, (4, 0))
    assert not can_see_square(bf, a, (3, 0))    # heavy fog, not adjacent
    assert not line_of_sight(bf, a, target)
    assert line_of_effect(bf, a, target)


def test_off_map_squares_count_as_walls() -> None:
    bf = parse_ascii(["A.#"])
    bs = solid_squares(bf)
    assert not can_see_square(bf, one((0, 0)), (3, 0))
    assert segment_blocked((0, 0), (Fraction(1, 2), Fraction(-1, 2)), bs, no_edges)   # off-map interior
    assert not segment_blocked((0, 0), (2, 0), bs, no_edges)   # along the map edge over open ground
    assert segment_blocked((0, 0), (3, 0), bs, no_edges)       # then the seam of wall and map edge


# --- §14: cover -------------------------------------------------------------------------------

def test_pillar_between_gives_cover() -> None:
    # From A's corner (1, 1): the lines to B's top corners (4, 1) and (5, 1) run along the pillar's
    # top face (not blocked, §14 step 4); those to (4, 2) and (5, 2) cut through it. The other
    # corners of A do no better, so 2 lines are blocked: cover.
    rows = [".....",
            "A.o.B",
            "....."]
    bf = parse_ascii(rows)
    a, b = find(rows, "A"), find(rows, "B")
    assert cover_lines_blocked(bf, (1, 1), b) == 2
    assert best_cover_lines(bf, one(a), one(b)) == 2
    # A cover feature does not block sight or effect (query contract legend).
    assert line_of_sight(bf, one(a), one(b))
    assert line_of_effect(bf, one(a), one(b))


def test_arrow_slit_gives_superior_cover_with_line_of_effect() -> None:
    # §14: "superior cover ... an arrow slit". B stands behind the gap (4, 3) in a wall. From A's
    # best corner (1, 0), only the line to B's corner (5, 4) fits through the gap (slope 1, passing
    # the gap's corner (4, 3) and crossing the gap square); the other three cut through the wall
    # squares left of the gap. 3 blocked lines with line of effect: superior cover.
    rows = ["A.......",
            "........",
            "........",
            "####.###",
            "....B..."]
    bf = parse_ascii(rows)
    a, b = one(find(rows, "A")), one(find(rows, "B"))
    assert cover_lines_blocked(bf, (1, 0), b[0]) == 3
    assert best_cover_lines(bf, a, b) == 3
    assert line_of_effect(bf, a, b)
    # Standing squarely in front of the slit there is no cover at all.
    assert best_cover_lines(bf, one((4, 0)), b) == 0


def test_line_along_the_face_of_an_obstacle_is_not_blocked_for_cover() -> None:
    # §14 step 4: from (1, 2) the lines to B's top corners run along the walls' top faces.
    rows = [".....",
            "A....",
            ".###B"]
    bf = parse_ascii(rows)
    b = find(rows, "B")
    assert cover_lines_blocked(bf, (1, 2), b) == 2      # only the two lines to the bottom corners
    # Along the seam between two obstacles the line is blocked.
    seam = parse_ascii([".....", "A###.", ".###B"])
    assert cover_lines_blocked(seam, (1, 2), b) == 4


def test_low_wall_edge_in_front_of_the_target_gives_cover() -> None:
    # §14: "it stands behind a low wall". The low wall lies on B's near side (x = 4, y from 1 to 2).
    rows = ["A....",
            "....B",
            "....."]
    low_wall = ((((3, 1), (4, 1)), EdgeKind.LOW_WALL),)
    bf = parse_ascii(rows, edges=low_wall)
    a, b = one(find(rows, "A")), one(find(rows, "B"))
    assert best_cover_lines(parse_ascii(rows), a, b) == 0
    assert 1 <= best_cover_lines(bf, a, b) <= 2
    # It blocks neither sight nor effect.
    assert line_of_sight(bf, a, b)
    assert line_of_effect(bf, a, b)


def test_creature_in_the_way_gives_cover_only_when_the_caller_lists_it() -> None:
    # §14 creature cover: the ruleset decides which creatures count (enemies, ranged attacks only).
    rows = [".....",
            "A.E.B",
            "....."]
    bf = parse_ascii(rows)
    a, e, b = find(rows, "A"), find(rows, "E"), find(rows, "B")
    assert best_cover_lines(bf, one(a), one(b)) == 0
    assert best_cover_lines(bf, one(a), one(b), extra_blockers=[e]) == 2
    # A creature never gives cover against itself, nor does the attacker's own square.
    assert best_cover_lines(bf, one(a), one(b), extra_blockers=[a, b]) == 0


def test_cover_feature_in_the_targets_own_square_gives_cover() -> None:
    # §14 [IMPL]: terrain in the target's own square, such as a small tree, gives cover directly.
    rows = ["A...o"]
    bf = parse_ascii(rows)
    a = one(find(rows, "A"))
    assert cover_lines_blocked(bf, (1, 0), (4, 0)) == 1
    assert best_cover_lines(bf, a, one((4, 0))) == 1
    # In the attacker's own square (or an area attack's origin square) it gives nothing.
    assert best_cover_lines(parse_ascii(["o...A"]), one((0, 0)), one((4, 0))) == 0


def test_cover_is_judged_from_the_best_origin_corner_and_target_square() -> None:
    # §14 [IMPL]: the attacker picks the corner and the target square that give the least cover.
    rows = [".....",
            "A.o..",
            "....."]
    bf = parse_ascii(rows)
    a = one(find(rows, "A"))
    assert best_cover_lines(bf, a, one((4, 1))) == 2
    assert best_cover_lines(bf, a, ((3, 1), 2)) == 0     # a large target's lower squares are in the open


# --- properties -------------------------------------------------------------------------------

_rows = st.integers(2, 6).flatmap(
    lambda w: st.lists(st.text(alphabet="....#", min_size=w, max_size=w), min_size=2, max_size=6))


Case = tuple[list[str], Square, Square]


@st.composite
def _grid_and_two_squares(draw: st.DrawFn) -> Case:
    rows = draw(_rows)
    w, h = len(rows[0]), len(rows)
    a = (draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1)))
    b = (draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1)))
    return rows, a, b


@settings(max_examples=200, deadline=None)
@given(_grid_and_two_squares(), st.integers(0, 5), st.integers(0, 5))
def test_adding_a_wall_never_clears_a_blocked_line(case: Case, wx: int, wy: int) -> None:
    rows, a, b = case
    bf = parse_ascii(rows)
    grid = [list(r) for r in rows]
    grid[wy % len(rows)][wx % len(rows[0])] = "#"
    walled = parse_ascii(["".join(r) for r in grid])
    if not line_of_effect(bf, one(a), one(b)):
        assert not line_of_effect(walled, one(a), one(b))
    if not line_of_sight(bf, one(a), one(b)):
        assert not line_of_sight(walled, one(a), one(b))
    assert best_cover_lines(walled, one(a), one(b)) >= best_cover_lines(bf, one(a), one(b))


@settings(max_examples=200, deadline=None)
@given(_grid_and_two_squares(), *[st.integers(0, 24)] * 4)
def test_segment_blocked_does_not_depend_on_direction(case: Case, px: int, py: int, qx: int, qy: int) -> None:
    rows, _a, _b = case
    bf = parse_ascii(rows)
    w, h = len(rows[0]), len(rows)
    p = (Fraction(px % (4 * w + 1), 4), Fraction(py % (4 * h + 1), 4))
    q = (Fraction(qx % (4 * w + 1), 4), Fraction(qy % (4 * h + 1), 4))
    bs = solid_squares(bf)
    assert segment_blocked(p, q, bs, no_edges) == segment_blocked(q, p, bs, no_edges)


@settings(max_examples=150, deadline=None)
@given(_grid_and_two_squares(), st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.booleans()),
                                         max_size=6))
def test_any_sampled_clear_line_means_line_of_effect(case: Case, walls: list[tuple[int, int, bool]]) -> None:
    # The exact search must never miss a line that plain sampling of the target finds.
    rows, a, b = case
    w, h = len(rows[0]), len(rows)
    edges = {}
    for x, y, down in walls:
        here = (x % w, y % h)
        there = (here[0], here[1] + 1) if down else (here[0] + 1, here[1])
        if there[0] < w and there[1] < h:
            edges[(here, there)] = EdgeKind.WALL
    bf = parse_ascii(rows, edges=tuple(edges.items()))
    bs = solid_squares(bf, a, b)

    def be(p: Square, q: Square) -> bool:
        return bf.edge(p, q) is not None

    samples = [(b[0] + Fraction(i, 4), b[1] + Fraction(j, 4)) for i in range(5) for j in range(5)]
    sampled = any(not segment_blocked(c, q, bs, be, p_squares=[a], q_squares=[b])
                  for c in corners(a) for q in samples)
    if sampled:
        assert line_of_effect(bf, one(a), one(b))


@settings(max_examples=150, deadline=None)
@given(_grid_and_two_squares(), st.lists(st.sampled_from(".:%*o#"), min_size=4, max_size=4))
def test_sight_implies_effect_without_windows_or_force_walls(case: Case, extra: list[str]) -> None:
    # On ASCII maps every solid square is also opaque, and no window edges: sight implies effect.
    rows, a, b = case
    grid = [list(r) for r in rows]
    for i, ch in enumerate(extra):
        grid[i % len(rows)][(i * 3) % len(rows[0])] = ch
    bf = parse_ascii(["".join(r) for r in grid])
    if line_of_sight(bf, one(a), one(b)):
        assert line_of_effect(bf, one(a), one(b))


def test_squares_of_the_source_and_target_spaces_never_block() -> None:
    # Footprints can overlap walls in odd data; the spaces themselves still never block their lines.
    rows = ["#..#"]
    bf = parse_ascii(rows)
    assert line_of_effect(bf, one((0, 0)), one((3, 0)))
    assert line_of_effect(bf, ((0, 0), 1), ((2, 0), 1))
    assert not line_of_effect(parse_ascii(["..#."]), one((0, 0)), one((3, 0)))
