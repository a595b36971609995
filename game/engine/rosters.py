"""Rosters and the start menu's presets, in any ruleset: which creatures a side fields and whether they fit."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.core.grid import Square, footprint


class ContentError(ValueError):
    """A data file is missing, malformed or holds a value the game cannot use."""


@dataclass(frozen=True)
class Roster:
    side: str
    label: str
    creatures: tuple[str, ...]


@dataclass(frozen=True)
class Preset:
    """A roster offered on the start menu for any side: ``key`` names it in rosters.toml's [presets]."""
    key: str
    label: str
    creatures: tuple[str, ...]


def presets_of(rosters: list[Roster]) -> list[Preset]:
    """Every side's roster as a start-menu preset any side may take (rulesets whose files hold one roster a side)."""
    return [Preset(r.side, r.label, r.creatures) for r in rosters]


def placing_order(keys: tuple[str, ...], creatures: Mapping[str, Any]) -> tuple[str, ...]:
    """The roster's creatures biggest first (in their listed order otherwise), so big creatures find room;
    ``creatures``: any ruleset's templates (only their body is read)."""
    return tuple(sorted(keys, key=lambda k: -creatures[k].body.size.side_squares))


def overflow(area: tuple[Square, ...], keys: tuple[str, ...], creatures: Mapping[str, Any]) -> list[str]:
    """The creatures of a roster that find no space wholly inside the start area ``area`` when placed as the
    match places them (game.match.place_side: biggest first, each on the first free space in map order)."""
    inside = set(area)
    taken: set[Square] = set()
    left_out = []
    for key in placing_order(keys, creatures):
        side = creatures[key].body.size.side_squares
        spot = next((s for s in area if all(sq in inside and sq not in taken for sq in footprint(s, side))), None)
        if spot is None:
            left_out.append(key)
        else:
            taken.update(footprint(spot, side))
    return left_out
