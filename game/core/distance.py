"""Range and distance counted around solid obstacles (4e-combat.md §5.7)."""

from __future__ import annotations

from collections import deque

from game.core.battlefield import Battlefield
from game.core.bfcache import BoundedCache, built_once
from game.core.grid import DIRECTIONS, Square, footprint, space_distance
from game.core.steps import Ground, ground_of

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
    # No wall in the box spanning both spaces: the straight count stays inside it, cuts no wall's corner and
    # nothing is shorter, so the search below would find exactly it.
    if not _walls_in_box(bf, min(src[0], tgt[0]), min(src[1], tgt[1]),
                         max(src[0] + src_side, tgt[0] + tgt_side) - 1, max(src[1] + src_side, tgt[1] + tgt_side) - 1):
        return straight
    targets = set(footprint(tgt, tgt_side))
    sources = footprint(src, src_side)
    if targets.intersection(sources):
        return 0
    # The battlefield's walls as a flat row-major list: this search runs often enough that a method call
    # per square it looks at was most of its cost. Off the map counts as wall (``Battlefield.at``).
    ground = ground_of(bf)
    if _straight_way(ground, sources, tgt, tgt_side, straight):
        return straight
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


def _straight_way(ground: Ground, sources: tuple[Square, ...], tgt: Square, tgt_side: int, straight: int) -> bool:
    """Whether a count of exactly ``straight`` (the open-ground distance, at least 1) reaches the target under
    the search's rules: such a count brings the target one square nearer at every step, so only the squares
    that do are looked at (a narrow band, where the search below looks at every square nearer than the target).
    Nothing counts shorter than ``straight``, so when this finds a way the search would find that number."""
    width, height, wall = ground.width, ground.height, ground.wall
    tx0, ty0 = tgt
    tx1, ty1 = tx0 + tgt_side - 1, ty0 + tgt_side - 1

    def gap(x: int, y: int) -> int:
        gx = tx0 - x if x < tx0 else (x - tx1 if x > tx1 else 0)
        gy = ty0 - y if y < ty0 else (y - ty1 if y > ty1 else 0)
        return gx if gx > gy else gy

    frontier = {s for s in sources if gap(*s) == straight}
    for step in range(straight):
        wanted = straight - step - 1
        reached: set[Square] = set()
        for x, y in frontier:
            for dx, dy in DIRECTIONS:
                nx, ny = x + dx, y + dy
                if gap(nx, ny) != wanted:
                    continue
                # §5.7 [A21]: only the first step may cut round the corner of a filled square.
                if step and dx != 0 and dy != 0 and (
                        not (0 <= nx < width and 0 <= y < height) or wall[y * width + nx]
                        or not (0 <= x < width and 0 <= ny < height) or wall[ny * width + x]):
                    continue
                if wanted == 0:
                    return True
                if not (0 <= nx < width and 0 <= ny < height) or wall[ny * width + nx]:
                    continue
                reached.add((nx, ny))
        frontier = reached
    return False


def _walls_in_box(bf: Battlefield, x0: int, y0: int, x1: int, y1: int) -> int:
    """How many wall squares the box (inclusive) holds; a box reaching off the map counts as walled."""
    ground = ground_of(bf)
    width = ground.width
    if x0 < 0 or y0 < 0 or x1 >= width or y1 >= ground.height:
        return 1
    sums = built_once(bf, _walls_in_box, _wall_sums, ground)
    row = width + 1
    return sums[(y1 + 1) * row + x1 + 1] - sums[y0 * row + x1 + 1] - sums[(y1 + 1) * row + x0] + sums[y0 * row + x0]


def _wall_sums(ground: Ground) -> list[int]:
    """Summed-area table of the walls: entry (y, x) of a (height + 1) x (width + 1) grid counts the wall squares
    above and left of square (x, y)."""
    width, height, wall = ground.width, ground.height, ground.wall
    row = width + 1
    sums = [0] * (row * (height + 1))
    for y in range(height):
        running = 0
        for x in range(width):
            running += 1 if wall[y * width + x] else 0
            sums[(y + 1) * row + x + 1] = sums[y * row + x + 1] + running
    return sums
