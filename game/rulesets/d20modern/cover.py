"""Cover and concealment from the shared battlefield (§7.2, §7.3; COV-01..06, CON-01..04), as the query
contract fixes the geometry: the 4e corner lines counted into five degrees, creatures as one-half cover, and
the miss chance from the most obscured square of the target's space."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from game.core.battlefield import Battlefield, Obscurement
from game.core.grid import Square, footprint
from game.core.bfcache import BoundedCache, built_once
from game.core.lines import cover_line_counter, line_of_effect

Space = tuple[Square, int]

NONE, QUARTER, HALF, THREE_QUARTERS, NINE_TENTHS, TOTAL = (
    "none", "one_quarter", "one_half", "three_quarters", "nine_tenths", "total")
DEGREES = (NONE, QUARTER, HALF, THREE_QUARTERS, NINE_TENTHS)            # by blocked corner lines, 0..4
DEFENSE_BONUS = {NONE: 0, QUARTER: 2, HALF: 4, THREE_QUARTERS: 7, NINE_TENTHS: 10, TOTAL: 0}   # COV-01
REFLEX_BONUS = {NONE: 0, QUARTER: 1, HALF: 2, THREE_QUARTERS: 3, NINE_TENTHS: 4, TOTAL: 0}      # COV-02
CACHE_LIMIT = 200_000
SHOWN = {NONE: "no cover", QUARTER: "one-quarter cover", HALF: "one-half cover",
         THREE_QUARTERS: "three-quarters cover", NINE_TENTHS: "nine-tenths cover", TOTAL: "total cover"}


def _corners(space: Space) -> list[tuple[int, int]]:
    (x0, y0), side = space
    return [(x, y) for y in range(y0, y0 + side + 1) for x in range(x0, x0 + side + 1)]


def crosses_interior(a: tuple[int, int], b: tuple[int, int], box: Space) -> bool:
    """Whether the segment a-b passes through the open interior of a space (exact, Liang-Barsky clipping).

    The clipping parameters are kept as integer fractions (numerator, positive denominator) and compared by
    cross-multiplying: this is asked for every screening creature of every cover look."""
    (bx0, by0), side = box
    lo_n, lo_d, hi_n, hi_d = 0, 1, 1, 1
    for p0, d, low, high in ((a[0], b[0] - a[0], bx0, bx0 + side), (a[1], b[1] - a[1], by0, by0 + side)):
        if d == 0:
            if not low < p0 < high:
                return False
            continue
        # t = (edge - p0) / d; entering at the nearer edge, leaving at the farther one.
        enter, leave = (low - p0, high - p0) if d > 0 else (p0 - high, p0 - low)
        step = abs(d)
        if enter * lo_d > lo_n * step:
            lo_n, lo_d = enter, step
        if leave * hi_d < hi_n * step:
            hi_n, hi_d = leave, step
        if lo_n * hi_d >= hi_n * lo_d:
            return False
    return lo_n * hi_d < hi_n * lo_d


def cover_degree(bf: Battlefield, attacker: Space, target: Space, creatures: Sequence[tuple[Space, int]] = (),
                 target_size: int = 0) -> str:
    """COV-01, COV-04 by the query contract: the attacker's corner and target square with the fewest blocked
    corner lines (walls, cover features and edge obstacles; creatures never block them) give 1 one quarter,
    2 one half, 3 three quarters, 4 nine tenths; no line of effect is total. When a line of that corner
    crosses the interior of another creature's space at least the target's size, a lower degree becomes one
    half (a same-size creature in the way); of corners tied for fewest, the one no creature screens counts.
    ``creatures``: the other creatures' spaces with their size ranks, ``target_size`` the target's."""
    counted = _corner_counts(bf, attacker, target)
    if counted is None:
        return TOTAL
    fewest = min(lines for lines, _, _ in counted)
    screens = [c for c, size in creatures if size >= target_size and c != attacker and c != target]
    if fewest < 2 and screens and all(_screened(corner, square, screens) for lines, corner, square in counted
                                      if lines == fewest):
        return HALF
    return DEGREES[fewest]


def screen_index(bf: Battlefield, attacker: Space, target: Space, creatures: Sequence[tuple[Space, int]],
                 target_size: int) -> int | None:
    """COV-06: when a creature in the way is what gives the target its cover (COV-04), the index in
    ``creatures`` of the first one the chosen corner's lines cross; None when terrain gives the cover."""
    counted = _corner_counts(bf, attacker, target)
    if counted is None:
        return None
    fewest = min(lines for lines, _, _ in counted)
    if fewest >= 2:
        return None
    tied = [(corner, square) for lines, corner, square in counted if lines == fewest]
    for index, (space, size) in enumerate(creatures):
        if size >= target_size and space not in (attacker, target) and all(_screened(c, q, [space]) for c, q in tied):
            return index
    return None


def _corner_counts(bf: Battlefield, attacker: Space, target: Space) -> list[tuple[int, tuple[int, int], Square]] | None:
    """The blocked corner lines from each attacker corner to each target square, or None without line of effect:
    terrain alone decides them, so they are kept with the battlefield (the computer asks them often).

    Only the fewest and the corners tied for it matter (COV-01, COV-04), so each count stops one line past the
    fewest found before it: a count is exact when it is at most that, and otherwise more than the fewest."""
    cache = built_once(bf, "d20-modern cover lines", BoundedCache, CACHE_LIMIT)
    key = (tuple(attacker[0]), attacker[1], tuple(target[0]), target[1])
    if key in cache:
        return cache[key]
    if not line_of_effect(bf, attacker, target):
        return cache.put(key, None)
    count = cover_line_counter(bf, attacker, target)
    counted: list[tuple[int, tuple[int, int], Square]] = []
    fewest = 4
    for corner in _corners(attacker):
        for square in footprint(*target):
            lines = min(count(corner, square, fewest + 1), 4)
            counted.append((lines, corner, square))
            fewest = min(fewest, lines)
    return cache.put(key, counted)


def _screened(corner: tuple[int, int], square: Square, screens: Sequence[Space]) -> bool:
    ends = ((square[0], square[1]), (square[0] + 1, square[1]), (square[0], square[1] + 1), (square[0] + 1, square[1] + 1))
    return any(crosses_interior(corner, end, screen) for end in ends for screen in screens)


@dataclass(frozen=True)
class StruckCover:
    """COV-06: where a missed shot went when the cover was struck: "cover", "screen" (the creature in the way
    takes it), "target" (the screen dodged aside and the target is hit after all) or "" (a plain miss)."""

    outcome: str


def struck_cover(roll: int, defense_without_cover: int, defense_with_cover: int, screen_defense: int | None = None,
                 screen_dex_and_dodge: int = 0, screen_stays: bool = False) -> StruckCover:
    """COV-06, A12: a roll at least the Defense without cover but below it with cover strikes the cover. When
    the cover is a creature: a roll of at least its Defense hits it; a roll that only its Dex or dodge bonus
    made miss hits the target instead, unless the creature chose to stay in the way."""
    if not defense_without_cover <= roll < defense_with_cover:
        return StruckCover("")
    if screen_defense is None:
        return StruckCover("cover")
    if roll >= screen_defense:
        return StruckCover("screen")
    if roll >= screen_defense - screen_dex_and_dodge:
        return StruckCover("screen" if screen_stays else "target")
    return StruckCover("")


MISS_BY_DEGREE = (0, 10, 20, 30, 40, 50)    # CON-01: none, one quarter .. total


def miss_chance(bf: Battlefield, attacker: Space, target: Space, *, target_invisible: bool = False,
                attacker_blind: bool = False) -> int:
    """CON-01, CON-02, CON-04 by the query contract: the highest of the sources. The most obscured square of
    the target's space gives: light 20 (shadows), heavy 20 from an adjacent attacker and 50 from farther
    (dense fog), total 50 (darkness); an invisible target or a blind attacker 50."""
    chances = [0]
    adjacent = _adjacent(attacker, target)
    for square in footprint(*target):
        obscured = bf.at(square).obscured
        if obscured == Obscurement.LIGHT:
            chances.append(20)
        elif obscured == Obscurement.HEAVY:
            chances.append(20 if adjacent else 50)
        elif obscured == Obscurement.TOTAL:
            chances.append(50)
    if target_invisible or attacker_blind:
        chances.append(50)
    return max(chances)


def _adjacent(a: Space, b: Space) -> bool:
    (ax, ay), a_side = a
    (bx, by), b_side = b
    gx = max(0, bx - (ax + a_side - 1), ax - (bx + b_side - 1))
    gy = max(0, by - (ay + a_side - 1), ay - (by + b_side - 1))
    return max(gx, gy) == 1


def concealment_misses(chance: int, d100: int) -> bool:
    """CON-01: after a hit, d100 at most the chance turns it into a miss (20%: 1-20 misses)."""
    return d100 <= chance
