"""Movement in feet on the shared step tables (5e-house §2.3): the 5/10 diagonal rule counted along the
walk, doubled costs, and the page's rules for moving through creatures.

What a step may do on the map (walls, corners, edge obstacles, ledges and cliffs) and whether it enters
difficult ground comes from ``game.core.steps``, the same facts 4e reads; this module only prices them
in feet and applies §2.3.3 to the creatures in the way.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Sequence

from game.core.battlefield import Battlefield
from game.core.grid import Size, Square, footprint
from game.core.steps import table_for
from game.rulesets.dnd5e.i18n import L_
from game.rulesets.dnd5e.verdict import Refused

STEP_FT = 5             # §2.3: a square is 5 ft
SECOND_DIAGONAL_FT = 10  # §2.3: every 2 diagonal squares count as 3, so every second one costs 10 ft


@dataclass(frozen=True)
class Walker:
    """A creature that moves, as 5e movement sees it."""

    top_left: Square
    size: Size
    side: str
    flying: bool = False


@dataclass(frozen=True)
class Bystander:
    """Another creature on the battlefield, as 5e movement sees it."""

    top_left: Square
    size: Size
    side: str
    incapacitated: bool = False

    @property
    def squares(self) -> tuple[Square, ...]:
        return footprint(self.top_left, self.size.side_squares)


PASS, HINDER, BLOCK = 0, 1, 2


def passage(mover: Walker, other: Bystander) -> int:
    """§2.3.3: allies and Tiny creatures are passed at normal cost; incapacitated creatures and those
    two or more sizes apart are passed as difficult terrain; any other creature blocks (R004-MV-08..10)."""
    if other.side == mover.side or other.size == Size.TINY:
        return PASS
    if other.incapacitated or abs(int(other.size) - int(mover.size)) >= 2:
        return HINDER
    return BLOCK


def step_ft(diagonal: bool, diagonals_before: int, hindrances: int) -> int:
    """§2.3, §2.3.2, §2.3.1: 5 ft, or 10 ft for every second diagonal of the turn; each hindrance
    (difficult ground, crawling, dragging) adds the base cost once more (additive, docs/rulings.md)."""
    base = SECOND_DIAGONAL_FT if diagonal and diagonals_before % 2 else STEP_FT
    return base * (1 + hindrances)


def speed_of(modes_ft: tuple[int, ...]) -> int:
    """§2.3 (R004-MV-02): a creature's speed is the highest of its walking, climbing, swimming and flying
    speeds."""
    return max(modes_ft, default=0)


def half_speed_ft(speed_ft: int) -> int:
    """§2.3.1, §2.3.4: standing up, mounting or dismounting costs half the speed, rounded down."""
    return speed_ft // 2


@dataclass(frozen=True)
class FeetSearch:
    """Least feet to every square a walk can reach, with the path tree (by square and diagonal parity)."""

    start: Square
    cost: dict[Square, int]
    endable: frozenset[Square]
    falls: dict[Square, int]
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

    def __init__(self, bf: Battlefield, walker: Walker, others: Sequence[Bystander], burdens: int = 0) -> None:
        """``burdens``: hindrances that double every step, crawling while prone and dragging (§2.3.1, §2.1)."""
        self.bf, self.walker, self.burdens = bf, walker, burdens
        self.side = walker.size.side_squares
        self.table = table_for(bf, self.side, walker.flying, False, walker.flying)
        self._by_square: dict[Square, list[Bystander]] = {}
        for other in others:
            for square in other.squares:
                self._by_square.setdefault(square, []).append(other)

    def steps(self, frm: Square) -> list[tuple[Square, bool, int, int]]:
        """Each legal step from ``frm``: (to, diagonal, hindrances, feet dropped)."""
        found = []
        for to, squares_cost, drop in self.table.steps(frm):
            # The shared table prices a step into difficult ground (difficult terrain or across a low
            # wall) at 2 squares; here that fact is one hindrance, doubling the feet (§2.3.2).
            hindered = squares_cost > 1
            crowd = self._crowd(frm, to)
            if crowd == BLOCK:
                continue
            hindrances = (1 if hindered or crowd == HINDER else 0) + self.burdens
            found.append((to, to[0] != frm[0] and to[1] != frm[1], hindrances, drop))
        return found

    def _crowd(self, frm: Square, to: Square) -> int:
        """The hardest passage among the creatures in the squares this step newly enters."""
        worst = PASS
        side = self.side
        for square in footprint(to, side):
            if frm[0] <= square[0] < frm[0] + side and frm[1] <= square[1] < frm[1] + side:
                continue
            for other in self._by_square.get(square, ()):
                worst = max(worst, passage(self.walker, other))
        return worst

    def may_end_at(self, top_left: Square) -> bool:
        """§2.3.3: a move may not end in another creature's space (R004-MV-11), nor in a wall."""
        if not self.table.space_open(top_left):
            return False
        return not any(square in self._by_square for square in footprint(top_left, self.side))

    def search(self, budget_ft: int | None = None, diagonals_before: int = 0) -> FeetSearch:
        """Dijkstra over (square, diagonal parity), cheapest first, ties in push order.

        A step down a ledge ends the walk with a fall, so its landing is never passed through (as in the
        shared movement, §20 of 4e; the fall itself is 5e's, see falling.py).
        """
        start = self.walker.top_left
        first = (start, diagonals_before % 2)
        best: dict[tuple[Square, int], int] = {first: 0}
        parent: dict[tuple[Square, int], tuple[Square, int]] = {}
        order = 0
        frontier: list[tuple[int, int, tuple[Square, int]]] = [(0, order, first)]
        done: set[tuple[Square, int]] = set()
        landings: list[tuple[int, int, Square, tuple[Square, int], int]] = []
        while frontier:
            spent, _, node = heapq.heappop(frontier)
            if node in done:
                continue
            done.add(node)
            square, parity = node
            for to, diagonal, hindrances, drop in self.steps(square):
                total = spent + step_ft(diagonal, parity, hindrances)
                if budget_ft is not None and total > budget_ft:
                    continue
                nxt = (to, (parity + diagonal) % 2)
                order += 1
                if drop:
                    landings.append((total, order, to, node, drop))
                    continue
                if total < best.get(nxt, total + 1):
                    best[nxt] = total
                    parent[nxt] = node
                    heapq.heappush(frontier, (total, order, nxt))
        cost: dict[Square, int] = {}
        chosen: dict[Square, tuple[Square, int]] = {}
        for node in sorted(best, key=lambda n: (best[n], n[1])):
            if node[0] not in cost:
                cost[node[0]], chosen[node[0]] = best[node], node
        falls: dict[Square, int] = {}
        for total, _, landing, edge, drop in sorted(landings):
            if landing not in cost:
                node = (landing, -1)              # a landing ends the walk: its parity no longer matters
                cost[landing], chosen[landing], parent[node] = total, node, edge
                falls[landing] = drop
        endable = frozenset(s for s in cost if s == start or self.may_end_at(s))
        return FeetSearch(start, cost, endable, falls, chosen, parent)

    def walk_cost(self, path: Sequence[Square], diagonals_before: int = 0) -> tuple[int, int] | Refused:
        """Feet and diagonals of walking exactly ``path`` (first square: where the walker stands), or why
        it is not a legal walk. A step down a ledge may only be the last one."""
        if not path or tuple(path[0]) != self.walker.top_left:
            return Refused(L_("a walk starts where the creature stands"), "5e-house §2.3")
        feet, diagonals = 0, diagonals_before
        for index, (frm, to) in enumerate(zip(path, path[1:])):
            step = next((s for s in self.steps((frm[0], frm[1])) if s[0] == (to[0], to[1])), None)
            if step is None:
                return Refused(L_("no legal step from {start} to {end}", start=str(list(frm)), end=str(list(to))),
                               "5e-house §2.3.3")
            if step[3] and index != len(path) - 2:
                return Refused(L_("a step down a ledge ends the walk"), "5e-house falling")
            feet += step_ft(step[1], diagonals, step[2])
            diagonals += step[1]
        if len(path) > 1 and not self.may_end_at((path[-1][0], path[-1][1])):
            return Refused(L_("a move may not end in another creature's space"), "5e-house §2.3.3")
        return feet, diagonals - diagonals_before


def ends_prone_in_shared_space(mover_size: Size, occupant_size: Size) -> bool:
    """§2.3.3 (R004-MV-12): ending a turn in another creature's space knocks a creature prone unless it is
    Tiny or the other creature is larger (the original's wording, docs/rulings.md)."""
    return not (mover_size == Size.TINY or occupant_size > mover_size)
