"""Zones: squares a power fills for a while, laid over the map's battlefield (4e §11.1, §15.1, §18.1).

The battlefield stays one immutable value: a zone's coming or going swaps in the map's battlefield with
every live zone laid over it, so lines of sight, concealment and movement costs all see the zone.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from game.rulesets.dnd4e.actions.events import Event, ZoneCreated, ZoneEnded
from game.core.battlefield import Obscurement, Terrain
from game.core.grid import Square
from game.ecs.components import Zone, Zones
from game.state import GameState

OBSCUREMENT = {"": Obscurement.NONE, "light": Obscurement.LIGHT, "heavy": Obscurement.HEAVY,
               "total": Obscurement.TOTAL}


def zones(state: GameState) -> tuple[Zone, ...]:
    found = state.world.maybe_resource(Zones)
    return found.zones if found is not None else ()


def create_zone(state: GameState, zone: Zone) -> list[Event]:
    found = state.world.maybe_resource(Zones) or Zones(state.battlefield)
    _lay_out(state, replace(found, zones=found.zones + (zone,)))
    return [ZoneCreated(zone.owner, zone.source, zone.squares)]


def end_zones(state: GameState, which: Callable[[Zone], bool]) -> list[Event]:
    found = state.world.maybe_resource(Zones)
    if found is None:
        return []
    ending = [z for z in found.zones if which(z)]
    if not ending:
        return []
    _lay_out(state, replace(found, zones=tuple(z for z in found.zones if not which(z))))
    return [ZoneEnded(z.owner, z.source) for z in ending]


def keep_zones(state: GameState, kept: list[Zone]) -> None:
    """Replace the live zones' bookkeeping (same squares: the battlefield stays as it is)."""
    found = state.world.maybe_resource(Zones)
    if found is not None:
        state.world.set_resource(replace(found, zones=tuple(kept)))


def _lay_out(state: GameState, found: Zones) -> None:
    state.world.set_resource(found)
    changes: dict[Square, Terrain] = {}
    for zone in found.zones:
        for square in zone.squares:
            terrain = changes.get(square, found.base.at(square))
            if terrain.wall:
                continue
            level = max(terrain.obscured, OBSCUREMENT[zone.spec.obscurement])
            changes[square] = replace(terrain, obscured=Obscurement(level),
                                      difficult=terrain.difficult or zone.spec.difficult)
    state.battlefield = found.base.overlaid(changes) if changes else found.base
