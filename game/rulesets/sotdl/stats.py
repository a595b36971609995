"""Attributes and the characteristics derived from them (§2-§3, D1-D9): modifiers, Health, AP, reach."""

from __future__ import annotations

from game.core.grid import Size

MAX_DEFENSE = 25          # D4
MAX_PERCEPTION = 25       # D5
QUARTERS = 4              # sizes are kept in quarters so ¼ and ½ stay integers (§3.9)
# How a SotDL size (in quarters) occupies the shared grid: ¼ tiny, ½ small, 1 medium, 2 large, 3 huge, 4+.
_GRID_SIZES = ((1, Size.TINY), (2, Size.SMALL), (4, Size.MEDIUM), (8, Size.LARGE), (12, Size.HUGE))


def modifier(score: int) -> int:
    """D1: an attribute's modifier is its score minus 10."""
    return score - 10


def ap_per_round(agility: int) -> int:
    """D6 (§3.5, house rule): floor(Agility / 5), at least 1."""
    return max(1, agility // 5)


def healing_rate(health: int) -> int:
    """D3 (§3.3, ruling §16.29): a quarter of Health rounded down, at least 1."""
    return max(1, health // 4)


def capped_defense(value: int) -> int:
    """D4: Defense never exceeds 25."""
    return min(MAX_DEFENSE, value)


def injured(damage: int, health: int) -> bool:
    """D8 (§3.2): injured once the damage total is at least half of Health."""
    return 2 * damage >= health


def reach_yards(size_quarters: int) -> int:
    """D9 (§3.9.2): reach is the size rounded up, 1 yard for size 1 or less."""
    return max(1, -(-size_quarters // QUARTERS))


def grid_size(size_quarters: int) -> Size:
    """The shared grid's size for a SotDL size (D10: size N fills N x N yards; below 1 one square)."""
    for limit, size in _GRID_SIZES:
        if size_quarters <= limit:
            return size
    return Size.GARGANTUAN


def size_points(difference_quarters: int) -> int:
    """§16.33: a size difference counts as ceil(|difference|) points."""
    return -(-abs(difference_quarters) // QUARTERS)


def size_text(size_quarters: int) -> str:
    """1/4, 1/2, 1, 2 ...: how the page writes sizes."""
    if size_quarters % QUARTERS == 0:
        return str(size_quarters // QUARTERS)
    return {1: "1/4", 2: "1/2", 3: "3/4"}.get(size_quarters, f"{size_quarters}/4")
