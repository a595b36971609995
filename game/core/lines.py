"""Exact line geometry on the grid: line of sight, line of effect and cover lines (4e-combat.md §6, §14).

Why one long file: every question here is answered by the same exact sweep over corners and edges, with its
quick proofs and caches beside it (tests/test_fastpath.py holds them to the plain version in
tests/lines_reference.py); the kernels, their fast paths and the public questions stay together so the proof
that a fast path equals the sweep can be read in one place.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import replace
from fractions import Fraction
from functools import cmp_to_key
from math import lcm
from typing import Callable, Optional, Sequence, Union

from game.core.battlefield import Battlefield, Edge, EdgeKind, Obscurement
from game.core.bfcache import BoundedCache, built_once
from game.core.grid import Square, footprint, space_distance

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
#
# Speed without changing an answer: line of effect, sight of a square and best cover lines are kept
# per battlefield (the battlefield is immutable, so they never go stale; cover answers are keyed by
# the creature squares that could touch a line too). Before the exact search, a wall row or column
# that crosses every line between two spaces proves there is none (_WallRuns). Blocking squares are
# looked up in sets (one C call each), and a cover line is first judged from the blocking squares
# near it: through the interior of one it is blocked, touching none it is clear; only lines that
# graze a square go through the exact walk. tests/test_fastpath.py holds all of it to the code as
# first written (tests/lines_reference.py).

Coord = Union[int, Fraction]
Point = tuple[Coord, Coord]
Space = tuple[Square, int]
SquarePredicate = Callable[[Square], bool]
EdgePredicate = Callable[[Square, Square], bool]

# Sector index from the signs of a direction (sx, sy): table index (sx + 1) * 3 + (sy + 1).
# 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW; (0, 0) maps to 0, used only for points inside a cell,
# where all eight sectors are the same cell.
_SECTOR = (7, 6, 5, 0, 0, 4, 1, 2, 3)


def _sector(sx: int, sy: int) -> int:
    return _SECTOR[(sx + 1) * 3 + sy + 1]


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def _edge_blocked(be: Optional[EdgePredicate], a: Square, b: Square) -> bool:
    return be is not None and be(a, b)


def _lattice_sectors(x: int, y: int, bs: SquarePredicate, be: Optional[EdgePredicate]) -> tuple[bool, ...]:
    """Blocked flags of the eight sectors around lattice point (x, y)."""
    nw, ne, sw, se = (x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)
    bnw, bne, bsw, bse = bs(nw), bs(ne), bs(sw), bs(se)
    # A half-edge blocks when both squares beside it block (the contract's solid seam) or an edge
    # obstacle lies on it (§18.2 obstacles between squares).
    if be is None:
        return (bnw and bne, bne, bne and bse, bse, bsw and bse, bsw, bnw and bsw, bnw)
    n = (bnw and bne) or _edge_blocked(be, nw, ne)
    e = (bne and bse) or _edge_blocked(be, ne, se)
    s = (bsw and bse) or _edge_blocked(be, sw, se)
    w = (bnw and bsw) or _edge_blocked(be, nw, sw)
    return (n, bne, e, bse, s, bsw, w, bnw)


def _point_sectors(xn: int, yn: int, den: int, bs: SquarePredicate,
                   be: Optional[EdgePredicate]) -> tuple[bool, ...]:
    """Blocked flags of the eight sectors around the point (xn / den, yn / den)."""
    ix, rx = divmod(xn, den)
    iy, ry = divmod(yn, den)
    if rx == 0 and ry == 0:
        return _lattice_sectors(ix, iy, bs, be)
    if rx == 0:
        left, right = (ix - 1, iy), (ix, iy)
        bl, br = bs(left), bs(right)
        edge = (bl and br) or _edge_blocked(be, left, right)
        return (edge, br, br, br, edge, bl, bl, bl)
    if ry == 0:
        up, down = (ix, iy - 1), (ix, iy)
        bu, bd = bs(up), bs(down)
        edge = (bu and bd) or _edge_blocked(be, up, down)
        return (bu, bu, edge, bd, bd, bd, edge, bu)
    inside = bs((ix, iy))
    return (inside,) * 8


def _joined(flags: tuple[bool, ...], a: int, b: int) -> bool:
    """True when sectors a and b are free and a run of free sectors joins them round the point."""
    if flags[a] or flags[b]:
        return False
    if a == b:
        return True
    for step in (1, 7):
        i = a
        while True:
            i = (i + step) & 7
            if i == b:
                return True
            if flags[i]:
                break
    return False


def _owner_sector(cell: Square, xn: int, yn: int, den: int) -> Optional[int]:
    """The sector a square occupies around the point (xn / den, yn / den), or None if it doesn't touch it."""
    cx, cy = cell
    lo_x, hi_x, lo_y, hi_y = cx * den, (cx + 1) * den, cy * den, (cy + 1) * den
    if not (lo_x <= xn <= hi_x and lo_y <= yn <= hi_y):
        return None
    sx = 1 if xn == lo_x else (-1 if xn == hi_x else 0)
    sy = 1 if yn == lo_y else (-1 if yn == hi_y else 0)
    return _sector(sx, sy)


def _owner_sectors(owners: Sequence[Square], xn: int, yn: int, den: int) -> list[int]:
    found = []
    for cell in owners:
        sector = _owner_sector(cell, xn, yn, den)
        if sector is not None:
            found.append(sector)
    return found


def _end_clear(flags: tuple[bool, ...], sector: int, owners: Sequence[Square],
               xn: int, yn: int, den: int) -> bool:
    """Whether a line may use `sector` at one of its ends.

    When we know which squares the end belongs to (the viewer's or target's squares), the line must
    reach them round the point: a viewer standing diagonally across a corner-to-corner pinch of two
    walls may not look out through the pinch. Without owners, the end point may lie anywhere on the
    boundary of blocking squares and only the sector the line uses must be free.
    """
    slots = _owner_sectors(owners, xn, yn, den)
    if not slots:
        return not flags[sector]
    return any(_joined(flags, slot, sector) for slot in slots)


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
            if bs(entered) or (be is not None and be(left, right)):
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
            if bs(entered) or (be is not None and be(up, down)):
                return True
    return not _end_clear(_point_sectors(bx, by, den, bs, be), back, q_owners, bx, by, den)


def _scale(p: Point, q: Point) -> tuple[int, int, int, int, int]:
    values = [Fraction(v) for v in (*p, *q)]
    den = 1
    for v in values:
        den = lcm(den, v.denominator)
    ax, ay, bx, by = (v.numerator * (den // v.denominator) for v in values)
    return den, ax, ay, bx, by


def segment_blocked(p: Point, q: Point, blocks_square: SquarePredicate,
                    blocks_edge: Optional[EdgePredicate], *, p_squares: Sequence[Square] = (),
                    q_squares: Sequence[Square] = ()) -> bool:
    """Whether the segment p -> q is blocked (§6 [IMPL], A17, and the contract's solid-wall rules).

    Blocked when it passes through the interior of a blocking square, runs along the seam between two
    blocking squares, passes through the point where two blocking squares touch corner to corner
    (strictly between its ends), or crosses or runs along a blocking edge obstacle. Grazing one
    wall's outer face, touching a corner, or touching only the end of an edge obstacle does not block.
    `p_squares` / `q_squares` optionally name the squares an end belongs to; the line must then
    reach those squares round the end point (no looking out through a pinch at your own corner).
    """
    den, ax, ay, bx, by = _scale(p, q)
    return _blocked_scaled(den, ax, ay, bx, by, blocks_square, blocks_edge, p_squares, q_squares)


# --- reaching a space from a corner -------------------------------------------------------------
#
# Directions from a corner P are measured in a frame whose first axis points from P towards the
# target: a direction is (a, b) with a >= 0, ordered by its slope b / a (a == 0 means -inf or +inf).
# P is a lattice point outside the target, so every ray that hits the target has a > 0.

Direction = tuple[int, int]


def _slope_cmp(d: Direction, e: Direction) -> int:
    """Negative, zero or positive as direction d turns before, with or after e (exact)."""
    if d[0] == 0 and e[0] == 0:
        return (d[1] > 0) - (e[1] > 0)
    return d[1] * e[0] - e[1] * d[0]


class _Target:
    """An axis-aligned target space [x0, x1] x [y0, y1] and the squares it is made of."""

    def __init__(self, top_left: Square, side: int) -> None:
        self.x0, self.y0 = top_left
        self.x1, self.y1 = self.x0 + side, self.y0 + side
        self.squares = footprint(top_left, side)

    def contains(self, x: int, y: int) -> bool:
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1

    def owners(self, xn: int, yn: int, den: int) -> list[Square]:
        """The target squares that contain the point (xn / den, yn / den)."""
        ix, rx = divmod(xn, den)
        iy, ry = divmod(yn, den)
        cols = (ix - 1, ix) if rx == 0 else (ix,)
        rows = (iy - 1, iy) if ry == 0 else (iy,)
        return [(c, r) for r in rows for c in cols
                if self.x0 <= c < self.x1 and self.y0 <= r < self.y1]

    def entry(self, px: int, py: int, dx: int, dy: int) -> Optional[tuple[int, int, int]]:
        """First point where the ray from (px, py) along (dx, dy) meets the space, as (xn, yn, den)."""
        t_num, t_den = 0, 1                       # entry parameter t = t_num / t_den, at least 0
        out_num, out_den = -1, 0                  # exit parameter; den 0 means "no exit yet"
        for p, v, lo, hi in ((px, dx, self.x0, self.x1), (py, dy, self.y0, self.y1)):
            if v == 0:
                if not lo <= p <= hi:
                    return None
                continue
            near, far = (lo - p, hi - p) if v > 0 else (p - hi, p - lo)
            v = abs(v)
            if near * t_den > t_num * v:
                t_num, t_den = near, v
            if out_den == 0 or far * out_den < out_num * v:
                out_num, out_den = far, v
        if out_den and t_num * out_den > out_num * t_den:
            return None
        return px * t_den + dx * t_num, py * t_den + dy * t_num, t_den


class _Frame:
    """Converts between map vectors and directions measured along the axis from P to the target."""

    def __init__(self, px: int, py: int, target: _Target) -> None:
        if px < target.x0:
            self.axis, self.sign = 0, 1
        elif px > target.x1:
            self.axis, self.sign = 0, -1
        elif py < target.y0:
            self.axis, self.sign = 1, 1
        else:
            self.axis, self.sign = 1, -1
        self.px, self.py = px, py

    def direction(self, x: int, y: int) -> Direction:
        """The frame direction from P to the map point (x, y)."""
        vx, vy = x - self.px, y - self.py
        return (self.sign * vx, vy) if self.axis == 0 else (self.sign * vy, vx)

    def map_vector(self, d: Direction) -> tuple[int, int]:
        a, b = d
        return (self.sign * a, b) if self.axis == 0 else (b, self.sign * a)


class _Beam:
    """The closed set of directions still open, as sorted disjoint closed intervals of directions."""

    def __init__(self, first: Direction, last: Direction) -> None:
        self.parts: list[tuple[Direction, Direction]] = [(first, last)]

    def remove_open(self, s: Direction, e: Direction) -> None:
        """Remove the open interval of directions strictly between s and e."""
        if _slope_cmp(s, e) >= 0:
            return
        kept: list[tuple[Direction, Direction]] = []
        for lo, hi in self.parts:
            if _slope_cmp(e, lo) <= 0 or _slope_cmp(s, hi) >= 0:
                kept.append((lo, hi))
                continue
            if _slope_cmp(lo, s) <= 0:
                kept.append((lo, s))
            if _slope_cmp(e, hi) <= 0:
                kept.append((e, hi))
        self.parts = kept


def _span(points: Sequence[Direction]) -> tuple[Direction, Direction]:
    lo = hi = points[0]
    for d in points[1:]:
        if _slope_cmp(d, lo) < 0:
            lo = d
        if _slope_cmp(d, hi) > 0:
            hi = d
    return lo, hi


def _edges_of(square: Square, frame: _Frame, target: _Target, be: Optional[EdgePredicate], beam: _Beam,
              critical: dict[Direction, None], seen: dict[tuple[Square, Square], None]) -> None:
    """Add the edge obstacles on the sides of a square the beam touches to the sweep.

    An edge obstacle's end points are critical directions (a ray touching only its end is not
    blocked). Rays crossing it between its ends are blocked (§18.2), unless it lies on the
    target's boundary, where only the exact test can tell whether it faces the corner or not.
    """
    if be is None:
        return
    x, y = square
    sides = (((x - 1, y), ((x, y), (x, y + 1))), ((x + 1, y), ((x + 1, y), (x + 1, y + 1))),
             ((x, y - 1), ((x, y), (x + 1, y))), ((x, y + 1), ((x, y + 1), (x + 1, y + 1))))
    for other, ends in sides:
        key = (square, other) if square < other else (other, square)
        if key in seen or not be(square, other):
            continue
        seen[key] = None
        dirs = [frame.direction(*pt) for pt in ends if pt != (frame.px, frame.py)]
        for d in dirs:
            if d[0] > 0:
                critical[d] = None
        if len(dirs) == 2 and not any(target.contains(*pt) for pt in ends):
            s, e = _span(dirs)
            beam.remove_open(s, e)


def _sweep(corner: tuple[int, int], owners: Sequence[Square], target: _Target, bs: SquarePredicate,
           be: Optional[EdgePredicate], near_edge: Optional[SquarePredicate]) -> bool:
    """Exactly: does some unblocked line run from `corner` to some point of the target space?

    Only the first point where a ray meets the target matters: beyond it the line is inside the
    target, which never blocks. Every blocking square and edge obstacle inside the bounding box of
    the corner and the target lies in front of the target along any ray that meets both, so the
    rays through its interior are blocked: we cut those open intervals of directions out of the
    beam of rays that hit the target, walking outwards from the corner and stopping once nothing is
    left. What remains is a set of closed intervals (often single grazing directions). Within each,
    a ray's fate can only change where it passes a target corner or the end of an edge obstacle (no
    blocking square reaches inside), so testing those directions, the interval ends and one direction
    strictly between each neighbouring pair with the exact segment test is exact.
    `near_edge` (needed when `be` is given) tells which squares may have an edge obstacle on a side.
    """
    px, py = corner
    if target.contains(px, py):
        # The corner touches the target space: a zero-length line, judged round the point.
        return not _blocked_scaled(1, px, py, px, py, bs, be, owners, target.owners(px, py, 1))
    frame = _Frame(px, py, target)
    t_corners = [frame.direction(x, y) for y in (target.y0, target.y1) for x in (target.x0, target.x1)]
    first, last = _span(t_corners)
    beam = _Beam(first, last)
    # How far the target reaches forward, and the sideways extent of the bounding box, in the frame.
    far = max(d[0] for d in t_corners)
    side_lo = min(0, min(d[1] for d in t_corners))
    side_hi = max(0, max(d[1] for d in t_corners))
    critical: dict[Direction, None] = dict.fromkeys([*t_corners, (1, 0)])   # ordered, no repeats
    seen_edges: dict[tuple[Square, Square], None] = {}

    for k in range(far):
        if not beam.parts:
            return False
        # The cells of column k (forward k..k+1) that each part of the beam touches.
        rows: list[int] = []
        for lo, hi in beam.parts:
            reach_lo = min(k * lo[1], (k + 1) * lo[1])
            reach_hi = max(k * hi[1], (k + 1) * hi[1])
            j_lo = max(side_lo, -(-reach_lo // lo[0]) - 1, rows[-1] + 1 if rows else side_lo)
            rows.extend(range(j_lo, min(side_hi - 1, reach_hi // hi[0]) + 1))
        forward = k if frame.sign > 0 else -k - 1
        for j in rows:
            square = (px + forward, py + j) if frame.axis == 0 else (px + j, py + forward)
            if near_edge is not None and near_edge(square):
                _edges_of(square, frame, target, be, beam, critical, seen_edges)
            if not bs(square):
                continue
            # §6, A17: rays through a blocking square's interior are blocked. Seen from P, frame cell
            # (k, j) spans the directions strictly between its lowest and highest corner slopes.
            if j >= 0:
                beam.remove_open((k + 1, j), (k, j + 1))
            else:
                beam.remove_open((k, j), (k + 1, j + 1))
    for lo, hi in beam.parts:
        inside = [d for d in critical if _slope_cmp(lo, d) < 0 and _slope_cmp(d, hi) < 0]
        inside.sort(key=cmp_to_key(_slope_cmp))
        points = [lo, *inside, hi] if _slope_cmp(lo, hi) < 0 else [lo]
        tests: list[Direction] = []
        for i, d in enumerate(points):
            tests.append(d)
            if i + 1 < len(points) and _slope_cmp(d, points[i + 1]) < 0:
                tests.append((d[0] + points[i + 1][0], d[1] + points[i + 1][1]))
        for d in tests:
            dx, dy = frame.map_vector(d)
            hit = target.entry(px, py, dx, dy)
            if hit is None:
                continue
            xn, yn, den = hit
            q_owners = target.owners(xn, yn, den)
            if not _blocked_scaled(den, px * den, py * den, xn, yn, bs, be, owners, q_owners):
                return True
    return False


def _corner_owners(top_left: Square, side: int) -> list[tuple[tuple[int, int], tuple[Square, ...]]]:
    """Every corner of every square of a space, with the squares of the space that touch it."""
    x0, y0 = top_left
    result = []
    for y in range(y0, y0 + side + 1):
        for x in range(x0, x0 + side + 1):
            owners = tuple((cx, cy) for cy in (y - 1, y) for cx in (x - 1, x)
                           if x0 <= cx < x0 + side and y0 <= cy < y0 + side)
            result.append(((x, y), owners))
    return result


def _reaches(source: Space, target: Space, bs: SquarePredicate, be: Optional[EdgePredicate],
             near_edge: Optional[SquarePredicate]) -> bool:
    """§6: some unblocked line runs from a corner of a source square to some point of the target space."""
    goal = _Target(*target)
    corners = _corner_owners(*source)
    # Fast path: the line to the centre of each target square (coordinates doubled to stay integer).
    centres = [(2 * cx + 1, 2 * cy + 1, [(cx, cy)]) for cx, cy in goal.squares]
    for (px, py), owners in corners:
        for qx, qy, q_owners in centres:
            if not _blocked_scaled(2, 2 * px, 2 * py, qx, qy, bs, be, owners, q_owners):
                return True
    return any(_sweep(corner, owners, goal, bs, be, near_edge) for corner, owners in corners)


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
        # Answers that depend only on the battlefield and the spaces asked about, kept while it lives.
        self.effect_answers = BoundedCache(_ANSWERS)    # (source, target) -> line of effect
        self.sight_answers = BoundedCache(_ANSWERS)     # (viewer, square) -> a sight line reaches it
        self.cover_answers = BoundedCache(_ANSWERS)     # (origin, target, creature blockers) -> cover lines
        self.walls = {name: _WallRuns(table, self.width, self.height)
                      for name, table in (("solid", self.solid), ("sight", self.sight))}
        # The blocking squares of each table as sets (with the ring of off-map squares round the map,
        # which block too) and, row by row, as sorted columns: a set look-up is one C call.
        self.blocking: dict[int, frozenset[Square]] = {}
        self.blocking_rows: dict[int, list[list[int]]] = {}
        for table in (self.solid, self.sight, self.cover):
            rows = [[x for x in range(self.width) if table[y * self.width + x]] for y in range(self.height)]
            ring = [(x, y) for y in (-1, self.height) for x in range(-1, self.width + 1)]
            ring += [(x, y) for x in (-1, self.width) for y in range(self.height)]
            self.blocking[id(table)] = frozenset([(x, y) for y, xs in enumerate(rows) for x in xs] + ring)
            self.blocking_rows[id(table)] = rows

    def fast_predicate(self, table: bytes, free: frozenset[Square], box: tuple[int, int, int, int]
                       ) -> SquarePredicate:
        """``square_predicate(table, free)`` for questions about squares in ``box`` (x0, y0, x1, y1,
        inclusive) and the map: a set look-up when no free square blocks, as is usual."""
        x0, y0, x1, y1 = box
        if x0 < -1 or y0 < -1 or x1 > self.width or y1 > self.height:
            return self.square_predicate(table, free)
        blocking = self.blocking[id(table)]
        if free.isdisjoint(blocking):
            return blocking.__contains__
        return lambda sq: sq in blocking and sq not in free

    def cells_in_box(self, table: bytes, box: tuple[int, int, int, int]) -> list[Square]:
        """The blocking squares of ``table`` inside ``box`` (x0, y0, x1, y1, inclusive); off the map blocks."""
        x0, y0, x1, y1 = box
        rows = self.blocking_rows[id(table)]
        width, height = self.width, self.height
        found: list[Square] = []
        for y in range(max(y0, 0), min(y1, height - 1) + 1):
            xs = rows[y]
            i, j = bisect_left(xs, x0), bisect_right(xs, x1)
            if i < j:
                found += [(x, y) for x in xs[i:j]]
        if x0 < 0 or y0 < 0 or x1 >= width or y1 >= height:
            found += [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)
                      if not (0 <= x < width and 0 <= y < height)]
        return found

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


    def edges_in_box(self, kinds: tuple[EdgeKind, ...], box: tuple[int, int, int, int]) -> bool:
        """Whether a square inside ``box`` (x0, y0, x1, y1, inclusive) has an edge obstacle of these kinds on a side."""
        self.edge_predicates(kinds, ())
        x0, y0, x1, y1 = box
        return any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in self._by_kinds[kinds][1])


_ANSWERS = 1 << 17      # answers kept per battlefield and question (oldest quarter forgotten beyond)


def _grid(bf: Battlefield) -> _Grid:
    """The lookup tables of a battlefield, cached by identity while the battlefield lives."""
    return built_once(bf, _Grid, _Grid, bf)


def prepare(bf: Battlefield) -> None:
    """Build the battlefield's lookup tables now (while a skirmish is set up: 10-30 ms at 100x100), so the first
    line asked for in play does not."""
    _grid(bf)


class _WallRuns:
    """Proof that a wall runs across every line between two spaces, from one blocking table.

    If a whole row of squares lies between two spaces (one entirely above it, the other entirely
    below) and every square of that row that a line between the spaces could touch blocks, no line
    gets through: crossing the row, a line passes through the interior of one of those squares, or,
    if it runs straight down a grid line, along the seam of two of them (§6, A17 and the contract's
    seam rule). The same goes for columns. Only rows and columns at least half blocked are tried.
    The test never says blocked wrongly; when it finds no such wall, the exact search decides.
    """

    def __init__(self, table: bytes, width: int, height: int) -> None:
        self.width, self.height = width, height
        # Prefix counts of blocking squares along each row and each column.
        self.rows = [self._prefix(table[y * width:(y + 1) * width]) for y in range(height)]
        self.cols = [self._prefix(table[x::width]) for x in range(width)]
        self.wall_rows = [y for y in range(height) if 2 * self.rows[y][-1] >= width]
        self.wall_cols = [x for x in range(width) if 2 * self.cols[x][-1] >= height]

    @staticmethod
    def _prefix(line: bytes) -> list[int]:
        counts = [0]
        for value in line:
            counts.append(counts[-1] + value)
        return counts

    @staticmethod
    def _span(a: tuple[int, int, int, int], b: tuple[int, int, int, int], k: int) -> tuple[int, int]:
        """The squares of row k (counted along the first coordinate) that every segment from box a
        (above the row) to box b (below it) must pass through one of: boxes are (lo, hi, top, bottom)
        in lattice units, a's bottom <= k and b's top >= k + 1.

        At height c a segment from p to q is at x = (1 - t) p_x + t q_x with t = (c - p_y) / (q_y - p_y);
        over the boxes t runs from (c - a_bottom) / (b_bottom - a_bottom) to (c - a_top) / (b_top - a_top),
        so x stays between the values at those ends for c = k and c = k + 1. A slanted segment crosses
        the open band k < y < k + 1 through the interior of a square between floor(x min) and
        ceil(x max) - 1; a vertical one (only where the boxes overlap sideways) runs along the seam of
        the two squares beside its grid line.
        """
        alo, ahi, atop, abot = a
        blo, bhi, btop, bbot = b
        lo = hi = None
        for c in (k, k + 1):
            for num, den in ((c - abot, bbot - abot), (c - atop, btop - atop)):
                left = alo + (num * (blo - alo)) // den              # floor of the leftmost x
                right = ahi - ((-num * (bhi - ahi)) // den)          # ceil of the rightmost x
                lo = left if lo is None or left < lo else lo
                hi = right if hi is None or right > hi else hi
        assert lo is not None and hi is not None
        first, last = lo, hi - 1
        overlap_lo, overlap_hi = max(alo, blo), min(ahi, bhi)
        if overlap_lo <= overlap_hi:
            first, last = min(first, overlap_lo - 1), max(last, overlap_hi)
        return first, last

    def _blocked(self, counts: list[int], length: int, lo: int, hi: int) -> bool:
        """Whether squares lo..hi of a row (or column) all block; off the map blocks."""
        first, last = max(lo, 0), min(hi, length - 1)
        if first > last:
            return True
        return counts[last + 1] - counts[first] == last - first + 1

    def separated(self, source: Space, target: Space) -> bool:
        (sx, sy), ss = source
        (tx, ty), ts = target
        for a, b, lines, counts, length in (
            ((sx, sx + ss, sy, sy + ss), (tx, tx + ts, ty, ty + ts), self.wall_rows, self.rows, self.width),
            ((sy, sy + ss, sx, sx + ss), (ty, ty + ts, tx, tx + ts), self.wall_cols, self.cols, self.height),
        ):
            if a[3] > b[2]:
                a, b = b, a
            if a[3] >= b[2]:
                continue                      # the spaces overlap along this axis: no row lies between
            for k in lines:
                if a[3] <= k < b[2]:
                    lo, hi = self._span(a, b, k)
                    if self._blocked(counts[k], length, lo, hi):
                        return True
        return False


def _box(a: Space, b: Space) -> tuple[int, int, int, int]:
    """The squares any line between two spaces can touch: those touching the box spanning both
    (x0, y0, x1, y1, inclusive)."""
    (ax, ay), aside = a
    (bx, by), bside = b
    return min(ax, bx) - 1, min(ay, by) - 1, max(ax + aside, bx + bside), max(ay + aside, by + bside)


def _space(space: Space) -> Space:
    """A space as plain tuples (callers may pass lists)."""
    (x, y), side = space
    return (x, y), side


def line_of_effect(bf: Battlefield, source: Space, target: Space) -> bool:
    """§6: some line from a corner of the source to the target misses every solid obstacle."""
    answers = _grid(bf).effect_answers
    key = (source, target)
    try:
        found = answers.get(key)
    except TypeError:                      # a space given with lists: look it up as tuples
        key = (_space(source), _space(target))
        found = answers.get(key)
    if found is None:
        found = answers.put(key, _line_of_effect(_grid(bf), *key))
    return found


def _line_of_effect(grid: _Grid, source: Space, target: Space) -> bool:
    if grid.walls["solid"].separated(source, target):
        return False
    src, tgt = frozenset(footprint(*source)), frozenset(footprint(*target))
    # §6: the spaces themselves never block; a window blocks effect, a low wall does not (§18.2).
    blocks_square = grid.fast_predicate(grid.solid, src | tgt, _box(source, target))
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
    answers = _grid(bf).sight_answers
    key = (viewer, square)
    try:
        found = answers.get(key)
    except TypeError:                      # a space given with lists: look it up as tuples
        key = (_space(viewer), (square[0], square[1]))
        found = answers.get(key)
    if found is None:
        found = answers.put(key, _sight_line(_grid(bf), *key))
    return found


def _sight_line(grid: _Grid, viewer: Space, square: Square) -> bool:
    if grid.walls["sight"].separated(viewer, (square, 1)):
        return False
    own = frozenset(footprint(*viewer))
    blocks_square = grid.fast_predicate(grid.sight, own | {square}, _box(viewer, (square, 1)))
    # Only a solid wall along an edge blocks sight: a window does not, nor a low wall (§6, §18.2).
    blocks_edge, near_edge = grid.edge_predicates((EdgeKind.WALL,), (own,))
    return _reaches(viewer, (square, 1), blocks_square, blocks_edge, near_edge)


def line_of_sight(bf: Battlefield, source: Space, target: Space) -> bool:
    """§6, A18: the viewer can see into at least one square of the target's space."""
    # Each target square is judged on its own, so fog in one square of a large target still hides
    # the squares behind it (a sight line to the target space exists whenever one of these does).
    return any(can_see_square(bf, source, sq) for sq in footprint(*target))


def _cover_counter(bf: Battlefield, extra_blockers: Sequence[Square], attacker_squares: Sequence[Square],
                   box: Optional[tuple[int, int, int, int]] = None) -> Callable[[tuple[int, int], Square, int], int]:
    """A function counting the blocked cover lines from a corner to a target square (§14).

    With ``box`` (the squares every line asked about can touch, x0, y0, x1, y1 inclusive) the
    blocking squares are gathered into one set first, so each look-up is a single C call.
    """
    grid = _grid(bf)
    own = frozenset(attacker_squares)
    # §14: obstacles, cover terrain and the creatures the caller lists block cover lines; the
    # attacker's (or origin's) own squares never do.
    terrain = grid.square_predicate(grid.cover, own)
    extra = frozenset(extra_blockers) - own
    # Every edge obstacle blocks cover lines, low walls included (§14: "behind a low wall").
    kinds = (EdgeKind.LOW_WALL, EdgeKind.WALL, EdgeKind.WINDOW)
    blocks_edge, _near = grid.edge_predicates(kinds, (own,))
    if blocks_edge is not None and box is not None and not grid.edges_in_box(kinds, box):
        blocks_edge = None        # no line asked about can cross an edge obstacle: the quick tests below hold
    in_box: Optional[frozenset[Square]] = None
    if box is not None:
        x0, y0, x1, y1 = box
        in_box = frozenset(grid.cells_in_box(grid.cover, box)).union(
            sq for sq in extra if x0 <= sq[0] <= x1 and y0 <= sq[1] <= y1) - own
        cells = sorted(in_box)

    def count(corner: tuple[int, int], target_square: Square, enough: int = 4) -> int:
        """Blocked lines from ``corner``; once ``enough`` are blocked the rest are not looked at
        (the answer is then some number at least ``enough``)."""
        cx, cy = corner
        tx, ty = target_square
        near: list[Square] = []
        blocks_square: Callable[[Square], bool]
        if in_box is not None:
            blocks_square = (in_box - {target_square}).__contains__ if target_square in in_box else in_box.__contains__
            if blocks_edge is None:
                nx0, nx1, ny0, ny1 = min(cx, tx) - 1, max(cx, tx + 1), min(cy, ty) - 1, max(cy, ty + 1)
                near = [c for c in cells if nx0 <= c[0] <= nx1 and ny0 <= c[1] <= ny1 and c != target_square]
        else:
            def blocks_square(sq: Square) -> bool:
                return sq != target_square and (sq in extra or terrain(sq))

        owners = [sq for sq in attacker_squares if sq[0] <= cx <= sq[0] + 1 and sq[1] <= cy <= sq[1] + 1]
        # §14 steps 2-4: the 4 corner lines; one along an obstacle's edge is not blocked, while one
        # along the seam between two obstacles is.
        blocked = 0
        for qx, qy in ((tx, ty), (tx + 1, ty), (tx, ty + 1), (tx + 1, ty + 1)):
            verdict = _touches(cx, cy, qx, qy, near) if in_box is not None and blocks_edge is None else None
            if verdict is None:
                verdict = _blocked_scaled(1, cx, cy, qx, qy, blocks_square, blocks_edge, owners, (target_square,))
            if verdict:
                blocked += 1
                if blocked >= enough:
                    break
        # §14 [IMPL]: terrain in the target's own square, such as a small tree, gives cover directly.
        if bf.in_bounds(target_square) and bf.at(target_square).cover:
            blocked = max(blocked, 1)
        return blocked

    return count


def _touches(ax: int, ay: int, bx: int, by: int, cells: Sequence[Square]) -> Optional[bool]:
    """Decide quickly whether the segment between two lattice points is blocked, from the blocking
    squares near it (every one whose closed square could touch it must be among ``cells``; no edge
    obstacles): True when it passes through the interior of one (§6, A17: that always blocks), False
    when it touches none (nothing else can block it), None when it only grazes some (the exact walk
    must decide: seams, pinches and the ends' own squares)."""
    dx, dy = bx - ax, by - ay
    lo_x, hi_x = (ax, bx) if dx >= 0 else (bx, ax)
    lo_y, hi_y = (ay, by) if dy >= 0 else (by, ay)
    adx, ady = abs(dx), abs(dy)
    # Corner offsets of the line function f(x, y) = dx (y - ay) - dy (x - ax) over a unit square.
    f_lo = min(0, -dy, dx, dx - dy)
    f_hi = max(0, -dy, dx, dx - dy)
    grazed = False
    for x, y in cells:
        if x > hi_x or x + 1 < lo_x or y > hi_y or y + 1 < lo_y:
            continue
        base = dx * (y - ay) - dy * (x - ax)
        if base + f_lo > 0 or base + f_hi < 0:
            continue                        # the whole square lies on one side of the line
        if dx and dy:
            # The open square meets the segment when the parameter ranges t in (0, 1) of both
            # coordinates overlap: t in (lx / adx, ux / adx) and (ly / ady, uy / ady).
            lx, ux = (x - ax, x + 1 - ax) if dx > 0 else (ax - x - 1, ax - x)
            ly, uy = (y - ay, y + 1 - ay) if dy > 0 else (ay - y - 1, ay - y)
            ln, ld = (lx, adx) if lx * ady >= ly * adx else (ly, ady)
            un, ud = (ux, adx) if ux * ady <= uy * adx else (uy, ady)
            if ln < ld and un > 0 and ln * ud < un * ld:
                return True
        grazed = True
    return None if grazed else False


def cover_lines_blocked(bf: Battlefield, attacker_corner: tuple[int, int], target_square: Square,
                        extra_blockers: Sequence[Square] = (), *,
                        attacker_squares: Sequence[Square] = ()) -> int:
    """§14: how many of the 4 lines from the corner to the target square's corners are blocked (0-4).

    Blockers: walls, solid squares, cover features and `extra_blockers` (creatures that give cover;
    the caller decides which), plus every edge obstacle, low walls included. The target square and
    `attacker_squares` (the attacker's or origin's own space) never block. A cover feature in the
    target's own square counts as at least one blocked line (§14 [IMPL]: it gives cover directly).
    """
    (cx, cy), (tx, ty) = attacker_corner, target_square
    box = (min(cx, tx) - 1, min(cy, ty) - 1, max(cx, tx + 1), max(cy, ty + 1))
    return _cover_counter(bf, extra_blockers, attacker_squares, box)(attacker_corner, target_square, 4)


def cover_line_counter(bf: Battlefield, origin: Space, target: Space) -> Callable[[tuple[int, int], Square, int], int]:
    """``cover_lines_blocked`` with no creatures and the origin's space as the attacker's squares, for any corner
    of ``origin`` and square of ``target``: the blockers the lines between the two spaces can touch are gathered
    once for the pair instead of once per line. ``count(corner, square, enough)`` stops looking once ``enough``
    lines are blocked (the answer is then at least ``enough``; 4 or more: exact)."""
    return _cover_counter(bf, (), footprint(*origin), _box(origin, target))


def cover_line_verdicts(bf: Battlefield, attacker_corner: tuple[int, int], target_square: Square,
                        attacker_squares: Sequence[Square] = ()) -> tuple[bool, bool, bool, bool]:
    """§14, line by line: whether each of the 4 lines from the corner to the target square's corners
    (top-left, top-right, bottom-left, bottom-right) is blocked, by the same tests cover_lines_blocked
    counts with (no creatures as blockers). For showing the lines the rules counted."""
    grid = _grid(bf)
    own = frozenset(attacker_squares)
    terrain = grid.square_predicate(grid.cover, own)
    blocks_edge, _near = grid.edge_predicates((EdgeKind.LOW_WALL, EdgeKind.WALL, EdgeKind.WINDOW), (own,))

    def blocks_square(sq: Square) -> bool:
        return sq != target_square and terrain(sq)

    cx, cy = attacker_corner
    tx, ty = target_square
    owners = [sq for sq in attacker_squares if sq[0] <= cx <= sq[0] + 1 and sq[1] <= cy <= sq[1] + 1]
    verdicts = tuple(_blocked_scaled(1, cx, cy, qx, qy, blocks_square, blocks_edge, owners, (target_square,))
                     for qx, qy in ((tx, ty), (tx + 1, ty), (tx, ty + 1), (tx + 1, ty + 1)))
    return verdicts[0], verdicts[1], verdicts[2], verdicts[3]


def best_cover_lines(bf: Battlefield, origin: Space, target: Space,
                     extra_blockers: Sequence[Square] = ()) -> int:
    """§14 [IMPL]: the fewest blocked cover lines over every origin corner and every target square."""
    answers = _grid(bf).cover_answers
    if extra_blockers:
        origin, target = _space(origin), _space(target)
        key = (origin, target, _relevant_blockers(origin, target, extra_blockers))
        found = answers.get(key)
    else:
        key = (origin, target, ())
        try:
            found = answers.get(key)
        except TypeError:                  # a space given with lists: look it up as tuples
            origin, target = _space(origin), _space(target)
            key = (origin, target, ())
            found = answers.get(key)
    if found is None:
        found = answers.put(key, _best_cover_lines(bf, origin, target, key[2]))
    return found


def cover_lines_past_low_walls(bf: Battlefield, origin: Space, target: Space) -> int:
    """The fewest cover lines blocked when low walls are left out: what blocks them besides low walls
    (the "by what" of §14 that rulesets may need)."""
    return best_cover_lines(built_once(bf, _without_low_walls, _without_low_walls, bf), origin, target)


def _without_low_walls(bf: Battlefield) -> Battlefield:
    return replace(bf, edges=tuple((e, k) for e, k in bf.edges if k != EdgeKind.LOW_WALL), _edge_index={})


def _relevant_blockers(origin: Space, target: Space, blockers: Sequence[Square]) -> tuple[Square, ...]:
    """The blockers that can touch a cover line, sorted: every line lies in the box spanning both
    spaces, so only squares touching that box matter; the target never gives cover to itself, nor
    the origin's own squares (§14)."""
    (ox, oy), os_ = origin
    (tx, ty), ts = target
    x0, x1 = min(ox, tx) - 1, max(ox + os_, tx + ts)
    y0, y1 = min(oy, ty) - 1, max(oy + os_, ty + ts)
    return tuple(sorted({(x, y) for x, y in blockers
                         if x0 <= x <= x1 and y0 <= y <= y1
                         and not (tx <= x < tx + ts and ty <= y < ty + ts)
                         and not (ox <= x < ox + os_ and oy <= y < oy + os_)}))


def _best_cover_lines(bf: Battlefield, origin: Space, target: Space, extra_blockers: Sequence[Square]) -> int:
    target_squares = footprint(*target)
    count = _cover_counter(bf, extra_blockers, footprint(*origin), _box(origin, target))
    best = 4
    for corner, _owners in _corner_owners(*origin):
        for sq in target_squares:
            # A count can only lower the minimum if it stays below it, so stop counting there.
            best = min(best, count(corner, sq, best))
            if best == 0:
                return 0
    return best
