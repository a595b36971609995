"""Exact line geometry on the square grid: line of sight, line of effect and cover lines (4e-combat.md §6, §14, §15)."""

from __future__ import annotations

from fractions import Fraction
from functools import cmp_to_key
from math import gcd, lcm
from typing import Callable, Optional, Sequence, Union

from game.core.battlefield import Battlefield, EdgeKind, Obscurement
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


def _end_clear(flags: tuple[bool, ...], sector: int, owners: Sequence[Square], xn: int, yn: int, den: int) -> bool:
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

def _cross(a: tuple[int, int], b: tuple[int, int]) -> int:
    return a[0] * b[1] - a[1] * b[0]


def _primitive(v: tuple[int, int]) -> tuple[int, int]:
    g = gcd(v[0], v[1])
    return (v[0] // g, v[1] // g)


def _by_angle(a: tuple[int, int], b: tuple[int, int]) -> int:
    c = _cross(a, b)
    return -1 if c > 0 else (1 if c < 0 else 0)


def _clip(a: int, b: int, lo: int, hi: int) -> tuple[int, int]:
    """Narrow the integer range [lo, hi] to the x with a * x + b >= 0."""
    if a > 0:
        lo = max(lo, -(b // a))
    elif a < 0:
        hi = min(hi, b // -a)
    elif b < 0:
        hi = lo - 1
    return lo, hi


def _interesting(x: int, y: int, bs: SquarePredicate, be: Optional[EdgePredicate]) -> bool:
    """A lattice point where something blocks: only such points can change a line's fate."""
    nw, ne, sw, se = (x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)
    if bs(nw) or bs(ne) or bs(sw) or bs(se):
        return True
    return be is not None and (be(nw, ne) or be(ne, se) or be(sw, se) or be(nw, sw))


class _Target:
    """An axis-aligned target space [x0, x1] x [y0, y1] and the squares it is made of."""

    def __init__(self, top_left: Square, side: int) -> None:
        self.x0, self.y0 = top_left
        self.x1, self.y1 = self.x0 + side, self.y0 + side
        self.squares = footprint(top_left, side)

    def owners(self, xn: int, yn: int, den: int) -> list[Square]:
        """The target squares that contain the point (xn / den, yn / den)."""
        ix, rx = divmod(xn, den)
        iy, ry = divmod(yn, den)
        cols = (ix - 1, ix) if rx == 0 else (ix,)
        rows = (iy - 1, iy) if ry == 0 else (iy,)
        return [(c, r) for r in rows for c in cols
                if self.x0 <= c < self.x1 and self.y0 <= r < self.y1]

    def entry(self, px: int, py: int, d: tuple[int, int]) -> Optional[tuple[int, int, int]]:
        """First point where the ray from (px, py) along d meets the space, as (xn, yn, den)."""
        s_lo = Fraction(0)
        s_hi: Optional[Fraction] = None
        for p, v, lo, hi in ((px, d[0], self.x0, self.x1), (py, d[1], self.y0, self.y1)):
            if v == 0:
                if not lo <= p <= hi:
                    return None
                continue
            a, b = Fraction(lo - p, v), Fraction(hi - p, v)
            if a > b:
                a, b = b, a
            s_lo = max(s_lo, a)
            s_hi = b if s_hi is None else min(s_hi, b)
        if s_hi is not None and s_lo > s_hi:
            return None
        den, num = s_lo.denominator, s_lo.numerator
        return px * den + d[0] * num, py * den + d[1] * num, den


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


def _sweep(corner: tuple[int, int], owners: Sequence[Square], target: _Target, bs: SquarePredicate,
           be: Optional[EdgePredicate]) -> bool:
    """Exactly: does some unblocked line run from `corner` to some point of the target space?

    Only the first point where a ray meets the target matters (beyond it the line is inside the
    target, which never blocks). As the ray turns, its fate can change only where it passes through
    a lattice point at which something blocks, or through a corner of the target; between two such
    critical directions nothing changes. So testing every critical direction and one direction
    strictly between each neighbouring pair is exact. Lattice points outside the bounding box of the
    corner and the target, or outside the cone of rays that hit the target, cannot lie on a line.
    """
    px, py = corner
    x0, y0, x1, y1 = target.x0, target.y0, target.x1, target.y1
    if x0 <= px <= x1 and y0 <= py <= y1:
        # The corner touches the target space: a zero-length line, judged round the point.
        return not _blocked_scaled(1, px, py, px, py, bs, be, owners, target.owners(px, py, 1))
    rays = [(x0 - px, y0 - py), (x1 - px, y0 - py), (x0 - px, y1 - py), (x1 - px, y1 - py)]
    first = next(r for r in rays if all(_cross(r, o) >= 0 for o in rays))
    last = next(r for r in rays if all(_cross(o, r) >= 0 for o in rays))
    directions: dict[tuple[int, int], None] = {_primitive(r): None for r in rays}   # ordered, deduplicated
    for y in range(min(py, y0), max(py, y1) + 1):
        lo, hi = min(px, x0), max(px, x1)
        # cross(first, (x - px, y - py)) >= 0 and cross((x - px, y - py), last) >= 0
        lo, hi = _clip(-first[1], first[0] * (y - py) + first[1] * px, lo, hi)
        lo, hi = _clip(last[1], -px * last[1] - (y - py) * last[0], lo, hi)
        for x in range(lo, hi + 1):
            if (x, y) != (px, py) and _interesting(x, y, bs, be):
                directions[_primitive((x - px, y - py))] = None
    ordered = sorted(directions, key=cmp_to_key(_by_angle))
    candidates: list[tuple[int, int]] = []
    for a, b in zip(ordered, ordered[1:]):
        candidates.append(a)
        candidates.append((a[0] + b[0], a[1] + b[1]))   # strictly between a and b: the cone is < 180°
    candidates.append(ordered[-1])
    for d in candidates:
        hit = target.entry(px, py, d)
        if hit is None:
            continue
        xn, yn, den = hit
        if not _blocked_scaled(den, px * den, py * den, xn, yn, bs, be, owners, target.owners(xn, yn, den)):
            return True
    return False


def _reaches(source: Space, target: Space, bs: SquarePredicate, be: Optional[EdgePredicate]) -> bool:
    """Some unblocked line from a corner of a source square to some point of the target space (§6)."""
    goal = _Target(*target)
    corners = _corner_owners(*source)
    # Fast path: target corners and square centres (coordinates doubled so centres are integers).
    quick = [(2 * x, 2 * y) for y in (goal.y0, goal.y1) for x in (goal.x0, goal.x1)]
    quick += [(2 * cx + 1, 2 * cy + 1) for cx, cy in goal.squares]
    for (px, py), owners in corners:
        for qx, qy in quick:
            if not _blocked_scaled(2, 2 * px, 2 * py, qx, qy, bs, be, owners, goal.owners(qx, qy, 2)):
                return True
    return any(_sweep(corner, owners, goal, bs, be) for corner, owners in corners)


def _space_edge_filter(bf: Battlefield, kinds: tuple[EdgeKind, ...], spaces: Sequence[frozenset[Square]]
                       ) -> Optional[EdgePredicate]:
    """Edge obstacles of the given kinds, ignoring edges inside one of the given spaces."""
    if not bf.edges:
        return None

    def blocks_edge(a: Square, b: Square) -> bool:
        kind = bf.edge(a, b)
        if kind is None or kind not in kinds:
            return False
        # An edge between two squares of the same space is inside it; the space never blocks itself.
        return not any(a in s and b in s for s in spaces)

    return blocks_edge


def line_of_effect(bf: Battlefield, source: Space, target: Space) -> bool:
    """§6: some line from a corner of the source to the target misses every solid obstacle."""
    src, tgt = frozenset(footprint(*source)), frozenset(footprint(*target))

    def blocks_square(sq: Square) -> bool:
        # §6: solid things block effect; fog and darkness don't. The spaces themselves never block.
        return sq not in src and sq not in tgt and bf.at(sq).solid

    blocks_edge = _space_edge_filter(bf, (EdgeKind.WALL, EdgeKind.WINDOW), (src, tgt))
    return _reaches(source, target, blocks_square, blocks_edge)


def _sight_blockers(bf: Battlefield, viewer: frozenset[Square], square: Square
                    ) -> tuple[SquarePredicate, Optional[EdgePredicate]]:
    def blocks_square(sq: Square) -> bool:
        if sq == square or sq in viewer:
            return False
        t = bf.at(sq)
        # §6 and A18: walls and curtains block sight, and so do heavily and totally obscured squares
        # in between; lightly obscured squares do not (they only give concealment, §15.2).
        return t.opaque or t.obscured >= Obscurement.HEAVY

    # A window blocks effect but not sight; a low wall blocks neither (§6, §18.2).
    return blocks_square, _space_edge_filter(bf, (EdgeKind.WALL,), (viewer,))


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
    blocks_square, blocks_edge = _sight_blockers(bf, frozenset(footprint(*viewer)), square)
    return _reaches(viewer, (square, 1), blocks_square, blocks_edge)


def line_of_sight(bf: Battlefield, source: Space, target: Space) -> bool:
    """§6, A18: the viewer can see into at least one square of the target's space."""
    # Each target square is judged on its own, so fog in one square of a large target still hides
    # the squares behind it (a sight line to the target space exists whenever one of these does).
    return any(can_see_square(bf, source, sq) for sq in footprint(*target))


def cover_lines_blocked(bf: Battlefield, attacker_corner: tuple[int, int], target_square: Square,
                        extra_blockers: Sequence[Square] = (), *,
                        attacker_squares: Sequence[Square] = ()) -> int:
    """§14: how many of the 4 lines from the corner to the target square's corners are blocked (0-4).

    Blockers: walls, solid squares, cover features and `extra_blockers` (creatures that give cover;
    the caller decides which), plus every edge obstacle. The target square and `attacker_squares`
    (the attacker's or origin's own space) never block. A cover feature in the target's own square
    counts as at least one blocked line (§14 [IMPL]: terrain in the target's square gives cover).
    """
    extra, own = frozenset(extra_blockers), frozenset(attacker_squares)

    def blocks_square(sq: Square) -> bool:
        if sq == target_square or sq in own:
            return False
        if sq in extra:
            return True
        t = bf.at(sq)
        # §14: obstacles and cover terrain block cover lines; obscurement does not (that is §15).
        return t.solid or t.cover

    blocks_edge = _space_edge_filter(bf, (EdgeKind.LOW_WALL, EdgeKind.WALL, EdgeKind.WINDOW), (own,))
    cx, cy = attacker_corner
    tx, ty = target_square
    owners = [sq for sq in attacker_squares if sq[0] <= cx <= sq[0] + 1 and sq[1] <= cy <= sq[1] + 1]
    blocked = sum(
        _blocked_scaled(1, cx, cy, qx, qy, blocks_square, blocks_edge, owners, (target_square,))
        for qy in (ty, ty + 1) for qx in (tx, tx + 1)
    )
    if bf.in_bounds(target_square) and bf.at(target_square).cover:
        blocked = max(blocked, 1)
    return blocked


def best_cover_lines(bf: Battlefield, origin: Space, target: Space, extra_blockers: Sequence[Square] = ()) -> int:
    """§14 [IMPL]: the fewest blocked cover lines over every origin corner and every target square."""
    target_squares = footprint(*target)
    origin_squares = footprint(*origin)
    # The target never gives cover to itself, whichever of its squares is picked.
    blockers = [sq for sq in extra_blockers if sq not in target_squares]
    best = 4
    for corner, _owners in _corner_owners(*origin):
        for sq in target_squares:
            best = min(best, cover_lines_blocked(bf, corner, sq, blockers, attacker_squares=origin_squares))
            if best == 0:
                return 0
    return best
