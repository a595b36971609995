"""Range and distance counted around solid obstacles (4e-combat.md §5.7)."""

from __future__ import annotations

from collections import deque

from game.core.battlefield import Battlefield
from game.core.bfcache import BoundedCache, built_once
from game.core.grid import DIRECTIONS, Square, footprint, space_distance
from game.core.steps import ground_of

ANSWERS_KEPT = 131_072          # range answers kept per battlefield (the oldest quarter goes past this)


def range_distance(bf: Battlefield, source: tuple[Square, int], target: tuple[Square, int], limit: int | None = None) -> int | None:
    """Squares counted from the source space to the nearest square of the target space.

    §5.7: count around obstacles that fill squares, by the shortest path; the first step may cut
    round a corner [A21], later steps may not. On open ground this is the Chebyshev distance.
    Returns None when no count reaches the target (or it exceeds ``limit``). Answers are kept per
    battlefield (they depend on nothing else): the computer asks the same pairs again and again.
    """
    answers = built_once(bf, "range_distance", BoundedCache, ANSWERS_KEPT)
    key = (source, target, limit)
    if key in answers:
        return answers[key]
    return answers.put(key, _count(bf, source, target, limit))


def _count(bf: Battlefield, source: tuple[Square, int], target: tuple[Square, int], limit: int | None) -> int | None:
    (src, src_side), (tgt, tgt_side) = source, target
    straight = space_distance(src, src_side, tgt, tgt_side)
    if limit is not None and straight > limit:
        return None
    targets = set(footprint(tgt, tgt_side))
    sources = footprint(src, src_side)
    if targets.intersection(sources):
        return 0
    # The battlefield's walls as a flat row-major list: this search runs often enough that a method call
    # per square it looks at was most of its cost. Off the map counts as wall (``Battlefield.at``).
    ground = ground_of(bf)
    width, height, wall = ground.width, ground.height, ground.wall
    seen: dict[Square, int] = {s: 0 for s in sources}
    queue: deque[Square] = deque(sources)
    while queue:
        square = queue.popleft()
        dist = seen[square]
        if limit is not None and dist >= limit:
            continue
        first_step = dist == 0
        x, y = square
        for dx, dy in DIRECTIONS:
            nx, ny = x + dx, y + dy
            nxt = (nx, ny)
            if nxt in seen:
                continue
            # §5.7 [A21]: only the first step may cut round the corner of a filled square.
            cuts = not first_step and dx != 0 and dy != 0 and (
                not (0 <= nx < width and 0 <= y < height) or wall[y * width + nx]
                or not (0 <= x < width and 0 <= ny < height) or wall[ny * width + x])
            if nxt in targets:
                if not cuts:
                    return dist + 1
                continue
            if not (0 <= nx < width and 0 <= ny < height) or wall[ny * width + nx] or cuts:
                continue
            seen[nxt] = dist + 1
            queue.append(nxt)
    return None
