"""Movement on the grid: step costs, legal paths and reachable squares (4e-combat.md §17-§18).

Everything here is ruleset-neutral geometry: it returns the cost in squares of movement, counting
difficult terrain and low walls as "+1 to enter" (§18), and the height of any drop a step goes over
(§20). Rulesets that count feet convert, and decide what a fall does.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Iterable

from game.core.battlefield import Battlefield
from game.core.grid import DIRECTIONS, Size, Square, footprint
# BLOCKING_EDGES, LEDGE_FT and square_step live with the step tables and are re-exported from here.
from game.core.steps import BLOCKING_EDGES, LEDGE_FT, StepTable, ground_of, square_step, table_for  # noqa: F401


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
    """Which creatures stand on which squares, for fast look-ups."""

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


class MoveRules:
    """Step costs and end-square legality for one mover among the current occupants.

    Terrain, edges and elevation come from the battlefield's step table for this kind of mover (built
    once per battlefield, see ``game.core.steps``); only the creatures are looked at per question.
    """

    def __init__(self, bf: Battlefield, mover: Mover, others: Iterable[Occupant]) -> None:
        """``others``: every creature on the battlefield except the mover."""
        self.bf = bf
        self.mover = mover
        self.side = mover.side
        self.others: tuple[Occupant, ...] = tuple(others)
        self._occupancy: OccupancyMap | None = None
        self._tables: dict[bool, StepTable] = {}
        self._creatures: tuple[set[Square] | None, set[Square]] | None = None

    @property
    def occupancy(self) -> OccupancyMap:
        if self._occupancy is None:
            self._occupancy = OccupancyMap(self.others)
        return self._occupancy

    def table(self, ignore_difficult: bool = False) -> StepTable:
        """The battlefield's step table for this mover (flying and phasing movers ignore difficult terrain)."""
        mover = self.mover
        no_difficult = bool(ignore_difficult or mover.flying or mover.phasing)
        table = self._tables.get(no_difficult)
        if table is None:
            table = self._tables[no_difficult] = table_for(self.bf, self.side, mover.flying, mover.phasing, no_difficult)
        return table

    def _space_open(self, top_left: Square) -> bool:
        return ground_of(self.bf).space_open(top_left[0], top_left[1], self.side)

    def ground_ft(self, top_left: Square) -> int:
        """The height the space stands at: its highest square, so a big creature only partly over
        an edge keeps its footing (§20, M001-FA-05)."""
        return ground_of(self.bf).ground_ft(top_left[0], top_left[1], self.side)

    def drop_ft(self, frm: Square, to: Square) -> int:
        """How far a step from ``frm`` to ``to`` falls: the height lost, when it is a ledge or more (§20)."""
        if self.mover.flying:
            return 0
        ground = ground_of(self.bf)
        if ground.elevation is None:
            return 0
        lost = self.ground_ft(frm) - self.ground_ft(to)
        return lost if lost >= LEDGE_FT else 0

    def step_cost(self, frm: Square, to: Square, ignore_difficult: bool = False) -> int | None:
        """Squares of movement to step the whole space from ``frm`` to ``to``; None if illegal."""
        dx, dy = to[0] - frm[0], to[1] - frm[1]
        if max(abs(dx), abs(dy)) != 1:
            return reference_step_cost(self, frm, to, ignore_difficult)
        frm, to = (frm[0], frm[1]), (to[0], to[1])
        for square, cost, _drop in self.table(ignore_difficult).steps(frm):
            if square == to:
                break
        else:
            return None
        if not self.mover.phasing and self._creature_blocks(frm, to):
            return None
        return cost

    def _creature_blocks(self, frm: Square, to: Square) -> bool:
        """§17.4: a creature the mover may not pass stands in a square the step newly enters."""
        side, occupancy = self.side, self.occupancy
        for square in footprint(to, side):
            if frm[0] <= square[0] < frm[0] + side and frm[1] <= square[1] < frm[1] + side:
                continue
            for other in occupancy.at(square):
                if not _may_pass(self.mover, other):
                    return True
        return False

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

    def _spaces_touching(self, squares: list[Square]) -> set[Square]:
        """Every top-left square whose space (of the mover's side) covers one of ``squares``."""
        side = self.side
        if side == 1:
            return set(squares)
        return {(x - i, y - j) for x, y in squares for j in range(side) for i in range(side)}

    def _creature_spaces(self) -> tuple[set[Square] | None, set[Square]]:
        """(``blocked_spaces()``, ``unendable_spaces()``), worked out together once."""
        if self._creatures is None:
            mover = self.mover
            team, size = mover.team, int(mover.size)
            tiny = mover.size == Size.TINY
            blockers: list[Square] = []
            no_end: list[Square] = []
            for o in self.others:
                squares = footprint(o.top_left, o.size.side_squares)
                if mover.phasing:
                    no_end.extend(squares)          # §24: a phasing creature ends in an unoccupied space
                    continue
                if o.team != team:
                    if not o.helpless:
                        if abs(int(o.size) - size) < 2:
                            blockers.extend(squares)    # §17.4: an enemy blocks unless helpless or 2 sizes apart
                        if not (tiny and o.size > Size.TINY):
                            no_end.extend(squares)      # §17.4: end on an enemy only if it is helpless
                elif not o.prone and not (tiny and o.size > Size.TINY):
                    no_end.extend(squares)              # §17.4: end on an ally only if it is prone
            blocked: set[Square] | None = self._spaces_touching(blockers)
            x0, y0, side = mover.top_left[0], mover.top_left[1], self.side
            if any(x0 <= x < x0 + side and y0 <= y < y0 + side for x, y in blockers):
                blocked = None
            self._creatures = (blocked, self._spaces_touching(no_end))
        return self._creatures

    def blocked_spaces(self) -> set[Square] | None:
        """Top-left squares a step may not enter because of a creature there (§17.4), or None when the
        mover already stands on such a creature (then each step must look at what it newly enters)."""
        return self._creature_spaces()[0]

    def unendable_spaces(self) -> set[Square]:
        """Top-left squares the mover may not end in because of a creature there (§17.4, §24)."""
        return self._creature_spaces()[1]


def reference_step_cost(rules: MoveRules, frm: Square, to: Square, ignore_difficult: bool = False) -> int | None:
    """``MoveRules.step_cost`` worked out square by square from the battlefield, without the step table.

    The rules as written (§17.3-§17.4, §18, §20, §24); the tests hold the step table to it.
    """
    bf, mover, side = rules.bf, rules.mover, rules.side
    if mover.phasing:
        # §24: through obstacles and creatures, ignoring difficult terrain; only the map's edge stops it.
        inside = all(bf.in_bounds(s) for s in footprint(to, side))
        return 1 if inside else None
    if not all(bf.in_bounds(s) and not bf.at(s).solid for s in footprint(to, side)):
        return None
    if not mover.flying and rules.ground_ft(to) - rules.ground_ft(frm) >= LEDGE_FT:
        return None
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    old = set(footprint(frm, side))
    extra = 0
    newly_entered: list[Square] = []
    for square in footprint(frm, side):
        target = (square[0] + dx, square[1] + dy)
        edge_extra = square_step(bf, square, target)
        if edge_extra is None:
            return None
        extra = max(extra, edge_extra)
        if target not in old:
            newly_entered.append(target)
    for square in newly_entered:
        for other in rules.occupancy.at(square):
            if not _may_pass(mover, other):
                return None
        # §18.1: only newly entered squares count, the most difficult one decides.
        if not (ignore_difficult or mover.flying) and bf.at(square).difficult:
            extra = 1
    # [A44]: a low wall into difficult terrain still costs only +1 (no stacking).
    return 1 + min(extra, 1)


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

    The same search as ``reference_search``, result for result (costs, path tree, ties): it reads each
    square's steps from the battlefield's step table and keeps the frontier in one list per cost
    (steps cost 1 or 2, so first in, first out within a cost is the heap's order by push).
    """
    blocked = rules.blocked_spaces() if type(rules) is MoveRules else None
    if blocked is None:
        return reference_search(rules, budget, ignore_difficult)
    table = rules.table(ignore_difficult)
    split_of = table._split.get
    build = table.split
    mover = rules.mover
    start = (mover.top_left[0], mover.top_left[1])
    # Squares creatures block enter the cost table at -1 first, so no step ever improves on them (one
    # look-up instead of two per step); they leave it before the result is returned.
    cost: dict[Square, int] = {start: 0}
    walls_of_creatures = sorted(blocked)
    for square in walls_of_creatures:
        cost[square] = -1
    parent: dict[Square, Square] = {}
    limit = budget if budget is not None else 1 << 30
    buckets: list[list[Square]] = [[start], [], []]
    ledges: list[tuple[int, Square, Square]] = []
    spent = 0
    while spent < len(buckets) and (buckets[spent] or spent + 1 < len(buckets) and buckets[spent + 1]):
        if spent + 1 > limit:
            break
        if len(buckets) <= spent + 2:
            buckets.append([])
        for square in buckets[spent]:
            if cost[square] != spent:
                continue                      # a cheaper way was found after this one was queued
            walks, drops = split_of(square) or build(square)
            for nxt, step in walks:
                total = spent + step
                if total > limit:
                    continue
                known = cost.get(nxt)
                if known is None or total < known:
                    cost[nxt] = total
                    parent[nxt] = square
                    buckets[total].append(nxt)
            for nxt, step, _drop in drops:
                if spent + step <= limit and nxt not in cost:
                    ledges.append((spent + step, nxt, square))
        spent += 1
    for square in walls_of_creatures:
        del cost[square]
    falls: dict[Square, int] = {}
    if ledges:
        ledges.sort(key=lambda ledge: ledge[0])       # stable: the first found of equal cost wins
        for total, landing, edge in ledges:
            if landing not in cost:
                cost[landing], parent[landing] = total, edge
                falls[landing] = rules.drop_ft(edge, landing)
    endable = set(cost)
    endable -= rules.unendable_spaces()
    if mover.phasing:
        # §24: a phasing walk passes through solid squares but may not end in them.
        endable = {s for s in endable if table.space_open(s)}
    endable.add(start)
    return SearchResult(start, cost, parent, frozenset(endable), falls)


def reference_search(rules: MoveRules, budget: int | None, ignore_difficult: bool = False) -> SearchResult:
    """The search as a textbook Dijkstra on ``rules.step_cost``; ``search`` gives the same result faster
    and falls back to this one when its tables cannot say what a step costs."""
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
