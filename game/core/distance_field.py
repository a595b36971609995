"""Walking distance from one creature's square to every square of the map at once (4e-combat.md §17-§18, §20).

``walk_distances(rules)`` gives exactly the costs of ``search(rules, None)`` (difficult terrain, low
walls, blocking edges, the corner rule, creatures that block, big movers, ledges and cliffs), without
the path tree, in well under a millisecond on a 100x100 map. The battlefield's step table (see
``game.core.steps``) becomes one cost array per direction, indexed by the square stepped into (for a
one-square mover on a map without edge obstacles, worked out from the terrain a direction at a time),
and those become one graph for scipy's compiled breadth-first search: a step costs 1 or 2 squares
(§18.1, [A44]: +1 for difficult terrain or a low wall, never more), so a step of 2 is drawn as two
unit edges through a waypoint node of the square it enters, and in a graph of unit edges the number of
edges on the path a breadth-first search finds is the least cost, with no priority queue at all. A step
down a ledge ends the move (§20), so drops lead into a second layer of the graph that has no way out; a
square counts as a fall only when no walk reaches it. The graph is built once per battlefield, kind of
mover and set of squares creatures block; nothing is rebuilt per call. scipy and numpy are an
optional accelerator, not dependencies of the game (the bench contract keeps its reference libraries out
of the game, and nothing in play asks for a whole map's field): without them this runs ``search``, with
the same answers.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Any, Optional

from game.core.grid import DIRECTIONS, Square
from game.core.movement import MoveRules, search
from game.core.steps import LEDGE_FT, Ground, StepTable

try:
    import numpy as np
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import breadth_first_order
except ImportError:   # without them the game's own search gives the same answers, slower
    np = None    # type: ignore[assignment]
    csr_matrix = breadth_first_order = None

UNREACHED = 2**31 - 1          # distance of a square no walk reaches (int32's maximum)
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
    """One step table as a graph of unit edges, before creatures block anything.

    Nodes are numbered by ``x * height + y`` (so a distance vector reshaped to (width, height) reads
    [x, y]) in blocks of ``width * height``: the squares stood on, the waypoints of steps of 2 into
    them and, on ground with drops (``layered``), the landings of falls (with no way out, §20) and their
    waypoints. Any node's number modulo ``width * height`` is the square it is or leads into.
    """

    def __init__(self, table: StepTable) -> None:
        ground = table.ground
        width, height = ground.width, ground.height
        if table.side == 1 and not table.phasing and not ground.has_edges:
            walk, drop = one_square_arrays(ground, table.flying, table.no_difficult)
        else:
            walk, drop = table_arrays(table)
        self.width, self.height = width, height
        squares = self.squares = width * height
        self.layered = bool(drop.any())
        self.nodes = (4 if self.layered else 2) * squares
        if max(int(walk.max()), int(drop.max())) > 2:
            raise ValueError("a step costs more than 2 squares")   # §18.1, [A44]: the step table never says so
        # out[x, y, k]: the cost of the step from (x, y) in direction k (k of 8-15: the same steps down a ledge).
        directions = DIRECTIONS * (2 if self.layered else 1)
        by_target = np.concatenate((walk, drop) if self.layered else (walk,)).transpose(2, 1, 0)
        out = np.zeros(by_target.shape, dtype=np.int8)
        for k, (dx, dy) in enumerate(directions):
            out[max(0, -dx):width - max(0, dx), max(0, -dy):height - max(0, dy), k] = \
                by_target[max(0, dx):width + min(0, dx), max(0, dy):height + min(0, dy), k]
        steps = np.flatnonzero(out)                     # (x * height + y) * directions + k: sorted by the node left
        cost = out.ravel()[steps]
        shift = 4 if self.layered else 3                # 16 or 8 directions
        leaving_square, direction = steps >> shift, steps & ((1 << shift) - 1)
        # The node entered: the square stepped into, in layer 1 (landings) for a step down a ledge.
        entering = np.array([dx * height + dy + (2 * squares if j >= 8 else 0) for j, (dx, dy) in enumerate(directions)])
        into = leaving_square + entering[direction]
        two = cost == 2
        waypoint = np.zeros(self.nodes, dtype=bool)      # the waypoints of steps of 2, each leading to its square
        waypoint[into[two] + squares] = True
        # The edges, grouped by the node they leave: the squares' (layer 0), then the waypoints' (blocks 1 and 3).
        leaving = np.zeros(self.nodes, dtype=np.int32)
        leaving[:squares] = np.bincount(leaving_square, minlength=squares)
        leaving[waypoint] = 1
        starts = np.zeros(self.nodes + 1, dtype=np.int32)
        np.cumsum(leaving, out=starts[1:])
        columns = np.concatenate((into + two * squares, np.flatnonzero(waypoint) - squares))
        # float64 weights: the search's own type, so handing the graph over copies nothing.
        self.open_graph = csr_matrix((np.ones(len(columns)), columns.astype(np.int32), starts),
                                     shape=(self.nodes, self.nodes))
        self.leaving = leaving
        self.edge_rows: Any = None                      # the node each edge leaves, once a creature blocks a square
        self.graphs: dict[tuple[Square, ...], Any] = {}

    def graph(self, blocked: tuple[Square, ...]) -> Any:
        """The graph with every step into a top-left square in ``blocked`` removed (§17.4), cached."""
        inside = [x * self.height + y for x, y in blocked if 0 <= x < self.width and 0 <= y < self.height]
        if not inside:
            return self.open_graph
        found = self.graphs.get(blocked)
        if found is not None:
            return found
        open_square = np.ones(self.squares, dtype=bool)
        open_square[inside] = False
        keep = open_square[self.open_graph.indices % self.squares]
        if self.edge_rows is None:
            self.edge_rows = np.repeat(np.arange(self.nodes, dtype=np.int32), self.leaving)
        starts = np.zeros(self.nodes + 1, dtype=self.open_graph.indptr.dtype)
        np.cumsum(np.bincount(self.edge_rows[keep], minlength=self.nodes), out=starts[1:])
        graph = csr_matrix((self.open_graph.data[keep], self.open_graph.indices[keep], starts),
                           shape=(self.nodes, self.nodes))
        if len(self.graphs) >= _GRAPHS_PER_TABLE:
            del self.graphs[next(iter(self.graphs))]
        self.graphs[blocked] = graph
        return graph

    def distances(self, blocked: tuple[Square, ...], start: Square) -> Any:
        """The least cost to every node from ``start`` (``UNREACHED`` where none), by breadth-first search.

        Breadth-first order lists the nodes level by level (the root, then every node one edge away, then
        two...), and each node's parent in the search tree comes before it: so a level ends at the last
        node whose parent lies at or before the end of the level before it.
        """
        origin = start[0] * self.height + start[1]
        order, parent = breadth_first_order(self.graph(blocked), origin, directed=True, return_predecessors=True)
        place = np.empty(self.nodes, dtype=np.int32)
        place[order] = np.arange(len(order), dtype=np.int32)
        parent_places = place[parent[order[1:]]].tolist()    # non-decreasing: parents are visited in order
        ends = [0]
        while ends[-1] < len(parent_places):
            ends.append(bisect_right(parent_places, ends[-1]))
        levels = np.repeat(np.arange(len(ends), dtype=np.int32), np.diff(ends, prepend=-1))
        cost = np.full(self.nodes, UNREACHED, dtype=np.int32)
        cost[order] = levels
        return cost


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
    arrays = getattr(table, "_graph_arrays", None)
    if arrays is None:
        arrays = table._graph_arrays = _Arrays(table)   # type: ignore[attr-defined]
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
        raise RuntimeError("walk_distances needs numpy (the `fast` extra, requirements-bench.txt)")
    start = (rules.mover.top_left[0], rules.mover.top_left[1])
    blocked = rules.blocked_spaces() if type(rules) is MoveRules else None
    bf = rules.bf
    if breadth_first_order is None or blocked is None or not (0 <= start[0] < bf.width and 0 <= start[1] < bf.height):
        return _from_search(rules, ignore_difficult)
    arrays = _arrays(rules.table(ignore_difficult))
    cost = arrays.distances(tuple(sorted(blocked)), start)
    shape, squares = (bf.width, bf.height), arrays.squares
    walked = cost[:squares]
    if not arrays.layered:
        return WalkDistances(start, walked.reshape(shape), np.zeros(shape, dtype=bool))
    fell = cost[2 * squares:3 * squares]
    falls = (walked == UNREACHED) & (fell != UNREACHED)
    return WalkDistances(start, np.where(falls, fell, walked).reshape(shape), falls.reshape(shape))
