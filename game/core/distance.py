"""Range and distance counted around solid obstacles (4e-combat.md §5.7)."""

from __future__ import annotations

from collections import deque

from game.core.battlefield import Battlefield
from game.core.bfcache import BoundedCache, built_once
from game.core.grid import DIRECTIONS, Square, footprint, space_distance

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
    seen: dict[Square, int] = {s: 0 for s in sources}
    queue: deque[Square] = deque(sources)
    while queue:
        square = queue.popleft()
        dist = seen[square]
        if limit is not None and dist >= limit:
            continue
        first_step = dist == 0
        for dx, dy in DIRECTIONS:
            nxt = (square[0] + dx, square[1] + dy)
            if nxt in seen:
                continue
            if nxt in targets:
                if first_step or not _cuts_corner(bf, square, dx, dy):
                    return dist + 1
                continue
            if not bf.in_bounds(nxt) or bf.at(nxt).wall:
                continue
            if not first_step and _cuts_corner(bf, square, dx, dy):
                continue
            seen[nxt] = dist + 1
            queue.append(nxt)
    return None


def _cuts_corner(bf: Battlefield, square: Square, dx: int, dy: int) -> bool:
    if dx == 0 or dy == 0:
        return False
    return bf.at((square[0] + dx, square[1])).wall or bf.at((square[0], square[1] + dy)).wall
