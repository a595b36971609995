"""What the computer asks, written for speed (issue 20), answers exactly what the plain forms it replaces answer."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.battlefield import EdgeKind, parse_ascii
from game.core.grid import Square, chebyshev, footprint
from game.ecs.components import Health
from game.core.lines import cover_line_counter, cover_line_verdicts, cover_lines_blocked, line_of_effect
from game.rulesets.d20modern.ai import least_cover
from game.rulesets.d20modern.cover import (
    DEFENSE_BONUS, DEGREES, HALF, TOTAL, _corner_counts, _screened, cover_degree, crosses_interior, screen_index,
)
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
            assert count(corner, square, 4) == verdicts
            assert count(corner, square, 1) >= 1 if verdicts else count(corner, square, 1) == 0
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


def _by_every_count(bf, attacker, target, creatures, target_size):
    """COV-01, COV-04 and COV-06 as first written: every corner line counted in full, then the degree and the screen."""
    if not line_of_effect(bf, attacker, target):
        return TOTAL, None
    own = footprint(*attacker)
    counted = [(cover_lines_blocked(bf, corner, square, attacker_squares=own), corner, square)
               for corner in _corners(attacker) for square in footprint(*target)]
    fewest = min(lines for lines, _, _ in counted)
    tied = [(corner, square) for lines, corner, square in counted if lines == fewest]
    screens = [space for space, size in creatures if size >= target_size and space not in (attacker, target)]
    degree = DEGREES[fewest]
    if fewest < 2 and screens and all(_screened(corner, square, screens) for corner, square in tied):
        degree = HALF
    screen = None
    if fewest < 2:
        screen = next((index for index, (space, size) in enumerate(creatures) if size >= target_size
                       and space not in (attacker, target) and all(_screened(c, q, [space]) for c, q in tied)), None)
    return degree, screen


@settings(max_examples=150, deadline=None)
@given(ROWS, EDGES, SQUARES, st.integers(1, 2), SQUARES, st.integers(1, 2),
       st.lists(st.tuples(SQUARES, st.integers(1, 2), st.integers(1, 4)), max_size=4), st.integers(1, 4))
def test_d20_cov_01_04_06_the_degree_and_the_screen_are_those_of_every_line_counted(rows, edges, a, a_side, b, b_side,
                                                                                    others, target_size):
    bf = _battlefield(rows, edges)
    attacker, target = (a, a_side), (b, b_side)
    creatures = [((square, side), size) for square, side, size in others]
    degree, screen = _by_every_count(bf, attacker, target, creatures, target_size)
    assert cover_degree(bf, attacker, target, creatures, target_size) == degree
    assert screen_index(bf, attacker, target, creatures, target_size) == screen


@settings(max_examples=150, deadline=None)
@given(ROWS, EDGES, SQUARES, st.integers(1, 2), SQUARES, st.integers(1, 2))
def test_d20_cov_01_the_corner_counts_kept_give_the_fewest_and_exactly_the_corners_tied_for_it(rows, edges, a, a_side,
                                                                                              b, b_side):
    # Each count stops one line past the fewest before it; what the degree reads of them is what full counts say.
    bf = _battlefield(rows, edges)
    attacker, target = (a, a_side), (b, b_side)
    kept = _corner_counts(bf, attacker, target)
    if kept is None:
        assert not line_of_effect(bf, attacker, target)
        return
    own = footprint(*attacker)
    full = [cover_lines_blocked(bf, corner, square, attacker_squares=own) for _, corner, square in kept]
    assert [(corner, square) for _, corner, square in kept] == [(c, q) for c in _corners(attacker) for q in footprint(*target)]
    assert min(lines for lines, _, _ in kept) == min(full)
    assert [lines == min(full) for lines, _, _ in kept] == [lines == min(full) for lines in full]


def test_4e_the_enemies_approached_are_the_three_most_interesting_though_far_ones_are_not_weighed():
    rows = ["E.........F.......G.",
            "....................",
            "...H.....A......I...",
            "....................",
            ".J.......K.........L"]
    enemies = "EFGHIJKL"
    units = {"A": Unit(attacks=(SWORD, BOW))} | {e: Unit(side="red", attacks=(SWORD,)) for e in enemies}
    state, ids = battle(rows, units)
    state.world.add(ids["I"], Health(5))               # bloodied: two squares nearer in interest
    planner = Planner(state, ids["A"], STYLES["normal"])

    def interest(foe):
        hurtable = max((planner._rough(p, foe.entity, 0) for p, _ in planner._attack_powers()), default=1.0)
        bloodied = state.hp(foe.entity) <= state.stats(foe.entity).bloodied_value
        return (chebyshev(foe.space[0], planner.home) - 2 * bloodied + (20 if hurtable < 0.5 else 0), foe.entity)

    goals = planner.approach().goals
    assert len(planner._roughs) < len(planner.foes) * len(planner._attack_powers())
    assert goals == [foe.space[0] for foe in sorted(planner.foes, key=interest)[:3]]
    assert goals == [state.square(ids[e]) for e in "FKI"]    # I, bloodied, before H, a square nearer
