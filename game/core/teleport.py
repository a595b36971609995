"""Teleport reach: can a creature teleport into a space (4e-combat.md §23, M001-TP-*)?"""

from __future__ import annotations

from game.core.battlefield import Battlefield
from game.core.grid import Square, footprint, space_distance
from game.core.lines import can_see_square


def teleport_reaches(bf: Battlefield, space: tuple[Square, int], destination: Square, squares: int,
                     occupied: set[Square]) -> bool:
    """True when the destination space is within ``squares``, seen, and free to stand in.

    §23: you must see the destination (line of effect is not needed); creatures, walls and terrain in
    between never matter; the destination must be an unoccupied space you could stand in [A28].
    ``occupied``: squares of every other creature.
    """
    start, side = space
    if space_distance(start, side, destination, side) > squares:
        return False
    target = footprint(destination, side)
    if any(not bf.in_bounds(s) or bf.at(s).solid or s in occupied for s in target):
        return False
    return any(can_see_square(bf, space, s) for s in target)
