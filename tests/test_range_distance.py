"""Range counted around obstacles (§5.7): the flat-array search equals the textbook count square by square."""

from __future__ import annotations

from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.battlefield import Battlefield, parse_ascii
from game.core.distance import _count, range_distance
from game.core.grid import DIRECTIONS, Square, footprint, space_distance


def textbook_count(bf: Battlefield, source: tuple[Square, int], target: tuple[Square, int],
                   limit: int | None) -> int | None:
    """§5.7 as first written: breadth first from the source space, asking the battlefield square by square;
    the first step may cut round a corner [A21], later steps may not."""
    (src, src_side), (tgt, tgt_side) = source, target
    if limit is not None and space_distance(src, src_side, tgt, tgt_side) > limit:
        return None
    targets = set(footprint(tgt, tgt_side))
    sources = footprint(src, src_side)
    if targets.intersection(sources):
        return 0

    def cuts(square: Square, dx: int, dy: int) -> bool:
        return dx != 0 and dy != 0 and (bf.at((square[0] + dx, square[1])).wall or bf.at((square[0], square[1] + dy)).wall)

    seen = {s: 0 for s in sources}
    queue = deque(sources)
    while queue:
        square = queue.popleft()
        dist = seen[square]
        if limit is not None and dist >= limit:
            continue
        for dx, dy in DIRECTIONS:
            nxt = (square[0] + dx, square[1] + dy)
            if nxt in seen:
                continue
            if nxt in targets:
                if dist == 0 or not cuts(square, dx, dy):
                    return dist + 1
                continue
            if not bf.in_bounds(nxt) or bf.at(nxt).wall or (dist > 0 and cuts(square, dx, dy)):
                continue
            seen[nxt] = dist + 1
            queue.append(nxt)
    return None


@st.composite
def range_cases(draw: st.DrawFn):
    w, h = draw(st.integers(2, 12)), draw(st.integers(2, 12))
    bf = parse_ascii(["".join(draw(st.sampled_from("....##~o")) for _ in range(w)) for _ in range(h)])

    def space() -> tuple[Square, int]:
        side = draw(st.sampled_from((1, 1, 2, 3)))
        return (draw(st.integers(-1, w - 1)), draw(st.integers(-1, h - 1))), side

    return bf, space(), space(), draw(st.sampled_from((None, 1, 3, 6)))


@settings(max_examples=300, deadline=None)
@given(range_cases())
def test_range_counted_around_walls_equals_the_textbook_count(case) -> None:
    bf, source, target, limit = case
    expected = textbook_count(bf, source, target, limit)
    assert _count(bf, source, target, limit) == expected
    assert range_distance(bf, source, target, limit) == expected


def test_range_may_cut_a_wall_corner_on_the_first_step_only() -> None:
    bf = parse_ascii([".#..",
                      "...."])
    # Out from (0, 0) the first step cuts past the wall's corner to (1, 1) [A21], then one more.
    assert range_distance(bf, ((0, 0), 1), ((2, 1), 1)) == 2
    # The other way the cut would be the last step, which may not cut it: round by (0, 1).
    assert range_distance(bf, ((2, 1), 1), ((0, 0), 1)) == 3
    assert range_distance(bf, ((2, 1), 1), ((0, 0), 1), limit=2) is None
