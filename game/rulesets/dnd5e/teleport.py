"""Teleport in 5e-house: the page is silent, so the widely published 5e rule (docs/rulings.md, 5e-house)."""

from __future__ import annotations

from game.core.battlefield import Battlefield
from game.core.grid import Square, footprint
from game.rulesets.dnd5e.distance import distance_ft
from game.rulesets.dnd5e.sight import sees_square


def teleport_reaches(bf: Battlefield, space: tuple[Square, int], destination: Square, range_ft: int,
                     occupied: set[Square]) -> bool:
    """[5e] Teleport to an unoccupied space you can see within range: walls, creatures and terrain in
    between do not matter, line of effect is not needed. ``occupied``: the squares of every other creature.
    """
    side = space[1]
    if distance_ft(space, (destination, side)) > range_ft:
        return False
    target = footprint(destination, side)
    if any(not bf.in_bounds(s) or bf.at(s).solid or s in occupied for s in target):
        return False
    return any(sees_square(bf, space, s) for s in target)
