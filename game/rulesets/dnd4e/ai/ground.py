"""Where to go: walking distances for approach, paths that provoke no opportunity attack, and the
squares a push, pull or slide can end on (4e-combat.md §17-§20, §22-§23, §25.13).

Built on the game's own planners (``search``, ``MoveRules``, ``forced_step_ok``); the only thing added
is which of their answers the computer prefers.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.battlefield import Battlefield
from game.core.bfcache import BoundedCache, built_once, store_of
from game.core.forced import forced_step_ok
from game.core.grid import DIRECTIONS, Size, Square, chebyshev
from game.core.movement import Mover, MoveRules, Occupant, SearchResult, search
from game.ecs.components import Body
from game.ecs.world import Entity
from game.rulesets.dnd4e.opportunity import can_take_opportunity_actions
from game.state import GameState

NEAR_BUDGET = 20             # squares of walking a distance field looks ahead first
FIELD_BUDGET = 48            # ... and when the goals are farther than that (beyond: a straight-line guess)
_FIELDS_KEPT = 256
_APPROACHES_KEPT = 256
THREAT_TEAM = "\x00threat"   # the team of the stand-ins that keep a safe walk out of threatened squares


class _FieldKey:
    pass


def _fields(bf: Battlefield) -> BoundedCache:
    store = store_of(bf)
    cache = store.get(_FieldKey)
    if cache is None:
        cache = store[_FieldKey] = BoundedCache(_FIELDS_KEPT)
    return cache


def terrain_field(bf: Battlefield, start: Square, size: Size, flying: bool, phasing: bool,
                  budget: int = FIELD_BUDGET) -> dict[Square, int]:
    """Walking cost between ``start`` and every square within ``budget`` for a mover of this kind,
    terrain only (creatures move; terrain does not, so the answer is kept for the battlefield's life).

    Squares reached only by stepping down a ledge are left out: from there the way back up is not a
    step but a climb (§20), so their cost would mislead whoever walks the other way.
    """
    key = (start, size, flying, phasing, budget)
    cache = _fields(bf)
    found = cache.get(key)
    if found is None:
        result = search(MoveRules(bf, Mover(start, size, "", flying, phasing), ()), budget)
        found = {s: c for s, c in result.cost.items() if s not in result.falls}
        cache.put(key, found)
    return found


@dataclass
class Walker:
    """How one creature moves: its size and gait, for distance fields."""

    size: Size
    flying: bool
    phasing: bool

    @classmethod
    def of(cls, state: GameState, entity: Entity) -> "Walker":
        body = state.world.get(entity, Body)
        return cls(body.size, body.flying, body.phasing)


class Approach:
    """Walking distance from any square to the nearest of some goal squares, portals included (§23: a
    creature that ends its move on a portal comes out on the paired square).

    The fields look NEAR_BUDGET squares ahead; when that does not reach ``origin`` (where the walker
    stands now) they look FIELD_BUDGET ahead, so a long way round (a gallery, a far bridge) is still
    found on a small map without paying for it on a big one where the enemy is close."""

    def __init__(self, bf: Battlefield, walker: Walker, goals: list[Square], budget: int) -> None:
        self.bf = bf
        self.walker = walker
        self.goals = goals
        self._memo: dict[Square, float] = {}
        self.budget = budget
        self._build()

    @classmethod
    def towards(cls, bf: Battlefield, walker: Walker, goals: list[Square], origin: Square) -> "Approach":
        """The approach to ``goals`` for a walker now on ``origin``: NEAR_BUDGET ahead, or FIELD_BUDGET
        when that does not reach ``origin``. An approach depends only on the battlefield, the walker's
        kind, the goals and the budget, so one is kept per battlefield and reused, distances worked out
        and all, for as long as the goals stand still (a creature's whole turn, usually)."""
        cache = built_once(bf, Approach, BoundedCache, _APPROACHES_KEPT)
        kind = (walker.size, walker.flying, walker.phasing, tuple(goals))
        found = None
        for budget in (NEAR_BUDGET, FIELD_BUDGET):
            found = cache.get(kind + (budget,))
            if found is None:
                found = cache.put(kind + (budget,), cls(bf, walker, goals, budget))
            if found.distance(origin) < budget or FIELD_BUDGET <= NEAR_BUDGET:
                break
        assert found is not None
        return found

    def _build(self) -> None:
        w = self.walker
        self.fields = [terrain_field(self.bf, g, w.size, w.flying, w.phasing, self.budget) for g in self.goals]
        self.portals: list[tuple[Square, dict[Square, int], float]] = []     # (entry, walk to it, onward from its exit)
        for a, b in self.bf.portals:
            for enter, leave in ((a, b), (b, a)):
                onward = self._direct(leave)
                if onward < self.budget:
                    self.portals.append((enter, terrain_field(self.bf, enter, w.size, w.flying, w.phasing, self.budget),
                                         onward))

    def _direct(self, square: Square) -> float:
        best = float(self.budget * 4)
        for goal, field in zip(self.goals, self.fields):
            known = field.get(square)
            cost = float(known) if known is not None else self.budget + chebyshev(square, goal) * 1.5
            best = min(best, cost)
        return best

    def distance(self, square: Square) -> float:
        found = self._memo.get(square)
        if found is None:
            found = self.distance_past(square, frozenset())
            self._memo[square] = found
        return found

    def distance_past(self, square: Square, closed: frozenset[Square]) -> float:
        """``distance`` through the portals other than those entered on ``closed`` squares (whose far end
        is taken: §23, the creature would stay where it is)."""
        found = self._direct(square)
        for enter, field, onward in self.portals:
            cost = field.get(square)
            if cost is not None and cost + onward < found and enter not in closed:
                found = cost + onward
        return found


def threatened_squares(state: GameState, mover: Entity, used: tuple[Entity, ...]) -> set[Square]:
    """Top-left squares whose leaving provokes an opportunity attack (§25.13): next to an enemy that
    can take one this turn and has a melee basic attack to take it with."""
    side = state.space(mover)[1]
    found: set[Square] = set()
    for enemy in state.standing():
        if not state.are_enemies(mover, enemy) or enemy in used or not state.conscious(enemy):
            continue
        if not can_take_opportunity_actions(state, enemy) or state.arsenal(enemy).basic_attack("melee") is None:
            continue
        (ex, ey), es = state.space(enemy)
        for y in range(ey - side, ey + es + 1):
            for x in range(ex - side, ex + es + 1):
                found.add((x, y))
    return found


def safe_search(rules: MoveRules, budget: int, threatened: set[Square]) -> SearchResult | None:
    """The walk that never leaves a threatened square: the same search with stand-ins on every threatened
    square but the start. Only for one-square movers that do not phase (None otherwise)."""
    mover = rules.mover
    if mover.side != 1 or mover.phasing or mover.top_left in threatened:
        return None
    stand_ins = [Occupant(s, mover.size, THREAT_TEAM) for s in sorted(threatened) if rules.bf.in_bounds(s)]
    return search(MoveRules(rules.bf, mover, rules.others + tuple(stand_ins)), budget)


def safe_path(rules: MoveRules, safe: SearchResult, threatened: set[Square], square: Square,
              budget: int) -> tuple[Square, ...] | None:
    """A path to ``square`` that provokes nothing, within ``budget``, if the safe walk has one: straight
    there, or to a safe neighbour and one last step in (entering a threatened square provokes nothing)."""
    if square in safe.cost and square not in threatened:
        return safe.path_to(square)
    if square not in threatened:
        return None
    best: tuple[int, Square] | None = None
    for dx, dy in DIRECTIONS:
        before = (square[0] - dx, square[1] - dy)
        cost = safe.cost.get(before)
        if cost is None or before in threatened or before in safe.falls:
            continue
        step = rules.step_cost(before, square)
        if step is None or rules.drop_ft(before, square) or cost + step > budget:
            continue
        if best is None or cost + step < best[0]:
            best = (cost + step, before)
    if best is None:
        return None
    path = safe.path_to(best[1])
    return None if path is None else path + (square,)


def forced_ends(state: GameState, by_space: tuple[Square, int], target: Entity, kind: str,
                squares: int) -> list[tuple[tuple[Square, ...], int]]:
    """Every place a push, pull or slide of up to ``squares`` can leave ``target``, each as (path, feet
    fallen at the end): the shortest path to each end square, in a fixed order (§22, §20)."""
    rules = state.move_rules(target)
    start = state.square(target)
    best: dict[Square, tuple[tuple[Square, ...], int]] = {start: ((start,), 0)}
    frontier: list[tuple[Square, ...]] = [(start,)]
    for _ in range(squares):
        grown: list[tuple[Square, ...]] = []
        for path in frontier:
            here = path[-1]
            for dx, dy in DIRECTIONS:
                nxt = (here[0] + dx, here[1] + dy)
                if nxt in path or nxt in best or not forced_step_ok(rules, by_space, kind, here, nxt):
                    continue
                drop = rules.drop_ft(here, nxt)
                longer = path + (nxt,)
                if rules.may_end_at(nxt):
                    best[nxt] = (longer, drop)
                if not drop:
                    grown.append(longer)
        frontier = grown
    return [best[s] for s in sorted(best)]
