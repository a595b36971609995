"""Light and darkness (§7.3-§7.4, E3-E4): each map light lights its radius and casts shadows out to twice it."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.core.battlefield import Battlefield, Obscurement
from game.core.bfcache import built_once
from game.core.grid import Square, chebyshev
from game.core.lines import can_see_square


@dataclass(frozen=True)
class Ring:
    """One light (§7.4): its square and radius, the squares it lights (within the radius) and the dark squares it
    turns to shadows (out to twice the radius); both only where the light's square sees, as the map's own lighting."""

    source: Square
    radius: int
    bright: tuple[Square, ...]
    shadows: tuple[Square, ...]


@dataclass(frozen=True)
class Lighting:
    """The map as light leaves it: each light's ring, every square in shadows, and the darkness left."""

    rings: tuple[Ring, ...]
    shadows: frozenset[Square]
    dark: tuple[Square, ...]


def lighting(bf: Battlefield) -> Lighting:
    """Worked out once per battlefield (it never changes)."""
    return built_once(bf, "sotdl-lighting", _work_out, bf)


def _work_out(bf: Battlefield) -> Lighting:
    # Light travels as the map loader lets it (docs/maps.md, Light): through fog and darkness, not walls.
    clear = Battlefield(bf.width, bf.height, tuple(replace(t, obscured=Obscurement.NONE) for t in bf.terrain),
                        bf.edges)
    rings: list[Ring] = []
    shadowed: set[Square] = set()
    for source, radius in bf.lights:
        bright: list[Square] = []
        shadows: list[Square] = []
        reach = 2 * radius
        for y in range(source[1] - reach, source[1] + reach + 1):
            for x in range(source[0] - reach, source[0] + reach + 1):
                square = (x, y)
                if not bf.in_bounds(square) or bf.at(square).wall:
                    continue
                if square != source and not can_see_square(clear, (source, 1), square):
                    continue
                if chebyshev(source, square) <= radius:
                    bright.append(square)
                elif bf.at(square).obscured == Obscurement.TOTAL:       # only darkness turns to shadows
                    shadows.append(square)
        rings.append(Ring(source, radius, tuple(bright), tuple(shadows)))
        shadowed.update(shadows)
    dark = tuple(s for s in bf.squares() if bf.at(s).obscured == Obscurement.TOTAL and s not in shadowed)
    return Lighting(tuple(rings), frozenset(shadowed), dark)


def seen_battlefield(bf: Battlefield) -> Battlefield:
    """The map as sight meets it under E4: the dark squares in a light's shadows partially obscured (seen into, 1
    bane), the rest as the map has it; the same battlefield when the map has no lights."""
    if not bf.lights:
        return bf
    return built_once(bf, "sotdl-seen", _shadowed, bf)


def _shadowed(bf: Battlefield) -> Battlefield:
    return bf.overlaid({square: replace(bf.at(square), obscured=Obscurement.LIGHT)
                        for square in sorted(lighting(bf).shadows)})


def obscured(bf: Battlefield, square: Square) -> Obscurement:
    """E4: how obscured ``square`` is: the map's obscurement, except that darkness in a light's shadows is only
    partially obscured."""
    return seen_battlefield(bf).at(square).obscured


def in_shadows(bf: Battlefield, square: Square) -> bool:
    """E4: the square lies in a light's shadows (darkness it turns partially obscured)."""
    return bool(bf.lights) and square in lighting(bf).shadows
