"""Seeing in 5e-house: heavily obscured squares hide what is in them at any distance (§8).

The sight lines are the shared ones (game.core.lines: walls, curtains and heavy fog or darkness in
between block them). What differs from 4e is the target's own square: 5e's heavy obscurement leaves
the viewer "effectively blinded" towards it even when adjacent, where 4e lets an adjacent viewer see.
"""

from __future__ import annotations

from game.core.battlefield import Battlefield, Obscurement
from game.core.grid import Square, footprint
from game.core.lines import can_see_square


def sees_square(bf: Battlefield, viewer: tuple[Square, int], square: Square) -> bool:
    """§8: a sight line reaches the square and it is not heavily obscured or dark."""
    if not bf.in_bounds(square) or bf.at(square).obscured >= Obscurement.HEAVY:
        return False
    return can_see_square(bf, viewer, square)


def sees_space(bf: Battlefield, viewer: tuple[Square, int], target: tuple[Square, int]) -> bool:
    """Some square of the target's space is seen (a large creature half in the fog is still seen)."""
    return any(sees_square(bf, viewer, square) for square in footprint(*target))


FAILS, HINDERED, CLEAR = "fails", "disadvantage", "none"


def sight_check(bf: Battlefield, viewer: tuple[Square, int], target: tuple[Square, int]) -> str:
    """§8 (R004-LT-02, R004-LT-03): a check that relies on sight fails against what is heavily obscured or
    out of sight, and has disadvantage (Perception) against what is lightly obscured."""
    if not sees_space(bf, viewer, target):
        return FAILS
    return HINDERED if least_obscured(bf, target) == Obscurement.LIGHT else CLEAR


def least_obscured(bf: Battlefield, target: tuple[Square, int]) -> Obscurement:
    """The obscurement of the clearest square of a space: what an observer has to look through."""
    return min(Obscurement(bf.at(square).obscured) for square in footprint(*target))
