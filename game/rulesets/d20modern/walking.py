"""Walks priced in feet on the shared step tables (§6, A1, MOV-01..04): 5/10 diagonals counted along the
walk, difficult ground doubling, allies passed, enemies blocking, and straight lines for charge and run.

What a step may do on the map (walls, corners, edge obstacles, ledges) and whether it enters difficult
ground comes from ``game.core.steps``, the facts every ruleset reads; this module prices them in feet.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Sequence

from game.core.battlefield import Battlefield
from game.core.bfcache import built_once
from game.core.grid import Size, Square, footprint
from game.core.steps import table_for
from game.rulesets.d20modern.measure import SQUARE_FT, size_index
from game.rulesets.d20modern.verdict import Refused
from game.rulesets.d20modern.i18n import L_


Priced = tuple[list[tuple[tuple[Square, int], int]], ...]   # FeetRules._priced_steps


@dataclass(frozen=True)
class Walker:
    top_left: Square
    size: Size
    side: str


@dataclass(frozen=True)
class Bystander:
    top_left: Square
    size: Size
    side: str

    @property
    def squares(self) -> tuple[Square, ...]:
        return footprint(self.top_left, self.size.side_squares)


def may_pass(mover: Walker, other: Bystander) -> bool:
    """MOV-01, MOV-02: allies' squares may be passed; an enemy's only when three or more sizes apart (overrun
    and Tumble are their own actions)."""
    return other.side == mover.side or abs(size_index(other.size) - size_index(mover.size)) >= 3


def step_ft(diagonal: bool, diagonals_before: int, difficult: bool) -> int:
    """A1: 5 ft a step, every second diagonal 10 ft; difficult ground doubles (the contract's standard reading)."""
    base = 2 * SQUARE_FT if diagonal and diagonals_before % 2 else SQUARE_FT
    return base * (2 if difficult else 1)


@dataclass(frozen=True)
class FeetSearch:
    """Least feet to every square a walk can reach, with the path tree by (square, diagonal parity)."""

    start: Square
    cost: dict[Square, int]
    endable: frozenset[Square]
    _best: dict[Square, tuple[Square, int]]
    _parent: dict[tuple[Square, int], tuple[Square, int]]

    def path_to(self, square: Square) -> tuple[Square, ...] | None:
        if square not in self._best:
            return None
        node = self._best[square]
        path = [node[0]]
        while node in self._parent:
            node = self._parent[node]
            path.append(node[0])
        return tuple(reversed(path))

    def reachable(self, budget_ft: int) -> list[Square]:
        """Squares where a walk of at most ``budget_ft`` may end, sorted by x then y."""
        return sorted(s for s in self.endable if self.cost[s] <= budget_ft)


class FeetRules:
    """Step prices and end-square legality for one walker among the other creatures."""

    def __init__(self, bf: Battlefield, walker: Walker, others: Sequence[Bystander]) -> None:
        self.bf, self.walker = bf, walker
        self.side = walker.size.side_squares
        self.table = table_for(bf, self.side, False, False, False)
        self._by_square: dict[Square, list[Bystander]] = {}
        for other in others:
            for square in other.squares:
                self._by_square.setdefault(square, []).append(other)
        # The squares a creature this walker may not pass stands in (MOV-01, MOV-02), and the squares a step from
        # which may enter one of them (a space's step newly enters squares one beyond it at most).
        self._blocking = {square for square, there in self._by_square.items()
                          if any(not may_pass(walker, other) for other in there)}
        side = self.side
        self._near_blocking = {(x - i, y - j) for x, y in self._blocking
                               for i in range(-1, side + 1) for j in range(-1, side + 1)}
        self._priced: dict[Square, Priced] = {}
        self._open_priced: dict[Square, Priced] = built_once(bf, ("d20-modern priced steps", side), dict)

    def steps(self, frm: Square) -> list[tuple[Square, bool, bool]]:
        """Each legal step from ``frm`` as (to, diagonal, difficult); a step down a ledge is left out (d20
        falling belongs to another chapter: walks stay on their feet)."""
        found = []
        for to, squares_cost, drop in self.table.steps(frm):
            if drop or not self._passable(frm, to):
                continue
            found.append((to, to[0] != frm[0] and to[1] != frm[1], squares_cost > 1))
        return found

    def _passable(self, frm: Square, to: Square) -> bool:
        blocking = self._blocking
        if not blocking:
            return True
        side = self.side
        if side == 1:
            return to not in blocking
        for square in footprint(to, side):
            if frm[0] <= square[0] < frm[0] + side and frm[1] <= square[1] < frm[1] + side:
                continue
            if square in blocking:
                return False
        return True

    def _priced_steps(self, frm: Square) -> Priced:
        """``steps(frm)`` priced for the search: for each parity of diagonals walked before (even, odd), each step
        as ((square, parity after it), feet), in the same order. Away from the creatures that block, the steps
        are the map's alone, kept with the battlefield for every walker of this size."""
        found = self._priced.get(frm)
        if found is None:
            near = frm in self._near_blocking
            found = None if near else self._open_priced.get(frm)
            if found is None:
                found = tuple([((to, (parity + diagonal) % 2), step_ft(diagonal, parity, difficult))
                               for to, diagonal, difficult in self.steps(frm)] for parity in (0, 1))
                if not near:
                    self._open_priced[frm] = found
            self._priced[frm] = found
        return found

    def may_end_at(self, top_left: Square) -> bool:
        """A23: no walk ends in an occupied square, nor in a wall."""
        if not self.table.space_open(top_left):
            return False
        return not any(square in self._by_square for square in footprint(top_left, self.side))

    def search(self, budget_ft: int | None = None) -> FeetSearch:
        """Dijkstra over (square, diagonal parity), cheapest first, ties in push order (deterministic)."""
        start = self.walker.top_left
        first = (start, 0)
        best: dict[tuple[Square, int], int] = {first: 0}
        parent: dict[tuple[Square, int], tuple[Square, int]] = {}
        order = 0
        frontier: list[tuple[int, int, tuple[Square, int]]] = [(0, order, first)]
        done: set[tuple[Square, int]] = set()
        limit = budget_ft if budget_ft is not None else 1 << 62
        priced, priced_steps = self._priced.get, self._priced_steps
        push, pop, known = heapq.heappush, heapq.heappop, best.get
        while frontier:
            spent, _, node = pop(frontier)
            if node in done:
                continue
            done.add(node)
            square, parity = node
            for nxt, feet in (priced(square) or priced_steps(square))[parity]:
                total = spent + feet
                if total > limit:
                    continue
                order += 1
                if total < known(nxt, total + 1):
                    best[nxt] = total
                    parent[nxt] = node
                    push(frontier, (total, order, nxt))
        cost: dict[Square, int] = {}
        chosen: dict[Square, tuple[Square, int]] = {}
        for node in sorted(best, key=lambda n: (best[n], n[1], n[0])):
            if node[0] not in cost:
                cost[node[0]], chosen[node[0]] = best[node], node
        endable = frozenset(s for s in cost if s == start or self.may_end_at(s))
        return FeetSearch(start, cost, endable, chosen, parent)

    def walk_cost(self, path: Sequence[Square]) -> int | Refused:
        """Feet of walking exactly ``path`` (first square: where the walker stands), or why it is no legal walk."""
        path = [(s[0], s[1]) for s in path]
        if not path or path[0] != self.walker.top_left:
            return Refused(L_("a walk starts where the creature stands"), "d20-modern §6.2")
        feet, diagonals = 0, 0
        for frm, to in zip(path, path[1:]):
            step = next((s for s in self.steps(frm) if s[0] == to), None)
            if step is None:
                return Refused(L_("no legal step from {frm} to {to}", frm=list(frm), to=list(to)), "d20-modern MOV-01")
            feet += step_ft(step[1], diagonals, step[2])
            diagonals += step[1]
        if len(path) > 1 and not self.may_end_at(path[-1]):
            return Refused(L_("a move may not end in an occupied square"), "d20-modern A23")
        return feet


def line_squares(start: Square, end: Square) -> tuple[Square, ...]:
    """A2: the squares of the straight line from ``start`` to ``end`` (Bresenham: one king step at a time,
    ties rounding towards the end's side), both ends included."""
    (x0, y0), (x1, y1) = start, end
    dx, dy = abs(x1 - x0), abs(y1 - y0)
    sx, sy = (1 if x1 >= x0 else -1), (1 if y1 >= y0 else -1)
    squares = [start]
    err = dx - dy
    x, y = x0, y0
    while (x, y) != (x1, y1):
        e2 = 2 * err
        nx, ny = x, y
        if e2 > -dy:
            err -= dy
            nx += sx
        if e2 < dx:
            err += dx
            ny += sy
        x, y = nx, ny
        squares.append((x, y))
    return tuple(squares)


def straight(path: Sequence[Square]) -> bool:
    """A2, MOV-04: the walk is the straight line from its first square to its last (no bends, no backing up)."""
    squares = tuple((s[0], s[1]) for s in path)
    return len(squares) < 2 or squares == line_squares(squares[0], squares[-1])
