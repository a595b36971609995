"""The fast paths give exactly what the rules as first written give (4e-combat.md §6, §14-§15, §17-§18, §20, §24).

`search` reads steps from per-battlefield step tables and a bucket queue; `walk_distances` hands the
same graph to scipy's breadth-first search (and without scipy runs `search`); `line_of_effect`,
`best_cover_lines` and `can_see_square` cache per battlefield and prove some lines blocked with a quick
test before the exact sweep. Each is held here, on many
random battlefields (walls, difficult terrain, cover, fog, edge obstacles of every kind, elevation with
ledges and cliffs, creatures of every size, team and state, Large, Huge, squeezed, flying and phasing
movers), to the textbook implementation kept below exactly as it stood before the fast paths.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.battlefield import Battlefield, EdgeKind, Obscurement, parse_ascii
from game.core.grid import DIRECTIONS, Size, Square, are_adjacent, footprint
from game.core.lines import _grid, best_cover_lines, can_see_square, cover_lines_blocked, line_of_effect, line_of_sight
from game.core.movement import (
    LEDGE_FT, Mover, MoveRules, Occupant, SearchResult, _may_end_with, _may_pass, reference_search, search, square_step,
)
from game.ecs.components import Condition, OutOfFight, Position
from game.rulesets.dnd4e import opportunity, situation

import lines_reference as textbook_lines          # game/core/lines.py as first written
from support import Unit, battle

TEAMS = ("blue", "red")
EDGE_KINDS = (EdgeKind.LOW_WALL, EdgeKind.WALL, EdgeKind.WINDOW)


# --- the rules as first written (movement.py before the step tables) --------------------------------

class TextbookRules(MoveRules):
    """MoveRules with every method worked out square by square from the battlefield, as first written."""

    def _space_open(self, top_left: Square) -> bool:
        return all(self.bf.in_bounds(s) and not self.bf.at(s).solid for s in footprint(top_left, self.side))

    def ground_ft(self, top_left: Square) -> int:
        return max(self.bf.elevation(s) for s in footprint(top_left, self.side))

    def drop_ft(self, frm: Square, to: Square) -> int:
        if self.mover.flying:
            return 0
        lost = self.ground_ft(frm) - self.ground_ft(to)
        return lost if lost >= LEDGE_FT else 0

    def step_cost(self, frm: Square, to: Square, ignore_difficult: bool = False) -> int | None:
        if self.mover.phasing:
            inside = all(self.bf.in_bounds(s) for s in footprint(to, self.side))
            return 1 if inside else None
        if not self._space_open(to):
            return None
        if not self.mover.flying and self.ground_ft(to) - self.ground_ft(frm) >= LEDGE_FT:
            return None
        dx, dy = to[0] - frm[0], to[1] - frm[1]
        old = set(footprint(frm, self.side))
        extra = 0
        newly_entered: list[Square] = []
        for square in footprint(frm, self.side):
            target = (square[0] + dx, square[1] + dy)
            edge_extra = square_step(self.bf, square, target)
            if edge_extra is None:
                return None
            extra = max(extra, edge_extra)
            if target not in old:
                newly_entered.append(target)
        for square in newly_entered:
            for other in self.occupancy.at(square):
                if not _may_pass(self.mover, other):
                    return None
            if not (ignore_difficult or self.mover.flying) and self.bf.at(square).difficult:
                extra = 1
        return 1 + min(extra, 1)

    def may_end_at(self, top_left: Square) -> bool:
        if not self._space_open(top_left):
            return False
        for square in footprint(top_left, self.side):
            if self.mover.phasing and self.occupancy.at(square):
                return False
            for other in self.occupancy.at(square):
                if not _may_end_with(self.mover, other):
                    return False
        return True


# --- random battlefields ---------------------------------------------------------------------------

@st.composite
def battlefields(draw: st.DrawFn, alphabet: str = "......##~~o:", max_side: int = 9,
                 elevation: bool = True) -> Battlefield:
    w, h = draw(st.integers(2, max_side)), draw(st.integers(2, max_side))
    rows = ["".join(draw(st.sampled_from(alphabet)) for _ in range(w)) for _ in range(h)]
    edges: dict = {}
    for _ in range(draw(st.integers(0, 8))):
        x, y = draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1))
        other = (x, y + 1) if draw(st.booleans()) else (x + 1, y)
        if other[0] < w and other[1] < h:
            edges[((x, y), other)] = draw(st.sampled_from(EDGE_KINDS))
    heights = None
    if elevation and draw(st.booleans()):
        levels = draw(st.sampled_from(((0, 5), (0, 10), (0, 10, 20), (0, 5, 10, 15, 30))))
        heights = [[draw(st.sampled_from(levels)) for _ in range(w)] for _ in range(h)]
    return parse_ascii(rows, edges=tuple(edges.items()), elevation_ft=heights)


@st.composite
def movers_and_others(draw: st.DrawFn, bf: Battlefield) -> tuple[Mover, tuple[Occupant, ...]]:
    size = draw(st.sampled_from((Size.TINY, Size.SMALL, Size.MEDIUM, Size.LARGE, Size.HUGE)))
    squeezed = draw(st.booleans()) if size >= Size.LARGE else False
    side = max(1, size.side_squares - 1) if squeezed else size.side_squares
    start = (draw(st.integers(0, max(0, bf.width - side))), draw(st.integers(0, max(0, bf.height - side))))
    kind = draw(st.sampled_from(("walk", "walk", "walk", "fly", "phase")))
    mover = Mover(start, size, draw(st.sampled_from(TEAMS)), flying=kind == "fly", phasing=kind == "phase",
                  squeezed=squeezed)
    others = []
    for _ in range(draw(st.integers(0, 6))):
        osize = draw(st.sampled_from((Size.TINY, Size.SMALL, Size.MEDIUM, Size.LARGE)))
        oside = osize.side_squares
        top_left = (draw(st.integers(0, max(0, bf.width - oside))), draw(st.integers(0, max(0, bf.height - oside))))
        others.append(Occupant(top_left, osize, draw(st.sampled_from(TEAMS)), helpless=draw(st.integers(0, 3)) == 0,
                               prone=draw(st.booleans())))
    return mover, tuple(others)


@st.composite
def movement_cases(draw: st.DrawFn, **kwargs) -> tuple[Battlefield, Mover, tuple[Occupant, ...]]:
    bf = draw(battlefields(**kwargs))
    mover, others = draw(movers_and_others(bf))
    return bf, mover, others


def assert_same_search(fast: SearchResult, slow: SearchResult) -> None:
    assert fast.start == slow.start
    assert fast.cost == slow.cost
    assert fast.parent == slow.parent          # the same path to every square, ties included
    assert list(fast.cost) == list(slow.cost)  # even discovered in the same order
    assert list(fast.parent) == list(slow.parent)
    assert fast.endable == slow.endable
    assert fast.falls == slow.falls


# --- movement ----------------------------------------------------------------------------------------

@settings(max_examples=400, deadline=None)
@given(movement_cases(), st.one_of(st.none(), st.integers(0, 12)), st.booleans())
def test_search_equals_the_reference_search(case, budget, ignore_difficult) -> None:
    bf, mover, others = case
    fast = search(MoveRules(bf, mover, others), budget, ignore_difficult)
    slow = reference_search(TextbookRules(bf, mover, others), budget, ignore_difficult)
    assert_same_search(fast, slow)


@settings(max_examples=250, deadline=None)
@given(movement_cases(), st.booleans())
def test_step_costs_drops_and_end_squares_equal_the_textbook_rules(case, ignore_difficult) -> None:
    bf, mover, others = case
    rules, textbook = MoveRules(bf, mover, others), TextbookRules(bf, mover, others)
    for y in range(-1, bf.height + 1):
        for x in range(-1, bf.width + 1):
            frm = (x, y)
            assert rules.may_end_at(frm) == textbook.may_end_at(frm), frm
            assert rules.ground_ft(frm) == textbook.ground_ft(frm), frm
            if not bf.in_bounds(frm):
                continue
            for dx, dy in DIRECTIONS:
                to = (x + dx, y + dy)
                assert rules.step_cost(frm, to, ignore_difficult) == textbook.step_cost(frm, to, ignore_difficult), (frm, to)
                assert rules.drop_ft(frm, to) == textbook.drop_ft(frm, to), (frm, to)


def test_a_mover_standing_on_an_enemy_falls_back_to_the_square_by_square_search() -> None:
    # Pushed or teleported on top of a creature it may not pass (§17.4): each step judges what it newly enters.
    bf = parse_ascii(["....", "....", "...."])
    mover = Mover((1, 1), Size.LARGE, "blue")
    enemy = Occupant((2, 1), Size.MEDIUM, "red")
    rules = MoveRules(bf, mover, (enemy,))
    assert rules.blocked_spaces() is None
    assert_same_search(search(rules, 6), reference_search(TextbookRules(bf, mover, (enemy,)), 6))


@settings(max_examples=60, deadline=None)
@given(movement_cases(max_side=14), st.booleans())
def test_walk_distances_equal_the_unlimited_search(case, ignore_difficult) -> None:
    pytest.importorskip("scipy")
    from game.core.distance_field import walk_distances

    bf, mover, others = case
    rules = MoveRules(bf, mover, others)
    assert_field_is_the_search(walk_distances(rules, ignore_difficult),
                               reference_search(TextbookRules(bf, mover, others), None, ignore_difficult), bf)


@settings(max_examples=30, deadline=None)
@given(movement_cases(max_side=10), st.booleans())
def test_walk_distances_without_scipy_run_the_search_with_the_same_answers(case, ignore_difficult) -> None:
    """The fallback when scipy is not installed: the game's own search, read into the same arrays."""
    from game.core import distance_field

    bf, mover, others = case
    rules = MoveRules(bf, mover, others)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(distance_field, "breadth_first_order", None)
        field = distance_field.walk_distances(rules, ignore_difficult)
    assert_field_is_the_search(field, reference_search(TextbookRules(bf, mover, others), None, ignore_difficult), bf)


def assert_field_is_the_search(field, slow: SearchResult, bf: Battlefield) -> None:
    assert field.as_dict() == slow.cost
    assert field.fall_squares() == sorted(slow.falls)
    for x in range(bf.width):
        for y in range(bf.height):
            assert field.get((x, y)) == slow.cost.get((x, y)), (x, y)


@settings(max_examples=60, deadline=None)
@given(battlefields(max_side=14), st.booleans(), st.booleans())
def test_one_square_cost_arrays_equal_the_step_table_read_step_by_step(bf, flying, no_difficult) -> None:
    pytest.importorskip("numpy")
    import numpy as np

    from game.core.distance_field import one_square_arrays, table_arrays
    from game.core.steps import StepTable

    bf = replace(bf, edges=())               # the array build serves maps without edge obstacles
    table = StepTable(bf, 1, flying, False, no_difficult)
    fast, slow = one_square_arrays(table.ground, flying, no_difficult), table_arrays(table)
    assert np.array_equal(fast[0], slow[0]) and np.array_equal(fast[1], slow[1])


# --- lines -----------------------------------------------------------------------------------------


@st.composite
def walled_battlefields(draw: st.DrawFn) -> Battlefield:
    """Random terrain, sometimes crossed by a wall row or column with gaps (rooms and doors)."""
    w, h = draw(st.integers(2, 10)), draw(st.integers(2, 10))
    alphabet = draw(st.sampled_from(("......#o", "....##o:%*", "..........#")))
    rows = [[draw(st.sampled_from(alphabet)) for _ in range(w)] for _ in range(h)]
    for _ in range(draw(st.integers(0, 2))):
        if draw(st.booleans()):
            k = draw(st.integers(0, h - 1))
            for x in range(w):
                rows[k][x] = "#" if draw(st.integers(0, 5)) else "."
        else:
            k = draw(st.integers(0, w - 1))
            for y in range(h):
                rows[y][k] = "#" if draw(st.integers(0, 5)) else "."
    edges: dict = {}
    for _ in range(draw(st.sampled_from((0, 0, 3, 8)))):
        x, y = draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1))
        other = (x, y + 1) if draw(st.booleans()) else (x + 1, y)
        if other[0] < w and other[1] < h:
            edges[((x, y), other)] = draw(st.sampled_from(EDGE_KINDS))
    return parse_ascii(["".join(r) for r in rows], edges=tuple(edges.items()))


@st.composite
def spaces(draw: st.DrawFn, bf: Battlefield) -> tuple[Square, int]:
    side = draw(st.sampled_from((1, 1, 1, 2, 3)))
    side = min(side, bf.width, bf.height)
    return (draw(st.integers(0, bf.width - side)), draw(st.integers(0, bf.height - side))), side


@st.composite
def line_cases(draw: st.DrawFn):
    bf = draw(walled_battlefields())
    a, b = draw(spaces(bf)), draw(spaces(bf))
    blockers = draw(st.lists(st.tuples(st.integers(-1, bf.width), st.integers(-1, bf.height)), max_size=6))
    return bf, a, b, blockers


@settings(max_examples=400, deadline=None)
@given(line_cases())
def test_lines_of_effect_and_sight_and_cover_equal_the_textbook_geometry(case) -> None:
    bf, a, b, blockers = case
    for _ in range(2):                      # the second round answers from the caches
        assert line_of_effect(bf, a, b) == textbook_lines.line_of_effect(bf, a, b), (a, b)
        assert line_of_sight(bf, a, b) == textbook_lines.line_of_sight(bf, a, b), (a, b)
        assert best_cover_lines(bf, a, b) == textbook_lines.best_cover_lines(bf, a, b), (a, b)
        assert (best_cover_lines(bf, a, b, blockers)
                == textbook_lines.best_cover_lines(bf, a, b, blockers)), (a, b, blockers)


@settings(max_examples=120, deadline=None)
@given(walled_battlefields(), st.data())
def test_every_square_seen_from_a_space_equals_the_textbook_geometry(bf, data) -> None:
    viewer = data.draw(spaces(bf))
    for y in range(-1, bf.height + 1):
        for x in range(-1, bf.width + 1):
            assert can_see_square(bf, viewer, (x, y)) == textbook_lines.can_see_square(bf, viewer, (x, y)), (x, y)
            if bf.in_bounds((x, y)):
                assert (line_of_effect(bf, viewer, ((x, y), 1))
                        == textbook_lines.line_of_effect(bf, viewer, ((x, y), 1))), (x, y)


@settings(max_examples=150, deadline=None)
@given(line_cases(), st.data())
def test_cover_lines_from_one_corner_equal_the_textbook_count(case, data) -> None:
    bf, a, b, blockers = case
    (x0, y0), side = a
    corner = (x0 + data.draw(st.integers(0, side)), y0 + data.draw(st.integers(0, side)))
    (tx, ty), tside = b
    square = (tx + data.draw(st.integers(0, tside - 1)), ty + data.draw(st.integers(0, tside - 1)))
    own = footprint(*a)
    assert (cover_lines_blocked(bf, corner, square, blockers, attacker_squares=own)
            == textbook_lines.cover_lines_blocked(bf, corner, square, blockers, attacker_squares=own))


def test_a_wall_row_with_its_door_out_of_every_line_is_proved_closed_without_the_sweep() -> None:
    # Rooms (4e §6): the door at the far left is out of reach of any line between A and B.
    bf = parse_ascii(["......", ".A....", "......", ".#####", "......", "....B."])
    a, b = ((1, 1), 1), ((4, 5), 1)
    assert not line_of_effect(bf, a, b) and not textbook_lines.line_of_effect(bf, a, b)
    assert _grid(bf).walls["solid"].separated(a, b)
    # With the door under the line, the proof does not apply and the exact search finds the way through.
    open_door = parse_ascii(["......", ".A....", "......", "##.###", "......", "....B."])
    assert not _grid(open_door).walls["solid"].separated(a, b)
    assert line_of_effect(open_door, a, b) == textbook_lines.line_of_effect(open_door, a, b)


# --- cover, concealment and opportunity attacks on a changing battlefield -------------------------


def textbook_cover(state, attacker, target, kind):
    """situation.cover as first written, on the textbook geometry."""
    source = state.space(attacker)
    aim = state.space(target)
    if not textbook_lines.line_of_effect(state.battlefield, source, aim):
        return situation.NO_EFFECT
    blocked = textbook_lines.best_cover_lines(state.battlefield, source, aim)
    bf = state.battlefield
    solid = replace(bf, edges=tuple((e, k) for e, k in bf.edges if k != EdgeKind.LOW_WALL), _edge_index={})
    if blocked >= situation.SUPERIOR_COVER_LINES and \
            textbook_lines.best_cover_lines(solid, source, aim) >= situation.SUPERIOR_COVER_LINES:
        return situation.SUPERIOR_COVER
    if blocked:
        return situation.COVER
    if kind == situation.RANGED:
        blockers = [sq for other in state.standing() if other not in (attacker, target) and state.are_enemies(attacker, other)
                    for sq in footprint(*state.space(other))]
        if blockers and textbook_lines.best_cover_lines(state.battlefield, source, aim, blockers):
            return situation.COVER
    return situation.NO_COVER


def textbook_concealment(state, attacker, target, kind):
    """situation.concealment as first written."""
    if kind not in (situation.MELEE, situation.RANGED):
        return situation.NO_CONCEALMENT
    if state.has_condition(target, "invisible") or state.has_condition(attacker, "blinded"):
        return situation.TOTAL_CONCEALMENT
    source, side = state.space(attacker)
    best = situation.TOTAL_CONCEALMENT
    for square in footprint(*state.space(target)):
        level = state.battlefield.at(square).obscured
        adjacent = are_adjacent(source, side, square, 1)
        if level == Obscurement.NONE:
            return situation.NO_CONCEALMENT
        if level == Obscurement.LIGHT or (level == Obscurement.HEAVY and adjacent):
            best = situation.CONCEALMENT
    return best


def textbook_provokers(state, mover, path, move):
    """opportunity.provokers as first written: sight judged for every enemy before adjacency."""
    if move in (opportunity.SHIFT, opportunity.TELEPORT):
        return []
    side = state.space(mover)[1]
    provoked = []
    candidates = [e for e in state.standing() if e != mover and state.are_enemies(mover, e)
                  and opportunity.can_take_opportunity_actions(state, e)
                  and not state.has_condition(e, "blinded") and not state.has_condition(mover, "invisible")
                  and textbook_lines.line_of_sight(state.battlefield, state.space(e), state.space(mover))]
    for frm in path[:-1]:
        for enemy in candidates:
            if enemy not in provoked and are_adjacent(frm, side, *state.space(enemy)):
                provoked.append(enemy)
    return provoked


@st.composite
def skirmishes(draw: st.DrawFn):
    """A small battle: random terrain (walls, cover, fog), six creatures of two sides and sizes."""
    w, h = draw(st.integers(5, 9)), draw(st.integers(5, 9))
    rows = [[draw(st.sampled_from("......#o:%")) for _ in range(w)] for _ in range(h)]
    units: dict[str, Unit] = {}
    taken: set[Square] = set()
    for letter in "ABCDEF":
        size = draw(st.sampled_from((Size.MEDIUM, Size.MEDIUM, Size.SMALL, Size.LARGE)))
        side = size.side_squares
        x, y = draw(st.integers(0, w - side)), draw(st.integers(0, h - side))
        space = set(footprint((x, y), side))
        if space & taken:
            continue
        taken |= space
        for sx, sy in space:
            rows[sy][sx] = "."
        rows[y][x] = letter
        units[letter] = Unit(side=draw(st.sampled_from(TEAMS)), size=size,
                             conditions=tuple(c for c in ("blinded", "invisible", "dazed") if draw(st.integers(0, 5)) == 0))
    state, ids = battle(["".join(r) for r in rows], units)
    changes = draw(st.lists(st.tuples(st.sampled_from(sorted(ids.values())), st.sampled_from(("move", "squeeze", "invisible",
                                                                                                "blinded", "down")),
                                      st.integers(0, w - 1), st.integers(0, h - 1)), max_size=4))
    return state, changes


def assert_situations_match(state) -> None:
    creatures = state.standing()
    for a in creatures:
        for b in creatures:
            if a == b:
                continue
            for kind in (situation.MELEE, situation.RANGED):
                assert situation.cover(state, a, b, kind) == textbook_cover(state, a, b, kind), (a, b, kind)
                assert situation.concealment(state, a, b, kind) == textbook_concealment(state, a, b, kind), (a, b)
            assert situation.can_see(state, a, b) == (
                not state.has_condition(a, "blinded") and not state.has_condition(b, "invisible")
                and textbook_lines.line_of_sight(state.battlefield, state.space(a), state.space(b)))
    for mover in creatures:
        (x, y), _side = state.space(mover)
        path = ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1), (x - 1, y + 1), (x - 1, y))
        assert (opportunity.provokers(state, mover, path, opportunity.WALK)
                == textbook_provokers(state, mover, path, opportunity.WALK)), mover


@settings(max_examples=80, deadline=None)
@given(skirmishes())
def test_cover_concealment_sight_and_provokers_follow_every_change_of_who_stands_where(case) -> None:
    state, changes = case
    assert_situations_match(state)
    for entity, change, x, y in changes:
        if change == "move":
            state.world.add(entity, Position((x, y)))
        elif change == "down":
            state.world.add(entity, OutOfFight())
        elif change == "squeeze":
            state.add_condition(entity, Condition("squeezing"))
        else:
            state.add_condition(entity, Condition(change))
        assert_situations_match(state)           # the caches see the change: answers equal the textbook's


def test_every_cache_goes_with_its_battlefield() -> None:
    """Nothing a battlefield's caches hold keeps the battlefield alive (a long session loads many maps)."""
    import gc
    import weakref

    from game.core.distance_field import walk_distances

    state, ids = battle(["A..#..", "..~.B.", "....C."], {"A": Unit(), "B": Unit(side="red"), "C": Unit(side="red")},
                        edges=((((0, 0), (1, 0)), EdgeKind.LOW_WALL),), elevation_ft=[[0] * 6, [0] * 6, [10] * 6])
    rules = state.move_rules(ids["A"])
    search(rules, 6)
    search(rules, None)
    walk_distances(rules)
    situation.cover(state, ids["A"], ids["B"], situation.RANGED)
    situation.concealment(state, ids["A"], ids["B"], situation.RANGED)
    opportunity.provokers(state, ids["B"], ((4, 1), (3, 1), (2, 1)), opportunity.WALK)
    alive = weakref.ref(state.battlefield)
    del state, rules
    gc.collect()
    assert alive() is None

