"""Test helpers: build a game state from a tiny ASCII battlefield whose letters are creatures."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from game.core.battlefield import Edge, EdgeKind, parse_ascii
from game.core.dice import DiceExpr
from game.core.grid import Size
from game.ecs.components import (
    ActionPoints, Appearance, Arsenal, Power, Body, Conditions, Defenses, Health, Name, Position, Stats, Surges, Team, TeleportPower,
    TurnState,
)
from game.ecs.world import Entity, World
from game.state import GameState

SWORD = Power("sword", "melee", 1, 0, 5, "ac", DiceExpr(1, 8, 3))
BOW = Power("bow", "ranged", 10, 20, 5, "ac", DiceExpr(1, 10, 2))


@dataclass
class Unit:
    side: str = "blue"
    hp: int = 20
    speed: int = 6
    size: Size = Size.MEDIUM
    conditions: tuple[str, ...] = ()
    attacks: tuple[Power, ...] = (SWORD, BOW)
    defenses: Defenses = field(default_factory=lambda: Defenses(15, 13, 13, 13))
    initiative: int = 0
    teleports: tuple[TeleportPower, ...] = ()
    flying: bool = False
    phasing: bool = False
    hero: bool = False
    surges: int = 0
    potions: int = 0
    resist: tuple[tuple[str, int], ...] = ()
    vulnerable: tuple[tuple[str, int], ...] = ()
    regeneration: int = 0
    minion: bool = False


def battle(rows: list[str], units: dict[str, Unit], edges: tuple[tuple[Edge, EdgeKind], ...] = (),
           order: str | None = None, elevation_ft: list[list[int]] | None = None,
           portals: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = ()) -> tuple[GameState, dict[str, Entity]]:
    """A state with a creature at each letter of ``rows`` (its top-left square); turn order = ``order``."""
    bf = replace(parse_ascii(rows, edges=edges, elevation_ft=elevation_ft), portals=portals)
    world = World()
    ids: dict[str, Entity] = {}
    for letter in sorted(units):
        spec = units[letter]
        square = next(((x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == letter), None)
        assert square is not None, f"letter {letter} is not on the grid"
        ids[letter] = world.create(
            Name(letter), Team(spec.side), Position(square), Body(spec.size, spec.flying, spec.phasing),
            Stats(letter, 1, spec.hp, spec.defenses, spec.speed, spec.initiative, hero=spec.hero, surges=spec.surges,
                  resist=spec.resist, vulnerable=spec.vulnerable, regeneration=spec.regeneration,
                  minion=spec.minion), Health(spec.hp),
            Arsenal(spec.attacks, spec.teleports, spec.potions), Conditions.of(*sorted(spec.conditions)),
            Appearance("fighter"), Surges(spec.surges), ActionPoints(1 if spec.hero else 0),
        )
    sequence = tuple(ids[letter] for letter in (order or "".join(sorted(units))))
    world.set_resource(TurnState(1, sequence, 0))
    return GameState(bf, world), ids
