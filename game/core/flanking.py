"""Flanking geometry: are two spaces on opposite sides or corners of a target (4e-combat.md §21)?"""

from __future__ import annotations

from game.core.grid import Square, are_adjacent, footprint


def _axis(value: int, low: int, high: int) -> int:
    """-1 before the target's span on this axis, 0 within it, 1 after it."""
    return -1 if value < low else (1 if value > high else 0)


def opposite_positions(a: tuple[Square, int], b: tuple[Square, int], target: tuple[Square, int]) -> bool:
    """§21 [IMPL] axis test: some square of A and some square of B, both adjacent to the target's space,
    lie before/after it on each axis in opposite order or both within it. Equivalent to the centre-line
    test through opposite sides or corners of the target's space.
    """
    (t, t_side) = target
    x0, y0, x1, y1 = t[0], t[1], t[0] + t_side - 1, t[1] + t_side - 1
    if not (are_adjacent(a[0], a[1], t, t_side) and are_adjacent(b[0], b[1], t, t_side)):
        return False
    for sa in footprint(*a):
        if not are_adjacent(sa, 1, t, t_side):
            continue
        ax, ay = _axis(sa[0], x0, x1), _axis(sa[1], y0, y1)
        for sb in footprint(*b):
            if not are_adjacent(sb, 1, t, t_side):
                continue
            bx, by = _axis(sb[0], x0, x1), _axis(sb[1], y0, y1)
            if ax == -bx and ay == -by and (ax, ay) != (0, 0):
                return True
    return False
