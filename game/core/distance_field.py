"""Walking distance from one creature's square to every square of the map at once (4e-combat.md §17-§18, §20).

``walk_distances(rules)`` gives exactly the costs of ``search(rules, None)`` (difficult terrain, low
walls, blocking edges, the corner rule, creatures that block, big movers, ledges and cliffs), without
the path tree, in a couple of milliseconds on a 100x100 map: the battlefield's step table (see
``game.core.steps``) becomes one cost array per direction, each indexed by the square stepped into
(for a one-square mover on a map without edge obstacles, worked out from the terrain a direction at a time),
and tcod's Dijkstra runs over them in C. A step down a ledge ends the move (§20), so drops lead into a
second layer of the graph that has no way out; a square counts as a fall only when no walk reaches it.
The arrays are built once per battlefield and kind of mover, the graph once per set of squares
creatures block; nothing is rebuilt per call. tcod and numpy are an optional accelerator, not
dependencies of the game (the bench contract keeps its reference libraries out of the game): without
them this runs ``search``, with the same answers.
"""

from __future__ import annotations

from typing import Any, Optional

from game.core.grid import DIRECTIONS, Square
from game.core.movement import MoveRules, search
from game.core.steps import LEDGE_FT, Ground, StepTable

try:
    import numpy as np
    import tcod.path
except ImportError:   # tcod is an optional accelerator (requirements-bench.txt, the `fast` extra)
    np = None    # type: ignore[assignment]
    tcod = None  # type: ignore[assignment]

UNREACHED = 2**31 - 1          # distance of a square no walk reaches (tcod's int32 maximum)
_GRAPHS_PER_TABLE = 8          # graphs kept per step table, one per set of blocked squares


class WalkDistances:
    """Least movement cost from the start to every square, as ``search(rules, None).cost`` has it.

    ``cost`` is an int32 array indexed [x, y], ``UNREACHED`` where no walk (or fall) gets; ``falls``
    a bool array marking squares reached only by stepping down a ledge (``search(...).falls``).
    """

    def __init__(self, start: Square, cost: Any, falls: Any) -> None:
        self.start = start
        self.cost = cost
        self.falls = falls

    def get(self, square: Square) -> Optional[int]:
        x, y = square
        width, height = self.cost.shape
        if not (0 <= x < width and 0 <= y < height):
            return None
        value = int(self.cost[x, y])
        return None if value == UNREACHED else value

    def as_dict(self) -> dict[Square, int]:
        """{square: cost} for every reached square, ordered by x then y."""
        xs, ys = np.nonzero(self.cost != UNREACHED)
        return {(int(x), int(y)): int(c) for x, y, c in zip(xs, ys, self.cost[xs, ys])}

    def fall_squares(self) -> list[Square]:
        xs, ys = np.nonzero(self.falls)
        return [(int(x), int(y)) for x, y in zip(xs, ys)]


class _Arrays:
    """One step table as tcod cost arrays: ``walk[k]`` and ``drop[k]`` hold, at each square, the cost of
    stepping into it in direction ``DIRECTIONS[k]`` without and with a fall (0: no such step)."""

    def __init__(self, table: StepTable) -> None:
        ground = table.ground
        width, height = ground.width, ground.height
        if table.side == 1 and not table.phasing and not ground.has_edges:
            walk, drop = one_square_arrays(ground, table.flying, table.no_difficult)
        else:
            walk, drop = table_arrays(table)
        self.width, self.height = width, height
        self.layered = bool(drop.any())
        self.walk: Any
        self.drop: Any
        if self.layered:
            # Layer 0 is standing ground, layer 1 the landings of falls; nothing leaves layer 1.
            self.walk = np.zeros((8, 2, height, width), dtype=np.int8)
            self.drop = np.zeros((8, 2, height, width), dtype=np.int8)
            self.walk[:, 0] = walk
            self.drop[:, 1] = drop
        else:
            self.walk, self.drop = walk, None
        self.graphs: dict[tuple[Square, ...], Any] = {}

    def graph(self, blocked: tuple[Square, ...]) -> Any:
        """The graph with every step into a top-left square in ``blocked`` removed (§17.4), cached."""
        found = self.graphs.get(blocked)
        if found is not None:
            return found
        walk, drop = self.walk, self.drop
        inside = [(x, y) for x, y in blocked if 0 <= x < self.width and 0 <= y < self.height]
        if inside:
            xs, ys = [x for x, _ in inside], [y for _, y in inside]
            walk = walk.copy()
            walk[..., ys, xs] = 0
            if drop is not None:
                drop = drop.copy()
                drop[..., ys, xs] = 0
        if self.layered:
            graph = tcod.path.CustomGraph((2, self.height, self.width))
            for k, (dx, dy) in enumerate(DIRECTIONS):
                graph.add_edge((0, dy, dx), 1, cost=walk[k])
                graph.add_edge((1, dy, dx), 1, cost=drop[k])
        else:
            graph = tcod.path.CustomGraph((self.height, self.width))
            for k, (dx, dy) in enumerate(DIRECTIONS):
                graph.add_edge((dy, dx), 1, cost=walk[k])
        if len(self.graphs) >= _GRAPHS_PER_TABLE:
            del self.graphs[next(iter(self.graphs))]
        self.graphs[blocked] = graph
        return graph


def table_arrays(table: StepTable) -> tuple[Any, Any]:
    """The (walk, drop) cost arrays of ``_Arrays`` read step by step from the completed step table."""
    table.complete()
    ground = table.ground
    index = {d: k for k, d in enumerate(DIRECTIONS)}
    walk = np.zeros((8, ground.height, ground.width), dtype=np.int8)
    drop = np.zeros((8, ground.height, ground.width), dtype=np.int8)
    for fx, fy in table.squares_built():
        for (tx, ty), cost, fall in table.steps((fx, fy)):
            (drop if fall else walk)[index[(tx - fx, ty - fy)], ty, tx] = cost
    return walk, drop


def one_square_arrays(ground: Ground, flying: bool, no_difficult: bool) -> tuple[Any, Any]:
    """``table_arrays`` for a one-square walker or flier on a map without edge obstacles, worked out a
    whole direction at a time with array operations (``StepTable._build_one``'s rules, square for square)."""
    height, width = ground.height, ground.width
    solid = np.array(ground.solid, dtype=bool).reshape(height, width)
    wall = np.array(ground.wall, dtype=bool).reshape(height, width)
    if no_difficult:
        enter = np.ones((height, width), dtype=np.int8)
    else:
        enter = np.where(np.array(ground.difficult, dtype=bool).reshape(height, width), 2, 1).astype(np.int8)
    enter[solid] = 0
    # §20: ledges and cliffs matter only to creatures on their feet.
    elevation = None
    if ground.elevation is not None and not flying:
        elevation = np.array(ground.elevation, dtype=np.int64).reshape(height, width)
    walk = np.zeros((8, height, width), dtype=np.int8)
    drop = np.zeros((8, height, width), dtype=np.int8)
    for k, (dx, dy) in enumerate(DIRECTIONS):
        # Steps into the squares ``into`` come from the squares ``out`` (the same shape, shifted back by the step).
        into_y, out_y = slice(max(0, dy), height - max(0, -dy)), slice(max(0, -dy), height - max(0, dy))
        into_x, out_x = slice(max(0, dx), width - max(0, -dx)), slice(max(0, -dx), width - max(0, dx))
        cost = enter[into_y, into_x].copy()
        if dx and dy:
            # §17.3: a diagonal may not cut the corner of a wall.
            cost[wall[out_y, into_x] | wall[into_y, out_x]] = 0
        if elevation is None:
            walk[k, into_y, into_x] = cost
            continue
        lost = elevation[out_y, out_x] - elevation[into_y, into_x]
        cost[lost <= -LEDGE_FT] = 0          # §20: a cliff face 10 ft or more high cannot be walked up
        falls = lost >= LEDGE_FT
        walk[k, into_y, into_x] = np.where(falls, 0, cost)
        drop[k, into_y, into_x] = np.where(falls, cost, 0)
    return walk, drop


def _arrays(table: StepTable) -> _Arrays:
    arrays = getattr(table, "_tcod_arrays", None)
    if arrays is None:
        arrays = table._tcod_arrays = _Arrays(table)   # type: ignore[attr-defined]
    return arrays


def _from_search(rules: MoveRules, ignore_difficult: bool) -> WalkDistances:
    result = search(rules, None, ignore_difficult)
    bf = rules.bf
    cost = np.full((bf.width, bf.height), UNREACHED, dtype=np.int32)
    falls = np.zeros((bf.width, bf.height), dtype=bool)
    for (x, y), value in result.cost.items():
        if 0 <= x < bf.width and 0 <= y < bf.height:
            cost[x, y] = value
    for x, y in result.falls:
        falls[x, y] = True
    return WalkDistances(result.start, cost, falls)


def walk_distances(rules: MoveRules, ignore_difficult: bool = False) -> WalkDistances:
    """The cost of the cheapest walk from the mover's square to every square (``search(rules, None)``)."""
    if np is None:
        raise RuntimeError("walk_distances needs numpy (pinned in requirements.txt)")
    start = (rules.mover.top_left[0], rules.mover.top_left[1])
    blocked = rules.blocked_spaces() if type(rules) is MoveRules else None
    bf = rules.bf
    if tcod is None or blocked is None or not (0 <= start[0] < bf.width and 0 <= start[1] < bf.height):
        return _from_search(rules, ignore_difficult)
    arrays = _arrays(rules.table(ignore_difficult))
    pathfinder = tcod.path.Pathfinder(arrays.graph(tuple(sorted(blocked))))
    if arrays.layered:
        pathfinder.add_root((0, start[1], start[0]))
        pathfinder.resolve()
        walked, fell = pathfinder.distance[0], pathfinder.distance[1]
        falls = (walked == UNREACHED) & (fell != UNREACHED)
        cost = np.where(falls, fell, walked)
        return WalkDistances(start, cost.T, falls.T)
    pathfinder.add_root((start[1], start[0]))
    pathfinder.resolve()
    cost = pathfinder.distance
    return WalkDistances(start, cost.T, np.zeros(cost.T.shape, dtype=bool))
