"""The cover looks written for the computer's speed (issue 20) answer exactly what the plain forms they replace answer."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.battlefield import EdgeKind, parse_ascii
from game.core.grid import Square, footprint
from game.core.lines import cover_line_counter, cover_line_verdicts, cover_lines_blocked
from game.rulesets.d20modern.ai import least_cover
from game.rulesets.d20modern.cover import DEFENSE_BONUS, cover_degree, crosses_interior
from game.rulesets.dnd4e.ai.tactics import STYLES, Planner
from support import BOW, SWORD, Unit, battle

WIDTH, HEIGHT = 12, 9
ROWS = st.lists(st.text(alphabet="....#o%", min_size=WIDTH, max_size=WIDTH), min_size=HEIGHT, max_size=HEIGHT)
SQUARES = st.tuples(st.integers(0, WIDTH - 1), st.integers(0, HEIGHT - 1))
EDGES = st.lists(st.tuples(SQUARES, st.booleans(), st.sampled_from([EdgeKind.WALL, EdgeKind.LOW_WALL, EdgeKind.WINDOW])),
                 max_size=4)


def _battlefield(rows: list[str], edges: list[tuple[Square, bool, EdgeKind]]):
    found = {}
    for (x, y), down, kind in edges:
        there = (x, y + 1) if down else (x + 1, y)
        if there[0] < WIDTH and there[1] < HEIGHT:
            found[((x, y), there)] = kind
    return parse_ascii(rows, edges=tuple(found.items()))


def _corners(space: tuple[Square, int]) -> list[tuple[int, int]]:
    (x0, y0), side = space
    return [(x, y) for y in range(y0, y0 + side + 1) for x in range(x0, x0 + side + 1)]


@settings(max_examples=120, deadline=None)
@given(ROWS, EDGES, SQUARES, st.integers(1, 2), SQUARES, st.integers(1, 2))
def test_4e_s14_one_counter_per_pair_counts_each_line_as_the_line_by_line_verdicts(rows, edges, a, a_side, b, b_side):
    # The pair's counter takes its quick tests whenever no edge obstacle is near the two spaces; the verdicts never do.
    bf = _battlefield(rows, edges)
    origin, target = (a, a_side), (b, b_side)
    count = cover_line_counter(bf, origin, target)
    own = footprint(*origin)
    for corner in _corners(origin):
        for square in footprint(*target):
            verdicts = sum(cover_line_verdicts(bf, corner, square, attacker_squares=own))
            if bf.in_bounds(square) and bf.at(square).cover:
                verdicts = max(verdicts, 1)          # §14 [IMPL]: cover in the target's own square
            assert count(corner, square) == verdicts
            assert cover_lines_blocked(bf, corner, square, attacker_squares=own) == verdicts


def _clipped_by_fractions(a: tuple[int, int], b: tuple[int, int], box: tuple[Square, int]) -> bool:
    """Liang-Barsky clipping as first written, with Fraction."""
    (bx0, by0), side = box
    lo, hi = Fraction(0), Fraction(1)
    for p0, d, low, high in ((a[0], b[0] - a[0], bx0, bx0 + side), (a[1], b[1] - a[1], by0, by0 + side)):
        if d == 0:
            if not low < p0 < high:
                return False
            continue
        t1, t2 = Fraction(low - p0, d), Fraction(high - p0, d)
        lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
        if lo >= hi:
            return False
    return lo < hi


POINTS = st.tuples(st.integers(-3, 12), st.integers(-3, 12))


@given(POINTS, POINTS, st.tuples(st.integers(-2, 10), st.integers(-2, 10)), st.integers(1, 4))
def test_d20_cov_04_a_line_crosses_a_space_exactly_when_clipping_by_fractions_says_so(a, b, top_left, side):
    assert crosses_interior(a, b, (top_left, side)) == _clipped_by_fractions(a, b, (top_left, side))


@settings(max_examples=60, deadline=None)
@given(ROWS, EDGES, st.lists(SQUARES, max_size=5), SQUARES)
def test_d20_cov_01_the_least_cover_against_the_shooters_is_the_minimum_over_all_of_them(rows, edges, shooters, square):
    bf = _battlefield(rows, edges)
    spaces = [(s, 1) for s in shooters]
    expected = min((DEFENSE_BONUS[cover_degree(bf, s, (square, 1))] for s in spaces), default=0)
    assert least_cover(bf, spaces, (square, 1)) == expected


def test_4e_the_danger_of_a_square_without_cover_looks_is_the_archer_loop_with_none():
    # ``hurt`` on every square a decision scores reads each archer's numbers once; with no cover looks the exact
    # loop gives the same sum, archer by archer in the same order, down to the last bit.
    rows = ["..........%...",
            ".D......C.....",
            "....A.....%...",
            ".E.......o....",
            "...........F..",
            "..%..........."]
    units = {"A": Unit(attacks=(SWORD, BOW)), "C": Unit(side="red", attacks=(BOW,)),
             "D": Unit(side="red", attacks=(SWORD, BOW)), "E": Unit(side="red", attacks=(SWORD,)),
             "F": Unit(side="red", attacks=(BOW,), speed=4)}
    state, ids = battle(rows, units)
    planner = Planner(state, ids["A"], replace(STYLES["normal"], archers=0))
    squares = [(x, y) for y in range(-1, len(rows) + 1) for x in range(-1, len(rows[0]) + 1)]
    assert len(planner._archers()) == 3
    assert [planner.hurt(q) for q in squares] == [planner.hurt(q, exact=True) for q in squares]
    assert any(planner.hurt(q) for q in squares) and len({planner.hurt(q) for q in squares}) > 3
