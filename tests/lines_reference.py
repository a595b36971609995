"""The outer layer of game/core/lines.py as it stood before its caches and fast paths (commit 2bd448f),
kept as the reference tests/test_fastpath.py holds the fast paths to. Not used by the game."""

from __future__ import annotations

import weakref
from fractions import Fraction
from typing import Callable, Optional, Sequence, Union

from game.core.battlefield import Battlefield, Edge, EdgeKind, Obscurement
from game.core.grid import Square, footprint, space_distance
# The geometric kernels the fast module kept unchanged are shared; what this file keeps is the
# plain outer layer (no caches, no quick proofs or pre-tests) the fast paths are checked against.
from game.core.lines import (  # noqa: E402
    _corner_owners, _edge_blocked, _end_clear, _joined, _owner_sectors, _point_sectors, _reaches, _sector, _sign,
)

# Geometry model: square (x, y) is the closed cell [x, x+1] x [y, y+1], y grows downward, and the
# corners of squares are the integer lattice points. A space is (top-left square, side in squares).
#
# Blocking follows A17's recommendation (§6 [IMPL]): only the *interior* of a blocking square blocks,
# so lines may touch corners and run along the outer face of a wall. Three solid-wall rules from the
# query contract close the gaps that would otherwise let a line slip through solid matter:
# the seam between two blocking squares, the point where two blocking squares touch corner to corner,
# and edge obstacles (walls, windows and low walls that sit on the edge between two squares).
#
# All of these are decided by one local test. Around any point of the plane there are at most eight
# "sectors", in clockwise order N, NE, E, SE, S, SW, W, NW: at a lattice point the four cells are the
# diagonal sectors and the four half-edges that meet there are the axis sectors; on an edge only the
# two cells and the edge itself are distinct; inside a cell everything is that cell. A half-edge
# blocks when an edge obstacle lies on it or when the squares on both sides of it block (a seam).
# A line passing through the point enters from one sector and leaves into the opposite one; it gets
# through only if both are free and joined by an unbroken run of free sectors going round the point
# one way or the other. That one test gives: interiors block, seams block, grazing a single wall
# face does not, the corner-to-corner pinch between two walls blocks, crossing an edge obstacle
# blocks, and touching only the end of an edge obstacle does not.

Coord = Union[int, Fraction]
Point = tuple[Coord, Coord]
Space = tuple[Square, int]
SquarePredicate = Callable[[Square], bool]
EdgePredicate = Callable[[Square, Square], bool]

# Sector index from the signs of a direction (sx, sy): table index (sx + 1) * 3 + (sy + 1).
# 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW; (0, 0) maps to 0, used only for points inside a cell,
# where all eight sectors are the same cell.
_SECTOR = (7, 6, 5, 0, 0, 4, 1, 2, 3)


def _lattice_sectors(x: int, y: int, bs: SquarePredicate, be: Optional[EdgePredicate]) -> tuple[bool, ...]:
    """Blocked flags of the eight sectors around lattice point (x, y)."""
    nw, ne, sw, se = (x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)
    bnw, bne, bsw, bse = bs(nw), bs(ne), bs(sw), bs(se)
    # A half-edge blocks when both squares beside it block (the contract's solid seam) or an edge
    # obstacle lies on it (§18.2 obstacles between squares).
    n = (bnw and bne) or _edge_blocked(be, nw, ne)
    e = (bne and bse) or _edge_blocked(be, ne, se)
    s = (bsw and bse) or _edge_blocked(be, sw, se)
    w = (bnw and bsw) or _edge_blocked(be, nw, sw)
    return (n, bne, e, bse, s, bsw, w, bnw)


def _blocked_scaled(den: int, ax: int, ay: int, bx: int, by: int, bs: SquarePredicate,
                    be: Optional[EdgePredicate], p_owners: Sequence[Square] = (),
                    q_owners: Sequence[Square] = ()) -> bool:
    """segment_blocked for (ax/den, ay/den) -> (bx/den, by/den), in exact integer arithmetic."""
    dx, dy = bx - ax, by - ay
    if dx == 0 and dy == 0:
        flags = _point_sectors(ax, ay, den, bs, be)
        p_slots = _owner_sectors(p_owners, ax, ay, den)
        q_slots = _owner_sectors(q_owners, ax, ay, den)
        if p_slots and q_slots:
            return not any(_joined(flags, a, b) for a in p_slots for b in q_slots)
        if p_slots or q_slots:
            return all(flags[s] for s in p_slots or q_slots)
        return all(flags)   # a bare point is blocked only when it sits inside solid matter
    sx, sy = _sign(dx), _sign(dy)
    out = _sector(sx, sy)
    back = (out + 4) & 7
    if not _end_clear(_point_sectors(ax, ay, den, bs, be), out, p_owners, ax, ay, den):
        return True

    adx, ady = abs(dx), abs(dy)
    # Grid lines strictly between the ends: x = k (vertical) and y = m (horizontal), each crossed at
    # parameter t = num / adx (or num / ady); merging the two sorted lists walks the line in order.
    if dx > 0:
        ks = range(ax // den + 1, -(-bx // den))
    elif dx < 0:
        ks = range(-(-ax // den) - 1, bx // den, -1)
    else:
        ks = range(0)
    if dy > 0:
        ms = range(ay // den + 1, -(-by // den))
    elif dy < 0:
        ms = range(-(-ay // den) - 1, by // den, -1)
    else:
        ms = range(0)
    i = j = 0
    nk, nm = len(ks), len(ms)
    while i < nk or j < nm:
        if i < nk:
            k = ks[i]
            num_k = (k * den - ax) * sx
        if j < nm:
            m = ms[j]
            num_m = (m * den - ay) * sy
        if i < nk and j < nm:
            order = num_k * ady - num_m * adx
        else:
            order = -1 if i < nk else 1
        if order == 0:
            # The line passes exactly through lattice point (k, m).
            i += 1
            j += 1
            if not _joined(_lattice_sectors(k, m, bs, be), back, out):
                return True
        elif order < 0:
            i += 1
            # Crossing the vertical line x = k at y = (ay * adx + dy * num_k) / (den * adx).
            row, rem = divmod(ay * adx + dy * num_k, den * adx)
            if rem == 0:   # a horizontal line running along y = row: a lattice point
                if not _joined(_lattice_sectors(k, row, bs, be), back, out):
                    return True
                continue
            left, right = (k - 1, row), (k, row)
            # Crossing an edge: the square entered must be free and no obstacle may lie on the edge
            # (§18.2); the square left was checked when the line entered it.
            entered = right if sx > 0 else left
            if bs(entered) or _edge_blocked(be, left, right):
                return True
        else:
            j += 1
            col, rem = divmod(ax * ady + dx * num_m, den * ady)
            if rem == 0:   # a vertical line running along x = col
                if not _joined(_lattice_sectors(col, m, bs, be), back, out):
                    return True
                continue
            up, down = (col, m - 1), (col, m)
            entered = down if sy > 0 else up
            if bs(entered) or _edge_blocked(be, up, down):
                return True
    return not _end_clear(_point_sectors(bx, by, den, bs, be), back, q_owners, bx, by, den)


# --- reaching a space from a corner -------------------------------------------------------------
#
# Directions from a corner P are measured in a frame whose first axis points from P towards the
# target: a direction is (a, b) with a >= 0, ordered by its slope b / a (a == 0 means -inf or +inf).
# P is a lattice point outside the target, so every ray that hits the target has a > 0.

Direction = tuple[int, int]


# --- what blocks which line -----------------------------------------------------------------------

class _Grid:
    """Per-battlefield lookup tables of which squares block which kind of line, built once."""

    def __init__(self, bf: Battlefield) -> None:
        self.width, self.height = bf.width, bf.height
        # §6: walls and blocks_effect squares are solid; fog and darkness are not.
        self.solid = bytes(t.solid for t in bf.terrain)
        # §6, A18: walls and curtains block sight, and so do heavily and totally obscured squares;
        # lightly obscured squares do not (they only give concealment, §15.2).
        self.sight = bytes(t.opaque or t.obscured >= Obscurement.HEAVY for t in bf.terrain)
        # §14: obstacles and cover terrain block cover lines; obscurement does not (that is §15).
        self.cover = bytes(t.solid or t.cover for t in bf.terrain)
        self.edges: dict[tuple[Square, Square], EdgeKind] = {}
        for (a, b), kind in bf.edges:
            self.edges[(a, b) if a < b else (b, a)] = kind
        self._by_kinds: dict[tuple[EdgeKind, ...], tuple[frozenset[Edge], frozenset[Square]]] = {}

    def square_predicate(self, table: bytes, free: frozenset[Square]) -> SquarePredicate:
        """Blocking squares from a table; squares in `free` never block; off the map is wall."""
        width, height = self.width, self.height

        def blocks_square(sq: Square) -> bool:
            x, y = sq
            if 0 <= x < width and 0 <= y < height:
                return table[y * width + x] == 1 and sq not in free
            return sq not in free

        return blocks_square

    def edge_predicates(self, kinds: tuple[EdgeKind, ...], spaces: Sequence[frozenset[Square]]
                        ) -> tuple[Optional[EdgePredicate], Optional[SquarePredicate]]:
        """Edge obstacles of the given kinds, ignoring edges inside one of `spaces` (a space never
        blocks itself), and the squares that have such an edge on a side; (None, None) if none."""
        if kinds not in self._by_kinds:
            chosen = frozenset(key for key, kind in self.edges.items() if kind in kinds)
            self._by_kinds[kinds] = (chosen, frozenset(sq for key in chosen for sq in key))
        chosen, near = self._by_kinds[kinds]
        if not chosen:
            return None, None
        inside = frozenset((sq, nb) for space in spaces for sq in space
                           for nb in ((sq[0] + 1, sq[1]), (sq[0], sq[1] + 1)) if nb in space)

        def blocks_edge(a: Square, b: Square) -> bool:
            key = (a, b) if a < b else (b, a)
            return key in chosen and key not in inside

        return blocks_edge, near.__contains__


_GRIDS: dict[int, tuple[weakref.ref[Battlefield], _Grid]] = {}


def _grid(bf: Battlefield) -> _Grid:
    """The lookup tables of a battlefield, cached by identity while the battlefield lives."""
    key = id(bf)
    cached = _GRIDS.get(key)
    if cached is not None and cached[0]() is bf:
        return cached[1]
    grid = _Grid(bf)
    _GRIDS[key] = (weakref.ref(bf, lambda _ref, key=key: _GRIDS.pop(key, None)), grid)
    return grid


def line_of_effect(bf: Battlefield, source: Space, target: Space) -> bool:
    """§6: some line from a corner of the source to the target misses every solid obstacle."""
    grid = _grid(bf)
    src, tgt = frozenset(footprint(*source)), frozenset(footprint(*target))
    # §6: the spaces themselves never block; a window blocks effect, a low wall does not (§18.2).
    blocks_square = grid.square_predicate(grid.solid, src | tgt)
    blocks_edge, near_edge = grid.edge_predicates((EdgeKind.WALL, EdgeKind.WINDOW), (src, tgt))
    return _reaches(source, target, blocks_square, blocks_edge, near_edge)


def can_see_square(bf: Battlefield, viewer: Space, square: Square) -> bool:
    """§6, A18: a sight line reaches the square and its obscurement lets the viewer see into it."""
    if not bf.in_bounds(square):
        return False
    obscured = bf.at(square).obscured
    # A18: totally obscured squares (darkness) are never visible, even inside the viewer's own space,
    # since §15.2 gives total concealment in darkness with no exception. Heavily obscured squares are
    # visible only when adjacent to the viewer (or inside its space).
    if obscured == Obscurement.TOTAL:
        return False
    if obscured == Obscurement.HEAVY and space_distance(viewer[0], viewer[1], square, 1) > 1:
        return False
    grid = _grid(bf)
    own = frozenset(footprint(*viewer))
    blocks_square = grid.square_predicate(grid.sight, own | {square})
    # Only a solid wall along an edge blocks sight: a window does not, nor a low wall (§6, §18.2).
    blocks_edge, near_edge = grid.edge_predicates((EdgeKind.WALL,), (own,))
    return _reaches(viewer, (square, 1), blocks_square, blocks_edge, near_edge)


def line_of_sight(bf: Battlefield, source: Space, target: Space) -> bool:
    """§6, A18: the viewer can see into at least one square of the target's space."""
    # Each target square is judged on its own, so fog in one square of a large target still hides
    # the squares behind it (a sight line to the target space exists whenever one of these does).
    return any(can_see_square(bf, source, sq) for sq in footprint(*target))


def _cover_counter(bf: Battlefield, extra_blockers: Sequence[Square], attacker_squares: Sequence[Square]
                   ) -> Callable[[tuple[int, int], Square], int]:
    """A function counting the blocked cover lines from a corner to a target square (§14)."""
    grid = _grid(bf)
    own = frozenset(attacker_squares)
    # §14: obstacles, cover terrain and the creatures the caller lists block cover lines; the
    # attacker's (or origin's) own squares never do.
    terrain = grid.square_predicate(grid.cover, own)
    extra = frozenset(extra_blockers) - own
    # Every edge obstacle blocks cover lines, low walls included (§14: "behind a low wall").
    blocks_edge, _near = grid.edge_predicates((EdgeKind.LOW_WALL, EdgeKind.WALL, EdgeKind.WINDOW), (own,))

    def count(corner: tuple[int, int], target_square: Square) -> int:
        def blocks_square(sq: Square) -> bool:
            return sq != target_square and (sq in extra or terrain(sq))

        cx, cy = corner
        tx, ty = target_square
        owners = [sq for sq in attacker_squares if sq[0] <= cx <= sq[0] + 1 and sq[1] <= cy <= sq[1] + 1]
        # §14 steps 2-4: the 4 corner lines; one along an obstacle's edge is not blocked, while one
        # along the seam between two obstacles is.
        blocked = sum(
            _blocked_scaled(1, cx, cy, qx, qy, blocks_square, blocks_edge, owners, (target_square,))
            for qy in (ty, ty + 1) for qx in (tx, tx + 1)
        )
        # §14 [IMPL]: terrain in the target's own square, such as a small tree, gives cover directly.
        if bf.in_bounds(target_square) and bf.at(target_square).cover:
            blocked = max(blocked, 1)
        return blocked

    return count


def cover_lines_blocked(bf: Battlefield, attacker_corner: tuple[int, int], target_square: Square,
                        extra_blockers: Sequence[Square] = (), *,
                        attacker_squares: Sequence[Square] = ()) -> int:
    """§14: how many of the 4 lines from the corner to the target square's corners are blocked (0-4).

    Blockers: walls, solid squares, cover features and `extra_blockers` (creatures that give cover;
    the caller decides which), plus every edge obstacle, low walls included. The target square and
    `attacker_squares` (the attacker's or origin's own space) never block. A cover feature in the
    target's own square counts as at least one blocked line (§14 [IMPL]: it gives cover directly).
    """
    return _cover_counter(bf, extra_blockers, attacker_squares)(attacker_corner, target_square)


def best_cover_lines(bf: Battlefield, origin: Space, target: Space,
                     extra_blockers: Sequence[Square] = ()) -> int:
    """§14 [IMPL]: the fewest blocked cover lines over every origin corner and every target square."""
    target_squares = footprint(*target)
    # The target never gives cover to itself, whichever of its squares is picked.
    count = _cover_counter(bf, [sq for sq in extra_blockers if sq not in target_squares], footprint(*origin))
    best = 4
    for corner, _owners in _corner_owners(*origin):
        for sq in target_squares:
            best = min(best, count(corner, sq))
            if best == 0:
                return 0
    return best
