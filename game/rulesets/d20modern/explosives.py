"""Firearms' areas and thrown explosives (§10.2-§10.4; FIR-01, FIR-02, EXP-01..03, SPL-01): the autofire
square, where a grenade lands (the d4 corner, the d8 and d12 scatter tables), and the squares its burst fills.

A18: the tables' "beyond", "short", "left", "right", "upper" and "lower" are read along the thrower->target
axis snapped to the nearest of the four map directions: "beyond" is one square farther from the thrower,
"right" is to the thrower's right, "upper" the far side of a square.
"""

from __future__ import annotations

from game.core.grid import Square, footprint
from game.rulesets.d20modern.measure import SQUARE_FT

Point = tuple[int, int]          # a grid intersection: (x, y) is the top-left corner of square (x, y)

AUTOFIRE_ROUNDS = 10             # FIR-01
AUTOFIRE_DEFENSE = 10            # FIR-01, A20
AUTOFIRE_REFLEX_DC = 15          # FIR-01
NO_AUTOFIRE_FEAT = -4            # FIR-01: without Advanced Firearms Proficiency
THROW_DEFENSE = 10               # EXP-02: an attack against Defense 10

UL, UR, LR, LL = "upper-left", "upper-right", "lower-right", "lower-left"
D4_CORNERS = (UL, UR, LR, LL)    # EXP-01: 1 upper-left, 2 upper-right, 3 lower-right, 4 lower-left
# d8 (2-3 increments) and d12 (4-5 increments): (corner, squares beyond, squares right)
D8_SCATTER = ((UR, 1, 0), (UR, 0, 1), (LR, 0, 1), (LR, -1, 0), (LL, -1, 0), (LL, 0, -1), (UL, 0, -1), (UL, 1, 0))
D12_SCATTER = ((UR, 2, 0), (UR, 1, 1), (UR, 0, 2), (LR, 0, 2), (LR, -1, 1), (LR, -2, 0), (LL, -2, 0), (LL, -1, -1),
               (LL, 0, -2), (UL, 0, -2), (UL, 1, -1), (UL, 2, 0))


def autofire_area(top_left: Square) -> tuple[Square, ...]:
    """FIR-01: autofire fills a 10-ft square, 2 x 2 squares."""
    return footprint(top_left, 2)


def axis(thrower: Square, target: Square) -> tuple[tuple[int, int], tuple[int, int]]:
    """A18: (forward, right) unit vectors: forward the thrower->target direction snapped to the nearer map
    axis (ties go along x), right a quarter turn clockwise on the map (y runs down)."""
    dx, dy = target[0] - thrower[0], target[1] - thrower[1]
    if abs(dx) >= abs(dy) and dx != 0:
        forward = (1 if dx > 0 else -1, 0)
    else:
        forward = (0, 1 if dy > 0 else -1)
    return forward, (-forward[1], forward[0])


def corner_point(square: Square, corner: str, forward: tuple[int, int], right: tuple[int, int]) -> Point:
    """The grid intersection at one corner of a square, "upper" along ``forward``, "right" along ``right``."""
    along = 1 if corner.startswith("upper") else -1
    side = 1 if corner.endswith("right") else -1
    # twice the centre plus the unit steps, halved: every corner is a whole intersection
    px = (2 * square[0] + 1 + along * forward[0] + side * right[0]) // 2
    py = (2 * square[1] + 1 + along * forward[1] + side * right[1]) // 2
    return px, py


def landing(thrower: Square, target: Square, increment_number: int, hit: bool, roll: int) -> tuple[Square, Point]:
    """EXP-01, EXP-02: the square and corner where a thrown explosive lands. Within one increment, or on a hit,
    the target square's d4 corner; on a miss at 2-3 increments the d8 table, at 4-5 the d12 table. ``roll`` is
    the die the case calls for."""
    forward, right = axis(thrower, target)
    if hit or increment_number <= 1:
        return target, corner_point(target, D4_CORNERS[roll - 1], forward, right)
    corner, beyond, rightward = (D8_SCATTER if increment_number <= 3 else D12_SCATTER)[roll - 1]
    square = (target[0] + beyond * forward[0] + rightward * right[0], target[1] + beyond * forward[1] + rightward * right[1])
    return square, corner_point(square, corner, forward, right)


def scatter_die(increment_number: int, hit: bool) -> int:
    """The die a throw rolls for where it lands: d4 within one increment or on a hit, else d8 or d12."""
    if hit or increment_number <= 1:
        return 4
    return 8 if increment_number <= 3 else 12


def feet_from_point(square: Square, point: Point) -> int:
    """A18: how far a square is from a grid intersection, counted as a walk from the point into it (the four
    squares touching the point are 5 ft away; diagonals alternate 5 and 10 ft)."""
    nx = square[0] - point[0] if square[0] >= point[0] else point[0] - square[0] - 1
    ny = square[1] - point[1] if square[1] >= point[1] else point[1] - square[1] - 1
    diagonal = min(nx, ny) + 1
    straight = abs(nx - ny)
    return SQUARE_FT * (straight + diagonal + diagonal // 2)


def burst_squares(point: Point, radius_ft: int, width: int, height: int) -> list[Square]:
    """EXP-03, A18: the squares within the burst radius of the landing intersection, on the map, by x then y."""
    reach = radius_ft // SQUARE_FT + 1
    px, py = point
    return sorted((x, y) for x in range(px - reach, px + reach) for y in range(py - reach, py + reach)
                  if 0 <= x < width and 0 <= y < height and feet_from_point((x, y), point) <= radius_ft)


def splash_squares(point: Point, width: int, height: int) -> list[Square]:
    """SPL-01: a splash reaches every creature within 5 ft of where it lands."""
    return burst_squares(point, SQUARE_FT, width, height)


def half(damage: int) -> int:
    """EXP-03: a successful Reflex save halves the damage, rounded down."""
    return damage // 2


def blast_damage(rolled: int, saved: bool, nine_tenths: bool) -> int:
    """EXP-03: a successful Reflex save halves a blast; COV-03: behind nine-tenths cover a success takes none and a
    failure half."""
    if nine_tenths:
        return 0 if saved else half(rolled)
    return half(rolled) if saved else rolled


def autofire_damage(rolled: int, saved: bool, nine_tenths: bool) -> int:
    """FIR-01: a successful Reflex save avoids autofire; COV-03: behind nine-tenths cover a failure takes half."""
    if saved:
        return 0
    return half(rolled) if nine_tenths else rolled
