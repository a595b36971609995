"""Walking distance on an empty battlefield from every square to the nearest of some goal squares, for
computer players that must go round a wall (or through a portal) rather than press against it.

Straight-line distance has false minima: on the wizard's tower the nearest square to the enemy is the
near face of the central wall, and a player that only ever steps nearer in a straight line stands
there for the rest of the game (issue 21). A route distance strictly falls along a real way to the
enemy, so a walk that lowers it always makes progress.
"""

from __future__ import annotations

import heapq

from game.core.battlefield import Battlefield
from game.core.bfcache import built_once
from game.core.grid import Square
from game.core.steps import table_for

Backward = dict[Square, tuple[tuple[Square, int], ...]]


def _backward_steps(bf: Battlefield, side: int, flying: bool, portals: bool) -> Backward:
    """For every square, the squares one step (or one portal) leads to it from, with the step's cost in
    squares: the step table read backwards, so one search from the goals prices every start."""
    table = table_for(bf, side, flying, False, flying)
    into: dict[Square, list[tuple[Square, int]]] = {}
    for y in range(bf.height):
        for x in range(bf.width):
            square = (x, y)
            if not table.space_open(square):
                continue
            for to, cost, _ in table.steps(square):
                into.setdefault(to, []).append((square, cost))
            exit_square = bf.portal_exit(square) if portals else None
            if exit_square is not None and table.space_open(exit_square):
                into.setdefault(exit_square, []).append((square, 0))   # ending a move on it is being there
    return {square: tuple(froms) for square, froms in into.items()}


def route_squares(bf: Battlefield, goals: list[Square], side: int = 1, flying: bool = False,
                  portals: bool = False) -> dict[Square, int]:
    """Squares of walking (a difficult step counts its cost) from each top-left square a walker of
    ``side`` squares can stand on to the nearest goal; squares with no way there are left out.
    ``portals``: the ruleset moves a creature that ends its move on a map portal to the paired square."""
    backward = built_once(bf, ("routes", side, flying, portals), _backward_steps, bf, side, flying, portals)
    best: dict[Square, int] = {}
    frontier = [(0, goal) for goal in sorted(set(goals))]
    heapq.heapify(frontier)
    while frontier:
        spent, square = heapq.heappop(frontier)
        if square in best:
            continue
        best[square] = spent
        for before, cost in backward.get(square, ()):
            if before not in best:
                heapq.heappush(frontier, (spent + cost, before))
    return best
