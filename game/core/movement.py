"""Movement on the grid: step costs, legal paths and reachable squares (4e-combat.md §17-§18).

Everything here is ruleset-neutral geometry: it returns the cost in squares of movement, counting
difficult terrain and low walls as "+1 to enter" (§18), and the height of any drop a step goes over
(§20). Rulesets that count feet convert, and decide what a fall does.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Iterable

from game.core.battlefield import Battlefield, EdgeKind
from game.core.grid import DIRECTIONS, Size, Square, footprint

BLOCKING_EDGES = (EdgeKind.WALL, EdgeKind.WINDOW)
# §20: ground 10 ft or more below is a drop (a step down onto it is a fall); ground 10 ft or more
# above is a cliff face that walking cannot climb (see docs/rulings.md).
LEDGE_FT = 10


@dataclass(frozen=True)
class Occupant:
    """A creature standing on the battlefield, as movement sees it."""

    top_left: Square
    size: Size
    team: str
    helpless: bool = False
    prone: bool = False

    @property
    def squares(self) -> tuple[Square, ...]:
        return footprint(self.top_left, self.size.side_squares)


@dataclass(frozen=True)
class Mover:
    """The creature that moves and how.

    Flying ignores difficult terrain (§18.1) and drops; phasing ignores difficult terrain and passes
    through obstacles and creatures (§24); a squeezing creature's space is one square narrower (§25.21).
    """

    top_left: Square
    size: Size
    team: str
    flying: bool = False
    phasing: bool = False
    squeezed: bool = False

    @property
    def side(self) -> int:
        full = self.size.side_squares
        return max(1, full - 1) if self.squeezed else full


class OccupancyMap:
    """Which creatures stand on which squares, for fast look-ups during a search."""

    def __init__(self, occupants: Iterable[Occupant]) -> None:
        self._by_square: dict[Square, list[Occupant]] = {}
        for occupant in occupants:
            for square in occupant.squares:
                self._by_square.setdefault(square, []).append(occupant)

    def at(self, square: Square) -> list[Occupant]:
        return self._by_square.get(square, [])


def _may_pass(mover: Mover, other: Occupant) -> bool:
    """§17.4: allies never block; enemies block unless helpless or two sizes apart."""
    if other.team == mover.team:
        return True
    return other.helpless or abs(int(other.size) - int(mover.size)) >= 2


def _may_end_with(mover: Mover, other: Occupant) -> bool:
    """§17.4: end in an ally's square only if it is prone, an enemy's only if helpless; Tiny share."""
    if mover.size == Size.TINY and other.size > Size.TINY:
        return True
    if other.team == mover.team:
        return other.prone
    return other.helpless


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


class MoveRules:
    """Step costs and end-square legality for one mover among the current occupants."""

    def __init__(self, bf: Battlefield, mover: Mover, others: Iterable[Occupant]) -> None:
        """``others``: every creature on the battlefield except the mover."""
        self.bf = bf
        self.mover = mover
        self.side = mover.side
        self.occupancy = OccupancyMap(others)

    def _space_open(self, top_left: Square) -> bool:
        return all(self.bf.in_bounds(s) and not self.bf.at(s).solid for s in footprint(top_left, self.side))

    def ground_ft(self, top_left: Square) -> int:
        """The height the space stands at: its highest square, so a big creature only partly over
        an edge keeps its footing (§20, M001-FA-05)."""
        return max(self.bf.elevation(s) for s in footprint(top_left, self.side))

    def drop_ft(self, frm: Square, to: Square) -> int:
        """How far a step from ``frm`` to ``to`` falls: the height lost, when it is a ledge or more (§20)."""
        if self.mover.flying:
            return 0
        lost = self.ground_ft(frm) - self.ground_ft(to)
        return lost if lost >= LEDGE_FT else 0

    def step_cost(self, frm: Square, to: Square, ignore_difficult: bool = False) -> int | None:
        """Squares of movement to step the whole space from ``frm`` to ``to``; None if illegal."""
        if self.mover.phasing:
            # §24: through obstacles and creatures, ignoring difficult terrain; only the map's edge stops it.
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
            # §18.1: only newly entered squares count, the most difficult one decides.
            if not (ignore_difficult or self.mover.flying) and self.bf.at(square).difficult:
                extra = 1
        # [A44]: a low wall into difficult terrain still costs only +1 (no stacking).
        return 1 + min(extra, 1)

    def may_end_at(self, top_left: Square) -> bool:
        if not self._space_open(top_left):
            return False
        for square in footprint(top_left, self.side):
            if self.mover.phasing and self.occupancy.at(square):
                return False   # §24: a phasing creature must end in an unoccupied space
            for other in self.occupancy.at(square):
                if not _may_end_with(self.mover, other):
                    return False
        return True


@dataclass(frozen=True)
class SearchResult:
    """Least movement cost to every square a walk can pass through, with the path tree."""

    start: Square
    cost: dict[Square, int]
    parent: dict[Square, Square]
    endable: frozenset[Square]
    falls: dict[Square, int]          # squares reached only by stepping down a ledge: feet fallen

    def path_to(self, square: Square) -> tuple[Square, ...] | None:
        """The cheapest path from the start to ``square`` (both included), or None."""
        if square not in self.cost:
            return None
        path = [square]
        while path[-1] != self.start:
            path.append(self.parent[path[-1]])
        return tuple(reversed(path))

    def reachable(self) -> list[Square]:
        """Squares where the walk may end, sorted by x then y (query contract order)."""
        return sorted(self.endable)


def search(rules: MoveRules, budget: int | None, ignore_difficult: bool = False) -> SearchResult:
    """Dijkstra over the mover's top-left square, cheapest first, ties broken by fixed order.

    ``budget`` None means unlimited (for distances and path costs beyond one move). A step down a
    ledge ends the move with a fall (§20), so such landings are never passed through, and a square
    that can be reached safely is never reported as a fall.
    """
    start = rules.mover.top_left
    cost: dict[Square, int] = {start: 0}
    parent: dict[Square, Square] = {}
    order = 0
    frontier: list[tuple[int, int, Square]] = [(0, order, start)]
    done: set[Square] = set()
    ledges: list[tuple[int, int, Square, Square]] = []
    while frontier:
        spent, _, square = heapq.heappop(frontier)
        if square in done:
            continue
        done.add(square)
        for dx, dy in DIRECTIONS:
            nxt = (square[0] + dx, square[1] + dy)
            if nxt in done:
                continue
            step = rules.step_cost(square, nxt, ignore_difficult)
            if step is None:
                continue
            total = spent + step
            if budget is not None and total > budget:
                continue
            order += 1
            if rules.drop_ft(square, nxt):
                ledges.append((total, order, nxt, square))
                continue
            if total < cost.get(nxt, total + 1):
                cost[nxt] = total
                parent[nxt] = square
                heapq.heappush(frontier, (total, order, nxt))
    falls: dict[Square, int] = {}
    for total, _, landing, edge in sorted(ledges):
        if landing not in cost:
            cost[landing], parent[landing] = total, edge
            falls[landing] = rules.drop_ft(edge, landing)
    endable = frozenset(s for s in cost if s == start or rules.may_end_at(s))
    return SearchResult(start, cost, parent, endable, falls)


def step_costs(rules: MoveRules, path: tuple[Square, ...], ignore_difficult: bool = False) -> list[int] | None:
    """The cost of each step of ``path`` (first square = where the mover stands), or None if any is
    illegal; a step down a ledge may only be the last one (the fall ends the move, §20)."""
    if not path or path[0] != rules.mover.top_left:
        return None
    costs: list[int] = []
    steps = list(zip(path, path[1:]))
    for index, (frm, to) in enumerate(steps):
        if max(abs(to[0] - frm[0]), abs(to[1] - frm[1])) != 1:
            return None
        step = rules.step_cost(frm, to, ignore_difficult)
        if step is None or (rules.drop_ft(frm, to) and index != len(steps) - 1):
            return None
        costs.append(step)
    return costs


def fall_at_end(rules: MoveRules, path: tuple[Square, ...]) -> int:
    """Feet fallen by the last step of a legal path (0 when it ends on its feet)."""
    return rules.drop_ft(path[-2], path[-1]) if len(path) > 1 else 0


def path_cost(rules: MoveRules, path: tuple[Square, ...], ignore_difficult: bool = False) -> int | None:
    """The cost of walking exactly ``path``, or None if illegal."""
    costs = step_costs(rules, path, ignore_difficult)
    return None if costs is None else sum(costs)
