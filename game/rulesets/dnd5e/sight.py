"""Seeing in 5e-house: each square's light, darkvision and magical darkness, read from the shared battlefield (§8).

The shared battlefield says how obscured each square is (none, light, heavy, total: darkness that no map
light reaches); the 5e reading turns that into a light level (R004-LT-01) and, for one viewer, into how
obscured the square looks to its eyes (LT-02..04). Sight lines are the shared ones, drawn on the
battlefield as the viewer sees it: darkvision turns the darkness within its range into dim light, which
does not block lines, and never the magical darkness of a spell.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.core.battlefield import Battlefield, Obscurement, Terrain
from game.core.bfcache import BoundedCache, built_once
from game.core.grid import Square, footprint
from game.core.lines import can_see_square
from game.rulesets.dnd5e.distance import distance_ft

BRIGHT, DIM, DARK, MAGICAL_DARK = "bright", "dim", "dark", "magical darkness"
SEEN_FIELDS_KEPT = 256         # viewer readings kept per battlefield (one per viewer square and darkvision)


@dataclass(frozen=True)
class Veils:
    """The squares spells lay over the map: magical darkness (Darkness) and magical fog (Fog Cloud)."""

    darkness: frozenset[Square] = frozenset()
    fog: frozenset[Square] = frozenset()


NO_VEILS = Veils()


def light_level(bf: Battlefield, square: Square, veils: Veils = NO_VEILS) -> str:
    """R004-LT-01: a spell's magical darkness, the map's darkness (total obscurement), dim light (the map's
    light obscurement, docs/rulings.md) or bright light. Heavy fog stands in bright light: it hides
    without being dark."""
    if square in veils.darkness:
        return MAGICAL_DARK
    obscured = bf.at(square).obscured
    if obscured == Obscurement.TOTAL:
        return DARK
    return DIM if obscured == Obscurement.LIGHT else BRIGHT


def obscurement_seen(bf: Battlefield, square: Square, veils: Veils, darkvision_reaches: bool) -> Obscurement:
    """How obscured the square looks to one viewer. R004-LT-04 [5e]: within darkvision, darkness looks dim
    (lightly obscured), unless fog lies in it too; magical darkness stays dark to darkvision. The map's
    light obscurement stays light: fog and foliage are not made clear by darkvision (docs/rulings.md)."""
    obscured = Obscurement(bf.at(square).obscured)
    if darkvision_reaches and light_level(bf, square, veils) == DARK:
        return Obscurement.HEAVY if square in veils.fog else Obscurement.LIGHT
    return obscured


def seen_field(bf: Battlefield, viewer: tuple[Square, int], darkvision_ft: int, veils: Veils = NO_VEILS) -> Battlefield:
    """The battlefield as the viewer's eyes read it: the same, but for darkness within its darkvision,
    which becomes what ``obscurement_seen`` says. Without darkvision, or without darkness, the battlefield
    itself. Kept per battlefield, so a viewer standing still gets the same reading (and line caches) again."""
    if darkvision_ft <= 0:
        return bf
    dark = built_once(bf, "5e dark squares", _dark_squares, bf)
    if not dark:
        return bf
    readings = built_once(bf, "5e seen fields", BoundedCache, SEEN_FIELDS_KEPT)
    key = (viewer, darkvision_ft, veils)
    found = readings.get(key)
    if found is None:
        changes: dict[Square, Terrain] = {}
        for square in dark:
            if square not in veils.darkness and distance_ft(viewer, (square, 1)) <= darkvision_ft:
                seen = obscurement_seen(bf, square, veils, darkvision_reaches=True)
                changes[square] = replace(bf.at(square), obscured=seen)
        found = readings.put(key, bf.overlaid(changes) if changes else bf)
    return found


def _dark_squares(bf: Battlefield) -> tuple[Square, ...]:
    return tuple(sq for sq in bf.squares() if bf.at(sq).obscured == Obscurement.TOTAL)


def sees_square(field: Battlefield, viewer: tuple[Square, int], square: Square) -> bool:
    """§8: a sight line reaches the square and it is not heavily obscured or dark (``field``: the
    battlefield as this viewer reads it, from ``seen_field``)."""
    if not field.in_bounds(square) or field.at(square).obscured >= Obscurement.HEAVY:
        return False
    return can_see_square(field, viewer, square)


def sees_space(field: Battlefield, viewer: tuple[Square, int], target: tuple[Square, int]) -> bool:
    """Some square of the target's space is seen (a large creature half in the fog is still seen)."""
    return any(sees_square(field, viewer, square) for square in footprint(*target))


FAILS, HINDERED, CLEAR = "fails", "disadvantage", "none"


def sight_check(field: Battlefield, viewer: tuple[Square, int], target: tuple[Square, int]) -> str:
    """§8 (R004-LT-02, R004-LT-03): a check that relies on sight fails against what is heavily obscured,
    dark or out of sight, and has disadvantage (Perception) against what is lightly obscured or in dim
    light, all as the viewer reads the battlefield (``seen_field``)."""
    if not sees_space(field, viewer, target):
        return FAILS
    return HINDERED if least_obscured(field, target) == Obscurement.LIGHT else CLEAR


def least_obscured(bf: Battlefield, target: tuple[Square, int]) -> Obscurement:
    """The obscurement of the clearest square of a space: what an observer has to look through."""
    return min(Obscurement(bf.at(square).obscured) for square in footprint(*target))

