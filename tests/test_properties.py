"""Property tests (hypothesis) for invariants of the battlefield rules (4e-combat.md §14, §17-§18, §20, §22).

Each test draws random small battlefields (walls, difficult terrain, cover terrain, edge obstacles), random
creatures of several sizes and teams, and checks an invariant that must hold whatever the map looks like:

- §14: adding a wall square never reduces the cover lines from an attacker to a target (1x1 and Large spaces,
  cover terrain, edge obstacles and creature blockers included; tests/test_lines.py only checks 1x1 spaces on
  plain wall/open grids, with the wall allowed on the creatures' own squares);
- §17-§18: the movement search never prices a square below its distance or its path length, every path it
  returns is legal and re-costs to the reported cost, and the costs are the true least costs;
- §22: push, pull and slide never leave the target in a wall or a square it may not end in, push only moves
  away, pull only nearer, and never more than the power's distance;
- §20: falling damage never decreases as the height grows, and is zero below 10 ft.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.core.battlefield import Battlefield, Edge, EdgeKind, parse_ascii
from game.core.forced import PULL, PUSH, SLIDE, forced_destinations
from game.core.grid import DIRECTIONS, Size, Square, chebyshev, footprint, space_distance
from game.core.lines import best_cover_lines
from game.core.movement import Mover, MoveRules, Occupant, path_cost, search, step_costs
from game.rulesets.dnd4e.falling import fall_damage

TEAMS = ("blue", "red")
EDGE_KINDS = (EdgeKind.LOW_WALL, EdgeKind.WALL, EdgeKind.WINDOW)


# --- strategies -------------------------------------------------------------------------------------

@st.composite
def _rows(draw: st.DrawFn, alphabet: str, min_side: int = 3, max_side: int = 7) -> list[list[str]]:
    """A mutable grid of ASCII terrain characters (open ground weighted up)."""
    w = draw(st.integers(min_side, max_side))
    h = draw(st.integers(min_side, max_side))
    return [[draw(st.sampled_from(alphabet)) for _ in range(w)] for _ in range(h)]


@st.composite
def _edges(draw: st.DrawFn, w: int, h: int, kinds: tuple[EdgeKind, ...] = EDGE_KINDS,
           max_size: int = 6) -> tuple[tuple[Edge, EdgeKind], ...]:
    """Edge obstacles between side-by-side squares inside a w x h map, one kind per edge."""
    chosen: dict[Edge, EdgeKind] = {}
    for _ in range(draw(st.integers(0, max_size))):
        x, y = draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1))
        other = (x, y + 1) if draw(st.booleans()) else (x + 1, y)
        if other[0] < w and other[1] < h:
            chosen[((x, y), other)] = draw(st.sampled_from(kinds))
    return tuple(chosen.items())


@st.composite
def _top_left(draw: st.DrawFn, w: int, h: int, side: int) -> Square | None:
    """A top-left square whose side x side space fits on the map, or None if it cannot."""
    if side > w or side > h:
        return None
    return (draw(st.integers(0, w - side)), draw(st.integers(0, h - side)))


def _clear(rows: list[list[str]], squares: tuple[Square, ...]) -> None:
    """Creatures stand on walkable ground: turn any wall under them into open ground."""
    for x, y in squares:
        if rows[y][x] == "#":
            rows[y][x] = "."


def _text(rows: list[list[str]]) -> list[str]:
    return ["".join(r) for r in rows]


@dataclass(frozen=True)
class Field:
    """A battlefield with one creature about to move (the mover) and everyone else on it."""

    rows: tuple[str, ...]
    edges: tuple[tuple[Edge, EdgeKind], ...]
    mover: Mover
    others: tuple[Occupant, ...]

    @property
    def bf(self) -> Battlefield:
        return parse_ascii(list(self.rows), edges=self.edges)

    def rules(self) -> MoveRules:
        return MoveRules(self.bf, self.mover, self.others)


@st.composite
def _occupant(draw: st.DrawFn, w: int, h: int, *, acting: bool = False) -> Occupant | None:
    size = draw(st.sampled_from((Size.TINY, Size.SMALL, Size.MEDIUM, Size.LARGE)))
    top_left = draw(_top_left(w, h, size.side_squares))
    if top_left is None:
        return None
    # A creature that uses a power (a pusher) is not helpless; anyone else may be helpless or prone.
    helpless = False if acting else draw(st.booleans())
    return Occupant(top_left, size, draw(st.sampled_from(TEAMS)), helpless=helpless, prone=draw(st.booleans()))


@st.composite
def _field(draw: st.DrawFn, *, with_pusher: bool = False) -> tuple[Field, Occupant | None]:
    """Random terrain and edges, a Small/Medium/Large mover on open ground, up to 4 other creatures.

    Other creatures never overlap the mover (they stand elsewhere) but may overlap each other, as a prone
    creature and one standing over it do. With ``with_pusher`` the last other creature is a pusher that
    can act (not helpless) and is returned too.
    """
    rows = draw(_rows("......##~~:o"))
    w, h = len(rows[0]), len(rows)
    edges = draw(_edges(w, h))
    size = draw(st.sampled_from((Size.SMALL, Size.MEDIUM, Size.LARGE)))
    start = draw(_top_left(w, h, size.side_squares))
    assert start is not None  # maps are at least 3x3
    mover = Mover(start, size, draw(st.sampled_from(TEAMS)), flying=draw(st.booleans()))
    mine = set(footprint(start, size.side_squares))
    others: list[Occupant] = []
    for _ in range(draw(st.integers(0, 4))):
        other = draw(_occupant(w, h))
        if other is not None and not mine & set(other.squares):
            others.append(other)
    pusher = None
    if with_pusher:
        pusher = draw(_occupant(w, h, acting=True).filter(lambda o: o is not None and not mine & set(o.squares)))
        others.append(pusher)
    _clear(rows, tuple(mine))
    for other in others:
        _clear(rows, other.squares)
    return Field(tuple(_text(rows)), edges, mover, tuple(others)), pusher


# --- §14 cover ----------------------------------------------------------------------------------------

@st.composite
def _cover_case(draw: st.DrawFn, origin_side: int, target_side: int):
    """A map with walls, cover terrain, difficult terrain, fog and edge obstacles; an attacker's and a
    target's space that do not overlap; creature blockers; and a square to wall up off both spaces."""
    rows = draw(_rows(".....#o~:"))
    w, h = len(rows[0]), len(rows)
    edges = draw(_edges(w, h))
    origin = draw(_top_left(w, h, origin_side))
    target = draw(_top_left(w, h, target_side))
    origin_sq, target_sq = footprint(origin, origin_side), footprint(target, target_side)
    blockers = draw(st.lists(st.tuples(st.integers(0, w - 1), st.integers(0, h - 1)), max_size=3))
    free = [(x, y) for y in range(h) for x in range(w) if (x, y) not in origin_sq and (x, y) not in target_sq]
    assume(free and not set(origin_sq) & set(target_sq))
    # Mostly a square in the box spanned by the two spaces, where a wall can matter; sometimes anywhere.
    xs, ys = [s[0] for s in origin_sq + target_sq], [s[1] for s in origin_sq + target_sq]
    between = [s for s in free if min(xs) <= s[0] <= max(xs) and min(ys) <= s[1] <= max(ys)]
    wall = draw(st.sampled_from(between if between and draw(st.integers(0, 3)) else free))
    _clear(rows, origin_sq + target_sq)
    return _text(rows), edges, (origin, origin_side), (target, target_side), blockers, wall


def _check_wall_never_reduces_cover(case) -> None:
    rows, edges, origin, target, blockers, (wx, wy) = case
    before = parse_ascii(rows, edges=edges)
    walled_rows = [list(r) for r in rows]
    walled_rows[wy][wx] = "#"
    after = parse_ascii(_text(walled_rows), edges=edges)
    lines_before = best_cover_lines(before, origin, target, blockers)
    lines_after = best_cover_lines(after, origin, target, blockers)
    assert 0 <= lines_before <= lines_after <= 4, (rows, edges, origin, target, blockers, (wx, wy))


@settings(max_examples=150, deadline=None)
@given(_cover_case(1, 1))
def test_4e_s14_adding_a_wall_never_reduces_cover_between_medium_creatures(case) -> None:
    _check_wall_never_reduces_cover(case)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(((2, 1), (1, 2), (2, 2))).flatmap(lambda sides: _cover_case(*sides)))
def test_4e_s14_adding_a_wall_never_reduces_cover_with_a_large_attacker_or_target(case) -> None:
    _check_wall_never_reduces_cover(case)


# --- §17-§18 movement -----------------------------------------------------------------------------

def _legal_step(f: Field, frm: Square, to: Square) -> bool:
    """An independent reading of §17.3, §17.4 and §18.2 for one step of the mover's whole space."""
    bf, side = f.bf, f.mover.size.side_squares
    if chebyshev(frm, to) != 1:
        return False
    new = footprint(to, side)
    if any(not bf.in_bounds(s) or bf.at(s).solid for s in new):
        return False                                            # §18.2: walls are never entered
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    for x, y in footprint(frm, side):
        a, b = (x, y), (x + dx, y + dy)
        if dx and dy:
            # §17.3 [A20]: no cutting the corner of a filled square, nor through the end of a wall edge.
            if bf.at((b[0], a[1])).wall or bf.at((a[0], b[1])).wall:
                return False
            around = ((a, (b[0], a[1])), ((b[0], a[1]), b), (a, (a[0], b[1])), ((a[0], b[1]), b))
            if any(bf.edge(p, q) in (EdgeKind.WALL, EdgeKind.WINDOW) for p, q in around):
                return False
        elif bf.edge(a, b) in (EdgeKind.WALL, EdgeKind.WINDOW):
            return False                                        # §18.2: walls and windows on edges
    old = set(footprint(frm, side))
    for square in new:
        if square in old:
            continue
        for other in f.others:
            if square in other.squares and other.team != f.mover.team:
                # §17.4: an enemy's square only if it is helpless or two sizes apart.
                assert other.helpless or abs(int(other.size) - int(f.mover.size)) >= 2, (frm, to, other)
    return True


@settings(max_examples=120, deadline=None)
@given(_field(), st.one_of(st.none(), st.integers(0, 10)), st.booleans())
def test_4e_s17_s18_paths_never_cost_less_than_distance_and_recost_exactly(drawn, budget, ignore_difficult) -> None:
    f, _ = drawn
    rules = f.rules()
    start = f.mover.top_left
    result = search(rules, budget, ignore_difficult)
    full = search(rules, None, ignore_difficult)
    assert result.cost[start] == 0 and start in result.endable
    for square, cost in result.cost.items():
        if budget is not None:
            assert cost <= budget
        # §17.3: every step moves at most one square in each direction and costs at least 1.
        assert cost >= chebyshev(start, square), (square, cost)
        path = result.path_to(square)
        assert path is not None and path[0] == start and path[-1] == square
        assert cost >= len(path) - 1, (square, cost, path)
        # The returned path is legal and re-costs to exactly the reported cost, step by step.
        steps = step_costs(rules, path, ignore_difficult)
        assert steps is not None, (square, path)
        assert path_cost(rules, path, ignore_difficult) == cost, (square, cost, path)
        for i, (frm, to) in enumerate(zip(path, path[1:])):
            assert _legal_step(f, frm, to), (frm, to, path)
            assert steps[i] in (1, 2)                            # §18.1 [A44]: +1 at most, never stacked
            assert result.cost[to] - result.cost[frm] == steps[i], (path, steps)
        # A budget only cuts the search short: costs within it are the unlimited least costs.
        assert full.cost[square] == cost
    if budget is not None:
        assert {s for s, c in full.cost.items() if c <= budget} == set(result.cost)
    # Least cost: no legal step from a reached square leads anywhere cheaper than the search says.
    for square, cost in full.cost.items():
        for dx, dy in DIRECTIONS:
            nxt = (square[0] + dx, square[1] + dy)
            step = rules.step_cost(square, nxt, ignore_difficult)
            if step is not None:
                assert nxt in full.cost and full.cost[nxt] <= cost + step, (square, nxt, step)
    # §17.4 [IMPL]: the walk may end exactly on the reached squares the mover may end in.
    assert result.endable == {s for s in result.cost if s == start or rules.may_end_at(s)}


# --- §22 forced movement ---------------------------------------------------------------------------

def _may_end_with(mover: Mover, other: Occupant) -> bool:
    """§17.4 as stated: end in an ally's square only if it is prone, an enemy's only if it is helpless."""
    return other.prone if other.team == mover.team else other.helpless


@settings(max_examples=200, deadline=None)
@given(_field(with_pusher=True), st.sampled_from((PUSH, PULL, SLIDE)), st.integers(0, 4))
def test_4e_s22_forced_movement_never_ends_in_a_wall_or_occupied_square_and_keeps_its_direction(
        drawn, kind, distance) -> None:
    f, pusher = drawn
    assert pusher is not None
    rules = f.rules()
    start, side = f.mover.top_left, f.mover.size.side_squares
    origin = (pusher.top_left, pusher.size.side_squares)
    bf = f.bf
    found = forced_destinations(rules, origin, kind, distance)
    assert found == sorted(set(found))
    assert start in found                                       # §22: "fewer squares or not at all"
    if distance == 0:
        assert found == [start]

    def gap(top_left: Square) -> int:
        return space_distance(top_left, side, *origin)

    for dest in found:
        # §22: the power sets the maximum number of squares.
        assert chebyshev(start, dest) <= distance, (dest, distance)
        # §22, A27: it must end where the target could end a move: never in a wall or an occupied square.
        assert rules.may_end_at(dest), dest
        space = footprint(dest, side)
        assert all(bf.in_bounds(s) and not bf.at(s).solid for s in space), (dest, f.rows)
        for other in f.others:
            if set(space) & set(other.squares):
                assert _may_end_with(f.mover, other), (dest, other)
        if dest == start:
            continue
        # §22: each push step takes the target farther, each pull step nearer (distance of §5.7).
        if kind == PUSH:
            assert gap(dest) > gap(start), (dest, gap(dest), gap(start))
        elif kind == PULL:
            assert gap(dest) < gap(start), (dest, gap(dest), gap(start))


# --- §20 falling ------------------------------------------------------------------------------------

_heights = st.tuples(st.integers(0, 500), st.integers(0, 500)).map(sorted)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 9))
def test_4e_s20_falls_below_10_ft_deal_no_damage(height) -> None:
    damage = fall_damage(height)
    assert (damage.dice, damage.flat, damage.minimum, damage.maximum) == (0, 0, 0, 0)


@settings(max_examples=300, deadline=None)
@given(_heights)
def test_4e_s20_minimum_fall_damage_never_decreases_with_height(heights) -> None:
    low, high = heights
    assert fall_damage(low).minimum <= fall_damage(high).minimum, (low, high)


@settings(max_examples=300, deadline=None)
@given(_heights)
def test_4e_s20_maximum_fall_damage_never_decreases_with_height(heights) -> None:
    low, high = heights
    assert fall_damage(low).maximum <= fall_damage(high).maximum, (low, high)
