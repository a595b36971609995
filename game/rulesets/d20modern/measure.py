"""Distances in feet (§6.1, A1: the 5/10 diagonal reading) and range increments (§2.4, ATK-09)."""

from __future__ import annotations

from game.core.grid import Size, Square

SQUARE_FT = 5           # §6.1: one square is 5 ft
THROWN_INCREMENTS = 5   # §2.4: thrown weapons reach 5 range increments
PROJECTILE_INCREMENTS = 10  # §2.4: projectile weapons 10


def size_index(size: Size) -> int:
    """§2.3: the d20 size order Fine 0 .. Colossal 8 (Medium 4); the shared sizes run Tiny .. Gargantuan."""
    return int(size) + 2


SIZE_MODIFIER = {0: 8, 1: 4, 2: 2, 3: 1, 4: 0, 5: -1, 6: -2, 7: -4, 8: -8}   # §2.3 table, by size_index


def size_modifier(size: Size) -> int:
    """§2.3: the size modifier to attack rolls and Defense."""
    return SIZE_MODIFIER[size_index(size)]


def grapple_modifier(size: Size) -> int:
    """§10.12.1 (GRP-01): 4 x (size_index - 4)."""
    return 4 * (size_index(size) - 4)


def gap_squares(a: tuple[Square, int], b: tuple[Square, int]) -> tuple[int, int]:
    """The open-ground gap between two spaces along x and y, in squares (0 when they overlap on that axis)."""
    (ax, ay), a_side = a
    (bx, by), b_side = b
    gx = max(0, bx - (ax + a_side - 1), ax - (bx + b_side - 1))
    gy = max(0, by - (ay + a_side - 1), ay - (by + b_side - 1))
    return gx, gy


def feet_between(a: tuple[Square, int], b: tuple[Square, int]) -> int:
    """A1: the distance counted like a walk on open ground, every second diagonal 10 ft (5 + 10 + 5 ...)."""
    gx, gy = gap_squares(a, b)
    straight, diagonal = max(gx, gy) - min(gx, gy), min(gx, gy)
    return SQUARE_FT * (straight + diagonal + diagonal // 2)


def increments(distance_ft: int, increment_ft: int) -> int:
    """§2.4: the range increment a distance falls in, n = ceil(d / increment); an adjacent target is in the first."""
    return max(1, -(-distance_ft // increment_ft))


def range_penalty(distance_ft: int, increment_ft: int) -> int:
    """ATK-09: -2 for each full range increment beyond the first."""
    return -2 * (increments(distance_ft, increment_ft) - 1)


def within_max_range(distance_ft: int, increment_ft: int, thrown: bool) -> bool:
    """ATK-09: thrown weapons reach 5 increments, projectile weapons 10."""
    return increments(distance_ft, increment_ft) <= (THROWN_INCREMENTS if thrown else PROJECTILE_INCREMENTS)
