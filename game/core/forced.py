"""Forced movement geometry: where a push, pull or slide can leave its target (4e-combat.md §22)."""

from __future__ import annotations

from collections import deque

from game.core.grid import DIRECTIONS, Square, space_distance
from game.core.movement import MoveRules

PUSH, PULL, SLIDE = "push", "pull", "slide"


def forced_destinations(rules: MoveRules, mover_space: tuple[Square, int], kind: str, squares: int) -> list[Square]:
    """Top-left squares where the target can end a forced move of 0..``squares`` squares, sorted by x, y.

    §22: each push step must take the target farther from the mover's space and each pull step nearer
    (distance of §5.7 between spaces); a slide goes anywhere. Forced movement ignores difficult terrain
    (every square costs 1) but follows a legal path: no walls, no cutting corners, no enemy squares,
    and it must end where the target could end a move.
    """
    if kind not in (PUSH, PULL, SLIDE):
        raise ValueError(f"unknown forced movement {kind!r} (push, pull or slide)")
    start = rules.mover.top_left
    side = rules.side
    origin, origin_side = mover_space

    def gap(square: Square) -> int:
        return space_distance(square, side, origin, origin_side)

    seen = {start: 0}
    queue: deque[Square] = deque([start])
    while queue:
        square = queue.popleft()
        if seen[square] >= squares:
            continue
        for dx, dy in DIRECTIONS:
            nxt = (square[0] + dx, square[1] + dy)
            if nxt in seen or rules.step_cost(square, nxt, ignore_difficult=True) is None:
                continue
            if kind == PUSH and gap(nxt) <= gap(square):
                continue
            if kind == PULL and gap(nxt) >= gap(square):
                continue
            seen[nxt] = seen[square] + 1
            queue.append(nxt)
    return sorted(s for s in seen if s == start or rules.may_end_at(s))

