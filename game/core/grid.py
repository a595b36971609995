"""Squares, sizes and footprints on the square grid (4e-combat.md §1, §16)."""

from __future__ import annotations

from enum import IntEnum
from typing import Iterator

Square = tuple[int, int]

# The eight king-move directions, in a fixed order so every search is deterministic.
DIRECTIONS: tuple[Square, ...] = (
    (0, -1), (1, 0), (0, 1), (-1, 0),
    (1, -1), (1, 1), (-1, 1), (-1, -1),
)


class Size(IntEnum):
    """Creature size categories; the value orders them for "two sizes apart" (§17.4)."""

    TINY = 0
    SMALL = 1
    MEDIUM = 2
    LARGE = 3
    HUGE = 4
    GARGANTUAN = 5

    @property
    def side_squares(self) -> int:
        """Edge length of the creature's space in squares (§16: tiny and small still use one square)."""
        return _SIDE_SQUARES[self]

    @classmethod
    def parse(cls, name: str) -> "Size":
        try:
            return cls[name.strip().upper()]
        except KeyError:
            allowed = ", ".join(s.name.lower() for s in cls)
            raise ValueError(f"unknown size {name!r} (expected one of {allowed})") from None


# Side of the space by size value: tiny, small, medium, large, huge, gargantuan.
_SIDE_SQUARES = (1, 1, 1, 2, 3, 4)


def footprint(top_left: Square, side: int) -> tuple[Square, ...]:
    """Every square of a side x side space whose top-left square is ``top_left``, row by row."""
    x0, y0 = top_left
    if side == 1:
        return ((x0, y0),)
    return tuple((x0 + dx, y0 + dy) for dy in range(side) for dx in range(side))


def chebyshev(a: Square, b: Square) -> int:
    """Open-ground distance in squares: diagonals count 1 (§5.7, §17.3)."""
    # Comparisons, not max(): the computer asks this hundreds of thousands of times a game.
    dx = a[0] - b[0]
    dy = a[1] - b[1]
    if dx < 0:
        dx = -dx
    if dy < 0:
        dy = -dy
    return dx if dx > dy else dy


def space_distance(a_top_left: Square, a_side: int, b_top_left: Square, b_side: int) -> int:
    """Open-ground distance between two spaces: the nearest pair of their squares (§5.7)."""
    ax0, ay0 = a_top_left
    bx0, by0 = b_top_left
    # The gap on each axis: at most one of the two differences is positive (they sum to 2 - a_side - b_side).
    gap_x = bx0 - (ax0 + a_side - 1)
    if gap_x < 0:
        gap_x = ax0 - (bx0 + b_side - 1)
    gap_y = by0 - (ay0 + a_side - 1)
    if gap_y < 0:
        gap_y = ay0 - (by0 + b_side - 1)
    if gap_x < gap_y:
        gap_x = gap_y
    return gap_x if gap_x > 0 else 0


def are_adjacent(a_top_left: Square, a_side: int, b_top_left: Square, b_side: int) -> bool:
    """Two spaces are adjacent when any of their squares share an edge or a corner (§5.7)."""
    return space_distance(a_top_left, a_side, b_top_left, b_side) == 1


def neighbours(square: Square) -> Iterator[Square]:
    x, y = square
    for dx, dy in DIRECTIONS:
        yield (x + dx, y + dy)
