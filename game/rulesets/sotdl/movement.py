"""Movement in yards on the shared step tables (§4, §11.5, M1-M17): one square is one yard.

The shared geometry prices a step 1, or 2 into difficult terrain or over a low wall (M2-M3), a diagonal
like a straight step (§16.35) and never across a wall's corner. What creatures mean is this page's, as the
query contract reads §4.5: no walk enters another creature's space, friend or foe, unless it is prone
(M10), and no walk ends in an occupied square. A prone creature crawls at double cost (M5).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.battlefield import Battlefield
from game.core.grid import Size, Square, footprint
from game.rulesets.sotdl.i18n import L_
from game.core.movement import (
    Mover,
    MoveRules,
    Occupant,
    SearchResult,
    fall_at_end,
    search,
    step_costs,
)

FEET_PER_YARD = 3


@dataclass(frozen=True)
class Figure:
    """A creature as movement sees it: where, how big, whether prone (others pass over it, M10)."""

    top_left: Square
    size: Size
    prone: bool = False


class YardRules(MoveRules):
    """The shared step tables with this page's creatures: only a prone creature may be passed (M9-M10),
    and no walk ends on another creature. (The shared fast search is the 4e one, so searches take the
    shared reference search, which asks these two methods.)"""

    def _creature_blocks(self, frm: Square, to: Square) -> bool:
        side = self.side
        for square in footprint(to, side):
            if frm[0] <= square[0] < frm[0] + side and frm[1] <= square[1] < frm[1] + side:
                continue
            if any(not other.prone for other in self.occupancy.at(square)):
                return True
        return False

    def may_end_at(self, top_left: Square) -> bool:
        if not self._space_open(top_left):
            return False
        return not any(self.occupancy.at(square) for square in footprint(top_left, self.side))


def move_rules(bf: Battlefield, mover: Figure, others: list[Figure]) -> MoveRules:
    """The rules for one mover among the other creatures."""
    occupants = [Occupant(o.top_left, o.size, "", prone=o.prone) for o in others]
    return YardRules(bf, Mover(mover.top_left, mover.size, ""), occupants)


def crawl_factor(prone: bool) -> int:
    """M5: crawling doubles every step, difficult terrain included."""
    return 2 if prone else 1


def reachable(bf: Battlefield, mover: Figure, others: list[Figure], yards: int) -> tuple[SearchResult, list[Square]]:
    """The search and the squares a walk of at most ``yards`` may end in (sorted by x, then y)."""
    rules = move_rules(bf, mover, others)
    factor = crawl_factor(mover.prone)
    result = search(rules, yards // factor)
    return result, result.reachable()


def path_cost(bf: Battlefield, mover: Figure, others: list[Figure]) -> dict[Square, int]:
    """The least yards to each square a walk may end in, unlimited (the query's path_cost)."""
    rules = move_rules(bf, mover, others)
    result = search(rules, None)
    factor = crawl_factor(mover.prone)
    return {s: c * factor for s, c in result.cost.items() if s in result.endable}


@dataclass(frozen=True)
class Walk:
    """A legal walk: its cost in yards and the feet it falls at the end (a step down a ledge)."""

    yards: int
    fall_ft: int


def walk_problem(bf: Battlefield, mover: Figure, others: list[Figure], path: tuple[Square, ...], yards: int,
                 at_least_one: bool = False) -> str | Walk:
    """The walk ``path`` priced, or why it is not one: each step legal, the total within ``yards``
    (M1, M4), the end unoccupied. ``at_least_one``: a crawl may always go one yard (M5)."""
    if len(path) < 2:
        return L_("the walk goes nowhere")
    rules = move_rules(bf, mover, others)
    costs = step_costs(rules, tuple(path))
    if costs is None:
        return L_("that way is blocked")
    total = sum(costs) * crawl_factor(mover.prone)
    if total > yards and not (at_least_one and len(path) == 2):
        return L_("the walk is {yards} yards, more than the {budget} it may go", yards=total, budget=yards)
    if path[-1] != path[0] and not rules.may_end_at(path[-1]):
        return L_("the walk may not end in an occupied square")
    return Walk(total, fall_at_end(rules, tuple(path)))


def fall_yards(feet: int) -> int:
    """Map elevation is in feet; the page counts falls in yards (3 ft a yard, rounded down)."""
    return feet // FEET_PER_YARD
