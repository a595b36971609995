"""Step tables: every step one kind of mover may take on one battlefield, worked out once (4e-combat.md §17-§18, §20).

What a step costs depends on the battlefield (walls, difficult terrain, edge obstacles, elevation) and on
the kind of mover (the side of its space, flying, phasing, ignoring difficult terrain), and on the
creatures in the way. The first two never change during a match, so this module answers them once per
battlefield and mover kind and keeps the answer for as long as the battlefield lives; creatures are
applied per search by ``game.core.movement``. A square's steps are worked out the first time a search
reaches it, so a short walk only pays for the squares it touches.
"""

from __future__ import annotations

import weakref

from game.core.battlefield import Battlefield, EdgeKind
from game.core.bfcache import built_once
from game.core.grid import DIRECTIONS, Square

BLOCKING_EDGES = (EdgeKind.WALL, EdgeKind.WINDOW)
# §20: ground 10 ft or more below is a drop (a step down onto it is a fall); ground 10 ft or more
# above is a cliff face that walking cannot climb (see docs/rulings.md).
LEDGE_FT = 10

Step = tuple[Square, int, int]          # (square stepped to, cost in squares, feet dropped)
Split = tuple[tuple[tuple[Square, int], ...], tuple[Step, ...]]


def _crosses_edge(bf: Battlefield, a: Square, b: Square, kinds: tuple[EdgeKind, ...]) -> bool:
    """True when an orthogonal step a->b crosses an edge obstacle of one of ``kinds``."""
    return bf.edge(a, b) in kinds


def square_step(bf: Battlefield, a: Square, b: Square) -> int | None:
    """Extra cost of one square stepping from a to b for edges, or None when the step is illegal.

    §17.3 and §18.2: a diagonal step may not cut the corner of a filled square or run through the
    end of a wall on an edge; a low wall costs +1 to cross. A diagonal step crosses a low wall only
    when low walls stand on both ways around the corner (see docs/rulings.md).
    """
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dx == 0 or dy == 0:
        if _crosses_edge(bf, a, b, BLOCKING_EDGES):
            return None
        return 1 if _crosses_edge(bf, a, b, (EdgeKind.LOW_WALL,)) else 0
    side1, side2 = (b[0], a[1]), (a[0], b[1])
    if bf.at(side1).wall or bf.at(side2).wall:
        return None
    around = ((a, side1), (side1, b), (a, side2), (side2, b))
    if any(_crosses_edge(bf, p, q, BLOCKING_EDGES) for p, q in around):
        return None
    low = (EdgeKind.LOW_WALL,)
    route1 = _crosses_edge(bf, a, side1, low) or _crosses_edge(bf, side1, b, low)
    route2 = _crosses_edge(bf, a, side2, low) or _crosses_edge(bf, side2, b, low)
    return 1 if route1 and route2 else 0


class Ground:
    """A battlefield's movement facts as flat row-major lists, for fast look-ups."""

    def __init__(self, bf: Battlefield) -> None:
        # Held weakly: this object lives in the battlefield's own cache, which must not keep it alive.
        self._bf = weakref.ref(bf)
        self.width, self.height = bf.width, bf.height
        self.solid = [t.solid for t in bf.terrain]
        self.wall = [t.wall for t in bf.terrain]
        self.difficult = [t.difficult for t in bf.terrain]
        # Flat ground (no elevation, or all of it at one height) has no ledges and no cliffs.
        heights = bf.elevation_ft
        self.elevation: list[int] | None = list(heights) if heights and any(heights) else None
        self.has_edges = bool(bf.edges)

    @property
    def bf(self) -> Battlefield:
        bf = self._bf()
        assert bf is not None, "a battlefield's tables outlived it"
        return bf

    def ground_ft(self, x0: int, y0: int, side: int) -> int:
        """The height a side x side space stands at: its highest square (off the map counts 0)."""
        if self.elevation is None:
            return 0
        width, height, elevation = self.width, self.height, self.elevation
        best = None
        for y in range(y0, y0 + side):
            for x in range(x0, x0 + side):
                h = elevation[y * width + x] if 0 <= x < width and 0 <= y < height else 0
                if best is None or h > best:
                    best = h
        return best if best is not None else 0

    def space_open(self, x0: int, y0: int, side: int) -> bool:
        """Every square of the space is on the map and not solid."""
        if x0 < 0 or y0 < 0 or x0 + side > self.width or y0 + side > self.height:
            return False
        width, solid = self.width, self.solid
        for y in range(y0, y0 + side):
            row = y * width
            for x in range(x0, x0 + side):
                if solid[row + x]:
                    return False
        return True

    def is_wall(self, x: int, y: int) -> bool:
        """Off the map behaves as wall (``Battlefield.at``)."""
        if 0 <= x < self.width and 0 <= y < self.height:
            return self.wall[y * self.width + x]
        return True


def ground_of(bf: Battlefield) -> Ground:
    return built_once(bf, Ground, Ground, bf)


class StepTable:
    """The legal steps of one kind of mover from every top-left square, ignoring creatures.

    ``steps(square)`` gives, in ``DIRECTIONS`` order, each step that ``MoveRules.step_cost`` would allow
    on an empty battlefield, as (square stepped to, cost, feet dropped as ``MoveRules.drop_ft``).
    """

    def __init__(self, bf: Battlefield, side: int, flying: bool, phasing: bool, no_difficult: bool) -> None:
        self.ground = ground_of(bf)
        self.side, self.flying, self.phasing, self.no_difficult = side, flying, phasing, no_difficult
        self._steps: dict[Square, tuple[Step, ...]] = {}
        self._split: dict[Square, Split] = {}
        self._open: dict[Square, bool] = {}
        self._shared: dict[tuple, tuple] = {}   # one tuple per distinct step, shared by every square it is taken from

    def steps(self, square: Square) -> tuple[Step, ...]:
        found = self._steps.get(square)
        if found is None:
            shared = self._shared.setdefault
            found = self._steps[square] = tuple([shared(step, step) for step in self._build(square)])
        return found

    def split(self, square: Square) -> Split:
        """The steps from ``square`` as (steps that stay on their feet as (square, cost), steps that
        drop), each in ``DIRECTIONS`` order: the shape the search walks fastest."""
        found = self._split.get(square)
        if found is None:
            steps = self.steps(square)
            shared = self._shared.setdefault
            walks = [(to, cost) for to, cost, drop in steps if not drop]
            found = self._split[square] = (
                tuple([shared(walk, walk) for walk in walks]),
                tuple(step for step in steps if step[2]),
            )
        return found

    def squares_built(self) -> list[Square]:
        """The squares whose steps are worked out so far, in the order they were."""
        return list(self._steps)

    def space_open(self, square: Square) -> bool:
        """Whether the mover's space with this top-left square is on the map and free of solid squares."""
        found = self._open.get(square)
        if found is None:
            found = self._open[square] = self.ground.space_open(square[0], square[1], self.side)
        return found

    def _build(self, frm: Square) -> tuple[Step, ...]:
        g, side = self.ground, self.side
        fx, fy = frm
        if side == 1 and not self.phasing and not g.has_edges and 0 <= fx < g.width and 0 <= fy < g.height:
            return self._build_one(fx, fy)
        flat = g.elevation is None
        here = 0 if flat else g.ground_ft(fx, fy, side)
        found: list[Step] = []
        for dx, dy in DIRECTIONS:
            tx, ty = fx + dx, fy + dy
            there = 0 if flat else g.ground_ft(tx, ty, side)
            if self.phasing:
                # §24: through obstacles and creatures, ignoring difficult terrain; only the map's edge stops it.
                if tx < 0 or ty < 0 or tx + side > g.width or ty + side > g.height:
                    continue
                cost = 1
            else:
                if not self.space_open((tx, ty)):
                    continue
                if not self.flying and there - here >= LEDGE_FT:
                    continue            # §20: a cliff face 10 ft or more high cannot be walked up
                extra = self._edge_extra(fx, fy, dx, dy)
                if extra is None:
                    continue
                # §18.1: only newly entered squares count, the most difficult one decides; [A44] no stacking.
                if not extra and not self.no_difficult and self._enters_difficult(fx, fy, dx, dy):
                    extra = 1
                cost = 1 + min(extra, 1)
            lost = here - there
            drop = lost if not self.flying and lost >= LEDGE_FT else 0
            found.append(((tx, ty), cost, drop))
        return tuple(found)

    def _build_one(self, fx: int, fy: int) -> tuple[Step, ...]:
        """``_build`` for a one-square walker or flier on a map square, with no edge obstacles on the map."""
        g = self.ground
        width, height, solid, wall = g.width, g.height, g.solid, g.wall
        difficult = None if self.no_difficult else g.difficult
        elevation = g.elevation
        here = 0 if elevation is None else elevation[fy * width + fx]
        found: list[Step] = []
        for dx, dy in DIRECTIONS:
            tx, ty = fx + dx, fy + dy
            if not (0 <= tx < width and 0 <= ty < height):
                continue
            t = ty * width + tx
            if solid[t]:
                continue
            # §17.3: a diagonal may not cut the corner of a wall; both squares beside it are on the map.
            if dx and dy and (wall[fy * width + tx] or wall[t - dx]):
                continue
            drop = 0
            if elevation is not None and not self.flying:
                lost = here - elevation[t]
                if lost <= -LEDGE_FT:
                    continue            # §20: a cliff face 10 ft or more high cannot be walked up
                if lost >= LEDGE_FT:
                    drop = lost
            found.append(((tx, ty), 2 if difficult is not None and difficult[t] else 1, drop))
        return tuple(found)

    def _edge_extra(self, fx: int, fy: int, dx: int, dy: int) -> int | None:
        """``square_step`` over every square of the space: None if one is illegal, else the largest extra."""
        g, side = self.ground, self.side
        if not g.has_edges:
            if dx == 0 or dy == 0:
                return 0
            # §17.3: no square of the space may cut the corner of a wall.
            for y in range(fy, fy + side):
                for x in range(fx, fx + side):
                    if g.is_wall(x + dx, y) or g.is_wall(x, y + dy):
                        return None
            return 0
        extra = 0
        for y in range(fy, fy + side):
            for x in range(fx, fx + side):
                step = square_step(g.bf, (x, y), (x + dx, y + dy))
                if step is None:
                    return None
                extra = max(extra, step)
        return extra

    def _enters_difficult(self, fx: int, fy: int, dx: int, dy: int) -> bool:
        """Whether a newly entered square of the space (in the new space, not the old) is difficult."""
        g, side = self.ground, self.side
        tx, ty = fx + dx, fy + dy
        width, difficult = g.width, g.difficult
        for y in range(ty, ty + side):
            for x in range(tx, tx + side):
                if fx <= x < fx + side and fy <= y < fy + side:
                    continue
                if difficult[y * width + x]:
                    return True
        return False

    def complete(self) -> None:
        """Work out the steps from every square of the map."""
        for y in range(self.ground.height):
            for x in range(self.ground.width):
                self.steps((x, y))


def table_for(bf: Battlefield, side: int, flying: bool, phasing: bool, no_difficult: bool) -> StepTable:
    """The step table of that kind of mover on ``bf``, built on first use and kept while ``bf`` lives."""
    key = (StepTable, side, flying, phasing, no_difficult)
    return built_once(bf, key, StepTable, bf, side, flying, phasing, no_difficult)
