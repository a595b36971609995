"""Movement in yards on the shared step tables (§4, §11.5, M1-M18): one square is one yard.

The shared geometry prices a step 1, or 2 into difficult terrain or over a low wall (M2-M3), a diagonal
like a straight step (§16.35) and never across a wall's corner. What creatures mean is this page's, as the
query contract reads §4.5: no walk enters another creature's space, friend or foe, unless it is prone
(M10), and no walk ends in an occupied square. A prone creature crawls at double cost (M5). A walk climbs
a cliff face (10 ft or more, the shared ``LEDGE_FT``) up or down, each yard of height as difficult terrain
(M3, §11.5.3, §16.45); a walk that cannot pay to climb down may end by jumping down (M17: a fall past 5 yards, the engine's).
A creature of side 2 or more squeezes through a gap half its side wide, rounded up (M11), but ends only where
its whole space fits. A walk may end with a long jump over a chasm to ground no higher than the take-off (M18).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from game.core.battlefield import Battlefield
from game.core.grid import DIRECTIONS, Size, Square, footprint
from game.rulesets.sotdl.i18n import L_
from game.core.movement import LEDGE_FT, Mover, MoveRules, Occupant, SearchResult
from game.core.steps import StepTable, ground_of, table_for

FEET_PER_YARD = 3
SAFE_DROP_FT = 15          # M17: a drop of 5 yards or less is jumped safely; below that is a chasm
RUN_UP_YARDS = 2           # M18: a long jump after 2 yards of the same move goes 2 yards farther
# A space's side -> the shared size with that side, for the narrower space of a squeezing creature (M11).
SIZE_OF_SIDE = {1: Size.MEDIUM, 2: Size.LARGE, 3: Size.HUGE, 4: Size.GARGANTUAN}


@dataclass(frozen=True)
class Figure:
    """A creature as movement sees it: where, how big, whether prone (others pass over it, M10)."""

    top_left: Square
    size: Size
    prone: bool = False
    long_jump: int = 0     # M18: max(1, 2 + Agility modifier) yards; 0 when it does not jump (others)


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


class ClimbRules(YardRules):
    """A walk's steps (M3, §16.45): a step up or down a cliff face costs the step on level ground plus
    2 yards for each yard of height (feet / 3, rounded up); a step down a face may instead be a jump
    (``jump_cost``), which ends the walk. A step the whole space cannot take is squeezed when part of the
    space, half its side rounded up, can take it (M11). Shoves keep ``YardRules``: a push never climbs."""

    def __init__(self, bf: Battlefield, mover: Mover, others: list[Occupant], squeeze: bool = True,
                 long_jump: int = 0) -> None:
        super().__init__(bf, mover, others)
        self.long_jump = long_jump
        self._ground = ground_of(bf)
        # A search asks each square's height several times (climb, drop, jump): kept per square.
        self._heights: dict[Square, int] = {}
        # M11: a gap of width >= size / 2 lets the creature through: a space of half the side, rounded up.
        narrow_side = (self.side + 1) // 2
        self._narrow: ClimbRules | None = None
        if squeeze and narrow_side < self.side:
            narrow = Mover(mover.top_left, SIZE_OF_SIDE[narrow_side], mover.team)
            self._narrow = ClimbRules(bf, narrow, others, squeeze=False)
        self._squeezes: dict[tuple[Square, Square], tuple[Square, int] | None] = {}
        self._wholes: dict[tuple[Square, Square], int | None] = {}

    def _space_open(self, top_left: Square) -> bool:
        return self._ground.space_open(top_left[0], top_left[1], self.side)

    def ground_ft(self, top_left: Square) -> int:
        found = self._heights.get(top_left)
        if found is None:
            found = self._heights[top_left] = super().ground_ft(top_left)
        return found

    def _level(self) -> StepTable:
        # The shared table of a mover that ignores elevation but pays for difficult terrain: the step
        # as it would cost on level ground, walls, corners and low walls included.
        return table_for(self.bf, self.side, True, False, False)

    def _face_yards(self, frm: Square, to: Square) -> int:
        height = abs(self.ground_ft(to) - self.ground_ft(frm))
        return -(-height // FEET_PER_YARD) if height >= LEDGE_FT else 0

    def _whole_step(self, frm: Square, to: Square, ignore_difficult: bool = False) -> int | None:
        """The step of the whole space, climbing any face (None when it cannot be taken); kept per step,
        as the search, the squeeze and the climb each ask it."""
        key = (frm, to)
        if ignore_difficult or key not in self._wholes:
            found = self._price_whole(frm, to, ignore_difficult)
            if ignore_difficult:
                return found
            self._wholes[key] = found
        return self._wholes[key]

    def _price_whole(self, frm: Square, to: Square, ignore_difficult: bool) -> int | None:
        climbed = self._face_yards(frm, to)
        if not climbed:
            return super().step_cost(frm, to, ignore_difficult)
        level = next((cost for square, cost, _drop in self._level().steps(frm) if square == to), None)
        if level is None or self._creature_blocks(frm, to):
            return None
        return level + 2 * climbed

    def squeezed(self, frm: Square, to: Square) -> tuple[Square, int] | None:
        """M11: (offset of the narrower space inside the whole one, its step's cost) when the whole space
        cannot take the step but the narrower one can; the cheapest, top-left first, on a tie."""
        if self._narrow is None:
            return None
        key = (frm, to)
        if key in self._squeezes:
            return self._squeezes[key]
        narrow = self._narrow
        best: tuple[Square, int] | None = None
        if self._whole_step(frm, to) is None:
            for dx, dy in footprint((0, 0), self.side - narrow.side + 1):
                start = (frm[0] + dx, frm[1] + dy)
                if not narrow.stands_clear(start):
                    continue    # the narrower space starts where the creature could stand, not in a wall
                cost = narrow.step_cost(start, (to[0] + dx, to[1] + dy))
                if cost is not None and (best is None or cost < best[1]):
                    best = ((dx, dy), cost)
        self._squeezes[key] = best
        return best

    def stands_clear(self, top_left: Square) -> bool:
        """The space is open ground with no standing creature on it (M10: the prone are passed over)."""
        if not self._space_open(top_left):
            return False
        return not any(not o.prone for square in footprint(top_left, self.side) for o in self.occupancy.at(square))

    def climb_yards(self, frm: Square, to: Square) -> int:
        """Yards of cliff face the step climbs, up or down (0 below the shared 10 ft ledge)."""
        frm, to = (frm[0], frm[1]), (to[0], to[1])
        squeeze = self.squeezed(frm, to)
        if squeeze is not None and self._narrow is not None:
            (dx, dy), _cost = squeeze
            return self._narrow.climb_yards((frm[0] + dx, frm[1] + dy), (to[0] + dx, to[1] + dy))
        return self._face_yards(frm, to)

    def step_cost(self, frm: Square, to: Square, ignore_difficult: bool = False) -> int | None:
        if max(abs(to[0] - frm[0]), abs(to[1] - frm[1])) != 1:
            return None
        frm, to = (frm[0], frm[1]), (to[0], to[1])
        whole = self._whole_step(frm, to, ignore_difficult)
        if whole is not None:
            return whole
        squeeze = self.squeezed(frm, to)
        return None if squeeze is None else squeeze[1]

    def jump_cost(self, frm: Square, to: Square) -> int | None:
        """M17: the step down a face as a jump (the level step's cost), or None when it is no drop.
        Only the whole space jumps down: a squeezing step climbs."""
        if not self.drop_ft(frm, to):
            return None
        frm, to = (frm[0], frm[1]), (to[0], to[1])
        step = self._whole_step(frm, to)
        return None if step is None else step - 2 * self._face_yards(frm, to)


    def chasm(self, takeoff: Square, over: Square) -> bool:
        """M18: a space a long jump from ``takeoff`` passes over: on the map, nothing solid, and its ground
        more than 5 yards below the take-off (a walk would fall into it, M17)."""
        if self.ground_ft(takeoff) - self.ground_ft(over) <= SAFE_DROP_FT:
            return False
        return self._space_open(over)

    def leap_cost(self, takeoff: Square, landing: Square, moved: int) -> int | None:
        """M18: yards of a long jump in a straight line (one of the 8 directions) over a chasm, or None: every
        space between is chasm, the landing is none and no higher than the take-off (no climbing) and the whole
        space may end there; at most the jump's yards, +2 after ``moved`` >= 2 yards of the same move."""
        dx, dy = landing[0] - takeoff[0], landing[1] - takeoff[1]
        yards = max(abs(dx), abs(dy))
        reach = self.long_jump + (RUN_UP_YARDS if moved >= RUN_UP_YARDS else 0)
        if not self.long_jump or yards < 2 or yards > reach or dx not in (0, yards, -yards) \
                or dy not in (0, yards, -yards):
            return None
        ux, uy = dx // yards, dy // yards
        between = [(takeoff[0] + ux * k, takeoff[1] + uy * k) for k in range(1, yards)]
        if not all(self.chasm(takeoff, square) for square in between):
            return None
        height = self.ground_ft(takeoff) - self.ground_ft(landing)
        if not 0 <= height <= SAFE_DROP_FT or not self.may_end_at(landing):
            return None
        return yards

    def leaps(self, takeoff: Square, moved: int) -> list[tuple[Square, int]]:
        """Every (landing, yards) of a long jump from ``takeoff`` (M18), nearest first, in direction order."""
        if not self.long_jump or self._ground.elevation is None:
            return []       # flat ground has no chasm
        reach = self.long_jump + (RUN_UP_YARDS if moved >= RUN_UP_YARDS else 0)
        found = []
        for dx, dy in DIRECTIONS:
            if not self.chasm(takeoff, (takeoff[0] + dx, takeoff[1] + dy)):
                continue        # most squares are nowhere near a chasm: one look each way
            for yards in range(2, reach + 1):
                landing = (takeoff[0] + dx * yards, takeoff[1] + dy * yards)
                if self.leap_cost(takeoff, landing, moved) is not None:
                    found.append((landing, yards))
        return sorted(found, key=lambda leap: leap[1])


def move_rules(bf: Battlefield, mover: Figure, others: list[Figure]) -> MoveRules:
    """The rules for one mover among the other creatures, as a push sees them (no climbing)."""
    occupants = [Occupant(o.top_left, o.size, "", prone=o.prone) for o in others]
    return YardRules(bf, Mover(mover.top_left, mover.size, ""), occupants)


def walk_rules(bf: Battlefield, mover: Figure, others: list[Figure]) -> ClimbRules:
    """The rules of a walk: ``move_rules`` that climb (M3), squeeze (M11) and long-jump (M18)."""
    occupants = [Occupant(o.top_left, o.size, "", prone=o.prone) for o in others]
    long_jump = 0 if mover.prone else mover.long_jump      # M5: a prone creature crawls
    return ClimbRules(bf, Mover(mover.top_left, mover.size, ""), occupants, long_jump=long_jump)


def climb_search(rules: ClimbRules, budget: int | None) -> SearchResult:
    """The shared reference search with climbing: a step down a face is climbed (and the walk goes on)
    when the budget pays for it; a landing reached no other way within the budget is a jump down (M17),
    reported in ``falls`` with the feet dropped, and ends the walk; then a square reached no other way is
    a long jump's landing over a chasm (M18), which ends the walk too."""
    start = rules.mover.top_left
    cost: dict[Square, int] = {start: 0}
    parent: dict[Square, Square] = {}
    order = 0
    frontier: list[tuple[int, int, Square]] = [(0, order, start)]
    done: set[Square] = set()
    ledges: list[tuple[int, int, Square, Square]] = []
    leaps: list[tuple[int, int, Square, Square]] = []
    while frontier:
        spent, _, square = heapq.heappop(frontier)
        if square in done:
            continue
        done.add(square)
        for landing, yards in rules.leaps(square, spent):
            order += 1
            if budget is None or spent + yards <= budget:
                leaps.append((spent + yards, order, landing, square))
        for dx, dy in DIRECTIONS:
            nxt = (square[0] + dx, square[1] + dy)
            if nxt in done:
                continue
            order += 1
            jump = rules.jump_cost(square, nxt)
            if jump is not None and (budget is None or spent + jump <= budget):
                ledges.append((spent + jump, order, nxt, square))
            step = rules.step_cost(square, nxt)
            if step is None or (budget is not None and spent + step > budget):
                continue
            if spent + step < cost.get(nxt, spent + step + 1):
                cost[nxt] = spent + step
                parent[nxt] = square
                heapq.heappush(frontier, (spent + step, order, nxt))
    falls: dict[Square, int] = {}
    for total, _, landing, edge in sorted(ledges):
        if landing not in cost:
            cost[landing], parent[landing] = total, edge
            falls[landing] = rules.drop_ft(edge, landing)
    for total, _, landing, takeoff in sorted(leaps):
        if landing not in cost:
            cost[landing], parent[landing] = total, takeoff
    endable = frozenset(s for s in cost if s == start or rules.may_end_at(s))
    return SearchResult(start, cost, parent, endable, falls)


def crawl_factor(prone: bool) -> int:
    """M5: crawling doubles every step, difficult terrain included."""
    return 2 if prone else 1


def reachable(bf: Battlefield, mover: Figure, others: list[Figure], yards: int) -> tuple[SearchResult, list[Square]]:
    """The search and the squares a walk of at most ``yards`` may end in (sorted by x, then y)."""
    factor = crawl_factor(mover.prone)
    result = climb_search(walk_rules(bf, mover, others), yards // factor)
    return result, result.reachable()


def path_cost(bf: Battlefield, mover: Figure, others: list[Figure]) -> dict[Square, int]:
    """The least yards to each square a walk may end in, unlimited (the query's path_cost)."""
    result = climb_search(walk_rules(bf, mover, others), None)
    factor = crawl_factor(mover.prone)
    return {s: c * factor for s, c in result.cost.items() if s in result.endable}


@dataclass(frozen=True)
class Walk:
    """A legal walk: its cost in yards, the feet it falls at the end (a jump down a ledge, M17), the
    yards of it spent climbing (M3) and whether it ends with a long jump (M18: an Agility roll on landing)."""

    yards: int
    fall_ft: int
    climb_yards: int = 0
    long_jump: bool = False


def walk_problem(bf: Battlefield, mover: Figure, others: list[Figure], path: tuple[Square, ...], yards: int,
                 at_least_one: bool = False) -> str | Walk:
    """The walk ``path`` priced, or why it is not one: each step legal, the total within ``yards``
    (M1, M4), the end unoccupied. ``at_least_one``: a crawl may always go one yard (M5). Cliff faces are
    climbed (M3); the last step, down a face the walk cannot pay to climb, is a jump (M17), as the
    search reads it. The last step may be a long jump over a chasm (M18), which the walk's earlier yards
    may lengthen."""
    if len(path) < 2:
        return L_("the walk goes nowhere")
    rules = walk_rules(bf, mover, others)
    factor = crawl_factor(mover.prone)
    if path[0] != rules.mover.top_left:
        return L_("that way is blocked")
    leap = max(abs(path[-1][0] - path[-2][0]), abs(path[-1][1] - path[-2][1])) > 1
    walked = path[:-1] if leap else path
    costs: list[int] = []
    for frm, to in zip(walked, walked[1:]):
        step = rules.step_cost(frm, to)
        if step is None:
            return L_("that way is blocked")
        costs.append(step)
    climbed = [2 * rules.climb_yards(frm, to) for frm, to in zip(walked, walked[1:])]
    fall_ft = 0
    if leap:
        jumped = rules.leap_cost(path[-2], path[-1], sum(costs))
        if jumped is None:
            return L_("no long jump reaches that square (M18: over a chasm, {yards} yards, 2 more after a 2-yard run)",
                      yards=rules.long_jump)
        costs.append(jumped)
    else:
        jump = rules.jump_cost(path[-2], path[-1])
        if jump is not None and sum(costs) * factor > yards:
            fall_ft, costs[-1], climbed[-1] = rules.drop_ft(path[-2], path[-1]), jump, 0
    total = sum(costs) * factor
    if total > yards and not (at_least_one and len(path) == 2):
        return L_("the walk is {yards} yards, more than the {budget} it may go", yards=total, budget=yards)
    if path[-1] != path[0] and not rules.may_end_at(path[-1]):
        return L_("the walk may not end in an occupied square")
    return Walk(total, fall_ft, sum(climbed) * factor, leap)


def fall_yards(feet: int) -> int:
    """Map elevation is in feet; the page counts falls in yards (3 ft a yard, rounded down)."""
    return feet // FEET_PER_YARD
