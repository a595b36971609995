"""Distance in feet on the 5-ft grid by the page's diagonal rule (5e-house §2.3, docs/rulings.md)."""

from __future__ import annotations

from game.core.grid import Square

FEET_PER_SQUARE = 5


def squares_apart(dx: int, dy: int) -> int:
    """§2.3: every second diagonal counts double, so a run of n diagonals counts n + n // 2 squares."""
    dx, dy = abs(dx), abs(dy)
    return max(dx, dy) + min(dx, dy) // 2


def distance_ft(a: tuple[Square, int], b: tuple[Square, int]) -> int:
    """Feet between the nearest squares of two spaces (top-left square, side in squares).

    The page states the 5/10 rule for movement; using it for range and reach too keeps one metric for
    every distance (digest [impl], docs/rulings.md). Touching spaces are 5 ft apart.
    """
    (ax, ay), a_side = a
    (bx, by), b_side = b
    gap_x = max(0, bx - (ax + a_side - 1), ax - (bx + b_side - 1))
    gap_y = max(0, by - (ay + a_side - 1), ay - (by + b_side - 1))
    return squares_apart(gap_x, gap_y) * FEET_PER_SQUARE
