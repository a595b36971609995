"""Rules benchmarks on the arena: reachable squares, a full-map distance field against tcod, the cover matrix."""

from __future__ import annotations

import statistics
import sys
import time
from dataclasses import replace
from typing import Any, Callable

from bench.arena import Arena, shared
from bench.report import significant, summary, time_ms
from game.core.grid import Size
from game.core.movement import Mover, MoveRules, Occupant, search
from game.ecs.components import Body, Position
from game.ecs.world import Entity
from game.rulesets.dnd4e.situation import RANGED, concealment, cover
from game.state import GameState

WALK_SPEED = 6
UNREACHED = 2**31 - 1


def _mover_and_others(arena: Arena, entity: Entity) -> tuple[Mover, list[Occupant]]:
    """The creature as movement sees it and every other creature standing on the arena."""
    state = arena.match.state

    def body(e: Entity) -> Body:
        return state.world.get(e, Body)

    mover = Mover(state.square(entity), body(entity).size, state.side(entity), body(entity).flying)
    others = [Occupant(state.square(o), body(o).size, state.side(o)) for o in state.standing() if o != entity]
    return mover, others


def reachable_speed6(iterations: int) -> dict[str, Any]:
    """Milliseconds for the squares one speed-6 creature can reach among walls, rubble and 39 creatures."""
    arena = shared()
    bf = arena.match.state.battlefield
    mover, others = _mover_and_others(arena, arena.mover)
    samples = time_ms(lambda: search(MoveRules(bf, mover, others), WALK_SPEED), iterations, warmup=3)
    return summary("reachable_speed6", "ms", samples)


def cost_grid(arena: Arena) -> Any:
    """The arena as tcod's cost array, indexed [x, y]: 0 wall, 2 difficult, 1 open."""
    import numpy as np

    bf = arena.match.state.battlefield
    grid = np.ones((bf.width, bf.height), dtype=np.int8)
    for x in range(bf.width):
        for y in range(bf.height):
            terrain = bf.at((x, y))
            grid[x, y] = 0 if terrain.wall else 2 if terrain.difficult else 1
    return grid


def distance_full_map(iterations: int) -> dict[str, Any]:
    """Milliseconds for the walking distance from the centre to every square, against tcod's dijkstra2d.

    Ours is the game's full-map distance field, ``walk_distances`` (the costs of ``search(rules, None)``,
    corner rule included); the check before timing proves it equal to the search, square for square.
    """
    import tcod.path

    from game.core.distance_field import walk_distances

    arena = shared()
    bf = arena.match.state.battlefield
    start = arena.match.state.square(arena.mover)
    rules = MoveRules(bf, Mover(start, Size.MEDIUM, "bench"), [])
    cost = cost_grid(arena)

    def reference() -> Any:
        distance = tcod.path.maxarray(cost.shape, dtype="int32")
        distance[start] = 0
        return tcod.path.dijkstra2d(distance, cost, 1, 1, out=distance)

    walked = search(rules, None).cost
    ours = walk_distances(rules)
    theirs = reference()
    mismatched = sum(1 for x in range(bf.width) for y in range(bf.height) if ours.get((x, y)) != walked.get((x, y)))
    longer = sum(1 for (x, y), steps in walked.items() if steps > theirs[x, y])
    unreached = sum(1 for x in range(bf.width) for y in range(bf.height) if theirs[x, y] < UNREACHED) - len(walked)
    print(f"bench: distance_full_map reaches {len(walked)} squares ({mismatched} differ from search(rules, None)); "
          f"the corner rule makes {longer} longer than tcod's and {unreached} unreachable", file=sys.stderr)
    samples = time_ms(lambda: walk_distances(rules), iterations)     # the check above was the warm-up
    ref_samples = time_ms(reference, iterations)
    # Without scipy the game falls back on its own search; say what that costs.
    pure = sorted(time_ms(lambda: search(rules, None), max(3, iterations // 10)))
    print(f"bench: distance_full_map without scipy (the fallback, search(rules, None)): "
          f"median {pure[len(pure) // 2]:.2f} ms", file=sys.stderr)
    line = summary("distance_full_map", "ms", samples, "tcod.path.dijkstra2d", ref_samples)
    line["first_call"] = significant(first_call(rules))
    csgraph = corner_rule_reference(rules, start, ours)
    if csgraph is not None:
        csgraph_samples = time_ms(csgraph, iterations, warmup=1)
        line["ref_csgraph"] = {"name": "scipy.sparse.csgraph.dijkstra",
                               "median": significant(statistics.median(csgraph_samples))}
        line["ratio_csgraph"] = significant(statistics.median(samples) / statistics.median(csgraph_samples), 3)
    return line


def first_call(rules: MoveRules) -> float:
    """Median milliseconds of ``walk_distances`` on a fresh copy of the battlefield (nothing cached: the
    step table's cost arrays and the graph are built first), over three copies."""
    from game.core.distance_field import walk_distances

    samples = []
    for _ in range(3):
        fresh = MoveRules(replace(rules.bf), rules.mover, [])
        begin = time.perf_counter()
        walk_distances(fresh)
        samples.append((time.perf_counter() - begin) * 1000)
    return statistics.median(samples)


def corner_rule_reference(rules: MoveRules, start: tuple[int, int], ours: Any) -> Callable[[], Any] | None:
    """scipy's csgraph Dijkstra from ``start`` over the very graph the game searches (its step table: corner
    rule, difficult terrain, walls), as a sparse matrix built before timing; None without scipy. stderr says
    how many squares its distances differ from ours on (0)."""
    try:
        import numpy as np
        from scipy.sparse import csr_matrix
        from scipy.sparse.csgraph import dijkstra
    except ImportError:
        print("bench: distance_full_map: scipy is not installed, no csgraph reference", file=sys.stderr)
        return None
    table = rules.table(False)
    table.complete()
    width, height = rules.bf.width, rules.bf.height
    sources, targets, costs = [], [], []
    for fx, fy in table.squares_built():
        for (tx, ty), cost, _ in table.steps((fx, fy)):
            sources.append(fx * height + fy)
            targets.append(tx * height + ty)
            costs.append(cost)
    graph = csr_matrix((np.array(costs, dtype=np.float64), (sources, targets)), shape=(width * height,) * 2)
    origin = start[0] * height + start[1]

    def reference() -> Any:
        return dijkstra(graph, indices=origin)

    theirs = reference().reshape(width, height)
    reached = np.isfinite(theirs)
    differ = int(np.count_nonzero(reached != (ours.cost != UNREACHED))
                 + np.count_nonzero(theirs[reached] != ours.cost[reached]))
    print(f"bench: distance_full_map: scipy's csgraph on the same graph differs on {differ} squares", file=sys.stderr)
    return reference


def cover_matrix_40(iterations: int) -> dict[str, Any]:
    """Milliseconds for ranged cover and concealment of every ordered attacker-target pair of 40 creatures.

    The game keeps every answer that depends only on the battlefield and the spaces asked about, and
    the enemies' squares once per arrangement of the creatures, so after the untimed first matrix the
    timed ones are what a screen or an opponent asking again pays. The first matrix, with nothing
    cached (on a fresh copy of the battlefield), goes to stderr.
    """
    state = shared().match.state
    units = state.creatures()
    pairs = [(a, b) for a in units for b in units if a != b]

    def matrix(on: GameState) -> None:
        for attacker, target in pairs:
            cover(on, attacker, target, RANGED)
            concealment(on, attacker, target, RANGED)

    fresh = GameState(replace(state.battlefield), state.world)
    start = time.perf_counter()
    matrix(fresh)
    print(f"bench: cover_matrix_40 with nothing cached (a fresh copy of the battlefield) took "
          f"{(time.perf_counter() - start) * 1000:.1f} ms", file=sys.stderr)
    line = summary("cover_matrix_40", "ms", time_ms(lambda: matrix(state), iterations, warmup=1))
    moved = [after_one_step(state, units[i % len(units)]) for i in range(iterations)]
    after_move = []
    for each in moved:                     # every matrix asked after another creature took a step
        begin = time.perf_counter()
        matrix(each)
        after_move.append((time.perf_counter() - begin) * 1000)
    line["after_move"] = significant(statistics.median(after_move))
    return line


def after_one_step(state: GameState, entity: Entity) -> GameState:
    """A copy of ``state`` where ``entity`` stands one square on, on the first open square around it."""
    copy = state.clone()
    x, y = state.square(entity)
    bf = state.battlefield
    for square in ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1), (x + 1, y + 1), (x - 1, y - 1)):
        if bf.in_bounds(square) and not bf.at(square).solid and state.occupant_at(square) is None:
            copy.world.add(entity, Position(square))
            break
    return copy
